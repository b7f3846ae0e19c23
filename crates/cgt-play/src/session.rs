//! A play session: one game between a person and the program, as a state machine with no
//! input or output of its own. A front end shows [`Session::render`], reads a move, calls
//! [`Session::play`], and shows what the [`Turn`] says.

use cgt_core::said::Said;
use cgt_core::{Verdict, Wdl};

use crate::game::{PlayError, Playable, Value};

/// A legal move with its value for the player who makes it (`None` where the game gives no
/// exact value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValuedMove<M> {
    /// The move.
    pub mv: M,
    /// Its value for the mover: the value of the position after it, seen from before.
    pub value: Option<Value>,
}

/// What the program did after a person's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply<M> {
    /// The person's move ended the game; the message says how.
    Over(Said),
    /// The program answered with this move.
    Moved(M),
    /// The program has no move (and the game does not say it is over).
    NoMove,
}

/// A person's move and the program's reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn<M> {
    /// The move the person made.
    pub played: M,
    /// What followed.
    pub reply: Reply<M>,
}

/// One game of a person against the program: the person moves at every position the session
/// shows, the program answers at once.
///
/// ```
/// use cgt_play::games::Nim;
/// use cgt_play::{Reply, Session};
///
/// let mut s = Session::new(Nim { misere: false }, vec![1, 2]);
/// assert_eq!(s.render(), "heap 1: 1, heap 2: 2\n");
/// let hint = s.hint()?; // "Winning moves: take 1 from heap 2", worded by a front end
/// assert_eq!(hint.id, "hint-winning");
/// let turn = s.play("2 1")?;
/// assert_eq!(turn.played.to_string(), "take 1 from heap 2");
/// assert!(matches!(turn.reply, Reply::Moved(_)));
/// assert!(s.undo());
/// assert_eq!(s.position(), &vec![1, 2]);
/// # Ok::<(), cgt_play::PlayError>(())
/// ```
#[derive(Debug)]
pub struct Session<G: Playable> {
    game: G,
    position: G::Position,
    /// Positions before each of the person's moves, for [`Session::undo`].
    history: Vec<G::Position>,
    /// Each turn's moves by number in the legal moves of the position they were played from:
    /// the person's, then the program's answer if it made one.
    record: Vec<Vec<usize>>,
}

impl<G: Playable> Session<G> {
    /// A session at `start`, the person to move.
    pub fn new(game: G, start: G::Position) -> Session<G> {
        Session {
            game,
            position: start,
            history: Vec::new(),
            record: Vec::new(),
        }
    }

    /// The game so far, one entry per turn: the number of the person's move in the legal
    /// moves of its position, then the number of the program's answer in the moves of the
    /// position after it (absent when the person's move ended the game). A front end that
    /// keeps no session between requests stores this and rebuilds the session with
    /// [`Session::replay`].
    pub fn record(&self) -> &[Vec<usize>] {
        &self.record
    }

