//! Questions as typed requests, answered in one place: each question a front end can ask is a
//! struct of named fields, all of them in [`Request`], and [`answer`] gives its report. The
//! fields are the names every front end uses — the `cgt` command's arguments (behind the
//! `clap` feature the structs are clap `Args`, so a flag is defined once, here), the web API's
//! query fields and Python's keyword arguments (both deserialised through serde).
//!
//! Lists of numbers deserialise from a list (`[3, 4, 5]`, as JSON and Python give them) or
//! from one text (`"3 4 5"`, `"3,4,5"`, as a query string gives them); a text list from one
//! text too; a blank text stands for a field not given.
//!
//! ```
//! use cgt_core::budget::Budget;
//! use cgt_report::request::{Nim, Request, answer};
//!
//! let asked = Request::Nim(Nim { heaps: vec![3, 4, 5], ..Nim::default() });
//! let report = answer(&asked, &Budget::unlimited())?;
//! assert!(report.text().contains("Winning move: take 2 from heap 1, leaving 1"));
//! # Ok::<(), cgt_report::ReportError>(())
//! ```

use cgt_core::budget::Budget;
use serde::{Deserialize, Deserializer, Serialize};

use crate::error::ReportError;
use crate::partizan::{Look, Operation, PartizanReport};
use crate::{Report, chance, deadend, impartial, minimax, values};

/// Nimbers in text: `n` or `*n`.
#[cfg(feature = "clap")]
fn nimber(s: &str) -> Result<u64, String> {
    s.parse::<cgt_core::Nimber>()
        .map(u64::from)
        .map_err(|e| e.to_string())
}

/// A count in text: a whole number from 0 to 2^64 − 1.
#[cfg(feature = "clap")]
fn count(s: &str) -> Result<u64, String> {
    crate::inputs::count(s)
}

/// A list of numbers, or one text of them separated by spaces or commas (`*n` read as `n`).
fn numbers<'de, D: Deserializer<'de>, T>(d: D) -> Result<Vec<T>, D::Error>
where
    T: Deserialize<'de> + core::str::FromStr,
{
    struct Numbers<T>(core::marker::PhantomData<T>);
    impl<'de, T: Deserialize<'de> + core::str::FromStr> serde::de::Visitor<'de> for Numbers<T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("a list of whole numbers, or a text of them (\"3 4 5\")")
        }

        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::new();
            while let Some(x) = seq.next_element()? {
                out.push(x);
            }
            Ok(out)
        }

        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Vec<T>, E> {
            text.split([' ', ',', '+', '\t', '\n'])
                .filter(|w| !w.is_empty())
                .map(|w| {
                    w.trim_start_matches('*').parse::<T>().map_err(|_| {
                        E::custom(format!(
                            "{w:?} is not a whole number from 0 to {}",
                            u64::MAX
                        ))
                    })
                })
                .collect()
        }
    }
    d.deserialize_any(Numbers(core::marker::PhantomData))
}

/// A list of texts, or one text (blank: none).
fn texts<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Given {
        List(Vec<String>),
        Text(String),
    }
    Ok(match Given::deserialize(d)? {
        Given::List(list) => list,
        Given::Text(t) if t.trim().is_empty() => Vec::new(),
        Given::Text(t) => vec![t],
    })
}

/// An optional text; blank stands for none.
fn optional_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(Option::<String>::deserialize(d)?.filter(|t| !t.trim().is_empty()))
}

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

