//! Toads and Frogs: on a row of squares, Left's toads (`T`) move right and Right's frogs (`F`)
//! move left, one square into an empty square (`.`), or jumping over one opposing creature into
//! an empty square just beyond it. The player who cannot move loses.
//!
//! The search splits a row where nothing can ever cross: frogs at the left end and toads at the
//! right end never move, and a block `TTFF` is frozen for ever, so the row splits there. A row
//! read backwards with toads and frogs exchanged is the negative, so a row and its mirror share
//! one cache entry.

use core::fmt;
use core::str::FromStr;

use crate::PartizanError;
use crate::arena::Player;
use crate::search::PartizanGame;

/// The longest row accepted.
pub const MAX_SQUARES: usize = 256;

const EMPTY: u8 = 0;
const TOAD: u8 = 1;
const FROG: u8 = 2;

/// A row of Toads and Frogs.
///
/// ```
/// use cgt_partizan::toads::{Row, ToadsAndFrogs};
/// use cgt_partizan::{Arena, Evaluator};
///
/// let mut arena = Arena::new();
/// let mut ev = Evaluator::new(ToadsAndFrogs);
/// let row: Row = "T.F".parse()?;
/// let v = ev.value(&mut arena, &row)?;
/// assert_eq!(arena.display(v), "*");
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row {
    squares: Vec<u8>,
}

impl Row {
    /// Squares.
    #[must_use]
    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// True for a row of no squares.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// Read backwards with toads and frogs exchanged: the negative game.
    #[must_use]
    pub fn mirror(&self) -> Row {
        Row {
            squares: self
                .squares
                .iter()
                .rev()
                .map(|&s| match s {
                    TOAD => FROG,
                    FROG => TOAD,
                    e => e,
                })
                .collect(),
        }
    }
}

impl FromStr for Row {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<Row, PartizanError> {
        let t = s.trim();
        if t.chars().count() > MAX_SQUARES {
            return Err(PartizanError::TooLarge {
                message: format!("a Toads and Frogs row is limited to {MAX_SQUARES} squares"),
            });
        }
        let squares = t
            .chars()
            .map(|c| match c {
                '.' | '_' => Ok(EMPTY),
                'T' | 't' => Ok(TOAD),
                'F' | 'f' => Ok(FROG),
                other => Err(PartizanError::parse(
                    s,
                    format!(
                        "unexpected {other:?}: a row is made of T (toad), F (frog) and . (empty)"
                    ),
                )),
            })
            .collect::<Result<Vec<u8>, _>>()?;
        if squares.is_empty() {
            return Err(PartizanError::parse(s, "an empty row"));
        }
        Ok(Row { squares })
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &s in &self.squares {
            f.write_str(match s {
                TOAD => "T",
                FROG => "F",
                _ => ".",
            })?;
        }
        Ok(())
    }
}

/// The rules of Toads and Frogs, for an [`crate::Evaluator`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToadsAndFrogs;

impl ToadsAndFrogs {
    /// The moves of `player`: `(from, to)` square numbers (0-based) with the row after each.
    #[must_use]
    pub fn moves(row: &Row, player: Player) -> Vec<((usize, usize), Row)> {
        let s = &row.squares;
        let n = s.len();
        let mut out = Vec::new();
        let mut go = |from: usize, to: usize| {
            let mut next = row.clone();
            next.squares.swap(from, to);
            out.push(((from, to), next));
        };
        for i in 0..n {
            match (player, s[i]) {
                (Player::Left, TOAD) => {
                    if i + 1 < n && s[i + 1] == EMPTY {
                        go(i, i + 1);
                    } else if i + 2 < n && s[i + 1] == FROG && s[i + 2] == EMPTY {
                        go(i, i + 2);
                    }
                }
                (Player::Right, FROG) => {
                    if i >= 1 && s[i - 1] == EMPTY {
                        go(i, i - 1);
                    } else if i >= 2 && s[i - 1] == TOAD && s[i - 2] == EMPTY {
                        go(i, i - 2);
                    }
                }
                _ => {}
            }
        }
        out
    }
}

impl PartizanGame for ToadsAndFrogs {
    type Position = Row;

    fn options(&self, row: &Row, player: Player, out: &mut Vec<Row>) {
        out.extend(
            ToadsAndFrogs::moves(row, player)
                .into_iter()
                .map(|(_, r)| r),
        );
    }

    fn components(&self, row: &Row, out: &mut Vec<Row>) {
        let s = &row.squares;
        let mut start = 0;
        let mut i = 0;
        let mut push = |a: usize, b: usize| {
            let mut part = &s[a..b];
            while let [FROG, rest @ ..] = part {
                part = rest;
            }
            while let [rest @ .., TOAD] = part {
                part = rest;
            }
            let has = |c: u8| part.contains(&c);
            if has(EMPTY) && (has(TOAD) || has(FROG)) {
                out.push(Row {
                    squares: part.to_vec(),
                });
            }
        };
        while i + 4 <= s.len() {
            if s[i..i + 4] == [TOAD, TOAD, FROG, FROG] {
                push(start, i);
                start = i + 4;
                i += 4;
            } else {
                i += 1;
            }
        }
        push(start, s.len());
    }

    fn normalize(&self, row: &Row) -> (Row, bool) {
        let m = row.mirror();
        if m < *row {
            (m, true)
        } else {
            (row.clone(), false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Arena, Evaluator};

    fn value(text: &str) -> String {
        let mut arena = Arena::new();
        let mut ev = Evaluator::new(ToadsAndFrogs);
        let v = ev.value(&mut arena, &text.parse().unwrap()).unwrap();
        arena.display(v)
    }

    #[test]
    fn small_rows() {
        assert_eq!(value("T."), "1");
        assert_eq!(value(".F"), "-1");
        assert_eq!(value("T.F"), "*");
        assert_eq!(value("TF"), "0");
        // {.T.F | T.F.} = {-1/2 | 1/2}, worked by hand.
        assert_eq!(value("T..F"), "0");
        assert_eq!(value(".T.F"), "-1/2");
        assert_eq!(value("TTFF"), "0");
        // A row equal to its own mirror is its own negative: G + G = 0.
        assert_eq!(value("TT.FFTT.FF"), "0");
    }

    #[test]
    fn parsing() {
        let r: Row = "TT..F.F".parse().unwrap();
        assert_eq!(r.to_string(), "TT..F.F");
        assert_eq!(r.mirror().to_string(), "T.T..FF");
        for bad in ["", "TXF", "T F"] {
            assert!(bad.parse::<Row>().is_err(), "{bad:?}");
        }
    }
}
