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
use serde_json::json;

use crate::cli::RetroCommand;
use crate::output::{
    CliError, check_writable, emit, memory_limit, read_input, remove_stale_temporaries,
};

pub(crate) fn run(json: bool, cmd: RetroCommand) -> Result<(), CliError> {
    match cmd {
        RetroCommand::Graph { file } => graph(json, &file),
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
        RetroCommand::Probe { file, fen } => probe(json, &file, &fen),
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
    let entries = table.table().size();
    let text = format!(
        "built {} ({} index, {entries} entries) in {seconds:.2} s with {} threads; wrote {out} ({} bytes, {:.2} bytes per entry)",
        table.endgame().name(),
        scheme_name(table.endgame().scheme()),
        table.threads(),
        written,
        written as f64 / entries as f64
    );
    emit(
        json,
        &json!({
            "endgame": table.endgame().name(), "scheme": scheme_name(table.endgame().scheme()),
            "entries": entries, "seconds": seconds, "threads": table.threads(),
            "file": out, "bytes": written,
        }),
        &text,
    )
}

fn scheme_name(s: Scheme) -> &'static str {
    match s {
        Scheme::Raw => "raw",
        Scheme::Reduced => "reduced",
    }
}

fn load(file: &str) -> Result<EndgameTable, CliError> {
    let bytes =
        std::fs::read(file).map_err(|e| CliError::input(format!("cannot read {file}: {e}")))?;
    EndgameTable::decode(&bytes).map_err(|e| CliError::input(format!("{file}: {e}")))
}

fn side_json(s: &SideStats) -> serde_json::Value {
    json!({
        "legal": s.legal, "wins": s.wins, "losses": s.losses, "draws": s.draws,
        "longest_plies": s.longest.map(|l| l.0),
        "longest_moves": s.longest.map(|l| l.0.div_ceil(2)),
        "positions_at_longest": s.longest.map(|l| l.1),
        "histogram": s.histogram.iter().map(|(d, c)| json!([d, c])).collect::<Vec<_>>(),
        "longest_fen": s.longest_fen,
    })
}

fn side_text(label: &str, s: &SideStats) -> String {
    let mut t = format!(
        "{label}: {} legal, {} wins, {} losses, {} draws\n",
        s.legal, s.wins, s.losses, s.draws
    );
    if let Some((d, c)) = s.longest {
        t.push_str(&format!(
            "  longest: {d} plies ({} moves), {c} positions, e.g. {}\n",
            d.div_ceil(2),
            s.longest_fen.as_deref().unwrap_or("-")
        ));
    }
    let hist: Vec<String> = s
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

fn stats(json: bool, file: &str) -> Result<(), CliError> {
    let table = load(file)?;
    let reduced = table.endgame().scheme() == Scheme::Reduced;
    let mut text = format!(
        "{} ({} index)\n",
        table.endgame().name(),
        scheme_name(table.endgame().scheme())
    );
    let mut doc = json!({ "endgame": table.endgame().name(), "scheme": scheme_name(table.endgame().scheme()) });
    for (label, key, side) in [
        ("White to move", "white", Color::White),
        ("Black to move", "black", Color::Black),
    ] {
        let own = table.stats(side, Counting::Indices);
        text.push_str(&side_text(label, &own));
        doc[key] = side_json(&own);
        if reduced {
            let raw = table.stats(side, Counting::Placements);
            text.push_str(&format!(
                "  raw count (every placement): {} legal, {} wins, {} losses, {} draws\n",
                raw.legal, raw.wins, raw.losses, raw.draws
            ));
            doc[format!("{key}_raw")] = side_json(&raw);
        }
    }
    emit(json, &doc, &text)
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
    let fields = [
        (
            "format",
            format!("{} version {}", TABLE_KIND.name(), TABLE_KIND.version),
        ),
        ("endgame", h.endgame.clone()),
        ("scheme", h.scheme.clone()),
        ("entries", h.entries.to_string()),
        (
            "checksum",
            format!("{:08x} (CRC-32 of the payload)", h.payload_crc32),
        ),
        ("threads", h.threads.to_string()),
    ];
    let mut text = format!("{file}: cgt endgame table, {bytes} bytes, checksum ok\n");
    for (k, v) in &fields {
        text.push_str(&format!("  {k}: {v}\n"));
    }
    let header: serde_json::Map<String, serde_json::Value> = fields
        .iter()
        .map(|(k, v)| ((*k).to_owned(), serde_json::Value::String(v.clone())))
        .collect();
    emit(
        json,
        &json!({ "file": file, "bytes": bytes, "header": header }),
        &text,
    )
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
    let side = pos.side_to_move();
    let mut text = format!("{side} to move: {}\n", words(verdict));
    if let Some(first) = pv.first() {
        text.push_str(&format!("Best move: {first}\n"));
    }
    if !pv.is_empty() {
        text.push_str(&format!(
            "Line: {}\n",
            numbered_line(&pv, side == Color::White)
        ));
    }
    let doc = json!({
        "fen": pos.fen(),
        "result": verdict.wdl().to_string(),
        "plies": verdict.plies(),
        "moves": verdict.plies().map(|d| d.div_ceil(2)),
        "best_move": pv.first(),
        "best_move_result": best.map(|b| b.1.to_string()),
        "line": pv,
    });
    emit(json, &doc, &text)
}

fn words(v: Verdict) -> String {
    let plies = |d: u32| {
        if d == 1 {
            "1 ply".to_owned()
        } else {
            format!("{d} plies")
        }
    };
    match v {
        Verdict::Win(0) => "won (a terminal win)".to_owned(),
        Verdict::Win(d) => format!("win in {}", plies(d)),
        Verdict::Loss(0) => "lost (no move)".to_owned(),
        Verdict::Loss(d) => format!("loss in {}", plies(d)),
        Verdict::Draw => "draw".to_owned(),
    }
}

fn graph(json: bool, file: &str) -> Result<(), CliError> {
    let text = read_input(file)?;
    let g = GameGraph::parse(&text).map_err(|e| CliError::input(format!("{file}: {e}")))?;
    let table = engine::solve(&g, memory_limit()).map_err(|e| CliError::input(e.to_string()))?;
    let mut out = String::from("vertex\tresult\tbest move\n");
    let mut rows = Vec::new();
    for v in 0..g.size() {
        let verdict = table.verdict(v).unwrap_or(Verdict::Draw);
        let best = g.best_move(&table, v);
        out.push_str(&format!(
            "{}\t{}\t{}\n",
            g.name(v).unwrap_or_default(),
            words(verdict),
            best.and_then(|w| g.name(w)).unwrap_or("-")
        ));
        rows.push(json!({
            "vertex": g.name(v).unwrap_or_default(),
            "result": verdict.wdl().to_string(),
            "plies": verdict.plies(),
            "shen": engine::shen_number(verdict),
            "best_move": best.map(|w| g.name(w)),
        }));
    }
    emit(json, &json!({ "vertices": rows }), &out)
}
