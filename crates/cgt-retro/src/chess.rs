//! Pawnless chess endgames with a lone black king: KQK, KRK, KBK, KNK, KBBK (any colours, or
//! opposite-coloured bishops only), KBNK, KNNK, and Shen's fixed-king example (the white king
//! fixed on a square, c3 by default, queen against the lone king); and the two-sided endgames
//! of king and piece against king and piece (KQKR, KRKN, KQKQ, … — [`TWO_SIDED`]).
//!
//! Rules: the pieces stand on distinct squares, the kings are never adjacent, and the side not
//! to move is not in check. A side to move without legal moves is checkmated (a loss) when in
//! check and stalemated (a draw) otherwise. Against a lone king, a capture by the black king
//! leaves material that cannot mate, so every capture is a draw. In two-sided endgames a
//! capture leaves one piece, and the result is probed in that piece's table (the colours
//! swapped and the board flipped when Black keeps its piece).
//!
//! # Indexing and counting conventions
//!
//! - **Raw** index: in base 64 from the most significant digit, the white king, each white
//!   piece, the black piece if any, and the black king, each on any of 64 squares; White to move
//!   in the first half (`2 · 64^(2+k)` indices for `k` pieces besides the kings; identical
//!   pieces in both orders). The black king is the least significant digit because its moves
//!   are the engine's most frequent backward step: they stay within 64 neighbouring indices. Raw statistics count every legal placement, identical pieces
//!   counted as distinct (so a KBBK position with the bishops swapped counts twice).
//! - **Reduced** index (the default): the 8 symmetries of the board are factored out. The white
//!   king stands in the triangle a1–d1–d4 (10 squares, its slot the most significant digit);
//!   a position is stored once, at the smallest index among its images (which also orders identical pieces). Reduced statistics
//!   count one position per symmetry class.
//! - The fixed-king variant never moves the white king; its index omits the king (raw only).

use core::fmt;

use std::sync::OnceLock;

use cgt_core::Verdict;

use crate::engine::{RetroGame, Successor, Table, Terminal};

mod kernel;

use kernel::RAYS;

