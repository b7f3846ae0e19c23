//! The solved-game commands: Connect-Four, Bridg-it and playing against the program.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use cgt_minimax::connect4::{Connect4, Connect4Book, Connect4Table, Ticker, connect4_table_bits};

use crate::report::{Output, report, session_without_json};

use crate::output::{CliError, memory_limit, print};

use cgt_report::request::threads as thread_count;

/// What `cgt connect4` was asked.
/// `cgt connect4`: solve, play, batch or build a book.
#[derive(Debug, clap::Args)]
pub(crate) struct Connect4Args {
    /// Moves so far as a string of column digits, e.g. 4453.
    #[arg(default_value = "")]
    pub(crate) moves: String,
    /// Columns (1 to 9).
    #[arg(long, default_value_t = 7)]
    pub(crate) width: u8,
    /// Rows.
    #[arg(long, default_value_t = 6)]
    pub(crate) height: u8,
    /// Worker threads (default: one per core). Results never depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub(crate) threads: Option<u32>,
    /// Play against the program in the terminal.
    #[arg(long)]
    pub(crate) play: bool,
    /// Only the position's score: one search, no best moves.
    #[arg(long, conflicts_with = "all")]
    pub(crate) score: bool,
    /// The score of every column (what `c4solver -a` prints), as well as the best moves.
    #[arg(long)]
    pub(crate) all: bool,
    /// Only win, draw or loss (scores become 1, 0, -1): much faster far from the end.
    #[arg(long)]
    pub(crate) weak: bool,
    /// Read one move string per line from stdin and print `MOVES SCORE` per line (with
    /// --all, `MOVES` and one score per column, `-` for a full column). Lines are checked
    /// before anything is solved.
    #[arg(long, conflicts_with_all = ["play", "moves"])]
    pub(crate) batch: bool,
    /// An opening book (from --book-build) to answer from when the position is in it.
    #[arg(long, value_name = "FILE")]
    pub(crate) book: Option<String>,
    /// Build an opening book of the exact score (with --weak, the outcome) of every
    /// position with at most DEPTH stones (one per mirror pair) and write it to --out.
    #[arg(long, value_name = "DEPTH", requires = "out", conflicts_with_all = ["play", "batch", "moves", "book"])]
    pub(crate) book_build: Option<u32>,
    /// The book file --book-build writes (atomically).
    #[arg(long, value_name = "FILE", requires = "book_build")]
    pub(crate) out: Option<String>,
    /// No progress display.
    #[arg(short, long)]
    pub(crate) quiet: bool,
}

/// Reads `--book FILE` and checks it is of the board asked for.
fn load_book(path: Option<&str>, start: &Connect4) -> Result<Option<Arc<Connect4Book>>, CliError> {
    let Some(path) = path else {
        return Ok(None);
    };
    let book = Connect4Book::read(std::path::Path::new(path))
        .map_err(|e| CliError::input(format!("{path}: {e}")))?;
    if book.size() != start.size() {
        let (w, h) = book.size();
        let (sw, sh) = start.size();
        return Err(CliError::input(format!(
            "{path} is a book of the {w}x{h} board, not of {sw}x{sh}"
        )));
    }
    Ok(Some(Arc::new(book)))
}

/// `cgt connect4 --book-build DEPTH --out FILE`.
fn build_book(
    start: Connect4,
    depth: u32,
    out: &str,
    args: &Connect4Args,
) -> Result<Output, CliError> {
    crate::output::check_writable(out)?;
    let threads = thread_count(args.threads);
    let bits = table_bits_within(
        connect4_table_bits(start.cells().saturating_sub(depth)),
        threads,
    )?;
    let spinner = Spinner::new(args.quiet);
    let started = std::time::Instant::now();
    let limit = memory_limit()?.saturating_sub(crate::output::PROCESS_BASELINE);
    let book = Connect4Book::build(&start, depth, threads, bits, args.weak, limit, &|p| {
        spinner.bar.set_message(format!(
            "building the book: {} of {} positions with {depth} stones solved",
            p.solved, p.to_solve
        ));
    })
    .map_err(|e| CliError::input(e.to_string()))?;
    drop(spinner);
    let seconds = started.elapsed().as_secs_f64();
    crate::output::remove_stale_temporaries(out);
    let bytes = book
        .write(std::path::Path::new(out))
        .map_err(|e| CliError::failure(format!("cannot write {out}: {e}")))?;
    report(cgt_report::games::book_built(
        &book, depth, out, bytes, seconds,
    ))
}

/// `bits`, lowered until `count` tables of 2^bits entries fit the memory limit (the table is a
/// cache: a smaller one costs time, never correctness).
fn table_bits_within(mut bits: u32, count: usize) -> Result<u32, CliError> {
    let limit =
        memory_limit()?.saturating_sub(crate::output::PROCESS_BASELINE) / count.max(1) as u128;
    while bits > 12 && Connect4Table::bytes(bits) > limit {
        bits -= 1;
    }
    Ok(bits)
}

