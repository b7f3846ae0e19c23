//! Games defined in Python: `cgt.ImpartialGame(options)` solved by the generic memoising
//! solver of `cgt-core`, normal and misère play, with a limit on stored positions, Ctrl-C, and
//! the game's own exceptions passed through.

use std::cell::RefCell;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cgt_core::budget::{Budget, Progress, Stop};

use cgt_core::misere::{Misere, MisereOutcome};
use cgt_core::{ImpartialGame as Rules, Outcome, SolveError, Solver};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::errors::{self, Kind};

/// How deep tuples and lists may nest in a position (reading, hashing and writing one back
/// recurse that deep).
const MAX_NESTING: usize = 256;

/// A position as the solver stores it: a Python value made hashable in Rust.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Key {
    None,
    Bool(bool),
    Int(i64),
    Str(String),
    Seq(Vec<Key>),
}

impl Key {
    pub(crate) fn read(value: &Bound<'_, PyAny>) -> PyResult<Key> {
        Key::read_within(value, MAX_NESTING)
    }

    fn read_within(value: &Bound<'_, PyAny>, depth: usize) -> PyResult<Key> {
        if value.is_none() {
            Ok(Key::None)
        } else if let Ok(b) = value.cast::<pyo3::types::PyBool>() {
            Ok(Key::Bool(b.is_true()))
        } else if let Ok(n) = value.extract::<i64>() {
            Ok(Key::Int(n))
        } else if let Ok(s) = value.extract::<String>() {
            Ok(Key::Str(s))
        } else if value.is_instance_of::<PyTuple>() || value.is_instance_of::<PyList>() {
            if depth == 0 {
                return Err(errors::raise(
                    Kind::Input,
                    format!("a position may nest tuples and lists at most {MAX_NESTING} deep"),
                ));
            }
            value
                .try_iter()?
                .map(|item| Key::read_within(&item?, depth - 1))
                .collect::<PyResult<_>>()
                .map(Key::Seq)
        } else {
            Err(PyTypeError::new_err(format!(
                "a position must be an int, a str, a bool, None, or a tuple or list of them; got a {}",
                value.get_type().name()?
            )))
        }
    }

    fn write<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self {
            Key::None => py.None().into_bound(py),
            Key::Bool(b) => pyo3::types::PyBool::new(py, *b).to_owned().into_any(),
            Key::Int(n) => n.into_pyobject(py)?.into_any(),
            Key::Str(s) => s.into_pyobject(py)?.into_any(),
            Key::Seq(items) => {
                let items = items
                    .iter()
                    .map(|k| k.write(py))
                    .collect::<PyResult<Vec<_>>>()?;
                PyTuple::new(py, items)?.into_any()
            }
        })
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::None => f.write_str("None"),
            Key::Bool(b) => f.write_str(if *b { "True" } else { "False" }),
            Key::Int(n) => write!(f, "{n}"),
            Key::Str(s) => write!(f, "{s:?}"),
            Key::Seq(items) => {
                f.write_str("(")?;
                for (i, k) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k}")?;
                }
                f.write_str(if items.len() == 1 { ",)" } else { ")" })
            }
        }
    }
}

/// Calls a game's Python functions during a search. The first exception one raises (or
/// Ctrl-C, looked for every tenth of a second) is kept, and every later call lists nothing, so
/// the search ends at once and the exception is raised after it.
struct Caller {
    failure: RefCell<Option<PyErr>>,
    last_check: RefCell<Instant>,
}

impl Caller {
    fn new() -> Caller {
        Caller {
            failure: RefCell::new(None),
            last_check: RefCell::new(Instant::now()),
        }
    }

    fn call(&self, py: Python<'_>, f: &Py<PyAny>, p: &Key) -> PyResult<Vec<Key>> {
        let now = Instant::now();
        if now.duration_since(*self.last_check.borrow()) > Duration::from_millis(100) {
            *self.last_check.borrow_mut() = now;
            py.check_signals()?;
        }
        f.call1(py, (p.write(py)?,))?
            .bind(py)
            .try_iter()?
            .map(|item| Key::read(&item?))
            .collect()
    }

    /// Appends what `f(p)` lists to `out`; `false` (and nothing appended) after a failure.
    fn list(&self, f: &Py<PyAny>, p: &Key, out: &mut Vec<Key>) -> bool {
        if self.failure.borrow().is_some() {
            return false;
        }
        match Python::attach(|py| self.call(py, f, p)) {
            Ok(keys) => {
                out.extend(keys);
                true
            }
            Err(e) => {
                *self.failure.borrow_mut() = Some(e);
                false
            }
        }
    }

    fn take_failure(&self) -> Option<PyErr> {
        self.failure.borrow_mut().take()
    }
}

/// The Python function behind an impartial game.
struct PyRules {
    options: Py<PyAny>,
    caller: Caller,
}

impl Rules for PyRules {
    type Position = Key;
    type Move = Key;

    fn moves(&self, p: &Key, out: &mut Vec<(Key, Key)>) {
        let mut options = Vec::new();
        self.options(p, &mut options);
        out.extend(options.into_iter().map(|q| (q.clone(), q)));
    }

