//! Amazons (Walter Zamkauskas, 1988; *Lessons in Play*, Berlekamp's *Sum of Amazons
//! endgames*): Left's amazons (`x`) and Right's (`o`) move like chess queens over empty
//! squares, and after moving an amazon shoots an arrow from where it landed, again like a
//! queen, onto an empty square, which is burnt (`#`) for the rest of the game. The player who
//! cannot move loses.
//!
//! Boards are rows of `.`, `x`, `o` and `#` separated by `/` or new lines, at most 64 squares.
//! Neither amazons nor arrows cross a burnt square, so the board falls apart into regions of
//! unburnt squares connected by a king's step; each region with an amazon is an independent
//! game (one without is dead), keyed by the least of its images under the eight symmetries of
//! the rectangle and the exchange of colours (which negates the value).

use crate::QueenShot;
use crate::grid::Marked;
use crate::player::Player;
use crate::search::PartizanGame;

/// An Amazons position.
///
/// ```
/// use cgt_partizan::amazons::{Amazons, Board};
/// use cgt_partizan::{Arena, Evaluator};
///
/// let mut arena = Arena::new();
/// let mut ev = Evaluator::new(Amazons);
/// // Left's amazon has room for two moves, Right's for none.
/// let v = ev.value(&mut arena, &"x../###/o##".parse::<Board>()?)?;
/// assert_eq!(arena.display(v), "2");
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    rows: u8,
    cols: u8,
    /// Left's amazons, bit `r·cols + c`.
    x: u64,
    /// Right's amazons.
    o: u64,
    /// Burnt squares.
    burnt: u64,
}

crate::grid::rectangle!(Board);
crate::grid::marked!(
    Board { x, o, burnt },
    "board for Amazons",
    ['.', 'x', 'o', '#'],
    ['x', 'o', '#']
);

/// The eight queen directions as (row, column) steps.
const DIRECTIONS: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

impl Board {
    /// The amazon on `(row, col)`: `Some(Player::Left)` for `x`, `Some(Player::Right)` for `o`.
    #[must_use]
    pub fn amazon(&self, row: usize, col: usize) -> Option<Player> {
        crate::grid::owner(self.x, self.o, self.bit(row, col)?)
    }

    /// Whether `(row, col)` is burnt.
    #[must_use]
    pub fn is_burnt(&self, row: usize, col: usize) -> bool {
        self.bit(row, col).is_some_and(|b| self.burnt & b != 0)
    }

    fn empty(&self) -> u64 {
        self.shape().all() & !(self.x | self.o | self.burnt)
    }

    /// The empty squares a queen on square `from` reaches, given the empty squares `empty`.
    fn reach(&self, from: usize, empty: u64) -> Vec<usize> {
        let (h, w) = (self.rows() as isize, self.cols() as isize);
        let mut out = Vec::new();
        for (dr, dc) in DIRECTIONS {
            let (mut r, mut c) = ((from / self.cols()) as isize, (from % self.cols()) as isize);
            loop {
                r += dr;
                c += dc;
                if r < 0 || c < 0 || r >= h || c >= w {
                    break;
                }
                let i = (r * w + c) as usize;
                if empty >> i & 1 == 0 {
                    break;
                }
                out.push(i);
            }
        }
        out
    }
}

/// The rules of Amazons, for an [`crate::Evaluator`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Amazons;

impl Amazons {
    /// Calls `found` with each move of `player` (the amazon's square, where it lands and where
    /// its arrow burns, `(row, col)` from 0) and the board after it, in the order the game
    /// lists them.
    fn each_move(board: &Board, player: Player, mut found: impl FnMut(QueenShot, Board)) {
        let w = board.cols();
        let at = |i: usize| (i / w, i % w);
        let mine = match player {
            Player::Left => board.x,
            Player::Right => board.o,
        };
        let mut amazons = mine;
        while amazons != 0 {
            let from = amazons.trailing_zeros() as usize;
            amazons &= amazons - 1;
            // The square it leaves is empty for the arrow.
            let empty = board.empty() | 1 << from;
            for to in board.reach(from, board.empty()) {
                for arrow in board.reach(to, empty & !(1 << to)) {
                    let moved = |m: u64| m & !(1 << from) | 1 << to;
                    let mut next = *board;
                    match player {
                        Player::Left => next.x = moved(next.x),
                        Player::Right => next.o = moved(next.o),
                    }
                    next.burnt |= 1 << arrow;
                    let shot = QueenShot {
                        from: at(from),
                        to: at(to),
                        arrow: at(arrow),
                    };
                    found(shot, next);
                }
            }
        }
    }
}

