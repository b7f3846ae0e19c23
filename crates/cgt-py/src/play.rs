//! `cgt.play`: play sessions against the perfect player, from `cgt_play` — the same state
//! machine the `--play` option of the command line drives. One `Session` class holds a session
//! of any game (`cgt_play::AnySession`); one function per game starts it, and `ruleset` any
//! partizan ruleset by name.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use cgt_core::budget::Budget;
use cgt_minimax::connect4::Connect4 as C4;
use cgt_play::games;
use cgt_play::{AnySession, PlayError, Reply, Session as Typed, Value};
use cgt_report::request::{self, Request};
use cgt_report::sessions;

/// The side a person plays in the games where sides do not matter.
const LEFT: cgt_partizan::Player = cgt_partizan::Player::Left;
use cgt_retro::chess::tables::TableFile;
use pyo3::prelude::*;

use crate::errors::{self, Kind};

fn play_error(e: PlayError) -> PyErr {
    match e {
        PlayError::Rejected(why) => errors::raise(Kind::IllegalMove, why),
        PlayError::Refused(why) if why.contains("limit") || why.contains("memory") => {
            errors::raise(Kind::Limit, why)
        }
        PlayError::Refused(why) => errors::raise(Kind::Input, why),
        other => errors::raise(Kind::Failure, other.to_string()),
    }
}

fn words(value: Option<Value>) -> Option<String> {
    value.map(|v| v.to_string())
}

/// A session's message in English (`cgt_report::texts`).
fn english(said: &cgt_core::said::Said) -> String {
    cgt_report::texts::said(cgt_report::texts::Lang::En, said)
}

/// A person's move and what followed: the program's answer (`reply`), or the words that end
/// the game (`over`).
#[pyclass(module = "cgt.play", frozen, get_all)]
#[derive(Clone, Debug)]
pub(crate) struct Turn {
    /// The move the person made, in words.
    played: String,
    /// The program's answer in words (`None` when the game ended or it has no move).
    reply: Option<String>,
    /// How the game ended after the person's move, or `None`.
    over: Option<String>,
}

impl From<cgt_play::Turn<String>> for Turn {
    fn from(turn: cgt_play::Turn<String>) -> Turn {
        let (reply, over) = match turn.reply {
            Reply::Over(words) => (None, Some(english(&words))),
            Reply::Moved(m) => (Some(m), None),
            Reply::NoMove => (None, None),
        };
        Turn {
            played: turn.played,
            reply,
            over,
        }
    }
}

#[pymethods]
impl Turn {
    fn __repr__(&self) -> String {
        format!(
            "Turn(played={:?}, reply={}, over={})",
            self.played,
            self.reply
                .as_ref()
                .map_or("None".to_owned(), |r| format!("{r:?}")),
            self.over
                .as_ref()
                .map_or("None".to_owned(), |r| format!("{r:?}"))
        )
    }
}

/// A game of a person against the perfect player (start one with a function of `cgt.play`):
/// the person moves at every position shown, the program answers at once.
///
/// ```text
/// >>> from cgt import play
/// >>> s = play.nim([1, 2])
/// >>> print(s, end="")
/// heap 1: 1, heap 2: 2
/// >>> s.hint()
/// 'Winning moves: take 1 from heap 2'
/// >>> s.play("2 1")
/// Turn(played="take 1 from heap 2", reply="take 1 from heap 1", over=None)
/// >>> s.valued_moves()
/// [('take 1 from heap 2', 'win')]
/// >>> s.undo()
/// True
///
/// ```
#[pyclass(module = "cgt.play", frozen)]
#[derive(Debug)]
pub(crate) struct Session {
    inner: Mutex<Box<dyn AnySession>>,
    game: &'static str,
}

impl Session {
    fn new<G>(game: &'static str, session: Typed<G>) -> Session
    where
        Typed<G>: AnySession + 'static,
        G: cgt_play::Playable,
    {
        Session {
            inner: Mutex::new(Box::new(session)),
            game,
        }
    }

    /// Runs `f` on the session with the GIL released (searches may take a while).
    fn with<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut dyn AnySession) -> Result<T, PlayError> + Send,
    ) -> PyResult<T> {
        py.detach(|| {
            let mut inner = self.inner.lock().map_err(|_| {
                PlayError::Failed("the session was left inconsistent by an earlier failure".into())
            })?;
            f(inner.as_mut())
        })
        .map_err(play_error)
    }
}

