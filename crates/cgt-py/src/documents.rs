//! Game trees, m,n,k, Connect-Four and endgame tables, answered with the documents of
//! `cgt-report`: each function returns the dict `cgt … --json` prints (docs/json.md), so a
//! notebook and the command line cannot disagree.

use std::path::PathBuf;

use cgt_core::budget::Budget;
use cgt_minimax::connect4::{Connect4, connect4_table_bits};
use cgt_report::ReportError;
use cgt_report::request::Request;
use cgt_retro::chess::tables::{EndgameTable, TableFile};
use cgt_retro::chess::{Endgame, Scheme};
use pyo3::prelude::*;

use crate::errors::{self, Kind};

/// A report as the dict its JSON reads as.
pub(crate) fn dict<'py>(
    py: Python<'py>,
    report: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(report)
        .map_err(|e| errors::raise(Kind::Failure, format!("cannot serialise the report: {e}")))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// A report as its JSON document (a dict) and the text the command line prints.
fn document<'py>(
    py: Python<'py>,
    report: &impl cgt_report::Report,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    Ok((dict(py, report)?, report.text()))
}

/// A report error as its exception.
pub(crate) fn report_error(e: &ReportError) -> PyErr {
    report_error_in(e, cgt_report::texts::Lang::En)
}

/// A report error as its exception, its message in `lang` where the library wrote it as a
/// message (`text(…, lang=…)`; every other function's exceptions are English).
fn report_error_in(e: &ReportError, lang: cgt_report::texts::Lang) -> PyErr {
    let kind = match e.kind() {
        cgt_report::ErrorKind::Limit => Kind::Limit,
        cgt_report::ErrorKind::Input if e.message().contains("memory") => Kind::Limit,
        cgt_report::ErrorKind::Input => Kind::Input,
        _ => Kind::Failure,
    };
    errors::raise(kind, e.text_in(lang))
}

/// The value of a game tree in the tree format (`"(max (min 3 5) (min 2 9))"`), with a window's reduced
/// values, the leaves each alpha-beta reads and the two-outcome thresholds behind the value
/// (Zermelo, 11.2.6): the document of `cgt tree --stats --thresholds --json`.
#[pyfunction]
#[pyo3(signature = (text, window=None))]
fn tree<'py>(
    py: Python<'py>,
    text: &str,
    window: Option<(i64, i64)>,
) -> PyResult<Bound<'py, PyAny>> {
    let request = cgt_report::request::Request::Tree(cgt_report::request::Tree {
        tree: text.to_owned(),
        window: window.map(|(a, b)| vec![a, b]),
        stats: true,
        thresholds: true,
        explain: false,
    });
    answered(py, &request, None)
}

/// The expectiminimax value of a tree with chance vertices (`"(max (chance 1/2 0 1/2 10) 4)"`),
/// exact, with what alpha-beta with Star1 cuts reads: the document of `cgt chance --json`.
#[pyfunction]
#[pyo3(signature = (text, window=None))]
fn chance<'py>(
    py: Python<'py>,
    text: &str,
    window: Option<(i64, i64)>,
) -> PyResult<Bound<'py, PyAny>> {
    let request = cgt_report::request::Request::Chance(cgt_report::request::Chance {
        tree: text.to_owned(),
        window: window.map(|(a, b)| vec![a, b]),
    });
    answered(py, &request, None)
}

/// Pig, the dice game: the mover's winning probability from `state` = (own score, opponent's
/// score, turn total) with best play — exact up to target 40 — and the decisions: the
/// document of `cgt pig --json`. Computed with the GIL released.
#[pyfunction]
#[pyo3(signature = (target, state=(0, 0, 0)))]
fn pig<'py>(py: Python<'py>, target: u32, state: (u32, u32, u32)) -> PyResult<Bound<'py, PyAny>> {
    let (i, j, k) = state;
    let request = cgt_report::request::Request::Pig(cgt_report::request::Pig {
        target,
        state: Some(vec![i, j, k]),
        seed: None,
    });
    answered(py, &request, None)
}

