//! The game-tree commands: value trees with alpha-beta, AND-OR trees, and m,n,k-games.

use cgt_minimax::engine::{Game, Options, table_bits_for};
use cgt_minimax::eval::{
    explain_reduced, fail_soft, reduced_value, value_iterative, value_recursive,
};
use cgt_minimax::mnk::{Mnk, counts as tree_counts};
use cgt_minimax::robot::TreeRobot;
use cgt_minimax::tree::Tree;
use serde::Serialize;

use cgt_core::said::{Line, Said, Word};

use crate::document::Report;
use crate::error::ReportError;
use crate::texts::{self, Lang};

/// What `cgt tree` is asked besides the value.
#[derive(Clone, Copy, Debug, Default)]
pub struct TreeQuestions<'a> {
    /// Reduce the value to this window `[a, b]`.
    pub window: Option<&'a [i64]>,
    /// Show the leaves each evaluator read (the document always has them).
    pub stats: bool,
    /// The alpha-beta trace.
    pub explain: bool,
    /// Each distinct payoff as a two-outcome threshold (Zermelo, 11.2.6).
    pub thresholds: bool,
}

/// `cgt tree`: the value of a tree written in the tree format, with a window's reduced value
/// (fail-hard and fail-soft alpha-beta), the leaves each way reads, with `explain` the
/// alpha-beta trace and with `thresholds` the two-outcome games behind the value.
///
/// # Errors
/// A malformed tree, an empty window, a trace too long for a screen.
pub fn tree(text: &str, ask: TreeQuestions<'_>) -> Result<TreeReport, ReportError> {
    let TreeQuestions {
        window,
        stats,
        explain,
        thresholds,
    } = ask;
    let t = Tree::parse(text).map_err(|e| ReportError::input(format!("invalid tree: {e}")))?;
    if explain && t.leaves() > EXPLAIN_LEAVES {
        return Err(ReportError::input(format!(
            "explain traces trees of at most {EXPLAIN_LEAVES} leaves ({} here would not fit a \
             screen)",
            t.leaves()
        )));
    }
    let (a, b) = match window {
        Some(&[a, b]) if a <= b => (a, b),
        Some(&[a, b]) => {
            return Err(ReportError::input(format!("empty window: {a} > {b}")));
        }
        _ => (i64::MIN, i64::MAX),
    };
    let mut full = TreeRobot::new(&t);
    let value = value_recursive(&mut full);
    let mut stack = TreeRobot::new(&t);
    let stack_value = value_iterative(&mut stack);
    let mut ab = TreeRobot::new(&t);
    let reduced = reduced_value(&mut ab, a, b).unwrap_or(value);
    let mut soft = TreeRobot::new(&t);
    let soft_value = fail_soft(&mut soft, a, b).unwrap_or(value);
    debug_assert_eq!(value, stack_value);
    let show = |p: &i64| match *p {
        i64::MIN => "-inf".to_owned(),
        i64::MAX => "+inf".to_owned(),
        p => p.to_string(),
    };
    let lines = explain
        .then(|| explain_reduced(&mut TreeRobot::new(&t), a, b, show))
        .flatten();
    let thresholds = thresholds.then(|| {
        cgt_minimax::threshold::thresholds(&t)
            .into_iter()
            .map(|(c, max_forces)| Threshold { c, max_forces })
            .collect()
    });
    let report = TreeReport {
        explanation: lines.as_ref().map(|l| texts::lines(Lang::En, l)),
        lines: lines.unwrap_or_default(),
        thresholds,
        tree: t.to_string(),
        value,
        window: window.map(|_| [a, b]),
        reduced: window.map(|_| reduced),
        fail_soft: window.map(|_| soft_value),
        leaves: t.leaves(),
        reads: ReadsReport {
            full: full.reads(),
            alpha_beta: ab.reads(),
            fail_soft: soft.reads(),
        },
        stats,
    };
    Ok(report)
}

