use super::Squares;
use crate::chess::Piece;
use cgt_core::Verdict;

/// The one-piece table of `piece` read by placement, for the captures of two-sided
/// endgames: the code of [`probe_verdict`] for the lone king to move, at `wk << 12 | sq << 6 |
/// bk` (the piece on `sq`), so that a capture is one load instead of a canonical index and a
/// table look-up. Built once per piece from the reduced table.
pub(super) fn raw_probe(piece: Piece) -> &'static [u32] {
    static PROBES: [std::sync::OnceLock<Vec<u32>>; 4] = [const { std::sync::OnceLock::new() }; 4];
    let slot = match piece {
        Piece::Queen => 0,
        Piece::Rook => 1,
        Piece::Bishop => 2,
        Piece::Knight => 3,
    };
    PROBES[slot].get_or_init(|| {
        let (endgame, table) = crate::chess::rules::one_piece_table(piece);
        (0..1usize << 18)
            .map(|at| {
                let probe = Squares {
                    white_to_move: false,
                    wk: (at >> 12) as u8,
                    bk: (at & 63) as u8,
                    pieces: [(at >> 6 & 63) as u8, 0, 0],
                    black: 0,
                };
                match table.verdict(endgame.pack_squares(&probe)) {
                    None | Some(Verdict::Draw) => 0,
                    Some(Verdict::Loss(d)) => 1 + 2 * d,
                    Some(Verdict::Win(d)) => 2 + 2 * d,
                }
            })
            .collect()
    })
}

/// The verdict a [`raw_probe`] code stands for.
pub(super) fn probe_verdict(code: u32) -> Verdict {
    match code {
        0 => Verdict::Draw,
        c if c % 2 == 1 => Verdict::Loss(c / 2),
        c => Verdict::Win(c / 2 - 1),
    }
}
