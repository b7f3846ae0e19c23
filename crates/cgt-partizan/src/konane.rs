//! Konane, the Hawaiian checkers (*Winning Ways* ch. 22, *Lessons in Play*): Left's stones
//! (`x`) and Right's (`o`) jump orthogonally over an adjacent stone of the opponent onto the
//! empty square just beyond it, capturing it; a stone may go on jumping in the same
//! direction, and each square it can stop on is a move of its own. The player who cannot
//! move loses.
//!
//! Boards are rows of `x`, `o` and `.` separated by `/` or new lines, at most 64 squares.
//! Stones move into empty squares and a chain of captures can carry a stone far, so the board
//! is not split into parts; a position is keyed by the least of its images under the eight
//! symmetries of the rectangle and the exchange of colours (which negates the value).

use core::fmt;

use crate::grid::Marked;
use crate::player::Player;
use crate::search::PartizanGame;

/// A Konane position.
///
/// ```
/// use cgt_partizan::konane::{Board, Konane};
/// use cgt_partizan::{Arena, Evaluator};
///
/// let mut arena = Arena::new();
/// let mut ev = Evaluator::new(Konane);
/// // Left's stone jumps Right's; Right has no jump.
/// let v = ev.value(&mut arena, &"xo.".parse::<Board>()?)?;
/// assert_eq!(arena.display(v), "1");
/// let v = ev.value(&mut arena, &".xo.".parse::<Board>()?)?;
/// assert_eq!(arena.display(v), "*");
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    rows: u8,
    cols: u8,
    /// Left's stones, bit `r·cols + c`.
    x: u64,
    /// Right's stones.
    o: u64,
}

crate::grid::rectangle!(Board);
crate::grid::marked!(Board { x, o }, "Konane board", ['x', 'o', '.'], ['x', 'o']);

impl Board {
    /// The stone on `(row, col)`: `Some(Player::Left)` for `x`, `Some(Player::Right)` for `o`.
    #[must_use]
    pub fn stone(&self, row: usize, col: usize) -> Option<Player> {
        crate::grid::owner(self.x, self.o, self.bit(row, col)?)
    }
}

/// A move: the stone on `from` jumps, capturing, and stops on `to` (in line with
/// `from`), printed `(1,1)-(1,5)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Jump {
    /// The jumping stone's square, `(row, column)` from 0.
    pub from: (usize, usize),
    /// Where it stops.
    pub to: (usize, usize),
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::moves::square(f, self.from)?;
        f.write_str("-")?;
        crate::moves::square(f, self.to)
    }
}

/// The rules of Konane, for an [`crate::Evaluator`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Konane;

impl Konane {
    /// Calls `found` with each move of `player` (the stone's square and where it stops) and the
    /// board after it, every stone jumped over captured, in the order the game lists them.
    fn each_move(board: &Board, player: Player, mut found: impl FnMut(Jump, Board)) {
        let (h, w) = (board.rows() as isize, board.cols() as isize);
        let (mine, theirs) = match player {
            Player::Left => (board.x, board.o),
            Player::Right => (board.o, board.x),
        };
        let inside = |r: isize, c: isize| r >= 0 && c >= 0 && r < h && c < w;
        let bit = |r: isize, c: isize| 1u64 << (r * w + c);
        let mut stones = mine;
        while stones != 0 {
            let i = stones.trailing_zeros() as isize;
            stones &= stones - 1;
            let (r0, c0) = (i / w, i % w);
            for (dr, dc) in [(-1, 0), (0, -1), (0, 1), (1, 0)] {
                let (mut r, mut c) = (r0, c0);
                let (mut m, mut t) = (mine & !bit(r0, c0), theirs);
                loop {
                    let (over, land) = ((r + dr, c + dc), (r + 2 * dr, c + 2 * dc));
                    if !inside(land.0, land.1)
                        || t & bit(over.0, over.1) == 0
                        || (m | t) & bit(land.0, land.1) != 0
                    {
                        break;
                    }
                    t &= !bit(over.0, over.1);
                    (r, c) = land;
                    m |= bit(r, c);
                    let next = match player {
                        Player::Left => Board {
                            x: m,
                            o: t,
                            ..*board
                        },
                        Player::Right => Board {
                            x: t,
                            o: m,
                            ..*board
                        },
                    };
                    let jump = Jump {
                        from: (r0 as usize, c0 as usize),
                        to: (r as usize, c as usize),
                    };
                    found(jump, next);
                    m &= !bit(r, c);
                }
            }
        }
    }
}

