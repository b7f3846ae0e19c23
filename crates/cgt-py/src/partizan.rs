//! `cgt.Game`: short partizan games in canonical form, kept in one arena per process, and
//! `cgt.Thermograph`.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};

use cgt_core::budget::{Budget, Exceeded, Progress};
use cgt_partizan::colouring::Rule;
use cgt_partizan::graphcolouring::{ColouringGraph, Graph};
use cgt_partizan::{
    Arena, Dyadic, Evaluator, GameId, PartizanError, PartizanGame, Player, Thermograph as Exact,
};
use cgt_report::pictures::{self, Format};
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

use crate::errors::{self, Kind};

/// Every `Game` of the process lives in this arena: equal games share one id, so equality and
/// hashing are by id.
static ARENA: LazyLock<Mutex<State>> = LazyLock::new(|| Mutex::new(State::default()));

/// The arena with two memos of the text people pass and read: a notebook parses the same
/// games and prints the same values again and again, and both cost more than the arithmetic
/// on games already in the arena. Equal games share an id, so neither memo can go stale.
#[derive(Default)]
struct State {
    arena: Arena,
    /// Canonical forms as text, by id (short ones only).
    shown: HashMap<GameId, Arc<str>>,
    /// Ids of texts parsed before (short ones, at most `PARSED_MEMO` of them).
    parsed: HashMap<Box<str>, GameId>,
}

/// Texts longer than this are not kept in the memos.
const MEMO_TEXT: usize = 256;
/// The parse memo starts afresh past this many texts.
const PARSED_MEMO: usize = 1 << 16;

impl State {
    fn display(&mut self, id: GameId) -> Arc<str> {
        if let Some(text) = self.shown.get(&id) {
            return Arc::clone(text);
        }
        let text: Arc<str> = self.arena.display(id).into();
        if text.len() <= MEMO_TEXT {
            self.shown.insert(id, Arc::clone(&text));
        }
        text
    }

    fn parse(&mut self, text: &str) -> Result<GameId, cgt_partizan::PartizanError> {
        if let Some(&id) = self.parsed.get(text) {
            return Ok(id);
        }
        let id = self.arena.parse(text)?;
        if text.len() <= MEMO_TEXT {
            if self.parsed.len() >= PARSED_MEMO {
                self.parsed.clear();
            }
            self.parsed.insert(text.into(), id);
        }
        Ok(id)
    }
}

impl std::ops::Deref for State {
    type Target = Arena;
    fn deref(&self) -> &Arena {
        &self.arena
    }
}

impl std::ops::DerefMut for State {
    fn deref_mut(&mut self) -> &mut Arena {
        &mut self.arena
    }
}

fn arena() -> PyResult<MutexGuard<'static, State>> {
    arena_allowed()?;
    lock_arena().map_err(|message| errors::raise(Kind::Failure, message))
}

/// Refuses to make games from inside a game's own rules (the arena is held by the search
/// that called them).
fn arena_allowed() -> PyResult<()> {
    if crate::custom::IN_RULES.with(std::cell::Cell::get) {
        return Err(errors::raise(
            Kind::Input,
            "a game's left, right or components function cannot make cgt games itself",
        ));
    }
    Ok(())
}

/// The arena, without Python (for worker threads).
fn lock_arena() -> Result<MutexGuard<'static, State>, &'static str> {
    ARENA
        .lock()
        .map_err(|_| "the game arena was left inconsistent by an earlier failure")
}

