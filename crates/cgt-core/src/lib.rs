//! Shared vocabulary of the cgt workspace: nimbers, mex, nim-sums, outcomes, and a generic
//! solver for finite impartial games.
//!
//! Every other cgt crate builds on these types; `cgt-core` itself knows no particular game.
//!
//! - [`Nimber`]: values of impartial games, with nim-addition (XOR) and Conway's
//!   nim-multiplication, under which the 64-bit nimbers form a field.
//! - [`mex`] and [`MexScratch`]: the minimum excludant, the latter reusable in hot loops.
//! - [`nim_sum`]: the XOR of heap sizes or Grundy values.
//! - [`Outcome`] (P/N), [`OutcomeClass`] (L/R/P/N, partizan) and [`LoopyOutcome`] (P/N/Draw); [`Side`], [`Wdl`] and [`Verdict`] for
//!   two-player games with win/draw/loss and distance to the end.
//! - [`ImpartialGame`] and [`Solver`]: Grundy values and outcomes of any finite impartial game,
//!   memoised, with an explicit stack and cycle detection.
//!
//! # Three common tasks
//!
//! The outcome of a Nim position from its nim-sum (Bouton):
//!
//! ```
//! use cgt_core::{nim_sum, Nimber, Outcome};
//!
//! let s = nim_sum([3, 4, 5]);
//! assert_eq!(s, 2);
//! assert_eq!(Outcome::from_grundy(Nimber::new(s)), Outcome::N);
//! ```
//!
//! The Grundy value, outcome and winning moves of a game of your own, by search:
//!
//! ```
//! use cgt_core::{ImpartialGame, Nimber, Outcome, Solver};
//!
//! struct Nim;
//! impl ImpartialGame for Nim {
//!     type Position = Vec<u64>;
//!     /// (heap, counters left on it)
//!     type Move = String;
//!     fn moves(&self, heaps: &Vec<u64>, out: &mut Vec<(String, Vec<u64>)>) {
//!         for (i, &h) in heaps.iter().enumerate() {
//!             for smaller in 0..h {
//!                 let mut next = heaps.clone();
//!                 next[i] = smaller;
//!                 out.push((format!("heap {} to {smaller}", i + 1), next));
//!             }
//!         }
//!     }
//! }
//!
//! let position = vec![3, 4, 5];
//! let mut solver = Solver::new(Nim);
//! assert_eq!(solver.grundy(&position)?, Nimber::new(2));
//! assert_eq!(solver.outcome(&position)?, Outcome::N);
//! let (mv, after) = &solver.winning_moves(&position)?[0];
//! assert_eq!((mv.as_str(), after.as_slice()), ("heap 1 to 1", &[1, 4, 5][..]));
//! # Ok::<(), cgt_core::SolveError<Vec<u64>>>(())
//! ```
//!
//! Nimber arithmetic and the mex:
//!
//! ```
//! use cgt_core::{mex, Nimber};
//!
//! assert_eq!(mex([0, 1, 3]), 2);
//! assert_eq!(Nimber::new(2) * Nimber::new(3), Nimber::new(1));
//! assert_eq!(Nimber::new(8).inverse(), Some(Nimber::new(10))); // 8 ⊗ 10 = 1
//! ```
//!
//! # Feature flags
//!
//! - `container` (off by default): the `container` module, the one file format of table
//!   files and checkpoints. Adds `serde`, `postcard`, `crc32fast` and `tempfile`.
//! - `serde` (off by default): `Serialize`/`Deserialize` for [`Nimber`] (as its number),
//!   [`Outcome`], [`LoopyOutcome`], [`Side`], [`Wdl`] and [`Verdict`]. Adds `serde`.
//! - `verify` (off by default): the `verify` module with this crate's exhaustive verification
//!   sweeps and the sweep harness shared by the workspace. Adds a dependency on `rayon`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub mod budget;
#[cfg(feature = "container")]
pub mod container;
mod error;
mod game;
mod mex;
pub mod misere;
mod nimber;
mod outcome;
pub mod rng;
pub mod said;
pub mod text;

#[cfg(feature = "verify")]
pub mod verify;

pub use error::{ParseNimberError, SolveError};
pub use game::{ImpartialGame, Moves, Solver};
pub use mex::{MexScratch, mex};
pub use nimber::{Nimber, nim_mul, nim_sum};
pub use outcome::{LoopyOutcome, Outcome, OutcomeClass, Side, UnknownOutcome, Verdict, Wdl};
