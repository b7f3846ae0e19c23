//! Play sessions against a perfect player, for every game the cgt libraries solve: a session
//! is a state machine with no input or output of its own, so the terminal loop of the `cgt`
//! command, a web page and a notebook drive the same code.
//!
//! - [`Playable`]: what a session needs of a game — its positions drawn as text, its legal
//!   moves (typed, each with the position after it), the [`Value`] of a position for the
//!   player to move, how a move is typed — with defaults for the program's move (the first of
//!   the best moves), the hint and the end of the game.
//! - [`Session`]: one game of a person against the program: the position, the legal moves
//!   with their values ([`Session::valued_moves`]), [`Session::play`] (the person's move and
//!   the program's [`Reply`]), [`Session::hint`], [`Session::undo`], [`Session::over`].
//! - [`AnySession`]: a session of any game behind one trait, moves as text, for front ends
//!   that hold sessions of many games (a notebook, the web playground).
//! - [`games`]: Nim and misère Nim, heap games (octal, subtraction, Grundy's game, normal or
//!   misère), Wythoff, Staircase Nim, the divisor game, tokens on a graph, Green Hackenbush,
//!   chess endgames against a table file, Connect-Four, m,n,k, Bridg-it and scripted games.
//!
//! ```
//! use cgt_core::{Verdict, Wdl};
//! use cgt_play::games::Wythoff;
//! use cgt_play::{Reply, Session, Value};
//!
//! let mut session = Session::new(Wythoff, (3, 5));
//! // (3, 5) is a P-position: every move loses, the game lasting 4 plies with best play.
//! assert_eq!(session.value()?, Some(Value::Verdict(Verdict::Loss(4))));
//! let moves = session.valued_moves()?;
//! assert!(moves.iter().all(|m| m.value.map(Value::wdl) == Some(Wdl::Loss)));
//! // Take 1 from heap 2; the program answers with a move back to a P-position.
//! let turn = session.play("2 1")?;
//! assert_eq!(turn.played.to_string(), "take 1 from heap 2");
//! let Reply::Moved(answer) = turn.reply else { panic!("the program should answer") };
//! assert_eq!(session.value()?.map(Value::wdl), Some(Wdl::Loss), "after {answer}");
//! # Ok::<(), cgt_play::PlayError>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod dynamic;
mod game;
pub mod games;
pub mod remoteness;
mod session;

pub use dynamic::AnySession;
pub use game::{Moves, PlayError, Playable, Step, Value, best_moves, no_move_ending};
pub use session::{Reply, Session, Turn, ValuedMove};
