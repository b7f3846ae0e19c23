//! Command-line syntax: every subcommand and its arguments.

use cgt_report::request;
use clap::{Args, Parser, Subcommand};
use clap_complete::Shell;

/// Combinatorial game theory from the command line: outcomes, winning moves, Grundy values.
#[derive(Debug, Parser)]
#[command(
    name = "cgt",
    version,
    about,
    max_term_width = 100,
    after_help = "Environment:\n  CGT_MEMORY_LIMIT  memory a command may use (bytes, or 200M, 1.5G); default 80% of the available memory\n  CGT_TIME_LIMIT    wall time of a search (partizan games, scripts: 90s, 10m, none); default 25s"
)]
pub(crate) struct Cli {
    /// Print one JSON document on stdout instead of text.
    #[arg(long, global = true)]
    pub(crate) json: bool,

    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Minimum excludant: the least non-negative integer not among the values.
    ///
    /// Example: `cgt mex 0 1 3` prints 2.
    Mex(request::Values),

    /// Nim-sum (bitwise XOR) of heap sizes or nimbers; zero exactly for a P-position of Nim.
    ///
    /// Example: `cgt nimsum 3 4 5` prints 2.
    Nimsum(request::Values),

    /// Nim-product (Conway multiplication) of nimbers; with one value, the value itself.
    ///
    /// Example: `cgt nimmul 2 3` prints 1.
    Nimmul(request::NonEmptyValues),

    /// Inverse of a non-zero nimber under nim-multiplication.
    ///
    /// Example: `cgt niminv 2` prints 3 (2 ⊗ 3 = 1).
    Niminv(request::Single),

    /// Nim: outcome, Grundy value and every winning move (Bouton); --misere for misère play.
    ///
    /// Example: `cgt nim 3 4 5`.
    Nim {
        #[command(flatten)]
        request: request::Nim,
        /// Play against the program (you move first; ? shows the winning moves, u takes back).
        #[arg(long, conflicts_with = "explain")]
        play: bool,
    },

    /// Staircase Nim: coins on steps 1, 2, 3, … move down one step; coins reaching step 0 leave.
    ///
    /// Example: `cgt staircase 3 1 4` (3 coins on step 1, 1 on step 2, 4 on step 3).
    Staircase {
        /// Play against the program (you move first; ? shows the winning moves, u takes back).
        #[arg(long, conflicts_with = "explain")]
        play: bool,
        #[command(flatten)]
        request: request::Staircase,
    },

    /// Moore's Nim_k: a move reduces between 1 and k heaps.
    ///
    /// Example: `cgt moore -k 2 1 2 3`.
    Moore(request::Moore),

    /// The divisor game: from N subtract a divisor d < N; who cannot move (at 1) loses.
    ///
    /// Example: `cgt divisor 12`.
    Divisor {
        #[command(flatten)]
        request: request::Divisor,
        /// Play against the program (you move first; ? shows the winning moves, u takes back).
        #[arg(long, conflicts_with_all = ["search", "explain"])]
        play: bool,
    },

    /// Game of Stones with one-use removal sizes (Codeforces 768E): each size once per pile.
    ///
    /// Example: `cgt stones 5 9 13`.
    Stones(request::Stones),

    /// Wythoff's game: take from one heap, or the same number from both.
    ///
    /// Examples: `cgt wythoff 4 9`, `cgt wythoff --p-positions 10`, `cgt wythoff --pair 1000000`,
    /// `cgt wythoff --grundy 64 --picture wythoff.png`.
    Wythoff(WythoffArgs),

    /// Hackenbush on a picture given as an edge list (`u v [colour]` per line) with a ground
    /// vertex: Green Hackenbush (a nimber) when every edge is green, the default colour, else
    /// Blue-Red-Green Hackenbush (Left cuts blue, Right red; a partizan value).
    ///
    /// Example: `cgt hackenbush tree.txt --ground ground`.
    Hackenbush {
        #[command(flatten)]
        request: request::Hackenbush,
        /// Play a Green Hackenbush picture against the program (you move first; ? shows the
        /// winning cuts, u takes back).
        #[arg(long)]
        play: bool,
    },

