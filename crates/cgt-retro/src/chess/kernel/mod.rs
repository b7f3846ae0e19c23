//! The retrograde engine's hot path for every endgame, on index fields.
//!
//! The engine asks an endgame for the classification, moves and un-moves of millions of
//! indices. The [`Position`](super::Position)-based rules in the parent module build a position,
//! compute whole attack sets and re-encode; here an index is split into its squares
//! ([`Squares`]), an attack on one square is tested in constant time with the
//! [`BETWEEN`] and [`LINE`] tables, and a move or un-move rewrites one base-64 digit of the
//! index when the stored frame allows it (otherwise the squares are packed again,
//! canonicalised under the board symmetries for the reduced scheme).
//!
//! Legality is decided per move without playing it: a move must not leave the mover's king
//! attacked (only the black piece can attack the white king; only white pieces the black
//! king), and an un-move must not leave the side to move in check in the earlier position,
//! computed as masks of allowed squares. Against a lone king White is never in check, and a
//! black king's capture leaves material that cannot mate (a draw); in two-sided endgames a
//! capture is probed in the one-piece tables.
//!
//! The Position-based rules stay the reference: unit tests and the sweep
//! `retro/kernel-vs-positions` compare both on every index of the small tables and on samples
//! of the large ones.

mod classify;
mod moves;
pub(in crate::chess) mod probes;
pub(in crate::chess) mod runs;
mod unmoves;

use runs::{Run, choose, set_number, set_squares};

use crate::chess::geometry::{
    BETWEEN, KING, KING_SYMS, KNIGHT, LINE, TRANSFORM, TRIANGLE, TRIANGLE_SLOT, attacks,
    on_anti_diagonal, on_diagonal, square_colour, squares,
};
use crate::chess::{Endgame, Piece, Scheme};

/// The index-level rules of one endgame: what the engine asks millions of times, answered on
/// the fields of an index. Two words (the endgame and its capture tables), passed by value.
#[derive(Clone, Copy, Debug)]
pub(in crate::chess) struct Kernel<'e> {
    game: &'e Endgame,
}

impl Endgame {
    /// Whether one side (White when `white`) has two identical pieces (adjacent in its list).
    pub(in crate::chess) fn identical_run(&self, white: bool) -> bool {
        let side = if white { &self.pieces } else { &self.black };
        side.windows(2).any(|w| w[0] == w[1])
    }

    /// Whether either side has two identical pieces.
    pub(in crate::chess) fn identical_pieces(&self) -> bool {
        self.identical_run(true) || self.identical_run(false)
    }

    /// Whether piece `mover` (`1 + j`; 0 is the king) of one side is one of two or more
    /// identical pieces (its field is then sorted with theirs).
    pub(in crate::chess) fn in_identical_run(&self, white: bool, mover: usize) -> bool {
        let side = if white { &self.pieces } else { &self.black };
        let at = |k: Option<usize>| k.and_then(|k| side.get(k));
        mover > 0
            && (at(mover.checked_sub(2)) == side.get(mover - 1)
                || side.get(mover) == side.get(mover - 1))
    }

    /// The position of an index's squares.
    pub(in crate::chess) fn position_of(&self, s: &Squares) -> super::Position {
        super::Position {
            wk: s.wk,
            bk: s.bk,
            pieces: self.pieces.iter().copied().zip(s.pieces).collect(),
            black: self.black.iter().copied().zip(s.black).collect(),
            white_to_move: s.white_to_move,
        }
    }

    /// The endgame's index-level rules.
    #[inline]
    pub(in crate::chess) fn kernel(&self) -> Kernel<'_> {
        Kernel { game: self }
    }
}

/// The squares of an index: side to move, kings, the white pieces (up to three) and the
/// black pieces (up to two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Squares {
    pub(super) white_to_move: bool,
    pub(super) wk: u8,
    pub(super) bk: u8,
    pub(super) pieces: [u8; 3],
    /// The black pieces' squares (the kernel's shapes have at most one).
    pub(super) black: [u8; 2],
}

/// How the moves of one position reach their indices ([`Endgame::frame`]).
#[derive(Clone, Copy)]
struct Frame {
    /// Whether moves other than the white king's rewrite one field
    /// ([`Endgame::plain_frame`]).
    plain: bool,
    /// With the white king on the long diagonal (reduced index, no identical pieces): the
    /// other image's square map and fields.
    mirror: Option<Mirror>,
}

