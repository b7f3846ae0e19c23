//! A move in a heap game, as Python sees it (shared by heap games and misère quotients).

use cgt_impartial::nimseq::SplitMove;
use pyo3::prelude::*;

/// A move in a heap game: remove counters from one heap and perhaps split what is left.
#[pyclass(module = "cgt", frozen, eq)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HeapMoveSplit {
    mv: SplitMove,
}

impl From<SplitMove> for HeapMoveSplit {
    fn from(mv: SplitMove) -> HeapMoveSplit {
        HeapMoveSplit { mv }
    }
}

#[pymethods]
impl HeapMoveSplit {
    /// The heap, counting from 0.
    #[getter]
    fn heap(&self) -> usize {
        self.mv.heap
    }

    /// Counters removed.
    #[getter]
    fn removed(&self) -> u64 {
        self.mv.removed
    }

    /// The heaps it leaves (empty, one or several).
    #[getter]
    fn leaves(&self) -> Vec<u64> {
        self.mv.leaves.clone()
    }

    fn __str__(&self) -> String {
        self.mv.to_string()
    }

    fn __repr__(&self) -> String {
        format!("HeapMove({:?})", self.mv.to_string())
    }
}