    /// A short partizan game in the standard notation: canonical form, outcome, stops, mean,
    /// temperature, birthday.
    ///
    /// Notation: numbers `3`, `-1/2`; nimbers `*`, `*2`; ups `^`, `^^`, `v`, `^3`; switches
    /// `+-1`; tiny and miny `+_1`, `-_1`; forms `{1|*}`, `{2||1|0}`; sums `{1|0} + ^ - 1/2`.
    /// Examples: `cgt game "{1|*}"`, `cgt game "^*" --compare "*"`,
    /// `cgt game "{3|1}" --thermograph t.svg`, `cgt game "{3|-1}" --cool 1 --cool 2`,
    /// `cgt game 1 --ordinal "-1"` (the Hackenbush string blue-red, 1/2),
    /// `cgt game "{0|v*} + ^^*" --atomic-weight`, `cgt game "{1|^}" --reduced`,
    /// `cgt game 1/2 --norton "^"`.
    Game {
        #[command(flatten)]
        request: request::Game,
        /// Draw the thermograph to this file (.svg or .png).
        #[arg(long, value_name = "FILE")]
        thermograph: Option<String>,
    },

    /// A loopy partizan game (play may repeat; endless play is a draw): outcome with each
    /// player moving first, best moves, and for a stopper its simplest form.
    ///
    /// The game is a sum of named values (`on`, `off`, `over`, `under`, `upon`, `downon`,
    /// `dud`, `tis`, `tisn`), short games (`*`, `1/2`, `{1|0}`) and forms whose options may be
    /// `pass`, a move back to the form itself (`{pass|*}`); or a system of positions,
    /// `a = {b|}; b = {|a}`, play starting at the first; or a file (`--file`, the same text or
    /// JSON `{"positions": [{"name": "a", "left": ["b"], "right": []}, …]}`); or a row of
    /// Backsliding Toads and Frogs (`--backsliding "T..F"`).
    /// Examples: `cgt loopy "on + *"`, `cgt loopy upon --compare "^"`,
    /// `cgt loopy "a = {b|}; b = {|a}"`, `cgt loopy --file game.json`.
    Loopy {
        #[command(flatten)]
        request: request::Loopy,
        /// Read the game from this file (`-` for stdin): the text form, or JSON when the name
        /// ends in `.json` or the text starts with `{"`.
        #[arg(long, value_name = "FILE")]
        file: Option<String>,
    },

    /// A Left dead end under misère play (Left has no move and never will): canonical form,
    /// birthday, race, whether it is an atom, its divisors and its factorisations into atoms.
    ///
    /// The game is `0`, `-n` (Right's chain of n moves, n̄ in the literature), `{|a,b,…}` and
    /// sums `a + b`; the order and sums are those of the dead-ending universe.
    /// Examples: `cgt dead-end "-2 + {|0,-3}"`, `cgt dead-end "{|0,-2}" --compare -1`.
    DeadEnd(request::DeadEnd),

    /// A token game on a directed graph: Grundy values, or loopy values for graphs with cycles.
    ///
    /// Example: `cgt graph game.txt --tokens a b`, `cgt graph cyclic.json --loopy --tokens s`.
    Graph {
        #[command(flatten)]
        request: request::Graph,
        /// Play the tokens against the program (acyclic graphs; you move first; ? shows the
        /// winning moves, u takes back).
        #[arg(long, requires = "tokens", conflicts_with = "loopy")]
        play: bool,
    },

    /// Nim-sequence of an octal game (code or name: kayles, dawsons-kayles, dawsons-chess,
    /// officers), with a certified period.
    ///
    /// Examples: `cgt octal 0.77 --upto 1000`, `cgt octal 0.16 --upto 1000000 --checkpoint s.ckpt`,
    /// `cgt octal kayles --heaps 5 7 9`.
    Octal {
        /// The code (`0.77`, `.137`, `4.07`; hexadecimal digits allowed) or a name.
        code: String,
        #[command(flatten)]
        run: SequenceArgs,
    },

    /// Nim-sequence of a subtraction game with a finite set S, with a certified period.
    ///
    /// Example: `cgt subtraction 1,3,4 --upto 100`.
    Subtraction {
        /// The set, comma separated (`1,3,4`); `""` is the empty set.
        set: String,
        #[command(flatten)]
        run: SequenceArgs,
    },

    /// Nim-sequence of Grundy's game (split a heap into two unequal heaps).
    ///
    /// Example: `cgt grundy-game --upto 100000`.
    GrundyGame {
        #[command(flatten)]
        run: SequenceArgs,
    },

    /// Value of an explicit game tree, by full traversal and by alpha-beta (reduced cost).
    ///
    /// Example: `cgt tree "(max (min 3 5) (min 2 9))" --window 0 4 --stats`.
    Tree(request::Tree),

