//! Questions as typed requests, answered in one place: each question a front end can ask is a
//! struct of named fields, all of them in [`Request`], and [`answer`] gives its report. The
//! fields are the names every front end uses — the `cgt` command's arguments (behind the
//! `clap` feature the structs are clap `Args`, so a flag is defined once, here), the web API's
//! query fields and Python's keyword arguments (both deserialised through serde).
//!
//! Lists of numbers deserialise from a list (`[3, 4, 5]`, as JSON and Python give them) or
//! from one text (`"3 4 5"`, `"3,4,5"`, as a query string gives them); a text list from one
//! text too; a blank text stands for a field not given.
//!
//! ```
//! use cgt_core::budget::Budget;
//! use cgt_report::request::{Nim, Request, answer};
//!
//! let asked = Request::Nim(Nim { heaps: vec![3, 4, 5], ..Nim::default() });
//! let report = answer(&asked, &Budget::unlimited())?;
//! assert!(report.text().contains("Winning move: take 2 from heap 1, leaving 1"));
//! # Ok::<(), cgt_report::ReportError>(())
//! ```

use cgt_core::budget::Budget;
use serde::{Deserialize, Deserializer, Serialize};

use crate::error::ReportError;
use crate::partizan::Look;
use crate::{Report, chance, deadend, impartial, minimax, values};

mod fields;
mod forms;
mod heaps;
mod trees;

pub use forms::{DeadEnd, Game, Loopy, Ruleset, Script};
pub use heaps::{
    Algorithm, Census, Divisor, Graph, Hackenbush, Heaps, Moore, Nim, NonEmptyValues, Single,
    Staircase, Stones, Sum, Values, Wythoff, values_within,
};
pub use trees::{Andor, Bridgit, Chance, Cycle, Hidden, Matrix, Mnk, Pig, Tree};

