//! Benchmarks of `cgt-core`: mex, nim-multiplication and the generic solver.

use std::collections::BTreeSet;
use std::hint::black_box;

use cgt_core::rng::Rng;
use cgt_core::{ImpartialGame, MexScratch, Nimber, Solver, mex, nim_mul};
use criterion::{BenchmarkId, Criterion, Throughput};

/// Random values below `n` with the value `n / 2` left out, so the mex is known.
fn mex_input(n: u64) -> (Vec<u64>, u64) {
    let mut rng = Rng::new(n);
    let hole = n / 2;
    let mut values: Vec<u64> = (0..n).filter(|&v| v != hole).collect();
    values.extend((0..n).map(|_| rng.below(n)).filter(|&v| v != hole));
    for i in (1..values.len()).rev() {
        values.swap(i, rng.below(i as u64 + 1) as usize);
    }
    (values, hole)
}

fn bench_mex(c: &mut Criterion) {
    let mut group = c.benchmark_group("core/mex");
    for n in [16u64, 256, 4096] {
        let (values, expected) = mex_input(n);
        group.throughput(Throughput::Elements(values.len() as u64));
        let mut scratch = MexScratch::new();
        group.bench_with_input(
            BenchmarkId::new("scratch", format!("n={n}")),
            &values,
            |b, v| {
                b.iter(|| assert_eq!(scratch.mex_of(black_box(v)), expected));
            },
        );
        group.bench_with_input(
            BenchmarkId::new("oneshot", format!("n={n}")),
            &values,
            |b, v| {
                b.iter(|| assert_eq!(mex(black_box(v).iter().copied()), expected));
            },
        );
        // Reference: the textbook set-based mex, to state the scratch buffer's gain as a ratio.
        group.bench_with_input(
            BenchmarkId::new("btreeset", format!("n={n}")),
            &values,
            |b, v| {
                b.iter(|| {
                    let set: BTreeSet<u64> = black_box(v).iter().copied().collect();
                    let m = (0..).find(|m| !set.contains(m)).unwrap();
                    assert_eq!(m, expected);
                });
            },
        );
    }
    group.finish();
}

fn bench_nimmul(c: &mut Criterion) {
    let mut group = c.benchmark_group("core/nimmul");
    for bits in [8u32, 16, 32, 64] {
        let mask = if bits == 64 {
            u64::MAX
        } else {
            (1 << bits) - 1
        };
        let mut rng = Rng::new(u64::from(bits));
        let pairs: Vec<(u64, u64)> = (0..1024)
            .map(|_| (rng.next_u64() & mask | 1, rng.next_u64() & mask | 1))
            .collect();
        group.throughput(Throughput::Elements(pairs.len() as u64));
        group.bench_function(format!("product/bits={bits}"), |b| {
            b.iter(|| {
                for &(x, y) in black_box(&pairs) {
                    // Non-zero factors give a non-zero product in a field.
                    assert_ne!(nim_mul(x, y), 0);
                }
            });
        });
    }
    let x = Nimber::new(0x0123_4567_89ab_cdef);
    group.bench_function("inverse/bits=64", |b| {
        b.iter(|| assert_eq!(black_box(x) * black_box(x).inverse().unwrap(), Nimber::ONE));
    });
    group.finish();
}

/// Moves n → n − 1 only.
struct Chain;
impl ImpartialGame for Chain {
    type Position = u32;
    /// The vertex reached.
    type Move = u32;
    fn moves(&self, &n: &u32, out: &mut Vec<(u32, u32)>) {
        if n > 0 {
            out.push((n - 1, n - 1));
        }
    }
    fn options(&self, &n: &u32, out: &mut Vec<u32>) {
        if n > 0 {
            out.push(n - 1);
        }
    }
}

/// A random DAG: vertex v has edges to random vertices below v.
struct Dag {
    succ: Vec<Vec<u32>>,
}
impl ImpartialGame for Dag {
    type Position = u32;
    /// The vertex reached.
    type Move = u32;
    fn moves(&self, &v: &u32, out: &mut Vec<(u32, u32)>) {
        out.extend(self.succ[v as usize].iter().map(|&w| (w, w)));
    }
    fn options(&self, &v: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(&self.succ[v as usize]);
    }
}

fn random_dag(vertices: u32, out_degree: u32) -> Dag {
    let mut rng = Rng::new(7);
    let succ = (0..vertices)
        .map(|v| {
            if v == 0 {
                Vec::new()
            } else {
                (0..out_degree)
                    .map(|_| rng.below(u64::from(v)) as u32)
                    .collect()
            }
        })
        .collect();
    Dag { succ }
}

/// Grundy values of every vertex by plain dynamic programming in index order (edges go down).
fn dag_values_by_index(dag: &Dag) -> Vec<u64> {
    let mut values = vec![0u64; dag.succ.len()];
    let mut scratch = MexScratch::new();
    for (v, succ) in dag.succ.iter().enumerate() {
        values[v] = scratch.mex_of(&succ.iter().map(|&w| values[w as usize]).collect::<Vec<_>>());
    }
    values
}

fn bench_solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("core/solver");
    group.sample_size(10);
    let n = 1_000_000u32;
    group.throughput(Throughput::Elements(u64::from(n)));
    group.bench_function(format!("chain/n={n}"), |b| {
        b.iter(|| {
            let mut solver = Solver::new(Chain);
            assert_eq!(
                solver.grundy(&black_box(n)).unwrap(),
                Nimber::new(u64::from(n % 2))
            );
        });
    });
    let (vertices, degree) = (200_000u32, 5u32);
    let dag = random_dag(vertices, degree);
    let expected: u64 = dag_values_by_index(&dag).iter().sum();
    // Every vertex is queried (from the top down), so every edge is explored once.
    group.throughput(Throughput::Elements(u64::from(vertices * degree)));
    group.bench_function(format!("random-dag/edges={}", vertices * degree), |b| {
        b.iter(|| {
            let mut solver = Solver::new(&dag);
            let sum: u64 = (0..vertices)
                .rev()
                .map(|v| solver.grundy(&black_box(v)).unwrap().value())
                .sum();
            assert_eq!(sum, expected);
        });
    });
    group.finish();
}

cgt_benches::main!(2, bench_mex, bench_nimmul, bench_solver);