/// A short partizan game in the standard notation, with the games derived from it.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Game {
    /// The game.
    #[cfg_attr(feature = "clap", arg(allow_hyphen_values = true))]
    pub expr: String,
    /// Compare with this game: >, <, = or || (confused).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "GAME", allow_hyphen_values = true)
    )]
    #[serde(default, deserialize_with = "optional_text")]
    pub compare: Option<String>,
    /// Also show the game cooled by this number T ≥ 0 (repeatable): {G^L_T − T | G^R_T + T}
    /// while T is at most the temperature, the mean above it.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "T", allow_hyphen_values = true)
    )]
    #[serde(default, deserialize_with = "texts")]
    pub cool: Vec<String>,
    /// Also show the game heated by this number T (repeatable): {∫G^L + T | ∫G^R − T}, a
    /// number left as it is.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "T", allow_hyphen_values = true)
    )]
    #[serde(default, deserialize_with = "texts")]
    pub heat: Vec<String>,
    /// Also show the ordinal sum G : H with this game H (repeatable): a move in G removes H.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "GAME", allow_hyphen_values = true)
    )]
    #[serde(default, deserialize_with = "texts")]
    pub ordinal: Vec<String>,
    /// Also show the Norton product G.U by this positive game U (repeatable): G copies of U,
    /// {G^L.U + U + Δ | G^R.U − U − Δ} over U's incentives Δ when G is not an integer.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "U", allow_hyphen_values = true)
    )]
    #[serde(default, deserialize_with = "texts")]
    pub norton: Vec<String>,
    /// Also show the atomic weight of an all-small game: how many ↑s it is worth.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub atomic_weight: bool,
    /// Also show the reduced canonical form: the simplest game an infinitesimal away.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub reduced: bool,
    /// Also show each side's orthodox options at the ambient temperature T ≥ 0
    /// (repeatable): the moves best for their player when every move is taxed T.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "T", allow_hyphen_values = true)
    )]
    #[serde(default, deserialize_with = "texts")]
    pub orthodox: Vec<String>,
    /// Show how the value is formed: the options, each dominated option removed and each
    /// reversible option bypassed, down to the canonical form.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
}

impl Game {
    /// The derived games asked for, in the order the report lists them.
    #[must_use]
    pub fn operations(&self) -> Vec<Operation> {
        let each = |list: &[String], make: fn(String) -> Operation| -> Vec<Operation> {
            list.iter().cloned().map(make).collect()
        };
        let mut ops = each(&self.cool, Operation::Cool);
        ops.extend(each(&self.heat, Operation::Heat));
        ops.extend(each(&self.ordinal, Operation::Ordinal));
        ops.extend(each(&self.norton, Operation::Norton));
        ops.extend(self.atomic_weight.then_some(Operation::AtomicWeight));
        ops.extend(self.reduced.then_some(Operation::Reduced));
        ops.extend(each(&self.orthodox, Operation::Orthodox));
        ops
    }

    /// The game's report with its derived games.
    ///
    /// # Errors
    /// A game that does not parse, an operation outside its domain, the budget.
    pub fn answer(&self, budget: &Budget) -> Result<PartizanReport, ReportError> {
        let mut r =
            crate::partizan::game(&self.expr, self.compare.as_deref(), budget, self.explain)?;
        r.derived = crate::partizan::derive(&self.expr, &self.operations(), budget)?;
        Ok(r)
    }
}

/// A Left dead end under misère play.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct DeadEnd {
    /// The game.
    #[cfg_attr(feature = "clap", arg(allow_hyphen_values = true))]
    pub expr: String,
    /// Compare with this Left dead end: >, <, = or || (incomparable).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "GAME", allow_hyphen_values = true)
    )]
    #[serde(default, deserialize_with = "optional_text")]
    pub compare: Option<String>,
    /// List at most this many factorisations (all are counted).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 100))]
    #[serde(default = "hundred")]
    pub limit: usize,
}

fn hundred() -> usize {
    100
}

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

