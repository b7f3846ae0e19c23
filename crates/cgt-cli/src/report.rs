//! Reports: what a command found, as one serde struct that is both the `--json` document and
//! the source of the text output, so the two cannot disagree. docs/json.md documents the
//! vocabulary.

use cgt_core::Outcome;
use serde::Serialize;

use crate::output::{CliError, print};

/// What every report can do: be printed as text, or serialised as the JSON document.
pub(crate) trait Report: Serialize {
    /// The text output (ending in a newline).
    fn text(&self) -> String;
}

/// Prints `report` as one line of JSON or as its text.
pub(crate) fn emit_report(json: bool, report: &impl Report) -> Result<(), CliError> {
    if json {
        let doc = serde_json::to_string(report)
            .map_err(|e| CliError::failure(format!("cannot encode the report: {e}")))?;
        print(&format!("{doc}\n"))
    } else {
        print(&report.text())
    }
}

/// A position of a game as given on the command line.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum Position {
    /// Heap sizes, coins per step or pile sizes, in order (heap 1 first).
    Heaps(Vec<u64>),
    /// One number (the divisor game's N).
    Number(u64),
    /// Vertices holding a token.
    Tokens(Vec<String>),
    /// A picture read from a file.
    Picture {
        /// The file.
        file: String,
        /// Its edges.
        edges: usize,
    },
    /// The components of a sum, as written.
    Components(Vec<String>),
    /// A scripted game's position, as the script would write it (`[3, 4, 5]`, `"TT.F"`).
    Text(String),
}

/// A place a move starts from or goes to: a heap size, a pair of heaps, or a vertex.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum Spot {
    /// A heap size (or N).
    Size(u64),
    /// Two heap sizes.
    Pair([u64; 2]),
    /// A vertex by name.
    Vertex(String),
    /// The heaps a heap splits into (none when it disappears).
    Heaps(Vec<u64>),
}

/// One heap changed by a move that changes several (Moore's Nim).
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Change {
    /// 1-based heap number.
    pub(crate) heap: u64,
    /// Size before.
    pub(crate) from: u64,
    /// Size after.
    pub(crate) to: u64,
}

/// A move, in the one shape every command uses: the numbers that locate it (all 1-based), where
/// it goes, and the same move in words.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct MoveReport {
    /// The heap, pile or step moved in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) heap: Option<u64>,
    /// The Hackenbush edge cut.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) edge: Option<u64>,
    /// The token moved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) token: Option<u64>,
    /// The component of a sum moved in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) component: Option<u64>,
    /// Before the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) from: Option<Spot>,
    /// After the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) to: Option<Spot>,
    /// How many counters, coins or stones the move takes (or the divisor subtracted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) take: Option<u64>,
    /// The heaps a move of several heaps changes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) changes: Option<Vec<Change>>,
    /// The move in words.
    pub(crate) text: String,
}

/// Who wins a position, its value and every winning move: the report of every command that
/// analyses one position of an impartial game.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct PositionReport {
    /// The game: `nim`, `misere-nim`, `staircase`, `moore`, `divisor`, `stones`, `wythoff`,
    /// `hackenbush`, `graph`, `loopy-graph`, `sum`, or a heap game such as `octal 0.77`.
    pub(crate) game: String,
    /// The position.
    pub(crate) position: Position,
    /// `P`, `N`, or `D` (a draw, for loopy games).
    pub(crate) outcome: String,
    /// The Grundy value, when known (`null` for misère play, loopy games, or a value that
    /// would need a search not asked for).
    pub(crate) value: Option<u64>,
    /// The value of a loopy position (`∞(…)` for infinite values), for loopy games only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) loopy_value: Option<String>,
    /// Every winning move (for a draw, every move that keeps the draw); `null` when they were
    /// not searched for.
    pub(crate) winning_moves: Option<Vec<MoveReport>>,
    /// Facts particular to the game (`k`, `search_outcome`, `pile_values`, `component_values`).
    #[serde(flatten)]
    pub(crate) details: serde_json::Map<String, serde_json::Value>,
    /// The first line: what the position is.
    #[serde(skip)]
    pub(crate) title: String,
    /// Said after the outcome on the first line.
    #[serde(skip)]
    pub(crate) title_note: String,
    /// How the value was found, after it (`(the nim-sum of the heaps)`).
    #[serde(skip)]
    pub(crate) value_note: String,
    /// More lines after the value.
    #[serde(skip)]
    pub(crate) notes: Vec<String>,
    /// Said instead of the moves when they were not searched for.
    #[serde(skip)]
    pub(crate) moves_note: String,
}

