//! `cgt.play`: play sessions against the perfect player, from `cgt_play` — the same state
//! machine the `--play` option of the command line drives. One `Session` class holds a session
//! of any game (`cgt_play::AnySession`); one function per game starts it, and `ruleset` any
//! partizan ruleset by name.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use cgt_core::budget::Budget;
use cgt_minimax::bridgit::{Player as BridgitSide, Policy};
use cgt_minimax::connect4::Connect4 as C4;
use cgt_partizan::ruleset::{MoveOf, Ruleset};
use cgt_play::games;
use cgt_play::{AnySession, PlayError, Reply, Session as Typed, Value};
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
            Reply::Over(words) => (None, Some(words)),
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
    fn syntax(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.with(py, |s| Ok(s.syntax()))
    }

    /// Whether the game is played misère (who moves last loses).
    #[getter]
    fn misere(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |s| Ok(s.misere()))
    }

    /// How the game ended, or `None` while the person has a move.
    #[getter]
    fn over(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.with(py, |s| s.over())
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
        self.with(py, |s| s.hint())
    }

    /// What the theory says of the position in a few words (`'Grundy value *3'`,
    /// `'value {2|-1/2}'`), or `None` for games that say nothing more than the value.
    fn describe(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.with(py, |s| s.describe())
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
                escape(s.syntax())
            ))
        })
    }
}

/// Nim on `heaps` (misère play with `misere=True`).
#[pyfunction]
#[pyo3(signature = (heaps, misere=false))]
fn nim(heaps: Vec<u64>, misere: bool) -> PyResult<Session> {
    games::check_size(&heaps).map_err(play_error)?;
    Ok(Session::new(
        "nim",
        Typed::new(games::Nim { misere }, heaps),
    ))
}

/// Staircase Nim: `coins[i]` on step `i + 1`.
#[pyfunction]
fn staircase(coins: Vec<u64>) -> PyResult<Session> {
    games::check_size(&coins).map_err(play_error)?;
    Ok(Session::new(
        "staircase",
        Typed::new(games::Staircase, coins),
    ))
}

/// The divisor game from `n` (subtract a proper divisor).
#[pyfunction]
fn divisor(n: u64) -> PyResult<Session> {
    games::check_size(&[n]).map_err(play_error)?;
    Ok(Session::new("divisor", Typed::new(games::Divisor, n)))
}

/// Wythoff's game from heaps `a` and `b`.
#[pyfunction]
fn wythoff(a: u64, b: u64) -> PyResult<Session> {
    games::check_size(&[a, b]).map_err(play_error)?;
    Ok(Session::new("wythoff", Typed::new(games::Wythoff, (a, b))))
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
    let rules = crate::impartial::rules_of(game)?;
    games::check_size(&heaps).map_err(play_error)?;
    if misere {
        let limit = cgt_core::misere::search_limit(
            errors::budget(memory_limit),
            cgt_core::misere::SEARCH_POSITIONS,
        );
        let player = games::Heaps::misere(rules, limit);
        return Ok(Session::new("heap game", Typed::new(player, heaps)));
    }
    let n = heaps.iter().max().map_or(1, |&h| h as usize + 1);
    let values = crate::impartial::values_of(py, &rules, n, memory_limit)?;
    let player = games::Heaps::normal(rules, values);
    Ok(Session::new("heap game", Typed::new(player, heaps)))
}

/// Green Hackenbush on a picture (`u v` per line, the ground named `ground`).
#[pyfunction]
#[pyo3(signature = (text, ground="ground"))]
fn hackenbush(text: &str, ground: &str) -> PyResult<Session> {
    let picture = cgt_impartial::hackenbush::Hackenbush::parse(text, ground)
        .map_err(|e| errors::impartial(&e))?;
    Ok(Session::new(
        "hackenbush",
        Typed::new(
            games::GreenHackenbush,
            games::GreenHackenbush::start(picture),
        ),
    ))
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
    m: u8,
    n: u8,
    k: u8,
    moves: Vec<u8>,
    threads: usize,
    memory_limit: Option<u64>,
) -> PyResult<Session> {
    let start = cgt_report::minimax::mnk_position((m, n, k), &moves)
        .map_err(|e| errors::raise(Kind::Input, e.message()))?;
    let empty = cgt_report::minimax::empty_cells(&start);
    let options = cgt_report::minimax::search_options(
        empty,
        threads.max(1),
        u128::from(errors::budget(memory_limit)),
    )
    .map_err(|e| errors::raise(Kind::Limit, e.message()))?;
    let game = games::MnkPlay {
        options,
        threads: threads.max(1),
        time_limit: None,
    };
    Ok(Session::new("mnk", Typed::new(game, start)))
}

