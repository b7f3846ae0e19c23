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

mod distances;
mod lanes;
mod layout;
mod schedule;

pub(crate) use distances::Cell;
pub use distances::{Distances, NARROW_MOVES};

use lanes::{Flush, Lanes, Pass};
pub(crate) use layout::{Layout, Whole};
#[cfg(feature = "distributed")]
pub(crate) use layout::{RUN_BLOCKS, Share};
use schedule::Schedule;

/// How a legal position ends the game, if it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Terminal {
    /// Not terminal: the side to move has moves.
    No,
    /// The side to move has lost (checkmate, or no move in normal play).
    Loss,
    /// The game is drawn here (stalemate).
    Draw,
    /// The side to move has won (rare; some game descriptions have it).
    Win,
}

/// The most distinct successors a position may have: move counts are 16-bit, with two values
/// reserved. A position with more would be counted as one that can never be lost.
pub const MAX_MOVES: usize = u16::MAX as usize - 2;

/// A game whose positions are numbered `0..size`, for retrograde analysis (each with at most
/// [`MAX_MOVES`] distinct successors).
pub trait RetroGame: Sync {
    /// Number of indices.
    fn size(&self) -> usize;

    /// `None` when `index` is not a legal position (it is then ignored); otherwise whether it
    /// is terminal.
    fn terminal(&self, index: usize) -> Option<Terminal>;

    /// Appends the positions reachable in one move from `index`. A move that leaves the table
    /// into a drawn position (for example a capture leaving insufficient material) is reported
    /// as [`Successor::OutsideDraw`].
    fn successors(&self, index: usize, out: &mut Vec<Successor>);

    /// Appends the legal positions from which one move reaches `index` (each may appear more
    /// than once; repeats are harmless). As sets of indices, predecessors and successors must
    /// be inverse: `q` is listed for `x` exactly when `x` is among the successors of `q`.
    fn predecessors(&self, index: usize, out: &mut Vec<usize>);

    /// Whether some moves leave the table into decided positions ([`Successor::Outside`]
    /// with a win or a loss), for example captures into smaller endgames. The engine then
    /// makes one extra forward pass to schedule them. Default: no.
    fn has_decisive_exits(&self) -> bool {
        false
    }
}

/// Shortcuts a [`RetroGame`] may give the engine: the classification of 64 indices at once,
/// predecessors without legality tests and of whole blocks, move counts without listing the
/// moves, and the exits' schedule. Every method has a default from the core trait, so a game
/// without shortcuts implements it empty (`impl RetroShortcuts for MyGame {}`); the chess
/// endgames take all of them.
pub trait RetroShortcuts: RetroGame {
    /// Classifies the consecutive indices `start..start + out.len()`: `out[k]` must equal
    /// `terminal(start + k)`. The engine calls it with `start` a multiple of 64 and at most 64
    /// indices, so that a game can share work across a block, and with `counts` zeroed, of the
    /// same length: a game may set `counts[k]`, for an undecided position, to the
    /// [`MoveSummary::count`] of its moves when the block's work gives it cheaply (the engine
    /// then does not count them itself); 0 leaves it to the engine. `exits` comes with a bit
    /// set for each index; in games with decisive exits a game may clear the bits of
    /// positions with no move leaving the table (the engine then does not ask
    /// [`RetroShortcuts::may_exit`] about them). `levels` comes filled with `None`: for an
    /// undecided position whose exit bit it leaves set, a game that probed its exits anyway
    /// may store there what [`RetroShortcuts::exit_levels`] returns (`Some`); the engine then
    /// schedules it without asking `may_exit` or `exit_levels`. Default: one call of
    /// [`RetroGame::terminal`] per index, no counts, every bit left set, no levels.
    fn terminal_block(
        &self,
        start: usize,
        out: &mut [Option<Terminal>],
        counts: &mut [u16],
        exits: &mut u64,
        levels: &mut [ExitLevels],
    ) {
        let _ = (counts, exits, levels);
        for (k, slot) in out.iter_mut().enumerate() {
            *slot = self.terminal(start + k);
        }
    }

    /// [`RetroShortcuts::terminal_block`] as masks, for a game that can classify a whole block
    /// of 64 indices without a result per index: the engine asks it first, with `start` a
    /// multiple of 64 and 64 indices from there in the table, and calls `terminal_block` when
    /// it returns `None` (the default). Bit `k` of each mask is index `start + k`: see
    /// [`TerminalMasks`]. `counts` is as in `terminal_block` (zeroed; a count for an
    /// undecided position, or 0). Every undecided position is taken to have exits, in games
    /// that have them.
    fn terminal_masks(&self, start: usize, counts: &mut [u16; 64]) -> Option<TerminalMasks> {
        let _ = (start, counts);
        None
    }

    /// The predecessors as the engine reads them: replaces the contents of `out` with indices
    /// that include every predecessor of `index` and otherwise only **illegal** indices (the
    /// engine acts only on undecided positions, which are legal), without repeats when
    /// `distinct`, in any order. A game can skip there the legality tests of its un-moves.
    /// Default: [`RetroGame::predecessors`], sorted and deduplicated when `distinct`.
    fn predecessor_candidates(&self, index: usize, distinct: bool, out: &mut Vec<usize>) {
        out.clear();
        self.predecessors(index, out);
        if distinct {
            out.sort_unstable();
            out.dedup();
        }
    }

