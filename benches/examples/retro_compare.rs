//! Endgame tables measured as a user builds them: the whole `cgt retro build NAME --out FILE`
//! process against the whole `rtbgen -g NAME` process (syzygy1/tb, built by you in a scratch
//! folder; nothing of it is in this repository), on 1 and 2 threads, with each process's wall
//! time and peak memory, and the win/draw/loss counts of both sides compared.
//!
//! `cargo run --release -p cgt-benches --example retro_compare -- --rtbgen PATH --cgt PATH
//! [--five] [--runs N] [--cold]`
//!
//! - `--cgt`: a release build of the `cgt` binary (`target/release/cgt`).
//! - Each program first writes the smaller tables its captures read into the folder where it
//!   builds (not timed): rtbgen its `.rtbw`/`.rtbz` files, cgt its `.cgtb` files. So both
//!   timed commands are the build of one table, as when a user builds a set smallest first.
//! - `--cold` adds a column: cgt in an empty folder, solving its smaller tables inside the
//!   timed command (as a user's first command does).
//! - Four-man rows: KQKR, KNNK, KBNK, KBBK. `--five` adds KQRKR, KRBKR, KBNKN and KNNKN.
//! - Rows under two seconds are the best of `--runs` runs on each side (default 3), longer
//!   ones one run. Peak memory is the maximum resident set from `/usr/bin/time -f %M`.
//! - rtbgen counts one position per symmetry class, as cgt's reduced statistics do, so the
//!   counts must be equal; a difference is printed in the row. With identical pieces rtbgen
//!   counts both orders, so those rows are not compared.
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Each row's endgame: cgt's name, rtbgen's, and the smaller tables rtbgen reads.
const FOUR: &[(&str, &str)] = &[
    ("kqkr", "KQvKR"),
    ("knnk", "KNNvK"),
    ("kbnk", "KBNvK"),
    ("kbbk", "KBBvK"),
];
const FIVE: &[(&str, &str)] = &[
    ("kqrkr", "KQRvKR"),
    ("krbkr", "KRBvKR"),
    ("kbnkn", "KBNvKN"),
    ("knnkn", "KNNvKN"),
];
/// The tables rtbgen needs below the rows, smallest first.
const SMALLER: &[&str] = &[
    "KQvK", "KRvK", "KBvK", "KNvK", "KQRvK", "KQvKR", "KRvKR", "KRBvK", "KRvKB", "KBNvK", "KBvKN",
    "KNvKN", "KBvKR", "KNNvK",
];

/// cgt's name of an rtbgen endgame (`KQvKR` → `kqkr`).
fn cgt_name(rtbgen: &str) -> String {
    rtbgen.replace('v', "").to_lowercase()
}

/// Wins, draws and losses for White to move, then for Black to move.
type Counts = [u64; 6];