#[pymethods]
impl Session {
    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    /// How to type a move.
    #[getter]
    fn syntax(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |s| Ok(english(&s.syntax())))
    }

    /// Whether the game is played misère (who moves last loses).
    #[getter]
    fn misere(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |s| Ok(s.misere()))
    }

    /// How the game ended, or `None` while the person has a move.
    #[getter]
    fn over(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.with(py, |s| Ok(s.over()?.as_ref().map(english)))
    }

    /// The person's legal moves in words, in the game's order (`play(i)` plays number `i`).
    #[getter]
    fn legal_moves(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.with(py, |s| Ok(s.legal_moves()))
    }

    /// The value of the position for the person to move (`'win'`, `'loss'`,
    /// `'win in 5 plies'`, `'draw'`), or `None` where the game gives no exact value.
    #[getter]
    fn value(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.with(py, |s| s.value()).map(words)
    }

    /// Every legal move with its value for the person, `(move, value)`.
    fn valued_moves(&self, py: Python<'_>) -> PyResult<Vec<(String, Option<String>)>> {
        let moves = self.with(py, |s| s.valued_moves())?;
        Ok(moves.into_iter().map(|m| (m.mv, words(m.value))).collect())
    }

    /// The best moves in words.
    fn hint(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |s| Ok(english(&s.hint()?)))
    }

    /// What the theory says of the position in a few words (`'Grundy value *3'`,
    /// `'value {2|-1/2}'`), or `None` for games that say nothing more than the value.
    fn describe(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.with(py, |s| Ok(s.describe()?.as_ref().map(english)))
    }

    /// Takes back the person's last move and the program's answer; `False` when there is
    /// nothing to take back.
    fn undo(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |s| Ok(s.undo()))
    }

    /// Plays the person's move, typed as at the command line's `--play` prompt (an int is
    /// read as its digits: a Connect-Four column, a Bridg-it slot), then the program's
    /// answer. An illegal move raises `cgt.IllegalMoveError` and changes nothing.
    fn play(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Turn> {
        let text: String = if r#move.is_instance_of::<pyo3::types::PyInt>() {
            r#move.str()?.extract()?
        } else {
            r#move.extract()?
        };
        let turn = self.with(py, |s| s.play(&text))?;
        Ok(Turn::from(turn))
    }

    /// Plays the person's legal move number `index` (counting from 0 in `legal_moves`), then
    /// the program's answer.
    fn play_index(&self, py: Python<'_>, index: usize) -> PyResult<Turn> {
        let turn = self.with(py, |s| s.play_index(index))?;
        Ok(Turn::from(turn))
    }
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |s| Ok(s.render()))
    }

    fn __repr__(&self) -> String {
        format!("<cgt.play.Session of {}>", self.game)
    }

    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let escape = |t: &str| t.replace('&', "&amp;").replace('<', "&lt;");
        self.with(py, |s| {
            Ok(format!(
                "<pre>{}</pre><p>{}</p>",
                escape(&s.render()),
                escape(&english(&s.syntax()))
            ))
        })
    }
}

/// The session `request` starts (`cgt_report::sessions`), the person moving first as `side`,
/// every search within `memory_limit` bytes; Ctrl-C stops the start (a heap game's values).
fn started(
    py: Python<'_>,
    game: &'static str,
    request: &Request,
    side: cgt_partizan::Player,
    memory_limit: Option<u64>,
) -> PyResult<Session> {
    let started = crate::interrupt::interruptible(py, None, |stop, _| {
        let budget = Budget::unlimited()
            .with_memory(errors::budget(memory_limit))
            .with_stop(stop);
        sessions::start(request, side, &budget)
    })?
    .map_err(|e| crate::documents::report_error(&e))?;
    Ok(Session {
        inner: Mutex::new(started.session),
        game,
    })
}

/// Nim on `heaps` (misère play with `misere=True`).
#[pyfunction]
#[pyo3(signature = (heaps, misere=false))]
fn nim(py: Python<'_>, heaps: Vec<u64>, misere: bool) -> PyResult<Session> {
    let request = Request::Nim(request::Nim {
        heaps,
        misere,
        ..request::Nim::default()
    });
    started(py, "nim", &request, LEFT, None)
}

/// Staircase Nim: `coins[i]` on step `i + 1`.
#[pyfunction]
fn staircase(py: Python<'_>, coins: Vec<u64>) -> PyResult<Session> {
    let request = Request::Staircase(request::Staircase {
        coins,
        ..request::Staircase::default()
    });
    started(py, "staircase", &request, LEFT, None)
}

/// The divisor game from `n` (subtract a proper divisor).
#[pyfunction]
fn divisor(py: Python<'_>, n: u64) -> PyResult<Session> {
    let request = Request::Divisor(request::Divisor {
        n,
        ..request::Divisor::default()
    });
    started(py, "divisor", &request, LEFT, None)
}

