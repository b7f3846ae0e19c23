//! Positions as boards a notebook draws (`_repr_svg_`, by `cgt_report::boards`): Hackenbush
//! pictures, Connect-Four and m,n,k positions, chess positions by FEN. The partizan rulesets'
//! boards are `Ruleset`s (`crate::ruleset`).

use cgt_minimax::connect4::Connect4 as C4;
use cgt_minimax::mnk::Mnk as MnkBoard;
use cgt_partizan::Player;
use cgt_partizan::hackenbush::Picture;
use cgt_report::boards;
use pyo3::prelude::*;

use crate::errors::{self, Kind};
use crate::partizan::Game;

/// The player named `"left"` or `"right"` (or `"l"`, `"r"`, in any case).
pub(crate) fn side(player: &str) -> PyResult<Player> {
    match player.to_ascii_lowercase().as_str() {
        "left" | "l" => Ok(Player::Left),
        "right" | "r" => Ok(Player::Right),
        _ => Err(errors::raise(
            Kind::Input,
            format!("the player is 'left' or 'right', not {player:?}"),
        )),
    }
}

/// A Hackenbush picture: one edge per line, `u v [colour]` (blue, red or green; green when
/// left out), with the ground named `ground`.
///
/// ```text
/// >>> from cgt.partizan import Hackenbush
/// >>> h = Hackenbush("ground a blue\na b red\n")
/// >>> h.value()
/// Game("1/2")
/// >>> h.edges
/// [('ground', 'a', 'blue'), ('a', 'b', 'red')]
///
/// ```
#[pyclass(module = "cgt.partizan", frozen)]
#[derive(Debug)]
pub(crate) struct Hackenbush {
    picture: Picture,
    text: String,
}

#[pymethods]
impl Hackenbush {
    #[new]
    #[pyo3(signature = (text, ground="ground"))]
    fn new(text: &str, ground: &str) -> PyResult<Hackenbush> {
        let picture = Picture::parse(text, ground).map_err(|e| errors::partizan(&e))?;
        Ok(Hackenbush {
            picture,
            text: text.to_owned(),
        })
    }

    /// The edges as `(u, v, colour)` with the vertices' names.
    #[getter]
    fn edges(&self) -> Vec<(String, String, &'static str)> {
        let name = |v: u32| self.picture.name(v).unwrap_or("?").to_owned();
        self.picture
            .edges()
            .iter()
            .map(|&(u, v, c)| (name(u), name(v), c.name()))
            .collect()
    }

    /// The picture's value as a `Game` (searched with the GIL released; `progress` as for the
    /// boards' `value`).
    #[pyo3(signature = (memory_limit=None, progress=None))]
    fn value(
        &self,
        py: Python<'_>,
        memory_limit: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Game> {
        let all = self.picture.all_edges();
        Game::evaluate(py, self.picture.clone(), all, memory_limit, progress)
    }

    fn _repr_svg_(&self) -> String {
        boards::hackenbush(&self.picture)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Hackenbush({:?})", self.text)
    }
}

/// A Connect-Four position after `moves` (columns from 1, as one string), on a board of
/// `width × height` (7 × 6 by default).
///
/// ```text
/// >>> from cgt.minimax import Connect4
/// >>> p = Connect4("4444433335555")
/// >>> p.play(3).moves
/// '44444333355553'
/// >>> p.solve()["score"]
/// -14
/// >>> str(Connect4("44")).splitlines()[-3:]    # X moved first
/// ['...O...', '...X...', '1234567']
///
/// ```
#[pyclass(module = "cgt.minimax", frozen)]
#[derive(Debug)]
pub(crate) struct Connect4 {
    position: C4,
    moves: String,
}

#[pymethods]
impl Connect4 {
    #[new]
    #[pyo3(signature = (moves="", width=7, height=6))]
    fn new(moves: &str, width: u8, height: u8) -> PyResult<Connect4> {
        let start =
            C4::new(width, height).map_err(|e| errors::raise(Kind::Input, e.to_string()))?;
        let position = start
            .play_str(moves)
            .map_err(|e| errors::raise(Kind::Input, e.to_string()))?;
        Ok(Connect4 {
            position,
            moves: moves.trim().to_owned(),
        })
    }

    /// The moves played, columns from 1.
    #[getter]
    fn moves(&self) -> String {
        self.moves.clone()
    }

    /// The columns (from 1) a stone can drop into.
    #[getter]
    fn legal_moves(&self) -> Vec<u8> {
        let mut open = Vec::new();
        self.position.open_columns(&mut open);
        open.into_iter().map(|c| c + 1).collect()
    }

