//! Kuhn poker and Leduc hold'em against an equilibrium: the person bets with the cards they
//! see; the deck and the program's mixed strategy answer. The program plays an exact
//! equilibrium (`cgt_minimax::hidden`), drawing each action with the equilibrium's
//! probabilities, so in the long run it cannot be beaten — but any one hand can be lost.
//!
//! The deck and the program's draws come from a seeded generator carried in the position, so
//! a hand replays exactly from its seed and its moves.

use cgt_core::said::Said;
use core::fmt;
use std::collections::HashMap;
use std::sync::Arc;

use cgt_core::rng::Rng;
use cgt_minimax::chance::tree::Ratio;
use cgt_minimax::hidden::{Action, After, Extensive, Hand, Player, Poker, Profile, Scalar};

use crate::game::{PlayError, Playable, Step, Value};

/// Each information set's actions with their probabilities, by the set's player and name.
type Strategy = HashMap<(Player, String), Vec<(Action, Ratio)>>;

/// A poker against an equilibrium.
#[derive(Debug)]
pub struct PokerPlay {
    name: &'static str,
    poker: Poker,
    /// The equilibrium's probabilities per information set, by the set's player and name.
    strategy: Arc<Strategy>,
    /// The game's value to the first player.
    value: Ratio,
    human: Player,
}

/// A position: the hand, what the person has won when it is over, and whether the deck or the
/// program answers next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PokerPosition {
    /// The cards and the betting.
    pub hand: Hand,
    /// The person's winnings once the hand is over.
    pub result: Option<i64>,
    /// Whether the deck or the program answers before the person moves again.
    pub pending: bool,
    /// The deck's and the program's generator.
    rng: Rng,
}

/// A ply: the person's action, or the deck's and the program's answer in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PokerMove {
    /// The person's action.
    Act(Action),
    /// The answer, in words.
    Answer(String),
}

impl fmt::Display for PokerMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PokerMove::Act(a) => a.fmt(f),
            PokerMove::Answer(words) => f.write_str(words),
        }
    }
}

impl PokerPlay {
    /// `poker` (called `name`) against `equilibrium`, a profile of `game` (the tree
    /// [`Poker::game`] makes) whose value to the first player is `value`; the person plays
    /// `human`.
    #[must_use]
    pub fn new(
        name: &'static str,
        poker: Poker,
        game: &Extensive,
        equilibrium: &Profile<Ratio>,
        value: Ratio,
        human: Player,
    ) -> PokerPlay {
        let strategy = game
            .infosets()
            .iter()
            .zip(&equilibrium.probabilities)
            .map(|(set, p)| {
                let actions = set
                    .actions
                    .iter()
                    .zip(p)
                    .filter_map(|(a, q)| Some((action(a)?, q.clone())))
                    .collect();
                ((set.player, set.name.clone()), actions)
            })
            .collect();
        PokerPlay {
            name,
            poker,
            strategy: Arc::new(strategy),
            value,
            human,
        }
    }

    /// The start: the private cards dealt from `seed`, and when the program opens, its first
    /// action already answered (in words).
    #[must_use]
    pub fn start(&self, seed: u64) -> (PokerPosition, Option<String>) {
        let mut p = PokerPosition {
            hand: Hand::new(&self.poker),
            result: None,
            pending: true,
            rng: Rng::new(seed),
        };
        if self.human == Player::First {
            while p.hand.card_due() {
                self.deal(&mut p);
            }
            p.pending = false;
            return (p, None);
        }
        let (words, p) = self.answer(&p);
        (p, Some(words.to_string()))
    }

    /// Deals the next card from the seeded deck.
    fn deal(&self, p: &mut PokerPosition) -> usize {
        let left = p.hand.left(&self.poker);
        let total: u32 = left.iter().sum();
        let mut pick = (p.rng.next_u64() % u64::from(total)) as u32;
        let rank = left
            .iter()
            .position(|&n| {
                if pick < n {
                    true
                } else {
                    pick -= n;
                    false
                }
            })
            .expect("a card is left");
        p.hand = p.hand.dealt(rank);
        rank
    }

