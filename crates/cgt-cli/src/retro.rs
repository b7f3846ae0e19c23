//! The retrograde-analysis commands.

use cgt_core::Verdict;
use cgt_retro::engine::{self, RetroGame};
use std::io::IsTerminal;

use cgt_core::container::ContainerError;
use cgt_retro::chess::{Color, Endgame, Scheme, Square};
use cgt_retro::graph::GameGraph;
use cgt_retro::tables::{
    Counting, EndgameTable, SideStats, TABLE_KIND, TableFile, TableFileError, numbered_line,
};
use serde::Serialize;

use crate::report::{Report, VerdictReport, emit_report};

use crate::cli::RetroCommand;
use crate::output::{CliError, check_writable, memory_limit, read_input, remove_stale_temporaries};

pub(crate) fn run(json: bool, cmd: RetroCommand) -> Result<(), CliError> {
    match cmd {
        RetroCommand::Graph { file, explain } => graph(json, &file, explain),
        RetroCommand::Build {
            endgame,
            out,
            raw,
            threads,
            fixed_square,
            quiet,
        } => build(
            json,
            &endgame,
            &out,
            raw,
            threads,
            fixed_square.as_deref(),
            quiet,
        ),
        RetroCommand::Stats { file } => stats(json, &file),
        RetroCommand::Info { file } => info(json, &file),
        RetroCommand::Probe {
            file,
            fen,
            play: true,
        } => play(&file, &fen),
        RetroCommand::Probe { file, fen, .. } => probe(json, &file, &fen),
    }
}

fn build(
    json: bool,
    name: &str,
    out: &str,
    raw: bool,
    threads: Option<u32>,
    fixed_square: Option<&str>,
    quiet: bool,
) -> Result<(), CliError> {
    let fixed = match fixed_square {
        Some(s) => Some(
            s.parse::<Square>()
                .map_err(|_| CliError::input(format!("{s:?} is not a square like c3")))?,
        ),
        None => None,
    };
    if fixed.is_some() && name != "kqk-fixed" {
        return Err(CliError::input("--fixed-square only applies to kqk-fixed"));
    }
    let scheme = if raw { Scheme::Raw } else { Scheme::Reduced };
    let endgame =
        Endgame::parse(name, scheme, fixed).map_err(|e| CliError::input(e.to_string()))?;
    let endgame_name = endgame.name().to_owned();
    check_writable(out)?;
    remove_stale_temporaries(out);
    let need = engine::build_bytes(endgame.index_count());
    let limit = memory_limit();
    if need > limit {
        return Err(CliError::input(format!(
            "building {} needs about {need} bytes, more than the {limit} available",
            endgame.name()
        )));
    }
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        pool = pool.num_threads(n as usize);
    }
    let pool = pool
        .build()
        .map_err(|e| CliError::failure(format!("cannot start threads: {e}")))?;
    // A bar of decided positions out of the legal ones (draws are settled only at the end),
    // shown after the first second; hidden with --quiet or when stderr is not a terminal.
    let visible = !quiet && std::io::stderr().is_terminal();
    let bar = if !visible {
        indicatif::ProgressBar::hidden()
    } else {
        let b = indicatif::ProgressBar::with_draw_target(
            Some(endgame.index_count() as u64),
            indicatif::ProgressDrawTarget::hidden(),
        );
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg} [{bar:30}] {pos}/{len} decided, {elapsed}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        b.set_message(format!("building {}", endgame.name()));
        b
    };
    let started = std::time::Instant::now();
    let mut shown = false;
    let mut report = |p: cgt_retro::engine::Progress| {
        if visible && !shown && started.elapsed().as_secs_f64() >= 1.0 {
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            shown = true;
        }
        bar.set_length(p.legal as u64);
        bar.set_position(p.decided as u64);
        bar.set_message(format!("building {}: level {}", endgame_name, p.level));
    };
    let table = pool
        .install(|| EndgameTable::build_with_progress(endgame, limit, &mut report))
        .map_err(|e| CliError::input(e.to_string()))?;
    let seconds = started.elapsed().as_secs_f64();
    bar.finish_and_clear();
    remove_stale_temporaries(out);
    let written = table
        .write(std::path::Path::new(out))
        .map_err(|e| CliError::failure(format!("cannot write {out}: {e}")))?;
    let report = BuildReport {
        endgame: table.endgame().name(),
        scheme: table.endgame().scheme().to_string(),
        entries: table.table().size(),
        seconds,
        threads: table.threads(),
        file: out.to_owned(),
        bytes: written,
    };
    emit_report(json, &report)
}

