//! Finite impartial games and a generic memoising solver.

use core::hash::Hash;

use rustc_hash::FxHashMap;

use crate::{MexScratch, Nimber, Outcome, SolveError};

/// A finite impartial game: both players have the same moves from every position.
///
/// Implementors write the options (the positions reachable in one move) of a position into a
/// buffer owned by the caller, so a search does not allocate per position. The game graph
/// reachable from a position should be finite and acyclic; the [`Solver`] reports a cycle as
/// [`SolveError::Cycle`] rather than looping.
///
/// ```
/// use cgt_core::{ImpartialGame, Solver, Nimber};
///
/// /// Take 1, 2 or 3 counters from a single heap.
/// struct Take3;
/// impl ImpartialGame for Take3 {
///     type Position = u32;
///     fn options(&self, &n: &u32, out: &mut Vec<u32>) {
///         out.extend((1..=3).filter(|&k| k <= n).map(|k| n - k));
///     }
/// }
///
/// let mut solver = Solver::new(Take3);
/// assert_eq!(solver.grundy(&10).unwrap(), Nimber::new(2));
/// assert_eq!(solver.winning_moves(&10).unwrap(), vec![8]);
/// ```
pub trait ImpartialGame {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Appends every option of `position` to `out`, leaving what `out` already held in place.
    /// Repeats are allowed.
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>);
}

impl<G: ImpartialGame + ?Sized> ImpartialGame for &G {
    type Position = G::Position;
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        (**self).options(position, out);
    }
}

/// Computes Grundy values and outcomes of any [`ImpartialGame`], memoising every position it
/// visits.
///
/// The search is a depth-first traversal with an explicit stack, so a game whose plays are
/// millions of moves long needs heap memory, not call-stack depth. Options of all positions on
/// the search path share one buffer. Memoised values are kept across queries; a query that
/// fails leaves the solver usable.
///
/// # Examples
///
/// ```
/// use cgt_core::{ImpartialGame, Nimber, Outcome, Solver};
///
/// /// Subtract 1 or 2 from a heap.
/// struct OneOrTwo;
/// impl ImpartialGame for OneOrTwo {
///     type Position = u64;
///     fn options(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend((1..=2).filter(|&k| k <= n).map(|k| n - k));
///     }
/// }
///
/// let mut solver = Solver::new(OneOrTwo);
/// assert_eq!(solver.grundy(&7)?, Nimber::new(1)); // n mod 3
/// assert_eq!(solver.outcome(&9)?, Outcome::P);
/// assert_eq!(solver.winning_moves(&7)?, [6]);
/// # Ok::<(), cgt_core::SolveError<u64>>(())
/// ```
#[derive(Debug)]
pub struct Solver<G: ImpartialGame> {
    game: G,
    memo: FxHashMap<G::Position, Slot>,
    arena: Vec<G::Position>,
    stack: Vec<Frame<G::Position>>,
    mex: MexScratch,
    limit: usize,
}

#[derive(Clone, Copy, Debug)]
enum Slot {
    /// On the current search path.
    Active,
    Done(Nimber),
}

#[derive(Debug)]
struct Frame<P> {
    position: P,
    /// The options of `position` are `arena[start..end]`; `next` is the first not yet visited.
    start: usize,
    end: usize,
    next: usize,
}

impl<G: ImpartialGame> Solver<G> {
    /// A solver for `game` with no limit on the number of stored positions.
    pub fn new(game: G) -> Solver<G> {
        Solver {
            game,
            memo: FxHashMap::default(),
            arena: Vec::new(),
            stack: Vec::new(),
            mex: MexScratch::new(),
            limit: usize::MAX,
        }
    }

