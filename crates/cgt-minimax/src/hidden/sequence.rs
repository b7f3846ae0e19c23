//! Exact equilibria by the sequence form (Koller, Megiddo and von Stengel, 1996).
//!
//! A player's *sequence* is the list of their own moves on the way to a node; with perfect
//! recall it is named by its last move, an (information set, action) pair, or is empty. A
//! *realisation plan* gives each sequence the probability that the player's own moves follow
//! it: `x(∅) = 1` and, at each of the player's sets `I` reached by sequence `σ`,
//! `Σₐ x(σ·a) = x(σ)`. The payoff is bilinear in the two plans, `xᵀ·A·y`, where `A[σ₁][σ₂]`
//! adds chance's probability times the payoff of each leaf the pair of sequences reaches.
//!
//! For a fixed `x` the second player's best reply is a linear program in `y`; its dual has
//! one free variable per second-player set (plus one for the root), so the first player's
//! equilibrium strategy is the solution of one linear program,
//! `maximise q₀ subject to Fᵀq ≤ Aᵀx, E·x = e, x ≥ 0`, of size linear in the tree (where the
//! normal form is exponential). The second player's strategy solves the same program with the
//! roles exchanged. Both are solved exactly ([`crate::lp`]), turned into behavioural
//! strategies (`x(σ·a) / x(σ)`; a set the player's own plan never reaches gets a uniform
//! choice, which changes no payoff), and certified: each player's best response to the other
//! gains nothing, computed exactly.

use std::collections::BTreeMap;

use cgt_core::budget::{Budget, Exceeded};
use num_traits::{One, Signed, Zero};

use super::game::{Extensive, Node, Player};
use super::response::Profile;
use crate::chance::tree::Ratio;
use crate::lp::{self, LpError, Program, Relation};

/// An equilibrium of a game, exactly.
#[derive(Clone, Debug, PartialEq)]
pub struct Equilibrium {
    /// The game's value to the first player.
    pub value: Ratio,
    /// An equilibrium strategy for each player, behavioural.
    pub profile: Profile<Ratio>,
    /// The number of sequences of each player (the sizes of the two linear programs).
    pub sequences: [usize; 2],
}

/// Each player's sequences: index 0 is the empty one, then each (set, action) of theirs.
struct Sequences {
    /// `of[infoset][action]`: the sequence ending with that move, in its player's numbering.
    of: Vec<Vec<usize>>,
    /// `parent[infoset]`: the player's sequence reaching that set.
    parent: Vec<usize>,
    count: [usize; 2],
}

impl Sequences {
    fn new(game: &Extensive) -> Sequences {
        let mut count = [1, 1];
        let of: Vec<Vec<usize>> = game
            .infosets
            .iter()
            .map(|s| {
                let c = &mut count[s.player.index()];
                let first = *c;
                *c += s.actions.len();
                (first..*c).collect()
            })
            .collect();
        let parent = game
            .infosets
            .iter()
            .map(|s| s.before.map_or(0, |(i, a)| of[i][a]))
            .collect();
        Sequences { of, parent, count }
    }
}

impl Extensive {
    /// An equilibrium and the value, exactly.
    #[must_use]
    pub fn solve(&self) -> Equilibrium {
        self.solve_within(&Budget::unlimited())
            .expect("an unlimited budget is never exceeded")
    }

    /// As [`Extensive::solve`], the budget's time limit and stop flag read at every pivot.
    ///
    /// # Errors
    /// [`Exceeded`] when the budget runs out first.
    pub fn solve_within(&self, budget: &Budget) -> Result<Equilibrium, Exceeded> {
        let sequences = Sequences::new(self);
        let payoffs = self.sequence_payoffs(&sequences);
        let mut probabilities = vec![Vec::new(); self.infosets.len()];
        let mut values = Vec::new();
        for player in [Player::First, Player::Second] {
            let (value, plan) = self.plan(player, &sequences, &payoffs, budget)?;
            values.push(if player == Player::First {
                value
            } else {
                -value
            });
            for (i, set) in self.infosets.iter().enumerate() {
                if set.player != player {
                    continue;
                }
                let base = &plan[sequences.parent[i]];
                probabilities[i] = if base.is_positive() {
                    sequences.of[i].iter().map(|&s| &plan[s] / base).collect()
                } else {
                    let n = Ratio::from_integer(set.actions.len().into());
                    vec![n.recip(); set.actions.len()]
                };
            }
        }
        debug_assert_eq!(values[0], values[1], "the two programs meet at the value");
        Ok(Equilibrium {
            value: values.swap_remove(0),
            profile: Profile { probabilities },
            sequences: sequences.count,
        })
    }

