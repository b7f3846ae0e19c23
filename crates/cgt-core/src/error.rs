//! Error types of `cgt-core`.

use core::fmt;

/// A string that is not a nimber (`*n` or `n` with `n < 2^64`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseNimberError {
    /// The rejected input.
    pub input: String,
}

impl ParseNimberError {
    pub(crate) fn new(input: &str) -> ParseNimberError {
        ParseNimberError {
            input: input.to_owned(),
        }
    }
}

impl fmt::Display for ParseNimberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid nimber {:?}: expected a whole number from 0 to {} (optionally written *n)",
            self.input,
            u64::MAX
        )
    }
}

impl std::error::Error for ParseNimberError {}

/// Why the generic impartial-game [`Solver`](crate::Solver) could not value a position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError<P> {
    /// The game graph reachable from the position has a cycle, so the game is not finite.
    ///
    /// `cycle` lists the positions of one cycle in move order: each has a move to the next, and
    /// the last has a move back to the first. Games with cycles need the generalized
    /// Sprague–Grundy function of `cgt-impartial`'s loopy module.
    Cycle {
        /// The positions of the cycle, starting with the one found twice on the search path.
        cycle: Vec<P>,
    },
    /// The search would store more positions than the limit set with
    /// [`Solver::with_position_limit`](crate::Solver::with_position_limit).
    PositionLimit {
        /// The limit that was reached.
        limit: usize,
    },
    /// The search was stopped by the [`Budget`](crate::budget::Budget) set with
    /// [`Solver::with_limits`](crate::Solver::with_limits): its time limit or its stop flag.
    Stopped(crate::budget::Exceeded),
}

impl<P: fmt::Debug> fmt::Display for SolveError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Cycle { cycle } => match cycle.first() {
                Some(first) => write!(
                    f,
                    "the game graph has a cycle of length {} through position {first:?}; \
                     it is not a finite game (use the loopy solver)",
                    cycle.len()
                ),
                None => f.write_str("the game graph has a cycle"),
            },
            SolveError::PositionLimit { limit } => {
                write!(
                    f,
                    "search stopped after reaching the limit of {limit} positions"
                )
            }
            SolveError::Stopped(why) => write!(f, "search stopped: {why}"),
        }
    }
}

impl<P: fmt::Debug> std::error::Error for SolveError<P> {}
