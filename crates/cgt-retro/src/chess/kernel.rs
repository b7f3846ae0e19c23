//! The retrograde engine's hot path for endgames against a lone king, on index fields.
//!
//! The engine asks an endgame for the classification, moves and un-moves of millions of
//! indices. The [`Position`](super::Position)-based rules in the parent module build a position,
//! compute whole attack sets and re-encode; here an index is split into its squares
//! ([`Squares`]), an attack on one square is tested in constant time with the
//! [`BETWEEN`] and [`LINE`] tables, and an un-move rewrites one square before the index is
//! packed again (canonicalised under the board symmetries for the reduced scheme).
//!
//! With a lone black king the rules simplify: White is never in check, so every white move and
//! every black un-move is legal as soon as its squares are free and the kings stay apart. A
//! black king's capture leaves bare king against king and one piece or fewer, a draw.
//!
//! The Position-based rules stay the reference: unit tests and the sweep `retro/kernel-vs-positions`
//! compare both on every index of the small tables and on samples of the large ones.

use super::{
    Endgame, KING, KING_SYMS, KNIGHT, Piece, Scheme, TRANSFORM, TRIANGLE, TRIANGLE_SLOT, attacks,
    square_colour, squares,
};
use crate::engine::{Successor, Terminal};

/// The squares of an index: side to move, kings and the white pieces (up to three).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Squares {
    pub(super) white_to_move: bool,
    pub(super) wk: u8,
    pub(super) bk: u8,
    pub(super) pieces: [u8; 3],
    /// The black piece's square, when the endgame has one.
    pub(super) black: u8,
}

/// `LINE[a][b]`: 1 when `a` and `b` share a rank or file, 2 when they share a diagonal, else 0.
static LINE: [[u8; 64]; 64] = line_tables().0;
/// `BETWEEN[a][b]`: the squares strictly between two squares on a common line (else empty).
static BETWEEN: [[u64; 64]; 64] = line_tables().1;

