//! Games of chance: value trees with chance vertices, and the dice game Pig.

use cgt_core::said::Said;
use cgt_minimax::chance::pig::{self, Decision, MAX_EXACT_TARGET, MAX_ITERATION_TARGET};
use cgt_minimax::chance::tree::{ChanceTree, Ratio, Reads};
use num_traits::ToPrimitive;
use serde::Serialize;

use crate::document::Report;
use crate::error::ReportError;
use crate::texts::{self, Lang};

/// `cgt chance`: the expectiminimax value of a tree with chance vertices, and what alpha-beta
/// with Star1 cuts reads for a window.
///
/// # Errors
/// A malformed tree (probabilities included), an empty window.
pub fn chance_tree(text: &str, window: Option<&[i64]>) -> Result<ChanceReport, ReportError> {
    let t =
        ChanceTree::parse(text).map_err(|e| ReportError::input(format!("invalid tree: {e}")))?;
    let (lo, hi) = t.payoff_bounds();
    let (a, b) = match window {
        Some(&[a, b]) if a <= b => (a, b),
        Some(&[a, b]) => return Err(ReportError::input(format!("empty window: {a} > {b}"))),
        _ => (lo, hi),
    };
    let value = t.value();
    let mut reads = Reads::default();
    let reduced = t.reduced(
        &Ratio::from_integer(a.into()),
        &Ratio::from_integer(b.into()),
        &mut reads,
    );
    Ok(ChanceReport {
        tree: t.to_string(),
        value: value.to_string(),
        value_float: value.to_f64().unwrap_or(f64::NAN),
        window: [a, b],
        reduced: reduced.to_string(),
        leaves: t.leaves(),
        star1_reads: reads.0,
    })
}

/// The report of [`chance_tree`].
#[derive(Debug, Serialize)]
pub struct ChanceReport {
    /// The tree, as read back.
    pub tree: String,
    /// The expectiminimax value, an exact fraction.
    pub value: String,
    /// The same, as a float.
    pub value_float: f64,
    /// The window (the payoffs' range when none was given).
    pub window: [i64; 2],
    /// `clamp(value, a, b)` by alpha-beta with Star1 cuts.
    pub reduced: String,
    /// Leaves in the tree (what full expectiminimax reads).
    pub leaves: usize,
    /// Leaves alpha-beta with Star1 cuts read.
    pub star1_reads: u64,
}

impl Report for ChanceReport {
    fn text(&self) -> String {
        let [a, b] = self.window;
        format!(
            "expectiminimax value {} ≈ {:.6}\nreduced to [{a}, {b}] by alpha-beta with Star1 cuts: {}; leaves read {} of {}\n",
            self.value, self.value_float, self.reduced, self.star1_reads, self.leaves
        )
    }
}

/// A target and a state Pig can be asked about (or played from): a target of 1 to 150, scores
/// below it, and a turn total that does not reach it.
///
/// # Errors
/// The first of these that fails, in words.
pub(crate) fn check_pig(target: u32, (i, j, k): (u32, u32, u32)) -> Result<(), ReportError> {
    if target == 0 || target > MAX_ITERATION_TARGET {
        return Err(ReportError::input(format!(
            "Pig's target must be between 1 and {MAX_ITERATION_TARGET}, got {target}"
        )));
    }
    if i >= target || j >= target {
        return Err(ReportError::input(format!(
            "scores {i} and {j}: a score of {target} has already won"
        )));
    }
    if i + k >= target {
        return Err(ReportError::input(format!(
            "score {i} with {k} this turn reaches the target {target}: holding wins"
        )));
    }
    Ok(())
}

