//! What the engine asks of a game: its positions, their ends and moves, and the shortcuts a
//! game may give for speed.

use super::*;

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