/// An m,n,k-game after `moves` (cells from 1): the value for the player to move and every
/// best cell, searched with the GIL released (Ctrl-C stops it) — the document of
/// `cgt mnk --json`.
#[pyfunction]
#[pyo3(signature = (m, n, k, moves=Vec::new(), threads=1, memory_limit=None))]
pub(crate) fn mnk<'py>(
    py: Python<'py>,
    m: u8,
    n: u8,
    k: u8,
    moves: Vec<u8>,
    threads: usize,
    memory_limit: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let request = cgt_report::request::Request::Mnk(cgt_report::request::Mnk {
        m,
        n,
        k,
        moves,
        threads: Some(u32::try_from(threads.max(1)).unwrap_or(u32::MAX)),
        ..Default::default()
    });
    // On a worker thread with a stop flag, so that Ctrl-C stops a long search.
    answered(py, &request, memory_limit)
}

/// A Connect-Four position after `moves` (columns from 1, as one string: `"4453"`): the score
/// for the player to move and the best columns (every column's score with `all=True`), by
/// the dedicated solver with the GIL released (Ctrl-C stops it) — the document of
/// `cgt connect4 --json`.
#[pyfunction]
#[pyo3(signature = (moves="", width=7, height=6, all=false, weak=false, threads=1))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn connect4<'py>(
    py: Python<'py>,
    moves: &str,
    width: u8,
    height: u8,
    all: bool,
    weak: bool,
    threads: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let start =
        Connect4::new(width, height).map_err(|e| errors::raise(Kind::Input, e.to_string()))?;
    let pos = start
        .play_str(moves)
        .map_err(|e| errors::raise(Kind::Input, e.to_string()))?;
    let query = cgt_report::games::Connect4Query {
        moves,
        weak,
        score_only: false,
        all,
        threads: threads.max(1),
        table_bits: connect4_table_bits(pos.cells() - pos.played()),
    };
    // On a worker thread with a stop flag, so that Ctrl-C stops a long search.
    let r = crate::interrupt::interruptible(py, None, |stop, _| {
        let watch = cgt_minimax::connect4::Watch {
            ticker: None,
            budget: Some(cgt_core::budget::Budget::unlimited().with_stop(stop)),
        };
        cgt_report::games::connect4(pos, &query, None, &watch, &|_, _| {})
    })?
    .map_err(|e| report_error(&e))?;
    dict(py, &r)
}

/// A chess endgame table: built in memory (`EndgameTable("kqkr")`), written to a file, and
/// probed by FEN.
///
/// ```text
/// >>> from cgt.retro import EndgameTable
/// >>> kqk = EndgameTable("kqk")
/// >>> kqk.probe("8/8/8/3k4/8/8/8/KQ6 w - - 0 1")["verdict"]
/// {'result': 'win', 'plies': 17}
///
/// ```
#[pyclass(module = "cgt.retro", frozen)]
pub(crate) struct Table {
    table: EndgameTable,
}

#[pymethods]
impl Table {
    /// Builds the table of `endgame` (`"kqk"`, `"kbnk"`, `"kqkr"`, …; `raw=True` for the
    /// unreduced index) with the GIL released, within `memory_limit` bytes.
    /// `progress(decided, legal)` is called about ten times a second (so `tqdm` can follow);
    /// Ctrl-C stops the build with `KeyboardInterrupt`.
    #[new]
    #[pyo3(signature = (endgame, raw=false, memory_limit=None, progress=None))]
    fn new(
        py: Python<'_>,
        endgame: &str,
        raw: bool,
        memory_limit: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Table> {
        let scheme = if raw { Scheme::Raw } else { Scheme::Reduced };
        let endgame = Endgame::parse(endgame, scheme, None)
            .map_err(|e| errors::raise(Kind::Input, e.to_string()))?;
        let memory = errors::budget(memory_limit);
        let built = crate::interrupt::interruptible(py, progress.as_ref(), |stop, shared| {
            let budget = Budget::unlimited().with_memory(memory).with_stop(stop);
            EndgameTable::build_within(endgame, &budget, &mut |p| {
                shared.set(p.decided as u64, p.legal as u64);
            })
        })?;
        let table = built.map_err(|e| match e {
            cgt_retro::engine::RetroError::Stopped(why) => errors::stopped(&why),
            other => errors::raise(Kind::Limit, other.to_string()),
        })?;
        Ok(Table { table })
    }

    /// The endgame's name.
    #[getter]
    fn endgame(&self) -> String {
        self.table.endgame().name()
    }

    /// Writes the table file (atomically: a complete file or none) and returns its size in
    /// bytes.
    fn write(&self, path: PathBuf) -> PyResult<u64> {
        self.table.write(&path).map_err(|e| {
            errors::raise(
                Kind::Failure,
                format!("cannot write {}: {e}", path.display()),
            )
        })
    }

    /// The result, best move and line to mate from a position in FEN: the document of `cgt
    /// retro probe --json`.
    fn probe<'py>(&self, py: Python<'py>, fen: &str) -> PyResult<Bound<'py, PyAny>> {
        let r = cgt_report::retro::probe_table(&self.table, fen).map_err(|e| report_error(&e))?;
        dict(py, &r)
    }

    /// Counts and longest wins per side: the document of `cgt retro stats --json`.
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        dict(py, &cgt_report::retro::stats(&self.table))
    }
}

