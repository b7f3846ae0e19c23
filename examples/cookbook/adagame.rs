//! SPOJ ADAGAME "Ada and Game": a four-digit number `N` (leading zeros allowed) and `M` moves.
//! Ada moves first; a move adds one to a digit of the player's choice (9 wraps round to 0). After
//! the `M` moves Ada wins if the number is greater than `N`, Vinit otherwise. `T` cases of
//! `N M`; print `Ada` or `Vinit`.
//!
//! The digits go round in cycles, but the move counter makes the game finite: a position is the
//! number and the moves left. The winner is decided by the final number, not by who moved last,
//! so this is a minimax game, solved with the search engine of `cgt-minimax` (transposition
//! table, null-window search).

use cgt_minimax::engine::{Game, Options, Solver};
use cookbook::{Tokens, fail};

#[derive(Clone, Debug)]
struct Ada {
    start: u16,
    number: u16,
    left: u8,
    ada_to_move: bool,
}

impl Game for Ada {
    type Move = u8;

    fn moves(&self, out: &mut Vec<u8>) {
        out.extend(0..4);
    }

    fn play(&mut self, digit: u8) {
        let place = 10u16.pow(u32::from(digit));
        let d = self.number / place % 10;
        self.number = if d == 9 {
            self.number - 9 * place
        } else {
            self.number + place
        };
        self.left -= 1;
        self.ada_to_move = !self.ada_to_move;
    }

    fn terminal(&self) -> Option<i32> {
        (self.left == 0).then(|| {
            let ada_wins = self.number > self.start;
            if ada_wins == self.ada_to_move { 1 } else { -1 }
        })
    }

    fn key(&self) -> u128 {
        // The side to move follows from the moves left, since Ada starts every game.
        (u128::from(self.start) << 32) | (u128::from(self.number) << 8) | u128::from(self.left)
    }
}

fn main() {
    let mut input = Tokens::stdin();
    let cases: usize = input.next("the number of cases");
    let mut solver = Solver::new(Options::default());
    for _ in 0..cases {
        let n: u16 = input.next("N");
        let m: u8 = input.next("M");
        if n > 9999 {
            fail(&format!("N = {n} has more than four digits"));
        }
        let game = Ada {
            start: n,
            number: n,
            left: m,
            ada_to_move: true,
        };
        // The value is for the side to move at the root, which is Ada.
        let ada_wins = m > 0 && solver.solve(&game) > 0;
        println!("{}", if ada_wins { "Ada" } else { "Vinit" });
    }
}
