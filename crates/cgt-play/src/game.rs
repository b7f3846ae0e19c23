//! What a session needs to know about a game: the [`Playable`] trait, the [`Value`] of a
//! position for the side to move, and [`PlayError`].

use core::cmp::Ordering;
use core::fmt;

use cgt_core::said::{Said, Word};
use cgt_core::{Verdict, Wdl};

/// The value of a position for the player to move: a win or a loss (games valued by their
/// outcome), or a [`Verdict`] with the plies to the end (games with distances and draws, such
/// as chess endgames against a table).
///
/// Values are ordered by the preference of the player to move (as [`Verdict`]s are); compare
/// only values of the same game.
///
/// ```
/// use cgt_core::{Verdict, Wdl};
/// use cgt_play::Value;
///
/// assert!(Value::Outcome(Wdl::Win) > Value::Outcome(Wdl::Loss));
/// assert_eq!(Value::Verdict(Verdict::Loss(0)).parent(), Value::Verdict(Verdict::Win(1)));
/// assert_eq!(Value::Outcome(Wdl::Loss).parent(), Value::Outcome(Wdl::Win));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Win or loss without a distance (`Wdl::Draw` for a loopy draw).
    Outcome(Wdl),
    /// Win or loss in so many plies, or a draw.
    Verdict(Verdict),
}

impl Value {
    /// The value, for the player who moved, of a move into a position of value `self`.
    #[must_use]
    pub fn parent(self) -> Value {
        match self {
            Value::Outcome(w) => Value::Outcome(w.flip()),
            Value::Verdict(v) => Value::Verdict(v.parent()),
        }
    }

    /// The value as a message (`value-win-in` with its plies), which the front ends word in
    /// their language; in English it is what `Display` writes.
    #[must_use]
    pub fn said(self) -> Said {
        match self {
            Value::Outcome(Wdl::Win) => Said::new("value-win"),
            Value::Outcome(Wdl::Loss) => Said::new("value-loss"),
            Value::Outcome(Wdl::Draw) => Said::new("value-draw"),
            Value::Verdict(v) => v.said(),
        }
    }

    /// Win, draw or loss without the distance.
    #[must_use]
    pub fn wdl(self) -> Wdl {
        match self {
            Value::Outcome(w) => w,
            Value::Verdict(v) => v.wdl(),
        }
    }

    fn rank(self) -> (i8, i64) {
        let wdl = |w: Wdl| match w {
            Wdl::Win => 2,
            Wdl::Draw => 1,
            Wdl::Loss => 0,
        };
        match self {
            Value::Outcome(w) => (wdl(w), 0),
            Value::Verdict(v) => (
                wdl(v.wdl()),
                match v {
                    Verdict::Win(d) => -i64::from(d),
                    Verdict::Draw => 0,
                    Verdict::Loss(d) => i64::from(d),
                },
            ),
        }
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Value {
    /// `win`, `loss`, or the verdict in words (`win in 3 plies`, `draw`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Outcome(w) => write!(f, "{w}"),
            Value::Verdict(v) => f.write_str(&v.words()),
        }
    }
}