/// Probes a table file in place (positioned reads): the document of `cgt retro probe --json`.
#[pyfunction]
fn probe<'py>(py: Python<'py>, path: PathBuf, fen: &str) -> PyResult<Bound<'py, PyAny>> {
    let file = TableFile::open(&path)
        .map_err(|e| errors::raise(Kind::Input, format!("{}: {e}", path.display())))?;
    let r = cgt_report::retro::probe(&path.display().to_string(), &file, fen)
        .map_err(|e| report_error(&e))?;
    dict(py, &r)
}

/// The text of `source`: a file's contents when it names an existing file, else the text
/// itself (so `graph("a b\nb c")` and `graph("dag.txt")` both work).
fn text_or_file(source: &str) -> PyResult<(Option<String>, String)> {
    let path = std::path::Path::new(source);
    if !source.contains('\n') && path.is_file() {
        let text = std::fs::read_to_string(path)
            .map_err(|e| errors::raise(Kind::Input, format!("cannot read {source}: {e}")))?;
        Ok((Some(source.to_owned()), text))
    } else {
        Ok((None, source.to_owned()))
    }
}

/// Tokens on a graph (an edge list or JSON, as text or a file name): outcome, value and
/// winning moves, with `loopy=True` for graphs with cycles (draws) and `misere=True` for
/// misère play — the document of `cgt graph --json`.
#[pyfunction]
#[pyo3(name = "_graph", signature = (source, tokens=Vec::new(), loopy=false, misere=false, memory_limit=None))]
fn graph<'py>(
    py: Python<'py>,
    source: &str,
    tokens: Vec<String>,
    loopy: bool,
    misere: bool,
    memory_limit: Option<u64>,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let (file, graph) = text_or_file(source)?;
    let request = Request::Graph(cgt_report::request::Graph {
        graph,
        file,
        tokens,
        loopy,
        misere,
        explain: false,
    });
    with_text(py, &request, memory_limit)
}

/// A Green Hackenbush picture (edges `u v`, one per line, as text or a file name; `ground`
/// names the ground vertex): value and winning cuts — the document of `cgt hackenbush --json`.
#[pyfunction]
#[pyo3(name = "_hackenbush", signature = (source, ground="ground"))]
fn hackenbush<'py>(
    py: Python<'py>,
    source: &str,
    ground: &str,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let (file, picture) = text_or_file(source)?;
    let request = Request::Hackenbush(cgt_report::request::Hackenbush {
        picture,
        file,
        ground: ground.to_owned(),
        explain: false,
    });
    with_text(py, &request, None)
}

/// The sum of components written as words (`["nim 3 4", "kayles 5 6", "wythoff 1 3",
/// "graph dag.txt a b", "loopy game.txt d", …]`, as `cgt sum` reads them; files are read from
/// the disk): each component's value, the total, the outcome and every winning move — the
/// document of `cgt sum --json`.
#[pyfunction]
#[pyo3(name = "_sum", signature = (components, memory_limit=None))]
fn sum<'py>(
    py: Python<'py>,
    components: Vec<String>,
    memory_limit: Option<u64>,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let mut request = Request::Sum(cgt_report::request::Sum {
        components,
        ..Default::default()
    });
    request.read_files(&mut |file| {
        std::fs::read_to_string(file)
            .map_err(|e| errors::raise(Kind::Input, format!("cannot read {file}: {e}")))
    })?;
    with_text(py, &request, memory_limit)
}

