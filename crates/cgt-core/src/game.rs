//! Finite impartial games and a generic memoising solver.

use core::fmt;
use core::hash::Hash;

use rustc_hash::FxHashMap;

use crate::{MexScratch, Nimber, Outcome, SolveError};

/// A finite impartial game: both players have the same moves from every position.
///
/// A game lists its moves as (move, position) pairs through [`ImpartialGame::moves`]; the
/// move is whatever names it best for a person (counters taken, a heap split, an edge cut)
/// and only needs [`Display`](fmt::Display). The [`Solver`] searches the positions alone,
/// through [`ImpartialGame::options`], which by default drops the moves from
/// [`ImpartialGame::moves`]; a game whose positions are cheap to list without their moves
/// overrides it (both must list the same positions, in the same order). The game graph
/// reachable from a position should be finite and acyclic; the [`Solver`] reports a cycle as
/// [`SolveError::Cycle`] rather than looping.
///
/// ```
/// use cgt_core::{ImpartialGame, Solver, Nimber};
///
/// /// Take 1, 2 or 3 counters from a single heap; a move is the number taken.
/// struct Take3;
/// impl ImpartialGame for Take3 {
///     type Position = u32;
///     type Move = u32;
///     fn moves(&self, &n: &u32, out: &mut Vec<(u32, u32)>) {
///         out.extend((1..=3).filter(|&k| k <= n).map(|k| (k, n - k)));
///     }
/// }
///
/// let mut solver = Solver::new(Take3);
/// assert_eq!(solver.grundy(&10).unwrap(), Nimber::new(2));
/// assert_eq!(solver.winning_moves(&10).unwrap(), vec![(2, 8)]);
/// ```
pub trait ImpartialGame {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// A move, as a person would name it.
    type Move: Clone + fmt::Debug + fmt::Display;

    /// Appends every move of `position` with the position it leads to, leaving what `out`
    /// already held in place. Two moves may lead to one position.
    fn moves(&self, position: &Self::Position, out: &mut Vec<(Self::Move, Self::Position)>);

    /// Appends every option of `position` (the positions of [`ImpartialGame::moves`], in
    /// its order) to `out`, leaving what `out` already held in place.
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        let mut moves = Vec::new();
        self.moves(position, &mut moves);
        out.extend(moves.into_iter().map(|(_, after)| after));
    }
}

/// Moves of a game with the positions they lead to, as [`ImpartialGame::moves`] lists them.
pub type Moves<G> = Vec<(<G as ImpartialGame>::Move, <G as ImpartialGame>::Position)>;