/// A window: two numbers, or none (blank).
fn window<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<i64>>, D::Error> {
    let given: Vec<i64> = numbers(d)?;
    Ok((!given.is_empty()).then_some(given))
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

/// Pig's state: three numbers, or none (blank).
fn state<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<u32>>, D::Error> {
    let given: Vec<u32> = numbers(d)?;
    Ok((!given.is_empty()).then_some(given))
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

/// A position of a partizan ruleset of the registry, by name.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct Ruleset {
    /// The ruleset's name (`konane`; `cgt_report::registry`).
    #[serde(default)]
    pub game: String,
    /// The position, as the ruleset writes it.
    #[serde(alias = "expr", alias = "position")]
    pub board: String,
    /// Show how the value is formed.
    #[serde(default)]
    pub explain: bool,
    /// Also play misère.
    #[serde(default)]
    pub misere: bool,
    /// Read the board as a graph (Col and Snort).
    #[serde(default)]
    pub graph: bool,
}

/// Every question [`answer`] answers, by the command's name (`"command": "nim"` in JSON).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum Request {
    /// `mex`: the least non-negative integer not among the values.
    Mex(Values),
    /// `nimsum`: the XOR of the values.
    Nimsum(Values),
    /// `nimmul`: the nim-product of the values.
    Nimmul(NonEmptyValues),
    /// `niminv`: the inverse of a non-zero nimber.
    Niminv(Single),
    /// `nim`: outcome, Grundy value and every winning move.
    Nim(Nim),
    /// `staircase`: Staircase Nim.
    Staircase(Staircase),
    /// `moore`: Moore's Nim_k.
    Moore(Moore),
    /// `divisor`: the divisor game.
    Divisor(Divisor),
    /// `stones`: the Game of Stones.
    Stones(Stones),
    /// `game`: a short partizan game in the standard notation.
    Game(Game),
    /// `dead-end`: a Left dead end.
    DeadEnd(DeadEnd),
    /// `chance`: a tree with chance vertices.
    Chance(Chance),
    /// `pig`: the dice game.
    Pig(Pig),
    /// `andor`: the AND-OR laboratory.
    Andor(Andor),
    /// A partizan ruleset by name (`domineering`, …).
    Ruleset(Ruleset),
}

/// The names of the commands a [`Request`] can be (the rulesets go by their own names).
pub const COMMANDS: [&str; 14] = [
    "mex",
    "nimsum",
    "nimmul",
    "niminv",
    "nim",
    "staircase",
    "moore",
    "divisor",
    "stones",
    "game",
    "dead-end",
    "chance",
    "pig",
    "andor",
];

impl Request {
    /// The request named `command` (a command of [`COMMANDS`] or a ruleset's name), its fields
    /// read from `fields` — a query string's deserializer, a JSON object, Python's keyword
    /// arguments — each by the struct of its command (fields it does not have are ignored).
    ///
    /// # Errors
    /// An unknown command, or fields that do not make its request: one line, naming the
    /// field.
    pub fn named<'de, D>(command: &str, fields: D) -> Result<Request, ReportError>
    where
        D: Deserializer<'de>,
        D::Error: core::fmt::Display,
    {
        fn read<'de, T: Deserialize<'de>, D>(command: &str, fields: D) -> Result<T, ReportError>
        where
            D: Deserializer<'de>,
            D::Error: core::fmt::Display,
        {
            let mut track = serde_path_to_error::Track::new();
            T::deserialize(serde_path_to_error::Deserializer::new(fields, &mut track)).map_err(
                |e| match track.path().to_string() {
                    field if field == "." => ReportError::input(format!("{command}: {e}")),
                    field => ReportError::input(format!("{field}: {e}")),
                },
            )
        }
        if let Some(entry) = crate::registry::ruleset(command) {
            let mut r: Ruleset = read(command, fields)?;
            r.game = entry.name.to_owned();
            return Ok(Request::Ruleset(r));
        }
        Ok(match command {
            "mex" => Request::Mex(read(command, fields)?),
            "nimsum" => Request::Nimsum(read(command, fields)?),
            "nimmul" => Request::Nimmul(read(command, fields)?),
            "niminv" => Request::Niminv(read(command, fields)?),
            "nim" => Request::Nim(read(command, fields)?),
            "staircase" => Request::Staircase(read(command, fields)?),
            "moore" => Request::Moore(read(command, fields)?),
            "divisor" => Request::Divisor(read(command, fields)?),
            "stones" => Request::Stones(read(command, fields)?),
            "game" => Request::Game(read(command, fields)?),
            "dead-end" => Request::DeadEnd(read(command, fields)?),
            "chance" => Request::Chance(read(command, fields)?),
            "pig" => Request::Pig(read(command, fields)?),
            "andor" => Request::Andor(read(command, fields)?),
            _ => {
                return Err(ReportError::input(format!(
                    "no command {command:?}; the commands are {} and the rulesets {}",
                    COMMANDS.join(", "),
                    crate::registry::names()
                )));
            }
        })
    }

    /// Whether `command` names a request (a command of [`COMMANDS`] or a ruleset).
    #[must_use]
    pub fn is_named(command: &str) -> bool {
        COMMANDS.contains(&command) || crate::registry::ruleset(command).is_some()
    }
}

