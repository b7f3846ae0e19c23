//! Toppling Dominoes (Fink, Nowakowski, Siegel and Wolfe; *Lessons in Play*): rows of blue
//! (`L`, Left's), red (`R`, Right's) and green (`G`, either player's) dominoes. A move topples
//! a domino of one's own colour or a green one, to the left or to the right, and it knocks
//! over every domino on that side of it in its row. The player who cannot move loses.
//!
//! Positions are rows of `L`, `R` and `G` (up to 64 dominoes), several separated by spaces or
//! commas for a sum. What is left after a move is a contiguous part of the row, so rows are
//! independent components; a row is worth the same read backwards, and exchanging the colours
//! negates it, so the four images share one cache entry. A row of one colour is worth its
//! length (blue), minus its length (red), or the nimber of its length (green).

use core::fmt;
use core::str::FromStr;

use crate::player::Player;
use crate::ruleset::{MoveText, Place};
use crate::search::PartizanGame;
use crate::{Arena, GameId, PartizanError};

/// The most dominoes in a row.
pub const MAX_ROW: usize = 64;
/// The most rows in a position.
pub const MAX_ROWS: usize = 64;
/// How a position with no domino standing prints (and reads).
const NONE_LEFT: &str = "(no dominoes)";

/// One row: its length and which dominoes are blue and which red (the others are green).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Row {
    len: u8,
    blue: u64,
    red: u64,
}

impl Row {
    fn len(self) -> usize {
        usize::from(self.len)
    }

    fn mask(len: usize) -> u64 {
        if len >= 64 {
            u64::MAX
        } else {
            (1u64 << len) - 1
        }
    }

    /// Dominoes `from..to` as a row of their own.
    fn part(self, from: usize, to: usize) -> Row {
        let n = to - from;
        let cut = |m: u64| m.checked_shr(from as u32).unwrap_or(0) & Row::mask(n);
        Row {
            len: n as u8,
            blue: cut(self.blue),
            red: cut(self.red),
        }
    }

    fn reversed(self) -> Row {
        let n = self.len();
        let flip = |m: u64| {
            if n == 0 {
                0
            } else {
                m.reverse_bits() >> (64 - n)
            }
        };
        Row {
            len: self.len,
            blue: flip(self.blue),
            red: flip(self.red),
        }
    }

    fn swapped(self) -> Row {
        Row {
            len: self.len,
            blue: self.red,
            red: self.blue,
        }
    }

    /// The dominoes `player` may topple.
    fn movable(self, player: Player) -> u64 {
        let theirs = match player {
            Player::Left => self.red,
            Player::Right => self.blue,
        };
        Row::mask(self.len()) & !theirs
    }

    fn letter(self, i: usize) -> char {
        if self.blue >> i & 1 == 1 {
            'L'
        } else if self.red >> i & 1 == 1 {
            'R'
        } else {
            'G'
        }
    }
}

/// A Toppling Dominoes position: rows of dominoes, a sum.
///
/// ```
/// use cgt_partizan::toppling::{Dominoes, TopplingDominoes};
/// use cgt_partizan::{Arena, Evaluator};
///
/// let mut arena = Arena::new();
/// let mut ev = Evaluator::new(TopplingDominoes);
/// let v = ev.value(&mut arena, &"LR".parse::<Dominoes>()?)?;
/// assert_eq!(arena.display(v), "*");
/// let v = ev.value(&mut arena, &"LLR GG".parse::<Dominoes>()?)?;
/// assert_eq!(arena.display(v), "{1*2|*2}"); // {1|0} + *2
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dominoes {
    rows: Vec<Row>,
}

impl Dominoes {
    /// The rows, each as text (`L`, `R`, `G`).
    #[must_use]
    pub fn rows(&self) -> Vec<String> {
        self.rows
            .iter()
            .map(|&r| (0..r.len()).map(|i| r.letter(i)).collect())
            .collect()
    }

