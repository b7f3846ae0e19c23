//! The rules on `Position`s: legality, moves, un-moves, captures into the one-piece tables, and
//! the `RetroGame` implementation that answers from the index-level kernel.

use super::geometry::{
    KING, attacks, black_attacks, occupancy, square_colour, squares, transform, white_attacks,
};

use cgt_core::Verdict;

use super::{Endgame, Move, Piece, Pieces, Position};
use crate::engine::{
    ExitLevels, MoveSummary, RetroGame, RetroShortcuts, Successor, Table, Terminal, TerminalMasks,
};

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
        for &(_, sq) in pos.pieces.iter().chain(pos.black.iter()) {
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
        if !self.drawn_captures {
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
        if pos.white_to_move {
            match m.mover {
                0 => next.wk = m.to,
                i => next.pieces[i - 1].1 = m.to,
            }
            next.black.remove_square(m.to);
        } else {
            match m.mover {
                0 => next.bk = m.to,
                i => next.black[i - 1].1 = m.to,
            }
            next.pieces.remove_square(m.to);
        }
        next.white_to_move = !pos.white_to_move;
        next
    }

    /// True when the side to move is in check.
    #[must_use]
    pub fn in_check(&self, pos: &Position) -> bool {
        if pos.white_to_move {
            !pos.black.is_empty() && black_attacks(pos, occupancy(pos)) & 1 << pos.wk != 0
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
            for (i, &(piece, sq)) in pos.black.iter().enumerate() {
                let from = attacks(piece, sq, occupied) & !occupied;
                push(from, &|p, f| p.black[i].1 = f);
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
    /// identical pieces. The men stand on distinct squares, so this is 8 times the orderings
    /// divided by the symmetries that keep every man's square set in place (the identity, and
    /// a reflection when everything lies on its axis); no list of images is built.
    #[must_use]
    pub fn raw_multiplicity(&self, pos: &Position) -> u64 {
        let orderings = |side: &Pieces| -> u64 {
            // Runs of one kind are adjacent in an endgame's order: 1, 2 or 6 orderings.
            let mut product = 1;
            let mut run = 1;
            for w in side.windows(2) {
                run = if w[0].0 == w[1].0 { run + 1 } else { 1 };
                product *= run;
            }
            product
        };
        let keeps = |side: &Pieces, sym: u8| {
            side.iter().all(|&(kind, sq)| {
                let to = transform(sq, sym);
                side.iter().any(|&(k, s)| k == kind && s == to)
            })
        };
        let fixed = (0..8u8)
            .filter(|&sym| {
                transform(pos.wk, sym) == pos.wk
                    && transform(pos.bk, sym) == pos.bk
                    && keeps(&pos.pieces, sym)
                    && keeps(&pos.black, sym)
            })
            .count() as u64;
        8 / fixed * orderings(&pos.pieces) * orderings(&pos.black)
    }

    /// [`Endgame::raw_multiplicity`] by listing the images (the reference the tests compare
    /// the closed form with).
    #[cfg(test)]
    pub(crate) fn raw_multiplicity_by_images(&self, pos: &Position) -> u64 {
        let mut images: Vec<(u8, u8, Vec<u8>, Vec<u8>)> = Vec::with_capacity(16);
        for sym in 0..8 {
            let moved = |p: &Pieces| -> Pieces {
                p.iter().map(|&(k, sq)| (k, transform(sq, sym))).collect()
            };
            let (white, black) = (moved(&pos.pieces), moved(&pos.black));
            for w in orderings(&white) {
                for b in orderings(&black) {
                    let key = (transform(pos.wk, sym), transform(pos.bk, sym), w.clone(), b);
                    if !images.contains(&key) {
                        images.push(key);
                    }
                }
            }
        }
        images.len() as u64
    }

    /// Legal moves for any material: pseudo-legal moves, kept when the mover's king is not
    /// attacked afterwards.
    pub(super) fn two_sided_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let occupied = occupancy(pos);
        let side = |p: &Pieces| p.iter().fold(0u64, |o, &(_, sq)| o | 1u64 << sq);
        let (white_pieces, black_pieces) = (side(&pos.pieces), side(&pos.black));
        let mut candidates: [(usize, u8, u64); 4] = [(0, 0, 0); 4];
        let mut count = 0;
        let (own, enemy, king, other_king) = if pos.white_to_move {
            (white_pieces, black_pieces, pos.wk, pos.bk)
        } else {
            (black_pieces, white_pieces, pos.bk, pos.wk)
        };
        if !pos.white_to_move || self.fixed_king.is_none() {
            candidates[count] = (
                0,
                king,
                KING[king as usize] & !own & !KING[other_king as usize] & !(1u64 << other_king),
            );
            count += 1;
        }
        for (i, &(piece, sq)) in pos.side(pos.white_to_move).iter().enumerate() {
            candidates[count] = (
                1 + i,
                sq,
                attacks(piece, sq, occupied) & !own & !(1u64 << king) & !(1u64 << other_king),
            );
            count += 1;
        }
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

    /// Whether a capture can leave a decided position: always but against a lone king with
    /// a piece or two minor pieces, where the lone king's captures leave a draw.
    pub(crate) fn decisive_captures(&self) -> bool {
        !self.drawn_captures
    }

    /// The verdict, for the side to move after it, of a capture that leaves the table: the
    /// remaining material probed in its own table (colours swapped and the board flipped when
    /// White has no piece left). Draw for bare kings, and for the lone king's captures
    /// against a piece or two minor pieces (too little material to mate).
    #[must_use]
    pub fn capture_verdict(&self, pos: &Position, m: Move) -> Verdict {
        match self.after_capture(pos, m) {
            Some((endgame, table, probe, _)) => table
                .verdict(endgame.index_of(&probe))
                .unwrap_or(Verdict::Draw),
            None => Verdict::Draw,
        }
    }

    /// Where a capture lands: the smaller endgame and its table, and the position there
    /// (colours swapped and the board flipped when White has no piece left, the last value
    /// `true`). `None` for bare kings and for the lone king's captures against a piece or
    /// two minor pieces.
    #[must_use]
    pub fn after_capture(
        &self,
        pos: &Position,
        m: Move,
    ) -> Option<(&Endgame, &Table, Position, bool)> {
        if !self.decisive_captures() {
            return None;
        }
        self.captures().locate(&self.play_unchecked(pos, m))
    }

    /// Solves the smaller endgames the captures lead to, if not done yet: before parallel
    /// work, so that no worker waits for them.
    pub(crate) fn prepare(&self) {
        if self.decisive_captures() {
            let _ = self.captures();
        }
    }
}

/// The orderings of a side's pieces that keep its kinds in order: identical pieces trade
/// squares (all six for three identical pieces).
#[cfg(test)]
fn orderings(side: &Pieces) -> Vec<Vec<u8>> {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let n = side.len();
    let mut out: Vec<Vec<u8>> = Vec::new();
    for perm in PERMS {
        if perm[..n].iter().any(|&i| i >= n) {
            continue;
        }
        if perm[..n]
            .iter()
            .enumerate()
            .all(|(j, &i)| side[i].0 == side[j].0)
        {
            let squares: Vec<u8> = perm[..n].iter().map(|&i| side[i].1).collect();
            if !out.contains(&squares) {
                out.push(squares);
            }
        }
    }
    out
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
        self.decisive_captures()
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
        levels: &mut [ExitLevels],
    ) {
        self.kernel()
            .terminal_block(start, out, counts, exits, levels);
    }

    fn terminal_masks(&self, start: usize, counts: &mut [u16; 64]) -> Option<TerminalMasks> {
        self.kernel().terminal_masks(start, counts)
    }

    fn predecessor_candidates(&self, index: usize, distinct: bool, out: &mut Vec<usize>) {
        self.kernel().predecessor_candidates(index, distinct, out);
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

    fn exit_levels(&self, index: usize) -> ExitLevels {
        self.kernel().exit_levels(index)
    }

    /// The most moves either side's men can make on an empty board: 8 for the king, and 27,
    /// 14, 13 and 8 for a queen, rook, bishop and knight (89 for three queens).
    fn move_bound(&self) -> usize {
        let most = |pieces: &[Piece]| {
            8 + pieces
                .iter()
                .map(|p| match p {
                    Piece::Queen => 27,
                    Piece::Rook => 14,
                    Piece::Bishop => 13,
                    Piece::Knight => 8,
                })
                .sum::<usize>()
        };
        most(&self.pieces).max(most(&self.black))
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
        let mut moves = Vec::new();
        self.moves_into(&pos, &mut moves);
        if !moves.is_empty() {
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
            } else if self.decisive_captures() {
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
