//! Moves as people write them: UCI (`g6g7`) and SAN (`Qg7+`, `Kxc3`, `Nbd2`), both read with
//! `FromStr` and resolved against a position, and the checked [`Endgame::play`].

use core::fmt;
use core::str::FromStr;

use super::{Endgame, Move, Piece, Position, Square};

/// Why a move was not read or not played.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not a move in UCI or SAN.
    Syntax(String),
    /// The move is well formed but not legal in the position.
    Illegal(String),
    /// The SAN names more than one legal move (add the file or rank the piece leaves).
    Ambiguous(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(t) => write!(f, "{t:?} is not a move (write it as Qg7 or g6g7)"),
            MoveError::Illegal(t) => write!(f, "{t:?} is not a legal move here"),
            MoveError::Ambiguous(t) => {
                write!(
                    f,
                    "{t:?} fits more than one move; add the square the piece leaves"
                )
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// A move in UCI: the square the piece leaves and the square it reaches (`g6g7`).
///
/// ```
/// use cgt_retro::chess::Uci;
/// let m: Uci = "g6G7".parse()?;
/// assert_eq!(m.to_string(), "g6g7");
/// # Ok::<(), cgt_retro::chess::MoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Uci {
    /// The square left.
    pub from: Square,
    /// The square reached.
    pub to: Square,
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl FromStr for Uci {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<Uci, MoveError> {
        let t = s.trim().to_ascii_lowercase();
        let syntax = || MoveError::Syntax(s.trim().to_owned());
        if t.len() != 4 || !t.is_ascii() {
            return Err(syntax());
        }
        Ok(Uci {
            from: t[..2].parse().map_err(|_| syntax())?,
            to: t[2..].parse().map_err(|_| syntax())?,
        })
    }
}

/// A move in standard algebraic notation, as written: the piece (`K` for the king), the
/// file and rank it leaves when given, whether it is marked as a capture, the square reached,
/// and the check mark (`+` or `#`) when given. Reading is lenient about the marks: they are
/// kept, and [`Endgame::resolve_san`] does not require them.
///
/// ```
/// use cgt_retro::chess::San;
/// let m: San = "Nbxd2#".parse()?;
/// assert_eq!(m.to_string(), "Nbxd2#");
/// # Ok::<(), cgt_retro::chess::MoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct San {
    /// The piece moved; `None` for the king.
    pub piece: Option<Piece>,
    /// The file it leaves (0 = a), when written.
    pub from_file: Option<u8>,
    /// The rank it leaves (0 = 1), when written.
    pub from_rank: Option<u8>,
    /// Marked as a capture (`x`).
    pub capture: bool,
    /// The square reached.
    pub to: Square,
    /// `+` or `#`, when written.
    pub check: Option<char>,
}

impl San {
    /// The same move on the board turned over, White's side for Black's: rank `r` becomes
    /// rank 9 − `r` (how a line probed with the colours swapped reads on the real board).
    #[must_use]
    pub fn flipped(&self) -> San {
        San {
            from_rank: self.from_rank.map(|r| 7 - r),
            to: Square::new(self.to.index() ^ 56).expect("a square of the board"),
            ..*self
        }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = self.piece.map_or('K', Piece::letter);
        write!(f, "{letter}")?;
        if let Some(file) = self.from_file {
            write!(f, "{}", char::from(b'a' + file))?;
        }
        if let Some(rank) = self.from_rank {
            write!(f, "{}", rank + 1)?;
        }
        if self.capture {
            f.write_str("x")?;
        }
        write!(f, "{}", self.to)?;
        if let Some(c) = self.check {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl FromStr for San {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<San, MoveError> {
        let text = s.trim();
        let syntax = || MoveError::Syntax(text.to_owned());
        let mut body = text;
        let check = match body.chars().last() {
            Some(c @ ('+' | '#')) => {
                body = &body[..body.len() - 1];
                Some(c)
            }
            _ => None,
        };
        let mut chars = body.chars();
        let piece = match chars.next().ok_or_else(syntax)? {
            'K' => None,
            'Q' => Some(Piece::Queen),
            'R' => Some(Piece::Rook),
            'B' => Some(Piece::Bishop),
            'N' => Some(Piece::Knight),
            _ => return Err(syntax()),
        };
        let rest: String = chars.filter(|&c| c != '-').collect();
        if rest.len() < 2 || !rest.is_ascii() {
            return Err(syntax());
        }
        let (head, to) = rest.split_at(rest.len() - 2);
        let to: Square = to.parse().map_err(|_| syntax())?;
        let (head, capture) = match head.strip_suffix('x') {
            Some(h) => (h, true),
            None => (head, false),
        };
        let (mut from_file, mut from_rank) = (None, None);
        for c in head.bytes() {
            match c {
                b'a'..=b'h' if from_file.is_none() && from_rank.is_none() => {
                    from_file = Some(c - b'a');
                }
                b'1'..=b'8' if from_rank.is_none() => from_rank = Some(c - b'1'),
                _ => return Err(syntax()),
            }
        }
        Ok(San {
            piece,
            from_file,
            from_rank,
            capture,
            to,
            check,
        })
    }
}

impl Endgame {
    /// The kind of piece `m` moves in `pos` (`None` for a king).
    fn piece_moved(pos: &Position, m: Move) -> Option<Piece> {
        if m.mover == 0 {
            return None;
        }
        pos.side(pos.white_to_move)
            .get(m.mover - 1)
            .map(|&(p, _)| p)
    }

    /// The position after `m`, checked: `m` must be a legal move of `pos`.
    ///
    /// # Errors
    /// [`MoveError::Illegal`] otherwise.
    pub fn play(&self, pos: &Position, m: Move) -> Result<Position, MoveError> {
        if self.moves(pos).contains(&m) {
            Ok(self.play_unchecked(pos, m))
        } else {
            Err(MoveError::Illegal(format!("{}{}", m.from(), m.to())))
        }
    }

    /// The move in UCI.
    #[must_use]
    pub fn uci(&self, m: Move) -> Uci {
        Uci {
            from: m.from(),
            to: m.to(),
        }
    }

    /// The legal move of `pos` from and to the squares of `uci`.
    ///
    /// # Errors
    /// [`MoveError::Illegal`] when there is none.
    pub fn resolve_uci(&self, pos: &Position, uci: Uci) -> Result<Move, MoveError> {
        self.moves(pos)
            .into_iter()
            .find(|m| m.from() == uci.from && m.to() == uci.to)
            .ok_or_else(|| MoveError::Illegal(uci.to_string()))
    }

    /// The legal move of `pos` that `san` names: the piece, the square reached and the
    /// squares left that it gives (capture and check marks are not required).
    ///
    /// # Errors
    /// [`MoveError::Illegal`] when no legal move fits, [`MoveError::Ambiguous`] when several do.
    pub fn resolve_san(&self, pos: &Position, san: &San) -> Result<Move, MoveError> {
        let fits: Vec<Move> = self
            .moves(pos)
            .into_iter()
            .filter(|&m| {
                m.to() == san.to
                    && Endgame::piece_moved(pos, m) == san.piece
                    && san.from_file.is_none_or(|f| m.from & 7 == f)
                    && san.from_rank.is_none_or(|r| m.from >> 3 == r)
            })
            .collect();
        match fits.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveError::Illegal(san.to_string())),
            _ => Err(MoveError::Ambiguous(san.to_string())),
        }
    }

    /// The legal move of `pos` written as `text`, in SAN (`Qg7+`) or UCI (`g6g7`).
    ///
    /// # Errors
    /// [`MoveError`]: not a move, not legal, or ambiguous.
    ///
    /// ```
    /// use cgt_retro::chess::{Endgame, Scheme};
    /// let kqk = Endgame::parse("kqk", Scheme::Raw, None)?;
    /// let pos = kqk.parse_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1")?;
    /// let mate = kqk.parse_move(&pos, "Qb8#")?;
    /// assert_eq!(kqk.parse_move(&pos, "b1b8")?, mate);
    /// assert_eq!(kqk.uci(mate).to_string(), "b1b8");
    /// assert!(kqk.parse_move(&pos, "Qb9").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        if let Ok(uci) = text.parse::<Uci>() {
            return self.resolve_uci(pos, uci);
        }
        let san: San = text.parse()?;
        self.resolve_san(pos, &san)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Scheme;

    #[test]
    fn every_legal_move_reads_back_from_its_san_and_uci() {
        let mut checked = 0;
        for (name, fen) in [
            ("kqk", "8/8/8/3k4/8/8/8/KQ6 w - - 0 1"),
            ("knnk", "7k/8/8/8/8/2N5/8/KN6 w - - 0 1"),
            ("knnk", "7k/8/8/8/8/8/8/KN3N2 w - - 0 1"),
            ("kbbk", "7k/8/8/8/8/8/8/KBB5 w - - 0 1"),
            ("kqkr", "8/8/8/8/8/2k5/1r6/KQ6 w - - 0 1"),
            ("kqkr", "8/8/8/8/8/2k5/1r6/KQ6 b - - 0 1"),
        ] {
            let e = Endgame::parse(name, Scheme::Raw, None).unwrap();
            let pos = e.parse_fen(fen).unwrap();
            for m in e.moves(&pos) {
                let san = e.san(&pos, m);
                assert_eq!(san.parse::<San>().unwrap().to_string(), san);
                assert_eq!(e.parse_move(&pos, &san), Ok(m), "{san} in {fen}");
                let uci = e.uci(m).to_string();
                assert_eq!(e.parse_move(&pos, &uci), Ok(m), "{uci} in {fen}");
                assert_eq!(e.play(&pos, m), Ok(e.play_unchecked(&pos, m)));
                checked += 1;
            }
        }
        assert!(checked > 60, "{checked}");
    }

    #[test]
    fn bad_and_illegal_moves_are_refused() {
        let e = Endgame::parse("knnk", Scheme::Raw, None).unwrap();
        let pos = e.parse_fen("7k/8/8/8/8/8/8/KN3N2 w - - 0 1").unwrap();
        // Both knights reach d2: the plain SAN is ambiguous, the file settles it.
        assert!(matches!(
            e.parse_move(&pos, "Nd2"),
            Err(MoveError::Ambiguous(_))
        ));
        assert!(e.parse_move(&pos, "Nbd2").is_ok());
        for bad in ["", "Z", "Qg7", "Ka9", "e2e4", "Kxx", "b1", "Nb1d2x"] {
            assert!(e.parse_move(&pos, bad).is_err(), "{bad}");
        }
        let m = e.moves(&pos)[0];
        let after = e.play(&pos, m).unwrap();
        assert!(matches!(e.play(&after, m), Err(MoveError::Illegal(_))));
    }
}