/// A game written in Rhai, as `cgt script` reads it (`fn start()`, and `fn options(p)` for an
/// impartial game or `fn left(p)` and `fn right(p)` for a partizan one; `fn components(p)`
/// when positions split): the source text or a file name.
///
/// ```text
/// >>> from cgt import Script
/// >>> s = Script("fn start() { 10 } fn options(n) { let o = []; for k in 1..=3 { if k <= n { o.push(n - k); } } o }")
/// >>> s.kind, s.analyse()["value"], s.analyse("12")["outcome"]
/// ('impartial', 2, 'P')
///
/// ```
#[pyclass(module = "cgt", unsendable)]
pub(crate) struct Script {
    script: cgt_script::Script,
    memory_limit: u128,
}

#[pymethods]
impl Script {
    /// Compiles `source` (text, or the name of a file holding it), with searches limited to
    /// `memory_limit` bytes.
    #[new]
    #[pyo3(signature = (source, memory_limit=None))]
    fn new(source: &str, memory_limit: Option<u64>) -> PyResult<Script> {
        let (name, text) = text_or_file(source)?;
        let memory_limit = u128::from(errors::budget(memory_limit));
        let name = name.unwrap_or_else(|| "<text>".to_owned());
        let script = cgt_script::Script::compile(&name, &text)
            .map_err(|e| errors::raise(Kind::Parse, e.to_string()))?
            .with_memory_limit(memory_limit);
        Ok(Script {
            script,
            memory_limit,
        })
    }

    /// `'impartial'` or `'partizan'`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.script.kind() {
            cgt_script::Kind::Impartial => "impartial",
            cgt_script::Kind::Partizan => "partizan",
        }
    }

    /// The outcome, value and winning moves of `position` (a Rhai expression; the script's
    /// `start()` when omitted), under misère play with `misere=True` (impartial scripts): the
    /// document of `cgt script --json`.
    #[pyo3(signature = (position=None, misere=false))]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        position: Option<&str>,
        misere: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let start = self
            .script
            .start(position)
            .map_err(|e| errors::raise(Kind::Input, e.to_string()))?;
        let r =
            cgt_report::script::position(&self.script, &start, misere, self.memory_limit, false)
                .map_err(|e| report_error(&e))?;
        dict(py, &r)
    }

    /// The positions `0 … n` (through `position(n)` when the script defines it) with their
    /// values: the document of `cgt script --upto N --json`.
    #[pyo3(signature = (n, misere=false))]
    fn table<'py>(&self, py: Python<'py>, n: u64, misere: bool) -> PyResult<Bound<'py, PyAny>> {
        let r = cgt_report::script::table(&self.script, n, misere, self.memory_limit)
            .map_err(|e| report_error(&e))?;
        dict(py, &r)
    }
}

/// Answers any typed request of the `cgt` command by its name, with its fields as keyword
/// arguments — the names of the command line's arguments (`heaps`, `misere`, `explain`, …) —
/// and returns the document `cgt COMMAND … --json` prints, as a dict. The work runs on a
/// worker thread that Ctrl-C stops, within `memory_limit` bytes (default 1 GiB).
///
/// ```text
/// >>> from cgt.requests import answer
/// >>> answer("nim", heaps=[3, 4, 5])["value"]
/// 2
/// >>> answer("pig", target=20, state=[5, 3, 2])["decision"]
/// 'roll'
/// >>> answer("cram", board="3x3")["value"]
/// '0'
///
/// ```
#[pyfunction]
#[pyo3(signature = (command, memory_limit=None, **fields))]
fn answer<'py>(
    py: Python<'py>,
    command: &str,
    memory_limit: Option<errors::Count>,
    fields: Option<&Bound<'py, pyo3::types::PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let request = request_of(py, command, fields)?;
    answered(py, &request, memory_limit.map(|c| c.0))
}

