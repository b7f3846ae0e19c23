//! Domineering: Left places vertical dominoes, Right horizontal ones, on the empty squares of a
//! board; the player who cannot place one loses.
//!
//! Boards are rows of `.` (empty) and `#` (blocked), separated by `/` or new lines, or `RxC` for
//! an empty rectangle of R rows and C columns; at most 64 squares in the bounding rectangle.
//! The search splits a board into its regions (connected empty squares) and keys each region by
//! the least of its eight images under the symmetries of the rectangle; the four that exchange
//! rows and columns also exchange the players, so they negate the value. A region where only one
//! player can ever move is an integer, counted without search.

use core::fmt;
use core::str::FromStr;

use crate::PartizanError;
use crate::arena::{Arena, GameId, Player};
use crate::search::PartizanGame;

/// The most squares a board may have (rows × columns).
pub const MAX_CELLS: usize = 64;

/// A Domineering position: the empty squares of a rectangle of at most 64 squares.
///
/// ```
/// use cgt_partizan::domineering::{Board, Domineering};
/// use cgt_partizan::{Arena, Evaluator};
///
/// let mut arena = Arena::new();
/// let mut ev = Evaluator::new(Domineering);
/// let board: Board = "2x2".parse()?;
/// let v = ev.value(&mut arena, &board)?;
/// assert_eq!(arena.display(v), "+-1");
/// let l: Board = "../.#".parse()?; // an L of three squares
/// let v = ev.value(&mut arena, &l)?;
/// assert_eq!(arena.display(v), "*");
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    rows: u8,
    cols: u8,
    /// Bit `r·cols + c` is set for an empty square.
    empty: u64,
}

impl Board {
    /// An empty `rows × cols` rectangle.
    ///
    /// # Errors
    /// [`PartizanError::TooLarge`] beyond 64 squares, [`PartizanError::Parse`] for a side of 0.
    pub fn rectangle(rows: usize, cols: usize) -> Result<Board, PartizanError> {
        check_size(rows, cols)?;
        let n = rows * cols;
        let empty = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Ok(Board {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        })
    }

    /// Rows of the bounding rectangle.
    #[must_use]
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Columns of the bounding rectangle.
    #[must_use]
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// Whether the square at `(row, col)` is empty (`false` outside the board).
    #[must_use]
    pub fn is_empty_at(&self, row: usize, col: usize) -> bool {
        row < self.rows() && col < self.cols() && self.empty >> (row * self.cols() + col) & 1 == 1
    }

    /// Empty squares.
    #[must_use]
    pub fn empty_squares(&self) -> u32 {
        self.empty.count_ones()
    }

    fn col_mask(&self, col: usize) -> u64 {
        let mut m = 0u64;
        for r in 0..self.rows() {
            m |= 1 << (r * self.cols() + col);
        }
        m
    }

    /// Squares whose square below is empty too: where Left's dominoes can go (top square).
    fn vertical(&self) -> u64 {
        self.empty & shr(self.empty, u32::from(self.cols))
    }

    /// Squares whose right neighbour is empty too.
    fn horizontal(&self) -> u64 {
        let last = self.col_mask(self.cols() - 1);
        self.empty & (self.empty >> 1) & !last
    }

    fn neighbours(&self, m: u64) -> u64 {
        let w = u32::from(self.cols);
        let first = self.col_mask(0);
        let last = self.col_mask(self.cols() - 1);
        (shl(m, w) | shr(m, w) | ((m & !last) << 1) | ((m & !first) >> 1)) & self.empty
    }

    /// The sub-board of the squares in `m`, cropped to their bounding rectangle.
    fn crop(&self, m: u64) -> Board {
        let w = self.cols();
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        let mut bits = m;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (r, c) = (i / w, i % w);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let (rows, cols) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut empty = 0u64;
        let mut bits = m;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (r, c) = (i / w - r0, i % w - c0);
            empty |= 1 << (r * cols + c);
        }
        Board {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        }
    }

    /// The image under a symmetry: `transpose` exchanges rows and columns, then the flips.
    fn image(&self, transpose: bool, flip_rows: bool, flip_cols: bool) -> Board {
        let (h, w) = (self.rows(), self.cols());
        let (nh, nw) = if transpose { (w, h) } else { (h, w) };
        let mut empty = 0u64;
        let mut bits = self.empty;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
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
            empty |= 1 << (r * nw + c);
        }
        Board {
            rows: nh as u8,
            cols: nw as u8,
            empty,
        }
    }

    /// For a region with moves for one player only: the integer value (the most dominoes that
    /// player can place, column by column or row by row).
    fn one_sided(&self) -> Option<i64> {
        let (v, h) = (self.vertical(), self.horizontal());
        if v != 0 && h != 0 {
            return None;
        }
        let runs = |lines: usize, len: usize, at: &dyn Fn(usize, usize) -> bool| -> i64 {
            let mut total = 0i64;
            for a in 0..lines {
                let mut run = 0i64;
                for b in 0..len {
                    if at(a, b) {
                        run += 1;
                    } else {
                        total += run / 2;
                        run = 0;
                    }
                }
                total += run / 2;
            }
            total
        };
        if v != 0 {
            Some(runs(self.cols(), self.rows(), &|c, r| {
                self.is_empty_at(r, c)
            }))
        } else if h != 0 {
            Some(-runs(self.rows(), self.cols(), &|r, c| {
                self.is_empty_at(r, c)
            }))
        } else {
            Some(0)
        }
    }
}

