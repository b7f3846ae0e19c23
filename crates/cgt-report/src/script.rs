//! `cgt script`: a scripted game's position (outcome, value, winning moves; misère play for
//! impartial scripts) and tables of numbered positions.

use cgt_core::Outcome;
use cgt_core::misere::MisereOutcome;
use cgt_core::said::{Line, Said};
use cgt_partizan::{Arena, Evaluator, Player};
use cgt_script::{Kind, MoveTo, Partizan, Position as Value, Script};
use serde::Serialize;

use crate::document::{MoveReport, Position, PositionReport, Report, Spot};
use crate::error::ReportError;
use crate::partizan::{PartizanReport, position_report};

/// The most positions [`table`] tabulates.
pub const MAX_TABLE: u64 = 100_000;

/// `cgt script FILE`: the position `start` of `script` — for an impartial script its
/// outcome, Grundy value and winning moves (misère outcome and moves with `misere`), for a
/// partizan one its value and each side's winning moves (searched within `memory_limit`).
///
/// # Errors
/// The script's own errors, cycles, search limits; `misere` on a partizan script.
pub fn position(
    script: &Script,
    start: &Value,
    misere: bool,
    memory_limit: u128,
    explain: bool,
) -> Result<ScriptReport, ReportError> {
    match script.kind() {
        Kind::Impartial if misere => {
            impartial_misere(script, start, explain).map(|r| ScriptReport::Impartial(Box::new(r)))
        }
        Kind::Impartial => {
            impartial(script, start, explain).map(|r| ScriptReport::Impartial(Box::new(r)))
        }
        Kind::Partizan if misere => Err(ReportError::input(
            "misere is for impartial scripts (fn options); partizan misère play is not supported",
        )),
        Kind::Partizan => partizan(script, start, memory_limit, explain)
            .map(|r| ScriptReport::Partizan(Box::new(r))),
    }
}

/// The most options `--explain` lists for a scripted position.
const EXPLAIN_OPTIONS: usize = 64;

/// The options of `start` that `--explain` lists, or why there are too many.
fn options_to_explain(script: &Script, start: &Value) -> Result<Vec<Value>, ReportError> {
    let options = script.options(start)?;
    if options.len() > EXPLAIN_OPTIONS {
        return Err(ReportError::input(format!(
            "explain lists at most {EXPLAIN_OPTIONS} options ({start} has {})",
            options.len()
        )));
    }
    Ok(options)
}

/// A scripted position's report: impartial or partizan.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum ScriptReport {
    /// An impartial script.
    Impartial(Box<PositionReport>),
    /// A partizan script.
    Partizan(Box<PartizanReport>),
}

impl Report for ScriptReport {
    fn text(&self) -> String {
        match self {
            ScriptReport::Impartial(r) => r.text(),
            ScriptReport::Partizan(r) => r.text(),
        }
    }

    fn text_in(&self, lang: crate::texts::Lang) -> String {
        match self {
            ScriptReport::Impartial(r) => r.text_in(lang),
            ScriptReport::Partizan(r) => r.text_in(lang),
        }
    }
}

fn impartial(script: &Script, start: &Value, explain: bool) -> Result<PositionReport, ReportError> {
    let mut solver = script.solver();
    let g = solver.grundy(start).map_err(|e| script.solve_error(e))?;
    let explanation = if explain {
        let options = options_to_explain(script, start)?;
        let mut lines = vec![Line::say(
            Said::new("explain-script-mex")
                .text("start", start.to_string())
                .number("count", options.len() as u64),
        )];
        let mut values = Vec::new();
        for o in &options {
            let v = solver.grundy(o).map_err(|e| script.solve_error(e))?;
            lines.push(Line::code(format!("  {o}: {v}")));
            values.push(v.value());
        }
        values.sort_unstable();
        values.dedup();
        let shown: Vec<String> = values.iter().map(|v| format!("*{v}")).collect();
        lines.push(Line::say(
            Said::new("explain-script-present")
                .text("values", shown.join(", "))
                .text("value", g.to_string()),
        ));
        Some(lines)
    } else {
        None
    };
    let moves = solver
        .winning_moves(start)
        .map_err(|e| script.solve_error(e))?;
    script.take_error()?;
    let mut r = PositionReport::new(
        "script",
        Position::Text(start.to_string()),
        Outcome::from_grundy(g),
    );
    r.title = Said::new("report-title-script")
        .text("game", script.name())
        .text("start", start.to_string());
    r.value = Some(g.value());
    r.value_note = Some(Said::new("report-note-mex"));
    r.winning_moves = Some(moves.iter().map(|(_, p)| move_to(p)).collect());
    if let Some(lines) = explanation {
        r.explain(lines);
    }
    Ok(r)
}

