//! HackerRank "Game of Kyles": a row of pins, `I` standing and `X` knocked down; a move knocks
//! down one pin or two adjacent pins. `T` cases, each the row length and the row. Print `WIN`
//! when the player to move wins, `LOSE` otherwise.
//!
//! This is Kayles (octal game 0.77): every run of standing pins is a heap, and the row is their
//! sum. The library answer: `cgt octal kayles --heaps H…`.

use cgt_impartial::heapgame::HeapGame;
use cgt_impartial::nimseq::{Algorithm, values};
use cookbook::{Tokens, fail};

fn main() {
    let mut input = Tokens::stdin();
    let cases: usize = input.next("the number of cases");
    let mut rows = Vec::with_capacity(cases);
    for _ in 0..cases {
        let len: usize = input.next("the row length");
        let row = input
            .next_word()
            .unwrap_or_else(|| fail("a row: the input ended early"));
        if row.len() != len || !row.bytes().all(|b| b == b'I' || b == b'X') {
            fail(&format!(
                "a row of {len} pins I and X expected, found {row:?}"
            ));
        }
        rows.push(row);
    }
    let longest = rows.iter().map(String::len).max().unwrap_or(0);
    let kayles = HeapGame::from_name_or_code("kayles").expect("a named game");
    let grundy = values(&kayles, longest + 1, Algorithm::Auto, 1 << 32)
        .unwrap_or_else(|e| fail(&e.to_string()));
    for row in rows {
        let total = row.split('X').fold(0, |acc, run| acc ^ grundy[run.len()]);
        println!("{}", if total != 0 { "WIN" } else { "LOSE" });
    }
}
