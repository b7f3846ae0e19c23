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
        let root = self.build(&mut b, &Hand::new(self));
        b.finish(root).expect("a poker tree is well formed")
    }

    /// The subtree from `hand`: chance deals a card while one is due, else the mover bets.
    fn build(&self, b: &mut Builder, hand: &Hand) -> NodeId {
        if hand.card_due() {
            let left = hand.left(self);
            let total: u32 = left.iter().sum();
            assert!(total > 0, "the deck runs out");
            let branches = left
                .iter()
                .enumerate()
                .filter(|&(_, &n)| n > 0)
                .map(|(r, &n)| {
                    let child = self.build(b, &hand.dealt(r));
                    (Ratio::new(n.into(), total.into()), child)
                })
                .collect();
            return b.chance(branches).expect("deal probabilities add up to 1");
        }
        let moves = hand
            .actions(self)
            .into_iter()
            .map(|a| {
                let child = match hand.act(self, a) {
                    After::Betting(next) => self.build(b, &next),
                    After::Over(_, payoff) => b.payoff(Ratio::from_integer(payoff.into())),
                };
                (a.to_string(), child)
            })
            .collect();
        b.decision(hand.mover(), &hand.infoset(self), moves)
            .expect("a betting decision is well formed")
    }

    /// The rank written `c` (`'J'`, `'Q'`, `'K'`, either case).
    #[must_use]
    pub fn rank(&self, c: char) -> Option<usize> {
        self.deck.iter().position(|d| d.0 == c.to_ascii_uppercase())
    }
}

/// A betting action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Bet nothing, with no bet to face.
    Check,
    /// Put in the round's bet, with no bet to face.
    Bet,
    /// Give up, facing a bet: lose what one has put in.
    Fold,
    /// Match the bet faced; the round ends.
    Call,
    /// Match the bet faced and add the round's bet.
    Raise,
}

impl Action {
    fn letter(self) -> char {
        match self {
            Action::Check => 'k',
            Action::Bet => 'b',
            Action::Fold => 'f',
            Action::Call => 'c',
            Action::Raise => 'r',
        }
    }
}

impl core::fmt::Display for Action {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Action::Check => "check",
            Action::Bet => "bet",
            Action::Fold => "fold",
            Action::Call => "call",
            Action::Raise => "raise",
        })
    }
}

/// What an action leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum After {
    /// The betting goes on (a card may be due first: [`Hand::card_due`]).
    Betting(Hand),
    /// The hand is over: as it ended, and the first player's payoff.
    Over(Hand, i64),
}

/// A hand in progress: the cards dealt so far (the first player's, the second's, then the
/// public cards, as ranks) and the betting.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    /// The ranks dealt, as indexes of [`Poker::deck`].
    pub cards: Vec<usize>,
    /// What each player has put in.
    pub put: [i64; 2],
    /// The finished rounds' betting, each ended by `/`.
    history: String,
    /// This round's betting so far.
    line: String,
    /// This round's bets and raises.
    bets: u32,
}

impl Hand {
    /// Before the deal: both antes in.
    #[must_use]
    pub fn new(poker: &Poker) -> Hand {
        Hand {
            cards: Vec::new(),
            put: [poker.ante, poker.ante],
            history: String::new(),
            line: String::new(),
            bets: 0,
        }
    }

    /// The round being bet, from 0.
    #[must_use]
    pub fn round(&self) -> usize {
        self.history.matches('/').count()
    }

    /// Whether chance deals next: the private cards, then a public card at the start of each
    /// round after the first.
    #[must_use]
    pub fn card_due(&self) -> bool {
        self.cards.len() < 2 + self.round()
    }

    /// The cards still in the deck, per rank.
    #[must_use]
    pub fn left(&self, poker: &Poker) -> Vec<u32> {
        let mut left: Vec<u32> = poker.deck.iter().map(|d| d.1).collect();
        for &c in &self.cards {
            left[c] -= 1;
        }
        left
    }

    /// The hand with `rank` dealt next.
    #[must_use]
    pub fn dealt(&self, rank: usize) -> Hand {
        let mut next = self.clone();
        next.cards.push(rank);
        next
    }

    /// Who bets next: the first player opens every round.
    #[must_use]
    pub fn mover(&self) -> Player {
        if self.line.len().is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    fn facing(&self) -> bool {
        let m = self.mover().index();
        self.put[1 - m] > self.put[m]
    }

    /// The mover's actions: check or bet; facing a bet, fold, call or (below the cap) raise.
    #[must_use]
    pub fn actions(&self, poker: &Poker) -> Vec<Action> {
        if self.facing() {
            let mut out = vec![Action::Fold, Action::Call];
            if self.bets < poker.cap {
                out.push(Action::Raise);
            }
            out
        } else {
            vec![Action::Check, Action::Bet]
        }
    }

    /// The hand after the mover's `action`, and whether that ends it with the first player's
    /// payoff: a fold loses what the folder put in; at the showdown a card pairing a public
    /// card wins, then the higher rank, and equal hands split.
    #[must_use]
    pub fn act(&self, poker: &Poker, action: Action) -> After {
        let m = self.mover().index();
        let mut next = self.clone();
        next.line.push(action.letter());
        let size = poker.bets[self.round()];
        match action {
            Action::Fold => {
                let lost = self.put[m];
                let payoff = if m == 0 { -lost } else { lost };
                return After::Over(next, payoff);
            }
            Action::Check if self.line.is_empty() => return After::Betting(next),
            Action::Check | Action::Call => {
                next.put[m] = next.put[1 - m];
                return next.end_round(poker);
            }
            Action::Bet => next.put[m] += size,
            Action::Raise => next.put[m] = next.put[1 - m] + size,
        }
        next.bets += 1;
        After::Betting(next)
    }

    /// After a round's last call or second check: the next round, or the showdown.
    fn end_round(mut self, poker: &Poker) -> After {
        let line = core::mem::take(&mut self.line);
        self.history.push_str(&line);
        self.history.push('/');
        self.bets = 0;
        if self.round() < poker.bets.len() {
            return After::Betting(self);
        }
        let payoff = self.showdown();
        After::Over(self, payoff)
    }

    /// The first player's payoff at the showdown (the pots are equal then).
    #[must_use]
    pub fn showdown(&self) -> i64 {
        let strength = |card: usize| {
            let pairs = self.cards[2..].iter().filter(|&&p| p == card).count();
            (pairs, card)
        };
        let pot = self.put[0];
        match strength(self.cards[0]).cmp(&strength(self.cards[1])) {
            core::cmp::Ordering::Greater => pot,
            core::cmp::Ordering::Less => -pot,
            core::cmp::Ordering::Equal => 0,
        }
    }

    /// The betting so far: rounds separated by `/` (`"kbc/k"`).
    #[must_use]
    pub fn betting(&self) -> String {
        format!("{}{}", self.history, self.line)
    }

    /// The mover's information set: their card, the public cards after `/`, the betting after
    /// a space.
    #[must_use]
    pub fn infoset(&self, poker: &Poker) -> String {
        let mut name = String::from(poker.deck[self.cards[self.mover().index()]].0);
        for &p in &self.cards[2..] {
            name.push('/');
            name.push(poker.deck[p].0);
        }
        let betting = self.betting();
        if !betting.is_empty() {
            name.push(' ');
            name.push_str(&betting);
        }
        name
    }
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
