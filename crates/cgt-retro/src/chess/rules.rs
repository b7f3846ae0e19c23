//! The rules on `Position`s: legality, moves, un-moves, captures into the one-piece tables, and
//! the `RetroGame` implementation that answers from the index-level kernel.

use super::geometry::{
    KING, attacks, black_attacks, occupancy, square_colour, squares, transform, white_attacks,
};

use cgt_core::Verdict;

use super::{Endgame, Move, Position};
use crate::engine::{MoveSummary, RetroGame, RetroShortcuts, Successor, Table, Terminal};

impl Endgame {
    /// True when the pieces stand on distinct squares, the kings are not adjacent, the side
    /// not to move is not in check, and (for `kbbk-opposite`) the bishops differ in colour.
    #[must_use]
    pub fn is_legal(&self, pos: &Position) -> bool {
        let mut occupied = 1u64 << pos.wk;
        if occupied & 1 << pos.bk != 0 {
            return false;
        }
        occupied |= 1 << pos.bk;
        for &(_, sq) in &pos.pieces {
            if occupied & 1 << sq != 0 {
                return false;
            }
            occupied |= 1 << sq;
        }
        if let Some((_, sq)) = pos.black {
            if occupied & 1 << sq != 0 {
                return false;
            }
            occupied |= 1 << sq;
        }
        if KING[pos.wk as usize] & 1 << pos.bk != 0 {
            return false;
        }
        if self.opposite_bishops {
            let colours: Vec<u8> = pos
                .pieces
                .iter()
                .map(|&(_, sq)| square_colour(sq))
                .collect();
            if colours.len() == 2 && colours[0] == colours[1] {
                return false;
            }
        }
        // The side not to move must not be in check.
        if pos.white_to_move {
            white_attacks(pos, occupied) & 1 << pos.bk == 0
        } else {
            black_attacks(pos, occupied) & 1 << pos.wk == 0
        }
    }