/// A piece besides the kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

    fn from_letter(c: char) -> Option<Piece> {
        match c.to_ascii_uppercase() {
            'Q' => Some(Piece::Queen),
            'R' => Some(Piece::Rook),
            'B' => Some(Piece::Bishop),
            'N' => Some(Piece::Knight),
            _ => None,
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

/// An endgame: the white pieces besides the king, a black piece if any, and options.
///
/// # Examples
///
/// ```
/// use cgt_retro::chess::{Endgame, Scheme};
///
/// let kbnk = Endgame::parse("kbnk", Scheme::Reduced, None)?;
/// assert_eq!(kbnk.name(), "kbnk");
/// let pos = kbnk.parse_fen("8/8/8/3k4/8/8/8/KBN5 w - - 0 1")?;
/// assert_eq!(kbnk.decode(kbnk.index_of(&pos)), Some(kbnk.canonical(&pos)));
/// assert_eq!(kbnk.moves(&pos).len(), 13);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Endgame {
    pieces: Vec<Piece>,
    black_piece: Option<Piece>,
    opposite_bishops: bool,
    fixed_king: Option<u8>,
    scheme: Scheme,
    /// Indices per side to move, cached for the engine's hot path.
    per_side: usize,
    /// Whether the two white pieces are identical (stored in increasing order when reduced).
    identical_pair: bool,
}

/// Names accepted by [`Endgame::parse`], besides the two-sided `kXkY` (see [`TWO_SIDED`]).
pub const NAMES: [&str; 10] = [
    "kqk",
    "krk",
    "kbk",
    "knk",
    "kbbk",
    "kbbk-opposite",
    "kbnk",
    "knnk",
    "kqk-fixed",
    "kqkr",
];

/// The two-sided endgames: king and piece `X` against king and piece `Y`, named `kXkY` with `X`
/// and `Y` each one of `q`, `r`, `b`, `n` (16 endgames, such as `kqkr` or `krkn`). Captures
/// leave the table and are probed in the one-piece tables.
pub const TWO_SIDED: &str = "kXkY (X, Y each one of q, r, b, n)";

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

/// Why [`Endgame::position`] refused the pieces it was given.
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
/// assert_eq!(kqk.play(&pos, mate.unwrap()).fen(), "1Q5k/8/6K1/8/8/8/8/8 b - - 0 1");
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
    /// The black piece besides the king, with its square (endgames such as KQKR).
    pub(crate) black: Option<(Piece, u8)>,
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

    /// The black piece besides the king, with its square (two-sided endgames).
    #[must_use]
    pub fn black_piece(&self) -> Option<(Piece, Square)> {
        self.black.map(|(p, sq)| (p, Square(sq & 63)))
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

/// Up to three white pieces with their squares, stored inline (positions are `Copy`).
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
    /// Index of the moving piece: 0 = king of the side to move, `1 + i` = white piece `i`
    /// (White to move) or the black piece (Black to move, `1`).
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

impl Endgame {
    /// An endgame by name (see [`NAMES`]); `fixed_square` sets the fixed king's square for
    /// `kqk-fixed` (default c3).
    ///
    /// # Errors
    /// [`EndgameError::Unknown`] for an unknown name.
    pub fn parse(
        name: &str,
        scheme: Scheme,
        fixed_square: Option<Square>,
    ) -> Result<Endgame, EndgameError> {
        let fixed_square = fixed_square.map(Square::index);
        let lower = name.to_ascii_lowercase();
        let letters: Vec<char> = lower.chars().collect();
        let two_sided = match letters[..] {
            ['k', white, 'k', black] if white != 'k' => {
                Piece::from_letter(white).zip(Piece::from_letter(black))
            }
            _ => None,
        };
        let black_piece = two_sided.map(|(_, black)| black);
        let (pieces, opposite, fixed) = match lower.as_str() {
            _ if two_sided.is_some() => (
                two_sided.map(|(w, _)| vec![w]).unwrap_or_default(),
                false,
                None,
            ),
            "kqk" => (vec![Piece::Queen], false, None),
            "krk" => (vec![Piece::Rook], false, None),
            "kbk" => (vec![Piece::Bishop], false, None),
            "knk" => (vec![Piece::Knight], false, None),
            "kbbk" => (vec![Piece::Bishop, Piece::Bishop], false, None),
            "kbbk-opposite" => (vec![Piece::Bishop, Piece::Bishop], true, None),
            "kbnk" => (vec![Piece::Bishop, Piece::Knight], false, None),
            "knnk" => (vec![Piece::Knight, Piece::Knight], false, None),
            "kqk-fixed" => (vec![Piece::Queen], false, Some(fixed_square.unwrap_or(18))),
            _ => {
                return Err(EndgameError::Unknown {
                    name: name.to_owned(),
                });
            }
        };
        let scheme = if fixed.is_some() { Scheme::Raw } else { scheme };
        if let Some(black) = black_piece {
            // Captures leave the table into the one-piece endgames: build them now, before
            // any parallel work needs them.
            for &p in pieces.iter().chain([&black]) {
                one_piece_table(p);
            }
        }
        let king_slots = match (fixed, scheme) {
            (Some(_), _) => 1,
            (None, Scheme::Raw) => 64,
            (None, Scheme::Reduced) => 10,
        };
        let fields = 1 + pieces.len() as u32 + u32::from(black_piece.is_some());
        Ok(Endgame {
            per_side: king_slots * 64usize.pow(fields),
            identical_pair: pieces.len() == 2 && pieces[0] == pieces[1],
            pieces,
            black_piece,
            opposite_bishops: opposite,
            fixed_king: fixed,
            scheme,
        })
    }

    /// The canonical name.
    #[must_use]
    pub fn name(&self) -> String {
        let mut s = String::from("k");
        for p in &self.pieces {
            s.push(p.letter().to_ascii_lowercase());
        }
        s.push('k');
        if let Some(p) = self.black_piece {
            s.push(p.letter().to_ascii_lowercase());
        }
        if self.opposite_bishops {
            s.push_str("-opposite");
        }
        if let Some(sq) = self.fixed_king {
            s = format!("kqk-fixed-{}", square_name(sq));
        }
        s
    }

    /// The index scheme.
    #[must_use]
    pub fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// The white pieces besides the king.
    #[must_use]
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The black piece besides the king, if any.
    #[must_use]
    pub fn black_piece(&self) -> Option<Piece> {
        self.black_piece
    }

    /// The fixed white king's square, for the fixed-king variant.
    #[must_use]
    pub fn fixed_king(&self) -> Option<Square> {
        self.fixed_king.and_then(Square::new)
    }

    /// A position of this endgame from its pieces, checked: the endgame's material exactly,
    /// one piece a square, the fixed king where the table fixes it, and a legal position.
    ///
    /// # Errors
    /// [`PositionError`] saying what is wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_retro::chess::{Color, Endgame, Piece, PositionError, Scheme};
    ///
    /// let kqk = Endgame::parse("kqk", Scheme::Reduced, None)?;
    /// let sq = |s: &str| s.parse().unwrap();
    /// let pos = kqk.position(sq("a1"), sq("h8"), &[(Piece::Queen, sq("b1"))], None, Color::White)?;
    /// assert_eq!(pos.fen(), "7k/8/8/8/8/8/8/KQ6 w - - 0 1");
    /// let rook = kqk.position(sq("a1"), sq("h8"), &[(Piece::Rook, sq("b1"))], None, Color::White);
    /// assert!(matches!(rook, Err(PositionError::Material { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(
        &self,
        white_king: Square,
        black_king: Square,
        white: &[(Piece, Square)],
        black: Option<(Piece, Square)>,
        to_move: Color,
    ) -> Result<Position, PositionError> {
        let material = || PositionError::Material {
            endgame: self.name(),
        };
        let mut found: Vec<(Piece, u8)> = white.iter().map(|&(p, sq)| (p, sq.index())).collect();
        let mut pieces = Pieces::new();
        for &p in &self.pieces {
            let i = found
                .iter()
                .position(|&(q, _)| q == p)
                .ok_or_else(material)?;
            pieces.push(found.remove(i));
        }
        if !found.is_empty() || black.map(|(p, _)| p) != self.black_piece {
            return Err(material());
        }
        let mut squares: Vec<Square> = vec![white_king, black_king];
        squares.extend(white.iter().map(|&(_, sq)| sq));
        squares.extend(black.map(|(_, sq)| sq));
        squares.sort_unstable();
        if let Some(w) = squares.windows(2).find(|w| w[0] == w[1]) {
            return Err(PositionError::Overlap(w[0]));
        }
        if let Some(fixed) = self.fixed_king()
            && white_king != fixed
        {
            return Err(PositionError::FixedKing(fixed));
        }
        let pos = Position {
            wk: white_king.index(),
            bk: black_king.index(),
            pieces,
            black: black.map(|(p, sq)| (p, sq.index())),
            white_to_move: to_move == Color::White,
        };
        if self.is_legal(&pos) {
            Ok(pos)
        } else {
            Err(PositionError::Illegal)
        }
    }

    fn per_side(&self) -> usize {
        self.per_side
    }

    /// Number of indices.
    #[must_use]
    pub fn index_count(&self) -> usize {
        2 * self.per_side()
    }

    /// Decodes an index into a position (not necessarily legal or canonical); `None` for an
    /// index outside `0..index_count()`.
    #[must_use]
    pub fn decode(&self, index: usize) -> Option<Position> {
        (index < self.index_count()).then(|| self.decode_index(index))
    }

    /// [`Endgame::decode`] for an index known to be in range.
    #[must_use]
    pub(crate) fn decode_index(&self, index: usize) -> Position {
        let s = self.split(index);
        Position {
            wk: s.wk,
            bk: s.bk,
            pieces: self.pieces.iter().copied().zip(s.pieces).collect(),
            black: self.black_piece.map(|p| (p, s.black)),
            white_to_move: s.white_to_move,
        }
    }

    /// The index of a position as stored (for the reduced scheme, of its canonical image,
    /// computed straight from the symmetry tables).
    #[must_use]
    pub fn index_of(&self, pos: &Position) -> usize {
        let mut pieces = [0u8; 3];
        for (slot, &(_, sq)) in pieces.iter_mut().zip(&pos.pieces) {
            *slot = sq;
        }
        self.pack_squares(&kernel::Squares {
            white_to_move: pos.white_to_move,
            wk: pos.wk,
            bk: pos.bk,
            pieces,
            black: pos.black.map_or(0, |(_, sq)| sq),
        })
    }

    /// Adds the offset of the side to move to an index within one side's half.
    fn with_side(&self, index: usize, white_to_move: bool) -> usize {
        if white_to_move {
            index
        } else {
            index + self.per_side()
        }
    }

    /// The canonical image of a position under the 8 board symmetries: white king in the
    /// triangle, then the smallest (black king, pieces) tuple, identical pieces sorted.
    #[must_use]
    pub fn canonical(&self, pos: &Position) -> Position {
        let (syms, count) = KING_SYMS[pos.wk as usize];
        let best = image(pos, syms[0]);
        if count == 1 {
            return best;
        }
        let other = image(pos, syms[1]);
        if sort_key(&other) < sort_key(&best) {
            other
        } else {
            best
        }
    }

    /// True when the pieces stand on distinct squares, the kings are not adjacent, the side
    /// not to move is not in check, and (for `kbbk-opposite`) the bishops differ in colour.
    #[must_use]
    pub fn is_legal(&self, pos: &Position) -> bool {
        let mut occupied = 1u64 << pos.wk;
        if occupied & 1 << pos.bk != 0 {
            return false;
        }
        occupied |= 1 << pos.bk;
        for &(_, sq) in &pos.pieces {
            if occupied & 1 << sq != 0 {
                return false;
            }
            occupied |= 1 << sq;
        }
        if let Some((_, sq)) = pos.black {
            if occupied & 1 << sq != 0 {
                return false;
            }
            occupied |= 1 << sq;
        }
        if KING[pos.wk as usize] & 1 << pos.bk != 0 {
            return false;
        }
        if self.opposite_bishops {
            let colours: Vec<u8> = pos
                .pieces
                .iter()
                .map(|&(_, sq)| square_colour(sq))
                .collect();
            if colours.len() == 2 && colours[0] == colours[1] {
                return false;
            }
        }
        // The side not to move must not be in check.
        if pos.white_to_move {
            white_attacks(pos, occupied) & 1 << pos.bk == 0
        } else {
            black_attacks(pos, occupied) & 1 << pos.wk == 0
        }
    }

    /// Every legal move.
    #[must_use]
    pub fn moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        self.moves_into(pos, &mut out);
        out
    }

    /// Appends every legal move to `out` (a reusable buffer).
    pub fn moves_into(&self, pos: &Position, out: &mut Vec<Move>) {
        if self.black_piece.is_some() {
            self.two_sided_moves(pos, out);
            return;
        }
        let occupied = occupancy(pos);
        if pos.white_to_move {
            if self.fixed_king.is_none() {
                let mut targets = KING[pos.wk as usize] & !occupied & !KING[pos.bk as usize];
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    out.push(Move {
                        mover: 0,
                        from: pos.wk,
                        to,
                        capture: false,
                    });
                }
            }
            for (i, &(piece, sq)) in pos.pieces.iter().enumerate() {
                let mut targets = attacks(piece, sq, occupied) & !occupied;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    out.push(Move {
                        mover: 1 + i,
                        from: sq,
                        to,
                        capture: false,
                    });
                }
            }
        } else {
            let lifted = occupied & !(1u64 << pos.bk);
            let guarded = white_attacks(pos, lifted);
            let mut targets = KING[pos.bk as usize] & !(1u64 << pos.wk) & !guarded;
            let own = occupied & !(1u64 << pos.bk) & !(1u64 << pos.wk);
            // Non-captures: squares not attacked with the black king lifted.
            let mut quiet = targets & !own;
            while quiet != 0 {
                let to = quiet.trailing_zeros() as u8;
                quiet &= quiet - 1;
                out.push(Move {
                    mover: 0,
                    from: pos.bk,
                    to,
                    capture: false,
                });
            }
            // Captures: the captured piece no longer defends; recheck without it.
            targets = KING[pos.bk as usize] & own;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let mut after = *pos;
                after.bk = to;
                after.pieces.remove_square(to);
                let occ = occupancy(&after) & !(1u64 << to);
                if white_attacks(&after, occ) & 1 << to == 0 {
                    out.push(Move {
                        mover: 0,
                        from: pos.bk,
                        to,
                        capture: true,
                    });
                }
            }
        }
    }

    /// The position after a non-capturing move.
    #[must_use]
    pub fn play(&self, pos: &Position, m: Move) -> Position {
        let mut next = *pos;
        match (pos.white_to_move, m.mover) {
            (true, 0) => next.wk = m.to,
            (true, i) => next.pieces[i - 1].1 = m.to,
            (false, 0) => {
                next.bk = m.to;
                next.pieces.remove_square(m.to);
            }
            (false, _) => {
                if let Some(b) = next.black.as_mut() {
                    b.1 = m.to;
                }
                next.pieces.remove_square(m.to);
            }
        }
        if pos.white_to_move && next.black.is_some_and(|(_, sq)| sq == m.to) {
            next.black = None;
        }
        next.white_to_move = !pos.white_to_move;
        next
    }

    /// True when the side to move is in check.
    #[must_use]
    pub fn in_check(&self, pos: &Position) -> bool {
        if pos.white_to_move {
            pos.black.is_some() && black_attacks(pos, occupancy(pos)) & 1 << pos.wk != 0
        } else {
            white_attacks(pos, occupancy(pos)) & 1 << pos.bk != 0
        }
    }

    /// The positions (other side to move) from which one legal move leads to `pos`.
    #[cfg(any(test, feature = "verify"))]
    fn unmoves(&self, pos: &Position, out: &mut Vec<Position>) {
        let occupied = occupancy(pos);
        // Puts the piece chosen by `place` back on each square of `from`, keeping legal results.
        let mut push = |from: u64, place: &dyn Fn(&mut Position, u8)| {
            for sq in squares(from) {
                let mut prev = *pos;
                place(&mut prev, sq);
                prev.white_to_move = !pos.white_to_move;
                if self.is_legal(&prev) {
                    out.push(prev);
                }
            }
        };
        if pos.white_to_move {
            // Black just moved its king, or its piece.
            let from = KING[pos.bk as usize] & !occupied & !KING[pos.wk as usize];
            push(from, &|p, sq| p.bk = sq);
            if let Some((piece, sq)) = pos.black {
                let from = attacks(piece, sq, occupied) & !occupied;
                push(from, &|p, f| p.black = Some((piece, f)));
            }
        } else {
            if self.fixed_king.is_none() {
                let from = KING[pos.wk as usize] & !occupied & !KING[pos.bk as usize];
                push(from, &|p, sq| p.wk = sq);
            }
            for (i, &(piece, sq)) in pos.pieces.iter().enumerate() {
                let from = attacks(piece, sq, occupied) & !occupied;
                push(from, &|p, f| p.pieces[i].1 = f);
            }
        }
    }

    /// How many raw placements (identical pieces counted as distinct) the symmetry class of
    /// `pos` stands for: the distinct images under the 8 board symmetries and the orderings of
    /// identical pieces.
    #[must_use]
    pub fn raw_multiplicity(&self, pos: &Position) -> u64 {
        let mut images = Vec::with_capacity(16);
        for sym in 0..8 {
            let image = Position {
                wk: transform(pos.wk, sym),
                bk: transform(pos.bk, sym),
                pieces: pos
                    .pieces
                    .iter()
                    .map(|&(p, sq)| (p, transform(sq, sym)))
                    .collect(),
                black: pos.black.map(|(p, sq)| (p, transform(sq, sym))),
                white_to_move: pos.white_to_move,
            };
            let mut orders = vec![image];
            if image.pieces.len() == 2 && image.pieces[0].0 == image.pieces[1].0 {
                let mut swapped = image;
                swapped.pieces.swap(0, 1);
                orders.push(swapped);
            }
            for o in orders {
                let key = (
                    o.wk,
                    o.bk,
                    o.pieces.iter().map(|x| x.1).collect::<Vec<_>>(),
                    o.black,
                );
                if !images.contains(&key) {
                    images.push(key);
                }
            }
        }
        images.len() as u64
    }

    /// Legal moves when both sides have pieces: pseudo-legal moves, kept when the mover's
    /// king is not attacked afterwards.
    fn two_sided_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let occupied = occupancy(pos);
        let black_sq = pos.black.map_or(0, |(_, sq)| 1u64 << sq);
        let white_pieces = occupied & !(1u64 << pos.bk) & !black_sq;
        let mut candidates: [(usize, u8, u64); 4] = [(0, 0, 0); 4];
        let mut count = 0;
        if pos.white_to_move {
            if self.fixed_king.is_none() {
                candidates[count] = (
                    0,
                    pos.wk,
                    KING[pos.wk as usize] & !white_pieces & !KING[pos.bk as usize],
                );
                count += 1;
            }
            for (i, &(piece, sq)) in pos.pieces.iter().enumerate() {
                candidates[count] = (
                    1 + i,
                    sq,
                    attacks(piece, sq, occupied) & !white_pieces & !(1u64 << pos.bk),
                );
                count += 1;
            }
        } else {
            let own = 1u64 << pos.bk | black_sq;
            candidates[count] = (
                0,
                pos.bk,
                KING[pos.bk as usize] & !own & !KING[pos.wk as usize],
            );
            count += 1;
            if let Some((piece, sq)) = pos.black {
                candidates[count] = (
                    1,
                    sq,
                    attacks(piece, sq, occupied) & !own & !(1u64 << pos.wk),
                );
                count += 1;
            }
        }
        let enemy = if pos.white_to_move {
            black_sq
        } else {
            white_pieces & !(1u64 << pos.wk)
        };
        for &(mover, from, targets) in &candidates[..count] {
            for to in squares(targets) {
                let m = Move {
                    mover,
                    from,
                    to,
                    capture: enemy & 1 << to != 0,
                };
                let next = self.play(pos, m);
                let occ = occupancy(&next);
                let safe = if pos.white_to_move {
                    black_attacks(&next, occ) & 1 << next.wk == 0
                } else {
                    white_attacks(&next, occ) & 1 << next.bk == 0
                };
                if safe {
                    out.push(m);
                }
            }
        }
    }

    /// The verdict, for the side to move after it, of a capture that leaves the table: the
    /// remaining material probed in its one-piece table (colours swapped and the board
    /// flipped when Black keeps the piece). Draw when no piece is left besides the kings.
    #[must_use]
    pub fn capture_verdict(&self, pos: &Position, m: Move) -> Verdict {
        match self.after_capture(pos, m) {
            Some((endgame, table, probe, _)) => table
                .verdict(endgame.index_of(&probe))
                .unwrap_or(Verdict::Draw),
            // One-sided endgames here all leave a lone minor piece or bare kings.
            None => Verdict::Draw,
        }
    }

    /// Where a capture out of a two-sided endgame lands: the one-piece endgame and table, the
    /// position there (Black to move; colours swapped and the board flipped when Black kept
    /// its piece, the last value `true`). `None` for one-sided endgames or bare kings.
    #[must_use]
    pub fn after_capture(
        &self,
        pos: &Position,
        m: Move,
    ) -> Option<(&'static Endgame, &'static Table, Position, bool)> {
        self.black_piece?;
        let next = self.play(pos, m);
        let (wk, bk, piece, flipped) = match (next.pieces.first().copied(), next.black) {
            // White keeps a piece; Black to move.
            (Some((p, sq)), None) => (next.wk, next.bk, (p, sq), false),
            // Black keeps its piece; White (the lone king) to move: flip the board and swap
            // the colours so the lone king is Black to move.
            (None, Some((p, sq))) => (next.bk ^ 56, next.wk ^ 56, (p, sq ^ 56), true),
            _ => return None,
        };
        let (endgame, table) = one_piece_table(piece.0);
        let mut pieces = Pieces::new();
        pieces.push(piece);
        let probe = Position {
            wk,
            bk,
            pieces,
            black: None,
            white_to_move: false,
        };
        Some((endgame, table, probe, flipped))
    }

    /// True when `index` holds a legal position stored at this index (canonical under the
    /// reduced scheme).
    #[must_use]
    pub fn is_stored(&self, index: usize) -> bool {
        let pos = self.decode_index(index);
        self.is_legal(&pos) && (self.scheme == Scheme::Raw || self.index_of(&pos) == index)
    }
}

