//! The verification harness shared by the workspace, and `cgt-core`'s own sweeps.
//!
//! A [`Sweep`] checks one claim — a theorem, a closed form, or a fast implementation — against an
//! independent brute-force oracle on every case of a bounded domain. Its case space is numbered
//! `0..total`; [`check_cases`] runs the cases of one [`Shard`] in parallel with rayon and keeps
//! the first counterexamples in case order, so a report does not depend on the thread count.
//! Random cases derive their randomness from the case number ([`Rng::for_case`]), so sharded runs
//! cover exactly the cases of an unsharded run and their counts add up to its totals.
//!
//! Each library crate exposes `verify::sweeps()` behind its `verify` feature; `cargo xtask verify`
//! runs them all, and a capped copy ([`Scale::Test`]) runs inside `cargo test`.

pub mod fuzz;
mod sweeps;
mod targets;

pub use sweeps::sweeps;
pub use targets::fuzz_targets;

pub use crate::rng::Rng;
use core::fmt;
use core::str::FromStr;

use rayon::prelude::*;

/// How large a domain a sweep covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scale {
    /// Capped domains for `cargo test` in a debug build: each sweep well under a second.
    Test,
    /// `cargo xtask verify --quick`: the whole registry in about four minutes on two cores.
    Quick,
    /// `cargo xtask verify --full`: larger domains, the whole registry in under 30 minutes.
    Full,
}

impl Scale {
    /// The value for this scale out of one per scale.
    #[must_use]
    pub fn pick<T>(self, test: T, quick: T, full: T) -> T {
        match self {
            Scale::Test => test,
            Scale::Quick => quick,
            Scale::Full => full,
        }
    }
}

/// One part of a deterministic split of every sweep's case space: shard `index` of `count`
/// (1-based, as written on the command line: `1/4` … `4/4`) takes the cases whose number is
/// `index − 1` modulo `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u64,
    count: u64,
}

impl Shard {
    /// The whole case space.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` of `count`, with `1 ≤ index ≤ count`.
    ///
    /// # Errors
    /// [`ShardError`] when `count` is zero or `index` is outside `1..=count`.
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if count == 0 || index == 0 || index > count {
            return Err(ShardError {
                input: format!("{index}/{count}"),
            });
        }
        Ok(Shard { index, count })
    }

    /// The 1-based index of this shard.
    #[must_use]
    pub fn index(self) -> u64 {
        self.index
    }

    /// The number of shards.
    #[must_use]
    pub fn count(self) -> u64 {
        self.count
    }

    /// True when case `case` belongs to this shard.
    #[must_use]
    pub fn contains(self, case: u64) -> bool {
        case % self.count == self.index - 1
    }

    /// Number of cases of `0..total` in this shard.
    #[must_use]
    pub fn len_of(self, total: u64) -> u64 {
        let first = self.index - 1;
        if total <= first {
            0
        } else {
            (total - first).div_ceil(self.count)
        }
    }

    /// The `j`-th case of this shard.
    #[must_use]
    pub fn nth(self, j: u64) -> u64 {
        self.index - 1 + j * self.count
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let err = || ShardError {
            input: s.to_owned(),
        };
        let (i, n) = s.split_once('/').ok_or_else(err)?;
        let i = i.trim().parse().map_err(|_| err())?;
        let n = n.trim().parse().map_err(|_| err())?;
        Shard::new(i, n).map_err(|_| err())
    }
}

/// A shard written other than `I/N` with `1 ≤ I ≤ N`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ShardError {
    /// The rejected input.
    pub input: String,
}

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid shard {:?}: expected I/N with 1 <= I <= N, for example 2/4",
            self.input
        )
    }
}

impl std::error::Error for ShardError {}

/// What a sweep is run with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Domain size.
    pub scale: Scale,
    /// Which part of the case space to run.
    pub shard: Shard,
}

impl Config {
    /// The whole case space at `scale`.
    #[must_use]
    pub fn new(scale: Scale) -> Config {
        Config {
            scale,
            shard: Shard::ALL,
        }
    }
}

/// Whether a sweep expects its claim to hold or to be refuted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expect {
    /// The sweep passes when no case fails.
    Holds,
    /// The claim is false (for example a wrong statement in a seed text): the sweep passes when
    /// it finds counterexamples, and reports how many.
    Refuted,
}

/// A named verification sweep.
#[derive(Clone, Copy, Debug)]
pub struct Sweep {
    /// Unique name, `crate/claim`, for example `core/mex-definition`.
    pub name: &'static str,
    /// The claim checked and the oracle it is checked against, in one sentence.
    pub claim: &'static str,
    /// Whether the claim should hold.
    pub expect: Expect,
    /// Runs the sweep.
    pub run: fn(&Config) -> Tally,
}

impl Sweep {
    /// Runs the sweep and judges the result.
    #[must_use]
    pub fn execute(&self, config: &Config) -> SweepResult {
        let tally = (self.run)(config);
        let passed = match self.expect {
            Expect::Holds => tally.failures == 0,
            Expect::Refuted => tally.failures > 0,
        };
        // A sweep that checks nothing proves nothing; a shard may legitimately be empty.
        let passed = passed && (tally.cases > 0 || config.shard != Shard::ALL);
        SweepResult { tally, passed }
    }
}

