//! `cgt.LeftDeadEnd`: Left dead ends under misère play — canonical forms, the order and sum of
//! the dead-ending universe, divisors, atoms and factorisations. The games live in one arena
//! shared by the process (as `cgt.Game`'s do), so a game is an id however long its written form.

use std::sync::{LazyLock, Mutex, MutexGuard};

use cgt_core::budget::Budget;
use cgt_partizan::PartizanError;
use cgt_partizan::deadend::{DeadEnd, DeadEnds};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;

use crate::errors::{self, Kind};
use crate::interrupt::interruptible;

/// Longest form `str()` writes in full; longer ones end in `…` (`form_length` says how long).
const FORM_MAX: usize = 1 << 20;

static ARENA: LazyLock<Mutex<DeadEnds>> = LazyLock::new(|| Mutex::new(DeadEnds::new()));

fn lock() -> PyResult<MutexGuard<'static, DeadEnds>> {
    ARENA.lock().map_err(|_| {
        errors::raise(
            Kind::Failure,
            "the dead-end arena was left inconsistent by an earlier failure",
        )
    })
}

/// The arena for one call, with `limits` as its budget.
fn lock_with(limits: Budget) -> Result<MutexGuard<'static, DeadEnds>, PartizanError> {
    let mut d = ARENA.lock().map_err(|_| PartizanError::Argument {
        message: "the dead-end arena was left inconsistent by an earlier failure".into(),
    })?;
    d.set_limits(limits);
    Ok(d)
}

fn limits(memory_limit: Option<u64>) -> Budget {
    Budget::unlimited().with_memory(errors::budget(memory_limit))
}

fn raise(e: &PartizanError) -> PyErr {
    errors::partizan(e)
}

/// A Left dead end: Left has no move and never will. Misère play, dead-ending universe.
///
/// Read from `"0"`, `"-n"` (Right's chain of n moves), `"{|a,b}"` and sums; kept in canonical
/// form. `+` adds, `>=`/`<=` compare (a partial order: `compare` says `'||'` for incomparable
/// games), `==` is equality of values.
///
/// ```text
/// >>> from cgt import LeftDeadEnd
/// >>> g = LeftDeadEnd("-2") + "{|0,-3}"
/// >>> str(g), g.birthday, g.race
/// ('{|{|{|0,-3}}}', 6, 3)
/// >>> [[str(a) for a in f] for f in g.factorisations()]
/// [['-1', '-1', '{|0,-3}']]
/// >>> LeftDeadEnd("-2").compare("-3")
/// '||'
///
/// ```
#[pyclass(module = "cgt", frozen)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct LeftDeadEnd {
    g: DeadEnd,
}

impl LeftDeadEnd {
    /// A game given as a `LeftDeadEnd`, as text, or as an int (`0`, `-n`), read into `d`.
    fn read(d: &mut DeadEnds, other: &Bound<'_, PyAny>) -> PyResult<DeadEnd> {
        if let Ok(g) = other.cast::<LeftDeadEnd>() {
            return Ok(g.get().g);
        }
        let text = if let Ok(n) = other.extract::<i64>() {
            n.to_string()
        } else if let Ok(text) = other.extract::<String>() {
            text
        } else {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "cannot use a {} as a Left dead end (give a LeftDeadEnd, its text, 0 or a negative int)",
                other.get_type().name()?
            )));
        };
        d.set_limits(limits(None));
        d.parse(&text).map_err(|e| raise(&e))
    }

    /// `(self >= other, other >= self)`.
    fn order(&self, other: &Bound<'_, PyAny>) -> PyResult<(bool, bool)> {
        let mut d = lock()?;
        let h = LeftDeadEnd::read(&mut d, other)?;
        Ok((d.ge(self.g, h), d.ge(h, self.g)))
    }

    fn wrap(xs: &[DeadEnd]) -> Vec<LeftDeadEnd> {
        xs.iter().map(|&g| LeftDeadEnd { g }).collect()
    }
}

