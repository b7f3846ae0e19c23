//! Games written in a small script language ([Rhai](https://rhai.rs)), answered by the same
//! generic solvers as the built-in games.
//!
//! A script defines `start()` (the start position) and either `options(p)` (an impartial
//! game: the positions one move leads to) or `left(p)` and `right(p)` (a partizan game: each
//! player's options). A [`Position`] is an integer, a string, a character, a boolean, or an
//! array of these (nested arrays too); `position(n)` optionally maps `0, 1, 2, …` to positions
//! for tables, and a partizan script may define `components(p)`, the independent parts of a
//! position (each searched once, their values added).
//!
//! Every call runs under limits — [`MAX_OPERATIONS`] per call, call depth, sizes — and every
//! search under a position limit ([`Script::with_memory_limit`]), so a runaway script ends
//! with a one-line [`ScriptError`] (name:line:col) instead of hanging or exhausting memory.
//!
//! A position of an impartial script is also a component of mixed sums
//! ([`ScriptComponent`], for `cgt_impartial::sum::analyse`).
//!
//! ```
//! use cgt_core::Outcome;
//! use cgt_script::{Position, Script};
//!
//! // Take one or two counters from a row, or split a row of 3+ by taking one from the middle.
//! let script = Script::compile("rows.rhai", r#"
//!     fn start() { [4, 3] }
//!     fn options(rows) {
//!         let out = [];
//!         for i in 0..rows.len() {
//!             let n = rows[i];
//!             for k in [1, 2] {
//!                 if k <= n { let r = rows; r[i] = n - k; out.push(r); }
//!             }
//!         }
//!         out
//!     }
//! "#)?;
//! let start = script.start(None)?;
//! let mut solver = script.solver();
//! let outcome = solver.outcome(&start).map_err(|e| script.solve_error(e))?;
//! script.take_error()?;
//! assert_eq!(outcome, Outcome::N);
//! assert_eq!(start, Position::List(vec![Position::Int(4), Position::Int(3)]));
//! # Ok::<(), cgt_script::ScriptError>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde` (off by default): `Serialize`/`Deserialize` for [`Position`].

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod error;
mod games;
mod position;
mod script;
mod sum;

pub use error::{ErrorKind, ScriptError};
pub use games::{Impartial, MoveTo, Partizan};
pub use position::Position;
pub use script::{BYTES_PER_POSITION, Kind, MAX_OPERATIONS, MAX_POSITIONS, Script};
pub use sum::ScriptComponent;
