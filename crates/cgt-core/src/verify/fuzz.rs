//! Property-based fuzzing of every parser and file loader, on stable Rust (proptest).
//!
//! A [`FuzzTarget`] takes arbitrary bytes and checks the one property every input must have:
//! the library returns a typed error or a valid value, never panics, and a valid value
//! round-trips (printed or encoded, then read again, it is the same value). Inputs are drawn
//! half from arbitrary bytes and half from the target's valid seeds mutated (bits flipped,
//! bytes set, ranges deleted, duplicated or inserted, the end cut off), so the parsers are
//! exercised both far from and close to valid input. proptest shrinks a failing input to a
//! small one before it is reported.
//!
//! `cargo test` runs each target for a fixed number of cases ([`fuzz`] with a case budget);
//! `cargo xtask fuzz --seconds N` runs them for longer.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{
    Config as RunnerConfig, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner,
};

/// One parser or loader under fuzzing.
#[derive(Clone, Copy, Debug)]
pub struct FuzzTarget {
    /// Unique name, `crate/input`, for example `retro/fen`.
    pub name: &'static str,
    /// Valid inputs to mutate.
    pub seeds: fn() -> Vec<Vec<u8>>,
    /// Checks one input: `Err` describes a violated property (a panic is caught and reported
    /// as one).
    pub check: fn(&[u8]) -> Result<(), String>,
}

/// A failing input, shrunk, with what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuzzFailure {
    /// The input (shrunk by proptest).
    pub input: Vec<u8>,
    /// What went wrong.
    pub message: String,
}

/// How long to fuzz one target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many cases.
    Cases(u32),
    /// Rounds of cases until this much time has passed.
    Time(Duration),
}

/// Runs `target` on inputs drawn from `seed`, within `budget`. Returns the number of cases
/// run, or the first failure (shrunk). Deterministic for a case budget.
///
/// # Errors
/// The failure, when an input breaks the property.
pub fn fuzz(target: &FuzzTarget, budget: Budget, seed: u64) -> Result<u64, FuzzFailure> {
    let seeds = (target.seeds)();
    let started = Instant::now();
    let mut round = 0u64;
    let mut total = 0u64;
    loop {
        let cases = match budget {
            Budget::Cases(n) => n,
            Budget::Time(_) => 2000,
        };
        let config = RunnerConfig {
            cases,
            failure_persistence: None,
            max_shrink_iters: 4096,
            ..RunnerConfig::default()
        };
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        key[8..16].copy_from_slice(&round.to_le_bytes());
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &key);
        let mut runner = TestRunner::new_with_rng(config, rng);
        let result = runner.run(&inputs(seeds.clone()), |input| {
            checked(target, &input).map_err(TestCaseError::fail)
        });
        match result {
            Ok(()) => total += u64::from(cases),
            Err(TestError::Fail(reason, input)) => {
                return Err(FuzzFailure {
                    message: reason.to_string(),
                    input,
                });
            }
            Err(TestError::Abort(reason)) => {
                return Err(FuzzFailure {
                    message: format!("aborted: {reason}"),
                    input: Vec::new(),
                });
            }
        }
        round += 1;
        match budget {
            Budget::Cases(_) => return Ok(total),
            Budget::Time(limit) if started.elapsed() >= limit => return Ok(total),
            Budget::Time(_) => {}
        }
    }
}

/// Runs every target within `budget` and describes each failure (target, message, shrunk
/// input); empty when all hold. The fixed-budget fuzz test of every crate is this call.
#[must_use]
pub fn failing_targets(targets: &[FuzzTarget], budget: Budget, seed: u64) -> Vec<String> {
    targets
        .iter()
        .filter_map(|target| {
            fuzz(target, budget, seed).err().map(|f| {
                format!(
                    "{}: {} on input {:?} ({:?})",
                    target.name,
                    f.message,
                    String::from_utf8_lossy(&f.input),
                    f.input
                )
            })
        })
        .collect()
}

/// Panics, describing each failure, unless every one of a crate's fuzz `targets` (at least
/// one) holds for `cases` inputs from seed 1: the body of each crate's `tests/fuzz.rs`.
///
/// # Panics
/// No target, or a target that fails.
pub fn assert_targets_hold(targets: &[FuzzTarget], cases: u32) {
    assert!(!targets.is_empty(), "no fuzz targets");
    let failures = failing_targets(targets, Budget::Cases(cases), 1);
    assert!(failures.is_empty(), "{failures:#?}");
}

/// A check for text parsers: bytes that are UTF-8 and parse as a `T` must print as text that
/// parses back to the same value; anything else must be a typed error (whose message is
/// rendered, so a panicking `Display` is caught too).
///
/// # Errors
/// The broken round trip.
pub fn round_trip<T>(bytes: &[u8]) -> Result<(), String>
where
    T: core::str::FromStr + core::fmt::Display + PartialEq + core::fmt::Debug,
    T::Err: core::fmt::Display,
{
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(());
    };
    match text.parse::<T>() {
        Ok(v) => {
            let printed = v.to_string();
            let again = printed
                .parse::<T>()
                .map_err(|e| format!("{v:?} printed as {printed:?} does not parse: {e}"))?;
            (again == v)
                .then_some(())
                .ok_or_else(|| format!("{v:?} printed and parsed gives {again:?}"))
        }
        Err(e) => {
            let _ = e.to_string();
            Ok(())
        }
    }
}

