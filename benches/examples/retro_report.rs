//! The KBNK build figures in one run: reduced and raw index, one and two threads (best of
//! `--runs N`, default 3), with positions per second, bytes per position and the speed-ups as
//! ratios. `cargo run --release -p cgt-benches --example retro_report -- [ENDGAME] [--runs N]`
use std::time::Instant;

use cgt_retro::chess::tables::EndgameTable;
use cgt_retro::chess::{Endgame, Scheme};
use cgt_retro::engine::{build_bytes, solve};

fn best_time(endgame: &Endgame, threads: usize, runs: usize) -> (f64, usize) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("threads");
    let mut best = f64::MAX;
    let mut legal = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let table = pool
            .install(|| solve(endgame, u128::MAX))
            .expect("fits in memory");
        best = best.min(start.elapsed().as_secs_f64());
        legal = table.parts().0.count_ones();
    }
    (best, legal)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args
        .iter()
        .find(|a| !a.starts_with("--") && a.parse::<usize>().is_err())
        .map_or("kbnk", String::as_str);
    let runs = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    let mut rows = Vec::new();
    for scheme in [Scheme::Reduced, Scheme::Raw] {
        let endgame = Endgame::parse(name, scheme, None).expect("a known endgame");
        let file_bytes = {
            let table = EndgameTable::build(endgame.clone(), u128::MAX).expect("fits");
            table.encode().len()
        };
        for threads in [1, 2] {
            let (seconds, legal) = best_time(&endgame, threads, runs);
            let size = endgame.index_count();
            println!(
                "{name} {scheme:?} threads={threads}: {seconds:.3} s; {size} indices, {legal} legal, \
                 {:.1} M indices/s, {:.1} M legal positions/s; file {:.2} bytes per index, \
                 building {:.2} bytes per index",
                size as f64 / seconds / 1e6,
                legal as f64 / seconds / 1e6,
                file_bytes as f64 / size as f64,
                build_bytes(size) as f64 / size as f64,
            );
            rows.push((scheme, threads, seconds));
        }
    }
    let time = |s: Scheme, t: usize| {
        rows.iter()
            .find(|r| r.0 == s && r.1 == t)
            .map_or(f64::NAN, |r| r.2)
    };
    println!(
        "speed-up from 2 threads: reduced {:.2}x, raw {:.2}x; from the reduced index: {:.2}x (1 thread), {:.2}x (2 threads)",
        time(Scheme::Reduced, 1) / time(Scheme::Reduced, 2),
        time(Scheme::Raw, 1) / time(Scheme::Raw, 2),
        time(Scheme::Raw, 1) / time(Scheme::Reduced, 1),
        time(Scheme::Raw, 2) / time(Scheme::Reduced, 2),
    );
}
