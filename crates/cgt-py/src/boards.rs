//! Positions as boards a notebook draws (`_repr_svg_`, by `cgt_report::boards`): Domineering,
//! Clobber, Col, Snort and Toads and Frogs positions with their options and values, Hackenbush pictures,
//! Connect-Four and m,n,k positions, chess positions by FEN.

use cgt_core::budget::Budget;
use cgt_minimax::connect4::Connect4 as C4;
use cgt_minimax::mnk::Mnk as MnkBoard;
use cgt_partizan::amazons::{Amazons as AmazonsRules, Board as AmazonsBoard};
use cgt_partizan::clobber::{Clobber as ClobberRules, Grid};
use cgt_partizan::colouring::{Colouring, Map};
use cgt_partizan::domineering::{Board, Domineering as DomineeringRules};
use cgt_partizan::fission::{Fission as FissionRules, Stones};
use cgt_partizan::hackenbush::Picture;
use cgt_partizan::konane::{Board as KonaneBoard, Konane as KonaneRules};
use cgt_partizan::skijumps::{SkiJumps as SkiRules, Slope};
use cgt_partizan::toads::{Row, ToadsAndFrogs as ToadsRules};
use cgt_partizan::toppling::{Dominoes, TopplingDominoes as TopplingRules};
use cgt_partizan::{MisereSearch, PartizanGame, Player};
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

/// The misère outcome of `position` (`"L"`, `"R"`, `"P"` or `"N"`: the player who cannot move
/// wins), searched on a worker thread that Ctrl-C stops.
fn misere_outcome<G>(
    py: Python<'_>,
    game: G,
    position: G::Position,
    memory_limit: Option<u64>,
) -> PyResult<String>
where
    G: PartizanGame + Send,
    G::Position: Send,
{
    let memory = errors::budget(memory_limit);
    let found = crate::interrupt::interruptible(py, None, move |stop, _| {
        MisereSearch::new(game)
            .with_limits(Budget::unlimited().with_memory(memory).with_stop(stop))
            .outcome(&position)
    })?;
    found
        .map(|o| o.to_string())
        .map_err(|e| errors::partizan(&e))
}

/// One Python class per ruleset board: the position's text, its options for either player
/// (as positions of the same class), its value and its picture.
macro_rules! ruleset_board {
    ($class:ident, $name:literal, $position:ty, $rules:ident, $draw:path, $doc:literal) => {
        #[doc = $doc]
        #[pyclass(module = "cgt.partizan", frozen, eq, hash)]
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub(crate) struct $class {
            position: $position,
        }

        #[pymethods]
        impl $class {
            #[new]
            fn new(text: &str) -> PyResult<$class> {
                let position = text.parse().map_err(|e| errors::partizan(&e))?;
                Ok($class { position })
            }

            /// The positions `player` (`"left"` or `"right"`) can move to, in the ruleset's
            /// order.
            fn options(&self, player: &str) -> PyResult<Vec<$class>> {
                let player = side(player)?;
                Ok($rules::moves(&self.position, player)
                    .into_iter()
                    .map(|(_, position)| $class { position })
                    .collect())
            }

            /// The position's value as a `Game` (searched with the GIL released; Ctrl-C stops
            /// it). `progress(positions, 0)` is called about ten times a second once the search
            /// has run for a twentieth of a second, and once at the end, with the positions
            /// searched so far (0: the total is not known in advance).
            #[pyo3(signature = (memory_limit=None, progress=None))]
            fn value(
                &self,
                py: Python<'_>,
                memory_limit: Option<u64>,
                progress: Option<Py<PyAny>>,
            ) -> PyResult<Game> {
                Game::evaluate(py, $rules, self.position.clone(), memory_limit, progress)
            }

            /// The outcome under misère play, where the player who cannot move wins: `"L"`,
            /// `"R"`, `"P"` or `"N"` (by search of the whole position; Ctrl-C stops it).
            #[pyo3(signature = (memory_limit=None))]
            fn misere_outcome(
                &self,
                py: Python<'_>,
                memory_limit: Option<u64>,
            ) -> PyResult<String> {
                misere_outcome(py, $rules, self.position.clone(), memory_limit)
            }

            fn _repr_svg_(&self) -> String {
                $draw(&self.position)
            }

            fn __str__(&self) -> String {
                self.position.to_string()
            }

            fn __repr__(&self) -> String {
                format!("{}({:?})", $name, self.position.to_string())
            }
        }
    };
}

