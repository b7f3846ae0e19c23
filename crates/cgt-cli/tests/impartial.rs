//! End-to-end tests of the impartial-game commands.

mod common;

use std::process::Command;

use common::*;

#[test]
fn nim_names_outcome_value_and_move() {
    let text = stdout(&["nim", "3", "4", "5"]);
    assert!(text.contains("N-position"), "{text}");
    assert!(text.contains("*2"), "{text}");
    assert!(text.contains("take 2 from heap 1, leaving 1"), "{text}");
    let doc = json(&["nim", "1", "2", "3"]);
    assert_eq!(doc["outcome"], "P");
    assert_eq!(doc["winning_moves"].as_array().unwrap().len(), 0);
    let doc = json(&["nim", "1", "1", "2", "--misere"]);
    assert_eq!(doc["winning_moves"][0]["to"], 1);
    let doc = json(&["nim", "18446744073709551615", "1"]);
    assert_eq!(doc["winning_moves"][0]["to"], 1);
}

#[test]
fn staircase_moore_divisor_stones() {
    let doc = json(&["staircase", "3", "1", "4"]);
    assert_eq!(doc["value"], 7);
    assert_eq!(doc["winning_moves"].as_array().unwrap().len(), 2);
    let doc = json(&["moore", "-k", "2", "1", "2", "3", "--grundy"]);
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["value"], 6);
    assert_eq!(json(&["moore", "-k", "2", "1", "1", "1"])["outcome"], "P");
    let doc = json(&["divisor", "12", "--search"]);
    let divisors: Vec<_> = doc["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["take"].as_u64().unwrap())
        .collect();
    assert_eq!(divisors, [1, 3]);
    assert_eq!(doc["search_outcome"], "N");
    assert_eq!(json(&["divisor", "9"])["value"], 0);
    let doc = json(&["stones", "1", "2"]);
    assert_eq!(doc["outcome"], "P");
    let doc = json(&["stones", "5", "9", "13"]);
    assert_eq!(doc["value"], 5);
}

#[test]
fn wythoff_modes() {
    let doc = json(&["wythoff", "4", "9"]);
    assert_eq!(doc["winning_moves"][0]["to"], serde_json::json!([4, 7]));
    assert_eq!(json(&["wythoff", "3", "5"])["value"], 0);
    assert_eq!(json(&["wythoff", "1", "1"])["value"], 2);
    let doc = json(&["wythoff", "--pair", "4611686018427387904"]);
    assert_eq!(doc["pair"][0], 7_461_864_723_258_187_525u64);
    let text = stdout(&["wythoff", "--p-positions", "5"]);
    assert_eq!(text.lines().nth(4).unwrap(), "4\t6\t10");
    let doc = json(&["wythoff", "--grundy", "3"]);
    assert_eq!(
        doc["table"],
        serde_json::json!([[0, 1, 2], [1, 2, 0], [2, 0, 1]])
    );
    let png = temp_file("w.png", "");
    std::fs::remove_file(&png).unwrap();
    stdout(&[
        "wythoff",
        "--grundy",
        "50",
        "--picture",
        png.to_str().unwrap(),
    ]);
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    let svg = temp_file("w.svg", "");
    stdout(&[
        "wythoff",
        "--grundy",
        "8",
        "--picture",
        svg.to_str().unwrap(),
    ]);
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}

#[test]
fn graph_and_hackenbush_files() {
    let g = temp_file("g.txt", "# a DAG\na b\nb c\na c\nc d\n");
    let doc = json(&["graph", g.to_str().unwrap(), "--tokens", "a", "b"]);
    assert_eq!(doc["value"], 2);
    assert_eq!(doc["winning_moves"][0]["to"], "b");
    let j = temp_file(
        "g.json",
        r#"{"edges": [["x", "y"], ["y", "x"], ["y", "z"]]}"#,
    );
    let doc = json(&["graph", j.to_str().unwrap(), "--loopy", "--tokens", "x"]);
    assert_eq!(doc["outcome"], "P");
    let draw = temp_file("d.txt", "a b\nb a\n");
    let doc = json(&["graph", draw.to_str().unwrap(), "--loopy", "--tokens", "a"]);
    assert_eq!(doc["outcome"], "D");
    assert_eq!(doc["winning_moves"][0]["to"], "b");
    assert_eq!(doc["value"], serde_json::Value::Null);
    assert!(doc["loopy_value"].is_string());
    let h = temp_file("h.txt", "ground a\na b\nb ground\nb c\n");
    let doc = json(&["hackenbush", h.to_str().unwrap()]);
    // Triangle on the ground fused: 3 loops (*1) at the ground with a stalk of 1 → 1 ⊕ 1 = 0.
    assert_eq!(doc["value"], 0);
}