    /// Every legal move.
    #[must_use]
    pub fn moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        self.moves_into(pos, &mut out);
        out
    }

    /// Appends every legal move to `out` (a reusable buffer).
    pub fn moves_into(&self, pos: &Position, out: &mut Vec<Move>) {
        if self.black_piece.is_some() {
            self.two_sided_moves(pos, out);
            return;
        }
        let occupied = occupancy(pos);
        if pos.white_to_move {
            if self.fixed_king.is_none() {
                let mut targets = KING[pos.wk as usize] & !occupied & !KING[pos.bk as usize];
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    out.push(Move {
                        mover: 0,
                        from: pos.wk,
                        to,
                        capture: false,
                    });
                }
            }
            for (i, &(piece, sq)) in pos.pieces.iter().enumerate() {
                let mut targets = attacks(piece, sq, occupied) & !occupied;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    out.push(Move {
                        mover: 1 + i,
                        from: sq,
                        to,
                        capture: false,
                    });
                }
            }
        } else {
            let lifted = occupied & !(1u64 << pos.bk);
            let guarded = white_attacks(pos, lifted);
            let mut targets = KING[pos.bk as usize] & !(1u64 << pos.wk) & !guarded;
            let own = occupied & !(1u64 << pos.bk) & !(1u64 << pos.wk);
            // Non-captures: squares not attacked with the black king lifted.
            let mut quiet = targets & !own;
            while quiet != 0 {
                let to = quiet.trailing_zeros() as u8;
                quiet &= quiet - 1;
                out.push(Move {
                    mover: 0,
                    from: pos.bk,
                    to,
                    capture: false,
                });
            }
            // Captures: the captured piece no longer defends; recheck without it.
            targets = KING[pos.bk as usize] & own;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let mut after = *pos;
                after.bk = to;
                after.pieces.remove_square(to);
                let occ = occupancy(&after) & !(1u64 << to);
                if white_attacks(&after, occ) & 1 << to == 0 {
                    out.push(Move {
                        mover: 0,
                        from: pos.bk,
                        to,
                        capture: true,
                    });
                }
            }
        }
    }

    /// The position after `m`, which must be one of [`Endgame::moves`] of `pos`: the engine's
    /// hot path, which checks nothing (use [`Endgame::play`] for a move from outside).
    #[must_use]
    pub fn play_unchecked(&self, pos: &Position, m: Move) -> Position {
        let mut next = *pos;
        match (pos.white_to_move, m.mover) {
            (true, 0) => next.wk = m.to,
            (true, i) => next.pieces[i - 1].1 = m.to,
            (false, 0) => {
                next.bk = m.to;
                next.pieces.remove_square(m.to);
            }
            (false, _) => {
                if let Some(b) = next.black.as_mut() {
                    b.1 = m.to;
                }
                next.pieces.remove_square(m.to);
            }
        }
        if pos.white_to_move && next.black.is_some_and(|(_, sq)| sq == m.to) {
            next.black = None;
        }
        next.white_to_move = !pos.white_to_move;
        next
    }

    /// True when the side to move is in check.
    #[must_use]
    pub fn in_check(&self, pos: &Position) -> bool {
        if pos.white_to_move {
            pos.black.is_some() && black_attacks(pos, occupancy(pos)) & 1 << pos.wk != 0
        } else {
            white_attacks(pos, occupancy(pos)) & 1 << pos.bk != 0
        }
    }

    /// The positions (other side to move) from which one legal move leads to `pos`.
    #[cfg(any(test, feature = "verify"))]
    pub(super) fn unmoves(&self, pos: &Position, out: &mut Vec<Position>) {
        let occupied = occupancy(pos);
        // Puts the piece chosen by `place` back on each square of `from`, keeping legal results.
        let mut push = |from: u64, place: &dyn Fn(&mut Position, u8)| {
            for sq in squares(from) {
                let mut prev = *pos;
                place(&mut prev, sq);
                prev.white_to_move = !pos.white_to_move;
                if self.is_legal(&prev) {
                    out.push(prev);
                }
            }
        };
        if pos.white_to_move {
            // Black just moved its king, or its piece.
            let from = KING[pos.bk as usize] & !occupied & !KING[pos.wk as usize];
            push(from, &|p, sq| p.bk = sq);
            if let Some((piece, sq)) = pos.black {
                let from = attacks(piece, sq, occupied) & !occupied;
                push(from, &|p, f| p.black = Some((piece, f)));
            }
        } else {
            if self.fixed_king.is_none() {
                let from = KING[pos.wk as usize] & !occupied & !KING[pos.bk as usize];
                push(from, &|p, sq| p.wk = sq);
            }
            for (i, &(piece, sq)) in pos.pieces.iter().enumerate() {
                let from = attacks(piece, sq, occupied) & !occupied;
                push(from, &|p, f| p.pieces[i].1 = f);
            }
        }
    }

    /// How many raw placements (identical pieces counted as distinct) the symmetry class of
    /// `pos` stands for: the distinct images under the 8 board symmetries and the orderings of
    /// identical pieces.
    #[must_use]
    pub fn raw_multiplicity(&self, pos: &Position) -> u64 {
        let mut images = Vec::with_capacity(16);
        for sym in 0..8 {
            let image = Position {
                wk: transform(pos.wk, sym),
                bk: transform(pos.bk, sym),
                pieces: pos
                    .pieces
                    .iter()
                    .map(|&(p, sq)| (p, transform(sq, sym)))
                    .collect(),
                black: pos.black.map(|(p, sq)| (p, transform(sq, sym))),
                white_to_move: pos.white_to_move,
            };
            let mut orders = vec![image];
            if image.pieces.len() == 2 && image.pieces[0].0 == image.pieces[1].0 {
                let mut swapped = image;
                swapped.pieces.swap(0, 1);
                orders.push(swapped);
            }
            for o in orders {
                let key = (
                    o.wk,
                    o.bk,
                    o.pieces.iter().map(|x| x.1).collect::<Vec<_>>(),
                    o.black,
                );
                if !images.contains(&key) {
                    images.push(key);
                }
            }
        }
        images.len() as u64
    }

    /// Legal moves when both sides have pieces: pseudo-legal moves, kept when the mover's
    /// king is not attacked afterwards.
    pub(super) fn two_sided_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let occupied = occupancy(pos);
        let black_sq = pos.black.map_or(0, |(_, sq)| 1u64 << sq);
        let white_pieces = occupied & !(1u64 << pos.bk) & !black_sq;
        let mut candidates: [(usize, u8, u64); 4] = [(0, 0, 0); 4];
        let mut count = 0;
        if pos.white_to_move {
            if self.fixed_king.is_none() {
                candidates[count] = (
                    0,
                    pos.wk,
                    KING[pos.wk as usize] & !white_pieces & !KING[pos.bk as usize],
                );
                count += 1;
            }
            for (i, &(piece, sq)) in pos.pieces.iter().enumerate() {
                candidates[count] = (
                    1 + i,
                    sq,
                    attacks(piece, sq, occupied) & !white_pieces & !(1u64 << pos.bk),
                );
                count += 1;
            }
        } else {
            let own = 1u64 << pos.bk | black_sq;
            candidates[count] = (
                0,
                pos.bk,
                KING[pos.bk as usize] & !own & !KING[pos.wk as usize],
            );
            count += 1;
            if let Some((piece, sq)) = pos.black {
                candidates[count] = (
                    1,
                    sq,
                    attacks(piece, sq, occupied) & !own & !(1u64 << pos.wk),
                );
                count += 1;
            }
        }
        let enemy = if pos.white_to_move {
            black_sq
        } else {
            white_pieces & !(1u64 << pos.wk)
        };
        for &(mover, from, targets) in &candidates[..count] {
            for to in squares(targets) {
                let m = Move {
                    mover,
                    from,
                    to,
                    capture: enemy & 1 << to != 0,
                };
                let next = self.play_unchecked(pos, m);
                let occ = occupancy(&next);
                let safe = if pos.white_to_move {
                    black_attacks(&next, occ) & 1 << next.wk == 0
                } else {
                    white_attacks(&next, occ) & 1 << next.bk == 0
                };
                if safe {
                    out.push(m);
                }
            }
        }
    }

    /// The verdict, for the side to move after it, of a capture that leaves the table: the
    /// remaining material probed in its one-piece table (colours swapped and the board
    /// flipped when Black keeps the piece). Draw when no piece is left besides the kings.
    #[must_use]
    pub fn capture_verdict(&self, pos: &Position, m: Move) -> Verdict {
        match self.after_capture(pos, m) {
            Some((endgame, table, probe, _)) => table
                .verdict(endgame.index_of(&probe))
                .unwrap_or(Verdict::Draw),
            // One-sided endgames here all leave a lone minor piece or bare kings.
            None => Verdict::Draw,
        }
    }

    /// Where a capture out of a two-sided endgame lands: the one-piece endgame and table, the
    /// position there (Black to move; colours swapped and the board flipped when Black kept
    /// its piece, the last value `true`). `None` for one-sided endgames or bare kings.
    #[must_use]
    pub fn after_capture(
        &self,
        pos: &Position,
        m: Move,
    ) -> Option<(&Endgame, &Table, Position, bool)> {
        self.black_piece?;
        let next = self.play_unchecked(pos, m);
        let captures = self.captures();
        let (smaller, wk, bk, piece, flipped) = match (next.pieces.first().copied(), next.black) {
            // White keeps a piece; Black to move.
            (Some(piece), None) => (&captures.white, next.wk, next.bk, piece, false),
            // Black keeps its piece; White (the lone king) to move: flip the board and swap
            // the colours so the lone king is Black to move.
            (None, Some((p, sq))) => (
                &captures.black,
                next.bk ^ 56,
                next.wk ^ 56,
                (p, sq ^ 56),
                true,
            ),
            _ => return None,
        };
        let probe = smaller.position(wk, bk, piece);
        Some((&smaller.endgame, &smaller.table, probe, flipped))
    }
}

