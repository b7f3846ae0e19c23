//! End-to-end tests of the `cgt` binary: outputs, JSON documents, exit codes and error lines.

mod common;

use common::*;

#[track_caller]
fn check(args: &[&str], expected_stdout: &str) {
    let out = cgt(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        expected_stdout,
        "{args:?}"
    );
}

#[test]
fn mex_examples_of_the_seeds() {
    check(&["mex", "0", "1", "3"], "2\n");
    check(&["mex", "1", "2", "5"], "0\n");
    check(&["mex", "0", "0", "1"], "2\n");
    check(&["mex"], "0\n");
    check(&["mex", "*0", "*1"], "2\n");
}

#[test]
fn nimsum_nimmul_niminv() {
    check(&["nimsum", "3", "4", "5"], "2\n");
    check(&["nimsum", "1", "2", "3"], "0\n");
    check(&["nimmul", "2", "3"], "1\n");
    check(&["nimmul", "16", "16"], "24\n");
    check(&["niminv", "2"], "3\n");
    check(
        &["niminv", "18446744073709551615"],
        &format!("{}\n", {
            let x = cgt_core::Nimber::new(u64::MAX);
            x.inverse().unwrap().value()
        }),
    );
}

#[test]
fn json_documents() {
    let doc = json_of(&["nimsum", "3", "4", "5", "--json"]);
    assert_eq!(doc["nim_sum"], 2);
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["values"], serde_json::json!([3, 4, 5]));
    let doc = json_of(&["--json", "mex", "0", "1", "3"]);
    assert_eq!(doc["mex"], 2);
    let doc = json_of(&["nimmul", "--json", "2", "3"]);
    assert_eq!(doc["nim_product"], 1);
    let doc = json_of(&["niminv", "3", "--json"]);
    assert_eq!(doc["inverse"], 2);
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = cgt(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8_lossy(&out.stdout);
        assert!(
            script.contains("nimsum"),
            "{shell} script names the subcommands"
        );
    }
}

