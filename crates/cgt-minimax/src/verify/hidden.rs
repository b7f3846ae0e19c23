//! Sweeps of games with hidden information: the sequence form against the normal form, best
//! responses against enumeration, Kuhn poker's family, and the brackets of CFR+.

use std::collections::HashMap;

use cgt_core::budget::Budget;
use cgt_core::verify::{Config, Rng, Tally, check_cases};
use num_traits::{One, Zero};

use crate::chance::tree::Ratio;
use crate::hidden::{
    Builder, Cfr, Extensive, Node, NodeId, Player, Poker, Profile, Scalar, kuhn_equilibrium,
};
use crate::matrix::MatrixGame;

/// The most pure strategies of one player the normal-form oracle enumerates.
const MAX_PURE: usize = 64;

/// A random game with perfect recall: decisions of either player, chance nodes of two or
/// three branches, payoffs in −5..5. A decision's information set is named by its player's
/// own last move and a signal of one bit, so a player always remembers their own moves but
/// may not see chance's or the other player's.
fn random_game(rng: &mut Rng, depth: u32) -> Extensive {
    struct Maker<'r> {
        rng: &'r mut Rng,
        builder: Builder,
        actions: HashMap<String, usize>,
    }
    impl Maker<'_> {
        fn node(&mut self, depth: u32, memory: [String; 2]) -> NodeId {
            let roll = self.rng.below(10);
            if depth == 0 || (roll < 2 && !self.actions.is_empty()) {
                let v = self.rng.below(11) as i64 - 5;
                return self.builder.payoff(Ratio::from_integer(v.into()));
            }
            if roll < 4 {
                let ps: &[(i64, i64)] = if self.rng.chance(1, 2) {
                    &[(1, 2), (1, 2)]
                } else {
                    &[(1, 3), (1, 6), (1, 2)]
                };
                let branches = ps
                    .iter()
                    .map(|&(n, d)| {
                        let child = self.node(depth - 1, memory.clone());
                        (Ratio::new(n.into(), d.into()), child)
                    })
                    .collect();
                return self
                    .builder
                    .chance(branches)
                    .expect("probabilities add up to 1");
            }
            let player = if self.rng.chance(1, 2) {
                Player::First
            } else {
                Player::Second
            };
            let p = player.index();
            let set = format!("{}{}:{}", p + 1, memory[p], self.rng.below(2));
            let width = *self
                .actions
                .entry(set.clone())
                .or_insert_with(|| 2 + self.rng.below(2) as usize);
            let moves: Vec<(String, NodeId)> = (0..width)
                .map(|a| {
                    let mut next = memory.clone();
                    next[p] = format!("{set}.{a}");
                    (format!("a{a}"), self.node(depth - 1, next))
                })
                .collect();
            self.builder
                .decision(player, &set, moves)
                .expect("a set has one width")
        }
    }
    let mut maker = Maker {
        rng,
        builder: Builder::new(),
        actions: HashMap::new(),
    };
    let root = maker.node(depth, [String::new(), String::new()]);
    maker
        .builder
        .finish(root)
        .expect("perfect recall by construction")
}

/// A player's pure strategies: one action per own set, all of them (or `None` past
/// [`MAX_PURE`]).
fn pure_strategies(game: &Extensive, player: Player) -> Option<Vec<Vec<usize>>> {
    let mut all = vec![vec![0; game.infosets().len()]];
    for (i, set) in game.infosets().iter().enumerate() {
        if set.player != player {
            continue;
        }
        let n = set.actions.len();
        all = all
            .into_iter()
            .flat_map(|s| {
                (0..n).map(move |a| {
                    let mut t = s.clone();
                    t[i] = a;
                    t
                })
            })
            .collect();
        if all.len() > MAX_PURE {
            return None;
        }
    }
    Some(all)
}

/// The oracle's payoff: the first player plays `first` (pure), the second either a pure
/// strategy or a behavioural one.
fn payoff(game: &Extensive, id: NodeId, first: &[usize], second: &Second<'_>) -> Ratio {
    match game.node(id) {
        Node::Payoff(v) => v.clone(),
        Node::Chance(branches) => branches
            .iter()
            .map(|(p, c)| p * payoff(game, *c, first, second))
            .sum(),
        Node::Decision { infoset, children } => {
            if game.infosets()[*infoset].player == Player::First {
                payoff(game, children[first[*infoset]], first, second)
            } else {
                match second {
                    Second::Pure(s) => payoff(game, children[s[*infoset]], first, second),
                    Second::Mixed(profile) => children
                        .iter()
                        .zip(&profile.probabilities[*infoset])
                        .map(|(c, p)| p * payoff(game, *c, first, second))
                        .sum(),
                }
            }
        }
    }
}

