//! `cgt.LoopyGame`: loopy partizan games — outcomes with each player first, best moves,
//! stoppers' simplest forms and order, and the sides of the others.

use core::cmp::Ordering;

use cgt_core::budget::{Budget, Exceeded};
use cgt_partizan::loopy::{Ending, LoopyDescription, LoopyGame as Graph, PositionDescription};
use cgt_partizan::{PartizanError, Player};
use pyo3::prelude::*;

use crate::errors::{self, Kind};

/// A partizan game whose positions may repeat; endless play is a draw.
///
/// Read from the text form (`"upon + *"`, `"{pass|0}"`, `"a = {b|}; b = {|a}"`) or built from
/// a dict of positions with `LoopyGame.from_positions`. Sums, sides, simplest forms,
/// comparisons and Backsliding rows run with the GIL released, and Ctrl-C stops them
/// (`KeyboardInterrupt`).
///
/// ```text
/// >>> from cgt import LoopyGame
/// >>> g = LoopyGame("upon + *")
/// >>> g.is_stopper, str(g.simplest()), g.outcome
/// (True, '{0, pass|0}', ('left', 'right'))
/// >>> LoopyGame("tis").sides()
/// (LoopyGame("1"), LoopyGame("0"))
/// >>> LoopyGame("upon").compare("^")
/// '>'
///
/// ```
#[pyclass(module = "cgt", frozen)]
#[derive(Debug, Clone)]
pub(crate) struct LoopyGame {
    g: Graph,
}

fn budget(memory_limit: Option<u64>) -> Budget {
    Budget::unlimited().with_memory(errors::budget(memory_limit))
}

/// Runs `work` within `memory_limit` with the GIL released. It runs on the calling thread for
/// its first [`crate::partizan::QUICK_SEARCH`] (most games a notebook asks about are done by
/// then, without a thread's start-up); a longer one starts again on a worker thread that
/// Ctrl-C stops (`KeyboardInterrupt`): the sides, simplest forms and comparisons of large
/// games can run for minutes, and a notebook must stay interruptible meanwhile.
fn interruptible<T: Send>(
    py: Python<'_>,
    memory_limit: Option<u64>,
    work: impl Fn(&Budget) -> Result<T, PartizanError> + Sync,
) -> PyResult<T> {
    let quick = budget(memory_limit).with_time(crate::partizan::QUICK_SEARCH);
    let found = match py.detach(|| work(&quick)) {
        Err(PartizanError::Stopped(Exceeded::Time { .. })) => {
            crate::interrupt::interruptible(py, None, |stop, _| {
                work(&budget(memory_limit).with_stop(stop))
            })?
        }
        other => other,
    };
    found.map_err(|e| errors::partizan(&e))
}

fn player(name: &str) -> PyResult<Player> {
    match name {
        "left" | "Left" | "L" => Ok(Player::Left),
        "right" | "Right" | "R" => Ok(Player::Right),
        _ => Err(errors::raise(
            Kind::Input,
            format!(
                "{:?} is not a player: 'left' or 'right'",
                name.chars().take(40).collect::<String>()
            ),
        )),
    }
}

fn ending(e: Ending) -> &'static str {
    match e {
        Ending::Left => "left",
        Ending::Right => "right",
        Ending::Draw => "draw",
    }
}

impl LoopyGame {
    /// A game given as a `LoopyGame` or as text.
    fn coerce(other: &Bound<'_, PyAny>) -> PyResult<LoopyGame> {
        if let Ok(g) = other.cast::<LoopyGame>() {
            return Ok(g.get().clone());
        }
        if let Ok(n) = other.extract::<i64>() {
            return LoopyGame::new(&n.to_string());
        }
        if let Ok(text) = other.extract::<String>() {
            return LoopyGame::new(&text);
        }
        Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "cannot use a {} as a loopy game (give a LoopyGame, an int or its text)",
            other.get_type().name()?
        )))
    }
}

#[pymethods]
impl LoopyGame {
    #[new]
    fn new(text: &str) -> PyResult<LoopyGame> {
        let g = Graph::parse(text).map_err(|e| errors::partizan(&e))?;
        Ok(LoopyGame { g })
    }

    /// A game from `{name: (left options, right options)}`; options name positions or are
    /// terms of the text form (`"0"`, `"on"`, `"pass"`). Play starts at `start`, or at the
    /// first position.
    #[staticmethod]
    #[pyo3(signature = (positions, start=None))]
    fn from_positions(
        positions: &Bound<'_, pyo3::types::PyDict>,
        start: Option<String>,
    ) -> PyResult<LoopyGame> {
        let mut list = Vec::with_capacity(positions.len());
        for (name, options) in positions.iter() {
            let name: String = name.extract()?;
            let (left, right): (Vec<String>, Vec<String>) = options.extract().map_err(|_| {
                errors::raise(
                    Kind::Input,
                    format!(
                        "position {:?}: expected (left options, right options), two lists of names",
                        name.chars().take(40).collect::<String>()
                    ),
                )
            })?;
            list.push(PositionDescription { name, left, right });
        }
        let d = LoopyDescription {
            positions: list,
            start,
        };
        let g = Graph::from_description(&d).map_err(|e| errors::partizan(&e))?;
        Ok(LoopyGame { g })
    }

