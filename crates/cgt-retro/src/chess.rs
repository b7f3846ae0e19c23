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

mod geometry;
mod index;
mod kernel;
mod moves;
mod notation;
#[cfg(any(test, feature = "verify"))]
mod oracle;
mod rules;
pub mod tables;
mod types;

pub use geometry::square_name;
pub use moves::{MoveError, San, Uci};
pub use notation::{FenError, FenErrorKind};
pub use types::{
    Color, Move, ParseNameError, ParseSquareError, Piece, Position, PositionError, Scheme, Square,
};

#[cfg(test)]
use geometry::TRIANGLE_SLOT;
pub(crate) use types::Pieces;

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
#[derive(Clone, Debug)]
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
    /// Where captures land, for a two-sided endgame (shared by clones).
    captures: Option<std::sync::Arc<kernel::probes::CaptureTables>>,
}

/// Endgames are equal when they are the same endgame (the capture tables follow from it).
impl PartialEq for Endgame {
    fn eq(&self, other: &Endgame) -> bool {
        self.identity() == other.identity()
    }
}

impl Eq for Endgame {}

impl core::hash::Hash for Endgame {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.identity().hash(state);
    }
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
        // Captures leave the table into the one-piece endgames: solve them now, before any
        // parallel work needs them.
        let captures = black_piece.map(|black| {
            std::sync::Arc::new(kernel::probes::CaptureTables::solve(pieces[0], black))
        });
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
            captures,
        })
    }

    /// What makes two endgames the same.
    #[allow(clippy::type_complexity)]
    fn identity(&self) -> (&[Piece], Option<Piece>, bool, Option<u8>, Scheme) {
        (
            &self.pieces,
            self.black_piece,
            self.opposite_bishops,
            self.fixed_king,
            self.scheme,
        )
    }

    /// Where the captures of a two-sided endgame land.
    fn captures(&self) -> &kernel::probes::CaptureTables {
        self.captures
            .as_deref()
            .expect("a two-sided endgame has capture tables")
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

#[cfg(test)]
mod tests {
    use super::*;
    use cgt_core::Verdict;

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
            let next = e.play_unchecked(&pos, m);
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
