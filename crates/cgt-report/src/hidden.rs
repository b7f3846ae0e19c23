//! `cgt hidden`: a game of hidden information — Kuhn poker, Leduc hold'em or a tree with
//! information sets — solved exactly by the sequence form or approximately by CFR+, with each
//! player's strategy and the minimax value the same tree would have if everything were seen.

use std::time::Duration;

use cgt_core::budget::Budget;
use cgt_minimax::hidden::{self, Cfr, Extensive, Player, Poker, Profile, Scalar};
use num_traits::ToPrimitive;
use serde::Serialize;

use crate::Report;
use crate::error::ReportError;

/// The most sequences a player may have for the exact method to be the default.
pub const EXACT_SEQUENCES: usize = 1_000;
/// CFR+ iterations when the exact method is not used and none are asked for.
pub const DEFAULT_ITERATIONS: u64 = 10_000;
/// The most CFR+ iterations one request runs.
pub const MAX_ITERATIONS: u64 = 1_000_000_000;
/// A generous cost of one node in one iteration (both players' walks), for the estimate a
/// request is refused with (Leduc hold'em measures about 30 ns here).
const NANOS_PER_NODE: f64 = 40.0;
/// The most sets the text lists in full; a larger game shows its first [`TEXT_FIRST`].
const TEXT_SETS: usize = 40;
const TEXT_FIRST: usize = 12;

/// One information set's strategy.
#[derive(Debug, Serialize)]
pub struct SetStrategy {
    /// `"first"` or `"second"`.
    pub player: String,
    /// The set's name.
    pub set: String,
    /// Each action with its probability (an exact fraction, or a decimal for CFR+).
    pub actions: Vec<(String, String)>,
    /// Whether the player's own strategy can reach the set (where it cannot, the choice
    /// changes no payoff).
    pub reached: bool,
}

/// The exploitability of CFR+'s average strategy after some iterations.
#[derive(Debug, Serialize)]
pub struct CheckpointRow {
    /// Iterations run.
    pub iterations: u64,
    /// What both players together gain by best responses (0 at an equilibrium).
    pub exploitability: f64,
    /// What the average's first-player half guarantees the first player.
    pub lower: f64,
    /// The most the average's second-player half concedes.
    pub upper: f64,
}

/// The report of [`hidden()`].
#[derive(Debug, Serialize)]
pub struct HiddenReport {
    /// `"Kuhn poker"`, `"Leduc hold'em"` or `"a game tree"`.
    pub game: String,
    /// Nodes of the tree.
    pub nodes: usize,
    /// Information sets of the first and of the second player.
    pub information_sets: [usize; 2],
    /// `"exact"` (the sequence form) or `"cfr"` (CFR+).
    pub method: String,
    /// The value to the first player, exactly (the exact method).
    pub value: Option<String>,
    /// Sequences of each player: the sizes of the two linear programs (the exact method).
    pub sequences: Option<[usize; 2]>,
    /// CFR+'s iterations.
    pub iterations: Option<u64>,
    /// `[lower, upper]`: the value lies between what the strategies found guarantee.
    pub bounds: [f64; 2],
    /// What both players together gain by best responses against the strategies found:
    /// `"0"` for the exact method, a decimal for CFR+.
    pub exploitability: String,
    /// CFR+'s exploitability after 1, 10, 100, … iterations and at the end.
    pub checkpoints: Vec<CheckpointRow>,
    /// The minimax value if every card and move were seen (information sets ignored).
    pub seen_value: String,
    /// Each information set's strategy, the first player's sets first.
    pub strategies: Vec<SetStrategy>,
    /// Kuhn poker: the parameter α of the first player's equilibrium found, in Kuhn's family.
    pub kuhn_alpha: Option<String>,
}

