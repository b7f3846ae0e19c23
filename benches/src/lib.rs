//! Benchmarks of the cgt workspace live in `benches/`; run them with
//! `cargo bench -p cgt-benches`. Benchmark ids are hierarchical (`core/mex/scratch/n=4096`) and
//! every measured closure asserts its result, so a fast wrong answer cannot pass.

#![forbid(unsafe_code)]

/// `criterion_group!` and `criterion_main!` for a bench file whose benchmarks each measure for
/// `$seconds` seconds after half a second of warm-up: `cgt_benches::main!(3, bench_a, bench_b);`.
#[macro_export]
macro_rules! main {
    ($seconds:expr, $($target:path),+ $(,)?) => {
        criterion::criterion_group! {
            name = benches;
            config = criterion::Criterion::default()
                .warm_up_time(std::time::Duration::from_millis(500))
                .measurement_time(std::time::Duration::from_secs($seconds));
            targets = $($target),+
        }
        criterion::criterion_main!(benches);
    };
}