/// One timed process: wall seconds, peak resident kilobytes (if `/usr/bin/time` exists), and
/// its standard output.
fn timed(program: &str, args: &[&str], folder: &Path) -> (f64, Option<u64>, String) {
    let timer = Path::new("/usr/bin/time").exists();
    let mut cmd = if timer {
        let mut c = Command::new("/usr/bin/time");
        c.args(["-f", "peak-kb %M", program]);
        c
    } else {
        Command::new(program)
    };
    let started = Instant::now();
    let out = cmd
        .args(args)
        .env("RTBPATH", folder)
        .current_dir(folder)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    let seconds = started.elapsed().as_secs_f64();
    assert!(
        out.status.success(),
        "{program} {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    let peak = err
        .lines()
        .filter_map(|l| l.strip_prefix("peak-kb "))
        .next_back()
        .and_then(|v| v.trim().parse().ok());
    (
        seconds,
        peak,
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The counts rtbgen prints for each side ("N positions are wins." and so on): cursed wins
/// and losses (beyond the fifty-move rule) are wins and losses here, where distance to mate
/// knows no such rule.
fn rtbgen_counts(text: &str) -> Option<Counts> {
    let (white, black) = text.split_once("Black to move:")?;
    let side = |part: &str| {
        let mut c = [0u64; 3];
        for line in part.lines() {
            let Some((n, what)) = line.split_once(" positions are ") else {
                continue;
            };
            let slot = match what.trim() {
                "wins." | "cursed wins." => 0,
                "draws." => 1,
                "losses." | "cursed losses." => 2,
                _ => continue,
            };
            c[slot] += n.trim().parse::<u64>().ok()?;
        }
        Some(c)
    };
    let (w, b) = (side(white)?, side(black)?);
    Some([w[0], w[1], w[2], b[0], b[1], b[2]])
}

/// The counts of `cgt retro stats FILE --json` (reduced: one position per symmetry class).
fn cgt_counts(cgt: &str, file: &Path) -> Option<Counts> {
    let out = Command::new(cgt)
        .args(["retro", "stats", &file.to_string_lossy(), "--json"])
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let number = |side: &str, key: &str| -> Option<u64> {
        let rest = text.split(&format!("\"{side}\":")).nth(1)?;
        let value = rest.split(&format!("\"{key}\":")).nth(1)?;
        value
            .split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    };
    Some([
        number("white", "wins")?,
        number("white", "draws")?,
        number("white", "losses")?,
        number("black", "wins")?,
        number("black", "draws")?,
        number("black", "losses")?,
    ])
}

/// Whether a side of the endgame `k…k…` has two identical pieces.
fn identical_pieces(name: &str) -> bool {
    name.split('k')
        .any(|side| side.chars().zip(side.chars().skip(1)).any(|(a, b)| a == b))
}

/// The fastest of the runs (all of them when the first takes under two seconds, else one).
fn best(
    runs: usize,
    mut f: impl FnMut() -> (f64, Option<u64>, String),
) -> (f64, Option<u64>, String) {
    let mut best = f();
    if best.0 >= 2.0 {
        return best;
    }
    for _ in 1..runs {
        let next = f();
        if next.0 < best.0 {
            best = next;
        }
    }
    best
}

fn mb(kb: Option<u64>) -> String {
    kb.map_or_else(|| "n/a".to_owned(), |k| format!("{:.0}", k as f64 / 1024.0))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let (Some(rtbgen), Some(cgt)) = (flag("--rtbgen"), flag("--cgt")) else {
        eprintln!("usage: retro_compare --rtbgen PATH --cgt PATH [--five] [--runs N]");
        std::process::exit(2);
    };
    let runs = flag("--runs").and_then(|r| r.parse().ok()).unwrap_or(3);
    let five = args.iter().any(|a| a == "--five");
    let cold = args.iter().any(|a| a == "--cold");
    let absolute = |p: &str| std::fs::canonicalize(p).unwrap_or_else(|e| panic!("{p}: {e}"));
    let (rtbgen, cgt) = (absolute(&rtbgen), absolute(&cgt));
    let (rtbgen, cgt) = (rtbgen.to_string_lossy(), cgt.to_string_lossy());
    let folder: PathBuf =
        std::env::temp_dir().join(format!("cgt-retro-compare-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    // cgt's tables go to a folder of their own (a row's file equals the prepared one when it
    // is a smaller table of a later row); `--cold` builds in an empty one, emptied after.
    let tables = folder.join("cgt");
    let empty = folder.join("cold");
    for f in [&tables, &empty] {
        std::fs::create_dir_all(f).expect("a temporary folder");
    }
    let smaller = if five { SMALLER } else { &SMALLER[..4] };
    for name in smaller {
        timed(&rtbgen, &["-t", "2", name], &folder);
        let ours = cgt_name(name);
        let out = tables.join(format!("{ours}.cgtb"));
        let out = out.to_string_lossy();
        timed(
            &cgt,
            &["retro", "build", &ours, "--out", &out, "--quiet"],
            &tables,
        );
    }
    let start_up = best(5, || timed(&cgt, &["--version"], &folder)).0;
    println!("cgt start-up (`cgt --version`): {start_up:.3} s");
    println!();
    let cold_head = if cold {
        " cgt, smaller tables solved too s |"
    } else {
        ""
    };
    let cold_rule = if cold { " --- |" } else { "" };
    println!(
        "| endgame | threads | rtbgen -g s | cgt retro build s | ratio |{cold_head} rtbgen peak MB | cgt peak MB | counts |"
    );
    println!("| --- | --- | --- | --- | --- |{cold_rule} --- | --- | --- |");
    let rows: Vec<(&str, &str)> = FOUR
        .iter()
        .chain(if five { FIVE } else { &[] })
        .copied()
        .collect();
    for (name, anchor) in rows {
        for threads in [1, 2] {
            let t = threads.to_string();
            let (anchor_s, anchor_kb, anchor_out) =
                best(runs, || timed(&rtbgen, &["-t", &t, "-g", anchor], &folder));
            let build_in = |dir: &Path| {
                let file = dir.join(format!("{name}.cgtb"));
                let file_arg = file.to_string_lossy().into_owned();
                let args = [
                    "retro",
                    "build",
                    name,
                    "--out",
                    &file_arg,
                    "--threads",
                    &t,
                    "--quiet",
                ];
                let result = best(runs, || timed(&cgt, &args, dir));
                (result, file)
            };
            let ((cgt_s, cgt_kb, _), file) = build_in(&tables);
            let cold_cell = if cold {
                let ((s, _, _), cold_file) = build_in(&empty);
                let _ = std::fs::remove_file(cold_file);
                format!(" {s:.3} |")
            } else {
                String::new()
            };
            let check = match (rtbgen_counts(&anchor_out), cgt_counts(&cgt, &file)) {
                _ if identical_pieces(name) => {
                    "not compared (rtbgen counts identical pieces in both orders)".to_owned()
                }
                (Some(a), Some(c)) if a == c => "equal".to_owned(),
                (a, c) => format!("differ: rtbgen {a:?}, cgt {c:?}"),
            };
            println!(
                "| {name} | {threads} | {anchor_s:.3} | {cgt_s:.3} | {:.2} |{cold_cell} {} | {} | {check} |",
                anchor_s / cgt_s,
                mb(anchor_kb),
                mb(cgt_kb)
            );
        }
    }
    let _ = std::fs::remove_dir_all(&folder);
}
