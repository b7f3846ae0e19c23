//! The solved-game documents: Connect-Four (a position, batches of positions, opening books)
//! and Bridg-it.

use cgt_minimax::bridgit::{self, Bridgit, Policy};
use cgt_minimax::connect4::{
    Connect4, Connect4Book, Connect4Table, Depth, Watch, move_scores_parallel, score_parallel,
    solve_batch,
};
use cgt_minimax::cycle::{CycleGame, GridEdge};
use cgt_minimax::engine::{Game, Options, Solver};
use serde::Serialize;
use std::sync::Arc;

use crate::document::Report;
use crate::error::ReportError;

/// What `cgt connect4` asks of a position.
#[derive(Clone, Copy, Debug)]
pub struct Connect4Query<'a> {
    /// The moves that led to it, as typed (columns from 1).
    pub moves: &'a str,
    /// Win, draw or loss only (`--weak`), not the score.
    pub weak: bool,
    /// The score only, without the best columns (`--score`).
    pub score_only: bool,
    /// Every column's score (`--all`).
    pub all: bool,
    /// Threads for the search.
    pub threads: usize,
    /// The transposition table's size, as a power of two.
    pub table_bits: u32,
}

/// `cgt connect4 [MOVES]`: the score for the player to move at `pos`, the best columns and
/// with `all` every column's score — from `book` when it holds the position, else searched.
/// `watch` hears about the search's progress and holds its budget (time limit, stop flag);
/// `settle` hears about each column as it is settled.
///
/// # Errors
/// The budget's limit when it stops the search.
pub fn connect4(
    pos: Connect4,
    query: &Connect4Query<'_>,
    book: Option<&Connect4Book>,
    watch: &Watch,
    settle: &(dyn Fn(u8, i32) + Sync),
) -> Result<Connect4Report, ReportError> {
    let (width, height) = pos.size();
    let threads = query.threads;
    let table = Arc::new(Connect4Table::new(query.table_bits));
    let depth = if query.weak {
        Depth::Weak
    } else {
        Depth::Exact
    };
    let started = std::time::Instant::now();
    let from_book = book
        .as_ref()
        .filter(|b| query.weak || !b.is_weak())
        .and_then(|b| {
            let score = b.score(&pos)?;
            if query.score_only {
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
                child.drop_stone(c);
                columns.push(Some(match child.terminal() {
                    Some(t) => -t,
                    None => -b.score(&child)?,
                }));
            }
            Some((score, Some(columns)))
        });
    let weaken = |v: i32| if query.weak { v.signum() } else { v };
    let answered_by_book = from_book.is_some() && pos.terminal().is_none();
    let (score, scores, nodes) = if let Some(s) = pos.terminal() {
        (s, None, 1)
    } else if let Some((score, columns)) = from_book {
        let columns = columns.map(|all| all.into_iter().map(|c| c.map(weaken)).collect());
        (weaken(score), columns, 0)
    } else if query.score_only {
        let (v, n) = score_parallel(&pos, &table, threads, depth, watch)?;
        (v, None, n)
    } else {
        let (scores, n) = move_scores_parallel(&pos, &table, threads, depth, watch, settle)?;
        let best = scores.iter().flatten().copied().max().unwrap_or(0);
        (best, Some(scores), n)
    };
    let seconds = started.elapsed().as_secs_f64();
    let best_moves = scores.as_ref().map_or_else(Vec::new, |all| {
        (1..=width)
            .filter(|&c| all[usize::from(c - 1)] == Some(score))
            .collect()
    });
    Ok(Connect4Report {
        width,
        height,
        moves: query.moves.to_owned(),
        to_move: if pos.played().is_multiple_of(2) {
            "X"
        } else {
            "O"
        },
        weak: query.weak,
        score,
        best_moves,
        column_scores: if query.all { scores } else { None },
        from_book: answered_by_book,
        nodes,
        seconds,
        over: pos.terminal().is_some(),
        board: pos.render(),
    })
}