/// `cgt pig`: the probability that the player to move wins Pig from `(i, j, k)` — exact for
/// targets up to 40, by value iteration (to 1e-12) up to 150 — with the best decision and
/// the turn totals at which the mover holds.
///
/// # Errors
/// A target of 0 or above 150; a state with a score at or past the target.
pub fn pig(target: u32, (i, j, k): (u32, u32, u32)) -> Result<PigReport, ReportError> {
    check_pig(target, (i, j, k))?;
    let vi = pig::value_iteration(target, 1e-12).map_err(|e| ReportError::input(e.to_string()))?;
    let t = target as usize;
    let at = |i: u32, j: u32, k: u32| (i as usize * t + j as usize) * t + k as usize;
    let iterated = vi[at(i, j, k)];
    let (exact, decisions) = if target <= MAX_EXACT_TARGET {
        let s = pig::solve_exact(target).map_err(|e| ReportError::failure(e.to_string()))?;
        let value = s.value(i, j, k).map(|v| v.to_string());
        let holds: Vec<u32> = (1..target - i)
            .filter(|&k| s.decision(i, j, k) == Some(Decision::Hold))
            .collect();
        (value, holds)
    } else {
        // The decisions of the iterated values: hold where holding is at least rolling.
        let get = |i: u32, j: u32, k: u32| {
            if i + k >= target {
                1.0
            } else {
                vi[at(i, j, k)]
            }
        };
        let holds = (1..target - i)
            .filter(|&k| {
                let hold = 1.0 - get(j, i + k, 0);
                let roll =
                    ((1.0 - get(j, i, 0)) + (2..=6).map(|r| get(i, j, k + r)).sum::<f64>()) / 6.0;
                hold >= roll
            })
            .collect();
        (None, holds)
    };
    let decision = if k == 0 || !decisions.contains(&k) {
        "roll"
    } else {
        "hold"
    };
    Ok(PigReport {
        target,
        state: [i, j, k],
        exact,
        probability: iterated,
        decision,
        hold_at: decisions,
    })
}

/// The report of [`pig()`].
#[derive(Debug, Serialize)]
pub struct PigReport {
    /// Points needed to win.
    pub target: u32,
    /// The mover's score, the opponent's, and the turn total.
    pub state: [u32; 3],
    /// The mover's winning probability as an exact fraction (targets up to 40).
    pub exact: Option<String>,
    /// The same by value iteration (to 1e-12).
    pub probability: f64,
    /// `"roll"` or `"hold"` (ties hold).
    pub decision: &'static str,
    /// The turn totals at which the mover holds, with these scores.
    pub hold_at: Vec<u32>,
}

impl Report for PigReport {
    fn text(&self) -> String {
        self.text_in(Lang::En)
    }

    fn text_in(&self, lang: Lang) -> String {
        let [i, j, k] = self.state;
        let p = format!("{:.6}", self.probability);
        let lines = [
            Said::new("report-pig-state")
                .number("target", u64::from(self.target))
                .number("mover", u64::from(i))
                .number("other", u64::from(j))
                .number("turn", u64::from(k)),
            match &self.exact {
                Some(e) => Said::new("report-pig-exact")
                    .text("exact", e.as_str())
                    .text("probability", p),
                None => Said::new("report-pig-iterated").text("probability", p),
            },
            Said::new("report-pig-best").said(
                "decision",
                Said::new(if self.decision == "hold" {
                    "move-hold"
                } else {
                    "move-roll"
                }),
            ),
            match self.hold_at.as_slice() {
                [] => Said::new("report-pig-keep-rolling"),
                h => Said::new("report-pig-hold-at").text("totals", ranges(h)),
            },
        ];
        lines
            .iter()
            .map(|said| texts::said(lang, said) + "\n")
            .collect()
    }
}

/// `1, 2, 3, 7, 9, 10` as `1–3, 7, 9–10`.
fn ranges(values: &[u32]) -> String {
    let mut parts = Vec::new();
    let mut start = 0;
    for x in 1..=values.len() {
        if x == values.len() || values[x] != values[x - 1] + 1 {
            let (a, b) = (values[start], values[x - 1]);
            parts.push(if a == b {
                a.to_string()
            } else {
                format!("{a}–{b}")
            });
            start = x;
        }
    }
    parts.join(", ")
}