/// Every question [`answer`] answers, by the command's name (`"command": "nim"` in JSON).
///
/// Behind the `clap` feature it is a clap `Subcommand`: each variant's documentation is its
/// command's help. The variants a front end asks in its own way (`game`, `loopy`, `wythoff`,
/// `heaps` and the rulesets, whose commands take more than the request) are skipped there.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Subcommand))]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum Request {
    /// Minimum excludant: the least non-negative integer not among the values.
    ///
    /// Example: `cgt mex 0 1 3` prints 2.
    Mex(Values),
    /// Nim-sum (bitwise XOR) of heap sizes or nimbers; zero exactly for a P-position of Nim.
    ///
    /// Example: `cgt nimsum 3 4 5` prints 2.
    Nimsum(Values),
    /// Nim-product (Conway multiplication) of nimbers; with one value, the value itself.
    ///
    /// Example: `cgt nimmul 2 3` prints 1.
    Nimmul(NonEmptyValues),
    /// Inverse of a non-zero nimber under nim-multiplication.
    ///
    /// Example: `cgt niminv 2` prints 3 (2 ⊗ 3 = 1).
    Niminv(Single),
    /// Nim: outcome, Grundy value and every winning move (Bouton); --misere for misère play.
    ///
    /// Example: `cgt nim 3 4 5`.
    Nim(Nim),
    /// Staircase Nim: coins on steps 1, 2, 3, … move down one step; coins reaching step 0 leave.
    ///
    /// Example: `cgt staircase 3 1 4` (3 coins on step 1, 1 on step 2, 4 on step 3).
    Staircase(Staircase),
    /// Moore's Nim_k: a move reduces between 1 and k heaps.
    ///
    /// Example: `cgt moore -k 2 1 2 3`.
    Moore(Moore),
    /// The divisor game: from N subtract a divisor d < N; who cannot move (at 1) loses.
    ///
    /// Example: `cgt divisor 12`.
    Divisor(Divisor),
    /// Game of Stones with one-use removal sizes (Codeforces 768E): each size once per pile.
    ///
    /// Example: `cgt stones 5 9 13`.
    Stones(Stones),
    /// `game`: a short partizan game in the standard notation.
    #[cfg_attr(feature = "clap", command(skip))]
    Game(Game),
    /// A Left dead end under misère play (Left has no move and never will): canonical form,
    /// birthday, race, whether it is an atom, its divisors and its factorisations into atoms.
    ///
    /// The game is `0`, `-n` (Right's chain of n moves, n̄ in the literature), `{|a,b,…}` and
    /// sums `a + b`; the order and sums are those of the dead-ending universe.
    /// Examples: `cgt dead-end "-2 + {|0,-3}"`, `cgt dead-end "{|0,-2}" --compare -1`.
    DeadEnd(DeadEnd),
    /// Value of a game tree with chance vertices (expectiminimax, exact), and the leaves
    /// alpha-beta with Star1 cuts reads for a window.
    ///
    /// Example: `cgt chance "(max (chance 1/2 0 1/2 10) 4)"`.
    Chance(Chance),
    /// Pig, the dice game: the probability that the player to move wins with best play from
    /// scores I and J with K rolled this turn (exact up to target 40, value iteration up to
    /// 150), the best decision, and the turn totals at which to hold.
    ///
    /// Example: `cgt pig 20 --state 0 0 0`.
    Pig(Pig),
    /// A two-player zero-sum matrix game: its value and an optimal mixed strategy for each
    /// player, exactly, beside what pure strategies guarantee (hidden information: a player
    /// who cannot see the other's choice needs a mixed strategy).
    ///
    /// Example: `cgt matrix "1 -1; -1 1"` (matching pennies: value 0, a fair coin each).
    Matrix(Matrix),
    /// A game of hidden information — cards or moves a player does not see — solved for its
    /// value and an equilibrium in mixed strategies: exactly by the sequence form (a linear
    /// program per player, certified by exact best responses), or by CFR+ with the
    /// exploitability of its average strategy shrinking; beside the minimax value the same
    /// tree would have if everything were seen.
    ///
    /// Examples: `cgt hidden kuhn` (value -1/18), `cgt hidden leduc --cfr 1000`.
    Hidden(Hidden),
    /// AND-OR laboratory: a complete binary AND-OR tree of even height H (OR at the root),
    /// its value and the leaves alpha-beta reads (fixed order, best order, exact expectation
    /// under random order), with the worst expectation for the height next to 3^n and
    /// ((1+√33)/4)^(2n). Above height 24 no tree is enumerated: the worst expectation comes
    /// from its recurrence alone, exactly, up to height 64.
    ///
    /// Example: `cgt andor --height 4 --leaves 0110100110010110`.
    Andor(Andor),
    /// `wythoff`: a position of Wythoff's game, a P-position, or the first P-positions.
    #[cfg_attr(feature = "clap", command(skip))]
    Wythoff(Wythoff),
    /// `loopy`: a loopy partizan game.
    #[cfg_attr(feature = "clap", command(skip))]
    Loopy(Loopy),
    /// Value of an explicit game tree, by full traversal and by alpha-beta (reduced cost).
    ///
    /// Example: `cgt tree "(max (min 3 5) (min 2 9))" --window 0 4 --stats`.
    Tree(Tree),
    /// An m,n,k-game (k in a row on an m×n board; tic-tac-toe is 3 3 3): the value for the
    /// player to move and every best move; --counts enumerates the game tree (≤ 12 cells).
    ///
    /// Example: `cgt mnk 3 3 3 --moves 5 2` (cells numbered 1.. row by row).
    Mnk(Mnk),
    /// Bridg-it (Gale's game) on the board of size N: the board, the exact value and winning
    /// moves (small boards), a strategy's move, crossing counts, or --play.
    ///
    /// Example: `cgt bridgit 3 --moves 1,1 3,3 --strategy pairing`. Moves are slot numbers or
    /// lattice points X,Y (the '.' marks of the picture, bottom row Y = 1).
    Bridgit(Bridgit),
    /// The cycle game on the grid (Shen 11.2.10): you draw unit segments and try to close a
    /// cycle of your own; the program answers each segment by pairing (the segment going right
    /// from a point with the one going up from it), so no cycle ever closes.
    ///
    /// Example: `cgt cycle --moves 1,1r 1,2r 2,1u`.
    Cycle(Cycle),
    /// A token game on a directed graph: Grundy values, or loopy values for graphs with cycles.
    ///
    /// Example: `cgt graph game.txt --tokens a b`, `cgt graph cyclic.json --loopy --tokens s`.
    Graph(Graph),
    /// Hackenbush on a picture given as an edge list (`u v [colour]` per line) with a ground
    /// vertex: Green Hackenbush (a nimber) when every edge is green, the default colour, else
    /// Blue-Red-Green Hackenbush (Left cuts blue, Right red; a partizan value).
    ///
    /// Example: `cgt hackenbush tree.txt --ground ground`.
    Hackenbush(Hackenbush),
    /// A sum of games: each argument is one component, in quotes; play in any one per move.
    ///
    /// Components: "nim H…", "staircase C…", "wythoff A B", "divisor N", "stones P…",
    /// "hackenbush FILE" or "hackenbush FILE GROUND", "graph FILE V…" (tokens on vertices V),
    /// "loopy FILE V…" (tokens on a graph with cycles: the sum may be a draw), "octal CODE H…",
    /// "subtraction S H…", "grundy-game H…", "kayles H…" and the other named heap games,
    /// "moore K H…", "script FILE" or "script FILE POSITION" (an impartial script).
    /// Example: `cgt sum "nim 3 4" "wythoff 1 2" "divisor 12"`.
    Sum(Sum),
    /// A game defined in a script (the Rhai language): outcome, value and winning moves, a
    /// table of values, misère play, or play against the program.
    ///
    /// The script defines `fn start()` (the start position) and either `fn options(p)` (an
    /// impartial game: the array of positions one move leads to) or `fn left(p)` and
    /// `fn right(p)` (a partizan game). Positions are integers, strings, characters, booleans
    /// or arrays of these. `fn position(n)` optionally numbers positions for --upto; a partizan
    /// script may define `fn components(p)`, the independent parts of a position. Example:
    /// `cgt script examples/scripts/subtraction-134.rhai --upto 20`.
    Script(Script),
    /// Misère quotients of every octal game with at most three code digits, one row per game.
    ///
    /// For each code 0.d1d2d3 and 4.d1d2 (a code with the same options as an earlier one on
    /// every heap up to N is named, not computed): the quotient of its heaps up to N, or as far
    /// as a fixed budget of searched sums reaches — order, where it settles, the periodicity
    /// that proves it final and its presentation, as tab-separated rows.
    ///
    /// Example: `cgt misere-census --upto 12 0.07 0.75`; `--shard 2/4` for one of 4 processes.
    MisereCensus(Census),
    /// `heaps`: a heap game's nim-sequence or position (`cgt octal`, `subtraction`,
    /// `grundy-game`).
    #[cfg_attr(feature = "clap", command(skip))]
    Heaps(Heaps),
    /// A partizan ruleset by name (`domineering`, …).
    #[cfg_attr(feature = "clap", command(skip))]
    Ruleset(Ruleset),
}

