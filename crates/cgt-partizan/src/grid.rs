//! Rectangular boards written as text, shared by the grid rulesets (Domineering, Clobber): the
//! size limit and the reader of rows.

use crate::{PartizanError, Player};

/// The most squares a board may have (rows × columns).
pub const MAX_CELLS: usize = 64;

/// Refuses a board with no square or more than [`MAX_CELLS`].
pub(crate) fn check_size(rows: usize, cols: usize) -> Result<(), PartizanError> {
    if rows == 0 || cols == 0 {
        return Err(PartizanError::parse(
            &format!("{rows}x{cols}"),
            "a board needs at least one row and one column",
        ));
    }
    if rows.saturating_mul(cols) > MAX_CELLS {
        return Err(PartizanError::TooLarge {
            message: format!(
                "a {rows} x {cols} board has {} squares; boards are limited to {MAX_CELLS}",
                rows.saturating_mul(cols)
            ),
        });
    }
    Ok(())
}

/// Reads rows of `symbols` (other characters refused, `what` names the board in messages)
/// separated by `/` or new lines: the number of rows and columns and the cells row by row.
pub(crate) fn parse_grid(
    text: &str,
    symbols: &[char],
    what: &str,
) -> Result<(usize, usize, Vec<char>), PartizanError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(PartizanError::parse(text, format!("empty {what}")));
    }
    let rows: Vec<&str> = trimmed.split(['/', '\n']).map(str::trim).collect();
    // An empty row between rows (`xo//ox`, `../`) is a typing slip, not a row to drop.
    if let Some(k) = rows.iter().position(|r| r.is_empty()) {
        return Err(PartizanError::parse(
            text,
            format!(
                "row {} of the {what} is empty; separate rows by one '/' or one line break",
                k + 1
            ),
        ));
    }
    let first = rows[0];
    let cols = first.chars().count();
    let mut cells = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        if row.chars().count() != cols {
            return Err(PartizanError::parse(
                text,
                format!(
                    "row {} has {} squares, row 1 has {cols}; rows must be equally long",
                    k + 1,
                    row.chars().count()
                ),
            ));
        }
        for c in row.chars() {
            if !symbols.contains(&c) {
                let listed: Vec<String> = symbols.iter().map(|s| format!("'{s}'")).collect();
                return Err(PartizanError::parse(
                    text,
                    format!("unexpected {c:?} in a {what}: use {}", listed.join(", ")),
                ));
            }
            cells.push(c);
        }
    }
    check_size(rows.len(), cols)?;
    Ok((rows.len(), cols, cells))
}

/// The accessors of a board of at most 64 squares kept as `rows: u8`, `cols: u8` and bit
/// masks (bit `row · cols + col`): `rows` and `cols`, and for the module its [`Shape`] and the
/// bit of a square. Each grid ruleset's board says `rectangle!(Board);` instead of writing
/// them again.
macro_rules! rectangle {
    ($board:ty) => {
        impl $board {
            /// Rows (the first is the top row as written).
            #[must_use]
            pub fn rows(&self) -> usize {
                usize::from(self.rows)
            }

            /// Columns.
            #[must_use]
            pub fn cols(&self) -> usize {
                usize::from(self.cols)
            }

            /// The board's rectangle, for the geometry the grid games share.
            #[allow(dead_code)] // not every board needs it
            fn shape(&self) -> $crate::grid::Shape {
                $crate::grid::Shape {
                    rows: self.rows(),
                    cols: self.cols(),
                }
            }

            /// The bit of `(row, col)`; `None` off the board.
            #[allow(dead_code)] // not every board needs it
            fn bit(&self, row: usize, col: usize) -> Option<u64> {
                (row < self.rows() && col < self.cols()).then(|| 1u64 << (row * self.cols() + col))
            }
        }
    };
}
pub(crate) use rectangle;

/// A board written as rows of symbols, kept as one bit mask per symbol (the empty square has
/// none): how it is read and written is [`read_marked`] and [`write_marked`], once for every
/// such board.
pub(crate) trait Marked<const N: usize>: Sized {
    /// What messages call the board (`"Konane board"`).
    const WHAT: &'static str;
    /// The characters a board may hold, in the order messages list them.
    const ALLOWED: &'static [char];
    /// The symbol of each mask.
    const SYMBOLS: [char; N];
    /// The board of `shape` with these masks.
    fn with(shape: Shape, masks: [u64; N]) -> Self;
    /// Its rectangle.
    fn rectangle(&self) -> Shape;
    /// Its masks, in the order of [`Marked::SYMBOLS`].
    fn masks(&self) -> [u64; N];
}

