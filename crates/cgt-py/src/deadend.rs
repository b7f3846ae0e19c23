//! `cgt.LeftDeadEnd`: Left dead ends under misère play — canonical forms, the order and sum of
//! the dead-ending universe, divisors, atoms and factorisations.

use cgt_core::budget::Budget;
use cgt_partizan::PartizanError;
use cgt_partizan::deadend::{DeadEnd, DeadEnds};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;

use crate::errors;
use crate::interrupt::interruptible;

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
#[derive(Debug, Clone)]
pub(crate) struct LeftDeadEnd {
    /// The canonical form, in the notation `DeadEnds::parse` reads.
    form: String,
    birthday: u32,
    race: u32,
}

/// An arena with the game read into it; `limits` bound the work.
fn arena(text: &str, limits: Budget) -> Result<(DeadEnds, DeadEnd), PartizanError> {
    let mut d = DeadEnds::new().with_limits(limits);
    let g = d.parse(text)?;
    Ok((d, g))
}

/// As [`arena`], with the error raised as a Python exception.
fn read(text: &str, limits: Budget) -> PyResult<(DeadEnds, DeadEnd)> {
    arena(text, limits).map_err(|e| errors::partizan(&e))
}

fn limits(memory_limit: Option<u64>) -> Budget {
    Budget::unlimited().with_memory(errors::budget(memory_limit))
}

impl LeftDeadEnd {
    fn of(d: &DeadEnds, g: DeadEnd) -> LeftDeadEnd {
        LeftDeadEnd {
            form: d.display(g),
            birthday: d.birthday(g),
            race: d.race(g),
        }
    }

    /// A game given as a `LeftDeadEnd`, as text, or as the int 0.
    fn text_of(other: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Ok(g) = other.cast::<LeftDeadEnd>() {
            return Ok(g.get().form.clone());
        }
        if let Ok(n) = other.extract::<i64>() {
            return Ok(n.to_string());
        }
        if let Ok(text) = other.extract::<String>() {
            return Ok(text);
        }
        Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "cannot use a {} as a Left dead end (give a LeftDeadEnd, its text, 0 or a negative int)",
            other.get_type().name()?
        )))
    }

    /// `(self >= other, other >= self)`.
    fn order(&self, other: &Bound<'_, PyAny>) -> PyResult<(bool, bool)> {
        let text = LeftDeadEnd::text_of(other)?;
        let (mut d, g) = read(&self.form, limits(None))?;
        let h = d.parse(&text).map_err(|e| errors::partizan(&e))?;
        Ok((d.ge(g, h), d.ge(h, g)))
    }
}

#[pymethods]
impl LeftDeadEnd {
    #[new]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<LeftDeadEnd> {
        let text = LeftDeadEnd::text_of(text)?;
        let (d, g) = read(&text, limits(None))?;
        Ok(LeftDeadEnd::of(&d, g))
    }

    /// The longest run of Right moves in the canonical form.
    #[getter]
    fn birthday(&self) -> u32 {
        self.birthday
    }

    /// The fewest moves in which Right can run out of moves.
    #[getter]
    fn race(&self) -> u32 {
        self.race
    }

    /// `n` when the game is Right's chain of `n` moves, else `None`.
    #[getter]
    fn integer(&self) -> Option<u32> {
        (self.birthday == self.race).then_some(self.race)
    }

    /// Right's options, canonical.
    #[getter]
    fn options(&self) -> PyResult<Vec<LeftDeadEnd>> {
        let (d, g) = read(&self.form, limits(None))?;
        Ok(d.options(g)
            .iter()
            .map(|&x| LeftDeadEnd::of(&d, x))
            .collect())
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
        let form = self.form.clone();
        interruptible(py, None, move |stop, _| {
            let (mut d, g) = arena(&form, limits(memory_limit).with_stop(stop))?;
            d.is_atom(g)
        })?
        .map_err(|e| errors::partizan(&e))
    }

    /// Every `a` with `a + b == self` for some Left dead end `b`, 0 and `self` included.
    #[pyo3(signature = (memory_limit=None))]
    fn divisors(&self, py: Python<'_>, memory_limit: Option<u64>) -> PyResult<Vec<LeftDeadEnd>> {
        let form = self.form.clone();
        interruptible(py, None, move |stop, _| {
            let (mut d, g) = arena(&form, limits(memory_limit).with_stop(stop))?;
            let all = d.divisors(g)?;
            Ok(all.iter().map(|&x| LeftDeadEnd::of(&d, x)).collect())
        })?
        .map_err(|e: PartizanError| errors::partizan(&e))
    }

    /// The `b` with `self == a + b`, or `None` when `a` does not divide `self`.
    #[pyo3(signature = (a, memory_limit=None))]
    fn quotient(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        memory_limit: Option<u64>,
    ) -> PyResult<Option<LeftDeadEnd>> {
        let (form, other) = (self.form.clone(), LeftDeadEnd::text_of(a)?);
        interruptible(py, None, move |stop, _| {
            let (mut d, g) = arena(&form, limits(memory_limit).with_stop(stop))?;
            let a = d.parse(&other)?;
            let b = d.quotient(g, a)?;
            Ok(b.map(|b| LeftDeadEnd::of(&d, b)))
        })?
        .map_err(|e: PartizanError| errors::partizan(&e))
    }

    /// The factorisations into atoms (at most `limit` of them), each a list of atoms.
    #[pyo3(signature = (limit=1000, memory_limit=None))]
    fn factorisations(
        &self,
        py: Python<'_>,
        limit: usize,
        memory_limit: Option<u64>,
    ) -> PyResult<Vec<Vec<LeftDeadEnd>>> {
        let form = self.form.clone();
        interruptible(py, None, move |stop, _| {
            let (mut d, g) = arena(&form, limits(memory_limit).with_stop(stop))?;
            let (found, _) = d.factorisations(g, limit)?;
            Ok(found
                .iter()
                .map(|f| f.iter().map(|&x| LeftDeadEnd::of(&d, x)).collect())
                .collect())
        })?
        .map_err(|e: PartizanError| errors::partizan(&e))
    }

    /// How many factorisations into atoms there are.
    #[pyo3(signature = (memory_limit=None))]
    fn factorisation_count(&self, py: Python<'_>, memory_limit: Option<u64>) -> PyResult<u64> {
        let form = self.form.clone();
        interruptible(py, None, move |stop, _| {
            let (mut d, g) = arena(&form, limits(memory_limit).with_stop(stop))?;
            let (_, count) = d.factorisations(g, 0)?;
            Ok(count)
        })?
        .map_err(|e: PartizanError| errors::partizan(&e))
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<LeftDeadEnd> {
        let text = LeftDeadEnd::text_of(other)?;
        let (mut d, g) = read(&self.form, limits(None))?;
        let h = d.parse(&text).map_err(|e| errors::partizan(&e))?;
        let s = d.sum(g, h).map_err(|e| errors::partizan(&e))?;
        Ok(LeftDeadEnd::of(&d, s))
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<LeftDeadEnd> {
        self.__add__(other)
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if LeftDeadEnd::text_of(other).is_err() {
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
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.form.hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.form.clone()
    }

    fn __repr__(&self) -> String {
        format!("LeftDeadEnd({:?})", self.form)
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<LeftDeadEnd>()
}