/// Wythoff's game from heaps `a` and `b`.
#[pyfunction]
fn wythoff(py: Python<'_>, a: u64, b: u64) -> PyResult<Session> {
    let request = Request::Wythoff(request::Wythoff {
        position: Some(vec![a, b]),
        ..request::Wythoff::default()
    });
    started(py, "wythoff", &request, LEFT, None)
}

/// A heap game (`cgt.HeapGame`, or its code or name: `"0.07"`, `"{1,3,4}"`, `"grundy"`) on
/// `heaps`, normal or misère play.
#[pyfunction]
#[pyo3(signature = (game, heaps, misere=false, memory_limit=None))]
fn heap_game(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    heaps: Vec<u64>,
    misere: bool,
    memory_limit: Option<u64>,
) -> PyResult<Session> {
    let request = Request::Heaps(request::Heaps {
        rules: crate::impartial::rules_of(game)?.rules(),
        heaps,
        misere,
        ..request::Heaps::default()
    });
    started(py, "heap game", &request, LEFT, memory_limit)
}

/// Hackenbush on a picture (`u v [colour]` per line, the ground named `ground`): Green
/// Hackenbush when every edge is green, else the partizan game, the person cutting blue.
#[pyfunction]
#[pyo3(signature = (text, ground="ground"))]
fn hackenbush(py: Python<'_>, text: &str, ground: &str) -> PyResult<Session> {
    // A picture neither reading takes raises the parser's own error (a `ParseError`).
    if cgt_partizan::hackenbush::Picture::parse(text, ground).is_err() {
        cgt_impartial::hackenbush::Hackenbush::parse(text, ground)
            .map_err(|e| errors::impartial(&e))?;
    }
    let request = Request::Hackenbush(request::Hackenbush {
        picture: text.to_owned(),
        ground: ground.to_owned(),
        ..request::Hackenbush::default()
    });
    started(py, "hackenbush", &request, LEFT, None)
}

/// Connect-Four after `moves` (columns from 1): the person plays the side to move.
#[pyfunction]
#[pyo3(signature = (moves="", width=7, height=6, threads=1))]
fn connect4(moves: &str, width: u8, height: u8, threads: usize) -> PyResult<Session> {
    let start = C4::new(width, height)
        .and_then(|p| p.play_str(moves))
        .map_err(|e| errors::raise(Kind::Input, e.to_string()))?;
    let game = games::Connect4Play {
        threads: threads.max(1),
        book: None::<Arc<_>>,
        budget: None,
    };
    Ok(Session::new("connect4", Typed::new(game, start)))
}

/// An m,n,k-game after `moves` (cells from 1): the person plays the side to move.
#[pyfunction]
#[pyo3(signature = (m, n, k, moves=Vec::new(), threads=1, memory_limit=None))]
fn mnk(
    py: Python<'_>,
    m: u8,
    n: u8,
    k: u8,
    moves: Vec<u8>,
    threads: u32,
    memory_limit: Option<u64>,
) -> PyResult<Session> {
    let request = Request::Mnk(request::Mnk {
        m,
        n,
        k,
        moves,
        threads: Some(threads.max(1)),
        ..request::Mnk::default()
    });
    started(py, "mnk", &request, LEFT, memory_limit)
}

/// Bridg-it of size `n` after `moves` (slot numbers or lattice points `"x,y"`), the program
/// playing its proven strategy.
#[pyfunction]
#[pyo3(signature = (n, moves=Vec::new()))]
fn bridgit(py: Python<'_>, n: u8, moves: Vec<String>) -> PyResult<Session> {
    let request = Request::Bridgit(request::Bridgit {
        n,
        moves,
        ..request::Bridgit::default()
    });
    started(py, "bridgit", &request, LEFT, None)
}

/// The cycle game (Shen 11.2.10) in a window of `window` = (across, up) points (default
/// 6 × 6), after your segments `moves` (`"x,yr"` or `"x,yu"`, each answered by the pairing):
/// you try to close a cycle of your own segments, the program blocks by pairing.
#[pyfunction]
#[pyo3(signature = (moves=Vec::new(), window=None))]
fn cycle(py: Python<'_>, moves: Vec<String>, window: Option<(i64, i64)>) -> PyResult<Session> {
    let window = match window {
        None => None,
        Some((w, h)) => match (u8::try_from(w), u8::try_from(h)) {
            (Ok(w), Ok(h)) => Some(vec![w, h]),
            _ => {
                return Err(errors::raise(
                    Kind::Input,
                    format!("window: {w} x {h} points; each side is 2 to 64"),
                ));
            }
        },
    };
    let request = Request::Cycle(request::Cycle { window, moves });
    started(py, "cycle", &request, LEFT, None)
}

