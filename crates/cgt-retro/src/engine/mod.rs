//! The retrograde engine: every position of a finite game solved backwards from the end.
//!
//! Positions are numbered densely (`0..size`). The engine labels each legal position, for the side
//! to move, as a win or a loss with the number of plies to the end under optimal play (the winner
//! hurries, the loser delays), or as a draw: the positions never decided, from which play can go on
//! forever (Shen 11.5.2) or which end in a drawn terminal.
//!
//! Level by level (`d = 0, 1, 2, …`): every undecided predecessor of a position lost at `d` is won
//! at `d + 1`; an undecided predecessor of a position won at `d` is lost at `d + 1` when that was
//! the last of its moves to turn into a win for the opponent. A position's *distinct* successor
//! indices are counted the first time it is reached backwards; each position won at `d` counts down
//! its distinct predecessors once. (With a symmetry-reduced index several moves may reach one
//! index; counting distinct indices on both sides keeps the two counts equal.)
//!
//! Each level runs in parallel. A position is decided by clearing its bit in a bitmap of undecided
//! positions, and one word per position holds its move count while undecided and its distance once
//! decided: a byte when the game bounds its moves by [`NARROW_MOVES`] (the chess endgames do), else
//! two (`engine/distances.rs`). The backward passes deal the blocks out to lanes, one per thread
//! (`engine/lanes.rs`): only a block's lane updates it, with plain loads and stores, and the
//! updates a task generates for another lane's blocks are handed over in batches. A level is a
//! bitmap of the positions decided in it, which the passes of the next level walk in increasing
//! order. Neither a position's level nor its count depends on the order of work, so the table is
//! the same whatever the thread count. docs/retro.md has the details and the figures.
//!
//! # Stored values and Shen's numbering
//!
//! [`Table::verdict`] gives a [`Verdict`]: `Loss(d)` / `Win(d)` with `d` in plies. Shen's table
//! writes `0, −1, 2, −3, …` from the point of view of the player who **wins**: a mated side to move
//! is `0`; Shen's `−1` is `Win(1)` (mate in one), `2` is `Loss(2)`, `−3` is `Win(3)`. In general
//! Shen's number is `d` for `Loss(d)` (d even) and `−d` for `Win(d)` (d odd); see [`shen_number`].

use cgt_core::budget::Budget;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU64, Ordering};

use bitvec::vec::BitVec;
use cgt_core::Verdict;
use rayon::prelude::*;

mod build;
mod distances;
mod game;
mod lanes;
mod layout;
mod schedule;
mod table;

pub(crate) use build::{Build, words_to_bits};
#[cfg(feature = "distributed")]
pub(crate) use build::{Outbox, Parts};
pub(crate) use distances::Cell;
pub use distances::{Distances, NARROW_MOVES};
pub use game::{
    ExitLevels, MAX_MOVES, MoveSummary, RetroGame, RetroShortcuts, Successor, Terminal,
    TerminalMasks,
};
use lanes::{Flush, Lanes, Pass};
pub(crate) use layout::{Layout, Whole};
#[cfg(feature = "distributed")]
pub(crate) use layout::{RUN_BLOCKS, Share};
use schedule::Schedule;
pub use table::{RetroError, Table, shen_number};

/// The [`MoveSummary`] of undecided position `i`: the game's shortcut, or its successors
/// listed and summarised (`succ` and `inside` are scratch space).
fn count_moves<G: RetroShortcuts>(
    game: &G,
    i: usize,
    succ: &mut Vec<Successor>,
    inside: &mut Vec<usize>,
) -> MoveSummary {
    if let Some(summary) = game.move_summary(i) {
        return summary;
    }
    succ.clear();
    game.successors(i, succ);
    MoveSummary::of(succ, inside)
}

/// Bytes a build of `size` positions needs, as an estimate to refuse builds up front: 2.7 per index
/// for the engine's arrays while building (a u16 counter / distance, or a byte, and bits for legal,
/// won, lost, undecided and two levels' marks), up to about 4 more for the work lists (the exits'
/// schedule), and the table at the end. Kept at 10: whole `cgt retro build` runs of five-man tables
/// now peak at 2.7–3.1 bytes per index, raw four-man ones at 8–10 (their work lists are long).
#[must_use]
pub fn build_bytes(size: usize) -> u128 {
    size as u128 * 10
}