/// The mirror image of a position in the long diagonal: its square map and its fields.
#[derive(Clone, Copy)]
struct Mirror {
    map: &'static [u8; 64],
    fields: usize,
}

/// The higher fields of a block's index and of its two images ([`Endgame::block_images`]).
struct BlockImages {
    own: usize,
    first: (usize, &'static [u8; 64]),
    second: (usize, &'static [u8; 64]),
}

impl BlockImages {
    /// Whether the index with the black king on `bk` is the least of its images.
    fn canonical(&self, bk: u8) -> bool {
        let b = usize::from(bk);
        let (h0, t0) = self.first;
        let (h1, t1) = self.second;
        let least = (h0 << 6 | usize::from(t0[b])).min(h1 << 6 | usize::from(t1[b]));
        self.own << 6 | b == least
    }
}

/// Whether the black king may stand on `bk` in a block classified at once: an empty square
/// (`others` holds the other men), not beside the white king, where the block's index is
/// canonical (`images` off the plain frame).
fn black_king_fits(others: u64, wk: u8, images: Option<&BlockImages>, bk: u8) -> bool {
    let bit = 1u64 << bk;
    others & bit == 0 && KING[wk as usize] & bit == 0 && images.is_none_or(|im| im.canonical(bk))
}

/// Whether a symmetry of the board other than the identity keeps both squares in place: the
/// only such symmetries are the reflections in the long diagonals, which keep their own
/// squares. Otherwise two different moves of White reach two different canonical indices.
fn fixed_together(a: u8, b: u8) -> bool {
    (on_diagonal(a) && on_diagonal(b)) || (on_anti_diagonal(a) && on_anti_diagonal(b))
}

/// A square number no piece stands on (for the `skip` arguments).
const NO_SQUARE: u8 = 64;

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

impl Kernel<'_> {
    /// Splits an index into its squares (not necessarily a legal or canonical position).
    pub(super) fn split(self, index: usize) -> Squares {
        let per_side = self.game.per_side();
        let (white_to_move, mut rest) = if index < per_side {
            (true, index)
        } else {
            (false, index - per_side)
        };
        if let Some(run) = self.game.run {
            return self.split_run(white_to_move, rest, run);
        }
        let k = self.game.pieces.len();
        let bk = (rest & 63) as u8;
        rest >>= 6;
        let mut black = [0u8; 2];
        for j in (0..self.game.black.len()).rev() {
            black[j] = (rest & 63) as u8;
            rest >>= 6;
        }
        let mut pieces = [0u8; 3];
        for j in (0..k).rev() {
            pieces[j] = (rest & 63) as u8;
            rest >>= 6;
        }
        let wk = match (self.game.fixed_king, self.game.scheme) {
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

    /// [`Kernel::split`] of a side's index `rest` under the reduced index with a run of
    /// identical pieces: the base-64 fields of the other men, then the run's set number
    /// (its squares in increasing order), then the white king's slot.
    fn split_run(self, white_to_move: bool, mut rest: usize, run: Run) -> Squares {
        let bk = (rest & 63) as u8;
        rest >>= 6;
        let mut black = [0u8; 2];
        for j in (0..self.game.black.len()).rev() {
            if !run.holds(false, j) {
                black[j] = (rest & 63) as u8;
                rest >>= 6;
            }
        }
        let mut pieces = [0u8; 3];
        for j in (0..self.game.pieces.len()).rev() {
            if !run.holds(true, j) {
                pieces[j] = (rest & 63) as u8;
                rest >>= 6;
            }
        }
        // Constant divisors for the two run lengths.
        let (slot, number) = if run.len == 2 {
            (rest / choose(64, 2), rest % choose(64, 2))
        } else {
            (rest / choose(64, 3), rest % choose(64, 3))
        };
        let set = set_squares(run.len, number);
        let side = if run.white {
            &mut pieces[..]
        } else {
            &mut black[..]
        };
        side[run.start..run.start + run.len].copy_from_slice(&set[..run.len]);
        Squares {
            white_to_move,
            wk: TRIANGLE[slot],
            bk,
            pieces,
            black,
        }
    }

    /// The index of the position given by its squares (for the reduced scheme, of its
    /// canonical image: the white king in the triangle, then the smallest black king and
    /// pieces, identical pieces in increasing order).
    pub(super) fn pack_squares(self, s: &Squares) -> usize {
        let index = match (self.game.fixed_king, self.game.scheme) {
            (Some(_), _) => self.fields_under(&TRANSFORM[0], s),
            (None, Scheme::Raw) => {
                usize::from(s.wk) << (6 * self.fields()) | self.fields_under(&TRANSFORM[0], s)
            }
            (None, Scheme::Reduced) => {
                let (syms, count) = KING_SYMS[s.wk as usize];
                let mut best = self.fields_under(&TRANSFORM[syms[0] as usize], s);
                if count == 2 {
                    best = best.min(self.fields_under(&TRANSFORM[syms[1] as usize], s));
                }
                let slot = TRIANGLE_SLOT[TRANSFORM[syms[0] as usize][s.wk as usize] as usize];
                usize::from(slot) * self.game.span + best
            }
        };
        self.game.with_side(index, s.white_to_move)
    }

    /// The fields below the king slot of the squares as they stand (no symmetry applied).
    pub(super) fn fields_of(self, s: &Squares) -> usize {
        self.fields_under(&TRANSFORM[0], s)
    }

    /// Base-64 fields below the king slot: white pieces, black pieces, black king.
    fn fields(self) -> usize {
        1 + self.game.pieces.len() + self.game.black.len()
    }

    /// The fields below the king slot after the square map `t`: the white pieces', the black
    /// pieces', the black king's, in base 64 (a run of identical pieces as one field, see
    /// [`Kernel::run_fields`]). The black king is the lowest field, so that its moves, the
    /// engine's most frequent backward step, stay within 64 neighbouring indices.
    #[inline(always)]
    fn fields_under(self, t: &[u8; 64], s: &Squares) -> usize {
        if let Some(run) = self.game.run {
            return self.run_fields(t, s, run);
        }
        let at = |sq: u8| usize::from(t[usize::from(sq & 63)]);
        let white = s.pieces[..self.game.pieces.len()].iter();
        let black = s.black[..self.game.black.len()].iter();
        let key = white.chain(black).fold(0, |key, &sq| key << 6 | at(sq));
        key << 6 | at(s.bk)
    }

    /// [`Kernel::fields_under`] with a run of identical pieces: the set number of the run's
    /// mapped squares above the other men's base-64 fields (white pieces, black pieces, black
    /// king). A set has no order, so the images of a position differ only by the symmetry.
    fn run_fields(self, t: &[u8; 64], s: &Squares, run: Run) -> usize {
        let at = |sq: u8| usize::from(t[usize::from(sq & 63)]);
        let mut set = [0usize; 3];
        let mut n = 0;
        let mut low = 0usize;
        for (white, count, squares) in [
            (true, self.game.pieces.len(), &s.pieces[..]),
            (false, self.game.black.len(), &s.black[..]),
        ] {
            for (j, &sq) in squares[..count].iter().enumerate() {
                if run.holds(white, j) {
                    set[n] = at(sq);
                    n += 1;
                } else {
                    low = low << 6 | at(sq);
                }
            }
        }
        low = low << 6 | at(s.bk);
        let set = &mut set[..n];
        if set[0] > set[1] {
            set.swap(0, 1);
        }
        if n == 3 {
            if set[1] > set[2] {
                set.swap(1, 2);
            }
            if set[0] > set[1] {
                set.swap(0, 1);
            }
        }
        set_number(set) << run.low_bits | low
    }

    fn occupancy_of(self, s: &Squares) -> u64 {
        let white = s.pieces[..self.game.pieces.len()]
            .iter()
            .fold(1u64 << s.wk | 1u64 << s.bk, |o, &sq| o | 1 << sq);
        white | self.black_square(s)
    }

    /// The black pieces' squares (not the king) as a bitboard.
    fn black_square(self, s: &Squares) -> u64 {
        s.black[..self.game.black.len()]
            .iter()
            .fold(0, |o, &sq| o | 1u64 << sq)
    }

    /// The white pieces' squares (not the king) as a bitboard.
    fn white_pieces(self, s: &Squares) -> u64 {
        s.pieces[..self.game.pieces.len()]
            .iter()
            .fold(0, |o, &sq| o | 1u64 << sq)
    }

    /// Whether a white piece (not the king) attacks `target`, skipping the piece on `skip`.
    fn pieces_hit(self, s: &Squares, target: u8, occupied: u64, skip: u8) -> bool {
        self.game
            .pieces
            .iter()
            .zip(s.pieces)
            .any(|(&piece, sq)| sq != skip && hits(piece, sq, target, occupied))
    }

    /// Whether a black piece (not the king, and not on `skip`) attacks `target`.
    fn black_hits(self, s: &Squares, target: u8, occupied: u64, skip: u8) -> bool {
        self.game
            .black
            .iter()
            .zip(s.black)
            .any(|(&piece, sq)| sq != skip && hits(piece, sq, target, occupied))
    }

    /// The rules of [`Endgame::is_legal`] on squares.
    fn legal_squares(self, s: &Squares) -> bool {
        let pieces = self.game.men();
        let occupied = self.occupancy_of(s);
        if occupied.count_ones() as usize != pieces || KING[s.wk as usize] >> s.bk & 1 != 0 {
            return false;
        }
        if self.game.opposite_bishops && square_colour(s.pieces[0]) == square_colour(s.pieces[1]) {
            return false;
        }
        // The side not to move is not in check.
        if s.white_to_move {
            !self.pieces_hit(s, s.bk, occupied, 64)
        } else {
            !self.black_hits(s, s.wk, occupied, 64)
        }
    }

    /// Calls `visit(mover, from, to, capture)` for each legal move of the side to move, in a
    /// fixed order, until it returns `true`; returns whether it did. `mover` numbers pieces
    /// as [`Move::mover`](super::Move::mover) does.
    fn visit_moves(self, s: &Squares, mut visit: impl FnMut(usize, u8, u8, bool) -> bool) -> bool {
        let occupied = self.occupancy_of(s);
        let black = self.black_square(s);
        let white = self.white_pieces(s);
        if s.white_to_move {
            if self.game.fixed_king.is_none() {
                let lifted = occupied & !(1u64 << s.wk);
                for to in squares(KING[s.wk as usize] & !KING[s.bk as usize] & !white) {
                    let capture = black >> to & 1 != 0;
                    // The king must not step into the black piece's line (seen through the
                    // square the king leaves); a captured piece no longer attacks.
                    if !self.black_hits(s, to, lifted, if capture { to } else { 64 })
                        && visit(0, s.wk, to, capture)
                    {
                        return true;
                    }
                }
            }
            for (j, &piece) in self.game.pieces.iter().enumerate() {
                let from = s.pieces[j];
                let targets =
                    attacks(piece, from, occupied) & !white & !(1u64 << s.wk | 1u64 << s.bk);
                for to in squares(targets) {
                    let capture = black >> to & 1 != 0;
                    let after = occupied & !(1u64 << from) | 1u64 << to;
                    // A move must not expose the white king to the black piece.
                    if !self.black_hits(s, s.wk, after, if capture { to } else { 64 })
                        && visit(1 + j, from, to, capture)
                    {
                        return true;
                    }
                }
            }
            return false;
        }
        let lifted = occupied & !(1u64 << s.bk);
        for to in squares(KING[s.bk as usize] & !KING[s.wk as usize] & !(1u64 << s.wk) & !black) {
            let capture = white >> to & 1 != 0;
            // The captured piece no longer attacks; the lifted king no longer blocks.
            if !self.pieces_hit(s, to, lifted, if capture { to } else { 64 })
                && visit(0, s.bk, to, capture)
            {
                return true;
            }
        }
        for (j, &piece) in self.game.black.iter().enumerate() {
            let from = s.black[j];
            let targets = attacks(piece, from, occupied) & !black & !(1u64 << s.bk | 1u64 << s.wk);
            for to in squares(targets) {
                let capture = white >> to & 1 != 0;
                let after = occupied & !(1u64 << from) | 1u64 << to;
                if !self.pieces_hit(s, s.bk, after, if capture { to } else { 64 })
                    && visit(1 + j, from, to, capture)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the side to move is in check.
    fn in_check_squares(self, s: &Squares) -> bool {
        let occupied = self.occupancy_of(s);
        if s.white_to_move {
            self.black_hits(s, s.wk, occupied, 64)
        } else {
            self.pieces_hit(s, s.bk, occupied, 64)
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