/// A spinner on stderr, shown after a second unless `quiet` or stderr is not a terminal: the
/// positions searched so far and the columns settled.
struct Spinner {
    bar: indicatif::ProgressBar,
    nodes: Arc<AtomicU64>,
    settled: Mutex<String>,
}

impl Spinner {
    fn new(quiet: bool) -> Spinner {
        let bar = if quiet || !std::io::stderr().is_terminal() {
            indicatif::ProgressBar::hidden()
        } else {
            let b = indicatif::ProgressBar::new_spinner();
            b.set_style(
                indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
            );
            b.enable_steady_tick(std::time::Duration::from_millis(500));
            b
        };
        Spinner {
            bar,
            nodes: Arc::new(AtomicU64::new(0)),
            settled: Mutex::new(String::new()),
        }
    }

    fn ticker(&self) -> Ticker {
        let (bar, nodes) = (self.bar.clone(), Arc::clone(&self.nodes));
        let settled = self.settled.lock().map(|s| s.clone()).unwrap_or_default();
        Ticker(Arc::new(move |_| {
            let n = nodes.fetch_add(1 << 20, Ordering::Relaxed) + (1 << 20);
            bar.set_message(format!("{n} positions searched{settled}"));
        }))
    }

    fn settle(&self, column: u8, score: i32) {
        if let Ok(mut s) = self.settled.lock() {
            s.push_str(&format!(", column {}: {score}", column + 1));
            let n = self.nodes.load(Ordering::Relaxed);
            self.bar.set_message(format!("{n} positions searched{s}"));
        }
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

pub(crate) fn connect4(args: Connect4Args) -> Result<Output, CliError> {
    let args = &args;
    let (width, height) = (args.width, args.height);
    let start = Connect4::new(width, height).map_err(|e| CliError::input(e.to_string()))?;
    if let (Some(depth), Some(out)) = (args.book_build, &args.out) {
        return build_book(start, depth, out, args);
    }
    let book = load_book(args.book.as_deref(), &start)?;
    if args.batch {
        return connect4_batch(start, args, book);
    }
    let pos = start
        .play_str(&args.moves)
        .map_err(|e| CliError::input(e.to_string()))?;
    if args.play {
        let threads = thread_count(args.threads);
        return session_without_json(move || play_connect4(pos, threads, book));
    }
    let query = query(args, &args.moves, 1, pos.cells() - pos.played())?;
    let spinner = Spinner::new(args.quiet);
    let watch = cgt_minimax::connect4::Watch {
        ticker: Some(spinner.ticker()),
        budget: Some(crate::output::search_budget()?),
    };
    let document = cgt_report::games::connect4(pos, &query, book.as_deref(), &watch, &|c, v| {
        spinner.settle(c, v);
    });
    drop(spinner);
    report(document?)
}

/// The library's query for `args`, with a table for `tables` searches over `empty` cells.
fn query<'a>(
    args: &Connect4Args,
    moves: &'a str,
    tables: usize,
    empty: u32,
) -> Result<cgt_report::games::Connect4Query<'a>, CliError> {
    Ok(cgt_report::games::Connect4Query {
        moves,
        weak: args.weak,
        score_only: args.score,
        all: args.all,
        threads: thread_count(args.threads),
        table_bits: table_bits_within(connect4_table_bits(empty), tables)?,
    })
}

/// `cgt connect4 --batch`: every line of stdin checked, then solved (in parallel over the
/// lines, by the library's `solve_batch`), then printed in input order.
fn connect4_batch(
    start: Connect4,
    args: &Connect4Args,
    book: Option<Arc<Connect4Book>>,
) -> Result<Output, CliError> {
    let text = crate::output::read_input("-")?;
    let lines = cgt_report::games::batch_positions(start, &text)?;
    let most_empty = lines
        .iter()
        .map(|(_, p)| p.cells() - p.played())
        .max()
        .unwrap_or(0);
    let threads = thread_count(args.threads);
    let query = query(args, "", threads, most_empty)?;
    let spinner = Spinner::new(args.quiet);
    let count = lines.len();
    let batch = cgt_report::games::connect4_batch(start.size().0, lines, &query, book, &|n| {
        spinner
            .bar
            .set_message(format!("{n} of {count} positions solved"));
    });
    drop(spinner);
    Ok(Output::Report {
        note: Some(batch.summary()),
        document: Box::new(batch),
    })
}

fn play_connect4(
    start: Connect4,
    threads: usize,
    book: Option<Arc<Connect4Book>>,
) -> Result<(), CliError> {
    print(&format!(
        "You play {} against the program.\n",
        if start.played().is_multiple_of(2) {
            "X"
        } else {
            "O"
        }
    ))?;
    crate::play::play_game(
        cgt_play::games::Connect4Play {
            threads,
            book,
            budget: None,
        },
        start,
    )
}
