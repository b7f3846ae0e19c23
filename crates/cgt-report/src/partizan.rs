//! The partizan reports: game (the notation), a position of any ruleset
//! ([`position_report`], which `crate::registry` calls for each), Col and Snort on graphs,
//! and the Blue-Red-Green side of hackenbush.

use cgt_core::OutcomeClass;
use cgt_core::budget::Budget;

use cgt_partizan::colouring::Rule;
use cgt_partizan::graphcolouring::{ColouringGraph, Colours, Graph};
use cgt_partizan::hackenbush::{Edges, Picture};
use cgt_partizan::{
    Arena, Dyadic, EdgeCut, Evaluator, GameId, MisereSearch, PartizanError, PartizanGame, Player,
    Thermograph, VertexPaint,
};
use serde::Serialize;

use crate::document::{MoveReport, Report, Spot};
use crate::error::ReportError;
use crate::texts::{self, Arg, Lang};
use cgt_core::said::{Line, Said};

impl From<PartizanError> for ReportError {
    fn from(e: PartizanError) -> ReportError {
        match e {
            PartizanError::MemoryLimit { budget, stored } => ReportError::said(
                crate::ErrorKind::Limit,
                Said::new("error-partizan-memory")
                    .text("limit", cgt_core::budget::human_bytes(budget))
                    .number("stored", stored),
            ),
            PartizanError::Stopped(why @ cgt_core::budget::Exceeded::Time { .. }) => {
                ReportError::from(why)
            }
            other => ReportError::input(other.to_string()),
        }
    }
}

/// The thermograph in a report: walls as `[temperature, value]` pairs, exact, as text.
#[derive(Clone, Debug, Serialize)]
pub struct ThermographReport {
    /// Left wall from temperature 0 up to the mast.
    pub left_wall: Vec<[String; 2]>,
    /// Right wall likewise.
    pub right_wall: Vec<[String; 2]>,
    /// Where the mast stands (the mean).
    pub mast: String,
    /// Where the walls meet it.
    pub temperature: String,
}

impl ThermographReport {
    /// The walls, mast and temperature of `t`, exact, as text.
    #[must_use]
    pub fn new(t: &Thermograph) -> ThermographReport {
        let pts = |w: &[(Dyadic, Dyadic)]| {
            w.iter()
                .map(|(a, b)| [a.to_string(), b.to_string()])
                .collect()
        };
        ThermographReport {
            left_wall: pts(t.left_wall()),
            right_wall: pts(t.right_wall()),
            mast: t.mast().to_string(),
            temperature: t.temperature().to_string(),
        }
    }
}

/// How a game compares with another (`cgt game A --compare B`).
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// The other game as given.
    pub other: String,
    /// Its canonical form.
    pub other_value: String,
    /// `>`, `<`, `=` or `||` (confused): how the game compares with the other.
    pub relation: crate::Relation,
    /// Who wins the difference game − other: L, R, P or N.
    pub difference_outcome: crate::Letter,
}

/// An operation on the reported game (`cgt game G --cool T`, `--heat T`, `--ordinal H`,
/// `--norton U`, `--atomic-weight`, `--reduced`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operation {
    /// Cooling by a number of 0 or more.
    Cool(String),
    /// Heating by a number.
    Heat(String),
    /// The ordinal sum `G : H` with this game after the colon.
    Ordinal(String),
    /// The Norton product `G.U` by this positive game.
    Norton(String),
    /// The atomic weight (all-small games only).
    AtomicWeight,
    /// The reduced canonical form.
    Reduced,
    /// Each side's orthodox options at this ambient temperature.
    Orthodox(String),
}

/// A game derived from the reported one by an [`Operation`].
#[derive(Clone, Debug, Serialize)]
pub struct Derived {
    /// `cool`, `heat`, `ordinal-sum`, `norton`, `atomic-weight`, `reduced` or `orthodox`.
    pub operation: String,
    /// The temperature, the game after the colon or the multiplier, as given (empty for
    /// `atomic-weight` and `reduced`).
    pub argument: String,
    /// The result's canonical form in ASCII notation; for `orthodox`, each side's orthodox
    /// options: `Left 4, {3|1}; Right {2|0}` (`none` for a number).
    pub value: String,
}