/// `fractions.Fraction`, looked up once.
static FRACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// An exact dyadic rational as `fractions.Fraction`.
pub(crate) fn fraction(py: Python<'_>, x: Dyadic) -> PyResult<Bound<'_, PyAny>> {
    let fraction = FRACTION.import(py, "fractions", "Fraction")?;
    // Small values as 64-bit ints: the limited API converts 128-bit ints slowly.
    match (i64::try_from(x.numerator()), x.exponent()) {
        (Ok(n), e) if e < 63 => fraction.call1((n, 1i64 << e)),
        _ => fraction.call1((x.numerator(), 1i128 << x.exponent())),
    }
}

/// A number argument of `operation`: an int, a `Fraction`, a string or a `Game` that is a
/// number.
fn number_arg(t: &Bound<'_, PyAny>, operation: &str) -> PyResult<Dyadic> {
    let game = if t.get_type().name()? == "Fraction" {
        let (n, d): (i64, i64) = (
            t.getattr("numerator")?.extract()?,
            t.getattr("denominator")?.extract()?,
        );
        Game::new(&format!("{n}/{d}"))?
    } else {
        Game::coerce(t)?
    };
    arena()?.as_number(game.id).ok_or_else(|| {
        errors::raise(
            errors::Kind::Input,
            format!(
                "{operation} takes a number, not {}",
                t.str().map_or_else(|_| "?".into(), |s| s.to_string())
            ),
        )
    })
}

/// A short partizan game, in canonical form.
///
/// ```text
/// >>> from cgt import Game
/// >>> g = Game("{1|*}")
/// >>> g + Game("-1") == Game("{0|-1*}")   # arithmetic in canonical form
/// True
/// >>> Game("^") > 0, Game("*").fuzzy(0)
/// (True, True)
/// >>> Game.domineering("2x3").canonical_form
/// '{2|-1/2}'
///
/// ```
#[pyclass(module = "cgt", frozen)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Game {
    id: GameId,
}

impl Game {
    fn with<T>(
        f: impl FnOnce(&mut Arena) -> Result<T, cgt_partizan::PartizanError>,
    ) -> PyResult<T> {
        let mut arena = arena()?;
        f(&mut arena).map_err(|e| errors::partizan(&e))
    }

    /// `other` as a game: a `Game`, an `int`, or a string in the notation.
    fn coerce(other: &Bound<'_, PyAny>) -> PyResult<Game> {
        if let Ok(g) = other.cast::<Game>() {
            return Ok(*g.get());
        }
        if let Ok(n) = other.extract::<i64>() {
            return Game::with(|a| Ok(a.integer(n))).map(|id| Game { id });
        }
        if let Ok(text) = other.extract::<String>() {
            return Game::new(&text);
        }
        Err(PyTypeError::new_err(format!(
            "cannot use a {} as a game (give a Game, an int or a game's notation)",
            other.get_type().name()?
        )))
    }