    /// The colour of domino `i` of row `row` (from 0): `Some(Player::Left)` blue,
    /// `Some(Player::Right)` red, `None` green (or no such domino: see [`Dominoes::rows`]).
    #[must_use]
    pub fn colour(&self, row: usize, i: usize) -> Option<Player> {
        let r = self.rows.get(row)?;
        match r.letter(i) {
            _ if i >= r.len() => None,
            'L' => Some(Player::Left),
            'R' => Some(Player::Right),
            _ => None,
        }
    }
}

impl FromStr for Dominoes {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<Dominoes, PartizanError> {
        // What a position with every domino fallen prints as reads back.
        if s.trim() == NONE_LEFT {
            return Ok(Dominoes { rows: Vec::new() });
        }
        let parts: Vec<&str> = s
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .collect();
        if parts.is_empty() {
            return Err(PartizanError::parse(
                s,
                "expected rows of L (blue), R (red) and G (green) dominoes",
            ));
        }
        if parts.len() > MAX_ROWS {
            return Err(PartizanError::TooLarge {
                message: format!("a Toppling Dominoes position is limited to {MAX_ROWS} rows"),
            });
        }
        let mut rows = Vec::with_capacity(parts.len());
        for part in parts {
            let n = part.chars().count();
            if n > MAX_ROW {
                return Err(PartizanError::TooLarge {
                    message: format!(
                        "a row of {n} dominoes; Toppling Dominoes rows are limited to {MAX_ROW}"
                    ),
                });
            }
            let mut row = Row {
                len: n as u8,
                blue: 0,
                red: 0,
            };
            for (i, c) in part.chars().enumerate() {
                match c.to_ascii_uppercase() {
                    'L' | 'B' => row.blue |= 1 << i,
                    'R' => row.red |= 1 << i,
                    'G' => {}
                    _ => {
                        return Err(PartizanError::parse(
                            s,
                            format!(
                                "unexpected {c:?} in a row of dominoes: use L (blue), R (red), G \
                                 (green)"
                            ),
                        ));
                    }
                }
            }
            rows.push(row);
        }
        Ok(Dominoes { rows })
    }
}

impl fmt::Display for Dominoes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rows.iter().all(|r| r.len == 0) {
            return f.write_str(NONE_LEFT);
        }
        let mut first = true;
        for r in self.rows.iter().filter(|r| r.len > 0) {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            for i in 0..r.len() {
                write!(f, "{}", r.letter(i))?;
            }
        }
        Ok(())
    }
}

/// A Toppling Dominoes move: domino `domino` of row `row` (both from 0) toppled to the left
/// or to the right. Printed `1:3<` (row 1, domino 3, to the left; from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Topple {
    /// The row, from 0.
    pub row: usize,
    /// The domino, from 0 at the left end of its row.
    pub domino: usize,
    /// Toppled to the right (knocking over the dominoes after it) rather than to the left.
    pub rightwards: bool,
}

impl fmt::Display for Topple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let way = if self.rightwards { '>' } else { '<' };
        write!(f, "{}:{}{way}", self.row + 1, self.domino + 1)
    }
}

/// The rules of Toppling Dominoes, for an [`crate::Evaluator`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TopplingDominoes;

impl TopplingDominoes {
    /// The moves of `player`, with the position after each (rows that fall entirely are
    /// kept as empty rows, so rows keep their numbers during play).
    #[must_use]
    pub fn moves(position: &Dominoes, player: Player) -> Vec<(Topple, Dominoes)> {
        let mut out = Vec::new();
        for (k, &row) in position.rows.iter().enumerate() {
            let mut bits = row.movable(player);
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for (rightwards, rest) in
                    [(false, row.part(i + 1, row.len())), (true, row.part(0, i))]
                {
                    let mut rows = position.rows.clone();
                    rows[k] = rest;
                    out.push((
                        Topple {
                            row: k,
                            domino: i,
                            rightwards,
                        },
                        Dominoes { rows },
                    ));
                }
            }
        }
        out
    }
}

impl PartizanGame for TopplingDominoes {
    type Position = Dominoes;
    type Move = Topple;

    fn moves(&self, position: &Dominoes, player: Player, out: &mut Vec<(Topple, Dominoes)>) {
        out.extend(TopplingDominoes::moves(position, player));
    }

