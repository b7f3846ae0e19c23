//! The moves of the built-in rulesets, as values: each prints as people write it and reads
//! back from the same text (squares and edges numbered from 1).

use core::fmt;
use core::str::FromStr;

use cgt_core::said::{Said, Worded};

use crate::PartizanError;

/// A square `(row, column)`, from 0; printed `(row,column)` from 1.
pub(crate) fn square(f: &mut fmt::Formatter<'_>, (r, c): (usize, usize)) -> fmt::Result {
    write!(f, "({},{})", r + 1, c + 1)
}

/// Reads `(r,c)` (from 1) as a square from 0.
fn read_square(text: &str, whole: &str, what: &str) -> Result<(usize, usize), PartizanError> {
    let bad = || PartizanError::parse(whole, format!("expected {what}"));
    let inner = text
        .trim()
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or_else(bad)?;
    let (r, c) = inner.split_once(',').ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    if r == 0 || c == 0 {
        return Err(bad());
    }
    Ok((r - 1, c - 1))
}

/// A number from 1, as an index from 0.
fn read_number(text: &str, whole: &str, what: &str) -> Result<usize, PartizanError> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|&n| n >= 1)
        .map(|n| n - 1)
        .ok_or_else(|| PartizanError::parse(whole, format!("expected {what}")))
}

/// A Domineering domino: the two squares it covers, `(1,2)-(2,2)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Placement {
    /// The squares, `(row, column)` from 0, the upper or left one first.
    pub cells: [(usize, usize); 2],
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        square(f, self.cells[0])?;
        f.write_str("-")?;
        square(f, self.cells[1])
    }
}

impl FromStr for Placement {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<Placement, PartizanError> {
        let what = "a domino as (row,col)-(row,col)";
        let (a, b) = s
            .split_once(")-(")
            .map(|(a, b)| (format!("{a})"), format!("({b}")))
            .ok_or_else(|| PartizanError::parse(s, format!("expected {what}")))?;
        Ok(Placement {
            cells: [read_square(&a, s, what)?, read_square(&b, s, what)?],
        })
    }
}

/// A Toads and Frogs move: the animal on square `from` steps or jumps to `to` (from 0;
/// printed `2-3` from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hop {
    /// The square it leaves.
    pub from: usize,
    /// The square it reaches.
    pub to: usize,
}

impl Hop {
    /// Whether it jumps over an animal of the other side (two squares) rather than steps.
    #[must_use]
    pub fn is_jump(&self) -> bool {
        self.from.abs_diff(self.to) == 2
    }
}

impl fmt::Display for Hop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from + 1, self.to + 1)
    }
}

impl FromStr for Hop {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<Hop, PartizanError> {
        let what = "a move as FROM-TO (squares from 1)";
        let (a, b) = s
            .split_once('-')
            .ok_or_else(|| PartizanError::parse(s, format!("expected {what}")))?;
        Ok(Hop {
            from: read_number(a, s, what)?,
            to: read_number(b, s, what)?,
        })
    }
}

/// A Col or Snort move: the square coloured, `(2,3)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Paint {
    /// The square, `(row, column)` from 0.
    pub cell: (usize, usize),
}

impl fmt::Display for Paint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        square(f, self.cell)
    }
}

/// A Col or Snort move on a graph: the vertex coloured, by its number and name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VertexPaint {
    /// The vertex, numbered from 0 in the order the graph names them.
    pub vertex: usize,
    /// Its name.
    pub name: String,
}

impl fmt::Display for VertexPaint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl FromStr for Paint {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<Paint, PartizanError> {
        Ok(Paint {
            cell: read_square(s, s, "a square as (row,col)")?,
        })
    }
}

/// An Amazons move: the amazon on `from` moves to `to` and shoots an arrow onto `arrow`,
/// printed `(1,1)-(3,3)/(3,1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct QueenShot {
    /// The amazon's square, `(row, column)` from 0.
    pub from: (usize, usize),
    /// Where it lands.
    pub to: (usize, usize),
    /// Where its arrow burns.
    pub arrow: (usize, usize),
}

impl fmt::Display for QueenShot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        square(f, self.from)?;
        f.write_str("-")?;
        square(f, self.to)?;
        f.write_str("/")?;
        square(f, self.arrow)
    }
}

impl FromStr for QueenShot {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<QueenShot, PartizanError> {
        let what = "a move as (row,col)-(row,col)/(row,col)";
        let bad = || PartizanError::parse(s, format!("expected {what}"));
        let (path, arrow) = s.split_once(")/(").ok_or_else(bad)?;
        let (from, to) = path.split_once(")-(").ok_or_else(bad)?;
        Ok(QueenShot {
            from: read_square(&format!("{from})"), s, what)?,
            to: read_square(&format!("({to})"), s, what)?,
            arrow: read_square(&format!("({arrow}"), s, what)?,
        })
    }
}

