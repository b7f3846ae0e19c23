//! This crate's verification sweeps at test scale, so `cargo test -p cgt-partizan` keeps the
//! safety net of `cargo xtask verify` for a team that vendors this crate alone.

use cgt_core::verify::{Config, Scale, failing_sweeps};

#[test]
fn every_sweep_of_this_crate_passes_at_test_scale() {
    let sweeps = cgt_partizan::verify::sweeps();
    assert!(!sweeps.is_empty());
    let failed = failing_sweeps(&sweeps, &Config::new(Scale::Test));
    assert!(failed.is_empty(), "failed sweeps: {failed:#?}");
}
