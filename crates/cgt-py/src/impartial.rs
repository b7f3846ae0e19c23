//! Impartial games: `cgt.Nim` and `cgt.HeapGame` (octal and subtraction games, Grundy's game)
//! with their nim-sequences, and typed winning moves.

use cgt_core::{Nimber, Outcome};
use cgt_impartial::heapgame::HeapGame as Rules;
use cgt_impartial::nimseq::{self, Algorithm, DriveError, Watch};

use crate::heap_move::HeapMoveSplit;
use cgt_impartial::period::{certified_period, rule_for};
use cgt_impartial::{HeapMove, nim, wythoff};
use std::time::{Duration, Instant};

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::errors::{self, Count, Kind};

/// A move that takes counters from one Nim heap.
#[pyclass(module = "cgt", frozen, eq, hash)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct NimMove {
    mv: HeapMove,
}

#[pymethods]
impl NimMove {
    /// The heap, counting from 0.
    #[getter]
    fn heap(&self) -> usize {
        self.mv.heap
    }

    /// Counters taken.
    #[getter]
    fn taken(&self) -> u64 {
        self.mv.taken()
    }

    /// Counters left on the heap.
    #[getter]
    fn left(&self) -> u64 {
        self.mv.to
    }

    /// The heaps after the move.
    fn apply(&self, heaps: Vec<Count>) -> PyResult<Vec<u64>> {
        let heaps = Count::all(heaps);
        if heaps.get(self.mv.heap) != Some(&self.mv.from) {
            return Err(errors::raise(
                Kind::Input,
                format!("{} is not a move of {heaps:?}", self.mv),
            ));
        }
        Ok(self.mv.apply(&heaps))
    }

    fn __str__(&self) -> String {
        self.mv.to_string()
    }

    fn __repr__(&self) -> String {
        format!("NimMove({:?})", self.mv.to_string())
    }
}

/// A Nim position: heap sizes.
///
/// ```text
/// >>> from cgt import Nim
/// >>> p = Nim([3, 4, 5])
/// >>> p.outcome, p.value
/// ('N', 2)
/// >>> [str(m) for m in p.winning_moves]
/// ['take 2 from heap 1, leaving 1']
///
/// ```
#[pyclass(module = "cgt", frozen)]
#[derive(Clone, Debug)]
pub(crate) struct Nim {
    heaps: Vec<u64>,
    misere: bool,
}

#[pymethods]
impl Nim {
    /// Heaps of these sizes; `misere=True` for misère play (who takes the last counter loses).
    #[new]
    #[pyo3(signature = (heaps, misere=false))]
    fn new(heaps: Vec<Count>, misere: bool) -> Nim {
        Nim {
            heaps: Count::all(heaps),
            misere,
        }
    }

    /// The heap sizes.
    #[getter]
    fn heaps(&self) -> Vec<u64> {
        self.heaps.clone()
    }

    /// `'P'` (the player to move loses) or `'N'`.
    #[getter]
    fn outcome(&self) -> &'static str {
        let o = if self.misere {
            nim::misere_outcome(&self.heaps)
        } else {
            nim::nim_outcome(&self.heaps)
        };
        if o == Outcome::P { "P" } else { "N" }
    }

    /// The Grundy value (the nim-sum of the heaps), as an int; `None` under misère play,
    /// where sums do not add by XOR.
    #[getter]
    fn value(&self) -> Option<u64> {
        (!self.misere).then(|| nim::nim_grundy(&self.heaps).value())
    }

    /// Every winning move, in heap order.
    #[getter]
    fn winning_moves(&self) -> Vec<NimMove> {
        let moves = if self.misere {
            nim::misere_winning_moves(&self.heaps)
        } else {
            nim::nim_winning_moves(&self.heaps)
        };
        moves.into_iter().map(|mv| NimMove { mv }).collect()
    }

    fn __repr__(&self) -> String {
        let misere = if self.misere { ", misere=True" } else { "" };
        format!("Nim({:?}{misere})", self.heaps)
    }
}