    /// Value of a game tree with chance vertices (expectiminimax, exact), and the leaves
    /// alpha-beta with Star1 cuts reads for a window.
    ///
    /// Example: `cgt chance "(max (chance 1/2 0 1/2 10) 4)"`.
    Chance(request::Chance),

    /// Pig, the dice game: the probability that the player to move wins with best play from
    /// scores I and J with K rolled this turn (exact up to target 40, value iteration up to
    /// 150), the best decision, and the turn totals at which to hold.
    ///
    /// Example: `cgt pig 20 --state 0 0 0`.
    Pig(request::Pig),

    /// An m,n,k-game (k in a row on an m×n board; tic-tac-toe is 3 3 3): the value for the
    /// player to move and every best move; --counts enumerates the game tree (≤ 12 cells).
    ///
    /// Example: `cgt mnk 3 3 3 --moves 5 2` (cells numbered 1.. row by row).
    Mnk {
        #[command(flatten)]
        request: request::Mnk,
        /// Play against the program in the terminal.
        #[arg(long)]
        play: bool,
    },

    /// Connect-Four on a width × height board: the score for the side to move (positive wins,
    /// larger sooner; 0 a draw) and every best column, or --play against the program.
    ///
    /// Example: `cgt connect4 --width 5 --height 4 332` (columns numbered from 1).
    #[command(name = "connect4")]
    Connect4 {
        /// Moves so far as a string of column digits, e.g. 4453.
        #[arg(default_value = "")]
        moves: String,
        /// Columns (1 to 9).
        #[arg(long, default_value_t = 7)]
        width: u8,
        /// Rows.
        #[arg(long, default_value_t = 6)]
        height: u8,
        /// Worker threads (default: one per core). Results never depend on it.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
        threads: Option<u32>,
        /// Play against the program in the terminal.
        #[arg(long)]
        play: bool,
        /// Only the position's score: one search, no best moves.
        #[arg(long, conflicts_with = "all")]
        score: bool,
        /// The score of every column (what `c4solver -a` prints), as well as the best moves.
        #[arg(long)]
        all: bool,
        /// Only win, draw or loss (scores become 1, 0, -1): much faster far from the end.
        #[arg(long)]
        weak: bool,
        /// Read one move string per line from stdin and print `MOVES SCORE` per line (with
        /// --all, `MOVES` and one score per column, `-` for a full column). Lines are checked
        /// before anything is solved.
        #[arg(long, conflicts_with_all = ["play", "moves"])]
        batch: bool,
        /// An opening book (from --book-build) to answer from when the position is in it.
        #[arg(long, value_name = "FILE")]
        book: Option<String>,
        /// Build an opening book of the exact score (with --weak, the outcome) of every
        /// position with at most DEPTH stones (one per mirror pair) and write it to --out.
        #[arg(long, value_name = "DEPTH", requires = "out", conflicts_with_all = ["play", "batch", "moves", "book"])]
        book_build: Option<u32>,
        /// The book file --book-build writes (atomically).
        #[arg(long, value_name = "FILE", requires = "book_build")]
        out: Option<String>,
        /// No progress display.
        #[arg(short, long)]
        quiet: bool,
    },

    /// Bridg-it (Gale's game) on the board of size N: the board, the exact value and winning
    /// moves (small boards), a strategy's move, crossing counts, or --play.
    ///
    /// Example: `cgt bridgit 3 --moves 1,1 3,3 --strategy pairing`. Moves are slot numbers or
    /// lattice points X,Y (the '.' marks of the picture, bottom row Y = 1).
    Bridgit {
        #[command(flatten)]
        request: request::Bridgit,
        /// Play against the program in the terminal.
        #[arg(long)]
        play: bool,
    },

    /// The cycle game on the grid (Shen 11.2.10): you draw unit segments and try to close a
    /// cycle of your own; the program answers each segment by pairing (the segment going right
    /// from a point with the one going up from it), so no cycle ever closes.
    ///
    /// Example: `cgt cycle --moves 1,1r 1,2r 2,1u`.
    Cycle {
        #[command(flatten)]
        request: request::Cycle,
        /// Play against the pairing in the terminal.
        #[arg(long)]
        play: bool,
    },

