//! Benchmarks of `cgt-partizan`: Domineering rectangles and random Blue-Red-Green Hackenbush
//! pictures, each from an empty arena and cache (the whole search), plus the arena's sum and
//! comparison on the games born by day 3.

use std::hint::black_box;
use std::time::Duration;

use cgt_core::rng::Rng;
use cgt_partizan::domineering::{Board, Domineering};
use cgt_partizan::hackenbush::{Colour, Picture};
use cgt_partizan::{Arena, Evaluator};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

fn bench_domineering(c: &mut Criterion) {
    let mut group = c.benchmark_group("partizan/domineering");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for rect in ["4x4", "3x6", "4x5", "5x5", "4x6"] {
        let board: Board = rect.parse().expect("board");
        group.bench_with_input(BenchmarkId::from_parameter(rect), &board, |b, board| {
            b.iter(|| {
                let mut arena = Arena::new();
                let v = Evaluator::new(Domineering)
                    .value(&mut arena, black_box(board))
                    .expect("value");
                black_box(v)
            });
        });
    }
    group.finish();
}

/// A random connected picture of `m` edges on `n` vertices (vertex 0 the ground).
fn random_picture(seed: u64, n: u32, m: usize) -> Picture {
    let mut rng = Rng::new(seed);
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    // A random tree first (so everything stands), then extra edges that close cycles.
    let mut edges: Vec<(u32, u32, Colour)> = (1..n)
        .map(|i| {
            (
                rng.below(u64::from(i)) as u32,
                i,
                colours[rng.below(3) as usize],
            )
        })
        .collect();
    while edges.len() < m {
        let (u, v) = (
            rng.below(u64::from(n)) as u32,
            rng.below(u64::from(n)) as u32,
        );
        edges.push((u, v, colours[rng.below(3) as usize]));
    }
    Picture::new(n as usize, edges).expect("picture")
}

fn bench_hackenbush(c: &mut Criterion) {
    let mut group = c.benchmark_group("partizan/hackenbush");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for (n, m) in [(8u32, 10usize), (10, 13), (12, 15)] {
        let pictures: Vec<Picture> = (0..4).map(|s| random_picture(s, n, m)).collect();
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{m}-edges-x4")),
            &pictures,
            |b, pictures| {
                b.iter(|| {
                    for p in pictures {
                        let mut arena = Arena::new();
                        let all = p.all_edges();
                        let v = Evaluator::new(p.clone())
                            .value(&mut arena, &all)
                            .expect("value");
                        black_box(v);
                    }
                });
            },
        );
    }
    group.finish();
}

fn bench_arena(c: &mut Criterion) {
    let mut group = c.benchmark_group("partizan/arena");
    group.bench_function("day3-from-scratch", |b| {
        b.iter(|| {
            let mut arena = Arena::new();
            black_box(cgt_partizan::verify::day3(&mut arena).len())
        });
    });
    group.finish();
}

criterion_group!(benches, bench_domineering, bench_hackenbush, bench_arena);
criterion_main!(benches);
