//! The vocabulary of the chess endgames: pieces, squares, colours, positions and moves.

use core::fmt;

use super::square_name;

/// A piece besides the kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Piece {
    /// Queen.
    Queen,
    /// Rook.
    Rook,
    /// Bishop.
    Bishop,
    /// Knight.
    Knight,
}

impl Piece {
    /// The letter in FEN and SAN (upper case).
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Piece::Queen => 'Q',
            Piece::Rook => 'R',
            Piece::Bishop => 'B',
            Piece::Knight => 'N',
        }
    }

    pub(crate) fn from_letter(c: char) -> Option<Piece> {
        match c.to_ascii_uppercase() {
            'Q' => Some(Piece::Queen),
            'R' => Some(Piece::Rook),
            'B' => Some(Piece::Bishop),
            'N' => Some(Piece::Knight),
            _ => None,
        }
    }
}

impl fmt::Display for Piece {
    /// The piece's letter: `Q`, `R`, `B`, `N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A piece letter that is not `Q`, `R`, `B` or `N` (either case; the text given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNameError(pub String);

impl fmt::Display for ParseNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a name this accepts", self.0)
    }
}

impl std::error::Error for ParseNameError {}

impl core::str::FromStr for Piece {
    type Err = ParseNameError;
    /// `Q`, `R`, `B`, `N` in either case.
    fn from_str(s: &str) -> Result<Piece, ParseNameError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Piece::from_letter(c).ok_or_else(|| ParseNameError(s.to_owned())),
            _ => Err(ParseNameError(s.to_owned())),
        }
    }
}

/// Which index scheme a table uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Scheme {
    /// Every placement.
    Raw,
    /// One position per symmetry class.
    Reduced,
}

impl fmt::Display for Scheme {
    /// `raw` or `reduced`, as table headers write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Scheme::Raw => "raw",
            Scheme::Reduced => "reduced",
        })
    }
}

impl core::str::FromStr for Scheme {
    type Err = ParseNameError;
    fn from_str(s: &str) -> Result<Scheme, ParseNameError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "raw" => Ok(Scheme::Raw),
            "reduced" => Ok(Scheme::Reduced),
            _ => Err(ParseNameError(s.to_owned())),
        }
    }
}

/// White moves first in these endgames' counting: the shared vocabulary's first side.
impl From<Color> for cgt_core::Side {
    fn from(c: Color) -> cgt_core::Side {
        match c {
            Color::White => cgt_core::Side::First,
            Color::Black => cgt_core::Side::Second,
        }
    }
}

impl From<cgt_core::Side> for Color {
    fn from(s: cgt_core::Side) -> Color {
        match s {
            cgt_core::Side::First => Color::White,
            cgt_core::Side::Second => Color::Black,
        }
    }
}

impl core::str::FromStr for Color {
    type Err = ParseNameError;
    /// `w`/`white` or `b`/`black`, in either case.
    fn from_str(s: &str) -> Result<Color, ParseNameError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "w" | "white" => Ok(Color::White),
            "b" | "black" => Ok(Color::Black),
            _ => Err(ParseNameError(s.to_owned())),
        }
    }
}

/// A square of the board, `a1` (0) to `h8` (63): valid by construction.
///
/// # Examples
///
/// ```
/// use cgt_retro::chess::Square;
///
/// let c3: Square = "c3".parse()?;
/// assert_eq!((c3.index(), c3.file(), c3.rank()), (18, 2, 2));
/// assert_eq!(c3.to_string(), "c3");
/// assert_eq!(Square::new(64), None);
/// assert!("i9".parse::<Square>().is_err());
/// # Ok::<(), cgt_retro::chess::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct Square(u8);

impl Square {
    /// The square with this index (`a1` = 0, `b1` = 1, …, `h8` = 63); `None` from 64 on.
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The index, 0 to 63.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, 0 (a) to 7 (h).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }
}

impl TryFrom<u8> for Square {
    type Error = ParseSquareError;
    fn try_from(index: u8) -> Result<Square, ParseSquareError> {
        Square::new(index).ok_or_else(|| ParseSquareError(index.to_string()))
    }
}

