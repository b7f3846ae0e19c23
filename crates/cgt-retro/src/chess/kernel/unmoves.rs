use super::Kernel;
use super::{Squares, fixed_together, flip_side, hits};
use crate::chess::geometry::{
    BETWEEN, KING, KING_STEPS, KING_SYMS, TRANSFORM, TRIANGLE_SLOT, attacks, map_mask, squares,
    step_mask,
};
use crate::chess::{Piece, Scheme};

impl Kernel<'_> {
    /// Squares on which a blocker must stand so that no white piece attacks the black king,
    /// with the occupancy `occupied` (every square when none attacks; empty when two attack
    /// along different lines or a knight does).
    pub(super) fn blocking_squares(self, s: &Squares, occupied: u64, skip: usize) -> u64 {
        blocking(&self.game.pieces, &s.pieces, s.bk, occupied, skip)
    }

    /// Squares on which a blocker must stand so that no black piece attacks the white king
    /// (as [`Kernel::blocking_squares`] for the other side).
    pub(super) fn black_blocking_squares(self, s: &Squares, occupied: u64, skip: usize) -> u64 {
        blocking(&self.game.black, &s.black, s.wk, occupied, skip)
    }

    /// [`RetroGame::predecessors`](crate::engine::RetroGame::predecessors) on index fields;
    /// `true` when the indices appended are known to be distinct (each un-move rewrote its own
    /// field). Without `legal`, the un-moves are only those of the pieces' geometry onto empty
    /// squares: the earlier positions' legality (kings apart, the side not to move out of
    /// check) is left to the caller, as
    /// [`RetroShortcuts::predecessor_candidates`](crate::engine::RetroShortcuts::predecessor_candidates)
    /// allows. Any move onto the current squares from a legal earlier position is legal:
    /// the current position is, and a quiet move changes nothing else.
    /// Captures leave the table, so every predecessor is a quiet move of the side not to move;
    /// the earlier position must not have the side to move in check. Computed as masks: a
    /// piece that attacks the king once the mover is lifted must be blocked by the mover's
    /// earlier square, and the mover must not attack the king from there.
    pub(in crate::chess) fn predecessors(
        self,
        index: usize,
        out: &mut Vec<usize>,
        legal: bool,
    ) -> bool {
        let s = self.split(index);
        let frame = self.frame(&s);
        let occupied = self.occupancy_of(&s);
        if s.white_to_move {
            // Black moved: its king, or a piece.
            let lifted = occupied & !(1u64 << s.bk);
            let guard = if legal {
                self.black_blocking_squares(&s, lifted, usize::MAX)
            } else {
                !0
            };
            let near = if legal { KING[s.wk as usize] } else { 0 };
            for from in squares(KING[s.bk as usize] & !occupied & !near & guard) {
                out.push(self.moved(&s, index, &frame, (false, 0), from));
            }
            for (j, &piece) in self.game.black.iter().enumerate() {
                let at = s.black[j];
                let lifted = occupied & !(1u64 << at);
                let mut from_set = attacks(piece, at, occupied) & !occupied;
                if legal {
                    from_set &=
                        !attacks(piece, s.wk, lifted) & self.black_blocking_squares(&s, lifted, j);
                }
                for from in squares(from_set) {
                    out.push(self.moved(&s, index, &frame, (false, 1 + j), from));
                }
            }
            // In the plain frame each un-move rewrote its own field (identical pieces are
            // packed again).
            return frame.plain
                && !(self.game.scheme == Scheme::Reduced && self.game.identical_run(false));
        }
        // White moved: its king, or a piece. The un-moves reach distinct indices when each
        // rewrote its own field.
        let mut distinct = frame.plain;
        if self.game.fixed_king.is_none() {
            let lifted = occupied & !(1u64 << s.wk);
            let mut from_set = KING[s.wk as usize] & !occupied;
            if legal {
                from_set &= !KING[s.bk as usize] & self.blocking_squares(&s, lifted, usize::MAX);
            }
            distinct &= self.game.scheme == Scheme::Raw || from_set == 0;
            for from in squares(from_set) {
                out.push(self.moved(&s, index, &frame, (true, 0), from));
            }
        }
        distinct &= !(self.game.identical_run(true) && self.game.scheme == Scheme::Reduced);
        for (j, &piece) in self.game.pieces.iter().enumerate() {
            let at = s.pieces[j];
            let lifted = occupied & !(1u64 << at);
            let mut from_set = attacks(piece, at, occupied) & !occupied;
            if legal {
                from_set &= !attacks(piece, s.bk, lifted) & self.blocking_squares(&s, lifted, j);
            }
            for from in squares(from_set) {
                out.push(self.moved(&s, index, &frame, (true, 1 + j), from));
            }
        }
        distinct
    }
}

