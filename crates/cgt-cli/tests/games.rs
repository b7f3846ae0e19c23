//! End-to-end tests of the solved-game commands: connect4, bridgit, and --play.

mod common;

use common::{json, json_of, rejects, stdout, stdout_with_input as with_input};

#[test]
fn connect4_scores_and_best_moves() {
    let doc = json(&["connect4", "--width", "4", "--height", "4"]);
    assert_eq!(doc["score"], 0);
    assert_eq!(doc["to_move"], "X");
    // X threatens to complete the bottom row: O's only move that does not lose is to block.
    let doc = json(&["connect4", "112233"]);
    assert_eq!(doc["score"], 18); // X wins with its 4th stone: (42 + 1 - 6) / 2
    assert_eq!(doc["best_moves"], serde_json::json!([4]));
    let doc = json(&["connect4", "1122334"]);
    assert_eq!(doc["over"], true);
    let text = stdout(&["connect4", "--width", "5", "--height", "4", "33"]);
    assert!(text.contains("best moves (columns):"), "{text}");
    // Thread count does not change the answer.
    let [one, two] = ["1", "2"].map(|threads| {
        json(&[
            "connect4",
            "--width",
            "5",
            "--height",
            "4",
            "--threads",
            threads,
        ])
    });
    assert_eq!(one["best_moves"], two["best_moves"]);
    assert_eq!(one["score"], two["score"]);
}

#[test]
fn connect4_score_all_and_weak_modes_agree() {
    for moves in ["", "33", "3311", "1234"] {
        let size = ["--width", "5", "--height", "4"];
        let with = |extra: &[&str]| {
            let mut args = vec!["connect4", moves];
            args.extend(size);
            args.extend(extra);
            json(&args)
        };
        let full = with(&[]);
        let score = with(&["--score"]);
        assert_eq!(score["score"], full["score"], "{moves}");
        assert_eq!(score["best_moves"], serde_json::json!([]));
        let all = with(&["--all"]);
        let columns: Vec<Option<i64>> =
            serde_json::from_value(all["column_scores"].clone()).unwrap();
        let best = columns.iter().flatten().max().copied();
        assert_eq!(best, full["score"].as_i64(), "{moves}");
        let argmax: Vec<u64> = (1..=5u64)
            .filter(|&c| columns[c as usize - 1] == best)
            .collect();
        assert_eq!(all["best_moves"], serde_json::json!(argmax), "{moves}");
        let weak = with(&["--weak", "--all"]);
        let signs: Vec<Option<i64>> = columns.iter().map(|c| c.map(i64::signum)).collect();
        assert_eq!(weak["column_scores"], serde_json::json!(signs), "{moves}");
        assert_eq!(weak["score"].as_i64(), best.map(i64::signum), "{moves}");
    }
    // A full column shows as '-' in the text row.
    let text = stdout(&["connect4", "--width", "4", "--height", "4", "1111", "--all"]);
    assert!(text.contains("scores of columns 1 to 4: - "), "{text}");
}

#[test]
fn connect4_batch_reads_stdin_and_keeps_the_order() {
    let input = "112233\n\n  32461175135152115523  \n1122334\n32164625\n";
    let single: Vec<i64> = ["112233", "32461175135152115523", "1122334", "32164625"]
        .iter()
        .map(|m| json(&["connect4", m, "--score"])["score"].as_i64().unwrap())
        .collect();
    let expected: String = ["112233", "32461175135152115523", "1122334", "32164625"]
        .iter()
        .zip(&single)
        .map(|(m, s)| format!("{m} {s}\n"))
        .collect();
    for threads in ["1", "2", "3"] {
        let out = with_input(&["connect4", "--batch", "--threads", threads], input);
        assert_eq!(out, expected, "{threads} threads");
    }
    let all = with_input(
        &["connect4", "--batch", "--all"],
        "32461175135152115523\n1122334\n",
    );
    let columns = json(&["connect4", "32461175135152115523", "--all"])["column_scores"].clone();
    let row: Vec<String> = columns
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().map_or("-".to_owned(), |s| s.to_string()))
        .collect();
    assert_eq!(
        all,
        format!(
            "32461175135152115523 {}\n1122334 - - - - - - -\n",
            row.join(" ")
        )
    );
    let doc: serde_json::Value = serde_json::from_str(&with_input(
        &["connect4", "--batch", "--weak", "--json"],
        "32461175135152115523\n",
    ))
    .unwrap();
    assert_eq!(doc["lines"][0]["moves"], "32461175135152115523");
    assert_eq!(doc["lines"][0]["score"], single[1].signum());
}

#[test]
fn connect4_batch_checks_every_line_first() {
    let out = common::cgt_with_stdin(&["connect4", "--batch"], b"32461175135152115523\n44x\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("line 2: move 3 (\"x\")"), "{stderr}");
}

