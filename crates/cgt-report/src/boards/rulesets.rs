//! The partizan rulesets' boards: Domineering, Clobber, Col and Snort, Toppling Dominoes,
//! Amazons, Konane, Ski Jumps, Fission, Toads and Frogs.

use cgt_partizan::Player;
use cgt_partizan::amazons::Board as AmazonsBoard;
use cgt_partizan::clobber::Grid;
use cgt_partizan::colouring::Map;
use cgt_partizan::domineering::Board;
use cgt_partizan::fission::Stones;
use cgt_partizan::konane::Board as KonaneBoard;
use cgt_partizan::skijumps::Slope;
use cgt_partizan::toads::Row;
use cgt_partizan::toppling::Dominoes;

use super::{GREEN, LEFT, Mark, RIGHT, Squares};

/// The board of a ruleset's position, by its type (`None` for a position drawn as text only:
/// Cutcake's cakes, partizan subtraction's heaps). Cram is played on Domineering's boards.
#[must_use]
pub fn ruleset<P: 'static>(position: &P) -> Option<String> {
    let any: &dyn core::any::Any = position;
    if let Some(b) = any.downcast_ref::<Board>() {
        Some(domineering(b))
    } else if let Some(r) = any.downcast_ref::<Row>() {
        Some(toads_frogs(r))
    } else if let Some(g) = any.downcast_ref::<Grid>() {
        Some(clobber(g))
    } else if let Some(m) = any.downcast_ref::<Map>() {
        Some(colouring(m))
    } else if let Some(d) = any.downcast_ref::<Dominoes>() {
        Some(toppling_dominoes(d))
    } else if let Some(b) = any.downcast_ref::<AmazonsBoard>() {
        Some(amazons(b))
    } else if let Some(b) = any.downcast_ref::<KonaneBoard>() {
        Some(konane(b))
    } else if let Some(s) = any.downcast_ref::<Slope>() {
        Some(ski_jumps(s))
    } else {
        any.downcast_ref::<Stones>().map(fission)
    }
}

/// A Domineering board: covered squares dark.
#[must_use]
pub fn domineering(board: &Board) -> String {
    let mut s = Squares::new(board.rows(), board.cols(), format!("Domineering {board}"));
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            if !board.is_empty_at(r, c) {
                s.set(r, c, Mark::Filled);
            }
        }
    }
    s.svg()
}

/// A Clobber board: Left's stones (`x`) blue, Right's (`o`) red.
#[must_use]
pub fn clobber(grid: &Grid) -> String {
    let mut s = Squares::new(grid.rows(), grid.cols(), format!("Clobber {grid}"));
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            match grid.stone(r, c) {
                Some(Player::Left) => s.set(r, c, Mark::Disc(LEFT)),
                Some(Player::Right) => s.set(r, c, Mark::Disc(RIGHT)),
                None => {}
            }
        }
    }
    s.svg()
}

/// A Col or Snort board: squares coloured blue (`x`) or red (`o`) as discs, an empty square
/// only one side may colour as that side's letter (`l`, `r`), one neither may as `-`, and the
/// squares off the board dark.
#[must_use]
pub fn colouring(map: &Map) -> String {
    let mut s = Squares::new(map.rows(), map.cols(), format!("Map {map}"));
    for r in 0..map.rows() {
        for c in 0..map.cols() {
            let mark = if !map.is_square(r, c) {
                Mark::Filled
            } else {
                match map.colour(r, c) {
                    Some(Player::Left) => Mark::Disc(LEFT),
                    Some(Player::Right) => Mark::Disc(RIGHT),
                    None => match (
                        map.may_colour(Player::Left, r, c),
                        map.may_colour(Player::Right, r, c),
                    ) {
                        (true, true) => Mark::Empty,
                        (true, false) => Mark::Letter('l', LEFT),
                        (false, true) => Mark::Letter('r', RIGHT),
                        (false, false) => Mark::Letter('-', "#888"),
                    },
                }
            };
            if !matches!(mark, Mark::Empty) {
                s.set(r, c, mark);
            }
        }
    }
    s.svg()
}

/// Toppling Dominoes: one row of squares per row of dominoes, each domino its letter in its
/// colour (`L` blue, `R` red, `G` green).
#[must_use]
pub fn toppling_dominoes(d: &Dominoes) -> String {
    let rows = d.rows();
    let width = rows.iter().map(String::len).max().unwrap_or(0).max(1);
    let mut s = Squares::new(rows.len().max(1), width, format!("Toppling Dominoes {d}"));
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let colour = match ch {
                'L' => LEFT,
                'R' => RIGHT,
                _ => GREEN,
            };
            s.set(r, c, Mark::Letter(ch, colour));
        }
    }
    s.svg()
}

/// An Amazons board: Left's amazons (`x`) as blue queens' letters `Q`, Right's red, burnt
/// squares dark.
#[must_use]
pub fn amazons(board: &AmazonsBoard) -> String {
    let mut s = Squares::new(board.rows(), board.cols(), format!("Amazons {board}"));
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            match board.amazon(r, c) {
                Some(Player::Left) => s.set(r, c, Mark::Letter('Q', LEFT)),
                Some(Player::Right) => s.set(r, c, Mark::Letter('Q', RIGHT)),
                None if board.is_burnt(r, c) => s.set(r, c, Mark::Filled),
                None => {}
            }
        }
    }
    s.svg()
}

/// A Konane board: Left's stones (`x`) blue, Right's (`o`) red.
#[must_use]
pub fn konane(board: &KonaneBoard) -> String {
    let mut s = Squares::new(board.rows(), board.cols(), format!("Konane {board}"));
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            match board.stone(r, c) {
                Some(Player::Left) => s.set(r, c, Mark::Disc(LEFT)),
                Some(Player::Right) => s.set(r, c, Mark::Disc(RIGHT)),
                None => {}
            }
        }
    }
    s.svg()
}

/// A Ski Jumps slope: each skier its letter in its side's colour (upper case a jumper, lower
/// case a slipper).
#[must_use]
pub fn ski_jumps(slope: &Slope) -> String {
    let mut s = Squares::new(slope.rows(), slope.cols(), format!("Ski Jumps {slope}"));
    for r in 0..slope.rows() {
        for c in 0..slope.cols() {
            let mark = match slope.skier(r, c) {
                Some((Player::Left, jumper)) => Mark::Letter(if jumper { 'L' } else { 'l' }, LEFT),
                Some((Player::Right, jumper)) => {
                    Mark::Letter(if jumper { 'R' } else { 'r' }, RIGHT)
                }
                None => continue,
            };
            s.set(r, c, mark);
        }
    }
    s.svg()
}

/// A Fission board: stones as discs, walls dark.
#[must_use]
pub fn fission(board: &Stones) -> String {
    let mut s = Squares::new(board.rows(), board.cols(), format!("Fission {board}"));
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            if board.is_stone(r, c) {
                s.set(r, c, Mark::Disc("#333"));
            } else if board.is_wall(r, c) {
                s.set(r, c, Mark::Filled);
            }
        }
    }
    s.svg()
}

/// A Toads and Frogs row: toads (Left's, moving right) blue `T`, frogs red `F`.
#[must_use]
pub fn toads_frogs(row: &Row) -> String {
    let text = row.to_string();
    let mut s = Squares::new(1, text.len(), format!("Toads and Frogs {text}"));
    for (c, ch) in text.chars().enumerate() {
        match ch {
            'T' => s.set(0, c, Mark::Letter('T', LEFT)),
            'F' => s.set(0, c, Mark::Letter('F', RIGHT)),
            _ => {}
        }
    }
    s.svg()
}