impl RetroGame for Endgame {
    fn size(&self) -> usize {
        self.index_count()
    }

    // The engine is answered on index fields (module `kernel`); the Position-based rules
    // below are the reference the tests and sweeps compare with.
    fn terminal(&self, index: usize) -> Option<Terminal> {
        self.kernel_terminal(index)
    }

    fn terminal_block(&self, start: usize, out: &mut [Option<Terminal>]) {
        self.kernel_terminal_block(start, out);
    }

    fn successors(&self, index: usize, out: &mut Vec<Successor>) {
        self.kernel_successors(index, out);
    }

    fn predecessors(&self, index: usize, out: &mut Vec<usize>) {
        self.kernel_predecessors(index, out);
    }

    fn has_decisive_exits(&self) -> bool {
        self.black_piece.is_some()
    }

    fn loss_count(&self, index: usize) -> Option<u16> {
        self.kernel_loss_count(index)
    }
}

/// The engine's queries answered with the [`Position`]-based rules: the reference for the
/// index-level kernel.
#[cfg(any(test, feature = "verify"))]
impl Endgame {
    pub(crate) fn position_terminal(&self, index: usize) -> Option<Terminal> {
        if !self.is_stored(index) {
            return None;
        }
        let pos = self.decode_index(index);
        if !self.moves(&pos).is_empty() {
            return Some(Terminal::No);
        }
        Some(if self.in_check(&pos) {
            Terminal::Loss
        } else {
            Terminal::Draw
        })
    }