/// Why a session cannot go on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlayError {
    /// A typed move that is not legal or not understood; the session is unchanged and the
    /// player may try again.
    Rejected(String),
    /// The game or position cannot be played: too large to list every move, not in the table,
    /// or a search reached its limit. Bad input, in a front end's terms.
    Refused(String),
    /// Something outside the game failed (a table file could not be read).
    Failed(String),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Rejected(m) | PlayError::Refused(m) | PlayError::Failed(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game a person can play against the program: its positions drawn as text, its legal moves
/// (typed, each with the position after it), the value of a position, and how a move is typed.
///
/// Most games only say how to value a position ([`Playable::value`]); the program then plays
/// the first of the best moves and the hint lists them. Games searched by an engine (Connect-
/// Four, m,n,k, Bridg-it) override [`Playable::program_move`] and [`Playable::hint`] instead.
pub trait Playable {
    /// A position.
    type Position: Clone;
    /// A move; its `Display` is what the program prints when it plays it.
    type Move: Clone + fmt::Display;

    /// The position drawn for people (ending in a newline).
    fn render(&self, p: &Self::Position) -> String;

    /// The position as a message, where its drawing has words in it (`heap 1: 3, heap 2: 4`,
    /// `Left to move`): what [`Playable::render`] says in English, without the last newline,
    /// for a front end to word in its language. By default none: the drawing has no words.
    fn position_said(&self, p: &Self::Position) -> Option<Said> {
        let _ = p;
        None
    }

    /// A move as a message for a front end to word in its language (what the move's English
    /// `Display` says), where the game has one; by default none, and the `Display` is shown.
    fn said(&self, mv: &Self::Move) -> Option<cgt_core::said::Said> {
        let _ = mv;
        None
    }

    /// Every legal move, each with the position after it, in a fixed order.
    fn moves(&self, p: &Self::Position) -> Vec<(Self::Move, Self::Position)>;

    /// The value of `p` for the player to move, or `None` where the game gives no exact value
    /// (positions too large for an exact search).
    ///
    /// # Errors
    /// [`PlayError::Refused`] or [`PlayError::Failed`] when the value cannot be found.
    fn value(&mut self, p: &Self::Position) -> Result<Option<Value>, PlayError>;

    /// How the game ended at `p`, or `None` while it goes on. By default it ends when the
    /// player to move (the human when `human_to_move`) has no move.
    ///
    /// # Errors
    /// As [`Playable::value`].
    fn over(&mut self, p: &Self::Position, human_to_move: bool) -> Result<Option<Said>, PlayError> {
        if !self.moves(p).is_empty() {
            return Ok(None);
        }
        Ok(Some(no_move_ending(human_to_move, self.misere())))
    }

    /// The program's move at `p` (`None` when it has none): by default the first of the best
    /// moves by [`Playable::value`].
    ///
    /// # Errors
    /// As [`Playable::value`].
    fn program_move(&mut self, p: &Self::Position) -> Result<Option<Step<Self>>, PlayError> {
        let (_, best) = best_moves(self, p)?;
        Ok(best.into_iter().next())
    }

    /// The hint for the player to move: by default the best moves by [`Playable::value`].
    ///
    /// # Errors
    /// As [`Playable::value`].
    fn hint(&mut self, p: &Self::Position) -> Result<Said, PlayError> {
        let (value, best) = best_moves(self, p)?;
        let moves: Vec<Word> = best.iter().map(|(m, _)| self.move_word(m)).collect();
        Ok(match value {
            Some(Value::Verdict(Verdict::Draw)) => Said::new("hint-best-draw").list("moves", moves),
            Some(v @ Value::Verdict(_)) => Said::new("hint-best")
                .said("value", v.said())
                .list("moves", moves),
            Some(Value::Outcome(Wdl::Win)) => Said::new("hint-winning").list("moves", moves),
            _ => Said::new("hint-no-win"),
        })
    }

    /// A move as an argument of a message: its [`Playable::said`] where the game words it,
    /// else its `Display`.
    fn move_word(&self, mv: &Self::Move) -> Word {
        self.said(mv)
            .map_or_else(|| Word::Text(mv.to_string()), Word::from)
    }

    /// Reads a move typed by a person at `p`: the move and the position after it, or why not.
    ///
    /// # Errors
    /// The reason the text is not a legal move, in words.
    fn parse(&self, p: &Self::Position, text: &str)
    -> Result<(Self::Move, Self::Position), String>;

    /// How to type a move, for a greeting (`syntax-nim`: the front ends word it).
    fn syntax(&self) -> Said;

    /// Misère play: the player who moves last loses (default: normal play).
    fn misere(&self) -> bool {
        false
    }

    /// The remoteness of each of `ps` for the player to move (win or lose in so many plies
    /// with best play), where this game can find it — by default none. The impartial games
    /// search it for small positions, the options of one position in one search
    /// ([`crate::remoteness::each`]); front ends show it beside a move's win or loss.
    fn remoteness(&self, ps: &[&Self::Position]) -> Vec<Option<Verdict>> {
        vec![None; ps.len()]
    }

    /// What the theory says of `p` in a few words, for a front end to show beside the
    /// position — its Grundy value, its canonical form — or `None` (the default).
    ///
    /// # Errors
    /// As [`Playable::value`].
    fn describe(&mut self, p: &Self::Position) -> Result<Option<Said>, PlayError> {
        let _ = p;
        Ok(None)
    }
}

/// The words for a game that ends because the player to move has no move.
#[must_use]
pub fn no_move_ending(human_to_move: bool, misere: bool) -> Said {
    Said::new(match (human_to_move, misere) {
        (true, false) => "over-you-cannot-move",
        (true, true) => "over-you-cannot-move-misere",
        (false, false) => "over-program-cannot-move",
        (false, true) => "over-program-cannot-move-misere",
    })
}

/// A move with the position after it.
pub type Step<G> = (<G as Playable>::Move, <G as Playable>::Position);

/// Moves, each with the position after it.
pub type Moves<G> = Vec<(<G as Playable>::Move, <G as Playable>::Position)>;

/// The moves from `p` best for the player to move, in the game's order, and their value for
/// that player (`None` when the game values no position there, or there is no move).
///
/// # Errors
/// As [`Playable::value`].
pub fn best_moves<G: Playable + ?Sized>(
    game: &mut G,
    p: &G::Position,
) -> Result<(Option<Value>, Moves<G>), PlayError> {
    let mut best: Option<Value> = None;
    let mut chosen = Vec::new();
    for (m, after) in game.moves(p) {
        let v = game.value(&after)?.map(Value::parent);
        match (v, best) {
            (Some(v), Some(b)) if v < b => continue,
            (Some(v), Some(b)) if v > b => chosen.clear(),
            (Some(_), None) => chosen.clear(),
            (None, Some(_)) => continue,
            _ => {}
        }
        if v.is_some() {
            best = v;
        }
        chosen.push((m, after));
    }
    Ok((best, chosen))
}
