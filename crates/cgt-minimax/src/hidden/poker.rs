//! The small pokers of game-theory research, built as game trees: Kuhn poker (Kuhn, 1950)
//! and Leduc hold'em (Southey et al., 2005).
//!
//! Both are one generator: a deck of ranks, each player antes and is dealt one private card,
//! then betting rounds in which the first player acts first — check or bet; facing a bet,
//! fold, call or (while the round's bets are fewer than its cap) raise — with a public card
//! dealt before every round after the first. A fold loses what the folder put in; at a
//! showdown a card pairing a public card wins, then the higher rank, and equal hands split.
//! Suits do not matter, so a deal is chance's choice of a rank, with the probability that the
//! remaining cards give it.
//!
//! An information set is named by what its player knows: their card, the public cards after a
//! `/`, then the betting so far — `k` check, `b` bet, `r` raise, `c` call, rounds separated by
//! `/`. `"J"` is the first player holding the jack at the start; `"Q kb"` a player holding
//! the queen after a check and a bet; `"K/Q kbc/k"` in Leduc the king with a queen on the
//! table, after check, bet, call and a check in the second round.

use num_traits::Zero;

use super::game::{Builder, Extensive, NodeId, Player};
use super::response::Profile;
use crate::chance::tree::Ratio;

/// A poker of one private card each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Poker {
    /// The ranks, lowest first, with the cards of each.
    pub deck: Vec<(char, u32)>,
    /// What each player puts in before the deal.
    pub ante: i64,
    /// The bet (and raise) size of each round.
    pub bets: Vec<i64>,
    /// The most bets (a bet and its raises) in one round.
    pub cap: u32,
}

impl Poker {
    /// Kuhn poker: a jack, a queen and a king; ante 1; one round with one bet of 1.
    #[must_use]
    pub fn kuhn() -> Poker {
        Poker {
            deck: vec![('J', 1), ('Q', 1), ('K', 1)],
            ante: 1,
            bets: vec![1],
            cap: 1,
        }
    }

    /// Leduc hold'em: two jacks, two queens and two kings; ante 1; a round with bets of 2,
    /// a public card, a round with bets of 4; at most a bet and a raise per round.
    #[must_use]
    pub fn leduc() -> Poker {
        Poker {
            deck: vec![('J', 2), ('Q', 2), ('K', 2)],
            ante: 1,
            bets: vec![2, 4],
            cap: 2,
        }
    }

    /// The game tree.
    ///
    /// # Panics
    /// A deck too small to deal every card the rounds need.
    #[must_use]
    pub fn game(&self) -> Extensive {
        let mut b = Builder::new();
        let left: Vec<u32> = self.deck.iter().map(|d| d.1).collect();
        let root = self.deal(&mut b, &left, &mut Vec::new());
        b.finish(root).expect("a poker tree is well formed")
    }

