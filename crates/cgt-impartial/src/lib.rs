//! Impartial games: both players have the same moves, and the last player to move wins (normal
//! play) unless stated otherwise.
//!
//! Every game answers the same questions — outcome (P or N), Grundy value where defined, and
//! every winning move in a form a person can play — exactly, for heap sizes up to `u64::MAX`.
//!
//! - [`nim`]: Nim (Bouton), misère Nim, Staircase Nim, Moore's Nim_k.
//! - [`wythoff`]: Wythoff's game — P-positions in exact integer arithmetic, winning moves, and
//!   the Grundy table with bitsets.
//! - [`divisor`]: the divisor game. [`stones`]: the Game of Stones with one-use removal sizes.
//! - [`graph`]: games on directed acyclic graphs with any number of tokens, from edge lists or JSON.
//! - [`loopy`]: the generalized Sprague–Grundy function on graphs with cycles (P/N/Draw).
//! - [`hackenbush`]: Green Hackenbush by the colon and fusion principles.
//! - [`sum`]: positions made of components of any of these games.
//! - [`heapgame`], [`nimseq`], [`period`]: nim-sequences of octal games, subtraction games and
//!   Grundy's game, by the naive and the rare-value algorithm, with certified periods;
//!   [`genus`]: their misère nim-sequences and Conway's genus; [`quotient`]: their misère
//!   quotients (Plambeck–Siegel) with presentation, pretending function and outcome oracle.
//!
//! It builds on the vocabulary of [`cgt_core`] (nimbers, mex, outcomes, the generic solver) and on
//! no other cgt crate.
//!
//! # Three common tasks
//!
//! Who wins a Nim position, and how:
//!
//! ```
//! use cgt_core::Outcome;
//! use cgt_impartial::nim::{nim_outcome, nim_winning_moves};
//!
//! assert_eq!(nim_outcome(&[1, 2, 3]), Outcome::P);
//! let moves = nim_winning_moves(&[3, 4, 5]);
//! assert_eq!(moves[0].to_string(), "take 2 from heap 1, leaving 1");
//! ```
//!
//! The nim-sequence of an octal game, and its certified period:
//!
//! ```
//! use std::ops::ControlFlow;
//! use cgt_impartial::heapgame::HeapGame;
//! use cgt_impartial::nimseq::{Algorithm, NimSequence};
//! use cgt_impartial::period::{certified_period, rule_for};
//!
//! let kayles = HeapGame::from_name_or_code("kayles")?;
//! let mut seq = NimSequence::new(kayles.clone(), Algorithm::Auto);
//! seq.extend_to(200, u128::MAX, |_| ControlFlow::Continue(()))?;
//! let p = certified_period(seq.values(), rule_for(&kayles)).unwrap();
//! assert_eq!((p.preperiod, p.period), (71, 12)); // Kayles: period 12 from heap 71
//! # Ok::<(), cgt_impartial::ImpartialError>(())
//! ```
//!
//! A sum of different games (Sprague–Grundy), with every winning move:
//!
//! ```
//! use cgt_impartial::loopy::LoopyValue;
//! use cgt_impartial::sum::{Component, SumComponent, SumOptions, analyse};
//!
//! let (mut nim, mut wythoff, mut divisor) =
//!     (Component::Nim(vec![3, 4]), Component::Wythoff(1, 3), Component::Divisor(12));
//! let mut parts: [&mut dyn SumComponent; 3] = [&mut nim, &mut wythoff, &mut divisor];
//! let sum = analyse(&mut parts, &SumOptions { memory_limit: u128::MAX })?;
//! assert_eq!(sum.total, LoopyValue::Finite(1)); // 7 ⊕ 4 ⊕ 2
//! assert_eq!(sum.moves.len(), 2);
//! # Ok::<(), cgt_impartial::ImpartialError>(())
//! ```
//!
//! # Feature flags
//!
//! - `checkpoint` (on by default): the `checkpoint` module, append-only checkpoints of
//!   nim-sequences in the cgt file container. Adds `serde`, `postcard`, `crc32fast` and
//!   `tempfile` through `cgt-core/container`.
//! - `serde` (off by default): `Serialize`/`Deserialize` for the moves, values, periods and
//!   game descriptions (octal codes and subtraction sets as their text, checked on the way
//!   in), and for `graph::GraphDescription`, the JSON form of a graph. Adds `serde`; the
//!   crate never depends on a JSON library itself.
//! - `verify` (off by default): the `verify` module with this crate's verification sweeps for
//!   `cargo xtask verify`. Adds `rayon` through `cgt-core/verify`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub use cgt_core;

#[cfg(feature = "checkpoint")]
pub mod checkpoint;
pub mod divisor;
mod error;
pub mod genus;
pub mod graph;
pub mod hackenbush;
pub mod heapgame;
pub mod loopy;
mod moves;
pub mod nim;
pub mod nimseq;
pub mod period;
pub mod quotient;
pub mod stones;
pub mod sum;
pub mod wythoff;

#[cfg(feature = "verify")]
pub mod verify;

pub use error::{ImpartialError, human_bytes};
pub use moves::{HeapMove, MultiHeapMove};

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use crate::graph::{Digraph, GraphDescription, grundy_values};
    use crate::heapgame::{HeapGame, OctalCode};

    #[test]
    fn values_round_trip_and_validate() {
        let game = HeapGame::from_name_or_code("0.137").unwrap();
        let text = serde_json::to_string(&game).unwrap();
        assert_eq!(serde_json::from_str::<HeapGame>(&text).unwrap(), game);
        assert_eq!(
            serde_json::to_string(&cgt_core::Nimber::new(5)).unwrap(),
            "5"
        );
        // Deserializing runs the same checks as parsing.
        assert!(serde_json::from_str::<OctalCode>("\"0.g7\"").is_err());
        assert_eq!(
            serde_json::from_str::<OctalCode>("\"0.77\"").unwrap(),
            "0.77".parse().unwrap()
        );
    }

    #[test]
    fn graph_json_through_deserialize() {
        let d: GraphDescription =
            serde_json::from_str(r#"{"edges": [["a","b"],["b",3]], "vertices": ["a","b",3,"d"]}"#)
                .unwrap();
        let g = Digraph::from_description(d).unwrap();
        assert_eq!(grundy_values(&g).unwrap(), [0, 1, 0, 0]);
        assert!(serde_json::from_str::<GraphDescription>(r#"{"edges": [["a"]]}"#).is_err());
        assert!(serde_json::from_str::<GraphDescription>(r#"{"edges": [], "x": 1}"#).is_err());
    }
}