    /// [`RetroShortcuts::predecessor_candidates`] for the positions `64 * block + b` for each bit
    /// `b` of `mask`, appended to `out` as pairs `(block, mask)` of other blocks of 64
    /// indices. Without `distinct`, the union of the pairs' positions must hold every
    /// predecessor of the given positions and otherwise only illegal positions. With
    /// `distinct`, each legal position must appear in as many pairs as it has distinct
    /// successors among the given positions (one pair per move, say); a game that cannot
    /// promise it returns `false`, and the engine then asks position by position. A game whose
    /// lowest index digit is a piece (the chess kernel's black king) turns whole blocks at
    /// once. Default: [`RetroShortcuts::predecessor_candidates`] for each position.
    fn block_predecessor_candidates(
        &self,
        block: usize,
        mask: u64,
        distinct: bool,
        out: &mut Vec<(usize, u64)>,
    ) -> bool {
        let mut preds = Vec::new();
        let mut bits = mask;
        while bits != 0 {
            let index = block * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.predecessor_candidates(index, distinct, &mut preds);
            out.extend(preds.iter().map(|&p| (p / 64, 1u64 << (p % 64))));
        }
        true
    }

    /// A shortcut the engine takes when counting the moves of an undecided position `index`:
    /// the [`MoveSummary`] of its moves, equal to [`MoveSummary::of`] its
    /// [`RetroGame::successors`]. `None` (the default) makes the engine list the successors
    /// and summarise them itself.
    fn move_summary(&self, index: usize) -> Option<MoveSummary> {
        let _ = index;
        None
    }

    /// In games with decisive exits: whether undecided position `index` may have a move
    /// leaving the table. `false` promises it has none; the engine then counts its moves when
    /// it is first reached backwards, as in games without exits, instead of up front.
    /// Default: `true` (every position is counted up front).
    fn may_exit(&self, index: usize) -> bool {
        let _ = index;
        true
    }

    /// In games with decisive exits, a shortcut for an undecided position that
    /// [`RetroShortcuts::may_exit`]: the levels at which its exits act, the
    /// [`MoveSummary::win_at`] and [`MoveSummary::check_at`] of its moves, worked out from
    /// the moves that leave the table alone. The engine then schedules them and counts the
    /// position's moves only if it is reached backwards before it is decided (a position that
    /// wins by an exit never needs them). `None` (the default) makes the engine count every
    /// move up front.
    fn exit_levels(&self, index: usize) -> ExitLevels {
        let _ = index;
        None
    }

    /// A bound on the distinct successors of any position, at most [`MAX_MOVES`] (the
    /// default). With a bound of at most [`NARROW_MOVES`] the engine keeps one byte per
    /// position for its move count and distance instead of two: half the largest array of
    /// a build, which the backward passes read at random. A game that gives a bound must
    /// keep to it.
    fn move_bound(&self) -> usize {
        MAX_MOVES
    }
}

/// A block of 64 indices classified at once ([`RetroShortcuts::terminal_masks`]), one bit per
/// index: bit `k` of `legal` is set when [`RetroGame::terminal`]`(start + k)` is `Some`, of
/// `undecided` when it is `Some(Terminal::No)`, of `wins` and `losses` for `Some(Terminal::Win)`
/// and `Some(Terminal::Loss)`; the other legal indices are drawn terminals. Each of the last
/// three lies within `legal`, and they do not overlap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TerminalMasks {
    /// The legal positions.
    pub legal: u64,
    /// The positions that are not terminal.
    pub undecided: u64,
    /// The terminal positions won by the side to move.
    pub wins: u64,
    /// The terminal positions lost by the side to move.
    pub losses: u64,
}

/// What [`RetroShortcuts::exit_levels`] tells of a position's exits: the level its fastest
/// exit wins at and the level its slowest exit to an opponent win counts down at (each
/// `None` when it has no such exit), or `None` when the game leaves them to the engine.
pub type ExitLevels = Option<(Option<u32>, Option<u32>)>;

/// One move's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Successor {
    /// A position of this table.
    Inside(usize),
    /// A drawn position outside the table.
    OutsideDraw,
    /// A position outside the table with this verdict for its side to move (the opponent of
    /// the player making the move), e.g. a capture probed in a smaller endgame's table.
    /// Requires [`RetroGame::has_decisive_exits`].
    Outside(Verdict),
}

/// The solved table: a bit vector per state and a distance per position.
///
/// # Examples
///
/// ```
/// use cgt_core::Verdict;
/// use cgt_retro::engine::solve;
/// use cgt_retro::graph::GameGraph;
///
/// let g = GameGraph::parse("a b\nb c\n")?;
/// let table = solve(&g, u128::MAX)?;
/// assert_eq!(table.size(), 3);
/// assert_eq!(table.verdict(0), Some(Verdict::Loss(2)));
/// assert_eq!(table.verdict(9), None); // not an index of the table
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    legal: BitVec,
    won: BitVec,
    lost: BitVec,
    distance: Distances,
}

/// Why a table could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RetroError {
    /// A distance exceeded the 65 535 plies a table stores.
    TooDeep,
    /// The build would need more memory than allowed; nothing was allocated.
    TooLarge {
        /// Bytes needed.
        bytes: u128,
        /// The limit.
        limit: u128,
    },
    /// The build was stopped by its budget's stop flag or time limit; nothing was returned.
    Stopped(cgt_core::budget::Exceeded),
    /// A distributed build's processes could not connect, or one was lost (feature
    /// `distributed`).
    Cluster(String),
}

