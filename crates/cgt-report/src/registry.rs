//! The one list of partizan rulesets every front end shows: the `cgt` command makes a
//! subcommand of each, the playground answers `/api/NAME` for each, and the Python package
//! opens each by name. A ruleset is its module in `cgt-partizan` (rules and
//! [`Ruleset`] impl) and one line of the list `cgt_partizan::for_each_ruleset!`, which
//! [`RULESETS`] expands.
//!
//! ```
//! use cgt_core::budget::Budget;
//! use cgt_report::Report;
//! use cgt_report::partizan::Look;
//!
//! let konane = cgt_report::registry::ruleset("konane").unwrap();
//! assert_eq!(konane.texts().title, "Konane");
//! let r = (konane.report)("xo.", &Budget::unlimited(), Look::default())?;
//! assert_eq!(r.value, "1");
//! assert!(r.text().contains("(1,1) jumps to (1,3)"));
//! # Ok::<(), cgt_report::ReportError>(())
//! ```

use cgt_core::OutcomeClass;
use cgt_core::budget::Budget;
use cgt_core::said::{Said, Worded};
use cgt_partizan::colouring::{Col, Rule, Snort};
use cgt_partizan::ruleset::{MoveOf, MoveText, Place, Ruleset};
use cgt_partizan::{Arena, Evaluator, GameId, MisereSearch, PartizanError, PartizanGame, Player};

use crate::document::{MoveReport, Spot};
use crate::error::ReportError;
use crate::partizan::{Look, PartizanReport, colouring_graph, position_report};
use crate::texts::RulesetTexts;

/// The report of a position given as text, within a budget.
pub type ReportFn = fn(&str, &Budget, Look) -> Result<PartizanReport, ReportError>;

/// The value of a position given as text, in a caller's arena, within a budget.
pub type ValueFn = fn(&mut Arena, &str, &Budget) -> Result<Valued, PartizanError>;

/// A play session from a position given as text, the person to move as the given side.
pub type PlayFn = fn(&str, Player, &Budget) -> Result<Box<dyn cgt_play::AnySession>, ReportError>;

/// A position's value and the positions its search solved.
#[derive(Clone, Copy, Debug)]
pub struct Valued {
    /// The value, in the caller's arena.
    pub value: GameId,
    /// Positions the search solved.
    pub searched: u64,
}

/// A ruleset as the front ends list it: its name, its texts for people ([`crate::texts`])
/// and what it answers.
#[derive(Clone, Copy, Debug)]
pub struct RulesetEntry {
    /// [`Ruleset::NAME`]: the command, the page and the JSON `game` field.
    pub name: &'static str,
    /// The report of a position: value, stops, thermograph, each side's winning moves.
    pub report: ReportFn,
    /// The value of a position, in the caller's arena.
    pub value: ValueFn,
    /// A position as the ruleset writes it (read and shown again: `"4x4"` is shown as its rows).
    pub show: fn(&str) -> Result<String, PartizanError>,
    /// The positions a player can move to, as the ruleset writes them, in its order.
    pub options: fn(&str, Player) -> Result<Vec<String>, PartizanError>,
    /// The outcome of a position under misère play (the player who cannot move wins).
    pub misere: fn(&str, &Budget) -> Result<OutcomeClass, PartizanError>,
    /// The board of a position as SVG (`None` for a position shown as text only).
    pub picture: fn(&str) -> Result<Option<String>, PartizanError>,
    /// A play session from a position, the person moving first as the given side.
    pub play: PlayFn,
    /// The report of the rules played on a graph instead of a board, for the rulesets that
    /// have that reading (Col and Snort).
    pub graph: Option<ReportFn>,
}

/// The entry of ruleset `R`.
#[must_use]
pub const fn entry<R: Ruleset>() -> RulesetEntry
where
    cgt_partizan::ruleset::MoveOf<R>: PartialEq + Send + 'static,
    R::Game: cgt_play::games::Drawn + std::fmt::Debug,
{
    RulesetEntry {
        name: R::NAME,
        report: report::<R>,
        value: value::<R>,
        show: |text| Ok(R::show(&R::parse(text)?)),
        options: options::<R>,
        misere: |text, budget| {
            MisereSearch::new(R::GAME)
                .with_limits(budget.clone())
                .outcome(&R::parse(text)?)
        },
        picture: |text| Ok(crate::boards::ruleset::<R>(&R::parse(text)?)),
        play: play::<R>,
        graph: None,
    }
}

impl RulesetEntry {
    /// Its title, rules, notation and example position.
    #[must_use]
    pub fn texts(&self) -> &'static RulesetTexts {
        crate::texts::ruleset(self.name)
    }
}

const fn with_graph(entry: RulesetEntry, graph: ReportFn) -> RulesetEntry {
    RulesetEntry {
        graph: Some(graph),
        ..entry
    }
}

/// The entries of the rulesets `cgt_partizan::for_each_ruleset!` lists, in its order.
macro_rules! entries {
    ($($game:path => [$($ruleset:path),*]),* $(,)?) => {
        &[$($(on_graphs(entry::<$ruleset>())),*),*]
    };
}

