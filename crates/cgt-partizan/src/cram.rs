//! Cram: the impartial Domineering. Either player places a domino on two adjacent empty squares,
//! across or down; the player who cannot place one loses. Every value is a nimber.
//!
//! Boards are Domineering's ([`Board`]: rows of `.` and `#`, or `RxC`). The search splits a
//! board into its regions as Domineering's does and keys each region by the least of its eight
//! images, none of which changes the value here (no symmetry exchanges the players, who have
//! the same moves).
//!
//! Known facts the sweep checks (`sweeps`, with the feature `verify`): a `1 × n` strip is Dawson's
//! Kayles (the octal game 0.07) of `n`; a board with both sides even is 0, and one with one side
//! even and the other odd is not (Gardner's symmetry strategies: the second player answers by
//! the central image; with one odd side the first player opens in the centre and then does).
//!
//! ```
//! use cgt_partizan::cram::Cram;
//! use cgt_partizan::domineering::Board;
//! use cgt_partizan::{Arena, Evaluator};
//!
//! let mut arena = Arena::new();
//! let mut ev = Evaluator::new(Cram);
//! let strip: Board = "1x4".parse()?;
//! let v = ev.value(&mut arena, &strip)?;
//! assert_eq!(arena.display(v), "*2"); // Dawson's Kayles: G(4) = 2
//! let square: Board = "4x4".parse()?;
//! let v = ev.value(&mut arena, &square)?;
//! assert_eq!(arena.display(v), "0");
//! # Ok::<(), cgt_partizan::PartizanError>(())
//! ```

use crate::domineering::{Board, Domineering};
use crate::ruleset::{MoveText, Ruleset};
use crate::{PartizanGame, Placement, Player};

/// The rules of Cram, for an [`crate::Evaluator`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cram;

impl PartizanGame for Cram {
    type Position = Board;
    type Move = Placement;

    fn moves(&self, board: &Board, _: Player, out: &mut Vec<(Placement, Board)>) {
        for way in [Player::Left, Player::Right] {
            out.extend(
                Domineering::moves(board, way)
                    .into_iter()
                    .map(|(cells, b)| (Placement { cells }, b)),
            );
        }
    }

    fn components(&self, board: &Board, out: &mut Vec<Board>) {
        Domineering.components(board, out);
    }

    fn normalize(&self, board: &Board) -> (Board, bool) {
        // Domineering's least image; turning a board does not change a Cram value.
        (Domineering.normalize(board).0, false)
    }
}

impl Ruleset for Cram {
    type Game = Cram;
    const NAME: &'static str = "cram";
    const GAME: Cram = Cram;

    fn parse(text: &str) -> Result<Board, crate::PartizanError> {
        Board::read(text, "Cram board")
    }

    fn picture(b: &Board) -> Option<crate::picture::Picture> {
        <Domineering as Ruleset>::picture(b)
    }

    fn title(b: &Board) -> String {
        format!(
            "Cram on a {} x {} board with {} empty squares (either player places a domino \
             either way)",
            b.rows(),
            b.cols(),
            b.empty_squares()
        )
    }

    fn describe(_: &Board, m: &Placement, _: &Board, _: Player) -> MoveText {
        let [(r1, c1), (r2, c2)] = m.cells;
        MoveText::squares(
            (r1, c1),
            (r2, c2),
            format!("domino on ({},{})-({},{})", r1 + 1, c1 + 1, r2 + 1, c2 + 1),
        )
    }

    fn cells(m: &Placement) -> Vec<(usize, usize)> {
        m.cells.to_vec()
    }
}

/// The sweep of Cram's values (feature `verify`).
#[cfg(feature = "verify")]
#[must_use]
pub fn sweeps() -> Vec<cgt_core::verify::Sweep> {
    use cgt_core::verify::{Expect, Sweep};
    vec![Sweep {
        name: "partizan/cram-values",
        claim: "Cram values (regions, eight symmetries) are the nimbers a plain Grundy recursion \
                over whole boards finds, on every board inside 3 × 4 and random 4 × 4, 3 × 5 and \
                2 × 7 boards; 1 × n is Dawson's Kayles (0.07) for n ≤ 40; an even × even \
                rectangle is 0 and an even × odd one is not, up to 4 × 5",
        expect: Expect::Holds,
        run: sweep::run,
    }]
}

#[cfg(feature = "verify")]
mod sweep {
    use std::collections::HashMap;

    use cgt_core::verify::{Config, Rng, Tally, check_cases};

    use super::Cram;
    use crate::domineering::{Board, Domineering};
    use crate::{Arena, Evaluator, Player};