    fn options(&self, p: &Key, out: &mut Vec<Key>) {
        self.caller.list(&self.options, p, out);
    }
}

/// An impartial game given by a Python function `options(position)` (or an object with an
/// `options` method) returning the positions one move away. Positions are ints, strings,
/// bools, `None`, or tuples and lists of them (handed back as tuples).
///
/// ```text
/// >>> from cgt import ImpartialGame
/// >>> take_1_2_3 = ImpartialGame(lambda n: [n - k for k in (1, 2, 3) if k <= n])
/// >>> take_1_2_3.value(10), take_1_2_3.outcome(12), take_1_2_3.winning_moves(10)
/// (2, 'P', [8])
/// >>> take_1_2_3.misere_outcome(1)
/// 'P'
///
/// ```
#[pyclass(module = "cgt", unsendable)]
pub(crate) struct ImpartialGame {
    options: Py<PyAny>,
    limit: usize,
    normal: Solver<PyRules>,
    misere: Solver<Misere<PyRules>>,
}

/// Positions a game stores when the caller gives no `max_positions`.
const DEFAULT_MAX_POSITIONS: usize = 10_000_000;

fn rules(py: Python<'_>, options: &Py<PyAny>) -> PyRules {
    PyRules {
        options: options.clone_ref(py),
        caller: Caller::new(),
    }
}

fn solve_error(e: &SolveError<impl fmt::Debug>) -> PyErr {
    match e {
        SolveError::PositionLimit { .. } => errors::raise(Kind::Limit, e.to_string()),
        _ => errors::raise(Kind::Input, e.to_string()),
    }
}

impl ImpartialGame {
    /// Runs `f` on the normal-play solver. A failure of the game's function wins over the
    /// solver's answer and leaves a fresh solver (the memo may hold values computed without
    /// the failed options).
    fn normal<T>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut Solver<PyRules>) -> Result<T, SolveError<Key>>,
    ) -> PyResult<T> {
        let result = f(&mut self.normal);
        if let Some(e) = self.normal.game().caller.take_failure() {
            self.normal = Solver::new(rules(py, &self.options)).with_position_limit(self.limit);
            return Err(e);
        }
        result.map_err(|e| solve_error(&e))
    }

    /// As [`ImpartialGame::normal`], under misère play.
    fn misere<T>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut Solver<Misere<PyRules>>) -> Result<T, SolveError<Option<Key>>>,
    ) -> PyResult<T> {
        let result = f(&mut self.misere);
        if let Some(e) = self.misere.game().0.caller.take_failure() {
            self.misere =
                Solver::new(Misere(rules(py, &self.options))).with_position_limit(self.limit);
            return Err(e);
        }
        result.map_err(|e| solve_error(&e))
    }
}

fn outcome_letter(o: Outcome) -> &'static str {
    if o == Outcome::P { "P" } else { "N" }
}

#[pymethods]
impl ImpartialGame {
    /// `options`: a function from a position to its options, or an object with an `options`
    /// method. A search stores at most `max_positions` positions (default ten million) and
    /// raises `LimitError` beyond.
    #[new]
    #[pyo3(signature = (options, max_positions=None))]
    fn new(
        py: Python<'_>,
        options: Bound<'_, PyAny>,
        max_positions: Option<usize>,
    ) -> PyResult<ImpartialGame> {
        let options = if options.is_callable() {
            options
        } else if let Ok(method) = options.getattr("options") {
            method
        } else {
            return Err(PyTypeError::new_err(
                "give a function options(position) or an object with an options method",
            ));
        };
        let options = options.unbind();
        let limit = max_positions.unwrap_or(DEFAULT_MAX_POSITIONS);
        Ok(ImpartialGame {
            normal: Solver::new(rules(py, &options)).with_position_limit(limit),
            misere: Solver::new(Misere(rules(py, &options))).with_position_limit(limit),
            options,
            limit,
        })
    }

    /// The Grundy value of `position` (an int).
    fn value(&mut self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<u64> {
        let p = Key::read(position)?;
        self.normal(py, |s| s.grundy(&p)).map(|g| g.value())
    }

    /// `'P'` (the player to move loses) or `'N'`.
    fn outcome(&mut self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let p = Key::read(position)?;
        self.normal(py, |s| s.outcome(&p)).map(outcome_letter)
    }

    /// The options that win (P-positions), in the order the function lists them.
    fn winning_moves<'py>(
        &mut self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let p = Key::read(position)?;
        let moves = self.normal(py, |s| s.winning_moves(&p))?;
        moves.iter().map(|(_, after)| after.write(py)).collect()
    }

