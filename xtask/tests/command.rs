//! The `xtask` program as CI runs it. Besides checking the command line, this test makes
//! `cargo test --workspace` build the `xtask` binary with the workspace's features, so CI
//! runs the quick sweeps with it instead of compiling the libraries a second time.

use std::process::Command;

fn xtask(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .expect("xtask runs")
}

#[test]
fn a_selected_sweep_runs_and_reports_as_json() {
    let out = xtask(&[
        "verify",
        "--quick",
        "--only",
        "core/nim-sum-laws",
        "--threads",
        "1",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(doc["passed"], 1);
    assert_eq!(doc["failed"], 0);
    assert_eq!(doc["scale"], "quick");
    let sweeps = doc["sweeps"].as_array().expect("sweeps");
    assert_eq!(sweeps.len(), 1);
    assert_eq!(sweeps[0]["name"], "core/nim-sum-laws");
    assert!(sweeps[0]["cases"].as_u64().unwrap() > 0);
}

#[test]
fn the_list_names_every_crate_and_an_unknown_sweep_is_refused() {
    let out = xtask(&["verify", "--list"]);
    assert!(out.status.success());
    let list = String::from_utf8(out.stdout).expect("UTF-8");
    for krate in ["core/", "impartial/", "minimax/", "retro/", "partizan/"] {
        assert!(
            list.lines().any(|l| l.starts_with(krate)),
            "no {krate} sweep listed"
        );
    }
    let out = xtask(&["verify", "--only", "core/no-such-sweep"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no-such-sweep"), "{err}");
}
