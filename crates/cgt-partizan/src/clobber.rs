//! Clobber: Left's stones (`x`) and Right's (`o`) on a board; a move takes one of your stones
//! onto an orthogonally adjacent stone of the opponent, which is removed. The player who cannot
//! move loses.
//!
//! Boards are rows of `x`, `o` and `.` separated by `/` or new lines (a single row for Clobber on
//! a strip), at most 64 squares. Stones never move onto empty squares, so groups of
//! orthogonally connected stones are independent games, and a group of one colour is 0. Each
//! group is keyed by the least of its images under the eight symmetries of the rectangle and
//! the exchange of colours (which negates the value).

use core::fmt;
use core::str::FromStr;

use crate::PartizanError;
use crate::grid::{MAX_CELLS, parse_grid};
use crate::player::Player;
use crate::search::PartizanGame;

/// A Clobber position.
///
/// ```
/// use cgt_partizan::clobber::{Clobber, Grid};
/// use cgt_partizan::{Arena, Evaluator};
///
/// let mut arena = Arena::new();
/// let mut ev = Evaluator::new(Clobber);
/// let v = ev.value(&mut arena, &"xo".parse::<Grid>()?)?;
/// assert_eq!(arena.display(v), "*");
/// let v = ev.value(&mut arena, &"xoo".parse::<Grid>()?)?;
/// assert_eq!(arena.display(v), "v"); // xoo is ↓
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    rows: u8,
    cols: u8,
    /// Left's stones, bit `r·cols + c`.
    x: u64,
    /// Right's stones.
    o: u64,
}

fn shl(m: u64, k: u32) -> u64 {
    m.checked_shl(k).unwrap_or(0)
}

fn shr(m: u64, k: u32) -> u64 {
    m.checked_shr(k).unwrap_or(0)
}

impl Grid {
    /// Rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The stone at `(row, col)`: `Some(Player::Left)` for `x`, `Some(Player::Right)` for `o`.
    #[must_use]
    pub fn stone(&self, row: usize, col: usize) -> Option<Player> {
        if row >= self.rows() || col >= self.cols() {
            return None;
        }
        let b = 1u64 << (row * self.cols() + col);
        if self.x & b != 0 {
            Some(Player::Left)
        } else if self.o & b != 0 {
            Some(Player::Right)
        } else {
            None
        }
    }

    fn col_mask(&self, col: usize) -> u64 {
        (0..self.rows()).fold(0, |m, r| m | 1 << (r * self.cols() + col))
    }

    /// Squares orthogonally next to a square of `m` (on the board).
    fn around(&self, m: u64) -> u64 {
        let w = u32::from(self.cols);
        let first = self.col_mask(0);
        let last = self.col_mask(self.cols() - 1);
        let all = if self.rows() * self.cols() == 64 {
            u64::MAX
        } else {
            (1u64 << (self.rows() * self.cols())) - 1
        };
        (shl(m, w) | shr(m, w) | ((m & !last) << 1) | ((m & !first) >> 1)) & all
    }

    fn crop(&self, m: u64) -> Grid {
        let w = self.cols();
        let bits: Vec<usize> = (0..64).filter(|&i| m >> i & 1 == 1).collect();
        let r0 = bits.iter().map(|i| i / w).min().unwrap_or(0);
        let r1 = bits.iter().map(|i| i / w).max().unwrap_or(0);
        let c0 = bits.iter().map(|i| i % w).min().unwrap_or(0);
        let c1 = bits.iter().map(|i| i % w).max().unwrap_or(0);
        let cols = c1 - c0 + 1;
        let mut g = Grid {
            rows: (r1 - r0 + 1) as u8,
            cols: cols as u8,
            x: 0,
            o: 0,
        };
        for i in bits {
            let j = 1u64 << ((i / w - r0) * cols + (i % w - c0));
            if self.x >> i & 1 == 1 {
                g.x |= j;
            } else {
                g.o |= j;
            }
        }
        g
    }

    fn image(&self, transpose: bool, flip_rows: bool, flip_cols: bool, swap: bool) -> Grid {
        let (h, w) = (self.rows(), self.cols());
        let (nh, nw) = if transpose { (w, h) } else { (h, w) };
        let mut g = Grid {
            rows: nh as u8,
            cols: nw as u8,
            x: 0,
            o: 0,
        };
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
            let (x, o) = (self.x >> i & 1 == 1, self.o >> i & 1 == 1);
            if x != swap && (x || o) {
                g.x |= j;
            } else if x || o {
                g.o |= j;
            }
        }
        g
    }
}

impl FromStr for Grid {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<Grid, PartizanError> {
        let (rows, cols, cells) = parse_grid(s, &['x', 'o', '.'], "Clobber board")?;
        debug_assert!(rows * cols <= MAX_CELLS);
        let mut g = Grid {
            rows: rows as u8,
            cols: cols as u8,
            x: 0,
            o: 0,
        };
        for (i, &c) in cells.iter().enumerate() {
            match c {
                'x' => g.x |= 1 << i,
                'o' => g.o |= 1 << i,
                _ => {}
            }
        }
        Ok(g)
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..self.cols() {
                f.write_str(match self.stone(r, c) {
                    Some(Player::Left) => "x",
                    Some(Player::Right) => "o",
                    None => ".",
                })?;
            }
        }
        Ok(())
    }
}