impl core::fmt::Display for RetroError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RetroError::TooDeep => f.write_str("a distance exceeds 65535 plies"),
            RetroError::TooLarge { bytes, limit } => write!(
                f,
                "the table would need {bytes} bytes of memory, more than the {limit} allowed"
            ),
            RetroError::Stopped(why) => write!(f, "build stopped: {why}"),
            RetroError::Cluster(why) => write!(f, "distributed build failed: {why}"),
        }
    }
}

impl std::error::Error for RetroError {}

/// What the engine needs to know of an undecided position's moves: how many must turn into
/// opponent wins before it is lost, and the levels at which its exits act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSummary {
    /// The **distinct** inside successors, plus one when some exits lead to opponent wins
    /// (they count down together, at the slowest one's level); `u16::MAX` when the position
    /// can never be lost (an exit to a draw, or a win by an exit).
    pub count: u16,
    /// The level of its earliest win by an exit: an exit to a loss at `k` wins at `k + 1`.
    pub win_at: Option<u32>,
    /// The level of its slowest exit to an opponent win.
    pub check_at: Option<u32>,
}

impl MoveSummary {
    /// Summarises the moves of a position, as the engine counts them (`inside` is scratch
    /// space).
    #[must_use]
    pub fn of(moves: &[Successor], inside: &mut Vec<usize>) -> MoveSummary {
        inside.clear();
        let mut win_at: Option<u32> = None;
        let mut check_at: Option<u32> = None;
        let mut blocked = false;
        for s in moves {
            match *s {
                Successor::Inside(j) => inside.push(j),
                Successor::OutsideDraw | Successor::Outside(Verdict::Draw) => blocked = true,
                Successor::Outside(Verdict::Loss(k)) => {
                    win_at = Some(win_at.map_or(k + 1, |w| w.min(k + 1)));
                }
                Successor::Outside(Verdict::Win(k)) => {
                    check_at = Some(check_at.map_or(k, |c| c.max(k)));
                }
            }
        }
        inside.sort_unstable();
        inside.dedup();
        let count = if blocked || win_at.is_some() {
            u16::MAX
        } else {
            let extra = u16::from(check_at.is_some());
            u16::try_from(inside.len()).map_or(u16::MAX, |n| (n + extra).min(u16::MAX - 1))
        };
        MoveSummary {
            count,
            win_at,
            check_at,
        }
    }
}

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

/// Updates for other workers, one list per worker: pairs of words `(block, mask)` of global
/// blocks of 64 indices (empty when the build holds the whole index space).
pub(crate) type Outbox = Vec<Vec<u64>>;

/// A finished build's arrays over the blocks held: the legal, won and lost bits (a word per
/// block) and the distances (0 for the undecided).
pub(crate) struct Parts {
    pub(crate) legal: Vec<u64>,
    pub(crate) won: Vec<u64>,
    pub(crate) lost: Vec<u64>,
    pub(crate) distance: Distances,
}

/// `len` zeroed values, straight from the allocator: a large array comes as fresh pages the
/// system zeroes when they are first touched, instead of being written with zeros here first
/// (on the machines measured, touching a page costs more than filling it). Aborts, as `Vec`
/// does, when the memory is not there.
fn zeroed_vec<T: zerocopy::FromZeros>(len: usize) -> Vec<T> {
    T::new_vec_zeroed(len)
        .unwrap_or_else(|_| std::alloc::handle_alloc_error(std::alloc::Layout::new::<T>()))
}

/// A pass's task scratch space: the pairs it sends to other workers, and buffers for
/// predecessors and moves.
#[derive(Default)]
struct Scratch {
    out: Outbox,
    preds: Vec<usize>,
    succ: Vec<Successor>,
    inside: Vec<usize>,
}

/// A build in progress over the blocks its [`Layout`] holds: the engine's arrays and one
/// method per phase of [`solve_within`]. Indices are global; the arrays are local.
pub(crate) struct Build<'g, G, L, A> {
    game: &'g G,
    layout: L,
    /// One bit per legal position (64 positions per word, set by the classification).
    legal: Vec<u64>,
    /// One bit per won position and one per lost position, set a block of 64 at a time by
    /// the lane that decided them. A legal position in neither is a draw once the build is
    /// over (undecided, or a drawn terminal). Like every array the passes change, these are
    /// atomic words read and written by plain loads and stores: the passes change a block's
    /// words only in the lane owning it ([`lanes`]), and any lane may read them.
    won: Vec<AtomicU64>,
    lost: Vec<AtomicU64>,
    /// One word per position (a byte or two, `A`). While a position is undecided it holds the
    /// number of distinct moves that must all turn into wins for the opponent before it is lost
    /// (inside successors, and decisive exits to opponent wins, which count down at their own
    /// level); a drawn exit blocks the loss for ever (`u16::MAX`, 255 in a byte). It is counted
    /// when the position is first reached backwards (0 = not yet counted), or up front: by the game
    /// during the classification when that is cheap, and for the positions that may leave the table
    /// in games with decisive exits, whose moves to outside losses (a win at k + 1) must be
    /// scheduled anyway. Once the position is decided, the lane that decided it stores its distance
    /// there: no count is touched after its last decrement, so the two uses never overlap.
    aux: Vec<A>,
    /// With one-byte words: the positions decided at level 255 or deeper (local index and
    /// distance), whose words saturate.
    deep: Vec<(usize, u16)>,
    /// The levels taken so far: the next one taken is this distance.
    taken: u32,
    /// One bit per undecided position, which the backward passes clear to decide a position
    /// (and read, from any lane, to drop the updates of positions already decided: a bit only
    /// ever clears).
    open: Vec<AtomicU64>,
    /// One bit per position decided in the level being built.
    marks: Vec<AtomicU64>,
    /// One bit per word of `marks` that may hold a mark (set when a word gets its first), so
    /// that reading a level off the marks skips the empty regions of large tables.
    dirty: Vec<AtomicU64>,
    /// The marks and dirty bits of the level the backward passes read: the positions decided
    /// at the previous distance. [`Build::take_level`] swaps them with `marks` and `dirty`
    /// once a level is built, so a level is never copied into a list.
    level: Vec<AtomicU64>,
    level_dirty: Vec<AtomicU64>,
    /// Whether the game has decisive exits (then every move count is taken up front).
    exits: bool,
    /// The exits by level: a position that wins by an exit to a loss at k is won at k + 1;
    /// one whose slowest exit to an opponent win is at k counts that move down at k. The
    /// classification files those whose levels the game gave.
    schedule: Schedule,
    /// One bit per undecided position that may have an exit, as the classification left it
    /// (emptied once the exits are scheduled).
    exit_bits: Vec<u64>,
    /// Legal positions held.
    pub(crate) legal_count: usize,
    /// The blocks dealt out to the backward passes' tasks, one lane per thread, so that
    /// those passes update them with plain loads and stores too.
    lanes: Lanes,
}

