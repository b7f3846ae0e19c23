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

use super::{
    DIRS, Endgame, KING, KING_SYMS, KNIGHT, Piece, Scheme, TRANSFORM, TRIANGLE, TRIANGLE_SLOT,
    attacks, square_colour, squares,
};
use crate::engine::{MoveSummary, Successor, Terminal};
use cgt_core::Verdict;

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

/// Whether `sq` is on the long diagonal a1–h8 (the squares a reflection in it keeps).
fn on_diagonal(sq: u8) -> bool {
    sq % 8 == sq / 8
}

/// Whether `sq` is on the long diagonal a8–h1.
fn on_anti_diagonal(sq: u8) -> bool {
    sq % 8 + sq / 8 == 7
}

/// `sq` reflected in the long diagonal a1–h8 (file and rank swapped).
fn reflect_diagonal(sq: u8) -> u8 {
    (sq % 8) * 8 + sq / 8
}

/// `sq` reflected in the long diagonal a8–h1.
fn reflect_anti_diagonal(sq: u8) -> u8 {
    (7 - sq % 8) * 8 + (7 - sq / 8)
}

/// Whether a symmetry of the board other than the identity keeps both squares in place: the
/// only such symmetries are the reflections in the long diagonals, which keep their own
/// squares. Otherwise two different moves of White reach two different canonical indices.
fn fixed_together(a: u8, b: u8) -> bool {
    (on_diagonal(a) && on_diagonal(b)) || (on_anti_diagonal(a) && on_anti_diagonal(b))
}

/// A square number no piece stands on (for the `skip` arguments).
const NO_SQUARE: u8 = 64;

/// `LINE[a][b]`: 1 when `a` and `b` share a rank or file, 2 when they share a diagonal, else 0.
static LINE: [[u8; 64]; 64] = line_tables().line;
/// `BETWEEN[a][b]`: the squares strictly between two squares on a common line (else empty).
static BETWEEN: [[u64; 64]; 64] = line_tables().between;
/// `RAYS[d][sq]`: the squares from `sq` (excluded) to the edge in direction `d` of
/// [`DIRS`](super::DIRS).
pub(super) static RAYS: [[u64; 64]; 8] = line_tables().rays;

struct LineTables {
    line: [[u8; 64]; 64],
    between: [[u64; 64]; 64],
    rays: [[u64; 64]; 8],
}

