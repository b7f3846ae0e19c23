//! The impartial questions: nimbers, Nim and its relatives.

use serde::{Deserialize, Serialize};

#[cfg(feature = "clap")]
use super::fields::{count, nimber};
use super::fields::{numbers, texts, words};

/// Zero or more nimbers (`mex`, `nimsum`).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Values {
    /// Non-negative integers below 2^64, written n or *n.
    #[cfg_attr(feature = "clap", arg(value_parser = nimber, allow_negative_numbers = true))]
    #[serde(default, deserialize_with = "numbers")]
    pub values: Vec<u64>,
}

/// One or more nimbers (`nimmul`).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct NonEmptyValues {
    /// Non-negative integers below 2^64, written n or *n.
    #[cfg_attr(
        feature = "clap",
        arg(value_parser = nimber, allow_negative_numbers = true, required = true)
    )]
    #[serde(deserialize_with = "numbers")]
    pub values: Vec<u64>,
}

/// Exactly one nimber (`niminv`).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Single {
    /// A non-negative integer below 2^64, written n or *n.
    #[cfg_attr(feature = "clap", arg(value_parser = nimber, allow_negative_numbers = true))]
    pub value: u64,
}

/// A position of Nim.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Nim {
    /// Sizes: whole numbers from 0 to 2^64 − 1.
    #[cfg_attr(
        feature = "clap",
        arg(value_name = "SIZES", value_parser = count, allow_negative_numbers = true, required = true)
    )]
    #[serde(deserialize_with = "numbers")]
    pub heaps: Vec<u64>,
    /// Misère play: the player who takes the last counter loses.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub misere: bool,
    /// Show Bouton's derivation: the heaps in binary, the columns, the move that fixes them.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
}

/// A position of Staircase Nim.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Staircase {
    /// Sizes: whole numbers from 0 to 2^64 − 1.
    #[cfg_attr(
        feature = "clap",
        arg(value_name = "SIZES", value_parser = count, allow_negative_numbers = true, required = true)
    )]
    #[serde(alias = "heaps", deserialize_with = "numbers")]
    pub coins: Vec<u64>,
    /// Show why only the odd steps count, and Bouton's table of them.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
}

/// A position of Moore's Nim_k.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Moore {
    /// The most heaps one move may reduce (k ≥ 1).
    #[cfg_attr(feature = "clap", arg(short, long, value_parser = clap::value_parser!(u32).range(1..=64)))]
    pub k: u32,
    /// Sizes: whole numbers from 0 to 2^64 − 1.
    #[cfg_attr(
        feature = "clap",
        arg(value_name = "SIZES", value_parser = count, allow_negative_numbers = true, required = true)
    )]
    #[serde(deserialize_with = "numbers")]
    pub heaps: Vec<u64>,
    /// Also compute the Grundy value by searching the game tree (small positions only).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub grundy: bool,
    /// Show Moore's column table: the heaps in binary, the ones in each column, and the
    /// counts modulo k + 1.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
}

/// A position of the divisor game.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Divisor {
    /// The number N ≥ 1.
    #[cfg_attr(feature = "clap", arg(value_parser = count))]
    pub n: u64,
    /// Also confirm the outcome by searching the game tree (N ≤ 1000000).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub search: bool,
    /// Show the parity argument and where the winning divisors come from.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
}

/// A position of the Game of Stones with one-use removal sizes.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Stones {
    /// Sizes: whole numbers from 0 to 2^64 − 1.
    #[cfg_attr(
        feature = "clap",
        arg(value_name = "SIZES", value_parser = count, allow_negative_numbers = true, required = true)
    )]
    #[serde(alias = "heaps", deserialize_with = "numbers")]
    pub piles: Vec<u64>,
}

/// A question about Wythoff's game: a position, the k-th P-position, or the first K.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
#[serde(from = "WythoffFields")]
pub struct Wythoff {
    /// A position: the two heap sizes.
    #[cfg_attr(
        feature = "clap",
        arg(num_args = 2, value_names = ["A", "B"], value_parser = count, allow_negative_numbers = true)
    )]
    pub position: Option<Vec<u64>>,
    /// List the first K P-positions (k = 0 .. K−1).
    #[cfg_attr(feature = "clap", arg(long, value_name = "K", value_parser = count))]
    pub p_positions: Option<u64>,
    /// The k-th P-position, exactly, for any k up to 2^62.
    #[cfg_attr(feature = "clap", arg(long, value_name = "K", value_parser = count))]
    pub pair: Option<u64>,
    /// With a position: show the derivation (the P-pairs by the mex rule, where the position
    /// sits, and how each kind of move reaches a pair); for positions within the first 40 pairs.
    #[cfg_attr(
        feature = "clap",
        arg(long, requires = "position", conflicts_with = "play")
    )]
    pub explain: bool,
}

