//! `Ruleset`: a position of any partizan ruleset of `cgt_report::registry`, by name — every
//! ruleset the command line and the playground know, with no class of its own needed here.

use cgt_core::budget::Budget;
use cgt_report::partizan::Look;
use cgt_report::registry::{self, RulesetEntry};
use pyo3::prelude::*;

use crate::boards::side;
use crate::documents::{dict, report_error};
use crate::errors::{self, Kind};
use crate::partizan::Game;

/// A position of a partizan ruleset, by the ruleset's name (as `cgt rulesets()` lists them,
/// the names of the `cgt` command): its options for either player, its value and the report
/// `cgt NAME POSITION --json` prints.
///
/// ```text
/// >>> from cgt.partizan import Ruleset
/// >>> k = Ruleset("konane", "xo.")
/// >>> k.value()
/// Game("1")
/// >>> k.options("left")
/// [Ruleset("konane", "..x")]
/// >>> Ruleset("cutcake", "2x1").report()["value"]
/// '1'
///
/// ```
#[pyclass(module = "cgt.partizan", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Ruleset {
    name: &'static str,
    position: String,
}

impl Ruleset {
    fn entry(&self) -> &'static RulesetEntry {
        registry::ruleset(self.name).expect("a ruleset made by name is registered")
    }
}

#[pymethods]
impl Ruleset {
    #[new]
    fn new(name: &str, position: &str) -> PyResult<Ruleset> {
        let entry = registry::ruleset(name).ok_or_else(|| {
            errors::raise(
                Kind::Input,
                format!(
                    "no ruleset {name:?}; the rulesets are {}",
                    registry::names()
                ),
            )
        })?;
        let position = (entry.show)(position).map_err(|e| errors::partizan(&e))?;
        Ok(Ruleset {
            name: entry.name,
            position,
        })
    }

    /// The ruleset's name (`"konane"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.name
    }

    /// The ruleset's title (`"Konane"`).
    #[getter]
    fn title(&self) -> &'static str {
        self.entry().title
    }

    /// The position as the ruleset writes it.
    #[getter]
    fn position(&self) -> &str {
        &self.position
    }

    /// The positions `player` (`"left"` or `"right"`) can move to, in the ruleset's order.
    fn options(&self, player: &str) -> PyResult<Vec<Ruleset>> {
        let player = side(player)?;
        let options =
            (self.entry().options)(&self.position, player).map_err(|e| errors::partizan(&e))?;
        Ok(options
            .into_iter()
            .map(|position| Ruleset {
                name: self.name,
                position,
            })
            .collect())
    }

    /// The position's value as a `Game`, searched with the GIL released (Ctrl-C stops it);
    /// `progress(positions, 0)` as for the boards' `value`.
    #[pyo3(signature = (memory_limit=None, progress=None))]
    fn value(
        &self,
        py: Python<'_>,
        memory_limit: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Game> {
        Game::evaluate_ruleset(
            py,
            self.entry(),
            self.position.clone(),
            memory_limit,
            progress,
        )
    }

    /// The document `cgt NAME POSITION --json` prints (value, stops, thermograph, each side's
    /// winning moves; with `explain` the options down to the canonical form, with `misere`
    /// misère play), searched on a worker thread that Ctrl-C stops.
    #[pyo3(signature = (explain=false, misere=false, memory_limit=None))]
    fn report<'py>(
        &self,
        py: Python<'py>,
        explain: bool,
        misere: bool,
        memory_limit: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let memory = errors::budget(memory_limit);
        let (entry, position) = (self.entry(), self.position.clone());
        let r = crate::interrupt::interruptible(py, None, move |stop, _| {
            let budget = Budget::unlimited().with_memory(memory).with_stop(stop);
            (entry.report)(&position, &budget, Look { explain, misere })
        })?
        .map_err(|e| report_error(&e))?;
        dict(py, &r)
    }

    fn __str__(&self) -> String {
        self.position.clone()
    }

    fn __repr__(&self) -> String {
        format!("Ruleset({:?}, {:?})", self.name, self.position)
    }
}

/// Every partizan ruleset as `(name, title)`, in the order the command line lists them.
#[pyfunction]
fn rulesets() -> Vec<(&'static str, &'static str)> {
    registry::RULESETS
        .iter()
        .map(|r| (r.name, r.title))
        .collect()
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Ruleset>()?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    Ok(())
}
