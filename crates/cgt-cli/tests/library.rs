//! Everything the binary prints comes from one library call: for each command family, the
//! report the library returns serialises to exactly the document `cgt … --json` prints, and
//! renders to exactly its text. A program that imports `cgt-report` (or the Python package and
//! the web playground, which do) gets the same answers as the command line.

mod common;

use cgt_report::Report;
use common::{json, repo_file, stdout};

/// Asserts that `report` is what `cgt args…` prints, as JSON and as text.
#[track_caller]
fn same(args: &[&str], report: &impl Report) {
    let mut with_json = vec!["--json"];
    with_json.extend_from_slice(args);
    let printed = stdout(&with_json);
    let library = serde_json::to_string(report).unwrap();
    assert_eq!(printed.trim_end(), library, "cgt --json {args:?}");
    assert_eq!(stdout(args), report.text(), "cgt {args:?}");
}

const MEMORY: u128 = 1 << 30;

/// The budget the partizan reports take: the same memory, no time limit.
fn budget() -> cgt_core::budget::Budget {
    cgt_core::budget::Budget::unlimited().with_memory(MEMORY as u64)
}

#[test]
fn nimber_commands() {
    use cgt_report::values;
    same(&["mex", "0", "1", "3"], &values::mex_of(vec![0, 1, 3]));
    same(&["nimsum", "3", "4", "5"], &values::nimsum(vec![3, 4, 5]));
    same(&["nimmul", "2", "3"], &values::nimmul(vec![2, 3]));
    same(&["niminv", "8"], &values::niminv(8).unwrap());
}

#[test]
fn impartial_commands() {
    use cgt_report::impartial;
    same(
        &["nim", "3", "4", "5"],
        &impartial::nim(&[3, 4, 5], false, false).unwrap(),
    );
    same(
        &["nim", "1", "1", "2", "--misere", "--explain"],
        &impartial::nim(&[1, 1, 2], true, true).unwrap(),
    );
    same(
        &["staircase", "3", "1", "4", "--explain"],
        &impartial::staircase(&[3, 1, 4], true).unwrap(),
    );
    same(
        &["moore", "--k", "2", "1", "2", "3", "--grundy", "--explain"],
        &impartial::moore(2, &[1, 2, 3], true, true).unwrap(),
    );
    same(
        &["divisor", "12", "--search", "--explain"],
        &impartial::divisor(12, true, true).unwrap(),
    );
    same(
        &["stones", "3", "4", "5"],
        &impartial::stones(&[3, 4, 5]).unwrap(),
    );
    same(
        &["wythoff", "4", "7", "--explain"],
        &impartial::wythoff(4, 7, true, MEMORY).unwrap(),
    );
    same(
        &["wythoff", "--pair", "10"],
        &impartial::wythoff_pair(10).unwrap(),
    );
    let triangle = repo_file("examples/triangle.txt");
    let text = std::fs::read_to_string(&triangle).unwrap();
    same(
        &["hackenbush", &triangle, "--explain"],
        &impartial::hackenbush(&triangle, &text, "ground", true, &budget()).unwrap(),
    );
    let dag = repo_file("examples/dag.txt");
    let g = cgt_impartial::graph::Digraph::parse_edge_list(&std::fs::read_to_string(&dag).unwrap())
        .unwrap();
    let tokens = ["a".to_owned(), "b".to_owned()];
    same(
        &["graph", &dag, "--tokens", "a", "b"],
        &impartial::graph(&g, &tokens, false, false, false, MEMORY).unwrap(),
    );
    same(
        &["graph", &dag, "--explain"],
        &impartial::graph(&g, &[], false, false, true, MEMORY).unwrap(),
    );
}

