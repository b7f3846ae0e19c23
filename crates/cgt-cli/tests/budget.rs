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

/// The peak memory `CGT_REPORT_PEAK` reports on stderr.
fn peak(err: &str) -> u64 {
    err.lines()
        .find_map(|l| l.strip_prefix("peak memory: "))
        .and_then(|l| l.strip_suffix(" bytes"))
        .and_then(|b| b.parse().ok())
        .expect("the peak is reported")
}

#[test]
fn partizan_searches_stop_at_their_time_limit() {
    let sum = vec!["{2||1|0}"; 3000].join(" + ");
    for args in [
        vec!["domineering", "2x32"],
        vec!["domineering", "8x8"],
        vec!["game", sum.as_str()],
        // A nimber in a sum: few sums, but forms of hundreds of options (found by the web
        // playground's budget test; it ran 5 s past a 1 s limit). `*256` took 1.0–1.8 s, so a
        // run could finish just past the limit; `*400` takes 7 s.
        vec!["game", "*400+{2||1|0}"],
        // The divisors of a sum of eleven different atoms (a sum of eight takes 3.5 s).
        vec![
            "dead-end",
            "{|0,-1,{|{|0,-1}}} + {|-1,{|0,-2}} + {|0,{|0,-1}} + {|-2,{|{|0,-1}}} + {|0,-3} + \
             {|-3,-4,-5,-6} + {|{|0,-1},{|0,-2}} + {|0,{|-1,{|0,-1}}} + {|-1,-3} + {|0,-2} + \
             {|{|0,-2},-1}",
        ],
    ] {
        let started = std::time::Instant::now();
        let (code, out, err) = run_env(&args, &[("CGT_TIME_LIMIT", "1s")]);
        let took = started.elapsed();
        // Past a limit exits 2, as refusals up front and script stops do (it used to exit 1).
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains("more than 1.0 s, the time limit"), "{err}");
        assert!(err.contains("set CGT_TIME_LIMIT"), "{err}");
        assert!(took.as_secs_f64() < 4.0, "{args:?} took {took:?}");
    }
    // The memory limit holds within 10 % inside long sums (Clobber on a 1 × 64 row reached
    // 1,280 MB with a 200 MiB limit before; it now grows too slowly to reach the limit in a
    // test, so a long sum of hot games stands in).
    let (code, _, err) = run_env(
        &["game", sum.as_str()],
        &[
            ("CGT_MEMORY_LIMIT", "200M"),
            ("CGT_TIME_LIMIT", "60s"),
            ("CGT_REPORT_PEAK", "1"),
        ],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("memory limit of 200.0 MiB"), "{err}");
    assert!(peak(&err) <= 220 << 20, "peak {} bytes", peak(&err));
}

/// Issue 24: Connect-Four from the empty board, m,n,k on 5×5 and misère searches of large
/// heaps ran for minutes (or, for Connect-Four, past any patience) without a limit.
#[test]
fn game_searches_stop_at_their_time_limit() {
    for args in [
        vec!["connect4"],
        vec!["connect4", "--all", "--threads", "2"],
        vec!["connect4", "--score", "--threads", "2"],
        vec!["mnk", "5", "5", "4", "--threads", "2"],
        vec![
            "octal", "0.77", "--heaps", "40", "40", "40", "40", "--misere",
        ],
        vec!["grundy-game", "--heaps", "60", "60", "60", "--misere"],
        vec!["wythoff", "--grundy", "30000"],
    ] {
        let started = std::time::Instant::now();
        let (code, out, err) = run_env(&args, &[("CGT_TIME_LIMIT", "1s")]);
        let took = started.elapsed();
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains("search stopped: more than 1.0 s"), "{err}");
        assert!(took.as_secs_f64() < 4.0, "{args:?} took {took:?}");
    }
}