    fn components(&self, position: &Dominoes, out: &mut Vec<Dominoes>) {
        out.extend(
            position
                .rows
                .iter()
                .filter(|r| r.len > 0)
                .map(|&r| Dominoes { rows: vec![r] }),
        );
    }

    fn normalize(&self, position: &Dominoes) -> (Dominoes, bool) {
        match position.rows.as_slice() {
            &[row] => {
                let mut best = (row, false);
                for (image, negated) in [
                    (row.reversed(), false),
                    (row.swapped(), true),
                    (row.reversed().swapped(), true),
                ] {
                    if image < best.0 {
                        best = (image, negated);
                    }
                }
                (Dominoes { rows: vec![best.0] }, best.1)
            }
            _ => (position.clone(), false),
        }
    }

    fn known_value(
        &self,
        position: &Dominoes,
        arena: &mut Arena,
    ) -> Option<Result<GameId, PartizanError>> {
        let &[row] = position.rows.as_slice() else {
            return None;
        };
        let all = Row::mask(row.len());
        let n = row.len() as u64;
        if row.blue == all {
            Some(Ok(arena.integer(n as i64)))
        } else if row.red == all {
            Some(Ok(arena.integer(-(n as i64))))
        } else if row.blue | row.red == 0 {
            Some(arena.nimber(n))
        } else {
            None
        }
    }
}

impl crate::ruleset::Ruleset for TopplingDominoes {
    type Game = TopplingDominoes;
    const NAME: &'static str = "toppling-dominoes";
    const GAME: TopplingDominoes = TopplingDominoes;

    fn picture(d: &Dominoes) -> Option<crate::picture::Picture> {
        use crate::picture::{Ink, Mark, Picture};
        let rows = d.rows();
        let width = rows.iter().map(String::len).max().unwrap_or(0).max(1);
        let mut picture = Picture::new(rows.len().max(1), width);
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let ink = match ch {
                    'L' => Ink::Left,
                    'R' => Ink::Right,
                    _ => Ink::Green,
                };
                picture.set(r, c, Mark::Letter(ch, ink));
            }
        }
        Some(picture)
    }

    fn title(d: &Dominoes) -> String {
        let lengths: Vec<String> = d.rows().iter().map(|r| r.len().to_string()).collect();
        format!(
            "Toppling Dominoes, rows of {} (Left topples blue L or green G, Right red R or \
             green G)",
            lengths.join(", ")
        )
    }

    fn describe(before: &Dominoes, m: &Topple, after: &Dominoes, _: Player) -> MoveText {
        let way = if m.rightwards { "right" } else { "left" };
        let row = if before.rows().len() > 1 {
            format!(" of row {}", m.row + 1)
        } else {
            String::new()
        };
        MoveText {
            from: None,
            to: Some(Place::Square(m.row, m.domino)),
            text: format!("topple domino {}{row} to the {way}: {after}", m.domino + 1),
        }
    }

    fn cells(m: &Topple) -> Vec<(usize, usize)> {
        vec![(m.row, m.domino)]
    }
}

impl cgt_core::said::Worded for Topple {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_print_and_keep_rows() {
        let p: Dominoes = "LG R".parse().unwrap();
        let moves = TopplingDominoes::moves(&p, Player::Left);
        let texts: Vec<String> = moves
            .iter()
            .map(|(m, after)| format!("{m} {after}"))
            .collect();
        assert_eq!(texts, ["1:1< G R", "1:1> R", "1:2< R", "1:2> L R"]);
        assert_eq!(p.rows(), ["LG", "R"]);
        let fallen = &TopplingDominoes::moves(&"L".parse().unwrap(), Player::Left)[0].1;
        assert_eq!(fallen.to_string(), "(no dominoes)");
        assert_eq!(
            fallen.to_string().parse::<Dominoes>().unwrap().to_string(),
            "(no dominoes)"
        );
        assert_eq!(p.colour(1, 0), Some(Player::Right));
        assert_eq!(p.colour(0, 1), None);
        for bad in ["", "LX", &"L".repeat(65)] {
            assert!(bad.parse::<Dominoes>().is_err(), "{bad:?}");
        }
    }
}