    /// AND-OR laboratory: a complete binary AND-OR tree of even height H (OR at the root),
    /// its value and the leaves alpha-beta reads (fixed order, best order, exact expectation
    /// under random order), with the worst expectation for the height next to 3^n and
    /// ((1+√33)/4)^(2n). Above height 24 no tree is enumerated: the worst expectation comes
    /// from its recurrence alone, exactly, up to height 64.
    ///
    /// Example: `cgt andor --height 4 --leaves 0110100110010110`.
    Andor(request::Andor),

    /// Retrograde analysis: solve every position of a game backwards from its end.
    #[command(subcommand)]
    Retro(RetroCommand),

    /// A game defined in a script (the Rhai language): outcome, value and winning moves, a
    /// table of values, misère play, or play against the program.
    ///
    /// The script defines `fn start()` (the start position) and either `fn options(p)` (an
    /// impartial game: the array of positions one move leads to) or `fn left(p)` and
    /// `fn right(p)` (a partizan game). Positions are integers, strings, characters, booleans
    /// or arrays of these. `fn position(n)` optionally numbers positions for --upto; a partizan
    /// script may define `fn components(p)`, the independent parts of a position. Example:
    /// `cgt script examples/scripts/subtraction-134.rhai --upto 20`.
    Script {
        #[command(flatten)]
        request: request::Script,
        /// Play against the program (you move first; ? shows the winning moves, u takes back);
        /// impartial scripts.
        #[arg(long)]
        play: bool,
    },

    /// A sum of games: each argument is one component, in quotes; play in any one per move.
    ///
    /// Components: "nim H…", "staircase C…", "wythoff A B", "divisor N", "stones P…",
    /// "hackenbush FILE" or "hackenbush FILE GROUND", "graph FILE V…" (tokens on vertices V),
    /// "loopy FILE V…" (tokens on a graph with cycles: the sum may be a draw), "octal CODE H…",
    /// "subtraction S H…", "grundy-game H…", "kayles H…" and the other named heap games,
    /// "moore K H…", "script FILE" or "script FILE POSITION" (an impartial script).
    /// Example: `cgt sum "nim 3 4" "wythoff 1 2" "divisor 12"`.
    Sum(request::Sum),

    /// The web playground: play every game against the perfect player in a browser, with a
    /// calculator, nim-sequences, the Wythoff picture, game trees and a JSON API. Stops on
    /// Ctrl-C. Each request runs within CGT_TIME_LIMIT (default 10 s here) and
    /// CGT_MEMORY_LIMIT (default 1 GiB).
    ///
    /// Example: `cgt serve` then open http://127.0.0.1:8080/ in a browser.
    Serve {
        /// The address to listen on (localhost only by default; 0.0.0.0:8080 for a class
        /// network).
        #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDRESS")]
        bind: String,
        /// A folder of chess table files to play from; KQK, KRK and KBNK are built there on
        /// first use (in a temporary folder without it).
        #[arg(long, value_name = "DIR")]
        tables: Option<std::path::PathBuf>,
        /// A Connect-Four opening book (from `cgt connect4 --book-build`) to play from.
        #[arg(long, value_name = "FILE")]
        book: Option<std::path::PathBuf>,
        /// Computations at once (default: two per core); more requests wait up to 10 s.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
        workers: Option<u16>,
    },

    /// Print a shell completion script for bash, zsh, fish, elvish or powershell.
    ///
    /// Example: `cgt completions bash > /etc/bash_completion.d/cgt`.
    Completions {
        /// The shell to generate completions for.
        shell: Shell,
    },
}

