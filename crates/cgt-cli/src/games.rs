//! The solved-game commands: Connect-Four, Bridg-it and playing against the program.

use cgt_minimax::bridgit::{self, Bridgit, Player, Policy};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use cgt_minimax::connect4::{
    Connect4, Connect4Book, Connect4Table, Depth, Ticker, connect4_table_bits,
    move_scores_parallel, score_parallel, solve_batch,
};
use cgt_minimax::engine::{Game, Options, Solver};
use serde::Serialize;

use crate::report::{Report, emit_report};

use crate::output::{CliError, memory_limit, print};

pub(crate) fn thread_count(threads: Option<u32>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |t| t.max(1) as usize,
    )
}

/// What `cgt connect4` was asked.
#[derive(Debug)]
pub(crate) struct Connect4Args {
    pub(crate) size: (u8, u8),
    pub(crate) moves: String,
    pub(crate) threads: Option<u32>,
    pub(crate) play: bool,
    pub(crate) score: bool,
    pub(crate) all: bool,
    pub(crate) weak: bool,
    pub(crate) batch: bool,
    pub(crate) book: Option<String>,
    pub(crate) book_build: Option<u32>,
    pub(crate) out: Option<String>,
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
    json: bool,
    start: Connect4,
    depth: u32,
    out: &str,
    args: &Connect4Args,
) -> Result<(), CliError> {
    crate::output::check_writable(out)?;
    let threads = thread_count(args.threads);
    let bits = table_bits_within(
        connect4_table_bits(start.cells().saturating_sub(depth)),
        threads,
    );
    let spinner = Spinner::new(args.quiet);
    let started = std::time::Instant::now();
    let limit = memory_limit().saturating_sub(crate::output::PROCESS_BASELINE);
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
    let empty = Connect4::new(start.size().0, start.size().1).expect("a board");
    let report = BookReport {
        width: start.size().0,
        height: start.size().1,
        depth,
        positions: book.len(),
        file: out.to_owned(),
        bytes,
        seconds,
        empty_board_score: book.score(&empty),
        weak: book.is_weak(),
    };
    emit_report(json, &report)
}

/// `cgt connect4 --book-build`: what was built and written.
#[derive(Debug, Serialize)]
struct BookReport {
    width: u8,
    height: u8,
    depth: u32,
    positions: usize,
    file: String,
    bytes: u64,
    seconds: f64,
    empty_board_score: Option<i32>,
    weak: bool,
}

impl Report for BookReport {
    fn text(&self) -> String {
        let (kind, what) = if self.weak {
            ("weak ", "outcome")
        } else {
            ("", "score")
        };
        let score = self.empty_board_score.map_or(String::new(), |s| {
            format!("; the empty board's {what} is {s}")
        });
        format!(
            "built a {kind}{}x{} book of depth {}: {} positions in {:.3} s{score}; wrote {} ({} \
             bytes)\n",
            self.width,
            self.height,
            self.depth,
            self.positions,
            self.seconds,
            self.file,
            self.bytes
        )
    }
}

