//! The nim-sequence commands: octal, subtraction, grundy-game.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use cgt_core::container::ContainerError;
use cgt_impartial::checkpoint::{CheckpointError, CheckpointFile};
use cgt_impartial::heapgame::HeapGame;
use cgt_impartial::nimseq::{self, Algorithm, DriveError, NimSequence, Watch};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cli::{AlgorithmArg, SequenceArgs};
use crate::output::{CliError, memory_limit, remove_stale_temporaries};
use crate::report::{Output, report as output, session};
use cgt_report::sequence as report;

/// Time between checkpoint writes: `CGT_CHECKPOINT_SECONDS` (fractions allowed), else 3 s.
fn checkpoint_interval() -> Duration {
    std::env::var("CGT_CHECKPOINT_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map_or(Duration::from_secs(3), Duration::from_secs_f64)
}

pub(crate) fn run(game: &HeapGame, args: &SequenceArgs) -> Result<Output, CliError> {
    let algorithm = match args.algorithm {
        AlgorithmArg::Naive => Algorithm::Naive,
        AlgorithmArg::Rare => Algorithm::Rare,
        AlgorithmArg::Auto => Algorithm::Auto,
    };
    if args.play && args.heaps.is_empty() {
        return Err(CliError::input("--play plays a position: give --heaps H…"));
    }
    if args.play {
        cgt_play::games::check_size(&args.heaps)?;
    }
    if args.misere_quotient {
        let budget = crate::output::search_budget()?;
        if !args.heaps.is_empty() {
            return output(cgt_report::quotient::heaps(game, &args.heaps, &budget)?);
        }
        return match args.upto {
            Some(n) => output(cgt_report::quotient::quotient(
                &cgt_report::quotient::compute(game, n, &budget)?,
            )),
            None => Err(CliError::input(
                "--misere-quotient gives the quotient of heaps up to N (--upto N) or answers a \
                 position through it (--heaps H…)",
            )),
        };
    }
    if args.misere {
        if args.play {
            let limit = cgt_core::misere::search_limit(
                u64::try_from(memory_limit()?).unwrap_or(u64::MAX),
                cgt_core::misere::SEARCH_POSITIONS,
            );
            let player = cgt_play::games::Heaps::misere(game.clone(), limit);
            let heaps = args.heaps.clone();
            return session(move || crate::play::play(player, heaps));
        }
        if args.heaps.is_empty() {
            return match args.upto {
                Some(n) => output(report::misere_sequence(game, n, memory_limit()?)?),
                None => Err(CliError::input(
                    "--misere answers a position (--heaps H…) or gives the misère sequence and \
                     the genera (--upto N)",
                )),
            };
        }
        return output(report::misere_heaps(
            game,
            &args.heaps,
            &crate::output::search_budget()?,
        )?);
    }
    let len = match (args.upto, args.heaps.iter().max()) {
        // "Up to N" includes N: G(0) … G(N) are N + 1 values (the count saturates at
        // 2^64 − 1, which the memory check below refuses).
        (Some(n), _) => n.saturating_add(1),
        // A heap of size h needs G(0) … G(h); h = 2^64 − 1 needs 2^64 values, which the
        // memory check below refuses (the count saturates rather than wrapping to 0).
        (None, Some(&h)) => h.saturating_add(1),
        (None, None) => {
            return Err(CliError::input(
                "give --upto N (the values G(0) … G(N)) or --heaps H… (a position of heaps)",
            ));
        }
    };
    let limit = memory_limit()?;
    let need = NimSequence::memory_for(len, cgt_report::request::threads(args.threads));
    let len = usize::try_from(len)
        .ok()
        .filter(|_| need <= limit)
        .ok_or_else(|| {
            CliError::input(format!(
                "{len} values would need {} of memory, more than the {} available",
                cgt_impartial::human_bytes(need),
                cgt_impartial::human_bytes(limit)
            ))
        })?;
    if args.explain && args.heaps.is_empty() && (args.upto.is_none() || len > nimseq::EXPLAIN_HEAPS)
    {
        return Err(CliError::input(format!(
            "--explain draws the mex table with --upto N for N <= {} (more would not fit a screen)",
            nimseq::EXPLAIN_HEAPS - 1
        )));
    }
    let (values, computed) = compute(game, algorithm, len, args)?;
    if args.play {
        let player = cgt_play::games::Heaps::normal(game.clone(), values);
        let heaps = args.heaps.clone();
        return session(move || crate::play::play(player, heaps));
    }
    if !args.heaps.is_empty() {
        if args.explain {
            return output(report::heaps_explained(game, &values, &args.heaps)?);
        }
        return output(report::heaps(game, &values, &args.heaps));
    }
    if let Some(path) = &args.plot {
        plot(path, game, &values)?;
    }
    let mut summary = report::summary(game, &values, args.values, args.explain);
    summary.computed = computed;
    output(summary)
}

/// Computes `len` values, resuming from and saving to the checkpoint when one is given; with
/// the count actually computed when the rest came from a certified period.
fn compute(
    game: &HeapGame,
    algorithm: Algorithm,
    len: usize,
    args: &SequenceArgs,
) -> Result<(Vec<u32>, Option<usize>), CliError> {
    let name = game.to_string();
    let mut start = Vec::new();
    let mut checkpoint = None;
    if let Some(path) = &args.checkpoint {
        remove_stale_temporaries(path);
        let (file, values) =
            CheckpointFile::open(std::path::Path::new(path), &name).map_err(|e| match e {
                CheckpointError::Container {
                    error: ContainerError::Io(io),
                    ..
                } => CliError::failure(format!("cannot use checkpoint {path}: {io}")),
                other => CliError::input(other.to_string()),
            })?;
        start = values;
        checkpoint = Some(file);
    }
    let bar = progress_bar(len as u64, args.quiet);
    let started = Instant::now();
    let mut last_save = Instant::now();
    let budget = crate::output::search_budget()?;
    let interval = checkpoint_interval();
    let mut stopped = None;
    // The computation pauses whenever a checkpoint is due, so at most one interval of work is
    // lost if the process is killed; each save appends only the values computed since the
    // last one.
    let saving = checkpoint.is_some();
    let run = nimseq::drive(
        game,
        algorithm,
        cgt_report::request::threads(args.threads),
        start,
        len,
        u128::MAX,
        |done| {
            if started.elapsed() > Duration::from_secs(1) && bar.is_hidden() && !args.quiet {
                bar.set_draw_target(draw_target());
            }
            bar.set_position(done as u64);
            if let Err(e) = budget.check_interrupt() {
                stopped = Some(e);
                Watch::Stop
            } else if saving && last_save.elapsed() >= interval {
                last_save = Instant::now();
                Watch::Save
            } else {
                Watch::Go
            }
        },
        |values| match &mut checkpoint {
            Some(file) => file.append(values),
            None => Ok(()),
        },
    );
    bar.finish_and_clear();
    let run = run.map_err(|e| match e {
        DriveError::Sequence(e) => CliError::from(e),
        DriveError::Save(e) => CliError::failure(format!("cannot save the checkpoint: {e}")),
    })?;
    if let Some(e) = stopped.filter(|_| run.stopped) {
        let done = run.values.len();
        let resume = match &args.checkpoint {
            Some(path) => format!("; {path} holds them, and the same command resumes from it"),
            None => "; --checkpoint FILE keeps them and lets the same command resume".to_owned(),
        };
        return Err(
            CliError::from(cgt_report::ReportError::from(e)).with_suffix(&format!(
                " (G(0) … G({}) computed{resume})",
                done.saturating_sub(1)
            )),
        );
    }
    Ok((run.values, run.computed))
}

fn draw_target() -> ProgressDrawTarget {
    if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    }
}

fn progress_bar(len: u64, quiet: bool) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
    if !quiet
        && let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} values, {per_sec}, eta {eta}")
    {
        bar.set_style(style);
    }
    bar
}

fn plot(path: &str, game: &HeapGame, values: &[u32]) -> Result<(), CliError> {
    crate::picture::write(
        path,
        "unknown plot format for {path}: use a .png or .svg file name",
        |format| cgt_report::pictures::sequence(&game.description(), values, format),
    )
}
