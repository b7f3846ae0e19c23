//! HackerRank "Game of Stones": one heap of `n` stones, a move removes 2, 3 or 5. `T` cases
//! follow the count; print `First` when the first player wins, `Second` otherwise.
//!
//! The library answer: `cgt subtraction 2,3,5 --upto N` (the P-positions are `n ≡ 0, 1 mod 7`,
//! a certified period of 7).

use cgt_impartial::heapgame::{HeapGame, SubtractionSet};
use cgt_impartial::nimseq::{Algorithm, values};
use cookbook::{Tokens, fail};

fn main() {
    let mut input = Tokens::stdin();
    let cases: usize = input.next("the number of cases");
    let heaps: Vec<usize> = (0..cases).map(|_| input.next("n")).collect();
    let Some(&largest) = heaps.iter().max() else {
        return;
    };
    let game = HeapGame::Subtraction(SubtractionSet::new(vec![2, 3, 5]).expect("a valid set"));
    let grundy = values(&game, largest + 1, Algorithm::Auto, 1 << 32)
        .unwrap_or_else(|e| fail(&e.to_string()));
    for n in heaps {
        println!("{}", if grundy[n] != 0 { "First" } else { "Second" });
    }
}