    pub(crate) fn position_successors(&self, index: usize, out: &mut Vec<Successor>) {
        let pos = self.decode_index(index);
        for m in self.moves(&pos) {
            out.push(if !m.capture {
                Successor::Inside(self.index_of(&self.play(&pos, m)))
            } else if self.black_piece.is_some() {
                Successor::Outside(self.capture_verdict(&pos, m))
            } else {
                Successor::OutsideDraw
            });
        }
    }

    pub(crate) fn position_predecessors(&self, index: usize, out: &mut Vec<usize>) {
        let mut previous = Vec::new();
        self.unmoves(&self.decode_index(index), &mut previous);
        out.extend(previous.iter().map(|p| self.index_of(p)));
    }
}

/// The reduced table of king and one piece against king, built once per piece.
fn one_piece_table(piece: Piece) -> &'static (Endgame, Table) {
    static TABLES: [OnceLock<(Endgame, Table)>; 4] = [const { OnceLock::new() }; 4];
    let (slot, name) = match piece {
        Piece::Queen => (0, "kqk"),
        Piece::Rook => (1, "krk"),
        Piece::Bishop => (2, "kbk"),
        Piece::Knight => (3, "knk"),
    };
    TABLES[slot].get_or_init(|| {
        let endgame = Endgame::parse(name, Scheme::Reduced, None).expect("a known endgame");
        let table = crate::engine::solve(&endgame, u128::MAX).expect("a small table");
        (endgame, table)
    })
}

