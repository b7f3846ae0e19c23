//! `cgt script`: the ten example scripts in examples/scripts give the same answers as the
//! built-in games where both exist, and bad scripts get one line with the place and exit 2.

mod common;

use std::path::PathBuf;

use common::*;
use serde_json::Value;

fn script(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/scripts")
        .join(name);
    path.to_str().unwrap().to_owned()
}

/// The `value` column of `cgt script FILE --upto N`, as strings.
fn table(name: &str, upto: u64, extra: &[&str]) -> Vec<(String, String)> {
    let file = script(name);
    let n = upto.to_string();
    let mut args = vec!["script", file.as_str(), "--upto", n.as_str()];
    args.extend_from_slice(extra);
    let doc = json(&args);
    doc["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let value = r["value"].as_str().unwrap_or("-").to_owned();
            (value, r["outcome"].as_str().unwrap().to_owned())
        })
        .collect()
}

fn sequence(args: &[&str]) -> Vec<String> {
    json(args)["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.to_string())
        .collect()
}

fn values(rows: &[(String, String)]) -> Vec<String> {
    rows.iter().map(|(v, _)| v.clone()).collect()
}

#[test]
fn heap_scripts_equal_the_built_in_nim_sequences() {
    // The same --upto N on both sides: "up to N" includes N everywhere (issue 24).
    let subtraction = table("subtraction-134.rhai", 40, &[]);
    assert_eq!(
        values(&subtraction),
        sequence(&["subtraction", "1,3,4", "--upto", "40", "--values"])
    );
    let stones = table("game-of-stones.rhai", 40, &[]);
    assert_eq!(
        values(&stones),
        sequence(&["subtraction", "2,3,5", "--upto", "40", "--values"])
    );
    let kayles = table("kayles.rhai", 25, &[]);
    assert_eq!(
        values(&kayles),
        sequence(&["octal", "kayles", "--upto", "25", "--values"])
    );
    let grundy = table("grundy-game.rhai", 30, &[]);
    assert_eq!(
        values(&grundy),
        sequence(&["grundy-game", "--upto", "30", "--values"])
    );
}

#[test]
fn position_scripts_equal_the_built_in_games() {
    let nim = script("nim.rhai");
    for heaps in [[1, 2, 3], [3, 4, 5], [2, 2, 7], [0, 5, 6]] {
        let position = format!("{heaps:?}");
        let doc = json(&["script", &nim, "--position", &position]);
        let sizes: Vec<String> = heaps.iter().map(ToString::to_string).collect();
        let mut args = vec!["nim"];
        args.extend(sizes.iter().map(String::as_str));
        let built_in = json(&args);
        assert_eq!(doc["value"], built_in["value"], "{position}");
        assert_eq!(
            doc["winning_moves"].as_array().unwrap().len(),
            built_in["winning_moves"].as_array().unwrap().len()
        );
        // Misère play against misère Nim.
        let doc = json(&["script", &nim, "--position", &position, "--misere"]);
        args.push("--misere");
        assert_eq!(doc["outcome"], json(&args)["outcome"], "misère {position}");
    }
    let wythoff = script("wythoff.rhai");
    for (a, b) in [(4, 9), (3, 5), (6, 6), (0, 7)] {
        let doc = json(&["script", &wythoff, "--position", &format!("[{a}, {b}]")]);
        let built_in = json(&["wythoff", &a.to_string(), &b.to_string()]);
        assert_eq!(doc["value"], built_in["value"], "({a}, {b})");
    }
    // The divisor game: the player to move wins exactly at even N (position(n) = n + 1).
    for (i, (_, outcome)) in table("divisor.rhai", 40, &[]).iter().enumerate() {
        let n = i + 1;
        assert_eq!(outcome, if n % 2 == 0 { "N" } else { "P" }, "N = {n}");
    }
    // A Chessboard Game: lost exactly when x mod 4 and y mod 4 are both 1 or 2.
    for (i, (_, outcome)) in table("chessboard.rhai", 224, &[]).iter().enumerate() {
        let (x, y) = (i / 15 + 1, i % 15 + 1);
        let lost = matches!(x % 4, 1 | 2) && matches!(y % 4, 1 | 2);
        assert_eq!(outcome, if lost { "P" } else { "N" }, "({x}, {y})");
    }
}

#[test]
fn partizan_scripts_equal_the_built_in_games() {
    for (i, (value, _)) in table("cutcake.rhai", 7, &[]).iter().enumerate() {
        let piece = format!("{}x3", i + 1);
        assert_eq!(
            json(&["cutcake", &piece])["value"],
            value.as_str(),
            "{piece}"
        );
    }
    let cake = script("cutcake.rhai");
    let doc = json(&["script", &cake, "--position", "[[4, 2], [3, 5]]"]);
    assert_eq!(doc["value"], json(&["cutcake", "4x2,3x5"])["value"]);
    let toads = script("toads-frogs.rhai");
    for row in ["TT..F.F", "T.F", "T..F", "TF.TF", "T.T.FF", ".T.F.TF."] {
        let doc = json(&["script", &toads, "--position", &format!("{row:?}")]);
        assert_eq!(doc["value"], json(&["toads-frogs", row])["value"], "{row}");
    }
}

#[test]
fn play_a_script_from_a_pipe() {
    let file = script("subtraction-134.rhai");
    // From 10 the human moves to 7 (move 2 of 9, 7, 6); the program answers, and `?` asks for
    // the winning moves of what is left.
    let text = stdout_with_input(&["script", &file, "--play"], "2\n?\n");
    assert!(text.contains("moves: 1) 9  2) 7  3) 6"), "{text}");
    assert!(text.contains("program plays move to"), "{text}");
    let text = stdout_with_input(&["script", &file, "--play"], "5\n[3]\n");
    assert!(text.contains("there are moves 1 to 3"), "{text}");
    assert!(text.contains("is not one move away"), "{text}");
}

#[test]
fn bad_scripts_get_one_line_with_the_place() {
    let bad = |name: &str, text: &str| temp_file(name, text);
    let f = bad(
        "syntax.rhai",
        "fn start() { 3 }\nfn options(n) {\n  let x = ;\n}\n",
    );
    rejects(
        &["script", f.to_str().unwrap()],
        "syntax.rhai:3:11: Unexpected ';'",
    );
    let f = bad(
        "unknown.rhai",
        "fn start() { 3 }\nfn options(n) {\n  [n - 1, nothing]\n}\n",
    );
    rejects(
        &["script", f.to_str().unwrap()],
        "unknown.rhai:3:11: Variable not found: nothing",
    );
    let f = bad(
        "forever.rhai",
        "fn start() { 3 }\nfn options(n) {\n  loop { n += 1; }\n}\n",
    );
    rejects(
        &["script", f.to_str().unwrap()],
        "more than 1000000 operations",
    );
    let f = bad("empty.rhai", "fn start() { 3 }\n");
    rejects(&["script", f.to_str().unwrap()], "defines no game");
    let f = bad(
        "mixed.rhai",
        "fn options(n) { [] }\nfn left(n) { [] }\nfn right(n) { [] }\n",
    );
    rejects(&["script", f.to_str().unwrap()], "not a mix");
    let f = bad("map.rhai", "fn start() { 3 }\nfn options(n) { #{a: 1} }\n");
    rejects(
        &["script", f.to_str().unwrap()],
        "returned a map, not an array",
    );
    let f = bad(
        "cycle.rhai",
        "fn start() { 3 }\nfn options(n) { if n > 0 { [n - 1, n] } else { [] } }\n",
    );
    rejects(
        &["script", f.to_str().unwrap()],
        "can be reached from itself",
    );
    let f = bad("nostart.rhai", "fn options(n) { [] }\n");
    rejects(&["script", f.to_str().unwrap()], "no fn start()");
    let nim = script("nim.rhai");
    rejects(
        &["script", &nim, "--position", "[1, 2"],
        "position \"[1, 2\"",
    );
    rejects(
        &["script", &script("cutcake.rhai"), "--misere"],
        "impartial scripts",
    );
    rejects(&["script", &nim, "--upto", "100001"], "at most 100000");
}

#[test]
fn ten_example_scripts() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/scripts");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".rhai"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 10, "{names:?}");
    for name in names {
        let file = script(&name);
        let doc: Value = json(&["script", &file]);
        assert!(doc["outcome"].is_string(), "{name}: {doc}");
    }
}