/// A heap game: an octal or hexadecimal code (`"0.137"`), a name (`"kayles"`,
/// `"dawsons-kayles"`, `"grundy"`), or a subtraction set (`"{1,3,4}"`).
///
/// ```text
/// >>> from cgt import HeapGame
/// >>> kayles = HeapGame("kayles")
/// >>> list(kayles.values(12))
/// [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
/// >>> kayles.period(200)
/// (71, 12)
///
/// ```
#[pyclass(module = "cgt", frozen)]
#[derive(Clone, Debug)]
pub(crate) struct HeapGame {
    rules: Rules,
}

impl HeapGame {
    fn values_vec(
        &self,
        py: Python<'_>,
        n: usize,
        memory_limit: Option<u64>,
    ) -> PyResult<Vec<u32>> {
        self.values_watched(py, n, memory_limit, None)
    }

    /// `G(0..n)` with the GIL released; every tenth of a second the computation looks for
    /// Ctrl-C (raising `KeyboardInterrupt`) and calls `progress(done, n)`.
    fn values_watched(
        &self,
        py: Python<'_>,
        n: usize,
        memory_limit: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Vec<u32>> {
        let rules = self.rules.clone();
        let limit = u128::from(errors::budget(memory_limit));
        let (values, stopped) = py.detach(move || {
            let mut stopped: Option<PyErr> = None;
            let mut last = Instant::now();
            let run = nimseq::drive(
                &rules,
                Algorithm::Auto,
                1,
                Vec::new(),
                n,
                limit,
                |done| {
                    if last.elapsed() < WATCH_EVERY {
                        return Watch::Go;
                    }
                    last = Instant::now();
                    match Python::attach(|py| watch(py, progress.as_ref(), done, n)) {
                        Ok(()) => Watch::Go,
                        Err(e) => {
                            stopped = Some(e);
                            Watch::Stop
                        }
                    }
                },
                |_| Ok::<(), std::convert::Infallible>(()),
            )
            .map_err(|e| match e {
                DriveError::Sequence(e) => errors::impartial(&e),
                DriveError::Save(never) => match never {},
            })?;
            if stopped.is_none() {
                stopped = Python::attach(|py| watch(py, progress.as_ref(), n, n)).err();
            }
            PyResult::Ok((run.values, stopped))
        })?;
        match stopped {
            Some(e) => Err(e),
            None => Ok(values),
        }
    }
}

/// How often a long computation looks for Ctrl-C and reports progress.
const WATCH_EVERY: Duration = Duration::from_millis(100);

/// The rules of a heap game given as a `HeapGame` or as its code or name.
pub(crate) fn rules_of(game: &Bound<'_, PyAny>) -> PyResult<Rules> {
    if let Ok(h) = game.cast::<HeapGame>() {
        return Ok(h.get().rules.clone());
    }
    let code: String = game.extract()?;
    Ok(HeapGame::new(&code)?.rules)
}

/// Raises a pending signal (Ctrl-C) and reports `(done, total)` to `progress`.
fn watch(py: Python<'_>, progress: Option<&Py<PyAny>>, done: usize, total: usize) -> PyResult<()> {
    py.check_signals()?;
    if let Some(callback) = progress {
        callback.call1(py, (done, total))?;
    }
    Ok(())
}

#[pymethods]
impl HeapGame {
    #[new]
    fn new(code: &str) -> PyResult<HeapGame> {
        let rules = Rules::parse_any(code).map_err(|e| errors::impartial(&e))?;
        Ok(HeapGame { rules })
    }

    /// The game in words.
    #[getter]
    fn description(&self) -> String {
        self.rules.description()
    }

