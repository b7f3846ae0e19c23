//! What every front end needs to know of a ruleset, written once beside its rules: its name and
//! title, how a position is read, shown and introduced, and how a move is told in words.
//!
//! A ruleset is a unit type implementing [`Ruleset`]; its [`Ruleset::Game`] is the
//! [`PartizanGame`] the search plays. The front ends (the `cgt` command, the playground, the
//! Python package) expand the list [`crate::for_each_ruleset`] (in the crate root) and ask only
//! this trait, so a new ruleset is its module and one line there.
//!
//! ```
//! use cgt_partizan::ruleset::{Place, Ruleset};
//! use cgt_partizan::konane::Konane;
//! use cgt_partizan::{PartizanGame, Player};
//!
//! let board = Konane::parse("xo.")?;
//! assert_eq!(Konane::NAME, "konane");
//! let mut moves = Vec::new();
//! Konane::GAME.moves(&board, Player::Left, &mut moves);
//! let (m, after) = &moves[0];
//! let told = Konane::describe(&board, m, after, Player::Left);
//! assert_eq!(told.text, "(1,1) jumps to (1,3)");
//! assert_eq!(told.from, Some(Place::Square(0, 0)));
//! # Ok::<(), cgt_partizan::PartizanError>(())
//! ```

use core::fmt;
use core::hash::Hash;
use core::str::FromStr;

use crate::picture::Picture;
use crate::{PartizanError, PartizanGame, Player};

/// Where a move starts or ends, 0-based: a square of a board, a cell of a row, a vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// Row and column of a board.
    Square(usize, usize),
    /// A cell of a row.
    Cell(usize),
    /// A vertex by name.
    Vertex(String),
}

/// A move told for people: where it starts and ends (when it has such places) and in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// Where the moving piece stood, or what was split.
    pub from: Option<Place>,
    /// Where it went, or what was placed or coloured.
    pub to: Option<Place>,
    /// The move in words (`(1,1) jumps to (1,3)`).
    pub text: String,
}

impl MoveText {
    /// A move from one square to another, told as `text`.
    #[must_use]
    pub fn squares(from: (usize, usize), to: (usize, usize), text: String) -> MoveText {
        MoveText {
            from: Some(Place::Square(from.0, from.1)),
            to: Some(Place::Square(to.0, to.1)),
            text,
        }
    }
}

/// The rulesets' position type: what [`Ruleset::parse`] reads.
pub type PositionOf<R> = <<R as Ruleset>::Game as PartizanGame>::Position;
/// The rulesets' move type.
pub type MoveOf<R> = <<R as Ruleset>::Game as PartizanGame>::Move;

/// A partizan ruleset as the front ends show it. Its texts for people (title, rules, notation,
/// example position) are kept by the front ends' registry, `cgt-report`, under
/// [`Ruleset::NAME`], one file per language.
pub trait Ruleset: 'static {
    /// The game the search plays. Its positions are written as [`Ruleset::show`] writes them
    /// and read back by `FromStr`; its moves say whether they have words
    /// ([`cgt_core::said::Worded`]).
    type Game: PartizanGame<
            Position: FromStr<Err = PartizanError>
                          + fmt::Display
                          + fmt::Debug
                          + Clone
                          + Eq
                          + Hash
                          + Send
                          + Sync
                          + 'static,
            Move: cgt_core::said::Worded,
        > + Clone
        + Send
        + Sync
        + 'static;

    /// The name of its command and page: `konane`, `toads-frogs`.
    const NAME: &'static str;

    /// The game.
    const GAME: Self::Game;

    /// Reads a position (by default, as `FromStr` reads it).
    ///
    /// # Errors
    /// Text that is not a position of this ruleset ([`PartizanError::Parse`]) or one too large
    /// ([`PartizanError::TooLarge`]).
    fn parse(text: &str) -> Result<PositionOf<Self>, PartizanError> {
        text.parse()
    }

    /// The position as it is written (what [`Ruleset::parse`] reads back; by default its
    /// `Display`).
    fn show(position: &PositionOf<Self>) -> String {
        position.to_string()
    }

    /// The first line of a report: the position in words, with the players' pieces.
    fn title(position: &PositionOf<Self>) -> String;

    /// A move of `player` from `before` to `after`, told for people.
    fn describe(
        before: &PositionOf<Self>,
        mv: &MoveOf<Self>,
        after: &PositionOf<Self>,
        player: Player,
    ) -> MoveText;

    /// The squares (row, column) of the board a move touches, so that a page can pick a move
    /// from the squares clicked (none for a ruleset without a board of squares).
    fn cells(mv: &MoveOf<Self>) -> Vec<(usize, usize)> {
        let _ = mv;
        Vec::new()
    }

    /// The position as squares to draw (none for a position shown only as text: Cutcake's
    /// cakes, partizan subtraction's heaps).
    fn picture(position: &PositionOf<Self>) -> Option<Picture> {
        let _ = position;
        None
    }
}