/// The input read as little-endian 64-bit words (the last one zero-padded), for targets that
/// turn bytes into numbers.
#[must_use]
pub fn words(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks(8)
        .map(|c| {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(w)
        })
        .collect()
}

/// The check with panics turned into failures.
fn checked(target: &FuzzTarget, input: &[u8]) -> Result<(), String> {
    match catch_unwind(AssertUnwindSafe(|| (target.check)(input))) {
        Ok(result) => result,
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default();
            Err(format!("panicked: {what}"))
        }
    }
}

/// One edit of a seed.
#[derive(Clone, Copy, Debug)]
enum Edit {
    Flip(usize, u8),
    Set(usize, u8),
    Delete(usize, usize),
    Duplicate(usize, usize),
    Insert(usize, u8, usize),
    Truncate(usize),
}

fn apply(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for &edit in edits {
        let n = bytes.len();
        let at = |i: usize| if n == 0 { 0 } else { i % n };
        match edit {
            Edit::Flip(i, bit) if n > 0 => bytes[at(i)] ^= 1 << (bit % 8),
            Edit::Set(i, v) if n > 0 => bytes[at(i)] = v,
            Edit::Delete(i, len) if n > 0 => {
                let start = at(i);
                let end = (start + len % 16 + 1).min(n);
                bytes.drain(start..end);
            }
            Edit::Duplicate(i, len) if n > 0 => {
                let start = at(i);
                let end = (start + len % 16 + 1).min(n);
                let chunk: Vec<u8> = bytes[start..end].to_vec();
                let place = at(i.wrapping_mul(31).wrapping_add(7)).min(bytes.len());
                bytes.splice(place..place, chunk);
            }
            Edit::Insert(i, v, count) => {
                let place = if n == 0 { 0 } else { i % (n + 1) };
                let run = std::iter::repeat_n(v, count % 8 + 1);
                bytes.splice(place..place, run);
            }
            Edit::Truncate(i) => bytes.truncate(if n == 0 { 0 } else { i % n }),
            _ => {}
        }
    }
    bytes
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Flip(i, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, v)| Edit::Set(i, v)),
        (any::<usize>(), any::<usize>()).prop_map(|(i, l)| Edit::Delete(i, l)),
        (any::<usize>(), any::<usize>()).prop_map(|(i, l)| Edit::Duplicate(i, l)),
        (any::<usize>(), any::<u8>(), any::<usize>()).prop_map(|(i, v, c)| Edit::Insert(i, v, c)),
        any::<usize>().prop_map(Edit::Truncate),
    ]
}

/// Arbitrary bytes (text-like half of the time), or a seed with a few edits.
fn inputs(seeds: Vec<Vec<u8>>) -> BoxedStrategy<Vec<u8>> {
    let arbitrary = proptest::collection::vec(any::<u8>(), 0..200);
    let texty = proptest::collection::vec(
        prop_oneof![
            Just(b' '),
            Just(b'\n'),
            Just(b'('),
            Just(b')'),
            Just(b','),
            Just(b'.'),
            Just(b'/'),
            Just(b'-'),
            b'0'..=b'9',
            b'a'..=b'z',
            b'A'..=b'Z',
        ],
        0..120,
    );
    if seeds.is_empty() {
        return prop_oneof![arbitrary, texty].boxed();
    }
    let count = seeds.len();
    let mutated = (0..count, proptest::collection::vec(edit(), 0..6))
        .prop_map(move |(i, edits)| apply(seeds[i].clone(), &edits));
    prop_oneof![1 => arbitrary, 1 => texty, 3 => mutated].boxed()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_are_found_and_shrunk() {
        // A "parser" that panics on any input containing the byte 7.
        let target = FuzzTarget {
            name: "test/panics-on-seven",
            seeds: || vec![vec![1, 2, 3]],
            check: |bytes| {
                assert!(!bytes.contains(&7), "found a seven");
                Ok(())
            },
        };
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let failure = fuzz(&target, Budget::Cases(2000), 1).unwrap_err();
        std::panic::set_hook(hook);
        assert_eq!(failure.input, [7], "shrunk to the smallest input");
        assert!(
            failure.message.contains("found a seven"),
            "{}",
            failure.message
        );
        let fine = FuzzTarget {
            name: "test/fine",
            seeds: Vec::new,
            check: |_| Ok(()),
        };
        assert_eq!(fuzz(&fine, Budget::Cases(50), 1), Ok(50));
    }

    #[test]
    fn edits_stay_in_bounds() {
        let edits = [
            Edit::Flip(usize::MAX, 9),
            Edit::Delete(3, usize::MAX),
            Edit::Duplicate(usize::MAX, 5),
            Edit::Insert(usize::MAX, 1, usize::MAX),
            Edit::Truncate(usize::MAX),
            Edit::Set(0, 1),
        ];
        for len in 0..5 {
            let _ = apply(vec![0; len], &edits);
        }
    }
}