impl<'g, G: RetroShortcuts, L: Layout, A: Cell> Build<'g, G, L, A> {
    /// Classifies every position held (illegal, undecided, or a terminal result), 64 at a
    /// time.
    pub(crate) fn classify(game: &'g G, layout: L) -> Self {
        let size = game.size();
        let len = layout.local_len();
        let words = len.div_ceil(64);
        let zeroed = || -> Vec<AtomicU64> { zeroed_vec(words) };
        let mut legal: Vec<u64> = vec![0; words];
        let (mut won, mut lost) = (zeroed(), zeroed());
        let (mut open, mut marks) = (zeroed(), zeroed());
        let mut aux: Vec<A> = zeroed_vec(len);
        let mut exit_bits: Vec<u64> = vec![0; words];
        // One pass per 64 positions: their results, their open bits, the terminal wins and
        // losses marked as level 0, the legal count, and the move counts and the exits the
        // game gives.
        let layout_ref = &layout;
        let with_exits = game.has_decisive_exits();
        let parts: Vec<(usize, Schedule)> = aux
            .par_chunks_mut(64)
            .zip(legal.par_iter_mut())
            .zip(won.par_iter_mut().zip(lost.par_iter_mut()))
            .zip(open.par_iter_mut().zip(marks.par_iter_mut()))
            .zip(exit_bits.par_iter_mut())
            .enumerate()
            .fold(
                || (0usize, Schedule::new(size)),
                |(count, mut scheduled), (local, ((((counts, legal), (won, lost)), (open, marks)), exits))| {
                    let start = layout_ref.global_block(local) * 64;
                    // The last block of the space may be short (and padded here).
                    let n = counts.len().min(size.saturating_sub(start));
                    let mut terminals = [None; 64];
                    let terminals = &mut terminals[..n];
                    let mut given_all = [0u16; 64];
                    let mut levels = [None; 64];
                    let levels = &mut levels[..n];
                    *exits = !0;
                    let masks = if n == 64 {
                        game.terminal_masks(start, &mut given_all)
                    } else {
                        None
                    };
                    let given = &mut given_all[..n];
                    // The results as masks.
                    let (mut undecided, mut wins, mut losses, mut legal_here) =
                        (0u64, 0u64, 0u64, 0u64);
                    if let Some(m) = masks {
                        (undecided, wins, losses, legal_here) =
                            (m.undecided, m.wins, m.losses, m.legal);
                    } else if n > 0 {
                        game.terminal_block(start, terminals, given, exits, levels);
                        for (b, t) in terminals.iter().enumerate() {
                            let Some(t) = t else { continue };
                            legal_here |= 1 << b;
                            match t {
                                Terminal::No => undecided |= 1 << b,
                                Terminal::Loss => losses |= 1 << b,
                                Terminal::Win => wins |= 1 << b,
                                Terminal::Draw => {}
                            }
                        }
                    }
                    // The counts the game gave (only undecided positions have any); a block
                    // without any leaves its words untouched, as the passes may.
                    if given.iter().any(|&g| g != 0) {
                        let mut bits = undecided;
                        while bits != 0 {
                            let b = bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            counts[b].set(given[b]);
                        }
                    }
                    *legal = legal_here;
                    *won.get_mut() = wins;
                    *lost.get_mut() = losses;
                    *open.get_mut() = undecided;
                    *marks.get_mut() = wins | losses;
                    if !with_exits {
                        *exits = 0;
                        return (count + legal_here.count_ones() as usize, scheduled);
                    }
                    *exits &= undecided;
                    // The exits whose levels the game gave are scheduled without asking again.
                    let mut bits = *exits;
                    while bits != 0 {
                        let b = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        if let Some(found) = levels[b] {
                            *exits &= !(1 << b);
                            if let Some((i, at, win)) = exit_entry(start + b, found) {
                                scheduled.push(i, at, win);
                            }
                        }
                    }
                    (count + legal_here.count_ones() as usize, scheduled)
                },
            )
            .collect();
        // Each part's schedule is copied once, into the joined one.
        let legal_count = parts.iter().map(|p| p.0).sum();
        let schedule = Schedule::join(parts.into_iter().map(|p| p.1).collect(), size);
        // The words of marks holding level 0.
        let dirty: Vec<AtomicU64> = marks
            .par_chunks(64)
            .map(|words| {
                let bits = words.iter().enumerate().fold(0u64, |d, (k, w)| {
                    d | u64::from(w.load(Ordering::Relaxed) != 0) << k
                });
                AtomicU64::new(bits)
            })
            .collect();
        Build {
            game,
            layout,
            legal,
            won,
            lost,
            aux,
            deep: Vec::new(),
            taken: 0,
            open,
            level: zeroed(),
            level_dirty: zeroed_vec(dirty.len()),
            marks,
            dirty,
            exits: game.has_decisive_exits(),
            exit_bits,
            schedule,
            legal_count,
            lanes: Lanes::new(rayon::current_num_threads()),
        }
    }