#[pymethods]
impl LeftDeadEnd {
    #[new]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<LeftDeadEnd> {
        let mut d = lock()?;
        Ok(LeftDeadEnd {
            g: LeftDeadEnd::read(&mut d, text)?,
        })
    }

    /// The longest run of Right moves in the canonical form.
    #[getter]
    fn birthday(&self) -> PyResult<u32> {
        Ok(lock()?.birthday(self.g))
    }

    /// The fewest moves in which Right can run out of moves.
    #[getter]
    fn race(&self) -> PyResult<u32> {
        Ok(lock()?.race(self.g))
    }

    /// `n` when the game is Right's chain of `n` moves, else `None`.
    #[getter]
    fn integer(&self) -> PyResult<Option<u32>> {
        Ok(lock()?.as_integer(self.g))
    }

    /// Right's options, canonical.
    #[getter]
    fn options(&self) -> PyResult<Vec<LeftDeadEnd>> {
        Ok(LeftDeadEnd::wrap(lock()?.options(self.g)))
    }

    /// The number of characters of the written canonical form.
    #[getter]
    fn form_length(&self) -> PyResult<u64> {
        Ok(lock()?.display_len(self.g))
    }

    /// `'>'`, `'<'`, `'='` or `'||'` (incomparable).
    fn compare(&self, other: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        Ok(match self.order(other)? {
            (true, true) => "=",
            (true, false) => ">",
            (false, true) => "<",
            (false, false) => "||",
        })
    }

    /// Not 0 and not a sum of two Left dead ends other than 0.
    #[pyo3(signature = (memory_limit=None))]
    fn is_atom(&self, py: Python<'_>, memory_limit: Option<u64>) -> PyResult<bool> {
        let g = self.g;
        interruptible(py, None, move |stop, _| {
            lock_with(limits(memory_limit).with_stop(stop))?.is_atom(g)
        })?
        .map_err(|e| raise(&e))
    }

    /// Every `a` with `a + b == self` for some Left dead end `b`, 0 and `self` included.
    #[pyo3(signature = (memory_limit=None))]
    fn divisors(&self, py: Python<'_>, memory_limit: Option<u64>) -> PyResult<Vec<LeftDeadEnd>> {
        let g = self.g;
        interruptible(py, None, move |stop, _| {
            let all = lock_with(limits(memory_limit).with_stop(stop))?.divisors(g)?;
            Ok(LeftDeadEnd::wrap(&all))
        })?
        .map_err(|e: PartizanError| raise(&e))
    }

    /// The `b` with `self == a + b`, or `None` when `a` does not divide `self`.
    #[pyo3(signature = (a, memory_limit=None))]
    fn quotient(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        memory_limit: Option<u64>,
    ) -> PyResult<Option<LeftDeadEnd>> {
        let (g, a) = (self.g, LeftDeadEnd::read(&mut *lock()?, a)?);
        interruptible(py, None, move |stop, _| {
            let b = lock_with(limits(memory_limit).with_stop(stop))?.quotient(g, a)?;
            Ok(b.map(|g| LeftDeadEnd { g }))
        })?
        .map_err(|e: PartizanError| raise(&e))
    }

    /// The factorisations into atoms (at most `limit` of them), each a list of atoms.
    #[pyo3(signature = (limit=1000, memory_limit=None))]
    fn factorisations(
        &self,
        py: Python<'_>,
        limit: usize,
        memory_limit: Option<u64>,
    ) -> PyResult<Vec<Vec<LeftDeadEnd>>> {
        let g = self.g;
        interruptible(py, None, move |stop, _| {
            let mut d = lock_with(limits(memory_limit).with_stop(stop))?;
            let (found, _) = d.factorisations(g, limit)?;
            Ok(found.iter().map(|f| LeftDeadEnd::wrap(f)).collect())
        })?
        .map_err(|e: PartizanError| raise(&e))
    }

    /// How many factorisations into atoms there are.
    #[pyo3(signature = (memory_limit=None))]
    fn factorisation_count(&self, py: Python<'_>, memory_limit: Option<u64>) -> PyResult<u64> {
        let g = self.g;
        interruptible(py, None, move |stop, _| {
            let mut d = lock_with(limits(memory_limit).with_stop(stop))?;
            Ok(d.factorisations(g, 0)?.1)
        })?
        .map_err(|e: PartizanError| raise(&e))
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<LeftDeadEnd> {
        let mut d = lock()?;
        let h = LeftDeadEnd::read(&mut d, other)?;
        d.set_limits(limits(None));
        let g = d.sum(self.g, h).map_err(|e| raise(&e))?;
        Ok(LeftDeadEnd { g })
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<LeftDeadEnd> {
        self.__add__(other)
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let comparable = other.cast::<LeftDeadEnd>().is_ok()
            || other.extract::<i64>().is_ok()
            || other.extract::<String>().is_ok();
        if !comparable {
            return Ok(py.NotImplemented());
        }
        let (ge, le) = self.order(other)?;
        let answer = match op {
            CompareOp::Eq => ge && le,
            CompareOp::Ne => !(ge && le),
            CompareOp::Ge => ge,
            CompareOp::Le => le,
            CompareOp::Gt => ge && !le,
            CompareOp::Lt => le && !ge,
        };
        Ok(pyo3::types::PyBool::new(py, answer)
            .to_owned()
            .into_any()
            .unbind())
    }

    fn __hash__(&self) -> u64 {
        // Equal games share an id in the arena.
        u64::from(self.g.index())
    }

    fn __str__(&self) -> PyResult<String> {
        Ok(lock()?.display_within(self.g, FORM_MAX))
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("LeftDeadEnd({:?})", self.__str__()?))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<LeftDeadEnd>()
}
