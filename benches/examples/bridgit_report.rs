//! Bridg-it report: exact values, the pairing and resistor players' records, crossing counts.
//!
//! `cargo run --release -p cgt-benches --example bridgit_report -- 4`
use std::time::Instant;

use cgt_core::rng::Rng;
use cgt_minimax::bridgit::{
    Bridgit, PairingPlayer, Player, RandomPlayer, ShannonPlayer, Ties, crossing_count,
    pairing_blocks_every_path, play_out, shannon_record, wins_against_everything,
};
use cgt_minimax::engine::{Options, Solver};

fn main() {
    let max: u8 = std::env::args()
        .nth(1)
        .map_or(4, |a| a.parse().expect("largest n"));
    for n in 1..=max.min(4) {
        let p = Bridgit::new(n).expect("size");
        let t = Instant::now();
        let mut solver = Solver::new(Options::default());
        let v = solver.solve(&p);
        println!(
            "n={n}: exact value for Left {v} in {:.3} s ({} positions)",
            t.elapsed().as_secs_f64(),
            solver.nodes
        );
        let t = Instant::now();
        let pairing = wins_against_everything(p, &mut PairingPlayer::new(n));
        println!(
            "n={n}: pairing vs every Top sequence: {pairing:?} ({:.3} s)",
            t.elapsed().as_secs_f64()
        );
        let t = Instant::now();
        let shannon = wins_against_everything(p, &mut ShannonPlayer);
        println!(
            "n={n}: Shannon vs every Top sequence: {shannon:?} ({:.3} s)",
            t.elapsed().as_secs_f64()
        );
        for ties in [Ties::Best, Ties::All] {
            let t = Instant::now();
            let r = shannon_record(p, ties);
            println!(
                "n={n}: Shannon with {} tie-break vs every Top sequence: {r:?} ({:.3} s)",
                if ties == Ties::All { "every" } else { "some" },
                t.elapsed().as_secs_f64()
            );
        }
        let t = Instant::now();
        let c = crossing_count(n);
        println!(
            "n={n}: crossing sets {c} = 2^{} ({:.3} s)",
            c.ilog2(),
            t.elapsed().as_secs_f64()
        );
    }
    for n in 2..=8u8 {
        let t = Instant::now();
        println!(
            "n={n}: pairing blocks every Top path: {:?} ({:.3} s)",
            pairing_blocks_every_path(n).is_ok(),
            t.elapsed().as_secs_f64()
        );
    }
    let mut rng = Rng::new(11);
    for n in 2..=6u8 {
        let games = 200;
        let mut wins = 0;
        let mut top_wins_vs_pairing = 0;
        for _ in 0..games {
            let mut random = RandomPlayer {
                below: |k| rng.below(k),
            };
            let (w, _) = play_out(
                Bridgit::new(n).expect("size"),
                &mut ShannonPlayer,
                &mut random,
            );
            wins += u32::from(w == Player::Left);
        }
        let (w, _) = play_out(
            Bridgit::new(n).expect("size"),
            &mut PairingPlayer::new(n),
            &mut ShannonPlayer,
        );
        top_wins_vs_pairing += u32::from(w == Player::Top);
        println!(
            "n={n}: Shannon (Left) beats a random Top in {wins}/{games}; Shannon as Top beats the pairing player: {}",
            top_wins_vs_pairing > 0
        );
    }
}
