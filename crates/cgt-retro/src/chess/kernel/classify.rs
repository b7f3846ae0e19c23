use super::Kernel;
use super::{BlockImages, Squares, black_king_fits, fixed_together, hits};
use crate::chess::Scheme;
use crate::chess::geometry::{
    BETWEEN, KING, KING_STEPS, KING_SYMS, TRANSFORM, attacks, reflect_anti_diagonal,
    reflect_diagonal, square_colour, squares, step_mask,
};
use crate::engine::{ExitLevels, Terminal, TerminalMasks};
use cgt_core::Verdict;

impl Kernel<'_> {
    /// [`RetroGame::terminal`](crate::engine::RetroGame::terminal) on index fields.
    pub(in crate::chess) fn terminal(self, index: usize) -> Option<Terminal> {
        let s = self.split(index);
        // Under the raw index every position is stored at its own index.
        if !self.legal_squares(&s)
            || (self.game.scheme == Scheme::Reduced && self.pack_squares(&s) != index)
        {
            return None;
        }
        Some(if self.visit_moves(&s, |_, _, _, _| true) {
            Terminal::No
        } else if self.in_check_squares(&s) {
            Terminal::Loss
        } else {
            Terminal::Draw
        })
    }

    /// [`RetroShortcuts::terminal_block`](crate::engine::RetroShortcuts::terminal_block): indices that
    /// differ only in the black king (the lowest digit) share the white pieces' attacks. For
    /// endgames against a lone king, with `start` a multiple of 64; otherwise index by index.
    pub(in crate::chess) fn terminal_block(
        self,
        start: usize,
        out: &mut [Option<Terminal>],
        counts: &mut [u16],
        exits: &mut u64,
        levels: &mut [ExitLevels],
    ) {
        if !start.is_multiple_of(64) || out.len() < 64 {
            for (k, slot) in out.iter_mut().enumerate() {
                *slot = self.terminal(start + k);
            }
            return;
        }
        match self.game.black.len() {
            0 if !self.game.decisive_captures() => {}
            1 => {
                *exits = self.two_sided_block(start, out, counts, levels);
                return;
            }
            _ => {
                // Index by index: captures by the lone king can win or lose, or two black
                // pieces.
                for (k, slot) in out.iter_mut().enumerate() {
                    *slot = self.terminal(start + k);
                }
                return;
            }
        }
        let s = self.split(start);
        let white = self.white_pieces(&s);
        let others = white | 1u64 << s.wk;
        let k = self.game.pieces.len();
        let distinct = others.count_ones() as usize == 1 + k
            && !(self.game.opposite_bishops
                && square_colour(s.pieces[0]) == square_colour(s.pieces[1]));
        if !distinct {
            out.fill(None);
            return;
        }
        let (attacked, defended) = self.white_attacks(&s, others);
        // Canonical without a check when one symmetry maps the white king into the triangle
        // (the identity) and no identical pieces need ordering.
        let plain = self.plain_frame(&s);
        // Outside that frame (the white king on the long diagonal: two symmetries), an index is
        // canonical when its fields are the least of its two images'.
        let images = self.block_images(&s, plain);
        let white_fixed = self.white_fixed(&s);
        for (bk, (slot, count)) in out.iter_mut().zip(counts.iter_mut()).enumerate() {
            let bk = bk as u8;
            let index = start + usize::from(bk);
            let bit = 1u64 << bk;
            if !black_king_fits(others, s.wk, images.as_ref(), bk) {
                *slot = None;
                continue;
            }
            let in_check = attacked & bit != 0;
            *slot = if s.white_to_move {
                if in_check {
                    // Black, not to move, would be in check.
                    None
                } else if KING[s.wk as usize] & !others & !bit & !KING[bk as usize] != 0 {
                    Some(Terminal::No)
                } else {
                    // The white king is boxed in: ask the pieces, rarely.
                    self.terminal(index)
                }
            } else {
                let steps = KING[bk as usize] & !KING[s.wk as usize] & !(1u64 << s.wk);
                let quiet = steps & !white & !attacked;
                let capture = (0..k).any(|j| {
                    let sq = s.pieces[j];
                    steps >> sq & 1 != 0 && defended[j] >> sq & 1 == 0
                });
                // The king's moves reach distinct indices unless a symmetry other than the
                // identity keeps the white men in place; a capture is a draw.
                if !white_fixed && (quiet != 0 || capture) {
                    *count = if capture {
                        u16::MAX
                    } else {
                        quiet.count_ones() as u16
                    };
                }
                Some(if quiet != 0 || capture {
                    Terminal::No
                } else if in_check {
                    Terminal::Loss
                } else {
                    Terminal::Draw
                })
            };
        }
    }

    /// [`RetroShortcuts::terminal_masks`](crate::engine::RetroShortcuts::terminal_masks) for
    /// endgames against a lone king whose captures all draw (`None` for the others): the
    /// results of a block's 64 black-king squares as masks. The black-king squares with a
    /// move are the squares Black may step to or take on, spread back by one king step;
    /// White is stuck only where every free square next to its king is on or beside the black
    /// king, and those rare positions are classified one by one.
    pub(in crate::chess) fn terminal_masks(
        self,
        start: usize,
        counts: &mut [u16; 64],
    ) -> Option<TerminalMasks> {
        if !self.game.black.is_empty() || self.game.decisive_captures() || !start.is_multiple_of(64)
        {
            return None;
        }
        let s = self.split(start);
        let white = self.white_pieces(&s);
        let wk = 1u64 << s.wk;
        let others = white | wk;
        let k = self.game.pieces.len();
        if others.count_ones() as usize != 1 + k
            || (self.game.opposite_bishops
                && square_colour(s.pieces[0]) == square_colour(s.pieces[1]))
        {
            return Some(TerminalMasks::default());
        }
        let (attacked, defended) = self.white_attacks(&s, others);
        let images = self.block_images(&s, self.plain_frame(&s));
        // The black king's squares: empty, not beside the white king, canonical.
        let mut fits = !others & !KING[s.wk as usize];
        if let Some(im) = images.as_ref() {
            fits = squares(fits).fold(0, |m, bk| m | u64::from(im.canonical(bk)) << bk);
        }
        if s.white_to_move {
            // Black, not to move, must not be in check.
            let legal = fits & !attacked;
            // The black king boxes the white king in where it stands on or beside every
            // free square next to it.
            let free = KING[s.wk as usize] & !others;
            let boxed = squares(free).fold(!0u64, |m, sq| m & (KING[sq as usize] | 1 << sq));
            let mut m = TerminalMasks {
                legal,
                undecided: legal & !boxed,
                ..TerminalMasks::default()
            };
            for bk in squares(legal & boxed) {
                match self.terminal(start + usize::from(bk)) {
                    Some(Terminal::No) => m.undecided |= 1 << bk,
                    Some(Terminal::Loss) => m.losses |= 1 << bk,
                    Some(Terminal::Win) => m.wins |= 1 << bk,
                    Some(Terminal::Draw) => {}
                    None => m.legal &= !(1 << bk),
                }
            }
            return Some(m);
        }
        // Black to move: the squares it may step to without a capture, and the pieces it
        // may take (undefended; a capture draws).
        let quiet = !KING[s.wk as usize] & !wk & !white & !attacked;
        let takes = (0..k).fold(0u64, |m, j| {
            let sq = s.pieces[j];
            m | u64::from(defended[j] >> sq & 1 == 0) << sq
        });
        let near = |mask: u64| KING_STEPS.iter().fold(0, |m, &st| m | step_mask(mask, st));
        let (steps, captures) = (near(quiet), near(takes));
        let undecided = fits & (steps | captures);
        // The king's moves reach distinct indices unless a symmetry other than the identity
        // keeps the white men in place.
        if !self.white_fixed(&s) {
            for bk in squares(undecided) {
                counts[bk as usize] = if captures >> bk & 1 != 0 {
                    u16::MAX
                } else {
                    (KING[bk as usize] & quiet).count_ones() as u16
                };
            }
        }
        Some(TerminalMasks {
            legal: fits,
            undecided,
            wins: 0,
            losses: fits & !undecided & attacked,
        })
    }

    /// The white pieces' attacks (not the king's) with the occupancy `others` (the black king
    /// lifted: it never blocks a line to its own square), and for each piece the squares the
    /// others and the king defend.
    pub(super) fn white_attacks(self, s: &Squares, others: u64) -> (u64, [u64; 3]) {
        let k = self.game.pieces.len();
        let mut attacked = 0u64;
        let mut defended = [KING[s.wk as usize]; 3];
        for (j, &piece) in self.game.pieces.iter().enumerate() {
            let a = attacks(piece, s.pieces[j], others);
            attacked |= a;
            for (i, d) in defended.iter_mut().enumerate().take(k) {
                if i != j {
                    *d |= a;
                }
            }
        }
        (attacked, defended)
    }

    /// The canonical test of a block's indices off the plain frame (the white king on the
    /// long diagonal): the higher fields of the index and of both images, computed once, so
    /// that each black-king square is one comparison. `None` in the plain frame, where every
    /// index is canonical.
    pub(super) fn block_images(self, s: &Squares, plain: bool) -> Option<BlockImages> {
        (!plain).then(|| {
            let (syms, _) = KING_SYMS[s.wk as usize];
            let mut high = *s;
            high.bk = 0;
            let image = |sym: u8| {
                let t = &TRANSFORM[sym as usize];
                (self.fields_under(t, &high) >> 6, t)
            };
            let own = self.fields_under(&TRANSFORM[0], &high) >> 6;
            BlockImages {
                own,
                first: image(syms[0]),
                second: image(syms[1]),
            }
        })
    }

    /// [`Endgame::kernel_terminal_block`] for two-sided endgames (one white piece and one
    /// black piece beside the kings): the white pieces' attacks with the black king lifted
    /// and the checks, pins and moves of Black are masks per black-king square. For Black to
    /// move without a capture in the plain frame it gives the move count; a position with a
    /// possible capture is counted by the engine (its exits matter). White to move is
    /// classified here when its king has a safe square, else index by index. Returns the
    /// positions with a legal capture (the only ones that can leave the table); where it
    /// counted a position's moves it probed its captures, and gives their levels too.
    pub(super) fn two_sided_block(
        self,
        start: usize,
        out: &mut [Option<Terminal>],
        counts: &mut [u16],
        levels: &mut [ExitLevels],
    ) -> u64 {
        let s = self.split(start);
        let bp = self
            .game
            .black
            .first()
            .copied()
            .expect("a two-sided endgame");
        let k = self.game.pieces.len();
        let white = self.white_pieces(&s);
        let bsq = 1u64 << s.black[0];
        // Everything but the black king.
        let others = white | 1u64 << s.wk | bsq;
        if others.count_ones() as usize != 2 + k
            || (self.game.opposite_bishops
                && square_colour(s.pieces[0]) == square_colour(s.pieces[1]))
        {
            out.fill(None);
            return 0;
        }
        let plain = self.plain_frame(&s);
        let images = self.block_images(&s, plain);
        // White's attacks, the king's included, with the black king lifted.
        let (pieces_attack, defended) = self.white_attacks(&s, others);
        let attacked = pieces_attack | KING[s.wk as usize];
        let white_fixed = self.white_fixed(&s);
        // What does not depend on the black king, once per block. A legal black king is not
        // attacked by a white piece when White is to move, so it stands on none of their
        // lines: their moves and their captures of the black piece are the block's. It may
        // stand on the black piece's lines, or between the black piece and the white king.
        let (wk, b) = (s.wk, s.black[0]);
        let king_line = BETWEEN[b as usize][wk as usize];
        let checks_white = hits(bp, b, wk, others);
        let recompute = |reach: u64, bit: u64, occupancy: u64| {
            if reach & bit == 0 {
                reach
            } else {
                attacks(bp, b, occupancy | bit)
            }
        };
        let wk_bit = 1u64 << wk;
        let black_reach_lifted = attacks(bp, b, others & !wk_bit);
        let black_reach = attacks(bp, b, others);
        let mut piece_moves = [(0u32, 0u32, false); 3];
        let mut takes_black = [false; 3];
        let mut checking = [0u64; 3];
        for (j, &piece) in self.game.pieces.iter().enumerate() {
            let at = s.pieces[j];
            let moves = attacks(piece, at, others) & !others;
            // Pinned (with the piece lifted the black piece hits the king) unless the black
            // king stands between: then only the moves on the line count.
            let pinned = hits(bp, b, wk, others & !(1u64 << at));
            piece_moves[j] = (moves.count_ones(), (moves & king_line).count_ones(), pinned);
            takes_black[j] = hits(piece, at, b, others);
            // The squares where the black king would be attacked by this piece with the black
            // piece lifted (a check, or a pin of the black piece).
            checking[j] = attacks(piece, at, others & !bsq);
        }
        let piece_takes = takes_black.contains(&true);
        let mut exits = 0u64;
        for (bk, ((slot, count), level)) in out
            .iter_mut()
            .zip(counts.iter_mut())
            .zip(levels.iter_mut())
            .enumerate()
        {
            let bk = bk as u8;
            let bit = 1u64 << bk;
            if !black_king_fits(others, s.wk, images.as_ref(), bk) {
                *slot = None;
                continue;
            }
            // Whether the black king blocks the black piece's line to the white king.
            let shields = king_line & bit != 0;
            if s.white_to_move {
                if attacked & bit != 0 {
                    // Black, not to move, would be in check.
                    *slot = None;
                    continue;
                }
                // A safe square for the white king (taking the black piece or not) is a move.
                let steps = KING[wk as usize] & !white & !KING[bk as usize];
                let safe = steps & !recompute(black_reach_lifted, bit, others & !wk_bit);
                // White takes the black piece with its king (Black's king not guarding it) or
                // with a piece that reaches it.
                let king_takes = steps >> b & 1 != 0;
                exits |= u64::from(king_takes || piece_takes) << bk;
                // The pieces' quiet moves: with the piece lifted, a black attack on the king
                // (a check, or a pin through the piece) keeps it between the two.
                let mut quiet = (safe & !bsq).count_ones();
                for &(all, on_line, pinned) in &piece_moves[..k] {
                    quiet += if pinned && !shields { on_line } else { all };
                }
                *slot = Some(if safe != 0 || quiet > 0 || piece_takes {
                    Terminal::No
                } else if checks_white && !shields {
                    Terminal::Loss
                } else {
                    Terminal::Draw
                });
                // The moves inside reach distinct indices unless a symmetry other than the
                // identity keeps both black men in place.
                if !fixed_together(bk, b) {
                    let mut takes = [(0usize, 0u8); 8];
                    let mut n = 0;
                    if king_takes {
                        takes[n] = (0, b);
                        n += 1;
                    }
                    for (j, &takes_it) in takes_black[..k].iter().enumerate() {
                        if takes_it {
                            takes[n] = (1 + j, b);
                            n += 1;
                        }
                    }
                    (*count, *level) = self.count_with_captures(&s, bk, &takes[..n], quiet);
                }
                continue;
            }
            if checks_white && !shields {
                // White, not to move, would be in check.
                *slot = None;
                continue;
            }
            // The white pieces that attack the black king with the black piece lifted.
            let checkers = (0..k).fold(0u32, |m, j| m | u32::from(checking[j] & bit != 0) << j);
            // The king: quiet steps to unattacked squares, captures of undefended pieces.
            let steps = KING[bk as usize] & !KING[wk as usize] & !wk_bit & !bsq;
            let quiet_king = steps & !white & !attacked;
            let king_takes = (0..k).any(|j| {
                let sq = s.pieces[j];
                steps >> sq & 1 != 0 && defended[j] >> sq & 1 == 0
            });
            // The black piece: its quiet moves must block every check and stay on a pin line;
            // it may take a white piece when no other attacks the king.
            let reach = recompute(black_reach, bit, others);
            let mut quiet_piece = reach & !(others | bit);
            let mut piece_takes = false;
            for j in 0..k {
                let at = s.pieces[j];
                if checkers >> j & 1 != 0 {
                    quiet_piece &= BETWEEN[at as usize][bk as usize];
                }
                piece_takes |= reach >> at & 1 != 0 && checkers & !(1 << j) == 0;
            }
            exits |= u64::from(king_takes || piece_takes) << bk;
            let quiet = quiet_king.count_ones() + quiet_piece.count_ones();
            *slot = Some(if quiet > 0 || king_takes || piece_takes {
                Terminal::No
            } else if attacked & bit != 0 {
                Terminal::Loss
            } else {
                Terminal::Draw
            });
            // The moves inside reach distinct indices unless a symmetry other than the
            // identity keeps the white men in place.
            if !white_fixed {
                let mut takes = [(0usize, 0u8); 8];
                let mut n = 0;
                for (j, (&sq, &guard)) in s.pieces[..k].iter().zip(&defended).enumerate() {
                    if steps >> sq & 1 != 0 && guard >> sq & 1 == 0 {
                        takes[n] = (0, sq);
                        n += 1;
                    }
                    if reach >> sq & 1 != 0 && checkers & !(1 << j) == 0 {
                        takes[n] = (1, sq);
                        n += 1;
                    }
                }
                (*count, *level) = self.count_with_captures(&s, bk, &takes[..n], quiet);
            }
        }
        exits
    }

    /// Whether a symmetry of the board other than the identity keeps the white men in place
    /// (the king and every piece on one long diagonal, or identical pieces each other's image
    /// in it). Otherwise two different moves of Black reach two different canonical indices:
    /// one could only be the other's image under a symmetry keeping the white men in place.
    pub(super) fn white_fixed(self, s: &Squares) -> bool {
        let kinds = &self.game.pieces;
        let pieces = &s.pieces[..kinds.len()];
        [reflect_diagonal, reflect_anti_diagonal].iter().any(|r| {
            // Each piece lands on itself or on an identical piece's square.
            r(s.wk) == s.wk
                && pieces.iter().zip(kinds).all(|(&sq, kind)| {
                    pieces
                        .iter()
                        .zip(kinds)
                        .any(|(&other, k)| k == kind && other == r(sq))
                })
        })
    }

    /// The [`MoveSummary::count`](crate::engine::MoveSummary::count) of the position `s`
    /// with the black king on `bk`, from its `quiet` moves (distinct, inside) and its captures
    /// `takes` (mover and square), probed: "never" (`u16::MAX`) when a capture draws or wins,
    /// one more when captures lead to opponent wins; 0 (left to the engine) when there is no
    /// move at all. With it, the levels of the captures as
    /// [`Kernel::exit_levels`] gives them (`takes` are all the position's captures).
    pub(super) fn count_with_captures(
        self,
        s: &Squares,
        bk: u8,
        takes: &[(usize, u8)],
        quiet: u32,
    ) -> (u16, ExitLevels) {
        let mut at = *s;
        at.bk = bk;
        let (mut blocked, mut win_at, mut check_at) = (false, None::<u32>, None::<u32>);
        for &(mover, to) in takes {
            match self.capture_probe(&at, mover, to) {
                Verdict::Win(k) => check_at = Some(check_at.map_or(k, |c| c.max(k))),
                Verdict::Loss(k) => {
                    blocked = true;
                    win_at = Some(win_at.map_or(k + 1, |w| w.min(k + 1)));
                }
                Verdict::Draw => blocked = true,
            }
        }
        let count = if blocked {
            u16::MAX
        } else {
            (quiet + u32::from(check_at.is_some())).min(u32::from(u16::MAX) - 1) as u16
        };
        (count, Some((win_at, check_at)))
    }

    /// Whether the squares of `s` are already in the stored frame, so that moving one piece
    /// other than the white king only rewrites its field: always for the raw index; for the
    /// reduced index when the white king stands off the board's diagonals (one symmetry brings
    /// it into the triangle; for the decoded squares, the identity).
    pub(super) fn plain_frame(self, s: &Squares) -> bool {
        self.game.scheme == Scheme::Raw
            || self.game.fixed_king.is_some()
            || KING_SYMS[s.wk as usize].1 == 1
    }
}