/// Every partizan ruleset, in the order the front ends list them: the one list of
/// `cgt_partizan::for_each_ruleset!`.
pub static RULESETS: &[RulesetEntry] = cgt_partizan::for_each_ruleset!(entries);

/// The entry with its reading on graphs, for the rulesets that have one (Col and Snort).
const fn on_graphs(entry: RulesetEntry) -> RulesetEntry {
    if same(entry.name, Col::NAME) {
        with_graph(entry, |text, budget, look| {
            colouring_graph(Rule::Col, text, budget, look)
        })
    } else if same(entry.name, Snort::NAME) {
        with_graph(entry, |text, budget, look| {
            colouring_graph(Rule::Snort, text, budget, look)
        })
    } else {
        entry
    }
}

/// `a == b`, in a constant.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The ruleset named `name` (as [`Ruleset::NAME`]).
#[must_use]
pub fn ruleset(name: &str) -> Option<&'static RulesetEntry> {
    RULESETS.iter().find(|r| r.name == name)
}

/// The ruleset named `name`, or the error that lists them all (`no ruleset "kayles"; the
/// rulesets are domineering, …`).
///
/// # Errors
/// No ruleset of that name.
pub fn find(name: &str) -> Result<&'static RulesetEntry, ReportError> {
    ruleset(name).ok_or_else(|| {
        ReportError::input(format!("no ruleset {name:?}; the rulesets are {}", names()))
    })
}

/// The names of every ruleset, in order, joined by `, ` (for messages listing them).
#[must_use]
pub fn names() -> String {
    RULESETS
        .iter()
        .map(|r| r.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A place of a move as reports number it (from 1).
#[must_use]
pub fn spot(place: Place) -> Spot {
    match place {
        Place::Square(r, c) => Spot::Pair([r as u64 + 1, c as u64 + 1]),
        Place::Cell(i) => Spot::Size(i as u64 + 1),
        Place::Vertex(name) => Spot::Vertex(name),
    }
}

/// A move told by its ruleset, in the shape every report uses.
#[must_use]
pub fn move_report(told: MoveText) -> MoveReport {
    MoveReport {
        from: told.from.map(spot),
        to: told.to.map(spot),
        text: told.text,
        ..MoveReport::default()
    }
}

/// `cgt NAME POSITION` for ruleset `R`: the position's value, stops, thermograph and each
/// side's winning moves (and misère play when `look` asks).
///
/// # Errors
/// A malformed position, or the search's limits.
pub fn report<R: Ruleset>(
    text: &str,
    budget: &Budget,
    look: Look,
) -> Result<PartizanReport, ReportError> {
    let position = R::parse(text)?;
    // The move in words where it has words, else as written (notation is the same in every
    // language).
    let describe = |m: &MoveOf<R>, after: &_, player| MoveReport {
        said: Some(
            m.said()
                .unwrap_or_else(|| Said::new("report-move-as-written").text("move", m.to_string())),
        ),
        ..move_report(R::describe(&position, m, after, player))
    };
    position_report(
        R::GAME,
        R::NAME,
        &position,
        R::show(&position),
        R::title(&position),
        &describe,
        budget,
        look,
    )
}

/// The value of a position of ruleset `R` given as text, in `arena`, within `budget`.
///
/// # Errors
/// A malformed position, or the search's limits.
pub fn value<R: Ruleset>(
    arena: &mut Arena,
    text: &str,
    budget: &Budget,
) -> Result<Valued, PartizanError> {
    let position = R::parse(text)?;
    let mut evaluator = Evaluator::new(R::GAME).with_limits(budget.clone());
    let value = evaluator.value(arena, &position)?;
    Ok(Valued {
        value,
        searched: evaluator.searched(),
    })
}

/// The positions `player` can move to from a position of ruleset `R` given as text, as the
/// ruleset writes them.
///
/// # Errors
/// A malformed position.
pub fn options<R: Ruleset>(text: &str, player: Player) -> Result<Vec<String>, PartizanError> {
    let position = R::parse(text)?;
    let mut moves = Vec::new();
    R::GAME.moves(&position, player, &mut moves);
    Ok(moves.iter().map(|(_, after)| R::show(after)).collect())
}

/// Ruleset `R`'s session from a position as it writes it, the person moving first as
/// `to_move`.
///
/// # Errors
/// The position does not parse.
fn play<R: Ruleset>(
    position: &str,
    to_move: Player,
    budget: &Budget,
) -> Result<Box<dyn cgt_play::AnySession>, ReportError>
where
    cgt_partizan::ruleset::MoveOf<R>: PartialEq + Send + 'static,
    R::Game: cgt_play::games::Drawn + std::fmt::Debug,
{
    let position = R::parse(position)?;
    Ok(Box::new(cgt_play::Session::new(
        cgt_play::games::Partizan::new(R::GAME, budget.clone()),
        cgt_play::games::Turned { position, to_move },
    )))
}
