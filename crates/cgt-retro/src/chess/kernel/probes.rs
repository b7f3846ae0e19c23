//! Where captures out of a two-sided endgame land: the one-piece endgames of the piece that
//! remains, solved when the endgame is made and read by placement.

use cgt_core::Verdict;

use super::Squares;
use crate::chess::{Endgame, Piece, Position, Scheme};
use crate::engine::Table;

/// King and one piece against king: the endgame, its reduced table, and the table read by
/// placement for the kernel.
pub(in crate::chess) struct OnePiece {
    pub(in crate::chess) endgame: Endgame,
    pub(in crate::chess) table: Table,
    /// The code of [`probe_verdict`] for the lone king to move, at `wk << 12 | sq << 6 | bk`
    /// (the piece on `sq`), so that a capture is one load instead of a canonical index and a
    /// table look-up.
    codes: Box<[u32]>,
}

impl OnePiece {
    /// Solves king and `piece` against king and lays its verdicts out by placement.
    fn solve(piece: Piece) -> OnePiece {
        let name = format!("k{}k", piece.letter().to_ascii_lowercase());
        let endgame = Endgame::parse(&name, Scheme::Reduced, None).expect("a known endgame");
        let table = crate::engine::solve(&endgame, u128::MAX).expect("a small table");
        let kernel = endgame.kernel();
        let codes = (0..1usize << 18)
            .map(|at| {
                let probe = Squares {
                    white_to_move: false,
                    wk: (at >> 12) as u8,
                    bk: (at & 63) as u8,
                    pieces: [(at >> 6 & 63) as u8, 0, 0],
                    black: 0,
                };
                match table.verdict(kernel.pack_squares(&probe)) {
                    None | Some(Verdict::Draw) => 0,
                    Some(Verdict::Loss(d)) => 1 + 2 * d,
                    Some(Verdict::Win(d)) => 2 + 2 * d,
                }
            })
            .collect();
        OnePiece {
            endgame,
            table,
            codes,
        }
    }

    /// The verdict for the lone (black) king to move, with the white king on `wk`, the piece
    /// on `sq` and the black king on `bk`.
    #[inline]
    pub(super) fn probe(&self, wk: u8, sq: u8, bk: u8) -> Verdict {
        probe_verdict(self.codes[usize::from(wk) << 12 | usize::from(sq) << 6 | usize::from(bk)])
    }

    /// The position with the white king on `wk`, `piece` on `sq` and the black king on `bk`,
    /// Black to move.
    pub(in crate::chess) fn position(&self, wk: u8, bk: u8, piece: (Piece, u8)) -> Position {
        let mut pieces = crate::chess::Pieces::new();
        pieces.push(piece);
        Position {
            wk,
            bk,
            pieces,
            black: None,
            white_to_move: false,
        }
    }
}

/// The two one-piece endgames a two-sided endgame's captures lead to: the white piece's (White
/// captured the black piece) and the black piece's (Black captured, colours then swapped).
pub(in crate::chess) struct CaptureTables {
    pub(in crate::chess) white: OnePiece,
    pub(in crate::chess) black: OnePiece,
}

impl CaptureTables {
    /// Solves both (a few milliseconds: the one-piece tables are small).
    pub(in crate::chess) fn solve(white: Piece, black: Piece) -> CaptureTables {
        let (white, black) = rayon::join(|| OnePiece::solve(white), || OnePiece::solve(black));
        CaptureTables { white, black }
    }
}

impl core::fmt::Debug for CaptureTables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CaptureTables")
            .field("white", &self.white.endgame.name())
            .field("black", &self.black.endgame.name())
            .finish_non_exhaustive()
    }
}

/// The verdict a placement code stands for.
fn probe_verdict(code: u32) -> Verdict {
    match code {
        0 => Verdict::Draw,
        c if c % 2 == 1 => Verdict::Loss(c / 2),
        c => Verdict::Win(c / 2 - 1),
    }
}
