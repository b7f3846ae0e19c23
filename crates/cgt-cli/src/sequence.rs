//! The nim-sequence commands: octal, subtraction, grundy-game.

use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use cgt_core::Outcome;
use cgt_core::container::ContainerError;
use cgt_impartial::checkpoint::{CheckpointError, CheckpointFile};
use cgt_impartial::heapgame::HeapGame;
use cgt_impartial::nimseq::{self, Algorithm, NimSequence, Summary};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cli::{AlgorithmArg, SequenceArgs};
use crate::output::{CliError, memory_limit, remove_stale_temporaries};
use crate::report::{MoveReport, Position, PositionReport, Report, Spot, emit_report};
use serde::Serialize;

/// Time between checkpoint writes: `CGT_CHECKPOINT_SECONDS` (fractions allowed), else 3 s.
fn checkpoint_interval() -> Duration {
    std::env::var("CGT_CHECKPOINT_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map_or(Duration::from_secs(3), Duration::from_secs_f64)
}

/// How many P-positions and rare positions are listed in text output.
const LISTED: usize = 30;

pub(crate) fn run(json: bool, game: &HeapGame, args: &SequenceArgs) -> Result<(), CliError> {
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
    if args.misere {
        if args.play {
            let limit = usize::try_from(memory_limit() / 256)
                .unwrap_or(usize::MAX)
                .min(MISERE_SEARCH_LIMIT);
            let player = cgt_play::games::Heaps::misere(game.clone(), limit);
            return crate::play::play(player, args.heaps.clone());
        }
        if args.heaps.is_empty() {
            return match args.upto {
                Some(n) => misere_sequence(json, game, n),
                None => Err(CliError::input(
                    "--misere answers a position (--heaps H…) or gives the misère sequence and \
                     the genera (--upto N)",
                )),
            };
        }
        return misere_heaps(json, game, &args.heaps);
    }
    let len = match (args.upto, args.heaps.iter().max()) {
        (Some(0), _) => {
            return Err(CliError::input(
                "--upto 0 asks for no values; give N ≥ 1 to compute G(0) … G(N−1)",
            ));
        }
        (Some(n), _) => n,
        // A heap of size h needs G(0) … G(h); h = 2^64 − 1 needs 2^64 values, which the
        // memory check below refuses (the count saturates rather than wrapping to 0).
        (None, Some(&h)) => h.saturating_add(1),
        (None, None) => {
            return Err(CliError::input(
                "give --upto N (the values G(0) … G(N−1)) or --heaps H… (a position of heaps)",
            ));
        }
    };
    let limit = memory_limit();
    let need = NimSequence::memory_for(len, crate::games::thread_count(args.threads));
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
    if args.explain && (args.upto.is_none() || len > nimseq::EXPLAIN_HEAPS) {
        return Err(CliError::input(format!(
            "--explain draws the mex table with --upto N for N <= {} (more would not fit a screen)",
            nimseq::EXPLAIN_HEAPS
        )));
    }
    let values = compute(game, algorithm, len, args)?;
    if args.play {
        let player = cgt_play::games::Heaps::normal(game.clone(), values);
        return crate::play::play(player, args.heaps.clone());
    }
    if !args.heaps.is_empty() {
        return heaps(json, game, &values, &args.heaps);
    }
    if let Some(path) = &args.plot {
        plot(path, game, &values)?;
    }
    report(json, game, &values, args.values, args.explain)
}

/// Computes `len` values, resuming from and saving to the checkpoint when one is given.
fn compute(
    game: &HeapGame,
    algorithm: Algorithm,
    len: usize,
    args: &SequenceArgs,
) -> Result<Vec<u32>, CliError> {
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
        start.truncate(len);
        checkpoint = Some(file);
    }
    let mut seq = NimSequence::resume(game.clone(), algorithm, start);
    seq.set_threads(crate::games::thread_count(args.threads));
    let bar = progress_bar(len as u64, args.quiet);
    let started = Instant::now();
    let mut last_save = Instant::now();
    let mut save_error = None;
    let interval = checkpoint_interval();
    // The computation pauses whenever a checkpoint is due, so at most one interval of work is
    // lost if the process is killed; each save appends only the values computed since the
    // last one.
    while seq.values().len() < len {
        seq.extend_to(len, u128::MAX, |done| {
            if started.elapsed() > Duration::from_secs(1) && bar.is_hidden() && !args.quiet {
                bar.set_draw_target(draw_target());
            }
            bar.set_position(done as u64);
            if checkpoint.is_some() && last_save.elapsed() >= interval {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        bar.set_position(seq.values().len() as u64);
        if let Some(file) = &mut checkpoint {
            if let Err(e) = file.append(seq.values()) {
                save_error = Some(CliError::failure(format!(
                    "cannot save the checkpoint: {e}"
                )));
                break;
            }
            last_save = Instant::now();
        }
    }
    bar.finish_and_clear();
    if let Some(e) = save_error {
        return Err(e);
    }
    // Moved out, not copied: a copy would hold the sequence twice at the peak.
    let mut values = seq.into_values();
    values.truncate(len);
    Ok(values)
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

fn short_list(items: &[usize]) -> String {
    let shown: Vec<String> = items.iter().take(LISTED).map(usize::to_string).collect();
    let more = if items.len() > LISTED { ", …" } else { "" };
    format!("{}{more}", shown.join(", "))
}

fn report(
    json: bool,
    game: &HeapGame,
    values: &[u32],
    all: bool,
    explain: bool,
) -> Result<(), CliError> {
    let summary = Summary::of(game, values);
    let report = SequenceReport {
        game: game.to_string(),
        count: summary.count,
        max: MaxReport {
            value: summary.max.0,
            first_at: summary.max.1,
        },
        period: summary.period.map(|p| PeriodReport {
            preperiod: p.preperiod,
            period: p.period,
            values_used: p.needed,
        }),
        period_rule: summary.rule.to_string(),
        p_positions: summary.p_positions,
        rare_mask: summary.rare_mask,
        rare_positions: summary.rare_positions,
        values: all.then(|| values.to_vec()),
        explanation: if explain {
            nimseq::explain_mex(game, values, values.len())
        } else {
            None
        },
        description: game.description(),
    };
    emit_report(json, &report)
}

/// `cgt octal|subtraction|grundy-game --upto N`: the summary of the sequence.
#[derive(Debug, Serialize)]
struct SequenceReport {
    game: String,
    count: usize,
    max: MaxReport,
    p_positions: Vec<usize>,
    rare_mask: Option<u32>,
    rare_positions: Vec<usize>,
    period: Option<PeriodReport>,
    period_rule: String,
    /// Every value, with `--values`.
    values: Option<Vec<u32>>,
    /// The mex table, one line a heap, with `--explain`.
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<Vec<String>>,
    #[serde(skip)]
    description: String,
}

#[derive(Debug, Serialize)]
struct MaxReport {
    value: u32,
    first_at: usize,
}

#[derive(Debug, Serialize)]
struct PeriodReport {
    preperiod: usize,
    period: usize,
    values_used: usize,
}

impl Report for SequenceReport {
    fn text(&self) -> String {
        let mut text = format!(
            "{}: G(0) … G({}) computed\n",
            self.description,
            self.count.saturating_sub(1)
        );
        if self.count > 0 {
            text.push_str(&format!(
                "Largest value: {}, first at n = {}\n",
                self.max.value, self.max.first_at
            ));
        }
        text.push_str(&format!(
            "P-positions (value 0), {} of them: {}\n",
            self.p_positions.len(),
            short_list(&self.p_positions)
        ));
        if let Some(m) = self.rare_mask {
            text.push_str(&format!(
                "Rare positions (mask {m}), {} of them: {}\n",
                self.rare_positions.len(),
                short_list(&self.rare_positions)
            ));
        }
        match &self.period {
            Some(p) => text.push_str(&format!(
                "Period {} from n = {} (proved by the {}, from G(0) … G({}))\n",
                p.period,
                p.preperiod,
                self.period_rule,
                p.values_used - 1
            )),
            None => text.push_str(&format!(
                "No period proved up to N = {} ({})\n",
                self.count, self.period_rule
            )),
        }
        if let Some(values) = &self.values {
            for (n, v) in values.iter().enumerate() {
                text.push_str(&format!("{n}\t{v}\n"));
            }
        }
        if let Some(lines) = &self.explanation {
            text.push_str(
                "The mex table (a heap's value is the least value none of its options has):\n",
            );
            for line in lines {
                text.push_str(&format!("  {line}\n"));
            }
        }
        text
    }
}

fn heaps(json: bool, game: &HeapGame, values: &[u32], heaps: &[u64]) -> Result<(), CliError> {
    let value_of = |h: u64| values.get(h as usize).copied().unwrap_or(0);
    let total = heaps.iter().fold(0u32, |acc, &h| acc ^ value_of(h));
    let outcome = if total == 0 { Outcome::P } else { Outcome::N };
    let moves = nimseq::winning_moves(game, values, heaps);
    let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let heap_values: Vec<String> = heaps.iter().map(|&h| value_of(h).to_string()).collect();
    let mut r = PositionReport::new(game.to_string(), Position::Heaps(heaps.to_vec()), outcome);
    r.title = format!("{} with heaps ({})", game.description(), list.join(", "));
    r.value = Some(u64::from(total));
    r.value_note = format!(" (XOR of the heaps' values {})", heap_values.join(", "));
    r.winning_moves = Some(moves.iter().map(split_move).collect());
    emit_report(json, &r)
}

/// Positions a misère search may store (fewer when `CGT_MEMORY_LIMIT` or the machine allows
/// less, at about 256 bytes a position).
const MISERE_SEARCH_LIMIT: usize = 2_000_000;

/// `--heaps … --misere`: outcome and winning moves under misère play, by search.
fn misere_heaps(json: bool, game: &HeapGame, heaps: &[u64]) -> Result<(), CliError> {
    use cgt_core::Solver;
    use cgt_core::misere::{Misere, MisereOutcome};
    use cgt_impartial::heapgame::HeapSum;

    let too_large = |e: cgt_core::SolveError<Option<Vec<u64>>>| {
        CliError::input(format!(
            "misère play is searched over every position below this one, and {e}"
        ))
    };
    let limit = usize::try_from(memory_limit() / 256)
        .unwrap_or(usize::MAX)
        .min(MISERE_SEARCH_LIMIT);
    let mut solver = Solver::new(Misere(HeapSum::new(game.clone()))).with_position_limit(limit);
    let outcome = solver
        .misere_outcome(&HeapSum::position(heaps))
        .map_err(too_large)?;
    let mut moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for (removed, leaves) in game.heap_options(h) {
            let mut after: Vec<u64> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
            after.extend(&leaves);
            if solver
                .misere_outcome(&HeapSum::position(&after))
                .map_err(too_large)?
                == Outcome::P
            {
                moves.push(nimseq::SplitMove {
                    heap: i,
                    from: h,
                    removed,
                    leaves,
                });
            }
        }
    }
    let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let mut r = PositionReport::new(
        format!("misere {game}"),
        Position::Heaps(heaps.to_vec()),
        outcome,
    );
    r.title = format!(
        "misère {} with heaps ({}) (the player who moves last loses)",
        game.description(),
        list.join(", ")
    );
    r.winning_moves = Some(moves.iter().map(split_move).collect());
    emit_report(json, &r)
}

/// A move in a sum of heaps, in the shared move shape.
fn split_move(m: &nimseq::SplitMove) -> MoveReport {
    MoveReport {
        heap: Some(m.heap as u64 + 1),
        from: Some(Spot::Size(m.from)),
        to: Some(Spot::Heaps(m.leaves.clone())),
        take: Some(m.removed),
        text: m.to_string(),
        ..MoveReport::default()
    }
}

fn plot(path: &str, game: &HeapGame, values: &[u32]) -> Result<(), CliError> {
    crate::picture::write_sequence(path, &game.description(), values)
}

/// The most heaps `--misere --upto` analyses: the search grows with the partitions of N.
const MISERE_SEQUENCE_MAX: u64 = 32;

/// Genus terms computed for each heap (γ0 … γ5).
const GENUS_TERMS: u32 = 6;

/// `--misere --upto N`: the misère nim-sequence and Conway's genus of each heap.
fn misere_sequence(json: bool, game: &HeapGame, n: u64) -> Result<(), CliError> {
    if n == 0 || n > MISERE_SEQUENCE_MAX {
        return Err(CliError::input(format!(
            "--misere --upto N gives the genera of heaps 0 … N−1 for 1 <= N <= \
             {MISERE_SEQUENCE_MAX} (the search grows with the ways to split the heaps)"
        )));
    }
    let limit = usize::try_from(memory_limit() / 256)
        .unwrap_or(usize::MAX)
        .min(4 * MISERE_SEARCH_LIMIT);
    let genera = cgt_impartial::genus::genera(game, n as usize, GENUS_TERMS, limit)?;
    emit_report(
        json,
        &GenusReport {
            game: game.to_string(),
            description: game.description(),
            terms: GENUS_TERMS,
            heaps: genera
                .iter()
                .enumerate()
                .map(|(heap, g)| GenusRow {
                    heap: heap as u64,
                    normal: g.normal,
                    misere: g.misere[0],
                    genus: g.to_string(),
                    gammas: g.misere.clone(),
                })
                .collect(),
        },
    )
}

/// `--misere --upto N`.
#[derive(Debug, serde::Serialize)]
struct GenusReport {
    game: String,
    #[serde(skip)]
    description: String,
    /// γ0 … γ(terms−1) computed per heap.
    terms: u32,
    heaps: Vec<GenusRow>,
}

#[derive(Debug, serde::Serialize)]
struct GenusRow {
    heap: u64,
    /// The normal-play Grundy value.
    normal: u32,
    /// The misère Grundy value (γ0).
    misere: u32,
    /// Conway's genus as Winning Ways writes it.
    genus: String,
    /// Every γk computed.
    gammas: Vec<u32>,
}

impl Report for GenusReport {
    fn text(&self) -> String {
        let mut out = format!(
            "{}: misère play (the player who moves last loses)\n\
             heap\tnormal\tmisère\tgenus\n",
            self.description
        );
        for r in &self.heaps {
            out.push_str(&format!(
                "{}\t{}\t{}\t{}\n",
                r.heap, r.normal, r.misere, r.genus
            ));
        }
        out.push_str(&format!(
            "misère P-positions (misère value 0): {}\n",
            self.heaps
                .iter()
                .filter(|r| r.misere == 0)
                .map(|r| r.heap.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        out.push_str(&format!(
            "genus g^γ0γ1…: g the normal value, γk the misère value with k extra Nim heaps of 2; \
             γ0 … γ{} computed, written up to the pair that repeats through γ{}\n",
            self.terms - 1,
            self.terms - 1
        ));
        out
    }
}
