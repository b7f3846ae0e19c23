//! Fission (as in cgt-tools, after *Lessons in Play*): stones (`x`) on a board with walls
//! (`#`). Left takes a stone whose squares just above and just below are both empty and puts
//! one stone on each of them instead; Right does the same sideways, with the squares to the
//! left and to the right. The player who cannot move loses.
//!
//! Boards are rows of `.`, `x` and `#` separated by `/` or new lines, at most 64 squares.
//! Stones never cross a wall, so each region of squares joined orthogonally around the walls
//! is an independent game (one without stones is 0). The eight symmetries of the rectangle
//! share one cache entry; the four that transpose exchange the players and negate the value.

use crate::Split;
use crate::grid::Marked;
use crate::player::Player;
use crate::search::PartizanGame;

/// A Fission position.
///
/// ```
/// use cgt_partizan::fission::{Fission, Stones};
/// use cgt_partizan::{Arena, Evaluator};
///
/// let mut arena = Arena::new();
/// let mut ev = Evaluator::new(Fission);
/// // One stone in a column of three: Left splits it once, Right never.
/// let v = ev.value(&mut arena, &"./x/.".parse::<Stones>()?)?;
/// assert_eq!(arena.display(v), "1");
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stones {
    rows: u8,
    cols: u8,
    /// Stones, bit `r·cols + c`.
    stones: u64,
    /// Walls.
    walls: u64,
}

crate::grid::rectangle!(Stones);
crate::grid::marked!(
    Stones { stones, walls },
    "Fission board",
    ['.', 'x', '#'],
    ['x', '#']
);

impl Stones {
    /// Whether `(row, col)` holds a stone.
    #[must_use]
    pub fn is_stone(&self, row: usize, col: usize) -> bool {
        self.bit(row, col).is_some_and(|b| self.stones & b != 0)
    }

    /// Whether `(row, col)` is a wall.
    #[must_use]
    pub fn is_wall(&self, row: usize, col: usize) -> bool {
        self.bit(row, col).is_some_and(|b| self.walls & b != 0)
    }
}

/// The rules of Fission, for an [`crate::Evaluator`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fission;

impl Fission {
    /// Calls `found` with each move of `player` (the stone split) and the board after it, in
    /// the order the game lists them.
    fn each_move(board: &Stones, player: Player, mut found: impl FnMut(Split, Stones)) {
        let (h, w) = (board.rows(), board.cols());
        let empty = board.shape().all() & !(board.stones | board.walls);
        let mut stones = board.stones;
        while stones != 0 {
            let i = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            let (r, c) = (i / w, i % w);
            let sides = match player {
                Player::Left => (r > 0 && r + 1 < h).then(|| (i - w, i + w)),
                Player::Right => (c > 0 && c + 1 < w).then(|| (i - 1, i + 1)),
            };
            let Some((a, b)) = sides else { continue };
            let pair = 1u64 << a | 1u64 << b;
            if empty & pair == pair {
                let next = Stones {
                    stones: board.stones & !(1 << i) | pair,
                    ..*board
                };
                found(Split { stone: (r, c) }, next);
            }
        }
    }
}

impl PartizanGame for Fission {
    type Position = Stones;
    type Move = Split;

    fn moves(&self, board: &Stones, player: Player, out: &mut Vec<(Split, Stones)>) {
        Fission::each_move(board, player, |m, p| out.push((m, p)));
    }

    fn options(&self, board: &Stones, player: Player, out: &mut Vec<Stones>) {
        Fission::each_move(board, player, |_, p| out.push(p));
    }

    fn components(&self, board: &Stones, out: &mut Vec<Stones>) {
        // Without walls the board is one region, its own bounding rectangle.
        if board.walls == 0 {
            if board.stones != 0 {
                out.push(*board);
            }
            return;
        }
        let shape = board.shape();
        let open = shape.all() & !board.walls;
        for region in shape.groups(open, |g| shape.around(g)) {
            if region & board.stones == 0 {
                continue;
            }
            let (cropped, [stones, inside]) = shape.crop(region, [board.stones, region]);
            out.push(Stones::with(cropped, [stones, cropped.all() & !inside]));
        }
    }

    fn normalize(&self, board: &Stones) -> (Stones, bool) {
        // Transposing exchanges the players' directions: those images are the negative.
        let (shape, masks, negated) = board
            .shape()
            .least_image([board.stones, board.walls], |transpose, masks| {
                [(masks, transpose)]
            });
        (Stones::with(shape, masks), negated)
    }
}

impl crate::ruleset::Ruleset for Fission {
    type Game = Fission;
    const NAME: &'static str = "fission";
    const GAME: Fission = Fission;

    fn picture(b: &Stones) -> Option<crate::picture::Picture> {
        use crate::picture::{Ink, Mark, Picture};
        Some(Picture::from_fn(b.rows(), b.cols(), |r, c| {
            if b.is_stone(r, c) {
                Mark::Disc(Ink::Neutral)
            } else if b.is_wall(r, c) {
                Mark::Filled
            } else {
                Mark::Empty
            }
        }))
    }

    fn title(b: &Stones) -> String {
        format!(
            "Fission on a {} x {} board (Left splits a stone vertically, Right sideways)",
            b.rows(),
            b.cols()
        )
    }

    fn describe(_: &Stones, m: &Split, after: &Stones, player: Player) -> crate::ruleset::MoveText {
        use crate::ruleset::{MoveText, Place};
        let (r, c) = m.stone;
        let how = if player == Player::Left {
            "up and down"
        } else {
            "sideways"
        };
        MoveText {
            from: Some(Place::Square(r, c)),
            to: None,
            text: format!("split ({},{}) {how}: {after}", r + 1, c + 1),
        }
    }

    fn cells(m: &Split) -> Vec<(usize, usize)> {
        vec![m.stone]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_parsing() {
        let b: Stones = "./x/.".parse().unwrap();
        let moves = Fission.move_list(&b, Player::Left);
        let texts: Vec<String> = moves.iter().map(|(m, a)| format!("{m} {a}")).collect();
        assert_eq!(texts, ["(2,1) x/./x"]);
        assert!(Fission.move_list(&b, Player::Right).is_empty());
        assert!(b.is_stone(1, 0) && !b.is_wall(0, 0));
    }
}
