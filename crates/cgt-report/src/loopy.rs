//! `cgt loopy`: a loopy partizan game — outcome with each player first, best moves, and for a
//! stopper its simplest form and comparisons.

use core::cmp::Ordering;

use cgt_core::budget::Budget;
use cgt_partizan::Player;
use cgt_partizan::loopy::{Ending, LoopyGame, NAMED};
use serde::Serialize;

use crate::document::Report;
use crate::error::ReportError;
use crate::texts::{self, Arg, Lang};

/// Most positions listed move by move in the text (the JSON lists them all).
const TEXT_MOVES_MAX: usize = 12;

/// The report of one loopy game.
#[derive(Debug, Serialize)]
pub struct LoopyReport {
    /// The game as given.
    pub game: String,
    /// The game's name as a message, where it is a named one (a row of Backsliding Toads and
    /// Frogs): the text in other languages words it.
    #[serde(skip)]
    pub game_said: Option<cgt_core::said::Said>,
    /// The game as read, in the text form (short positions in canonical notation).
    pub form: String,
    /// Positions reachable from the start.
    pub positions: usize,
    /// Moves between them, both players'.
    pub moves: usize,
    /// No infinite alternating play: comparison and simplest form apply.
    pub stopper: bool,
    /// Play always ends: the canonical form of a short game.
    pub short: Option<String>,
    /// The simplest form of a stopper.
    pub simplest: Option<String>,
    /// The named value (`on`, `over`, `upon`, …) a stopper equals, if any.
    pub equals: Option<String>,
    /// Games that are not stoppers: the onside and offside, `G = G⁺ & G⁻`, when sidling
    /// settles.
    pub sides: Option<[String; 2]>,
    /// Why the sides are missing, when sidling did not settle.
    pub sides_note: Option<String>,
    /// The outcome: `L`, `R`, `N`, `P`, or with draws, each start's ending.
    pub outcome: String,
    /// Play with Left moving first, then with Right.
    pub first: [FirstMove; 2],
    /// `--compare`: the order between this stopper and another.
    pub compare: Option<LoopyComparison>,
}

/// How play goes with one player moving first.
#[derive(Debug, Serialize)]
pub struct FirstMove {
    /// `left` or `right`.
    pub player: String,
    /// `left`, `right` (the winner) or `draw`.
    pub ending: String,
    /// Moves until the loser is stuck, the winner hurrying; `null` for a draw.
    pub length: Option<u32>,
    /// The best moves: fastest wins, moves keeping the draw, or slowest losses (positions by
    /// name).
    pub best: Vec<String>,
}

/// The order between two games (stoppers directly, other games by their sides).
#[derive(Debug, Serialize)]
pub struct LoopyComparison {
    /// The other game as given.
    pub other: String,
    /// Its simplest form, or its sides `onside & offside`.
    pub other_form: String,
    /// `>`, `<`, `=` or `||` (confused).
    pub relation: crate::Relation,
}

fn read(text: &str) -> Result<LoopyGame, ReportError> {
    Ok(LoopyGame::parse(text)?)
}

/// The report of `game` (any text [`LoopyGame::parse`] reads), compared with `compare`.
///
/// # Errors
/// Unreadable games; a comparison with a game whose sides do not settle; a comparison table
/// past the budget's memory, or work past its time.
pub fn loopy(
    game: &str,
    compare: Option<&str>,
    budget: &Budget,
) -> Result<LoopyReport, ReportError> {
    let g = read(game)?;
    report(game.trim(), &g, compare, budget)
}

/// The game of a row of Backsliding Toads and Frogs (at most 64 squares).
///
/// # Errors
/// A row that is not one; positions past the budget.
pub fn backsliding(row: &str, budget: &Budget) -> Result<LoopyGame, ReportError> {
    let r: cgt_partizan::toads::Row = row.trim().parse()?;
    Ok(cgt_partizan::toads::Backsliding::game(&r, budget)?)
}

