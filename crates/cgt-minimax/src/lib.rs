//! Game-tree search for two-player zero-sum games of perfect information (Shen, *Programming:
//! theorems and problems*, chapter 11).
//!
//! - [`tree`]: explicit value trees (max, min and final vertices) with a text format, random
//!   uniform trees and complete binary AND-OR trees.
//! - [`robot`]: Shen's Robot, a cursor over a tree that counts the payoffs it reads.
//! - [`eval`]: full traversal (recursive and with an explicit stack) and alpha-beta as the
//!   reduced cost `clamp(value, a, b)`, fail-hard and fail-soft.
//!
//! - [`threshold`]: Zermelo's theorem from its two-outcome case — the value as the largest
//!   threshold the first player forces.
//!
//! - `chance` (feature `chance`): chance vertices — expectiminimax with Star1 cuts — and the
//!   dice game Pig solved exactly.
//!
//! - [`andor`]: the AND-OR laboratory — fewest, fixed-order and exact expected leaf counts,
//!   the worst expected count per height, and the adversary.
//!
//! - [`engine`]: negamax alpha-beta for any [`engine::Game`] with a fixed-size transposition
//!   table storing bound types, MTD(f), iterative deepening, ordering and symmetry hooks;
//!   results never depend on the table size or thread count.
//! - [`mnk`]: m,n,k-games (tic-tac-toe is 3,3,3) and exact tree counts; [`connect4`]:
//!   Connect-Four on any board; [`bridgit`]: Gale's game with Gross's pairing strategy and
//!   Shannon's resistor player; [`cycle`]: the cycle game on the grid and the second player's
//!   pairing (11.2.10).
//!
//! It builds on [`cgt_core`] and on no other cgt crate. The repository's docs/minimax.md has
//! the results and the Bridg-it analysis.
//!
//! # Three common tasks
//!
//! The value of a game tree, and how much alpha-beta saves:
//!
//! ```
//! use cgt_minimax::eval::reduced_value;
//! use cgt_minimax::robot::TreeRobot;
//! use cgt_minimax::tree::Tree;
//!
//! let t = Tree::parse("(max (min 3 5) (min 2 9))")?;
//! assert_eq!(t.value(), 3);
//! let mut robot = TreeRobot::new(&t);
//! assert_eq!(reduced_value(&mut robot, 0, 10), Some(3));
//! assert_eq!(robot.reads(), 3); // 9 is never read
//! # Ok::<(), cgt_minimax::tree::TreeError>(())
//! ```
//!
//! Solving a board game position and listing its best moves:
//!
//! ```
//! use cgt_minimax::connect4::{Column, Connect4};
//! use cgt_minimax::engine::{Options, Solver};
//!
//! let pos = Connect4::new(4, 4)?.play_str("112233")?;
//! let (score, best) = Solver::new(Options::default()).best_moves(&pos);
//! assert!(score > 0);
//! assert_eq!(best, [Column(3)]); // column 4 wins at once
//! assert_eq!(best[0].to_string(), "4");
//! # Ok::<(), cgt_minimax::BoardError>(())
//! ```
//!
//! Playing with a named strategy (Bridg-it):
//!
//! ```
//! use cgt_minimax::bridgit::{Bridgit, Player, Policy};
//!
//! let board = Bridgit::new(4)?;
//! Policy::Pairing.check(&board, Player::Left).unwrap();
//! let slot = Policy::Pairing.choose(&board).unwrap();
//! assert!(board.play_all(&[slot]).is_ok());
//! # Ok::<(), cgt_minimax::BoardError>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde` (off by default): `Serialize`/`Deserialize` for `tree::Kind` and
//!   `bridgit::Player`. Adds `serde`.
//! - `chance` (off by default): the `chance` module, exact rationals. Adds `num-bigint`,
//!   `num-rational` and `num-traits`.
//! - `verify` (off by default): the `verify` module with this crate's verification sweeps for
//!   `cargo xtask verify`. Adds `rayon` through `cgt-core/verify`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub use cgt_core;

/// Why a board, a move or a move string was refused (m,n,k-games, Connect-Four, Bridg-it).
/// Moves are numbered from 1 in the order given; `token` is the rejected move as written
/// (a cell or slot number, or a column character).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// The board's dimensions are outside what the game supports.
    UnsupportedBoard {
        /// The game (`"m,n,k"`, `"Connect-Four"`, `"Bridg-it"`).
        game: &'static str,
        /// Columns (or n for Bridg-it).
        width: u8,
        /// Rows (equal to `width` for Bridg-it).
        height: u8,
        /// The supported range, in words.
        supported: &'static str,
    },
    /// The winning-line length k of an m,n,k-game makes no game.
    LineLength {
        /// The rejected k.
        k: u8,
        /// Columns.
        m: u8,
        /// Rows.
        n: u8,
    },
    /// A move names no cell, column or slot of the board.
    OffBoard {
        /// 1-based number of the move.
        move_number: usize,
        /// The move as written.
        token: String,
        /// The moves that exist, in words (`"1 to 7"`).
        range: String,
    },
    /// A move into an occupied cell, a full column or a claimed slot.
    Occupied {
        /// 1-based number of the move.
        move_number: usize,
        /// The move as written.
        token: String,
    },
    /// A move after the game ended.
    GameOver {
        /// 1-based number of the move.
        move_number: usize,
        /// The move as written.
        token: String,
    },
}

/// A move's text that names no move of its kind (a column, a cell, a slot).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text as written.
    pub text: String,
    /// What a move is written as (`"a column number from 1 to 9"`).
    pub expected: &'static str,
}

impl core::fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:?} is not {}", self.text, self.expected)
    }
}

impl std::error::Error for ParseMoveError {}

/// A board index numbered from 1 in text (a column, a cell): `1..=max` read as `0..max`.
pub(crate) fn read_one_based(
    s: &str,
    max: u8,
    expected: &'static str,
) -> Result<u8, ParseMoveError> {
    match s.trim().parse::<u8>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n - 1),
        _ => Err(ParseMoveError {
            text: s.to_owned(),
            expected,
        }),
    }
}

impl core::fmt::Display for BoardError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BoardError::UnsupportedBoard {
                game,
                width,
                height,
                supported,
            } => write!(
                f,
                "a {width}x{height} {game} board is not supported ({supported})"
            ),
            BoardError::LineLength { k: 0, .. } => {
                f.write_str("k = 0 makes no game: k is the length of a winning line, at least 1")
            }
            BoardError::LineLength { k, m, n } => {
                write!(f, "k = {k} is larger than both sides of the {m}x{n} board")
            }
            BoardError::OffBoard {
                move_number,
                token,
                range,
            } => write!(
                f,
                "move {move_number} ({token:?}): not on the board ({range})"
            ),
            BoardError::Occupied { move_number, token } => write!(
                f,
                "move {move_number} ({token:?}): already taken (or the column is full)"
            ),
            BoardError::GameOver { move_number, token } => write!(
                f,
                "move {move_number} ({token:?}) comes after the game ended"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

pub mod andor;
pub mod bridgit;
#[cfg(feature = "chance")]
pub mod chance;
pub mod connect4;
pub mod cycle;
pub mod engine;
pub mod eval;
#[cfg(feature = "chance")]
pub mod hidden;
#[cfg(feature = "chance")]
mod lp;
#[cfg(feature = "chance")]
pub mod matrix;
pub mod mnk;
pub mod robot;
pub mod threshold;
pub mod tree;

#[cfg(feature = "verify")]
pub mod verify;

#[cfg(feature = "verify")]
mod fuzz;