/// `bits`, lowered until `count` tables of 2^bits entries fit the memory limit (the table is a
/// cache: a smaller one costs time, never correctness).
fn table_bits_within(mut bits: u32, count: usize) -> u32 {
    let limit =
        memory_limit().saturating_sub(crate::output::PROCESS_BASELINE) / count.max(1) as u128;
    while bits > 12 && Connect4Table::bytes(bits) > limit {
        bits -= 1;
    }
    bits
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

pub(crate) fn connect4(json: bool, args: &Connect4Args) -> Result<(), CliError> {
    let (width, height) = args.size;
    let start = Connect4::new(width, height).map_err(|e| CliError::input(e.to_string()))?;
    if let (Some(depth), Some(out)) = (args.book_build, &args.out) {
        return build_book(json, start, depth, out, args);
    }
    let book = load_book(args.book.as_deref(), &start)?;
    if args.batch {
        return connect4_batch(json, start, args, book);
    }
    let pos = start
        .play_str(&args.moves)
        .map_err(|e| CliError::input(e.to_string()))?;
    if args.play {
        if json {
            return Err(CliError::input(
                "--play is interactive; --json is not available with it",
            ));
        }
        return play_connect4(pos, thread_count(args.threads), book);
    }
    let threads = thread_count(args.threads);
    let bits = table_bits_within(connect4_table_bits(pos.cells() - pos.played()), 1);
    let table = Arc::new(Connect4Table::new(bits));
    let depth = if args.weak { Depth::Weak } else { Depth::Exact };
    let spinner = Spinner::new(args.quiet);
    let ticker = spinner.ticker();
    let started = std::time::Instant::now();
    let from_book = book
        .as_ref()
        .filter(|b| args.weak || !b.is_weak())
        .and_then(|b| {
            let score = b.score(&pos)?;
            if args.score {
                return Some((score, None));
            }
            // Every column from the book, when every child is in it.
            let mut columns = Vec::new();
            for c in 0..width {
                if !pos.can_play(c) {
                    columns.push(None);
                    continue;
                }
                let mut child = pos;
                child.play(c);
                columns.push(Some(match child.terminal() {
                    Some(t) => -t,
                    None => -b.score(&child)?,
                }));
            }
            Some((score, Some(columns)))
        });
    let weaken = |v: i32| if args.weak { v.signum() } else { v };
    let answered_by_book = from_book.is_some() && pos.terminal().is_none();
    let (score, scores, nodes) = if let Some(s) = pos.terminal() {
        (s, None, 1)
    } else if let Some((score, columns)) = from_book {
        let columns = columns.map(|all| all.into_iter().map(|c| c.map(weaken)).collect());
        (weaken(score), columns, 0)
    } else if args.score {
        let (v, n) = score_parallel(&pos, &table, threads, depth, Some(&ticker));
        (v, None, n)
    } else {
        let (scores, n) =
            move_scores_parallel(&pos, &table, threads, depth, Some(&ticker), &|c, v| {
                spinner.settle(c, v);
            });
        let best = scores.iter().flatten().copied().max().unwrap_or(0);
        (best, Some(scores), n)
    };
    drop(spinner);
    let seconds = started.elapsed().as_secs_f64();
    let best_moves = scores.as_ref().map_or_else(Vec::new, |all| {
        (1..=width)
            .filter(|&c| all[usize::from(c - 1)] == Some(score))
            .collect()
    });
    let report = Connect4Report {
        width,
        height,
        moves: args.moves.clone(),
        to_move: if pos.played().is_multiple_of(2) {
            "X"
        } else {
            "O"
        },
        weak: args.weak,
        score,
        best_moves,
        column_scores: if args.all { scores } else { None },
        from_book: answered_by_book,
        nodes,
        seconds,
        over: pos.terminal().is_some(),
        board: pos.render(),
    };
    emit_report(json, &report)
}

/// `cgt connect4 --batch`: every line of stdin checked, then solved (in parallel over the
/// lines, by the library's `solve_batch`), then printed in input order.
fn connect4_batch(
    json: bool,
    start: Connect4,
    args: &Connect4Args,
    book: Option<Arc<Connect4Book>>,
) -> Result<(), CliError> {
    let text = crate::output::read_input("-")?;
    let mut lines = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let moves = line.trim();
        if moves.is_empty() {
            continue;
        }
        let pos = start
            .play_str(moves)
            .map_err(|e| CliError::input(format!("line {}: {e}", n + 1)))?;
        lines.push((moves.to_owned(), pos));
    }
    let most_empty = lines
        .iter()
        .map(|(_, p)| p.cells() - p.played())
        .max()
        .unwrap_or(0);
    let depth = if args.weak { Depth::Weak } else { Depth::Exact };
    let threads = thread_count(args.threads);
    let positions: Vec<Connect4> = lines.iter().map(|(_, p)| *p).collect();
    let bits = table_bits_within(connect4_table_bits(most_empty), threads);
    let spinner = Spinner::new(args.quiet);
    let started = std::time::Instant::now();
    let (results, nodes) = solve_batch(&positions, threads, bits, depth, args.all, book, &|n| {
        spinner
            .bar
            .set_message(format!("{n} of {} positions solved", positions.len()));
    });
    drop(spinner);
    let report = Connect4Batch {
        width: start.size().0,
        weak: args.weak,
        lines: lines
            .into_iter()
            .zip(results)
            .map(|((moves, _), r)| BatchLine {
                moves,
                score: r.score,
                column_scores: r.columns,
            })
            .collect(),
        nodes,
        seconds: started.elapsed().as_secs_f64(),
    };
    emit_report(json, &report)
}

/// One solved line of `cgt connect4 --batch`.
#[derive(Clone, Debug, Serialize)]
struct BatchLine {
    moves: String,
    score: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    column_scores: Option<Vec<Option<i32>>>,
}

/// `cgt connect4 --batch`: one line per position, `MOVES SCORE` or `MOVES` and the score of
/// every column; the positions searched and the time go to stderr in text mode.
#[derive(Debug, Serialize)]
struct Connect4Batch {
    #[serde(skip)]
    width: u8,
    weak: bool,
    lines: Vec<BatchLine>,
    nodes: u64,
    seconds: f64,
}

