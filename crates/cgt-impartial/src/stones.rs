//! The Game of Stones with one-use removal sizes (Codeforces 768E): several piles; a move takes
//! `s ≥ 1` stones from one pile, and each size `s` may be taken from a given pile at most once.
//!
//! Closed form: a fresh pile of `n` stones has Grundy value `k`, the largest integer with
//! `k(k + 1)/2 ≤ n` (a pile can be emptied in at most `k` moves of distinct sizes, and every
//! count of moves up to `k` can be forced). The search over states (stones left, sizes used)
//! confirms it and gives the winning moves.

use cgt_core::{ImpartialGame, Nimber, Outcome, SolveError, Solver, nim_sum};

use crate::ImpartialError;

/// Piles up to this size can be searched (winning moves need the search).
pub const MAX_SEARCH_PILE: u32 = 64;

/// Grundy value of a fresh pile of `n` stones: the largest `k` with `k(k+1)/2 ≤ n`.
#[must_use]
pub fn pile_grundy(n: u64) -> Nimber {
    // k = ⌊(√(8n + 1) − 1)/2⌋, exact in u128.
    let k = ((8 * u128::from(n) + 1).isqrt() - 1) / 2;
    Nimber::new(k as u64)
}

/// Grundy value and outcome of a position of fresh piles.
#[must_use]
pub fn outcome(piles: &[u64]) -> (Nimber, Outcome) {
    let g = Nimber::new(nim_sum(piles.iter().map(|&n| pile_grundy(n).value())));
    (g, Outcome::from_grundy(g))
}

/// One pile during play: stones left and the set of sizes already taken from it (bit `s`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PileState {
    /// Stones left.
    pub left: u32,
    /// Bit `s` is set when `s` stones have already been taken from this pile.
    pub used: u128,
}

/// The single-pile game, for search.
#[derive(Clone, Copy, Debug, Default)]
pub struct OneUsePile;

impl ImpartialGame for OneUsePile {
    type Position = PileState;
    type Move = StonesMove;
    fn moves(&self, p: &PileState, out: &mut Vec<(StonesMove, PileState)>) {
        let mut options = Vec::new();
        self.options(p, &mut options);
        out.extend(options.into_iter().map(|after| {
            let take = u64::from(p.left - after.left);
            (StonesMove { pile: 0, take }, after)
        }));
    }
    fn options(&self, p: &PileState, out: &mut Vec<PileState>) {
        for s in 1..=p.left.min(127) {
            if p.used >> s & 1 == 0 {
                out.push(PileState {
                    left: p.left - s,
                    used: p.used | 1 << s,
                });
            }
        }
    }
}

/// A winning move: take `take` stones from pile `pile` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StonesMove {
    /// The pile, counting from 0.
    pub pile: usize,
    /// Stones taken (this size is then used up for that pile).
    pub take: u64,
}

impl core::fmt::Display for StonesMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "take {} from pile {}", self.take, self.pile + 1)
    }
}

impl core::str::FromStr for StonesMove {
    type Err = ImpartialError;
    fn from_str(s: &str) -> Result<StonesMove, ImpartialError> {
        match crate::moves::fill("take {} from pile {}", s).as_deref() {
            Some(&[take, pile]) if take >= 1 && pile >= 1 => Ok(StonesMove {
                pile: usize::try_from(pile - 1)
                    .map_err(|_| crate::moves::unreadable("Game of Stones move", s))?,
                take,
            }),
            _ => Err(crate::moves::unreadable("Game of Stones move", s)),
        }
    }
}

/// Every winning move from a position of fresh piles, by searching the one-use states.
///
/// # Errors
/// [`ImpartialError::OutOfRange`] when a pile exceeds [`MAX_SEARCH_PILE`].
pub fn winning_moves(piles: &[u64]) -> Result<Vec<StonesMove>, ImpartialError> {
    if let Some(&big) = piles.iter().find(|&&n| n > u64::from(MAX_SEARCH_PILE)) {
        return Err(ImpartialError::OutOfRange {
            what: "pile size for winning-move search",
            value: big.to_string(),
            max: MAX_SEARCH_PILE.to_string(),
        });
    }
    let total = outcome(piles).0;
    let mut solver = Solver::new(OneUsePile);
    let mut moves = Vec::new();
    for (pile, &n) in piles.iter().enumerate() {
        let rest = total + pile_grundy(n);
        for take in 1..=n {
            let after = PileState {
                left: (n - take) as u32,
                used: 1 << take,
            };
            if search(&mut solver, after) == rest {
                moves.push(StonesMove { pile, take });
            }
        }
    }
    Ok(moves)
}

/// Grundy value of a pile state by search.
pub fn search(solver: &mut Solver<OneUsePile>, state: PileState) -> Nimber {
    solver
        .grundy(&state)
        .unwrap_or_else(|_: SolveError<PileState>| {
            unreachable!("stones left strictly decrease and no limit is set")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_form_small_values() {
        let expected = [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4];
        for (n, &g) in expected.iter().enumerate() {
            assert_eq!(pile_grundy(n as u64), Nimber::new(g), "n = {n}");
        }
        assert_eq!(pile_grundy(u64::MAX).value(), 6_074_000_999);
        // Codeforces 768E samples: one pile of 5 loses for the first player? g(5)=2 → wins.
        assert_eq!(outcome(&[5]).1, Outcome::N);
        assert_eq!(outcome(&[1, 2]).1, Outcome::P);
    }

    #[test]
    fn winning_moves_lead_to_zero() {
        let piles = [5, 9, 13];
        let moves = winning_moves(&piles).unwrap();
        assert!(!moves.is_empty());
        assert!(winning_moves(&[65]).is_err());
    }
}