    /// Values a position of a ruleset with the GIL released. The search runs on the calling
    /// thread for its first [`QUICK_SEARCH`] (most positions a notebook asks for are done by
    /// then, without a thread's start-up); a longer one goes on, from the positions already
    /// solved, on a worker thread that Ctrl-C stops (`KeyboardInterrupt`).
    fn colouring_graph(
        py: Python<'_>,
        rule: Rule,
        text: &str,
        memory_limit: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Game> {
        let graph: Graph = text.parse().map_err(|e| errors::partizan(&e))?;
        let game = ColouringGraph::new(rule, &graph);
        let start = game.start();
        Game::evaluate(py, game, start, memory_limit, progress)
    }

    pub(crate) fn evaluate<G>(
        py: Python<'_>,
        game: G,
        position: G::Position,
        memory_limit: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Game>
    where
        G: PartizanGame + Send,
        G::Position: Send,
    {
        // One evaluator for both attempts: the worker goes on from the positions solved.
        let mut evaluator = Some(Evaluator::new(game));
        Game::search(py, memory_limit, progress, move |arena, budget| {
            let mut ev = evaluator
                .take()
                .expect("an evaluator for each attempt")
                .with_limits(budget);
            let found = ev.value(arena, &position);
            let searched = ev.searched();
            evaluator = Some(ev);
            (found, searched)
        })
    }

    /// As [`Game::evaluate`], for a position of a ruleset of the registry given as text.
    pub(crate) fn evaluate_ruleset(
        py: Python<'_>,
        entry: &'static cgt_report::registry::RulesetEntry,
        text: String,
        memory_limit: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Game> {
        Game::search(
            py,
            memory_limit,
            progress,
            move |arena, budget| match (entry.value)(arena, &text, &budget) {
                Ok(valued) => (Ok(valued.value), valued.searched),
                Err(e) => (Err(e), 0),
            },
        )
    }

    /// Runs `search` (given the arena and a budget; it returns the value and the positions
    /// searched) with the GIL released: first on the calling thread for [`QUICK_SEARCH`],
    /// then, when that was not enough, again on a worker thread that Ctrl-C stops.
    fn search<F>(
        py: Python<'_>,
        memory_limit: Option<u64>,
        progress: Option<Py<PyAny>>,
        mut search: F,
    ) -> PyResult<Game>
    where
        F: FnMut(&mut Arena, Budget) -> (Result<GameId, PartizanError>, u64) + Send,
    {
        arena_allowed()?;
        let memory = errors::budget(memory_limit);
        let locked = |m: &str| PartizanError::TooLarge {
            message: m.to_owned(),
        };
        let quick = Budget::unlimited()
            .with_memory(memory)
            .with_time(QUICK_SEARCH);
        let (mut search, first, searched) = py.detach(move || {
            let (found, searched) = match lock_arena() {
                Ok(mut arena) => search(&mut arena, quick),
                Err(m) => (Err(locked(m)), 0),
            };
            (search, found, searched)
        });
        let found = match first {
            Err(PartizanError::Stopped(Exceeded::Time { .. })) => {
                crate::interrupt::interruptible(py, progress.as_ref(), move |stop, shared| {
                    let mut arena = lock_arena().map_err(locked)?;
                    let budget = Budget::unlimited()
                        .with_memory(memory)
                        .with_stop(stop)
                        .with_progress(searched_so_far(shared));
                    let (found, searched) = search(&mut arena, budget);
                    shared.set(searched, 0);
                    found
                })?
            }
            other => {
                // Done on the calling thread: the one report a finished search makes.
                if let (Ok(_), Some(callback)) = (&other, &progress) {
                    callback.call1(py, (searched, 0))?;
                }
                other
            }
        };
        let id = found.map_err(|e| errors::partizan(&e))?;
        Ok(Game { id })
    }
}

/// A budget listener passing a search's positions to `shared`, as `(positions, 0)`: the total
/// is not known (0, as a table build reports before it has counted its positions). Checks that
/// count no positions (the arena's, inside long sums) do not take the count back.
fn searched_so_far(shared: &Arc<crate::interrupt::Progress>) -> Progress {
    let shared = Arc::clone(shared);
    Progress::most(move |positions, _| shared.set(positions, 0))
}

/// How long a partizan search runs on the calling thread before it moves to a worker thread
/// that Ctrl-C can stop.
pub(crate) const QUICK_SEARCH: std::time::Duration = std::time::Duration::from_millis(50);

#[pymethods]
impl Game {
    /// A game in the usual notation: numbers (`3`, `-1/2`), `*`, `*3`, `^`, `v`, `{L|R}`
    /// forms, sums and differences (`^ + *`, `{1|0} - 1/2`).
    #[new]
    fn new(text: &str) -> PyResult<Game> {
        let id = arena()?.parse(text).map_err(|e| errors::partizan(&e))?;
        Ok(Game { id })
    }

    /// The value of a position of the partizan ruleset `name` (as `rulesets()` lists them:
    /// `Game.ruleset("domineering", "4x4")`); `cgt.Game.NAME(position)` is the same, for each
    /// ruleset's name with `_` for `-` (`Game.toads_frogs("TT..FF")`). Like every search here,
    /// searched with the GIL released within `memory_limit` bytes; Ctrl-C stops it, and
    /// `progress(positions, 0)` hears the positions searched so far about ten times a second
    /// once it has run for a twentieth of a second, and once at the end (0: the total is not
    /// known in advance).
    #[staticmethod]
    #[pyo3(signature = (name, position, memory_limit=None, progress=None))]
    fn ruleset(
        py: Python<'_>,
        name: &str,
        position: &str,
        memory_limit: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Game> {
        let entry = cgt_report::registry::find(name)
            .map_err(|e| errors::raise(Kind::Input, e.message()))?;
        Game::evaluate_ruleset(py, entry, position.to_owned(), memory_limit, progress)
    }

    /// The value of Col on a graph of up to 64 vertices: edges `"a-b b-c"`, paths `"a-b-c"`,
    /// lone vertices, marks `"a=x"` (`o`, `l`, `r`, `-`), or a family `"path:5"`,
    /// `"cycle:6"`, `"star:4"`, `"complete:4"`, `"caterpillar:2,0,3"`.
    #[staticmethod]
    #[pyo3(signature = (graph, memory_limit=None, progress=None))]
    fn col_graph(
        py: Python<'_>,
        graph: &str,
        memory_limit: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Game> {
        Game::colouring_graph(py, Rule::Col, graph, memory_limit, progress)
    }

    /// The value of Snort on a graph (written as for `col_graph`).
    #[staticmethod]
    #[pyo3(signature = (graph, memory_limit=None, progress=None))]
    fn snort_graph(
        py: Python<'_>,
        graph: &str,
        memory_limit: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Game> {
        Game::colouring_graph(py, Rule::Snort, graph, memory_limit, progress)
    }

    /// The value of `position` in a game of your own: `left(p)` and `right(p)` list each
    /// player's options, `components(p)` (optional) the independent parts whose sum is `p`.
    /// Positions are ints, strings, bools, `None`, or tuples and lists of them. As for the
    /// rulesets, `progress(positions, 0)` hears the positions searched so far about ten times
    /// a second once the search has run for a twentieth of a second, and once at the end; an
    /// exception it raises stops the search and is raised.
    ///
    /// ```text
    /// >>> from cgt import Game
    /// >>> left = lambda n: [n - 1] if n >= 1 else []     # Left takes one counter
    /// >>> right = lambda n: [n - 2] if n >= 2 else []    # Right takes two
    /// >>> [Game.from_rules(n, left=left, right=right) for n in range(4)]
    /// [Game("0"), Game("1"), Game("{1|0}"), Game("0")]
    ///
    /// ```
    #[staticmethod]
    #[pyo3(signature = (position, left, right, components=None, memory_limit=None, progress=None))]
    fn from_rules(
        position: &Bound<'_, PyAny>,
        left: Py<PyAny>,
        right: Py<PyAny>,
        components: Option<Py<PyAny>>,
        memory_limit: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Game> {
        let budget = errors::budget(memory_limit);
        let mut a = arena()?;
        let rules = crate::custom::PartizanRules {
            left,
            right,
            components,
        };
        crate::custom::partizan_value(&mut a, position, rules, budget, progress)
            .map(|id| Game { id })
    }

    /// The canonical form in the notation (`'{1/2|-2}'`).
    #[getter]
    fn canonical_form(&self) -> PyResult<String> {
        Ok(arena()?.display(self.id).to_string())
    }

    /// The outcome class: `'L'` (Left wins), `'R'`, `'P'` (the second player wins) or `'N'`.
    #[getter]
    fn outcome(&self) -> PyResult<String> {
        Ok(arena()?.outcome(self.id).to_string())
    }

    /// The birthday: the day the game is born on.
    #[getter]
    fn birthday(&self) -> PyResult<u64> {
        Ok(arena()?.birthday(self.id))
    }

    /// The game's value when it is a number (a `Fraction`), else `None`.
    #[getter]
    fn number<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let x = arena()?.as_number(self.id);
        x.map(|x| fraction(py, x)).transpose()
    }

    /// Left's stop: the number Left reaches moving first with best play (a `Fraction`).
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let x = arena()?.left_stop(self.id);
        fraction(py, x)
    }

    /// Right's stop (a `Fraction`).
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let x = arena()?.right_stop(self.id);
        fraction(py, x)
    }

    /// The mean value (a `Fraction`).
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let x = Game::with(|a| a.mean(self.id))?;
        fraction(py, x)
    }

    /// The temperature (a `Fraction`; −1 for an integer, negative for other numbers).
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let x = Game::with(|a| a.temperature(self.id))?;
        fraction(py, x)
    }

    /// The thermograph (walls, mast, temperature; shown as a picture in Jupyter).
    fn thermograph(&self) -> PyResult<Thermograph> {
        let exact = Game::with(|a| a.thermograph(self.id))?;
        Ok(Thermograph {
            title: arena()?.display(self.id).to_string(),
            exact,
        })
    }

    /// The game cooled by `t ≥ 0` (an int, a `Fraction` with a power-of-two denominator, a
    /// string such as `"1/2"`, or a number `Game`): every move taxed `t`; the mean above the
    /// temperature.
    fn cool(&self, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let t = number_arg(t, "cool")?;
        Game::with(|a| a.cool(self.id, t)).map(|id| Game { id })
    }

    /// The game heated by the number `t` (given as for `cool`).
    fn heat(&self, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let t = number_arg(t, "heat")?;
        Game::with(|a| a.heat(self.id, t)).map(|id| Game { id })
    }

    /// The ordinal sum `self : other`: a move in `self` removes `other` for ever.
    fn ordinal_sum(&self, other: &Bound<'_, PyAny>) -> PyResult<Game> {
        let other = Game::coerce(other)?;
        Game::with(|a| a.ordinal_sum(self.id, other.id)).map(|id| Game { id })
    }

    /// The Norton product `self.u` by the positive game `u`: `self` copies of `u`.
    fn norton(&self, u: &Bound<'_, PyAny>) -> PyResult<Game> {
        let u = Game::coerce(u)?;
        Game::with(|a| a.norton(self.id, u.id)).map(|id| Game { id })
    }

    /// `player`'s (`"left"` or `"right"`) orthodox options at the ambient temperature `t`
    /// (given as for `cool`): the options best for them when every move is taxed `t`.
    fn orthodox_options(&self, player: &str, t: &Bound<'_, PyAny>) -> PyResult<Vec<Game>> {
        let side = match player.to_ascii_lowercase().as_str() {
            "left" | "l" => Player::Left,
            "right" | "r" => Player::Right,
            _ => {
                return Err(errors::raise(
                    Kind::Input,
                    format!("the player is 'left' or 'right', not {player:?}"),
                ));
            }
        };
        let t = number_arg(t, "orthodox_options")?;
        let ids = Game::with(|a| a.orthodox_options(self.id, side, t))?;
        Ok(ids.into_iter().map(|id| Game { id }).collect())
    }

    /// Whether the game is all-small: in each position both players can move or neither can.
    #[getter]
    fn is_all_small(&self) -> PyResult<bool> {
        Ok(arena()?.is_all_small(self.id))
    }

    /// The atomic weight of an all-small game (a `Game`, usually an integer): how many ↑s it
    /// is worth. Raises `cgt.Error` for a game that is not all-small.
    #[getter]
    fn atomic_weight(&self) -> PyResult<Game> {
        Game::with(|a| a.atomic_weight(self.id)).map(|id| Game { id })
    }

    /// The reduced canonical form: the simplest game an infinitesimal away.
    #[getter]
    fn reduced(&self) -> PyResult<Game> {
        Game::with(|a| a.reduced(self.id)).map(|id| Game { id })
    }

    /// Whether the game is infinitesimal (both stops 0).
    #[getter]
    fn is_infinitesimal(&self) -> PyResult<bool> {
        Ok(arena()?.is_infinitesimal(self.id))
    }

    /// The left options of the canonical form.
    #[getter]
    fn left_options(&self) -> PyResult<Vec<Game>> {
        Ok(arena()?
            .left_options(self.id)
            .into_iter()
            .map(|id| Game { id })
            .collect())
    }

    /// The right options of the canonical form.
    #[getter]
    fn right_options(&self) -> PyResult<Vec<Game>> {
        Ok(arena()?
            .right_options(self.id)
            .into_iter()
            .map(|id| Game { id })
            .collect())
    }

    /// Whether the game is confused with `other` (neither ≤ nor ≥).
    fn fuzzy(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let other = Game::coerce(other)?;
        Ok(arena()?.compare(self.id, other.id).is_none())
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Game> {
        let other = Game::coerce(other)?;
        Game::with(|a| a.sum(self.id, other.id)).map(|id| Game { id })
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<Game> {
        self.__add__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Game> {
        let other = Game::coerce(other)?;
        Game::with(|a| a.sub(self.id, other.id)).map(|id| Game { id })
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Game> {
        let other = Game::coerce(other)?;
        Game::with(|a| a.sub(other.id, self.id)).map(|id| Game { id })
    }

    fn __neg__(&self) -> PyResult<Game> {
        Game::with(|a| a.try_neg(self.id)).map(|id| Game { id })
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = Game::coerce(other) else {
            return Ok(py.NotImplemented());
        };
        let mut a = arena()?;
        let (le, ge) = (a.le(self.id, other.id), a.ge(self.id, other.id));
        let answer = match op {
            CompareOp::Eq => le && ge,
            CompareOp::Ne => !(le && ge),
            CompareOp::Le => le,
            CompareOp::Ge => ge,
            CompareOp::Lt => le && !ge,
            CompareOp::Gt => ge && !le,
        };
        Ok(pyo3::types::PyBool::new(py, answer)
            .to_owned()
            .into_any()
            .unbind())
    }

    fn __hash__(&self) -> u64 {
        self.id.index() as u64
    }

    fn __str__(&self) -> PyResult<String> {
        self.canonical_form()
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("Game({:?})", self.canonical_form()?))
    }
}

/// A thermograph: the walls as (temperature, value) corners, the mast and the temperature,
/// exact; `_repr_svg_` draws it in Jupyter.
#[pyclass(module = "cgt", frozen)]
#[derive(Debug)]
pub(crate) struct Thermograph {
    title: String,
    exact: Exact,
}

fn wall<'py>(
    py: Python<'py>,
    corners: &[(Dyadic, Dyadic)],
) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
    corners
        .iter()
        .map(|&(t, v)| Ok((fraction(py, t)?, fraction(py, v)?)))
        .collect()
}

#[pymethods]
impl Thermograph {
    /// Left's wall, bottom to top: (temperature, value) corners.
    #[getter]
    fn left_wall<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
        wall(py, self.exact.left_wall())
    }

    /// Right's wall, bottom to top.
    #[getter]
    fn right_wall<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
        wall(py, self.exact.right_wall())
    }

    /// The mast's value (the mean).
    #[getter]
    fn mast<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.exact.mast())
    }

    /// Where the walls meet the mast.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.exact.temperature())
    }

    /// The picture as SVG text.
    fn svg(&self) -> PyResult<String> {
        let bytes = pictures::thermograph(&self.title, &self.exact, Format::Svg)
            .map_err(|e| errors::raise(Kind::Failure, e.message()))?;
        String::from_utf8(bytes).map_err(|e| errors::raise(Kind::Failure, e.to_string()))
    }

    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg()
    }

    fn __repr__(&self) -> String {
        format!(
            "Thermograph(of {:?}, mast {}, temperature {})",
            self.title,
            self.exact.mast(),
            self.exact.temperature()
        )
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Thermograph>()?;
    Ok(())
}
