//! The cycle game on the grid (Shen 11.2.10): two players take turns claiming unit segments of
//! the square grid; the first wins by closing a cycle of their own segments. On the infinite
//! grid the second player stops them forever by **pairing**: the segment going right from a
//! point `(x, y)` is paired with the segment going up from the same point, and whenever the
//! first player takes one segment of a pair, the second takes the other.
//!
//! Why it works: take the lowest point of a cycle, and the leftmost of the lowest. The cycle
//! leaves that point by two segments and can go neither down nor left from it, so it uses the
//! right and the up segment of that point — both segments of one pair, which the first player
//! never owns together.
//!
//! A [`CycleGame`] plays on a window of the grid (`width × height` points, `x` to the right and
//! `y` up from `(0, 0)`): every cycle in the window is a cycle of the infinite grid, so the
//! argument holds unchanged. [`CycleGame::pairing_reply`] is the second player's strategy; the
//! sweep `minimax/grid-cycle-pairing` plays it against every strategy of the first player on
//! small windows and against random and greedy players on large ones.
//!
//! ```
//! use cgt_minimax::cycle::{CycleGame, GridEdge};
//!
//! let g = CycleGame::new(4, 4)?;
//! let g = g.play("1,1 r".parse::<GridEdge>()?)?;
//! let reply = g.pairing_reply().unwrap();
//! assert_eq!(reply.to_string(), "1,1 u"); // the other segment of the pair
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use crate::{BoardError, ParseMoveError};

/// The largest window side, in points.
pub const MAX_SIDE: u8 = 64;

/// A unit segment of the grid: from the point `(x, y)` to the right or up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GridEdge {
    /// The point's column.
    pub x: u8,
    /// The point's row, counted upwards.
    pub y: u8,
    /// Whether the segment goes up (else right).
    pub up: bool,
}

impl GridEdge {
    /// The other segment of its pair: the same point, the other direction.
    #[must_use]
    pub fn partner(self) -> GridEdge {
        GridEdge {
            up: !self.up,
            ..self
        }
    }
}

impl fmt::Display for GridEdge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{} {}",
            self.x,
            self.y,
            if self.up { "u" } else { "r" }
        )
    }
}

impl FromStr for GridEdge {
    type Err = ParseMoveError;
    /// `X,Y r` (right from the point) or `X,Y u` (up).
    fn from_str(s: &str) -> Result<GridEdge, ParseMoveError> {
        let bad = || ParseMoveError {
            text: s.to_owned(),
            expected: "a segment X,Y r (right from the point) or X,Y u (up), as in 2,3 r",
        };
        let t = s.trim();
        // `X,Y r` or, without the space, `X,Yr`.
        let split = t.rfind(|c: char| c.is_ascii_digit()).map_or(0, |i| i + 1);
        let (point, dir) = t.split_at(split);
        let (point, dir) = (point.trim(), dir.trim());
        if point.contains(char::is_whitespace) || dir.contains(char::is_whitespace) {
            return Err(bad());
        }
        let (x, y) = point.split_once(',').ok_or_else(bad)?;
        let (x, y) = (
            x.trim().parse::<u8>().map_err(|_| bad())?,
            y.trim().parse::<u8>().map_err(|_| bad())?,
        );
        let up = match dir.to_ascii_lowercase().as_str() {
            "u" | "up" => true,
            "r" | "right" => false,
            _ => return Err(bad()),
        };
        Ok(GridEdge { x, y, up })
    }
}

/// Who owns a segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Owner {
    Free,
    First,
    Second,
}

/// A position of the cycle game on a window of the grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CycleGame {
    width: u8,
    height: u8,
    /// Owner of each segment at [`CycleGame::index`].
    owners: Vec<Owner>,
    first_to_move: bool,
    /// The first player's last segment, which the pairing answers.
    last_first: Option<GridEdge>,
    /// Whether the first player's segments hold a cycle.
    closed: bool,
    /// Union–find over the points joined by the first player's segments.
    parent: Vec<u16>,
}