/// `cgt tree`: the value, the window's reduced value, and how many leaves each way reads.
#[derive(Debug, Serialize)]
pub struct TreeReport {
    /// The alpha-beta trace, with `--explain` (in English).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Vec<String>>,
    /// The trace as lines, for the text in other languages.
    #[serde(skip)]
    pub lines: Vec<Line>,
    /// The tree, as read back in the tree format.
    pub tree: String,
    /// Its minimax value.
    pub value: i64,
    /// The window `[a, b]`, when one was given.
    pub window: Option<[i64; 2]>,
    /// Fail-hard alpha-beta: `clamp(value, a, b)`.
    pub reduced: Option<i64>,
    /// Fail-soft alpha-beta's result in the window.
    pub fail_soft: Option<i64>,
    /// Leaves in the tree.
    pub leaves: usize,
    /// Leaves read by each way of evaluating.
    pub reads: ReadsReport,
    /// With `thresholds`: each distinct payoff `c` and whether Max forces at least `c`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thresholds: Option<Vec<Threshold>>,
    /// Whether the text shows the reads.
    #[serde(skip)]
    pub stats: bool,
}

/// One two-outcome game of a tree: "a payoff of at least `c` wins for Max".
#[derive(Debug, Serialize)]
pub struct Threshold {
    /// The threshold, one of the tree's payoffs.
    pub c: i64,
    /// Whether Max (the first player) forces a payoff of at least `c`.
    pub max_forces: bool,
}

/// Leaves read by each way of evaluating a tree.
#[derive(Debug, Serialize)]
pub struct ReadsReport {
    /// By full traversal.
    pub full: u64,
    /// By fail-hard alpha-beta.
    pub alpha_beta: u64,
    /// By fail-soft alpha-beta.
    pub fail_soft: u64,
}

impl Report for TreeReport {
    fn text(&self) -> String {
        self.text_in(Lang::En)
    }

    fn text_in(&self, lang: Lang) -> String {
        let say = |said: Said| texts::said(lang, &said) + "\n";
        let mut out = String::new();
        for line in texts::lines(lang, &self.lines) {
            out.push_str(&line);
            out.push('\n');
        }
        out.push_str(&say(
            Said::new("report-tree-value").text("value", self.value.to_string())
        ));
        if let Some(rows) = &self.thresholds {
            let list = |forced: bool| {
                let cs: Vec<Word> = rows
                    .iter()
                    .filter(|r| r.max_forces == forced)
                    .map(|r| Word::Text(r.c.to_string()))
                    .collect();
                if cs.is_empty() {
                    Said::new("report-tree-none").into()
                } else {
                    Word::Series(cs)
                }
            };
            out.push_str(&say(Said::new("report-tree-thresholds")
                .words("max", list(true))
                .words("min", list(false))
                .text("value", self.value.to_string())));
        }
        if let (Some([a, b]), Some(reduced), Some(soft)) =
            (self.window, self.reduced, self.fail_soft)
        {
            out.push_str(&say(Said::new("report-tree-reduced")
                .text("a", a.to_string())
                .text("b", b.to_string())
                .text("reduced", reduced.to_string())
                .text("soft", soft.to_string())));
        }
        if self.stats {
            out.push_str(&say(Said::new("report-tree-reads")
                .number("leaves", self.leaves as u64)
                .number("full", self.reads.full)
                .number("alpha-beta", self.reads.alpha_beta)
                .number("soft", self.reads.fail_soft)));
        }
        out
    }
}

/// The most leaves `cgt tree --explain` traces.
const EXPLAIN_LEAVES: usize = 64;

/// Largest height accepted by `cgt andor` (4^12 leaves).
const MAX_HEIGHT: u32 = 24;