impl Kernel<'_> {
    /// [`RetroShortcuts::predecessor_candidates`](crate::engine::RetroShortcuts::predecessor_candidates)
    /// on index fields: the un-moves without legality tests, sorted and deduplicated when
    /// `distinct` unless each rewrote its own field.
    pub(in crate::chess) fn predecessor_candidates(
        self,
        index: usize,
        distinct: bool,
        out: &mut Vec<usize>,
    ) {
        out.clear();
        if !self.predecessors(index, out, false) && distinct {
            out.sort_unstable();
            out.dedup();
        }
    }

    /// [`RetroShortcuts::block_predecessor_candidates`](crate::engine::RetroShortcuts::block_predecessor_candidates)
    /// on index fields. The black king is the lowest digit, so the 64 positions of a block
    /// differ only in its square, and an un-move of any other piece takes the positions of
    /// `mask` to one block: the squares the black king blocks or stands on are taken out of
    /// the mask, and the block is canonicalised once (the mask's squares mapped by the same
    /// symmetry). The black king's un-moves shift the mask. The legality of the earlier
    /// positions is left to the engine, as for
    /// [`Endgame::kernel_predecessors`] without `legal`.
    ///
    /// With `distinct`, one pair per move: the un-moves of Black when no reflection keeps the
    /// white men in place (then two un-moves of one position reach two different indices, see
    /// [`Endgame::white_fixed`]), and the un-moves of White with at most one black piece for
    /// the black-king squares where no reflection keeps the black men in place (two un-moves
    /// of one position reaching one earlier index would be images of each other under a
    /// symmetry fixing every man that did not move); the other squares' predecessors are
    /// listed one position at a time. `false` when the block cannot be turned so.
    pub(in crate::chess) fn block_predecessors(
        self,
        block: usize,
        mask: u64,
        distinct: bool,
        out: &mut Vec<(usize, u64)>,
    ) -> bool {
        let s = self.split(block * 64);
        let plain = self.plain_frame(&s);
        let mut mask = mask;
        if distinct {
            if s.white_to_move {
                if self.white_fixed(&s) {
                    return false;
                }
            } else {
                let black = match self.game.black.len() {
                    0 => None,
                    1 => Some(s.black[0]),
                    _ => return false,
                };
                let symmetric = squares(mask)
                    .filter(|&bk| fixed_together(bk, black.unwrap_or(bk)))
                    .fold(0u64, |m, bk| m | 1u64 << bk);
                if symmetric != 0 {
                    let mut preds = Vec::new();
                    for bk in squares(symmetric) {
                        self.predecessor_candidates(block * 64 + usize::from(bk), true, &mut preds);
                        out.extend(preds.iter().map(|&q| (q / 64, 1u64 << (q % 64))));
                    }
                    mask &= !symmetric;
                    if mask == 0 {
                        return true;
                    }
                }
            }
        }
        // In the plain frame a move of any piece but the white king rewrites its own field,
        // which for the blocks is above the black king's.
        let flipped = flip_side(block * 64, self.game.per_side);
        let push =
            |e: &Squares, who: (bool, usize), to: u8, m: u64, out: &mut Vec<(usize, u64)>| {
                match self.rewritten_field(&s, plain, who) {
                    Some((from, shift)) => {
                        out.push(((flipped ^ usize::from(from ^ to) << shift) / 64, m));
                    }
                    None => self.push_canonical(e, m, distinct, out),
                }
            };
        // The pieces' squares without the black king's.
        let white = self.white_pieces(&s);
        let others = white | 1u64 << s.wk | self.black_square(&s);
        let mut earlier = s;
        earlier.white_to_move = !s.white_to_move;
        if s.white_to_move {
            // Black moved: its king, from a neighbouring empty square.
            let king = |m: u64, out: &mut Vec<(usize, u64)>| {
                if plain {
                    out.push((flipped / 64, m));
                } else {
                    self.push_canonical(&earlier, m, distinct, out);
                }
            };
            if distinct {
                for step in KING_STEPS {
                    let m = step_mask(mask, step) & !others;
                    if m != 0 {
                        king(m, out);
                    }
                }
            } else {
                let m = KING_STEPS
                    .iter()
                    .fold(0, |m, &step| m | step_mask(mask, step))
                    & !others;
                if m != 0 {
                    king(m, out);
                }
            }
            for (j, &piece) in self.game.black.iter().enumerate() {
                let from = s.black[j];
                for f in squares(attacks(piece, from, others) & !others) {
                    let m = mask & !(BETWEEN[from as usize][f as usize] | 1u64 << f);
                    if m != 0 {
                        let mut e = earlier;
                        e.black[j] = f;
                        push(&e, (false, 1 + j), f, m, out);
                    }
                }
            }
            return true;
        }
        // White moved: its king (beside no black king square), or a piece.
        if self.game.fixed_king.is_none() {
            for f in squares(KING[s.wk as usize] & !others) {
                let m = mask & !(1u64 << f) & !KING[f as usize];
                if m != 0 {
                    let mut e = earlier;
                    e.wk = f;
                    self.push_canonical(&e, m, distinct, out);
                }
            }
        }
        for (j, &piece) in self.game.pieces.iter().enumerate() {
            let at = s.pieces[j];
            for f in squares(attacks(piece, at, others) & !others) {
                let m = mask & !(BETWEEN[at as usize][f as usize] | 1u64 << f);
                if m != 0 {
                    let mut e = earlier;
                    e.pieces[j] = f;
                    push(&e, (true, 1 + j), f, m, out);
                }
            }
        }
        true
    }

    /// Appends the canonical block and mask of the positions `s` with the black king on each
    /// square of `mask` (`s.bk` is ignored). Under the reduced index the images are those of
    /// the symmetries that bring the white king into the triangle: with one, its block and the
    /// mapped mask; with two, the lesser higher fields win for every black-king square, and
    /// when they are equal each square keeps the lesser of its two images. Two squares of
    /// `mask` may then have one image: with `distinct` each square gets a pair of its own, so
    /// that a position keeps one pair per position of `mask` it leads to.
    pub(super) fn push_canonical(
        self,
        s: &Squares,
        mask: u64,
        distinct: bool,
        out: &mut Vec<(usize, u64)>,
    ) {
        if self.game.fixed_king.is_some() || self.game.scheme == Scheme::Raw {
            out.push((self.pack_squares(s) / 64, mask));
            return;
        }
        let (syms, count) = KING_SYMS[s.wk as usize];
        let t0 = &TRANSFORM[syms[0] as usize];
        let slot = usize::from(TRIANGLE_SLOT[t0[s.wk as usize] as usize]);
        let block_of = |high: usize| {
            self.game
                .with_side(slot * self.game.span + (high << 6), s.white_to_move)
                / 64
        };
        let h0 = self.fields_under(t0, s) >> 6;
        if count == 1 {
            out.push((block_of(h0), map_mask(mask, t0, syms[0] == 0)));
            return;
        }
        let t1 = &TRANSFORM[syms[1] as usize];
        let h1 = self.fields_under(t1, s) >> 6;
        match h0.cmp(&h1) {
            core::cmp::Ordering::Less => out.push((block_of(h0), map_mask(mask, t0, syms[0] == 0))),
            core::cmp::Ordering::Greater => out.push((block_of(h1), map_mask(mask, t1, false))),
            core::cmp::Ordering::Equal => {
                let image = |b: u8| 1u64 << t0[b as usize].min(t1[b as usize]);
                if distinct {
                    out.extend(squares(mask).map(|b| (block_of(h0), image(b))));
                } else {
                    out.push((block_of(h0), squares(mask).fold(0u64, |m, b| m | image(b))));
                }
            }
        }
    }
}

/// Squares on which a blocker must stand so that none of the pieces `kinds` on `squares`
/// (but the one numbered `skip`) attacks `king` with the occupancy `occupied`.
fn blocking(kinds: &[Piece], squares: &[u8], king: u8, occupied: u64, skip: usize) -> u64 {
    let mut allowed = !0u64;
    for (i, (&piece, &at)) in kinds.iter().zip(squares).enumerate() {
        if i != skip && hits(piece, at, king, occupied) {
            allowed &= BETWEEN[at as usize][king as usize];
        }
    }
    allowed
}