/// A [`Marked`] board from its rows.
pub(crate) fn read_marked<const N: usize, B: Marked<N>>(text: &str) -> Result<B, PartizanError> {
    let (rows, cols, cells) = parse_grid(text, B::ALLOWED, B::WHAT)?;
    debug_assert!(rows * cols <= MAX_CELLS);
    Ok(B::with(Shape { rows, cols }, masks_of(&cells, B::SYMBOLS)))
}

/// A [`Marked`] board's rows, `.` for a square in no mask.
pub(crate) fn write_marked<const N: usize, B: Marked<N>>(
    f: &mut core::fmt::Formatter<'_>,
    board: &B,
) -> core::fmt::Result {
    let marks: Vec<(u64, char)> = board.masks().into_iter().zip(B::SYMBOLS).collect();
    write_rows(f, board.rectangle(), |i| symbol_at(i, &marks, '.'))
}

/// A [`Marked`] board's `with`, `rectangle` and `masks`, and its `FromStr` and `Display`
/// through [`read_marked`] and [`write_marked`]: `marked!(Board { x, o }, "Konane board",
/// ['x', 'o', '.'], ['x', 'o'])` for a board whose fields are `rows`, `cols` and the masks,
/// each mask with the symbol in the same place of the last list.
macro_rules! marked {
    ($board:ident { $($mask:ident),+ }, $what:literal, [$($allowed:literal),+], [$($symbol:literal),+]) => {
        impl $crate::grid::Marked<{ [$($symbol),+].len() }> for $board {
            const WHAT: &'static str = $what;
            const ALLOWED: &'static [char] = &[$($allowed),+];
            const SYMBOLS: [char; { [$($symbol),+].len() }] = [$($symbol),+];

            fn with(
                shape: $crate::grid::Shape,
                [$($mask),+]: [u64; { [$($symbol),+].len() }],
            ) -> $board {
                $board {
                    rows: shape.rows as u8,
                    cols: shape.cols as u8,
                    $($mask),+
                }
            }

            fn rectangle(&self) -> $crate::grid::Shape {
                self.shape()
            }

            fn masks(&self) -> [u64; { [$($symbol),+].len() }] {
                [$(self.$mask),+]
            }
        }

        impl core::str::FromStr for $board {
            type Err = $crate::PartizanError;

            fn from_str(s: &str) -> Result<$board, $crate::PartizanError> {
                $crate::grid::read_marked(s)
            }
        }

        impl core::fmt::Display for $board {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                $crate::grid::write_marked(f, self)
            }
        }
    };
}
pub(crate) use marked;

/// Whose piece is on the square of `bit`: Left's when it is in `left`, Right's in `right`.
pub(crate) fn owner(left: u64, right: u64, bit: u64) -> Option<Player> {
    if left & bit != 0 {
        Some(Player::Left)
    } else if right & bit != 0 {
        Some(Player::Right)
    } else {
        None
    }
}

/// The geometry of a rectangular board of at most 64 squares, square `(r, c)` at bit
/// `r·cols + c`: neighbourhoods, cropping and the symmetries of the rectangle, on any number
/// of masks at once (one per kind of square a game keeps).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
}

impl Shape {
    /// Every square of the board.
    pub(crate) fn all(self) -> u64 {
        let n = self.rows * self.cols;
        if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
    }

    /// The squares of column `col`: one bit every `cols` bits, as `(2^(rows·cols) − 1) /
    /// (2^cols − 1)` (exact, `rows·cols ≤ 64`), moved to the column.
    pub(crate) fn col_mask(self, col: usize) -> u64 {
        (self.all() / low_bits(self.cols)) << col
    }

    /// Squares orthogonally next to a square of `m`.
    pub(crate) fn around(self, m: u64) -> u64 {
        let w = self.cols as u32;
        let first = self.col_mask(0);
        let last = self.col_mask(self.cols - 1);
        let up = m.checked_shr(w).unwrap_or(0);
        let down = m.checked_shl(w).unwrap_or(0);
        (up | down | ((m & !last) << 1) | ((m & !first) >> 1)) & self.all()
    }

