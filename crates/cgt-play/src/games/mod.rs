//! Every game the libraries solve, as a [`Playable`](crate::Playable) game.

mod chess;
mod graphs;
mod heaps;
mod script;
mod search;

pub use cgt_script::MoveTo;
pub use chess::{Chess, ChessMove, ChessPosition, render_board};
pub use graphs::{Cut, Graph, GreenHackenbush, TokenStep};
pub use heaps::{
    Descend, Divisor, Heaps, MAX_COUNTERS, Nim, Staircase, Subtract, Take, Wythoff, WythoffTake,
    check_size,
};
pub use script::ScriptPlay;
pub use search::{BridgitPlay, Connect4Play, MnkPlay, Numbered, Slot, render_mnk};

/// The whole numbers typed on a line.
pub(crate) fn numbers(line: &str) -> Result<Vec<u64>, String> {
    line.split_whitespace()
        .map(|w| {
            w.parse::<u64>()
                .map_err(|_| format!("'{w}' is not a number"))
        })
        .collect()
}

/// A 1-based number of one of `len` things (heaps, steps), as an index from 1.
pub(crate) fn one_based(n: u64, len: usize, what: &str) -> Result<usize, String> {
    usize::try_from(n)
        .ok()
        .filter(|&i| (1..=len).contains(&i))
        .ok_or_else(|| format!("there is no {what} {n}"))
}