#[test]
fn sums_of_components() {
    let g = temp_file("sum-g.txt", "a b\nb c\na c\nc d\n");
    let spec = format!("graph {} a", g.to_str().unwrap());
    let doc = json(&["sum", "nim 3 4", "wythoff 1 3", "divisor 12", &spec]);
    assert_eq!(doc["value"], 7 ^ 4 ^ 2 ^ 2);
    assert_eq!(doc["outcome"], "N");
    assert!(!doc["winning_moves"].as_array().unwrap().is_empty());
    let doc = json(&["sum", "nim 5", "stones 14"]);
    // A pile of 14 stones has value 4 (4·5/2 = 10 ≤ 14 < 15): 5 ⊕ 4 = 1.
    assert_eq!(doc["value"], 1);
}

#[test]
fn explanations() {
    let text = stdout(&["nim", "3", "4", "5", "--explain"]);
    assert!(text.contains("  heap 2   4 = 100"), "{text}");
    assert!(text.contains("Column 2 has an odd number of 1s"), "{text}");
    assert!(text.contains("take 2 from heap 1"), "{text}");
    let doc = json(&["nim", "1", "1", "1", "--misere", "--explain"]);
    let lines = doc["explanation"].as_array().unwrap();
    assert!(
        lines
            .last()
            .unwrap()
            .as_str()
            .unwrap()
            .contains("odd: P-position")
    );
    let doc = json(&["subtraction", "1,3,4", "--upto", "8", "--explain"]);
    assert_eq!(
        doc["explanation"][7],
        "G(7): options 6, 4, 3 with values 2, 2, 1; mex = 0"
    );
    let text = stdout(&["octal", "kayles", "--upto", "4", "--explain"]);
    assert!(
        text.contains("G(3): options 2, 1+1, 1 with values 2, 0, 1; mex = 3"),
        "{text}"
    );
}

#[test]
fn explanations_of_wythoff_and_graphs() {
    let doc = json(&["wythoff", "4", "9", "--explain"]);
    let lines: Vec<&str> = doc["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(lines.contains(&"    3    4    7   <- holds 4"), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("take 2 from heap 2, leaving (4, 7)"))
    );
    let dag = common::temp_file("explain-dag.txt", "a b\nb c\na c\nc d\n");
    let dag = dag.to_str().unwrap();
    let text = stdout(&["graph", dag, "--explain"]);
    assert!(
        text.contains("    a -> b = 0, c = 1: mex = 2 (N)"),
        "{text}"
    );
    let doc = json(&["graph", dag, "--tokens", "a", "b", "--explain"]);
    assert_eq!(doc["explanation"][2], "    d = 0 (P)");
    rejects(
        &["graph", dag, "--loopy", "--explain"],
        "cannot be used with",
    );
    let edges: String = (0..41).map(|i| format!("v{i} v{}\n", i + 1)).collect();
    let long = common::temp_file("explain-long.txt", &edges);
    rejects(
        &["graph", long.to_str().unwrap(), "--explain"],
        "at most 40 vertices",
    );
}

#[test]
fn explanations_of_alpha_beta_and_retrograde_levels() {
    let text = stdout(&["tree", "(max (min 3 5) (min 2 9))", "--explain"]);
    assert!(
        text.contains(
            "    cut at 2: the value is at most 3 = a, and below a nothing matters; skipped 2.2"
        ),
        "{text}"
    );
    assert!(text.contains("max root, window [-inf, +inf]"), "{text}");
    let doc = json(&[
        "tree",
        "(max 1 (min 4 2))",
        "--window",
        "2",
        "3",
        "--explain",
    ]);
    assert_eq!(doc["reduced"], 2);
    assert_eq!(
        doc["explanation"].as_array().unwrap().last().unwrap(),
        "max root = 2"
    );
    let wide = format!("(max {})", vec!["1"; 65].join(" "));
    rejects(&["tree", &wide, "--explain"], "at most 64 leaves");
    let g = common::temp_file("explain-retro.txt", "a b\nb c\nd e\ne d\n");
    let text = stdout(&["retro", "graph", g.to_str().unwrap(), "--explain"]);
    assert!(
        text.contains("  pass 1: b wins (to c, lost in 0)"),
        "{text}"
    );
    assert!(text.contains("  pass 2: a loses (every move, to b, reaches a won position)"));
    assert!(text.contains("forever): d, e"), "{text}");
}