    /// A row of Backsliding Toads and Frogs (`"T..F"`, at most 64 squares): Toads and Frogs
    /// where a toad may also step one square left and a frog one square right.
    #[staticmethod]
    #[pyo3(signature = (row, memory_limit=None))]
    fn backsliding_toads(
        py: Python<'_>,
        row: &str,
        memory_limit: Option<u64>,
    ) -> PyResult<LoopyGame> {
        let row: cgt_partizan::toads::Row = row.trim().parse().map_err(|e| errors::partizan(&e))?;
        let g = interruptible(py, memory_limit, |b| {
            cgt_partizan::toads::Backsliding::game(&row, b)
        })?;
        Ok(LoopyGame { g })
    }

    /// Positions reachable from the start.
    #[getter]
    fn positions(&self) -> usize {
        self.g.trimmed().len()
    }

    /// No infinite alternating play: the game has a simplest form.
    #[getter]
    fn is_stopper(&self) -> bool {
        self.g.is_stopper()
    }

    /// Play always ends: the game is a short game.
    #[getter]
    fn is_short(&self) -> bool {
        self.g.is_short()
    }

    /// `(ending with Left first, ending with Right first)`, each `'left'`, `'right'` (the
    /// winner) or `'draw'`.
    #[getter]
    fn outcome(&self) -> (&'static str, &'static str) {
        let o = self.g.outcome();
        (ending(o.left_first), ending(o.right_first))
    }

    /// The outcome class `'L'`, `'R'`, `'N'`, `'P'` of a game without draws, else `'D'` when
    /// both starts draw, else `None`.
    #[getter]
    fn outcome_class(&self) -> Option<String> {
        let o = self.g.outcome();
        match o.classical() {
            Some(c) => Some(c.to_string()),
            None if o.left_first == Ending::Draw && o.right_first == Ending::Draw => {
                Some("D".into())
            }
            None => None,
        }
    }

    /// Moves until the loser is stuck with `player` moving first (the winner hurrying), or
    /// `None` for a draw.
    fn length(&self, player_name: &str) -> PyResult<Option<u32>> {
        let p = player(player_name)?;
        Ok(self.g.solve().length(self.g.start(), p))
    }

    /// `player`'s best first moves, as the positions they reach (named): fastest wins, moves
    /// keeping a draw, or slowest losses.
    fn best_moves(&self, player_name: &str) -> PyResult<Vec<String>> {
        let p = player(player_name)?;
        let s = self.g.solve();
        Ok(s.best_moves(&self.g, self.g.start(), p)
            .into_iter()
            .map(|o| self.g.name(o).to_owned())
            .collect())
    }

    /// The simplest form of a stopper (`InputError` for a game that is not a stopper).
    #[pyo3(signature = (memory_limit=None))]
    fn simplest(&self, py: Python<'_>, memory_limit: Option<u64>) -> PyResult<LoopyGame> {
        let g = interruptible(py, memory_limit, |b| self.g.simplest(b))?;
        Ok(LoopyGame { g })
    }

    /// The onside `G⁺`: Left's survival in any sum with a stopper is hers with it.
    #[pyo3(signature = (memory_limit=None))]
    fn onside(&self, py: Python<'_>, memory_limit: Option<u64>) -> PyResult<LoopyGame> {
        let g = interruptible(py, memory_limit, |b| self.g.onside(b))?;
        Ok(LoopyGame { g })
    }

    /// The offside `G⁻`: Right's survival in any sum with a stopper is his with it.
    #[pyo3(signature = (memory_limit=None))]
    fn offside(&self, py: Python<'_>, memory_limit: Option<u64>) -> PyResult<LoopyGame> {
        let g = interruptible(py, memory_limit, |b| self.g.offside(b))?;
        Ok(LoopyGame { g })
    }

    /// `(onside, offside)`.
    #[pyo3(signature = (memory_limit=None))]
    fn sides(&self, py: Python<'_>, memory_limit: Option<u64>) -> PyResult<(LoopyGame, LoopyGame)> {
        let (on, off) = interruptible(py, memory_limit, |b| {
            Ok((self.g.onside(b)?, self.g.offside(b)?))
        })?;
        Ok((LoopyGame { g: on }, LoopyGame { g: off }))
    }

    /// `'>'`, `'<'`, `'='` or `'||'` (confused): stoppers directly, other games side by side.
    #[pyo3(signature = (other, memory_limit=None))]
    fn compare(
        &self,
        other: &Bound<'_, PyAny>,
        memory_limit: Option<u64>,
    ) -> PyResult<&'static str> {
        let py = other.py();
        let other = LoopyGame::coerce(other)?;
        let o = interruptible(py, memory_limit, |b| self.g.compare(&other.g, b))?;
        Ok(match o {
            Some(Ordering::Greater) => ">",
            Some(Ordering::Less) => "<",
            Some(Ordering::Equal) => "=",
            None => "||",
        })
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<LoopyGame> {
        let py = other.py();
        let other = LoopyGame::coerce(other)?;
        let parts = [self.g.clone(), other.g];
        let g = interruptible(py, None, |b| Graph::sum(&parts, b))?;
        Ok(LoopyGame { g })
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<LoopyGame> {
        let py = other.py();
        let other = LoopyGame::coerce(other)?;
        let parts = [other.g, self.g.clone()];
        let g = interruptible(py, None, |b| Graph::sum(&parts, b))?;
        Ok(LoopyGame { g })
    }

    fn __neg__(&self) -> LoopyGame {
        LoopyGame { g: self.g.neg() }
    }

    fn __str__(&self) -> String {
        self.g.display()
    }

    fn __repr__(&self) -> String {
        format!("LoopyGame({:?})", self.g.display())
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<LoopyGame>()
}