/// `cgt retro …` subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum RetroCommand {
    /// Solve a game graph with cycles: win/loss with distance in plies, or draw, per vertex.
    ///
    /// File: one edge `u v` per line, `terminal v win|loss|draw` for results of positions
    /// without moves (default: loss for the side to move), `#` comments.
    Graph {
        /// The graph file (`-` for stdin).
        file: String,
        /// Show the retrograde levels: the positions each backward pass labels won or lost,
        /// and why (graphs of at most 60 vertices).
        #[arg(long)]
        explain: bool,
    },

    /// Build a chess endgame table: any pawnless material of up to five men, named `k`, White's
    /// pieces, `k`, Black's pieces (one to three white and up to two black pieces of q, r, b,
    /// n: kqk, kbnk, kqkr, kqrk, kqrkr, kbnkn, kqkrr, …), kbbk-opposite, and kqk-fixed (white
    /// king fixed, c3 unless --fixed-square). Captures are probed in the smaller tables: read
    /// from the --out file's folder when there (such as kqkr.cgtb), else solved first.
    ///
    /// With --processes N, run the same command in N processes (on one machine, or on the
    /// machines of --hostfile), each with its --process number: they share the index space
    /// and process 0 writes the file, identical to a one-process build's.
    ///
    /// Example: `cgt retro build kbnk --out kbnk.cgtb`.
    Build {
        /// The endgame.
        endgame: String,
        /// The table file to write (atomically).
        #[arg(long)]
        out: String,
        /// Index every placement instead of one position per symmetry class.
        #[arg(long)]
        raw: bool,
        /// Worker threads (default: one per core).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
        threads: Option<u32>,
        /// The fixed king's square for kqk-fixed.
        #[arg(long, value_name = "SQUARE")]
        fixed_square: Option<String>,
        /// No progress display.
        #[arg(long, short)]
        quiet: bool,
        #[command(flatten)]
        cluster: ClusterArgs,
    },

    /// Statistics of a table per side to move: results, longest distance, histogram.
    Stats {
        /// The table file.
        file: String,
    },

    /// The header of a table file.
    Info {
        /// The table file.
        file: String,
    },

    /// Probe a position given as FEN: result, distance, best move and the line to mate.
    ///
    /// Example: `cgt retro probe kqk.cgtb "8/8/8/8/8/2k5/8/KQ6 w - - 0 1"`.
    Probe {
        /// The table file.
        file: String,
        /// The position.
        fen: String,
        /// Play the side to move against the table, which answers perfectly (the fastest win,
        /// the slowest loss); type moves in SAN (`Qg7+`) or as squares (`g6g7`).
        #[arg(long)]
        play: bool,
    },
}

/// Options shared by the nim-sequence commands.
#[derive(Debug, Args)]
pub(crate) struct SequenceArgs {
    #[command(flatten)]
    pub(crate) ask: request::Heaps,
    /// With --heaps: play against the program (you move first; ? shows the winning moves, u
    /// takes back).
    #[arg(long)]
    pub(crate) play: bool,
    /// Report the certified period (on by default; kept for scripts that pass it).
    #[arg(long)]
    pub(crate) period: bool,
    /// Save progress to FILE every few seconds and resume from it if it exists.
    #[arg(long, value_name = "FILE")]
    pub(crate) checkpoint: Option<String>,
    /// Plot the sequence to FILE (.svg or .png).
    #[arg(long, value_name = "FILE")]
    pub(crate) plot: Option<String>,
    /// No progress bar.
    #[arg(long, short)]
    pub(crate) quiet: bool,
}

/// What to ask of Wythoff's game: a request, or the Grundy table (streamed, and drawn).
#[derive(Debug, Args)]
pub(crate) struct WythoffArgs {
    #[command(flatten)]
    pub(crate) request: request::Wythoff,
    /// The Grundy table of all positions (a, b) with a, b < N.
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub(crate) grundy: Option<u64>,
    /// With --grundy: also draw the table (.png: a heat map; .svg: for N ≤ 256).
    #[arg(long, value_name = "FILE", requires = "grundy")]
    pub(crate) picture: Option<String>,
    /// With a position: play against the program (you move first; ? shows the winning moves,
    /// u takes back).
    #[arg(long, requires = "position")]
    pub(crate) play: bool,
}

pub(crate) fn parse_count(s: &str) -> Result<u64, String> {
    cgt_report::inputs::count(s)
}

/// Where the processes of a distributed `cgt retro build` run (docs/retro.md, "On several
/// machines").
#[derive(Debug, clap::Args)]
pub(crate) struct ClusterArgs {
    /// Processes sharing the build (default 1; with --hostfile, one per line).
    #[arg(long, short = 'n', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub(crate) processes: Option<u32>,
    /// This process's number, 0 to N-1; process 0 writes the file.
    #[arg(long, short = 'p', value_name = "I")]
    pub(crate) process: Option<u32>,
    /// A file of `host:port` lines, one per process in process order (default: this machine,
    /// ports from --port up).
    #[arg(long, short = 'H', value_name = "FILE")]
    pub(crate) hostfile: Option<String>,
    /// Worker threads per process taking a share of the index space (default 1; each worker
    /// still uses --threads for its own work).
    #[arg(long, short = 'w', value_name = "W", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub(crate) workers: Option<u32>,
    /// The first port of the processes on this machine without --hostfile.
    #[arg(long, value_name = "PORT", default_value_t = 2101)]
    pub(crate) port: u16,
}