/// The games derived from `expr` by each of `operations`, in order.
///
/// # Errors
/// [`ReportError`] for notation that does not parse, a temperature that is not a number (or
/// a negative one for cooling), a Norton multiplier that is not positive, an atomic weight of
/// a game that is not all-small, or a result past the budget or the number range.
pub fn derive(
    expr: &str,
    operations: &[Operation],
    budget: &Budget,
) -> Result<Vec<Derived>, ReportError> {
    let mut arena = Arena::new();
    arena.set_limits(Some(budget.clone()));
    let g = arena.parse(expr)?;
    let mut out = Vec::new();
    for op in operations {
        let (name, argument) = match op {
            Operation::Cool(t) => ("cool", t.as_str()),
            Operation::Heat(t) => ("heat", t.as_str()),
            Operation::Ordinal(h) => ("ordinal-sum", h.as_str()),
            Operation::Norton(u) => ("norton", u.as_str()),
            Operation::AtomicWeight => ("atomic-weight", ""),
            Operation::Orthodox(t) => ("orthodox", t.as_str()),
            Operation::Reduced => ("reduced", ""),
        };
        let given = match op {
            Operation::AtomicWeight | Operation::Reduced => arena.zero(),
            _ => arena.parse(argument)?,
        };
        let number = || {
            arena.as_number(given).ok_or_else(|| {
                ReportError::input(format!(
                    "--{name} takes a number, not {:?}",
                    argument.trim()
                ))
            })
        };
        let value = match op {
            Operation::Cool(_) => {
                let t = number()?;
                arena.cool(g, t)?
            }
            Operation::Heat(_) => {
                let t = number()?;
                arena.heat(g, t)?
            }
            Operation::Ordinal(_) => arena.ordinal_sum(g, given)?,
            Operation::Norton(_) => arena.norton(g, given)?,
            Operation::AtomicWeight => arena.atomic_weight(g)?,
            Operation::Reduced => arena.reduced(g)?,
            Operation::Orthodox(_) => {
                let t = number()?;
                let mut sides = Vec::new();
                for (who, player) in [("Left", Player::Left), ("Right", Player::Right)] {
                    let options = arena.orthodox_options(g, player, t)?;
                    let shown: Vec<String> = options.iter().map(|&x| arena.display(x)).collect();
                    let shown = if shown.is_empty() {
                        "none".to_owned()
                    } else {
                        shown.join(", ")
                    };
                    sides.push(format!("{who} {shown}"));
                }
                out.push(Derived {
                    operation: name.to_owned(),
                    argument: argument.trim().to_owned(),
                    value: sides.join("; "),
                });
                continue;
            }
        };
        out.push(Derived {
            operation: name.to_owned(),
            argument: argument.trim().to_owned(),
            value: arena.display(value),
        });
    }
    Ok(out)
}

