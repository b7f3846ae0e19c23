//! The game-tree questions: trees of max and min vertices, chance trees, Pig, the AND-OR
//! laboratory, m,n,k-games, Bridg-it and the cycle game.

use serde::{Deserialize, Serialize};

#[cfg(feature = "clap")]
use super::fields::policy;
use super::fields::{numbers, optional_text, size, state, window, words};
use crate::error::ReportError;

/// A game tree with chance vertices.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Chance {
    /// The tree: as for `cgt tree`, plus `(chance p child p child …)` with probabilities
    /// `n/d` adding up to 1.
    pub tree: String,
    /// Reduce the value to the window [A, B] (default: the payoffs' range).
    #[cfg_attr(
        feature = "clap",
        arg(long, num_args = 2, value_names = ["A", "B"], allow_negative_numbers = true)
    )]
    #[serde(default, deserialize_with = "window")]
    pub window: Option<Vec<i64>>,
}

/// A position of Pig.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Pig {
    /// Points needed to win (1 to 150).
    pub target: u32,
    /// The mover's score, the opponent's score and the turn total.
    #[cfg_attr(feature = "clap", arg(long, num_args = 3, value_names = ["I", "J", "K"]))]
    #[serde(default, deserialize_with = "state")]
    pub state: Option<Vec<u32>>,
    /// The die's seed when playing (default: from the clock): the same seed and moves replay
    /// the same game.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub seed: Option<u64>,
}

impl Pig {
    /// The state asked about: the mover's score, the opponent's and the turn total (all 0
    /// when not given).
    ///
    /// # Errors
    /// A state of other than three numbers.
    pub fn scores(&self) -> Result<(u32, u32, u32), ReportError> {
        match self.state.as_deref() {
            Some(&[i, j, k]) => Ok((i, j, k)),
            Some(other) => Err(ReportError::input(format!(
                "state: three numbers (own score, opponent's score, turn total), not {}",
                other.len()
            ))),
            None => Ok((0, 0, 0)),
        }
    }
}

/// A two-player zero-sum matrix game, solved in mixed strategies.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Matrix {
    /// The row player's payoffs: rows separated by `;` or new lines, entries (integers or
    /// fractions like -3/4) by spaces or commas.
    #[cfg_attr(feature = "clap", arg(allow_hyphen_values = true))]
    pub matrix: String,
}

/// A game of hidden information, solved exactly or by regret minimisation.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Hidden {
    /// The game: `kuhn` (Kuhn poker), `leduc` (Leduc hold'em), or a tree with information
    /// sets: `(first SET (ACTION GAME) …)`, `(second SET …)`, `(chance P GAME P GAME …)`, and
    /// payoffs to the first player at the leaves.
    #[cfg_attr(feature = "clap", arg(allow_hyphen_values = true))]
    pub game: String,
    /// Solve approximately by this many iterations of CFR+ (default: exactly by the sequence
    /// form when each player has at most 1,000 sequences, else 10,000 iterations).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "N", conflicts_with = "exact")
    )]
    #[serde(default)]
    pub cfr: Option<u64>,
    /// Solve exactly by the sequence form whatever the game's size (within the time limit).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub exact: bool,
    /// When playing: the deal's seed (default: from the clock); the same seed and moves
    /// replay the same hand.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub seed: Option<u64>,
    /// When playing: sit as the second player (the program opens).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub second: bool,
}

/// An AND-OR tree of the laboratory.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Andor {
    /// The height 2n (even; one tree up to 24, the worst case alone up to 64).
    #[cfg_attr(feature = "clap", arg(long, value_name = "H"))]
    pub height: u32,
    /// The 4^n leaves as a string of 0s and 1s, left to right.
    #[cfg_attr(feature = "clap", arg(long, conflicts_with = "seed"))]
    #[serde(default, deserialize_with = "optional_text")]
    pub leaves: Option<String>,
    /// Random leaves from this seed (default 1).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub seed: Option<u64>,
    /// Trace the left-to-right evaluation: each vertex, each leaf read, each cut (height at
    /// most 6).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
}

