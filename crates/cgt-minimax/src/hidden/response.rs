//! Strategies, their expected payoff, best responses and exploitability — in exact rationals
//! (to certify an equilibrium) or in floating point (to measure regret minimisation).

use num_traits::{Num, ToPrimitive};

use super::game::{Extensive, Node, NodeId, Player};
use crate::chance::tree::Ratio;

/// A number strategies and payoffs are computed in: [`Ratio`] (exact) or `f64`.
pub trait Scalar: Num + Clone + PartialOrd + core::fmt::Debug {
    /// The rational `r` in this type.
    fn from_ratio(r: &Ratio) -> Self;

    /// How far a sum of probabilities may be from 1: 0 for rationals.
    fn tolerance() -> Self;
}

impl Scalar for Ratio {
    fn from_ratio(r: &Ratio) -> Ratio {
        r.clone()
    }

    fn tolerance() -> Ratio {
        Ratio::from_integer(0.into())
    }
}

impl Scalar for f64 {
    fn from_ratio(r: &Ratio) -> f64 {
        r.to_f64().unwrap_or(f64::NAN)
    }

    fn tolerance() -> f64 {
        1e-9
    }
}

/// A behavioural strategy for both players: for each information set (indexed as
/// [`Extensive::infosets`]), the probability of each action.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile<T> {
    /// Per information set, per action.
    pub probabilities: Vec<Vec<T>>,
}

impl<T: Scalar> Profile<T> {
    /// Every action of every set equally likely.
    #[must_use]
    pub fn uniform(game: &Extensive) -> Profile<T> {
        Profile {
            probabilities: game
                .infosets
                .iter()
                .map(|s| {
                    let n = Ratio::from_integer(s.actions.len().into());
                    vec![T::from_ratio(&n.recip()); s.actions.len()]
                })
                .collect(),
        }
    }

    /// Whether it fits `game` and each set's probabilities are at least 0 and add up to 1
    /// (exactly for rationals, within 1e-9 for floats).
    #[must_use]
    pub fn is_valid(&self, game: &Extensive) -> bool {
        self.probabilities.len() == game.infosets.len()
            && self.probabilities.iter().zip(&game.infosets).all(|(p, s)| {
                let sum = p.iter().fold(T::zero(), |a, x| a + x.clone());
                let slack = T::tolerance();
                let one = T::one();
                p.len() == s.actions.len()
                    && p.iter().all(|x| *x >= T::zero())
                    && sum.clone() <= one.clone() + slack.clone()
                    && sum + slack >= one
            })
    }
}

/// A best response and what it gets.
#[derive(Clone, Debug, PartialEq)]
pub struct Response<T> {
    /// The first player's expected payoff when the responder plays best.
    pub value: T,
    /// The responder's choice at each of its information sets (other sets: `None`).
    pub choices: Vec<Option<usize>>,
}

impl Extensive {
    /// The first player's expected payoff when both play `profile`.
    #[must_use]
    pub fn expected<T: Scalar>(&self, profile: &Profile<T>) -> T {
        let mut value: Vec<Option<T>> = vec![None; self.nodes.len()];
        for &id in self.preorder.iter().rev() {
            let v = match &self.nodes[id] {
                Node::Payoff(p) => T::from_ratio(p),
                Node::Chance(branches) => branches.iter().fold(T::zero(), |a, (p, c)| {
                    a + T::from_ratio(p) * take(&mut value, *c)
                }),
                Node::Decision { infoset, children } => children
                    .iter()
                    .zip(&profile.probabilities[*infoset])
                    .fold(T::zero(), |a, (c, p)| a + p.clone() * take(&mut value, *c)),
            };
            value[id] = Some(v);
        }
        take(&mut value, self.root)
    }