    /// The program's action at its set, drawn with the equilibrium's probabilities.
    fn draw(&self, p: &mut PokerPosition) -> Action {
        let key = (p.hand.mover(), p.hand.infoset(&self.poker));
        let choices = &self.strategy[&key];
        let u = (p.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let mut total = 0.0;
        for (a, q) in choices {
            total += f64::from_ratio(q);
            if u < total {
                return *a;
            }
        }
        choices.last().expect("a set has actions").0
    }

    /// The deck's and the program's answer until the person is to move or the hand is over.
    fn answer(&self, p: &PokerPosition) -> (PokerMove, PokerPosition) {
        let mut next_p = p.clone();
        let mut words = Vec::new();
        loop {
            if next_p.hand.card_due() {
                let rank = self.deal(&mut next_p);
                if next_p.hand.cards.len() > 2 {
                    words.push(format!("the table shows {}", self.card(rank)));
                }
                continue;
            }
            if next_p.hand.mover() == self.human {
                break;
            }
            let a = self.draw(&mut next_p);
            words.push(a.to_string());
            match next_p.hand.act(&self.poker, a) {
                After::Betting(hand) => next_p.hand = hand,
                After::Over(hand, payoff) => {
                    next_p.hand = hand;
                    next_p.result = Some(self.mine(payoff));
                    break;
                }
            }
        }
        next_p.pending = false;
        let words = if words.is_empty() {
            "nothing: the cards are dealt".to_owned()
        } else {
            words.join("; ")
        };
        (PokerMove::Answer(words), next_p)
    }

    fn card(&self, rank: usize) -> char {
        self.poker.deck[rank].0
    }

    /// The first player's payoff as the person's.
    fn mine(&self, payoff: i64) -> i64 {
        if self.human == Player::First {
            payoff
        } else {
            -payoff
        }
    }

    fn over_words(&self, p: &PokerPosition) -> Option<Said> {
        let won = p.result?;
        let theirs = self.card(p.hand.cards[self.human.other().index()]);
        let id = match won.signum() {
            1 => "over-poker-you",
            -1 => "over-poker-program",
            _ => "over-poker-split",
        };
        let said = Said::new(id).text("card", theirs.to_string());
        Some(match won.signum() {
            0 => said,
            _ => said.number("amount", won.unsigned_abs()),
        })
    }
}

/// The betting in words: `"kb/k"` is `check, bet | check`.
fn spelled(betting: &str) -> String {
    betting
        .trim_end_matches('/')
        .split('/')
        .map(|round| {
            round
                .chars()
                .map(|c| match c {
                    'k' => "check",
                    'b' => "bet",
                    'c' => "call",
                    'r' => "raise",
                    _ => "fold",
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// A fraction as written, or as a decimal when long.
fn short(q: &Ratio) -> String {
    let text = q.to_string();
    if text.len() > 12 {
        format!("≈{:.4}", f64::from_ratio(q))
    } else {
        text
    }
}

/// An action's name as the tree writes it.
fn action(name: &str) -> Option<Action> {
    Some(match name {
        "check" => Action::Check,
        "bet" => Action::Bet,
        "fold" => Action::Fold,
        "call" => Action::Call,
        "raise" => Action::Raise,
        _ => return None,
    })
}

impl Playable for PokerPlay {
    type Position = PokerPosition;
    type Move = PokerMove;

    fn render(&self, p: &PokerPosition) -> String {
        let me = self.human.index();
        let mut out = format!(
            "{}, you play {}: you hold {}",
            self.name,
            self.human,
            self.card(p.hand.cards[me])
        );
        let table: Vec<String> = p.hand.cards[2..]
            .iter()
            .map(|&c| self.card(c).to_string())
            .collect();
        if !table.is_empty() {
            out.push_str(&format!("; the table shows {}", table.join(", ")));
        }
        out.push_str(&format!(
            "; you have put in {}, the program {}",
            p.hand.put[me],
            p.hand.put[1 - me]
        ));
        let betting = p.hand.betting();
        if !betting.is_empty() {
            out.push_str(&format!("; betting: {}", spelled(&betting)));
        }
        out.push('\n');
        out
    }

    fn moves(&self, p: &PokerPosition) -> Vec<(PokerMove, PokerPosition)> {
        if p.result.is_some() {
            return Vec::new();
        }
        if p.pending {
            return vec![self.answer(p)];
        }
        p.hand
            .actions(&self.poker)
            .into_iter()
            .map(|a| {
                let after = match p.hand.act(&self.poker, a) {
                    After::Betting(hand) => PokerPosition {
                        hand,
                        pending: true,
                        ..p.clone()
                    },
                    After::Over(hand, payoff) => PokerPosition {
                        hand,
                        result: Some(self.mine(payoff)),
                        pending: false,
                        ..p.clone()
                    },
                };
                (PokerMove::Act(a), after)
            })
            .collect()
    }

    fn value(&mut self, _: &PokerPosition) -> Result<Option<Value>, PlayError> {
        // An expected payoff is no win or loss: the hint gives the equilibrium.
        Ok(None)
    }

    fn over(&mut self, p: &PokerPosition, _: bool) -> Result<Option<Said>, PlayError> {
        Ok(self.over_words(p))
    }

    fn program_move(&mut self, p: &PokerPosition) -> Result<Option<Step<Self>>, PlayError> {
        Ok((p.pending && p.result.is_none()).then(|| self.answer(p)))
    }

    fn hint(&mut self, p: &PokerPosition) -> Result<Said, PlayError> {
        let key = (p.hand.mover(), p.hand.infoset(&self.poker));
        let Some(choices) = self.strategy.get(&key) else {
            return Ok(Said::new("hint-poker-none"));
        };
        let shown: Vec<String> = choices
            .iter()
            .map(|(a, q)| format!("{a} {}", short(q)))
            .collect();
        let mine = if self.human == Player::First {
            self.value.clone()
        } else {
            -self.value.clone()
        };
        Ok(Said::new("hint-poker")
            .text("choices", shown.join(", "))
            .text("worth", short(&mine)))
    }

    fn parse(&self, p: &PokerPosition, text: &str) -> Result<(PokerMove, PokerPosition), String> {
        let wanted = match text.trim().to_ascii_lowercase().as_str() {
            "k" | "check" => Action::Check,
            "b" | "bet" => Action::Bet,
            "f" | "fold" => Action::Fold,
            "c" | "call" => Action::Call,
            "r" | "raise" => Action::Raise,
            other => {
                return Err(format!(
                    "type check, bet, fold, call or raise, not {other:?}"
                ));
            }
        };
        let legal: Vec<String> = p
            .hand
            .actions(&self.poker)
            .iter()
            .map(ToString::to_string)
            .collect();
        self.moves(p)
            .into_iter()
            .find(|(m, _)| *m == PokerMove::Act(wanted))
            .ok_or_else(|| format!("{wanted} is not possible now: {}", legal.join(" or ")))
    }

    fn syntax(&self) -> cgt_core::said::Said {
        cgt_core::said::Said::new("syntax-poker")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Reply, Session};

    fn kuhn(human: Player) -> PokerPlay {
        let poker = Poker::kuhn();
        let game = poker.game();
        let e = game.solve();
        PokerPlay::new("Kuhn poker", poker, &game, &e.profile, e.value, human)
    }

    /// Plays the first of `moves` that is legal, each turn, until the hand is over.
    fn play_out(s: &mut Session<PokerPlay>, moves: &[&str]) -> Said {
        for _ in 0..10 {
            if let Some(end) = s.over().expect("poker answers") {
                return end;
            }
            let turn = moves
                .iter()
                .find_map(|m| s.play(m).ok())
                .expect("one of check, bet, call is always legal");
            if let Reply::Over(end) = turn.reply {
                return end;
            }
        }
        panic!("a hand ends within 10 turns")
    }

    #[test]
    fn hands_end_with_the_cards_shown_and_replay_from_their_seed() {
        for seed in 0..40 {
            for human in [Player::First, Player::Second] {
                let game = kuhn(human);
                let (start, _) = game.start(seed);
                let mut s = Session::new(game, start);
                let end = play_out(&mut s, &["call", "bet", "check"]);
                // Every ending shows the program's card.
                assert!(end.id.starts_with("over-poker-"), "{end:?}");
                assert!(end.args.iter().any(|(name, _)| *name == "card"), "{end:?}");
                let mut again = Session::new(kuhn(human), kuhn(human).start(seed).0);
                again.replay(s.record()).expect("replays");
                assert_eq!(again.position(), s.position());
            }
        }
    }

    #[test]
    fn the_program_follows_the_equilibrium() {
        // As the second player holding anything, facing the program's opening: over many
        // deals the program never opens with the queen (the equilibrium's Q bets 0).
        for seed in 0..200 {
            let g = kuhn(Player::Second);
            let (p, words) = g.start(seed);
            assert!(words.is_some_and(|w| w == "check" || w == "bet"));
            if g.card(p.hand.cards[0]) == 'Q' {
                assert_eq!(p.hand.betting(), "k", "seed {seed}");
            }
        }
        let mut g = kuhn(Player::First);
        let (p, _) = g.start(3);
        let hint = g.hint(&p).unwrap();
        assert_eq!(hint.id, "hint-poker");
        assert!(
            matches!(&hint.args[0], ("choices", cgt_core::said::Word::Text(t)) if t.starts_with("check")),
            "{hint:?}"
        );
        assert!(g.parse(&p, "raise").is_err());
        assert!(g.parse(&p, "fold").is_err());
        assert!(g.parse(&p, "bet").is_ok());
    }
}