#[test]
fn sums_with_loopy_graphs_and_scripts() {
    // The loopy graph of the examples, and the same graph beside Nim heaps written as graphs
    // (h_k has moves to every h_j below it): tokens there are the sum `cgt sum` builds.
    let loopy = "a b\nb a\nb c\nc d\ne e\ne d\n";
    let file = common::temp_file("sum-loopy.txt", loopy);
    let file = file.to_str().unwrap();
    let mut both = loopy.to_owned();
    for k in 1..4 {
        for j in 0..k {
            both += &format!("h{k} h{j}\n");
        }
    }
    let joined = common::temp_file("sum-loopy-nim.txt", &both);
    let joined = joined.to_str().unwrap();
    for (vertex, heap) in [("a", 1), ("e", 1), ("e", 3), ("c", 3), ("b", 1), ("d", 2)] {
        let sum = json(&[
            "sum",
            &format!("loopy {file} {vertex}"),
            &format!("nim {heap}"),
        ]);
        let graph = json(&[
            "graph",
            joined,
            "--loopy",
            "--tokens",
            vertex,
            &format!("h{heap}"),
        ]);
        assert_eq!(sum["outcome"], graph["outcome"], "{vertex} + *{heap}");
        // A finite total is reported as `value`, an infinite one as `loopy_value`.
        let total = sum["loopy_value"]
            .as_str()
            .map_or_else(|| sum["value"].to_string(), str::to_owned);
        assert_eq!(
            total,
            graph["loopy_value"].as_str().unwrap(),
            "{vertex} + *{heap}"
        );
        if graph["outcome"] == "N" {
            // The same number of winning moves, whichever component they are in.
            assert_eq!(
                sum["winning_moves"].as_array().unwrap().len(),
                graph["winning_moves"].as_array().unwrap().len(),
                "{vertex} + *{heap}"
            );
        }
    }
    // Two tokens on the loopy graph in one component equal `graph --loopy --tokens`.
    let sum = json(&["sum", &format!("loopy {file} c e")]);
    let graph = json(&["graph", file, "--loopy", "--tokens", "c", "e"]);
    assert_eq!(sum["outcome"], graph["outcome"]);
    assert_eq!(
        sum["winning_moves"].as_array().unwrap().len(),
        graph["winning_moves"].as_array().unwrap().len()
    );
    // A script component counts with its Grundy value and its winning moves.
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/scripts/subtraction-134.rhai");
    let script = script.to_str().unwrap();
    let doc = json(&["sum", &format!("script {script} 10"), "nim 1"]);
    assert_eq!(doc["value"], 0);
    let doc = json(&["sum", &format!("script {script} 6"), "nim 3"]);
    let built_in = json(&["sum", "subtraction 1,3,4 6", "nim 3"]);
    assert_eq!(doc["value"], built_in["value"]);
    assert_eq!(
        doc["winning_moves"].as_array().unwrap().len(),
        built_in["winning_moves"].as_array().unwrap().len()
    );
    rejects(&["sum", &format!("loopy {file} zz")], "zz");
    let partizan = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/scripts/cutcake.rhai");
    rejects(
        &["sum", &format!("script {}", partizan.to_str().unwrap())],
        "impartial scripts",
    );
}

