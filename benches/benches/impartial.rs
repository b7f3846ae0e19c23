//! Benchmarks of `cgt-impartial`: the Wythoff Grundy table, DAG values and loopy values.

use std::hint::black_box;
use std::time::Duration;

use cgt_core::verify::Rng;
use cgt_impartial::graph::{Digraph, grundy_values};
use cgt_impartial::loopy::{LoopyValue, loopy_values};
use cgt_impartial::wythoff::{grundy_table, grundy_table_naive};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn checksum(values: &[u32]) -> u64 {
    values.iter().enumerate().fold(0u64, |acc, (i, &v)| {
        acc.wrapping_mul(31).wrapping_add(u64::from(v) ^ i as u64)
    })
}

fn bench_wythoff(c: &mut Criterion) {
    let mut group = c.benchmark_group("impartial/wythoff-grundy");
    group.sample_size(10);
    // The naive mex over row, column and diagonal against the bitset table at the same size.
    let n = 512;
    let expected = checksum(&grundy_table_naive(n));
    group.throughput(Throughput::Elements((n * n) as u64));
    group.bench_function(format!("naive/n={n}"), |b| {
        b.iter(|| assert_eq!(checksum(&grundy_table_naive(black_box(n))), expected));
    });
    group.bench_function(format!("bitset/n={n}"), |b| {
        b.iter(|| {
            assert_eq!(
                checksum(&grundy_table(black_box(n), u128::MAX).unwrap()),
                expected
            );
        });
    });
    let n = 4096;
    let expected = checksum(&grundy_table(n, u128::MAX).unwrap());
    group.throughput(Throughput::Elements((n * n) as u64));
    group.bench_function(format!("bitset/n={n}"), |b| {
        b.iter(|| {
            assert_eq!(
                checksum(&grundy_table(black_box(n), u128::MAX).unwrap()),
                expected
            );
        });
    });
    group.finish();
}

/// A random DAG: each vertex has `degree` edges to random lower-numbered vertices.
fn random_dag(vertices: u32, degree: u32, seed: u64) -> Digraph {
    let mut rng = Rng::new(seed);
    let mut edges = Vec::with_capacity((vertices * degree) as usize);
    for v in 1..vertices {
        for _ in 0..degree {
            edges.push((v, rng.below(u64::from(v)) as u32));
        }
    }
    Digraph::from_edges(vertices as usize, &edges).unwrap()
}

/// A random digraph with cycles: each vertex has 0 to `max_degree` edges to any vertex.
fn random_digraph(vertices: u32, max_degree: u64, seed: u64) -> Digraph {
    let mut rng = Rng::new(seed);
    let mut edges = Vec::new();
    for v in 0..vertices {
        for _ in 0..rng.below(max_degree + 1) {
            edges.push((v, rng.below(u64::from(vertices)) as u32));
        }
    }
    Digraph::from_edges(vertices as usize, &edges).unwrap()
}

fn bench_graphs(c: &mut Criterion) {
    let mut group = c.benchmark_group("impartial/graph");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    let dag = random_dag(2_500_000, 4, 1);
    let edges = dag.edge_count();
    let expected: u64 = grundy_values(&dag).unwrap().iter().sum();
    group.throughput(Throughput::Elements(edges as u64));
    group.bench_function(format!("dag-values/edges={edges}"), |b| {
        b.iter(|| {
            assert_eq!(
                grundy_values(black_box(&dag)).unwrap().iter().sum::<u64>(),
                expected
            );
        });
    });
    let g = random_digraph(1_000_000, 3, 2);
    let count_infinite = |values: &[LoopyValue]| {
        values
            .iter()
            .filter(|v| matches!(v, LoopyValue::Infinite(_)))
            .count()
    };
    let expected = count_infinite(&loopy_values(&g));
    group.throughput(Throughput::Elements(g.len() as u64));
    group.bench_function(format!("loopy-values/vertices={}", g.len()), |b| {
        b.iter(|| assert_eq!(count_infinite(&loopy_values(black_box(&g))), expected));
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_wythoff, bench_graphs
}
criterion_main!(benches);
