//! Where captures land: the smaller endgames left after a capture, read from the endgame's
//! table folders or solved on first use (and shared by every endgame of the process that
//! needs them), probed by position, and for one
//! piece a side also read by placement for the kernel.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use cgt_core::Verdict;

use super::Squares;
use crate::chess::{Endgame, Piece, Pieces, Position, Scheme};
use crate::engine::Table;

/// A solved endgame, shared.
pub(in crate::chess) type Solved = Arc<(Endgame, Table)>;

/// The reduced table of `endgame` from a file `NAME.cgtb` in one of the table folders, when
/// one holds it whole and unharmed (a damaged or different file is passed over: the table
/// is then solved).
fn from_folders(endgame: &Endgame, folders: &[PathBuf]) -> Option<Table> {
    folders.iter().find_map(|folder| {
        let bytes = std::fs::read(folder.join(format!("{}.cgtb", endgame.name()))).ok()?;
        let file = crate::chess::tables::EndgameTable::decode(&bytes).ok()?;
        (file.endgame() == endgame).then(|| file.into_table())
    })
}

/// The reduced endgame `name`, read from a table folder or solved, once per process (the
/// smaller endgames of several tables, and of their own captures, are the same few).
pub(in crate::chess) fn solved(name: &str, folders: &Arc<[PathBuf]>) -> Solved {
    static CACHE: OnceLock<Mutex<HashMap<String, Solved>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Mutex::default);
    if let Some(hit) = cache.lock().expect("the cache").get(name) {
        return Arc::clone(hit);
    }
    // Solved outside the lock: the smaller endgame's own captures come back here.
    let mut endgame = Endgame::parse(name, Scheme::Reduced, None).expect("a smaller endgame");
    for folder in folders.iter() {
        endgame = endgame.with_table_folder(folder);
    }
    let table = from_folders(&endgame, folders).unwrap_or_else(|| {
        endgame.prepare();
        crate::engine::solve(&endgame, u128::MAX).expect("a smaller table fits")
    });
    let entry = Arc::new((endgame, table));
    Arc::clone(
        cache
            .lock()
            .expect("the cache")
            .entry(name.to_owned())
            .or_insert(entry),
    )
}

/// A smaller endgame a capture leads to.
pub(in crate::chess) struct Sub {
    /// White's and Black's pieces after the capture, in the larger endgame's colours.
    white: Vec<Piece>,
    black: Vec<Piece>,
    /// Whether the smaller endgame has the colours swapped (White had no piece left), its
    /// board flipped top to bottom.
    swapped: bool,
    solved: Solved,
    /// The smaller table's compact codes, when its distances fit them: a probe is then one
    /// load instead of three bits and a distance.
    codes: Option<Vec<u8>>,
}

/// King and one piece against king, read by placement for the kernel: the code of
/// [`probe_verdict`] for the lone king to move at `wk << 12 | sq << 6 | bk` (the piece on
/// `sq`), so that a capture is one load instead of a canonical index and a table look-up.
pub(in crate::chess) struct OnePiece {
    codes: Box<[u32]>,
}

impl OnePiece {
    fn of(solved: &Solved) -> OnePiece {
        let (endgame, table) = &**solved;
        let kernel = endgame.kernel();
        let codes = (0..1usize << 18)
            .map(|at| {
                let probe = Squares {
                    white_to_move: false,
                    wk: (at >> 12) as u8,
                    bk: (at & 63) as u8,
                    pieces: [(at >> 6 & 63) as u8, 0, 0],
                    black: [0; 2],
                };
                match table.verdict(kernel.pack_squares(&probe)) {
                    None | Some(Verdict::Draw) => 0,
                    Some(Verdict::Loss(d)) => 1 + 2 * d,
                    Some(Verdict::Win(d)) => 2 + 2 * d,
                }
            })
            .collect();
        OnePiece { codes }
    }

    /// The verdict for the lone (black) king to move, with the white king on `wk`, the piece
    /// on `sq` and the black king on `bk`.
    #[inline]
    pub(super) fn probe(&self, wk: u8, sq: u8, bk: u8) -> Verdict {
        probe_verdict(self.codes[usize::from(wk) << 12 | usize::from(sq) << 6 | usize::from(bk)])
    }
}

/// Every smaller endgame an endgame's captures lead to, and for one piece a side the two
/// one-piece endgames by placement: the white piece's (White captured the black piece) and
/// the black piece's (Black captured, colours then swapped).
pub(in crate::chess) struct CaptureTables {
    subs: Vec<Sub>,
    /// The sub-table a capture leads to, by the side that loses a piece (0 White, 1 Black)
    /// and that piece's place in its side's list.
    by_capture: [[Option<usize>; 3]; 2],
    pub(in crate::chess) white: Option<OnePiece>,
    pub(in crate::chess) black: Option<OnePiece>,
}

