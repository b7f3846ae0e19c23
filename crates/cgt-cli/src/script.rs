//! `cgt script FILE`: a game defined in a small script (the Rhai language), answered by the same
//! generic solvers as the built-in games.
//!
//! The script defines `start()` (the start position) and either `options(p)` (an impartial
//! game: the positions one move leads to) or `left(p)` and `right(p)` (a partizan game: each
//! player's options). A position is an integer, a string, a character, a boolean, or an array
//! of these (nested arrays too); `position(n)` optionally maps `0, 1, 2, …` to positions for
//! `--upto`, and a partizan script may define `components(p)`, the independent parts of a
//! position (each searched once, their values added). A script runs under limits (operations per call, call depth, sizes), so a runaway
//! loop stops with a one-line error instead of hanging.

use std::cell::RefCell;
use std::fmt;

use cgt_core::misere::{Misere, MisereOutcome};
use cgt_core::{ImpartialGame, Outcome, SolveError, Solver};
use cgt_partizan::{Arena, Evaluator, PartizanGame, Player};
use rhai::{AST, Dynamic, Engine, EvalAltResult, Scope};
use serde::Serialize;

use crate::output::{CliError, memory_limit, read_input};
use crate::partizan::{PartizanReport, position_report};
use crate::play::Playable;
use crate::report::{MoveReport, Position, PositionReport, Report, Spot, emit_report};

/// Operations one call of a script function may take before it is stopped.
pub(crate) const MAX_OPERATIONS: u64 = 1_000_000;

/// Positions a search may store (fewer under a lower memory limit, at about 512 bytes each).
const MAX_POSITIONS: usize = 2_000_000;

/// The most positions `--upto` tabulates.
const MAX_TABLE: u64 = 100_000;

/// A position of a scripted game, in a form that can be hashed and compared.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Value {
    /// `()`.
    Unit,
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A character.
    Char(char),
    /// A string.
    Str(String),
    /// An array.
    List(Vec<Value>),
}

impl Value {
    fn from_dynamic(d: Dynamic) -> Result<Value, String> {
        if d.is_unit() {
            return Ok(Value::Unit);
        }
        if let Ok(b) = d.as_bool() {
            return Ok(Value::Bool(b));
        }
        if let Ok(i) = d.as_int() {
            return Ok(Value::Int(i));
        }
        if let Ok(c) = d.as_char() {
            return Ok(Value::Char(c));
        }
        if d.is_string() {
            let s = d.into_immutable_string().map_err(str::to_owned)?;
            return Ok(Value::Str(s.to_string()));
        }
        if d.is_array() {
            let items = d.into_array().map_err(str::to_owned)?;
            return items
                .into_iter()
                .map(Value::from_dynamic)
                .collect::<Result<_, _>>()
                .map(Value::List);
        }
        Err(format!(
            "a position must be an integer, a string, a character, a boolean or an array of \
             these, not a {}",
            d.type_name()
        ))
    }

    fn to_dynamic(&self) -> Dynamic {
        match self {
            Value::Unit => Dynamic::UNIT,
            Value::Bool(b) => Dynamic::from_bool(*b),
            Value::Int(i) => Dynamic::from_int(*i),
            Value::Char(c) => Dynamic::from_char(*c),
            Value::Str(s) => Dynamic::from(s.clone()),
            Value::List(items) => {
                Dynamic::from_array(items.iter().map(Value::to_dynamic).collect())
            }
        }
    }
}

impl fmt::Display for Value {
    /// As the script would write it: `5`, `"TT.F"`, `[3, 4, 5]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Unit => f.write_str("()"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Char(c) => write!(f, "'{c}'"),
            Value::Str(s) => write!(f, "{s:?}"),
            Value::List(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
        }
    }
}

/// Which kind of game the script defines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `options(p)`.
    Impartial,
    /// `left(p)` and `right(p)`.
    Partizan,
}

/// A loaded script.
pub(crate) struct Script {
    file: String,
    engine: Engine,
    ast: AST,
    kind: Kind,
    /// The script defines `components(p)` (partizan games: parts searched separately).
    has_components: bool,
    /// The first error met inside a search (the solvers' callbacks cannot return one).
    error: RefCell<Option<String>>,
}

