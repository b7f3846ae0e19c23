//! The impartial questions: nimbers, Nim and its relatives.

use serde::{Deserialize, Serialize};

use super::fields::numbers;
#[cfg(feature = "clap")]
use super::fields::{count, nimber};

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