#[test]
fn play_green_hackenbush() {
    // A stalk of two edges beside a single edge: *2 + *1, so cutting the top of the stalk (to
    // *1 + *1) wins.
    let file = common::temp_file("play-hackenbush.txt", "ground a\na b\nground c\n");
    let file = file.to_str().unwrap();
    let text = stdout_with_input(&["hackenbush", file, "--play"], "?\n2\n?\n");
    assert!(
        text.contains("edges: 1) ground - a  2) a - b  3) ground - c"),
        "{text}"
    );
    assert!(text.contains("Winning moves: cut edge 2 (a - b)"), "{text}");
    // After the human cuts a - b the program must leave one edge, which the human then cuts.
    assert!(
        text.contains("program plays cut edge 1 (ground - a)"),
        "{text}"
    );
    // Edges keep their numbers: the one left is still edge 3.
    assert!(
        text.contains("Winning moves: cut edge 3 (ground - c)"),
        "{text}"
    );
    // A picture with blue or red edges is the partizan game, the person playing Left (blue):
    // cutting the blue stalk's foot takes the red edge above it too.
    let blue = common::temp_file("play-blue.txt", "ground a blue\na b red\n");
    let text = stdout_with_input(&["hackenbush", blue.to_str().unwrap(), "--play"], "?\n1\n");
    assert!(text.contains("Winning moves: edge 1"), "{text}");
    assert!(text.contains("The program cannot move: you win!"), "{text}");
}

#[test]
fn misere_sequences_and_genera() {
    let doc = json(&["octal", "kayles", "--upto", "13", "--misere"]);
    let rows = doc["heaps"].as_array().unwrap();
    assert_eq!(rows.len(), 14, "heaps 0 … 13");
    assert_eq!(rows[0]["genus"], "0^120");
    assert_eq!(rows[1]["genus"], "1^031");
    // γ0 = 0 exactly where a single heap is a misère P-position, by the multiset search.
    for row in rows {
        let heap = row["heap"].as_u64().unwrap().to_string();
        let position = json(&["octal", "kayles", "--heaps", &heap, "--misere"]);
        assert_eq!(
            row["misere"] == 0,
            position["outcome"] == "P",
            "heap {heap}"
        );
    }
    let text = stdout(&["subtraction", "1,2", "--upto", "6", "--misere"]);
    assert!(
        text.contains("misère P-positions (misère value 0): 1, 4"),
        "{text}"
    );
}

#[test]
fn misere_positions_of_heap_games() {
    // Misère Kayles: one pin loses (the only move takes the last pin); two pins win by taking
    // one and leaving the last pin to the opponent.
    let doc = json(&["octal", "kayles", "--heaps", "1", "--misere"]);
    assert_eq!(doc["game"], "misere octal 0.77");
    assert_eq!(doc["outcome"], "P");
    assert_eq!(doc["value"], serde_json::Value::Null);
    let doc = json(&["octal", "kayles", "--heaps", "2", "--misere"]);
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["winning_moves"][0]["to"], serde_json::json!([1]));
    // Subtraction {1,3,4} heaps (5, 2) under misère play: the reported move reaches a lost
    // position, so the same command there says P.
    let doc = json(&["subtraction", "1,3,4", "--heaps", "5", "2", "--misere"]);
    let after = &doc["winning_moves"][0];
    let mut heaps: Vec<String> = vec!["2".to_owned()];
    heaps.extend(
        after["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.to_string()),
    );
    let mut args = vec!["subtraction", "1,3,4", "--heaps"];
    args.extend(heaps.iter().map(String::as_str));
    args.push("--misere");
    assert_eq!(json(&args)["outcome"], "P");
    // --upto 0 is heap 0 alone.
    let zero = json(&["octal", "kayles", "--misere", "--upto", "0"]);
    assert_eq!(zero["heaps"].as_array().unwrap().len(), 1);
    // A search beyond the position limit (here made small through the memory limit) is
    // refused with one line.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(["grundy-game", "--heaps", "40", "40", "40", "--misere"])
        .env("CGT_MEMORY_LIMIT", "25600")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("limit of 100 positions"), "{stderr}");
}

#[test]
fn misere_tokens_on_a_graph() {
    let path = temp_file("misere-path.txt", "a b\nb c\n");
    let p = path.to_str().unwrap();
    // One token on a: two moves to make; move to b and the opponent makes the last move.
    let doc = json(&["graph", p, "--tokens", "a", "--misere"]);
    assert_eq!(doc["game"], "misere-graph");
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["winning_moves"][0]["to"], "b");
    // Tokens on a and b: three forced moves, so the first player makes the last one and loses.
    assert_eq!(
        json(&["graph", p, "--tokens", "a", "b", "--misere"])["outcome"],
        "P"
    );
    rejects(&["graph", p, "--misere"], "give tokens, without loopy");
    let cycle = temp_file("misere-cycle.txt", "a b\nb a\n");
    rejects(
        &[
            "graph",
            cycle.to_str().unwrap(),
            "--tokens",
            "a",
            "--misere",
        ],
        "cycle",
    );
}