/// The program's move in `mnk --play` is a search too: on 5×5 from the start it took 37 s; it
/// stops at the time limit like every other search.
#[test]
fn the_programs_move_stops_at_the_time_limit() {
    use std::io::Write;
    let started = std::time::Instant::now();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(["mnk", "5", "5", "4", "--play"])
        .env("CGT_TIME_LIMIT", "1s")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"1\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("search stopped: more than 1.0 s"), "{err}");
    assert!(started.elapsed().as_secs_f64() < 4.0);
}

/// Issue 24: the winning cuts of a large Green Hackenbush piece with many cycles take time
/// quadratic in its edges (a 100 × 100 grid: 34 s); they stop at the time limit.
#[test]
fn green_hackenbush_cuts_stop_at_their_time_limit() {
    let n = 100;
    let mut text = String::from("ground v0_0\nground v0_99\nground v1_1\n");
    for r in 0..n {
        for c in 0..n {
            if c + 1 < n {
                text.push_str(&format!("v{r}_{c} v{r}_{}\n", c + 1));
            }
            if r + 1 < n {
                text.push_str(&format!("v{r}_{c} v{}_{c}\n", r + 1));
            }
        }
    }
    let grid = temp_file("grid.txt", &text);
    let started = std::time::Instant::now();
    let (code, out, err) = run_env(
        &["hackenbush", grid.to_str().unwrap()],
        &[("CGT_TIME_LIMIT", "1s")],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty());
    assert!(err.contains("search stopped: more than 1.0 s"), "{err}");
    assert!(started.elapsed().as_secs_f64() < 4.0);
}

/// Issue 24: a long nim-sequence stops at the time limit, says how far it got, and with
/// `--checkpoint` the next run resumes from there.
#[test]
fn nim_sequences_stop_at_their_time_limit_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("grundy.cgt");
    let ck = ck.to_str().unwrap();
    // Grundy's game has no certified period to fill the sequence from.
    let args = ["grundy-game", "--upto", "20000000", "--checkpoint", ck];
    let started = std::time::Instant::now();
    let (code, out, err) = run_env(&args, &[("CGT_TIME_LIMIT", "1s")]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty());
    assert!(started.elapsed().as_secs_f64() < 4.0);
    assert!(err.contains("search stopped: more than 1.0 s"), "{err}");
    assert!(
        err.contains("holds them, and the same command resumes from it"),
        "{err}"
    );
    let done = |err: &str| -> u64 {
        let at = err.find("… G(").expect("how far it got") + "… G(".len();
        err[at..].split(')').next().unwrap().parse().unwrap()
    };
    let first = done(&err);
    let (code, _, err) = run_env(&args, &[("CGT_TIME_LIMIT", "1s")]);
    assert_eq!(code, Some(2), "{err}");
    assert!(done(&err) > first, "resumed past G({first}): {err}");
}

#[test]
fn a_mistyped_time_limit_is_refused() {
    for bad in ["abc", "5x", "-3"] {
        let (code, _, err) = run_env(&["nim", "1", "2"], &[("CGT_TIME_LIMIT", bad)]);
        assert_eq!(code, Some(2), "{bad}");
        assert!(err.starts_with("error: CGT_TIME_LIMIT:"), "{err}");
    }
    let (code, _, err) = run_env(&["game", "^"], &[("CGT_TIME_LIMIT", "none")]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn script_searches_stop_at_their_time_limit() {
    let script = temp_file(
        "endless.rhai",
        "fn start() { 10 }\nfn options(n) { let o = []; for s in [1, 3, 4] { o.push(n - s); } o }\n",
    );
    let started = std::time::Instant::now();
    let (code, _, err) = run_env(
        &["script", script.to_str().unwrap()],
        &[("CGT_TIME_LIMIT", "1s"), ("CGT_MEMORY_LIMIT", "4G")],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("search stopped: more than 1.0 s"), "{err}");
    assert!(
        started.elapsed().as_secs_f64() < 4.0,
        "{:?}",
        started.elapsed()
    );
}
