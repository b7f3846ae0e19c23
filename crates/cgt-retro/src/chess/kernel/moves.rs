use super::Kernel;
use super::{Frame, Mirror, NO_SQUARE, Squares, flip_side, hits};
use crate::chess::Scheme;
use crate::chess::geometry::{KING, KING_SYMS, TRANSFORM, TRIANGLE_SLOT};
use crate::engine::{MoveSummary, Successor};
use cgt_core::Verdict;

impl Kernel<'_> {
    /// How the moves of the position `s` reach their indices, worked out once per position.
    pub(super) fn frame(self, s: &Squares) -> Frame {
        let plain = self.plain_frame(s);
        // Off the plain frame, a reduced index without identical pieces has its white king on
        // the long diagonal: the identity and the mirror in that diagonal both keep the king
        // in the triangle.
        let mirror = (!plain
            && self.game.scheme == Scheme::Reduced
            && self.game.fixed_king.is_none()
            && !self.game.identical_pieces())
        .then(|| {
            let (syms, count) = KING_SYMS[s.wk as usize];
            debug_assert!(count == 2 && syms[0] == 0);
            let map = &TRANSFORM[syms[1] as usize];
            Mirror {
                map,
                fields: self.fields_under(map, s),
            }
        });
        Frame { plain, mirror }
    }

    /// The field of the index holding the square of `mover` of White (`white`: 0 the king,
    /// `1 + j` piece `j`) or of Black (0 the king, 1 the piece), numbered as
    /// [`Move::mover`](super::Move::mover): its square and its shift. `None` for the white
    /// king under the reduced index or the fixed king (its square picks the frame).
    #[inline]
    pub(super) fn mover_field(
        self,
        s: &Squares,
        (white, mover): (bool, usize),
    ) -> Option<(u8, usize)> {
        // A run's pieces share one field that no move rewrites.
        let field = |sq: u8, shift: u8| (shift != u8::MAX).then_some((sq, usize::from(shift)));
        match (white, mover) {
            (true, 0) if self.game.scheme == Scheme::Raw && self.game.fixed_king.is_none() => {
                Some((s.wk, 6 * self.fields()))
            }
            (true, 0) => None,
            (true, j) => field(s.pieces[j - 1], self.game.shifts[0][j - 1]),
            (false, 0) => Some((s.bk, 0)),
            (false, j) => field(s.black[j - 1], self.game.shifts[1][j - 1]),
        }
    }

    /// The field a move of `mover` rewrites when the stored frame allows it (see
    /// [`Endgame::mover_field`]); `None` when the index must be worked out again. Moves that
    /// rewrite a field reach distinct indices: each changes one field of the same index to
    /// its own value.
    #[inline]
    pub(super) fn rewritten_field(
        self,
        s: &Squares,
        plain: bool,
        who: (bool, usize),
    ) -> Option<(u8, usize)> {
        let white_king = who == (true, 0);
        let sorted_pair =
            self.game.scheme == Scheme::Reduced && self.game.in_identical_run(who.0, who.1);
        if white_king || (plain && !sorted_pair) {
            self.mover_field(s, who)
        } else {
            None
        }
    }

    /// The index of `s` (whose own index is `index`) with one piece moved to `to` and the other
    /// side to move; the piece as in [`Endgame::mover_field`].
    #[inline]
    pub(super) fn moved(
        self,
        s: &Squares,
        index: usize,
        frame: &Frame,
        who: (bool, usize),
        to: u8,
    ) -> usize {
        if let Some((from, shift)) = self.rewritten_field(s, frame.plain, who) {
            return flip_side(index, self.game.per_side) ^ usize::from(from ^ to) << shift;
        }
        self.moved_again(s, index, frame, who, to)
    }

    /// [`Endgame::moved`] for a move that does not just rewrite a field. A white king moving
    /// within the triangle's squares off the diagonal changes only its slot. With the white
    /// king on the long diagonal, a move of another piece rewrites its field in the index and
    /// in the mirror's fields, and the lesser is the canonical one. Otherwise the squares are
    /// packed again.
    #[inline]
    pub(super) fn moved_again(
        self,
        s: &Squares,
        index: usize,
        frame: &Frame,
        who: (bool, usize),
        to: u8,
    ) -> usize {
        let (syms, count) = KING_SYMS[usize::from(to)];
        if who == (true, 0)
            && frame.plain
            && count == 1
            && syms[0] == 0
            && self.game.fixed_king.is_none()
        {
            // The white king stays in the triangle off the diagonal: the frame is still the
            // identity, and only its slot changes.
            let span = self.game.span;
            let rest = index % self.game.per_side;
            let slot = usize::from(TRIANGLE_SLOT[usize::from(to)]);
            return self
                .game
                .with_side(rest % span + slot * span, !s.white_to_move);
        }
        if let (Some(m), false) = (frame.mirror, who == (true, 0))
            && let Some((from, shift)) = self.mover_field(s, who)
        {
            // No run here: the fields below the king's slot are base 64.
            let low = self.game.span - 1;
            let rest = index % self.game.per_side;
            let own = (rest & low) ^ usize::from(from ^ to) << shift;
            let mirrored =
                m.fields ^ usize::from(m.map[usize::from(from)] ^ m.map[usize::from(to)]) << shift;
            return self
                .game
                .with_side(rest & !low | own.min(mirrored), !s.white_to_move);
        }
        self.repacked(s, who, to)
    }

    /// [`Endgame::moved`] through the squares: re-canonicalised, since the reduced frame
    /// depends on the white king and identical pieces are stored in order.
    pub(super) fn repacked(self, s: &Squares, (white, mover): (bool, usize), to: u8) -> usize {
        let mut next = *s;
        next.white_to_move = !s.white_to_move;
        match (white, mover) {
            (true, 0) => next.wk = to,
            (true, j) => next.pieces[j - 1] = to,
            (false, 0) => next.bk = to,
            (false, j) => next.black[j - 1] = to,
        }
        self.pack_squares(&next)
    }

    /// [`RetroShortcuts::move_summary`](crate::engine::RetroShortcuts::move_summary) on index fields:
    /// the moves are visited once, without listing them. Moves that rewrite a field are
    /// distinct and only counted; the others ([`Endgame::moved_again`]) are compared with every
    /// index reached (two moves can reach one canonical index when a symmetry maps one result
    /// onto the other). Captures are probed in the endgame's capture tables.
    pub(in crate::chess) fn move_summary(self, index: usize) -> MoveSummary {
        let s = self.split(index);
        let frame = self.frame(&s);
        let per_side = self.game.per_side;
        // The packed moves, and the field-rewriting ones once a move was packed (before, they
        // need no index: they are distinct, and moves visit the king first, whose moves are
        // the ones packed in a plain frame). A side has at most 8 king moves and 27 per piece
        // (89 with three queens).
        let mut rewritten = [0usize; 96];
        let mut packed = [0usize; 96];
        let (mut early, mut r, mut p) = (0usize, 0usize, 0usize);
        let mut win_at: Option<u32> = None;
        let mut check_at: Option<u32> = None;
        let mut blocked = false;
        let decisive = self.game.decisive_captures();
        self.visit_moves(&s, |mover, _, to, capture| {
            let who = (s.white_to_move, mover);
            if capture {
                if !decisive {
                    // A lone minor piece or bare kings: drawn, and nothing else matters.
                    blocked = true;
                    return true;
                }
                match self.capture_probe(&s, mover, to) {
                    Verdict::Draw => blocked = true,
                    Verdict::Loss(k) => win_at = Some(win_at.map_or(k + 1, |w| w.min(k + 1))),
                    Verdict::Win(k) => check_at = Some(check_at.map_or(k, |c| c.max(k))),
                }
            } else if let Some((from, shift)) = self.rewritten_field(&s, frame.plain, who) {
                if p == 0 {
                    early += 1;
                } else {
                    rewritten[r] = flip_side(index, per_side) ^ usize::from(from ^ to) << shift;
                    r += 1;
                }
            } else {
                packed[p] = self.moved_again(&s, index, &frame, who, to);
                p += 1;
            }
            false
        });
        if blocked || win_at.is_some() {
            return MoveSummary {
                count: u16::MAX,
                win_at,
                check_at,
            };
        }
        if early > 0 && p > 0 {
            // Not met with the order of the moves; exact all the same.
            let mut moves = Vec::new();
            self.successors(index, &mut moves);
            return MoveSummary::of(&moves, &mut Vec::new());
        }
        let (rewritten, packed) = (&rewritten[..r], &packed[..p]);
        let repeats = (0..p)
            .filter(|&k| packed[..k].contains(&packed[k]) || rewritten.contains(&packed[k]))
            .count();
        let distinct = early + r + p - repeats;
        MoveSummary {
            count: (distinct as u16 + u16::from(check_at.is_some())).min(u16::MAX - 1),
            win_at,
            check_at,
        }
    }

    /// [`RetroGame::successors`](crate::engine::RetroGame::successors) on index fields.
    pub(in crate::chess) fn successors(self, index: usize, out: &mut Vec<Successor>) {
        let s = self.split(index);
        let frame = self.frame(&s);
        self.visit_moves(&s, |mover, _, to, capture| {
            out.push(if !capture {
                Successor::Inside(self.moved(&s, index, &frame, (s.white_to_move, mover), to))
            } else if !self.game.decisive_captures() {
                // King against king and a minor piece, or bare kings: drawn.
                Successor::OutsideDraw
            } else {
                Successor::Outside(self.capture_probe(&s, mover, to))
            });
            false
        });
    }

    /// The verdict after a capture (by `mover` of the side to move, on `to`), probed in the
    /// smaller endgame's table: for one piece a side read off the one-piece tables'
    /// placement arrays (colours swapped and the board flipped when Black keeps its piece, so
    /// that the lone king is Black, to move); otherwise through the position after the
    /// capture, as [`Endgame::capture_verdict`].
    pub(super) fn capture_probe(self, s: &Squares, mover: usize, to: u8) -> Verdict {
        let captures = self.game.captures();
        match (&captures.white, &captures.black) {
            (Some(white), _) if s.white_to_move => {
                let (wk, sq) = if mover == 0 {
                    (to, s.pieces[0])
                } else {
                    (s.wk, to)
                };
                white.probe(wk, sq, s.bk)
            }
            (_, Some(black)) if !s.white_to_move => {
                let (bk, sq) = if mover == 0 {
                    (to, s.black[0])
                } else {
                    (s.bk, to)
                };
                black.probe(bk ^ 56, sq ^ 56, s.wk ^ 56)
            }
            _ => captures.probe_squares(self.game, s, mover, to),
        }
    }

    /// [`RetroShortcuts::may_exit`](crate::engine::RetroShortcuts::may_exit): whether the side to move
    /// attacks a piece it could capture (a superset of the positions with a capture: pins and
    /// defended pieces are not looked at). Always `true` when no capture can leave a
    /// decided position.
    pub(in crate::chess) fn may_capture(self, index: usize) -> bool {
        if !self.game.decisive_captures() {
            return true;
        }
        let s = self.split(index);
        let occupied = self.occupancy_of(&s);
        if s.white_to_move {
            s.black[..self.game.black.len()].iter().any(|&sq| {
                KING[s.wk as usize] >> sq & 1 != 0 || self.pieces_hit(&s, sq, occupied, NO_SQUARE)
            })
        } else {
            s.pieces[..self.game.pieces.len()].iter().any(|&sq| {
                KING[s.bk as usize] >> sq & 1 != 0 || self.black_hits(&s, sq, occupied, NO_SQUARE)
            })
        }
    }

    /// [`RetroShortcuts::exit_levels`](crate::engine::RetroShortcuts::exit_levels): the captures
    /// alone, probed in the smaller tables. With one black piece, White takes it with its
    /// king (when Black's king does not guard it) or with a piece that hits it (nothing can
    /// pin a white piece once the black piece is gone); Black takes a white piece with its
    /// king (when no other white piece or the white king guards it, the black king lifted) or
    /// with its piece (when no white piece then hits the black king). Otherwise the legal
    /// captures are found among the moves. `None` when no capture can leave a decided
    /// position.
    pub(in crate::chess) fn exit_levels(self, index: usize) -> Option<(Option<u32>, Option<u32>)> {
        if !self.game.decisive_captures() {
            return None;
        }
        let s = self.split(index);
        let occupied = self.occupancy_of(&s);
        let (mut win_at, mut check_at) = (None::<u32>, None::<u32>);
        let mut take = |mover: usize, to: u8| match self.capture_probe(&s, mover, to) {
            Verdict::Loss(k) => win_at = Some(win_at.map_or(k + 1, |w| w.min(k + 1))),
            Verdict::Win(k) => check_at = Some(check_at.map_or(k, |c| c.max(k))),
            Verdict::Draw => {}
        };
        if self.game.black.len() != 1 {
            self.visit_moves(&s, |mover, _, to, capture| {
                if capture {
                    take(mover, to);
                }
                false
            });
        } else if s.white_to_move {
            let target = s.black[0];
            if KING[s.wk as usize] >> target & 1 != 0 && KING[s.bk as usize] >> target & 1 == 0 {
                take(0, target);
            }
            for (j, &piece) in self.game.pieces.iter().enumerate() {
                if hits(piece, s.pieces[j], target, occupied) {
                    take(1 + j, target);
                }
            }
        } else {
            let lifted = occupied & !(1u64 << s.bk);
            for &target in &s.pieces[..self.game.pieces.len()] {
                if KING[s.bk as usize] >> target & 1 != 0
                    && KING[s.wk as usize] >> target & 1 == 0
                    && !self.pieces_hit(&s, target, lifted, target)
                {
                    take(0, target);
                }
                if self.black_hits(&s, target, occupied, NO_SQUARE) {
                    let after = occupied & !(1u64 << s.black[0]);
                    if !self.pieces_hit(&s, s.bk, after, target) {
                        take(1, target);
                    }
                }
            }
        }
        Some((win_at, check_at))
    }
}