#[test]
fn sums() {
    use cgt_impartial::sum::{Component, SumComponent, SumOptions};
    let mut nim = Component::Nim(vec![3, 4]);
    let mut wythoff = Component::Wythoff(1, 3);
    let mut parts: [&mut dyn SumComponent; 2] = [&mut nim, &mut wythoff];
    let specs = ["nim 3 4".to_owned(), "wythoff 1 3".to_owned()];
    let options = SumOptions {
        memory_limit: MEMORY,
    };
    same(
        &["sum", "nim 3 4", "wythoff 1 3"],
        &cgt_report::impartial::sum(&specs, &mut parts, &options).unwrap(),
    );
    // The same sums written as words, files read by the caller.
    let mut read = |name: &str| {
        std::fs::read_to_string(name).map_err(|e| cgt_report::ReportError::input(e.to_string()))
    };
    let (dag, game, kayles) = (
        repo_file("examples/dag.txt"),
        repo_file("examples/loopy.txt"),
        repo_file("examples/scripts/kayles.rhai"),
    );
    for specs in [
        vec![
            "nim 3 4".to_owned(),
            "kayles 5 6".to_owned(),
            "moore 2 1 2 3".to_owned(),
        ],
        vec![format!("graph {dag} a b"), "divisor 12".to_owned()],
        vec![format!("loopy {game} b c"), "nim 3".to_owned()],
        vec![format!("script {kayles} [3, 7]"), "nim 1 2".to_owned()],
    ] {
        let mut args = vec!["sum"];
        args.extend(specs.iter().map(String::as_str));
        same(
            &args,
            &cgt_report::inputs::sum(&specs, &mut read, &options).unwrap(),
        );
    }
}

#[test]
fn partizan_commands() {
    use cgt_report::partizan;
    same(
        &["game", "{2|-1}", "--compare", "1/2", "--explain"],
        &partizan::game("{2|-1}", Some("1/2"), &Default::default(), true).unwrap(),
    );
    // Every ruleset of the registry, on its example position: the command is the library.
    for r in cgt_report::registry::RULESETS {
        same(
            &[r.name, &r.texts().example, "--explain"],
            &(r.report)(&r.texts().example, &budget(), true.into()).unwrap(),
        );
    }
    let file = repo_file("examples/blue-red.txt");
    let picture = cgt_partizan::hackenbush::Picture::parse(
        &std::fs::read_to_string(&file).unwrap(),
        "ground",
    )
    .unwrap();
    same(
        &["hackenbush", &file, "--explain"],
        &partizan::hackenbush(&file, picture, &budget(), true).unwrap(),
    );
}

#[test]
fn scripts() {
    let file = repo_file("examples/scripts/kayles.rhai");
    let script =
        cgt_script::Script::compile(&file, &std::fs::read_to_string(&file).unwrap()).unwrap();
    let start = script.start(None).unwrap();
    same(
        &["script", &file, "--explain"],
        &cgt_report::script::position(&script, &start, false, MEMORY, true).unwrap(),
    );
    same(
        &["script", &file, "--misere", "--explain"],
        &cgt_report::script::position(&script, &start, true, MEMORY, true).unwrap(),
    );
    same(
        &["script", &file, "--upto", "10"],
        &cgt_report::script::table(&script, 10, false, MEMORY).unwrap(),
    );
    let file = repo_file("examples/scripts/cutcake.rhai");
    let script =
        cgt_script::Script::compile(&file, &std::fs::read_to_string(&file).unwrap()).unwrap();
    let start = script.start(None).unwrap();
    same(
        &["script", &file, "--explain"],
        &cgt_report::script::position(&script, &start, false, MEMORY, true).unwrap(),
    );
}

#[test]
fn game_tree_commands() {
    use cgt_report::minimax;
    let tree = "(max (min 3 5) (min 2 9) (min 7 (max 1 8)))";
    same(
        &[
            "tree",
            tree,
            "--window",
            "4",
            "6",
            "--stats",
            "--explain",
            "--thresholds",
        ],
        &minimax::tree(
            tree,
            minimax::TreeQuestions {
                window: Some(&[4, 6]),
                stats: true,
                explain: true,
                thresholds: true,
            },
        )
        .unwrap(),
    );
    same(
        &["andor", "--height", "6", "--seed", "3", "--explain"],
        &minimax::andor(6, None, Some(3), true).unwrap(),
    );
    // One thread: the node count of a parallel search depends on the threads' timing.
    same(
        &[
            "mnk",
            "3",
            "3",
            "3",
            "--moves",
            "5",
            "1",
            "--counts",
            "--threads",
            "1",
            "--explain",
        ],
        &minimax::mnk((3, 3, 3), &[5, 1], true, 1, &budget(), true).unwrap(),
    );
}