enum Second<'a> {
    Pure(&'a [usize]),
    Mixed(&'a Profile<Ratio>),
}

pub(super) fn sequence_form(config: &Config) -> Tally {
    check_cases(config, config.scale.pick(60, 1_500, 20_000), |case| {
        let mut rng = Rng::for_case("minimax/sequence-form", case);
        let game = random_game(&mut rng, 3 + (case % 2) as u32);
        let e = game.solve();
        if !e.check(&game) {
            return Err(format!(
                "{game}: the equilibrium does not certify {}",
                e.value
            ));
        }
        let (Some(firsts), Some(seconds)) = (
            pure_strategies(&game, Player::First),
            pure_strategies(&game, Player::Second),
        ) else {
            return Ok(());
        };
        let rows = firsts
            .iter()
            .map(|f| {
                seconds
                    .iter()
                    .map(|s| payoff(&game, game.root(), f, &Second::Pure(s)))
                    .collect()
            })
            .collect();
        let normal = MatrixGame::new(rows)
            .map_err(|err| format!("{game}: {err}"))?
            .solve();
        if normal.value != e.value {
            return Err(format!(
                "{game}: sequence form {}, normal form {}",
                e.value, normal.value
            ));
        }
        // The first player's best reply to the second's equilibrium half, by enumeration.
        let best = firsts
            .iter()
            .map(|f| payoff(&game, game.root(), f, &Second::Mixed(&e.profile)))
            .max()
            .unwrap_or_else(Ratio::zero);
        let computed = game.best_response(Player::First, &e.profile).value;
        if best != computed || best != e.value {
            return Err(format!(
                "{game}: best reply by enumeration {best}, computed {computed}, value {}",
                e.value
            ));
        }
        Ok(())
    })
}

pub(super) fn kuhn_family(config: &Config) -> Tally {
    let game = Poker::kuhn().game();
    let value = Ratio::new((-1).into(), 18.into());
    let steps = config.scale.pick(6u64, 60, 600);
    check_cases(config, steps + 2, |case| {
        if case == steps + 1 {
            let e = game.solve();
            return if e.value == value && e.check(&game) {
                Ok(())
            } else {
                Err(format!("the sequence form gives {}", e.value))
            };
        }
        let alpha = Ratio::new(case.into(), (3 * steps).into());
        let third = Ratio::new(1.into(), 3.into());
        match kuhn_equilibrium(&game, &alpha) {
            None if alpha > third => Ok(()),
            None => Err(format!("α = {alpha} is refused")),
            Some(_) if alpha > third => Err(format!("α = {alpha} is accepted")),
            Some(profile) => {
                let (v, x) = (game.expected(&profile), game.exploitability(&profile));
                if v == value && x.is_zero() {
                    Ok(())
                } else {
                    Err(format!("α = {alpha}: value {v}, exploitability {x}"))
                }
            }
        }
    })
}

pub(super) fn cfr_brackets(config: &Config) -> Tally {
    check_cases(config, config.scale.pick(20, 300, 3_000), |case| {
        let mut rng = Rng::for_case("minimax/cfr-brackets", case);
        let game = random_game(&mut rng, 4);
        let exact = f64::from_ratio(&game.solve().value);
        let (lo, hi) = game.payoff_range();
        let range = f64::from_ratio(&(hi - lo + Ratio::one()));
        let mut run = Cfr::new(&game);
        run.run(1_000, &Budget::unlimited())
            .map_err(|e| e.to_string())?;
        let c = run.checkpoint();
        let slack = 1e-9;
        if !(c.lower <= exact + slack && exact <= c.upper + slack) {
            return Err(format!(
                "{game}: value {exact} outside [{}, {}]",
                c.lower, c.upper
            ));
        }
        if c.exploitability > 0.01 * range {
            return Err(format!(
                "{game}: exploitability {} after 1,000 iterations",
                c.exploitability
            ));
        }
        Ok(())
    })
}

/// Leduc hold'em (at test scale, its two-rank deck) solved exactly: the equilibrium gives
/// neither player anything by a best response, and its value lies within the bracket of
/// 1,000 iterations of CFR+.
pub(super) fn leduc_exact(config: &Config) -> Tally {
    let poker = config.scale.pick(
        Poker {
            deck: vec![('Q', 2), ('K', 2)],
            ..Poker::leduc()
        },
        Poker::leduc(),
        Poker::leduc(),
    );
    let game = poker.game();
    check_cases(config, 1, |_| {
        let e = game.solve();
        if !e.check(&game) {
            return Err(format!("the equilibrium does not certify {}", e.value));
        }
        let mut run = Cfr::new(&game);
        run.run(1_000, &Budget::unlimited())
            .map_err(|e| e.to_string())?;
        let c = run.checkpoint();
        let v = f64::from_ratio(&e.value);
        if c.lower <= v + 1e-9 && v <= c.upper + 1e-9 {
            Ok(())
        } else {
            Err(format!(
                "value {} outside CFR+'s [{}, {}]",
                e.value, c.lower, c.upper
            ))
        }
    })
}

/// The seeds' claim that minimax (with alpha-beta) is the method for hidden information: the
/// minimax value of the tree with every node seen is compared with the equilibrium value.
pub(super) fn minimax_with_hidden_moves(config: &Config) -> Tally {
    check_cases(config, config.scale.pick(60, 1_500, 20_000), |case| {
        let mut rng = Rng::for_case("minimax/hidden-information-by-minimax", case);
        let game = random_game(&mut rng, 3 + (case % 2) as u32);
        let (seen, value) = (game.seen_value(), game.solve().value);
        if seen == value {
            Ok(())
        } else {
            Err(format!(
                "{game}: minimax with every move seen gives {seen}, the value is {value}"
            ))
        }
    })
}