impl Konane {
    /// The positions after each move of `player`, found a direction at a time over the whole
    /// board (the stones that can jump at least once are one mask), in another order than
    /// [`Konane::moves`]: what the search needs.
    fn each_option(board: &Board, player: Player, mut found: impl FnMut(Board)) {
        let shape = board.shape();
        let (all, w) = (shape.all(), shape.cols as u32);
        let (first, last) = (shape.col_mask(0), shape.col_mask(shape.cols - 1));
        let (mine, theirs) = match player {
            Player::Left => (board.x, board.o),
            Player::Right => (board.o, board.x),
        };
        let empty = all & !(mine | theirs);
        // A step in direction `d` (up, left, right, down), off the board giving nothing;
        // direction `3 - d` steps back.
        let step = |d: usize, m: u64| match d {
            0 => m.checked_shr(w).unwrap_or(0),
            1 => (m & !first) >> 1,
            2 => (m & !last) << 1,
            _ => m.checked_shl(w).unwrap_or(0) & all,
        };
        for d in 0..4 {
            let (forward, back) = (|m| step(d, m), |m| step(3 - d, m));
            let mut jumpers = mine & back(theirs) & back(back(empty));
            while jumpers != 0 {
                let from = jumpers & jumpers.wrapping_neg();
                jumpers &= jumpers - 1;
                let (m, mut t, mut at) = (mine & !from, theirs, from);
                loop {
                    let over = forward(at);
                    let land = forward(over);
                    if over & t == 0 || land == 0 || land & (m | t) != 0 {
                        break;
                    }
                    t &= !over;
                    at = land;
                    let next = match player {
                        Player::Left => Board::with(shape, [m | at, t]),
                        Player::Right => Board::with(shape, [t, m | at]),
                    };
                    found(next);
                }
            }
        }
    }
}

impl PartizanGame for Konane {
    type Position = Board;
    type Move = Jump;

    fn moves(&self, board: &Board, player: Player, out: &mut Vec<(Jump, Board)>) {
        Konane::each_move(board, player, |m, p| out.push((m, p)));
    }

    fn options(&self, board: &Board, player: Player, out: &mut Vec<Board>) {
        Konane::each_option(board, player, |p| out.push(p));
    }

    fn normalize(&self, board: &Board) -> (Board, bool) {
        // No cropping: stones land on empty squares, and a chain of captures can carry a stone
        // far from where the stones stand now.
        let (shape, masks, negated) = board.shape().least_image([board.x, board.o], |_, [x, o]| {
            [([x, o], false), ([o, x], true)]
        });
        (Board::with(shape, masks), negated)
    }
}

impl crate::ruleset::Ruleset for Konane {
    type Game = Konane;
    const NAME: &'static str = "konane";
    const GAME: Konane = Konane;

    fn picture(b: &Board) -> Option<crate::picture::Picture> {
        use crate::picture::{Picture, stone};
        Some(Picture::from_fn(b.rows(), b.cols(), |r, c| {
            stone(b.stone(r, c))
        }))
    }

    fn title(b: &Board) -> String {
        format!(
            "Konane on a {} x {} board (Left's stones x, Right's o, jumping to capture)",
            b.rows(),
            b.cols()
        )
    }

    fn describe(_: &Board, m: &Jump, _: &Board, _: Player) -> crate::ruleset::MoveText {
        let ((r1, c1), (r2, c2)) = (m.from, m.to);
        crate::ruleset::MoveText::squares(
            m.from,
            m.to,
            format!("({},{}) jumps to ({},{})", r1 + 1, c1 + 1, r2 + 1, c2 + 1),
        )
    }

    fn cells(m: &Jump) -> Vec<(usize, usize)> {
        vec![m.from, m.to]
    }
}

impl cgt_core::said::Worded for Jump {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    #[test]
    fn options_by_direction_masks_are_the_moves() {
        let mut seed = 5u64;
        let mut checked = 0;
        let shapes = (1..=8).flat_map(|rows| (1..=8).map(move |cols| (rows, cols)));
        for (rows, cols) in shapes.chain([(1, 64), (64, 1), (2, 32), (8, 8)]) {
            let shape = Shape { rows, cols };
            for _ in 0..40 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let (a, b) = (seed, seed.rotate_left(23));
                let x = a & !b & shape.all();
                let o = b & !a & shape.all();
                let board = Board::with(shape, [x, o]);
                for player in [Player::Left, Player::Right] {
                    let mut by_move: Vec<Board> = Konane
                        .move_list(&board, player)
                        .into_iter()
                        .map(|m| m.1)
                        .collect();
                    let mut by_mask = Vec::new();
                    Konane::each_option(&board, player, |p| by_mask.push(p));
                    by_move.sort();
                    by_mask.sort();
                    assert_eq!(by_mask, by_move, "{board}");
                    checked += by_move.len();
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn small_positions() {
        // A double jump is a move of its own, as is stopping after the first.
        let b: Board = "xo.o.".parse().unwrap();
        let moves = Konane.move_list(&b, Player::Left);
        let texts: Vec<String> = moves.iter().map(|(m, a)| format!("{m} {a}")).collect();
        assert_eq!(texts, ["(1,1)-(1,3) ..xo.", "(1,1)-(1,5) ....x"]);
    }

    #[test]
    fn parsing() {
        let b: Board = "xo./.ox".parse().unwrap();
        assert_eq!(b.to_string(), "xo./.ox");
        assert_eq!(b.stone(1, 2), Some(Player::Left));
    }
}
