//! The retrograde-analysis commands.

use std::io::IsTerminal;

use cgt_core::container::ContainerError;
use cgt_retro::chess::tables::{EndgameTable, TableFile, TableFileError};
use cgt_retro::chess::{Endgame, Scheme, Square};
use cgt_retro::engine;

use crate::report::{Output, report, session};

use crate::cli::{ClusterArgs, RetroCommand};
use crate::output::{CliError, check_writable, memory_limit, read_input, remove_stale_temporaries};
use cgt_retro::cluster::Cluster;
use cgt_retro::engine::RetroError;

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
            cluster,
        } => build(
            &endgame,
            &out,
            raw,
            threads,
            fixed_square.as_deref(),
            quiet,
            &cluster,
        ),
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
    cluster_args: &ClusterArgs,
) -> Result<Output, CliError> {
    let cluster = cluster_of(cluster_args)?;
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
    let writes = cluster.as_ref().is_none_or(|c| c.process() == 0);
    if writes {
        check_writable(out)?;
        remove_stale_temporaries(out);
    }
    let endgame = endgame.with_table_folder(folder_of(out));
    let need = cluster.as_ref().map_or_else(
        || engine::build_bytes(endgame.index_count()),
        |c| c.build_bytes(endgame.index_count()),
    );
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
    let (table, figures) = if let Some(cluster) = &cluster {
        let budget = cgt_core::budget::Budget::unlimited()
            .with_memory(u64::try_from(limit).unwrap_or(u64::MAX));
        let panics = quiet_cluster_panics();
        let built = pool.install(|| {
            EndgameTable::build_distributed(endgame, cluster, &budget, &mut on_progress)
        });
        let (table, stats) = built.map_err(|e| match e {
            RetroError::Cluster(why) => CliError::failure(format!(
                "distributed build failed: {}; no file written",
                panics.first().unwrap_or(why)
            )),
            e => CliError::input(e.to_string()),
        })?;
        let figures = cgt_report::retro::ClusterFigures {
            processes: stats.processes,
            process: cluster.process(),
            workers: stats.workers,
            level_bytes: stats.level_bytes.clone(),
            gather_bytes: stats.gather_bytes,
            compute_seconds: stats.compute.as_secs_f64(),
            waiting_seconds: stats.waiting.as_secs_f64(),
        };
        (table, Some(figures))
    } else {
        let table = pool
            .install(|| EndgameTable::build_with_progress(endgame, limit, &mut on_progress))
            .map_err(|e| CliError::input(e.to_string()))?;
        (Some(table), None)
    };
    let seconds = started.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let Some(table) = table else {
        // Another process writes the file.
        return report(cgt_report::retro::cluster_part(
            &endgame_name,
            seconds,
            figures.unwrap_or_default(),
        ));
    };
    remove_stale_temporaries(out);
    // The file is made and written on the build's threads.
    let written = pool
        .install(|| table.write(std::path::Path::new(out)))
        .map_err(|e| CliError::failure(format!("cannot write {out}: {e}")))?;
    let mut document = cgt_report::retro::build(&table, seconds, out, written);
    document.cluster = figures;
    report(document)
}

/// The cluster of a distributed build, or `None` for one process with one worker.
fn cluster_of(args: &ClusterArgs) -> Result<Option<Cluster>, CliError> {
    let hosts = match &args.hostfile {
        Some(file) => {
            let text = read_input(file)?;
            let hosts = Cluster::parse_hostfile(&text)
                .map_err(|e| CliError::input(format!("{file}: {e}")))?;
            if hosts.is_empty() {
                return Err(CliError::input(format!("{file}: no host:port line")));
            }
            if let Some(n) = args.processes.filter(|&n| n as usize != hosts.len()) {
                return Err(CliError::input(format!(
                    "--processes {n} but {file} lists {} hosts",
                    hosts.len()
                )));
            }
            Some(hosts)
        }
        None => None,
    };
    let processes = hosts
        .as_ref()
        .map_or(args.processes.unwrap_or(1) as usize, Vec::len);
    let workers = args.workers.unwrap_or(1) as usize;
    if processes == 1 && workers == 1 && args.hostfile.is_none() {
        if args.process.is_some_and(|p| p > 0) {
            return Err(CliError::input(
                "--process needs --processes (or a --hostfile) with more processes",
            ));
        }
        return Ok(None);
    }
    let process = match args.process {
        Some(p) => p as usize,
        None if processes == 1 => 0,
        None => {
            return Err(CliError::input(format!(
                "--process I is needed with {processes} processes: each process runs the same command with its own number, 0 to {}",
                processes - 1
            )));
        }
    };
    let cluster = match hosts {
        Some(hosts) => Cluster::with_hosts(hosts, process, workers),
        None => Cluster::loopback(processes, process, workers, args.port),
    };
    cluster
        .map(Some)
        .map_err(|e| CliError::input(e.to_string()))
}

/// The first panic message of timely's threads, recorded by the hook of
/// [`quiet_cluster_panics`].
#[derive(Clone, Debug, Default)]
struct ClusterPanics(std::sync::Arc<std::sync::Mutex<Option<String>>>);

/// Replaces the panic hook for a distributed build: when a process is lost, timely's threads
/// panic one after the other; the first message is kept for the one-line error and the rest
/// are not printed. Other panics are reported as before.
fn quiet_cluster_panics() -> ClusterPanics {
    let panics = ClusterPanics::default();
    let recorded = panics.clone();
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        // Raised in timely's code or threads (its network threads, the poisoned queues, the
        // join of its threads).
        let timely = std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with("timely"))
            || info.location().is_some_and(|l| l.file().contains("timely"))
            || message.contains("timely communication error");
        if timely {
            if let Ok(mut first) = recorded.0.lock() {
                let first = first.get_or_insert_with(String::new);
                // A broken connection is the cause; poisoned queues are its consequence.
                if first.is_empty()
                    || (!first.contains("timely communication error")
                        && message.contains("timely communication error"))
                {
                    message.clone_into(first);
                }
            }
        } else {
            previous(info);
        }
    }));
    panics
}

impl ClusterPanics {
    /// The first panic recorded, as the cause of a lost process.
    fn first(&self) -> Option<String> {
        let first = self.0.lock().ok()?.clone()?;
        Some(if first.contains("timely communication error") {
            format!("lost contact with another process ({first})")
        } else {
            format!("another process stopped ({first})")
        })
    }
}

fn load(file: &str) -> Result<EndgameTable, CliError> {
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
fn folder_of(file: &str) -> &std::path::Path {
    match std::path::Path::new(file).parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    }
}

/// A table file, the smaller tables its captures lead to looked for beside it.
fn open(file: &str) -> Result<TableFile, CliError> {
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
    crate::play::play_game(game, start)
}