/// The report of a game already read (from a file or its JSON description).
///
/// # Errors
/// As [`loopy`].
pub fn report(
    given: &str,
    g: &LoopyGame,
    compare: Option<&str>,
    budget: &Budget,
) -> Result<LoopyReport, ReportError> {
    let g = g.trimmed();
    let solution = g.solve();
    let outcome = solution.outcome(g.start());
    let stopper = g.is_stopper();
    let mut arena = cgt_partizan::Arena::new();
    let short = g.to_short(&mut arena)?.map(|v| arena.display(v));
    let (simplest, equals) = if stopper {
        let s = g.simplest(budget)?;
        let mut equals = None;
        for (name, _) in NAMED {
            let named = LoopyGame::named(name).expect("named values parse");
            if named.is_stopper() && s.compare(&named, budget)? == Some(Ordering::Equal) {
                equals = Some(name.to_owned());
                break;
            }
        }
        (Some(s.display()), equals)
    } else {
        (None, None)
    };
    let (mut sides, mut sides_note) = (None, None);
    if !stopper {
        // The outcome and moves are exact without the sides: sidling that does not settle, or
        // that runs out of time or memory, leaves a note instead of the sides.
        match (g.onside(budget), g.offside(budget)) {
            (Ok(on), Ok(off)) => sides = Some([on.display(), off.display()]),
            (Err(e), _) | (_, Err(e)) => sides_note = Some(e.to_string()),
        }
    }
    let first = [Player::Left, Player::Right].map(|p| {
        let start = g.start();
        FirstMove {
            player: if p == Player::Left { "left" } else { "right" }.to_owned(),
            ending: match solution.ending(start, p) {
                Ending::Left => "left",
                Ending::Right => "right",
                Ending::Draw => "draw",
            }
            .to_owned(),
            length: solution.length(start, p),
            best: solution
                .best_moves(&g, start, p)
                .into_iter()
                .map(|o| g.name(o).to_owned())
                .collect(),
        }
    });
    let compare = match compare {
        None => None,
        Some(other) => {
            let h = read(other)?;
            let relation = crate::Relation::from(g.compare(&h, budget)?);
            Some(LoopyComparison {
                other: other.trim().to_owned(),
                other_form: if h.is_stopper() {
                    h.simplest(budget)?.display()
                } else {
                    format!(
                        "{} & {}",
                        h.onside(budget)?.display(),
                        h.offside(budget)?.display()
                    )
                },
                relation,
            })
        }
    };
    Ok(LoopyReport {
        game: given.to_owned(),
        game_said: None,
        form: g.display(),
        positions: g.len(),
        moves: g.edge_count(),
        stopper,
        short,
        simplest,
        equals,
        sides,
        sides_note,
        outcome: outcome.to_string(),
        first,
        compare,
    })
}

impl Report for LoopyReport {
    fn text(&self) -> String {
        self.text_in(Lang::En)
    }