impl CycleGame {
    /// An empty window of `width × height` points (2 to [`MAX_SIDE`] each), the first player
    /// to move.
    ///
    /// # Errors
    /// [`BoardError::UnsupportedBoard`] outside that range.
    pub fn new(width: u8, height: u8) -> Result<CycleGame, BoardError> {
        if !(2..=MAX_SIDE).contains(&width) || !(2..=MAX_SIDE).contains(&height) {
            return Err(BoardError::UnsupportedBoard {
                game: "cycle game",
                width,
                height,
                supported: "2 to 64 points a side",
            });
        }
        let segments = 2 * usize::from(width) * usize::from(height);
        Ok(CycleGame {
            width,
            height,
            owners: vec![Owner::Free; segments],
            first_to_move: true,
            last_first: None,
            closed: false,
            parent: (0..u16::from(width) * u16::from(height)).collect(),
        })
    }

    /// Points across.
    #[must_use]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Points up.
    #[must_use]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Whether the first player is to move.
    #[must_use]
    pub fn first_to_move(&self) -> bool {
        self.first_to_move
    }

    /// The first player's last segment.
    #[must_use]
    pub fn last_first(&self) -> Option<GridEdge> {
        self.last_first
    }

    /// Whether `e` is in the window and free.
    #[must_use]
    pub fn is_free(&self, e: GridEdge) -> bool {
        self.contains(e) && self.owners[self.index(e)] == Owner::Free
    }

    /// Whether the first player has closed a cycle.
    #[must_use]
    pub fn cycle_closed(&self) -> bool {
        self.closed
    }

    /// Whether the segment lies in the window.
    #[must_use]
    pub fn contains(&self, e: GridEdge) -> bool {
        if e.up {
            e.x < self.width && e.y + 1 < self.height
        } else {
            e.x + 1 < self.width && e.y < self.height
        }
    }

    fn index(&self, e: GridEdge) -> usize {
        2 * (usize::from(e.y) * usize::from(self.width) + usize::from(e.x)) + usize::from(e.up)
    }