    /// Squares next to a square of `m` orthogonally or diagonally (a king's step).
    pub(crate) fn king_around(self, m: u64) -> u64 {
        let first = self.col_mask(0);
        let last = self.col_mask(self.cols - 1);
        let row = m | ((m & !last) << 1) | ((m & !first) >> 1);
        let w = self.cols as u32;
        (row | row.checked_shr(w).unwrap_or(0) | row.checked_shl(w).unwrap_or(0)) & self.all()
    }

    /// The connected groups of `squares` (by `step`, a neighbourhood), each as a mask, in the
    /// order of their lowest squares.
    pub(crate) fn groups(self, squares: u64, step: impl Fn(u64) -> u64) -> Vec<u64> {
        groups(squares, step)
    }

    /// The board cut down to the bounding rectangle of `keep`, with each mask of `masks`
    /// restricted to `keep` and moved along.
    pub(crate) fn crop<const N: usize>(self, keep: u64, masks: [u64; N]) -> (Shape, [u64; N]) {
        if keep == 0 {
            return (Shape { rows: 1, cols: 1 }, [0; N]);
        }
        if self.rows <= 8 && self.cols <= 8 {
            return self.crop_packed(keep, masks);
        }
        let w = self.cols;
        let row = |m: u64, r: usize| (m >> (r * w)) & low_bits(w);
        let (mut r0, mut r1, mut any) = (None, 0, 0u64);
        for r in 0..self.rows {
            let bits = row(keep, r);
            if bits != 0 {
                r0.get_or_insert(r);
                r1 = r;
                any |= bits;
            }
        }
        let Some(r0) = r0 else {
            return (Shape { rows: 1, cols: 1 }, [0; N]);
        };
        let c0 = any.trailing_zeros() as usize;
        let c1 = 63 - any.leading_zeros() as usize;
        let shape = Shape {
            rows: r1 - r0 + 1,
            cols: c1 - c0 + 1,
        };
        let mut out = [0u64; N];
        for (o, m) in out.iter_mut().zip(masks) {
            for r in r0..=r1 {
                *o |= (row(m & keep, r) >> c0) << ((r - r0) * shape.cols);
            }
        }
        (shape, out)
    }

    /// [`Shape::crop`] of a board within 8 × 8 (`keep` not empty), one row per byte: the
    /// rectangle's first row is the lowest non-zero byte and its first column the lowest bit
    /// of any byte, so one shift moves it to the corner (the bits a byte takes from the next
    /// byte lie left of the rectangle and are zero).
    fn crop_packed<const N: usize>(self, keep: u64, masks: [u64; N]) -> (Shape, [u64; N]) {
        let k = self.pack(keep);
        let r0 = k.trailing_zeros() as usize / 8;
        let r1 = (63 - k.leading_zeros() as usize) / 8;
        let mut any = k | k >> 32;
        any |= any >> 16;
        any = (any | any >> 8) & 0xff;
        let c0 = any.trailing_zeros() as usize;
        let c1 = 63 - any.leading_zeros() as usize;
        let shape = Shape {
            rows: r1 - r0 + 1,
            cols: c1 - c0 + 1,
        };
        let out = masks.map(|m| shape.unpack(self.pack(m & keep) >> (8 * r0 + c0)));
        (shape, out)
    }

    /// A mask of a board within 8 × 8 with one row per byte (row `r` in byte `r`): rows 4–7
    /// moved to the high half, then in each half rows 2–3 to its upper 16 bits, then in each
    /// 16 bits the odd row to the upper byte — three steps whatever the shape.
    pub(crate) fn pack(self, m: u64) -> u64 {
        let w = self.cols;
        let m = m & low_bits(self.rows * w);
        let x = (m & low_bits(4 * w)) | (m >> (4 * w)) << 32;
        let two = 0x0000_0001_0000_0001 * low_bits(2 * w);
        let x = (x & two) | ((x >> (2 * w)) & two) << 16;
        let one = 0x0001_0001_0001_0001 * low_bits(w);
        (x & one) | ((x >> w) & one) << 8
    }

