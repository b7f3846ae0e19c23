//! Game-tree search for two-player zero-sum games of perfect information.
//!
//! # Scope
//!
//! This crate will hold explicit value trees with max, min and final vertices, the "Robot"
//! cursor over a tree with recursive and stack-based full evaluation, alpha-beta as the reduced
//! cost `clamp(value, a, b)` (fail-hard and fail-soft), AND-OR trees and their leaf-count
//! laboratory, and an engine for implicit games (negamax alpha-beta with a transposition table,
//! iterative deepening and null-window search) with m,n,k-games, Bridg-it and Connect-Four as
//! workloads. It builds on [`cgt_core`] (sides, verdicts) and on no other cgt crate.
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

    /// The sweeps of `cgt-minimax`, in the order they are listed.
    #[must_use]
    pub fn sweeps() -> Vec<Sweep> {
        Vec::new()
    }
}