fn shl(m: u64, k: u32) -> u64 {
    m.checked_shl(k).unwrap_or(0)
}

fn shr(m: u64, k: u32) -> u64 {
    m.checked_shr(k).unwrap_or(0)
}

fn check_size(rows: usize, cols: usize) -> Result<(), PartizanError> {
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

/// Reads rows of `.` and `#` (other characters refused) separated by `/` or new lines.
pub(crate) fn parse_grid(
    text: &str,
    symbols: &[char],
    what: &str,
) -> Result<(usize, usize, Vec<char>), PartizanError> {
    let rows: Vec<&str> = text
        .split(['/', '\n'])
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    let Some(first) = rows.first() else {
        return Err(PartizanError::parse(text, format!("empty {what}")));
    };
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

impl FromStr for Board {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<Board, PartizanError> {
        let t = s.trim();
        if let Some((r, c)) = t.split_once(['x', 'X'])
            && !r.is_empty()
            && r.bytes().all(|b| b.is_ascii_digit())
            && !c.is_empty()
            && c.bytes().all(|b| b.is_ascii_digit())
        {
            let too_large = || PartizanError::TooLarge {
                message: format!("a {t} board is larger than the limit of {MAX_CELLS} squares"),
            };
            let rows = r.parse::<usize>().map_err(|_| too_large())?;
            let cols = c.parse::<usize>().map_err(|_| too_large())?;
            return Board::rectangle(rows, cols);
        }
        let (rows, cols, cells) = parse_grid(t, &['.', '#'], "Domineering board")?;
        let mut empty = 0u64;
        for (i, &c) in cells.iter().enumerate() {
            if c == '.' {
                empty |= 1 << i;
            }
        }
        Ok(Board {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        })
    }
}

impl fmt::Display for Board {
    /// Rows separated by `/`, which [`Board::from_str`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..self.cols() {
                f.write_str(if self.is_empty_at(r, c) { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

/// The rules of Domineering, for an [`crate::Evaluator`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Domineering;

/// A move: the domino's squares, top-left first, as `(row, col)` (0-based).
pub type Domino = [(usize, usize); 2];

impl Domineering {
    /// The dominoes `player` can place, with the board after each.
    #[must_use]
    pub fn moves(board: &Board, player: Player) -> Vec<(Domino, Board)> {
        let w = board.cols();
        let (mut bits, step) = match player {
            Player::Left => (board.vertical(), w),
            Player::Right => (board.horizontal(), 1),
        };
        let mut out = Vec::new();
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let j = i + step;
            let mut next = *board;
            next.empty &= !((1 << i) | (1 << j));
            out.push(([(i / w, i % w), (j / w, j % w)], next));
        }
        out
    }
}

impl PartizanGame for Domineering {
    type Position = Board;

    fn options(&self, board: &Board, player: Player, out: &mut Vec<Board>) {
        out.extend(
            Domineering::moves(board, player)
                .into_iter()
                .map(|(_, b)| b),
        );
    }

    fn components(&self, board: &Board, out: &mut Vec<Board>) {
        // Squares with an empty neighbour; the others can never be covered.
        let mut live = board.neighbours(board.empty) & board.empty;
        while live != 0 {
            let mut region = live & live.wrapping_neg();
            loop {
                let grown = (region | board.neighbours(region)) & live;
                if grown == region {
                    break;
                }
                region = grown;
            }
            live &= !region;
            out.push(board.crop(region));
        }
    }

    fn normalize(&self, board: &Board) -> (Board, bool) {
        let mut best = (*board, false);
        for transpose in [false, true] {
            for flip_rows in [false, true] {
                for flip_cols in [false, true] {
                    let b = board.image(transpose, flip_rows, flip_cols);
                    if (b.rows, b.cols, b.empty) < (best.0.rows, best.0.cols, best.0.empty) {
                        best = (b, transpose);
                    }
                }
            }
        }
        best
    }

    fn known_value(
        &self,
        board: &Board,
        arena: &mut Arena,
    ) -> Option<Result<GameId, PartizanError>> {
        board.one_sided().map(|n| Ok(arena.integer(n)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;

    fn value(text: &str) -> String {
        let mut arena = Arena::new();
        let mut ev = Evaluator::new(Domineering);
        let v = ev.value(&mut arena, &text.parse().unwrap()).unwrap();
        arena.display(v)
    }

    #[test]
    fn small_boards() {
        assert_eq!(value("1x1"), "0");
        assert_eq!(value("2x1"), "1");
        assert_eq!(value("1x2"), "-1");
        assert_eq!(value("3x1"), "1");
        assert_eq!(value("4x1"), "2");
        assert_eq!(value("2x2"), "+-1");
        // The same board twice: a sum of two copies.
        assert_eq!(value("../../##/../.."), "0");
    }

    #[test]
    fn parsing() {
        let b: Board = "..#/.../#..".parse().unwrap();
        assert_eq!(b.to_string(), "..#/.../#..");
        assert_eq!((b.rows(), b.cols(), b.empty_squares()), (3, 3, 7));
        for bad in ["", "../.", "..x", "0x3", "9x8", "99999999999999999999x2"] {
            assert!(bad.parse::<Board>().is_err(), "{bad:?}");
        }
        assert_eq!("8x8".parse::<Board>().unwrap().empty_squares(), 64);
    }
}