impl fmt::Debug for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Script")
            .field("file", &self.file)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl Script {
    /// Reads and compiles `file` (`-` for stdin) and checks which functions it defines.
    pub(crate) fn load(file: &str) -> Result<Script, CliError> {
        let text = read_input(file)?;
        let mut engine = Engine::new();
        engine.set_max_operations(MAX_OPERATIONS);
        engine.set_max_call_levels(64);
        engine.set_max_expr_depths(64, 64);
        engine.set_max_string_size(100_000);
        engine.set_max_array_size(100_000);
        engine.set_max_map_size(10_000);
        engine.on_print(|_| {});
        engine.on_debug(|_, _, _| {});
        let ast = engine.compile(&text).map_err(|e| {
            let pos = e.position();
            CliError::input(format!(
                "{file}:{}:{}: {}",
                pos.line().unwrap_or(0),
                pos.position().unwrap_or(0),
                e.err_type()
            ))
        })?;
        let defines = |name: &str, params: usize| {
            ast.iter_functions()
                .any(|f| f.name == name && f.params.len() == params)
        };
        let kind = match (
            defines("options", 1),
            defines("left", 1),
            defines("right", 1),
        ) {
            (true, false, false) => Kind::Impartial,
            (false, true, true) => Kind::Partizan,
            (false, false, false) => {
                return Err(CliError::input(format!(
                    "{file}: the script defines no game: write fn options(p) for an impartial \
                     game, or fn left(p) and fn right(p) for a partizan one"
                )));
            }
            _ => {
                return Err(CliError::input(format!(
                    "{file}: define either fn options(p) (impartial) or both fn left(p) and \
                     fn right(p) (partizan), not a mix"
                )));
            }
        };
        let has_components = defines("components", 1);
        Ok(Script {
            file: file.to_owned(),
            engine,
            ast,
            kind,
            has_components,
            error: RefCell::new(None),
        })
    }

    /// Impartial (`options`) or partizan (`left`, `right`).
    pub(crate) fn kind(&self) -> Kind {
        self.kind
    }

    /// The file it was read from.
    pub(crate) fn file(&self) -> &str {
        &self.file
    }

    fn defines(&self, name: &str, params: usize) -> bool {
        self.ast
            .iter_functions()
            .any(|f| f.name == name && f.params.len() == params)
    }

    /// One line for a script error: the file, the line and column, the message.
    fn describe(&self, e: &EvalAltResult) -> String {
        // An error inside a called function carries the inner error's position.
        let mut inner = e;
        while let EvalAltResult::ErrorInFunctionCall(_, _, err, _) = inner {
            inner = err;
        }
        let pos = inner.position();
        let message = match inner {
            EvalAltResult::ErrorTooManyOperations(_) => format!(
                "the script ran for more than {MAX_OPERATIONS} operations in one call; is there \
                 a loop that never ends?"
            ),
            other => {
                let mut text = other.to_string();
                // The position is printed in front instead.
                if let Some(i) = text.rfind(" (line ") {
                    text.truncate(i);
                }
                text
            }
        };
        match (pos.line(), pos.position()) {
            (Some(line), Some(col)) => format!("{}:{line}:{col}: {message}", self.file),
            (Some(line), None) => format!("{}:{line}: {message}", self.file),
            _ => format!("{}: {message}", self.file),
        }
    }

    fn call(&self, name: &str, args: Vec<Dynamic>) -> Result<Dynamic, String> {
        self.engine
            .call_fn::<Dynamic>(&mut Scope::new(), &self.ast, name, args)
            .map_err(|e| self.describe(&e))
    }

    /// The options `function(p)` returns.
    fn list(&self, function: &str, p: &Value) -> Result<Vec<Value>, String> {
        let result = self.call(function, vec![p.to_dynamic()])?;
        if !result.is_array() {
            return Err(format!(
                "{}: {function}({p}) returned a {}, not an array of positions",
                self.file,
                result.type_name()
            ));
        }
        let items = result.into_array().map_err(str::to_owned)?;
        items
            .into_iter()
            .map(|d| {
                Value::from_dynamic(d)
                    .map_err(|e| format!("{}: in what {function}({p}) returned: {e}", self.file))
            })
            .collect()
    }

    /// Options for the solvers: an error is kept for later and the position gets no options.
    fn options_or_note(&self, function: &str, p: &Value, out: &mut Vec<Value>) {
        if self.error.borrow().is_some() {
            return;
        }
        match self.list(function, p) {
            Ok(options) => out.extend(options),
            Err(e) => *self.error.borrow_mut() = Some(e),
        }
    }

    /// The error met during a search, if any.
    fn take_error(&self) -> Result<(), CliError> {
        match self.error.borrow_mut().take() {
            Some(e) => Err(CliError::input(e)),
            None => Ok(()),
        }
    }

    /// The start position: `--position EXPR` or the script's `start()`.
    pub(crate) fn start(&self, position: Option<&str>) -> Result<Value, CliError> {
        let d = match position {
            Some(expr) => self
                .engine
                .eval_expression::<Dynamic>(expr)
                .map_err(|e| CliError::input(format!("--position {expr:?}: {e}")))?,
            None if self.defines("start", 0) => {
                self.call("start", vec![]).map_err(CliError::input)?
            }
            None => {
                return Err(CliError::input(format!(
                    "{}: the script has no fn start(); define it or give --position",
                    self.file
                )));
            }
        };
        Value::from_dynamic(d).map_err(|e| CliError::input(format!("{}: {e}", self.file)))
    }

    /// The position numbered `n` for `--upto`: `position(n)` when defined, else `n` itself.
    fn numbered(&self, n: u64) -> Result<Value, CliError> {
        let n = i64::try_from(n).map_err(|_| CliError::input("--upto is too large"))?;
        if !self.defines("position", 1) {
            return Ok(Value::Int(n));
        }
        let d = self
            .call("position", vec![Dynamic::from_int(n)])
            .map_err(CliError::input)?;
        Value::from_dynamic(d)
            .map_err(|e| CliError::input(format!("{}: position({n}): {e}", self.file)))
    }

    fn position_limit() -> usize {
        usize::try_from(memory_limit() / 512)
            .unwrap_or(usize::MAX)
            .min(MAX_POSITIONS)
    }
}