/// `cgt andor`: an AND-OR tree of `height` (even) with `leaves` (a string of 0 and 1) or random
/// leaves from `seed`: its value, the leaves read left to right, in the best order and in
/// expectation under random order, against the bounds.
///
/// # Errors
/// An odd or too large height, leaves of the wrong length.
pub fn andor(
    height: u32,
    leaves: Option<&str>,
    seed: Option<u64>,
    explain: bool,
) -> Result<AndOrReport, ReportError> {
    use cgt_minimax::andor;
    if !height.is_multiple_of(2) || height == 0 {
        return Err(ReportError::input(format!(
            "height must be a positive even number (2n), got {height}"
        )));
    }
    let n = height / 2;
    let Some(worst) = andor::worst_expected(n) else {
        return Err(ReportError::input(format!(
            "height {height}: the worst expectation is computed exactly up to height {}",
            2 * andor::MAX_WORST_N
        )));
    };
    if explain && height > 6 {
        return Err(ReportError::input(format!(
            "explain traces trees of height at most 6 (64 leaves); height {height} has 4^{n}"
        )));
    }
    let tree = if height > MAX_HEIGHT {
        if leaves.is_some() || seed.is_some() {
            // 4^n leaves of one byte each (n ≤ 32, so the count fits).
            let bytes = 4u128.pow(n);
            return Err(ReportError::input(format!(
                "height {height} has 4^{n} = {bytes} leaves (about {} of memory); one tree is enumerated up to height \
                 {MAX_HEIGHT} (without leaves and seed, larger heights give the worst \
                 expectation alone)",
                cgt_impartial::human_bytes(bytes)
            )));
        }
        None
    } else {
        Some(andor_tree(height, leaves, seed, explain)?)
    };
    let worst_max = if worst[0].gt(worst[1]) {
        worst[0]
    } else {
        worst[1]
    };
    let sharper_rate = ((1.0 + 33f64.sqrt()) / 4.0).powi(2 * n as i32);
    Ok(AndOrReport {
        height,
        tree,
        worst_expected: worst_max.to_string(),
        worst_expected_float: worst_max.to_f64(),
        three_to_n: 3f64.powi(n as i32),
        sharper_rate,
        rate_ratio: worst_max.to_f64() / sharper_rate,
        n,
    })
}

/// One tree of height `height` ≤ [`MAX_HEIGHT`]: its value and the leaves each order reads.
fn andor_tree(
    height: u32,
    leaves: Option<&str>,
    seed: Option<u64>,
    explain: bool,
) -> Result<AndOrTree, ReportError> {
    use cgt_minimax::andor;
    let count = 4usize.pow(height / 2);
    let bits: Vec<u8> = match leaves {
        Some(text) => {
            if let Some((at, c)) = text
                .chars()
                .enumerate()
                .find(|&(_, c)| c != '0' && c != '1')
            {
                return Err(ReportError::input(format!(
                    "leaves: character {} is {c:?}; the leaves are written with 0 and 1 only",
                    at + 1
                )));
            }
            if text.len() != count {
                return Err(ReportError::input(format!(
                    "leaves: a tree of height {height} has {count} leaves; {} were given",
                    text.len()
                )));
            }
            text.bytes().map(|b| b - b'0').collect()
        }
        None => {
            let mut rng = cgt_core::rng::Rng::new(seed.unwrap_or(1));
            (0..count).map(|_| rng.below(2) as u8).collect()
        }
    };
    let expected = andor::expected_reads(&bits, true);
    let explanation = if explain {
        // Left to right, alpha-beta on 0/1 leaves is short-circuit evaluation: the trace of the
        // same tree as a value tree with the window [0, 1].
        let t = cgt_minimax::tree::and_or(height / 2, &bits)
            .map_err(|e| ReportError::failure(e.to_string()))?;
        let mut lines = vec![Line::say(Said::new("explain-andor"))];
        lines.extend(
            explain_reduced(&mut TreeRobot::new(&t), 0u8, 1u8, u8::to_string)
                .unwrap_or_default()
                .into_iter()
                .skip(1),
        );
        Some(lines)
    } else {
        None
    };
    Ok(AndOrTree {
        explanation: explanation
            .as_ref()
            .map(|l: &Vec<Line>| texts::lines(Lang::En, l)),
        lines: explanation.unwrap_or_default(),
        leaves: count,
        value: andor::value(&bits, true),
        reads: AndOrReads {
            fixed_order: andor::fixed_order_reads(&bits, true),
            fewest: andor::fewest_reads(&bits, true),
            expected: expected.to_string(),
            expected_float: expected.to_f64(),
        },
    })
}