/// The names of the commands a [`Request`] can be (the rulesets go by their own names).
pub const COMMANDS: [&str; 28] = [
    "mex",
    "nimsum",
    "nimmul",
    "niminv",
    "nim",
    "staircase",
    "moore",
    "divisor",
    "stones",
    "game",
    "dead-end",
    "chance",
    "pig",
    "matrix",
    "hidden",
    "andor",
    "wythoff",
    "loopy",
    "tree",
    "mnk",
    "bridgit",
    "cycle",
    "graph",
    "hackenbush",
    "sum",
    "script",
    "misere-census",
    "heaps",
];

impl Request {
    /// The request named `command` (a command of [`COMMANDS`] or a ruleset's name), its fields
    /// read from `fields` — a query string's deserializer, a JSON object, Python's keyword
    /// arguments — each by the struct of its command (fields it does not have are ignored).
    ///
    /// # Errors
    /// An unknown command, or fields that do not make its request: one line, naming the
    /// field.
    pub fn named<'de, D>(command: &str, fields: D) -> Result<Request, ReportError>
    where
        D: Deserializer<'de>,
        D::Error: core::fmt::Display,
    {
        fn read<'de, T: Deserialize<'de>, D>(command: &str, fields: D) -> Result<T, ReportError>
        where
            D: Deserializer<'de>,
            D::Error: core::fmt::Display,
        {
            let mut track = serde_path_to_error::Track::new();
            T::deserialize(serde_path_to_error::Deserializer::new(fields, &mut track)).map_err(
                |e| match track.path().to_string() {
                    field if field == "." => ReportError::input(format!("{command}: {e}")),
                    field => ReportError::input(format!("{field}: {e}")),
                },
            )
        }
        if let Some(entry) = crate::registry::ruleset(command) {
            let mut r: Ruleset = read(command, fields)?;
            r.game = entry.name.to_owned();
            return Ok(Request::Ruleset(r));
        }
        Ok(match command {
            "mex" => Request::Mex(read(command, fields)?),
            "nimsum" => Request::Nimsum(read(command, fields)?),
            "nimmul" => Request::Nimmul(read(command, fields)?),
            "niminv" => Request::Niminv(read(command, fields)?),
            "nim" => Request::Nim(read(command, fields)?),
            "staircase" => Request::Staircase(read(command, fields)?),
            "moore" => Request::Moore(read(command, fields)?),
            "divisor" => Request::Divisor(read(command, fields)?),
            "stones" => Request::Stones(read(command, fields)?),
            "game" => Request::Game(read(command, fields)?),
            "dead-end" => Request::DeadEnd(read(command, fields)?),
            "chance" => Request::Chance(read(command, fields)?),
            "pig" => Request::Pig(read(command, fields)?),
            "matrix" => Request::Matrix(read(command, fields)?),
            "hidden" => Request::Hidden(read(command, fields)?),
            "andor" => Request::Andor(read(command, fields)?),
            "wythoff" => Request::Wythoff(read(command, fields)?),
            "loopy" => Request::Loopy(read(command, fields)?),
            "tree" => Request::Tree(read(command, fields)?),
            "mnk" => Request::Mnk(read(command, fields)?),
            "bridgit" => Request::Bridgit(read(command, fields)?),
            "cycle" => Request::Cycle(read(command, fields)?),
            "graph" => Request::Graph(read(command, fields)?),
            "hackenbush" => Request::Hackenbush(read(command, fields)?),
            "sum" => Request::Sum(read(command, fields)?),
            "script" => Request::Script(read(command, fields)?),
            "misere-census" => Request::MisereCensus(read(command, fields)?),
            "heaps" => Request::Heaps(read(command, fields)?),
            _ => {
                return Err(ReportError::input(format!(
                    "no command {command:?}; the commands are {} and the rulesets {}",
                    COMMANDS.join(", "),
                    crate::registry::names()
                )));
            }
        })
    }