/// The report of every partizan command: the value and what follows from it.
#[derive(Clone, Debug, Serialize)]
pub struct PartizanReport {
    /// `game`, `domineering`, `toads-frogs`, `clobber` or `hackenbush`.
    pub game: String,
    /// The position as given (a board or row normalised to `/`-separated rows).
    pub position: String,
    /// The canonical form in ASCII notation.
    pub value: String,
    /// L (Left wins), R (Right wins), P (second player wins) or N (first player wins).
    pub outcome: crate::Letter,
    /// Left stop, exact.
    pub left_stop: String,
    /// Right stop, exact.
    pub right_stop: String,
    /// Mean value, exact.
    pub mean: String,
    /// Temperature, exact (negative for numbers).
    pub temperature: String,
    /// The birthday of the canonical form.
    pub birthday: u64,
    /// True when the value is a number.
    pub is_number: bool,
    /// The thermograph (with `--thermograph`, or always in JSON).
    pub thermograph: ThermographReport,
    /// Left's winning first moves (games with positions only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_winning_moves: Option<Vec<MoveReport>>,
    /// Right's winning first moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_winning_moves: Option<Vec<MoveReport>>,
    /// With `--compare`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compare: Option<Comparison>,
    /// With `--misere`: the outcome and winning moves under misère play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub misere: Option<MisereReport>,
    /// With `--cool`, `--heat`, `--ordinal`, `--norton`, `--atomic-weight`, `--reduced` or
    /// `--orthodox`: the games derived from this one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub derived: Vec<Derived>,
    /// With `--explain`: the options and each simplification step to the canonical form
    /// (in English; [`PartizanReport::explained`] has them in words for every language).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Vec<String>>,
    /// The explanation as lines, for the text in every language.
    #[serde(skip)]
    pub explained: Vec<Line>,
    /// The first line as a message; `None` for a ruleset's position, whose title in another
    /// language than English is the ruleset's title and the position.
    #[serde(skip)]
    pub title_said: Option<Said>,
    /// Positions searched (games with positions only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub searched: Option<u64>,
    /// The first line of the text.
    #[serde(skip)]
    pub title: String,
    /// The value in Unicode notation (↑, ½), for the text.
    #[serde(skip)]
    pub unicode_value: String,
    /// More lines for the text.
    #[serde(skip)]
    pub notes: Vec<String>,
    /// The thermograph itself, exact (for pictures).
    #[serde(skip)]
    pub exact_thermograph: Thermograph,
}

impl PartizanReport {
    /// The report of `g` (in `arena`) with no moves: value, outcome, stops, thermograph.
    ///
    /// # Errors
    /// The arena's memory limit.
    pub fn new(
        arena: &mut Arena,
        game: &str,
        position: String,
        title: String,
        g: GameId,
    ) -> Result<PartizanReport, ReportError> {
        let (ls, rs) = arena.stops(g);
        let t = arena.thermograph(g)?;
        Ok(PartizanReport {
            game: game.to_owned(),
            position,
            value: arena.display(g),
            outcome: arena.outcome(g).into(),
            left_stop: ls.to_string(),
            right_stop: rs.to_string(),
            mean: t.mast().to_string(),
            temperature: t.temperature().to_string(),
            birthday: arena.birthday(g),
            is_number: arena.as_number(g).is_some(),
            thermograph: ThermographReport::new(&t),
            exact_thermograph: t.clone(),
            left_winning_moves: None,
            right_winning_moves: None,
            compare: None,
            misere: None,
            derived: Vec::new(),
            explanation: None,
            explained: Vec::new(),
            title_said: None,
            searched: None,
            title,
            unicode_value: arena.display_unicode(g),
            notes: Vec::new(),
        })
    }

    /// Sets the explanation: its lines, and their English text for the JSON document.
    pub fn explain(&mut self, lines: Vec<Line>) {
        self.explanation = Some(texts::lines(Lang::En, &lines));
        self.explained = lines;
    }
}

impl Report for PartizanReport {
    fn text(&self) -> String {
        self.text_in(Lang::En)
    }

