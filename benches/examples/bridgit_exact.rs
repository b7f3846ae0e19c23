//! Exact Bridg-it solving time: `cargo run --release -p cgt-benches --example bridgit_exact -- 4`
use cgt_minimax::bridgit::Bridgit;
use cgt_minimax::engine::{Options, Solver};

fn main() {
    let n: u8 = std::env::args().nth(1).map_or(4, |a| a.parse().expect("n"));
    let p = Bridgit::new(n).expect("size");
    let t = std::time::Instant::now();
    let mut solver = Solver::new(Options {
        table_bits: Some(22),
        ..Options::default()
    });
    let v = solver.solve(&p);
    println!(
        "n={n}: value {v}, {:.3} s, {} positions",
        t.elapsed().as_secs_f64(),
        solver.nodes
    );
}