    /// The command this request is asked by (its JSON `command` field; a ruleset's name).
    #[must_use]
    pub fn command(&self) -> &str {
        match self {
            Request::Mex(_) => "mex",
            Request::Nimsum(_) => "nimsum",
            Request::Nimmul(_) => "nimmul",
            Request::Niminv(_) => "niminv",
            Request::Nim(_) => "nim",
            Request::Staircase(_) => "staircase",
            Request::Moore(_) => "moore",
            Request::Divisor(_) => "divisor",
            Request::Stones(_) => "stones",
            Request::Game(_) => "game",
            Request::DeadEnd(_) => "dead-end",
            Request::Chance(_) => "chance",
            Request::Pig(_) => "pig",
            Request::Matrix(_) => "matrix",
            Request::Hidden(_) => "hidden",
            Request::Andor(_) => "andor",
            Request::Wythoff(_) => "wythoff",
            Request::Loopy(_) => "loopy",
            Request::Tree(_) => "tree",
            Request::Mnk(_) => "mnk",
            Request::Bridgit(_) => "bridgit",
            Request::Cycle(_) => "cycle",
            Request::Graph(_) => "graph",
            Request::Hackenbush(_) => "hackenbush",
            Request::Sum(_) => "sum",
            Request::Script(_) => "script",
            Request::MisereCensus(_) => "misere-census",
            Request::Heaps(_) => "heaps",
            Request::Ruleset(r) => &r.game,
        }
    }