const fn line_tables() -> LineTables {
    let mut t = LineTables {
        line: [[0u8; 64]; 64],
        between: [[0u64; 64]; 64],
        rays: [[0u64; 64]; 8],
    };
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < 8 {
            let (mut f, mut r) = ((from % 8) as i8, (from / 8) as i8);
            loop {
                f += DIRS[d].0;
                r += DIRS[d].1;
                if f < 0 || f > 7 || r < 0 || r > 7 {
                    break;
                }
                let to = (r * 8 + f) as usize;
                t.line[from][to] = if d < 4 { 1 } else { 2 };
                // The squares passed so far are the ray's up to here.
                t.between[from][to] = t.rays[d][from];
                t.rays[d][from] |= 1 << to;
            }
            d += 1;
        }
        from += 1;
    }
    t
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
        let white = s.pieces[..self.pieces.len()]
            .iter()
            .fold(1u64 << s.wk | 1u64 << s.bk, |o, &sq| o | 1 << sq);
        white | self.black_square(s)
    }

    /// The black piece's square as a bitboard (empty without a black piece).
    fn black_square(&self, s: &Squares) -> u64 {
        if self.black_piece.is_some() {
            1u64 << s.black
        } else {
            0
        }
    }

    /// The white pieces' squares (not the king) as a bitboard.
    fn white_pieces(&self, s: &Squares) -> u64 {
        s.pieces[..self.pieces.len()]
            .iter()
            .fold(0, |o, &sq| o | 1u64 << sq)
    }

    /// Whether a white piece (not the king) attacks `target`, skipping the piece on `skip`.
    fn pieces_hit(&self, s: &Squares, target: u8, occupied: u64, skip: u8) -> bool {
        self.pieces
            .iter()
            .zip(s.pieces)
            .any(|(&piece, sq)| sq != skip && hits(piece, sq, target, occupied))
    }

    /// Whether the black piece (if any, and not on `skip`) attacks `target`.
    fn black_hits(&self, s: &Squares, target: u8, occupied: u64, skip: u8) -> bool {
        self.black_piece
            .is_some_and(|piece| s.black != skip && hits(piece, s.black, target, occupied))
    }

    /// The rules of [`Endgame::is_legal`] on squares.
    fn legal_squares(&self, s: &Squares) -> bool {
        let pieces = 2 + self.pieces.len() + usize::from(self.black_piece.is_some());
        let occupied = self.occupancy_of(s);
        if occupied.count_ones() as usize != pieces || KING[s.wk as usize] >> s.bk & 1 != 0 {
            return false;
        }
        if self.opposite_bishops && square_colour(s.pieces[0]) == square_colour(s.pieces[1]) {
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
    fn visit_moves(&self, s: &Squares, mut visit: impl FnMut(usize, u8, u8, bool) -> bool) -> bool {
        let occupied = self.occupancy_of(s);
        let black = self.black_square(s);
        let white = self.white_pieces(s);
        if s.white_to_move {
            if self.fixed_king.is_none() {
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
            for (j, &piece) in self.pieces.iter().enumerate() {
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
        if let Some(piece) = self.black_piece {
            let from = s.black;
            let targets = attacks(piece, from, occupied) & !(1u64 << s.bk | 1u64 << s.wk);
            for to in squares(targets) {
                let capture = white >> to & 1 != 0;
                let after = occupied & !(1u64 << from) | 1u64 << to;
                if !self.pieces_hit(s, s.bk, after, if capture { to } else { 64 })
                    && visit(1, from, to, capture)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the side to move is in check.
    fn in_check_squares(&self, s: &Squares) -> bool {
        let occupied = self.occupancy_of(s);
        if s.white_to_move {
            self.black_hits(s, s.wk, occupied, 64)
        } else {
            self.pieces_hit(s, s.bk, occupied, 64)
        }
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
        Some(if self.visit_moves(&s, |_, _, _, _| true) {
            Terminal::No
        } else if self.in_check_squares(&s) {
            Terminal::Loss
        } else {
            Terminal::Draw
        })
    }

    /// [`RetroGame::terminal_block`](crate::engine::RetroGame::terminal_block): indices that
    /// differ only in the black king (the lowest digit) share the white pieces' attacks. For
    /// endgames against a lone king, with `start` a multiple of 64; otherwise index by index.
    pub(super) fn kernel_terminal_block(
        &self,
        start: usize,
        out: &mut [Option<Terminal>],
        counts: &mut [u16],
        exits: &mut u64,
    ) {
        if !start.is_multiple_of(64) || out.len() < 64 {
            for (k, slot) in out.iter_mut().enumerate() {
                *slot = self.kernel_terminal(start + k);
            }
            return;
        }
        if self.black_piece.is_some() {
            *exits = self.two_sided_block(start, out, counts);
            return;
        }
        let s = self.split(start);
        let white = self.white_pieces(&s);
        let others = white | 1u64 << s.wk;
        let k = self.pieces.len();
        let distinct = others.count_ones() as usize == 1 + k
            && !(self.opposite_bishops && square_colour(s.pieces[0]) == square_colour(s.pieces[1]));
        if !distinct {
            out.fill(None);
            return;
        }
        let (attacked, defended) = self.white_attacks(&s, others);
        // Canonical without a check when one symmetry maps the white king into the triangle
        // (the identity) and no identical pieces need ordering.
        let plain = self.plain_frame(&s);
        if self.pair_out_of_order(&s, plain) {
            out.fill(None);
            return;
        }
        // Outside that frame (the white king on the long diagonal: two symmetries), an index is
        // canonical when its fields are the least of its two images'.
        let images = self.block_images(&s, plain);
        let white_fixed = self.white_fixed(&s);
        for (bk, (slot, count)) in out.iter_mut().zip(counts.iter_mut()).enumerate() {
            let bk = bk as u8;
            let index = start + usize::from(bk);
            let bit = 1u64 << bk;
            if !black_king_fits(others, s.wk, images.as_ref(), bk) {
                *slot = None;
                continue;
            }
            let in_check = attacked & bit != 0;
            *slot = if s.white_to_move {
                if in_check {
                    // Black, not to move, would be in check.
                    None
                } else if KING[s.wk as usize] & !others & !bit & !KING[bk as usize] != 0 {
                    Some(Terminal::No)
                } else {
                    // The white king is boxed in: ask the pieces, rarely.
                    self.kernel_terminal(index)
                }
            } else {
                let steps = KING[bk as usize] & !KING[s.wk as usize] & !(1u64 << s.wk);
                let quiet = steps & !white & !attacked;
                let capture = (0..k).any(|j| {
                    let sq = s.pieces[j];
                    steps >> sq & 1 != 0 && defended[j] >> sq & 1 == 0
                });
                // The king's moves reach distinct indices unless a symmetry other than the
                // identity keeps the white men in place; a capture is a draw.
                if !white_fixed && (quiet != 0 || capture) {
                    *count = if capture {
                        u16::MAX
                    } else {
                        quiet.count_ones() as u16
                    };
                }
                Some(if quiet != 0 || capture {
                    Terminal::No
                } else if in_check {
                    Terminal::Loss
                } else {
                    Terminal::Draw
                })
            };
        }
    }

    /// The white pieces' attacks (not the king's) with the occupancy `others` (the black king
    /// lifted: it never blocks a line to its own square), and for each piece the squares the
    /// others and the king defend.
    fn white_attacks(&self, s: &Squares, others: u64) -> (u64, [u64; 3]) {
        let k = self.pieces.len();
        let mut attacked = 0u64;
        let mut defended = [KING[s.wk as usize]; 3];
        for (j, &piece) in self.pieces.iter().enumerate() {
            let a = attacks(piece, s.pieces[j], others);
            attacked |= a;
            for (i, d) in defended.iter_mut().enumerate().take(k) {
                if i != j {
                    *d |= a;
                }
            }
        }
        (attacked, defended)
    }

    /// The canonical test of a block's indices off the plain frame (the white king on the
    /// long diagonal): the higher fields of the index and of both images, computed once, so
    /// that each black-king square is one comparison. `None` in the plain frame, where every
    /// index is canonical.
    fn block_images(&self, s: &Squares, plain: bool) -> Option<BlockImages> {
        (!plain).then(|| {
            let (syms, _) = KING_SYMS[s.wk as usize];
            let mut high = *s;
            high.bk = 0;
            let image = |sym: u8| {
                let t = &TRANSFORM[sym as usize];
                (self.fields_under(t, &high, true) >> 6, t)
            };
            let own = self.fields_under(&TRANSFORM[0], &high, false) >> 6;
            BlockImages {
                own,
                first: image(syms[0]),
                second: image(syms[1]),
            }
        })
    }

    /// [`Endgame::kernel_terminal_block`] for two-sided endgames (one white piece and one
    /// black piece beside the kings): the white pieces' attacks with the black king lifted
    /// and the checks, pins and moves of Black are masks per black-king square. For Black to
    /// move without a capture in the plain frame it gives the move count; a position with a
    /// possible capture is counted by the engine (its exits matter). White to move is
    /// classified here when its king has a safe square, else index by index. Returns the
    /// positions with a legal capture (the only ones that can leave the table).
    fn two_sided_block(
        &self,
        start: usize,
        out: &mut [Option<Terminal>],
        counts: &mut [u16],
    ) -> u64 {
        let s = self.split(start);
        let bp = self.black_piece.expect("a two-sided endgame");
        let k = self.pieces.len();
        let white = self.white_pieces(&s);
        let bsq = 1u64 << s.black;
        // Everything but the black king.
        let others = white | 1u64 << s.wk | bsq;
        if others.count_ones() as usize != 2 + k
            || (self.opposite_bishops && square_colour(s.pieces[0]) == square_colour(s.pieces[1]))
        {
            out.fill(None);
            return 0;
        }
        let plain = self.plain_frame(&s);
        if self.pair_out_of_order(&s, plain) {
            out.fill(None);
            return 0;
        }
        let images = self.block_images(&s, plain);
        // White's attacks, the king's included, with the black king lifted.
        let (pieces_attack, defended) = self.white_attacks(&s, others);
        let attacked = pieces_attack | KING[s.wk as usize];
        let white_fixed = self.white_fixed(&s);
        let mut exits = 0u64;
        for (bk, (slot, count)) in out.iter_mut().zip(counts.iter_mut()).enumerate() {
            let bk = bk as u8;
            let bit = 1u64 << bk;
            if !black_king_fits(others, s.wk, images.as_ref(), bk) {
                *slot = None;
                continue;
            }
            let occupied = others | bit;
            if s.white_to_move {
                if attacked & bit != 0 {
                    // Black, not to move, would be in check.
                    *slot = None;
                    continue;
                }
                // A safe square for the white king (taking the black piece or not) is a move.
                let lifted = occupied & !(1u64 << s.wk);
                let steps = KING[s.wk as usize] & !white & !KING[bk as usize];
                let safe = steps & !attacks(bp, s.black, lifted);
                // White takes the black piece with its king (Black's king not guarding it) or
                // with a piece that reaches it.
                let king_takes = steps >> s.black & 1 != 0;
                let piece_takes = self
                    .pieces
                    .iter()
                    .zip(s.pieces)
                    .any(|(&piece, at)| hits(piece, at, s.black, occupied));
                exits |= u64::from(king_takes || piece_takes) << bk;
                // The pieces' quiet moves: with the piece lifted, a black attack on the king
                // (a check, or a pin through the piece) keeps it between the two.
                let mut quiet = (safe & !bsq).count_ones();
                for (j, &piece) in self.pieces.iter().enumerate() {
                    let at = s.pieces[j];
                    let mut moves = attacks(piece, at, occupied) & !occupied;
                    if hits(bp, s.black, s.wk, occupied & !(1u64 << at)) {
                        moves &= BETWEEN[s.black as usize][s.wk as usize];
                    }
                    quiet += moves.count_ones();
                }
                *slot = Some(if safe != 0 || quiet > 0 || piece_takes {
                    Terminal::No
                } else if hits(bp, s.black, s.wk, occupied) {
                    Terminal::Loss
                } else {
                    Terminal::Draw
                });
                // The moves inside reach distinct indices unless a symmetry other than the
                // identity keeps both black men in place.
                if !fixed_together(bk, s.black) {
                    let mut takes = [(0usize, 0u8); 8];
                    let mut n = 0;
                    if king_takes {
                        takes[n] = (0, s.black);
                        n += 1;
                    }
                    for (j, &piece) in self.pieces.iter().enumerate() {
                        if hits(piece, s.pieces[j], s.black, occupied) {
                            takes[n] = (1 + j, s.black);
                            n += 1;
                        }
                    }
                    *count = self.count_with_captures(&s, bk, &takes[..n], quiet);
                }
                continue;
            }
            if hits(bp, s.black, s.wk, occupied) {
                // White, not to move, would be in check.
                *slot = None;
                continue;
            }
            // The king: quiet steps to unattacked squares, captures of undefended pieces.
            let steps = KING[bk as usize] & !KING[s.wk as usize] & !(1u64 << s.wk) & !bsq;
            let quiet_king = steps & !white & !attacked;
            let king_takes = (0..k).any(|j| {
                let sq = s.pieces[j];
                steps >> sq & 1 != 0 && defended[j] >> sq & 1 == 0
            });
            // The black piece: its quiet moves must block every check and stay on a pin line.
            let reach = attacks(bp, s.black, occupied);
            let mut quiet_piece = reach & !occupied;
            for (j, &piece) in self.pieces.iter().enumerate() {
                let at = s.pieces[j];
                // A check (the piece must block it) or a pin (the piece must stay between):
                // either way the squares between the white piece and the king.
                if hits(piece, at, bk, occupied & !bsq) {
                    quiet_piece &= BETWEEN[at as usize][bk as usize];
                }
            }
            let piece_takes = squares(reach & white).any(|t| {
                let after = occupied & !bsq;
                !self.pieces_hit(&s, bk, after, t)
            });
            exits |= u64::from(king_takes || piece_takes) << bk;
            let quiet = quiet_king.count_ones() + quiet_piece.count_ones();
            *slot = Some(if quiet > 0 || king_takes || piece_takes {
                Terminal::No
            } else if attacked & bit != 0 {
                Terminal::Loss
            } else {
                Terminal::Draw
            });
            // The moves inside reach distinct indices unless a symmetry other than the
            // identity keeps the white men in place.
            if !white_fixed {
                let mut takes = [(0usize, 0u8); 8];
                let mut n = 0;
                for (&sq, &guard) in s.pieces[..k].iter().zip(&defended) {
                    if steps >> sq & 1 != 0 && guard >> sq & 1 == 0 {
                        takes[n] = (0, sq);
                        n += 1;
                    }
                    if reach >> sq & 1 != 0 && !self.pieces_hit(&s, bk, occupied & !bsq, sq) {
                        takes[n] = (1, sq);
                        n += 1;
                    }
                }
                *count = self.count_with_captures(&s, bk, &takes[..n], quiet);
            }
        }
        exits
    }

    /// Whether a symmetry of the board other than the identity keeps the white men in place
    /// (the king and every piece on one long diagonal, or identical pieces each other's image
    /// in it). Otherwise two different moves of Black reach two different canonical indices:
    /// one could only be the other's image under a symmetry keeping the white men in place.
    fn white_fixed(&self, s: &Squares) -> bool {
        let pieces = &s.pieces[..self.pieces.len()];
        [reflect_diagonal, reflect_anti_diagonal].iter().any(|r| {
            // Identical pieces may also trade places.
            let swapped = self.identical_pair && r(pieces[0]) == pieces[1];
            r(s.wk) == s.wk
                && pieces
                    .iter()
                    .enumerate()
                    .all(|(j, &sq)| r(sq) == sq || (swapped && j < 2))
        })
    }

    /// The [`MoveSummary::count`] of the position `s` with the black king on `bk`, from its
    /// `quiet` moves (distinct, inside) and its captures `takes` (mover and square), probed:
    /// "never" (`u16::MAX`) when a capture draws or wins, one more when captures lead to
    /// opponent wins; 0 (left to the engine) when there is no move at all.
    fn count_with_captures(&self, s: &Squares, bk: u8, takes: &[(usize, u8)], quiet: u32) -> u16 {
        let mut at = *s;
        at.bk = bk;
        let mut check = false;
        for &(mover, to) in takes {
            match self.capture_probe(&at, mover, to) {
                Verdict::Win(_) => check = true,
                Verdict::Draw | Verdict::Loss(_) => return u16::MAX,
            }
        }
        (quiet + u32::from(check)).min(u32::from(u16::MAX) - 1) as u16
    }

    /// Whether the squares of `s` are already in the stored frame, so that moving one piece
    /// other than the white king only rewrites its field: always for the raw index; for the
    /// reduced index when the white king stands off the board's diagonals (one symmetry brings
    /// it into the triangle; for the decoded squares, the identity).
    fn plain_frame(&self, s: &Squares) -> bool {
        self.scheme == Scheme::Raw || self.fixed_king.is_some() || KING_SYMS[s.wk as usize].1 == 1
    }

    /// Whether no index of the block of `s` is canonical because of its identical pair: in the
    /// plain frame (`plain`) a reduced index with an identical pair is canonical exactly when
    /// the pair is in increasing order, whatever the black king's square, so one test answers
    /// for the whole block.
    fn pair_out_of_order(&self, s: &Squares, plain: bool) -> bool {
        plain && self.scheme == Scheme::Reduced && self.identical_pair && s.pieces[0] > s.pieces[1]
    }

    /// How the moves of the position `s` reach their indices, worked out once per position.
    fn frame(&self, s: &Squares) -> Frame {
        let plain = self.plain_frame(s);
        // Off the plain frame, a reduced index without identical pieces has its white king on
        // the long diagonal: the identity and the mirror in that diagonal both keep the king
        // in the triangle.
        let mirror = (!plain
            && self.scheme == Scheme::Reduced
            && self.fixed_king.is_none()
            && !self.identical_pair)
            .then(|| {
                let (syms, count) = KING_SYMS[s.wk as usize];
                debug_assert!(count == 2 && syms[0] == 0);
                let map = &TRANSFORM[syms[1] as usize];
                Mirror {
                    map,
                    fields: self.fields_under(map, s, false),
                }
            });
        Frame { plain, mirror }
    }

    /// The field of the index holding the square of `mover` of White (`white`: 0 the king,
    /// `1 + j` piece `j`) or of Black (0 the king, 1 the piece), numbered as
    /// [`Move::mover`](super::Move::mover): its square and its shift. `None` for the white
    /// king under the reduced index or the fixed king (its square picks the frame).
    #[inline]
    fn mover_field(&self, s: &Squares, (white, mover): (bool, usize)) -> Option<(u8, usize)> {
        let nb = usize::from(self.black_piece.is_some());
        match (white, mover) {
            (true, 0) if self.scheme == Scheme::Raw && self.fixed_king.is_none() => {
                Some((s.wk, 6 * self.fields()))
            }
            (true, 0) => None,
            (true, j) => Some((s.pieces[j - 1], 6 * (self.pieces.len() + 1 - j + nb))),
            (false, 0) => Some((s.bk, 0)),
            (false, _) => Some((s.black, 6)),
        }
    }

    /// The field a move of `mover` rewrites when the stored frame allows it (see
    /// [`Endgame::mover_field`]); `None` when the index must be worked out again. Moves that
    /// rewrite a field reach distinct indices: each changes one field of the same index to
    /// its own value.
    #[inline]
    fn rewritten_field(&self, s: &Squares, plain: bool, who: (bool, usize)) -> Option<(u8, usize)> {
        let white_king = who == (true, 0);
        let sorted_pair = who.0 && self.identical_pair && self.scheme == Scheme::Reduced;
        if white_king || (plain && !sorted_pair) {
            self.mover_field(s, who)
        } else {
            None
        }
    }

    /// The index of `s` (whose own index is `index`) with one piece moved to `to` and the other
    /// side to move; the piece as in [`Endgame::mover_field`].
    #[inline]
    fn moved(&self, s: &Squares, index: usize, frame: &Frame, who: (bool, usize), to: u8) -> usize {
        if let Some((from, shift)) = self.rewritten_field(s, frame.plain, who) {
            return flip_side(index, self.per_side) ^ usize::from(from ^ to) << shift;
        }
        self.moved_again(s, index, frame, who, to)
    }

    /// [`Endgame::moved`] for a move that does not just rewrite a field. A white king moving
    /// within the triangle's squares off the diagonal changes only its slot. With the white
    /// king on the long diagonal, a move of another piece rewrites its field in the index and
    /// in the mirror's fields, and the lesser is the canonical one. Otherwise the squares are
    /// packed again.
    #[inline]
    fn moved_again(
        &self,
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
            && self.fixed_king.is_none()
        {
            // The white king stays in the triangle off the diagonal: the frame is still the
            // identity, and only its slot changes.
            let shift = 6 * self.fields();
            let rest = index % self.per_side;
            let slot = usize::from(TRIANGLE_SLOT[usize::from(to)]);
            return self.with_side(rest & ((1 << shift) - 1) | slot << shift, !s.white_to_move);
        }
        if let (Some(m), false) = (frame.mirror, who == (true, 0))
            && let Some((from, shift)) = self.mover_field(s, who)
        {
            let low = (1usize << (6 * self.fields())) - 1;
            let rest = index % self.per_side;
            let own = (rest & low) ^ usize::from(from ^ to) << shift;
            let mirrored =
                m.fields ^ usize::from(m.map[usize::from(from)] ^ m.map[usize::from(to)]) << shift;
            return self.with_side(rest & !low | own.min(mirrored), !s.white_to_move);
        }
        self.repacked(s, who, to)
    }

    /// [`Endgame::moved`] through the squares: re-canonicalised, since the reduced frame
    /// depends on the white king and identical pieces are stored in order.
    fn repacked(&self, s: &Squares, (white, mover): (bool, usize), to: u8) -> usize {
        let mut next = *s;
        next.white_to_move = !s.white_to_move;
        match (white, mover) {
            (true, 0) => next.wk = to,
            (true, j) => next.pieces[j - 1] = to,
            (false, 0) => next.bk = to,
            (false, _) => next.black = to,
        }
        self.pack_squares(&next)
    }

    /// [`RetroGame::move_summary`](crate::engine::RetroGame::move_summary) on index fields:
    /// the moves are visited once, without listing them. Moves that rewrite a field are
    /// distinct and only counted; the others ([`Endgame::moved_again`]) are compared with every
    /// index reached (two moves can reach one canonical index when a symmetry maps one result
    /// onto the other). Captures are probed in [`raw_probe`].
    pub(super) fn kernel_move_summary(&self, index: usize) -> MoveSummary {
        let s = self.split(index);
        let frame = self.frame(&s);
        let per_side = self.per_side;
        // The packed moves, and the field-rewriting ones once a move was packed (before, they
        // need no index: they are distinct, and moves visit the king first, whose moves are
        // the ones packed in a plain frame). A side has at most 8 king moves and 27 per piece.
        let mut rewritten = [0usize; 48];
        let mut packed = [0usize; 48];
        let (mut early, mut r, mut p) = (0usize, 0usize, 0usize);
        let mut win_at: Option<u32> = None;
        let mut check_at: Option<u32> = None;
        let mut blocked = false;
        let two_sided = self.black_piece.is_some();
        self.visit_moves(&s, |mover, _, to, capture| {
            let who = (s.white_to_move, mover);
            if capture {
                if !two_sided {
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
            self.kernel_successors(index, &mut moves);
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
    pub(super) fn kernel_successors(&self, index: usize, out: &mut Vec<Successor>) {
        let s = self.split(index);
        let frame = self.frame(&s);
        self.visit_moves(&s, |mover, _, to, capture| {
            out.push(if !capture {
                Successor::Inside(self.moved(&s, index, &frame, (s.white_to_move, mover), to))
            } else if self.black_piece.is_none() {
                // King against king and a minor piece, or bare kings: drawn.
                Successor::OutsideDraw
            } else {
                Successor::Outside(self.capture_probe(&s, mover, to))
            });
            false
        });
    }

    /// The verdict after a capture in a two-sided endgame (by `mover` of the side to move, on
    /// `to`), probed in the one-piece table of the piece left: as
    /// [`Endgame::capture_verdict`], on squares, read off the table's placements array. When Black keeps its piece the colours are
    /// swapped and the board flipped, so that the lone king is Black, to move.
    fn capture_probe(&self, s: &Squares, mover: usize, to: u8) -> Verdict {
        let (wk, bk, piece, sq) = if s.white_to_move {
            let (wk, sq) = if mover == 0 {
                (to, s.pieces[0])
            } else {
                (s.wk, to)
            };
            (wk, s.bk, self.pieces[0], sq)
        } else {
            let (bk, sq) = if mover == 0 {
                (to, s.black)
            } else {
                (s.bk, to)
            };
            let black = self.black_piece.expect("a two-sided endgame");
            (bk ^ 56, s.wk ^ 56, black, sq ^ 56)
        };
        let code = raw_probe(piece)[usize::from(wk) << 12 | usize::from(sq) << 6 | usize::from(bk)];
        probe_verdict(code)
    }

    /// [`RetroGame::may_exit`](crate::engine::RetroGame::may_exit): whether the side to move
    /// attacks a piece it could capture (a superset of the positions with a capture: pins and
    /// defended pieces are not looked at). Always `true` without a black piece.
    pub(super) fn kernel_may_capture(&self, index: usize) -> bool {
        if self.black_piece.is_none() {
            return true;
        }
        let s = self.split(index);
        let occupied = self.occupancy_of(&s);
        if s.white_to_move {
            KING[s.wk as usize] >> s.black & 1 != 0
                || self.pieces_hit(&s, s.black, occupied, NO_SQUARE)
        } else {
            s.pieces[..self.pieces.len()].iter().any(|&sq| {
                KING[s.bk as usize] >> sq & 1 != 0 || self.black_hits(&s, sq, occupied, NO_SQUARE)
            })
        }
    }

    /// [`RetroGame::exit_levels`](crate::engine::RetroGame::exit_levels) for two-sided
    /// endgames: the captures alone, probed in the one-piece tables. White takes the black
    /// piece with its king (when Black's king does not guard it) or with a piece that hits it
    /// (nothing can pin a white piece once the black piece is gone). Black takes a white piece
    /// with its king (when no other white piece or the white king guards it, the black king
    /// lifted) or with its piece (when no white piece then hits the black king). `None`
    /// against a lone king, whose exits are draws.
    pub(super) fn kernel_exit_levels(&self, index: usize) -> Option<(Option<u32>, Option<u32>)> {
        self.black_piece?;
        let s = self.split(index);
        let occupied = self.occupancy_of(&s);
        let (mut win_at, mut check_at) = (None::<u32>, None::<u32>);
        let mut take = |mover: usize, to: u8| match self.capture_probe(&s, mover, to) {
            Verdict::Loss(k) => win_at = Some(win_at.map_or(k + 1, |w| w.min(k + 1))),
            Verdict::Win(k) => check_at = Some(check_at.map_or(k, |c| c.max(k))),
            Verdict::Draw => {}
        };
        if s.white_to_move {
            let target = s.black;
            if KING[s.wk as usize] >> target & 1 != 0 && KING[s.bk as usize] >> target & 1 == 0 {
                take(0, target);
            }
            for (j, &piece) in self.pieces.iter().enumerate() {
                if hits(piece, s.pieces[j], target, occupied) {
                    take(1 + j, target);
                }
            }
        } else {
            let lifted = occupied & !(1u64 << s.bk);
            for &target in &s.pieces[..self.pieces.len()] {
                if KING[s.bk as usize] >> target & 1 != 0
                    && KING[s.wk as usize] >> target & 1 == 0
                    && !self.pieces_hit(&s, target, lifted, target)
                {
                    take(0, target);
                }
                if self.black_hits(&s, target, occupied, NO_SQUARE) {
                    let after = occupied & !(1u64 << s.black);
                    if !self.pieces_hit(&s, s.bk, after, target) {
                        take(1, target);
                    }
                }
            }
        }
        Some((win_at, check_at))
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

    /// [`RetroGame::predecessors`](crate::engine::RetroGame::predecessors) on index fields;
    /// `true` when the indices appended are known to be distinct (each un-move rewrote its own
    /// field). Without `legal`, the un-moves are only those of the pieces' geometry onto empty
    /// squares: the earlier positions' legality (kings apart, the side not to move out of
    /// check) is left to the caller, as
    /// [`RetroGame::predecessor_candidates`](crate::engine::RetroGame::predecessor_candidates)
    /// allows. Any move onto the current squares from a legal earlier position is legal:
    /// the current position is, and a quiet move changes nothing else.
    /// Captures leave the table, so every predecessor is a quiet move of the side not to move;
    /// the earlier position must not have the side to move in check. Computed as masks: a
    /// piece that attacks the king once the mover is lifted must be blocked by the mover's
    /// earlier square, and the mover must not attack the king from there.
    pub(super) fn kernel_predecessors(
        &self,
        index: usize,
        out: &mut Vec<usize>,
        legal: bool,
    ) -> bool {
        let s = self.split(index);
        let frame = self.frame(&s);
        let occupied = self.occupancy_of(&s);
        if s.white_to_move {
            // Black moved: its king, or its piece.
            let lifted = occupied & !(1u64 << s.bk);
            let guard = match self.black_piece {
                Some(piece) if legal && hits(piece, s.black, s.wk, lifted) => {
                    BETWEEN[s.black as usize][s.wk as usize]
                }
                _ => !0,
            };
            let near = if legal { KING[s.wk as usize] } else { 0 };
            for from in squares(KING[s.bk as usize] & !occupied & !near & guard) {
                out.push(self.moved(&s, index, &frame, (false, 0), from));
            }
            if let Some(piece) = self.black_piece {
                let lifted = occupied & !(1u64 << s.black);
                let mut from_set = attacks(piece, s.black, occupied) & !occupied;
                if legal {
                    from_set &= !attacks(piece, s.wk, lifted);
                }
                for from in squares(from_set) {
                    out.push(self.moved(&s, index, &frame, (false, 1), from));
                }
            }
            // In the plain frame each un-move rewrote its own field.
            return frame.plain;
        }
        // White moved: its king, or a piece. The un-moves reach distinct indices when each
        // rewrote its own field.
        let mut distinct = frame.plain;
        if self.fixed_king.is_none() {
            let lifted = occupied & !(1u64 << s.wk);
            let mut from_set = KING[s.wk as usize] & !occupied;
            if legal {
                from_set &= !KING[s.bk as usize] & self.blocking_squares(&s, lifted, usize::MAX);
            }
            distinct &= self.scheme == Scheme::Raw || from_set == 0;
            for from in squares(from_set) {
                out.push(self.moved(&s, index, &frame, (true, 0), from));
            }
        }
        distinct &= !(self.identical_pair && self.scheme == Scheme::Reduced);
        for (j, &piece) in self.pieces.iter().enumerate() {
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

impl Endgame {
    /// [`RetroGame::block_predecessor_candidates`](crate::engine::RetroGame::block_predecessor_candidates)
    /// on index fields. The black king is the lowest digit, so the 64 positions of a block
    /// differ only in its square, and an un-move of any other piece takes the positions of
    /// `mask` to one block: the squares the black king blocks or stands on are taken out of
    /// the mask, and the block is canonicalised once (the mask's squares mapped by the same
    /// symmetry). The black king's un-moves shift the mask. The legality of the earlier
    /// positions is left to the engine, as for
    /// [`Endgame::kernel_predecessors`] without `legal`.
    ///
    /// With `distinct` only the un-moves of Black are turned by blocks, one pair per move,
    /// when no reflection keeps the white men in place (then two un-moves of one position
    /// reach two different indices, see [`Endgame::white_fixed`]); otherwise `false`.
    pub(super) fn kernel_block_predecessors(
        &self,
        block: usize,
        mask: u64,
        distinct: bool,
        out: &mut Vec<(usize, u64)>,
    ) -> bool {
        let s = self.split(block * 64);
        let plain = self.plain_frame(&s);
        if distinct && (!s.white_to_move || self.white_fixed(&s)) {
            return false;
        }
        // In the plain frame a move of any piece but the white king rewrites its own field,
        // which for the blocks is above the black king's.
        let flipped = flip_side(block * 64, self.per_side);
        let push =
            |e: &Squares, who: (bool, usize), to: u8, m: u64, out: &mut Vec<(usize, u64)>| {
                match self.rewritten_field(&s, plain, who) {
                    Some((from, shift)) => {
                        out.push(((flipped ^ usize::from(from ^ to) << shift) / 64, m));
                    }
                    None => self.push_canonical(e, m, out),
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
                    self.push_canonical(&earlier, m, out);
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
            if let Some(piece) = self.black_piece {
                let from = s.black;
                for f in squares(attacks(piece, from, others) & !others) {
                    let m = mask & !(BETWEEN[from as usize][f as usize] | 1u64 << f);
                    if m != 0 {
                        let mut e = earlier;
                        e.black = f;
                        push(&e, (false, 1), f, m, out);
                    }
                }
            }
            return true;
        }
        // White moved: its king (beside no black king square), or a piece.
        if self.fixed_king.is_none() {
            for f in squares(KING[s.wk as usize] & !others) {
                let m = mask & !(1u64 << f) & !KING[f as usize];
                if m != 0 {
                    let mut e = earlier;
                    e.wk = f;
                    self.push_canonical(&e, m, out);
                }
            }
        }
        for (j, &piece) in self.pieces.iter().enumerate() {
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
    /// when they are equal each square keeps the lesser of its two images.
    fn push_canonical(&self, s: &Squares, mask: u64, out: &mut Vec<(usize, u64)>) {
        let fields = 6 * self.fields();
        if self.fixed_king.is_some() || self.scheme == Scheme::Raw {
            out.push((self.pack_squares(s) / 64, mask));
            return;
        }
        let (syms, count) = KING_SYMS[s.wk as usize];
        let t0 = &TRANSFORM[syms[0] as usize];
        let slot = usize::from(TRIANGLE_SLOT[t0[s.wk as usize] as usize]);
        let block_of =
            |high: usize| self.with_side(slot << fields | high << 6, s.white_to_move) / 64;
        let h0 = self.fields_under(t0, s, true) >> 6;
        if count == 1 {
            out.push((block_of(h0), map_mask(mask, t0, syms[0] == 0)));
            return;
        }
        let t1 = &TRANSFORM[syms[1] as usize];
        let h1 = self.fields_under(t1, s, true) >> 6;
        match h0.cmp(&h1) {
            core::cmp::Ordering::Less => out.push((block_of(h0), map_mask(mask, t0, syms[0] == 0))),
            core::cmp::Ordering::Greater => out.push((block_of(h1), map_mask(mask, t1, false))),
            core::cmp::Ordering::Equal => {
                let mut m = 0u64;
                for b in squares(mask) {
                    m |= 1u64 << t0[b as usize].min(t1[b as usize]);
                }
                out.push((block_of(h0), m));
            }
        }
    }
}

/// The king's eight steps as (shift, the squares that may take it): a square `b` of a mask
/// goes to `b + shift` when it is in the second mask (no wrap round the board's edge).
const KING_STEPS: [(i8, u64); 8] = {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    [
        (8, !0),
        (-8, !0),
        (1, NOT_H),
        (-1, NOT_A),
        (9, NOT_H),
        (7, NOT_A),
        (-7, NOT_H),
        (-9, NOT_A),
    ]
};

/// The squares of `mask` moved by one king step (see [`KING_STEPS`]).
#[inline]
fn step_mask(mask: u64, (shift, from): (i8, u64)) -> u64 {
    let m = mask & from;
    if shift >= 0 { m << shift } else { m >> -shift }
}

/// The squares of `mask` mapped by the square map `t` (unchanged for the identity).
#[inline]
fn map_mask(mask: u64, t: &[u8; 64], identity: bool) -> u64 {
    if identity {
        return mask;
    }
    squares(mask).fold(0, |m, b| m | 1u64 << t[b as usize])
}

/// The one-piece table of `piece` read by placement, for the captures of two-sided
/// endgames: the code of [`probe_verdict`] for the lone king to move, at `wk << 12 | sq << 6 |
/// bk` (the piece on `sq`), so that a capture is one load instead of a canonical index and a
/// table look-up. Built once per piece from the reduced table.
fn raw_probe(piece: Piece) -> &'static [u32] {
    static PROBES: [std::sync::OnceLock<Vec<u32>>; 4] = [const { std::sync::OnceLock::new() }; 4];
    let slot = match piece {
        Piece::Queen => 0,
        Piece::Rook => 1,
        Piece::Bishop => 2,
        Piece::Knight => 3,
    };
    PROBES[slot].get_or_init(|| {
        let (endgame, table) = super::one_piece_table(piece);
        (0..1usize << 18)
            .map(|at| {
                let probe = Squares {
                    white_to_move: false,
                    wk: (at >> 12) as u8,
                    bk: (at & 63) as u8,
                    pieces: [(at >> 6 & 63) as u8, 0, 0],
                    black: 0,
                };
                match table.verdict(endgame.pack_squares(&probe)) {
                    None | Some(Verdict::Draw) => 0,
                    Some(Verdict::Loss(d)) => 1 + 2 * d,
                    Some(Verdict::Win(d)) => 2 + 2 * d,
                }
            })
            .collect()
    })
}

/// The verdict a [`raw_probe`] code stands for.
fn probe_verdict(code: u32) -> Verdict {
    match code {
        0 => Verdict::Draw,
        c if c % 2 == 1 => Verdict::Loss(c / 2),
        c => Verdict::Win(c / 2 - 1),
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
        if index.is_multiple_of(64) {
            if let Some(e) = self.block_disagreement(index / 64) {
                return Some(e);
            }
            let mut block = [None; 64];
            let mut counts = [0u16; 64];
            let mut exits = !0u64;
            let len = (self.index_count() - index).min(64);
            self.kernel_terminal_block(index, &mut block[..len], &mut counts[..len], &mut exits);
            // A position left out of the exits has no move leaving the table.
            for (k, &t) in block[..len].iter().enumerate() {
                if exits >> k & 1 == 0 && t == Some(Terminal::No) {
                    let mut moves = Vec::new();
                    self.kernel_successors(index + k, &mut moves);
                    if moves.iter().any(|m| !matches!(m, Successor::Inside(_))) {
                        return Some(format!(
                            "{} index {}: a move leaves the table, but the block said none",
                            self.name(),
                            index + k
                        ));
                    }
                }
            }
            for (k, &t) in block[..len].iter().enumerate() {
                let one = self.kernel_terminal(index + k);
                if t != one {
                    return Some(format!(
                        "{} index {}: classified {t:?} in a block, {one:?} alone",
                        self.name(),
                        index + k
                    ));
                }
                // A count given by the block is the summary's (checked below against the
                // listed moves), and only for undecided positions.
                let count = counts[k];
                if count != 0
                    && (one != Some(Terminal::No)
                        || count != self.kernel_move_summary(index + k).count)
                {
                    return Some(format!(
                        "{} index {}: the block counted {count} moves, the summary {:?}",
                        self.name(),
                        index + k,
                        self.kernel_move_summary(index + k)
                    ));
                }
            }
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
            Successor::Outside(cgt_core::Verdict::Draw) => (2, 0),
            Successor::Outside(cgt_core::Verdict::Win(d)) => (3, d as usize),
            Successor::Outside(cgt_core::Verdict::Loss(d)) => (4, d as usize),
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
                self.decode_index(index).fen()
            ));
        }
        let (mut p, mut q) = (Vec::new(), Vec::new());
        for legal in [false, true] {
            p.clear();
            let distinct = self.kernel_predecessors(index, &mut p, legal);
            let mut sorted = p.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if distinct && sorted.len() != p.len() {
                return Some(format!(
                    "{} {}: un-moves reach {p:?}, said to be distinct",
                    self.name(),
                    self.decode_index(index).fen()
                ));
            }
            if !legal {
                q = sorted;
            }
        }
        // Without the legality tests, the un-moves add only illegal positions.
        let mut strict = p.clone();
        strict.sort_unstable();
        strict.dedup();
        if let Some(&extra) = q
            .iter()
            .find(|&&i| strict.binary_search(&i).is_err() && self.kernel_terminal(i).is_some())
        {
            return Some(format!(
                "{} {}: the un-moves without legality tests reach legal index {extra}, \
                 which the tested ones do not",
                self.name(),
                self.decode_index(index).fen()
            ));
        }
        if let Some(&lost) = strict.iter().find(|&&i| q.binary_search(&i).is_err()) {
            return Some(format!(
                "{} {}: the un-moves without legality tests miss index {lost}",
                self.name(),
                self.decode_index(index).fen()
            ));
        }
        q.clear();
        self.position_predecessors(index, &mut q);
        p.sort_unstable();
        q.sort_unstable();
        if p != q {
            return Some(format!(
                "{} {}: un-moves reach {p:?}, the rules say {q:?}",
                self.name(),
                self.decode_index(index).fen()
            ));
        }
        // A position ruled out of exits has no move leaving the table.
        if !self.kernel_may_capture(index) && a.iter().any(|m| !matches!(m, Successor::Inside(_))) {
            return Some(format!(
                "{} {}: a move leaves the table, but may_exit said none",
                self.name(),
                self.decode_index(index).fen()
            ));
        }
        // The summary of the moves without listing them equals the listed moves' summary,
        // and the exits' levels from the captures alone equal its levels.
        let fast = self.kernel_move_summary(index);
        let listed = MoveSummary::of(&b, &mut Vec::new());
        if let Some(levels) = self.kernel_exit_levels(index)
            && levels != (listed.win_at, listed.check_at)
        {
            return Some(format!(
                "{} {}: exits at {levels:?} from the captures, the rules say {listed:?}",
                self.name(),
                self.decode_index(index).fen()
            ));
        }
        (fast != listed).then(|| {
            format!(
                "{} {}: moves summarised as {fast:?}, the rules say {listed:?}",
                self.name(),
                self.decode_index(index).fen()
            )
        })
    }
}

#[cfg(any(test, feature = "verify"))]
impl Endgame {
    /// Compares the block un-moves of `block` with the un-moves of its positions, on the
    /// mask of all its legal positions and on every other one of them. Without `distinct`,
    /// the blocks must cover every predecessor and add only illegal positions; with it, each
    /// legal position must appear once per position of the mask it reaches.
    fn block_disagreement(&self, block: usize) -> Option<String> {
        use std::collections::BTreeMap;
        let legal: u64 = (0..64)
            .filter(|&b| self.kernel_terminal(block * 64 + b).is_some())
            .fold(0, |m, b| m | 1u64 << b);
        let every_other = squares(legal).step_by(2).fold(0, |m, b| m | 1u64 << b);
        for mask in [legal, every_other] {
            if mask == 0 {
                continue;
            }
            // Each predecessor with the number of positions of the mask it reaches.
            let mut expected: BTreeMap<usize, u32> = BTreeMap::new();
            let mut preds = Vec::new();
            for b in squares(mask) {
                preds.clear();
                self.kernel_predecessors(block * 64 + usize::from(b), &mut preds, true);
                preds.sort_unstable();
                preds.dedup();
                for &q in &preds {
                    *expected.entry(q).or_default() += 1;
                }
            }
            for distinct in [false, true] {
                let mut pairs = Vec::new();
                if !self.kernel_block_predecessors(block, mask, distinct, &mut pairs) {
                    continue;
                }
                let mut found: BTreeMap<usize, u32> = BTreeMap::new();
                for &(b, m) in &pairs {
                    for q in squares(m) {
                        *found.entry(b * 64 + usize::from(q)).or_default() += 1;
                    }
                }
                let name = self.name();
                if let Some(q) = expected.keys().find(|q| !found.contains_key(q)) {
                    return Some(format!(
                        "{name} block {block} mask {mask:#x} (distinct {distinct}): \
                         predecessor {q} missing"
                    ));
                }
                for (&q, &n) in &found {
                    let want = expected.get(&q).copied();
                    let legal_q = self.kernel_terminal(q).is_some();
                    let bad = match want {
                        None => legal_q,
                        Some(w) => distinct && n != w,
                    };
                    if bad {
                        return Some(format!(
                            "{name} block {block} mask {mask:#x} (distinct {distinct}): \
                             index {q} found {n} times, expected {want:?}"
                        ));
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Endgame, NAMES, Scheme};

    #[test]
    fn kernel_matches_the_position_rules() {
        for name in NAMES.iter().chain(&["krkn", "kbkq", "knkb"]) {
            for scheme in [Scheme::Reduced, Scheme::Raw] {
                let endgame = Endgame::parse(name, scheme, None).unwrap();
                let step = (endgame.index_count() / 40_000).max(1) | 1;
                for index in (0..endgame.index_count()).step_by(step) {
                    assert_eq!(endgame.kernel_disagreement(index), None);
                }
                // Block starts, where the block classification is compared too.
                let blocks = (endgame.index_count() / 64 / 300).max(1) * 64 + 64;
                for index in (0..endgame.index_count()).step_by(blocks) {
                    assert_eq!(endgame.kernel_disagreement(index), None);
                }
            }
        }
        let fixed = Endgame::parse("kqk-fixed", Scheme::Raw, crate::chess::Square::new(0)).unwrap();
        for index in 0..fixed.index_count() {
            assert_eq!(fixed.kernel_disagreement(index), None);
        }
    }
}
