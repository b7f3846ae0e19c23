//! Naive against rare-value (auto) nim-sequences in one process, as ratios.
//!
//! `cargo run --release -p cgt-benches --example nimseq_ratio -- [N] [GAME…]`
//! (default N = 131072, games 0.16 0.6 grundy 0.137).

use std::ops::ControlFlow;
use std::time::Instant;

use cgt_impartial::heapgame::HeapGame;
use cgt_impartial::nimseq::{Algorithm, NimSequence};

fn run(game: &HeapGame, algorithm: Algorithm, n: usize) -> (f64, Vec<u32>, NimSequence) {
    let started = Instant::now();
    let mut seq = NimSequence::new(game.clone(), algorithm);
    seq.extend_to(n, u128::MAX, |_| ControlFlow::Continue(()))
        .expect("no memory limit");
    let seconds = started.elapsed().as_secs_f64();
    (seconds, seq.values().to_vec(), seq)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1 << 17);
    let mut games: Vec<String> = args.collect();
    if games.is_empty() {
        games = ["0.16", "0.6", "grundy", "0.137"]
            .map(String::from)
            .to_vec();
    }
    println!("game\tn\tnaive s\tauto s\tratio\tmask\tauto values/s");
    for name in games {
        let game = HeapGame::from_name_or_code(&name).expect("a game");
        let (naive_s, naive_v, _) = run(&game, Algorithm::Naive, n);
        let (auto_s, auto_v, seq) = run(&game, Algorithm::Auto, n);
        assert_eq!(naive_v, auto_v, "{name}: the algorithms disagree");
        println!(
            "{name}\t{n}\t{naive_s:.3}\t{auto_s:.3}\t{:.1}\t{:?}\t{:.0}",
            naive_s / auto_s,
            seq.mask(),
            n as f64 / auto_s
        );
        println!("\t{:?}", seq.stats());
    }
}