/// The triangle a1, b1, c1, d1, b2, c2, d2, c3, d3, d4.
const TRIANGLE: [u8; 10] = [0, 1, 2, 3, 9, 10, 11, 18, 19, 27];

fn transform(sq: u8, sym: u8) -> u8 {
    TRANSFORM[sym as usize][sq as usize]
}

const fn transform_slow(sq: u8, sym: u8) -> u8 {
    let (mut f, mut r) = (sq & 7, sq >> 3);
    if sym & 1 != 0 {
        f = 7 - f;
    }
    if sym & 2 != 0 {
        r = 7 - r;
    }
    if sym & 4 != 0 {
        let t = f;
        f = r;
        r = t;
    }
    r * 8 + f
}

/// The slot of each triangle square in the reduced index (other squares unused).
static TRIANGLE_SLOT: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut i = 0;
    while i < TRIANGLE.len() {
        table[TRIANGLE[i] as usize] = i as u8;
        i += 1;
    }
    table
};

/// `TRANSFORM[sym][sq]`: the image of a square under each of the 8 board symmetries.
static TRANSFORM: [[u8; 64]; 8] = {
    let mut table = [[0u8; 64]; 8];
    let mut sym = 0;
    while sym < 8 {
        let mut sq = 0;
        while sq < 64 {
            table[sym][sq] = transform_slow(sq as u8, sym as u8);
            sq += 1;
        }
        sym += 1;
    }
    table
};