    fn text_in(&self, lang: Lang) -> String {
        let say = |id: &str, args: &[(&str, Arg<'_>)]| texts::message(lang, id, args);
        let side = |p: Player| if p == Player::Left { "left" } else { "right" };
        let title = match (&self.title_said, lang) {
            (Some(said), _) => texts::said(lang, said),
            (None, Lang::En) => self.title.clone(),
            (None, _) => say(
                "report-partizan-title",
                &[
                    ("game", Arg::Text(&texts::ruleset_title(lang, &self.game))),
                    ("position", Arg::Text(&self.position)),
                ],
            ),
        };
        let mut s = format!("{title}\n");
        for line in texts::lines(lang, &self.explained) {
            s.push_str(&line);
            s.push('\n');
        }
        let mut value = self.value.clone();
        if self.unicode_value != self.value {
            value.push_str(&format!("  ({})", self.unicode_value));
        }
        s.push_str(&say(
            "report-partizan-value",
            &[("value", Arg::Text(&value))],
        ));
        s.push('\n');
        s.push_str(&say(
            "report-partizan-outcome",
            &[(
                "outcome",
                Arg::Text(&outcome_text(lang, self.outcome, true)),
            )],
        ));
        s.push('\n');
        s.push_str(&say(
            "report-partizan-stops",
            &[
                ("left", Arg::Text(&self.left_stop)),
                ("right", Arg::Text(&self.right_stop)),
                ("mean", Arg::Text(&self.mean)),
                ("temperature", Arg::Text(&self.temperature)),
                ("birthday", Arg::Number(self.birthday)),
            ],
        ));
        s.push('\n');
        if let Some(c) = &self.compare {
            let class = c.difference_outcome.to_string();
            s.push_str(&say(
                "report-partizan-compare",
                &[
                    ("value", Arg::Text(&self.value)),
                    ("relation", Arg::Text(&c.relation.to_string())),
                    ("other", Arg::Text(&c.other_value)),
                    ("class", Arg::Text(&class)),
                ],
            ));
            s.push('\n');
        }
        for d in &self.derived {
            let id = match d.operation.as_str() {
                "cool" => "report-derived-cool",
                "heat" => "report-derived-heat",
                "norton" => "report-derived-norton",
                "atomic-weight" => "report-derived-atomic-weight",
                "reduced" => "report-derived-reduced",
                "orthodox" => "report-derived-orthodox",
                _ => "report-derived-ordinal",
            };
            let what = say(id, &[("argument", Arg::Text(&d.argument))]);
            s.push_str(&format!("{what}: {}\n", d.value));
        }
        for (who, moves) in [
            (Player::Left, &self.left_winning_moves),
            (Player::Right, &self.right_winning_moves),
        ] {
            let who = [("side", Arg::Text(side(who)))];
            match moves {
                Some(moves) if moves.is_empty() => {
                    s.push_str(&say("report-partizan-no-winning-move", &who));
                    s.push('\n');
                }
                Some(moves) => {
                    s.push_str(&say("report-partizan-wins-with", &who));
                    s.push('\n');
                    for m in moves {
                        s.push_str(&format!("  {}\n", move_text(m, lang)));
                    }
                }
                None => {}
            }
        }
        if let Some(m) = &self.misere {
            s.push_str(&misere_text(m, lang));
        }
        for n in &self.notes {
            s.push_str(n);
            s.push('\n');
        }
        s
    }
}

/// A move as the text shows it: its English description, or in another language its words
/// (a ruleset's move without words of its own shows as written, in notation).
fn move_text(m: &MoveReport, lang: Lang) -> String {
    if lang == Lang::En {
        m.text.clone()
    } else {
        m.text_in(lang)
    }
}

/// An outcome class in words (`L: Left wins, whoever starts`), with its comparison with zero
/// (`(G > 0)`) when `compared`.
fn outcome_text(lang: Lang, class: crate::Letter, compared: bool) -> String {
    let letter = class.to_string();
    let words = texts::message(
        lang,
        "report-partizan-class",
        &[("class", Arg::Text(&letter))],
    );
    let zero = match class {
        crate::Letter::L => "G > 0",
        crate::Letter::R => "G < 0",
        crate::Letter::P => "G = 0",
        crate::Letter::N => "G || 0",
        crate::Letter::D => return words,
    };
    if compared {
        format!("{words} ({zero})")
    } else {
        words
    }
}

/// The text lines of a misère report.
fn misere_text(m: &MisereReport, lang: Lang) -> String {
    let say = |id: &str, args: &[(&str, Arg<'_>)]| texts::message(lang, id, args);
    let class = m.outcome;
    let mut s = say(
        "report-partizan-misere",
        &[("outcome", Arg::Text(&outcome_text(lang, m.outcome, false)))],
    );
    s.push('\n');
    for (who, moves, wins_first) in [
        (
            "left",
            &m.left_winning_moves,
            matches!(class, crate::Letter::L | crate::Letter::N),
        ),
        (
            "right",
            &m.right_winning_moves,
            matches!(class, crate::Letter::R | crate::Letter::N),
        ),
    ] {
        let side = [("side", Arg::Text(who))];
        let id = if !moves.is_empty() {
            "report-partizan-misere-wins-with"
        } else if wins_first {
            "report-partizan-misere-no-move-wins"
        } else {
            "report-partizan-misere-no-winning-move"
        };
        s.push_str(&say(id, &side));
        s.push('\n');
        for mv in moves {
            s.push_str(&format!("  {}\n", move_text(mv, lang)));
        }
    }
    s
}

/// `cgt game EXPR [--compare EXPR]`: a game in the partizan notation, with its comparison with
/// another.
///
/// # Errors
/// A malformed expression, or the budget's memory or time limit.
pub fn game(
    expr: &str,
    compare: Option<&str>,
    budget: &Budget,
    explain: bool,
) -> Result<PartizanReport, ReportError> {
    let mut arena = Arena::new();
    arena.set_limits(Some(budget.clone()));
    let g = arena.parse(expr)?;
    let title = format!("game {}", expr.trim());
    let mut r = PartizanReport::new(&mut arena, "game", expr.trim().to_owned(), title, g)?;
    r.title_said = Some(Said::new("report-partizan-game").text("expression", expr.trim()));
    if explain {
        let (left, right, intro) = expression_options(&mut arena, expr, g)?;
        r.explain(form_lines(&mut arena, &left, &right, intro, g)?);
    }
    if let Some(other) = compare {
        let h = arena.parse(other)?;
        // The outcome of G − H is the comparison itself (G > H iff Left wins G − H whoever
        // starts, and so on), so the difference need not be built: *1024 − *1023 = *2047 is
        // past what the notation builds, though the comparison is immediate.
        let relation = crate::Relation::from(arena.compare(g, h));
        let difference = match relation {
            crate::Relation::Greater => OutcomeClass::L,
            crate::Relation::Less => OutcomeClass::R,
            crate::Relation::Equal => OutcomeClass::P,
            crate::Relation::Confused => OutcomeClass::N,
        };
        r.compare = Some(Comparison {
            other: other.trim().to_owned(),
            other_value: arena.display(h),
            relation,
            difference_outcome: difference.into(),
        });
    }
    Ok(r)
}

/// The options an expression's value is formed from, with a line saying where they come
/// from: the options typed in its outermost braces, the options of a sum of terms (each
/// term's options plus the other terms), or the canonical options of the value itself.
fn expression_options(
    arena: &mut Arena,
    expr: &str,
    g: GameId,
) -> Result<(Vec<GameId>, Vec<GameId>, Said), ReportError> {
    let text = expr.trim();
    if let Some((left, right)) = brace_sides(text) {
        let mut parse_all = |items: Vec<&str>| -> Result<Vec<GameId>, ReportError> {
            items
                .into_iter()
                .map(|t| {
                    // `{a || b | c}`: a side with bars of its own is a game in braces.
                    if brace_depth_bar(t) {
                        arena.parse(&format!("{{{t}}}"))
                    } else {
                        arena.parse(t)
                    }
                    .map_err(ReportError::from)
                })
                .collect()
        };
        let (l, r) = (parse_all(left)?, parse_all(right)?);
        return Ok((l, r, Said::new("explain-form-typed")));
    }
    let terms = top_level_terms(text);
    if terms.len() > 1 {
        let ids: Vec<GameId> = terms
            .iter()
            .map(|t| arena.parse(t).map_err(ReportError::from))
            .collect::<Result<_, _>>()?;
        let mut sides = [Vec::new(), Vec::new()];
        for (i, &t) in ids.iter().enumerate() {
            // The rest of the sum, without term i.
            let mut rest = arena.zero();
            for (j, &u) in ids.iter().enumerate() {
                if j != i {
                    rest = arena.sum(rest, u)?;
                }
            }
            for (k, player) in [Player::Left, Player::Right].into_iter().enumerate() {
                for o in arena.options(t, player) {
                    sides[k].push(arena.sum(o, rest)?);
                }
            }
        }
        let [l, r] = sides;
        return Ok((
            l,
            r,
            Said::new("explain-form-sum").number("count", terms.len() as u64),
        ));
    }
    let (l, r) = (arena.left_options(g), arena.right_options(g));
    Ok((l, r, Said::new("explain-form-own")))
}

/// `{a, b | c}` as its two sides' comma-separated options (the longest run of bars at depth 0
/// separates them); `None` unless the whole text is one pair of braces with one such run.
fn brace_sides(text: &str) -> Option<(Vec<&str>, Vec<&str>)> {
    let inner = text.strip_prefix('{')?.strip_suffix('}')?;
    let (mut depth, mut runs) = (0i32, Vec::new());
    let bytes = inner.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth < 0 {
                    return None; // `{a} + {b}`: not one pair of braces
                }
            }
            b'|' if depth == 0 => {
                let start = i;
                while i < bytes.len() && bytes[i] == b'|' {
                    i += 1;
                }
                runs.push((start, i - start));
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    let longest = runs.iter().map(|r| r.1).max()?;
    let mut at = runs.iter().filter(|r| r.1 == longest);
    let (start, len) = *at.next()?;
    if at.next().is_some() {
        return None;
    }
    Some((
        split_options(&inner[..start]),
        split_options(&inner[start + len..]),
    ))
}

/// Whether `text` has a bar outside every brace.
fn brace_depth_bar(text: &str) -> bool {
    let mut depth = 0i32;
    text.chars().any(|c| {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        c == '|' && depth == 0
    })
}

/// The comma-separated options of one side of a brace form, at depth 0.
fn split_options(side: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut from) = (0i32, 0);
    for (i, c) in side.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(side[from..i].trim());
                from = i + 1;
            }
            _ => {}
        }
    }
    out.push(side[from..].trim());
    out.retain(|s| !s.is_empty());
    out
}

