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
