//! The partizan questions: a game in the notation, a Left dead end, a ruleset's position.

use cgt_core::budget::Budget;
use serde::{Deserialize, Serialize};

use super::fields::{hundred, optional_text, texts};
use crate::error::ReportError;
use crate::partizan::{Operation, PartizanReport};

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

/// A position of a partizan ruleset of the registry, by name.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct Ruleset {
    /// The ruleset's name, as `cgt_report::registry` lists it.
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

/// A loopy partizan game: in the notation, or a row of Backsliding Toads and Frogs.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Loopy {
    /// The game (or use --file).
    #[cfg_attr(
        feature = "clap",
        arg(
            allow_hyphen_values = true,
            required_unless_present_any = ["file", "backsliding"],
            conflicts_with = "file"
        )
    )]
    #[serde(default, deserialize_with = "optional_text")]
    pub expr: Option<String>,
    /// The game is this row of Backsliding Toads and Frogs (`T`, `F`, `.`; at most 64
    /// squares): Toads and Frogs where a toad may also step one square left and a frog one
    /// square right.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "ROW", conflicts_with_all = ["expr", "file"])
    )]
    #[serde(default, deserialize_with = "optional_text")]
    pub backsliding: Option<String>,
    /// Compare with this game: >, <, = or || (confused); stoppers directly, other games
    /// by their sides.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "GAME", allow_hyphen_values = true)
    )]
    #[serde(default, deserialize_with = "optional_text")]
    pub compare: Option<String>,
}

impl Loopy {
    /// The game's report.
    ///
    /// # Errors
    /// Neither the game nor a row given, text that is not a game, or the budget.
    pub fn answer(&self, budget: &Budget) -> Result<crate::loopy::LoopyReport, ReportError> {
        let compare = self.compare.as_deref();
        match (&self.backsliding, &self.expr) {
            (Some(row), _) => {
                let g = crate::loopy::backsliding(row, budget)?;
                let given = format!("Backsliding Toads and Frogs {}", row.trim());
                let mut report = crate::loopy::report(&given, &g, compare, budget)?;
                report.game_said = Some(
                    cgt_core::said::Said::new("report-loopy-backsliding").text("row", row.trim()),
                );
                Ok(report)
            }
            (None, Some(expr)) => crate::loopy::loopy(expr, compare, budget),
            (None, None) => Err(ReportError::input(
                "expr: give the game (or backsliding: a row of Backsliding Toads and Frogs)",
            )),
        }
    }
}

/// A game defined in a script (the Rhai language).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Script {
    /// The script file (`-` for stdin).
    #[cfg_attr(feature = "clap", arg(value_name = "FILE"))]
    pub script: String,
    /// The file `script` was read from, for messages (none: `script` is the text itself).
    #[cfg_attr(feature = "clap", arg(skip))]
    #[serde(skip)]
    pub file: Option<String>,
    /// Analyse this position instead of start() (a Rhai expression: `12`, `[3, 4, 5]`).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "EXPR", allow_hyphen_values = true)
    )]
    #[serde(default, deserialize_with = "optional_text")]
    pub position: Option<String>,
    /// Tabulate the positions 0..=N (position(n) when the script defines it, else n).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "N", value_parser = super::fields::count, conflicts_with_all = ["position", "play"])
    )]
    #[serde(default)]
    pub upto: Option<u64>,
    /// Misère play (the player who moves last loses); impartial scripts.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub misere: bool,
    /// Show how the answer comes about: each option's value and the mex (impartial), each
    /// option's outcome (misère), or the simplification to the canonical form (partizan).
    #[cfg_attr(feature = "clap", arg(long, conflicts_with_all = ["play", "upto"]))]
    #[serde(default)]
    pub explain: bool,
}

impl Script {
    /// The script compiled, its searches within `budget`.
    ///
    /// # Errors
    /// A script that does not compile.
    pub fn compile(&self, budget: &Budget) -> Result<cgt_script::Script, ReportError> {
        let name = self.file.as_deref().unwrap_or("<text>");
        Ok(cgt_script::Script::compile(name, &self.script)?
            .with_memory_limit(u128::from(budget.memory_or(u64::MAX)))
            .with_limits(budget.clone()))
    }

    /// Misère play is for impartial scripts.
    ///
    /// # Errors
    /// `misere` asked of a partizan script.
    pub fn check(&self, script: &cgt_script::Script) -> Result<(), ReportError> {
        if self.misere && script.kind() == cgt_script::Kind::Partizan {
            return Err(ReportError::input(
                "misere: misère play is for impartial scripts (fn options); partizan misère \
                 play is not supported",
            ));
        }
        Ok(())
    }

    /// The script's report: the position's, or with `upto` the table.
    ///
    /// # Errors
    /// A script that does not compile or fails, or the budget.
    pub fn answer(&self, budget: &Budget) -> Result<super::Answer, ReportError> {
        let script = self.compile(budget)?;
        self.check(&script)?;
        let memory = u128::from(budget.memory_or(u64::MAX));
        if let Some(n) = self.upto {
            return Ok(super::Answer::ScriptTable(Box::new(crate::script::table(
                &script,
                n,
                self.misere,
                memory,
            )?)));
        }
        let start = script.start(self.position.as_deref())?;
        Ok(super::Answer::Script(Box::new(crate::script::position(
            &script,
            &start,
            self.misere,
            memory,
            self.explain,
        )?)))
    }
}
