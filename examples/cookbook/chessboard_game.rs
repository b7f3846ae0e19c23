//! HackerRank "A Chessboard Game": a coin on a 15×15 board moves to `(x−2, y+1)`, `(x−2, y−1)`,
//! `(x+1, y−2)` or `(x−1, y−2)` without leaving the board; who cannot move loses. `T` cases,
//! each the 1-based square `x y`. Print `First` when the first player wins, `Second` otherwise.
//!
//! Any game given by its moves goes through the generic solver of `cgt-core`: implement
//! `ImpartialGame` and ask for the outcome (or the Grundy value, for several coins at once).

use cgt_core::{ImpartialGame, Outcome, Solver};
use cookbook::{Tokens, fail};

const SIDE: i32 = 15;

/// The coin's moves, squares numbered from 1.
struct Knightish;

impl ImpartialGame for Knightish {
    type Position = (i32, i32);
    /// The square reached, written `x,y`.
    type Move = String;

    fn moves(&self, &(x, y): &(i32, i32), out: &mut Vec<(String, (i32, i32))>) {
        for (dx, dy) in [(-2, 1), (-2, -1), (1, -2), (-1, -2)] {
            let (u, v) = (x + dx, y + dy);
            if (1..=SIDE).contains(&u) && (1..=SIDE).contains(&v) {
                out.push((format!("{u},{v}"), (u, v)));
            }
        }
    }
}

fn main() {
    let mut input = Tokens::stdin();
    let cases: usize = input.next("the number of cases");
    let mut solver = Solver::new(Knightish);
    for _ in 0..cases {
        let x: i32 = input.next("x");
        let y: i32 = input.next("y");
        if !(1..=SIDE).contains(&x) || !(1..=SIDE).contains(&y) {
            fail(&format!("the square ({x}, {y}) is off the 15×15 board"));
        }
        let who = solver
            .outcome(&(x, y))
            .unwrap_or_else(|e| fail(&format!("{e:?}")));
        println!("{}", if who == Outcome::N { "First" } else { "Second" });
    }
}
