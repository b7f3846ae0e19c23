//! Retrograde analysis: solving every position of a finite game at once, backwards from the
//! terminal positions (Shen, *Programming: theorems and problems*, 11.5).
//!
//! - [`engine`]: the engine over densely indexed positions ([`engine::RetroGame`]), with bit
//!   vectors per state and a distance per position; parallel and deterministic.
//! - [`graph`]: arbitrary finite game graphs with cycles, from a file.
//! - [`chess`]: pawnless endgames against a lone king, with symmetry reduction, FEN and SAN.
//! - [`tables`]: endgame tables — statistics in both counting conventions, probing with the
//!   principal variation, and files with header and checksum.
//!
//! It builds on [`cgt_core`] (the [`cgt_core::Verdict`] type) and on no other cgt crate.
//!
//! # Examples
//!
//! ```
//! use cgt_core::Verdict;
//! use cgt_retro::engine::solve;
//! use cgt_retro::graph::GameGraph;
//!
//! // a -> b -> c (c has no move: the side to move there loses); d <-> e loop forever.
//! let g = GameGraph::parse("a b\nb c\nd e\ne d\n").unwrap();
//! let table = solve(&g, u128::MAX).unwrap();
//! assert_eq!(table.verdict(2), Some(Verdict::Loss(0)));
//! assert_eq!(table.verdict(1), Some(Verdict::Win(1)));
//! assert_eq!(table.verdict(0), Some(Verdict::Loss(2)));
//! assert_eq!(table.verdict(3), Some(Verdict::Draw));
//! ```
//!
//! # Feature flags
//!
//! - `verify` (off by default): the `verify` module with this crate's verification sweeps for
//!   `cargo xtask verify`. Adds `rayon` through `cgt-core/verify`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub use cgt_core;

pub mod chess;
pub mod engine;
pub mod graph;
pub mod tables;

#[cfg(feature = "verify")]
pub mod verify;

/// Malformed input to a retrograde front end.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RetroInputError {
    /// What is wrong.
    pub message: String,
}

impl RetroInputError {
    pub(crate) fn new(message: String) -> RetroInputError {
        RetroInputError { message }
    }
}

impl core::fmt::Display for RetroInputError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RetroInputError {}
