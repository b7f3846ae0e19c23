//! Pig against the optimal player: the person rolls or holds; the die, and the program's whole
//! turn, answer. The program plays the decisions of the win probabilities that value iteration
//! gives (`cgt_minimax::chance::pig`), and the hint shows both choices' probabilities.
//!
//! The die is a seeded generator carried in the position, so a game replays exactly from its
//! seed and its moves.

use cgt_core::said::Said;
use core::fmt;
use std::sync::Arc;

use cgt_core::rng::Rng;

use crate::game::{PlayError, Playable, Step, Value};

/// Pig to a target against the optimal player.
#[derive(Debug)]
pub struct PigPlay {
    target: u32,
    /// Win probabilities of the player to move, `(i·target + j)·target + k`.
    p: Arc<Vec<f64>>,
}

/// A position: the scores, the person's turn total, and what the person has just chosen (the
/// die or the program answers it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PigPosition {
    /// The person's score.
    pub human: u32,
    /// The program's score.
    pub program: u32,
    /// The person's points this turn.
    pub turn: u32,
    /// The choice waiting for its answer: `None` where the person is to choose.
    pub pending: Option<PigMove>,
    /// The die.
    die: Rng,
}

/// What happens in a ply: the person's choice, or the die's and the program's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PigMove {
    /// Roll the die.
    Roll,
    /// Add the turn total to the score and pass the die.
    Hold,
    /// The answer, in words.
    Answer(String),
}

impl fmt::Display for PigMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PigMove::Roll => f.write_str("roll"),
            PigMove::Hold => f.write_str("hold"),
            PigMove::Answer(words) => f.write_str(words),
        }
    }
}

impl PigPlay {
    /// Pig to `target` with the win probabilities of every state (as
    /// `cgt_minimax::chance::pig::value_iteration` gives them; shared, as one table serves
    /// every game to the same target).
    #[must_use]
    pub fn new(target: u32, probabilities: Arc<Vec<f64>>) -> PigPlay {
        PigPlay {
            target,
            p: probabilities,
        }
    }

    /// The start: the person to roll with scores `human` and `program` and `turn` rolled, the
    /// die seeded with `seed`.
    #[must_use]
    pub fn start(human: u32, program: u32, turn: u32, seed: u64) -> PigPosition {
        PigPosition {
            human,
            program,
            turn,
            pending: None,
            die: Rng::new(seed),
        }
    }

    /// The mover's win probability with scores `i` and `j` and `k` rolled this turn.
    fn p(&self, i: u32, j: u32, k: u32) -> f64 {
        if i + k >= self.target {
            return 1.0;
        }
        let t = self.target as usize;
        self.p[(i as usize * t + j as usize) * t + k as usize]
    }

    /// The mover's win probability rolling, and holding (`None` with nothing rolled yet).
    fn choices(&self, i: u32, j: u32, k: u32) -> (f64, Option<f64>) {
        let roll =
            ((1.0 - self.p(j, i, 0)) + (2..=6).map(|r| self.p(i, j, k + r)).sum::<f64>()) / 6.0;
        let hold = (k > 0).then(|| {
            if i + k >= self.target {
                1.0
            } else {
                1.0 - self.p(j, i + k, 0)
            }
        });
        (roll, hold)
    }

    /// The program's turn from scratch: its rolls and its hold, in words, and the position
    /// where the person rolls next.
    fn program_turn(&self, mut p: PigPosition) -> (String, PigPosition) {
        let mut rolls = Vec::new();
        let mut turn = 0;
        let words = loop {
            let (roll, hold) = self.choices(p.program, p.human, turn);
            if hold.is_some_and(|h| h >= roll) {
                p.program += turn;
                break format!("holds with {turn}: the program has {}", p.program);
            }
            let die = roll_die(&mut p.die);
            rolls.push(die.to_string());
            if die == 1 {
                break "loses the turn".to_owned();
            }
            turn += die;
        };
        p.turn = 0;
        p.pending = None;
        (
            format!("the program rolls {} and {words}", rolls.join(", ")),
            p,
        )
    }

    /// The answer to the person's choice: the die, and when the turn passes the program's
    /// whole turn. Determined by the position (its die's state), so a replay finds it again.
    fn answer(&self, p: &PigPosition) -> (PigMove, PigPosition) {
        let mut next = p.clone();
        if p.pending == Some(PigMove::Roll) {
            let die = roll_die(&mut next.die);
            if die != 1 {
                next.turn += die;
                next.pending = None;
                let words = format!("the die shows {die}: {} this turn", next.turn);
                return (PigMove::Answer(words), next);
            }
            next.turn = 0;
            let (turn, after) = self.program_turn(next);
            let words = format!("the die shows 1: you lose the turn; {turn}");
            return (PigMove::Answer(words), after);
        }
        let (turn, after) = self.program_turn(next);
        (PigMove::Answer(turn), after)
    }

    fn over_words(&self, p: &PigPosition) -> Option<Said> {
        if p.human >= self.target {
            Some(Said::new("over-pig-you").number("score", p.human.into()))
        } else if p.program >= self.target {
            Some(Said::new("over-pig-program").number("score", p.program.into()))
        } else {
            None
        }
    }
}

/// The next face of the die.
fn roll_die(die: &mut Rng) -> u32 {
    (die.next_u64() % 6) as u32 + 1
}

impl Playable for PigPlay {
    type Position = PigPosition;
    type Move = PigMove;

