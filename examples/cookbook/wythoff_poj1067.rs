//! POJ 1067 (取石子游戏), Wythoff's game: two heaps `a b` per line; a move takes any number
//! from one heap, or the same number from both. Print `1` when the first player wins, `0`
//! otherwise.
//!
//! The library answer: `cgt wythoff A B` (the P-positions are `(⌊kφ⌋, ⌊kφ²⌋)`, computed here in
//! exact integer arithmetic, so heaps up to 2^64 − 1 are answered exactly).

use cgt_core::Outcome;
use cgt_impartial::wythoff::outcome;
use cookbook::Tokens;

fn main() {
    let mut input = Tokens::stdin();
    while let Some(a) = input.maybe_next::<u64>("a heap size") {
        let b: u64 = input.next("a heap size");
        println!("{}", u8::from(outcome(a, b) == Outcome::N));
    }
}