/// Solves the game `game` names (`kuhn`, `leduc`) or writes (a tree): exactly by the
/// sequence form (the default up to [`EXACT_SEQUENCES`] sequences a player, or when `exact`),
/// else by `cfr` (or [`DEFAULT_ITERATIONS`]) iterations of CFR+.
///
/// # Errors
/// A tree that does not read or is not a game with perfect recall; iterations above
/// [`MAX_ITERATIONS`] or more than the time limit allows at an estimate; the budget's time
/// limit reached first.
pub fn hidden(
    game: &str,
    cfr: Option<u64>,
    exact: bool,
    budget: &Budget,
) -> Result<HiddenReport, ReportError> {
    let (name, game) = match game.trim() {
        "kuhn" => ("Kuhn poker", Poker::kuhn().game()),
        "leduc" => ("Leduc hold'em", Poker::leduc().game()),
        text => (
            "a game tree",
            hidden::parse(text).map_err(|e| ReportError::input(format!("game: {e}")))?,
        ),
    };
    let count = |p: Player| game.infosets().iter().filter(|s| s.player == p).count();
    let largest = [Player::First, Player::Second]
        .into_iter()
        .map(|p| {
            1 + game
                .infosets()
                .iter()
                .filter(|s| s.player == p)
                .map(|s| s.actions.len())
                .sum::<usize>()
        })
        .max()
        .unwrap_or(1);
    let iterations = match (cfr, exact) {
        (Some(n), _) => Some(n),
        (None, true) => None,
        (None, false) if largest <= EXACT_SEQUENCES => None,
        (None, false) => Some(DEFAULT_ITERATIONS),
    };
    let mut report = HiddenReport {
        game: name.to_owned(),
        nodes: game.len(),
        information_sets: [count(Player::First), count(Player::Second)],
        method: String::new(),
        value: None,
        sequences: None,
        iterations,
        bounds: [0.0, 0.0],
        exploitability: String::new(),
        checkpoints: Vec::new(),
        seen_value: game.seen_value().to_string(),
        strategies: Vec::new(),
        kuhn_alpha: None,
    };
    match iterations {
        None => {
            let e = game.solve_within(budget)?;
            let value = f64::from_ratio(&e.value);
            report.method = "exact".into();
            report.value = Some(e.value.to_string());
            report.sequences = Some(e.sequences);
            report.bounds = [value, value];
            report.exploitability = game.exploitability(&e.profile).to_string();
            report.strategies = strategies(&game, &e.profile, ToString::to_string);
            if name == "Kuhn poker" {
                let j = game.infoset(Player::First, "J").expect("Kuhn's jack");
                report.kuhn_alpha = Some(e.profile.probabilities[j][1].to_string());
            }
        }
        Some(n) => {
            refuse_long_runs(n, game.len(), budget.time_limit())?;
            let mut run = Cfr::new(&game);
            let mut next = 1;
            while run.iterations() < n {
                let to = next.min(n);
                run.run(to - run.iterations(), budget)?;
                let c = run.checkpoint();
                report.checkpoints.push(CheckpointRow {
                    iterations: c.iterations,
                    exploitability: c.exploitability,
                    lower: c.lower,
                    upper: c.upper,
                });
                next = next.saturating_mul(10);
            }
            let last = report.checkpoints.last();
            report.method = "cfr".into();
            report.bounds = last.map_or([0.0, 0.0], |c| [c.lower, c.upper]);
            report.exploitability = format!("{:.6}", last.map_or(0.0, |c| c.exploitability));
            report.strategies = strategies(&game, &run.average(), |p| format!("{p:.4}"));
        }
    }
    Ok(report)
}

/// Refuses a run of CFR+ the time limit cannot hold, with its estimate.
fn refuse_long_runs(n: u64, nodes: usize, limit: Option<Duration>) -> Result<(), ReportError> {
    if n == 0 || n > MAX_ITERATIONS {
        return Err(ReportError::input(format!(
            "cfr: from 1 to {MAX_ITERATIONS} iterations, not {n}"
        )));
    }
    let estimate = Duration::from_secs_f64(n as f64 * nodes as f64 * NANOS_PER_NODE * 1e-9);
    match limit {
        Some(limit) if estimate > limit => Err(ReportError::limit(format!(
            "{n} iterations of CFR+ on {nodes} nodes would take about {} s, more than the time \
             limit of {} s; ask for fewer iterations",
            estimate.as_secs().max(1),
            limit.as_secs()
        ))),
        _ => Ok(()),
    }
}

/// Each set's strategy, the first player's sets first, with whether the player's own play
/// reaches it.
fn strategies<T: Scalar>(
    game: &Extensive,
    profile: &Profile<T>,
    show: impl Fn(&T) -> String,
) -> Vec<SetStrategy> {
    let sets = game.infosets();
    // Own reach: the product of the player's own probabilities on the way to the set.
    let mut reach: Vec<Option<T>> = vec![None; sets.len()];
    fn own_reach<T: Scalar>(
        sets: &[hidden::InfoSet],
        profile: &Profile<T>,
        reach: &mut [Option<T>],
        i: usize,
    ) -> T {
        if let Some(r) = &reach[i] {
            return r.clone();
        }
        let r = match sets[i].before {
            None => T::one(),
            Some((j, a)) => {
                own_reach(sets, profile, reach, j) * profile.probabilities[j][a].clone()
            }
        };
        reach[i] = Some(r.clone());
        r
    }
    let mut out = Vec::new();
    for player in [Player::First, Player::Second] {
        for (i, set) in sets.iter().enumerate() {
            if set.player != player {
                continue;
            }
            let reached = own_reach(sets, profile, &mut reach, i) > T::zero();
            out.push(SetStrategy {
                player: player.to_string(),
                set: set.name.clone(),
                actions: set
                    .actions
                    .iter()
                    .zip(&profile.probabilities[i])
                    .map(|(a, p)| (a.clone(), show(p)))
                    .collect(),
                reached,
            });
        }
    }
    out
}

