//! The shapes every report shares: a position as given, a move, the report of one position of
//! an impartial game, a verdict with its distance; and [`Report`], which renders a report as
//! text (its JSON is its serde form). docs/json.md documents the vocabulary.

use cgt_core::Outcome;
use cgt_core::said::{Line, Said};
use serde::Serialize;

use crate::texts::{self, Lang};

/// Who wins a position, as every report writes it — one letter in the JSON and the text: `L`
/// (Left wins, whoever starts), `R`, `P` (the second player wins), `N` (the first player wins)
/// and `D` (a draw, in loopy play). It compares equal to its letter (`outcome == "N"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Letter {
    /// Left wins, whoever starts.
    L,
    /// Right wins, whoever starts.
    R,
    /// The player to move loses.
    P,
    /// The player to move wins.
    N,
    /// Neither player can force a win.
    D,
}

impl Letter {
    /// The letter.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Letter::L => "L",
            Letter::R => "R",
            Letter::P => "P",
            Letter::N => "N",
            Letter::D => "D",
        }
    }
}

impl core::fmt::Display for Letter {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Letter {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<&str> for Letter {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl From<Outcome> for Letter {
    fn from(o: Outcome) -> Letter {
        match o {
            Outcome::P => Letter::P,
            Outcome::N => Letter::N,
        }
    }
}

impl From<cgt_core::LoopyOutcome> for Letter {
    fn from(o: cgt_core::LoopyOutcome) -> Letter {
        match o {
            cgt_core::LoopyOutcome::P => Letter::P,
            cgt_core::LoopyOutcome::N => Letter::N,
            cgt_core::LoopyOutcome::Draw => Letter::D,
        }
    }
}

impl From<cgt_core::OutcomeClass> for Letter {
    fn from(o: cgt_core::OutcomeClass) -> Letter {
        match o {
            cgt_core::OutcomeClass::L => Letter::L,
            cgt_core::OutcomeClass::R => Letter::R,
            cgt_core::OutcomeClass::P => Letter::P,
            cgt_core::OutcomeClass::N => Letter::N,
        }
    }
}

/// How one game compares with another, as reports write it: `>`, `<`, `=` or `||`
/// (confused, or incomparable).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// Greater.
    Greater,
    /// Less.
    Less,
    /// Equal.
    Equal,
    /// Neither: confused with (or incomparable to) the other.
    Confused,
}

impl Relation {
    /// The sign.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Relation::Greater => ">",
            Relation::Less => "<",
            Relation::Equal => "=",
            Relation::Confused => "||",
        }
    }
}

impl From<Option<core::cmp::Ordering>> for Relation {
    fn from(o: Option<core::cmp::Ordering>) -> Relation {
        match o {
            Some(core::cmp::Ordering::Greater) => Relation::Greater,
            Some(core::cmp::Ordering::Less) => Relation::Less,
            Some(core::cmp::Ordering::Equal) => Relation::Equal,
            None => Relation::Confused,
        }
    }
}

impl core::fmt::Display for Relation {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Relation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<&str> for Relation {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// What every report can do: be printed as text, or serialised as the JSON document.
pub trait Report: Serialize {
    /// The text output (ending in a newline).
    fn text(&self) -> String;