    /// The inverse of [`Shape::pack`] (bits beyond the shape's columns and rows dropped): the
    /// steps of [`Shape::pack`] in reverse.
    pub(crate) fn unpack(self, p: u64) -> u64 {
        let w = self.cols;
        let one = 0x0001_0001_0001_0001 * low_bits(w);
        let x = (p & one) | ((p >> 8) & one) << w;
        let two = 0x0000_0001_0000_0001 * low_bits(2 * w);
        let x = (x & two) | ((x >> 16) & two) << (2 * w);
        let four = low_bits(4 * w);
        ((x & four) | ((x >> 32) & four) << (4 * w)) & low_bits(self.rows * w)
    }

    /// The shape of the image under a symmetry.
    fn image_shape(self, transpose: bool) -> Shape {
        if transpose {
            Shape {
                rows: self.cols,
                cols: self.rows,
            }
        } else {
            self
        }
    }

    /// A packed mask's image under a symmetry, by byte and bit shuffles: transposed (bit `c` of
    /// byte `r` to bit `r` of byte `c`), then the rows and the columns of the image's shape
    /// `to` reversed.
    fn packed_image(p: u64, to: Shape, transpose: bool, flip_rows: bool, flip_cols: bool) -> u64 {
        let mut x = if transpose { transpose8(p) } else { p };
        if flip_rows {
            x = to.flip_packed_rows(x);
        }
        if flip_cols {
            x = to.flip_packed_cols(x);
        }
        x
    }

    /// A packed mask with its rows in reverse order.
    pub(crate) fn flip_packed_rows(self, x: u64) -> u64 {
        x.swap_bytes() >> (8 * (8 - self.rows))
    }

    /// A packed mask with each row reversed.
    pub(crate) fn flip_packed_cols(self, x: u64) -> u64 {
        x.reverse_bits().swap_bytes() >> (8 - self.cols)
    }

    /// The masks' images under a symmetry of the rectangle (transposed first, then rows and
    /// columns reversed), with the shape of the image.
    pub(crate) fn image<const N: usize>(
        self,
        transpose: bool,
        flip_rows: bool,
        flip_cols: bool,
        masks: [u64; N],
    ) -> (Shape, [u64; N]) {
        if self.rows > 8 || self.cols > 8 {
            return self.image_by_cells(transpose, flip_rows, flip_cols, masks);
        }
        let to = self.image_shape(transpose);
        let out = masks.map(|m| {
            to.unpack(Shape::packed_image(
                self.pack(m),
                to,
                transpose,
                flip_rows,
                flip_cols,
            ))
        });
        (to, out)
    }

    /// [`Shape::image`] square by square, for any shape.
    fn image_by_cells<const N: usize>(
        self,
        transpose: bool,
        flip_rows: bool,
        flip_cols: bool,
        masks: [u64; N],
    ) -> (Shape, [u64; N]) {
        let (h, w) = (self.rows, self.cols);
        let (nh, nw) = if transpose { (w, h) } else { (h, w) };
        let mut out = [0u64; N];
        for i in 0..h * w {
            let (mut r, mut c) = (i / w, i % w);
            if transpose {
                core::mem::swap(&mut r, &mut c);
            }
            if flip_rows {
                r = nh - 1 - r;
            }
            if flip_cols {
                c = nw - 1 - c;
            }
            let j = 1u64 << (r * nw + c);
            for (o, m) in out.iter_mut().zip(masks) {
                if m >> i & 1 == 1 {
                    *o |= j;
                }
            }
        }
        (Shape { rows: nh, cols: nw }, out)
    }

