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
#[pyclass(module = "cgt.partizan", frozen, eq, hash, subclass)]
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

/// The registered ruleset `name`, or the package's `InputError` listing them.
fn entry(name: &str) -> PyResult<&'static RulesetEntry> {
    registry::find(name).map_err(|e| errors::raise(Kind::Input, e.message()))
}

#[pymethods]
impl Ruleset {
    #[new]
    fn new(name: &str, position: &str) -> PyResult<Ruleset> {
        let entry = entry(name)?;
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
        &self.entry().texts().title
    }

    /// The position as the ruleset writes it.
    #[getter]
    fn position(&self) -> &str {
        &self.position
    }

    /// The positions `player` (`"left"` or `"right"`) can move to, in the ruleset's order, as
    /// positions of the same class (`Konane(...)` gives `Konane`s).
    fn options<'py>(slf: &Bound<'py, Self>, player: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let player = side(player)?;
        let this = slf.get();
        let options =
            (this.entry().options)(&this.position, player).map_err(|e| errors::partizan(&e))?;
        let class = slf.get_type();
        let named = !class.is(slf.py().get_type::<Ruleset>());
        options
            .into_iter()
            .map(|position| {
                if named {
                    class.call1((position,))
                } else {
                    Bound::new(
                        slf.py(),
                        Ruleset {
                            name: this.name,
                            position,
                        },
                    )
                    .map(Bound::into_any)
                }
            })
            .collect()
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

    /// The outcome under misère play, where the player who cannot move wins: `"L"`, `"R"`,
    /// `"P"` or `"N"` (by search of the whole position, on a worker thread that Ctrl-C stops).
    #[pyo3(signature = (memory_limit=None))]
    fn misere_outcome(&self, py: Python<'_>, memory_limit: Option<u64>) -> PyResult<String> {
        let memory = errors::budget(memory_limit);
        let (entry, position) = (self.entry(), self.position.clone());
        crate::interrupt::interruptible(py, None, move |stop, _| {
            (entry.misere)(
                &position,
                &Budget::unlimited().with_memory(memory).with_stop(stop),
            )
        })?
        .map(|o| o.to_string())
        .map_err(|e| errors::partizan(&e))
    }

    /// The board as SVG, which a notebook draws (`None` for a position shown as text only).
    fn _repr_svg_(&self) -> PyResult<Option<String>> {
        (self.entry().picture)(&self.position).map_err(|e| errors::partizan(&e))
    }

    fn __str__(&self) -> String {
        self.position.clone()
    }

    /// `Ruleset("konane", "xo.")`, or `Konane("xo.")` for a ruleset's own class.
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let this = slf.get();
        let class = slf.get_type();
        Ok(if class.is(slf.py().get_type::<Ruleset>()) {
            format!("Ruleset({:?}, {:?})", this.name, this.position)
        } else {
            format!("{}({:?})", class.name()?, this.position)
        })
    }
}

/// Every partizan ruleset as `(name, title)`, in the order the command line lists them.
#[pyfunction]
fn rulesets() -> Vec<(&'static str, &'static str)> {
    registry::RULESETS
        .iter()
        .map(|r| (r.name, r.texts().title.as_str()))
        .collect()
}

/// Every partizan ruleset's help: `(name, rules, notation, example)`, for the classes and
/// functions the package names after each ruleset.
#[pyfunction]
fn _ruleset_help() -> Vec<(&'static str, &'static str, &'static str, &'static str)> {
    registry::RULESETS
        .iter()
        .map(|r| {
            let t = r.texts();
            (
                r.name,
                t.rules.as_str(),
                t.notation.as_str(),
                t.example.as_str(),
            )
        })
        .collect()
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Ruleset>()?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(_ruleset_help, m)?)?;
    Ok(())
}