impl From<Square> for u8 {
    fn from(sq: Square) -> u8 {
        sq.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&square_name(self.0))
    }
}

/// A square name that is not `a1` to `h8` (the text given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a square (a1 to h8)", self.0)
    }
}

impl std::error::Error for ParseSquareError {}

impl core::str::FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return Err(ParseSquareError(s.to_owned()));
        }
        Ok(Square((b[1] - b'1') * 8 + (b[0] - b'a')))
    }
}

/// A side: the player with the king and pieces (White) or the lone king, or king and piece
/// (Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// White.
    White,
    /// Black.
    Black,
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// Why [`Endgame::position`](super::Endgame::position) refused the pieces it was given.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionError {
    /// The pieces are not the endgame's material.
    Material {
        /// The endgame's name.
        endgame: String,
    },
    /// Two pieces on one square.
    Overlap(Square),
    /// The white king is not on the square the endgame fixes.
    FixedKing(Square),
    /// Adjacent kings, or the side not to move is in check.
    Illegal,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Material { endgame } => {
                write!(f, "the material does not match {endgame}")
            }
            PositionError::Overlap(sq) => write!(f, "two pieces on {sq}"),
            PositionError::FixedKing(sq) => {
                write!(f, "the white king must stand on {sq} in this table")
            }
            PositionError::Illegal => f.write_str(
                "illegal position (adjacent kings, or the side not to move is in check)",
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// A position: squares 0 = a1, 1 = b1, …, 63 = h8.
///
/// # Examples
///
/// ```
/// use cgt_retro::chess::{Endgame, Scheme};
///
/// let kqk = Endgame::parse("kqk", Scheme::Raw, None)?;
/// let pos = kqk.parse_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1")?;
/// assert_eq!(pos.side_to_move(), cgt_retro::chess::Color::White);
/// assert_eq!(pos.white_king().to_string(), "g6");
/// let mate = kqk.moves(&pos).into_iter().find(|&m| kqk.san(&pos, m) == "Qb8#");
/// assert!(mate.is_some());
/// assert_eq!(kqk.play(&pos, mate.unwrap())?.fen(), "1Q5k/8/6K1/8/8/8/8/8 b - - 0 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// White king.
    pub(crate) wk: u8,
    /// Black king.
    pub(crate) bk: u8,
    /// White pieces, in the endgame's order.
    pub(crate) pieces: Pieces,
    /// Black pieces besides the king, in the endgame's order (endgames such as KQKR).
    pub(crate) black: Pieces,
    /// True when White is to move.
    pub(crate) white_to_move: bool,
}

impl Position {
    /// The white king's square.
    #[must_use]
    pub fn white_king(&self) -> Square {
        Square(self.wk & 63)
    }

    /// The black king's square.
    #[must_use]
    pub fn black_king(&self) -> Square {
        Square(self.bk & 63)
    }

    /// The white pieces besides the king, in the endgame's order, with their squares.
    #[must_use]
    pub fn white_pieces(&self) -> Vec<(Piece, Square)> {
        self.pieces
            .iter()
            .map(|&(p, sq)| (p, Square(sq & 63)))
            .collect()
    }

    /// The first black piece besides the king, with its square (two-sided endgames); see
    /// [`Position::black_pieces`] for all of them.
    #[must_use]
    pub fn black_piece(&self) -> Option<(Piece, Square)> {
        self.black.first().map(|&(p, sq)| (p, Square(sq & 63)))
    }

    /// The black pieces besides the king, in the endgame's order, with their squares.
    #[must_use]
    pub fn black_pieces(&self) -> Vec<(Piece, Square)> {
        self.black
            .iter()
            .map(|&(p, sq)| (p, Square(sq & 63)))
            .collect()
    }

