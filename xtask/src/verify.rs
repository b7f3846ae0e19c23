//! `cargo xtask verify`: the registry of every crate's sweeps and the runner.

use std::time::Instant;

use anyhow::{Context, bail};
use cgt_core::verify::{Config, Expect, Scale, Shard, Sweep, SweepResult};
use serde_json::json;

/// Options of `cargo xtask verify`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Small domains: the whole run in about four minutes on two cores (the default; what CI runs).
    #[arg(long, conflicts_with = "full")]
    quick: bool,
    /// Large domains: the whole run in under 30 minutes on two cores.
    #[arg(long)]
    full: bool,
    /// Run only these sweeps: a full name (`core/mex-definition`) or a prefix (`core/`).
    #[arg(long, value_name = "NAME")]
    only: Vec<String>,
    /// List the sweeps with their claims and exit.
    #[arg(long)]
    list: bool,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Run only shard I of N of every sweep's cases (1-based); totals over all shards add up to
    /// an unsharded run.
    #[arg(long, value_name = "I/N", default_value = "1/1")]
    shard: Shard,
    /// Print one JSON document instead of text.
    #[arg(long)]
    json: bool,
}

/// Every sweep of every crate, in a fixed order.
pub(crate) fn registry() -> Vec<Sweep> {
    let mut all = cgt_core::verify::sweeps();
    all.extend(cgt_impartial::verify::sweeps());
    all.extend(cgt_minimax::verify::sweeps());
    all.extend(cgt_retro::verify::sweeps());
    all.extend(cgt_partizan::verify::sweeps());
    all
}

/// The sweeps selected by `--only` (all when empty); an unknown name is an error.
fn select(all: Vec<Sweep>, only: &[String]) -> anyhow::Result<Vec<Sweep>> {
    if only.is_empty() {
        return Ok(all);
    }
    for pattern in only {
        if !all.iter().any(|s| matches(s.name, pattern)) {
            bail!("no sweep named {pattern:?}; `cargo xtask verify --list` shows them");
        }
    }
    Ok(all
        .into_iter()
        .filter(|s| only.iter().any(|p| matches(s.name, p)))
        .collect())
}

fn matches(name: &str, pattern: &str) -> bool {
    name == pattern || (pattern.ends_with('/') && name.starts_with(pattern))
}

/// Runs the sweeps; `Ok(true)` when every one passed.
pub(crate) fn run(args: &Args) -> anyhow::Result<bool> {
    let sweeps = select(registry(), &args.only)?;
    if args.list {
        list(&sweeps, args.json);
        return Ok(true);
    }
    let scale = if args.full { Scale::Full } else { Scale::Quick };
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = args.threads {
        if n == 0 {
            bail!("--threads must be at least 1");
        }
        pool = pool.num_threads(n);
    }
    let pool = pool.build().context("cannot start the worker threads")?;
    let config = Config {
        scale,
        shard: args.shard,
    };
    let threads = pool.current_num_threads();
    if !args.json {
        println!(
            "verifying {} sweeps at {} scale, shard {}, {threads} threads",
            sweeps.len(),
            scale_name(scale),
            args.shard
        );
    }
    let started = Instant::now();
    let mut reports = Vec::new();
    for sweep in &sweeps {
        let t = Instant::now();
        let result = pool.install(|| sweep.execute(&config));
        let seconds = t.elapsed().as_secs_f64();
        if !args.json {
            print_result(sweep, &result, seconds);
        }
        reports.push((sweep, result, seconds));
    }
    let passed = reports.iter().filter(|r| r.1.passed).count();
    let failed = reports.len() - passed;
    if args.json {
        let sweeps: Vec<_> = reports
            .iter()
            .map(|(s, r, secs)| {
                json!({
                    "name": s.name,
                    "claim": s.claim,
                    "expect": expect_name(s.expect),
                    "passed": r.passed,
                    "cases": r.tally.cases,
                    "failures": r.tally.failures,
                    "counterexamples": r.tally.counterexamples.iter()
                        .map(|(case, what)| json!({ "case": case, "description": what }))
                        .collect::<Vec<_>>(),
                    "seconds": secs,
                })
            })
            .collect();
        let doc = json!({
            "scale": scale_name(scale),
            "shard": args.shard.to_string(),
            "threads": threads,
            "seconds": started.elapsed().as_secs_f64(),
            "sweeps": sweeps,
            "passed": passed,
            "failed": failed,
        });
        println!("{doc}");
    } else {
        println!("total time {:.2}s", started.elapsed().as_secs_f64());
        println!("{passed} passed, {failed} failed");
    }
    Ok(failed == 0)
}

fn print_result(sweep: &Sweep, result: &SweepResult, seconds: f64) {
    let tally = &result.tally;
    let status = if result.passed { "ok  " } else { "FAIL" };
    let detail = match sweep.expect {
        Expect::Holds => format!("{} failures", tally.failures),
        Expect::Refuted => format!("claim refuted by {} counterexamples", tally.failures),
    };
    println!(
        "{status} {:<40} {:>12} cases  {detail}  {seconds:.2}s",
        sweep.name, tally.cases
    );
    let show = !result.passed || sweep.expect == Expect::Refuted;
    if show {
        if tally.cases == 0 && tally.failures == 0 {
            println!("     no cases were checked");
        }
        for (case, what) in &tally.counterexamples {
            println!("     case {case}: {what}");
        }
    }
}

fn list(sweeps: &[Sweep], json: bool) {
    if json {
        let doc: Vec<_> = sweeps
            .iter()
            .map(|s| json!({ "name": s.name, "claim": s.claim, "expect": expect_name(s.expect) }))
            .collect();
        println!("{}", serde_json::Value::Array(doc));
    } else {
        for s in sweeps {
            let mark = match s.expect {
                Expect::Holds => "",
                Expect::Refuted => " [expected to be refuted]",
            };
            println!("{:<40} {}{mark}", s.name, s.claim);
        }
    }
}

fn scale_name(scale: Scale) -> &'static str {
    scale.pick("test", "quick", "full")
}

fn expect_name(expect: Expect) -> &'static str {
    match expect {
        Expect::Holds => "holds",
        Expect::Refuted => "refuted",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_prefixed_by_crate() {
        let all = registry();
        let mut names: Vec<_> = all.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len(), "duplicate sweep names");
        for name in names {
            let (krate, rest) = name.split_once('/').expect("crate/claim");
            assert!(
                ["core", "impartial", "minimax", "retro", "partizan"].contains(&krate),
                "{name}"
            );
            assert!(!rest.is_empty() && !rest.contains(' '), "{name}");
        }
    }

    #[test]
    fn selection_by_name_and_prefix() {
        let core = select(registry(), &["core/".to_owned()]).unwrap();
        assert!(!core.is_empty() && core.iter().all(|s| s.name.starts_with("core/")));
        let one = select(registry(), &["core/mex-definition".to_owned()]).unwrap();
        assert_eq!(one.len(), 1);
        assert!(select(registry(), &["core/mex".to_owned()]).is_err());
        assert!(select(registry(), &["nonsense".to_owned()]).is_err());
    }
}
