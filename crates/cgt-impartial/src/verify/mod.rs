//! This crate's verification sweeps: every rule and closed form against brute-force search of
//! the game tree, written independently of the fast code.

mod fuzz;
mod graphs;
mod heaps;
mod quotients;
mod sequences;
mod sums;

pub use fuzz::fuzz_targets;

use cgt_core::verify::Sweep;

/// The sweeps of `cgt-impartial`, in the order they are listed.
#[must_use]
pub fn sweeps() -> Vec<Sweep> {
    let mut all = heaps::sweeps();
    all.extend(graphs::sweeps());
    all.extend(sums::sweeps());
    all.extend(sequences::sweeps());
    all.extend(quotients::sweeps());
    all
}
