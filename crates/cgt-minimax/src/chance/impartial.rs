//! Impartial positions whose moves may end in a chance event, and their sums: the lessons'
//! claim that Sprague–Grundy does not apply to games of chance, made concrete.
//!
//! A move of a [`ChancePosition`] leads to a distribution over next positions. In a sum the
//! mover picks a component and a move in it; chance then settles that component; a player
//! with no move loses (normal play). [`win_probability`] is the mover's probability of winning
//! with best play on both sides. A nimber `*g` wins against `*h` with probability 0 or 1
//! (`g ≠ h`), so a position that is won with probability 1/2 alone is equal to no nimber: the
//! sweep `minimax/chance-position-is-a-nimber` (expected to fail) finds such positions.
//!
//! ```
//! use cgt_minimax::chance::impartial::{ChancePosition, win_probability};
//!
//! // One move: a fair coin decides whether the opponent is left *0 or *1.
//! let coin = ChancePosition::coin(ChancePosition::heap(0), ChancePosition::heap(1));
//! assert_eq!(win_probability(&[&coin]).to_string(), "1/2");
//! ```

use num_bigint::BigInt;
use num_traits::{One, Zero};

use super::tree::Ratio;

/// A finite impartial position: each move is a list of (probability, next position) adding up
/// to 1 (a move without chance has one entry of probability 1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChancePosition {
    moves: Vec<Vec<(Ratio, ChancePosition)>>,
}

impl ChancePosition {
    /// A position with the given moves.
    ///
    /// # Panics
    /// If a move's probabilities are not positive or do not add up to 1.
    #[must_use]
    pub fn new(moves: Vec<Vec<(Ratio, ChancePosition)>>) -> ChancePosition {
        for m in &moves {
            assert!(
                m.iter().all(|(p, _)| *p > Ratio::zero()),
                "probabilities are positive"
            );
            let sum: Ratio = m.iter().map(|(p, _)| p.clone()).sum();
            assert!(sum.is_one(), "a move's probabilities add up to 1");
        }
        ChancePosition { moves }
    }

    /// The nim heap `*n`: certain moves to `*0 … *(n−1)`.
    #[must_use]
    pub fn heap(n: u32) -> ChancePosition {
        ChancePosition {
            moves: (0..n)
                .map(|m| vec![(Ratio::one(), ChancePosition::heap(m))])
                .collect(),
        }
    }

    /// One move, after which a fair coin chooses `heads` or `tails`.
    #[must_use]
    pub fn coin(heads: ChancePosition, tails: ChancePosition) -> ChancePosition {
        let half = Ratio::new(BigInt::one(), BigInt::from(2));
        ChancePosition {
            moves: vec![vec![(half.clone(), heads), (half, tails)]],
        }
    }

    /// Its moves.
    #[must_use]
    pub fn moves(&self) -> &[Vec<(Ratio, ChancePosition)>] {
        &self.moves
    }

    /// Whether some move involves chance.
    #[must_use]
    pub fn has_chance(&self) -> bool {
        self.moves
            .iter()
            .any(|m| m.len() > 1 || m.iter().any(|(_, q)| q.has_chance()))
    }
}

/// The mover's probability of winning the sum of `components` with best play.
#[must_use]
pub fn win_probability(components: &[&ChancePosition]) -> Ratio {
    let mut memo = std::collections::HashMap::new();
    let mut sum: Vec<ChancePosition> = components.iter().map(|&c| c.clone()).collect();
    solve(&mut sum, &mut memo)
}

fn solve(
    sum: &mut Vec<ChancePosition>,
    memo: &mut std::collections::HashMap<Vec<ChancePosition>, Ratio>,
) -> Ratio {
    let mut key = sum.clone();
    key.sort_by_cached_key(|p| format!("{p:?}"));
    if let Some(v) = memo.get(&key) {
        return v.clone();
    }
    let mut best = Ratio::zero();
    for c in 0..sum.len() {
        let here = sum[c].clone();
        for m in here.moves() {
            let mut v = Ratio::zero();
            for (p, next) in m {
                sum[c] = next.clone();
                v += p * (Ratio::one() - solve(sum, memo));
            }
            if v > best {
                best = v;
            }
        }
        sum[c] = here;
    }
    memo.insert(key, best.clone());
    best
}

/// The nimber `*g` (`g ≤ max`) that `x` equals against every heap `*h`, `h ≤ max` — the
/// probability of winning `x + *h` is 0 for `h = g` and 1 otherwise — or `None`.
#[must_use]
pub fn equal_nimber(x: &ChancePosition, max: u32) -> Option<u32> {
    let wins: Vec<Ratio> = (0..=max)
        .map(|h| win_probability(&[x, &ChancePosition::heap(h)]))
        .collect();
    (0..=max).find(|&g| {
        wins.iter().enumerate().all(|(h, w)| {
            if h as u32 == g {
                w.is_zero()
            } else {
                w.is_one()
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_sums_follow_the_nim_sum() {
        for a in 0..4 {
            for b in 0..4 {
                let w = win_probability(&[&ChancePosition::heap(a), &ChancePosition::heap(b)]);
                assert_eq!(w.is_one(), a != b);
                assert_eq!(w.is_zero(), a == b);
            }
        }
        assert_eq!(equal_nimber(&ChancePosition::heap(3), 5), Some(3));
    }

    #[test]
    fn a_coin_is_no_nimber() {
        let coin = ChancePosition::coin(ChancePosition::heap(0), ChancePosition::heap(1));
        assert!(coin.has_chance() && !ChancePosition::heap(2).has_chance());
        assert_eq!(equal_nimber(&coin, 4), None);
        // Against *1 the mover may also take the heap, leaving the coin to the opponent.
        let w = win_probability(&[&coin, &ChancePosition::heap(1)]);
        assert_eq!(w, Ratio::new(1.into(), 2.into()));
    }
}