    /// The least image of `masks` under the eight symmetries, as a shape and masks: a normal
    /// form. Each image gives its candidates, `candidates(transposed, image)`: the image's
    /// masks reordered (the board's fields, compared in that order after the shape: a
    /// candidate may only permute the masks, which it is given packed on small boards) and
    /// whether it stands for the negative (a symmetry that exchanges the players). The first
    /// least candidate wins, the identity's first.
    ///
    /// Boards compare by rows first: on a board that is not square, the images with more rows
    /// than columns are never the least and are not built, so every image compared has one
    /// shape. Within 8 × 8 the images are compared packed (one row per byte, which keeps the
    /// order of masks of one shape) and only the least is unpacked.
    pub(crate) fn least_image<const N: usize, C: IntoIterator<Item = ([u64; N], bool)>>(
        self,
        masks: [u64; N],
        candidates: impl Fn(bool, [u64; N]) -> C,
    ) -> (Shape, [u64; N], bool) {
        let small = self.rows <= 8 && self.cols <= 8;
        let packed = if small {
            masks.map(|m| self.pack(m))
        } else {
            [0; N]
        };
        let mut best: Option<([u64; N], bool)> = None;
        let mut shape = self;
        let mut consider = |transpose: bool, image: [u64; N]| {
            for c in candidates(transpose, image) {
                if best.as_ref().is_none_or(|b| c.0 < b.0) {
                    best = Some(c);
                }
            }
        };
        for transpose in [false, true] {
            // The images' rows: `cols` when transposed. More than the other four's: skipped.
            let rows = if transpose { self.cols } else { self.rows };
            if rows > self.rows.min(self.cols) {
                continue;
            }
            shape = self.image_shape(transpose);
            if small {
                // One transposition and one reversal of the rows serve four images each, in
                // the order of `SYMMETRIES` (columns reversed last).
                let to = shape;
                let base = if transpose {
                    packed.map(transpose8)
                } else {
                    packed
                };
                let flipped = base.map(|x| to.flip_packed_rows(x));
                consider(transpose, base);
                consider(transpose, base.map(|x| to.flip_packed_cols(x)));
                consider(transpose, flipped);
                consider(transpose, flipped.map(|x| to.flip_packed_cols(x)));
            } else {
                for (t, flip_rows, flip_cols) in Shape::SYMMETRIES {
                    if t == transpose {
                        let (_, image) = self.image_by_cells(t, flip_rows, flip_cols, masks);
                        consider(transpose, image);
                    }
                }
            }
        }
        let (least, negated) = best.expect("the identity gives a candidate");
        let least = if small {
            least.map(|p| shape.unpack(p))
        } else {
            least
        };
        (shape, least, negated)
    }

    /// The eight symmetries of the rectangle, as `image`'s flags (the identity first).
    pub(crate) const SYMMETRIES: [(bool, bool, bool); 8] = [
        (false, false, false),
        (false, false, true),
        (false, true, false),
        (false, true, true),
        (true, false, false),
        (true, false, true),
        (true, true, false),
        (true, true, true),
    ];
}

/// Reads a board of `symbols` into one mask per symbol (bit `i` for cell `i`): what
/// [`parse_grid`] read, as the games keep it.
pub(crate) fn masks_of<const N: usize>(cells: &[char], symbols: [char; N]) -> [u64; N] {
    let mut masks = [0u64; N];
    for (i, c) in cells.iter().enumerate() {
        if let Some(k) = symbols.iter().position(|s| s == c) {
            masks[k] |= 1 << i;
        }
    }
    masks
}

/// Writes a board as rows separated by `/`, cell `i` as `symbol(i)`.
pub(crate) fn write_rows(
    f: &mut core::fmt::Formatter<'_>,
    shape: Shape,
    symbol: impl Fn(usize) -> char,
) -> core::fmt::Result {
    use core::fmt::Write;
    for r in 0..shape.rows {
        if r > 0 {
            f.write_char('/')?;
        }
        for c in 0..shape.cols {
            f.write_char(symbol(r * shape.cols + c))?;
        }
    }
    Ok(())
}

/// The symbol of cell `i`: the first of `marks` whose mask holds it, else `otherwise`.
pub(crate) fn symbol_at(i: usize, marks: &[(u64, char)], otherwise: char) -> char {
    marks
        .iter()
        .find(|(m, _)| m >> i & 1 == 1)
        .map_or(otherwise, |&(_, c)| c)
}

/// The connected groups of `cells` (by `step`, a neighbourhood of a set of cells), each as a
/// mask, in the order of their lowest cells: squares of a board or vertices of a graph.
pub(crate) fn groups(mut cells: u64, step: impl Fn(u64) -> u64) -> Vec<u64> {
    let mut out = Vec::new();
    while cells != 0 {
        let mut group = cells & cells.wrapping_neg();
        loop {
            let grown = (group | step(group)) & cells;
            if grown == group {
                break;
            }
            group = grown;
        }
        cells &= !group;
        out.push(group);
    }
    out
}