    /// `G(0), …, G(n − 1)` as a `memoryview` of unsigned 32-bit ints (`numpy.frombuffer`
    /// reads it without a copy). `progress(done, n)` is called about ten times a second (so
    /// `tqdm` can follow); Ctrl-C stops the computation with `KeyboardInterrupt`.
    #[pyo3(signature = (n, memory_limit=None, progress=None))]
    fn values<'py>(
        &self,
        py: Python<'py>,
        n: Count,
        memory_limit: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let values = self.values_watched(py, n.index()?, memory_limit, progress)?;
        // One copy, into the bytes object the view (and numpy) then reads in place.
        let bytes = PyBytes::new_with(py, values.len() * 4, |buffer| {
            for (chunk, v) in buffer.chunks_exact_mut(4).zip(&values) {
                chunk.copy_from_slice(&v.to_ne_bytes());
            }
            Ok(())
        })?;
        let view = py
            .import("builtins")?
            .getattr("memoryview")?
            .call1((bytes,))?;
        view.call_method1("cast", ("I",))
    }

    /// The plot of `G(0 … n − 1)` (an `Svg` Jupyter draws).
    #[pyo3(signature = (n, memory_limit=None))]
    fn plot(
        &self,
        py: Python<'_>,
        n: Count,
        memory_limit: Option<u64>,
    ) -> PyResult<crate::pictures::Svg> {
        let values = self.values_vec(py, n.index()?, memory_limit)?;
        crate::pictures::sequence(&self.rules.description(), &values)
    }

    /// `(preperiod, period)` when `G(0 … n − 1)` certify the sequence periodic (the
    /// Guy–Smith test for octal games, the window test for subtraction games), else `None`.
    #[pyo3(signature = (n, memory_limit=None))]
    fn period(
        &self,
        py: Python<'_>,
        n: Count,
        memory_limit: Option<u64>,
    ) -> PyResult<Option<(usize, usize)>> {
        let values = self.values_vec(py, n.index()?, memory_limit)?;
        Ok(certified_period(&values, rule_for(&self.rules)).map(|p| (p.preperiod, p.period)))
    }

    /// The outcome of a sum of heaps: `'P'` or `'N'`.
    #[pyo3(signature = (heaps, memory_limit=None))]
    fn outcome(
        &self,
        py: Python<'_>,
        heaps: Vec<Count>,
        memory_limit: Option<u64>,
    ) -> PyResult<&'static str> {
        let value = self.value(py, heaps, memory_limit)?;
        Ok(if value == 0 { "P" } else { "N" })
    }

    /// The Grundy value of a sum of heaps (the XOR of the heaps' values), as an int.
    #[pyo3(signature = (heaps, memory_limit=None))]
    fn value(&self, py: Python<'_>, heaps: Vec<Count>, memory_limit: Option<u64>) -> PyResult<u64> {
        let heaps = Count::all(heaps);
        let n = heaps.iter().max().map_or(0, |&h| h as usize + 1);
        let values = self.values_vec(py, n, memory_limit)?;
        Ok(heaps
            .iter()
            .fold(Nimber::new(0), |acc, &h| {
                acc + Nimber::new(u64::from(values[h as usize]))
            })
            .value())
    }

    /// Every winning move in a sum of heaps.
    #[pyo3(signature = (heaps, memory_limit=None))]
    fn winning_moves(
        &self,
        py: Python<'_>,
        heaps: Vec<Count>,
        memory_limit: Option<u64>,
    ) -> PyResult<Vec<HeapMoveSplit>> {
        let heaps = Count::all(heaps);
        let n = heaps.iter().max().map_or(0, |&h| h as usize + 1);
        let values = self.values_vec(py, n, memory_limit)?;
        Ok(nimseq::winning_moves(&self.rules, &values, &heaps)
            .into_iter()
            .map(HeapMoveSplit::from)
            .collect())
    }

    /// The misère quotient of the sums of heaps `0 … upto` (Plambeck–Siegel): order,
    /// presentation, P-portion, pretending function, and outcomes through it. Ctrl-C stops it.
    #[pyo3(signature = (upto, memory_limit=None))]
    fn misere_quotient(
        &self,
        py: Python<'_>,
        upto: Count,
        memory_limit: Option<u64>,
    ) -> PyResult<crate::quotient::MisereQuotient> {
        crate::quotient::compute(py, &self.rules, upto.0, memory_limit)
    }

    fn __repr__(&self) -> String {
        format!("HeapGame({:?})", self.rules.to_string())
    }
}

