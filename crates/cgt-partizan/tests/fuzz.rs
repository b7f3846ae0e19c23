//! This crate's fuzz targets with a fixed budget: the notation and every board, row and picture
//! parser get arbitrary and mutated input and must answer with a typed error or a value that
//! round-trips, never a panic. `cargo xtask fuzz --seconds N` runs the same targets for longer.

#[test]
fn every_fuzz_target_of_this_crate_holds() {
    cgt_core::verify::fuzz::assert_targets_hold(&cgt_partizan::verify::fuzz_targets(), 1000);
}
