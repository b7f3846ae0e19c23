//! Benchmarks of retrograde analysis: KQK, KBNK and KQKR table builds, reduced and raw index,
//! one and two threads.

use std::hint::black_box;

use cgt_retro::chess::{Endgame, Scheme};
use cgt_retro::engine::solve;
use criterion::{Criterion, Throughput};

/// Positions won for White to move: a cheap fingerprint of a whole table.
fn wins(endgame: &Endgame) -> usize {
    let table = solve(endgame, u128::MAX).expect("fits in memory");
    (0..endgame.index_count() / 2)
        .filter(|&i| matches!(table.verdict(i), Some(cgt_core::Verdict::Win(_))))
        .count()
}

fn bench_builds(c: &mut Criterion) {
    let mut group = c.benchmark_group("retro/build");
    group.sample_size(10);
    for (name, schemes) in [
        ("kqk", vec![Scheme::Reduced, Scheme::Raw]),
        ("kbnk", vec![Scheme::Reduced, Scheme::Raw]),
        ("kqkr", vec![Scheme::Reduced]),
    ] {
        for scheme in schemes {
            let endgame = Endgame::parse(name, scheme, None).expect("known");
            let expected = wins(&endgame);
            group.throughput(Throughput::Elements(endgame.index_count() as u64));
            for threads in [1usize, 2] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .expect("threads");
                let label = match scheme {
                    Scheme::Raw => "raw",
                    Scheme::Reduced => "reduced",
                };
                group.bench_function(format!("{name}/{label}/threads={threads}"), |b| {
                    b.iter(|| pool.install(|| assert_eq!(wins(black_box(&endgame)), expected)));
                });
            }
        }
    }
    group.finish();
}

cgt_benches::main!(5, bench_builds);