ruleset_board!(
    Domineering,
    "Domineering",
    Board,
    DomineeringRules,
    boards::domineering,
    "A Domineering board: rows of `.` (empty) and `#` (covered) separated by `/`, or a size \
     such as `\"4x4\"`. Left places dominoes down, Right across.\n\n```text\n>>> from \
     cgt.partizan import Domineering\n>>> b = Domineering(\"2x3\")\n>>> b.value()\nGame(\"{2|-1/2}\")\n\
     >>> b.options(\"left\")[0]\nDomineering(\"#../#..\")\n\n```"
);

ruleset_board!(
    Clobber,
    "Clobber",
    Grid,
    ClobberRules,
    boards::clobber,
    "A Clobber board: rows of `x` (Left's stones), `o` (Right's) and `.` separated by `/`.\n\n\
     ```text\n>>> from cgt.partizan import Clobber\n>>> Clobber(\"xo\").value()\nGame(\"*\")\n\
     >>> len(Clobber(\"xox\").options(\"right\"))\n2\n\n```"
);

/// One Python class per map-colouring rule (Col, Snort): as [`ruleset_board`], the board read
/// under the rule (its colours tint their neighbours).
macro_rules! colouring_board {
    ($class:ident, $name:literal, $rules:expr, $doc:literal) => {
        #[doc = $doc]
        #[pyclass(module = "cgt.partizan", frozen, eq, hash)]
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub(crate) struct $class {
            position: Map,
        }

        #[pymethods]
        impl $class {
            #[new]
            fn new(text: &str) -> PyResult<$class> {
                let position = $rules.board(text).map_err(|e| errors::partizan(&e))?;
                Ok($class { position })
            }

            /// The positions `player` (`"left"` or `"right"`) can move to, square by square.
            fn options(&self, player: &str) -> PyResult<Vec<$class>> {
                let player = side(player)?;
                Ok($rules
                    .moves(&self.position, player)
                    .into_iter()
                    .map(|(_, position)| $class { position })
                    .collect())
            }

            /// The position's value as a `Game` (searched with the GIL released; Ctrl-C stops
            /// it). `progress(positions, 0)` is called about ten times a second once the search
            /// has run for a twentieth of a second, and once at the end, with the positions
            /// searched so far (0: the total is not known in advance).
            #[pyo3(signature = (memory_limit=None, progress=None))]
            fn value(
                &self,
                py: Python<'_>,
                memory_limit: Option<u64>,
                progress: Option<Py<PyAny>>,
            ) -> PyResult<Game> {
                Game::evaluate(py, $rules, self.position, memory_limit, progress)
            }

            /// The outcome under misère play, where the player who cannot move wins: `"L"`,
            /// `"R"`, `"P"` or `"N"` (by search of the whole position; Ctrl-C stops it).
            #[pyo3(signature = (memory_limit=None))]
            fn misere_outcome(
                &self,
                py: Python<'_>,
                memory_limit: Option<u64>,
            ) -> PyResult<String> {
                misere_outcome(py, $rules, self.position, memory_limit)
            }

            fn _repr_svg_(&self) -> String {
                boards::colouring(&self.position)
            }

            fn __str__(&self) -> String {
                self.position.to_string()
            }

            fn __repr__(&self) -> String {
                format!("{}({:?})", $name, self.position.to_string())
            }
        }
    };
}

colouring_board!(
    Col,
    "Col",
    Colouring::col(),
    "A Col board: rows of `.` (empty), `x` (blue, Left's), `o` (red, Right's) and `#` (no \
     square) separated by `/`; `l`/`r` is an empty square only Left/Right may colour. A square \
     may not be coloured next to its own colour.\n\n```text\n>>> from cgt.partizan import \
     Col\n>>> Col(\"...\").value()\nGame(\"0\")\n>>> Col(\"x..\")\nCol(\"xr.\")\n\n```"
);

colouring_board!(
    Snort,
    "Snort",
    Colouring::snort(),
    "A Snort board, written as for `Col`. A square may not be coloured next to the other \
     colour.\n\n```text\n>>> from cgt.partizan import Snort\n>>> Snort(\"...\").value()\n\
     Game(\"+-2\")\n>>> Snort(\"...\").options(\"left\")[1]\nSnort(\"lxl\")\n\n```"
);