    /// Every segment of the window, in order (by row, then column, right before up).
    pub fn segments(&self) -> impl Iterator<Item = GridEdge> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| (x, y)))
            .flat_map(|(x, y)| [false, true].map(|up| GridEdge { x, y, up }))
            .filter(|&e| self.contains(e))
    }

    /// The segments no one has taken.
    pub fn free(&self) -> impl Iterator<Item = GridEdge> + '_ {
        self.segments()
            .filter(|&e| self.owners[self.index(e)] == Owner::Free)
    }

    /// The segments the first player owns.
    pub fn first_segments(&self) -> impl Iterator<Item = GridEdge> + '_ {
        self.segments()
            .filter(|&e| self.owners[self.index(e)] == Owner::First)
    }

    /// Whether the game is over: a cycle closed, or no free segment.
    #[must_use]
    pub fn over(&self) -> bool {
        self.closed || self.free().next().is_none()
    }

    /// The position after the player to move takes `e`.
    ///
    /// # Errors
    /// As [`CycleGame::take`].
    pub fn play(&self, e: GridEdge) -> Result<CycleGame, BoardError> {
        let mut next = self.clone();
        next.take(e)?;
        Ok(next)
    }

    /// The player to move takes `e`, in place.
    ///
    /// # Errors
    /// [`BoardError::OffBoard`] for a segment outside the window, [`BoardError::Occupied`] for
    /// a taken one, [`BoardError::GameOver`] after a cycle closed; the position is unchanged.
    pub fn take(&mut self, e: GridEdge) -> Result<(), BoardError> {
        let token = e.to_string();
        if self.closed {
            return Err(BoardError::GameOver {
                move_number: 1,
                token,
            });
        }
        if !self.contains(e) {
            return Err(BoardError::OffBoard {
                move_number: 1,
                token,
                range: format!(
                    "points 0,0 to {},{}; a segment right from the last column or up from the \
                     top row leaves the window",
                    self.width - 1,
                    self.height - 1
                ),
            });
        }
        let i = self.index(e);
        if self.owners[i] != Owner::Free {
            return Err(BoardError::Occupied {
                move_number: 1,
                token,
            });
        }
        if self.first_to_move {
            self.owners[i] = Owner::First;
            self.last_first = Some(e);
            // A segment closes a cycle exactly when its two points are already joined.
            let w = u16::from(self.width);
            let a = u16::from(e.y) * w + u16::from(e.x);
            let b = if e.up { a + w } else { a + 1 };
            let (ra, rb) = (self.root(a), self.root(b));
            if ra == rb {
                self.closed = true;
            } else {
                self.parent[usize::from(ra)] = rb;
            }
        } else {
            self.owners[i] = Owner::Second;
        }
        self.first_to_move = !self.first_to_move;
        Ok(())
    }

    fn root(&mut self, mut v: u16) -> u16 {
        while self.parent[usize::from(v)] != v {
            let grand = self.parent[usize::from(self.parent[usize::from(v)])];
            self.parent[usize::from(v)] = grand;
            v = grand;
        }
        v
    }

    /// The free segments that share a point with `e`.
    pub fn free_neighbours(&self, e: GridEdge) -> impl Iterator<Item = GridEdge> + '_ {
        let (x, y) = (i16::from(e.x), i16::from(e.y));
        let candidates: [(i16, i16, bool); 6] = if e.up {
            [
                (x, y, false),
                (x - 1, y, false),
                (x, y + 1, false),
                (x - 1, y + 1, false),
                (x, y - 1, true),
                (x, y + 1, true),
            ]
        } else {
            [
                (x, y, true),
                (x, y - 1, true),
                (x + 1, y, true),
                (x + 1, y - 1, true),
                (x - 1, y, false),
                (x + 1, y, false),
            ]
        };
        candidates.into_iter().filter_map(move |(x, y, up)| {
            let e = GridEdge {
                x: u8::try_from(x).ok()?,
                y: u8::try_from(y).ok()?,
                up,
            };
            (self.contains(e) && self.owners[self.index(e)] == Owner::Free).then_some(e)
        })
    }

    /// The second player's pairing move: the partner of the first player's last segment when
    /// it is free and in the window, else the first free segment in order; `None` when the
    /// first player is to move or nothing is free.
    #[must_use]
    pub fn pairing_reply(&self) -> Option<GridEdge> {
        if self.first_to_move || self.closed {
            return None;
        }
        if let Some(partner) = self.last_first.map(GridEdge::partner)
            && self.contains(partner)
            && self.owners[self.index(partner)] == Owner::Free
        {
            return Some(partner);
        }
        self.free().next()
    }

    /// The window drawn as text: `+` points, `──`/`│` the first player's segments, `··`/`:` the
    /// second's; row `height − 1` on top, with the coordinates.
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = String::new();
        let owner = |e: GridEdge| self.owners[self.index(e)];
        for y in (0..self.height).rev() {
            out.push_str(&format!("{y:>2} "));
            for x in 0..self.width {
                out.push('+');
                if x + 1 < self.width {
                    out.push_str(match owner(GridEdge { x, y, up: false }) {
                        Owner::Free => "   ",
                        Owner::First => "───",
                        Owner::Second => " · ",
                    });
                }
            }
            out.push('\n');
            if y > 0 {
                out.push_str("   ");
                for x in 0..self.width {
                    out.push(
                        match owner(GridEdge {
                            x,
                            y: y - 1,
                            up: true,
                        }) {
                            Owner::Free => ' ',
                            Owner::First => '│',
                            Owner::Second => ':',
                        },
                    );
                    if x + 1 < self.width {
                        out.push_str("   ");
                    }
                }
                out.truncate(out.trim_end_matches(' ').len());
                out.push('\n');
            }
        }
        out.push_str("   ");
        for x in 0..self.width {
            out.push_str(&format!("{x:<4}"));
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
        out
    }
}