    fn text_in(&self, lang: Lang) -> String {
        let say = |id: &str, args: &[(&str, Arg<'_>)]| texts::message(lang, id, args);
        let game = match (&self.game_said, lang) {
            (Some(said), Lang::Ru | Lang::Bg | Lang::Zh) => texts::said(lang, said),
            _ => self.game.clone(),
        };
        let mut out = say("report-loopy-title", &[("game", Arg::Text(&game))]);
        out.push('\n');
        let kind = match (&self.short, self.stopper) {
            (Some(_), _) => "report-loopy-short",
            (None, true) => "report-loopy-stopper",
            (None, false) => "report-loopy-not-stopper",
        };
        out.push_str(&say(
            "report-loopy-size",
            &[
                ("positions", Arg::Number(self.positions as u64)),
                ("moves", Arg::Number(self.moves as u64)),
                ("kind", Arg::Text(&say(kind, &[]))),
            ],
        ));
        out.push('\n');
        let shown = self.short.as_ref().or(self.simplest.as_ref());
        if self.short.is_none() && shown != Some(&self.form) && self.form.len() <= 200 {
            out.push_str(&say(
                "report-loopy-form",
                &[("form", Arg::Text(&self.form))],
            ));
            out.push('\n');
        }
        if let Some(s) = &self.simplest {
            out.push_str(&match self.equals.as_ref().filter(|n| *n != s) {
                Some(name) => say(
                    "report-loopy-game-value-named",
                    &[("value", Arg::Text(s)), ("name", Arg::Text(name))],
                ),
                None => say("report-loopy-game-value", &[("value", Arg::Text(s))]),
            });
            out.push('\n');
        }
        if let Some([on, off]) = &self.sides {
            out.push_str(&say(
                "report-loopy-sides",
                &[("on", Arg::Text(on)), ("off", Arg::Text(off))],
            ));
            out.push('\n');
        }
        if let Some(note) = &self.sides_note {
            out.push_str(&say(
                "report-loopy-sides-note",
                &[("note", Arg::Text(note))],
            ));
            out.push('\n');
        }
        // A classical outcome is its letter; with draws, each start's ending in words.
        let outcome = if self.outcome.chars().count() == 1 {
            self.outcome.clone()
        } else {
            let ending = |p: &str| {
                self.first
                    .iter()
                    .find(|f| f.player == p)
                    .map_or("draw", |f| f.ending.as_str())
            };
            match (ending("left"), ending("right")) {
                ("draw", "draw") => say("report-loopy-outcome-draw", &[]),
                (left, right) => say(
                    "report-loopy-outcome-mixed",
                    &[("left", Arg::Text(left)), ("right", Arg::Text(right))],
                ),
            }
        };
        out.push_str(&say(
            "report-loopy-outcome",
            &[("outcome", Arg::Text(&outcome))],
        ));
        out.push('\n');
        for f in &self.first {
            let who = Arg::Text(&f.player);
            let how = match (f.ending.as_str(), f.length) {
                ("draw", _) => say("report-loopy-draw", &[]),
                (_, Some(0)) => {
                    out.push_str(&say("report-loopy-cannot-move", &[("side", who)]));
                    out.push('\n');
                    continue;
                }
                (winner, Some(n)) => say(
                    "report-loopy-wins-in",
                    &[
                        ("winner", Arg::Text(winner)),
                        ("moves", Arg::Number(u64::from(n))),
                    ],
                ),
                (winner, None) => say("report-loopy-wins", &[("winner", Arg::Text(winner))]),
            };
            let moves = if f.best.is_empty() {
                say("report-loopy-no-move", &[])
            } else {
                let mut shown: Vec<&str> = f
                    .best
                    .iter()
                    .take(TEXT_MOVES_MAX)
                    .map(String::as_str)
                    .collect();
                if f.best.len() > TEXT_MOVES_MAX {
                    shown.push("…");
                }
                let to = say("report-loopy-best-separator", &[]);
                say(
                    "report-loopy-best",
                    &[("moves", Arg::Text(&shown.join(&to)))],
                )
            };
            out.push_str(&say(
                "report-loopy-first",
                &[
                    ("side", who),
                    ("how", Arg::Text(&how)),
                    ("moves", Arg::Text(&moves)),
                ],
            ));
            out.push('\n');
        }
        if let Some(c) = &self.compare {
            let other = if c.other == c.other_form {
                c.other.clone()
            } else {
                format!("{} = {}", c.other, c.other_form)
            };
            let game = self
                .simplest
                .clone()
                .or_else(|| self.sides.as_ref().map(|[a, b]| format!("{a} & {b}")))
                .unwrap_or_else(|| self.form.clone());
            out.push_str(&say(
                "report-loopy-compared",
                &[
                    ("other", Arg::Text(&other)),
                    ("game", Arg::Text(&game)),
                    ("relation", Arg::Text(&c.relation.to_string())),
                    ("form", Arg::Text(&c.other_form)),
                ],
            ));
            out.push('\n');
        }
        out
    }
}