    /// Whether `command` names a request (a command of [`COMMANDS`] or a ruleset).
    #[must_use]
    pub fn is_named(command: &str) -> bool {
        COMMANDS.contains(&command) || crate::registry::ruleset(command).is_some()
    }
}

/// The report of any request: each serialises as its command's JSON document.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// `mex`, `nimsum`, `nimmul`, `niminv`.
    Value(values::ValueReport),
    /// The impartial positions.
    Position(Box<crate::PositionReport>),
    /// A Left dead end.
    DeadEnd(Box<deadend::DeadEndReport>),
    /// A chance tree.
    Chance(Box<chance::ChanceReport>),
    /// Pig.
    Pig(Box<chance::PigReport>),
    /// A matrix game.
    Matrix(Box<crate::matrix::MatrixReport>),
    /// A game of hidden information.
    Hidden(Box<crate::hidden::HiddenReport>),
    /// The AND-OR laboratory.
    Andor(Box<minimax::AndOrReport>),
    /// A ruleset's position.
    Partizan(Box<crate::partizan::PartizanReport>),
    /// The k-th P-position of Wythoff's game.
    Pair(Box<impartial::PairReport>),
    /// The first P-positions of Wythoff's game.
    Pairs(Box<impartial::PairsReport>),
    /// A loopy game.
    Loopy(Box<crate::loopy::LoopyReport>),
    /// A game tree.
    Tree(Box<minimax::TreeReport>),
    /// An m,n,k-game.
    Mnk(Box<minimax::MnkReport>),
    /// Bridg-it.
    Bridgit(Box<crate::games::BridgitReport>),
    /// The cycle game.
    Cycle(Box<crate::games::CycleReport>),
    /// Tokens on a graph.
    Graph(Box<impartial::GraphReport>),
    /// A script's position.
    Script(Box<crate::script::ScriptReport>),
    /// A script's table.
    ScriptTable(Box<crate::script::TableReport>),
    /// A nim-sequence.
    Sequence(Box<crate::sequence::SequenceReport>),
    /// A misère sequence and its genera.
    Misere(Box<crate::sequence::GenusReport>),
    /// A misère quotient.
    Quotient(Box<crate::quotient::QuotientReport>),
    /// The census of misère quotients.
    Census(Box<crate::census::CensusReport>),
}

impl Report for Answer {
    fn text(&self) -> String {
        self.text_in(crate::texts::Lang::En)
    }

    fn text_in(&self, lang: crate::texts::Lang) -> String {
        match self {
            Answer::Value(r) => r.text_in(lang),
            Answer::Position(r) => r.text_in(lang),
            Answer::DeadEnd(r) => r.text_in(lang),
            Answer::Chance(r) => r.text_in(lang),
            Answer::Pig(r) => r.text_in(lang),
            Answer::Matrix(r) => r.text_in(lang),
            Answer::Hidden(r) => r.text_in(lang),
            Answer::Andor(r) => r.text_in(lang),
            Answer::Partizan(r) => r.text_in(lang),
            Answer::Pair(r) => r.text_in(lang),
            Answer::Pairs(r) => r.text_in(lang),
            Answer::Loopy(r) => r.text_in(lang),
            Answer::Tree(r) => r.text_in(lang),
            Answer::Mnk(r) => r.text_in(lang),
            Answer::Bridgit(r) => r.text_in(lang),
            Answer::Cycle(r) => r.text_in(lang),
            Answer::Graph(r) => r.text_in(lang),
            Answer::Script(r) => r.text_in(lang),
            Answer::ScriptTable(r) => r.text_in(lang),
            Answer::Sequence(r) => r.text_in(lang),
            Answer::Misere(r) => r.text_in(lang),
            Answer::Quotient(r) => r.text_in(lang),
            Answer::Census(r) => r.text_in(lang),
        }
    }
}

impl Answer {
    /// The text, as the `cgt` command prints it.
    #[must_use]
    pub fn text(&self) -> String {
        Report::text(self)
    }
}

