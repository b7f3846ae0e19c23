//! UVa 10165 "Stone Game": plain Nim. Each case is a count `N` and `N` heap sizes; a line with
//! `0` ends the input. Print `Yes` when the first player (Jack) wins, `No` otherwise.
//!
//! The library answer: `cgt nim H…` (Bouton: the first player wins exactly when the nim-sum of
//! the heaps is not zero).

use cgt_core::Outcome;
use cgt_impartial::nim::nim_outcome;
use cookbook::Tokens;

fn main() {
    let mut input = Tokens::stdin();
    let mut out = String::new();
    while let Some(n) = input.maybe_next::<usize>("the number of heaps") {
        if n == 0 {
            break;
        }
        let heaps: Vec<u64> = (0..n).map(|_| input.next("a heap size")).collect();
        out += if nim_outcome(&heaps) == Outcome::N {
            "Yes\n"
        } else {
            "No\n"
        };
    }
    print!("{out}");
}