    /// The Grundy value of a whole board by the mex of its options, no regions or symmetry.
    fn grundy(board: Board, memo: &mut HashMap<Board, u64>) -> u64 {
        if let Some(&g) = memo.get(&board) {
            return g;
        }
        let mut seen = 0u128;
        for way in [Player::Left, Player::Right] {
            for (_, after) in Domineering::moves(&board, way) {
                seen |= 1 << grundy(after, memo).min(127);
            }
        }
        let g = u64::from((!seen).trailing_zeros());
        memo.insert(board, g);
        g
    }

    /// Dawson's Kayles (0.07): a move takes two adjacent tokens of a heap, leaving it whole,
    /// shorter, or split in two.
    fn dawson(upto: usize) -> Vec<u64> {
        let mut g = vec![0u64; upto + 1];
        for n in 2..=upto {
            let mut seen = 0u128;
            for a in 0..=(n - 2) / 2 {
                seen |= 1 << (g[a] ^ g[n - 2 - a]);
            }
            g[n] = u64::from((!seen).trailing_zeros());
        }
        g
    }

    /// Whether Cram's value of `board` is the nimber `*n` (as its canonical form: equal games
    /// are one id in an arena).
    fn is_nimber(board: &Board, n: u64) -> Result<bool, String> {
        let mut arena = Arena::new();
        let v = Evaluator::new(Cram)
            .value(&mut arena, board)
            .map_err(|e| e.to_string())?;
        Ok(v == arena.nimber(n).map_err(|e| e.to_string())?)
    }

    /// The value of `board`, shown.
    fn shown(board: &Board) -> String {
        let mut arena = Arena::new();
        match Evaluator::new(Cram).value(&mut arena, board) {
            Ok(v) => arena.display(v),
            Err(e) => e.to_string(),
        }
    }

    pub(super) fn run(config: &Config) -> Tally {
        const EXHAUSTIVE: u64 = 1 << 12; // every subset of the 3 × 4 board
        let step = config.scale.pick(37, 1, 1);
        let random = config.scale.pick(20, 400, 4_000);
        let strips = 40u64;
        let rectangles: Vec<(usize, usize)> =
            (1..=4).flat_map(|r| (1..=5).map(move |c| (r, c))).collect();
        let (subsets, fixed) = (EXHAUSTIVE / step, strips + rectangles.len() as u64);
        let kayles = dawson(strips as usize);
        check_cases(config, fixed + subsets + random, |case| {
            if case < strips {
                let n = case as usize + 1;
                let board = Board::rectangle(1, n).map_err(|e| e.to_string())?;
                return if is_nimber(&board, kayles[n])? {
                    Ok(())
                } else {
                    Err(format!(
                        "1 x {n}: Cram {} but Dawson's Kayles G({n}) = {}",
                        shown(&board),
                        kayles[n]
                    ))
                };
            }
            if case < fixed {
                let (r, c) = rectangles[(case - strips) as usize];
                let board = Board::rectangle(r, c).map_err(|e| e.to_string())?;
                let zero = is_nimber(&board, 0)?;
                return match (r % 2, c % 2, zero) {
                    (1, 1, _) | (0, 0, true) | (0, 1, false) | (1, 0, false) => Ok(()),
                    (0, 0, false) => {
                        Err(format!("{r} x {c}: both sides even but {}", shown(&board)))
                    }
                    _ => Err(format!("{r} x {c}: one side even, one odd, but 0")),
                };
            }
            let board: Board = if case < fixed + subsets {
                let m = (case - fixed) * step;
                let rows: Vec<String> = (0..3)
                    .map(|r| {
                        (0..4)
                            .map(|c| if m >> (4 * r + c) & 1 == 1 { '.' } else { '#' })
                            .collect()
                    })
                    .collect();
                rows.join("/")
                    .parse()
                    .map_err(|e: crate::PartizanError| e.to_string())?
            } else {
                let mut rng = Rng::for_case("partizan/cram-values", case);
                let (r, c) = [(4, 4), (3, 5), (2, 7)][rng.below(3) as usize];
                let rows: Vec<String> = (0..r)
                    .map(|_| {
                        (0..c)
                            .map(|_| if rng.below(5) == 0 { '#' } else { '.' })
                            .collect()
                    })
                    .collect();
                rows.join("/")
                    .parse()
                    .map_err(|e: crate::PartizanError| e.to_string())?
            };
            let plain = grundy(board, &mut HashMap::new());
            if is_nimber(&board, plain)? {
                Ok(())
            } else {
                Err(format!(
                    "{board}: Cram {} but a plain Grundy recursion gives *{plain}",
                    shown(&board)
                ))
            }
        })
    }
}