impl<G: ImpartialGame + ?Sized> ImpartialGame for &G {
    type Position = G::Position;
    type Move = G::Move;
    fn moves(&self, position: &Self::Position, out: &mut Vec<(Self::Move, Self::Position)>) {
        (**self).moves(position, out);
    }
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
///     type Move = u64;
///     fn moves(&self, &n: &u64, out: &mut Vec<(u64, u64)>) {
///         out.extend((1..=2).filter(|&k| k <= n).map(|k| (k, n - k)));
///     }
/// }
///
/// let mut solver = Solver::new(OneOrTwo);
/// assert_eq!(solver.grundy(&7)?, Nimber::new(1)); // n mod 3
/// assert_eq!(solver.outcome(&9)?, Outcome::P);
/// assert_eq!(solver.winning_moves(&7)?, [(1, 6)]); // take 1, leaving 6
/// assert_eq!(solver.moves_to_value(&7, Nimber::new(0))?, [(1, 6)]);
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
    /// The caller's budget: its clock and stop flag, checked as positions are stored.
    limits: Option<crate::budget::Budget>,
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
            limits: None,
        }
    }

    /// Stops any query at the first limit of `limits` passed: its positions (stored) as
    /// [`SolveError::PositionLimit`], its time limit and stop flag as [`SolveError::Stopped`],
    /// checked every 4,096 stored positions. The memory limit is the caller's to turn into
    /// positions ([`Solver::with_position_limit`]), as only it knows a position's size.
    #[must_use]
    pub fn with_limits(mut self, limits: crate::budget::Budget) -> Solver<G> {
        if let Some(p) = limits.positions() {
            self.limit = self.limit.min(usize::try_from(p).unwrap_or(usize::MAX));
        }
        self.limits = Some(limits);
        self
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

    /// The moves of `position` to P-positions, with the positions they lead to, in the order
    /// the game lists them (the first move to each position). Empty exactly when `position`
    /// is a P-position.
    ///
    /// # Errors
    /// As for [`Solver::grundy`].
    pub fn winning_moves(
        &mut self,
        position: &G::Position,
    ) -> Result<Moves<G>, SolveError<G::Position>> {
        self.moves_to_value(position, Nimber::new(0))
    }

    /// The moves of `position` to positions of Grundy value `target`, with those positions,
    /// in the order the game lists them (the first move to each position). In a sum whose
    /// other components add up to `target`, these are the winning moves in this component.
    ///
    /// # Errors
    /// As for [`Solver::grundy`].
    pub fn moves_to_value(
        &mut self,
        position: &G::Position,
        target: Nimber,
    ) -> Result<Moves<G>, SolveError<G::Position>> {
        self.grundy(position)?;
        let mut moves = Vec::new();
        self.game.moves(position, &mut moves);
        let mut found: Moves<G> = Vec::new();
        for (mv, after) in moves {
            if self.grundy(&after)? == target && !found.iter().any(|(_, p)| *p == after) {
                found.push((mv, after));
            }
        }
        Ok(found)
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
        if self.memo.len().is_multiple_of(4096)
            && let Some(limits) = &self.limits
        {
            limits.check_interrupt().map_err(SolveError::Stopped)?;
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
        type Move = &'static str;
        fn moves(&self, &n: &u32, out: &mut Vec<(&'static str, u32)>) {
            if n > 0 {
                out.push(("down", n - 1));
            }
        }
    }

    /// The only move is n → n + 1 (mod m): one cycle through every position.
    struct Ring(u32);
    impl ImpartialGame for Ring {
        type Position = u32;
        type Move = &'static str;
        fn moves(&self, &n: &u32, out: &mut Vec<(&'static str, u32)>) {
            out.push(("on", (n + 1) % self.0));
        }
    }

    #[test]
    fn million_move_chain_does_not_overflow_the_stack() {
        let mut solver = Solver::new(Chain);
        assert_eq!(solver.grundy(&1_000_000).unwrap(), Nimber::new(0));
        assert_eq!(solver.grundy(&999_999).unwrap(), Nimber::new(1));
        assert_eq!(solver.solved_positions(), 1_000_001);
        assert_eq!(solver.outcome(&7).unwrap(), Outcome::N);
        assert_eq!(solver.winning_moves(&7).unwrap(), vec![("down", 6)]);
        assert_eq!(solver.moves_to_value(&7, Nimber::new(1)).unwrap(), vec![]);
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

    #[test]
    fn a_budget_stops_the_search_and_leaves_the_solver_usable() {
        use crate::budget::{Budget, Exceeded, Stop};
        let stop = Stop::new();
        stop.stop();
        let mut solver = Solver::new(Chain).with_limits(Budget::unlimited().with_stop(&stop));
        assert_eq!(
            solver.grundy(&100_000),
            Err(SolveError::Stopped(Exceeded::Stopped))
        );
        let mut solver = Solver::new(Chain)
            .with_limits(Budget::unlimited().with_time(core::time::Duration::ZERO));
        std::thread::sleep(core::time::Duration::from_millis(2));
        assert!(matches!(
            solver.grundy(&100_000),
            Err(SolveError::Stopped(Exceeded::Time { .. }))
        ));
        // The budget's position limit is the solver's.
        let mut solver = Solver::new(Chain).with_limits(Budget::unlimited().with_positions(100));
        assert_eq!(
            solver.grundy(&1000),
            Err(SolveError::PositionLimit { limit: 100 })
        );
        assert_eq!(solver.grundy(&50).unwrap(), Nimber::new(0));
    }
}
