//! The retrograde commands' documents: a table's build, statistics, file header and probes,
//! and game graphs with cycles.

use cgt_core::Verdict;
use cgt_retro::chess::tables::{
    Counting, EndgameTable, SideStats, TABLE_KIND, TableFile, TableFileError, numbered_line,
};
use cgt_retro::chess::{Color, Position, San, Scheme};
use cgt_retro::engine::{self, RetroGame};
use cgt_retro::graph::GameGraph;
use serde::Serialize;

use crate::document::{Report, VerdictReport};
use crate::error::ReportError;
use crate::texts::{self, Lang};

/// `cgt retro build`: what was built and written (the build itself is
/// `EndgameTable::build_with_progress`; a front end shows its progress and writes the file).
#[must_use]
pub fn build(table: &EndgameTable, seconds: f64, file: &str, bytes: u64) -> BuildReport {
    BuildReport {
        endgame: table.endgame().name(),
        scheme: table.endgame().scheme().to_string(),
        entries: table.table().size(),
        seconds,
        threads: table.threads(),
        file: file.to_owned(),
        bytes,
        cluster: None,
    }
}

/// What the processes of a distributed build exchanged, summed over all workers.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ClusterFigures {
    /// Processes.
    pub processes: usize,
    /// This process's number.
    pub process: usize,
    /// Workers per process.
    pub workers: usize,
    /// Bytes sent between processes at each level.
    pub level_bytes: Vec<u64>,
    /// Bytes of table parts sent to process 0 at the end.
    pub gather_bytes: u64,
    /// Seconds the workers computed, summed over workers.
    pub compute_seconds: f64,
    /// Seconds the workers spent exchanging (sending and waiting), summed.
    pub waiting_seconds: f64,
}

impl ClusterFigures {
    /// One line: the processes, the traffic, and the time split.
    fn line(&self, entries: usize) -> String {
        let total: u64 = self.level_bytes.iter().sum();
        format!(
            "{} processes x {} worker(s): {} bytes between processes in {} levels ({:.2} per entry) and {} bytes of table parts to process 0; workers computed {:.2} s and exchanged {:.2} s in all\n",
            self.processes,
            self.workers,
            total,
            self.level_bytes.len(),
            total as f64 / entries.max(1) as f64,
            self.gather_bytes,
            self.compute_seconds,
            self.waiting_seconds
        )
    }
}

/// `cgt retro build` on a process other than process 0 of a distributed build: its share
/// is built and sent; process 0 writes the file.
#[must_use]
pub fn cluster_part(endgame: &str, seconds: f64, cluster: ClusterFigures) -> ClusterPartReport {
    ClusterPartReport {
        endgame: endgame.to_owned(),
        seconds,
        cluster,
    }
}

/// `cgt retro build` on a process other than process 0.
#[derive(Debug, Serialize)]
pub struct ClusterPartReport {
    /// The endgame's name.
    pub endgame: String,
    /// Wall time.
    pub seconds: f64,
    /// The cluster's figures.
    pub cluster: ClusterFigures,
}

impl Report for ClusterPartReport {
    fn text(&self) -> String {
        format!(
            "process {} of {}: built its share of {} in {:.2} s and sent it to process 0, which writes the file\n",
            self.cluster.process, self.cluster.processes, self.endgame, self.seconds
        )
    }
}

/// `cgt retro build`.
#[derive(Debug, Serialize)]
pub struct BuildReport {
    /// The endgame's name (`KQKR`).
    pub endgame: String,
    /// `reduced` or `raw`.
    pub scheme: String,
    /// Positions in the table.
    pub entries: usize,
    /// Wall time of the build.
    pub seconds: f64,
    /// Threads that built it.
    pub threads: usize,
    /// The file written.
    pub file: String,
    /// Its size.
    pub bytes: u64,
    /// A distributed build's figures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster: Option<ClusterFigures>,
}

impl Report for BuildReport {
    fn text(&self) -> String {
        let mut text = self
            .cluster
            .as_ref()
            .map_or_else(String::new, |c| c.line(self.entries));
        text.push_str(&format!(
            "built {} ({} index, {} entries) in {:.2} s with {} threads; wrote {} ({} bytes, {:.2} bytes per entry)\n",
            self.endgame,
            self.scheme,
            self.entries,
            self.seconds,
            self.threads,
            self.file,
            self.bytes,
            self.bytes as f64 / self.entries.max(1) as f64
        ));
        text
    }
}