impl PartizanGame for Amazons {
    type Position = Board;
    type Move = QueenShot;

    fn moves(&self, board: &Board, player: Player, out: &mut Vec<(QueenShot, Board)>) {
        Amazons::each_move(board, player, |m, p| out.push((m, p)));
    }

    fn options(&self, board: &Board, player: Player, out: &mut Vec<Board>) {
        Amazons::each_move(board, player, |_, p| out.push(p));
    }

    fn components(&self, board: &Board, out: &mut Vec<Board>) {
        let shape = board.shape();
        let open = shape.all() & !board.burnt;
        for region in shape.groups(open, |g| shape.king_around(g)) {
            if region & (board.x | board.o) == 0 {
                continue;
            }
            let (cropped, [x, o, unburnt]) = shape.crop(region, [board.x, board.o, region]);
            out.push(Board::with(cropped, [x, o, cropped.all() & !unburnt]));
        }
    }

    fn normalize(&self, board: &Board) -> (Board, bool) {
        let masks = [board.x, board.o, board.burnt];
        let (shape, masks, negated) = board.shape().least_image(masks, |_, [x, o, burnt]| {
            [([x, o, burnt], false), ([o, x, burnt], true)]
        });
        (Board::with(shape, masks), negated)
    }
}

impl crate::ruleset::Ruleset for Amazons {
    type Game = Amazons;
    const NAME: &'static str = "amazons";
    const GAME: Amazons = Amazons;

    fn picture(b: &Board) -> Option<crate::picture::Picture> {
        use crate::picture::{Mark, Picture};
        Some(Picture::from_fn(b.rows(), b.cols(), |r, c| {
            match b.amazon(r, c) {
                Some(p) => Mark::Letter('Q', p.into()),
                None if b.is_burnt(r, c) => Mark::Filled,
                None => Mark::Empty,
            }
        }))
    }

    fn title(b: &Board) -> String {
        format!(
            "Amazons on a {} x {} board (Left's amazons x, Right's o, burnt squares #)",
            b.rows(),
            b.cols()
        )
    }

    fn describe(_: &Board, m: &QueenShot, _: &Board, _: Player) -> crate::ruleset::MoveText {
        let ((r1, c1), (r2, c2), (r3, c3)) = (m.from, m.to, m.arrow);
        crate::ruleset::MoveText::squares(
            m.from,
            m.to,
            format!(
                "({},{}) to ({},{}), arrow to ({},{})",
                r1 + 1,
                c1 + 1,
                r2 + 1,
                c2 + 1,
                r3 + 1,
                c3 + 1
            ),
        )
    }

    fn cells(m: &QueenShot) -> Vec<(usize, usize)> {
        vec![m.from, m.to, m.arrow]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_parsing() {
        let b: Board = "x./..".parse().unwrap();
        let moves = Amazons.move_list(&b, Player::Left);
        // Three landing squares, each with two arrows (the other empty squares or the start).
        assert_eq!(moves.len(), 3 * 3);
        let (m, after) = &moves[0];
        assert_eq!(m.to_string(), "(1,1)-(1,2)/(1,1)");
        assert_eq!(after.to_string(), "#x/..");
        assert_eq!(m.to_string().parse::<QueenShot>().unwrap(), *m);
        assert_eq!(b.amazon(0, 0), Some(Player::Left));
        assert!(!b.is_burnt(1, 1));
    }
}
