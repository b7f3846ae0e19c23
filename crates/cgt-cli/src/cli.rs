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

    /// The language of the text: en (the default), ru, bg or zh (JSON is the same in each).
    #[arg(long, global = true, value_name = "LANG", value_parser = language)]
    pub(crate) lang: Option<cgt_report::texts::Lang>,

    #[command(subcommand)]
    pub(crate) command: Command,
}

/// A language by its code, for `--lang`.
fn language(code: &str) -> Result<cgt_report::texts::Lang, String> {
    cgt_report::texts::Lang::from_code(code)
        .ok_or_else(|| format!("no language {code:?}; the languages are en, ru, bg, zh"))
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// A question of `cgt_report::request`: its command is the request's.
    #[command(flatten)]
    Ask(request::Request),

    /// Wythoff's game: take from one heap, or the same number from both.
    ///
    /// Examples: `cgt wythoff 4 9`, `cgt wythoff --p-positions 10`, `cgt wythoff --pair 1000000`,
    /// `cgt wythoff --grundy 64 --picture wythoff.png`.
    Wythoff(WythoffArgs),

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

    /// Connect-Four on a width × height board: the score for the side to move (positive wins,
    /// larger sooner; 0 a draw) and every best column, or --play against the program.
    ///
    /// Example: `cgt connect4 --width 5 --height 4 332` (columns numbered from 1).
    #[command(name = "connect4")]
    Connect4(crate::games::Connect4Args),

    /// Retrograde analysis: solve every position of a game backwards from its end.
    #[command(subcommand)]
    Retro(RetroCommand),

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
