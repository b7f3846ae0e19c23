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
//!   a position is stored once, at the smallest index among its images. Identical pieces are
//!   merged: a run of two or three of one side is one field, the number of its set of squares
//!   (`C(b,2) + a` for squares `a < b`, `C(c,3) + C(b,2) + a` for three), above the other
//!   men's base-64 fields, so each set is stored once. Reduced statistics count one position
//!   per symmetry class.
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

/// An endgame: the white pieces besides the king, the black pieces besides the king, and
/// options.
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
    black: Vec<Piece>,
    opposite_bishops: bool,
    fixed_king: Option<u8>,
    scheme: Scheme,
    /// Indices per side to move, cached for the engine's hot path.
    per_side: usize,
    /// Under the reduced index, the run of identical pieces stored as one field (five men
    /// have at most one).
    run: Option<kernel::runs::Run>,
    /// The number of values of the fields below the white king's: `64^fields`, or with a
    /// run, its sets times 64 to the power of the other fields.
    span: usize,
    /// The shift of each piece's base-64 field in the index, White's then Black's (`u8::MAX`
    /// for the pieces of a run).
    shifts: [[u8; 3]; 2],
    /// A lone king against one piece or two minor pieces: every capture draws.
    drawn_captures: bool,
    /// Where captures land, solved on first use (shared by clones).
    captures: std::sync::Arc<std::sync::OnceLock<kernel::probes::CaptureTables>>,
    /// Folders holding the smaller endgames' table files, read before solving them
    /// ([`Endgame::with_table_folder`]).
    folders: std::sync::Arc<[std::path::PathBuf]>,
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

/// Names accepted by [`Endgame::parse`] besides the general `kXkY` material names (see
/// [`MATERIAL`]).
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

/// The general material names: `k`, White's pieces, `k`, Black's pieces, with one to three
/// pieces for White, none to two for Black and at most three in all (five men), each one of
/// `q`, `r`, `b`, `n` (written in any order: the name is canonicalised to the order queen,
/// rook, bishop, knight). Examples: `kqrk`, `kqkr`, `kqrkr`, `kbnkn`, `kqkrr`.
pub const MATERIAL: &str =
    "kXk or kXkY with X one to three and Y none to two of q, r, b, n (at most three pieces in all)";

/// The two-sided endgames of one piece a side (kept for the older name of [`MATERIAL`]).
pub const TWO_SIDED: &str = MATERIAL;

/// The most pieces besides the kings an endgame may have (five men in all).
pub const MAX_PIECES: usize = 3;

