//! Side by side with the public anchors, in one run: each row times the anchor (a program the
//! user built and points to; nothing of theirs is built or copied here) and cgt on the same
//! workload, checks that both found the same values, and prints the ratio anchor / cgt (> 1:
//! cgt is faster).
//!
//! `cargo run --release -p cgt-benches --example compare -- --ogs PATH [--quick]`
//!
//! Rows so far: the nim-sequence rows of issue 14 against `ogsolve` (beling/impartial-games),
//! cgt computing in this process. `--quick` shrinks every N by 16 for a fast look.

use std::ops::ControlFlow;
use std::process::Command;
use std::time::Instant;

use cgt_impartial::heapgame::HeapGame;
use cgt_impartial::nimseq::{Algorithm, NimSequence};

/// One row: the game, the last heap N, the ogs methods tried (the best time counts), and
/// cgt's algorithm.
struct Row {
    code: &'static str,
    n: usize,
    ogs: &'static [&'static str],
    cgt: Algorithm,
}

const ROWS: &[Row] = &[
    Row {
        code: "0.16",
        n: 131_071,
        ogs: &["rc"],
        cgt: Algorithm::Auto,
    },
    Row {
        code: "0.6",
        n: 1 << 20,
        ogs: &["rc"],
        cgt: Algorithm::Auto,
    },
    Row {
        code: "0.6",
        n: 1 << 22,
        ogs: &["rc"],
        cgt: Algorithm::Auto,
    },
    Row {
        code: "0.376",
        n: 2_500_000,
        ogs: &["rc"],
        cgt: Algorithm::Auto,
    },
    Row {
        code: "0.77",
        n: 10_000,
        ogs: &["rc"],
        cgt: Algorithm::Auto,
    },
    Row {
        code: "0.137",
        n: 100_000,
        ogs: &["naive"],
        cgt: Algorithm::Auto,
    },
    Row {
        code: "0.16",
        n: 131_071,
        ogs: &["naive"],
        cgt: Algorithm::Naive,
    },
    Row {
        code: "0.04",
        n: 131_071,
        ogs: &["naive", "rc"],
        cgt: Algorithm::Auto,
    },
    Row {
        code: "0.06",
        n: 131_071,
        ogs: &["naive", "rc"],
        cgt: Algorithm::Auto,
    },
];

/// Runs `ogsolve CODE -n N -m METHOD`: wall seconds and the value of heap N it prints.
fn ogs(path: &str, code: &str, n: usize, method: &str) -> (f64, Option<u32>) {
    let started = Instant::now();
    let out = Command::new(path)
        .args([code, "-n", &n.to_string(), "-m", method])
        .output()
        .unwrap_or_else(|e| panic!("cannot run {path}: {e}"));
    let seconds = started.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out.stdout);
    let value = text
        .split(&format!("nimber of {n}:"))
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|v| v.parse().ok());
    (seconds, value)
}

fn cgt(code: &str, n: usize, algorithm: Algorithm) -> (f64, u32) {
    let game = HeapGame::from_name_or_code(code).expect("a valid code");
    let started = Instant::now();
    let mut seq = NimSequence::new(game, algorithm);
    seq.extend_to(n + 1, u128::MAX, |_| ControlFlow::Continue(()))
        .expect("no memory limit");
    (started.elapsed().as_secs_f64(), seq.values()[n])
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let quick = args.iter().any(|a| a == "--quick");
    let Some(ogs_path) = flag("--ogs") else {
        eprintln!("usage: compare --ogs PATH [--quick]  (PATH: an ogsolve binary you built)");
        std::process::exit(2);
    };
    println!("| workload | anchor | anchor s | cgt s | ratio |");
    println!("| --- | --- | --- | --- | --- |");
    for row in ROWS {
        let n = if quick { row.n / 16 } else { row.n };
        let mut best: Option<(f64, &str)> = None;
        let mut anchor_value = None;
        for &method in row.ogs {
            let (s, v) = ogs(&ogs_path, row.code, n, method);
            anchor_value = anchor_value.or(v);
            if best.is_none_or(|(b, _)| s < b) {
                best = Some((s, method));
            }
        }
        let (anchor_s, method) = best.expect("at least one method");
        let (cgt_s, value) = cgt(row.code, n, row.cgt);
        if anchor_value != Some(value) {
            println!(
                "| {} to {n} | ogs {method} | values differ: ogs {anchor_value:?}, cgt {value} | | |",
                row.code
            );
            continue;
        }
        println!(
            "| {} to {n}, cgt {:?} | ogs {method} | {anchor_s:.3} | {cgt_s:.3} | {:.2} |",
            row.code,
            row.cgt,
            anchor_s / cgt_s
        );
    }
}