/// `cgt retro build`.
#[derive(Debug, Serialize)]
struct BuildReport {
    endgame: String,
    scheme: String,
    entries: usize,
    seconds: f64,
    threads: usize,
    file: String,
    bytes: u64,
}

impl Report for BuildReport {
    fn text(&self) -> String {
        format!(
            "built {} ({} index, {} entries) in {:.2} s with {} threads; wrote {} ({} bytes, {:.2} bytes per entry)\n",
            self.endgame,
            self.scheme,
            self.entries,
            self.seconds,
            self.threads,
            self.file,
            self.bytes,
            self.bytes as f64 / self.entries.max(1) as f64
        )
    }
}

fn load(file: &str) -> Result<EndgameTable, CliError> {
    let bytes =
        std::fs::read(file).map_err(|e| CliError::input(format!("cannot read {file}: {e}")))?;
    EndgameTable::decode(&bytes).map_err(|e| CliError::input(format!("{file}: {e}")))
}

/// One side's statistics, as `cgt retro stats` reports them.
#[derive(Debug, Serialize)]
struct SideReport {
    legal: u64,
    wins: u64,
    losses: u64,
    draws: u64,
    longest_plies: Option<u32>,
    longest_moves: Option<u32>,
    positions_at_longest: Option<u64>,
    /// `[plies, positions]` pairs.
    histogram: Vec<(u32, u64)>,
    longest_fen: Option<String>,
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
struct StatsReport {
    endgame: String,
    scheme: String,
    white: SideReport,
    black: SideReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    white_raw: Option<SideReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    black_raw: Option<SideReport>,
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

fn stats(json: bool, file: &str) -> Result<(), CliError> {
    let table = load(file)?;
    let reduced = table.endgame().scheme() == Scheme::Reduced;
    let side = |color, counting| SideReport::from(table.stats(color, counting));
    let report = StatsReport {
        endgame: table.endgame().name(),
        scheme: table.endgame().scheme().to_string(),
        white: side(Color::White, Counting::Indices),
        black: side(Color::Black, Counting::Indices),
        white_raw: reduced.then(|| side(Color::White, Counting::Placements)),
        black_raw: reduced.then(|| side(Color::Black, Counting::Placements)),
    };
    emit_report(json, &report)
}

fn open(file: &str) -> Result<TableFile, CliError> {
    TableFile::open(std::path::Path::new(file)).map_err(|e| match e {
        TableFileError::Container(ContainerError::Io(io)) => {
            CliError::input(format!("cannot read {file}: {io}"))
        }
        other => CliError::input(format!("{file}: {other}")),
    })
}

fn info(json: bool, file: &str) -> Result<(), CliError> {
    let table = open(file)?;
    // Reads the payload once, in blocks, to check its checksum.
    table
        .verify()
        .map_err(|e| CliError::input(format!("{file}: {e}")))?;
    let bytes = std::fs::metadata(file).map_or(0, |m| m.len());
    let h = table.header();
    let report = InfoReport {
        file: file.to_owned(),
        bytes,
        header: HeaderReport {
            format: format!("{} version {}", TABLE_KIND.name(), TABLE_KIND.version),
            endgame: h.endgame.clone(),
            scheme: h.scheme.clone(),
            entries: h.entries.to_string(),
            checksum: format!("{:08x} (CRC-32 of the payload)", h.payload_crc32),
            threads: h.threads.to_string(),
        },
    };
    emit_report(json, &report)
}

/// `cgt retro info`: the file and its header, once the payload's checksum has been checked.
#[derive(Debug, Serialize)]
struct InfoReport {
    file: String,
    bytes: u64,
    header: HeaderReport,
}

/// A table's header, as text.
#[derive(Debug, Serialize)]
struct HeaderReport {
    format: String,
    endgame: String,
    scheme: String,
    entries: String,
    checksum: String,
    threads: String,
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

fn probe(json: bool, file: &str, fen: &str) -> Result<(), CliError> {
    let table = open(file)?;
    let read_error = |e: TableFileError| CliError::failure(format!("{file}: {e}"));
    let pos = table
        .endgame()
        .parse_fen(fen)
        .map_err(|e| CliError::input(e.to_string()))?;
    let verdict = table
        .probe(&pos)
        .map_err(read_error)?
        .ok_or_else(|| CliError::input("the position is not in the table"))?;
    let best = table.best_move(&pos).map_err(read_error)?;
    let pv = table.principal_variation(&pos, 300).map_err(read_error)?;
    let report = ProbeReport {
        fen: pos.fen(),
        side_to_move: pos.side_to_move().to_string(),
        verdict: verdict.into(),
        moves: verdict.plies().map(|d| d.div_ceil(2)),
        best_move: pv.first().cloned(),
        best_move_verdict: best.map(|b| b.1.into()),
        line: pv,
        words: verdict.words(),
    };
    emit_report(json, &report)
}

/// `cgt retro probe`.
#[derive(Debug, Serialize)]
struct ProbeReport {
    fen: String,
    side_to_move: String,
    /// For the side to move.
    verdict: VerdictReport,
    /// Full moves to the end (plies rounded up to moves).
    moves: Option<u32>,
    best_move: Option<String>,
    /// After the best move, from the mover's point of view.
    best_move_verdict: Option<VerdictReport>,
    /// The principal variation in SAN.
    line: Vec<String>,
    #[serde(skip)]
    words: String,
}

impl Report for ProbeReport {
    fn text(&self) -> String {
        let mut text = format!("{} to move: {}\n", self.side_to_move, self.words);
        if let Some(first) = &self.best_move {
            text.push_str(&format!("Best move: {first}\n"));
        }
        if !self.line.is_empty() {
            text.push_str(&format!(
                "Line: {}\n",
                numbered_line(&self.line, self.side_to_move == Color::White.to_string())
            ));
        }
        text
    }
}

fn graph(json: bool, file: &str, explain: bool) -> Result<(), CliError> {
    let text = read_input(file)?;
    let g = GameGraph::parse(&text).map_err(|e| CliError::input(format!("{file}: {e}")))?;
    if explain && g.size() > cgt_retro::graph::EXPLAIN_VERTICES {
        return Err(CliError::input(format!(
            "--explain lists the levels of graphs of at most {} vertices ({} here would not fit \
             a screen)",
            cgt_retro::graph::EXPLAIN_VERTICES,
            g.size()
        )));
    }
    let table = engine::solve(&g, memory_limit()).map_err(|e| CliError::input(e.to_string()))?;
    let explanation = if explain { g.explain(&table) } else { None };
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
                words: verdict.words(),
            }
        })
        .collect();
    emit_report(
        json,
        &GraphReport {
            vertices,
            explanation,
        },
    )
}