impl Report for HiddenReport {
    fn text(&self) -> String {
        let [s1, s2] = self.information_sets;
        let mut out = format!(
            "{}: {} nodes, {s1} + {s2} information sets\n",
            capitalised(&self.game),
            self.nodes
        );
        match (&self.value, self.iterations) {
            (Some(value), _) => {
                let [q1, q2] = self.sequences.unwrap_or_default();
                let about = if value.len() > SHORT {
                    format!(" (≈ {:.7})", self.bounds[0])
                } else {
                    String::new()
                };
                out.push_str(&format!(
                    "value {value}{about} to the first player: exact, by the sequence form ({q1} \
                     + {q2} sequences); neither player gains by a best response (exploitability \
                     {})\n",
                    self.exploitability
                ));
            }
            (None, iterations) => {
                let [lo, hi] = self.bounds;
                out.push_str(&format!(
                    "CFR+, {} iterations: the value to the first player lies in [{lo:.6}, \
                     {hi:.6}] (exploitability {})\n",
                    iterations.unwrap_or(0),
                    self.exploitability
                ));
                out.push_str("  iterations  exploitability  first gets ≥  first gets ≤\n");
                for c in &self.checkpoints {
                    out.push_str(&format!(
                        "  {:>10}  {:>14.6}  {:>12.6}  {:>12.6}\n",
                        c.iterations, c.exploitability, c.lower, c.upper
                    ));
                }
            }
        }
        out.push_str(&format!(
            "if every card and move were seen, minimax would give {}\n",
            self.seen_value
        ));
        let shown = if self.strategies.len() > TEXT_SETS {
            TEXT_FIRST
        } else {
            TEXT_SETS
        };
        let width = self
            .strategies
            .iter()
            .take(shown)
            .map(|s| s.set.chars().count())
            .max()
            .unwrap_or(0);
        let mut player = "";
        for s in self.strategies.iter().take(shown) {
            if s.player != player {
                player = &s.player;
                out.push_str(&format!("{player} player:\n"));
            }
            let actions: Vec<String> = s
                .actions
                .iter()
                .map(|(a, p)| format!("{a} {}", short(p)))
                .collect();
            out.push_str(&format!(
                "  {:<width$}  {}{}\n",
                s.set,
                actions.join(", "),
                if s.reached {
                    ""
                } else {
                    "  (not reached by own play)"
                }
            ));
        }
        if self.strategies.len() > shown {
            out.push_str(&format!(
                "… and {} more sets (the JSON answer lists every set)\n",
                self.strategies.len() - shown
            ));
        }
        if let Some(alpha) = &self.kuhn_alpha {
            out.push_str(&format!(
                "Kuhn's family: the first player's equilibria bet the jack with α in [0, 1/3], \
                 the king with 3α, and call with the queen with α + 1/3; this one is α = {alpha}\n"
            ));
        }
        out
    }
}

/// The longest fraction the text shows as it is; a longer one is shown as a decimal.
const SHORT: usize = 12;

/// A probability as the text shows it: a short fraction as written, a long one as `≈0.9277`.
fn short(p: &str) -> String {
    if p.len() <= SHORT {
        return p.to_owned();
    }
    match p
        .parse::<cgt_minimax::chance::tree::Ratio>()
        .ok()
        .and_then(|r| r.to_f64())
    {
        Some(x) => format!("≈{x:.4}"),
        None => p.to_owned(),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(game: &str, cfr: Option<u64>) -> Result<HiddenReport, ReportError> {
        hidden(game, cfr, false, &Budget::unlimited())
    }

    #[test]
    fn kuhn_exactly() {
        let r = ask("kuhn", None).unwrap();
        assert_eq!(r.value.as_deref(), Some("-1/18"));
        assert_eq!(r.exploitability, "0");
        assert_eq!(r.strategies.len(), 12);
        let text = r.text();
        assert!(
            text.starts_with("Kuhn poker: 58 nodes, 6 + 6 information sets\n"),
            "{text}"
        );
        assert!(text.contains("value -1/18 to the first player"), "{text}");
    }

    #[test]
    fn leduc_by_cfr() {
        let r = ask("leduc", Some(100)).unwrap();
        assert_eq!(r.method, "cfr");
        let x: Vec<f64> = r.checkpoints.iter().map(|c| c.exploitability).collect();
        assert_eq!(r.checkpoints.len(), 3);
        assert!(x[2] < x[1] && x[1] < x[0], "{x:?}");
        assert!(r.bounds[0] <= r.bounds[1]);
        assert!(r.text().contains("… and 276 more sets"));
    }

    #[test]
    fn bad_requests() {
        let e = ask("(first s (a 1)", None).unwrap_err();
        assert!(e.to_string().starts_with("game: at character"), "{e}");
        assert!(ask("kuhn", Some(0)).is_err());
        let e = refuse_long_runs(1_000_000, 2_000, Some(Duration::from_secs(10))).unwrap_err();
        assert!(e.to_string().contains("would take about 80 s"), "{e}");
    }
}
