//! Partizan rulesets played against the program: every ruleset of
//! [`cgt_partizan::for_each_ruleset`], and Blue-Red-Green Hackenbush. The person plays the side to move at the start, the program
//! the other; a position's value comes from its canonical form (Left wins moving first when
//! the game is positive or fuzzy, Right when it is negative or fuzzy).

use core::fmt;

use cgt_core::OutcomeClass;
use cgt_core::budget::Budget;
use cgt_partizan::hackenbush::{Edges, Picture};
use cgt_partizan::{Arena, Evaluator, GameId, PartizanError, PartizanGame, Player};

use crate::game::{PlayError, Playable, Value};
use crate::games::won;

/// A partizan ruleset whose positions can be drawn as text for play.
pub trait Drawn: PartizanGame {
    /// The position drawn for people (without the side to move).
    fn draw(&self, p: &Self::Position) -> String;
}

/// Every ruleset's game draws its positions as the ruleset writes them.
macro_rules! drawn_by_display {
    ($($game:path => [$($ruleset:path),*]),* $(,)?) => {$(
        impl Drawn for $game {
            fn draw(&self, p: &Self::Position) -> String {
                format!("{p}\n")
            }
        }
    )*};
}

cgt_partizan::for_each_ruleset!(drawn_by_display);

impl Drawn for Picture {
    /// The standing edges, numbered as in the picture's file (a move names its edge number).
    fn draw(&self, p: &Edges) -> String {
        let name = |v: u32| self.name(v).unwrap_or("?").to_owned();
        let standing: Vec<String> = self
            .edges()
            .iter()
            .enumerate()
            .filter(|&(e, _)| p >> e & 1 == 1)
            .map(|(e, &(a, b, c))| format!("edge {}: {}-{} {}", e + 1, name(a), name(b), c.name()))
            .collect();
        if standing.is_empty() {
            "no edges standing\n".to_owned()
        } else {
            format!("{}\n", standing.join("\n"))
        }
    }
}

impl<G: Drawn + ?Sized> Drawn for std::sync::Arc<G> {
    fn draw(&self, p: &Self::Position) -> String {
        (**self).draw(p)
    }
}

/// A position with the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turned<P> {
    /// The position.
    pub position: P,
    /// Who moves next.
    pub to_move: Player,
}

/// A move of one side, as the ruleset names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sided<M> {
    /// The move.
    pub mv: M,
    /// Who makes it.
    pub by: Player,
}

impl<M: fmt::Display> fmt::Display for Sided<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.mv)
    }
}

/// A partizan ruleset against the program, valued by canonical forms within a budget.
///
/// ```
/// use cgt_core::Wdl;
/// use cgt_core::budget::Budget;
/// use cgt_partizan::Player;
/// use cgt_partizan::domineering::{Board, Domineering};
/// use cgt_play::games::{Partizan, Turned};
/// use cgt_play::{Session, Value};
///
/// let board: Board = "./.".parse().unwrap(); // one vertical domino's room: value 1
/// let start = Turned { position: board, to_move: Player::Right };
/// let mut s = Session::new(Partizan::new(Domineering, Budget::unlimited()), start);
/// // 1 is positive: Right, to move, has no move and loses.
/// assert_eq!(s.value()?, Some(Value::Outcome(Wdl::Loss)));
/// # Ok::<(), cgt_play::PlayError>(())
/// ```
pub struct Partizan<G: PartizanGame> {
    evaluator: Evaluator<G>,
    arena: Arena,
}

impl<G: PartizanGame> fmt::Debug for Partizan<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Partizan")
            .field("cached", &self.evaluator.cached())
            .finish_non_exhaustive()
    }
}

impl<G: PartizanGame> Partizan<G> {
    /// Plays `game`, every search within `budget`.
    #[must_use]
    pub fn new(game: G, budget: Budget) -> Partizan<G> {
        Partizan {
            evaluator: Evaluator::new(game).with_limits(budget),
            arena: Arena::new(),
        }
    }

    /// The canonical value of `p` (from Left's side), written in the standard notation.
    ///
    /// # Errors
    /// [`PlayError::Refused`] when the search passes its budget.
    pub fn value_text(&mut self, p: &G::Position) -> Result<String, PlayError> {
        let g = self.canonical(p)?;
        Ok(self.arena.display(g))
    }

    fn canonical(&mut self, p: &G::Position) -> Result<GameId, PlayError> {
        self.evaluator
            .value(&mut self.arena, p)
            .map_err(|e: PartizanError| PlayError::Refused(e.to_string()))
    }
}

fn side(p: Player) -> &'static str {
    match p {
        Player::Left => "Left",
        Player::Right => "Right",
    }
}

impl<G: Drawn> Playable for Partizan<G>
where
    G::Move: PartialEq + cgt_core::said::Worded,
{
    type Position = Turned<G::Position>;
    type Move = Sided<G::Move>;

    fn render(&self, p: &Self::Position) -> String {
        format!(
            "{}{} to move\n",
            self.evaluator.game().draw(&p.position),
            side(p.to_move)
        )
    }

    fn position_said(&self, p: &Self::Position) -> Option<cgt_core::said::Said> {
        let side = match p.to_move {
            Player::Left => "left",
            Player::Right => "right",
        };
        let board = self.evaluator.game().draw(&p.position);
        Some(
            cgt_core::said::Said::new("position-to-move")
                .text("board", board)
                .text("side", side),
        )
    }

    fn said(&self, mv: &Self::Move) -> Option<cgt_core::said::Said> {
        cgt_core::said::Worded::said(&mv.mv)
    }

    fn moves(&self, p: &Self::Position) -> Vec<(Self::Move, Self::Position)> {
        let mut out = Vec::new();
        self.evaluator
            .game()
            .moves(&p.position, p.to_move, &mut out);
        out.into_iter()
            .map(|(mv, after)| {
                (
                    Sided { mv, by: p.to_move },
                    Turned {
                        position: after,
                        to_move: p.to_move.other(),
                    },
                )
            })
            .collect()
    }

    fn value(&mut self, p: &Self::Position) -> Result<Option<Value>, PlayError> {
        let g = self.canonical(&p.position)?;
        let wins = matches!(
            (self.arena.outcome(g), p.to_move),
            (OutcomeClass::N, _)
                | (OutcomeClass::L, Player::Left)
                | (OutcomeClass::R, Player::Right)
        );
        Ok(won(wins))
    }

    fn parse(
        &self,
        p: &Self::Position,
        text: &str,
    ) -> Result<(Self::Move, Self::Position), String> {
        let text = text.trim();
        let mut moves = self.moves(p);
        if let Ok(n) = text.parse::<usize>() {
            return if (1..=moves.len()).contains(&n) {
                Ok(moves.swap_remove(n - 1))
            } else {
                Err(format!(
                    "there are {} legal moves; no move {n}",
                    moves.len()
                ))
            };
        }
        let found = moves.iter().position(|(m, _)| m.to_string() == text);
        match found {
            Some(i) => Ok(moves.swap_remove(i)),
            None => Err(format!(
                "'{text}' is not one of {}'s moves here",
                side(p.to_move)
            )),
        }
    }

    fn syntax(&self) -> cgt_core::said::Said {
        cgt_core::said::Said::new("syntax-partizan")
    }

    /// The canonical value (from Left's side).
    fn describe(&mut self, p: &Self::Position) -> Result<Option<cgt_core::said::Said>, PlayError> {
        let value = self.value_text(&p.position)?;
        Ok(Some(
            cgt_core::said::Said::new("describe-value").text("value", value),
        ))
    }
}