impl RetroGame for Endgame {
    fn size(&self) -> usize {
        self.index_count()
    }

    // The engine is answered on index fields (module `kernel`); the Position-based rules
    // below are the reference the tests and sweeps compare with.
    fn terminal(&self, index: usize) -> Option<Terminal> {
        self.kernel().terminal(index)
    }

    fn successors(&self, index: usize, out: &mut Vec<Successor>) {
        self.kernel().successors(index, out);
    }

    fn predecessors(&self, index: usize, out: &mut Vec<usize>) {
        self.kernel().predecessors(index, out, true);
    }

    fn has_decisive_exits(&self) -> bool {
        self.black_piece.is_some()
    }
}

/// Every shortcut, answered by the kernel.
impl RetroShortcuts for Endgame {
    fn terminal_block(
        &self,
        start: usize,
        out: &mut [Option<Terminal>],
        counts: &mut [u16],
        exits: &mut u64,
    ) {
        self.kernel().terminal_block(start, out, counts, exits);
    }

    fn predecessor_candidates(&self, index: usize, distinct: bool, out: &mut Vec<usize>) {
        out.clear();
        if !self.kernel().predecessors(index, out, false) && distinct {
            out.sort_unstable();
            out.dedup();
        }
    }

    fn block_predecessor_candidates(
        &self,
        block: usize,
        mask: u64,
        distinct: bool,
        out: &mut Vec<(usize, u64)>,
    ) -> bool {
        self.kernel().block_predecessors(block, mask, distinct, out)
    }

    fn move_summary(&self, index: usize) -> Option<MoveSummary> {
        Some(self.kernel().move_summary(index))
    }

    fn may_exit(&self, index: usize) -> bool {
        self.kernel().may_capture(index)
    }

    fn exit_levels(&self, index: usize) -> Option<(Option<u32>, Option<u32>)> {
        self.kernel().exit_levels(index)
    }
}

/// The engine's queries answered with the [`Position`]-based rules: the reference for the
/// index-level kernel.
#[cfg(any(test, feature = "verify"))]
impl Endgame {
    pub(crate) fn position_terminal(&self, index: usize) -> Option<Terminal> {
        if !self.is_stored(index) {
            return None;
        }
        let pos = self.decode_index(index);
        if !self.moves(&pos).is_empty() {
            return Some(Terminal::No);
        }
        Some(if self.in_check(&pos) {
            Terminal::Loss
        } else {
            Terminal::Draw
        })
    }

    pub(crate) fn position_successors(&self, index: usize, out: &mut Vec<Successor>) {
        let pos = self.decode_index(index);
        for m in self.moves(&pos) {
            out.push(if !m.capture {
                Successor::Inside(self.index_of(&self.play_unchecked(&pos, m)))
            } else if self.black_piece.is_some() {
                Successor::Outside(self.capture_verdict(&pos, m))
            } else {
                Successor::OutsideDraw
            });
        }
    }

    pub(crate) fn position_predecessors(&self, index: usize, out: &mut Vec<usize>) {
        let mut previous = Vec::new();
        self.unmoves(&self.decode_index(index), &mut previous);
        out.extend(previous.iter().map(|p| self.index_of(p)));
    }
}