/// `cgt andor`: the tree's value and the leaves read in each order, against the bounds.
#[derive(Debug, Serialize)]
pub struct AndOrReport {
    /// The height `2n`.
    pub height: u32,
    /// One tree (given or random) when the height is at most 24; flattened into the document.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub tree: Option<AndOrTree>,
    /// Exact, as a dyadic fraction.
    pub worst_expected: String,
    /// The same, as a float.
    pub worst_expected_float: f64,
    /// `3^n`.
    pub three_to_n: f64,
    /// ((1+√33)/4)^(2n).
    pub sharper_rate: f64,
    /// `worst_expected / sharper_rate`: bounded, converging to about 1.10927 (11.4.5 as a rate).
    pub rate_ratio: f64,
    /// `n`, half the height.
    #[serde(skip)]
    pub n: u32,
}

/// One AND-OR tree of a report.
#[derive(Debug, Serialize)]
pub struct AndOrTree {
    /// With `--explain`: the left-to-right evaluation, vertex by vertex, with each cut (in
    /// English).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Vec<String>>,
    /// The evaluation as lines, for the text in other languages.
    #[serde(skip)]
    pub lines: Vec<Line>,
    /// The `4^n` leaves.
    pub leaves: usize,
    /// The root's value (0 or 1).
    pub value: u8,
    /// Leaves read in each order.
    pub reads: AndOrReads,
}

/// Leaves read by each order of an AND-OR tree.
#[derive(Debug, Serialize)]
pub struct AndOrReads {
    /// Left to right.
    pub fixed_order: u64,
    /// In the best order (at least `2^n`).
    pub fewest: u64,
    /// Exact expectation under random child order, as a dyadic fraction.
    pub expected: String,
    /// The same, as a float.
    pub expected_float: f64,
}

impl Report for AndOrReport {
    fn text(&self) -> String {
        self.text_in(Lang::En)
    }

    fn text_in(&self, lang: Lang) -> String {
        let h = u64::from(self.height);
        let mut out = String::new();
        for line in texts::lines(lang, self.tree.as_ref().map_or(&[][..], |t| &t.lines)) {
            out.push_str(&line);
            out.push('\n');
        }
        let said = match &self.tree {
            Some(t) => Said::new("report-andor-tree")
                .number("height", h)
                .number("leaves", t.leaves as u64)
                .number("value", u64::from(t.value))
                .number("fixed", t.reads.fixed_order)
                .number("fewest", t.reads.fewest)
                .number("bound", 1u64 << self.n)
                .text("expected", t.reads.expected.as_str())
                .text("expected-float", format!("{:.4}", t.reads.expected_float)),
            None => Said::new("report-andor-no-tree")
                .number("height", h)
                .number("n", u64::from(self.n)),
        };
        out.push_str(&texts::said(lang, &said));
        out.push('\n');
        out.push_str(&texts::said(
            lang,
            &Said::new("report-andor-worst")
                .number("height", h)
                .text("worst", self.worst_expected.as_str())
                .text("worst-float", format!("{:.4}", self.worst_expected_float))
                .text("three", self.three_to_n.to_string())
                .text("sharper", format!("{:.4}", self.sharper_rate))
                .text("ratio", format!("{:.6}", self.rate_ratio)),
        ));
        out.push('\n');
        out
    }
}

/// Largest board `cgt mnk` solves exactly (cells) and counts (cells).
pub const MNK_SOLVE_CELLS: u32 = 25;
/// Largest board `cgt mnk --counts` enumerates (empty cells).
pub const MNK_COUNT_CELLS: u32 = 12;

