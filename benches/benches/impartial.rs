//! Benchmarks of `cgt-impartial`: the Wythoff Grundy table, DAG values, loopy values, Green
//! Hackenbush and misère quotients.

use std::hint::black_box;
use std::time::Duration;

use cgt_core::Nimber;
use cgt_core::rng::Rng;
use cgt_impartial::graph::{Digraph, grundy_values};
use cgt_impartial::hackenbush::Hackenbush;
use cgt_impartial::loopy::{LoopyValue, loopy_values};
use cgt_impartial::wythoff::{grundy_table, grundy_table_naive};
use criterion::{Criterion, Throughput};

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

/// Green Hackenbush on a path of 10^6 edges (the worst case of the old quadratic winning-cut
/// search) and on a random tree of 10^5 edges with a thousand triangles and loops.
fn bench_hackenbush(c: &mut Criterion) {
    let mut group = c.benchmark_group("impartial/hackenbush");
    group.sample_size(10);
    let n = 1_000_000u32;
    let path = Hackenbush::new(n as usize + 1, (0..n).map(|i| (i, i + 1)).collect()).unwrap();
    group.throughput(Throughput::Elements(u64::from(n)));
    group.bench_function(format!("path-winning-cuts/edges={n}"), |b| {
        b.iter(|| {
            let p = black_box(&path);
            assert_eq!(p.value(), Nimber::new(u64::from(n)));
            assert_eq!(p.winning_cuts(), [0]);
        });
    });
    let n = 100_000u32;
    let mut rng = Rng::new(3);
    let parent: Vec<u32> = (0..n)
        .map(|i| rng.below(u64::from(i.max(1))) as u32)
        .collect();
    let mut edges: Vec<(u32, u32)> = (1..n).map(|i| (parent[i as usize], i)).collect();
    // Triangles (a vertex joined to its grandparent) and loops: small 2-edge-connected pieces.
    for _ in 0..n / 100 {
        let v = 1 + rng.below(u64::from(n - 1)) as u32;
        let grandparent = parent[parent[v as usize] as usize];
        edges.push((v, if rng.below(2) == 0 { grandparent } else { v }));
    }
    let tree = Hackenbush::new(n as usize, edges).unwrap();
    let expected = (tree.value(), tree.winning_cuts().len());
    group.throughput(Throughput::Elements(tree.edges().len() as u64));
    group.bench_function(
        format!("random-tree-cuts/edges={}", tree.edges().len()),
        |b| {
            b.iter(|| {
                let t = black_box(&tree);
                assert_eq!((t.value(), t.winning_cuts().len()), expected);
            });
        },
    );
    group.finish();
}

fn bench_quotients(c: &mut Criterion) {
    use cgt_core::budget::Budget;
    use cgt_impartial::heapgame::HeapGame;
    use cgt_impartial::quotient::MisereQuotient;
    let mut group = c.benchmark_group("impartial/misere-quotient");
    group.sample_size(10);
    // Dawson's Kayles to heap 22 (order 24) and Kayles to heap 16 (order 24): extension from
    // the smaller quotient; Dawson's Kayles to heap 30 (order 360): refinement of refuted
    // candidates at heaps 25, 27 and 30.
    for (code, upto, order) in [("0.07", 22, 24), ("0.77", 16, 24), ("0.07", 30, 360)] {
        let game = HeapGame::from_name_or_code(code).unwrap();
        group.bench_function(format!("{code}/upto={upto}"), |b| {
            b.iter(|| {
                let q = MisereQuotient::compute(&game, black_box(upto), &Budget::unlimited());
                assert_eq!(q.unwrap().order(), order);
            });
        });
    }
    group.finish();
}

cgt_benches::main!(
    3,
    bench_wythoff,
    bench_graphs,
    bench_hackenbush,
    bench_quotients
);
