//! Every cookbook program on its problem's sample cases, on cases checked against a brute force
//! written here independently of the libraries, and on bad input (one line, exit code 2).

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs a cookbook program on `input`; returns (stdout, stderr, exit code).
fn run(program: &str, input: &str) -> (String, String, i32) {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

fn answers(program: &str, input: &str) -> String {
    let (stdout, stderr, code) = run(program, input);
    assert_eq!(code, 0, "{program} failed: {stderr}");
    stdout
}

fn refuses(program: &str, input: &str) {
    let (stdout, stderr, code) = run(program, input);
    assert_eq!(
        code, 2,
        "{program} on {input:?} exited {code}: {stdout}{stderr}"
    );
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

const UVA10165: &str = env!("CARGO_BIN_EXE_uva10165");
const GAME_OF_STONES: &str = env!("CARGO_BIN_EXE_game-of-stones");
const CF768E: &str = env!("CARGO_BIN_EXE_cf768e");
const ADAGAME: &str = env!("CARGO_BIN_EXE_adagame");
const DIVISOR: &str = env!("CARGO_BIN_EXE_divisor-game");
const STICK: &str = env!("CARGO_BIN_EXE_stick-game");
const MISERE: &str = env!("CARGO_BIN_EXE_misere-nim");
const NIMBLE: &str = env!("CARGO_BIN_EXE_nimble-game");
const WYTHOFF: &str = env!("CARGO_BIN_EXE_wythoff-poj1067");
const KYLES: &str = env!("CARGO_BIN_EXE_game-of-kyles");
const CHESSBOARD: &str = env!("CARGO_BIN_EXE_chessboard-game");

#[test]
fn sample_cases() {
    assert_eq!(answers(UVA10165, "1\n100\n3\n4 4 4\n0\n"), "Yes\nYes\n");
    assert_eq!(
        answers(GAME_OF_STONES, "8\n1\n2\n3\n4\n5\n6\n7\n10\n"),
        "Second\nFirst\nFirst\nFirst\nFirst\nFirst\nSecond\nFirst\n"
    );
    assert_eq!(answers(CF768E, "1\n5\n"), "NO\n");
    assert_eq!(answers(CF768E, "2\n1\n2\n"), "YES\n");
    assert_eq!(answers(DIVISOR, "2\n3\n"), "true\nfalse\n");
    assert_eq!(answers(STICK, "10 3\n1 3 4\n"), "WLWWWWLWLW\n");
    assert_eq!(answers(MISERE, "2\n2\n1 1\n3\n2 1 3\n"), "First\nSecond\n");
    assert_eq!(
        answers(NIMBLE, "2\n5\n0 2 3 0 6\n4\n0 0 0 0\n"),
        "First\nSecond\n"
    );
    assert_eq!(answers(WYTHOFF, "2 1\n8 4\n4 7\n"), "0\n1\n0\n");
    assert_eq!(
        answers(KYLES, "4\n4\nIXXI\n4\nXIIX\n5\nIIXII\n5\nIIIII\n"),
        "LOSE\nWIN\nLOSE\nWIN\n"
    );
    assert_eq!(
        answers(CHESSBOARD, "3\n5 2\n5 3\n8 8\n"),
        "Second\nFirst\nFirst\n"
    );
}

/// Ada and Game by plain recursion over every line of play.
fn ada_wins(start: u32, number: u32, left: u32, ada: bool) -> bool {
    if left == 0 {
        return number > start;
    }
    let mut results = (0..4).map(|digit| {
        let place = 10u32.pow(digit);
        let d = number / place % 10;
        let next = number - d * place + (d + 1) % 10 * place;
        ada_wins(start, next, left - 1, !ada)
    });
    if ada {
        results.any(|w| w)
    } else {
        results.all(|w| w)
    }
}

#[test]
fn adagame_agrees_with_plain_recursion() {
    let mut input = String::new();
    let mut expected = String::new();
    let mut cases = 0;
    for n in (0..10_000)
        .step_by(373)
        .chain([0, 9, 99, 999, 9999, 9990, 1999])
    {
        for m in 1..=5 {
            input += &format!("{n:04} {m}\n");
            expected += if ada_wins(n, n, m, true) {
                "Ada\n"
            } else {
                "Vinit\n"
            };
            cases += 1;
        }
    }
    let output = answers(ADAGAME, &format!("{cases}\n{input}"));
    assert_eq!(output, expected);
    assert!(output.contains("Ada") && output.contains("Vinit"));
}

#[test]
fn stick_game_agrees_with_win_loss_labelling() {
    for moves in [vec![1, 3, 4], vec![2, 3], vec![1, 2, 3], vec![5, 7, 11]] {
        let n = 60;
        let mut win = vec![false; n + 1];
        for i in 1..=n {
            win[i] = moves.iter().any(|&s| s <= i && !win[i - s]);
        }
        let expected: String = win[1..]
            .iter()
            .map(|&w| if w { 'W' } else { 'L' })
            .collect();
        let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
        let input = format!("{n} {}\n{}\n", moves.len(), list.join(" "));
        assert_eq!(answers(STICK, &input), expected + "\n", "moves {moves:?}");
    }
}

/// Kayles on a row (bit i set: pin i standing), by recursion with memoisation.
fn kayles_wins(row: u32, memo: &mut std::collections::HashMap<u32, bool>) -> bool {
    if let Some(&w) = memo.get(&row) {
        return w;
    }
    let mut win = false;
    for i in 0..32 {
        if row >> i & 1 == 1 {
            win |= !kayles_wins(row & !(1 << i), memo);
            if i < 31 && row >> (i + 1) & 1 == 1 {
                win |= !kayles_wins(row & !(3 << i), memo);
            }
        }
    }
    memo.insert(row, win);
    win
}

#[test]
fn game_of_kyles_agrees_with_search_on_every_row_of_ten() {
    let mut memo = std::collections::HashMap::new();
    let mut input = String::from("1024\n");
    let mut expected = String::new();
    for row in 0u32..1024 {
        let text: String = (0..10)
            .map(|i| if row >> i & 1 == 1 { 'I' } else { 'X' })
            .collect();
        input += &format!("10\n{text}\n");
        expected += if kayles_wins(row, &mut memo) {
            "WIN\n"
        } else {
            "LOSE\n"
        };
    }
    assert_eq!(answers(KYLES, &input), expected);
}

#[test]
fn chessboard_game_agrees_with_the_mod_four_rule() {
    // The published observation: the player to move loses exactly when x mod 4 and y mod 4
    // are both 1 or 2.
    let mut input = String::from("225\n");
    let mut expected = String::new();
    for x in 1..=15 {
        for y in 1..=15 {
            input += &format!("{x} {y}\n");
            let lose = matches!(x % 4, 1 | 2) && matches!(y % 4, 1 | 2);
            expected += if lose { "Second\n" } else { "First\n" };
        }
    }
    assert_eq!(answers(CHESSBOARD, &input), expected);
}

#[test]
fn nim_family_programs_agree_with_search() {
    // Plain and misère Nim, and Nimble, on every position of three heaps below 6, by search.
    fn wins(heaps: [u64; 3], misere: bool) -> bool {
        if heaps.iter().all(|&h| h == 0) {
            return misere;
        }
        (0..3).any(|i| {
            (0..heaps[i]).any(|h| {
                let mut next = heaps;
                next[i] = h;
                !wins(next, misere)
            })
        })
    }
    let mut uva = String::new();
    let mut misere = format!("{}\n", 6 * 6 * 6);
    let (mut uva_expected, mut misere_expected) = (String::new(), String::new());
    for a in 0..6 {
        for b in 0..6 {
            for c in 0..6 {
                uva += &format!("3\n{a} {b} {c}\n");
                misere += &format!("3\n{a} {b} {c}\n");
                uva_expected += if wins([a, b, c], false) {
                    "Yes\n"
                } else {
                    "No\n"
                };
                misere_expected += if wins([a, b, c], true) {
                    "First\n"
                } else {
                    "Second\n"
                };
            }
        }
    }
    assert_eq!(answers(UVA10165, &(uva + "0\n")), uva_expected);
    assert_eq!(answers(MISERE, &misere), misere_expected);
}

#[test]
fn bad_input_gets_one_line_and_exit_two() {
    refuses(UVA10165, "2\n1 x\n");
    refuses(GAME_OF_STONES, "2\n3\n");
    refuses(CF768E, "-1\n");
    refuses(ADAGAME, "1\n12345 3\n");
    refuses(DIVISOR, "0\n");
    refuses(STICK, "10 2\n0 3\n");
    refuses(MISERE, "1\n2\n1\n");
    refuses(NIMBLE, "1\n3\n1 2\n");
    refuses(WYTHOFF, "3\n");
    refuses(KYLES, "1\n3\nIYI\n");
    refuses(CHESSBOARD, "1\n16 1\n");
}