/// One side's statistics, as `cgt retro stats` reports them.
#[derive(Debug, Serialize)]
pub struct SideReport {
    /// Legal positions.
    pub legal: u64,
    /// Won for the side to move.
    pub wins: u64,
    /// Lost for the side to move.
    pub losses: u64,
    /// Drawn.
    pub draws: u64,
    /// The longest win or loss, in plies.
    pub longest_plies: Option<u32>,
    /// The same in moves.
    pub longest_moves: Option<u32>,
    /// Positions at that distance.
    pub positions_at_longest: Option<u64>,
    /// `[plies, positions]` pairs.
    pub histogram: Vec<(u32, u64)>,
    /// One of them.
    pub longest_fen: Option<String>,
}

impl From<SideStats> for SideReport {
    fn from(s: SideStats) -> SideReport {
        SideReport {
            legal: s.legal,
            wins: s.wins,
            losses: s.losses,
            draws: s.draws,
            longest_plies: s.longest.map(|l| l.0),
            longest_moves: s.longest.map(|l| l.0.div_ceil(2)),
            positions_at_longest: s.longest.map(|l| l.1),
            histogram: s.histogram.into_iter().collect(),
            longest_fen: s.longest_fen,
        }
    }
}

impl SideReport {
    fn text(&self, label: &str) -> String {
        let mut t = format!(
            "{label}: {} legal, {} wins, {} losses, {} draws\n",
            self.legal, self.wins, self.losses, self.draws
        );
        if let (Some(d), Some(c)) = (self.longest_plies, self.positions_at_longest) {
            t.push_str(&format!(
                "  longest: {d} plies ({} moves), {c} positions, e.g. {}\n",
                d.div_ceil(2),
                self.longest_fen.as_deref().unwrap_or("-")
            ));
        }
        let hist: Vec<String> = self
            .histogram
            .iter()
            .map(|(d, c)| format!("{d}:{c}"))
            .collect();
        t.push_str(&format!(
            "  by distance (plies:count): {}\n",
            hist.join(" ")
        ));
        t
    }
}

/// `cgt retro stats`: per side to move, counted per index, and for a reduced table also per
/// placement.
#[derive(Debug, Serialize)]
pub struct StatsReport {
    /// The endgame's name.
    pub endgame: String,
    /// `reduced` or `raw`.
    pub scheme: String,
    /// White to move, per index.
    pub white: SideReport,
    /// Black to move, per index.
    pub black: SideReport,
    /// White to move, per placement (reduced tables).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white_raw: Option<SideReport>,
    /// Black to move, per placement (reduced tables).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black_raw: Option<SideReport>,
}

impl Report for StatsReport {
    fn text(&self) -> String {
        let mut text = format!("{} ({} index)\n", self.endgame, self.scheme);
        for (label, own, raw) in [
            ("White to move", &self.white, &self.white_raw),
            ("Black to move", &self.black, &self.black_raw),
        ] {
            text.push_str(&own.text(label));
            if let Some(raw) = raw {
                text.push_str(&format!(
                    "  raw count (every placement): {} legal, {} wins, {} losses, {} draws\n",
                    raw.legal, raw.wins, raw.losses, raw.draws
                ));
            }
        }
        text
    }
}

/// `cgt retro stats`: wins, losses, draws and the distances for each side to move, per index
/// and, for a reduced table, per placement.
#[must_use]
pub fn stats(table: &EndgameTable) -> StatsReport {
    let reduced = table.endgame().scheme() == Scheme::Reduced;
    let side = |color, counting| SideReport::from(table.stats(color, counting));
    StatsReport {
        endgame: table.endgame().name(),
        scheme: table.endgame().scheme().to_string(),
        white: side(Color::White, Counting::Indices),
        black: side(Color::Black, Counting::Indices),
        white_raw: reduced.then(|| side(Color::White, Counting::Placements)),
        black_raw: reduced.then(|| side(Color::Black, Counting::Placements)),
    }
}