/// The position after `moves` (cells numbered from 1, row by row) of the (m,n,k)-game.
///
/// # Errors
/// A shape out of range, a cell off the board or taken, a move after the end.
pub fn mnk_position((m, n, k): (u8, u8, u8), moves: &[u8]) -> Result<Mnk, ReportError> {
    let start = Mnk::new(m, n, k).map_err(|e| ReportError::input(e.to_string()))?;
    let cells = u32::from(m) * u32::from(n);
    let zero_based: Vec<u8> = moves
        .iter()
        .map(|&c| {
            c.checked_sub(1)
                .filter(|&c| u32::from(c) < cells)
                .ok_or_else(|| {
                    ReportError::input(format!("cell {c} is not on the board (1 to {cells})"))
                })
        })
        .collect::<Result<_, _>>()?;
    start
        .play_all(&zero_based)
        .map_err(|e| ReportError::input(e.to_string()))
}

/// The empty cells of an m,n,k position.
#[must_use]
pub fn empty_cells(pos: &Mnk) -> u32 {
    let (m, n, _) = pos.shape();
    u32::from(m) * u32::from(n) - (pos.bitboards().0 | pos.bitboards().1).count_ones()
}

/// The engine's options for a search over `empty` free cells on `threads` threads within
/// `memory_limit` bytes.
///
/// # Errors
/// The search tables would not fit.
pub fn search_options(
    empty: u32,
    threads: usize,
    memory_limit: u128,
) -> Result<Options, ReportError> {
    let bits = table_bits_for(empty, threads, memory_limit).map_err(|e| {
        ReportError::input(format!(
            "the search tables need {} but the memory limit is {}",
            cgt_impartial::human_bytes(e.bytes),
            cgt_impartial::human_bytes(e.limit)
        ))
    })?;
    Ok(Options {
        table_bits: Some(bits),
        ..Options::default()
    })
}

/// `cgt mnk M N K [MOVES]`: the value for the player to move, every best cell and, with
/// `counts`, the numbers of positions and games — searched on `threads` threads within
/// `budget` (its memory for the tables, with 1 GiB when it has none; its time limit and stop
/// flag while the search runs). With `explain`, every empty cell with the value of playing
/// there.
///
/// # Errors
/// As [`mnk_position`] and [`search_options`]; boards too large to solve or count.
pub fn mnk(
    (m, n, k): (u8, u8, u8),
    moves: &[u8],
    counts: bool,
    threads: usize,
    budget: &cgt_core::budget::Budget,
    explain: bool,
) -> Result<MnkReport, ReportError> {
    let pos = mnk_position((m, n, k), moves)?;
    let empty = empty_cells(&pos);
    let options = search_options(empty, threads, u128::from(budget.memory_or(1 << 30)))?;
    // Limits are checked before any work (a new user once waited for a whole solve to be told
    // that --counts was out of range).
    if counts && empty > MNK_COUNT_CELLS {
        return Err(ReportError::input(format!(
            "counts enumerates every game; limited to {MNK_COUNT_CELLS} empty cells (got {empty})"
        )));
    }
    if empty > MNK_SOLVE_CELLS {
        return Err(ReportError::input(format!(
            "{empty} empty cells: exact solving is limited to {MNK_SOLVE_CELLS} (the tree has up to {empty}! leaves)"
        )));
    }
    let mover = if pos.x_to_move() { "X" } else { "O" };
    let (valued, nodes) =
        cgt_minimax::engine::move_values_parallel_within(&pos, options, threads, budget)?;
    let value = match pos.terminal() {
        Some(score) => score,
        None => valued.iter().map(|&(_, v)| v).max().unwrap_or(0),
    };
    let best: Vec<cgt_minimax::mnk::Cell> = valued
        .iter()
        .filter(|&&(_, v)| v == value)
        .map(|&(c, _)| c)
        .collect();
    let explanation = (explain && pos.terminal().is_none()).then(|| {
        let (x, o) = pos.bitboards();
        let letter = |v: i32| match v.signum() {
            1 => 'W',
            0 => 'D',
            _ => 'L',
        };
        let mut lines = vec![format!(
            "Each empty cell with the value of playing there for {mover}, by a full search of \
             the position after it (W wins, D draws, L loses); the position is worth the best \
             of them:"
        )];
        for r in 0..m {
            let row: String = (0..n)
                .map(|c| {
                    let i = r * n + c;
                    if x >> i & 1 == 1 {
                        'X'
                    } else if o >> i & 1 == 1 {
                        'O'
                    } else {
                        valued
                            .iter()
                            .find(|&&(cell, _)| cell.0 == i)
                            .map_or('?', |&(_, v)| letter(v))
                    }
                })
                .flat_map(|ch| [ch, ' '])
                .collect();
            lines.push(format!("  {}", row.trim_end()));
        }
        lines
    });
    let counts = counts.then(|| {
        let c = tree_counts(&pos);
        CountsReport {
            positions: c.positions,
            positions_up_to_symmetry: c.positions_up_to_symmetry,
            terminal: c.terminal_positions,
            games: c.games,
            x_wins: c.x_wins,
            o_wins: c.o_wins,
            draws: c.draws,
        }
    });
    let report = MnkReport {
        m,
        n,
        k,
        moves: moves.to_vec(),
        to_move: mover,
        value,
        best_moves: best.iter().map(|&c| c.0 + 1).collect(),
        nodes,
        counts,
        explanation,
        over: pos.terminal().is_some(),
    };
    Ok(report)
}