impl Endgame {
    /// An endgame by name (see [`NAMES`] and [`MATERIAL`]); `fixed_square` sets the fixed
    /// king's square for `kqk-fixed` (default c3).
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
        let unknown = || EndgameError::Unknown {
            name: name.to_owned(),
        };
        let (pieces, black, opposite, fixed) = match lower.as_str() {
            "kbbk-opposite" => (vec![Piece::Bishop, Piece::Bishop], Vec::new(), true, None),
            "kqk-fixed" => (
                vec![Piece::Queen],
                Vec::new(),
                false,
                Some(fixed_square.unwrap_or(18)),
            ),
            _ => {
                let (white, black) = parse_material(&lower).ok_or_else(unknown)?;
                (white, black, false, None)
            }
        };
        Ok(Endgame::of_material(pieces, black, opposite, fixed, scheme))
    }

    /// The endgame with these pieces (each side's in canonical order).
    fn of_material(
        pieces: Vec<Piece>,
        black: Vec<Piece>,
        opposite_bishops: bool,
        fixed_king: Option<u8>,
        scheme: Scheme,
    ) -> Endgame {
        let scheme = if fixed_king.is_some() {
            Scheme::Raw
        } else {
            scheme
        };
        let king_slots = match (fixed_king, scheme) {
            (Some(_), _) => 1,
            (None, Scheme::Raw) => 64,
            (None, Scheme::Reduced) => 10,
        };
        let fields = 1 + pieces.len() as u32 + black.len() as u32;
        let minor = |p: &Piece| matches!(p, Piece::Bishop | Piece::Knight);
        let drawn_captures = black.is_empty()
            && (pieces.len() == 1 || pieces.len() == 2 && pieces.iter().all(minor));
        let run = (scheme == Scheme::Reduced)
            .then(|| kernel::runs::Run::of(&pieces, &black))
            .flatten();
        let (run, span, shifts) = kernel::runs::field_layout(&pieces, &black, run);
        debug_assert!(run.is_some() || span == 64usize.pow(fields));

        Endgame {
            per_side: king_slots * span,
            run,
            span,
            shifts,
            pieces,
            black,
            opposite_bishops,
            fixed_king,
            scheme,
            drawn_captures,
            captures: std::sync::Arc::default(),
            folders: std::sync::Arc::new([]),
        }
    }

    /// What makes two endgames the same.
    #[allow(clippy::type_complexity)]
    fn identity(&self) -> (&[Piece], &[Piece], bool, Option<u8>, Scheme) {
        (
            &self.pieces,
            &self.black,
            self.opposite_bishops,
            self.fixed_king,
            self.scheme,
        )
    }

    /// Where the captures land: the smaller endgames' tables, solved on first use (the
    /// engine asks before its parallel work starts).
    fn captures(&self) -> &kernel::probes::CaptureTables {
        self.captures.get_or_init(|| {
            kernel::probes::CaptureTables::solve(&self.pieces, &self.black, &self.folders)
        })
    }

    /// The endgame, looking for the smaller endgames' tables its captures lead to in `folder`
    /// too (files `NAME.cgtb` of the reduced index, such as `kqkr.cgtb`) before solving them.
    /// A file that is damaged, or holds another endgame, is passed over and the table solved.
    /// Folders are searched in the order they were added; each smaller table is read or
    /// solved once per process. [`tables::TableFile::open`] adds the file's own folder.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_retro::chess::tables::EndgameTable;
    /// use cgt_retro::chess::{Endgame, Scheme};
    ///
    /// let folder = std::env::temp_dir().join(format!("cgt-doc-folder-{}", std::process::id()));
    /// std::fs::create_dir_all(&folder)?;
    /// let krk = EndgameTable::build(Endgame::parse("krk", Scheme::Reduced, None)?, u128::MAX)?;
    /// krk.write(&folder.join("krk.cgtb"))?;
    /// // KRKR's captures by White read krk.cgtb instead of solving KRK.
    /// let krkr = Endgame::parse("krkr", Scheme::Reduced, None)?.with_table_folder(&folder);
    /// let krkr = EndgameTable::build(krkr, u128::MAX)?;
    /// assert!(krkr.table().size() > 0);
    /// # std::fs::remove_dir_all(&folder)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_table_folder(mut self, folder: &std::path::Path) -> Endgame {
        if !self.folders.iter().any(|f| f == folder) {
            let mut folders = self.folders.to_vec();
            folders.push(folder.to_path_buf());
            self.folders = folders.into();
            // Captures solved before the folder was known are solved again with it.
            self.captures = std::sync::Arc::default();
        }
        self
    }

    /// The canonical name.
    #[must_use]
    pub fn name(&self) -> String {
        let mut s = String::from("k");
        for p in &self.pieces {
            s.push(p.letter().to_ascii_lowercase());
        }
        s.push('k');
        for p in &self.black {
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

    /// The first black piece besides the king, if any (see [`Endgame::black_pieces`]).
    #[must_use]
    pub fn black_piece(&self) -> Option<Piece> {
        self.black.first().copied()
    }

    /// The black pieces besides the king.
    #[must_use]
    pub fn black_pieces(&self) -> &[Piece] {
        &self.black
    }

    /// Every man on the board, kings included.
    #[must_use]
    pub fn men(&self) -> usize {
        2 + self.pieces.len() + self.black.len()
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
    /// let pos = kqk.position(sq("a1"), sq("h8"), &[(Piece::Queen, sq("b1"))], &[], Color::White)?;
    /// assert_eq!(pos.fen(), "7k/8/8/8/8/8/8/KQ6 w - - 0 1");
    /// let rook = kqk.position(sq("a1"), sq("h8"), &[(Piece::Rook, sq("b1"))], &[], Color::White);
    /// assert!(matches!(rook, Err(PositionError::Material { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(
        &self,
        white_king: Square,
        black_king: Square,
        white: &[(Piece, Square)],
        black: &[(Piece, Square)],
        to_move: Color,
    ) -> Result<Position, PositionError> {
        let material = || PositionError::Material {
            endgame: self.name(),
        };
        let take = |wanted: &[Piece], given: &[(Piece, Square)]| {
            let mut found: Vec<(Piece, u8)> =
                given.iter().map(|&(p, sq)| (p, sq.index())).collect();
            let mut out = Pieces::new();
            for &p in wanted {
                let i = found.iter().position(|&(q, _)| q == p)?;
                out.push(found.remove(i));
            }
            found.is_empty().then_some(out)
        };
        let pieces = take(&self.pieces, white).ok_or_else(material)?;
        let black_pieces = take(&self.black, black).ok_or_else(material)?;
        let mut squares: Vec<Square> = vec![white_king, black_king];
        squares.extend(white.iter().chain(black).map(|&(_, sq)| sq));
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
            black: black_pieces,
            white_to_move: to_move == Color::White,
        };
        if self.is_legal(&pos) {
            Ok(pos)
        } else {
            Err(PositionError::Illegal)
        }
    }
}

