//! Retrograde analysis: solving every position of a finite game at once, backwards from the
//! terminal positions (Shen, *Programming: theorems and problems*, 11.5).
//!
//! - [`engine`]: the engine over densely indexed positions ([`engine::RetroGame`]), with bit
//!   vectors per state and a distance per position; parallel and deterministic.
//! - [`graph`]: arbitrary finite game graphs with cycles, from a file.
//! - `cluster` (feature `distributed`): the engine on several processes and machines, over
//!   timely dataflow; the table is the one-process table.
//! - [`chess`]: pawnless endgames against a lone king, with symmetry reduction, FEN and SAN.
//! - [`chess::tables`]: endgame tables — statistics in both counting conventions, probing with the
//!   principal variation, and files with header and checksum.
//!
//! It builds on [`cgt_core`] (the [`cgt_core::Verdict`] type) and on no other cgt crate.
//!
//! # Three common tasks
//!
//! Solving a game graph with cycles, backwards from its ends:
//!
//! ```
//! use cgt_core::Verdict;
//! use cgt_retro::engine::solve;
//! use cgt_retro::graph::GameGraph;
//!
//! // a -> b -> c (c has no move: the side to move there loses); d <-> e loop forever.
//! let g = GameGraph::parse("a b\nb c\nd e\ne d\n")?;
//! let table = solve(&g, u128::MAX)?;
//! assert_eq!(table.verdict(0), Some(Verdict::Loss(2)));
//! assert_eq!(table.verdict(1), Some(Verdict::Win(1)));
//! assert_eq!(table.verdict(3), Some(Verdict::Draw));
//! assert_eq!(g.best_move(&table, 1), Some(2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Building a chess endgame table and probing it:
//!
//! ```
//! use cgt_core::Verdict;
//! use cgt_retro::chess::{Endgame, Scheme};
//! use cgt_retro::chess::tables::EndgameTable;
//!
//! let table = EndgameTable::build(Endgame::parse("kqk", Scheme::Reduced, None)?, u128::MAX)?;
//! let pos = table.endgame().parse_fen("8/8/8/3k4/8/8/8/KQ6 w - - 0 1")?;
//! assert!(matches!(table.probe(&pos), Some(Verdict::Win(_))));
//! let line = table.principal_variation(&pos, 100);
//! assert_eq!(line.last().unwrap().check, Some('#')); // the line ends in mate
//! assert!(line.iter().all(|san| san.to_string().parse() == Ok(*san)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Writing a table once and probing the file in place:
//!
//! ```
//! use cgt_retro::chess::{Endgame, Scheme};
//! use cgt_retro::chess::tables::{EndgameTable, TableFile};
//!
//! let path = std::env::temp_dir().join(format!("cgt-doc-front-{}.cgtb", std::process::id()));
//! EndgameTable::build(Endgame::parse("krk", Scheme::Reduced, None)?, u128::MAX)?.write(&path)?;
//! let file = TableFile::open(&path)?;
//! let pos = file.endgame().parse_fen("7k/8/8/8/8/8/8/KR6 w - - 0 1")?;
//! assert!(file.probe(&pos)?.is_some());
//! # std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde` (off by default): `Serialize`/`Deserialize` for `engine::Terminal`,
//!   `chess::Scheme` and `chess::tables::SideStats`. Adds `serde`.
//! - `distributed` (off by default): the `cluster` module, the engine on several processes
//!   and machines over timely dataflow. Adds `timely`.
//! - `verify` (off by default): the `verify` module with this crate's verification sweeps for
//!   `cargo xtask verify`. Adds `rayon` through `cgt-core/verify`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub use cgt_core;

pub mod chess;
#[cfg(feature = "distributed")]
pub mod cluster;
pub mod engine;
pub mod graph;

#[cfg(feature = "verify")]
pub mod verify;

#[cfg(feature = "verify")]
mod fuzz;

/// Why a game graph was refused (from a file or from edges).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GraphError {
    /// A line of the file is not `u v` or `terminal v win|loss|draw`.
    Line {
        /// 1-based line number.
        line: usize,
        /// The line's text (without its comment).
        text: String,
    },
    /// A `terminal` line names a result other than win, loss or draw.
    UnknownResult {
        /// 1-based line number.
        line: usize,
        /// The word given.
        result: String,
    },
    /// The file names no vertex.
    Empty,
    /// An edge or terminal names a vertex number outside the graph.
    VertexOutOfRange {
        /// The vertex number.
        vertex: usize,
        /// How many vertices the graph has.
        vertices: usize,
    },
    /// A vertex with moves is also declared terminal.
    TerminalWithMoves {
        /// The vertex's name.
        vertex: String,
    },
    /// A vertex has more distinct moves than the engine's 16-bit counters hold.
    TooManyMoves {
        /// The vertex's name.
        vertex: String,
        /// Its distinct moves.
        moves: usize,
    },
}

impl core::fmt::Display for GraphError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            GraphError::Line { line, text } => write!(
                f,
                "line {line}: expected `u v` or `terminal v win|loss|draw`, found {text:?}"
            ),
            GraphError::UnknownResult { line, result } => write!(
                f,
                "line {line}: unknown result {result:?} (win, loss or draw)"
            ),
            GraphError::Empty => f.write_str("the graph has no vertices"),
            GraphError::VertexOutOfRange { vertex, vertices } => write!(
                f,
                "vertex {vertex} is out of range (the graph has {vertices} vertices)"
            ),
            GraphError::TerminalWithMoves { vertex } => {
                write!(f, "vertex {vertex:?} has moves, so it cannot be terminal")
            }
            GraphError::TooManyMoves { vertex, moves } => write!(
                f,
                "vertex {vertex:?} has {moves} distinct moves; the engine counts at most {}",
                engine::MAX_MOVES
            ),
        }
    }
}

impl std::error::Error for GraphError {}