/// Answers `request` within `budget` (which carries the progress listener, when one listens).
///
/// # Errors
/// The request's own: input that is not a position, or work past the budget.
pub fn answer(request: &Request, budget: &Budget) -> Result<Answer, ReportError> {
    let position = |r: crate::PositionReport| Answer::Position(Box::new(r));
    Ok(match request {
        Request::Mex(r) => Answer::Value(values::mex_of(r.values.clone())),
        Request::Nimsum(r) => Answer::Value(values::nimsum(r.values.clone())),
        Request::Nimmul(r) => Answer::Value(values::nimmul(r.values.clone())),
        Request::Niminv(r) => Answer::Value(values::niminv(r.value)?),
        Request::Nim(r) => position(impartial::nim(&r.heaps, r.misere, r.explain)?),
        Request::Staircase(r) => position(impartial::staircase(&r.coins, r.explain)?),
        Request::Moore(r) => position(impartial::moore(r.k, &r.heaps, r.grundy, r.explain)?),
        Request::Divisor(r) => position(impartial::divisor(r.n, r.search, r.explain)?),
        Request::Stones(r) => position(impartial::stones(&r.piles)?),
        Request::Game(r) => Answer::Partizan(Box::new(r.answer(budget)?)),
        Request::DeadEnd(r) => Answer::DeadEnd(Box::new(deadend::dead_end(
            &r.expr,
            r.compare.as_deref(),
            r.limit,
            budget,
        )?)),
        Request::Chance(r) => {
            Answer::Chance(Box::new(chance::chance_tree(&r.tree, r.window.as_deref())?))
        }
        Request::Pig(r) => Answer::Pig(Box::new(chance::pig(r.target, r.scores()?)?)),
        Request::Matrix(r) => Answer::Matrix(Box::new(crate::matrix::matrix(&r.matrix, budget)?)),
        Request::Hidden(r) => Answer::Hidden(Box::new(crate::hidden::hidden(
            &r.game, r.cfr, r.exact, budget,
        )?)),
        Request::Andor(r) => Answer::Andor(Box::new(minimax::andor(
            r.height,
            r.leaves.as_deref(),
            r.seed,
            r.explain,
        )?)),
        Request::Wythoff(r) => wythoff(r, budget)?,
        Request::Loopy(r) => Answer::Loopy(Box::new(r.answer(budget)?)),
        Request::Tree(r) => Answer::Tree(Box::new(minimax::tree(
            &r.tree,
            minimax::TreeQuestions {
                window: r.window.as_deref(),
                stats: r.stats,
                explain: r.explain,
                thresholds: r.thresholds,
            },
        )?)),
        Request::Mnk(r) => Answer::Mnk(Box::new(minimax::mnk(
            (r.m, r.n, r.k),
            &r.moves,
            r.counts,
            threads(r.threads),
            budget,
            r.explain,
        )?)),
        Request::Bridgit(r) => Answer::Bridgit(Box::new(crate::games::bridgit(
            r.n,
            &r.moves,
            r.policy()?,
            r.count_crossings,
        )?)),
        Request::Cycle(r) => Answer::Cycle(Box::new(crate::games::cycle(r.window(), &r.moves)?)),
        Request::Graph(r) => {
            let name = r.file.as_deref().unwrap_or("<text>");
            let g = crate::inputs::graph(name, &r.graph)?;
            Answer::Graph(Box::new(impartial::graph(
                &g,
                &r.tokens,
                r.loopy,
                r.misere,
                r.explain,
                u128::from(budget.memory_or(u64::MAX)),
            )?))
        }
        Request::Hackenbush(r) => hackenbush(r, budget)?,
        Request::Script(r) => r.answer(budget)?,
        Request::MisereCensus(r) => Answer::Census(Box::new(r.answer(budget)?)),
        Request::Heaps(r) => r.answer(budget)?,
        Request::Sum(r) => {
            let options = cgt_impartial::sum::SumOptions {
                memory_limit: u128::from(budget.memory_or(u64::MAX)),
            };
            let mut read = |file: &str| {
                r.files.get(file).cloned().ok_or_else(|| {
                    ReportError::input(format!("{file}: files are not read here; give the text"))
                })
            };
            let mut report = crate::inputs::sum(&r.components, &mut read, &options)?;
            if r.explain {
                impartial::explain_sum(&mut report);
            }
            position(report)
        }
        Request::Ruleset(r) => {
            let entry = crate::registry::find(&r.game)
                .map_err(|e| ReportError::input(format!("game: {}", e.message())))?;
            let look = Look {
                explain: r.explain,
                misere: r.misere,
            };
            let report = match (entry.graph, r.graph) {
                (Some(graph), true) => graph,
                (None, true) => {
                    return Err(ReportError::input(format!(
                        "graph: {} is played on boards only",
                        entry.name
                    )));
                }
                _ => entry.report,
            };
            Answer::Partizan(Box::new(report(&r.board, budget, look)?))
        }
    })
}

