//! End-to-end tests of the partizan commands: game, domineering, toads-frogs, clobber, col,
//! snort, toppling-dominoes, amazons, konane, ski-jumps, fission and coloured hackenbush.

mod common;

use std::process::Command;

use common::{cgt, json, rejects, stdout, temp_file, temp_path};

#[test]
fn game_values_invariants_and_comparison() {
    let doc = json(&["game", "{2||1|0}"]);
    assert_eq!(doc["value"], "{2||1|0}");
    assert_eq!(doc["outcome"], "L");
    assert_eq!(doc["mean"], "5/4");
    assert_eq!(doc["temperature"], "3/4");
    assert_eq!(
        doc["thermograph"]["left_wall"],
        serde_json::json!([["0", "2"], ["3/4", "5/4"]])
    );
    // Different spellings of one game print the same canonical form.
    for (a, b) in [
        ("{0,*|0}", "^*"),
        ("{1|1}", "1*"),
        ("{0|{0|-1}}", "+_1"),
        ("{1|-1}", "+-1"),
    ] {
        assert_eq!(json(&["game", a])["value"], b, "{a}");
    }
    let doc = json(&["game", "^*", "--compare", "*"]);
    assert_eq!(doc["compare"]["relation"], ">");
    assert_eq!(doc["compare"]["difference_outcome"], "L");
    assert_eq!(
        json(&["game", "^", "--compare", "*"])["compare"]["relation"],
        "||"
    );
    assert_eq!(
        json(&["game", "1/2", "--compare", "{0|1}"])["compare"]["relation"],
        "="
    );
    // A negative game as the first argument is not taken for an option.
    assert_eq!(json(&["game", "-1/2"])["outcome"], "R");
    let text = stdout(&["game", "^^*"]);
    assert!(text.contains("value: ^^*  (⇑*)"), "{text}");
}

#[test]
fn cooling_heating_and_ordinal_sums() {
    // {3 | −1} (Winning Ways ch. 6): mean 1, temperature 2.
    let text = stdout(&[
        "game", "{3|-1}", "--cool", "1", "--cool", "2", "--cool", "3",
    ]);
    for line in ["cooled by 1: {2|0}", "cooled by 2: 1*", "cooled by 3: 1"] {
        assert!(text.contains(line), "{line} in {text}");
    }
    let doc = json(&["game", "*", "--heat", "1", "--ordinal", "*2"]);
    assert_eq!(doc["derived"][0]["operation"], "heat");
    assert_eq!(doc["derived"][0]["value"], "+-1");
    assert_eq!(doc["derived"][1]["operation"], "ordinal-sum");
    assert_eq!(doc["derived"][1]["value"], "*3");
    // Hackenbush strings: blue then red is 1 : −1 = 1/2.
    assert_eq!(
        json(&["game", "1", "--ordinal", "-1"])["derived"][0]["value"],
        "1/2"
    );
    // Without the options, no such field.
    assert!(json(&["game", "*"]).get("derived").is_none());
}

#[test]
fn atomic_weights_reduced_forms_and_norton_products() {
    // ⇑* plus ↑² = {0 | ↓*}, which weighs nothing: weight 2 (Winning Ways ch. 8).
    let text = stdout(&["game", "^^* + {0|v*}", "--atomic-weight"]);
    assert!(text.contains("atomic weight: 2\n"), "{text}");
    // A non-integer weight: {⇑ | ⇓} has {0 | 0} = *.
    let doc = json(&["game", "{^^|vv}", "--atomic-weight", "--reduced"]);
    assert_eq!(doc["derived"][0]["operation"], "atomic-weight");
    assert_eq!(doc["derived"][0]["argument"], "");
    assert_eq!(doc["derived"][0]["value"], "*");
    assert_eq!(doc["derived"][1]["operation"], "reduced");
    assert_eq!(doc["derived"][1]["value"], "0");
    let text = stdout(&["game", "{1|^}", "--reduced", "--norton", "1"]);
    assert!(text.contains("reduced canonical form: {1|0}\n"), "{text}");
    assert!(text.contains("Norton product G.1: {1|^}\n"), "{text}");
    // 3 copies of 1* and of ↑.
    let doc = json(&["game", "3", "--norton", "1*", "--norton", "^"]);
    assert_eq!(doc["derived"][0]["value"], "3*");
    assert_eq!(doc["derived"][1]["value"], "^3");
}