    /// `A[(σ₁, σ₂)]`: chance's probability times the payoff, summed over the leaves the
    /// pair reaches (ordered, so the programs are built the same way every time).
    fn sequence_payoffs(&self, sequences: &Sequences) -> BTreeMap<(usize, usize), Ratio> {
        let mut at = vec![([0usize; 2], Ratio::one()); self.nodes.len()];
        let mut payoffs: BTreeMap<(usize, usize), Ratio> = BTreeMap::new();
        for &id in &self.preorder {
            let (seq, chance) = at[id].clone();
            match &self.nodes[id] {
                Node::Payoff(v) => {
                    if !v.is_zero() {
                        *payoffs.entry((seq[0], seq[1])).or_default() += &chance * v;
                    }
                }
                Node::Chance(branches) => {
                    for (p, c) in branches {
                        at[*c] = (seq, &chance * p);
                    }
                }
                Node::Decision { infoset, children } => {
                    let p = self.infosets[*infoset].player.index();
                    for (a, c) in children.iter().enumerate() {
                        let mut next = seq;
                        next[p] = sequences.of[*infoset][a];
                        at[*c] = (next, chance.clone());
                    }
                }
            }
        }
        payoffs
    }

    /// `player`'s optimal realisation plan and the payoff it guarantees them (their own: the
    /// second player's is the first player's negated).
    fn plan(
        &self,
        player: Player,
        sequences: &Sequences,
        payoffs: &BTreeMap<(usize, usize), Ratio>,
        budget: &Budget,
    ) -> Result<(Ratio, Vec<Ratio>), Exceeded> {
        let (own, other) = (player.index(), player.other().index());
        let n = sequences.count[own];
        let other_sets: Vec<usize> = (0..self.infosets.len())
            .filter(|&i| self.infosets[i].player == player.other())
            .collect();
        let k = 1 + other_sets.len();
        // Columns: x (n), q⁺ (k), q⁻ (k).
        let (plus, minus) = (n, n + k);
        let mut rows = vec![(vec![(0, Ratio::one())], Relation::Equal, Ratio::one())];
        for (i, set) in self.infosets.iter().enumerate() {
            if set.player == player {
                let mut row: Vec<(usize, Ratio)> =
                    sequences.of[i].iter().map(|&s| (s, Ratio::one())).collect();
                row.push((sequences.parent[i], -Ratio::one()));
                rows.push((row, Relation::Equal, Ratio::zero()));
            }
        }
        // One row per opponent sequence j: (Fᵀq)_j − (Mᵀx)_j ≤ 0.
        let mut per_sequence: Vec<Vec<(usize, Ratio)>> = vec![Vec::new(); sequences.count[other]];
        let q = |row: &mut Vec<(usize, Ratio)>, slot: usize, sign: Ratio| {
            row.push((plus + slot, sign.clone()));
            row.push((minus + slot, -sign));
        };
        q(&mut per_sequence[0], 0, Ratio::one());
        for (slot, &j) in other_sets.iter().enumerate() {
            q(
                &mut per_sequence[sequences.parent[j]],
                slot + 1,
                -Ratio::one(),
            );
            for &s in &sequences.of[j] {
                q(&mut per_sequence[s], slot + 1, Ratio::one());
            }
        }
        for (&(s1, s2), v) in payoffs {
            // Mᵀx: the player's own payoff, negated for the second player.
            let (i, j, mine) = if player == Player::First {
                (s1, s2, v.clone())
            } else {
                (s2, s1, -v)
            };
            per_sequence[j].push((i, -mine));
        }
        rows.extend(
            per_sequence
                .into_iter()
                .map(|r| (r, Relation::AtMost, Ratio::zero())),
        );
        let mut objective = vec![Ratio::zero(); n + 2 * k];
        objective[plus] = Ratio::one();
        objective[minus] = -Ratio::one();
        match lp::maximise_guided(&Program { objective, rows }, budget) {
            Ok(o) => Ok((o.value, o.x[..n].to_vec())),
            Err(LpError::Exceeded(e)) => Err(e),
            // x = the uniform plan is feasible and q is bounded by the payoffs.
            Err(e) => unreachable!("a sequence-form program has an optimum: {e:?}"),
        }
    }
}

impl Equilibrium {
    /// Whether this is an equilibrium of `game` with its value: the profile is a strategy
    /// for each player and neither gains by a best response (computed exactly).
    #[must_use]
    pub fn check(&self, game: &Extensive) -> bool {
        self.profile.is_valid(game)
            && game.best_response(Player::First, &self.profile).value == self.value
            && game.best_response(Player::Second, &self.profile).value == self.value
    }
}