const fn line_tables() -> ([[u8; 64]; 64], [[u64; 64]; 64]) {
    const STEPS: [(i8, i8); 8] = [
        (0, 1),
        (1, 0),
        (0, -1),
        (-1, 0),
        (1, 1),
        (-1, 1),
        (1, -1),
        (-1, -1),
    ];
    let mut line = [[0u8; 64]; 64];
    let mut between = [[0u64; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < 8 {
            let (mut f, mut r) = ((from % 8) as i8, (from / 8) as i8);
            let mut passed = 0u64;
            loop {
                f += STEPS[d].0;
                r += STEPS[d].1;
                if f < 0 || f > 7 || r < 0 || r > 7 {
                    break;
                }
                let to = (r * 8 + f) as usize;
                line[from][to] = if d < 4 { 1 } else { 2 };
                between[from][to] = passed;
                passed |= 1 << to;
            }
            d += 1;
        }
        from += 1;
    }
    (line, between)
}

/// Whether `piece` on `from` attacks `target` with the given occupancy (the end squares'
/// occupancy does not matter).
#[inline]
fn hits(piece: Piece, from: u8, target: u8, occupied: u64) -> bool {
    let lines = match piece {
        Piece::Knight => return KNIGHT[from as usize] >> target & 1 != 0,
        Piece::Rook => 1,
        Piece::Bishop => 2,
        Piece::Queen => 3,
    };
    LINE[from as usize][target as usize] & lines != 0
        && BETWEEN[from as usize][target as usize] & occupied == 0
}

impl Endgame {
    /// Whether the fast rules of this module apply: no black piece.
    pub(super) fn has_kernel(&self) -> bool {
        self.black_piece.is_none()
    }

    /// Splits an index into its squares (not necessarily a legal or canonical position).
    pub(super) fn split(&self, index: usize) -> Squares {
        let per_side = self.per_side();
        let (white_to_move, mut rest) = if index < per_side {
            (true, index)
        } else {
            (false, index - per_side)
        };
        let k = self.pieces.len();
        let bk = (rest & 63) as u8;
        rest >>= 6;
        let mut black = 0;
        if self.black_piece.is_some() {
            black = (rest & 63) as u8;
            rest >>= 6;
        }
        let mut pieces = [0u8; 3];
        for j in (0..k).rev() {
            pieces[j] = (rest & 63) as u8;
            rest >>= 6;
        }
        let wk = match (self.fixed_king, self.scheme) {
            (Some(sq), _) => sq,
            (None, Scheme::Raw) => rest as u8,
            (None, Scheme::Reduced) => TRIANGLE[rest],
        };
        Squares {
            white_to_move,
            wk,
            bk,
            pieces,
            black,
        }
    }

    /// The index of the position given by its squares (for the reduced scheme, of its
    /// canonical image: the white king in the triangle, then the smallest black king and
    /// pieces, identical pieces in increasing order).
    pub(super) fn pack_squares(&self, s: &Squares) -> usize {
        let index = match (self.fixed_king, self.scheme) {
            (Some(_), _) => self.fields_under(&TRANSFORM[0], s, false),
            (None, Scheme::Raw) => {
                usize::from(s.wk) << (6 * self.fields())
                    | self.fields_under(&TRANSFORM[0], s, false)
            }
            (None, Scheme::Reduced) => {
                let (syms, count) = KING_SYMS[s.wk as usize];
                let mut best = self.fields_under(&TRANSFORM[syms[0] as usize], s, true);
                if count == 2 {
                    best = best.min(self.fields_under(&TRANSFORM[syms[1] as usize], s, true));
                }
                let slot = TRIANGLE_SLOT[TRANSFORM[syms[0] as usize][s.wk as usize] as usize];
                usize::from(slot) << (6 * self.fields()) | best
            }
        };
        self.with_side(index, s.white_to_move)
    }

    /// Base-64 fields below the king slot: white pieces, black piece, black king.
    fn fields(&self) -> usize {
        1 + self.pieces.len() + usize::from(self.black_piece.is_some())
    }

    /// The fields below the king slot after the square map `t` (identical pieces sorted when
    /// `sort`). The black king is the lowest field, so that its moves, the engine's most
    /// frequent backward step, stay within 64 neighbouring indices.
    #[inline(always)]
    fn fields_under(&self, t: &[u8; 64], s: &Squares, sort: bool) -> usize {
        let at = |sq: u8| usize::from(t[usize::from(sq & 63)]);
        let mut key = 0;
        match self.pieces.len() {
            0 => {}
            1 => key = at(s.pieces[0]),
            n => {
                let (mut a, mut b) = (at(s.pieces[0]), at(s.pieces[1]));
                if sort && self.identical_pair && a > b {
                    core::mem::swap(&mut a, &mut b);
                }
                key = a << 6 | b;
                if n == 3 {
                    key = key << 6 | at(s.pieces[2]);
                }
            }
        }
        if self.black_piece.is_some() {
            key = key << 6 | at(s.black);
        }
        key << 6 | at(s.bk)
    }

    fn occupancy_of(&self, s: &Squares) -> u64 {
        s.pieces[..self.pieces.len()]
            .iter()
            .fold(1u64 << s.wk | 1u64 << s.bk, |o, &sq| o | 1 << sq)
    }

    /// Whether a white piece (not the king) attacks `target`, skipping the piece on `skip`.
    fn pieces_hit(&self, s: &Squares, target: u8, occupied: u64, skip: u8) -> bool {
        self.pieces
            .iter()
            .zip(s.pieces)
            .any(|(&piece, sq)| sq != skip && hits(piece, sq, target, occupied))
    }

    /// The rules of [`Endgame::is_legal`] on squares.
    fn legal_squares(&self, s: &Squares) -> bool {
        let k = self.pieces.len();
        let occupied = self.occupancy_of(s);
        if occupied.count_ones() as usize != 2 + k || KING[s.wk as usize] >> s.bk & 1 != 0 {
            return false;
        }
        if self.opposite_bishops && square_colour(s.pieces[0]) == square_colour(s.pieces[1]) {
            return false;
        }
        // Black, with the king alone, never gives check.
        !s.white_to_move || !self.pieces_hit(s, s.bk, occupied, 64)
    }

    /// Calls `visit(to, capture)` for every legal black king move.
    fn black_moves(&self, s: &Squares, visit: impl FnMut((u8, bool))) {
        self.black_move_iter(s).for_each(visit);
    }

    /// The legal black king moves, lazily (so that a search for one stops at the first).
    fn black_move_iter<'a>(&'a self, s: &'a Squares) -> impl Iterator<Item = (u8, bool)> + 'a {
        let occupied = self.occupancy_of(s);
        let lifted = occupied & !(1u64 << s.bk);
        let own_pieces = occupied & !(1u64 << s.bk | 1u64 << s.wk);
        squares(KING[s.bk as usize] & !KING[s.wk as usize] & !(1u64 << s.wk)).filter_map(
            move |to| {
                let capture = own_pieces >> to & 1 != 0;
                // The captured piece no longer attacks; the lifted king no longer blocks.
                (!self.pieces_hit(s, to, lifted, if capture { to } else { 64 }))
                    .then_some((to, capture))
            },
        )
    }

    /// [`RetroGame::terminal`](crate::engine::RetroGame::terminal) on index fields.
    pub(super) fn kernel_terminal(&self, index: usize) -> Option<Terminal> {
        let s = self.split(index);
        // Under the raw index every position is stored at its own index.
        if !self.legal_squares(&s)
            || (self.scheme == Scheme::Reduced && self.pack_squares(&s) != index)
        {
            return None;
        }
        let occupied = self.occupancy_of(&s);
        if s.white_to_move {
            let king = if self.fixed_king.is_some() {
                0
            } else {
                KING[s.wk as usize] & !occupied & !KING[s.bk as usize]
            };
            let any = king != 0
                || self
                    .pieces
                    .iter()
                    .zip(s.pieces)
                    .any(|(&piece, sq)| attacks(piece, sq, occupied) & !occupied != 0);
            return Some(if any { Terminal::No } else { Terminal::Draw });
        }
        Some(if self.black_move_iter(&s).next().is_some() {
            Terminal::No
        } else if self.pieces_hit(&s, s.bk, occupied, 64) {
            Terminal::Loss
        } else {
            Terminal::Draw
        })
    }

    /// Whether the squares of `s` are already in the stored frame, so that moving the black
    /// king or one white piece only rewrites its field: always for the raw index; for the
    /// reduced index when the white king stands off the board's diagonals (one symmetry brings
    /// it into the triangle; for the decoded squares, the identity).
    fn plain_frame(&self, s: &Squares) -> bool {
        self.scheme == Scheme::Raw || self.fixed_king.is_some() || KING_SYMS[s.wk as usize].1 == 1
    }

    /// The index of `s` with the black king moved to `to` and the side to move flipped,
    /// given `s`'s own index.
    #[inline]
    fn black_king_moved(&self, s: &Squares, index: usize, plain: bool, to: u8) -> usize {
        if plain {
            flip_side(index, self.per_side) ^ usize::from(s.bk ^ to)
        } else {
            let mut next = *s;
            next.white_to_move = !s.white_to_move;
            next.bk = to;
            self.pack_squares(&next)
        }
    }

    /// The index of `s` with the white king moved to `to` and the side to move flipped.
    #[inline]
    fn white_king_moved(&self, s: &Squares, index: usize, to: u8) -> usize {
        if self.scheme == Scheme::Raw && self.fixed_king.is_none() {
            flip_side(index, self.per_side) ^ usize::from(s.wk ^ to) << (6 * self.fields())
        } else {
            // The reduced frame depends on the white king: re-canonicalise.
            let mut next = *s;
            next.white_to_move = !s.white_to_move;
            next.wk = to;
            self.pack_squares(&next)
        }
    }

    /// The index of `s` with white piece `j` moved to `to` and the side to move flipped.
    #[inline]
    fn piece_moved(&self, s: &Squares, index: usize, plain: bool, j: usize, to: u8) -> usize {
        let k = self.pieces.len();
        if plain && !(self.identical_pair && self.scheme == Scheme::Reduced) {
            let shift = 6 * (k - j + usize::from(self.black_piece.is_some()));
            flip_side(index, self.per_side) ^ usize::from(s.pieces[j] ^ to) << shift
        } else {
            let mut next = *s;
            next.white_to_move = !s.white_to_move;
            next.pieces[j] = to;
            self.pack_squares(&next)
        }
    }

    /// [`RetroGame::successors`](crate::engine::RetroGame::successors) on index fields.
    pub(super) fn kernel_successors(&self, index: usize, out: &mut Vec<Successor>) {
        let s = self.split(index);
        let plain = self.plain_frame(&s);
        let occupied = self.occupancy_of(&s);
        if !s.white_to_move {
            self.black_moves(&s, |(to, capture)| {
                out.push(if capture {
                    Successor::OutsideDraw
                } else {
                    Successor::Inside(self.black_king_moved(&s, index, plain, to))
                });
            });
            return;
        }
        if self.fixed_king.is_none() {
            for to in squares(KING[s.wk as usize] & !occupied & !KING[s.bk as usize]) {
                out.push(Successor::Inside(self.white_king_moved(&s, index, to)));
            }
        }
        for (j, &piece) in self.pieces.iter().enumerate() {
            for to in squares(attacks(piece, s.pieces[j], occupied) & !occupied) {
                out.push(Successor::Inside(self.piece_moved(&s, index, plain, j, to)));
            }
        }
    }

    /// [`RetroGame::loss_count`](crate::engine::RetroGame::loss_count): the distinct
    /// positions the side to move can reach, `u16::MAX` when Black can capture (a draw).
    pub(super) fn kernel_loss_count(&self, index: usize) -> u16 {
        let s = self.split(index);
        let plain = self.plain_frame(&s);
        if s.white_to_move || !plain {
            // White's moves, or a reduced frame where two moves may reach one index: list
            // and deduplicate (at most a few dozen indices, on the stack).
            let mut out = Vec::new();
            self.kernel_successors(index, &mut out);
            if out.contains(&Successor::OutsideDraw) {
                return u16::MAX;
            }
            let mut seen: Vec<usize> = out
                .iter()
                .filter_map(|m| match *m {
                    Successor::Inside(j) => Some(j),
                    _ => None,
                })
                .collect();
            seen.sort_unstable();
            seen.dedup();
            return seen.len() as u16;
        }
        // In a plain frame each black king move rewrites the king's field: all distinct.
        let (mut count, mut capture) = (0u16, false);
        self.black_moves(&s, |(_, c)| {
            count += 1;
            capture |= c;
        });
        if capture { u16::MAX } else { count }
    }

    /// Squares on which a blocker must stand so that no white piece attacks the black king,
    /// with the occupancy `occupied` (every square when none attacks; empty when two attack
    /// along different lines or a knight does).
    fn blocking_squares(&self, s: &Squares, occupied: u64, skip: usize) -> u64 {
        let mut allowed = !0u64;
        for (i, &piece) in self.pieces.iter().enumerate() {
            let at = s.pieces[i];
            if i != skip && hits(piece, at, s.bk, occupied) {
                allowed &= BETWEEN[at as usize][s.bk as usize];
            }
        }
        allowed
    }

    /// [`RetroGame::predecessors`](crate::engine::RetroGame::predecessors) on index fields.
    pub(super) fn kernel_predecessors(&self, index: usize, out: &mut Vec<usize>) {
        let s = self.split(index);
        let plain = self.plain_frame(&s);
        let occupied = self.occupancy_of(&s);
        if s.white_to_move {
            // Black's king came from a free square next to it, away from the white king; the
            // earlier position, Black to move, is legal (White is never in check).
            for from in squares(KING[s.bk as usize] & !occupied & !KING[s.wk as usize]) {
                out.push(self.black_king_moved(&s, index, plain, from));
            }
            return;
        }
        // White moved; the earlier position must not have Black in check. Computed as masks:
        // a piece that attacks the black king once the mover is lifted must be blocked by the
        // mover's earlier square, and the mover must not attack the king from there.
        if self.fixed_king.is_none() {
            let lifted = occupied & !(1u64 << s.wk);
            let from_set = KING[s.wk as usize]
                & !occupied
                & !KING[s.bk as usize]
                & self.blocking_squares(&s, lifted, usize::MAX);
            for from in squares(from_set) {
                out.push(self.white_king_moved(&s, index, from));
            }
        }
        for (j, &piece) in self.pieces.iter().enumerate() {
            let at = s.pieces[j];
            let lifted = occupied & !(1u64 << at);
            let from_set = attacks(piece, at, occupied)
                & !occupied
                & !attacks(piece, s.bk, lifted)
                & self.blocking_squares(&s, lifted, j);
            for from in squares(from_set) {
                out.push(self.piece_moved(&s, index, plain, j, from));
            }
        }
    }
}

/// The same squares with the other side to move.
#[inline]
fn flip_side(index: usize, per_side: usize) -> usize {
    if index < per_side {
        index + per_side
    } else {
        index - per_side
    }
}

#[cfg(any(test, feature = "verify"))]
impl Endgame {
    /// Compares the index-level rules with the Position-based ones at `index`: the same
    /// classification, and the same successors and predecessors as multisets. `None` when
    /// they agree (or the endgame has a black piece, where only the latter exist).
    #[must_use]
    pub(crate) fn kernel_disagreement(&self, index: usize) -> Option<String> {
        if !self.has_kernel() {
            return None;
        }
        let terminal = self.kernel_terminal(index);
        let reference = self.position_terminal(index);
        if terminal != reference {
            return Some(format!(
                "{} index {index}: classified {terminal:?}, the rules say {reference:?}",
                self.name()
            ));
        }
        // Illegal indices have no moves to compare.
        terminal?;
        let key = |s: &Successor| match *s {
            Successor::Inside(j) => (0, j),
            Successor::OutsideDraw => (1, 0),
            Successor::Outside(_) => (2, 0),
        };
        let (mut a, mut b) = (Vec::new(), Vec::new());
        self.kernel_successors(index, &mut a);
        self.position_successors(index, &mut b);
        a.sort_unstable_by_key(key);
        b.sort_unstable_by_key(key);
        if a != b {
            return Some(format!(
                "{} {}: moves reach {a:?}, the rules say {b:?}",
                self.name(),
                self.decode(index).fen()
            ));
        }
        let (mut p, mut q) = (Vec::new(), Vec::new());
        self.kernel_predecessors(index, &mut p);
        self.position_predecessors(index, &mut q);
        p.sort_unstable();
        q.sort_unstable();
        if p != q {
            return Some(format!(
                "{} {}: un-moves reach {p:?}, the rules say {q:?}",
                self.name(),
                self.decode(index).fen()
            ));
        }
        let mut inside: Vec<usize> = a
            .iter()
            .filter_map(|s| match *s {
                Successor::Inside(j) => Some(j),
                _ => None,
            })
            .collect();
        inside.dedup();
        let count = if a.contains(&Successor::OutsideDraw) {
            u16::MAX
        } else {
            inside.len() as u16
        };
        let fast = self.kernel_loss_count(index);
        (fast != count).then(|| {
            format!(
                "{} {}: {fast} moves to count down, the rules say {count}",
                self.name(),
                self.decode(index).fen()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Endgame, NAMES, Scheme};

    #[test]
    fn kernel_matches_the_position_rules() {
        for name in NAMES.iter().filter(|n| **n != "kqkr") {
            for scheme in [Scheme::Reduced, Scheme::Raw] {
                let endgame = Endgame::parse(name, scheme, None).unwrap();
                let step = (endgame.index_count() / 40_000).max(1) | 1;
                for index in (0..endgame.index_count()).step_by(step) {
                    assert_eq!(endgame.kernel_disagreement(index), None);
                }
            }
        }
        let fixed = Endgame::parse("kqk-fixed", Scheme::Raw, Some(0)).unwrap();
        for index in 0..fixed.index_count() {
            assert_eq!(fixed.kernel_disagreement(index), None);
        }
    }
}