#[test]
fn sums_with_heap_games_and_moore() {
    // Kayles G(3) = 3 and G(4) = 1; subtraction {1,3,4} has values 0,1,0,1,2,3,2 for heaps 0..6,
    // so G(6) = 2; Grundy's game G(7) = 0.
    let doc = json(&["sum", "kayles 3 4", "subtraction 1,3,4 6", "grundy-game 7"]);
    assert_eq!(doc["component_values"], serde_json::json!([2, 2, 0]));
    assert_eq!(doc["value"], 0);
    assert_eq!(doc["outcome"], "P");
    assert_eq!(doc["winning_moves"], serde_json::json!([]));
    // The same heaps through `octal --heaps` agree.
    let alone = json(&["octal", "kayles", "--heaps", "3", "4"]);
    assert_eq!(alone["value"], 2);
    // Moore's Nim_1 is Nim: its value is the XOR.
    let doc = json(&["sum", "moore 1 3 5", "nim 6"]);
    assert_eq!(doc["component_values"], serde_json::json!([6, 6]));
    assert_eq!(doc["outcome"], "P");
    let doc = json(&["sum", "octal 0.07 5", "moore 2 1 2"]);
    assert_eq!(doc["outcome"], "N");
    assert!(!doc["winning_moves"].as_array().unwrap().is_empty());
}

#[test]
fn bad_input_is_one_line_exit_2() {
    // The memory limit is forced so the refusal does not depend on the machine.
    let over = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(["wythoff", "--grundy", "100000"])
        .env("CGT_MEMORY_LIMIT", "1000000")
        .output()
        .unwrap();
    assert_eq!(over.status.code(), Some(2));
    let msg = String::from_utf8_lossy(&over.stderr);
    assert!(msg.contains("would need") && msg.contains("GiB"), "{msg}");
    let cyc = temp_file("cyc.txt", "s a\na b\nb a\n");
    rejects(&["graph", cyc.to_str().unwrap()], "cycle");
    let self_loop = temp_file("sl.txt", "a a\n");
    rejects(&["graph", self_loop.to_str().unwrap()], "self-loop");
    let bad = temp_file("bad.txt", "a b c\n");
    rejects(&["graph", bad.to_str().unwrap()], "line 1");
    let g = temp_file("ok.txt", "a b\n");
    rejects(
        &["graph", g.to_str().unwrap(), "--tokens", "zz"],
        "unknown vertex",
    );
    let badjson = temp_file("bad.json", "{\"edges\": [[\"a\"]]}");
    rejects(
        &["graph", badjson.to_str().unwrap()],
        "expected a tuple of size 2 at line 1 column 16",
    );
    let empty = temp_file("empty.txt", "# nothing\n");
    rejects(&["graph", empty.to_str().unwrap()], "no vertices");
    rejects(&["hackenbush", empty.to_str().unwrap()], "no edges");
}

#[test]
fn retro_graph() {
    let g = temp_file("retro.txt", "a b\nb c\nd e\ne d\ne f\nterminal f draw\n");
    let doc = json(&["retro", "graph", g.to_str().unwrap()]);
    let rows = doc["vertices"].as_array().unwrap();
    assert_eq!(rows[0]["verdict"]["result"], "loss");
    assert_eq!(rows[0]["verdict"]["plies"], 2);
    assert_eq!(rows[0]["shen"], 2);
    assert_eq!(rows[1]["verdict"]["result"], "win");
    assert_eq!(rows[1]["shen"], -1);
    assert_eq!(rows[1]["best_move"], "c");
    assert_eq!(rows[3]["verdict"]["result"], "draw");
    let bad = temp_file("retro-bad.txt", "a b\nterminal a win\n");
    rejects(
        &["retro", "graph", bad.to_str().unwrap()],
        "cannot be terminal",
    );
    let bad = temp_file("retro-bad2.txt", "terminal a maybe\n");
    rejects(&["retro", "graph", bad.to_str().unwrap()], "unknown result");
}