    /// The position after a stone in `column` (from 1).
    fn play(&self, column: u8) -> PyResult<Connect4> {
        let (width, height) = self.position.size();
        let moves = format!("{}{}", self.moves, column);
        if column == 0 || column > width {
            return Err(errors::raise(
                Kind::Input,
                format!("there is no column {column} (columns are 1 to {width})"),
            ));
        }
        Connect4::new(&moves, width, height)
    }

    /// The score for the player to move and the best columns: the document of
    /// `cgt connect4 --json` (see `cgt.minimax.connect4` for the options).
    #[pyo3(signature = (all=false, weak=false, threads=1))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        all: bool,
        weak: bool,
        threads: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (width, height) = self.position.size();
        crate::documents::connect4(py, &self.moves, width, height, all, weak, threads)
    }

    fn _repr_svg_(&self) -> String {
        boards::connect4(&self.position)
    }

    fn __str__(&self) -> String {
        self.position.render()
    }

    fn __repr__(&self) -> String {
        let (width, height) = self.position.size();
        if (width, height) == (7, 6) {
            format!("Connect4({:?})", self.moves)
        } else {
            format!("Connect4({:?}, width={width}, height={height})", self.moves)
        }
    }
}

/// An m,n,k-game position (m rows of n cells, k in a row wins) after `moves` (cells from 1,
/// row by row).
///
/// ```text
/// >>> from cgt.minimax import Mnk
/// >>> Mnk(3, 3, 3, [5]).solve()["value"]
/// 0
///
/// ```
#[pyclass(module = "cgt.minimax", frozen)]
#[derive(Debug)]
pub(crate) struct Mnk {
    position: MnkBoard,
    moves: Vec<u8>,
}

#[pymethods]
impl Mnk {
    #[new]
    #[pyo3(signature = (m, n, k, moves=Vec::new()))]
    fn new(m: u8, n: u8, k: u8, moves: Vec<u8>) -> PyResult<Mnk> {
        let position = cgt_report::minimax::mnk_position((m, n, k), &moves)
            .map_err(|e| errors::raise(Kind::Input, e.message()))?;
        Ok(Mnk { position, moves })
    }

    /// The cells played, from 1.
    #[getter]
    fn moves(&self) -> Vec<u8> {
        self.moves.clone()
    }

    /// The value for the player to move and every best cell: the document of
    /// `cgt mnk --json`, searched with the GIL released.
    #[pyo3(signature = (threads=1, memory_limit=None))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        threads: usize,
        memory_limit: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (m, n, k) = self.position.shape();
        crate::documents::mnk(py, m, n, k, self.moves.clone(), threads, memory_limit)
    }

    fn _repr_svg_(&self) -> String {
        boards::mnk(&self.position)
    }

    fn __str__(&self) -> String {
        cgt_play::games::render_mnk(&self.position)
    }

    fn __repr__(&self) -> String {
        let (m, n, k) = self.position.shape();
        format!("Mnk({m}, {n}, {k}, {:?})", self.moves)
    }
}

/// A chess position by its FEN, drawn on a board (any pieces; probe it with an
/// `EndgameTable` of its endgame).
///
/// ```text
/// >>> from cgt.retro import ChessPosition
/// >>> ChessPosition("8/8/8/3k4/8/8/8/KQ6 w - - 0 1").fen
/// '8/8/8/3k4/8/8/8/KQ6 w - - 0 1'
///
/// ```
#[pyclass(module = "cgt.retro", frozen)]
#[derive(Debug)]
pub(crate) struct ChessPosition {
    fen: String,
    svg: String,
}

#[pymethods]
impl ChessPosition {
    #[new]
    fn new(fen: &str) -> PyResult<ChessPosition> {
        let svg = boards::chess(fen).map_err(|e| errors::raise(Kind::Parse, e.message()))?;
        Ok(ChessPosition {
            fen: fen.trim().to_owned(),
            svg,
        })
    }

    /// The FEN.
    #[getter]
    fn fen(&self) -> String {
        self.fen.clone()
    }

    fn _repr_svg_(&self) -> String {
        self.svg.clone()
    }

    fn __str__(&self) -> String {
        self.fen.clone()
    }

    fn __repr__(&self) -> String {
        format!("ChessPosition({:?})", self.fen)
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Hackenbush>()?;
    m.add_class::<Connect4>()?;
    m.add_class::<Mnk>()?;
    m.add_class::<ChessPosition>()?;
    Ok(())
}
