//! This crate's verification sweeps and fuzz targets: canonical forms, comparison, sums,
//! invariants and every game's values against plain minimax on raw game trees
//! ([`oracle`](self) — written apart from the arena).

mod algebra;
mod deadend;
mod fuzz;
mod games;
mod graphcolouring;
mod infinitesimal;
mod loopy;
mod misere;
pub(crate) mod oracle;
mod values;

pub use fuzz::fuzz_targets;

use cgt_core::verify::Sweep;

/// The sweeps of `cgt-partizan`, in the order they are listed.
#[must_use]
pub fn sweeps() -> Vec<Sweep> {
    let mut all = values::sweeps();
    all.extend(games::sweeps());
    all.extend(crate::cram::sweeps());
    all.extend(crate::subtraction::sweeps());
    all.extend(graphcolouring::sweeps());
    all.extend(algebra::sweeps());
    all.extend(infinitesimal::sweeps());
    all.extend(misere::sweeps());
    all.extend(deadend::sweeps());
    all.extend(loopy::sweeps());
    all
}

/// The 1474 canonical forms born by day 3, in an arena, found as the canonical forms of
/// `{A | B}` for every pair of antichains `A`, `B` of the 22 games born by day 2.
#[must_use]
pub fn day3(arena: &mut crate::Arena) -> Vec<crate::GameId> {
    values::day3(arena)
}