#[test]
fn connect4_opening_books_answer_as_the_search_does() {
    let book = common::temp_path("c4-5x4.c4b");
    let book = book.to_str().unwrap();
    let size = ["--width", "5", "--height", "4"];
    let mut build = vec!["connect4", "--book-build", "4", "--out", book];
    build.extend(size);
    let doc = json(&build);
    assert_eq!(doc["depth"], 4);
    assert_eq!(
        doc["empty_board_score"],
        json(&["connect4", "--width", "5", "--height", "4", "--score"])["score"]
    );
    for moves in ["", "3", "31", "315", "3152"] {
        let mut searched = vec!["connect4", moves, "--all"];
        searched.extend(size);
        let mut booked = searched.clone();
        booked.extend(["--book", book]);
        let (a, b) = (json(&searched), json(&booked));
        assert_eq!(a["column_scores"], b["column_scores"], "{moves}");
        assert_eq!(a["best_moves"], b["best_moves"], "{moves}");
        assert_eq!(b["from_book"], moves.len() < 4, "{moves}");
    }
    // Batch mode reads the book too, and gives the same lines.
    let mut batch = vec!["connect4", "--batch", "--all"];
    batch.extend(size);
    let plain = with_input(&batch, "33\n3322\n332214\n");
    batch.extend(["--book", book]);
    assert_eq!(with_input(&batch, "33\n3322\n332214\n"), plain);
    // The program plays from the book at once.
    let mut play = vec!["connect4", "--play", "--book", book];
    play.extend(size);
    let out = with_input(&play, "?\nq\n");
    let searched = json(&["connect4", "--width", "5", "--height", "4"]);
    let best: Vec<String> = searched["best_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    let hint = format!(
        "Best columns (score {}): {}",
        searched["score"],
        best.join(" ")
    );
    assert!(out.contains(&hint), "{out} lacks {hint}");
    rejects(
        &["connect4", "--book", book],
        "a book of the 5x4 board, not of 7x6",
    );
    let junk = common::temp_file("junk.c4b", "not a book");
    rejects(
        &["connect4", "--book", junk.to_str().unwrap()],
        "not a cgt file",
    );
    rejects(
        &["connect4", "--book-build", "17", "--out", book],
        "book depth 17 is out of range",
    );
}

#[test]
fn bridgit_values_strategies_and_crossings() {
    let doc = json(&["bridgit", "2"]);
    assert_eq!(doc["value"], 1);
    assert_eq!(doc["to_move"], "Left");
    let doc = json(&["bridgit", "3", "--strategy", "pairing"]);
    assert_eq!(doc["strategy_move"], 0); // slot (1,1), the pairing's first move
    // After the pairing's first move, Top takes (3,1)'s partner side: Left answers in pairs.
    let doc = json(&[
        "bridgit",
        "3",
        "--moves",
        "1,1",
        "2,2",
        "--strategy",
        "pairing",
    ]);
    assert!(doc["strategy_move"].is_u64());
    let doc = json(&["bridgit", "3", "--count-crossings"]);
    assert_eq!(doc["crossings"], 4096);
    assert_eq!(doc["crossing_probability"], 0.5);
    let text = stdout(&["bridgit", "2", "--moves", "0", "3", "1"]);
    assert!(text.contains("Left has won"), "{text}");
}

#[test]
fn playing_against_the_program() {
    // Tic-tac-toe: whatever the human types (including nonsense), the program never loses.
    let out = with_input(
        &["mnk", "3", "3", "3", "--play"],
        "1\nfoo\n2\n3\n4\n5\n6\n7\n8\n9\n",
    );
    assert!(out.contains("program plays"), "{out}");
    assert!(out.contains("try again"), "{out}");
    assert!(!out.contains("You win!"), "{out}");
    // Connect-Four on 4x4, human stacking column 1: the program answers until the end or
    // until the input runs out.
    let out = with_input(
        &["connect4", "--width", "4", "--height", "4", "--play"],
        "1\n1\n1\n1\n2\n2\n2\n2\n3\n3\n3\n3\n4\n4\n4\n4\n",
    );
    assert!(out.contains("program plays"), "{out}");
    assert!(!out.contains("You win!"), "{out}");
    // Bridg-it as Top (Left has moved): the pairing player answers and wins.
    let out = with_input(
        &[
            "bridgit",
            "3",
            "--moves",
            "1,1",
            "--play",
            "--strategy",
            "pairing",
        ],
        "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n",
    );
    assert!(out.contains("The program wins."), "{out}");
    let out = with_input(&["mnk", "3", "3", "3", "--play"], "q\n");
    assert!(!out.contains("program plays"), "{out}");
    // The same loop as the impartial games: `?` asks the engine, `u` takes back.
    let out = with_input(&["mnk", "3", "3", "3", "--play"], "5\n?\nu\nu\n");
    assert!(
        out.contains("Best cells (a draw with best play): 2 3 4 6 7 8 9"),
        "{out}"
    );
    assert!(out.contains("Took back your last move"), "{out}");
    assert!(out.contains("Nothing to take back."), "{out}");
    let out = with_input(
        &["connect4", "--width", "4", "--height", "4", "--play"],
        "?\n",
    );
    assert!(out.contains("Best columns (score 0): 1 2 3 4"), "{out}");
    let out = with_input(
        &[
            "bridgit",
            "3",
            "--moves",
            "1,1",
            "--play",
            "--strategy",
            "pairing",
        ],
        "?\n",
    );
    assert!(out.contains("The pairing strategy would play"), "{out}");
}

