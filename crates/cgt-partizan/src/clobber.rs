//! Clobber: Left's stones (`x`) and Right's (`o`) on a board; a move takes one of your stones
//! onto an orthogonally adjacent stone of the opponent, which is removed. The player who cannot
//! move loses.
//!
//! Boards are rows of `x`, `o` and `.` separated by `/` or new lines (a single row for Clobber on
//! a strip), at most 64 squares. Stones never move onto empty squares, so groups of
//! orthogonally connected stones are independent games, and a group of one colour is 0. Each
//! group is keyed by the least of its images under the eight symmetries of the rectangle and
//! the exchange of colours (which negates the value).

use crate::grid::Marked;
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

crate::grid::rectangle!(Grid);
crate::grid::marked!(Grid { x, o }, "Clobber board", ['x', 'o', '.'], ['x', 'o']);

impl Grid {
    /// The stone at `(row, col)`: `Some(Player::Left)` for `x`, `Some(Player::Right)` for `o`.
    #[must_use]
    pub fn stone(&self, row: usize, col: usize) -> Option<Player> {
        crate::grid::owner(self.x, self.o, self.bit(row, col)?)
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
        let mut from_bits = mine & grid.shape().around(theirs);
        while from_bits != 0 {
            let i = from_bits.trailing_zeros() as usize;
            from_bits &= from_bits - 1;
            let mut to_bits = grid.shape().around(1 << i) & theirs;
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
                let grown = (group | grid.shape().around(group)) & stones;
                if grown == group {
                    break;
                }
                group = grown;
            }
            stones &= !group;
            if group & grid.x != 0 && group & grid.o != 0 {
                let (shape, masks) = grid.shape().crop(group, [grid.x, grid.o]);
                out.push(Grid::with(shape, masks));
            }
        }
    }

    fn normalize(&self, grid: &Grid) -> (Grid, bool) {
        let (shape, masks, negated) = grid.shape().least_image([grid.x, grid.o], |_, [x, o]| {
            [([x, o], false), ([o, x], true)]
        });
        (Grid::with(shape, masks), negated)
    }
}

impl crate::ruleset::Ruleset for Clobber {
    type Game = Clobber;
    const NAME: &'static str = "clobber";
    const GAME: Clobber = Clobber;

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

    #[test]
    fn parsing() {
        let g: Grid = "xo./.ox".parse().unwrap();
        assert_eq!(g.to_string(), "xo./.ox");
    }
}
