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
use crate::arena::{Arena, GameId};
use crate::player::Player;
use crate::search::PartizanGame;

pub use crate::grid::MAX_CELLS;
use crate::grid::{Shape, check_size, low_bits, parse_grid, transpose8};

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
// Aligned to 4 bytes, not 8: 12 bytes instead of 16, so a search's cache entry (board and
// id) takes 16 bytes, not 24 (6 × 6: 630 → 508 MB, time and output unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(C, packed(4))]
pub struct Board {
    rows: u8,
    cols: u8,
    /// Bit `r·cols + c` is set for an empty square.
    empty: u64,
}

crate::grid::rectangle!(Board);

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
        self.shape().col_mask(col)
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

    /// Empty squares next to a square of `m`, given the first and last column masks.
    fn neighbours(&self, m: u64, first: u64, last: u64) -> u64 {
        let w = u32::from(self.cols);
        (shl(m, w) | shr(m, w) | ((m & !last) << 1) | ((m & !first) >> 1)) & self.empty
    }

    /// The sub-board of the squares in `m`, cropped to their bounding rectangle.
    fn crop(&self, m: u64) -> Board {
        let (shape, [empty]) = self.shape().crop(m, [m]);
        Board {
            rows: shape.rows as u8,
            cols: shape.cols as u8,
            empty,
        }
    }

    /// Rows and columns exchanged.
    fn transposed(&self) -> Board {
        let (h, w) = (self.rows(), self.cols());
        let mut empty = 0u64;
        for r in 0..h {
            let mut row = (self.empty >> (r * w)) & low_bits(w);
            while row != 0 {
                let c = row.trailing_zeros() as usize;
                row &= row - 1;
                empty |= 1 << (c * h + r);
            }
        }
        Board {
            rows: self.cols,
            cols: self.rows,
            empty,
        }
    }

    /// The rows in reverse order.
    fn flip_rows(&self) -> Board {
        let (h, w) = (self.rows(), self.cols());
        let mut empty = 0u64;
        for r in 0..h {
            let row = (self.empty >> (r * w)) & low_bits(w);
            empty |= row << ((h - 1 - r) * w);
        }
        Board { empty, ..*self }
    }

    /// Each row reversed.
    fn flip_cols(&self) -> Board {
        let (h, w) = (self.rows(), self.cols());
        let mut empty = 0u64;
        for r in 0..h {
            let row = (self.empty >> (r * w)) & low_bits(w);
            empty |= (row.reverse_bits() >> (64 - w)) << (r * w);
        }
        Board { empty, ..*self }
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

impl FromStr for Board {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<Board, PartizanError> {
        Board::read(s, "Domineering board")
    }
}

impl Board {
    /// Reads a board (`RxC` or rows of `.` and `#`), called `what` in messages (Cram plays on
    /// these boards too).
    ///
    /// # Errors
    /// Text that is not a board, or one of more than 64 squares.
    pub(crate) fn read(s: &str, what: &str) -> Result<Board, PartizanError> {
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
        let (rows, cols, cells) = parse_grid(t, &['.', '#'], what)?;
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
    type Move = crate::Placement;

    fn moves(&self, board: &Board, player: Player, out: &mut Vec<(crate::Placement, Board)>) {
        out.extend(
            Domineering::moves(board, player)
                .into_iter()
                .map(|(cells, b)| (crate::Placement { cells }, b)),
        );
    }

    fn options(&self, board: &Board, player: Player, out: &mut Vec<Board>) {
        out.extend(
            Domineering::moves(board, player)
                .into_iter()
                .map(|(_, b)| b),
        );
    }

    fn components(&self, board: &Board, out: &mut Vec<Board>) {
        // Squares with an empty neighbour; the others can never be covered.
        let (first, last) = (board.col_mask(0), board.col_mask(board.cols() - 1));
        let mut live = board.neighbours(board.empty, first, last) & board.empty;
        while live != 0 {
            let mut region = live & live.wrapping_neg();
            loop {
                let grown = (region | board.neighbours(region, first, last)) & live;
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
        let (h, w) = (board.rows(), board.cols());
        if h > 8 || w > 8 {
            let key = |b: &Board| (b.rows, b.cols, b.empty);
            let mut best = (*board, false);
            let t = board.transposed();
            for (base, negated) in [(*board, false), (t, true)] {
                let r = base.flip_rows();
                for b in [base, r, base.flip_cols(), r.flip_cols()] {
                    if key(&b) < key(&best.0) {
                        best = (b, negated);
                    }
                }
            }
            return best;
        }
        // Within 8 × 8: the eight images as byte-per-row words, by byte and bit shuffles.
        let p = board.shape().pack(board.empty);
        let t = transpose8(p);
        let mut best = (h, w, p, false);
        for (rows, cols, base, negated) in [(h, w, p, false), (w, h, t, true)] {
            // Boards compare by rows first: the images with more rows are never the least.
            if rows > h.min(w) {
                continue;
            }
            let shape = Shape { rows, cols };
            let r = shape.flip_packed_rows(base);
            let flipped = [base, r].map(|x| shape.flip_packed_cols(x));
            for x in [base, r, flipped[0], flipped[1]] {
                if (rows, cols, x) < (best.0, best.1, best.2) {
                    best = (rows, cols, x, negated);
                }
            }
        }
        let (rows, cols, x, negated) = best;
        let empty = Shape { rows, cols }.unpack(x);
        let board = Board {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        };
        (board, negated)
    }

    fn known_value(
        &self,
        board: &Board,
        arena: &mut Arena,
    ) -> Option<Result<GameId, PartizanError>> {
        board.one_sided().map(|n| Ok(arena.integer(n)))
    }
}

impl crate::ruleset::Ruleset for Domineering {
    type Game = Domineering;
    const NAME: &'static str = "domineering";
    const GAME: Domineering = Domineering;

    fn picture(b: &Board) -> Option<crate::picture::Picture> {
        use crate::picture::{Mark, Picture};
        Some(Picture::from_fn(b.rows(), b.cols(), |r, c| {
            if b.is_empty_at(r, c) {
                Mark::Empty
            } else {
                Mark::Filled
            }
        }))
    }

    fn title(b: &Board) -> String {
        format!(
            "Domineering on a {} x {} board with {} empty squares (Left places vertical \
             dominoes, Right horizontal)",
            b.rows(),
            b.cols(),
            b.empty_squares()
        )
    }

    fn describe(_: &Board, m: &crate::Placement, _: &Board, _: Player) -> crate::ruleset::MoveText {
        let [(r1, c1), (r2, c2)] = m.cells;
        crate::ruleset::MoveText::squares(
            (r1, c1),
            (r2, c2),
            format!("domino on ({},{})-({},{})", r1 + 1, c1 + 1, r2 + 1, c2 + 1),
        )
    }

    fn cells(m: &crate::Placement) -> Vec<(usize, usize)> {
        m.cells.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight images of a board by the plain bit loops, each with whether it swaps players.
    fn images(b: &Board) -> Vec<(Board, bool)> {
        let t = b.transposed();
        let mut out = Vec::new();
        for (base, neg) in [(*b, false), (t, true)] {
            let r = base.flip_rows();
            out.extend([
                (base, neg),
                (r, neg),
                (base.flip_cols(), neg),
                (r.flip_cols(), neg),
            ]);
        }
        out
    }

    #[test]
    fn packed_symmetries_match_the_plain_ones() {
        let boards = [
            "..#/.../#..",
            "...../..#../.....",
            "2x7",
            "8x8",
            ".#/../.#/../..",
            "3x1",
            "#..#/..../.#..",
        ];
        for text in boards {
            let b: Board = text.parse().unwrap();
            let (n, _) = Domineering.normalize(&b);
            // Every image gets the same representative, and it is one of its images.
            for (img, _) in images(&b) {
                let (m, negated) = Domineering.normalize(&img);
                assert_eq!(m, n, "{text}");
                assert!(
                    images(&img).contains(&(m, negated)),
                    "{text}: {m} not an image"
                );
            }
        }
    }

    #[test]
    fn parsing() {
        let b: Board = "..#/.../#..".parse().unwrap();
        assert_eq!(b.to_string(), "..#/.../#..");
        assert_eq!((b.rows(), b.cols(), b.empty_squares()), (3, 3, 7));
        assert_eq!("8x8".parse::<Board>().unwrap().empty_squares(), 64);
    }
}
