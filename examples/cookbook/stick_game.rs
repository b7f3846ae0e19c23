//! CSES 1729 "Stick Game" — the subtraction game of the lessons: `n k`, then the `k` allowed
//! removal sizes (the seeds' exercise is `{1, 3, 4}`). Print, for every heap `1..=n`, `W` when
//! the first player wins and `L` otherwise, as one word.
//!
//! The library answer: `cgt subtraction 1,3,4 --upto N`.

use cgt_impartial::heapgame::{HeapGame, SubtractionSet};
use cgt_impartial::nimseq::{Algorithm, values};
use cookbook::{Tokens, fail};

fn main() {
    let mut input = Tokens::stdin();
    let n: usize = input.next("n");
    let k: usize = input.next("k");
    let moves: Vec<u64> = (0..k).map(|_| input.next("a removal size")).collect();
    let set = SubtractionSet::new(moves).unwrap_or_else(|e| fail(&e.to_string()));
    let grundy = values(&HeapGame::Subtraction(set), n + 1, Algorithm::Auto, 1 << 32)
        .unwrap_or_else(|e| fail(&e.to_string()));
    let line: String = grundy[1..]
        .iter()
        .map(|&g| if g != 0 { 'W' } else { 'L' })
        .collect();
    println!("{line}");
}