/// The impartial game of a script, for the generic solver.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Impartial<'s>(pub(crate) &'s Script);

impl ImpartialGame for Impartial<'_> {
    type Position = Value;

    fn options(&self, p: &Value, out: &mut Vec<Value>) {
        self.0.options_or_note("options", p, out);
    }
}

/// The partizan game of a script, for the searching evaluator.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Partizan<'s>(pub(crate) &'s Script);

impl PartizanGame for Partizan<'_> {
    type Position = Value;

    fn options(&self, p: &Value, player: Player, out: &mut Vec<Value>) {
        let function = match player {
            Player::Left => "left",
            Player::Right => "right",
        };
        self.0.options_or_note(function, p, out);
    }

    /// The script's `components(p)` when it defines one: independent parts whose values add.
    fn components(&self, p: &Value, out: &mut Vec<Value>) {
        if self.0.has_components {
            self.0.options_or_note("components", p, out);
        } else {
            out.push(p.clone());
        }
    }
}

/// A solver for an impartial script, with the position limit of the memory budget.
pub(crate) fn solver(script: &Script) -> Solver<Impartial<'_>> {
    Solver::new(Impartial(script)).with_position_limit(Script::position_limit())
}

/// The Grundy value of a position of an impartial script (`cgt sum`).
pub(crate) fn grundy(
    script: &Script,
    solver: &mut Solver<Impartial<'_>>,
    position: &Value,
) -> Result<u64, CliError> {
    let g = solver
        .grundy(position)
        .map_err(|e| solve_error(script, e))?;
    script.take_error()?;
    Ok(g.value())
}

/// The options of `position` whose Grundy value is `target` (`cgt sum`).
pub(crate) fn moves_to_value(
    script: &Script,
    solver: &mut Solver<Impartial<'_>>,
    position: &Value,
    target: u64,
) -> Result<Vec<Value>, CliError> {
    let options = script.list("options", position).map_err(CliError::input)?;
    let mut out = Vec::new();
    for after in options {
        if !out.contains(&after) && grundy(script, solver, &after)? == target {
            out.push(after);
        }
    }
    Ok(out)
}

/// A solver's failure, as one line.
fn solve_error<P: fmt::Debug>(script: &Script, e: SolveError<P>) -> CliError {
    if let Err(e) = script.take_error() {
        return e;
    }
    match e {
        SolveError::Cycle { .. } => CliError::input(format!(
            "{}: a position can be reached from itself, so the game can go on forever; the \
             solver needs every play to end",
            script.file
        )),
        other => CliError::input(format!("{}: {other}", script.file)),
    }
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
    let script = Script::load(file)?;
    if misere && script.kind == Kind::Partizan {
        return Err(CliError::input(
            "--misere is for impartial scripts (fn options); partizan misère play is not supported",
        ));
    }
    if play && script.kind == Kind::Partizan {
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
        let solver = Solver::new(Impartial(&script)).with_position_limit(Script::position_limit());
        let misere_solver = misere.then(|| {
            Solver::new(Misere(Impartial(&script))).with_position_limit(Script::position_limit())
        });
        crate::play::play(
            ScriptPlay {
                script: &script,
                solver,
                misere: misere_solver,
            },
            start,
        )?;
        return script.take_error();
    }
    match script.kind {
        Kind::Impartial if misere => impartial_misere(json, &script, &start),
        Kind::Impartial => impartial(json, &script, &start),
        Kind::Partizan => partizan(json, &script, &start),
    }
}

