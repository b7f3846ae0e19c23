//! `cgt dead-end`: a Left dead end under misère play — canonical form, birthday, race, whether
//! it is an atom, its divisors and its factorisations into atoms, and its order against another.

use cgt_core::budget::Budget;
use cgt_partizan::deadend::{DeadEnd, DeadEnds};
use serde::Serialize;

use crate::document::Report;
use crate::error::ReportError;
use crate::texts::{self, Arg, Lang};

/// Most divisors and factorisations listed in the text (the JSON has up to `limit`).
const TEXT_LIST_MAX: usize = 12;

/// Longest form written in full; longer ones are cut and end in `…` (a sum's written form can
/// be exponentially longer than the games it is made of).
const FORM_MAX: usize = 4000;

/// The report of one Left dead end.
#[derive(Debug, Serialize)]
pub struct DeadEndReport {
    /// The game as given.
    pub game: String,
    /// Its canonical form (`-n` is Right's chain of `n` moves), cut after 4000 characters
    /// with `…`.
    pub form: String,
    /// The number of characters of the whole canonical form.
    pub form_length: u64,
    /// The longest run of Right moves in the canonical form.
    pub birthday: u32,
    /// The fewest moves in which Right can run out of moves.
    pub race: u32,
    /// `n` when the game is Right's chain of `n` moves.
    pub integer: Option<u32>,
    /// Misère outcome of the game alone: `N` for `0` (whoever must move cannot, and wins),
    /// `L` otherwise (Left, to move, cannot move and wins; Right, to move, must move and leave
    /// Left without a move).
    pub outcome: crate::Letter,
    /// Not `0` and not a sum of two games other than `0`.
    pub atom: bool,
    /// Every `A` with `A + B` equal to the game for some Left dead end `B`, `0` and the game
    /// included.
    pub divisors: Vec<String>,
    /// Factorisations into atoms, each a list of atoms; at most `limit` of them.
    pub factorisations: Vec<Vec<String>>,
    /// How many factorisations there are in all.
    pub factorisation_count: u64,
    /// `--compare`: the order against another Left dead end.
    pub compare: Option<DeadEndComparison>,
}

/// The order between two Left dead ends in the dead-ending universe.
#[derive(Debug, Serialize)]
pub struct DeadEndComparison {
    /// The other game as given.
    pub other: String,
    /// Its canonical form.
    pub other_form: String,
    /// `>`, `<`, `=` or `||` (incomparable).
    pub relation: crate::Relation,
}

/// The report of the Left dead end `game` (`0`, `-n`, `{|a,b}`, sums), its factorisations
/// (at most `limit` listed), compared with `compare`.
///
/// # Errors
/// Text that is not a Left dead end (a Left move anywhere is refused), games past the arena's
/// limits, or work past the budget's time or memory.
pub fn dead_end(
    game: &str,
    compare: Option<&str>,
    limit: usize,
    budget: &Budget,
) -> Result<DeadEndReport, ReportError> {
    let mut d = DeadEnds::new().with_limits(budget.clone());
    let g = d.parse(game)?;
    let names =
        |d: &DeadEnds, xs: &[DeadEnd]| xs.iter().map(|&x| d.display_within(x, FORM_MAX)).collect();
    let all = d.divisors(g)?;
    let divisors = names(&d, &all);
    let (found, factorisation_count) = d.factorisations(g, limit)?;
    let factorisations = found.iter().map(|f| names(&d, f)).collect();
    let compare = match compare {
        None => None,
        Some(other) => {
            let h = d.parse(other)?;
            let relation = match (d.ge(g, h), d.ge(h, g)) {
                (true, true) => crate::Relation::Equal,
                (true, false) => crate::Relation::Greater,
                (false, true) => crate::Relation::Less,
                (false, false) => crate::Relation::Confused,
            };
            Some(DeadEndComparison {
                other: other.trim().to_owned(),
                other_form: d.display_within(h, FORM_MAX),
                relation,
            })
        }
    };
    Ok(DeadEndReport {
        game: game.trim().to_owned(),
        form: d.display_within(g, FORM_MAX),
        form_length: d.display_len(g),
        birthday: d.birthday(g),
        race: d.race(g),
        integer: d.as_integer(g),
        outcome: if g == d.zero() {
            crate::Letter::N
        } else {
            crate::Letter::L
        },
        atom: d.is_atom(g)?,
        divisors,
        factorisations,
        factorisation_count,
        compare,
    })
}

