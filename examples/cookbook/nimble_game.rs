//! HackerRank "Nimble Game": squares `0..n` hold `c_i` coins; a move takes one coin from square
//! `i` to a square `j < i`; who cannot move loses. `T` cases, each `n` and the `n` counts. Print
//! `First` when the first player wins, `Second` otherwise.
//!
//! Each coin on square `i` is a Nim heap of size `i` (it can go to any smaller square), so the
//! position is Nim; two coins on one square cancel. The library answer: `cgt nim` on the
//! squares that hold an odd number of coins.

use cgt_core::Outcome;
use cgt_impartial::nim::nim_outcome;
use cookbook::Tokens;

fn main() {
    let mut input = Tokens::stdin();
    let cases: usize = input.next("the number of cases");
    for _ in 0..cases {
        let n: usize = input.next("the number of squares");
        let mut heaps = Vec::new();
        for square in 0..n {
            let coins: u64 = input.next("a coin count");
            if coins % 2 == 1 {
                heaps.push(square as u64);
            }
        }
        let first = nim_outcome(&heaps) == Outcome::N;
        println!("{}", if first { "First" } else { "Second" });
    }
}
