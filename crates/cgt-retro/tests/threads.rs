//! The same table on any number of threads: one thread updates the bits and counts with plain
//! loads and stores, several with atomic read-modify-writes, and both must agree bit for bit.

use cgt_retro::chess::tables::EndgameTable;
use cgt_retro::chess::{Endgame, Scheme};
use cgt_retro::engine::{Table, Terminal, solve};
use cgt_retro::graph::GameGraph;

fn on_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a pool")
        .install(work)
}

#[test]
fn chess_tables_are_the_same_on_one_and_three_threads() {
    // A lone king (drawn captures), one piece a side (probed captures), identical pieces.
    for name in ["krk", "kqkn", "kbbk"] {
        let build = || {
            let endgame = Endgame::parse(name, Scheme::Reduced, None).unwrap();
            EndgameTable::build(endgame, u128::MAX)
                .unwrap()
                .into_table()
        };
        let one: Table = on_threads(1, build);
        let three: Table = on_threads(3, build);
        assert!(one == three, "{name}: the tables differ");
    }
}

#[test]
fn cyclic_graphs_solve_the_same_on_one_and_three_threads() {
    // Random graphs with cycles and terminal results, from a fixed linear congruential stream.
    let mut state = 12345u64;
    let mut next = |bound: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % bound
    };
    for _ in 0..40 {
        let n = 200 + next(800) as usize;
        let mut edges = Vec::new();
        let mut terminals = Vec::new();
        for v in 0..n {
            let degree = next(4);
            if degree == 0 {
                let t = [Terminal::Loss, Terminal::Win, Terminal::Draw][next(3) as usize];
                terminals.push((v, t));
            }
            for _ in 0..degree {
                edges.push((v, next(n as u64) as usize));
            }
        }
        let graph = GameGraph::new(n, &edges, &terminals).unwrap();
        let one = on_threads(1, || solve(&graph, u128::MAX).unwrap());
        let three = on_threads(3, || solve(&graph, u128::MAX).unwrap());
        assert!(one == three, "a graph of {n} vertices solves differently");
    }
}
