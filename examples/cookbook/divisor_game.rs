//! The divisor game (LeetCode 1025 "Divisor Game"): from `n`, a player picks a divisor `d < n`
//! of `n` and leaves `n − d`; who cannot move loses. One `n` per line; print `true` when the
//! first player (Alice) wins.
//!
//! The library answer: `cgt divisor N` (the first player wins exactly when `n` is even).

use cgt_core::Outcome;
use cgt_impartial::divisor::outcome;
use cookbook::{Tokens, fail};

fn main() {
    let mut input = Tokens::stdin();
    while let Some(n) = input.maybe_next::<u64>("n") {
        let who = outcome(n).unwrap_or_else(|e| fail(&e.to_string()));
        println!("{}", who == Outcome::N);
    }
}