/// Pig to `target` against the optimal player, from `state` = (your score, the program's,
/// your turn total) (default all 0), the die seeded with `seed` (default: from the clock; the
/// same seed and moves replay the same game). Type `"roll"` or `"hold"`; the hint gives the
/// win probability of each.
#[pyfunction]
#[pyo3(signature = (target, state=None, seed=None))]
fn pig(
    py: Python<'_>,
    target: u32,
    state: Option<(u32, u32, u32)>,
    seed: Option<u64>,
) -> PyResult<Session> {
    let request = Request::Pig(request::Pig {
        target,
        state: state.map(|(i, j, k)| vec![i, j, k]),
        seed,
    });
    started(py, "pig", &request, LEFT, None)
}

/// Poker against an exact equilibrium: `game` is `"kuhn"` (Kuhn poker) or `"leduc"` (Leduc
/// hold'em), the deck and the program's mixed choices seeded with `seed` (default: from the
/// clock; the same seed and moves replay the same hand); `second=True` seats you second, the
/// program opening. One session is one hand: type `"check"`, `"bet"`, `"fold"`, `"call"` or
/// `"raise"`; the hint gives the equilibrium's probabilities at your information set.
#[pyfunction]
#[pyo3(signature = (game="kuhn", seed=None, second=false))]
fn poker(py: Python<'_>, game: &str, seed: Option<u64>, second: bool) -> PyResult<Session> {
    let request = Request::Hidden(request::Hidden {
        game: game.to_owned(),
        seed,
        second,
        ..request::Hidden::default()
    });
    started(py, "poker", &request, LEFT, None)
}

/// A chess endgame against a table file (write one with `EndgameTable.write`), from `fen`:
/// the person plays the side to move, the table the other side.
#[pyfunction]
fn chess(path: PathBuf, fen: &str) -> PyResult<Session> {
    let table = TableFile::open(&path)
        .map_err(|e| errors::raise(Kind::Input, format!("{}: {e}", path.display())))?;
    let mut game = games::Chess::new(table);
    let start = game.start(fen).map_err(play_error)?;
    Ok(Session::new("chess", Typed::new(game, start)))
}

/// The side a person plays in a partizan game.
fn player(side: &str) -> PyResult<cgt_partizan::Player> {
    match side.trim().to_ascii_lowercase().as_str() {
        "left" => Ok(cgt_partizan::Player::Left),
        "right" => Ok(cgt_partizan::Player::Right),
        _ => Err(errors::raise(
            Kind::Input,
            format!("side must be 'left' or 'right', not {side:?}"),
        )),
    }
}

/// Plays the partizan ruleset `name` (`"cram"`, …; `cgt.partizan.rulesets()`
/// lists them) from `position` (the ruleset's example when `None`), the person playing `side`
/// (`"left"` or `"right"`) and moving first, every search within `memory_limit` bytes.
#[pyfunction]
#[pyo3(signature = (name, position=None, side="left", memory_limit=None))]
fn ruleset(
    name: &str,
    position: Option<&str>,
    side: &str,
    memory_limit: Option<u64>,
) -> PyResult<Session> {
    let entry = cgt_report::registry::find(name).map_err(|e| crate::documents::report_error(&e))?;
    let budget = Budget::unlimited().with_memory(errors::budget(memory_limit));
    let session = (entry.play)(
        position.unwrap_or(&entry.texts().example),
        player(side)?,
        &budget,
    )
    .map_err(|e| crate::documents::report_error(&e))?;
    Ok(Session {
        inner: Mutex::new(session),
        game: entry.name,
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Session>()?;
    m.add_class::<Turn>()?;
    // The document functions already hold the plain names (`connect4`, `mnk`, `hackenbush`):
    // the session starters are `play_…` here and plain names in `cgt.play`.
    for f in [
        wrap_pyfunction!(nim, m)?,
        wrap_pyfunction!(staircase, m)?,
        wrap_pyfunction!(divisor, m)?,
        wrap_pyfunction!(wythoff, m)?,
        wrap_pyfunction!(heap_game, m)?,
        wrap_pyfunction!(hackenbush, m)?,
        wrap_pyfunction!(connect4, m)?,
        wrap_pyfunction!(mnk, m)?,
        wrap_pyfunction!(bridgit, m)?,
        wrap_pyfunction!(cycle, m)?,
        wrap_pyfunction!(pig, m)?,
        wrap_pyfunction!(poker, m)?,
        wrap_pyfunction!(chess, m)?,
        wrap_pyfunction!(ruleset, m)?,
    ] {
        let name: String = f.getattr("__name__")?.extract()?;
        m.add(format!("play_{name}"), f)?;
    }
    Ok(())
}