/// Plays every strategy of the first player against the pairing on a window, exhaustively
/// (each position once): `Ok(positions)` when no cycle ever closes, else the first player's
/// segments of a position with a cycle.
///
/// # Errors
/// The segments of a cycle the first player closed.
pub fn pairing_holds_everywhere(start: &CycleGame) -> Result<usize, Vec<GridEdge>> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![start.clone()];
    while let Some(g) = stack.pop() {
        if !seen.insert(g.owners.clone()) {
            continue;
        }
        for e in g.free().collect::<Vec<_>>() {
            let after = g.play(e).expect("a free segment of the window");
            if after.cycle_closed() {
                return Err(after.first_segments().collect());
            }
            let next = match after.pairing_reply() {
                Some(r) => after.play(r).expect("the pairing plays a free segment"),
                None => after,
            };
            stack.push(next);
        }
    }
    Ok(seen.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_closes_a_cycle() {
        let mut g = CycleGame::new(3, 3).unwrap();
        for (e, second) in [("0,0 r", "2,1 u"), ("0,0 u", "1,2 r"), ("1,0 u", "0,2 r")] {
            g = g.play(e.parse().unwrap()).unwrap();
            assert!(!g.cycle_closed());
            g = g.play(second.parse().unwrap()).unwrap();
        }
        g = g.play("0,1 r".parse().unwrap()).unwrap();
        assert!(g.cycle_closed() && g.over());
        assert!(matches!(
            g.play("1,1 r".parse().unwrap()),
            Err(BoardError::GameOver { .. })
        ));
    }

    #[test]
    fn moves_are_checked_and_read() {
        let g = CycleGame::new(3, 2).unwrap();
        assert!(matches!(
            g.play("2,0 r".parse().unwrap()),
            Err(BoardError::OffBoard { .. })
        ));
        assert!(matches!(
            g.play("0,1 u".parse().unwrap()),
            Err(BoardError::OffBoard { .. })
        ));
        let g = g.play("0,0 u".parse().unwrap()).unwrap();
        assert!(matches!(
            g.play("0,0 u".parse().unwrap()),
            Err(BoardError::Occupied { .. })
        ));
        assert_eq!("4,5r".parse::<GridEdge>().unwrap().to_string(), "4,5 r");
        for bad in [
            "", "0,0", "0 0 r", "a,1 r", "1,1 x", "1,1 r r", "300,1 u", "1, 1 r", "r",
        ] {
            assert!(bad.parse::<GridEdge>().is_err(), "{bad:?}");
        }
        assert_eq!(
            " 2,3   UP ".parse::<GridEdge>().unwrap().to_string(),
            "2,3 u"
        );
        assert!(CycleGame::new(1, 5).is_err() && CycleGame::new(65, 2).is_err());
        assert_eq!(CycleGame::new(3, 2).unwrap().segments().count(), 7);
    }

    #[test]
    fn the_pairing_holds_on_a_3_by_3_window() {
        let positions = pairing_holds_everywhere(&CycleGame::new(3, 3).unwrap()).unwrap();
        assert!(positions > 100, "{positions}");
    }

    #[test]
    fn a_careless_second_player_lets_a_cycle_close() {
        // Answering with the first free segment instead of the partner: the first player
        // closes the square at the top right of a 3×3 window.
        let mut g = CycleGame::new(3, 3).unwrap();
        for e in ["1,1 r", "1,1 u", "2,1 u", "1,2 r"] {
            g = g.play(e.parse().unwrap()).unwrap();
            if g.cycle_closed() {
                break;
            }
            let careless = g.free().next().unwrap();
            g = g.play(careless).unwrap();
        }
        assert!(g.cycle_closed());
    }

    #[test]
    fn render_shows_both_players() {
        let g = CycleGame::new(2, 2).unwrap();
        let g = g.play("0,0 r".parse().unwrap()).unwrap();
        let g = g.play("0,0 u".parse().unwrap()).unwrap();
        assert_eq!(g.render(), " 1 +   +\n   :\n 0 +───+\n   0   1\n");
    }
}
