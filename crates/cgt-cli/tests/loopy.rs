//! End-to-end tests of `cgt loopy`: loopy partizan games from text, files and JSON.

mod common;

use common::{cgt, json, rejects, stdout, temp_file};

/// Bach's Carousel, whose sides are not stoppers (CGSuite's test suite, Siegel).
const CAROUSEL: &str = "a = {0,{1|1,{*,{1+*|1+*,a}|*}}|0}";

#[test]
fn stoppers_outcomes_and_simplest_forms() {
    let doc = json(&["loopy", "upon + *"]);
    assert_eq!(doc["stopper"], true);
    // Winning Ways, chapter 11: upon* = {0, upon*|0}.
    assert_eq!(doc["simplest"], "{0, pass|0}");
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["first"][1]["best"], serde_json::json!(["* + *"]));
    let doc = json(&["loopy", "on + 5 + {1|-1}"]);
    assert_eq!(
        (doc["simplest"].as_str(), doc["equals"].as_str()),
        (Some("on"), Some("on"))
    );
    // A short game: G + (−G) = 0, in canonical form.
    let doc = json(&["loopy", "{1|0} + {0|-1}"]);
    assert_eq!(
        (doc["short"].as_str(), doc["stopper"].as_bool()),
        (Some("0"), Some(true))
    );
    assert_eq!(doc["compare"], serde_json::Value::Null);
}

#[test]
fn draws_and_non_stoppers() {
    let doc = json(&["loopy", "on + off"]);
    assert_eq!(doc["stopper"], false);
    // Winning Ways, chapter 11: dud = on & off.
    assert_eq!(doc["sides"], serde_json::json!(["on", "off"]));
    assert_eq!(
        json(&["loopy", "tis + tisn"])["sides"],
        serde_json::json!(["1", "-1"])
    );
    assert_eq!(doc["simplest"], serde_json::Value::Null);
    assert_eq!(doc["outcome"], "D (a draw whoever starts)");
    assert_eq!(
        json(&["loopy", "over + tis"])["sides"],
        serde_json::json!(["{1|pass}", "over"])
    );
    let unsettled = json(&["loopy", CAROUSEL]);
    assert_eq!(unsettled["sides"], serde_json::Value::Null);
    let note = unsettled["sides_note"].as_str().unwrap();
    assert!(note.contains("did not settle"), "{note}");
    let text = stdout(&["loopy", "a = {b|}; b = {|a}"]);
    assert!(
        text.contains("outcome: Left moving first: draw; Right moving first: Left wins"),
        "{text}"
    );
    assert!(
        text.contains("Right moving first: Right cannot move and loses"),
        "{text}"
    );
}

#[test]
fn comparison_of_stoppers() {
    for (a, b, relation) in [
        ("upon", "^", ">"),
        ("upon", "^^", "<"),
        ("over", "1/64", "<"),
        ("over + over", "over", "="),
        ("^", "*", "||"),
    ] {
        let doc = json(&["loopy", a, "--compare", b]);
        assert_eq!(doc["compare"]["relation"], relation, "{a} vs {b}");
    }
    // Games that are not stoppers compare by their sides: tis = 1 & 0 < 1, dud = on & off.
    for (a, b, relation) in [
        ("tis", "1", "<"),
        ("dud", "0", "||"),
        ("tis + tisn", "tis + tisn + *", "||"),
        // Sides found only by closing loops: 1 + over & over.
        ("over + tis", "0", ">"),
        ("over + tis", "1", "||"),
        ("over + tis", "1 + over", "<"),
    ] {
        let doc = json(&["loopy", a, "--compare", b]);
        assert_eq!(doc["compare"]["relation"], relation, "{a} vs {b}");
    }
    // Compared in the order of sides although its sides are refused: confused with 0, as its
    // outcome (whoever starts wins) says, and between -1 and 1.
    for (other, relation) in [("0", "||"), ("1", "<"), ("-1", ">")] {
        let doc = json(&["loopy", CAROUSEL, "--compare", other]);
        assert_eq!(doc["compare"]["relation"], relation, "carousel vs {other}");
    }
}

#[test]
fn files_text_and_json() {
    let text = temp_file("tis.txt", "# tis and tisn\ntis = {tisn|}\ntisn = {|tis}\n");
    let doc = json(&["loopy", "--file", text.to_str().unwrap()]);
    assert_eq!(doc["form"], "tis");
    let edges = temp_file(
        "upon-edges.txt",
        "# upon as moves\na L a\na R b\nb L c\nb R c\nc\n",
    );
    assert_eq!(
        json(&["loopy", "--file", edges.to_str().unwrap()])["equals"],
        "upon"
    );
    let desc = temp_file(
        "upon.json",
        r#"{"start": "u", "positions": [{"name": "s", "left": ["0"], "right": ["0"]}, {"name": "u", "left": ["u"], "right": ["s"]}]}"#,
    );
    let doc = json(&["loopy", "--file", desc.to_str().unwrap()]);
    assert_eq!(doc["equals"], "upon");
    let bad = temp_file("bad.json", r#"{"positions": [{"name": "a b"}]}"#);
    rejects(
        &["loopy", "--file", bad.to_str().unwrap()],
        "not a position name",
    );
    let broken = temp_file("broken.json", r#"{"positions": 3}"#);
    rejects(
        &["loopy", "--file", broken.to_str().unwrap()],
        "invalid loopy game JSON",
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for (args, needle) in [
        (vec!["loopy", "{pass|"], "braces do not balance"),
        (vec!["loopy", "pass"], "only meaningful inside a form"),
        (vec!["loopy", "a = {b|}"], "is not a position of the system"),
        (vec!["loopy", "{pass + *|}"], "sums may only join"),
        (vec!["loopy", "{0||pass||0}"], "one longest run of bars"),
        (vec!["loopy"], "required"),
    ] {
        rejects(&args, needle);
    }
    let out = cgt(&["loopy", "--file", "/nonexistent/x"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn backsliding_toads_and_frogs() {
    // T.F: the toad steps right, the frog jumps it, the toad steps back... and yet Left moving
    // first loses and so does Right: 0. T..F: the first player wins, sides * & *.
    let doc = json(&["loopy", "--backsliding", "T.F"]);
    assert_eq!(
        (doc["stopper"].as_bool(), doc["simplest"].as_str()),
        (Some(true), Some("0"))
    );
    let doc = json(&["loopy", "--backsliding", "T..F"]);
    assert_eq!(doc["positions"], 12);
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["sides"], serde_json::json!(["*", "*"]));
    assert_eq!(json(&["loopy", "--backsliding", "TT.F"])["simplest"], "on");
    // The value CGSuite's tests publish for TTT..FFF: {on||0|-1/2} & {1/2|0||off}.
    let doc = json(&["loopy", "--backsliding", "TTT..FFF"]);
    assert_eq!(
        doc["sides"],
        serde_json::json!(["{on|{0|-1/2}}", "{{1/2|0}|off}"])
    );
    assert_eq!(doc["outcome"], "D (a draw whoever starts)");
    rejects(&["loopy", "--backsliding", &"T.".repeat(40)], "at most 64");
}
