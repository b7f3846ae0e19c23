//! This crate's fuzz targets with a fixed budget: every parser and loader gets arbitrary and
//! mutated input and must answer with a typed error or a valid value that round-trips, never
//! a panic. `cargo xtask fuzz --seconds N` runs the same targets for longer.

#[test]
fn every_fuzz_target_of_this_crate_holds() {
    // Enough cases to reach every error path of the small parsers, a few seconds in all in a
    // debug build.
    cgt_core::verify::fuzz::assert_targets_hold(&cgt_impartial::verify::fuzz_targets(), 2000);
}