/// Bridg-it of size `n` after `moves` (slot numbers or lattice points `"x,y"`), the program
/// playing its proven strategy.
#[pyfunction]
#[pyo3(signature = (n, moves=Vec::new()))]
fn bridgit(n: u8, moves: Vec<String>) -> PyResult<Session> {
    let pos = cgt_report::games::bridgit_position(n, &moves)
        .map_err(|e| errors::raise(Kind::Input, e.message()))?;
    let human = pos.to_move();
    let program = match human {
        BridgitSide::Left => BridgitSide::Top,
        BridgitSide::Top => BridgitSide::Left,
    };
    let strategy = Policy::default_for(n);
    strategy
        .check(&pos, program)
        .map_err(|e| errors::raise(Kind::Input, e.to_string()))?;
    let game = games::BridgitPlay { strategy, human };
    Ok(Session::new("bridgit", Typed::new(game, pos)))
}

/// The cycle game (Shen 11.2.10) in a window of `window` = (across, up) points (default
/// 6 × 6), after your segments `moves` (`"x,yr"` or `"x,yu"`, each answered by the pairing):
/// you try to close a cycle of your own segments, the program blocks by pairing.
#[pyfunction]
#[pyo3(signature = (moves=Vec::new(), window=None))]
fn cycle(moves: Vec<String>, window: Option<(i64, i64)>) -> PyResult<Session> {
    let window = match window {
        None => cgt_report::games::CYCLE_WINDOW,
        Some((w, h)) => match (u8::try_from(w), u8::try_from(h)) {
            (Ok(w), Ok(h)) => (w, h),
            _ => {
                return Err(errors::raise(
                    Kind::Input,
                    format!("window: {w} x {h} points; each side is 2 to 64"),
                ));
            }
        },
    };
    let (pos, _) = cgt_report::games::cycle_position(window, &moves)
        .map_err(|e| errors::raise(Kind::Input, e.message()))?;
    Ok(Session::new("cycle", Typed::new(games::CyclePlay, pos)))
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

/// A partizan ruleset's session, started from a position written as the ruleset writes it.
struct PlayRuleset {
    name: &'static str,
    example: &'static str,
    start: fn(&str, cgt_partizan::Player, Budget) -> PyResult<Session>,
}

/// Ruleset `R`'s session from `position`, the person playing `to_move`.
fn start<R: Ruleset>(
    position: &str,
    to_move: cgt_partizan::Player,
    budget: Budget,
) -> PyResult<Session>
where
    MoveOf<R>: PartialEq + Send + 'static,
    R::Game: games::Drawn + std::fmt::Debug,
{
    let position = R::parse(position).map_err(|e| errors::raise(Kind::Input, e.to_string()))?;
    let start = games::Turned { position, to_move };
    Ok(Session::new(
        R::NAME,
        Typed::new(games::Partizan::new(R::game(), budget), start),
    ))
}

macro_rules! play_rulesets {
    ($($game:path => [$($ruleset:path),*]),* $(,)?) => {
        &[$($(PlayRuleset {
            name: <$ruleset as Ruleset>::NAME,
            example: <$ruleset as Ruleset>::EXAMPLE,
            start: start::<$ruleset>,
        }),*),*]
    };
}

/// Every partizan ruleset of `cgt_partizan::for_each_ruleset`.
static PLAY_RULESETS: &[PlayRuleset] = cgt_partizan::for_each_ruleset!(play_rulesets);

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
    let Some(r) = PLAY_RULESETS.iter().find(|r| r.name == name) else {
        let names: Vec<&str> = PLAY_RULESETS.iter().map(|r| r.name).collect();
        return Err(errors::raise(
            Kind::Input,
            format!("no ruleset {name:?}; the rulesets are {}", names.join(", ")),
        ));
    };
    let budget = Budget::unlimited().with_memory(errors::budget(memory_limit));
    (r.start)(position.unwrap_or(r.example), player(side)?, budget)
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
        wrap_pyfunction!(chess, m)?,
        wrap_pyfunction!(ruleset, m)?,
    ] {
        let name: String = f.getattr("__name__")?.extract()?;
        m.add(format!("play_{name}"), f)?;
    }
    Ok(())
}