/// A judged sweep result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepResult {
    /// The counts.
    pub tally: Tally,
    /// Whether the sweep passed, given its [`Expect`].
    pub passed: bool,
}

/// Runs every sweep at `config` and names each that fails, with its tally; empty when all
/// pass. The capped copy in each crate's `cargo test` and in the xtask's tests is this call.
#[must_use]
pub fn failing_sweeps(sweeps: &[Sweep], config: &Config) -> Vec<String> {
    sweeps
        .iter()
        .filter_map(|s| {
            let r = s.execute(config);
            (!r.passed).then(|| format!("{}: {:?}", s.name, r.tally))
        })
        .collect()
}

/// Panics, naming each failed sweep, unless every one of a crate's `sweeps` (at least one)
/// passes at [`Scale::Test`], and its three shards (`--shard 1/3` … `3/3`) add up to the
/// unsharded tally: the body of each crate's `tests/sweeps.rs`, which keeps the safety net of
/// `cargo xtask verify` in `cargo test` for a team that vendors that crate alone.
///
/// # Panics
/// No sweep, a sweep that fails, or one whose shards do not add up.
pub fn assert_sweeps_pass(sweeps: &[Sweep]) {
    assert!(!sweeps.is_empty(), "no sweeps");
    let whole = Config::new(Scale::Test);
    let mut failed = Vec::new();
    for sweep in sweeps {
        let result = sweep.execute(&whole);
        if !result.passed {
            failed.push(format!("{}: {:?}", sweep.name, result.tally));
        }
        let mut sum = Tally::default();
        for index in 1..=3 {
            let config = Config {
                scale: Scale::Test,
                shard: Shard::new(index, 3).expect("a shard of three"),
            };
            sum = sum.merge((sweep.run)(&config));
        }
        if sum != result.tally {
            failed.push(format!(
                "{}: three shards add up to {sum:?}, not to {:?}",
                sweep.name, result.tally
            ));
        }
    }
    assert!(failed.is_empty(), "failed sweeps: {failed:#?}");
}

/// How many cases a sweep checked, how many failed, and the first counterexamples.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cases checked.
    pub cases: u64,
    /// Cases where the claim failed.
    pub failures: u64,
    /// The first failing cases in case order, at most [`Tally::MAX_EXAMPLES`], as
    /// `(case number, description)`.
    pub counterexamples: Vec<(u64, String)>,
}

impl Tally {
    /// Counterexamples kept per sweep.
    pub const MAX_EXAMPLES: usize = 5;

    /// Adds the counts of `other` and keeps the first counterexamples of both.
    #[must_use]
    pub fn merge(mut self, other: Tally) -> Tally {
        self.cases += other.cases;
        self.failures += other.failures;
        self.counterexamples.extend(other.counterexamples);
        self.counterexamples.sort_by_key(|&(case, _)| case);
        self.counterexamples.truncate(Tally::MAX_EXAMPLES);
        self
    }

    /// Records one checked case.
    pub fn record(&mut self, case: u64, result: Result<(), String>) {
        self.cases += 1;
        if let Err(message) = result {
            self.failures += 1;
            if self.counterexamples.len() < Tally::MAX_EXAMPLES {
                self.counterexamples.push((case, message));
            }
        }
    }
}

/// Runs `check` on every case of `0..total` in `config.shard`, in parallel.
///
/// `check` returns `Err(description)` for a counterexample. The tally is the same whatever the
/// number of threads.
pub fn check_cases<F>(config: &Config, total: u64, check: F) -> Tally
where
    F: Fn(u64) -> Result<(), String> + Sync,
{
    let shard = config.shard;
    (0..shard.len_of(total))
        .into_par_iter()
        .map(|j| shard.nth(j))
        .fold(Tally::default, |mut tally, case| {
            tally.record(case, check(case));
            tally
        })
        .reduce(Tally::default, Tally::merge)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_case_space() {
        for total in [0u64, 1, 2, 7, 100, 101] {
            for count in 1..=5 {
                let mut seen = vec![0u32; total as usize];
                let mut sum = 0;
                for index in 1..=count {
                    let shard = Shard::new(index, count).unwrap();
                    sum += shard.len_of(total);
                    for j in 0..shard.len_of(total) {
                        let case = shard.nth(j);
                        assert!(shard.contains(case));
                        seen[case as usize] += 1;
                    }
                }
                assert_eq!(sum, total);
                assert!(seen.iter().all(|&n| n == 1), "total {total}, count {count}");
            }
        }
    }

    #[test]
    fn shard_parsing() {
        assert_eq!("2/4".parse::<Shard>().unwrap(), Shard::new(2, 4).unwrap());
        for bad in ["0/4", "5/4", "1/0", "1", "a/b", "", "1/2/3", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn tally_keeps_first_counterexamples_whatever_the_threads() {
        let run = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                check_cases(&Config::new(Scale::Test), 10_000, |c| {
                    if c % 7 == 3 {
                        Err(format!("case {c}"))
                    } else {
                        Ok(())
                    }
                })
            })
        };
        let one = run(1);
        assert_eq!(one.cases, 10_000);
        assert_eq!(one.failures, 1429);
        assert_eq!(
            one.counterexamples.iter().map(|e| e.0).collect::<Vec<_>>(),
            [3, 10, 17, 24, 31]
        );
        assert_eq!(run(2), one);
        assert_eq!(run(4), one);
    }
}