    /// In games with decisive exits: schedules by level the exits of every undecided position
    /// that may leave the table, from [`RetroShortcuts::exit_levels`] when the game gives them, and
    /// otherwise by counting all its moves up front (the others are counted when first
    /// reached, as in games without exits). (Kept compact: raw two-sided tables have millions
    /// of such positions.)
    pub(crate) fn schedule_exits(&mut self) {
        let exit_bits = core::mem::take(&mut self.exit_bits);
        if !self.exits {
            return;
        }
        let (game, aux, layout) = (self.game, &self.aux, &self.layout);
        let found: Vec<(usize, u32, bool)> = exit_bits
            .par_iter()
            .enumerate()
            .flat_map_iter(|(w, &word)| {
                let mut bits = word;
                let block = layout.global_block(w);
                core::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let b = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        block * 64 + b
                    })
                })
            })
            .filter(|&i| game.may_exit(i))
            .map_init(
                || (Vec::new(), Vec::new()),
                |(succ, inside), i| {
                    let levels = game.exit_levels(i).unwrap_or_else(|| {
                        let summary = count_moves(game, i, succ, inside);
                        aux[layout.local(i)].set(summary.count);
                        (summary.win_at, summary.check_at)
                    });
                    exit_entry(i, levels)
                },
            )
            .filter_map(core::convert::identity)
            .collect();
        for (i, at, win) in found {
            self.schedule.push(i, at, win);
        }
    }

    /// Whether scheduled exits still lie beyond level `d`.
    pub(crate) fn exits_pending(&self, d: u32) -> bool {
        self.schedule.pending(d)
    }

    /// The bits of `positions` (of held block `block`) that are won.
    fn won_of(&self, block: usize, positions: u64) -> u64 {
        positions & self.won[self.layout.local_block(block)].load(Ordering::Relaxed)
    }

    /// The bits of `positions` (of held block `block`) that are lost.
    fn lost_of(&self, block: usize, positions: u64) -> u64 {
        positions & self.lost[self.layout.local_block(block)].load(Ordering::Relaxed)
    }

    /// Whether the position of local index `p` is undecided.
    fn is_open(&self, p: usize) -> bool {
        self.open[p / 64].load(Ordering::Relaxed) >> (p % 64) & 1 != 0
    }

    /// Clears the open bit of local index `p`; true when it was set (the caller then
    /// decides the position).
    fn claim(&self, p: usize) -> bool {
        let bit = 1u64 << (p % 64);
        and_word(&self.open[p / 64], !bit) & bit != 0
    }

    /// Records the decision on the claimed positions `bits` of local block `word`: won (or
    /// lost) at `distance`, and marked as decided in this level.
    #[inline]
    fn decide_local(&self, word: usize, bits: u64, won: bool, distance: u32) {
        let result = if won { &self.won } else { &self.lost };
        or_word(&result[word], bits);
        let mut each = bits;
        while each != 0 {
            let p = word * 64 + each.trailing_zeros() as usize;
            each &= each - 1;
            self.aux[p].set(distance as u16);
        }
        if or_word(&self.marks[word], bits) == 0 {
            or_word(&self.dirty[word / 64], 1 << (word % 64));
        }
    }

    /// Whether this build holds global block `block`.
    #[cfg(feature = "distributed")]
    pub(crate) fn holds(&self, block: usize) -> bool {
        self.layout.remote(block).is_none() && self.layout.local_block(block) < self.open.len()
    }

    /// The undecided positions of held block `b` among `mask` are won at `next_d` (called by
    /// the lane owning the block).
    #[inline]
    pub(crate) fn win_block(&self, b: usize, mask: u64, next_d: u32) {
        // Claim the undecided ones of the block at once.
        let local = self.layout.local_block(b);
        let word = &self.open[local];
        let hit = word.load(Ordering::Relaxed) & mask;
        if hit == 0 {
            return;
        }
        let won = and_word(word, !hit) & hit;
        if won != 0 {
            self.decide_local(local, won, true, next_d);
        }
    }

    /// Each undecided position of held block `b` among `mask` counts one move down (called
    /// by the lane owning the block).
    #[inline]
    pub(crate) fn count_down_block(
        &self,
        (b, mask): (usize, u64),
        next_d: u32,
        succ: &mut Vec<Successor>,
        inside: &mut Vec<usize>,
    ) {
        let local = self.layout.local_block(b);
        let mut open = self.open[local].load(Ordering::Relaxed) & mask;
        while open != 0 {
            let q = b * 64 + open.trailing_zeros() as usize;
            open &= open - 1;
            self.count_down(q, next_d, succ, inside);
        }
    }

    /// Runs a backward pass over the lanes: `tasks` pieces of work whose `generate` appends
    /// pairs `(global block, mask)`; each pair of a held block is made by `apply` in the lane
    /// owning it (with plain loads and stores), on its undecided positions only (the others
    /// are dropped where they are generated: a position once decided stays so); the pairs of
    /// other workers' blocks go to their lists, which are returned.
    fn lane_pass(
        &self,
        tasks: usize,
        generate: impl Fn(&mut Scratch, usize, &mut Vec<(usize, u64)>, &mut Flush<'_, Scratch>) + Sync,
        apply: impl Fn(&mut Scratch, (usize, u64)) + Sync,
    ) -> Outbox {
        let peers = self.layout.peers();
        let states = self.lanes.run(Pass {
            tasks,
            init: Scratch::default,
            generate,
            route: |s: &mut Scratch, b: usize, m: u64| match self.layout.remote(b) {
                None => {
                    let local = self.layout.local_block(b);
                    let open = self.open[local].load(Ordering::Relaxed) & m;
                    (open != 0).then_some((local, open))
                }
                Some(to) => {
                    push_pair(&mut s.out, peers, to, b, m);
                    None
                }
            },
            apply: |s: &mut Scratch, b: usize, m: u64| apply(s, (b, m)),
        });
        merge_outboxes(states.into_iter().map(|s| s.out), peers)
    }

    /// Makes the updates of pairs `(global block, mask)` of held blocks, generated by
    /// `tasks` pieces of work: wins at `next_d` (`win`), or count-downs (the exits'
    /// schedule, and the distributed build's received updates).
    pub(crate) fn apply_pairs(
        &self,
        tasks: usize,
        generate: impl Fn(usize, &mut Vec<(usize, u64)>) + Sync,
        win: bool,
        next_d: u32,
    ) {
        self.lane_pass(
            tasks,
            |_, task, pairs, _| generate(task, pairs),
            |s, (b, m)| {
                if win {
                    self.win_block(b, m, next_d);
                } else {
                    self.count_down_block((b, m), next_d, &mut s.succ, &mut s.inside);
                }
            },
        );
    }

    /// Phase A: predecessors of the losses at this level are wins at `next_d`. The held ones
    /// are decided here; the others are returned, for their workers.
    pub(crate) fn wins_from_losses(&self, next_d: u32) -> Outbox {
        self.lane_pass(
            self.level_tasks(),
            |s, task, pairs, flush| {
                self.level_blocks(task, |block, positions| {
                    let lost = self.lost_of(block, positions);
                    if lost != 0 {
                        self.game
                            .block_predecessor_candidates(block, lost, false, pairs);
                        flush(s, pairs);
                    }
                });
            },
            |_, (b, m)| self.win_block(b, m, next_d),
        )
    }

    /// The positions scheduled to win by an exit at `next_d` are won then.
    pub(crate) fn scheduled_wins(&mut self, next_d: u32) {
        if let Some(scheduled) = self.schedule.take_wins(next_d) {
            let chunks = scheduled.chunks();
            self.apply_pairs(
                chunks.len(),
                |task, pairs| chunks[task].for_each(|p| pairs.push(block_of(p))),
                true,
                next_d,
            );
        }
    }

    /// One of `q`'s moves turned into a win for the opponent: counts it down, and decides `q`
    /// lost at `next_d` when it was the last.
    #[inline]
    fn count_down(
        &self,
        q: usize,
        next_d: u32,
        succ: &mut Vec<Successor>,
        inside: &mut Vec<usize>,
    ) {
        let local = self.layout.local(q);
        if !self.is_open(local) {
            return;
        }
        let aux = &self.aux[local];
        let mut left = aux.get();
        if left == 0 {
            // In games with exits, a position with one is counted here when the game gave
            // its exits' levels up front (the count then includes the exits).
            let count = count_moves(self.game, q, succ, inside).count;
            // This count includes the move just won; the rest is stored.
            aux.set(count - 1);
            left = if count == 1 { 1 } else { u16::MAX };
        } else {
            aux.set(left - 1);
        }
        if left == 1 && self.claim(local) {
            self.decide_local(local / 64, 1 << (local % 64), false, next_d);
        }
    }

    /// Phase B: each position won at this level counts down its distinct predecessors; one
    /// whose last move turns into a win for the opponent here is lost at `next_d` (its other
    /// moves were won earlier). The held predecessors are counted here; the others are
    /// returned, one pair per move, for their workers.
    pub(crate) fn count_down_from_wins(&self, next_d: u32) -> Outbox {
        self.lane_pass(
            self.level_tasks(),
            |s, task, pairs, flush| {
                self.level_blocks(task, |block, positions| {
                    let won = self.won_of(block, positions);
                    if won == 0 {
                        return;
                    }
                    let before = pairs.len();
                    if !self
                        .game
                        .block_predecessor_candidates(block, won, true, pairs)
                    {
                        pairs.truncate(before);
                        let mut bits = won;
                        while bits != 0 {
                            let x = block * 64 + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            self.game.predecessor_candidates(x, true, &mut s.preds);
                            pairs.extend(s.preds.iter().map(|&q| block_of(q)));
                        }
                    }
                    flush(s, pairs);
                });
            },
            |s, pair| self.count_down_block(pair, next_d, &mut s.succ, &mut s.inside),
        )
    }

    /// A task of the level the passes read takes the words under a few dirty words (a few
    /// thousand blocks), so that the work of crowded regions is shared while the empty ones
    /// cost one load per 64 words.
    const LEVEL_TASK_WORDS: usize = 4;

    /// The number of tasks of the level the passes read.
    fn level_tasks(&self) -> usize {
        self.level_dirty.len().div_ceil(Self::LEVEL_TASK_WORDS)
    }

    /// Calls `f` on each block of task `task` of the level the passes read, with the global
    /// block number and the positions of the level in it.
    fn level_blocks(&self, task: usize, mut f: impl FnMut(usize, u64)) {
        let first = task * Self::LEVEL_TASK_WORDS;
        let dirty =
            &self.level_dirty[first..(first + Self::LEVEL_TASK_WORDS).min(self.level_dirty.len())];
        for (k, d) in dirty.iter().enumerate() {
            let mut words = d.load(Ordering::Relaxed);
            while words != 0 {
                let local = (first + k) * 64 + words.trailing_zeros() as usize;
                words &= words - 1;
                let positions = self.level[local].load(Ordering::Relaxed);
                if positions != 0 {
                    f(self.layout.global_block(local), positions);
                }
            }
        }
    }

    /// Scheduled exits to opponent wins at `d` count down at `d`.
    pub(crate) fn scheduled_checks(&mut self, d: u32, next_d: u32) {
        if let Some(scheduled) = self.schedule.take_checks(d) {
            let chunks = scheduled.chunks();
            self.apply_pairs(
                chunks.len(),
                |task, pairs| chunks[task].for_each(|q| pairs.push(block_of(q))),
                false,
                next_d,
            );
        }
    }

    /// Ends a level: the positions marked since the last call become the level the passes
    /// read, and the marks start empty for the next one. Returns the level's size.
    pub(crate) fn take_level(&mut self) -> usize {
        // The level read so far is cleared (only its dirty words can hold marks) and swapped
        // with the marks. No other thread touches them now: plain reads and writes.
        const DIRTY_WORDS: usize = 32;
        self.level_dirty
            .par_chunks_mut(DIRTY_WORDS)
            .zip(self.level.par_chunks_mut(DIRTY_WORDS * 64))
            .for_each(|(dirty, level)| {
                for (k, d) in dirty.iter_mut().enumerate() {
                    let mut words = core::mem::take(d.get_mut());
                    while words != 0 {
                        *level[k * 64 + words.trailing_zeros() as usize].get_mut() = 0;
                        words &= words - 1;
                    }
                }
            });
        core::mem::swap(&mut self.level, &mut self.marks);
        core::mem::swap(&mut self.level_dirty, &mut self.dirty);
        let depth = self.taken;
        self.taken += 1;
        if !A::WIDE && depth >= u32::from(u8::MAX) {
            self.list_deep(depth);
        }
        self.level_dirty
            .par_chunks_mut(DIRTY_WORDS)
            .zip(self.level.par_chunks_mut(DIRTY_WORDS * 64))
            .map(|(dirty, level)| {
                let mut n = 0;
                for (k, d) in dirty.iter_mut().enumerate() {
                    let mut words = *d.get_mut();
                    while words != 0 {
                        n += level[k * 64 + words.trailing_zeros() as usize]
                            .get_mut()
                            .count_ones() as usize;
                        words &= words - 1;
                    }
                }
                n
            })
            .sum()
    }

    /// With one-byte words: lists the positions of the level just taken, decided at `depth`
    /// (255 or more, which their words do not hold).
    #[cold]
    fn list_deep(&mut self, depth: u32) {
        let depth = u16::try_from(depth).unwrap_or(u16::MAX);
        for (k, d) in self.level_dirty.iter_mut().enumerate() {
            let mut words = *d.get_mut();
            while words != 0 {
                let w = k * 64 + words.trailing_zeros() as usize;
                words &= words - 1;
                let mut bits = *self.level[w].get_mut();
                while bits != 0 {
                    self.deep
                        .push((w * 64 + bits.trailing_zeros() as usize, depth));
                    bits &= bits - 1;
                }
            }
        }
    }

    /// The held part of the table, block by block: for each local block, its legal, won
    /// and lost bits (64 positions per word), and the distances.
    pub(crate) fn into_parts(self) -> Parts {
        // In place: the counts of undecided and drawn positions become 0, and the counters
        // become the distances, the atomic words plain ones, without a copy (a plain map over
        // a vector into one of the same size and alignment reuses its memory).
        let mut aux = self.aux;
        aux.par_chunks_mut(64)
            .zip(self.won.par_iter().zip(self.lost.par_iter()))
            .for_each(|(chunk, (won, lost))| {
                let decided = won.load(Ordering::Relaxed) | lost.load(Ordering::Relaxed);
                for (b, a) in chunk.iter().enumerate() {
                    if decided >> b & 1 == 0 {
                        a.set(0);
                    }
                }
            });
        let plain =
            |v: Vec<AtomicU64>| -> Vec<u64> { v.into_iter().map(AtomicU64::into_inner).collect() };
        Parts {
            legal: self.legal,
            won: plain(self.won),
            lost: plain(self.lost),
            distance: A::into_distances(aux, &self.deep),
        }
    }
}