ruleset_board!(
    Amazons,
    "Amazons",
    AmazonsBoard,
    AmazonsRules,
    boards::amazons,
    "An Amazons board: rows of `x` (Left's amazons), `o` (Right's), `#` (burnt) and `.` \
     separated by `/`. An amazon moves like a queen and then shoots an arrow like one, burning \
     the square it lands on.\n\n```text\n>>> from cgt.partizan import Amazons\n>>> \
     Amazons(\"x..\").value()\nGame(\"2\")\n>>> Amazons(\"x.o\").options(\"left\")\n\
     [Amazons(\"#xo\")]\n\n```"
);

ruleset_board!(
    Konane,
    "Konane",
    KonaneBoard,
    KonaneRules,
    boards::konane,
    "A Konane board: rows of `x` (Left's stones), `o` (Right's) and `.` separated by `/`. A \
     stone jumps an adjacent enemy stone onto the empty square beyond, capturing it, and may \
     go on in the same direction.\n\n```text\n>>> from cgt.partizan import Konane\n>>> \
     Konane(\"xo.\").value()\nGame(\"1\")\n>>> Konane(\"xo.o.\").options(\"left\")\n\
     [Konane(\"..xo.\"), Konane(\"....x\")]\n\n```"
);

ruleset_board!(
    SkiJumps,
    "SkiJumps",
    Slope,
    SkiRules,
    boards::ski_jumps,
    "A Ski Jumps slope: rows of `L`/`l` (Left's skiers, moving right), `R`/`r` (Right's, moving \
     left) and `.` separated by `/`, the top row uphill; upper case jumps, lower case only \
     slides.\n\n```text\n>>> from cgt.partizan import SkiJumps\n>>> \
     SkiJumps(\"L..../....R/.....\").value()\nGame(\"1/2\")\n>>> \
     SkiJumps(\"L/R/.\").options(\"left\")\n[SkiJumps(\"./R/.\"), SkiJumps(\"./r/L\")]\n\n```"
);

ruleset_board!(
    Fission,
    "Fission",
    Stones,
    FissionRules,
    boards::fission,
    "A Fission board: rows of `x` (stones), `#` (walls) and `.` separated by `/`. Left splits a \
     stone into the empty squares above and below it, Right into those beside it.\n\n```text\n\
     >>> from cgt.partizan import Fission\n>>> Fission(\"./x/.\").value()\nGame(\"1\")\n>>> \
     Fission(\"./x/.\").options(\"left\")\n[Fission(\"x/./x\")]\n\n```"
);

ruleset_board!(
    TopplingDominoes,
    "TopplingDominoes",
    Dominoes,
    TopplingRules,
    boards::toppling_dominoes,
    "Toppling Dominoes: rows of `L` (blue, Left's), `R` (red, Right's) and `G` (green) \
     dominoes, several separated by spaces. A domino toppled to one side knocks over every \
     domino on that side of its row.\n\n```text\n>>> from cgt.partizan import \
     TopplingDominoes\n>>> TopplingDominoes(\"LR\").value()\nGame(\"*\")\n>>> \
     TopplingDominoes(\"LLR\").options(\"right\")\n[TopplingDominoes(\"(no dominoes)\"), \
     TopplingDominoes(\"LL\")]\n\n```"
);

ruleset_board!(
    ToadsFrogs,
    "ToadsFrogs",
    Row,
    ToadsRules,
    boards::toads_frogs,
    "A Toads and Frogs row: `T` (Left's toads, moving right), `F` (Right's frogs, moving \
     left), `.` empty.\n\n```text\n>>> from cgt.partizan import ToadsFrogs\n>>> \
     ToadsFrogs(\"T.F\").value()\nGame(\"*\")\n>>> ToadsFrogs(\"T.F\").options(\"left\")\n\
     [ToadsFrogs(\".TF\")]\n\n```"
);

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
    m.add_class::<Domineering>()?;
    m.add_class::<Clobber>()?;
    m.add_class::<Col>()?;
    m.add_class::<Snort>()?;
    m.add_class::<TopplingDominoes>()?;
    m.add_class::<Amazons>()?;
    m.add_class::<Konane>()?;
    m.add_class::<SkiJumps>()?;
    m.add_class::<Fission>()?;
    m.add_class::<ToadsFrogs>()?;
    m.add_class::<Hackenbush>()?;
    m.add_class::<Connect4>()?;
    m.add_class::<Mnk>()?;
    m.add_class::<ChessPosition>()?;
    Ok(())
}
