//! Counterfactual regret minimisation (Zinkevich, Johanson, Bowling and Piccione, 2007) in
//! its CFR+ form (Tammelin, 2014): the approximate method for games too large for the exact
//! linear program.
//!
//! Each iteration walks the tree once for each player in turn (alternating updates). At each
//! of the walking player's sets it adds to every action's regret the *counterfactual* gain of
//! that action over the current strategy — values weighted by the probability that chance and
//! the opponent reach the node — and clamps regrets at 0 (regret matching⁺); the next
//! strategy plays each action in proportion to its regret. The average of the strategies,
//! iteration `t` weighted by `t`, converges to an equilibrium; its exploitability
//! ([`Extensive::exploitability`], computed exactly for the average in floating point) is the
//! distance reported. Everything is sequential and in a fixed order: the same iterations give
//! the same strategy on every machine.

use cgt_core::budget::{Budget, Exceeded};

use super::game::{Extensive, Node, NodeId, Player};
use super::response::{Profile, Scalar};

/// A regret-minimisation run on one game.
#[derive(Clone, Debug)]
pub struct Cfr<'g> {
    game: &'g Extensive,
    payoffs: Vec<f64>,
    chance: Vec<Vec<f64>>,
    regrets: Vec<Vec<f64>>,
    averages: Vec<Vec<f64>>,
    current: Vec<Vec<f64>>,
    iterations: u64,
}

/// The exploitability of the average strategy after some iterations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Checkpoint {
    /// Iterations run.
    pub iterations: u64,
    /// `BR₁ − BR₂` of the average strategy (0 at an equilibrium).
    pub exploitability: f64,
    /// The most the average's first-player half guarantees (the second player's best reply).
    pub lower: f64,
    /// The least the average's second-player half concedes (the first player's best reply).
    pub upper: f64,
}

impl<'g> Cfr<'g> {
    /// A run at its start: every regret 0, the uniform strategy current.
    #[must_use]
    pub fn new(game: &'g Extensive) -> Cfr<'g> {
        let payoffs = game
            .nodes
            .iter()
            .map(|n| match n {
                Node::Payoff(v) => f64::from_ratio(v),
                _ => 0.0,
            })
            .collect();
        let chance = game
            .nodes
            .iter()
            .map(|n| match n {
                Node::Chance(branches) => {
                    branches.iter().map(|(p, _)| f64::from_ratio(p)).collect()
                }
                _ => Vec::new(),
            })
            .collect();
        let zeros: Vec<Vec<f64>> = game
            .infosets
            .iter()
            .map(|s| vec![0.0; s.actions.len()])
            .collect();
        let mut run = Cfr {
            game,
            payoffs,
            chance,
            regrets: zeros.clone(),
            averages: zeros.clone(),
            current: zeros,
            iterations: 0,
        };
        run.match_regrets();
        run
    }

    /// Iterations run so far.
    #[must_use]
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Runs `iterations` more, reading the budget's time limit and stop flag after each.
    ///
    /// # Errors
    /// [`Exceeded`] when the budget runs out first (the iterations done are kept).
    pub fn run(&mut self, iterations: u64, budget: &Budget) -> Result<(), Exceeded> {
        for _ in 0..iterations {
            self.iterations += 1;
            let weight = self.iterations as f64;
            for player in [Player::First, Player::Second] {
                self.walk(self.game.root, player, 1.0, 1.0, weight);
                for (set, regrets) in self.game.infosets.iter().zip(&mut self.regrets) {
                    if set.player == player {
                        for r in regrets.iter_mut() {
                            *r = r.max(0.0);
                        }
                    }
                }
                self.match_regrets();
            }
            budget.check_interrupt()?;
        }
        Ok(())
    }

    /// Each action in proportion to its positive regret (uniform when none is positive).
    fn match_regrets(&mut self) {
        for (current, regrets) in self.current.iter_mut().zip(&self.regrets) {
            let total: f64 = regrets.iter().map(|r| r.max(0.0)).sum();
            let n = regrets.len() as f64;
            for (c, r) in current.iter_mut().zip(regrets) {
                *c = if total > 0.0 {
                    r.max(0.0) / total
                } else {
                    1.0 / n
                };
            }
        }
    }

    /// The walking player's value of `id` (payoffs from their side), adding regrets at their
    /// sets and the reach-weighted current strategy to the average at them.
    fn walk(&mut self, id: NodeId, walker: Player, own: f64, others: f64, weight: f64) -> f64 {
        let game = self.game;
        match &game.nodes[id] {
            Node::Payoff(_) => match walker {
                Player::First => self.payoffs[id],
                Player::Second => -self.payoffs[id],
            },
            Node::Chance(branches) => {
                let mut v = 0.0;
                for (b, (_, c)) in branches.iter().enumerate() {
                    let p = self.chance[id][b];
                    v += p * self.walk(*c, walker, own, others * p, weight);
                }
                v
            }
            Node::Decision { infoset, children } => {
                let i = *infoset;
                let strategy = self.current[i].clone();
                if game.infosets[i].player == walker {
                    let values: Vec<f64> = children
                        .iter()
                        .zip(&strategy)
                        .map(|(c, p)| self.walk(*c, walker, own * p, others, weight))
                        .collect();
                    let v: f64 = values.iter().zip(&strategy).map(|(x, p)| x * p).sum();
                    for (a, x) in values.iter().enumerate() {
                        self.regrets[i][a] += others * (x - v);
                        self.averages[i][a] += weight * own * strategy[a];
                    }
                    v
                } else {
                    children
                        .iter()
                        .zip(&strategy)
                        .map(|(c, p)| p * self.walk(*c, walker, own, others * p, weight))
                        .sum()
                }
            }
        }
    }

    /// The average strategy (uniform at a set never reached).
    #[must_use]
    pub fn average(&self) -> Profile<f64> {
        Profile {
            probabilities: self
                .averages
                .iter()
                .map(|a| {
                    let total: f64 = a.iter().sum();
                    let n = a.len() as f64;
                    a.iter()
                        .map(|x| if total > 0.0 { x / total } else { 1.0 / n })
                        .collect()
                })
                .collect(),
        }
    }

    /// The average strategy's exploitability and the bounds its halves guarantee.
    #[must_use]
    pub fn checkpoint(&self) -> Checkpoint {
        let average = self.average();
        let upper = self.game.best_response(Player::First, &average).value;
        let lower = self.game.best_response(Player::Second, &average).value;
        Checkpoint {
            iterations: self.iterations,
            exploitability: upper - lower,
            lower,
            upper,
        }
    }
}