/// Reads `cgt connect4 --batch` input: one line of moves per position, blank lines skipped.
///
/// # Errors
/// A line that is not a legal sequence of moves, with its number.
pub fn batch_positions(
    start: Connect4,
    text: &str,
) -> Result<Vec<(String, Connect4)>, ReportError> {
    let mut lines = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let moves = line.trim();
        if moves.is_empty() {
            continue;
        }
        let pos = start
            .play_str(moves)
            .map_err(|e| ReportError::input(format!("line {}: {e}", n + 1)))?;
        lines.push((moves.to_owned(), pos));
    }
    Ok(lines)
}

/// `cgt connect4 --batch`: every position of `lines` solved (in parallel over the lines, by
/// `solve_batch`, consulting `book`), in input order; `progress` hears how many are done.
pub fn connect4_batch(
    width: u8,
    lines: Vec<(String, Connect4)>,
    query: &Connect4Query<'_>,
    book: Option<Arc<Connect4Book>>,
    progress: &(dyn Fn(usize) + Sync),
) -> Connect4Batch {
    let depth = if query.weak {
        Depth::Weak
    } else {
        Depth::Exact
    };
    let positions: Vec<Connect4> = lines.iter().map(|(_, p)| *p).collect();
    let started = std::time::Instant::now();
    let (results, nodes) = solve_batch(
        &positions,
        query.threads,
        query.table_bits,
        depth,
        query.all,
        book,
        progress,
    );
    Connect4Batch {
        width,
        weak: query.weak,
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
    }
}

/// `cgt connect4 --book-build DEPTH --out FILE`: what was built (in `seconds`) and written
/// (`bytes` to `file`).
#[must_use]
pub fn book_built(
    book: &Connect4Book,
    depth: u32,
    file: &str,
    bytes: u64,
    seconds: f64,
) -> BookReport {
    let (width, height) = book.size();
    let empty = Connect4::new(width, height).expect("a book's board is a board");
    BookReport {
        width,
        height,
        depth,
        positions: book.len(),
        file: file.to_owned(),
        bytes,
        seconds,
        empty_board_score: book.score(&empty),
        weak: book.is_weak(),
    }
}

