//! Solves random 7×6 Connect-Four positions with a given number of moves left and reports
//! the mean time and positions per second.
//!
//! `cargo run --release -p cgt-benches --example connect4_random -- 14 50`
use cgt_minimax::connect4::Connect4;
use cgt_minimax::engine::{Game, Options, Solver};

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let (left, count) = (args[0], args[1]);
    let mut rng = cgt_core::rng::Rng::new(7);
    let mut positions = Vec::new();
    while positions.len() < count as usize {
        let mut p = Connect4::standard();
        let mut ok = true;
        while p.played() < 42 - left {
            let mut moves = Vec::new();
            p.moves(&mut moves);
            p.play(moves[rng.below(moves.len() as u64) as usize]);
            if p.terminal().is_some() || p.can_win_now() {
                ok = false;
                break;
            }
        }
        if ok {
            positions.push(p);
        }
    }
    let start = std::time::Instant::now();
    let mut nodes = 0;
    for p in &positions {
        let mut solver = Solver::new(Options {
            table_bits: Some(16),
            ..Options::default()
        });
        solver.solve(p);
        nodes += solver.nodes;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{count} positions with {left} moves left: mean {:.3} ms, {:.0} positions searched each, {:.2} M positions/s",
        secs * 1e3 / f64::from(count),
        nodes as f64 / f64::from(count),
        nodes as f64 / secs / 1e6
    );
}
