//! Retrograde analysis: solving every position of a finite game at once, backwards from the
//! terminal positions.
//!
//! # Scope
//!
//! This crate will hold a retrograde engine over densely indexed positions, with bit-vector
//! tables and distance to the end (the winner hurries, the loser delays; positions never decided
//! are draws), a front end for arbitrary game graphs with cycles, and chess endgame tables
//! (KQK, KRK, KBNK, … and the fixed-king example of Shen's text) with symmetry reduction, safe
//! table files and probing. It builds on [`cgt_core`] (sides, verdicts) and on no other cgt
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

    /// The sweeps of `cgt-retro`, in the order they are listed.
    #[must_use]
    pub fn sweeps() -> Vec<Sweep> {
        Vec::new()
    }
}