/// `cgt connect4 --book-build`: what was built and written.
#[derive(Debug, Serialize)]
pub struct BookReport {
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Stones on the board of the book's deepest positions.
    pub depth: u32,
    /// Positions in the book.
    pub positions: usize,
    /// The file written.
    pub file: String,
    /// Its size.
    pub bytes: u64,
    /// Wall time of the build.
    pub seconds: f64,
    /// The empty board's score (or outcome, for a weak book).
    pub empty_board_score: Option<i32>,
    /// Whether the book holds outcomes only.
    pub weak: bool,
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

/// One solved line of `cgt connect4 --batch`.
#[derive(Clone, Debug, Serialize)]
pub struct BatchLine {
    /// The moves, as given.
    pub moves: String,
    /// The score for the player to move.
    pub score: i32,
    /// Every column's score, with `--all` (`null` for a full column).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column_scores: Option<Vec<Option<i32>>>,
}

/// `cgt connect4 --batch`: one line per position, `MOVES SCORE` or `MOVES` and the score of
/// every column (the positions searched and the time are for a front end to show apart, as
/// [`Connect4Batch::summary`] words them).
#[derive(Debug, Serialize)]
pub struct Connect4Batch {
    /// Board width, for the text.
    #[serde(skip)]
    pub width: u8,
    /// Whether scores are outcomes only.
    pub weak: bool,
    /// One line per position, in input order.
    pub lines: Vec<BatchLine>,
    /// Positions searched in all.
    pub nodes: u64,
    /// Wall time.
    pub seconds: f64,
}

impl Connect4Batch {
    /// The positions searched and the time, in words.
    #[must_use]
    pub fn summary(&self) -> String {
        format!(
            "solved {} positions: searched {} positions in {:.3} s",
            self.lines.len(),
            self.nodes,
            self.seconds
        )
    }
}

impl Report for Connect4Batch {
    fn text(&self) -> String {
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
pub struct Connect4Report {
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// The moves played, as given.
    pub moves: String,
    /// `X` or `O`.
    pub to_move: &'static str,
    /// Whether the score is an outcome only.
    pub weak: bool,
    /// Positive wins (larger sooner), 0 a draw, negative loses; with `weak`, 1, 0 or −1.
    pub score: i32,
    /// Every best column, from 1 (empty with `--score`).
    pub best_moves: Vec<u8>,
    /// Every column's score, with `--all` (`null` for a full column).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column_scores: Option<Vec<Option<i32>>>,
    /// Whether the opening book answered.
    pub from_book: bool,
    /// Positions searched.
    pub nodes: u64,
    /// Wall time.
    pub seconds: f64,
    /// Whether the game is over.
    pub over: bool,
    /// The board drawn, for the text.
    #[serde(skip)]
    pub board: String,
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

/// Most free slots for which `cgt bridgit` finds every winning move (n = 3 has 13).
pub const BRIDGIT_BEST_FREE: u32 = Policy::EXACT_FREE;
/// Most free slots for which it finds the value (n = 4 has 25: about 5 s).
pub const BRIDGIT_VALUE_FREE: u32 = 25;
/// Largest n for `--count-crossings` by enumeration.
pub const BRIDGIT_COUNT_N: u8 = 4;

/// The policy's name as the text output has always written it (`Pairing`, `Shannon`, `Exact`).
fn policy_name(p: Policy) -> String {
    let name = p.to_string();
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// The position after `moves` (slot numbers or lattice points `X,Y`) on the Bridg-it board
/// of size `n`.
///
/// # Errors
/// A size out of range, a move that is not a free slot, a move after the end.
pub fn bridgit_position(n: u8, moves: &[String]) -> Result<Bridgit, ReportError> {
    let mut pos = Bridgit::new(n).map_err(|e| ReportError::input(e.to_string()))?;
    for (i, m) in moves.iter().enumerate() {
        if pos.winner().is_some() {
            return Err(ReportError::input(format!(
                "move {} comes after the game ended",
                i + 1
            )));
        }
        let s = pos
            .parse_slot(m)
            .map_err(|e| ReportError::input(format!("move {}: {e}", i + 1)))?;
        pos.play(s);
    }
    Ok(pos)
}

/// `cgt bridgit N [MOVES]`: the board, the exact value and winning slots on small boards,
/// `strategy`'s move, and with `count_crossings` the number of Left's winning segment sets.
///
/// # Errors
/// As [`bridgit_position`]; a strategy that does not apply; crossings of boards past n = 4.
pub fn bridgit(
    n: u8,
    moves: &[String],
    strategy: Option<Policy>,
    count_crossings: bool,
) -> Result<BridgitReport, ReportError> {
    let pos = bridgit_position(n, moves)?;
    if let (Some(strategy), None) = (strategy, pos.winner()) {
        strategy
            .check(&pos, pos.to_move())
            .map_err(|e| ReportError::input(format!("strategy {strategy}: {e}")))?;
    }
    let e = u32::from(pos.slot_count());
    // Limits before work.
    if count_crossings && n > BRIDGIT_COUNT_N {
        return Err(ReportError::input(format!(
            "count_crossings enumerates all 2^{e} sets of segments; limited to n ≤ {BRIDGIT_COUNT_N}"
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
                r.best_names = best.iter().map(|&s| bridgit::slot_label(n, s)).collect();
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
            r.strategy = Some((policy_name(strategy), bridgit::slot_label(n, s)));
        }
    }
    if count_crossings {
        let count = bridgit::crossing_count(n);
        r.crossings = Some(count);
        r.crossing_probability = Some(count as f64 / (1u64 << e) as f64);
    }
    Ok(r)
}

/// `cgt bridgit`: the board, the exact value and winning slots (small boards), a strategy's
/// move, and the crossing count.
#[derive(Debug, Serialize)]
pub struct BridgitReport {
    /// The board size.
    pub n: u8,
    /// Slots on the board.
    pub slots: u32,
    /// The moves played, as given.
    pub moves: Vec<String>,
    /// Who has won, when the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// Who moves, while it goes on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<String>,
    /// Positive when the player to move wins.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i32>,
    /// Every winning slot (small boards).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_moves: Option<Vec<u8>>,
    /// Positions searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// The strategy's slot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategy_move: Option<u8>,
    /// Sets of Left's segments joining left and right.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crossings: Option<u64>,
    /// The same as a fraction of all sets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crossing_probability: Option<f64>,
    /// The board drawn, for the text.
    #[serde(skip)]
    pub board: String,
    /// Free slots.
    #[serde(skip)]
    pub free: u32,
    /// The winning slots in words, for the text.
    #[serde(skip)]
    pub best_names: Vec<String>,
    /// The strategy's name and slot in words, for the text.
    #[serde(skip)]
    pub strategy: Option<(String, String)>,
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

/// The window a cycle game starts on when none is given (points across and up).
pub const CYCLE_WINDOW: (u8, u8) = (6, 6);

/// The cycle game on a window of the grid after the first player's `moves`, each answered by
/// the second player's pairing (11.2.10).
///
/// # Errors
/// A window outside 2 to 64 points a side; a move that is not a segment, is outside the
/// window, or is taken.
pub fn cycle_position(
    (width, height): (u8, u8),
    moves: &[String],
) -> Result<(CycleGame, Vec<String>), ReportError> {
    let mut g = CycleGame::new(width, height).map_err(|e| ReportError::input(e.to_string()))?;
    let mut replies = Vec::new();
    for (n, text) in moves.iter().enumerate() {
        let bad = |why: String| ReportError::input(format!("move {} ({text:?}): {why}", n + 1));
        let e: GridEdge = text
            .parse()
            .map_err(|e: cgt_minimax::ParseMoveError| bad(e.to_string()))?;
        g.take(e).map_err(|e| match e {
            cgt_minimax::BoardError::OffBoard { range, .. } => {
                bad(format!("not in the window ({range})"))
            }
            cgt_minimax::BoardError::Occupied { .. } => bad("already taken".to_owned()),
            other => bad(other.to_string()),
        })?;
        if let Some(r) = g.pairing_reply() {
            g.take(r).map_err(|e| ReportError::failure(e.to_string()))?;
            replies.push(r.to_string());
        }
    }
    Ok((g, replies))
}

/// `cgt cycle`: the window after the first player's moves and the pairing's answers.
///
/// # Errors
/// As [`cycle_position`].
pub fn cycle(window: (u8, u8), moves: &[String]) -> Result<CycleReport, ReportError> {
    let (g, replies) = cycle_position(window, moves)?;
    Ok(CycleReport {
        width: g.width(),
        height: g.height(),
        moves: moves.to_vec(),
        replies,
        cycle_closed: g.cycle_closed(),
        free: g.free().count(),
        board: g.render(),
    })
}

/// The report of [`cycle`].
#[derive(Debug, Serialize)]
pub struct CycleReport {
    /// Points across.
    pub width: u8,
    /// Points up.
    pub height: u8,
    /// The first player's segments, as given.
    pub moves: Vec<String>,
    /// The pairing's answer to each.
    pub replies: Vec<String>,
    /// Whether the first player closed a cycle (the pairing makes this never happen).
    pub cycle_closed: bool,
    /// Segments still free.
    pub free: usize,
    /// The window drawn as text.
    pub board: String,
}

impl Report for CycleReport {
    fn text(&self) -> String {
        let mut out = format!(
            "The cycle game on {}×{} points: you draw ───/│, the pairing blocks · and :.\n{}",
            self.width, self.height, self.board
        );
        for (m, r) in self.moves.iter().zip(&self.replies) {
            out.push_str(&format!("{m} → pairing answers {r}\n"));
        }
        out.push_str(if self.cycle_closed {
            "a cycle is closed\n"
        } else {
            "no cycle: every cycle uses the right and the up segment of its lowest-leftmost point, \
             and the pairing takes one of the two whenever you take the other\n"
        });
        out
    }
}
