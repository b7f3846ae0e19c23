//! Games of chance (feature `chance`): the lessons say Sprague–Grundy does not reach them and
//! minimax does. Values are exact rationals.
//!
//! - [`tree`]: value trees with chance vertices — the expectiminimax value, and alpha-beta
//!   extended to chance vertices (Star1) as a reduced cost `clamp(value, a, b)`.
//! - [`impartial`]: impartial positions with chance moves and their sums — equal to no nimber.
//! - [`pig`]: the dice game Pig to a small target, solved exactly, and by value iteration.
//!
//! ```
//! use cgt_minimax::chance::tree::{ChanceTree, Reads};
//!
//! // Max chooses between a fair coin for 0 or 10 and a sure 4.
//! let t = ChanceTree::parse("(max (chance 1/2 0 1/2 10) 4)")?;
//! assert_eq!(t.value().to_string(), "5");
//! # Ok::<(), cgt_minimax::chance::tree::ChanceError>(())
//! ```

pub mod impartial;
pub mod pig;
pub mod tree;