/// The lowest `n` bits set (`n ≤ 64`).
pub(crate) fn low_bits(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// Transposes an 8 × 8 bit matrix held one row per byte (bit `c` of byte `r` moves to bit `r`
/// of byte `c`), by three rounds of block swaps.
pub(crate) fn transpose8(mut x: u64) -> u64 {
    let mut t = (x ^ (x >> 7)) & 0x00aa_00aa_00aa_00aa;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000_cccc_0000_cccc;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x0000_0000_f0f0_f0f0;
    x ^= t ^ (t << 28);
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board cut down square by square: the reference for [`Shape::crop`].
    fn crop_by_cells<const N: usize>(s: Shape, keep: u64, masks: [u64; N]) -> (Shape, [u64; N]) {
        let w = s.cols;
        let bits: Vec<usize> = (0..64).filter(|&i| keep >> i & 1 == 1).collect();
        let r0 = bits.iter().map(|i| i / w).min().unwrap_or(0);
        let r1 = bits.iter().map(|i| i / w).max().unwrap_or(0);
        let c0 = bits.iter().map(|i| i % w).min().unwrap_or(0);
        let c1 = bits.iter().map(|i| i % w).max().unwrap_or(0);
        let shape = Shape {
            rows: r1 - r0 + 1,
            cols: c1 - c0 + 1,
        };
        let mut out = [0u64; N];
        for i in bits {
            let j = 1u64 << ((i / w - r0) * shape.cols + (i % w - c0));
            for (o, m) in out.iter_mut().zip(masks) {
                if m >> i & 1 == 1 {
                    *o |= j;
                }
            }
        }
        (shape, out)
    }

    #[test]
    fn the_least_image_is_the_least_of_all_eight() {
        let mut seed = 7u64;
        for rows in 1..=10 {
            for cols in 1..=64 / rows {
                let s = Shape { rows, cols };
                for _ in 0..20 {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let masks = [seed & s.all(), seed.rotate_left(29) & s.all()];
                    let all = Shape::SYMMETRIES.map(|(t, fr, fc)| {
                        let (to, image) = s.image_by_cells(t, fr, fc, masks);
                        ((to.rows, to.cols, image), t)
                    });
                    let least = all.iter().min_by_key(|c| c.0).copied();
                    let (to, image, t) = s.least_image(masks, |t, image| [(image, t)]);
                    assert_eq!(Some(((to.rows, to.cols, image), t)), least, "{rows}x{cols}");
                }
            }
        }
    }

    #[test]
    fn a_column_is_one_square_every_row() {
        for rows in 1..=64 {
            for cols in 1..=64 / rows {
                let s = Shape { rows, cols };
                for col in 0..cols {
                    let by_rows = (0..rows).fold(0u64, |m, r| m | 1 << (r * cols + col));
                    assert_eq!(s.col_mask(col), by_rows, "{rows}x{cols} column {col}");
                }
            }
        }
    }

    #[test]
    fn packing_moves_each_row_to_its_byte_and_back() {
        let mut seed = 99u64;
        for rows in 1..=8 {
            for cols in 1..=8 {
                let s = Shape { rows, cols };
                for _ in 0..200 {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let m = seed;
                    let by_rows = (0..rows).fold(0, |p, r| {
                        p | ((m >> (r * cols)) & low_bits(cols)) << (8 * r)
                    });
                    assert_eq!(s.pack(m), by_rows, "{rows}x{cols} {m:#x}");
                    assert_eq!(s.unpack(by_rows), m & s.all(), "{rows}x{cols} {m:#x}");
                    // Bits outside the shape's bytes and columns are dropped.
                    assert_eq!(s.unpack(seed.rotate_left(7) | by_rows) & !s.all(), 0);
                }
            }
        }
    }

    #[test]
    fn shuffled_images_and_crops_match_the_square_by_square_ones() {
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed
        };
        let mut checked = 0;
        for rows in 1..=64 {
            for cols in 1..=64 / rows {
                let s = Shape { rows, cols };
                for _ in 0..20 {
                    let masks = [next() & s.all(), next() & s.all(), s.all()];
                    for (t, fr, fc) in Shape::SYMMETRIES {
                        assert_eq!(
                            s.image(t, fr, fc, masks),
                            s.image_by_cells(t, fr, fc, masks),
                            "{rows}x{cols}"
                        );
                    }
                    let keep = next() & next() & s.all();
                    assert_eq!(s.crop(keep, masks), crop_by_cells(s, keep, masks));
                    checked += 1;
                }
            }
        }
        assert!(checked > 2000, "{checked}");
    }
}