/// The text `cgt COMMAND …` prints for the request `answer` takes, with its words in `lang`:
/// `"en"` (the default), `"ru"`, `"bg"` or `"zh"`. The derivations of the lessons' games
/// (`explain=True`) and the reports of one position are worded in each language; the other
/// reports are English still.
///
/// ```text
/// >>> from cgt.requests import text
/// >>> print(text("nim", lang="ru", heaps=[1, 2, 3]).splitlines()[0])
/// Позиция нима (1, 2, 3): проигрышная позиция (P): игрок, который ходит, проигрывает
///
/// ```
#[pyfunction]
#[pyo3(signature = (command, lang="en", memory_limit=None, **fields))]
fn text<'py>(
    py: Python<'py>,
    command: &str,
    lang: &str,
    memory_limit: Option<errors::Count>,
    fields: Option<&Bound<'py, pyo3::types::PyDict>>,
) -> PyResult<String> {
    use cgt_report::Report;
    let lang = cgt_report::texts::Lang::from_code(lang).ok_or_else(|| {
        errors::raise(
            Kind::Input,
            format!("lang: no language {lang:?}; the languages are en, ru, bg, zh"),
        )
    })?;
    let request = request_of(py, command, fields)?;
    Ok(asked_in(py, &request, memory_limit.map(|c| c.0), lang)?.text_in(lang))
}

/// The typed request of a command's name and its keyword arguments.
fn request_of<'py>(
    py: Python<'py>,
    command: &str,
    fields: Option<&Bound<'py, pyo3::types::PyDict>>,
) -> PyResult<Request> {
    let text: String = match fields {
        Some(fields) => py
            .import("json")?
            .call_method1("dumps", (fields,))?
            .extract()?,
        None => "{}".to_owned(),
    };
    let fields: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| errors::raise(Kind::Input, format!("{command}: {e}")))?;
    Request::named(command, fields).map_err(|e| report_error(&e))
}

/// The commands `answer` knows: the typed requests, then the rulesets.
#[pyfunction]
fn commands() -> Vec<&'static str> {
    let rulesets = cgt_report::registry::RULESETS.iter().map(|r| r.name);
    cgt_report::request::COMMANDS
        .iter()
        .copied()
        .chain(rulesets)
        .collect()
}

/// The document of a typed request, answered on a worker thread that Ctrl-C stops.
fn answered<'py>(
    py: Python<'py>,
    request: &Request,
    memory_limit: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    dict(py, &asked(py, request, memory_limit)?)
}

/// The answer of `request` as its dict and the text the command line prints.
fn with_text<'py>(
    py: Python<'py>,
    request: &Request,
    memory_limit: Option<u64>,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    document(py, &asked(py, request, memory_limit)?)
}

/// The answer of `request`, on a worker thread that Ctrl-C stops.
fn asked(
    py: Python<'_>,
    request: &Request,
    memory_limit: Option<u64>,
) -> PyResult<cgt_report::request::Answer> {
    asked_in(py, request, memory_limit, cgt_report::texts::Lang::En)
}

/// [`asked`], with the error's message in `lang`.
fn asked_in(
    py: Python<'_>,
    request: &Request,
    memory_limit: Option<u64>,
    lang: cgt_report::texts::Lang,
) -> PyResult<cgt_report::request::Answer> {
    let memory = errors::budget(memory_limit);
    crate::interrupt::interruptible(py, None, |stop, _| {
        let budget = Budget::unlimited().with_memory(memory).with_stop(stop);
        cgt_report::request::answer(request, &budget)
    })?
    .map_err(|e| report_error_in(&e, lang))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(answer, m)?)?;
    m.add_function(wrap_pyfunction!(commands, m)?)?;
    m.add_function(wrap_pyfunction!(text, m)?)?;
    m.add_class::<Script>()?;
    m.add_function(wrap_pyfunction!(graph, m)?)?;
    m.add_function(wrap_pyfunction!(hackenbush, m)?)?;
    m.add_function(wrap_pyfunction!(sum, m)?)?;
    m.add_function(wrap_pyfunction!(tree, m)?)?;
    m.add_function(wrap_pyfunction!(chance, m)?)?;
    m.add_function(wrap_pyfunction!(pig, m)?)?;
    m.add_function(wrap_pyfunction!(mnk, m)?)?;
    m.add_function(wrap_pyfunction!(connect4, m)?)?;
    m.add_function(wrap_pyfunction!(probe, m)?)?;
    m.add_class::<Table>()?;
    Ok(())
}