fn list(lang: Lang, items: &[String], out: &mut String) {
    let shown: Vec<&str> = items
        .iter()
        .take(TEXT_LIST_MAX)
        .map(String::as_str)
        .collect();
    out.push_str(&shown.join(", "));
    if items.len() > TEXT_LIST_MAX {
        out.push_str(&texts::message(
            lang,
            "report-dead-end-more",
            &[("count", Arg::Number(items.len() as u64))],
        ));
    }
    out.push('\n');
}

impl Report for DeadEndReport {
    fn text(&self) -> String {
        self.text_in(Lang::En)
    }

    fn text_in(&self, lang: Lang) -> String {
        let say = |id: &str, args: &[(&str, Arg<'_>)]| texts::message(lang, id, args);
        let mut out = say("report-dead-end-title", &[("game", Arg::Text(&self.game))]);
        out.push('\n');
        out.push_str(&say(
            "report-dead-end-form",
            &[("form", Arg::Text(&self.form))],
        ));
        if self.form.ends_with('…') {
            out.push_str(&say(
                "report-dead-end-form-length",
                &[("length", Arg::Number(self.form_length))],
            ));
        }
        if let Some(n) = self.integer.filter(|&n| n > 0) {
            out.push_str(&say(
                "report-dead-end-chain",
                &[("moves", Arg::Number(u64::from(n)))],
            ));
        }
        out.push('\n');
        out.push_str(&say(
            "report-dead-end-birthday",
            &[
                ("birthday", Arg::Number(u64::from(self.birthday))),
                ("race", Arg::Number(u64::from(self.race))),
            ],
        ));
        out.push('\n');
        out.push_str(&say(
            if self.outcome == crate::Letter::N {
                "report-dead-end-outcome-n"
            } else {
                "report-dead-end-outcome-l"
            },
            &[],
        ));
        out.push('\n');
        if self.form == "0" {
            out.push_str(&say("report-dead-end-zero", &[]));
            out.push('\n');
        } else if self.atom {
            out.push_str(&say("report-dead-end-atom", &[]));
            out.push('\n');
        } else {
            out.push_str(&say(
                "report-dead-end-divisors",
                &[("count", Arg::Number(self.divisors.len() as u64))],
            ));
            list(lang, &self.divisors, &mut out);
            out.push_str(&say(
                if self.factorisation_count == 1 {
                    "report-dead-end-factorisations-unique"
                } else {
                    "report-dead-end-factorisations"
                },
                &[("count", Arg::Number(self.factorisation_count))],
            ));
            out.push('\n');
            for f in self.factorisations.iter().take(TEXT_LIST_MAX) {
                out.push_str(&format!("  {}\n", f.join(" + ")));
            }
            if self.factorisation_count > self.factorisations.len().min(TEXT_LIST_MAX) as u64 {
                out.push_str("  …\n");
            }
        }
        if let Some(c) = &self.compare {
            let relation = match c.relation.as_str() {
                "=" => "equal",
                ">" => "greater",
                "<" => "less",
                _ => "incomparable",
            };
            let mut line = say(
                "report-dead-end-compared",
                &[
                    ("game", Arg::Text(&self.form)),
                    ("relation", Arg::Text(relation)),
                    ("other", Arg::Text(&c.other_form)),
                ],
            );
            if c.other != c.other_form {
                line.push_str(&format!(" (= {})", c.other));
            }
            out.push_str(&line);
            out.push('\n');
        }
        out
    }
}