impl<G: RetroShortcuts, A: Cell> Build<'_, G, Whole, A> {
    /// The table: 64 positions per word of each bit vector, and the distances.
    fn into_table(self) -> Table {
        let size = self.layout.size;
        let parts = self.into_parts();
        Table {
            legal: words_into_bits(parts.legal, size),
            won: words_into_bits(parts.won, size),
            lost: words_into_bits(parts.lost, size),
            distance: parts.distance,
        }
    }
}

/// Where a position's exits are scheduled: won at the fastest exit's level, or else counted
/// down at the slowest exit to an opponent win; nowhere when every exit draws.
fn exit_entry(
    i: usize,
    (win_at, check_at): (Option<u32>, Option<u32>),
) -> Option<(usize, u32, bool)> {
    match (win_at, check_at) {
        (Some(w), _) => Some((i, w, true)),
        (None, Some(c)) => Some((i, c, false)),
        (None, None) => None,
    }
}

/// A bit vector of `len` bits from words of 64 (bit `b` of word `w` is bit `64 w + b`).
/// [`words_to_bits`] of a vector, keeping its memory where `usize` is 64 bits.
pub(crate) fn words_into_bits(words: Vec<u64>, len: usize) -> BitVec {
    if usize::BITS == 64 {
        #[allow(clippy::cast_possible_truncation)]
        let mut v = BitVec::from_vec(words.into_iter().map(|w| w as usize).collect());
        v.truncate(len);
        v
    } else {
        words_to_bits(words.into_iter(), len)
    }
}

