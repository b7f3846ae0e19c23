//! Impartial games: both players have the same moves, and the last player to move wins (normal
//! play) unless stated otherwise.
//!
//! # Scope
//!
//! This crate will hold the Nim family (Nim, misère Nim, Staircase Nim, Moore's Nim_k),
//! Sprague–Grundy values of games on directed graphs and the generalized Sprague–Grundy function
//! of loopy games, Wythoff's game, Green Hackenbush, and the nim-sequences of heap games
//! (subtraction sets, octal codes, Grundy's game) with certified periods. It builds on the
//! vocabulary of [`cgt_core`] (nimbers, mex, outcomes, the generic solver) and on no other cgt
//! crate.
//!
//! # Feature flags
//!
//! - `verify` (off by default): the `verify` module with this crate's verification sweeps for
//!   `cargo xtask verify`. Adds `rayon` through `cgt-core/verify`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub use cgt_core;

/// This crate's verification sweeps.
#[cfg(feature = "verify")]
pub mod verify {
    use cgt_core::verify::Sweep;

    /// The sweeps of `cgt-impartial`, in the order they are listed.
    #[must_use]
    pub fn sweeps() -> Vec<Sweep> {
        Vec::new()
    }
}
