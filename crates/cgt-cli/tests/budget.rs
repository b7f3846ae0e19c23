//! Limits a user sets are read as written or refused (issue 24): `CGT_MEMORY_LIMIT` with units,
//! and a mistyped limit refused by every command instead of silently ignored.

mod common;

use common::*;

#[test]
fn memory_limits_take_units() {
    // 100,000 values of a subtraction game need about a megabyte: 200M allows it, 1K refuses it.
    let args = ["subtraction", "1,3,4", "--upto", "100000"];
    let (code, _, err) = run_env(&args, &[("CGT_MEMORY_LIMIT", "200M")]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = run_env(&args, &[("CGT_MEMORY_LIMIT", "1K")]);
    assert_eq!(code, Some(2));
    assert!(err.contains("more than the 1.0 KiB available"), "{err}");
    let (code, _, err) = run_env(&args, &[("CGT_MEMORY_LIMIT", "0.5g")]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn a_mistyped_memory_limit_is_refused_by_every_command() {
    for bad in ["abc", "1X", "-5", "12 parsecs"] {
        for args in [
            &["nim", "1", "2"][..],
            &["game", "^ + *"],
            &["octal", "0.07", "--upto", "10"],
        ] {
            let (code, out, err) = run_env(args, &[("CGT_MEMORY_LIMIT", bad)]);
            assert_eq!(code, Some(2), "{bad} {args:?}");
            assert!(out.is_empty(), "{bad} {args:?}: {out}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.starts_with("error: CGT_MEMORY_LIMIT:"), "{err}");
        }
    }
    // Set but empty is unset.
    let (code, _, err) = run_env(&["nim", "1", "2"], &[("CGT_MEMORY_LIMIT", "")]);
    assert_eq!(code, Some(0), "{err}");
}