impl Report for Connect4Batch {
    fn text(&self) -> String {
        eprintln!(
            "solved {} positions: searched {} positions in {:.3} s",
            self.lines.len(),
            self.nodes,
            self.seconds
        );
        let mut out = String::new();
        for line in &self.lines {
            match &line.column_scores {
                Some(all) => {
                    out.push_str(&format!("{} {}\n", line.moves, column_row(all, self.width)));
                }
                None => out.push_str(&format!("{} {}\n", line.moves, line.score)),
            }
        }
        out
    }
}

/// `cgt connect4`: the score for the player to move (positive wins, larger sooner; 0 a draw;
/// with --weak 1, 0 or -1), every best column (1-based) unless --score, and with --all the
/// score of every column.
#[derive(Debug, Serialize)]
struct Connect4Report {
    width: u8,
    height: u8,
    moves: String,
    to_move: &'static str,
    weak: bool,
    score: i32,
    best_moves: Vec<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column_scores: Option<Vec<Option<i32>>>,
    from_book: bool,
    nodes: u64,
    seconds: f64,
    over: bool,
    #[serde(skip)]
    board: String,
}

impl Report for Connect4Report {
    fn text(&self) -> String {
        let verdict = if self.over {
            "the game is over".to_owned()
        } else if self.weak {
            match self.score.signum() {
                1 => format!("{} to move wins", self.to_move),
                0 => "a draw with best play".to_owned(),
                _ => format!("{} to move loses", self.to_move),
            }
        } else {
            match self.score.signum() {
                1 => format!("{} to move wins (score {})", self.to_move, self.score),
                0 => "a draw with best play (score 0)".to_owned(),
                _ => format!("{} to move loses (score {})", self.to_move, self.score),
            }
        };
        let mut text = format!("{}{verdict}\n", self.board);
        if !self.best_moves.is_empty() {
            let list: Vec<String> = self.best_moves.iter().map(u8::to_string).collect();
            text.push_str(&format!("best moves (columns): {}\n", list.join(" ")));
        }
        if let Some(all) = &self.column_scores {
            text.push_str(&format!(
                "scores of columns 1 to {}: {}\n",
                self.width,
                column_row(all, self.width)
            ));
        }
        if self.from_book {
            text.push_str("answered from the opening book\n");
        } else {
            text.push_str(&format!(
                "searched {} positions in {:.3} s\n",
                self.nodes, self.seconds
            ));
        }
        text
    }
}

/// Column scores separated by spaces, `-` for a full column (or every column when the game is
/// over).
fn column_row(all: &[Option<i32>], width: u8) -> String {
    (0..usize::from(width))
        .map(|c| {
            all.get(c)
                .copied()
                .flatten()
                .map_or("-".to_owned(), |v| v.to_string())
        })
        .collect::<Vec<_>>()
        .join(" ")
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
    crate::play::play(cgt_play::games::Connect4Play { threads, book }, start)
}

/// Most free slots for which `cgt bridgit` finds every winning move (n = 3 has 13).
const BRIDGIT_BEST_FREE: u32 = Policy::EXACT_FREE;
/// Most free slots for which it finds the value (n = 4 has 25: about 5 s).
const BRIDGIT_VALUE_FREE: u32 = 25;
/// Largest n for `--count-crossings` by enumeration.
const BRIDGIT_COUNT_N: u8 = 4;

