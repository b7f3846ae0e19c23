//! Solves Connect-Four positions and prints score, time and positions searched.
//!
//! `cargo run --release -p cgt-benches --example connect4_solve -- 5 4 [MOVES]`
use cgt_minimax::connect4::Connect4;
use cgt_minimax::engine::{Options, Solver};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let w: u8 = args[0].parse().expect("width");
    let h: u8 = args[1].parse().expect("height");
    let moves = args.get(2).map_or("", String::as_str);
    let bits: u32 = args.get(3).map_or(22, |b| b.parse().expect("table bits"));
    let p = Connect4::new(w, h)
        .and_then(|p| p.play_str(moves))
        .expect("a position");
    let start = std::time::Instant::now();
    let mut solver = Solver::new(Options {
        table_bits: Some(bits),
        ..Options::default()
    });
    let score = solver.solve(&p);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{w}x{h} '{moves}': score {score}, {secs:.3} s, {} positions, {:.2} M positions/s",
        solver.nodes,
        solver.nodes as f64 / secs / 1e6
    );
}
