//! This crate's verification sweeps at test scale, so `cargo test -p cgt-minimax` keeps the
//! safety net of `cargo xtask verify` for a team that vendors this crate alone.

#[test]
fn every_sweep_of_this_crate_passes_at_test_scale() {
    cgt_core::verify::assert_sweeps_pass(&cgt_minimax::verify::sweeps());
}