#[test]
fn retrograde_commands() {
    use cgt_retro::chess::tables::{EndgameTable, TableFile};
    use cgt_retro::chess::{Endgame, Scheme};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("krk.cgtb");
    let table = EndgameTable::build(
        Endgame::parse("krk", Scheme::Reduced, None).unwrap(),
        u128::MAX,
    )
    .unwrap();
    table.write(&path).unwrap();
    let file = path.to_string_lossy().into_owned();
    same(
        &["retro", "stats", &file],
        &cgt_report::retro::stats(&table),
    );
    let opened = TableFile::open(&path).unwrap();
    let bytes = std::fs::metadata(&path).unwrap().len();
    same(
        &["retro", "info", &file],
        &cgt_report::retro::info(&file, &opened, bytes).unwrap(),
    );
    let fen = "8/8/8/4k3/8/8/8/KR6 w - - 0 1";
    same(
        &["retro", "probe", &file, fen],
        &cgt_report::retro::probe(&file, &opened, fen).unwrap(),
    );
    let graph = repo_file("examples/game.txt");
    let text = std::fs::read_to_string(&graph).unwrap();
    same(
        &["retro", "graph", &graph, "--explain"],
        &cgt_report::retro::graph(&graph, &text, true, MEMORY).unwrap(),
    );
}

#[test]
fn nim_sequences() {
    use cgt_impartial::heapgame::HeapGame;
    use cgt_report::sequence;
    let kayles = HeapGame::from_name_or_code("0.77").unwrap();
    let values = cgt_impartial::nimseq::naive_values(&kayles, 500);
    same(
        &["octal", "0.77", "--upto", "499"],
        &sequence::summary(&kayles, &values, false, false),
    );
    same(
        &["octal", "0.77", "--heaps", "5", "9", "20"],
        &sequence::heaps(&kayles, &values[..21], &[5, 9, 20]),
    );
    same(
        &["octal", "0.77", "--heaps", "3", "4", "--misere"],
        &sequence::misere_heaps(&kayles, &[3, 4], &budget()).unwrap(),
    );
    same(
        &["grundy-game", "--upto", "12", "--misere"],
        &sequence::misere_sequence(&HeapGame::Grundy, 12, MEMORY).unwrap(),
    );
}

#[test]
fn solved_games() {
    use cgt_minimax::connect4::Connect4;
    use cgt_report::games;
    let pos = Connect4::new(5, 4).unwrap().play_str("44").unwrap();
    let query = games::Connect4Query {
        moves: "44",
        weak: false,
        score_only: false,
        all: true,
        threads: 1,
        table_bits: cgt_minimax::connect4::connect4_table_bits(pos.cells() - pos.played()),
    };
    let mut report = games::connect4(pos, &query, None, &Default::default(), &|_, _| {}).unwrap();
    let printed = json(&[
        "connect4",
        "44",
        "--width",
        "5",
        "--height",
        "4",
        "--all",
        "--threads",
        "1",
    ]);
    // The time differs from run to run; everything else is the same document.
    report.seconds = printed["seconds"].as_f64().unwrap();
    assert_eq!(serde_json::to_value(&report).unwrap(), printed);
    same(
        &["bridgit", "3", "--moves", "1,1", "--strategy", "shannon"],
        &games::bridgit(
            3,
            &["1,1".to_owned()],
            Some("shannon".parse().unwrap()),
            false,
        )
        .unwrap(),
    );
}

#[test]
fn pictures_are_the_librarys_bytes() {
    use cgt_impartial::heapgame::HeapGame;
    use cgt_impartial::nimseq::{self, Algorithm};
    use cgt_report::pictures::{self, Format};
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();

    let table = cgt_impartial::wythoff::grundy_table(30, MEMORY).unwrap();
    for (name, format) in [("w.png", Format::Png), ("w.svg", Format::Svg)] {
        stdout(&["wythoff", "--grundy", "30", "--picture", &file(name)]);
        let drawn = pictures::wythoff(30, &table, format).unwrap();
        assert!(std::fs::read(file(name)).unwrap() == drawn, "{name}");
    }

    let game = HeapGame::from_name_or_code("0.137").unwrap();
    let values = nimseq::values(&game, 500, Algorithm::Naive, MEMORY).unwrap();
    for (name, format) in [("s.png", Format::Png), ("s.svg", Format::Svg)] {
        stdout(&["octal", "0.137", "--upto", "499", "--plot", &file(name)]);
        let drawn = pictures::sequence(&game.description(), &values, format).unwrap();
        assert!(std::fs::read(file(name)).unwrap() == drawn, "{name}");
    }

    let r = cgt_report::partizan::game("{3||2|1}", None, &Default::default(), false).unwrap();
    for (name, format) in [("t.png", Format::Png), ("t.svg", Format::Svg)] {
        stdout(&["game", "{3||2|1}", "--thermograph", &file(name)]);
        let drawn = pictures::thermograph(&r.value, &r.exact_thermograph, format).unwrap();
        assert!(std::fs::read(file(name)).unwrap() == drawn, "{name}");
    }
}
