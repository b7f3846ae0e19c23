//! A board position as squares to draw, for any front end: what each square holds and in
//! whose colour. A ruleset says what its board looks like ([`crate::ruleset::Ruleset::picture`]);
//! the pictures themselves (SVG for the playground and notebooks) are drawn elsewhere.

use crate::Player;

/// Whose colour a mark is drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// Left's colour (blue in the literature).
    Left,
    /// Right's colour (red).
    Right,
    /// Green: either player's.
    Green,
    /// A neutral piece (a Fission stone).
    Neutral,
    /// A square neither side may use.
    Grey,
}

impl From<Player> for Ink {
    fn from(player: Player) -> Ink {
        match player {
            Player::Left => Ink::Left,
            Player::Right => Ink::Right,
        }
    }
}

/// What one square holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Nothing.
    Empty,
    /// Covered, burnt, a wall or off the board.
    Filled,
    /// A disc (a stone).
    Disc(Ink),
    /// A letter (a toad, a skier, an amazon).
    Letter(char, Ink),
}

/// A grid of marks, row 0 at the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    rows: usize,
    cols: usize,
    marks: Vec<Mark>,
}

impl Picture {
    /// An empty grid of `rows` × `cols` squares.
    #[must_use]
    pub fn new(rows: usize, cols: usize) -> Picture {
        Picture {
            rows,
            cols,
            marks: vec![Mark::Empty; rows * cols],
        }
    }

    /// A grid whose square `(r, c)` holds `mark(r, c)`.
    #[must_use]
    pub fn from_fn(rows: usize, cols: usize, mark: impl Fn(usize, usize) -> Mark) -> Picture {
        let marks = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|(r, c)| mark(r, c))
            .collect();
        Picture { rows, cols, marks }
    }

    /// Rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// What square `(row, col)` holds.
    #[must_use]
    pub fn mark(&self, row: usize, col: usize) -> Mark {
        self.marks[row * self.cols + col]
    }

    /// Puts `mark` on square `(row, col)`.
    pub fn set(&mut self, row: usize, col: usize, mark: Mark) {
        self.marks[row * self.cols + col] = mark;
    }
}

/// A stone of `player` as a disc in that side's colour, or nothing.
#[must_use]
pub fn stone(player: Option<Player>) -> Mark {
    player.map_or(Mark::Empty, |p| Mark::Disc(p.into()))
}
