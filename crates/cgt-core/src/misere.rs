//! Misère play for any impartial game: the player who makes the last move loses.
//!
//! [`Misere`] wraps a game so that the generic [`Solver`] answers misère
//! outcomes: every position with no move gets one extra move to a new end position, so the
//! player facing it (who wins under misère play, the opponent having moved last) has a move
//! and the end position is lost for the player who reaches it on the move. Normal-play outcomes
//! of the wrapped game are exactly the misère outcomes of the game. (Its Grundy values are not
//! misère values: misère sums do not add by XOR.)
//!
//! ```
//! use cgt_core::misere::{Misere, MisereOutcome};
//! use cgt_core::{ImpartialGame, Outcome, Solver};
//!
//! /// Nim on one heap.
//! struct Heap;
//! impl ImpartialGame for Heap {
//!     type Position = u64;
//!     type Move = u64; // counters left
//!     fn moves(&self, &n: &u64, out: &mut Vec<(u64, u64)>) {
//!         out.extend((0..n).map(|left| (left, left)));
//!     }
//! }
//!
//! let mut solver = Solver::new(Misere(Heap));
//! // A heap of 1 is lost under misère play (you must take the last counter), 0 and 2 are won.
//! assert_eq!(solver.misere_outcome(&1)?, Outcome::P);
//! assert_eq!(solver.misere_outcome(&0)?, Outcome::N);
//! assert_eq!(solver.misere_winning_moves(&2)?, vec![(1, 1)]);
//! # Ok::<(), cgt_core::SolveError<Option<u64>>>(())
//! ```

use core::fmt;

use crate::{ImpartialGame, Moves, Outcome, SolveError, Solver};

/// Positions a misère search may store at most, whatever the memory allows.
pub const SEARCH_POSITIONS: usize = 2_000_000;

/// Bytes a stored position of a misère search takes, about (its memo entry and its share of
/// the options).
pub const BYTES_PER_POSITION: u64 = 256;

/// The positions a misère search may store within `memory` bytes: one per
/// [`BYTES_PER_POSITION`], and at most `cap` ([`SEARCH_POSITIONS`] for a search of one
/// position; more for a table of many).
///
/// ```
/// use cgt_core::misere::{search_limit, SEARCH_POSITIONS};
/// assert_eq!(search_limit(1 << 20, SEARCH_POSITIONS), 4096);
/// assert_eq!(search_limit(u64::MAX, SEARCH_POSITIONS), SEARCH_POSITIONS);
/// ```
#[must_use]
pub fn search_limit(memory: u64, cap: usize) -> usize {
    usize::try_from(memory / BYTES_PER_POSITION)
        .unwrap_or(usize::MAX)
        .min(cap)
}

/// A game played under the misère convention. Positions are `Some(p)` for a position `p` of
/// the game and `None` for the end position added below every position with no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Misere<G>(pub G);

/// A move of a [`Misere`] game: a move of the game, or the added move from a position with
/// no move to the end position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MisereMove<M> {
    /// A move of the game.
    Play(M),
    /// The added move: the player facing a position with no move has won.
    End,
}

impl<M: fmt::Display> fmt::Display for MisereMove<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MisereMove::Play(m) => m.fmt(f),
            MisereMove::End => f.write_str("end (the player to move has won)"),
        }
    }
}

impl<G: ImpartialGame> ImpartialGame for Misere<G> {
    type Position = Option<G::Position>;
    type Move = MisereMove<G::Move>;

    fn moves(
        &self,
        position: &Option<G::Position>,
        out: &mut Vec<(Self::Move, Option<G::Position>)>,
    ) {
        let Some(p) = position else {
            return;
        };
        let mut inner = Vec::new();
        self.0.moves(p, &mut inner);
        if inner.is_empty() {
            out.push((MisereMove::End, None));
        }
        out.extend(
            inner
                .into_iter()
                .map(|(m, after)| (MisereMove::Play(m), Some(after))),
        );
    }

    fn options(&self, position: &Option<G::Position>, out: &mut Vec<Option<G::Position>>) {
        let Some(p) = position else {
            return;
        };
        let start = out.len();
        let mut inner = Vec::new();
        self.0.options(p, &mut inner);
        out.extend(inner.into_iter().map(Some));
        if out.len() == start {
            out.push(None);
        }
    }
}