/// The policy's name as the text output has always written it (`Pairing`, `Shannon`, `Exact`).
fn policy_name(p: Policy) -> String {
    let name = p.to_string();
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

fn slot_name(n: u8, slot: u8) -> String {
    cgt_play::games::Slot { n, slot }.to_string()
}

pub(crate) fn bridgit(
    json: bool,
    n: u8,
    moves: &[String],
    strategy: Option<Policy>,
    count_crossings: bool,
    play: bool,
) -> Result<(), CliError> {
    let mut pos = Bridgit::new(n).map_err(|e| CliError::input(e.to_string()))?;
    for (i, m) in moves.iter().enumerate() {
        if pos.winner().is_some() {
            return Err(CliError::input(format!(
                "move {} comes after the game ended",
                i + 1
            )));
        }
        let s = cgt_play::games::parse_slot(&pos, m)
            .map_err(|e| CliError::input(format!("move {}: {e}", i + 1)))?;
        pos.play(s);
    }
    if play {
        if json {
            return Err(CliError::input(
                "--play is interactive; --json is not available with it",
            ));
        }
        let strategy = strategy.unwrap_or(Policy::default_for(n));
        let program = match pos.to_move() {
            Player::Left => Player::Top,
            Player::Top => Player::Left,
        };
        strategy
            .check(&pos, program)
            .map_err(|e| CliError::input(format!("--strategy {strategy}: {e}")))?;
        print(&format!(
            "Bridg-it, n = {n}. You play {:?} ('o' dots; Left joins left and right, Top joins bottom and top).\n\
             Moves are slot numbers or lattice points X,Y (the '.' marks).\n",
            pos.to_move()
        ))?;
        let human = pos.to_move();
        let game = cgt_play::games::BridgitPlay { strategy, human };
        return crate::play::play(game, pos);
    }
    if let (Some(strategy), None) = (strategy, pos.winner()) {
        strategy
            .check(&pos, pos.to_move())
            .map_err(|e| CliError::input(format!("--strategy {strategy}: {e}")))?;
    }
    let e = u32::from(pos.slot_count());
    // Limits before work.
    if count_crossings && n > BRIDGIT_COUNT_N {
        return Err(CliError::input(format!(
            "--count-crossings enumerates all 2^{e} sets of segments; limited to n ≤ {BRIDGIT_COUNT_N}"
        )));
    }
    let mut r = BridgitReport {
        n,
        slots: e,
        moves: moves.to_vec(),
        winner: pos.winner().map(|w| format!("{w:?}")),
        to_move: None,
        value: None,
        best_moves: None,
        nodes: None,
        strategy_move: None,
        crossings: None,
        crossing_probability: None,
        board: pos.render(),
        free: pos.free().count_ones(),
        best_names: Vec::new(),
        strategy: None,
    };
    if pos.winner().is_none() {
        r.to_move = Some(format!("{:?}", pos.to_move()));
        if r.free <= BRIDGIT_VALUE_FREE {
            let mut solver = Solver::new(Options {
                table_bits: Some(22),
                ..Options::default()
            });
            if r.free <= BRIDGIT_BEST_FREE {
                let (value, best) = solver.best_moves(&pos);
                r.best_names = best.iter().map(|&s| slot_name(n, s)).collect();
                r.best_moves = Some(best);
                r.value = Some(value);
            } else {
                r.value = Some(solver.solve(&pos));
            }
            r.nodes = Some(solver.nodes);
        }
        if let Some(strategy) = strategy {
            let s = strategy.choose(&pos).unwrap_or(0);
            r.strategy_move = Some(s);
            r.strategy = Some((policy_name(strategy), slot_name(n, s)));
        }
    }
    if count_crossings {
        let count = bridgit::crossing_count(n);
        r.crossings = Some(count);
        r.crossing_probability = Some(count as f64 / (1u64 << e) as f64);
    }
    emit_report(json, &r)
}

/// `cgt bridgit`: the board, the exact value and winning slots (small boards), a strategy's
/// move, and the crossing count.
#[derive(Debug, Serialize)]
struct BridgitReport {
    n: u8,
    slots: u32,
    moves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to_move: Option<String>,
    /// Positive when the player to move wins.
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best_moves: Option<Vec<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    strategy_move: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    crossings: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    crossing_probability: Option<f64>,
    #[serde(skip)]
    board: String,
    #[serde(skip)]
    free: u32,
    #[serde(skip)]
    best_names: Vec<String>,
    #[serde(skip)]
    strategy: Option<(String, String)>,
}

impl Report for BridgitReport {
    fn text(&self) -> String {
        let mut text = self.board.clone();
        if let Some(w) = &self.winner {
            text.push_str(&format!("{w} has won.\n"));
        }
        if let Some(mover) = &self.to_move {
            let verdict = |value: i32| if value > 0 { "wins" } else { "loses" };
            match (self.value, &self.best_moves) {
                (Some(value), Some(_)) => text.push_str(&format!(
                    "{mover} to move {} with best play; winning moves: {}\n",
                    verdict(value),
                    if self.best_names.is_empty() {
                        "none".to_owned()
                    } else {
                        self.best_names.join(", ")
                    }
                )),
                (Some(value), None) => text.push_str(&format!(
                    "{mover} to move {} with best play (winning moves are listed from {BRIDGIT_BEST_FREE} free slots down)\n",
                    verdict(value)
                )),
                (None, _) => text.push_str(&format!(
                    "{} free slots: exact search is limited to {BRIDGIT_VALUE_FREE}; Left, moving first, wins (strategy stealing, and the pairing strategy)\n",
                    self.free
                )),
            }
        }
        if let Some((name, slot)) = &self.strategy {
            text.push_str(&format!("{name} plays slot {slot}\n"));
        }
        if let Some(count) = self.crossings {
            let e = self.slots;
            text.push_str(&format!(
                "sets of Left's {e} segments joining left and right: {count} of 2^{e} (exactly half: {})\n",
                count == 1 << (e - 1)
            ));
        }
        text
    }
}
