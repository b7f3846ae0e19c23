//! End-to-end tests of the nim-sequence commands, including checkpoint and resume.

mod common;

use common::*;

use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn seeds_subtraction_examples() {
    let doc = json(&["subtraction", "1,2,3", "--upto", "40"]);
    let p: Vec<u64> = doc["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    // Heaps 0 … 40, the 40 included: the multiples of 4, 0 to 40.
    assert!(p.iter().all(|n| n % 4 == 0) && p.len() == 11);
    assert_eq!(doc["period"]["period"], 4);
    let doc = json(&["subtraction", "2,3", "--upto", "16"]);
    assert_eq!(
        doc["p_positions"],
        serde_json::json!([0, 1, 5, 6, 10, 11, 15, 16])
    );
    assert_eq!(doc["period"]["period"], 5);
    let doc = json(&["subtraction", "2,3,5", "--upto", "100"]);
    assert_eq!(doc["period"]["period"], 7);
    let doc = json(&["subtraction", "", "--upto", "5"]);
    assert_eq!(doc["p_positions"], serde_json::json!([0, 1, 2, 3, 4, 5]));
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
    assert_eq!(doc["value"], 2);
    assert_eq!(doc["position"], serde_json::json!([5, 7, 9]));
    assert_eq!(doc["winning_moves"].as_array().unwrap().len(), 3);
    assert_eq!(doc["winning_moves"][0]["heap"], 2);
    assert_eq!(doc["winning_moves"][0]["to"], serde_json::json!([3, 3]));
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
fn killed_runs_resume_to_identical_output() {
    // Saves every 2 ms, so the kills land before, between and during saves; each run is killed
    // after a different delay and the next resumes from what the last left.
    let args = ["grundy-game", "--upto", "400000", "--quiet", "--json"];
    let whole = cgt(&args);
    assert_eq!(whole.status.code(), Some(0));
    let ckpt = temp_path("resume.ckpt");
    let _ = std::fs::remove_file(&ckpt);
    let mut resumed_args: Vec<&str> = args.to_vec();
    resumed_args.extend(["--checkpoint", ckpt.to_str().unwrap()]);
    let mut sizes = Vec::new();
    for delay_ms in [40, 7, 90, 1, 150, 25, 300, 60] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
            .args(&resumed_args)
            .env("CGT_CHECKPOINT_SECONDS", "0.002")
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        child.kill().unwrap(); // SIGKILL on Unix: no destructor, no flush
        child.wait().unwrap();
        sizes.push(std::fs::metadata(&ckpt).map_or(0, |m| m.len()));
    }
    assert!(
        sizes.iter().any(|&s| s > 64),
        "no save reached the disk before the kills: {sizes:?}"
    );
    let resumed = cgt(&resumed_args);
    assert_eq!(resumed.status.code(), Some(0));
    assert_eq!(resumed.stdout, whole.stdout);
    // A finished checkpoint answers again without computing, with the same output.
    let again = cgt(&resumed_args);
    assert_eq!(again.stdout, whole.stdout);
}

#[test]
fn saves_append_only_new_values() {
    let ckpt = temp_path("append.ckpt");
    let _ = std::fs::remove_file(&ckpt);
    let run = |upto: &str| {
        let out = cgt(&[
            "octal",
            "0.6",
            "--upto",
            upto,
            "--checkpoint",
            ckpt.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0));
        std::fs::metadata(&ckpt).unwrap().len()
    };
    let first = run("1000");
    let second = run("1500");
    // One block: length, start index, 500 values, CRC.
    assert_eq!(second - first, 4 + 8 + 4 * 500 + 4);
    assert_eq!(run("1500"), second, "nothing new, nothing written");
}

#[test]
fn bad_input() {
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
    let bytes = std::fs::read(&other).unwrap();
    // A damaged header is refused; a damaged block is dropped with everything after it and
    // recomputed, so the answer stays right.
    let mut header = bytes.clone();
    header[30] ^= 0xff;
    std::fs::write(&other, &header).unwrap();
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
    let mut block = bytes.clone();
    let last = block.len() - 10;
    block[last] ^= 0xff;
    std::fs::write(&other, &block).unwrap();
    let with = |path: &std::path::Path| {
        cgt(&[
            "octal",
            "0.6",
            "--upto",
            "100",
            "--json",
            "--checkpoint",
            path.to_str().unwrap(),
        ])
    };
    assert_eq!(
        with(&other).stdout,
        cgt(&["octal", "0.6", "--upto", "100", "--json"]).stdout
    );
    assert_eq!(
        std::fs::read(&other).unwrap(),
        bytes,
        "the block was rewritten"
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
        "not a cgt file",
    );
}

#[test]
fn misere_quotients() {
    // 0.75 is R8 (Plambeck and Siegel 2008): ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩.
    let doc = json(&["octal", "0.75", "--misere-quotient", "--upto", "10"]);
    assert_eq!(doc["order"], 8);
    assert_eq!(doc["same_from"], 5);
    assert_eq!(
        doc["presentation"],
        "⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩"
    );
    assert_eq!(doc["p_portion"], serde_json::json!(["a", "b²"]));
    assert_eq!(doc["generators"][2]["heap"], 5);
    // Not yet proven final at 10; at 24 the period 2 from heap 8 proves it (by heap 21).
    assert!(doc["stable"].is_null());
    let doc = json(&["octal", "0.75", "--misere-quotient", "--upto", "24"]);
    assert_eq!(
        doc["stable"],
        serde_json::json!({"preperiod": 8, "period": 2, "needed": 21})
    );
    let products = doc["products"].as_array().unwrap();
    assert_eq!(products.len(), 8);
    // The same outcome and winning moves as the misère search, on a few positions.
    for heaps in [
        &["3", "5", "7", "2"][..],
        &["1", "1", "1"],
        &["4", "4", "9", "10"],
        &["6", "2", "2"],
    ] {
        let mut quotient = vec!["octal", "0.75", "--misere-quotient", "--heaps"];
        quotient.extend_from_slice(heaps);
        let mut search = vec!["octal", "0.75", "--misere", "--heaps"];
        search.extend_from_slice(heaps);
        let (q, s) = (json(&quotient), json(&search));
        assert_eq!(q["outcome"], s["outcome"], "{heaps:?}");
        assert_eq!(q["winning_moves"], s["winning_moves"], "{heaps:?}");
        // The quotient of heaps up to the largest: R8 once a heap of 5 or more is present.
        let largest: u64 = heaps
            .iter()
            .map(|h| h.parse::<u64>().unwrap())
            .max()
            .unwrap();
        let order = if largest >= 5 {
            8
        } else {
            [1, 2, 6, 6, 6][largest as usize]
        };
        assert_eq!(q["misere_quotient"]["order"], order, "{heaps:?}");
    }
    let text = stdout(&[
        "octal",
        "0.75",
        "--misere-quotient",
        "--heaps",
        "1",
        "1",
        "1",
    ]);
    assert!(text.contains("Element a of the misère quotient"), "{text}");
    // A quotient that keeps growing is stopped by the time limit with a one-line error.
    let out = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(["octal", "0.354", "--misere-quotient", "--upto", "5"])
        .env("CGT_TIME_LIMIT", "1s")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("time limit") && err.lines().count() == 1,
        "{err}"
    );
}
