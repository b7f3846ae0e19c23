//! Board geometry and every table of it: the symmetries of the board, attacks of every piece
//! on bitboards, the lines and rays between squares, king steps on masks, the long diagonals,
//! square names.

use super::{Piece, Position};

/// The triangle a1, b1, c1, d1, b2, c2, d2, c3, d3, d4.
pub(super) const TRIANGLE: [u8; 10] = [0, 1, 2, 3, 9, 10, 11, 18, 19, 27];

pub(super) fn transform(sq: u8, sym: u8) -> u8 {
    TRANSFORM[sym as usize][sq as usize]
}

pub(super) const fn transform_slow(sq: u8, sym: u8) -> u8 {
    let (mut f, mut r) = (sq & 7, sq >> 3);
    if sym & 1 != 0 {
        f = 7 - f;
    }
    if sym & 2 != 0 {
        r = 7 - r;
    }
    if sym & 4 != 0 {
        let t = f;
        f = r;
        r = t;
    }
    r * 8 + f
}

/// The slot of each triangle square in the reduced index (other squares unused).
pub(super) static TRIANGLE_SLOT: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut i = 0;
    while i < TRIANGLE.len() {
        table[TRIANGLE[i] as usize] = i as u8;
        i += 1;
    }
    table
};

/// `TRANSFORM[sym][sq]`: the image of a square under each of the 8 board symmetries.
pub(super) static TRANSFORM: [[u8; 64]; 8] = {
    let mut table = [[0u8; 64]; 8];
    let mut sym = 0;
    while sym < 8 {
        let mut sq = 0;
        while sq < 64 {
            table[sym][sq] = transform_slow(sq as u8, sym as u8);
            sq += 1;
        }
        sym += 1;
    }
    table
};

/// For each white-king square, the symmetries that bring it into the triangle (one, or two
/// for squares on a diagonal of the board).
pub(super) static KING_SYMS: [([u8; 2], u8); 64] = {
    let mut table = [([0u8; 2], 0u8); 64];
    let mut sq = 0;
    while sq < 64 {
        let mut sym = 0;
        while sym < 8 {
            let image = transform_slow(sq as u8, sym as u8);
            let mut t = 0;
            while t < TRIANGLE.len() {
                if TRIANGLE[t] == image {
                    let n = table[sq].1 as usize;
                    if n < 2 {
                        table[sq].0[n] = sym as u8;
                        table[sq].1 += 1;
                    }
                }
                t += 1;
            }
            sym += 1;
        }
        sq += 1;
    }
    table
};

/// The image of a position under one symmetry, identical pieces sorted by square.
pub(super) fn image(pos: &Position, sym: u8) -> Position {
    let t = &TRANSFORM[sym as usize];
    let mut out = *pos;
    out.wk = t[pos.wk as usize];
    out.bk = t[pos.bk as usize];
    for p in out.pieces.iter_mut().chain(out.black.iter_mut()) {
        p.1 = t[p.1 as usize];
    }
    sort_identical(&mut out.pieces);
    sort_identical(&mut out.black);
    out
}

/// Orders each run of identical pieces (adjacent in an endgame's piece list) by square.
pub(super) fn sort_identical(pieces: &mut [(super::Piece, u8)]) {
    // At most three pieces: an insertion sort within runs of one kind.
    for i in 1..pieces.len() {
        let mut j = i;
        while j > 0 && pieces[j - 1].0 == pieces[j].0 && pieces[j - 1].1 > pieces[j].1 {
            pieces.swap(j - 1, j);
            j -= 1;
        }
    }
}

pub(super) fn square_colour(sq: u8) -> u8 {
    ((sq & 7) + (sq >> 3)) & 1
}

/// The squares of a bitboard, lowest first.
pub(super) fn squares(mut bits: u64) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        (bits != 0).then(|| {
            let sq = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            sq
        })
    })
}

/// The name of a square, such as `e4`.
#[must_use]
pub fn square_name(sq: u8) -> String {
    format!("{}{}", (b'a' + (sq & 7)) as char, (sq >> 3) + 1)
}

pub(super) fn occupancy(pos: &Position) -> u64 {
    pos.pieces
        .iter()
        .chain(pos.black.iter())
        .fold(1u64 << pos.wk | 1u64 << pos.bk, |o, &(_, sq)| o | 1 << sq)
}