fn impartial(json: bool, script: &Script, start: &Value) -> Result<(), CliError> {
    let mut solver = Solver::new(Impartial(script)).with_position_limit(Script::position_limit());
    let g = solver.grundy(start).map_err(|e| solve_error(script, e))?;
    let moves = solver
        .winning_moves(start)
        .map_err(|e| solve_error(script, e))?;
    script.take_error()?;
    let mut r = PositionReport::new(
        "script",
        Position::Text(start.to_string()),
        Outcome::from_grundy(g),
    );
    r.title = format!("{} from {start}", script.file);
    r.value = Some(g.value());
    r.value_note = " (the mex of the options' values)".to_owned();
    r.winning_moves = Some(moves.iter().map(move_to).collect());
    emit_report(json, &r)
}

fn impartial_misere(json: bool, script: &Script, start: &Value) -> Result<(), CliError> {
    let mut solver =
        Solver::new(Misere(Impartial(script))).with_position_limit(Script::position_limit());
    let outcome = solver
        .misere_outcome(start)
        .map_err(|e| solve_error(script, e))?;
    let moves = solver
        .misere_winning_moves(start)
        .map_err(|e| solve_error(script, e))?;
    script.take_error()?;
    let mut r = PositionReport::new("misere-script", Position::Text(start.to_string()), outcome);
    r.title = format!(
        "{} from {start}, misère play (the player who moves last loses)",
        script.file
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
        script.file
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
    match script.kind {
        Kind::Impartial if misere => {
            let mut solver = Solver::new(Misere(Impartial(script)))
                .with_position_limit(Script::position_limit());
            for i in 0..=n {
                let p = script.numbered(i)?;
                let outcome = solver
                    .misere_outcome(&p)
                    .map_err(|e| solve_error(script, e))?;
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
            let mut solver =
                Solver::new(Impartial(script)).with_position_limit(Script::position_limit());
            for i in 0..=n {
                let p = script.numbered(i)?;
                let g = solver.grundy(&p).map_err(|e| solve_error(script, e))?;
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
            script: script.file.clone(),
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

/// `--play` on an impartial script.
struct ScriptPlay<'s> {
    script: &'s Script,
    solver: Solver<Impartial<'s>>,
    misere: Option<Solver<Misere<Impartial<'s>>>>,
}

impl ScriptPlay<'_> {
    fn options(&self, p: &Value) -> Vec<Value> {
        let mut out = Vec::new();
        self.script.options_or_note("options", p, &mut out);
        out
    }
}

impl Playable for ScriptPlay<'_> {
    type Pos = Value;

    fn render(&self, p: &Value) -> String {
        let options = self.options(p);
        let mut out = format!("position {p}\n");
        if !options.is_empty() {
            let list: Vec<String> = options
                .iter()
                .enumerate()
                .map(|(i, o)| format!("{}) {o}", i + 1))
                .collect();
            out.push_str(&format!("moves: {}\n", list.join("  ")));
        }
        out
    }

    fn moves(&self, p: &Value) -> Vec<(String, Value)> {
        self.options(p)
            .into_iter()
            .map(|o| (format!("move to {o}"), o))
            .collect()
    }

    fn wins(&mut self, p: &Value) -> Result<bool, CliError> {
        let outcome = match &mut self.misere {
            Some(solver) => solver
                .misere_outcome(p)
                .map_err(|e| solve_error(self.script, e))?,
            None => self
                .solver
                .outcome(p)
                .map_err(|e| solve_error(self.script, e))?,
        };
        self.script.take_error()?;
        Ok(outcome == Outcome::N)
    }

    fn parse(&self, p: &Value, line: &str) -> Result<Value, String> {
        let options = self.options(p);
        if let Ok(k) = line.trim().parse::<usize>() {
            return options
                .get(k.wrapping_sub(1))
                .cloned()
                .ok_or_else(|| format!("there are moves 1 to {}", options.len()));
        }
        let d = self
            .script
            .engine
            .eval_expression::<Dynamic>(line)
            .map_err(|e| format!("not a move number or a position: {e}"))?;
        let wanted = Value::from_dynamic(d)?;
        if options.contains(&wanted) {
            Ok(wanted)
        } else {
            Err(format!("{wanted} is not one move away from {p}"))
        }
    }

    fn syntax(&self) -> &'static str {
        "Type a move's number from the list, or the position to move to."
    }

    fn misere(&self) -> bool {
        self.misere.is_some()
    }
}
