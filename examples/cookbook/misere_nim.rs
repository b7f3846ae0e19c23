//! HackerRank "Misère Nim": `T` cases, each `n` and then `n` heap sizes; whoever takes the last
//! stone loses. Print `First` when the first player wins, `Second` otherwise.
//!
//! The library answer: `cgt nim H… --misere` (play as in Nim until a move would leave only
//! heaps of size 1; then leave an odd number of them).

use cgt_core::Outcome;
use cgt_impartial::nim::misere_outcome;
use cookbook::Tokens;

fn main() {
    let mut input = Tokens::stdin();
    let cases: usize = input.next("the number of cases");
    for _ in 0..cases {
        let n: usize = input.next("the number of heaps");
        let heaps: Vec<u64> = (0..n).map(|_| input.next("a heap size")).collect();
        let first = misere_outcome(&heaps) == Outcome::N;
        println!("{}", if first { "First" } else { "Second" });
    }
}