/// Squares attacked by Black (king and pieces) with the given occupancy.
pub(super) fn black_attacks(pos: &Position, occupied: u64) -> u64 {
    pos.black
        .iter()
        .fold(KING[pos.bk as usize], |acc, &(p, sq)| {
            acc | attacks(p, sq, occupied)
        })
}

/// Squares attacked by White (king and pieces) with the given occupancy.
pub(super) fn white_attacks(pos: &Position, occupied: u64) -> u64 {
    pos.pieces
        .iter()
        .fold(KING[pos.wk as usize], |acc, &(p, sq)| {
            acc | attacks(p, sq, occupied)
        })
}

pub(super) fn attacks(piece: Piece, sq: u8, occupied: u64) -> u64 {
    match piece {
        Piece::Knight => KNIGHT[sq as usize],
        Piece::Rook => slide(sq, occupied, &[0, 1, 2, 3]),
        Piece::Bishop => slide(sq, occupied, &[4, 5, 6, 7]),
        Piece::Queen => slide(sq, occupied, &[0, 1, 2, 3, 4, 5, 6, 7]),
    }
}

/// Directions: 0 north, 1 east, 2 south, 3 west, 4 north-east, 5 north-west, 6 south-east,
/// 7 south-west. Directions 0, 1, 4, 5 increase the square number.
pub(super) const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// Sliding attacks along the given directions: each ray up to and including its first blocker.
pub(super) fn slide(sq: u8, occupied: u64, dirs: &[usize]) -> u64 {
    let mut out = 0;
    for &d in dirs {
        let ray = RAYS[d][sq as usize];
        let blockers = ray & occupied;
        if blockers == 0 {
            out |= ray;
        } else {
            let first = if matches!(d, 0 | 1 | 4 | 5) {
                blockers.trailing_zeros()
            } else {
                63 - blockers.leading_zeros()
            };
            out |= ray & !RAYS[d][first as usize];
        }
    }
    out
}

pub(super) const fn leaper_table(steps: [(i8, i8); 8]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < 8 {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

pub(super) static KING: [u64; 64] = leaper_table([
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
]);
pub(super) static KNIGHT: [u64; 64] = leaper_table([
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
]);

/// Whether `sq` is on the long diagonal a1–h8 (the squares a reflection in it keeps).
pub(super) fn on_diagonal(sq: u8) -> bool {
    sq % 8 == sq / 8
}

/// Whether `sq` is on the long diagonal a8–h1.
pub(super) fn on_anti_diagonal(sq: u8) -> bool {
    sq % 8 + sq / 8 == 7
}

/// `sq` reflected in the long diagonal a1–h8 (file and rank swapped).
pub(super) fn reflect_diagonal(sq: u8) -> u8 {
    (sq % 8) * 8 + sq / 8
}

/// `sq` reflected in the long diagonal a8–h1.
pub(super) fn reflect_anti_diagonal(sq: u8) -> u8 {
    (7 - sq % 8) * 8 + (7 - sq / 8)
}

/// `LINE[a][b]`: 1 when `a` and `b` share a rank or file, 2 when they share a diagonal, else 0.
pub(super) static LINE: [[u8; 64]; 64] = line_tables().line;
/// `BETWEEN[a][b]`: the squares strictly between two squares on a common line (else empty).
pub(super) static BETWEEN: [[u64; 64]; 64] = line_tables().between;
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

/// The king's eight steps as (shift, the squares that may take it): a square `b` of a mask
/// goes to `b + shift` when it is in the second mask (no wrap round the board's edge).
pub(super) const KING_STEPS: [(i8, u64); 8] = {
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
pub(super) fn step_mask(mask: u64, (shift, from): (i8, u64)) -> u64 {
    let m = mask & from;
    if shift >= 0 { m << shift } else { m >> -shift }
}

/// The squares of `mask` mapped by the square map `t` (unchanged for the identity).
#[inline]
pub(super) fn map_mask(mask: u64, t: &[u8; 64], identity: bool) -> u64 {
    if identity {
        return mask;
    }
    squares(mask).fold(0, |m, b| m | 1u64 << t[b as usize])
}
