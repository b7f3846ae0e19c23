//! The retrograde-analysis commands.

use std::io::IsTerminal;

use cgt_core::container::ContainerError;
use cgt_retro::chess::tables::{EndgameTable, TableFile, TableFileError};
use cgt_retro::chess::{Endgame, Scheme, Square};
use cgt_retro::engine;

use crate::report::{Output, report, session};

use crate::cli::RetroCommand;
use crate::output::{CliError, check_writable, memory_limit, read_input, remove_stale_temporaries};

pub(crate) fn run(cmd: RetroCommand) -> Result<Output, CliError> {
    match cmd {
        RetroCommand::Graph { file, explain } => graph(&file, explain),
        RetroCommand::Build {
            endgame,
            out,
            raw,
            threads,
            fixed_square,
            quiet,
        } => build(&endgame, &out, raw, threads, fixed_square.as_deref(), quiet),
        RetroCommand::Stats { file } => stats(&file),
        RetroCommand::Info { file } => info(&file),
        RetroCommand::Probe {
            file,
            fen,
            play: true,
        } => session(move || play(&file, &fen)),
        RetroCommand::Probe { file, fen, .. } => probe(&file, &fen),
    }
}

fn build(
    name: &str,
    out: &str,
    raw: bool,
    threads: Option<u32>,
    fixed_square: Option<&str>,
    quiet: bool,
) -> Result<Output, CliError> {
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
    use_folder_of(out);
    let need = engine::build_bytes(endgame.index_count());
    let limit = memory_limit()?;
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
    let mut on_progress = |p: cgt_retro::engine::Progress| {
        if visible && !shown && started.elapsed().as_secs_f64() >= 1.0 {
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            shown = true;
        }
        bar.set_length(p.legal as u64);
        bar.set_position(p.decided as u64);
        bar.set_message(format!("building {}: level {}", endgame_name, p.level));
    };
    let table = pool
        .install(|| EndgameTable::build_with_progress(endgame, limit, &mut on_progress))
        .map_err(|e| CliError::input(e.to_string()))?;
    let seconds = started.elapsed().as_secs_f64();
    bar.finish_and_clear();
    remove_stale_temporaries(out);
    let written = table
        .write(std::path::Path::new(out))
        .map_err(|e| CliError::failure(format!("cannot write {out}: {e}")))?;
    report(cgt_report::retro::build(&table, seconds, out, written))
}

fn load(file: &str) -> Result<EndgameTable, CliError> {
    use_folder_of(file);
    let bytes =
        std::fs::read(file).map_err(|e| CliError::input(format!("cannot read {file}: {e}")))?;
    EndgameTable::decode(&bytes).map_err(|e| CliError::input(format!("{file}: {e}")))
}

fn stats(file: &str) -> Result<Output, CliError> {
    report(cgt_report::retro::stats(&load(file)?))
}

fn info(file: &str) -> Result<Output, CliError> {
    let table = open(file)?;
    let bytes = std::fs::metadata(file).map_or(0, |m| m.len());
    report(cgt_report::retro::info(file, &table, bytes)?)
}

fn probe(file: &str, fen: &str) -> Result<Output, CliError> {
    let table = open(file)?;
    report(cgt_report::retro::probe(file, &table, fen)?)
}

fn graph(file: &str, explain: bool) -> Result<Output, CliError> {
    let text = read_input(file)?;
    report(cgt_report::retro::graph(
        file,
        &text,
        explain,
        memory_limit()?,
    )?)
}

/// The folder of a table file, where the smaller tables its captures lead to are looked for
/// (`NAME.cgtb`) before they are solved.
fn use_folder_of(file: &str) {
    let path = std::path::Path::new(file);
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    cgt_retro::chess::tables::use_table_folder(folder);
}

fn open(file: &str) -> Result<TableFile, CliError> {
    use_folder_of(file);
    TableFile::open(std::path::Path::new(file)).map_err(|e| match e {
        TableFileError::Container(ContainerError::Io(io)) => {
            CliError::input(format!("cannot read {file}: {io}"))
        }
        other => CliError::input(format!("{file}: {other}")),
    })
}

/// `retro probe FILE FEN --play`: the human plays the side to move, the table the other side.
fn play(file: &str, fen: &str) -> Result<(), CliError> {
    let mut game = cgt_play::games::Chess::new(open(file)?);
    let start = game.start(fen)?;
    crate::play::play(game, start)
}
