//! `cgt.MisereQuotient`: the misère quotient of a heap game (`HeapGame.misere_quotient`), its
//! presentation and an outcome oracle for sums of heaps.

use cgt_core::budget::Budget;
use cgt_impartial::heapgame::HeapGame as Rules;
use cgt_impartial::quotient::{self, MisereQuotient as Quotient};
use pyo3::prelude::*;

use crate::errors::{self, Kind};
use crate::heap_move::HeapMoveSplit;

/// The misère quotient (Plambeck–Siegel) of the sums of a heap game's heaps `0 … upto`.
///
/// Elements are named by their normal forms (`"1"`, `"a"`, `"ab²"`); the outcome of any sum
/// of heaps takes one table step per heap.
///
/// ```text
/// >>> from cgt import HeapGame
/// >>> q = HeapGame("0.75").misere_quotient(10)
/// >>> q.order, q.presentation
/// (8, '⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩')
/// >>> q.p_portion
/// ['a', 'b²']
/// >>> q.outcome([1, 1, 1]), q.element([3, 5, 7, 2])
/// ('P', 'ab')
///
/// ```
#[pyclass(module = "cgt", frozen)]
#[derive(Debug)]
pub(crate) struct MisereQuotient {
    q: Quotient,
}

impl MisereQuotient {
    fn name(&self, e: u32) -> String {
        self.q.normal_form(e).to_string()
    }

    fn index(&self, name: &str) -> PyResult<u32> {
        (0..self.q.order() as u32)
            .find(|&e| self.name(e) == name)
            .ok_or_else(|| {
                // A long argument is quoted by its start only, so the message stays one line.
                let shown: String = name.chars().take(40).collect();
                let more = if shown.len() < name.len() { "…" } else { "" };
                errors::raise(
                    Kind::Input,
                    format!("{shown:?}{more} is not an element of this quotient (see .elements)"),
                )
            })
    }
}

/// The quotient of `game`'s heaps `0 … upto`, on a worker thread that Ctrl-C stops.
pub(crate) fn compute(
    py: Python<'_>,
    game: &Rules,
    upto: u64,
    memory_limit: Option<u64>,
) -> PyResult<MisereQuotient> {
    let memory = errors::budget(memory_limit);
    let game = game.clone();
    let found = crate::interrupt::interruptible(py, None, move |stop, _| {
        Quotient::compute(
            &game,
            upto,
            &Budget::unlimited().with_memory(memory).with_stop(stop),
        )
    })?;
    found
        .map(|q| MisereQuotient { q })
        .map_err(|e| errors::impartial(&e))
}

#[pymethods]
impl MisereQuotient {
    /// The number of elements.
    #[getter]
    fn order(&self) -> usize {
        self.q.order()
    }

    /// The largest heap covered.
    #[getter]
    fn upto(&self) -> u64 {
        self.q.upto()
    }

    /// The least heap bound whose quotient is already this one.
    #[getter]
    fn same_from(&self) -> u64 {
        self.q.same_from()
    }

    /// `(preperiod, period, needed)` when the pretending function's period proves this the
    /// quotient of every heap size (Guy–Smith's argument; `needed` is the heap bound the proof
    /// uses), else `None`.
    #[getter]
    fn stable(&self) -> Option<(u64, u64, u64)> {
        self.q.stable().map(|s| (s.preperiod, s.period, s.needed))
    }

    /// How many of the heap bounds `1 … upto` were built from the smaller quotient without
    /// search (the others were learned by L*).
    #[getter]
    fn extended(&self) -> u64 {
        self.q.extended()
    }

    /// Sums of heaps searched (by L*, for the bounds not built by extension).
    #[getter]
    fn searched(&self) -> u64 {
        self.q.searched()
    }

    /// `orders[k]`: the order of the quotient of heaps `0 … k`.
    #[getter]
    fn orders(&self) -> Vec<usize> {
        self.q.orders().to_vec()
    }

    /// The presentation, `⟨a, b | a² = 1, b³ = b⟩`.
    #[getter]
    fn presentation(&self) -> String {
        self.q.presentation().text()
    }

    /// Each generator as `(letter, least heap that is it)`.
    #[getter]
    fn generators(&self) -> Vec<(String, u64)> {
        let p = self.q.presentation();
        p.generators
            .iter()
            .enumerate()
            .map(|(i, &g)| {
                let heap = (0..=self.q.upto())
                    .find(|&h| self.q.pretending(h).ok() == Some(g))
                    .unwrap_or(0);
                (quotient::generator_name(i), heap)
            })
            .collect()
    }

    /// The relations as `(left, right)` normal forms.
    #[getter]
    fn relations(&self) -> Vec<(String, String)> {
        self.q
            .presentation()
            .relations
            .iter()
            .map(|r| (r.left.to_string(), r.right.to_string()))
            .collect()
    }

    /// Every element's normal form, the identity `"1"` first.
    #[getter]
    fn elements(&self) -> Vec<String> {
        (0..self.q.order() as u32).map(|e| self.name(e)).collect()
    }

    /// The elements whose sums are misère P-positions.
    #[getter]
    fn p_portion(&self) -> Vec<String> {
        self.q
            .p_portion()
            .into_iter()
            .map(|e| self.name(e))
            .collect()
    }

    /// The pretending function: the element of a single heap of each size `0 … upto`.
    #[getter]
    fn pretending(&self) -> Vec<String> {
        (0..=self.q.upto())
            .map(|h| self.name(self.q.pretending(h).expect("heaps up to the bound")))
            .collect()
    }

    /// The element of a sum of heaps.
    fn element(&self, heaps: Vec<u64>) -> PyResult<String> {
        let e = self.q.element(&heaps).map_err(|e| errors::impartial(&e))?;
        Ok(self.name(e))
    }

    /// The product of two elements given by their normal forms.
    fn multiply(&self, x: &str, y: &str) -> PyResult<String> {
        Ok(self.name(self.q.multiply(self.index(x)?, self.index(y)?)))
    }

    /// The misère outcome of a sum of heaps: `'P'` or `'N'`.
    fn outcome(&self, heaps: Vec<u64>) -> PyResult<&'static str> {
        let o = self.q.outcome(&heaps).map_err(|e| errors::impartial(&e))?;
        Ok(if o == cgt_core::Outcome::P { "P" } else { "N" })
    }

    /// Every misère winning move of a sum of heaps.
    fn winning_moves(&self, heaps: Vec<u64>) -> PyResult<Vec<HeapMoveSplit>> {
        Ok(self
            .q
            .winning_moves(&heaps)
            .map_err(|e| errors::impartial(&e))?
            .into_iter()
            .map(HeapMoveSplit::from)
            .collect())
    }

    fn __repr__(&self) -> String {
        format!(
            "MisereQuotient({:?}, upto={}, order={})",
            self.q.game().to_string(),
            self.q.upto(),
            self.q.order()
        )
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<MisereQuotient>()
}