/// `cgt retro graph`: every vertex with its verdict and best move.
#[derive(Debug, Serialize)]
struct GraphReport {
    vertices: Vec<VertexReport>,
    /// The retrograde levels, with `--explain`.
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<Vec<String>>,
}

#[derive(Debug, Serialize)]
struct VertexReport {
    vertex: String,
    verdict: VerdictReport,
    /// Shen's numbering (0, −1, 2, −3, …), `null` for a draw.
    shen: Option<i64>,
    best_move: Option<String>,
    #[serde(skip)]
    words: String,
}

impl Report for GraphReport {
    fn text(&self) -> String {
        let mut out = String::from("vertex\tresult\tbest move\n");
        for v in &self.vertices {
            out.push_str(&format!(
                "{}\t{}\t{}\n",
                v.vertex,
                v.words,
                v.best_move.as_deref().unwrap_or("-")
            ));
        }
        for line in self.explanation.iter().flatten() {
            out.push_str(line);
            out.push('\n');
        }
        out
    }
}

/// `retro probe FILE FEN --play`: the human plays the side to move, the table the other side.
fn play(file: &str, fen: &str) -> Result<(), CliError> {
    let mut game = cgt_play::games::Chess::new(open(file)?);
    let start = game.start(fen)?;
    crate::play::play(game, start)
}
