//! This crate's fuzz targets with a fixed budget: every parser and loader gets arbitrary and
//! mutated input and must answer with a typed error or a valid value that round-trips, never
//! a panic. `cargo xtask fuzz --seconds N` runs the same targets for longer.

use cgt_core::verify::fuzz::{Budget, fuzz};

/// Cases per target: enough to reach every error path of the small parsers, a few seconds in
/// all in a debug build.
const CASES: u32 = 2000;

#[test]
fn every_fuzz_target_of_this_crate_holds() {
    let targets = cgt_impartial::verify::fuzz_targets();
    assert!(!targets.is_empty());
    let mut failures = Vec::new();
    for target in &targets {
        if let Err(f) = fuzz(target, Budget::Cases(CASES), 1) {
            failures.push(format!(
                "{}: {} on input {:?} ({:?})",
                target.name,
                f.message,
                String::from_utf8_lossy(&f.input),
                f.input
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
