//! End-to-end tests of `cgt dead-end`: Left dead ends under misère play, their order and
//! factorisations.

mod common;

use common::{json, rejects, stdout};

/// Two atoms A, B and a third game whose sum A + B also splits as {|0,{|0,-1}} + C.
const TWO_WAYS: &str =
    "{|{|0,-1},{|0,-2},{|{|0,{|0,-1}}}} + {|{|0,{|0,-1}},{|{|0,-1},{|0,-2},{|{|0,-1}}}}";

#[test]
fn canonical_forms_races_and_factorisations() {
    let doc = json(&["dead-end", "-2 + {|0,-3}"]);
    assert_eq!(doc["form"], "{|{|{|0,-3}}}");
    assert_eq!(
        (doc["birthday"].as_u64(), doc["race"].as_u64()),
        (Some(6), Some(3))
    );
    assert_eq!(doc["atom"], false);
    assert_eq!(doc["factorisation_count"], 1);
    assert_eq!(
        doc["factorisations"],
        serde_json::json!([["-1", "-1", "{|0,-3}"]])
    );
    // Dominated options go: Right prefers {|0,-1} to -1.
    assert_eq!(json(&["dead-end", "{|-1,{|0,-1}}"])["form"], "{|{|0,-1}}");
    let zero = json(&["dead-end", "0"]);
    assert_eq!(
        (
            zero["outcome"].as_str(),
            zero["factorisation_count"].as_u64()
        ),
        (Some("N"), Some(0))
    );
    assert_eq!(json(&["dead-end", "-4"])["integer"], 4);
}

#[test]
fn factorisation_need_not_be_unique() {
    let doc = json(&["dead-end", TWO_WAYS]);
    assert_eq!(doc["factorisation_count"], 2);
    let ways = doc["factorisations"].as_array().expect("a list");
    assert!(ways.iter().any(|f| f[0] == "{|0,{|0,-1}}"), "{ways:?}");
    assert!(
        ways.iter()
            .all(|f| f.as_array().is_some_and(|f| f.len() == 2))
    );
    // --limit lists fewer and still counts them all.
    let one = json(&["dead-end", TWO_WAYS, "--limit", "1"]);
    assert_eq!(one["factorisations"].as_array().map(Vec::len), Some(1));
    assert_eq!(one["factorisation_count"], 2);
    let text = stdout(&["dead-end", TWO_WAYS]);
    assert!(text.contains("factorisations into atoms: 2\n"), "{text}");
}

#[test]
fn long_forms_are_cut_and_measured() {
    // Ten copies of one atom: a written form of 55,664,057 characters, a few thousand games.
    let sum = ["{|0,{|0,-1},{|{|0,-1},-2}}"; 10].join(" + ");
    let doc = json(&["dead-end", &sum]);
    assert_eq!(doc["form_length"], 55_664_057);
    let form = doc["form"].as_str().expect("text");
    assert!(
        form.ends_with('…') && form.chars().count() < 4100,
        "{}",
        form.len()
    );
    assert_eq!(doc["factorisation_count"], 1);
    let text = stdout(&["dead-end", &sum]);
    assert!(
        text.contains("(55664057 characters in all)"),
        "{}",
        &text[..200]
    );
    assert!(text.len() < 100_000);
}

#[test]
fn comparisons() {
    let relation =
        |a: &str, b: &str| json(&["dead-end", a, "--compare", b])["compare"]["relation"].clone();
    // Distinct integers are incomparable in misère play.
    assert_eq!(relation("-2", "-3"), "||");
    assert_eq!(relation("{|0,-1}", "-1"), "<");
    assert_eq!(relation("-1", "{|0,-1}"), ">");
    assert_eq!(relation("{|-1} + -1", "-3"), "=");
    let text = stdout(&["dead-end", "{|0,-2}", "--compare", "-1"]);
    assert!(text.contains("{|0,-2} is less than"), "{text}");
}

#[test]
fn bad_input_is_refused() {
    let deep = "{|".repeat(300) + &"}".repeat(300);
    rejects(&["dead-end", &deep], "nested too deeply");
}