/// The terms of a sum `a + b + …` at depth 0 (one term when there is no `+` outside braces).
fn top_level_terms(text: &str) -> Vec<&str> {
    let (mut depth, mut from, mut out) = (0i32, 0, Vec::new());
    for (i, c) in text.char_indices() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth -= 1,
            '+' if depth == 0 => {
                out.push(text[from..i].trim());
                from = i + 1;
            }
            _ => {}
        }
    }
    out.push(text[from..].trim());
    out
}

/// The steps from `{left | right}` to its canonical form, in words, ending with the form;
/// checked against `g`, the value found otherwise.
fn form_lines(
    arena: &mut Arena,
    left: &[GameId],
    right: &[GameId],
    intro: Said,
    g: GameId,
) -> Result<Vec<Line>, ReportError> {
    use cgt_partizan::FormStep;
    let list = |arena: &mut Arena, v: &[GameId]| -> String {
        v.iter()
            .map(|&x| arena.display(x))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let side = |p: Player| if p == Player::Left { "left" } else { "right" };
    // The same option twice is one option.
    let once = |v: &[GameId]| {
        let mut seen = Vec::new();
        for &x in v {
            if !seen.contains(&x) {
                seen.push(x);
            }
        }
        seen
    };
    let (left, right) = (&once(left)[..], &once(right)[..]);
    let mut out = vec![
        Line::say(intro),
        Line::code(format!(
            "  {{ {} | {} }}",
            list(arena, left),
            list(arena, right)
        )),
    ];
    let (form, steps) = arena.explain_form(left, right)?;
    if form != g {
        return Err(ReportError::failure(format!(
            "the options simplify to {} but the value is {}",
            arena.display(form),
            arena.display(g)
        )));
    }
    if steps.is_empty() {
        out.push(Line::say(Said::new("explain-form-canonical")));
    }
    for step in steps {
        out.push(Line::say(match step {
            FormStep::Dominated {
                side: p,
                option,
                by,
            } => Said::new("explain-form-dominated")
                .text("side", side(p))
                .text("option", arena.display(option))
                .text("by", arena.display(by)),
            FormStep::Reversible {
                side: p,
                option,
                through,
                replacements,
            } => {
                let said = if replacements.is_empty() {
                    Said::new("explain-form-reversible-to-none")
                } else {
                    Said::new("explain-form-reversible")
                        .text("replacements", list(arena, &replacements))
                };
                said.text("side", side(p))
                    .text("option", arena.display(option))
                    .text("through", arena.display(through))
            }
            FormStep::Number {
                left,
                right,
                number,
            } => Said::new("explain-form-number")
                .text("left", list(arena, &left))
                .text("right", list(arena, &right))
                .text("number", arena.display(number)),
        }));
    }
    out.push(Line::say(
        Said::new("explain-form-result").text("form", arena.display(g)),
    ));
    Ok(out)
}

/// What a position's report shows besides its value and winning moves: `explain` (the values
/// of the options down to the canonical form) and `misere` (misère play, by search). A `bool`
/// converts to `explain` alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Look {
    /// Show how the value is formed.
    pub explain: bool,
    /// Also decide misère play (the player who cannot move wins).
    pub misere: bool,
}