/// For each white-king square, the symmetries that bring it into the triangle (one, or two
/// for squares on a diagonal of the board).
static KING_SYMS: [([u8; 2], u8); 64] = {
    let mut table = [([0u8; 2], 0u8); 64];
    let mut sq = 0;
    while sq < 64 {
        let mut sym = 0;
        while sym < 8 {
            let image = transform_slow(sq as u8, sym as u8);
            let mut t = 0;
            while t < TRIANGLE.len() {
                if TRIANGLE[t] == image {
                    let n = table[sq].1 as usize;
                    if n < 2 {
                        table[sq].0[n] = sym as u8;
                        table[sq].1 += 1;
                    }
                }
                t += 1;
            }
            sym += 1;
        }
        sq += 1;
    }
    table
};

/// The image of a position under one symmetry, identical pieces sorted by square.
fn image(pos: &Position, sym: u8) -> Position {
    let t = &TRANSFORM[sym as usize];
    let mut out = *pos;
    out.wk = t[pos.wk as usize];
    out.bk = t[pos.bk as usize];
    for p in out.pieces.iter_mut() {
        p.1 = t[p.1 as usize];
    }
    if let Some(b) = out.black.as_mut() {
        b.1 = t[b.1 as usize];
    }
    if out.pieces.len() == 2
        && out.pieces[0].0 == out.pieces[1].0
        && out.pieces[0].1 > out.pieces[1].1
    {
        out.pieces.swap(0, 1);
    }
    out
}

/// Orders images with the same white king as the index does: the white pieces' squares, the
/// black piece's, then the black king's.
fn sort_key(p: &Position) -> u32 {
    let key = p
        .pieces
        .iter()
        .fold(0, |k, &(_, sq)| k << 6 | u32::from(sq));
    let key = match p.black {
        Some((_, sq)) => key << 6 | u32::from(sq),
        None => key,
    };
    key << 6 | u32::from(p.bk)
}

fn square_colour(sq: u8) -> u8 {
    ((sq & 7) + (sq >> 3)) & 1
}

/// The squares of a bitboard, lowest first.
fn squares(mut bits: u64) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        (bits != 0).then(|| {
            let sq = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            sq
        })
    })
}

/// The name of a square, such as `e4`.
#[must_use]
pub fn square_name(sq: u8) -> String {
    format!("{}{}", (b'a' + (sq & 7)) as char, (sq >> 3) + 1)
}

fn occupancy(pos: &Position) -> u64 {
    let black = pos.black.map_or(0, |(_, sq)| 1u64 << sq);
    pos.pieces
        .iter()
        .fold(1u64 << pos.wk | 1u64 << pos.bk | black, |o, &(_, sq)| {
            o | 1 << sq
        })
}

/// Squares attacked by Black (king and piece) with the given occupancy.
fn black_attacks(pos: &Position, occupied: u64) -> u64 {
    KING[pos.bk as usize] | pos.black.map_or(0, |(p, sq)| attacks(p, sq, occupied))
}