#[test]
fn help_and_version_succeed() {
    for args in [&["--help"][..], &["--version"], &["mex", "--help"]] {
        let out = cgt(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(!out.stdout.is_empty());
    }
}

#[test]
fn bad_input_gets_one_line_and_exit_code_2() {
    rejects(&[], "subcommand");
}

#[test]
fn tree_values_and_windows() {
    check(&["tree", "(max (min 3 5) (min 2 9))"], "value 3\n");
    let doc = json_of(&[
        "tree",
        "(max (min 3 5) (min 2 9))",
        "--window",
        "4",
        "10",
        "--json",
    ]);
    assert_eq!(doc["reduced"], 4);
    assert_eq!(doc["reads"]["full"], 4);
    assert_eq!(doc["reads"]["alpha_beta"], 2);
    let doc = json_of(&[
        "tree",
        "(min (max -1 -5) 2)",
        "--window",
        "-3",
        "-2",
        "--json",
    ]);
    assert_eq!(doc["value"], -1);
    assert_eq!(doc["reduced"], -2);
}

#[test]
fn tree_thresholds_switch_at_the_value() {
    let doc = json_of(&[
        "tree",
        "(min (max 4 -2) (max 0 6) 9)",
        "--thresholds",
        "--json",
    ]);
    assert_eq!(doc["value"], 4);
    let rows = doc["thresholds"].as_array().unwrap();
    let cs: Vec<i64> = rows.iter().map(|r| r["c"].as_i64().unwrap()).collect();
    assert_eq!(cs, [-2, 0, 4, 6, 9]);
    let forced: Vec<bool> = rows
        .iter()
        .map(|r| r["max_forces"].as_bool().unwrap())
        .collect();
    assert_eq!(forced, [true, true, true, false, false]);
    assert!(
        json_of(&["tree", "3", "--json"])
            .get("thresholds")
            .is_none()
    );
}

#[test]
fn chance_trees_and_pig() {
    let doc = json_of(&["chance", "(max (chance 1/2 0 1/2 10) 4)", "--json"]);
    assert_eq!(doc["value"], "5");
    let doc = json_of(&["chance", "(min (chance 1/3 9 2/3 (max 0 3)) 5)", "--json"]);
    assert_eq!(doc["value"], "5");
    // Star1: the coin's 0 caps its expectation at 5 < 6, so its 10 is never read.
    let doc = json_of(&["chance", "(max 6 (chance 1/2 0 1/2 10))", "--json"]);
    assert_eq!(
        (doc["star1_reads"].as_u64(), doc["leaves"].as_u64()),
        (Some(2), Some(3))
    );
    // Pig to 1 and 2 by hand: x = 5/6 + (1 − x)/6, so 6/7.
    assert_eq!(json_of(&["pig", "2", "--json"])["exact"], "6/7");
    let doc = json_of(&["pig", "20", "--state", "10", "15", "8", "--json"]);
    let exact: Vec<f64> = doc["exact"]
        .as_str()
        .unwrap()
        .split('/')
        .map(|x| x.parse().unwrap())
        .collect();
    assert!((exact[0] / exact[1] - doc["probability"].as_f64().unwrap()).abs() < 1e-10);
    assert!(json_of(&["pig", "60", "--json"])["exact"].is_null());
}

#[test]
fn pig_plays_against_the_optimal_player_with_a_seeded_die() {
    let args = ["pig", "20", "--play", "--seed", "3"];
    let text = stdout_with_input(&args, "hold\nroll\n?\nroll\nhold\n");
    assert!(text.contains("The die's seed is 3"), "{text}");
    assert!(
        text.contains("nothing rolled yet: a turn starts with a roll"),
        "{text}"
    );
    assert!(text.contains("the die shows 4: 4 this turn"), "{text}");
    assert!(
        text.contains("Best: roll (you win with probability"),
        "{text}"
    );
    // The same seed and the same moves play the same game.
    assert_eq!(
        text,
        stdout_with_input(&args, "hold\nroll\n?\nroll\nhold\n")
    );
}

#[test]
fn andor_laboratory() {
    let doc = json_of(&[
        "andor",
        "--height",
        "4",
        "--leaves",
        "0110100110010110",
        "--json",
    ]);
    assert_eq!(doc["value"], 0);
    assert_eq!(doc["reads"]["fewest"], 4);
    assert_eq!(doc["worst_expected"], "35/4");
    assert!(doc["worst_expected_float"].as_f64().unwrap() <= doc["three_to_n"].as_f64().unwrap());
    // 11.4.5 as a rate: above height 24 the worst case comes from its recurrence alone.
    let doc = json_of(&["andor", "--height", "40", "--json"]);
    assert_eq!(doc["worst_expected"], "363019402515780038915/274877906944");
    assert!(doc.get("leaves").is_none() && doc.get("reads").is_none());
    let ratio = doc["rate_ratio"].as_f64().unwrap();
    assert!((1.1092..1.1093).contains(&ratio), "{ratio}");
}

#[test]
fn mnk_games() {
    let doc = json_of(&["mnk", "3", "3", "3", "--counts", "--json"]);
    assert_eq!(doc["value"], 0);
    assert_eq!(doc["counts"]["positions"], 5478);
    assert_eq!(doc["counts"]["games"], 255_168);
    assert_eq!(doc["best_moves"].as_array().unwrap().len(), 9);
    let doc = json_of(&["mnk", "3", "3", "3", "--moves", "5", "2", "--json"]);
    assert_eq!(doc["value"], 1);
    assert_eq!(doc["to_move"], "X");
}

#[test]
fn hidden_information_is_solved_and_dealt() {
    let doc = json_of(&["hidden", "kuhn", "--json"]);
    assert_eq!(doc["value"], "-1/18");
    assert_eq!(doc["exploitability"], "0");
    let doc = json_of(&["hidden", "leduc", "--cfr", "10", "--json"]);
    assert_eq!(doc["checkpoints"].as_array().map(Vec::len), Some(2));
    // A hand replays from its seed: the jack bets into the king, which calls.
    let hand = || common::cgt_with_stdin(&["hidden", "kuhn", "--play", "--seed", "3"], b"bet\n");
    let (first, again) = (hand(), hand());
    let text = String::from_utf8_lossy(&first.stdout);
    assert!(text.contains("you hold J"), "{text}");
    assert!(text.contains("The program wins 2 (it held K)."), "{text}");
    assert_eq!(first.stdout, again.stdout);
}