impl From<bool> for Look {
    fn from(explain: bool) -> Look {
        Look {
            explain,
            misere: false,
        }
    }
}

/// Misère play of a position (`--misere`): the player who cannot move wins.
#[derive(Clone, Debug, Serialize)]
pub struct MisereReport {
    /// L, R, P or N under misère play.
    pub outcome: crate::Letter,
    /// Left's winning first moves under misère play.
    pub left_winning_moves: Vec<MoveReport>,
    /// Right's winning first moves under misère play.
    pub right_winning_moves: Vec<MoveReport>,
    /// Positions decided by the misère search.
    pub searched: u64,
}

/// Names a move of `player` (given with the position after it) in the shared move shape.
pub type Describe<'a, M, P> = dyn Fn(&M, &P, Player) -> MoveReport + 'a;

/// Values a position of `game` (searched within `budget`) and reports it with each
/// side's winning moves, named by `describe`.
///
/// # Errors
/// The search's limits, or a malformed game.
#[allow(clippy::too_many_arguments)]
pub fn position_report<G: PartizanGame + Clone>(
    game: G,
    name: &str,
    position: &G::Position,
    shown: String,
    title: String,
    describe: &Describe<'_, G::Move, G::Position>,
    budget: &Budget,
    look: Look,
) -> Result<PartizanReport, ReportError> {
    let mut arena = Arena::new();
    let mut ev = Evaluator::new(game.clone()).with_limits(budget.clone());
    let g = ev.value(&mut arena, position)?;
    let mut r = PartizanReport::new(&mut arena, name, shown, title, g)?;
    if look.explain {
        let mut values = |player| -> Result<Vec<GameId>, ReportError> {
            Ok(ev
                .moves(&mut arena, position, player)?
                .into_iter()
                .map(|m| m.value)
                .collect())
        };
        let (left, right) = (values(Player::Left)?, values(Player::Right)?);
        let intro = Said::new("explain-form-positions");
        r.explain(form_lines(&mut arena, &left, &right, intro, g)?);
    }
    for player in [Player::Left, Player::Right] {
        let moves = ev.winning_moves(&mut arena, position, player)?;
        let list = moves
            .iter()
            .map(|w| {
                let mut m = describe(&w.mv, &w.after, player);
                let leaves = arena.display(w.value);
                let said = m.said.take().unwrap_or_else(|| {
                    Said::new("report-move-as-written").text("move", m.text.clone())
                });
                m.said = Some(
                    Said::new("report-move-leaves")
                        .said("move", said)
                        .text("value", leaves.clone()),
                );
                m.text = format!("{} (leaves {leaves})", m.text);
                m
            })
            .collect();
        match player {
            Player::Left => r.left_winning_moves = Some(list),
            Player::Right => r.right_winning_moves = Some(list),
        }
    }
    r.searched = Some(ev.searched());
    if look.misere {
        r.misere = Some(misere_report(game, position, describe, budget)?);
    }
    Ok(r)
}