    /// The best `responder` can do against the other player's half of `profile`: the
    /// first player's payoff (the most for the first player, the least for the second) and
    /// the choices reaching it (ties go to the first action).
    #[must_use]
    pub fn best_response<T: Scalar>(&self, responder: Player, profile: &Profile<T>) -> Response<T> {
        // What the opponent and chance contribute to reaching each node.
        let mut reach: Vec<T> = vec![T::zero(); self.nodes.len()];
        reach[self.root] = T::one();
        for &id in &self.preorder {
            let r = reach[id].clone();
            match &self.nodes[id] {
                Node::Payoff(_) => {}
                Node::Chance(branches) => {
                    for (p, c) in branches {
                        reach[*c] = r.clone() * T::from_ratio(p);
                    }
                }
                Node::Decision { infoset, children } => {
                    let own = self.infosets[*infoset].player == responder;
                    for (c, p) in children.iter().zip(&profile.probabilities[*infoset]) {
                        reach[*c] = if own {
                            r.clone()
                        } else {
                            r.clone() * p.clone()
                        };
                    }
                }
            }
        }
        let mut search = Responder {
            game: self,
            responder,
            profile,
            reach,
            value: vec![None; self.nodes.len()],
            choices: vec![None; self.infosets.len()],
        };
        let value = search.value(self.root);
        Response {
            value,
            choices: search.choices,
        }
    }

    /// How far `profile` is from an equilibrium: what the first player gains by a best
    /// response plus what the second gains by one, `BR₁ − BR₂ ≥ 0`, 0 exactly at an
    /// equilibrium. Each half of the profile guarantees its player the value within it.
    #[must_use]
    pub fn exploitability<T: Scalar>(&self, profile: &Profile<T>) -> T {
        self.best_response(Player::First, profile).value
            - self.best_response(Player::Second, profile).value
    }
}

fn take<T: Clone>(value: &mut [Option<T>], id: NodeId) -> T {
    value[id]
        .clone()
        .expect("children are valued before parents")
}

struct Responder<'a, T> {
    game: &'a Extensive,
    responder: Player,
    profile: &'a Profile<T>,
    reach: Vec<T>,
    value: Vec<Option<T>>,
    choices: Vec<Option<usize>>,
}

impl<T: Scalar> Responder<'_, T> {
    /// The node's value with the responder's choices made best. With perfect recall a choice
    /// depends only on the responder's later sets, so the recursion is well founded.
    fn value(&mut self, id: NodeId) -> T {
        if let Some(v) = &self.value[id] {
            return v.clone();
        }
        let game = self.game;
        let v = match &game.nodes[id] {
            Node::Payoff(p) => T::from_ratio(p),
            Node::Chance(branches) => branches
                .iter()
                .fold(T::zero(), |a, (p, c)| a + T::from_ratio(p) * self.value(*c)),
            Node::Decision { infoset, children } => {
                if game.infosets[*infoset].player == self.responder {
                    let a = self.choose(*infoset);
                    self.value(children[a])
                } else {
                    let probabilities = &self.profile.probabilities[*infoset];
                    children
                        .iter()
                        .zip(probabilities)
                        .fold(T::zero(), |acc, (c, p)| acc + p.clone() * self.value(*c))
                }
            }
        };
        self.value[id] = Some(v.clone());
        v
    }

    /// The responder's best action at `infoset`: the most (least, for the second player)
    /// reach-weighted sum of its nodes' values.
    fn choose(&mut self, infoset: usize) -> usize {
        if let Some(a) = self.choices[infoset] {
            return a;
        }
        let game = self.game;
        let set = &game.infosets[infoset];
        let mut best: Option<(usize, T)> = None;
        for a in 0..set.actions.len() {
            let mut total = T::zero();
            for &h in &set.nodes {
                let Node::Decision { children, .. } = &game.nodes[h] else {
                    unreachable!("an information set holds decisions")
                };
                if self.reach[h] != T::zero() {
                    total = total + self.reach[h].clone() * self.value(children[a]);
                }
            }
            let better = match &best {
                None => true,
                Some((_, b)) => match self.responder {
                    Player::First => total > *b,
                    Player::Second => total < *b,
                },
            };
            if better {
                best = Some((a, total));
            }
        }
        let a = best.map_or(0, |b| b.0);
        self.choices[infoset] = Some(a);
        a
    }
}