impl PositionReport {
    /// A report with the fields every game has; the rest start empty. `outcome` is an
    /// [`Outcome`] or, for loopy games, a [`cgt_core::LoopyOutcome`] (`P`, `N`, `D`).
    pub(crate) fn new(
        game: impl Into<String>,
        position: Position,
        outcome: impl core::fmt::Display,
    ) -> Self {
        PositionReport {
            game: game.into(),
            position,
            outcome: outcome.to_string(),
            value: None,
            loopy_value: None,
            winning_moves: Some(Vec::new()),
            details: serde_json::Map::new(),
            title: String::new(),
            title_note: String::new(),
            value_note: String::new(),
            notes: Vec::new(),
            moves_note: String::new(),
        }
    }

    /// Adds a game-specific fact.
    pub(crate) fn detail(mut self, key: &str, value: impl Serialize) -> Self {
        if let Ok(v) = serde_json::to_value(value) {
            self.details.insert(key.to_owned(), v);
        }
        self
    }

    fn describe(&self) -> &'static str {
        match self.outcome.as_str() {
            "P" => Outcome::P.describe(),
            "N" => Outcome::N.describe(),
            _ => "draw: neither player can force a win",
        }
    }
}

impl Report for PositionReport {
    fn text(&self) -> String {
        let mut out = format!("{}: {}{}\n", self.title, self.describe(), self.title_note);
        if let Some(loopy) = &self.loopy_value {
            out.push_str(&format!("Loopy value {loopy}\n"));
        } else if let Some(v) = self.value {
            out.push_str(&format!("Grundy value *{v}{}\n", self.value_note));
        }
        for line in &self.notes {
            out.push_str(line);
            out.push('\n');
        }
        match (&self.winning_moves, self.outcome.as_str()) {
            (None, _) => {
                out.push_str(&self.moves_note);
                out.push('\n');
            }
            (Some(_), "P") => {
                out.push_str("No winning move: every move leads to an N-position.\n");
            }
            (Some(moves), "D") => {
                out.push_str("Moves that keep the draw:\n");
                for m in moves {
                    out.push_str(&format!("  {}\n", m.text));
                }
            }
            (Some(moves), _) if moves.len() == 1 => {
                out.push_str(&format!("Winning move: {}\n", moves[0].text));
            }
            (Some(moves), _) => {
                out.push_str(&format!("Winning moves ({}):\n", moves.len()));
                for m in moves {
                    out.push_str(&format!("  {}\n", m.text));
                }
            }
        }
        out
    }
}

/// A result of a two-player game with distance, in the one shape every command uses.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct VerdictReport {
    /// `win`, `loss` or `draw`, for the side to move.
    pub(crate) result: &'static str,
    /// Plies to the end with best play (`null` for a draw).
    pub(crate) plies: Option<u32>,
}

impl From<cgt_core::Verdict> for VerdictReport {
    fn from(v: cgt_core::Verdict) -> VerdictReport {
        VerdictReport {
            result: match v.wdl() {
                cgt_core::Wdl::Win => "win",
                cgt_core::Wdl::Draw => "draw",
                cgt_core::Wdl::Loss => "loss",
            },
            plies: v.plies(),
        }
    }
}
