//! This crate's fuzz targets with a fixed budget: the notation and every board, row and picture
//! parser get arbitrary and mutated input and must answer with a typed error or a value that
//! round-trips, never a panic. `cargo xtask fuzz --seconds N` runs the same targets for longer.

use cgt_core::verify::fuzz::{Budget, failing_targets};

#[test]
fn every_fuzz_target_of_this_crate_holds() {
    let targets = cgt_partizan::verify::fuzz_targets();
    assert!(!targets.is_empty());
    let failures = failing_targets(&targets, Budget::Cases(1000), 1);
    assert!(failures.is_empty(), "{failures:#?}");
}