    /// Plays a [`Session::record`] again from the current position, without asking the
    /// program for its moves; [`Session::undo`] then takes back the replayed turns as played
    /// ones.
    ///
    /// ```
    /// use cgt_play::games::Nim;
    /// use cgt_play::Session;
    ///
    /// let mut played = Session::new(Nim { misere: false }, vec![3, 4, 5]);
    /// played.play("1 1")?;
    /// let mut again = Session::new(Nim { misere: false }, vec![3, 4, 5]);
    /// again.replay(played.record())?;
    /// assert_eq!(again.position(), played.position());
    /// assert_eq!(again.record(), played.record());
    /// # Ok::<(), cgt_play::PlayError>(())
    /// ```
    ///
    /// # Errors
    /// [`PlayError::Rejected`] for a turn of no move or more than two, or a move number past
    /// the legal moves (the session keeps the turns before it).
    pub fn replay(&mut self, turns: &[Vec<usize>]) -> Result<(), PlayError> {
        for (t, turn) in turns.iter().enumerate() {
            if turn.is_empty() || turn.len() > 2 {
                return Err(PlayError::Rejected(format!(
                    "turn {} has {} moves; a turn is the person's move and the program's answer",
                    t + 1,
                    turn.len()
                )));
            }
            let before = self.position.clone();
            let mut position = before.clone();
            for &index in turn {
                let mut moves = self.game.moves(&position);
                if index >= moves.len() {
                    return Err(PlayError::Rejected(format!(
                        "turn {}: there are {} legal moves; no move {index}",
                        t + 1,
                        moves.len()
                    )));
                }
                position = moves.swap_remove(index).1;
            }
            self.history.push(before);
            self.position = position;
            self.record.push(turn.clone());
        }
        Ok(())
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The position, the person to move.
    pub fn position(&self) -> &G::Position {
        &self.position
    }

    /// The position drawn as text.
    pub fn render(&self) -> String {
        self.game.render(&self.position)
    }

    /// The position as a message, where its drawing has words ([`Playable::position_said`]).
    pub fn position_said(&self) -> Option<Said> {
        self.game.position_said(&self.position)
    }

    /// How to type a move.
    pub fn syntax(&self) -> Said {
        self.game.syntax()
    }

    /// Whether the game is played misère (who moves last loses).
    pub fn misere(&self) -> bool {
        self.game.misere()
    }

    /// How the game ended, or `None` while the person has a move to make.
    ///
    /// # Errors
    /// As [`Playable::value`].
    pub fn over(&mut self) -> Result<Option<Said>, PlayError> {
        // After a turn of the person's move alone the program is to move: either the move
        // ended the game (as the turn's reply said), or the program had no move.
        let human_to_move = self.record.last().is_none_or(|turn| turn.len() != 1);
        self.game.over(&self.position, human_to_move)
    }

    /// The person's legal moves, in the game's order.
    pub fn legal_moves(&self) -> Vec<G::Move> {
        self.game
            .moves(&self.position)
            .into_iter()
            .map(|(m, _)| m)
            .collect()
    }

    /// The person's legal moves as messages ([`Playable::said`]), in the order of
    /// [`Session::legal_moves`].
    pub fn legal_said(&self) -> Vec<Option<cgt_core::said::Said>> {
        self.game
            .moves(&self.position)
            .iter()
            .map(|(m, _)| self.game.said(m))
            .collect()
    }

    /// The last turn's moves as messages ([`Playable::said`]): the person's, and the
    /// program's answer when it made one. `None` before the first turn; a move the game does
    /// not word is `None` inside.
    #[allow(clippy::type_complexity)]
    pub fn last_turn_said(
        &self,
    ) -> Option<(Option<cgt_core::said::Said>, Option<cgt_core::said::Said>)> {
        let (before, turn) = (self.history.last()?, self.record.last()?);
        let mut moves = self.game.moves(before);
        let index = *turn.first()?;
        if index >= moves.len() {
            return None;
        }
        let (mv, after) = moves.swap_remove(index);
        let answer = turn.get(1).and_then(|&i| {
            let mut answers = self.game.moves(&after);
            (i < answers.len()).then(|| self.game.said(&answers.swap_remove(i).0))?
        });
        Some((self.game.said(&mv), answer))
    }

    /// The person's legal moves, each with its value for the person.
    ///
    /// # Errors
    /// As [`Playable::value`].
    pub fn valued_moves(&mut self) -> Result<Vec<ValuedMove<G::Move>>, PlayError> {
        let moves = self.game.moves(&self.position);
        let mut values = Vec::with_capacity(moves.len());
        for (_, after) in &moves {
            values.push(self.game.value(after)?);
        }
        // One remoteness search for the options won or lost (they share most of what they
        // reach).
        let asked: Vec<usize> = (0..moves.len()).filter(|&i| decided(values[i])).collect();
        let afters: Vec<&G::Position> = asked.iter().map(|&i| &moves[i].1).collect();
        for (&i, distance) in asked.iter().zip(self.game.remoteness(&afters)) {
            values[i] = with_remoteness(values[i], distance);
        }
        Ok(moves
            .into_iter()
            .zip(values)
            .map(|((mv, _), value)| ValuedMove {
                mv,
                value: value.map(Value::parent),
            })
            .collect())
    }

    /// The value of the position for the person (`None` where the game gives none).
    ///
    /// # Errors
    /// As [`Playable::value`].
    pub fn value(&mut self) -> Result<Option<Value>, PlayError> {
        let value = self.game.value(&self.position)?;
        if !decided(value) {
            return Ok(value);
        }
        let distance = self.game.remoteness(&[&self.position])[0];
        Ok(with_remoteness(value, distance))
    }

    /// What the theory says of the position in a few words ([`Playable::describe`]).
    ///
    /// # Errors
    /// As [`Playable::value`].
    pub fn describe(&mut self) -> Result<Option<Said>, PlayError> {
        self.game.describe(&self.position)
    }

    /// The best moves in words.
    ///
    /// # Errors
    /// As [`Playable::value`].
    pub fn hint(&mut self) -> Result<Said, PlayError> {
        self.game.hint(&self.position)
    }

    /// Takes back the person's last move and the program's answer; `false` when there is
    /// nothing to take back.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(before) => {
                self.position = before;
                self.record.pop();
                true
            }
            None => false,
        }
    }

    /// Plays the move typed as `text`, then the program's answer.
    ///
    /// # Errors
    /// [`PlayError::Rejected`] when `text` is not a legal move (nothing changes); the game's
    /// own errors otherwise.
    pub fn play(&mut self, text: &str) -> Result<Turn<G::Move>, PlayError> {
        let (mv, after) = self
            .game
            .parse(&self.position, text)
            .map_err(PlayError::Rejected)?;
        let index = number_of(&self.game, &self.position, &mv);
        self.advance(index, mv, after)
    }

    /// Plays the person's legal move number `index` (in [`Session::legal_moves`]'s order),
    /// then the program's answer.
    ///
    /// # Errors
    /// [`PlayError::Rejected`] for an index past the moves; the game's own errors otherwise.
    pub fn play_index(&mut self, index: usize) -> Result<Turn<G::Move>, PlayError> {
        let mut moves = self.game.moves(&self.position);
        if index >= moves.len() {
            return Err(PlayError::Rejected(format!(
                "there are {} legal moves; no move {index}",
                moves.len()
            )));
        }
        let (mv, after) = moves.swap_remove(index);
        self.advance(index, mv, after)
    }

    fn advance(
        &mut self,
        index: usize,
        mv: G::Move,
        after: G::Position,
    ) -> Result<Turn<G::Move>, PlayError> {
        let before = core::mem::replace(&mut self.position, after);
        self.history.push(before);
        self.record.push(vec![index]);
        if let Some(end) = self.game.over(&self.position, false)? {
            return Ok(Turn {
                played: mv,
                reply: Reply::Over(end),
            });
        }
        let reply = match self.game.program_move(&self.position)? {
            Some((answer, next)) => {
                let number = number_of(&self.game, &self.position, &answer);
                if let Some(turn) = self.record.last_mut() {
                    turn.push(number);
                }
                self.position = next;
                Reply::Moved(answer)
            }
            None => Reply::NoMove,
        };
        Ok(Turn { played: mv, reply })
    }
}

/// The number of `mv` in the legal moves of `p`, found by its text (a game's moves at one
/// position are told apart by their text).
fn number_of<G: Playable>(game: &G, p: &G::Position, mv: &G::Move) -> usize {
    let text = mv.to_string();
    game.moves(p)
        .iter()
        .position(|(m, _)| m.to_string() == text)
        .unwrap_or(usize::MAX)
}

/// Whether `value` is a win or a loss without its distance: what a remoteness can add to.
fn decided(value: Option<Value>) -> bool {
    matches!(value, Some(Value::Outcome(w)) if w != Wdl::Draw)
}

/// `value`, a win or loss, with its distance when the game found the position's remoteness
/// ([`Playable::remoteness`]) and it agrees.
fn with_remoteness(value: Option<Value>, distance: Option<Verdict>) -> Option<Value> {
    match (value, distance) {
        // A finished game says only that it is won or lost.
        (Some(Value::Outcome(w)), Some(r @ (Verdict::Win(1..) | Verdict::Loss(1..))))
            if w != Wdl::Draw && r.wdl() == w =>
        {
            Some(Value::Verdict(r))
        }
        _ => value,
    }
}