/// Squares attacked by White (king and pieces) with the given occupancy.
fn white_attacks(pos: &Position, occupied: u64) -> u64 {
    pos.pieces
        .iter()
        .fold(KING[pos.wk as usize], |acc, &(p, sq)| {
            acc | attacks(p, sq, occupied)
        })
}

fn attacks(piece: Piece, sq: u8, occupied: u64) -> u64 {
    match piece {
        Piece::Knight => KNIGHT[sq as usize],
        Piece::Rook => slide(sq, occupied, &[0, 1, 2, 3]),
        Piece::Bishop => slide(sq, occupied, &[4, 5, 6, 7]),
        Piece::Queen => slide(sq, occupied, &[0, 1, 2, 3, 4, 5, 6, 7]),
    }
}

/// Directions: 0 north, 1 east, 2 south, 3 west, 4 north-east, 5 north-west, 6 south-east,
/// 7 south-west. Directions 0, 1, 4, 5 increase the square number.
const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// Sliding attacks along the given directions: each ray up to and including its first blocker.
fn slide(sq: u8, occupied: u64, dirs: &[usize]) -> u64 {
    let mut out = 0;
    for &d in dirs {
        let ray = RAYS[d][sq as usize];
        let blockers = ray & occupied;
        if blockers == 0 {
            out |= ray;
        } else {
            let first = if matches!(d, 0 | 1 | 4 | 5) {
                blockers.trailing_zeros()
            } else {
                63 - blockers.leading_zeros()
            };
            out |= ray & !RAYS[d][first as usize];
        }
    }
    out
}

const fn leaper_table(steps: [(i8, i8); 8]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < 8 {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KING: [u64; 64] = leaper_table([
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
]);
static KNIGHT: [u64; 64] = leaper_table([
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
]);

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
        if let Some((p, sq)) = self.black {
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

/// Why an endgame name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EndgameError {
    /// No endgame has this name.
    Unknown {
        /// The name given.
        name: String,
    },
}

impl fmt::Display for EndgameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndgameError::Unknown { name } => write!(
                f,
                "unknown endgame {name:?}; known: {}, and {TWO_SIDED}",
                NAMES.join(", ")
            ),
        }
    }
}