impl CaptureTables {
    /// Solves the smaller endgames of `white` against `black` (each side's pieces in
    /// canonical order): every material one capture leaves with a piece on the board.
    pub(in crate::chess) fn solve(
        white: &[Piece],
        black: &[Piece],
        folders: &Arc<[PathBuf]>,
    ) -> CaptureTables {
        let mut materials: Vec<(Vec<Piece>, Vec<Piece>)> = Vec::new();
        let without = |side: &[Piece], i: usize| {
            let mut v = side.to_vec();
            v.remove(i);
            v
        };
        for i in 0..white.len() {
            materials.push((without(white, i), black.to_vec()));
        }
        for i in 0..black.len() {
            materials.push((white.to_vec(), without(black, i)));
        }
        materials.sort();
        materials.dedup();
        materials.retain(|(w, b)| !(w.is_empty() && b.is_empty()));
        let subs: Vec<Sub> = materials
            .into_iter()
            .map(|(w, b)| {
                let swapped = w.is_empty();
                let name = if swapped {
                    material_name(&b, &w)
                } else {
                    material_name(&w, &b)
                };
                let solved = solved(&name, folders);
                let codes = crate::chess::tables::compact_codes(&solved.1);
                Sub {
                    white: w,
                    black: b,
                    swapped,
                    solved,
                    codes,
                }
            })
            .collect();
        let one = |w: &[Piece], b: &[Piece]| {
            subs.iter()
                .find(|s| s.white == w && s.black == b)
                .map(|s| OnePiece::of(&s.solved))
        };
        let (white_one, black_one) = if white.len() == 1 && black.len() == 1 {
            (one(white, &[]), one(&[], black))
        } else {
            (None, None)
        };
        let find =
            |w: &[Piece], b: &[Piece]| subs.iter().position(|s| s.white == w && s.black == b);
        let mut by_capture = [[None; 3]; 2];
        for (j, slot) in by_capture[0].iter_mut().enumerate().take(white.len()) {
            *slot = find(&without(white, j), black);
        }
        for (j, slot) in by_capture[1].iter_mut().enumerate().take(black.len()) {
            *slot = find(white, &without(black, j));
        }
        CaptureTables {
            subs,
            by_capture,
            white: white_one,
            black: black_one,
        }
    }

    /// The smaller endgame of the position `after` a capture, its table and the position
    /// there (colours swapped and the board flipped when White has no piece left, the last
    /// value `true`); `None` for bare kings.
    pub(in crate::chess) fn locate(
        &self,
        after: &Position,
    ) -> Option<(&Endgame, &Table, Position, bool)> {
        let kinds = |p: &Pieces| p.iter().map(|&(k, _)| k).collect::<Vec<_>>();
        let (w, b) = (kinds(&after.pieces), kinds(&after.black));
        let sub = self.subs.iter().find(|s| s.white == w && s.black == b)?;
        let (endgame, table) = &*sub.solved;
        let pos = if sub.swapped {
            after.colour_flipped()
        } else {
            *after
        };
        Some((endgame, table, pos, sub.swapped))
    }
}

impl CaptureTables {
    /// The verdict after a capture, on index fields: `s` is the position before it, whose
    /// side to move takes the piece on `to` with `mover` (0 the king, `1 + j` piece `j`).
    /// The smaller endgame's squares are laid out directly (the taken piece dropped, the
    /// colours swapped and the board flipped when White has no piece left) and packed by
    /// its own kernel. Draw for bare kings.
    pub(in crate::chess) fn probe_squares(
        &self,
        game: &Endgame,
        s: &Squares,
        mover: usize,
        to: u8,
    ) -> Verdict {
        let mut after = *s;
        after.white_to_move = !s.white_to_move;
        // The mover's side and the side that loses a piece (0 White, 1 Black), as fields.
        let Squares {
            wk,
            bk,
            pieces,
            black,
            ..
        } = &mut after;
        let (king, own, theirs, lost_side, lost_count): (&mut u8, &mut [u8], &mut [u8], _, _) =
            if s.white_to_move {
                (wk, pieces, black, 1, game.black.len())
            } else {
                (bk, black, pieces, 0, game.pieces.len())
            };
        match mover {
            0 => *king = to,
            m => own[m - 1] = to,
        }
        let j = theirs[..lost_count]
            .iter()
            .position(|&sq| sq == to)
            .expect("an enemy piece stands there");
        theirs.copy_within(j + 1..lost_count, j);
        let taken = (lost_side, j);
        let Some(k) = self.by_capture[taken.0][taken.1] else {
            return Verdict::Draw;
        };
        let sub = &self.subs[k];
        if sub.swapped {
            let mut flipped = after;
            flipped.wk = after.bk ^ 56;
            flipped.bk = after.wk ^ 56;
            flipped.white_to_move = !after.white_to_move;
            for (slot, &sq) in flipped.pieces.iter_mut().zip(&after.black) {
                *slot = sq ^ 56;
            }
            after = flipped;
        }
        let (endgame, table) = &*sub.solved;
        let index = endgame.kernel().pack_squares(&after);
        match &sub.codes {
            Some(codes) => codes
                .get(index)
                .map_or(Verdict::Draw, |&c| crate::chess::tables::compact_verdict(c)),
            None => table.verdict(index).unwrap_or(Verdict::Draw),
        }
    }
}

/// The name of the endgame with these pieces (each side in canonical order).
fn material_name(white: &[Piece], black: &[Piece]) -> String {
    let letters = |side: &[Piece]| {
        side.iter()
            .map(|p| p.letter().to_ascii_lowercase())
            .collect::<String>()
    };
    format!("k{}k{}", letters(white), letters(black))
}

impl core::fmt::Debug for CaptureTables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list()
            .entries(self.subs.iter().map(|s| s.solved.0.name()))
            .finish()
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