/// The report of any request: each serialises as its command's JSON document.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// `mex`, `nimsum`, `nimmul`, `niminv`.
    Value(values::ValueReport),
    /// The impartial positions.
    Position(Box<crate::PositionReport>),
    /// A Left dead end.
    DeadEnd(Box<deadend::DeadEndReport>),
    /// A chance tree.
    Chance(Box<chance::ChanceReport>),
    /// Pig.
    Pig(Box<chance::PigReport>),
    /// The AND-OR laboratory.
    Andor(Box<minimax::AndOrReport>),
    /// A ruleset's position.
    Partizan(Box<crate::partizan::PartizanReport>),
}

impl Report for Answer {
    fn text(&self) -> String {
        match self {
            Answer::Value(r) => r.text(),
            Answer::Position(r) => r.text(),
            Answer::DeadEnd(r) => r.text(),
            Answer::Chance(r) => r.text(),
            Answer::Pig(r) => r.text(),
            Answer::Andor(r) => r.text(),
            Answer::Partizan(r) => r.text(),
        }
    }
}

impl Answer {
    /// The text, as the `cgt` command prints it.
    #[must_use]
    pub fn text(&self) -> String {
        Report::text(self)
    }
}

/// Answers `request` within `budget` (which carries the progress listener, when one listens).
///
/// # Errors
/// The request's own: input that is not a position, or work past the budget.
pub fn answer(request: &Request, budget: &Budget) -> Result<Answer, ReportError> {
    let position = |r: crate::PositionReport| Answer::Position(Box::new(r));
    Ok(match request {
        Request::Mex(r) => Answer::Value(values::mex_of(r.values.clone())),
        Request::Nimsum(r) => Answer::Value(values::nimsum(r.values.clone())),
        Request::Nimmul(r) => Answer::Value(values::nimmul(r.values.clone())),
        Request::Niminv(r) => Answer::Value(values::niminv(r.value)?),
        Request::Nim(r) => position(impartial::nim(&r.heaps, r.misere, r.explain)?),
        Request::Staircase(r) => position(impartial::staircase(&r.coins, r.explain)?),
        Request::Moore(r) => position(impartial::moore(r.k, &r.heaps, r.grundy, r.explain)?),
        Request::Divisor(r) => position(impartial::divisor(r.n, r.search, r.explain)?),
        Request::Stones(r) => position(impartial::stones(&r.piles)?),
        Request::Game(r) => Answer::Partizan(Box::new(r.answer(budget)?)),
        Request::DeadEnd(r) => Answer::DeadEnd(Box::new(deadend::dead_end(
            &r.expr,
            r.compare.as_deref(),
            r.limit,
            budget,
        )?)),
        Request::Chance(r) => {
            Answer::Chance(Box::new(chance::chance_tree(&r.tree, r.window.as_deref())?))
        }
        Request::Pig(r) => {
            let state = match r.state.as_deref() {
                Some(&[i, j, k]) => (i, j, k),
                Some(other) => {
                    return Err(ReportError::input(format!(
                        "state: three numbers (own score, opponent's score, turn total), not {}",
                        other.len()
                    )));
                }
                None => (0, 0, 0),
            };
            Answer::Pig(Box::new(chance::pig(r.target, state)?))
        }
        Request::Andor(r) => Answer::Andor(Box::new(minimax::andor(
            r.height,
            r.leaves.as_deref(),
            r.seed,
            r.explain,
        )?)),
        Request::Ruleset(r) => {
            let entry = crate::registry::ruleset(&r.game).ok_or_else(|| {
                ReportError::input(format!(
                    "game: no ruleset {:?}; the rulesets are {}",
                    r.game,
                    crate::registry::names()
                ))
            })?;
            let look = Look {
                explain: r.explain,
                misere: r.misere,
            };
            let report = match (entry.graph, r.graph) {
                (Some(graph), true) => graph,
                (None, true) => {
                    return Err(ReportError::input(format!(
                        "graph: {} is played on boards only",
                        entry.name
                    )));
                }
                _ => entry.report,
            };
            Answer::Partizan(Box::new(report(&r.board, budget, look)?))
        }
    })
}
