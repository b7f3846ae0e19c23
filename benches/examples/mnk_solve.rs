//! Solves m,n,k-games from the empty board and prints value, time and positions searched.
//!
//! `cargo run --release -p cgt-benches --example mnk_solve -- 4 4 4`
use cgt_minimax::engine::{Options, Solver};
use cgt_minimax::mnk::Mnk;

fn main() {
    let args: Vec<u8> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("m n k"))
        .collect();
    let [m, n, k] = args[..] else {
        panic!("usage: mnk_solve M N K")
    };
    let p = Mnk::new(m, n, k).expect("a valid board");
    for (name, options) in [
        ("default", Options::default()),
        (
            "+deepening",
            Options {
                iterative_deepening: true,
                ..Options::default()
            },
        ),
        (
            "full window",
            Options {
                null_window: false,
                ..Options::default()
            },
        ),
    ] {
        let start = std::time::Instant::now();
        let mut solver = Solver::new(options);
        let value = solver.solve(&p);
        println!(
            "({m},{n},{k}) {name}: value {value}, {:.3} s, {} positions",
            start.elapsed().as_secs_f64(),
            solver.nodes
        );
    }
}