/// A game tree of max and min vertices.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Tree {
    /// The tree: a payoff, or `(max child …)` / `(min child …)`.
    pub tree: String,
    /// Reduce the value to the window [A, B]: alpha-beta returns clamp(value, A, B).
    #[cfg_attr(
        feature = "clap",
        arg(long, num_args = 2, value_names = ["A", "B"], allow_negative_numbers = true)
    )]
    #[serde(default, deserialize_with = "window")]
    pub window: Option<Vec<i64>>,
    /// Also report the leaves each evaluator read.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub stats: bool,
    /// Show the alpha-beta trace: each vertex with its window, each leaf read, each cut and
    /// why (trees of at most 64 leaves).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
    /// Zermelo from two outcomes (11.2.6): for each payoff c, who forces the game
    /// "payoff ≥ c wins for max".
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub thresholds: bool,
}

/// A position of an m,n,k-game.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Mnk {
    /// Rows.
    pub m: u8,
    /// Columns.
    pub n: u8,
    /// Cells in a row needed to win.
    pub k: u8,
    /// Moves played so far, as cell numbers 1..m·n, row by row.
    #[cfg_attr(feature = "clap", arg(long, num_args = 1..))]
    #[serde(default, deserialize_with = "numbers")]
    pub moves: Vec<u8>,
    /// Count positions, terminal positions and complete games (small boards).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub counts: bool,
    /// Worker threads for the root moves (default: one per core).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))
    )]
    #[serde(default)]
    pub threads: Option<u32>,
    /// Show every empty cell with the value of playing there (W, D or L).
    #[cfg_attr(feature = "clap", arg(long, conflicts_with = "play"))]
    #[serde(default)]
    pub explain: bool,
}

/// A position of Bridg-it.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Bridgit {
    /// Board size (1 to 6): Left has N rows of N+1 dots.
    pub n: u8,
    /// Moves so far, Left first.
    #[cfg_attr(feature = "clap", arg(long, num_args = 1..))]
    #[serde(default, deserialize_with = "words")]
    pub moves: Vec<String>,
    /// Which player suggests the next move (and plays for the program with --play):
    /// pairing (Gross's pairing strategy, Left only), shannon (Shannon's resistor network)
    /// or exact (search, at most 16 free slots).
    #[cfg_attr(feature = "clap", arg(long, value_name = "POLICY", value_parser = policy))]
    #[serde(default, deserialize_with = "optional_text")]
    pub strategy: Option<String>,
    /// Count the sets of Left's segments that join left and right (11.2.11; N ≤ 4).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub count_crossings: bool,
}

impl Bridgit {
    /// The strategy asked for.
    ///
    /// # Errors
    /// A name that is not a strategy's.
    pub fn policy(&self) -> Result<Option<cgt_minimax::bridgit::Policy>, ReportError> {
        self.strategy
            .as_deref()
            .map(|s| {
                s.parse()
                    .map_err(|e| ReportError::input(format!("strategy: {s:?}: {e}")))
            })
            .transpose()
    }
}

/// A position of the cycle game.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Cycle {
    /// The window's size in points, across and up (2 to 64 each; default 6 6).
    #[cfg_attr(feature = "clap", arg(long, num_args = 2, value_names = ["W", "H"]))]
    #[serde(default, deserialize_with = "size")]
    pub window: Option<Vec<u8>>,
    /// Your segments so far, each X,Yr (right from the point) or X,Yu (up).
    #[cfg_attr(feature = "clap", arg(long, num_args = 1..))]
    #[serde(default, deserialize_with = "words")]
    pub moves: Vec<String>,
}

impl Cycle {
    /// The window, across and up.
    #[must_use]
    pub fn window(&self) -> (u8, u8) {
        match self.window.as_deref() {
            Some(&[w, h]) => (w, h),
            _ => crate::games::CYCLE_WINDOW,
        }
    }
}