#[test]
fn orthodox_options_follow_the_ambient_temperature() {
    // Left's 4 against the switch {9 | 1}, whose right wall climbs from 1 to its mean 5:
    // below t = 3 the 4 is better, at 3 they tie, above it the switch.
    let text = stdout(&[
        "game",
        "{4,{9|1}|-5}",
        "--orthodox",
        "0",
        "--orthodox",
        "3",
        "--orthodox",
        "4",
    ]);
    for line in [
        "orthodox options at 0: Left 4; Right -5",
        "orthodox options at 3: Left 4, {9|1}; Right -5",
        "orthodox options at 4: Left {9|1}; Right -5",
    ] {
        assert!(text.contains(line), "{line} in {text}");
    }
    let doc = json(&["game", "3/4", "--orthodox", "1"]);
    assert_eq!(doc["derived"][0]["operation"], "orthodox");
    assert_eq!(doc["derived"][0]["value"], "Left none; Right none");
}

#[test]
fn col_and_snort_on_graphs() {
    // A path of three vertices is a row of three squares: Snort ±2, Col 0.
    assert_eq!(json(&["snort", "--graph", "path:3"])["value"], "+-2");
    assert_eq!(json(&["snort", "..."])["value"], "+-2");
    assert_eq!(json(&["col", "--graph", "a-b-c"])["value"], "0");
    let text = stdout(&["snort", "--graph", "a-b b-c c-a d"]);
    assert!(
        text.starts_with("Snort on a graph of 4 vertices and 3 edges"),
        "{text}"
    );
    // A blue vertex tints its neighbour: Left's alone in Snort, Right's alone in Col.
    assert_eq!(json(&["snort", "--graph", "a-b a=x"])["value"], "1");
    assert_eq!(json(&["col", "--graph", "a-b a=x"])["value"], "-1");
    let doc = json(&["snort", "--graph", "star:3"]);
    let moves = doc["left_winning_moves"].as_array().unwrap();
    assert!(moves.iter().any(|m| m["to"] == "1"), "{doc}");
    assert_eq!(
        json(&["col", "--graph", "path:4", "--misere"])["misere"]["outcome"]
            .as_str()
            .map(str::len),
        Some(1)
    );
    let big: Vec<String> = (0..65).map(|i| format!("v{i}")).collect();
    rejects(&["col", "--graph", &big.join(" ")], "more than 64 vertices");
}

#[test]
fn misere_play_of_every_ruleset() {
    // Domineering 2 x 2 is ±1 in normal play; in misère play whoever moves first leaves room
    // only for their own dominoes, so the other cannot move and wins: P.
    let text = stdout(&["domineering", "2x2", "--misere"]);
    assert!(
        text.contains("misère play (who cannot move wins): P: the second player wins\n"),
        "{text}"
    );
    assert!(
        text.contains("Left moving first: no winning move in misère play"),
        "{text}"
    );
    // A board without moves: whoever must move has won.
    let text = stdout(&["domineering", "#", "--misere"]);
    assert!(
        text.contains("Left moving first has no move, and so wins misère play"),
        "{text}"
    );
    // 2 x 3: Left wins misère play either way, with a domino at either end.
    let doc = json(&["domineering", "2x3", "--misere"]);
    assert_eq!(doc["misere"]["outcome"], "L");
    assert_eq!(
        doc["misere"]["left_winning_moves"].as_array().map(Vec::len),
        Some(2)
    );
    // Clobber xo: one capture, after which the other player cannot move and wins.
    assert_eq!(
        json(&["clobber", "xo", "--misere"])["misere"]["outcome"],
        "P"
    );
    // Every ruleset takes the flag.
    for args in [
        ["toads-frogs", "T..F"],
        ["col", "..."],
        ["snort", "..."],
        ["toppling-dominoes", "LRG"],
        ["amazons", "x../..o"],
        ["konane", "xo.ox"],
        ["ski-jumps", "L../..R"],
        ["fission", "x./.."],
        ["cutcake", "2x3"],
    ] {
        let doc = json(&[args[0], args[1], "--misere"]);
        let outcome = doc["misere"]["outcome"].as_str().unwrap_or("");
        assert!(["L", "R", "P", "N"].contains(&outcome), "{args:?}: {doc}");
    }
    // Without the flag, no such field.
    assert!(json(&["domineering", "2x2"]).get("misere").is_none());
}