/// A Ski Jumps move: the skier on `from` slides along its row to `to`, off the board when
/// `to` is `None`, or jumps downhill two rows. Printed `(1,2)-(1,5)`, `(1,2)-off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ski {
    /// The skier's square, `(row, column)` from 0.
    pub from: (usize, usize),
    /// Where it stops; `None` off the board.
    pub to: Option<(usize, usize)>,
}

impl fmt::Display for Ski {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        square(f, self.from)?;
        f.write_str("-")?;
        match self.to {
            Some(to) => square(f, to),
            None => f.write_str("off"),
        }
    }
}

/// A Fission move: the stone on `stone` splits in two (vertically for Left, sideways for
/// Right), printed `(2,3)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Split {
    /// The stone's square, `(row, column)` from 0.
    pub stone: (usize, usize),
}

impl fmt::Display for Split {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        square(f, self.stone)
    }
}

/// A Clobber move: the stone on `from` clobbers the adjacent enemy stone on `to`
/// (`(1,1)x(1,2)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Capture {
    /// The moving stone's square, `(row, column)` from 0.
    pub from: (usize, usize),
    /// The clobbered stone's square.
    pub to: (usize, usize),
}

impl fmt::Display for Capture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        square(f, self.from)?;
        f.write_str("x")?;
        square(f, self.to)
    }
}

impl FromStr for Capture {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<Capture, PartizanError> {
        let what = "a move as (row,col)x(row,col)";
        let (a, b) = s
            .split_once(")x(")
            .map(|(a, b)| (format!("{a})"), format!("({b}")))
            .ok_or_else(|| PartizanError::parse(s, format!("expected {what}")))?;
        Ok(Capture {
            from: read_square(&a, s, what)?,
            to: read_square(&b, s, what)?,
        })
    }
}

/// A Cutcake move: the `width × height` piece cut into two, `at` units from its edge (Left
/// cuts across the width, Right across the height). Printed `3x2@1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CakeCut {
    /// The piece cut, `(width, height)`.
    pub piece: (u32, u32),
    /// Where: the width (Left) or height (Right) of the first part.
    pub at: u32,
}

impl fmt::Display for CakeCut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}@{}", self.piece.0, self.piece.1, self.at)
    }
}

impl FromStr for CakeCut {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<CakeCut, PartizanError> {
        let bad = || PartizanError::parse(s, "expected a cut as WxH@AT, such as 3x2@1");
        let (piece, at) = s.trim().split_once('@').ok_or_else(bad)?;
        let (w, h) = piece.split_once(['x', 'X']).ok_or_else(bad)?;
        let num = |t: &str| {
            t.trim()
                .parse::<u32>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(bad)
        };
        Ok(CakeCut {
            piece: (num(w)?, num(h)?),
            at: num(at)?,
        })
    }
}

/// A Hackenbush move: cutting edge `edge` (from 0; printed `edge 3` from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EdgeCut {
    /// The edge, in the order of the picture's file, from 0.
    pub edge: usize,
}

impl fmt::Display for EdgeCut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "edge {}", self.edge + 1)
    }
}

impl FromStr for EdgeCut {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<EdgeCut, PartizanError> {
        let t = s.trim();
        let t = t.strip_prefix("edge").unwrap_or(t);
        Ok(EdgeCut {
            edge: read_number(t, s, "an edge number from 1, such as `edge 3`")?,
        })
    }
}

// Moves written in notation only: the same in every language.
impl Worded for Placement {}
impl Worded for Hop {}
impl Worded for Paint {}
impl Worded for VertexPaint {}
impl Worded for QueenShot {}
impl Worded for Ski {}
impl Worded for Split {}
impl Worded for Capture {}
impl Worded for CakeCut {}

impl Worded for EdgeCut {
    /// `edge 3` (`move-edge`).
    fn said(&self) -> Option<Said> {
        Some(Said::new("move-edge").number("edge", self.edge as u64 + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<M: fmt::Display + FromStr<Err = PartizanError> + PartialEq + fmt::Debug>(m: M) {
        let text = m.to_string();
        assert_eq!(text.parse::<M>().unwrap(), m, "{text}");
    }

    #[test]
    fn every_move_reads_back_what_it_prints() {
        round_trip(Placement {
            cells: [(0, 1), (1, 1)],
        });
        round_trip(Hop { from: 4, to: 2 });
        round_trip(Capture {
            from: (2, 0),
            to: (2, 1),
        });
        round_trip(CakeCut {
            piece: (5, 3),
            at: 2,
        });
        round_trip(EdgeCut { edge: 11 });
        assert_eq!("3".parse::<EdgeCut>().unwrap(), EdgeCut { edge: 2 });
        for bad in [
            "",
            "(0,1)-(1,1)",
            "(1,1)",
            "1-",
            "x",
            "edge 0",
            "3x2",
            "0x2@1",
        ] {
            assert!(bad.parse::<Placement>().is_err(), "{bad}");
            assert!(bad.parse::<CakeCut>().is_err(), "{bad}");
        }
        assert!("edge 0".parse::<EdgeCut>().is_err());
        assert!("0-1".parse::<Hop>().is_err());
        assert!("(1,1)x(1,0)".parse::<Capture>().is_err());
    }
}