    /// The position with the colours swapped and the board flipped top to bottom (White's
    /// men become Black's on the mirrored squares, the other side to move).
    #[must_use]
    pub(crate) fn colour_flipped(&self) -> Position {
        let flip = |side: &Pieces| side.iter().map(|&(p, sq)| (p, sq ^ 56)).collect();
        Position {
            wk: self.bk ^ 56,
            bk: self.wk ^ 56,
            pieces: flip(&self.black),
            black: flip(&self.pieces),
            white_to_move: !self.white_to_move,
        }
    }

    /// The pieces (besides the kings) of one side.
    pub(crate) fn side(&self, white: bool) -> &Pieces {
        if white { &self.pieces } else { &self.black }
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        if self.white_to_move {
            Color::White
        } else {
            Color::Black
        }
    }
}

/// Up to three pieces of one side with their squares, stored inline (positions are `Copy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Pieces {
    items: [(Piece, u8); 3],
    len: u8,
}

impl Pieces {
    /// No pieces.
    #[must_use]
    pub(crate) fn new() -> Pieces {
        Pieces {
            items: [(Piece::Queen, 0); 3],
            len: 0,
        }
    }

    /// Adds a piece (at most three).
    pub(crate) fn push(&mut self, item: (Piece, u8)) {
        self.items[self.len as usize] = item;
        self.len += 1;
    }

    /// Removes the piece on `sq`, if any.
    pub(crate) fn remove_square(&mut self, sq: u8) {
        if let Some(i) = self.iter().position(|&(_, s)| s == sq) {
            self.items.copy_within(i + 1..self.len as usize, i);
            self.len -= 1;
        }
    }
}

impl Default for Pieces {
    fn default() -> Pieces {
        Pieces::new()
    }
}

impl core::ops::Deref for Pieces {
    type Target = [(Piece, u8)];
    fn deref(&self) -> &[(Piece, u8)] {
        &self.items[..self.len as usize]
    }
}

impl core::ops::DerefMut for Pieces {
    fn deref_mut(&mut self) -> &mut [(Piece, u8)] {
        &mut self.items[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a Pieces {
    type Item = &'a (Piece, u8);
    type IntoIter = core::slice::Iter<'a, (Piece, u8)>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl FromIterator<(Piece, u8)> for Pieces {
    fn from_iter<I: IntoIterator<Item = (Piece, u8)>>(iter: I) -> Pieces {
        let mut p = Pieces::new();
        for item in iter {
            p.push(item);
        }
        p
    }
}

/// A move in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Index of the moving piece: 0 = king of the side to move, `1 + i` = piece `i` of the
    /// side to move, in the endgame's order.
    pub(crate) mover: usize,
    /// From square.
    pub(crate) from: u8,
    /// To square.
    pub(crate) to: u8,
    /// True when the move captures (it leaves the table).
    pub(crate) capture: bool,
}

impl Move {
    /// The square the piece leaves.
    #[must_use]
    pub fn from(&self) -> Square {
        Square(self.from & 63)
    }

    /// The square it goes to.
    #[must_use]
    pub fn to(&self) -> Square {
        Square(self.to & 63)
    }

    /// Whether the move captures (and so leaves the table).
    #[must_use]
    pub fn is_capture(&self) -> bool {
        self.capture
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for p in [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight] {
            assert_eq!(p.to_string().parse::<Piece>(), Ok(p));
            assert_eq!(p.to_string().to_lowercase().parse::<Piece>(), Ok(p));
        }
        for s in [Scheme::Raw, Scheme::Reduced] {
            assert_eq!(s.to_string().parse::<Scheme>(), Ok(s));
        }
        for c in [Color::White, Color::Black] {
            assert_eq!(c.to_string().parse::<Color>(), Ok(c));
            assert_eq!(Color::from(cgt_core::Side::from(c)), c);
        }
        assert_eq!(cgt_core::Side::from(Color::White), cgt_core::Side::First);
        assert!("K".parse::<Piece>().is_err());
        assert!("QQ".parse::<Piece>().is_err());
        assert!("mixed".parse::<Scheme>().is_err());
        for i in 0..64 {
            let sq = Square::new(i).unwrap();
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
    }
}