#[test]
fn thermograph_pictures_are_written_whole() {
    for ext in ["svg", "png"] {
        let path = temp_path(&format!("thermo.{ext}"));
        let p = path.to_str().unwrap();
        let text = stdout(&["game", "{3|1}", "--thermograph", p]);
        assert!(text.contains("thermograph written"), "{text}");
        let bytes = std::fs::read(&path).unwrap();
        match ext {
            "svg" => assert!(
                String::from_utf8(bytes)
                    .unwrap()
                    .trim_end()
                    .ends_with("</svg>")
            ),
            _ => assert_eq!(&bytes[1..4], b"PNG"),
        }
    }
}

#[test]
fn board_games_values_and_winning_moves() {
    let doc = json(&["domineering", "2x2"]);
    assert_eq!(doc["value"], "+-1");
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["left_winning_moves"].as_array().unwrap().len(), 2);
    assert_eq!(
        doc["left_winning_moves"][0]["from"],
        serde_json::json!([1, 1])
    );
    let doc = json(&["domineering", "../../.."]);
    assert_eq!(doc["value"], "{1/2|-2}");
    assert_eq!(doc["right_winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(json(&["toads-frogs", "T.F"])["value"], "*");
    let doc = json(&["toads-frogs", "T..F"]);
    assert_eq!(doc["value"], "0");
    assert_eq!(doc["left_winning_moves"], serde_json::json!([]));
    assert_eq!(json(&["clobber", "xoo"])["value"], "v");
    assert_eq!(json(&["clobber", "xxo"])["value"], "^");
}

#[test]
fn col_and_snort_colour_squares_under_their_own_rule() {
    // Col on a path of three: {-1*|1*} = 0. Snort: the middle square gains two squares.
    assert_eq!(json(&["col", "..."])["value"], "0");
    let doc = json(&["snort", "..."]);
    assert_eq!(doc["value"], "+-2");
    assert_eq!(doc["game"], "snort");
    assert_eq!(
        doc["left_winning_moves"][0]["to"],
        serde_json::json!([1, 2])
    );
    // A coloured square tints its neighbours: the opposite ways under the two rules.
    assert_eq!(json(&["col", "x."])["value"], "-1");
    assert_eq!(json(&["snort", "x."])["value"], "1");
    assert_eq!(json(&["snort", "l#r#."])["value"], "*");
    let text = stdout(&["snort", "x.."]);
    assert!(text.contains("colour (1,3) blue: xlx"), "{text}");
}

#[test]
fn toppling_dominoes_rows_and_sums() {
    // One-colour rows: blue n = n, red n = −n, green n = *n; LR = * (Left leaves R or nothing).
    assert_eq!(json(&["toppling-dominoes", "LLL"])["value"], "3");
    assert_eq!(json(&["toppling-dominoes", "GGG"])["value"], "*3");
    assert_eq!(json(&["toppling-dominoes", "LR"])["value"], "*");
    assert_eq!(json(&["toppling-dominoes", "LR RL"])["value"], "0");
    let doc = json(&["toppling-dominoes", "LLR"]);
    assert_eq!(doc["value"], "{1|0}");
    assert_eq!(doc["game"], "toppling-dominoes");
    let text = stdout(&["toppling-dominoes", "LLR"]);
    assert!(
        text.contains("topple domino 2 to the right: L (leaves 1)"),
        "{text}"
    );
    rejects(&["toppling-dominoes", &"L".repeat(65)], "limited to 64");
}

#[test]
fn amazons_regions_and_moves() {
    // x.. : two moves for Left (the arrow may land where the amazon stood).
    assert_eq!(json(&["amazons", "x.."])["value"], "2");
    assert_eq!(json(&["amazons", "x.o"])["value"], "*");
    // Burnt squares split the board: (x.) + (o..) = 1 − 2.
    assert_eq!(json(&["amazons", "x.#o.."])["value"], "-1");
    let doc = json(&["amazons", "x.../...o"]);
    assert_eq!(doc["value"], "{3,{4|0,{1|*,0}}|-3,{0,{*,0|-1}|-4}}");
    assert_eq!(
        doc["left_winning_moves"][0]["from"],
        serde_json::json!([1, 1])
    );
    let text = stdout(&["amazons", "x.o"]);
    assert!(
        text.contains("(1,1) to (1,2), arrow to (1,1) (leaves 0)"),
        "{text}"
    );
}

#[test]
fn konane_jumps_and_chains() {
    assert_eq!(json(&["konane", "xo."])["value"], "1");
    assert_eq!(json(&["konane", ".xo."])["value"], "*");
    let text = stdout(&["konane", "xo.o."]);
    // The double jump and the single one are both moves; the double one wins outright.
    assert!(text.contains("(1,1) jumps to (1,5) (leaves"), "{text}");
    let doc = json(&["konane", "xo.o."]);
    assert_eq!(doc["game"], "konane");
}

#[test]
fn ski_jumps_slides_and_jumps() {
    // Winning Ways ch. 5: L against an R four columns on, one row down: 1/2.
    assert_eq!(json(&["ski-jumps", "L..../....R/....."])["value"], "1/2");
    assert_eq!(json(&["ski-jumps", "L..R"])["value"], "*2");
    let text = stdout(&["ski-jumps", "L/R/."]);
    assert!(text.contains("(1,1) jumps down to (3,1)"), "{text}");
    let text = stdout(&["ski-jumps", "L"]);
    assert!(
        text.contains("(1,1) slides off the board (leaves 0)"),
        "{text}"
    );
    assert_eq!(json(&["ski-jumps", "L/R/."])["game"], "ski-jumps");
}

#[test]
fn fission_splits_stones() {
    assert_eq!(json(&["fission", "./x/."])["value"], "1");
    assert_eq!(json(&["fission", ".x."])["value"], "-1");
    // Walls split the board: (./x/.) and (.x.) side by side are 1 − 1.
    assert_eq!(json(&["fission", ".####/x#.x./.####"])["value"], "0");
    let text = stdout(&["fission", "./x/."]);
    assert!(
        text.contains("split (2,1) up and down: x/./x (leaves 0)"),
        "{text}"
    );
}

#[test]
fn hackenbush_with_colours_is_partizan_and_without_stays_impartial() {
    let coloured = temp_file("br.txt", "ground a blue\na b red\nground ground green\n");
    let doc = json(&["hackenbush", coloured.to_str().unwrap()]);
    assert_eq!(doc["value"], "1/2*");
    assert_eq!(doc["left_winning_moves"][0]["edge"], 3);
    let green = temp_file("g.txt", "ground a green\na b\n");
    let doc = json(&["hackenbush", green.to_str().unwrap()]);
    assert_eq!(doc["value"], 2); // the impartial report: a Grundy value
    let bad = temp_file("bad.txt", "ground a purple\n");
    rejects(
        &["hackenbush", bad.to_str().unwrap()],
        "the colour must be blue, red or green",
    );
}

#[test]
fn a_search_past_the_memory_budget_stops_with_a_clear_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(["domineering", "5x5"])
        .env("CGT_MEMORY_LIMIT", "100000")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Past a limit is the request's to change: exit code 2, as refusals up front.
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("memory limit of 97.7 KiB"), "{stderr}");
    assert!(out.stdout.is_empty());
    // The same search within budget succeeds.
    assert_eq!(cgt(&["domineering", "5x5"]).status.code(), Some(0));
}

#[test]
fn every_ruleset_plays_in_the_terminal_from_its_example() {
    for entry in cgt_report::registry::RULESETS {
        for side in ["left", "right"] {
            // The hint names the winning moves (or says there are none); move 1 is played and
            // answered, unless it ends the game.
            let text = common::stdout_with_input(
                &[entry.name, &entry.texts().example, "--play", "--side", side],
                "?\n1\nq\n",
            );
            assert!(
                text.starts_with("You move first."),
                "{}: {text}",
                entry.name
            );
            let to_move = if side == "left" {
                "Left to move"
            } else {
                "Right to move"
            };
            assert!(text.contains(to_move), "{} {side}: {text}", entry.name);
            assert!(
                text.contains("program plays") || text.contains("win"),
                "{} {side}: {text}",
                entry.name
            );
        }
    }
}
