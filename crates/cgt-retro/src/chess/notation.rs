//! Notation: FEN in and out, SAN, and their errors.

use core::fmt;

use super::{Endgame, Move, Piece, Pieces, Position, San, Square, square_name};

impl Position {
    /// The position in FEN (piece placement and side to move; no castling or en passant).
    #[must_use]
    pub fn fen(&self) -> String {
        let mut board = [' '; 64];
        board[self.wk as usize] = 'K';
        board[self.bk as usize] = 'k';
        for &(p, sq) in &self.pieces {
            board[sq as usize] = p.letter();
        }
        for &(p, sq) in &self.black {
            board[sq as usize] = p.letter().to_ascii_lowercase();
        }
        let mut rows = Vec::new();
        for r in (0..8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..8 {
                let c = board[r * 8 + f];
                if c == ' ' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        format!(
            "{} {} - - 0 1",
            rows.join("/"),
            if self.white_to_move { 'w' } else { 'b' }
        )
    }
}

/// Why a FEN was refused: the FEN as given and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FenError {
    /// The FEN as given.
    pub fen: String,
    /// What is wrong.
    pub kind: FenErrorKind,
}

/// What is wrong with a FEN. Ranks are numbered 1 (White's side) to 8.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// No piece placement at all.
    Empty,
    /// The placement does not have 8 ranks.
    RankCount(usize),
    /// A digit that is not a count of 1 to 8 empty squares.
    EmptyCount {
        /// The rank.
        rank: u8,
        /// The digit.
        digit: char,
    },
    /// A rank with more or fewer than 8 squares.
    RankLength {
        /// The rank.
        rank: u8,
    },
    /// Two kings of one colour.
    TwoKings,
    /// A king is missing.
    MissingKing,
    /// A letter that is no piece of this endgame.
    NotAPiece(char),
    /// The side to move is not `w` or `b`.
    SideToMove(String),
    /// The material is not the endgame's.
    Material {
        /// The endgame's name.
        endgame: String,
    },
    /// The white king is not on the square the table fixes.
    FixedKing {
        /// The fixed square, like `c3`.
        square: String,
    },
    /// Adjacent kings, or the side not to move is in check.
    Illegal,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FEN {:?}: ", self.fen)?;
        match &self.kind {
            FenErrorKind::Empty => f.write_str("empty FEN"),
            FenErrorKind::RankCount(n) => write!(f, "expected 8 ranks, found {n}"),
            FenErrorKind::EmptyCount { rank, digit } => write!(
                f,
                "{digit:?} in rank {rank} is not a count of 1 to 8 empty squares"
            ),
            FenErrorKind::RankLength { rank } => {
                write!(f, "rank {rank} does not have 8 squares")
            }
            FenErrorKind::TwoKings => f.write_str("two kings of one colour"),
            FenErrorKind::MissingKing => f.write_str("both kings are needed"),
            FenErrorKind::NotAPiece(c) => write!(f, "{c:?} is not a piece of this endgame"),
            FenErrorKind::SideToMove(s) => write!(f, "side to move {s:?} is not w or b"),
            FenErrorKind::Material { endgame } => {
                write!(f, "the material does not match {endgame}")
            }
            FenErrorKind::FixedKing { square } => {
                write!(f, "the white king must stand on {square} in this table")
            }
            FenErrorKind::Illegal => f.write_str(
                "illegal position (adjacent kings, or the side not to move is in check)",
            ),
        }
    }
}

impl std::error::Error for FenError {}

