//! `cargo xtask fuzz`: every crate's fuzz targets, for as long as asked, in parallel.

use std::time::{Duration, Instant};

use anyhow::bail;
use cgt_core::verify::fuzz::{Budget, FuzzTarget, fuzz};
use rayon::prelude::*;

/// Options of `cargo xtask fuzz`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Seconds to spend on each target (targets run in parallel, one per core).
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Run only these targets: a full name (`retro/fen`) or a prefix (`retro/`).
    #[arg(long, value_name = "NAME")]
    only: Vec<String>,
    /// The seed of the first round (each round after it derives its own).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// List the targets and exit.
    #[arg(long)]
    list: bool,
}

/// Every fuzz target of every crate, in a fixed order.
pub(crate) fn registry() -> Vec<FuzzTarget> {
    let mut all = cgt_core::verify::fuzz_targets();
    all.extend(cgt_impartial::verify::fuzz_targets());
    all.extend(cgt_minimax::verify::fuzz_targets());
    all.extend(cgt_retro::verify::fuzz_targets());
    all.extend(cgt_partizan::verify::fuzz_targets());
    all
}

/// Runs the selected targets; `Ok(false)` when one failed.
pub(crate) fn run(args: &Args) -> anyhow::Result<bool> {
    let all = registry();
    if args.list {
        for t in &all {
            println!("{}", t.name);
        }
        return Ok(true);
    }
    for pattern in &args.only {
        if !all.iter().any(|t| t.name.starts_with(pattern.as_str())) {
            bail!("no fuzz target named {pattern:?}; `cargo xtask fuzz --list` shows them");
        }
    }
    let selected: Vec<FuzzTarget> = all
        .into_iter()
        .filter(|t| {
            args.only.is_empty() || args.only.iter().any(|p| t.name.starts_with(p.as_str()))
        })
        .collect();
    let budget = Budget::Time(Duration::from_secs(args.seconds));
    println!(
        "fuzzing {} targets for {} s each, seed {}",
        selected.len(),
        args.seconds,
        args.seed
    );
    let started = Instant::now();
    let results: Vec<_> = selected
        .par_iter()
        .map(|t| (t.name, fuzz(t, budget, args.seed)))
        .collect();
    let mut ok = true;
    for (name, result) in results {
        match result {
            Ok(cases) => println!("ok   {name:<32} {cases:>9} cases"),
            Err(f) => {
                ok = false;
                println!(
                    "FAIL {name:<32} {} on input {:?} (bytes {:?})",
                    f.message,
                    String::from_utf8_lossy(&f.input),
                    f.input
                );
            }
        }
    }
    println!("total time {:.1}s", started.elapsed().as_secs_f64());
    Ok(ok)
}