pub(crate) fn words_to_bits(words: impl Iterator<Item = u64>, len: usize) -> BitVec {
    let mut v: BitVec = if usize::BITS == 64 {
        #[allow(clippy::cast_possible_truncation)]
        BitVec::from_vec(words.map(|w| w as usize).collect())
    } else {
        words
            .flat_map(|w| (0..64).map(move |b| w >> b & 1 != 0))
            .collect()
    };
    v.truncate(len);
    v
}

/// The pair `(block, mask)` of index `i`.
fn block_of(i: usize) -> (usize, u64) {
    (i / 64, 1u64 << (i % 64))
}

/// `word &= mask`, returning the earlier value. A plain load and store: only the lane owning
/// a word's block changes it during a pass (an atomic read-modify-write, even uncontended,
/// stalls the memory pipeline that the passes' scattered accesses depend on).
#[inline]
fn and_word(word: &AtomicU64, mask: u64) -> u64 {
    let was = word.load(Ordering::Relaxed);
    word.store(was & mask, Ordering::Relaxed);
    was
}

/// `word |= bits`, returning the earlier value (a plain load and store, as [`and_word`]).
#[inline]
fn or_word(word: &AtomicU64, bits: u64) -> u64 {
    let was = word.load(Ordering::Relaxed);
    word.store(was | bits, Ordering::Relaxed);
    was
}