    /// Stops any query that would make the solver store more than `limit` positions, with
    /// [`SolveError::PositionLimit`].
    #[must_use]
    pub fn with_position_limit(mut self, limit: usize) -> Solver<G> {
        self.limit = limit;
        self
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Number of positions whose value is stored.
    pub fn solved_positions(&self) -> usize {
        self.memo.len()
    }

    /// The Grundy value of `position`.
    ///
    /// # Errors
    /// [`SolveError::Cycle`] if a cycle is reachable from `position` on the way (the cycle is
    /// named), [`SolveError::PositionLimit`] if the position limit is reached.
    pub fn grundy(&mut self, position: &G::Position) -> Result<Nimber, SolveError<G::Position>> {
        match self.memo.get(position) {
            Some(Slot::Done(g)) => return Ok(*g),
            Some(Slot::Active) => unreachable!("no search is in progress between queries"),
            None => {}
        }
        let result = self.search(position.clone());
        if result.is_err() {
            self.abandon_search();
        }
        result
    }

    /// The outcome class of `position`: P exactly when its Grundy value is zero.
    ///
    /// # Errors
    /// As for [`Solver::grundy`].
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome, SolveError<G::Position>> {
        self.grundy(position).map(Outcome::from_grundy)
    }

    /// The options of `position` that are P-positions, in the order the game lists them
    /// (repeats removed). Empty exactly when `position` is a P-position.
    ///
    /// # Errors
    /// As for [`Solver::grundy`].
    pub fn winning_moves(
        &mut self,
        position: &G::Position,
    ) -> Result<Vec<G::Position>, SolveError<G::Position>> {
        self.grundy(position)?;
        let mut options = Vec::new();
        self.game.options(position, &mut options);
        let mut winning: Vec<G::Position> = Vec::new();
        for option in options {
            if self.grundy(&option)?.is_zero() && !winning.contains(&option) {
                winning.push(option);
            }
        }
        Ok(winning)
    }

    fn search(&mut self, root: G::Position) -> Result<Nimber, SolveError<G::Position>> {
        self.push_frame(root)?;
        loop {
            let top = self.stack.last_mut().expect("the search path is not empty");
            if top.next < top.end {
                let child = top.next;
                top.next += 1;
                match self.memo.get(&self.arena[child]) {
                    Some(Slot::Done(_)) => {}
                    Some(Slot::Active) => return Err(self.cycle_through(child)),
                    None => {
                        let position = self.arena[child].clone();
                        self.push_frame(position)?;
                    }
                }
                continue;
            }
            let frame = self.stack.pop().expect("the search path is not empty");
            for option in &self.arena[frame.start..frame.end] {
                match self.memo.get(option) {
                    Some(Slot::Done(g)) => self.mex.push(g.value()),
                    _ => unreachable!("every option is solved before its parent"),
                }
            }
            let g = Nimber::new(self.mex.finish());
            self.arena.truncate(frame.start);
            self.memo.insert(frame.position, Slot::Done(g));
            if self.stack.is_empty() {
                return Ok(g);
            }
        }
    }

    fn push_frame(&mut self, position: G::Position) -> Result<(), SolveError<G::Position>> {
        if self.memo.len() >= self.limit {
            return Err(SolveError::PositionLimit { limit: self.limit });
        }
        let start = self.arena.len();
        self.game.options(&position, &mut self.arena);
        let end = self.arena.len();
        self.memo.insert(position.clone(), Slot::Active);
        self.stack.push(Frame {
            position,
            start,
            end,
            next: start,
        });
        Ok(())
    }

    /// The cycle closed by the move to `arena[child]`, which is on the search path.
    fn cycle_through(&self, child: usize) -> SolveError<G::Position> {
        let repeated = &self.arena[child];
        let from = self
            .stack
            .iter()
            .position(|f| &f.position == repeated)
            .expect("an active position is on the search path");
        SolveError::Cycle {
            cycle: self.stack[from..]
                .iter()
                .map(|f| f.position.clone())
                .collect(),
        }
    }

    /// Forgets the positions of an interrupted search path so later queries start clean.
    fn abandon_search(&mut self) {
        for frame in self.stack.drain(..) {
            self.memo.remove(&frame.position);
        }
        self.arena.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain: from n the only move is to n − 1.
    struct Chain;
    impl ImpartialGame for Chain {
        type Position = u32;
        fn options(&self, &n: &u32, out: &mut Vec<u32>) {
            if n > 0 {
                out.push(n - 1);
            }
        }
    }

    /// The only move is n → n + 1 (mod m): one cycle through every position.
    struct Ring(u32);
    impl ImpartialGame for Ring {
        type Position = u32;
        fn options(&self, &n: &u32, out: &mut Vec<u32>) {
            out.push((n + 1) % self.0);
        }
    }

    #[test]
    fn million_move_chain_does_not_overflow_the_stack() {
        let mut solver = Solver::new(Chain);
        assert_eq!(solver.grundy(&1_000_000).unwrap(), Nimber::new(0));
        assert_eq!(solver.grundy(&999_999).unwrap(), Nimber::new(1));
        assert_eq!(solver.solved_positions(), 1_000_001);
        assert_eq!(solver.outcome(&7).unwrap(), Outcome::N);
        assert_eq!(solver.winning_moves(&7).unwrap(), vec![6]);
        assert!(solver.winning_moves(&8).unwrap().is_empty());
    }

    #[test]
    fn a_cycle_is_named_and_the_solver_stays_usable() {
        let mut solver = Solver::new(Ring(5));
        let err = solver.grundy(&2).unwrap_err();
        assert_eq!(
            err,
            SolveError::Cycle {
                cycle: vec![2, 3, 4, 0, 1]
            }
        );
        assert!(
            err.to_string()
                .contains("cycle of length 5 through position 2")
        );
        assert_eq!(solver.solved_positions(), 0);
        assert!(matches!(solver.grundy(&4), Err(SolveError::Cycle { .. })));
    }

    #[test]
    fn position_limit_is_reported() {
        let mut solver = Solver::new(Chain).with_position_limit(100);
        assert_eq!(
            solver.grundy(&1000),
            Err(SolveError::PositionLimit { limit: 100 })
        );
        assert_eq!(solver.grundy(&50).unwrap(), Nimber::new(0));
    }
}