/// `cgt mnk`: the value for the player to move, every best cell (1-based), and the counts.
#[derive(Debug, Serialize)]
pub struct MnkReport {
    /// Rows.
    pub m: u8,
    /// Columns.
    pub n: u8,
    /// Marks in a row that win.
    pub k: u8,
    /// The moves played (cells from 1).
    pub moves: Vec<u8>,
    /// `X` or `O`.
    pub to_move: &'static str,
    /// 1 win, 0 draw, −1 loss for the player to move.
    pub value: i32,
    /// Every best cell (from 1).
    pub best_moves: Vec<u8>,
    /// Positions searched.
    pub nodes: u64,
    /// With `--counts`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts: Option<CountsReport>,
    /// With `--explain`: the board with each empty cell's value for the player to move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Vec<String>>,
    /// Whether the game is over.
    #[serde(skip)]
    pub over: bool,
}

/// The numbers of positions and games of an m,n,k board.
#[derive(Debug, Serialize)]
pub struct CountsReport {
    /// Positions reachable.
    pub positions: u64,
    /// The same, up to the board's symmetries.
    pub positions_up_to_symmetry: u64,
    /// Positions where the game is over.
    pub terminal: u64,
    /// Complete games.
    pub games: u64,
    /// Games X wins.
    pub x_wins: u64,
    /// Games O wins.
    pub o_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

impl Report for MnkReport {
    fn text(&self) -> String {
        let verdict = match self.value {
            1 => format!("{} to move wins", self.to_move),
            0 => "a draw with best play".to_owned(),
            _ => format!("{} to move loses", self.to_move),
        };
        let mut text = format!(
            "({},{},{}) after {} moves: {verdict}\n",
            self.m,
            self.n,
            self.k,
            self.moves.len()
        );
        for line in self.explanation.iter().flatten() {
            text.push_str(line);
            text.push('\n');
        }
        if self.over {
            text.push_str("The game is over.\n");
        } else {
            let list: Vec<String> = self.best_moves.iter().map(u8::to_string).collect();
            text.push_str(&format!("Best moves (cells): {}\n", list.join(" ")));
        }
        if let Some(c) = &self.counts {
            text.push_str(&format!(
                "positions {} ({} up to symmetry), terminal {}, complete games {} (X wins {}, O wins {}, draws {})\n",
                c.positions, c.positions_up_to_symmetry, c.terminal, c.games, c.x_wins, c.o_wins, c.draws
            ));
        }
        text
    }
}
