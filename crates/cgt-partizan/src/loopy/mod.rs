//! Loopy partizan games: games whose play may return to a position.
//!
//! A [`LoopyGame`] is a finite graph of positions with Left and Right moves and a start. Play
//! follows the normal rule — a player who cannot move loses — and play that never ends is a
//! draw. What this module computes:
//! - the outcome of any loopy game or sum of them, with each player moving first, the length of
//!   play and the best moves, by retrograde analysis ([`LoopyGame::solve`],
//!   [`LoopyGame::outcome`], [`LoopyGame::sum`]);
//! - for *stoppers* (no infinite alternating play, [`LoopyGame::is_stopper`]): comparison
//!   ([`LoopyGame::compare`]) and the simplest form ([`LoopyGame::simplest`]);
//! - the named values `on = {pass|}`, `off`, `over = {0|pass}`, `under`, `upon = {pass|*}`,
//!   `downon`, `dud = {pass|pass}`, `tis = {tisn|}` and `tisn = {|tis}` ([`NAMED`]).
//!
//! Games are read from text ([`LoopyGame::parse`]: sums of named values, short games and forms
//! with `pass`, or systems of positions `a = {b|0}; b = {|a}`) and written back
//! ([`LoopyGame::display`]).
//!
//! ```
//! use core::cmp::Ordering;
//! use cgt_core::budget::Budget;
//! use cgt_partizan::loopy::LoopyGame;
//!
//! let budget = Budget::unlimited();
//! let upon = LoopyGame::parse("upon")?;
//! let up = LoopyGame::parse("^")?;
//! assert_eq!(upon.compare(&up, &budget)?, Some(Ordering::Greater));
//! let sum = LoopyGame::parse("on + off")?; // dud: a draw whoever starts
//! assert_eq!(sum.outcome().to_string(), "D (a draw whoever starts)");
//! # Ok::<(), cgt_partizan::PartizanError>(())
//! ```

mod explore;
mod graph;
mod side_order;
mod sides;
mod solve;
mod stopper;
mod text;

pub use graph::{LoopyGame, MAX_SHORT_POSITIONS, NAMED};
#[cfg(feature = "verify")]
pub(crate) use side_order::side_le;
pub use sides::MAX_ROUNDS;
pub use solve::{Ending, LoopyOutcome, Solution};
pub use text::{LoopyDescription, MAX_TEXT, PositionDescription};

#[cfg(test)]
mod tests;