    /// The options of Grundy value `target` (the winning moves in a sum whose other parts add
    /// up to `target`).
    fn moves_to_value<'py>(
        &mut self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        target: u64,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let p = Key::read(position)?;
        let moves = self.normal(py, |s| s.moves_to_value(&p, cgt_core::Nimber::new(target)))?;
        moves.iter().map(|(_, after)| after.write(py)).collect()
    }

    /// The outcome under misère play (who moves last loses).
    fn misere_outcome(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<&'static str> {
        let p = Key::read(position)?;
        self.misere(py, |s| s.misere_outcome(&p))
            .map(outcome_letter)
    }

    /// The options that win under misère play.
    fn misere_winning_moves<'py>(
        &mut self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let p = Key::read(position)?;
        let moves = self.misere(py, |s| s.misere_winning_moves(&p))?;
        moves.iter().map(|(_, after)| after.write(py)).collect()
    }

    /// Positions whose value is stored (normal play).
    #[getter]
    fn solved_positions(&self) -> usize {
        self.normal.solved_positions()
    }
}

/// A partizan game given by Python functions `left(p)` and `right(p)` (each player's options)
/// and, optionally, `components(p)` (independent parts whose sum is `p`).
struct PyPartizan {
    left: Py<PyAny>,
    right: Py<PyAny>,
    components: Option<Py<PyAny>>,
    caller: Caller,
}

impl cgt_partizan::PartizanGame for PyPartizan {
    type Position = Key;
    type Move = Key;

    fn moves(&self, p: &Key, player: cgt_partizan::Player, out: &mut Vec<(Key, Key)>) {
        let f = match player {
            cgt_partizan::Player::Left => &self.left,
            cgt_partizan::Player::Right => &self.right,
        };
        let mut options = Vec::new();
        self.caller.list(f, p, &mut options);
        out.extend(options.into_iter().map(|q| (q.clone(), q)));
    }

    fn components(&self, p: &Key, out: &mut Vec<Key>) {
        let listed = match &self.components {
            Some(f) => self.caller.list(f, p, out),
            None => false,
        };
        if !listed {
            out.push(p.clone());
        }
    }
}

thread_local! {
    /// Set while a Python-defined game's functions may run: making a `Game` then would wait
    /// for the arena this thread holds.
    pub(crate) static IN_RULES: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The Python functions of a partizan game of your own: each player's options and,
/// optionally, the components of a position.
pub(crate) struct PartizanRules {
    pub(crate) left: Py<PyAny>,
    pub(crate) right: Py<PyAny>,
    pub(crate) components: Option<Py<PyAny>>,
}

/// The value of `position` in the game given by `rules`, searched in `arena` within `budget`
/// bytes, `progress(positions, 0)` hearing the positions searched so far (paced as for the
/// rulesets: from a twentieth of a second on, ten times a second, and once at the end).
pub(crate) fn partizan_value(
    arena: &mut cgt_partizan::Arena,
    position: &Bound<'_, PyAny>,
    rules: PartizanRules,
    budget: u64,
    progress: Option<Py<PyAny>>,
) -> PyResult<cgt_partizan::GameId> {
    let p = Key::read(position)?;
    let game = PyPartizan {
        left: rules.left,
        right: rules.right,
        components: rules.components,
        caller: Caller::new(),
    };
    let stop = Stop::new();
    let failure: Arc<Mutex<Option<PyErr>>> = Arc::default();
    let mut limits = Budget::unlimited().with_memory(budget).with_stop(&stop);
    if let Some(callback) = &progress {
        limits = limits.with_progress(paced(
            callback.clone_ref(position.py()),
            stop.clone(),
            Arc::clone(&failure),
        ));
    }
    IN_RULES.with(|flag| flag.set(true));
    let mut evaluator = cgt_partizan::Evaluator::new(game).with_limits(limits);
    let result = evaluator.value(arena, &p);
    IN_RULES.with(|flag| flag.set(false));
    if let Some(e) = evaluator.game().caller.take_failure() {
        return Err(e);
    }
    if let Some(e) = failure.lock().ok().and_then(|mut f| f.take()) {
        return Err(e);
    }
    let id = result.map_err(|e| errors::partizan(&e))?;
    if let Some(callback) = &progress {
        callback.call1(position.py(), (evaluator.searched(), 0))?;
    }
    Ok(id)
}

/// A listener calling `callback(positions, 0)` from a twentieth of a second into the search
/// on, at most ten times a second, with the most positions reported so far. The search runs on
/// the calling thread, which holds the GIL; an exception from the callback is kept in
/// `failure` and stops the search.
fn paced(callback: Py<PyAny>, stop: Stop, failure: Arc<Mutex<Option<PyErr>>>) -> Progress {
    let start = Instant::now();
    let last = AtomicU64::new(0);
    Progress::most(move |positions, _| {
        let now = u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
        let before = last.load(Ordering::Relaxed);
        if now < FIRST_REPORT_MS || (before != 0 && now < before + REPORT_EVERY_MS) {
            return;
        }
        last.store(now, Ordering::Relaxed);
        Python::attach(|py| {
            if let Err(e) = callback.call1(py, (positions, 0)) {
                if let Ok(mut f) = failure.lock() {
                    f.get_or_insert(e);
                }
                stop.stop();
            }
        });
    })
}

/// Milliseconds into a search before its first report, and between two reports.
const FIRST_REPORT_MS: u64 = 50;
const REPORT_EVERY_MS: u64 = 100;

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ImpartialGame>()?;
    Ok(())
}