fn impartial_misere(
    script: &Script,
    start: &Value,
    explain: bool,
) -> Result<PositionReport, ReportError> {
    let mut solver = script.misere_solver();
    let outcome = solver
        .misere_outcome(start)
        .map_err(|e| script.solve_error(e))?;
    let explanation = if explain {
        let options = options_to_explain(script, start)?;
        let mut lines = vec![Line::say(
            Said::new("explain-script-misere")
                .text("start", start.to_string())
                .number("count", options.len() as u64),
        )];
        for o in &options {
            let v = solver
                .misere_outcome(o)
                .map_err(|e| script.solve_error(e))?;
            lines.push(Line::code(format!("  {o}: {v}-position")));
        }
        Some(lines)
    } else {
        None
    };
    let moves = solver
        .misere_winning_moves(start)
        .map_err(|e| script.solve_error(e))?;
    script.take_error()?;
    let mut r = PositionReport::new("misere-script", Position::Text(start.to_string()), outcome);
    r.title = Said::new("report-title-script-misere")
        .text("game", script.name())
        .text("start", start.to_string());
    r.winning_moves = Some(moves.iter().map(|(_, p)| move_to(p)).collect());
    if let Some(lines) = explanation {
        r.explain(lines);
    }
    Ok(r)
}

fn move_to(p: &Value) -> MoveReport {
    MoveReport {
        text: format!("move to {p}"),
        said: Some(Said::new("move-to").text("position", p.to_string())),
        to: Some(Spot::Vertex(p.to_string())),
        ..MoveReport::default()
    }
}

fn partizan(
    script: &Script,
    start: &Value,
    memory_limit: u128,
    explain: bool,
) -> Result<PartizanReport, ReportError> {
    let describe = |_: &MoveTo, after: &Value, _: Player| MoveReport {
        text: format!("move to {after}"),
        to: Some(Spot::Vertex(after.to_string())),
        said: Some(Said::new("move-to").text("position", after.to_string())),
        ..MoveReport::default()
    };
    let title = format!(
        "{} from {start} (Left: fn left, Right: fn right)",
        script.name()
    );
    let r = position_report(
        Partizan(script),
        "script",
        start,
        start.to_string(),
        title,
        &describe,
        &script
            .limits()
            .clone()
            .with_memory_at_most(u64::try_from(memory_limit).unwrap_or(u64::MAX)),
        explain.into(),
    );
    script.take_error()?;
    let mut r = r?;
    r.title_said = Some(
        Said::new("report-script-partizan-title")
            .text("name", script.name())
            .text("start", start.to_string()),
    );
    Ok(r)
}

/// `cgt script FILE --upto N`: the value of every numbered position `0..=n` (`position(n)`
/// when the script defines it, else `n`), misère outcomes with `misere`.
///
/// # Errors
/// `n` above [`MAX_TABLE`], the script's errors, search limits.
pub fn table(
    script: &Script,
    n: u64,
    misere: bool,
    memory_limit: u128,
) -> Result<TableReport, ReportError> {
    if n > MAX_TABLE {
        return Err(ReportError::input(format!(
            "upto tabulates at most {MAX_TABLE} positions (got {n})"
        )));
    }
    let mut rows = Vec::new();
    match script.kind() {
        Kind::Impartial if misere => {
            let mut solver = script.misere_solver();
            for i in 0..=n {
                let p = script.numbered(i)?;
                let outcome = solver
                    .misere_outcome(&p)
                    .map_err(|e| script.solve_error(e))?;
                script.take_error()?;
                rows.push(Row {
                    n: i,
                    position: p.to_string(),
                    value: None,
                    outcome: outcome.to_string(),
                });
            }
        }
        Kind::Impartial => {
            let mut solver = script.solver();
            for i in 0..=n {
                let p = script.numbered(i)?;
                let g = solver.grundy(&p).map_err(|e| script.solve_error(e))?;
                script.take_error()?;
                rows.push(Row {
                    n: i,
                    position: p.to_string(),
                    value: Some(g.value().to_string()),
                    outcome: Outcome::from_grundy(g).to_string(),
                });
            }
        }
        Kind::Partizan => {
            let budget = u64::try_from(memory_limit).unwrap_or(u64::MAX);
            let mut arena = Arena::new();
            let mut ev = Evaluator::new(Partizan(script)).with_budget(budget);
            for i in 0..=n {
                let p = script.numbered(i)?;
                let v = ev.value(&mut arena, &p);
                script.take_error()?;
                let v = v?;
                rows.push(Row {
                    n: i,
                    position: p.to_string(),
                    value: Some(arena.display(v)),
                    outcome: arena.outcome(v).to_string(),
                });
            }
        }
    }
    Ok(TableReport {
        script: script.name().to_owned(),
        misere,
        rows,
    })
}

/// `cgt script FILE --upto N`.
#[derive(Debug, Serialize)]
pub struct TableReport {
    /// The script's name.
    pub script: String,
    /// Misère play.
    pub misere: bool,
    /// One row per position.
    pub rows: Vec<Row>,
}

/// One numbered position of a [`TableReport`].
#[derive(Debug, Serialize)]
pub struct Row {
    /// Its number.
    pub n: u64,
    /// The position as the script writes it.
    pub position: String,
    /// The Grundy value (impartial), the canonical value (partizan), `null` under misère play.
    pub value: Option<String>,
    /// Its outcome.
    pub outcome: String,
}

impl Report for TableReport {
    fn text(&self) -> String {
        let mut out = String::from(if self.misere {
            "n\tposition\tmisère outcome\n"
        } else {
            "n\tposition\tvalue\toutcome\n"
        });
        for r in &self.rows {
            match &r.value {
                Some(v) => out.push_str(&format!("{}\t{}\t{v}\t{}\n", r.n, r.position, r.outcome)),
                None => out.push_str(&format!("{}\t{}\t{}\n", r.n, r.position, r.outcome)),
            }
        }
        out
    }
}