    /// The text output in `lang`: what the playground's "why?" panel shows. Reports whose
    /// words are not yet in the locale files give their English [`Report::text`].
    fn text_in(&self, lang: Lang) -> String {
        let _ = lang;
        self.text()
    }
}

/// Facts particular to one game in a [`PositionReport`], each present only for the games
/// that have it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Details {
    /// Moore's Nim_k: `k`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub k: Option<u32>,
    /// The divisor game with `--search`: the outcome found by search (`null` without it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search_outcome: Option<Option<String>>,
    /// The Game of Stones: each pile's value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pile_values: Option<Vec<u64>>,
    /// A sum: each component's value (numbers, or texts when one is loopy).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component_values: Option<ComponentValues>,
    /// The derivation shown with `--explain`, line by line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Vec<String>>,
    /// A misère position answered through a misère quotient: the quotient and its element.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub misere_quotient: Option<QuotientElement>,
}

/// The element of a position in a misère quotient, with the quotient in brief.
#[derive(Clone, Debug, Serialize)]
pub struct QuotientElement {
    /// The position's element, in normal form.
    pub element: String,
    /// The largest heap the quotient covers.
    pub upto: u64,
    /// The quotient's order.
    pub order: usize,
    /// Its presentation.
    pub presentation: String,
    /// Its P-portion, in normal forms.
    pub p_portion: Vec<String>,
}

/// The values of a sum's components: numbers when all are finite, texts (`∞(0,1)`) otherwise.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum ComponentValues {
    /// Every component is finite.
    Finite(Vec<u64>),
    /// Some component is loopy.
    Loopy(Vec<String>),
}

/// A position of a game as given on the command line.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Position {
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
pub enum Spot {
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
pub struct Change {
    /// 1-based heap number.
    pub heap: u64,
    /// Size before.
    pub from: u64,
    /// Size after.
    pub to: u64,
}

/// A move, in the one shape every command uses: the numbers that locate it (all 1-based), where
/// it goes, and the same move in words.
#[derive(Clone, Debug, Default, Serialize)]
pub struct MoveReport {
    /// The heap, pile or step moved in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heap: Option<u64>,
    /// The Hackenbush edge cut.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edge: Option<u64>,
    /// The token moved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<u64>,
    /// The component of a sum moved in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component: Option<u64>,
    /// Before the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Spot>,
    /// After the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Spot>,
    /// How many counters, coins or stones the move takes (or the divisor subtracted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub take: Option<u64>,
    /// The heaps a move of several heaps changes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changes: Option<Vec<Change>>,
    /// The move in words (English).
    pub text: String,
    /// The move as a message, for the text in other languages; `None` where only the English
    /// words exist.
    #[serde(skip)]
    pub said: Option<Said>,
}

impl MoveReport {
    /// The move in words in `lang`.
    #[must_use]
    pub fn text_in(&self, lang: Lang) -> String {
        match &self.said {
            Some(said) => texts::said(lang, said),
            None => self.text.clone(),
        }
    }
}

/// Who wins a position, its value and every winning move: the report of every command that
/// analyses one position of an impartial game.
#[derive(Clone, Debug, Serialize)]
pub struct PositionReport {
    /// The game: `nim`, `misere-nim`, `staircase`, `moore`, `divisor`, `stones`, `wythoff`,
    /// `hackenbush`, `graph`, `loopy-graph`, `sum`, or a heap game such as `octal 0.77`.
    pub game: String,
    /// The position.
    pub position: Position,
    /// `P`, `N`, or `D` (a draw, for loopy games).
    pub outcome: Letter,
    /// The Grundy value, when known (`null` for misère play, loopy games, or a value that
    /// would need a search not asked for).
    pub value: Option<u64>,
    /// The value of a loopy position (`∞(…)` for infinite values), for loopy games only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loopy_value: Option<String>,
    /// Every winning move (for a draw, every move that keeps the draw); `null` when they were
    /// not searched for.
    pub winning_moves: Option<Vec<MoveReport>>,
    /// Facts particular to the game (`k`, `search_outcome`, `pile_values`, `component_values`,
    /// `explanation`).
    #[serde(flatten)]
    pub details: Details,
    /// The first line: what the position is.
    #[serde(skip)]
    pub title: Said,
    /// Said after the outcome on the first line.
    #[serde(skip)]
    pub title_note: Option<Said>,
    /// How the value was found, after it (`(the nim-sum of the heaps)`).
    #[serde(skip)]
    pub value_note: Option<Said>,
    /// More lines after the value (the derivation).
    #[serde(skip)]
    pub notes: Vec<Line>,
    /// Said instead of the moves when they were not searched for.
    #[serde(skip)]
    pub moves_note: Option<Said>,
}

impl PositionReport {
    /// A report with the fields every game has; the rest start empty. `outcome` is an
    /// [`Outcome`] or, for loopy games, a [`cgt_core::LoopyOutcome`] (`P`, `N`, `D`).
    #[must_use]
    pub fn new(game: impl Into<String>, position: Position, outcome: impl Into<Letter>) -> Self {
        PositionReport {
            game: game.into(),
            position,
            outcome: outcome.into(),
            value: None,
            loopy_value: None,
            winning_moves: Some(Vec::new()),
            details: Details::default(),
            title: Said::new("report-title-none"),
            title_note: None,
            value_note: None,
            notes: Vec::new(),
            moves_note: None,
        }
    }