/// `cgt retro info`: the header of the table file `file` (of `bytes` bytes; opened by
/// [`TableFile::open`], which checked the payload's checksum).
///
/// # Errors
/// None today; a `Result` for the checks a future format may add.
pub fn info(file: &str, table: &TableFile, bytes: u64) -> Result<InfoReport, ReportError> {
    let h = table.header();
    let report = InfoReport {
        file: file.to_owned(),
        bytes,
        header: HeaderReport {
            format: format!("{} version {}", TABLE_KIND.name(), table.format_version()),
            endgame: h.endgame.clone(),
            scheme: h.scheme.clone(),
            entries: h.entries.to_string(),
            checksum: format!("{:08x} (CRC-32 of the payload)", h.payload_crc32),
            threads: h.threads.to_string(),
        },
    };
    Ok(report)
}

/// `cgt retro info`: the file and its header, once the payload's checksum has been checked.
#[derive(Debug, Serialize)]
pub struct InfoReport {
    /// The file.
    pub file: String,
    /// Its size.
    pub bytes: u64,
    /// Its header.
    pub header: HeaderReport,
}

/// A table's header, as text.
#[derive(Debug, Serialize)]
pub struct HeaderReport {
    /// The container kind and version.
    pub format: String,
    /// The endgame.
    pub endgame: String,
    /// The index scheme.
    pub scheme: String,
    /// Positions.
    pub entries: String,
    /// The payload's CRC-32.
    pub checksum: String,
    /// Threads that built it.
    pub threads: String,
}

impl Report for InfoReport {
    fn text(&self) -> String {
        let h = &self.header;
        let mut text = format!(
            "{}: cgt endgame table, {} bytes, checksum ok\n",
            self.file, self.bytes
        );
        for (k, v) in [
            ("format", &h.format),
            ("endgame", &h.endgame),
            ("scheme", &h.scheme),
            ("entries", &h.entries),
            ("checksum", &h.checksum),
            ("threads", &h.threads),
        ] {
            text.push_str(&format!("  {k}: {v}\n"));
        }
        text
    }
}

/// `cgt retro probe`: the verdict of the position `fen` in the table file `file`, the best
/// move and the principal variation.
///
/// # Errors
/// A FEN of another endgame, a position not in the table, a read that fails.
pub fn probe(file: &str, table: &TableFile, fen: &str) -> Result<ProbeReport, ReportError> {
    let read_error = |e: TableFileError| ReportError::failure(format!("{file}: {e}"));
    let pos = table
        .endgame()
        .parse_fen(fen)
        .map_err(|e| ReportError::input(e.to_string()))?;
    let verdict = table
        .probe(&pos)
        .map_err(read_error)?
        .ok_or_else(|| ReportError::input("the position is not in the table"))?;
    let best = table.best_move(&pos).map_err(read_error)?;
    let pv = table
        .principal_variation(&pos, PROBE_LINE)
        .map_err(read_error)?;
    Ok(probe_report(&pos, verdict, best.map(|b| b.1), &pv))
}

/// Plies of the principal variation a probe shows at most.
const PROBE_LINE: usize = 300;

/// As [`probe`], for a table in memory.
///
/// # Errors
/// A FEN of another endgame, a position not in the table.
pub fn probe_table(table: &EndgameTable, fen: &str) -> Result<ProbeReport, ReportError> {
    let pos = table
        .endgame()
        .parse_fen(fen)
        .map_err(|e| ReportError::input(e.to_string()))?;
    let verdict = table
        .probe(&pos)
        .ok_or_else(|| ReportError::input("the position is not in the table"))?;
    let best = table.best_move(&pos);
    let pv = table.principal_variation(&pos, PROBE_LINE);
    Ok(probe_report(&pos, verdict, best.map(|b| b.1), &pv))
}

fn probe_report(
    pos: &Position,
    verdict: Verdict,
    best: Option<Verdict>,
    pv: &[San],
) -> ProbeReport {
    ProbeReport {
        fen: pos.fen(),
        side_to_move: pos.side_to_move().to_string(),
        verdict: verdict.into(),
        moves: verdict.plies().map(|d| d.div_ceil(2)),
        best_move: pv.first().map(ToString::to_string),
        best_move_verdict: best.map(Into::into),
        line: pv.iter().map(ToString::to_string).collect(),
        said: verdict.said(),
    }
}

/// `cgt retro probe`.
#[derive(Debug, Serialize)]
pub struct ProbeReport {
    /// The position.
    pub fen: String,
    /// `White` or `Black`.
    pub side_to_move: String,
    /// For the side to move.
    pub verdict: VerdictReport,
    /// Full moves to the end (plies rounded up to moves).
    pub moves: Option<u32>,
    /// The best move in SAN.
    pub best_move: Option<String>,
    /// After the best move, from the mover's point of view.
    pub best_move_verdict: Option<VerdictReport>,
    /// The principal variation in SAN.
    pub line: Vec<String>,
    /// The verdict as a message, for the text.
    #[serde(skip)]
    pub said: cgt_core::said::Said,
}

