//! This crate's verification sweeps.

use cgt_core::verify::Sweep;

/// The sweeps of `cgt-impartial`, in the order they are listed.
#[must_use]
pub fn sweeps() -> Vec<Sweep> {
    Vec::new()
}