    /// The derivation: printed after the value, in the JSON document's `explanation` (in
    /// English).
    pub fn explain(&mut self, lines: Vec<Line>) {
        self.details.explanation = Some(texts::lines(Lang::En, &lines));
        self.notes.extend(lines);
    }
}

impl Report for PositionReport {
    fn text(&self) -> String {
        self.text_in(Lang::En)
    }

    fn text_in(&self, lang: Lang) -> String {
        let say = |said: &Said| texts::said(lang, said);
        let outcome = match self.outcome {
            Letter::P => "report-outcome-p",
            Letter::N => "report-outcome-n",
            _ => "report-outcome-draw",
        };
        let mut out = say(&Said::new("report-heading")
            .said("title", self.title.clone())
            .said("outcome", Said::new(outcome))
            .text(
                "note",
                self.title_note.as_ref().map(say).unwrap_or_default(),
            ));
        out.push('\n');
        if let Some(loopy) = &self.loopy_value {
            out.push_str(&say(&Said::new("report-loopy-value").text("value", loopy)));
            out.push('\n');
        } else if let Some(v) = self.value {
            let note = self.value_note.as_ref().map(say).unwrap_or_default();
            out.push_str(&say(&Said::new("report-grundy-value")
                .number("value", v)
                .text("note", note)));
            out.push('\n');
        }
        for line in texts::lines(lang, &self.notes) {
            out.push_str(&line);
            out.push('\n');
        }
        let line = |out: &mut String, said: Said| {
            out.push_str(&say(&said));
            out.push('\n');
        };
        match (&self.winning_moves, self.outcome) {
            (None, _) => {
                out.push_str(&self.moves_note.as_ref().map(say).unwrap_or_default());
                out.push('\n');
            }
            (Some(_), Letter::P) => line(&mut out, Said::new("report-no-winning-move")),
            (Some(moves), Letter::D) => {
                line(&mut out, Said::new("report-draw-moves"));
                for m in moves {
                    out.push_str(&format!("  {}\n", m.text_in(lang)));
                }
            }
            (Some(moves), _) if moves.len() == 1 => line(
                &mut out,
                Said::new("report-winning-move").text("move", moves[0].text_in(lang)),
            ),
            (Some(moves), _) => {
                line(
                    &mut out,
                    Said::new("report-winning-moves").number("count", moves.len() as u64),
                );
                for m in moves {
                    out.push_str(&format!("  {}\n", m.text_in(lang)));
                }
            }
        }
        out
    }
}

/// A result of a two-player game with distance, in the one shape every command uses.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct VerdictReport {
    /// `win`, `loss` or `draw`, for the side to move.
    #[serde(serialize_with = "as_text")]
    pub result: cgt_core::Wdl,
    /// Plies to the end with best play (`null` for a draw).
    pub plies: Option<u32>,
}

impl From<cgt_core::Verdict> for VerdictReport {
    fn from(v: cgt_core::Verdict) -> VerdictReport {
        VerdictReport {
            result: v.wdl(),
            plies: v.plies(),
        }
    }
}

/// A value serialised as its text (`Display`).
fn as_text<T: core::fmt::Display, S: serde::Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}