impl Report for ProbeReport {
    fn text(&self) -> String {
        self.text_in(Lang::En)
    }

    fn text_in(&self, lang: Lang) -> String {
        use cgt_core::said::Said;
        let white = self.side_to_move == Color::White.to_string();
        let mut lines = vec![
            Said::new("report-probe-verdict")
                .text("side", if white { "white" } else { "black" })
                .said("verdict", self.said.clone()),
        ];
        if let Some(first) = &self.best_move {
            lines.push(Said::new("report-probe-best").text("move", first.as_str()));
        }
        if !self.line.is_empty() {
            lines.push(
                Said::new("report-probe-line").text("line", numbered_line(&self.line, white)),
            );
        }
        lines
            .iter()
            .map(|said| texts::said(lang, said) + "\n")
            .collect()
    }
}

/// `cgt retro graph`: every vertex of the game graph `text` (named `file` in messages) with
/// its verdict, Shen's number and best move, solved within `memory_limit`; with `explain`, the
/// retrograde levels.
///
/// # Errors
/// A malformed graph, an explanation too long for a screen, the memory limit.
pub fn graph(
    file: &str,
    text: &str,
    explain: bool,
    memory_limit: u128,
) -> Result<GraphReport, ReportError> {
    let g = GameGraph::parse(text).map_err(|e| ReportError::input(format!("{file}: {e}")))?;
    if explain && g.size() > cgt_retro::graph::EXPLAIN_VERTICES {
        return Err(ReportError::input(format!(
            "explain lists the levels of graphs of at most {} vertices ({} here would not fit \
             a screen)",
            cgt_retro::graph::EXPLAIN_VERTICES,
            g.size()
        )));
    }
    let table = engine::solve(&g, memory_limit).map_err(|e| ReportError::input(e.to_string()))?;
    let lines = if explain { g.explain(&table) } else { None };
    let vertices = (0..g.size())
        .map(|v| {
            let verdict = table.verdict(v).unwrap_or(Verdict::Draw);
            VertexReport {
                vertex: g.name(v).unwrap_or_default().to_owned(),
                verdict: verdict.into(),
                shen: engine::shen_number(verdict),
                best_move: g
                    .best_move(&table, v)
                    .and_then(|w| g.name(w))
                    .map(str::to_owned),
                said: verdict.said(),
            }
        })
        .collect();
    Ok(GraphReport {
        vertices,
        explanation: lines.as_ref().map(|l| texts::lines(Lang::En, l)),
        lines: lines.unwrap_or_default(),
    })
}

/// `cgt retro graph`: every vertex with its verdict and best move.
#[derive(Debug, Serialize)]
pub struct GraphReport {
    /// Every vertex, in order.
    pub vertices: Vec<VertexReport>,
    /// The retrograde levels, with `--explain` (in English).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Vec<String>>,
    /// The levels as lines, for the text in other languages.
    #[serde(skip)]
    pub lines: Vec<cgt_core::said::Line>,
}

/// One vertex of a [`GraphReport`].
#[derive(Debug, Serialize)]
pub struct VertexReport {
    /// Its name.
    pub vertex: String,
    /// Its verdict for the player to move.
    pub verdict: VerdictReport,
    /// Shen's numbering (0, −1, 2, −3, …), `null` for a draw.
    pub shen: Option<i64>,
    /// The vertex the best move goes to.
    pub best_move: Option<String>,
    /// The verdict as a message, for the text.
    #[serde(skip)]
    pub said: cgt_core::said::Said,
}

impl Report for GraphReport {
    fn text(&self) -> String {
        self.text_in(Lang::En)
    }

    fn text_in(&self, lang: Lang) -> String {
        let mut out = texts::said(lang, &cgt_core::said::Said::new("report-retro-heading"));
        out.push('\n');
        for v in &self.vertices {
            out.push_str(&format!(
                "{}\t{}\t{}\n",
                v.vertex,
                texts::said(lang, &v.said),
                v.best_move.as_deref().unwrap_or("-")
            ));
        }
        for line in texts::lines(lang, &self.lines) {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }
}
