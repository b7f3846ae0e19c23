//! Times the phases of a retrograde build: classification (until the first progress report)
//! and the levels. `cargo run --release -p cgt-benches --example retro_phases -- kbnk`
use std::time::Instant;

use cgt_retro::chess::{Endgame, Scheme};
use cgt_retro::engine::solve_with_progress;

fn main() {
    let name = std::env::args().nth(1).unwrap_or_else(|| "kbnk".to_owned());
    let raw = std::env::args().any(|a| a == "--raw");
    let scheme = if raw { Scheme::Raw } else { Scheme::Reduced };
    let endgame = Endgame::parse(&name, scheme, None).expect("a known endgame");
    let start = Instant::now();
    let mut first = None;
    let table = solve_with_progress(&endgame, u128::MAX, &mut |p| {
        if first.is_none() {
            first = Some((start.elapsed().as_secs_f64(), p.legal));
        }
    })
    .expect("fits");
    let total = start.elapsed().as_secs_f64();
    let (init, legal) = first.unwrap_or((0.0, 0));
    println!(
        "{name} ({scheme:?}): {} indices, {legal} legal; classification {init:.2} s, levels {:.2} s, total {total:.2} s",
        table.size(),
        total - init
    );
}
