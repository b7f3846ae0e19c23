//! `cgt script FILE`: a game defined in a small script (the Rhai language, through
//! `cgt-script`), answered by the same generic solvers as the built-in games: the position's
//! outcome, value and winning moves, a table with `--upto`, misère play, or `--play`.

use cgt_core::Outcome;
use cgt_core::misere::MisereOutcome;
use cgt_partizan::{Arena, Evaluator, Player};
use cgt_script::{Kind, Partizan, Position as Value, Script, ScriptError};
use serde::Serialize;

use crate::output::{CliError, memory_limit, read_input};
use crate::partizan::{PartizanReport, position_report};
use crate::report::{MoveReport, Position, PositionReport, Report, Spot, emit_report};

/// The most positions `--upto` tabulates.
const MAX_TABLE: u64 = 100_000;

impl From<ScriptError> for CliError {
    fn from(e: ScriptError) -> CliError {
        CliError::input(e.to_string())
    }
}

/// Reads and compiles `file` (`-` for stdin), with searches limited by the memory limit.
pub(crate) fn load(file: &str) -> Result<Script, CliError> {
    let text = read_input(file)?;
    Ok(Script::compile(file, &text)?.with_memory_limit(memory_limit()))
}

/// `cgt script FILE`: outcome, value and winning moves of the start position (or `--position`),
/// a table with `--upto`, misère play with `--misere`, or `--play`.
pub(crate) fn run(
    json: bool,
    file: &str,
    position: Option<&str>,
    upto: Option<u64>,
    misere: bool,
    play: bool,
) -> Result<(), CliError> {
    let script = load(file)?;
    if misere && script.kind() == Kind::Partizan {
        return Err(CliError::input(
            "--misere is for impartial scripts (fn options); partizan misère play is not supported",
        ));
    }
    if play && script.kind() == Kind::Partizan {
        return Err(CliError::input(
            "--play is for impartial scripts (fn options)",
        ));
    }
    if let Some(n) = upto {
        if n > MAX_TABLE {
            return Err(CliError::input(format!(
                "--upto tabulates at most {MAX_TABLE} positions (got {n})"
            )));
        }
        return table(json, &script, n, misere);
    }
    let start = script.start(position)?;
    if play {
        crate::play::play(cgt_play::games::ScriptPlay::new(&script, misere), start)?;
        return Ok(script.take_error()?);
    }
    match script.kind() {
        Kind::Impartial if misere => impartial_misere(json, &script, &start),
        Kind::Impartial => impartial(json, &script, &start),
        Kind::Partizan => partizan(json, &script, &start),
    }
}

fn impartial(json: bool, script: &Script, start: &Value) -> Result<(), CliError> {
    let mut solver = script.solver();
    let g = solver.grundy(start).map_err(|e| script.solve_error(e))?;
    let moves = solver
        .winning_moves(start)
        .map_err(|e| script.solve_error(e))?;
    script.take_error()?;
    let mut r = PositionReport::new(
        "script",
        Position::Text(start.to_string()),
        Outcome::from_grundy(g),
    );
    r.title = format!("{} from {start}", script.name());
    r.value = Some(g.value());
    r.value_note = " (the mex of the options' values)".to_owned();
    r.winning_moves = Some(moves.iter().map(move_to).collect());
    emit_report(json, &r)
}

fn impartial_misere(json: bool, script: &Script, start: &Value) -> Result<(), CliError> {
    let mut solver = script.misere_solver();
    let outcome = solver
        .misere_outcome(start)
        .map_err(|e| script.solve_error(e))?;
    let moves = solver
        .misere_winning_moves(start)
        .map_err(|e| script.solve_error(e))?;
    script.take_error()?;
    let mut r = PositionReport::new("misere-script", Position::Text(start.to_string()), outcome);
    r.title = format!(
        "{} from {start}, misère play (the player who moves last loses)",
        script.name()
    );
    r.winning_moves = Some(moves.iter().map(move_to).collect());
    emit_report(json, &r)
}

fn move_to(p: &Value) -> MoveReport {
    MoveReport {
        text: format!("move to {p}"),
        to: Some(Spot::Vertex(p.to_string())),
        ..MoveReport::default()
    }
}

fn partizan(json: bool, script: &Script, start: &Value) -> Result<(), CliError> {
    let describe = |_: &Value, after: &Value, _: Player| MoveReport {
        text: format!("move to {after}"),
        to: Some(Spot::Vertex(after.to_string())),
        ..MoveReport::default()
    };
    let title = format!(
        "{} from {start} (Left: fn left, Right: fn right)",
        script.name()
    );
    let r: Result<PartizanReport, CliError> = position_report(
        Partizan(script),
        "script",
        start,
        start.to_string(),
        title,
        &describe,
    );
    script.take_error()?;
    emit_report(json, &r?)
}

/// `--upto N`: the value of every numbered position.
fn table(json: bool, script: &Script, n: u64, misere: bool) -> Result<(), CliError> {
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
            let budget = u64::try_from(memory_limit()).unwrap_or(u64::MAX);
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
    emit_report(
        json,
        &TableReport {
            script: script.name().to_owned(),
            misere,
            rows,
        },
    )
}

/// `cgt script FILE --upto N`.
#[derive(Debug, Serialize)]
struct TableReport {
    script: String,
    misere: bool,
    rows: Vec<Row>,
}

#[derive(Debug, Serialize)]
struct Row {
    n: u64,
    position: String,
    /// The Grundy value (impartial), the canonical value (partizan), `null` under misère play.
    value: Option<String>,
    outcome: String,
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