impl std::error::Error for EndgameError {}

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
        let mut pieces = Pieces::new();
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
        // Match the material to the endgame's piece list.
        for &p in &self.pieces {
            match found.iter().position(|&(q, _)| q == p) {
                Some(i) => pieces.push(found.remove(i)),
                None => {
                    return Err(bad(FenErrorKind::Material {
                        endgame: self.name().to_owned(),
                    }));
                }
            }
        }
        let black = match (self.black_piece, found_black.as_slice()) {
            (None, []) => None,
            (Some(p), &[(q, sq)]) if p == q => Some((p, sq)),
            _ => {
                return Err(bad(FenErrorKind::Material {
                    endgame: self.name().to_owned(),
                }));
            }
        };
        if !found.is_empty() {
            return Err(bad(FenErrorKind::Material {
                endgame: self.name().to_owned(),
            }));
        }
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

    /// The move in standard algebraic notation (`Qb7+`, `Kxc3`, `Nbd2#`).
    #[must_use]
    pub fn san(&self, pos: &Position, m: Move) -> String {
        let mut s = String::new();
        let black_piece_moves = !pos.white_to_move && m.mover > 0;
        let piece = match (m.mover, pos.black) {
            (0, _) => 'K',
            (_, Some((p, _))) if black_piece_moves => p.letter(),
            _ => pos.pieces[m.mover - 1].0.letter(),
        };
        s.push(piece);
        if m.mover > 0 && !black_piece_moves {
            // Disambiguate between identical pieces that can reach the same square.
            let others: Vec<Move> = self
                .moves(pos)
                .into_iter()
                .filter(|o| {
                    o.mover > 0
                        && o.mover != m.mover
                        && o.to == m.to
                        && pos.pieces[o.mover - 1].0 == pos.pieces[m.mover - 1].0
                })
                .collect();
            if !others.is_empty() {
                let file_clash = others.iter().any(|o| o.from & 7 == m.from & 7);
                let name = square_name(m.from);
                if !file_clash {
                    s.push_str(&name[..1]);
                } else if !others.iter().any(|o| o.from >> 3 == m.from >> 3) {
                    s.push_str(&name[1..]);
                } else {
                    s.push_str(&name);
                }
            }
        }
        if m.capture {
            s.push('x');
        }
        s.push_str(&square_name(m.to));
        if !m.capture {
            let next = self.play(pos, m);
            if self.in_check(&next) {
                s.push(if self.moves(&next).is_empty() {
                    '#'
                } else {
                    '+'
                });
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direct_reduced_index_matches_the_canonical_position() {
        for name in ["kqk", "kbnk", "kbbk", "knnk", "kqkr"] {
            let e = Endgame::parse(name, Scheme::Reduced, None).unwrap();
            let raw = Endgame::parse(name, Scheme::Raw, None).unwrap();
            // Every 97th raw index: all king squares, both sides, many piece placements.
            for i in (0..raw.index_count()).step_by(97) {
                let pos = raw.decode_index(i);
                // The reference: the canonical image, packed field by field.
                let c = e.canonical(&pos);
                let mut expected = TRIANGLE_SLOT[c.wk as usize] as usize;
                for &(_, sq) in &c.pieces {
                    expected = expected * 64 + sq as usize;
                }
                if let Some((_, sq)) = c.black {
                    expected = expected * 64 + sq as usize;
                }
                expected = expected * 64 + c.bk as usize;
                if !c.white_to_move {
                    expected += e.index_count() / 2;
                }
                assert_eq!(e.index_of(&pos), expected, "{name} {pos:?}");
            }
        }
    }

    fn targets(e: &Endgame, fen: &str) -> Vec<String> {
        let pos = e.parse_fen(fen).unwrap();
        let mut out: Vec<String> = e.moves(&pos).iter().map(|&m| e.san(&pos, m)).collect();
        out.sort();
        out
    }

    #[test]
    fn two_sided_names() {
        for white in "qrbn".chars() {
            for black in "qrbn".chars() {
                let name = format!("k{white}k{black}");
                let e = Endgame::parse(&name.to_uppercase(), Scheme::Reduced, None).unwrap();
                assert_eq!(e.name(), name);
                assert_eq!(e.pieces().len(), 1);
                assert_eq!(
                    e.black_piece().map(Piece::letter),
                    black.to_uppercase().next()
                );
            }
        }
        for bad in ["kkkq", "kqkk", "kxkq", "kqkrr", "kqk-r", "k", ""] {
            let err = Endgame::parse(bad, Scheme::Reduced, None).unwrap_err();
            assert_eq!(
                err,
                EndgameError::Unknown {
                    name: bad.to_owned()
                }
            );
            assert!(err.to_string().contains("unknown endgame"), "{bad}: {err}");
        }
    }

    #[test]
    fn both_sides_move_legally() {
        let e = Endgame::parse("kqkr", Scheme::Reduced, None).unwrap();
        assert_eq!(e.name(), "kqkr");
        // The rook on e6 is pinned against its king by the queen on e4.
        let moves = targets(&e, "4k3/8/4r3/8/4Q3/8/8/4K3 b - - 0 1");
        let rook: Vec<&String> = moves.iter().filter(|m| m.starts_with('R')).collect();
        assert_eq!(rook, ["Re5", "Re7", "Rxe4"], "{moves:?}");
        // White in check from the rook on a1 must answer it: no queen move ignores it.
        let moves = targets(&e, "8/8/8/8/8/2k5/7Q/r3K3 w - - 0 1");
        assert_eq!(moves, ["Ke2", "Kf2"]);
        let pos = e.parse_fen("8/8/8/8/8/2k5/7Q/r3K3 w - - 0 1").unwrap();
        assert!(e.in_check(&pos));
        for m in e.moves(&pos) {
            let next = e.play(&pos, m);
            assert!(
                m.capture
                    || !e.in_check(&Position {
                        white_to_move: true,
                        ..next
                    })
            );
        }
        // Capturing the queen leaves king and rook against the lone king, who loses.
        let pos = e.parse_fen("8/8/8/8/4k3/8/4r3/4Q1K1 b - - 0 1").unwrap();
        let take = e
            .moves(&pos)
            .into_iter()
            .find(|m| m.capture)
            .expect("Rxe1 is legal");
        assert!(matches!(e.capture_verdict(&pos, take), Verdict::Loss(_)));
        // Capturing the rook leaves king and queen against king: Black to move loses.
        let pos = e.parse_fen("8/8/8/4k3/8/8/4r3/4Q1K1 w - - 0 1").unwrap();
        let take = e.moves(&pos).into_iter().find(|m| m.capture).expect("Qxe2");
        assert!(matches!(e.capture_verdict(&pos, take), Verdict::Loss(_)));
        // FEN round trip with the black piece.
        assert_eq!(pos.fen(), "8/8/8/4k3/8/8/4r3/4Q1K1 w - - 0 1");
        assert!(e.parse_fen("8/8/8/4k3/8/8/8/4Q1K1 w - - 0 1").is_err());
    }

    #[test]
    fn fen_errors_carry_the_fen_and_the_reason() {
        let e = Endgame::parse("kqk", Scheme::Reduced, None).unwrap();
        let kind = |fen: &str| {
            let err = e.parse_fen(fen).unwrap_err();
            assert_eq!(err.fen, fen);
            err.kind
        };
        assert_eq!(kind(""), FenErrorKind::Empty);
        assert_eq!(kind("8/8 w"), FenErrorKind::RankCount(2));
        assert_eq!(
            kind("7k/8/8/8/8/8/8/KQ06 w"),
            FenErrorKind::EmptyCount {
                rank: 1,
                digit: '0'
            }
        );
        // Many digits in one rank used to overflow the file counter.
        let long = format!("7k/8/8/8/8/8/8/KQ{} w", "8".repeat(40));
        assert_eq!(kind(&long), FenErrorKind::RankLength { rank: 1 });
        assert_eq!(
            kind("7k/8/8/8/8/8/8/KQ6 x"),
            FenErrorKind::SideToMove("x".to_owned())
        );
        assert_eq!(kind("7k/8/8/8/8/8/8/KZ6 w"), FenErrorKind::NotAPiece('Z'));
        assert_eq!(
            kind("7k/8/8/8/8/8/8/KR6 w"),
            FenErrorKind::Material {
                endgame: "kqk".to_owned()
            }
        );
        assert_eq!(kind("8/8/8/8/8/8/8/KQ5k w"), FenErrorKind::Illegal);
        assert!(e.parse_fen("7k/8/8/8/8/8/8/KQ6 w").is_ok());
    }
}
