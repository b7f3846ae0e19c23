//! The nim-sequence commands: octal, subtraction, grundy-game.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use cgt_core::container::ContainerError;
use cgt_impartial::checkpoint::{CheckpointError, CheckpointFile};
use cgt_impartial::heapgame::HeapGame;
use cgt_impartial::nimseq::{self, Algorithm, DriveError, Watch};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cli::SequenceArgs;
use crate::output::{CliError, remove_stale_temporaries};
use crate::report::{Output, report as output};
use cgt_report::request::Heaps;

/// Time between checkpoint writes: `CGT_CHECKPOINT_SECONDS` (fractions allowed), else 3 s.
fn checkpoint_interval() -> Duration {
    std::env::var("CGT_CHECKPOINT_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map_or(Duration::from_secs(3), Duration::from_secs_f64)
}

/// `cgt octal|subtraction|grundy-game`: the request answered by the library, its values
/// computed here (with the checkpoint and the progress bar).
pub(crate) fn run(rules: String, args: SequenceArgs) -> Result<Output, CliError> {
    let request = Heaps {
        rules,
        ..args.ask.clone()
    };
    let game = request.game()?;
    let budget = crate::output::search_budget()?;
    // The values, kept for the plot.
    let mut kept: Option<Vec<u32>> = None;
    let answered = request.answer_with(&budget, |game, algorithm, len| {
        let (values, computed) = compute(game, algorithm, len, &args)?;
        if args.plot.is_some() {
            kept = Some(values.clone());
        }
        Ok::<_, CliError>((values, computed))
    })?;
    if let (Some(path), Some(values)) = (&args.plot, &kept) {
        plot(path, &game, values)?;
    }
    output(answered)
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
        cgt_report::request::threads(args.ask.threads),
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