/// Appends the pair `(b, m)` to worker `to`'s list.
fn push_pair(out: &mut Outbox, peers: usize, to: usize, b: usize, m: u64) {
    if out.is_empty() {
        out.resize_with(peers, Vec::new);
    }
    out[to].extend_from_slice(&[b as u64, m]);
}

/// The lists of several chunks joined, per worker.
fn merge_outboxes(outboxes: impl IntoIterator<Item = Outbox>, peers: usize) -> Outbox {
    let mut merged: Outbox = Vec::new();
    for out in outboxes {
        if out.is_empty() {
            continue;
        }
        if merged.is_empty() {
            merged = out;
            continue;
        }
        debug_assert_eq!(out.len(), peers);
        for (m, o) in merged.iter_mut().zip(out) {
            m.extend_from_slice(&o);
        }
    }
    merged
}
impl Table {
    /// Number of indices.
    #[must_use]
    pub fn size(&self) -> usize {
        self.distance.len()
    }

    /// Whether `index` is a legal position.
    #[must_use]
    pub fn is_legal(&self, index: usize) -> bool {
        self.legal.get(index).is_some_and(|b| *b)
    }

    /// The verdict for the side to move, `None` for an illegal index.
    #[must_use]
    pub fn verdict(&self, index: usize) -> Option<Verdict> {
        if !self.is_legal(index) {
            None
        } else if self.won[index] {
            Some(Verdict::Win(u32::from(self.distance.get(index))))
        } else if self.lost[index] {
            Some(Verdict::Loss(u32::from(self.distance.get(index))))
        } else {
            Some(Verdict::Draw)
        }
    }

    /// Raw parts for serialisation: legal, won and lost bits, distances.
    #[must_use]
    pub fn parts(&self) -> (&BitVec, &BitVec, &BitVec, &Distances) {
        (&self.legal, &self.won, &self.lost, &self.distance)
    }

    /// Rebuilds a table from [`Table::parts`]; `None` unless all four have one entry per
    /// index.
    #[must_use]
    pub fn from_parts(
        legal: BitVec,
        won: BitVec,
        lost: BitVec,
        distance: impl Into<Distances>,
    ) -> Option<Table> {
        let distance = distance.into();
        let n = distance.len();
        (legal.len() == n && won.len() == n && lost.len() == n).then_some(Table {
            legal,
            won,
            lost,
            distance,
        })
    }
}

/// Shen's numbering of a verdict (`0, −1, 2, −3, …` written from the winner's side); `None` for
/// a draw.
#[must_use]
pub fn shen_number(v: Verdict) -> Option<i64> {
    match v {
        Verdict::Loss(d) => Some(i64::from(d)),
        Verdict::Win(d) => Some(-i64::from(d)),
        Verdict::Draw => None,
    }
}
