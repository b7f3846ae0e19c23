//! Every game the libraries solve, as a [`Playable`](crate::Playable) game.

mod chess;
mod graphs;
mod heaps;
mod partizan;
mod pig;
mod poker;
mod script;
mod search;

pub use cgt_script::MoveTo;
pub use chess::{Chess, ChessMove, ChessPosition, render_board};
pub use graphs::{Cut, Graph, GreenHackenbush, Standing, TokenStep};
pub use heaps::{
    Descend, Divisor, Heaps, MAX_COUNTERS, Nim, Staircase, Subtract, Take, Wythoff, WythoffTake,
    check_size,
};
pub use partizan::{Drawn, Partizan, Sided, Turned};
pub use pig::{PigMove, PigPlay, PigPosition};
pub use poker::{PokerMove, PokerPlay, PokerPosition};
pub use script::ScriptPlay;
pub use search::{
    BridgitPlay, Connect4Play, CyclePlay, MnkPlay, Slot, VALUE_EXACT_EMPTY, render_mnk,
};

/// The value of a position won or lost by the player to move.
pub(crate) fn won(win: bool) -> Option<crate::Value> {
    Some(crate::Value::Outcome(if win {
        cgt_core::Wdl::Win
    } else {
        cgt_core::Wdl::Loss
    }))
}

/// A list of counts as people read it: `heap 1: 3, heap 2: 4` (with `noun` for heap).
pub(crate) fn numbered(noun: &str, counts: &[u64]) -> String {
    let parts: Vec<String> = counts
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{noun} {}: {c}", i + 1))
        .collect();
    format!("{}\n", parts.join(", "))
}

/// What [`numbered`] writes, as a message: `position-heaps` or `position-steps` of the
/// numbered parts (`position-heap`, `position-step`).
pub(crate) fn numbered_said(
    whole: &'static str,
    part: &'static str,
    counts: &[u64],
) -> cgt_core::said::Said {
    use cgt_core::said::Said;
    let parts = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            Said::new(part)
                .number("number", i as u64 + 1)
                .number("size", c)
                .into()
        })
        .collect();
    Said::new(whole).series("parts", parts)
}

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