/// The rules of Clobber, for an [`crate::Evaluator`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clobber;

impl Clobber {
    /// The moves of `player`: from and to `(row, col)` (0-based), with the board after each.
    #[must_use]
    pub fn moves(grid: &Grid, player: Player) -> Vec<([(usize, usize); 2], Grid)> {
        let (mine, theirs) = match player {
            Player::Left => (grid.x, grid.o),
            Player::Right => (grid.o, grid.x),
        };
        let w = grid.cols();
        let mut out = Vec::new();
        let mut from_bits = mine & grid.around(theirs);
        while from_bits != 0 {
            let i = from_bits.trailing_zeros() as usize;
            from_bits &= from_bits - 1;
            let mut to_bits = grid.around(1 << i) & theirs;
            while to_bits != 0 {
                let j = to_bits.trailing_zeros() as usize;
                to_bits &= to_bits - 1;
                let (mut m, mut t) = (mine & !(1 << i), theirs & !(1 << j));
                m |= 1 << j;
                t &= !(1 << j);
                let next = match player {
                    Player::Left => Grid {
                        x: m,
                        o: t,
                        ..*grid
                    },
                    Player::Right => Grid {
                        x: t,
                        o: m,
                        ..*grid
                    },
                };
                out.push(([(i / w, i % w), (j / w, j % w)], next));
            }
        }
        out
    }
}

impl PartizanGame for Clobber {
    type Position = Grid;
    type Move = crate::Capture;

    fn moves(&self, grid: &Grid, player: Player, out: &mut Vec<(crate::Capture, Grid)>) {
        out.extend(
            Clobber::moves(grid, player)
                .into_iter()
                .map(|([from, to], g)| (crate::Capture { from, to }, g)),
        );
    }

    fn options(&self, grid: &Grid, player: Player, out: &mut Vec<Grid>) {
        out.extend(Clobber::moves(grid, player).into_iter().map(|(_, g)| g));
    }

    fn components(&self, grid: &Grid, out: &mut Vec<Grid>) {
        let mut stones = grid.x | grid.o;
        while stones != 0 {
            let mut group = stones & stones.wrapping_neg();
            loop {
                let grown = (group | grid.around(group)) & stones;
                if grown == group {
                    break;
                }
                group = grown;
            }
            stones &= !group;
            if group & grid.x != 0 && group & grid.o != 0 {
                out.push(grid.crop(group));
            }
        }
    }

    fn normalize(&self, grid: &Grid) -> (Grid, bool) {
        let mut best = (*grid, false);
        for transpose in [false, true] {
            for flip_rows in [false, true] {
                for flip_cols in [false, true] {
                    for swap in [false, true] {
                        let g = grid.image(transpose, flip_rows, flip_cols, swap);
                        if g < best.0 {
                            best = (g, swap);
                        }
                    }
                }
            }
        }
        best
    }
}

impl crate::ruleset::Ruleset for Clobber {
    type Game = Clobber;
    type Position = Grid;
    const NAME: &'static str = "clobber";
    const TITLE: &'static str = "Clobber";
    const RULES: &'static str =
        "Clobber: Left's stones (x) and Right's (o) capture orthogonally adjacent enemy stones.";
    const NOTATION: &'static str = "The board is rows of x, o and . separated by `/`, at most \
        64 squares. Examples: `cgt clobber xoxoxo`, `cgt clobber \"xo/ox/xo\"`.";
    const POSITION: &'static str = "board";
    const POSITION_HELP: &'static str = "The board.";
    const EXAMPLE: &'static str = "xoxo/oxox";

    fn game() -> Clobber {
        Clobber
    }

    fn picture(g: &Grid) -> Option<crate::picture::Picture> {
        use crate::picture::{Picture, stone};
        Some(Picture::from_fn(g.rows(), g.cols(), |r, c| {
            stone(g.stone(r, c))
        }))
    }

    fn title(g: &Grid) -> String {
        format!(
            "Clobber on a {} x {} board (Left's stones x, Right's o)",
            g.rows(),
            g.cols()
        )
    }

    fn describe(_: &Grid, m: &crate::Capture, _: &Grid, _: Player) -> crate::ruleset::MoveText {
        let ((r1, c1), (r2, c2)) = (m.from, m.to);
        crate::ruleset::MoveText::squares(
            m.from,
            m.to,
            format!("({},{}) clobbers ({},{})", r1 + 1, c1 + 1, r2 + 1, c2 + 1),
        )
    }

    fn cells(m: &crate::Capture) -> Vec<(usize, usize)> {
        vec![m.from, m.to]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> String {
        crate::search::printed_value(Clobber, text)
    }

    #[test]
    fn small_positions() {
        assert_eq!(value("x"), "0");
        assert_eq!(value("xo"), "*");
        assert_eq!(value("xxo"), "^");
        assert_eq!(value("oox"), "v");
        // Symmetric under a reflection with the colours exchanged, so G = −G: G + G = 0.
        assert_eq!(value("xo/ox/../xo/ox"), "0");
        assert_eq!(value("x.o"), "0");
    }

    #[test]
    fn parsing() {
        let g: Grid = "xo./.ox".parse().unwrap();
        assert_eq!(g.to_string(), "xo./.ox");
        for bad in ["", "xa", "xo/x"] {
            assert!(bad.parse::<Grid>().is_err(), "{bad:?}");
        }
    }
}
