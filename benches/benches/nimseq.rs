//! Benchmarks of nim-sequences: naive against rare-value on games with and without sparse space.

use std::hint::black_box;
use std::ops::ControlFlow;

use cgt_impartial::heapgame::HeapGame;
use cgt_impartial::nimseq::{Algorithm, NimSequence, naive_values};
use criterion::{Criterion, Throughput};

fn values(game: &HeapGame, algorithm: Algorithm, n: usize) -> Vec<u32> {
    values_on(game, algorithm, n, 1)
}

fn values_on(game: &HeapGame, algorithm: Algorithm, n: usize, threads: usize) -> Vec<u32> {
    let mut seq = NimSequence::new(game.clone(), algorithm);
    seq.set_threads(threads);
    seq.extend_to(n, u128::MAX, |_| ControlFlow::Continue(()))
        .expect("no memory limit");
    seq.values().to_vec()
}

fn bench_sequences(c: &mut Criterion) {
    let mut group = c.benchmark_group("impartial/nimseq");
    group.sample_size(10);
    let n = 1 << 15;
    group.throughput(Throughput::Elements(n as u64));
    for name in ["0.16", "0.6", "0.376", "0.77", "grundy", "0.137", "0.04"] {
        let game = HeapGame::from_name_or_code(name).expect("a game");
        let expected = naive_values(&game, n);
        for (label, algorithm) in [("naive", Algorithm::Naive), ("auto", Algorithm::Auto)] {
            group.bench_function(format!("{name}/{label}/n={n}"), |b| {
                b.iter(|| assert_eq!(values(&game, algorithm, black_box(n)), expected));
            });
        }
    }
    group.finish();
}

/// Heaps shared by two threads (the rare-value path on 0.6, 0.376 and Grundy's game, the naive
/// loop on 0.04), checked against one thread.
fn bench_threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("impartial/nimseq-2-threads");
    group.sample_size(10);
    let n = 1 << 16;
    group.throughput(Throughput::Elements(n as u64));
    for name in ["0.6", "0.376", "grundy", "0.04"] {
        let game = HeapGame::from_name_or_code(name).expect("a game");
        let expected = values(&game, Algorithm::Auto, n);
        group.bench_function(format!("{name}/auto/n={n}"), |b| {
            b.iter(|| assert_eq!(values_on(&game, Algorithm::Auto, black_box(n), 2), expected));
        });
    }
    group.finish();
}

cgt_benches::main!(3, bench_sequences, bench_threads);