/// Misère answers from a solver of a [`Misere`] game, in terms of the game's own positions
/// and moves.
pub trait MisereOutcome<G: ImpartialGame> {
    /// The misère outcome: P when the player to move loses with best play.
    ///
    /// # Errors
    /// As for [`Solver::outcome`].
    fn misere_outcome(
        &mut self,
        position: &G::Position,
    ) -> Result<Outcome, SolveError<Option<G::Position>>>;

    /// The moves that win under misère play (to misère P-positions) with the positions they
    /// lead to, in the game's order (the first move to each position); empty for a misère
    /// P-position and for a position with no move (whose player to move has already won).
    ///
    /// # Errors
    /// As for [`Solver::winning_moves`].
    fn misere_winning_moves(
        &mut self,
        position: &G::Position,
    ) -> Result<Moves<G>, SolveError<Option<G::Position>>>;
}

impl<G: ImpartialGame> MisereOutcome<G> for Solver<Misere<G>> {
    fn misere_outcome(
        &mut self,
        position: &G::Position,
    ) -> Result<Outcome, SolveError<Option<G::Position>>> {
        self.outcome(&Some(position.clone()))
    }

    fn misere_winning_moves(
        &mut self,
        position: &G::Position,
    ) -> Result<Moves<G>, SolveError<Option<G::Position>>> {
        Ok(self
            .winning_moves(&Some(position.clone()))?
            .into_iter()
            .filter_map(|(mv, after)| match (mv, after) {
                (MisereMove::Play(mv), Some(after)) => Some((mv, after)),
                _ => None,
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim on several heaps, as sorted vectors.
    struct Nim;
    impl ImpartialGame for Nim {
        type Position = Vec<u64>;
        type Move = String;
        fn moves(&self, heaps: &Vec<u64>, out: &mut Vec<(String, Vec<u64>)>) {
            for (i, &h) in heaps.iter().enumerate() {
                for k in 0..h {
                    let mut next = heaps.clone();
                    next[i] = k;
                    next.sort_unstable();
                    out.push((format!("{k} on heap {i}"), next));
                }
            }
        }
    }

    /// Misère Nim by direct recursion on the definition (no solver, no wrapper).
    fn lost_by_definition(heaps: &[u64]) -> bool {
        let mut any_move = false;
        for (i, &h) in heaps.iter().enumerate() {
            for k in 0..h {
                any_move = true;
                let mut next = heaps.to_vec();
                next[i] = k;
                if lost_by_definition(&next) {
                    return false;
                }
            }
        }
        // No move: the opponent moved last and lost, so the player to move has won.
        any_move
    }

    /// Bouton's misère rule: with a heap of two or more, P iff the XOR is 0; otherwise P iff an
    /// odd number of heaps of size 1.
    fn bouton_misere_p(heaps: &[u64]) -> bool {
        if heaps.iter().any(|&h| h >= 2) {
            heaps.iter().fold(0, |a, &h| a ^ h) == 0
        } else {
            heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
        }
    }

    #[test]
    fn misere_nim_matches_the_definition_and_boutons_rule() {
        let mut solver = Solver::new(Misere(Nim));
        for a in 0..5u64 {
            for b in 0..5 {
                for c in 0..4 {
                    let mut heaps = vec![a, b, c];
                    heaps.sort_unstable();
                    let p = solver.misere_outcome(&heaps).unwrap() == Outcome::P;
                    assert_eq!(p, lost_by_definition(&heaps), "{heaps:?}");
                    assert_eq!(p, bouton_misere_p(&heaps), "{heaps:?}");
                    let wins = solver.misere_winning_moves(&heaps).unwrap();
                    assert_eq!(
                        wins.is_empty(),
                        p || heaps.iter().all(|&h| h == 0),
                        "{heaps:?}"
                    );
                    for (mv, w) in wins {
                        assert!(mv.ends_with(&format!("on heap {}", w.len() - 1)) || w.len() > 1);
                        assert!(lost_by_definition(&w), "{heaps:?} → {w:?}");
                    }
                }
            }
        }
    }
}