/// How far a build has come, reported after the start and after each level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Legal positions of the table.
    pub legal: usize,
    /// Positions decided so far (won or lost); draws are only known at the end.
    pub decided: usize,
    /// Levels (plies of distance) completed.
    pub level: u32,
}

/// Solves every position of `game`.
///
/// # Errors
/// [`RetroError::TooLarge`] beyond `memory_limit`, [`RetroError::TooDeep`] for distances that
/// do not fit in 16 bits.
pub fn solve<G: RetroShortcuts>(game: &G, memory_limit: u128) -> Result<Table, RetroError> {
    solve_with_progress(game, memory_limit, &mut |_| {})
}

/// [`solve`], calling `progress` (on the calling thread) once the positions are classified
/// and after every level.
///
/// # Errors
/// As [`solve`].
pub fn solve_with_progress<G: RetroShortcuts>(
    game: &G,
    memory_limit: u128,
    progress: &mut dyn FnMut(Progress),
) -> Result<Table, RetroError> {
    let budget = Budget::unlimited().with_memory(u64::try_from(memory_limit).unwrap_or(u64::MAX));
    solve_within(game, &budget, progress)
}

/// [`solve_with_progress`] under a [`Budget`]: its memory limit refuses the build up front,
/// its stop flag and time limit are checked after the classification and after every level.
///
/// # Errors
/// [`RetroError::TooLarge`] beyond the memory limit, [`RetroError::Stopped`] by the stop
/// flag or the clock, [`RetroError::TooDeep`].
pub fn solve_within<G: RetroShortcuts>(
    game: &G,
    budget: &Budget,
    progress: &mut dyn FnMut(Progress),
) -> Result<Table, RetroError> {
    let size = game.size();
    let need = build_bytes(size);
    let limit = u128::from(budget.memory_or(u64::MAX));
    if need > limit {
        return Err(RetroError::TooLarge { bytes: need, limit });
    }
    let interrupted = |b: &Budget| b.check_interrupt().map_err(RetroError::Stopped);
    interrupted(budget)?;
    if one_byte_words(game) {
        solve_levels(
            Build::<G, Whole, AtomicU8>::classify(game, Whole { size }),
            budget,
            progress,
        )
    } else {
        solve_levels(
            Build::<G, Whole, AtomicU16>::classify(game, Whole { size }),
            budget,
            progress,
        )
    }
}

/// Whether a build of `game` keeps one byte per position ([`NARROW_MOVES`]); every worker of
/// a distributed build decides alike.
pub(crate) fn one_byte_words<G: RetroShortcuts>(game: &G) -> bool {
    game.move_bound() <= NARROW_MOVES
}

/// The levels of [`solve_within`], from the classified positions.
fn solve_levels<G: RetroShortcuts, A: Cell>(
    mut build: Build<'_, G, Whole, A>,
    budget: &Budget,
    progress: &mut dyn FnMut(Progress),
) -> Result<Table, RetroError> {
    let interrupted = |b: &Budget| b.check_interrupt().map_err(RetroError::Stopped);
    interrupted(budget)?;
    let mut level = build.take_level();
    build.schedule_exits();
    let mut decided = level;
    let mut d: u32 = 0;
    progress(Progress {
        legal: build.legal_count,
        decided,
        level: 0,
    });
    while level > 0 || build.exits_pending(d) {
        if d >= u32::from(u16::MAX) {
            return Err(RetroError::TooDeep);
        }
        // With the whole index space held here, nothing goes out.
        build.wins_from_losses(d + 1);
        build.scheduled_wins(d + 1);
        build.count_down_from_wins(d + 1);
        build.scheduled_checks(d, d + 1);
        level = build.take_level();
        interrupted(budget)?;
        d += 1;
        decided += level;
        progress(Progress {
            legal: build.legal_count,
            decided,
            level: d,
        });
    }
    Ok(build.into_table())
}