/// The misère outcome of `position` and each side's winning first moves, by search of the
/// whole position within `budget`.
fn misere_report<G: PartizanGame>(
    game: G,
    position: &G::Position,
    describe: &Describe<'_, G::Move, G::Position>,
    budget: &Budget,
) -> Result<MisereReport, ReportError> {
    let mut search = MisereSearch::new(game).with_limits(budget.clone());
    let outcome = search.outcome(position)?;
    let mut moves = |player| -> Result<Vec<MoveReport>, ReportError> {
        Ok(search
            .winning_moves(position, player)?
            .iter()
            .map(|(m, after)| describe(m, after, player))
            .collect())
    };
    let (left, right) = (moves(Player::Left)?, moves(Player::Right)?);
    Ok(MisereReport {
        outcome: outcome.into(),
        left_winning_moves: left,
        right_winning_moves: right,
        searched: search.searched(),
    })
}

/// `cgt col --graph GRAPH`, `cgt snort --graph GRAPH`: the rule on the vertices of a graph
/// (edges `a-b`, paths `a-b-c`, marks `a=x`, families `path:5`, `caterpillar:2,0,3`).
///
/// # Errors
/// A malformed graph, more than 64 vertices, or the search's limits.
pub fn colouring_graph(
    rule: Rule,
    text: &str,
    budget: &Budget,
    look: impl Into<Look>,
) -> Result<PartizanReport, ReportError> {
    let graph: Graph = text.parse()?;
    let game = ColouringGraph::new(rule, &graph);
    let start = game.start();
    let title = format!(
        "{} on a graph of {} vertices and {} edges (Left colours blue x, Right red o, {})",
        rule.name(),
        graph.len(),
        graph.edges().len(),
        rule.forbids()
    );
    let shown_game = game.clone();
    let describe = move |m: &VertexPaint, after: &Colours, player: Player| {
        let colour = if player == Player::Left {
            "blue"
        } else {
            "red"
        };
        MoveReport {
            to: Some(Spot::Vertex(m.name.clone())),
            text: format!("colour {} {colour}: {}", m.name, shown_game.show(after)),
            said: Some(
                Said::new("report-move-colour-vertex")
                    .text("vertex", m.name.clone())
                    .text("colour", colour)
                    .text("position", shown_game.show(after)),
            ),
            ..MoveReport::default()
        }
    };
    let name = match rule {
        Rule::Col => "col",
        Rule::Snort => "snort",
    };
    position_report(
        game.clone(),
        name,
        &start,
        graph.to_string(),
        title,
        &describe,
        budget,
        look.into(),
    )
}