/// A move of Wythoff's game: take from one heap, or the same number from both.
#[pyclass(module = "cgt", frozen, eq, hash)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct WythoffMove {
    mv: wythoff::WythoffMove,
    after: (u64, u64),
}

#[pymethods]
impl WythoffMove {
    /// The position after the move.
    #[getter]
    fn after(&self) -> (u64, u64) {
        self.after
    }

    fn __str__(&self) -> String {
        format!("{}, leaving ({}, {})", self.mv, self.after.0, self.after.1)
    }

    fn __repr__(&self) -> String {
        format!("WythoffMove({:?})", self.__str__())
    }
}

/// Wythoff's game at `(a, b)`: take any number from one heap, or the same from both.
///
/// ```text
/// >>> from cgt import Wythoff
/// >>> Wythoff(3, 5).outcome, Wythoff(4, 6).outcome
/// ('P', 'N')
/// >>> [str(m) for m in Wythoff(4, 6).winning_moves]
/// ['take 1 from both heaps, leaving (3, 5)']
///
/// ```
#[pyclass(module = "cgt", frozen)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wythoff {
    a: u64,
    b: u64,
}

#[pymethods]
impl Wythoff {
    #[new]
    fn new(a: Count, b: Count) -> Wythoff {
        Wythoff { a: a.0, b: b.0 }
    }

    /// `'P'` or `'N'` (Beatty's formula: no table).
    #[getter]
    fn outcome(&self) -> &'static str {
        if wythoff::outcome(self.a, self.b) == Outcome::P {
            "P"
        } else {
            "N"
        }
    }

    /// The Grundy value (from a table of side `max(a, b) + 1`, within `memory_limit`).
    #[pyo3(signature = (memory_limit=None))]
    fn value(&self, py: Python<'_>, memory_limit: Option<u64>) -> PyResult<u64> {
        let n = usize::try_from(self.a.max(self.b) + 1)
            .map_err(|_| errors::raise(Kind::Limit, "the heaps are too large for a table"))?;
        let table = grundy_table(py, n, memory_limit)?;
        Ok(u64::from(table[self.a as usize * n + self.b as usize]))
    }

    /// Every winning move (at most three).
    #[getter]
    fn winning_moves(&self) -> Vec<WythoffMove> {
        wythoff::winning_moves(self.a, self.b)
            .into_iter()
            .map(|mv| WythoffMove {
                mv,
                after: mv.apply((self.a, self.b)),
            })
            .collect()
    }

    /// The `n × n` Grundy table as a picture (an `Svg`; `n` at most 256).
    #[staticmethod]
    #[pyo3(signature = (n, memory_limit=None))]
    fn table(
        py: Python<'_>,
        n: Count,
        memory_limit: Option<u64>,
    ) -> PyResult<crate::pictures::Svg> {
        let n = n.index()?;
        let table = grundy_table(py, n, memory_limit)?;
        crate::pictures::wythoff(n, &table)
    }

    fn __repr__(&self) -> String {
        format!("Wythoff({}, {})", self.a, self.b)
    }
}

fn grundy_table(py: Python<'_>, n: usize, memory_limit: Option<u64>) -> PyResult<Vec<u32>> {
    let limit = u128::from(errors::budget(memory_limit));
    py.detach(|| wythoff::grundy_table(n, limit))
        .map_err(|e| errors::impartial(&e))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Wythoff>()?;
    m.add_class::<WythoffMove>()?;
    m.add_class::<Nim>()?;
    m.add_class::<NimMove>()?;
    m.add_class::<HeapGame>()?;
    m.add_class::<HeapMoveSplit>()?;
    Ok(())
}