/// Wythoff's fields as a query gives them: the position as `position=9+7`, or as `a=9&b=7`.
#[derive(Deserialize)]
struct WythoffFields {
    #[serde(default, deserialize_with = "numbers")]
    position: Vec<u64>,
    a: Option<u64>,
    b: Option<u64>,
    p_positions: Option<u64>,
    pair: Option<u64>,
    #[serde(default)]
    explain: bool,
}

impl From<WythoffFields> for Wythoff {
    fn from(f: WythoffFields) -> Wythoff {
        let position = match (f.a, f.b) {
            (None, None) if f.position.is_empty() => None,
            (None, None) => Some(f.position),
            (a, b) => Some(a.into_iter().chain(b).collect()),
        };
        Wythoff {
            position,
            p_positions: f.p_positions,
            pair: f.pair,
            explain: f.explain,
        }
    }
}

/// Tokens on a directed graph.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Graph {
    /// The graph: an edge list (`u v` per line) or JSON (`{"edges": [["u","v"], …]}`).
    #[cfg_attr(feature = "clap", arg(value_name = "FILE"))]
    pub graph: String,
    /// The file `graph` was read from, for messages (none: `graph` is the text itself).
    #[cfg_attr(feature = "clap", arg(skip))]
    #[serde(skip)]
    pub file: Option<String>,
    /// Vertices holding a token (repeats allowed); without tokens, every vertex is listed.
    #[cfg_attr(feature = "clap", arg(long, num_args = 1..))]
    #[serde(default, deserialize_with = "words")]
    pub tokens: Vec<String>,
    /// Allow cycles: use the generalized Sprague–Grundy function (outcomes P, N or Draw).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub loopy: bool,
    /// Misère play (the player who moves last loses): outcome and every winning move of
    /// the tokens, by search (acyclic graphs).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub misere: bool,
    /// Show the labelling: the vertices in the order they are finished, each with its
    /// followers' values and their mex (acyclic graphs of at most 40 vertices).
    #[cfg_attr(
        feature = "clap",
        arg(long, conflicts_with_all = ["loopy", "misere", "play"])
    )]
    #[serde(default)]
    pub explain: bool,
}

/// A Hackenbush picture: Green Hackenbush (impartial) when every edge is green, else
/// Blue-Red-Green Hackenbush (partizan).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Hackenbush {
    /// The edge list file (`-` for stdin).
    #[cfg_attr(feature = "clap", arg(value_name = "FILE"))]
    pub picture: String,
    /// The file `picture` was read from, for messages (none: `picture` is the text itself).
    #[cfg_attr(feature = "clap", arg(skip))]
    #[serde(skip)]
    pub file: Option<String>,
    /// The name of the ground vertex in the file.
    #[cfg_attr(feature = "clap", arg(long, default_value = "ground"))]
    #[serde(default = "ground")]
    pub ground: String,
    /// Show how the value is found: for Green Hackenbush each piece's value by the colon
    /// principle and fusion; with blue or red edges the options down to the canonical form.
    #[cfg_attr(feature = "clap", arg(long, conflicts_with = "play"))]
    #[serde(default)]
    pub explain: bool,
}

fn ground() -> String {
    "ground".to_owned()
}

/// A sum of games, each component in words.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Sum {
    /// The components.
    #[cfg_attr(feature = "clap", arg(required = true))]
    #[serde(deserialize_with = "texts")]
    pub components: Vec<String>,
    /// Show the Sprague–Grundy reasoning: each component's value, the nim-sum, and what a
    /// winning move does to each component.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
    /// The files the components name, by name, as a front end that reads files read them
    /// (a component naming a file not here is refused).
    #[cfg_attr(feature = "clap", arg(skip))]
    #[serde(skip)]
    pub files: std::collections::BTreeMap<String, String>,
}

impl Sum {
    /// The kinds of component whose second word names a file.
    pub const FILE_KINDS: [&'static str; 4] = ["hackenbush", "graph", "loopy", "script"];

    /// The files the components name.
    #[must_use]
    pub fn file_names(&self) -> Vec<String> {
        self.components
            .iter()
            .filter_map(|c| {
                let words: Vec<&str> = c.split_whitespace().collect();
                match words.as_slice() {
                    [kind, file, ..] if Self::FILE_KINDS.contains(kind) => Some((*file).to_owned()),
                    _ => None,
                }
            })
            .collect()
    }
}
