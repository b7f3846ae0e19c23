//! This crate's fuzz targets with a fixed budget: every parser and loader gets arbitrary and
//! mutated input and must answer with a typed error or a valid value that round-trips, never
//! a panic. `cargo xtask fuzz --seconds N` runs the same targets for longer.

use cgt_core::verify::fuzz::{Budget, failing_targets};

#[test]
fn every_fuzz_target_of_this_crate_holds() {
    let targets = cgt_core::verify::fuzz_targets();
    assert!(!targets.is_empty());
    // Enough cases to reach every error path of the small parsers, a few seconds in all in a
    // debug build.
    let failures = failing_targets(&targets, Budget::Cases(2000), 1);
    assert!(failures.is_empty(), "{failures:#?}");
}
