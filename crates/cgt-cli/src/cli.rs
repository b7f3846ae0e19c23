//! Command-line syntax: every subcommand and its arguments.

use clap::{Args, Parser, Subcommand};
use clap_complete::Shell;

/// Combinatorial game theory from the command line: outcomes, winning moves, Grundy values.
#[derive(Debug, Parser)]
#[command(name = "cgt", version, about, max_term_width = 100)]
pub(crate) struct Cli {
    /// Print one JSON document on stdout instead of text.
    #[arg(long, global = true)]
    pub(crate) json: bool,

    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Minimum excludant: the least non-negative integer not among the values.
    ///
    /// Example: `cgt mex 0 1 3` prints 2.
    Mex(Values),

    /// Nim-sum (bitwise XOR) of heap sizes or nimbers; zero exactly for a P-position of Nim.
    ///
    /// Example: `cgt nimsum 3 4 5` prints 2.
    Nimsum(Values),

    /// Nim-product (Conway multiplication) of nimbers; with one value, the value itself.
    ///
    /// Example: `cgt nimmul 2 3` prints 1.
    Nimmul(NonEmptyValues),

    /// Inverse of a non-zero nimber under nim-multiplication.
    ///
    /// Example: `cgt niminv 2` prints 3 (2 ⊗ 3 = 1).
    Niminv(Single),

    /// Print a shell completion script for bash, zsh, fish, elvish or powershell.
    ///
    /// Example: `cgt completions bash > /etc/bash_completion.d/cgt`.
    Completions {
        /// The shell to generate completions for.
        shell: Shell,
    },
}

/// Zero or more nimbers.
#[derive(Debug, Args)]
pub(crate) struct Values {
    /// Non-negative integers below 2^64, written n or *n.
    #[arg(value_parser = parse_nimber, allow_negative_numbers = true)]
    pub(crate) values: Vec<u64>,
}

/// One or more nimbers.
#[derive(Debug, Args)]
pub(crate) struct NonEmptyValues {
    /// Non-negative integers below 2^64, written n or *n.
    #[arg(value_parser = parse_nimber, allow_negative_numbers = true, required = true)]
    pub(crate) values: Vec<u64>,
}

/// Exactly one nimber.
#[derive(Debug, Args)]
pub(crate) struct Single {
    /// A non-negative integer below 2^64, written n or *n.
    #[arg(value_parser = parse_nimber, allow_negative_numbers = true)]
    pub(crate) value: u64,
}

fn parse_nimber(s: &str) -> Result<u64, String> {
    s.parse::<cgt_core::Nimber>()
        .map(u64::from)
        .map_err(|e| e.to_string())
}