impl Endgame {
    /// Parses a FEN for this endgame: its material exactly, a legal position.
    ///
    /// # Errors
    /// [`FenError`] for malformed FEN, other material, or an illegal position.
    pub fn parse_fen(&self, fen: &str) -> Result<Position, FenError> {
        let bad = |kind: FenErrorKind| FenError {
            fen: fen.to_owned(),
            kind,
        };
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or_else(|| bad(FenErrorKind::Empty))?;
        let side = fields.next().unwrap_or("w");
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != 8 {
            return Err(bad(FenErrorKind::RankCount(rows.len())));
        }
        let (mut wk, mut bk) = (None, None);
        let mut found: Vec<(Piece, u8)> = Vec::new();
        let mut found_black: Vec<(Piece, u8)> = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let r = 7 - i as u8;
            let mut f = 0u8;
            for c in row.chars() {
                if let Some(n) = c.to_digit(10) {
                    if n == 0 || n > 8 {
                        return Err(bad(FenErrorKind::EmptyCount {
                            rank: r + 1,
                            digit: c,
                        }));
                    }
                    if f + n as u8 > 8 {
                        return Err(bad(FenErrorKind::RankLength { rank: r + 1 }));
                    }
                    f += n as u8;
                    continue;
                }
                if f >= 8 {
                    return Err(bad(FenErrorKind::RankLength { rank: r + 1 }));
                }
                let sq = r * 8 + f;
                match c {
                    'K' if wk.is_none() => wk = Some(sq),
                    'k' if bk.is_none() => bk = Some(sq),
                    'K' | 'k' => return Err(bad(FenErrorKind::TwoKings)),
                    _ => match Piece::from_letter(c) {
                        Some(p) if c.is_ascii_uppercase() => found.push((p, sq)),
                        Some(p) => found_black.push((p, sq)),
                        None => return Err(bad(FenErrorKind::NotAPiece(c))),
                    },
                }
                f += 1;
            }
            if f != 8 {
                return Err(bad(FenErrorKind::RankLength { rank: r + 1 }));
            }
        }
        let (Some(wk), Some(bk)) = (wk, bk) else {
            return Err(bad(FenErrorKind::MissingKing));
        };
        let white_to_move = match side {
            "w" => true,
            "b" => false,
            other => return Err(bad(FenErrorKind::SideToMove(other.to_owned()))),
        };
        // Match the material to the endgame's piece lists.
        let material = || {
            bad(FenErrorKind::Material {
                endgame: self.name().to_owned(),
            })
        };
        let take = |wanted: &[Piece], found: &mut Vec<(Piece, u8)>| {
            let mut out = Pieces::new();
            for &p in wanted {
                let i = found.iter().position(|&(q, _)| q == p)?;
                out.push(found.remove(i));
            }
            found.is_empty().then_some(out)
        };
        let pieces = take(&self.pieces, &mut found).ok_or_else(material)?;
        let black = take(&self.black, &mut found_black).ok_or_else(material)?;
        if let Some(sq) = self.fixed_king
            && wk != sq
        {
            return Err(bad(FenErrorKind::FixedKing {
                square: square_name(sq),
            }));
        }
        let pos = Position {
            wk,
            bk,
            pieces,
            black,
            white_to_move,
        };
        if !self.is_legal(&pos) {
            return Err(bad(FenErrorKind::Illegal));
        }
        Ok(pos)
    }

    /// The move in standard algebraic notation (`Qb7+`, `Kxc3`, `Nbd2#`), as text.
    #[must_use]
    pub fn san(&self, pos: &Position, m: Move) -> String {
        self.san_move(pos, m).to_string()
    }

    /// The move in standard algebraic notation, typed: the piece, the origin's file or rank
    /// when another identical piece could reach the same square, capture, target, and `+` or
    /// `#`.
    #[must_use]
    pub fn san_move(&self, pos: &Position, m: Move) -> San {
        let own = pos.side(pos.white_to_move);
        let piece = (m.mover > 0).then(|| own[m.mover - 1].0);
        let (mut from_file, mut from_rank) = (None, None);
        if m.mover > 0 {
            // Disambiguate between identical pieces that can reach the same square.
            let others: Vec<Move> = self
                .moves(pos)
                .into_iter()
                .filter(|o| {
                    o.mover > 0
                        && o.mover != m.mover
                        && o.to == m.to
                        && own[o.mover - 1].0 == own[m.mover - 1].0
                })
                .collect();
            if !others.is_empty() {
                let file_clash = others.iter().any(|o| o.from & 7 == m.from & 7);
                if !file_clash {
                    from_file = Some(m.from & 7);
                } else if !others.iter().any(|o| o.from >> 3 == m.from >> 3) {
                    from_rank = Some(m.from >> 3);
                } else {
                    (from_file, from_rank) = (Some(m.from & 7), Some(m.from >> 3));
                }
            }
        }
        let mut check = None;
        {
            // After a capture the smaller material follows the same rules.
            let next = self.play_unchecked(pos, m);
            if self.in_check(&next) {
                check = Some(if self.moves(&next).is_empty() {
                    '#'
                } else {
                    '+'
                });
            }
        }
        San {
            piece,
            from_file,
            from_rank,
            capture: m.capture,
            to: Square::new(m.to).expect("a move reaches a square of the board"),
            check,
        }
    }
}