    /// Chance deals the private cards, one to each player, then the betting starts.
    fn deal(&self, b: &mut Builder, left: &[u32], hand: &mut Vec<usize>) -> NodeId {
        if hand.len() == 2 {
            let state = Betting {
                round: 0,
                put: [self.ante, self.ante],
                history: String::new(),
            };
            return self.bet(b, left, hand, &state, "", 0);
        }
        let total: u32 = left.iter().sum();
        assert!(total > 0, "the deck runs out");
        let mut branches = Vec::new();
        for (r, &n) in left.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let mut rest = left.to_vec();
            rest[r] -= 1;
            hand.push(r);
            let child = self.deal(b, &rest, hand);
            hand.pop();
            branches.push((Ratio::new(n.into(), total.into()), child));
        }
        b.chance(branches).expect("deal probabilities add up to 1")
    }

    /// The betting of one round: `line` is this round's actions so far, `bets` its bets.
    fn bet(
        &self,
        b: &mut Builder,
        left: &[u32],
        hand: &mut Vec<usize>,
        state: &Betting,
        line: &str,
        bets: u32,
    ) -> NodeId {
        let mover = line.len() % 2;
        let player = if mover == 0 {
            Player::First
        } else {
            Player::Second
        };
        let name = self.name(hand, mover, &state.history, line);
        let size = self.bets[state.round];
        let facing = state.put[1 - mover] > state.put[mover];
        let mut moves = Vec::new();
        if facing {
            // Fold: the folder loses what they put in.
            let lost = state.put[mover];
            let fold = b.payoff(Ratio::from_integer(
                (if mover == 0 { -lost } else { lost }).into(),
            ));
            moves.push(("fold", fold));
            let mut called = state.clone();
            called.put[mover] = called.put[1 - mover];
            let call = self.end_round(b, left, hand, &called, &format!("{line}c"));
            moves.push(("call", call));
            if bets < self.cap {
                let mut raised = state.clone();
                raised.put[mover] = raised.put[1 - mover] + size;
                let raise = self.bet(b, left, hand, &raised, &format!("{line}r"), bets + 1);
                moves.push(("raise", raise));
            }
        } else {
            let check = if line == "k" {
                self.end_round(b, left, hand, state, "kk")
            } else {
                self.bet(b, left, hand, state, "k", bets)
            };
            moves.push(("check", check));
            let mut raised = state.clone();
            raised.put[mover] += size;
            let bet = self.bet(b, left, hand, &raised, &format!("{line}b"), bets + 1);
            moves.push(("bet", bet));
        }
        b.decision(player, &name, moves)
            .expect("a betting decision is well formed")
    }

    /// After a round's last call or second check: the next round's public card, or the
    /// showdown.
    fn end_round(
        &self,
        b: &mut Builder,
        left: &[u32],
        hand: &mut Vec<usize>,
        state: &Betting,
        line: &str,
    ) -> NodeId {
        let history = if state.history.is_empty() {
            line.to_owned()
        } else {
            format!("{}/{line}", state.history)
        };
        if state.round + 1 < self.bets.len() {
            let total: u32 = left.iter().sum();
            let mut branches = Vec::new();
            for (r, &n) in left.iter().enumerate() {
                if n == 0 {
                    continue;
                }
                let mut rest = left.to_vec();
                rest[r] -= 1;
                hand.push(r);
                let next = Betting {
                    round: state.round + 1,
                    put: state.put,
                    history: history.clone(),
                };
                let child = self.bet(b, &rest, hand, &next, "", 0);
                hand.pop();
                branches.push((Ratio::new(n.into(), total.into()), child));
            }
            return b.chance(branches).expect("deal probabilities add up to 1");
        }
        let strength = |card: usize| {
            let pairs = hand[2..].iter().filter(|&&p| p == card).count();
            (pairs, card)
        };
        let (first, second) = (strength(hand[0]), strength(hand[1]));
        let pot = state.put[0];
        let payoff = match first.cmp(&second) {
            core::cmp::Ordering::Greater => pot,
            core::cmp::Ordering::Less => -pot,
            core::cmp::Ordering::Equal => 0,
        };
        b.payoff(Ratio::from_integer(payoff.into()))
    }

    /// The set's name: the mover's card, the public cards after `/`, the betting after a space.
    fn name(&self, hand: &[usize], mover: usize, history: &str, line: &str) -> String {
        let mut name = String::from(self.deck[hand[mover]].0);
        for &p in &hand[2..] {
            name.push('/');
            name.push(self.deck[p].0);
        }
        let betting = match (history.is_empty(), line.is_empty()) {
            (true, _) => line.to_owned(),
            (false, true) => format!("{history}/"),
            (false, false) => format!("{history}/{line}"),
        };
        if !betting.is_empty() {
            name.push(' ');
            name.push_str(&betting);
        }
        name
    }
}

#[derive(Clone, Debug)]
struct Betting {
    round: usize,
    put: [i64; 2],
    history: String,
}

/// The first player's equilibria of Kuhn poker form a family with one parameter α in
/// [0, 1/3]: with the jack bet with probability α, with the queen always check and call a bet
/// with probability α + 1/3, with the king bet with probability 3α and call a bet; the second
/// player's equilibrium strategy is unique: with the jack bet after a check with probability
/// 1/3 and fold to a bet, with the queen check after a check and call a bet with probability
/// 1/3, with the king always bet and call. Every member gives the value −1/18.
///
/// The profile of parameter `alpha` on `game` (made by [`Poker::kuhn`]); `None` when `alpha`
/// is outside [0, 1/3].
#[must_use]
pub fn kuhn_equilibrium(game: &Extensive, alpha: &Ratio) -> Option<Profile<Ratio>> {
    let third = Ratio::new(1.into(), 3.into());
    if *alpha < Ratio::zero() || *alpha > third {
        return None;
    }
    let one = Ratio::from_integer(1.into());
    let zero = Ratio::zero();
    // (player, set, probability of the set's second action: bet after none, call facing one).
    let second_action = [
        (Player::First, "J", alpha.clone()),
        (Player::First, "Q", zero.clone()),
        (Player::First, "K", alpha * Ratio::from_integer(3.into())),
        (Player::First, "J kb", zero.clone()),
        (Player::First, "Q kb", alpha + &third),
        (Player::First, "K kb", one.clone()),
        (Player::Second, "J k", third.clone()),
        (Player::Second, "Q k", zero.clone()),
        (Player::Second, "K k", one.clone()),
        (Player::Second, "J b", zero),
        (Player::Second, "Q b", third),
        (Player::Second, "K b", one.clone()),
    ];
    let mut probabilities = vec![Vec::new(); game.infosets.len()];
    for (player, name, p) in second_action {
        let i = game.infoset(player, name)?;
        probabilities[i] = vec![&one - &p, p];
    }
    Some(Profile { probabilities })
}