    fn render(&self, p: &PigPosition) -> String {
        format!(
            "Pig to {}: you {}, the program {}; {} rolled this turn\n",
            self.target, p.human, p.program, p.turn
        )
    }

    fn moves(&self, p: &PigPosition) -> Vec<(PigMove, PigPosition)> {
        if self.over_words(p).is_some() {
            return Vec::new();
        }
        if p.pending.is_some() {
            // The program's one answer.
            return vec![self.answer(p)];
        }
        let mut out = vec![(
            PigMove::Roll,
            PigPosition {
                pending: Some(PigMove::Roll),
                ..p.clone()
            },
        )];
        if p.turn > 0 {
            let after = PigPosition {
                human: p.human + p.turn,
                turn: 0,
                pending: Some(PigMove::Hold),
                ..p.clone()
            };
            out.push((PigMove::Hold, after));
        }
        out
    }

    fn value(&mut self, _: &PigPosition) -> Result<Option<Value>, PlayError> {
        // A win probability is no win or loss: the hint gives it.
        Ok(None)
    }

    fn said(&self, mv: &PigMove) -> Option<Said> {
        match mv {
            PigMove::Roll => Some(Said::new("move-roll")),
            PigMove::Hold => Some(Said::new("move-hold")),
            // The die and the program's turn are told in English for now.
            PigMove::Answer(_) => None,
        }
    }

    fn over(&mut self, p: &PigPosition, _: bool) -> Result<Option<Said>, PlayError> {
        Ok(self.over_words(p))
    }

    fn program_move(&mut self, p: &PigPosition) -> Result<Option<Step<Self>>, PlayError> {
        Ok(p.pending.is_some().then(|| self.answer(p)))
    }

    fn hint(&mut self, p: &PigPosition) -> Result<Said, PlayError> {
        let (roll, hold) = self.choices(p.human, p.program, p.turn);
        let id = match hold {
            Some(hold) if hold >= roll => "hint-pig-hold",
            Some(_) => "hint-pig-roll",
            None => "hint-pig-start",
        };
        let said = Said::new(id).text("roll", format!("{roll:.4}"));
        Ok(match hold {
            Some(hold) => said.text("hold", format!("{hold:.4}")),
            None => said,
        })
    }

    fn parse(&self, p: &PigPosition, text: &str) -> Result<(PigMove, PigPosition), String> {
        let wanted = match text.trim().to_ascii_lowercase().as_str() {
            "r" | "roll" => PigMove::Roll,
            "h" | "hold" => PigMove::Hold,
            other => return Err(format!("type roll or hold, not {other:?}")),
        };
        self.moves(p)
            .into_iter()
            .find(|(m, _)| *m == wanted)
            .ok_or_else(|| "nothing rolled yet: a turn starts with a roll".to_owned())
    }

    fn syntax(&self) -> cgt_core::said::Said {
        cgt_core::said::Said::new("syntax-pig")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Reply, Session};

    fn game(target: u32) -> PigPlay {
        let p = cgt_minimax::chance::pig::value_iteration(target, 1e-12).expect("solved");
        PigPlay::new(target, Arc::new(p))
    }

    #[test]
    fn the_die_is_fair_and_replays_from_its_seed() {
        let mut seed = Rng::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[roll_die(&mut seed) as usize - 1] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_500..10_500).contains(&c)),
            "{counts:?}"
        );
        let (mut a, mut b) = (Rng::new(42), Rng::new(42));
        let faces: Vec<u32> = (0..20).map(|_| roll_die(&mut a)).collect();
        assert_eq!(faces, (0..20).map(|_| roll_die(&mut b)).collect::<Vec<_>>());
    }

    #[test]
    fn a_turn_starts_with_a_roll_and_the_program_answers_until_someone_wins() {
        let mut s = Session::new(game(20), PigPlay::start(0, 0, 0, 1));
        assert!(s.play("hold").is_err());
        assert_eq!(s.hint().expect("hint").id, "hint-pig-start");
        let mut plies = 0;
        loop {
            let text = if s.position().turn >= 8 {
                "hold"
            } else {
                "roll"
            };
            let turn = s.play(text).expect("legal");
            plies += 1;
            match turn.reply {
                Reply::Moved(answer) => assert!(!answer.to_string().is_empty()),
                Reply::Over(end) => {
                    assert!(end.id.starts_with("over-pig-"), "{end:?}");
                    break;
                }
                Reply::NoMove => panic!("the program always answers"),
            }
            assert!(plies < 10_000, "the game ends");
        }
        let p = s.position();
        assert!(p.human >= 20 || p.program >= 20, "{p:?}");
    }

    #[test]
    fn a_record_replays_the_same_dice() {
        let mut played = Session::new(game(20), PigPlay::start(0, 0, 0, 9));
        for text in ["roll", "roll", "roll", "hold", "roll"] {
            if played.play(text).is_err() {
                break;
            }
        }
        let mut again = Session::new(game(20), PigPlay::start(0, 0, 0, 9));
        again.replay(played.record()).expect("replays");
        assert_eq!(again.position(), played.position());
    }

    #[test]
    fn the_hint_follows_the_solution() {
        let g = game(10);
        // Scores 0 and 0 with 9 rolled toward 10: rolling can only win or lose the turn;
        // holding at 9 leaves 1 to go and the opponent to roll.
        let (roll, hold) = g.choices(0, 0, 9);
        assert!(hold.expect("something rolled") > 0.0 && roll > 0.0);
        // One point from the target, holding wins at once.
        assert_eq!(g.choices(9, 0, 1).1, Some(1.0));
    }
}
