//! Codeforces 768E "Game of Stones": `n` piles; a move takes some stones from one pile, and each
//! removal size may be used at most once per pile. Sam moves first; print `YES` when Jon (the
//! second player) wins, `NO` otherwise.
//!
//! The library answer: `cgt stones P…` (a fresh pile of `s` stones has Grundy value `k`, the
//! largest with `k(k+1)/2 ≤ s`).

use cgt_core::Outcome;
use cgt_impartial::stones::outcome;
use cookbook::Tokens;

fn main() {
    let mut input = Tokens::stdin();
    let n: usize = input.next("the number of piles");
    let piles: Vec<u64> = (0..n).map(|_| input.next("a pile size")).collect();
    let (_, who) = outcome(&piles);
    println!("{}", if who == Outcome::P { "YES" } else { "NO" });
}
