//! [`AnySession`]: a [`Session`] of any game behind one object-safe trait, with moves and
//! values as text — what a front end holding sessions of many games at once (a notebook, the
//! web playground) keeps in one collection.

use core::any::Any;
use core::fmt;

use cgt_core::said::Said;

use crate::game::{PlayError, Playable, Value};
use crate::session::{Reply, Session, Turn, ValuedMove};

/// A play session of some game, its moves as text.
///
/// ```
/// use cgt_play::games::Nim;
/// use cgt_play::{AnySession, Reply, Session};
///
/// let mut sessions: Vec<Box<dyn AnySession>> = vec![Box::new(Session::new(Nim { misere: false }, vec![1, 2]))];
/// let s = &mut sessions[0];
/// assert_eq!(s.legal_moves(), ["take 1 from heap 1", "take 1 from heap 2", "take 2 from heap 2"]);
/// let turn = s.play_index(1)?;
/// assert_eq!(turn.played, "take 1 from heap 2");
/// assert_eq!(turn.reply, Reply::Moved("take 1 from heap 1".to_owned()));
/// # Ok::<(), cgt_play::PlayError>(())
/// ```
pub trait AnySession: Send + fmt::Debug {
    /// The position drawn as text.
    fn render(&self) -> String;
    /// The position as a message, as [`Session::position_said`].
    fn position_said(&self) -> Option<Said>;
    /// How to type a move.
    fn syntax(&self) -> Said;
    /// Whether the game is played misère.
    fn misere(&self) -> bool;
    /// How the game ended, or `None` while the person has a move to make.
    ///
    /// # Errors
    /// As [`Playable::value`].
    fn over(&mut self) -> Result<Option<Said>, PlayError>;
    /// The person's legal moves as text, in the game's order.
    fn legal_moves(&self) -> Vec<String>;
    /// The person's legal moves as messages, where the game words them
    /// ([`Playable::said`]).
    fn legal_said(&self) -> Vec<Option<cgt_core::said::Said>>;
    /// The last turn's moves as messages, as [`Session::last_turn_said`].
    #[allow(clippy::type_complexity)]
    fn last_turn_said(
        &self,
    ) -> Option<(Option<cgt_core::said::Said>, Option<cgt_core::said::Said>)>;
    /// The person's legal moves with their values for the person.
    ///
    /// # Errors
    /// As [`Playable::value`].
    fn valued_moves(&mut self) -> Result<Vec<ValuedMove<String>>, PlayError>;
    /// The value of the position for the person.
    ///
    /// # Errors
    /// As [`Playable::value`].
    fn value(&mut self) -> Result<Option<Value>, PlayError>;
    /// The best moves in words.
    ///
    /// # Errors
    /// As [`Playable::value`].
    fn hint(&mut self) -> Result<Said, PlayError>;
    /// What the theory says of the position in a few words, as [`Session::describe`].
    ///
    /// # Errors
    /// As [`Playable::value`].
    fn describe(&mut self) -> Result<Option<Said>, PlayError>;
    /// Takes back the person's last move and the program's answer.
    fn undo(&mut self) -> bool;
    /// Plays the move typed as `text`, then the program's answer.
    ///
    /// # Errors
    /// As [`Session::play`].
    fn play(&mut self, text: &str) -> Result<Turn<String>, PlayError>;
    /// Plays legal move number `index`, then the program's answer.
    ///
    /// # Errors
    /// As [`Session::play_index`].
    fn play_index(&mut self, index: usize) -> Result<Turn<String>, PlayError>;
    /// The game so far by move numbers, as [`Session::record`].
    fn record(&self) -> Vec<Vec<usize>>;
    /// Plays a record again, as [`Session::replay`].
    ///
    /// # Errors
    /// As [`Session::replay`].
    fn replay(&mut self, turns: &[Vec<usize>]) -> Result<(), PlayError>;
    /// The position, for a front end that knows the game and draws or explains positions
    /// itself: downcast it to the game's `Position` type.
    fn position_any(&self) -> &dyn Any;
    /// The person's legal moves typed, each with the position after it, in the order of
    /// [`AnySession::legal_moves`]: downcast them to the game's `Move` and `Position`.
    fn options_any(&self) -> Vec<(Box<dyn Any + Send>, Box<dyn Any + Send>)>;
}

impl<M: fmt::Display> Turn<M> {
    /// The turn with its moves as text.
    #[must_use]
    pub fn text(self) -> Turn<String> {
        Turn {
            played: self.played.to_string(),
            reply: match self.reply {
                Reply::Over(words) => Reply::Over(words),
                Reply::Moved(m) => Reply::Moved(m.to_string()),
                Reply::NoMove => Reply::NoMove,
            },
        }
    }
}

impl<G> AnySession for Session<G>
where
    G: Playable + Send + fmt::Debug,
    G::Position: Send + fmt::Debug + 'static,
    G::Move: Send + 'static,
{
    fn render(&self) -> String {
        Session::render(self)
    }

    fn position_said(&self) -> Option<Said> {
        Session::position_said(self)
    }

    fn syntax(&self) -> Said {
        Session::syntax(self)
    }

    fn misere(&self) -> bool {
        Session::misere(self)
    }

    fn over(&mut self) -> Result<Option<Said>, PlayError> {
        Session::over(self)
    }

    fn legal_moves(&self) -> Vec<String> {
        Session::legal_moves(self)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn legal_said(&self) -> Vec<Option<cgt_core::said::Said>> {
        Session::legal_said(self)
    }

    fn last_turn_said(
        &self,
    ) -> Option<(Option<cgt_core::said::Said>, Option<cgt_core::said::Said>)> {
        Session::last_turn_said(self)
    }

    fn valued_moves(&mut self) -> Result<Vec<ValuedMove<String>>, PlayError> {
        Ok(Session::valued_moves(self)?
            .into_iter()
            .map(|m| ValuedMove {
                mv: m.mv.to_string(),
                value: m.value,
            })
            .collect())
    }

    fn value(&mut self) -> Result<Option<Value>, PlayError> {
        Session::value(self)
    }

    fn hint(&mut self) -> Result<Said, PlayError> {
        Session::hint(self)
    }

    fn describe(&mut self) -> Result<Option<Said>, PlayError> {
        Session::describe(self)
    }

    fn undo(&mut self) -> bool {
        Session::undo(self)
    }

    fn play(&mut self, text: &str) -> Result<Turn<String>, PlayError> {
        Session::play(self, text).map(Turn::text)
    }

    fn play_index(&mut self, index: usize) -> Result<Turn<String>, PlayError> {
        Session::play_index(self, index).map(Turn::text)
    }

    fn record(&self) -> Vec<Vec<usize>> {
        Session::record(self).to_vec()
    }

    fn replay(&mut self, turns: &[Vec<usize>]) -> Result<(), PlayError> {
        Session::replay(self, turns)
    }

    fn position_any(&self) -> &dyn Any {
        self.position()
    }

    fn options_any(&self) -> Vec<(Box<dyn Any + Send>, Box<dyn Any + Send>)> {
        self.game()
            .moves(self.position())
            .into_iter()
            .map(|(m, p)| {
                (
                    Box::new(m) as Box<dyn Any + Send>,
                    Box::new(p) as Box<dyn Any + Send>,
                )
            })
            .collect()
    }
}