/// The pieces of a material name `k…k…` (see [`MATERIAL`]), each side in canonical order.
fn parse_material(name: &str) -> Option<(Vec<Piece>, Vec<Piece>)> {
    let rest = name.strip_prefix('k')?;
    let (white, black) = rest.split_once('k')?;
    let side = |letters: &str| -> Option<Vec<Piece>> {
        let mut out: Vec<Piece> = letters
            .chars()
            .map(Piece::from_letter)
            .collect::<Option<_>>()?;
        out.sort_unstable();
        Some(out)
    };
    let (white, black) = (side(white)?, side(black)?);
    (!white.is_empty() && black.len() <= 2 && white.len() + black.len() <= MAX_PIECES)
        .then_some((white, black))
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
                "unknown endgame {name:?}; known: {}, and {MATERIAL}",
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
        for name in [
            "kqk", "kbnk", "kbbk", "knnk", "kqkr", "krrk", "kqkrr", "kbnkn",
        ] {
            let e = Endgame::parse(name, Scheme::Reduced, None).unwrap();
            let raw = Endgame::parse(name, Scheme::Raw, None).unwrap();
            // Every 97th raw index (about 300,000 indices of a five-man table): all king
            // squares, both sides, many piece placements.
            let step = (raw.index_count() / 300_000).max(97) | 1;
            for i in (0..raw.index_count()).step_by(step) {
                let pos = raw.decode_index(i);
                if !e.is_legal(&pos) {
                    // Two men on one square have no set of squares.
                    continue;
                }
                // The reference: the canonical image, packed field by field; a run of
                // identical pieces as one field, its set numbered by the combinatorial number
                // system (squares a < b < c: C(c,3) + C(b,2) + a).
                let c = e.canonical(&pos);
                let mut expected = TRIANGLE_SLOT[c.wk as usize] as usize;
                let men: Vec<(bool, Piece, u8)> = (c.pieces.iter().map(|&(p, q)| (true, p, q)))
                    .chain(c.black.iter().map(|&(p, q)| (false, p, q)))
                    .collect();
                let run: Vec<usize> = men
                    .iter()
                    .filter(|m| men.iter().filter(|o| (o.0, o.1) == (m.0, m.1)).count() > 1)
                    .map(|m| usize::from(m.2))
                    .collect();
                if !run.is_empty() {
                    let binomial = |n: usize, k: usize| -> usize {
                        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
                    };
                    assert!(run.windows(2).all(|w| w[0] < w[1]), "{name}: sorted run");
                    let number: usize = run
                        .iter()
                        .enumerate()
                        .map(|(i, &q)| binomial(q, i + 1))
                        .sum();
                    expected = expected * binomial(64, run.len()) + number;
                }
                for &(_, _, sq) in men.iter().filter(|m| !run.contains(&usize::from(m.2))) {
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

    #[test]
    fn raw_multiplicity_counts_the_images() {
        // Identical pieces on either side, every kind of symmetric placement (kings and men on
        // one diagonal), and plain material; the closed form against the list of images.
        for name in [
            "kqk", "kbbk", "knnk", "kqkr", "kbnkn", "krrkr", "kqkrr", "knnnk",
        ] {
            let e = Endgame::parse(name, Scheme::Reduced, None).unwrap();
            let mut seen = std::collections::BTreeSet::new();
            // A sample of every index, and every placement with all men on the long diagonal
            // (white king on a1, b2, c3 or d4: slots 0, 4, 7 and 9), where symmetries fix men.
            let step = (e.index_count() / 100_000).max(7);
            let men = e.men();
            let mut diagonal = Vec::new();
            let raw = Endgame::parse(name, Scheme::Raw, None).unwrap();
            for wk in [0usize, 9, 18, 27] {
                for rest in 0..8usize.pow(men as u32 - 1) {
                    let mut index = wk;
                    let mut r = rest;
                    for _ in 1..men {
                        index = index * 64 + 9 * (r % 8);
                        r /= 8;
                    }
                    for i in [index, index + raw.index_count() / 2] {
                        let pos = raw.decode_index(i);
                        if e.is_legal(&pos) {
                            diagonal.push(e.index_of(&pos));
                        }
                    }
                }
            }
            for i in (0..e.index_count()).step_by(step).chain(diagonal) {
                let pos = e.decode_index(i);
                if !e.is_legal(&pos) {
                    continue;
                }
                let m = e.raw_multiplicity(&pos);
                assert_eq!(m, e.raw_multiplicity_by_images(&pos), "{name} {pos:?}");
                seen.insert(m);
            }
            // Both plain classes (8 images) and symmetric ones (4) occur.
            assert!(seen.len() >= 2, "{name}: {seen:?}");
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
        for (name, canonical, men) in [
            ("KQRKR", "kqrkr", 5),
            ("krqkr", "kqrkr", 5),
            ("knbkn", "kbnkn", 5),
            ("kqkrr", "kqkrr", 5),
            ("krrrk", "krrrk", 5),
            ("kqrk", "kqrk", 4),
        ] {
            let e = Endgame::parse(name, Scheme::Reduced, None).unwrap();
            assert_eq!((e.name().as_str(), e.men()), (canonical, men));
        }
        for bad in [
            "kkkq", "kqkk", "kxkq", "kqk-r", "k", "", "kkqr", "kqkrrr", "kqrkrr", "kqrbnk",
        ] {
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
        assert_eq!(rook, ["Re5", "Re7", "Rxe4+"], "{moves:?}");
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