/// Worker threads: as many as asked, else one per core.
#[must_use]
pub fn threads(asked: Option<u32>) -> usize {
    asked.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |t| t.max(1) as usize,
    )
}

/// Wythoff's game: the one question asked of it.
fn wythoff(r: &Wythoff, budget: &Budget) -> Result<Answer, ReportError> {
    Ok(match (&r.position, r.pair, r.p_positions) {
        (Some(pos), None, None) => {
            let &[a, b] = pos.as_slice() else {
                return Err(ReportError::input(format!(
                    "position: two heap sizes, not {}",
                    pos.len()
                )));
            };
            let memory = u128::from(budget.memory_or(u64::MAX));
            Answer::Position(Box::new(impartial::wythoff(a, b, r.explain, memory)?))
        }
        (None, Some(k), None) => Answer::Pair(Box::new(impartial::wythoff_pair(k)?)),
        (None, None, Some(count)) => Answer::Pairs(Box::new(impartial::wythoff_pairs(count)?)),
        _ => {
            return Err(ReportError::input(
                "give exactly one of: position (two heap sizes), pair, p_positions",
            ));
        }
    })
}

/// A Hackenbush picture: partizan when an edge is blue or red, else Green Hackenbush.
fn hackenbush(r: &Hackenbush, budget: &Budget) -> Result<Answer, ReportError> {
    use cgt_partizan::hackenbush::Picture;
    let name = r.file.as_deref().unwrap_or("<text>");
    let coloured = match Picture::parse(&r.picture, &r.ground) {
        Ok(p) => (!p.all_green()).then_some(p),
        // A picture with colours is the partizan parser's to report (a bad colour on line 2
        // is on line 2), as is one beyond the partizan search's size; other errors are the
        // impartial parser's.
        Err(e) if has_colours(&r.picture) => return Err(e.into()),
        Err(_) => None,
    };
    Ok(match coloured {
        Some(picture) => Answer::Partizan(Box::new(crate::partizan::hackenbush(
            name, picture, budget, r.explain,
        )?)),
        None => Answer::Position(Box::new(impartial::hackenbush(
            name, &r.picture, &r.ground, r.explain, budget,
        )?)),
    })
}

/// Whether any edge of an edge list is marked with a colour other than green.
fn has_colours(text: &str) -> bool {
    cgt_core::text::records(text)
        .any(|r| matches!(r.fields.as_slice(), [_, _, c] if !matches!(*c, "green" | "g" | "G")))
}

impl Request {
    /// Reads the files a request names, for a front end that reads files (the `cgt` command):
    /// a graph's or a picture's file becomes its text, and the files a sum's components name
    /// are read into it. Other requests name no files.
    ///
    /// # Errors
    /// What `read` reports.
    pub fn read_files<E>(
        &mut self,
        read: &mut dyn FnMut(&str) -> Result<String, E>,
    ) -> Result<(), E> {
        match self {
            Request::Graph(r) => {
                let text = read(&r.graph)?;
                r.file = Some(core::mem::replace(&mut r.graph, text));
            }
            Request::Hackenbush(r) => {
                let text = read(&r.picture)?;
                r.file = Some(core::mem::replace(&mut r.picture, text));
            }
            Request::Script(r) => {
                let text = read(&r.script)?;
                r.file = Some(core::mem::replace(&mut r.script, text));
            }
            Request::Sum(r) => {
                for name in r.file_names() {
                    if let std::collections::btree_map::Entry::Vacant(slot) = r.files.entry(name) {
                        let text = read(slot.key())?;
                        slot.insert(text);
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}
