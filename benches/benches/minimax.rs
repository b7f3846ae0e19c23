//! Benchmarks of the game-tree search engine: Connect-Four positions with few moves left under
//! plain alpha-beta, then adding the transposition table, move ordering, the null-window
//! driver and the games' own knowledge; the dedicated Connect-Four solver (score, every
//! column, a batch on two threads); m,n,k-games from the empty board; and the games of hidden
//! information: Kuhn poker by the exact sequence form, 100 iterations of CFR+ on Leduc
//! hold'em, and a 12 × 12 matrix game.

use std::hint::black_box;

use cgt_core::budget::Budget;
use cgt_core::rng::Rng;
use cgt_minimax::connect4::Connect4;
use cgt_minimax::engine::{Game, Options, Solver};
use cgt_minimax::hidden::{Cfr, Poker};
use cgt_minimax::matrix::MatrixGame;
use cgt_minimax::mnk::Mnk;
use criterion::Criterion;

/// Random 7×6 positions with `left` empty cells, not over and with no immediate win.
fn positions(left: u32, count: usize) -> Vec<Connect4> {
    let mut rng = Rng::new(2026);
    let mut out = Vec::new();
    while out.len() < count {
        let mut p = Connect4::standard();
        let mut moves = Vec::new();
        while p.played() < 42 - left && p.terminal().is_none() && !p.can_win_now() {
            moves.clear();
            p.moves(&mut moves);
            p.play(moves[rng.below(moves.len() as u64) as usize]);
        }
        if p.played() == 42 - left && p.terminal().is_none() && !p.can_win_now() {
            out.push(p);
        }
    }
    out
}

/// The option ladder: each step adds one technique to the previous.
fn ladder() -> Vec<(&'static str, Options)> {
    let plain = Options::plain();
    let table = Options {
        table_bits: Some(16),
        ..plain
    };
    let ordering = Options {
        ordering: true,
        ..table
    };
    let null_window = Options {
        null_window: true,
        ..ordering
    };
    let knowledge = Options {
        knowledge: true,
        symmetry: true,
        ..null_window
    };
    vec![
        ("plain", plain),
        ("+table", table),
        ("+ordering", ordering),
        ("+null-window", null_window),
        ("+knowledge+symmetry", knowledge),
    ]
}

fn bench_connect4(c: &mut Criterion) {
    let mut group = c.benchmark_group("minimax/connect4-12-left");
    group.sample_size(10);
    let set = positions(12, 20);
    let expected: Vec<i32> = set
        .iter()
        .map(|p| Solver::new(Options::default()).solve(p))
        .collect();
    for (name, options) in ladder() {
        group.bench_function(name, |b| {
            b.iter(|| {
                for (p, &want) in set.iter().zip(&expected) {
                    assert_eq!(Solver::new(options).solve(black_box(p)), want);
                }
            });
        });
    }
    group.finish();
}

/// The dedicated solver on 20 random 7×6 positions with 26 empty cells (16 stones): the score
/// alone, the score of every column, and the whole set as a batch on two threads. Expected
/// scores come from the generic engine.
fn bench_connect4_solver(c: &mut Criterion) {
    use cgt_minimax::connect4::{Connect4Solver, Depth, connect4_table_bits, solve_batch};
    let mut group = c.benchmark_group("minimax/connect4-solver-26-left");
    group.sample_size(10);
    let set = positions(26, 20);
    let expected: Vec<i32> = set
        .iter()
        .map(|p| Solver::new(Options::default()).solve(p))
        .collect();
    let bits = connect4_table_bits(26);
    group.bench_function("score", |b| {
        b.iter(|| {
            for (p, &want) in set.iter().zip(&expected) {
                assert_eq!(Connect4Solver::new(p, bits).score(black_box(p)), want);
            }
        });
    });
    group.bench_function("every-column", |b| {
        b.iter(|| {
            for (p, &want) in set.iter().zip(&expected) {
                let all = Connect4Solver::new(p, bits).move_scores(black_box(p));
                assert_eq!(all.iter().flatten().max(), Some(&want));
            }
        });
    });
    group.bench_function("batch-2-threads", |b| {
        b.iter(|| {
            let (results, _) = solve_batch(&set, 2, bits, Depth::Exact, false, None, &|_| {});
            assert!(results.iter().map(|r| r.score).eq(expected.iter().copied()));
        });
    });
    group.finish();
}

fn bench_mnk(c: &mut Criterion) {
    let mut group = c.benchmark_group("minimax/mnk");
    group.sample_size(10);
    for (m, n, k, bits) in [(3u8, 3u8, 3u8, 10u32), (4, 4, 4, 16)] {
        let p = Mnk::new(m, n, k).expect("valid board");
        let options = Options {
            table_bits: Some(bits),
            ..Options::default()
        };
        group.bench_function(format!("{m},{n},{k}"), |b| {
            b.iter(|| assert_eq!(Solver::new(options).solve(black_box(&p)), 0));
        });
    }
    group.finish();
}

fn bench_hidden(c: &mut Criterion) {
    let mut group = c.benchmark_group("minimax/hidden");
    group.sample_size(10);
    let kuhn = Poker::kuhn().game();
    group.bench_function("kuhn-sequence-form", |b| {
        b.iter(|| black_box(kuhn.solve()));
    });
    let leduc = Poker::leduc().game();
    group.bench_function("leduc-cfr-100", |b| {
        b.iter(|| {
            let mut run = Cfr::new(&leduc);
            run.run(100, &Budget::unlimited()).expect("no limit");
            black_box(run.checkpoint())
        });
    });
    let mut rng = Rng::new(61);
    let rows: Vec<Vec<i64>> = (0..12)
        .map(|_| (0..12).map(|_| rng.below(21) as i64 - 10).collect())
        .collect();
    let text: Vec<String> = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let game = MatrixGame::parse(&text.join(";")).expect("a 12 × 12 matrix");
    group.bench_function("matrix-12x12", |b| {
        b.iter(|| black_box(game.solve()));
    });
    group.finish();
}

cgt_benches::main!(
    3,
    bench_connect4,
    bench_connect4_solver,
    bench_mnk,
    bench_hidden
);
