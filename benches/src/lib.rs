//! Benchmarks of the cgt workspace live in `benches/`; run them with
//! `cargo bench -p cgt-benches`. Benchmark ids are hierarchical (`core/mex/scratch/n=4096`) and
//! every measured closure asserts its result, so a fast wrong answer cannot pass.

#![forbid(unsafe_code)]