#[test]
fn playing_impartial_games() {
    // Nim (3, 4, 5): the human asks for the winning moves, plays a losing move, takes it back,
    // then plays the winning one; the program, losing, answers with some move.
    let out = with_input(&["nim", "3", "4", "5", "--play"], "?\n1 1\nu\n1 2\nq\n");
    assert!(out.contains("Winning moves: take 2 from heap 1"), "{out}");
    assert!(out.contains("Took back"), "{out}");
    assert!(out.contains("program plays"), "{out}");
    // Whatever the human types, the program wins a winning position for it: Nim (1, 1) with the
    // human to move is lost for the human.
    let out = with_input(&["nim", "1", "1", "--play"], "1 1\n2 1\n");
    assert!(out.contains("the program wins"), "{out}");
    // Misère Kayles, one heap of 2: the human takes one pin and leaves the last to the program.
    let out = with_input(
        &["octal", "kayles", "--heaps", "2", "--misere", "--play"],
        "1 1\n",
    );
    assert!(out.contains("so you win!"), "{out}");
    // An ambiguous split asks for the part; bad input is answered and the game goes on.
    let out = with_input(
        &["octal", "kayles", "--heaps", "5", "--play"],
        "1 1\nx\n1 1 2\n",
    );
    assert!(out.contains("can leave 4, 1+3, 2+2"), "{out}");
    assert!(out.contains("not a number"), "{out}");
    assert!(out.contains("program plays"), "{out}");
    // Staircase Nim (3, 1, 4): odd steps 3 and 4 give 7; both winning moves are listed.
    let out = with_input(&["staircase", "3", "1", "4", "--play"], "?\n9 1\nq\n");
    assert!(
        out.contains("Winning moves: move 1 from step 2 to step 1; move 1 from step 3 to step 2"),
        "{out}"
    );
    assert!(out.contains("there is no step 9"), "{out}");
    // Tokens on a graph: a → b, b → c, a → c, c → d. From a the winning move is to b (value 0).
    let g = common::temp_file("play-graph.txt", "a b\nb c\na c\nc d\n");
    let g = g.to_str().unwrap();
    let out = with_input(&["graph", g, "--tokens", "a", "--play"], "?\n1 z\n1 c\n");
    assert!(
        out.contains("Winning moves: move token 1 from a to b"),
        "{out}"
    );
    assert!(out.contains("there is no vertex z"), "{out}");
    assert!(out.contains("the program wins"), "{out}");
    // Misère: from b two forced moves remain, so moving a → b loses.
    let out = with_input(
        &["graph", g, "--tokens", "a", "--misere", "--play"],
        "1 b\n1 d\n",
    );
    assert!(
        out.contains("program plays move token 1 from b to c"),
        "{out}"
    );
    // Wythoff (4, 6): the winning move is to (3, 5); the divisor game: the program keeps N odd.
    let out = with_input(&["wythoff", "4", "6", "--play"], "?\nb 2\nq\n");
    assert!(out.contains("Winning moves: take 1 from both"), "{out}");
    assert!(out.contains("program plays take 3 from heap 2"), "{out}");
    let out = with_input(&["divisor", "12", "--play"], "5\n3\n1\n1\n");
    assert!(out.contains("5 is not a divisor of 12"), "{out}");
    assert!(!out.contains("you win!"), "{out}");
}

/// 11.2.10: the pairing answers each segment with its partner, and a person who tries to close
/// a square in `--play` never does.
#[test]
fn cycle_game_pairing_blocks_every_cycle() {
    let doc = json_of(&[
        "cycle", "--window", "4", "3", "--moves", "1,1r", "1,0u", "0,0r", "--json",
    ]);
    assert_eq!(
        doc["replies"],
        serde_json::json!(["1,1 u", "1,0 r", "0,0 u"])
    );
    assert_eq!(doc["cycle_closed"], false);
    assert_eq!(doc["free"], 17 - 6);
    // The person walks round the square at 1,1 and then at 2,2: each time the pairing takes the
    // segment that would close it first.
    let out = with_input(
        &["cycle", "--window", "4", "4", "--play"],
        "1,1 r\n2,1 u\n1,2 r\n1,1 u\n2,2 r\n3,2 u\n2,3 r\n2,2 u\n",
    );
    assert!(out.contains("program plays 1,1 u"), "{out}");
    assert!(out.contains("1,1 u is already taken"), "{out}");
    assert!(!out.contains("you win"), "{out}");
}
