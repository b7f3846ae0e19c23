//! End-to-end tests of the nim-sequence commands, including checkpoint and resume.

mod common;

use common::*;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn seeds_subtraction_examples() {
    let doc = json(&["subtraction", "1,2,3", "--upto", "40"]);
    let p: Vec<u64> = doc["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert!(p.iter().all(|n| n % 4 == 0) && p.len() == 10);
    assert_eq!(doc["period"]["period"], 4);
    let doc = json(&["subtraction", "2,3", "--upto", "16"]);
    assert_eq!(
        doc["p_positions"],
        serde_json::json!([0, 1, 5, 6, 10, 11, 15])
    );
    assert_eq!(doc["period"]["period"], 5);
    let doc = json(&["subtraction", "2,3,5", "--upto", "100"]);
    assert_eq!(doc["period"]["period"], 7);
    let doc = json(&["subtraction", "", "--upto", "5"]);
    assert_eq!(doc["p_positions"], serde_json::json!([0, 1, 2, 3, 4]));
}

#[test]
fn octal_periods_and_names() {
    let doc = json(&["octal", "kayles", "--upto", "300"]);
    assert_eq!(doc["period"]["preperiod"], 71);
    assert_eq!(doc["period"]["period"], 12);
    let doc = json(&[
        "octal",
        "dawsons-chess",
        "--upto",
        "300",
        "--algorithm",
        "naive",
    ]);
    assert_eq!(doc["period"]["period"], 34);
    let doc = json(&["grundy-game", "--upto", "60", "--values"]);
    assert!(doc["period"].is_null());
    assert_eq!(doc["values"][13], 3);
    // The same values whatever the algorithm.
    let a = json(&[
        "octal",
        "0.16",
        "--upto",
        "3000",
        "--values",
        "--algorithm",
        "rare",
    ]);
    let b = json(&[
        "octal",
        "0.16",
        "--upto",
        "3000",
        "--values",
        "--algorithm",
        "naive",
    ]);
    assert_eq!(a["values"], b["values"]);
}

#[test]
fn heaps_and_plots() {
    let doc = json(&["octal", "0.77", "--heaps", "5", "7", "9"]);
    assert_eq!(doc["grundy"], 2);
    assert_eq!(doc["winning_moves"].as_array().unwrap().len(), 3);
    let doc = json(&["grundy-game", "--heaps", "7"]);
    assert_eq!(doc["outcome"], "P");
    for ext in ["svg", "png"] {
        let path = temp_path(&format!("plot.{ext}"));
        let out = cgt(&[
            "octal",
            "0.07",
            "--upto",
            "500",
            "--plot",
            path.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0));
        assert!(std::fs::metadata(&path).unwrap().len() > 100);
    }
}

#[test]
fn killed_run_resumes_to_identical_output() {
    let args = ["grundy-game", "--upto", "120000", "--quiet"];
    let whole = cgt(&args);
    assert_eq!(whole.status.code(), Some(0));
    let ckpt = temp_path("resume.ckpt");
    let _ = std::fs::remove_file(&ckpt);
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(args)
        .args(["--checkpoint", ckpt.to_str().unwrap()])
        .env("CGT_CHECKPOINT_SECONDS", "0.1")
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !ckpt.exists() && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(150));
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    let saved = std::fs::read(&ckpt).expect("a checkpoint was written before the kill");
    assert!(saved.len() > 32);
    let mut resumed_args: Vec<&str> = args.to_vec();
    resumed_args.extend(["--checkpoint", ckpt.to_str().unwrap()]);
    let resumed = cgt(&resumed_args);
    assert_eq!(resumed.status.code(), Some(0));
    assert_eq!(resumed.stdout, whole.stdout);
}

#[test]
fn bad_input() {
    rejects(&["octal", "0.", "--upto", "5"], "no digits");
    rejects(&["octal", "77", "--upto", "5"], "with a point");
    rejects(&["octal", "0.7g", "--upto", "5"], "not a digit");
    rejects(&["octal", "3.7", "--upto", "5"], "before the point");
    rejects(&["octal", "chess", "--upto", "5"], "invalid octal code");
    rejects(&["subtraction", "0,2", "--upto", "5"], "may not contain 0");
    rejects(
        &["subtraction", "1,x", "--upto", "5"],
        "not a positive whole number",
    );
    rejects(&["octal", "0.77"], "--upto");
    rejects(&["octal", "0.77", "--upto", "1000000000000000"], "memory");
    let other = temp_path("other.ckpt");
    let _ = std::fs::remove_file(&other);
    let out = cgt(&[
        "octal",
        "0.6",
        "--upto",
        "100",
        "--checkpoint",
        other.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    rejects(
        &[
            "octal",
            "0.77",
            "--upto",
            "100",
            "--checkpoint",
            other.to_str().unwrap(),
        ],
        "not octal 0.77",
    );
    let mut bytes = std::fs::read(&other).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 0xff;
    std::fs::write(&other, &bytes).unwrap();
    rejects(
        &[
            "octal",
            "0.6",
            "--upto",
            "100",
            "--checkpoint",
            other.to_str().unwrap(),
        ],
        "checksum",
    );
    std::fs::write(&other, b"garbage").unwrap();
    rejects(
        &[
            "octal",
            "0.6",
            "--upto",
            "100",
            "--checkpoint",
            other.to_str().unwrap(),
        ],
        "magic",
    );
    rejects(
        &["octal", "0.6", "--upto", "10", "--plot", "x.bmp"],
        "png or .svg",
    );
}