/// `cgt hackenbush FILE` for a picture with blue or red edges (the report names it `file`).
///
/// # Errors
/// The search's limits.
pub fn hackenbush(
    file: &str,
    picture: Picture,
    budget: &Budget,
    look: impl Into<Look>,
) -> Result<PartizanReport, ReportError> {
    let all = picture.all_edges();
    let edges = picture.edges().len();
    let title =
        format!("Blue-Red-Green Hackenbush picture with {edges} edges (Left cuts blue, Right red)");
    let names = picture.clone();
    let describe = move |m: &EdgeCut, _: &Edges, _: Player| {
        let (u, v, colour) = names.edges()[m.edge];
        let (u, v) = (names.name(u).unwrap_or("?"), names.name(v).unwrap_or("?"));
        MoveReport {
            edge: Some(m.edge as u64 + 1),
            from: Some(Spot::Vertex(u.to_owned())),
            to: Some(Spot::Vertex(v.to_owned())),
            text: format!("cut {} edge {} ({u} - {v})", colour.name(), m.edge + 1),
            said: Some(
                Said::new("report-move-cut-coloured")
                    .text("colour", colour.name())
                    .number("edge", m.edge as u64 + 1)
                    .text("from", u)
                    .text("to", v),
            ),
            ..MoveReport::default()
        }
    };
    let mut r = position_report(
        picture,
        "hackenbush",
        &all,
        file.to_owned(),
        title,
        &describe,
        budget,
        look.into(),
    )?;
    r.title_said = Some(Said::new("report-hackenbush-title").number("edges", edges as u64));
    Ok(r)
}
