//! The game-tree questions: chance trees, Pig, the AND-OR laboratory.

use serde::{Deserialize, Serialize};

use super::fields::{optional_text, state, window};

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
