//! The nim-sequence documents: a sequence's summary (largest value, P-positions, rare
//! positions, certified period), a position of several heaps in normal or misère play, and
//! the misère sequence with Conway's genera. Computing the sequence itself is
//! `cgt_impartial::nimseq` (a front end adds checkpoints and progress).

use cgt_core::Outcome;
use cgt_core::said::{Line, Said};
use cgt_impartial::heapgame::HeapGame;
use cgt_impartial::nimseq::{self, Summary};
use serde::Serialize;

use crate::document::{MoveReport, Position, PositionReport, Report, Spot};
use crate::error::ReportError;
use crate::texts::{self, Lang};

/// How many P-positions and rare positions are listed in text output.
const LISTED: usize = 30;

fn short_list(items: &[usize]) -> String {
    let shown: Vec<String> = items.iter().take(LISTED).map(usize::to_string).collect();
    let more = if items.len() > LISTED { ", …" } else { "" };
    format!("{}{more}", shown.join(", "))
}

/// `cgt octal|subtraction|grundy-game --upto N`: the summary of `values` (`G(0)`, `G(1)`, …),
/// every value with `all`, the mex table with `explain` (short sequences only).
#[must_use]
pub fn summary(game: &HeapGame, values: &[u32], all: bool, explain: bool) -> SequenceReport {
    let summary = Summary::of(game, values);
    SequenceReport {
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
                .map(|lines| texts::lines(Lang::En, &lines))
        } else {
            None
        },
        computed: None,
        description: game.description(),
    }
}

/// `cgt octal|subtraction|grundy-game --upto N`: the summary of the sequence.
#[derive(Debug, Serialize)]
pub struct SequenceReport {
    /// The game's code or name.
    pub game: String,
    /// Values computed: `G(0) … G(count − 1)`.
    pub count: usize,
    /// The largest value and where it first appears.
    pub max: MaxReport,
    /// The heaps of value 0.
    pub p_positions: Vec<usize>,
    /// The mask of the rare-value algorithm's sparse space, when one makes rare values scarce.
    pub rare_mask: Option<u32>,
    /// The heaps whose values are rare under that mask.
    pub rare_positions: Vec<usize>,
    /// The certified period, when a theorem proves one from these values.
    pub period: Option<PeriodReport>,
    /// The theorem that applies (or why none does).
    pub period_rule: String,
    /// Every value, with `--values`.
    pub values: Option<Vec<u32>>,
    /// The mex table, one line a heap, with `--explain`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Vec<String>>,
    /// When the values past these were filled in from a period certified by `G(0)` … up to
    /// here (set by the caller that filled them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computed: Option<usize>,
    /// The game in words, for the text.
    #[serde(skip)]
    pub description: String,
}

/// The largest value of a sequence.
#[derive(Debug, Serialize)]
pub struct MaxReport {
    /// The largest value.
    pub value: u32,
    /// The first heap that has it.
    pub first_at: usize,
}

/// A certified period.
#[derive(Debug, Serialize)]
pub struct PeriodReport {
    /// The period holds from this heap on.
    pub preperiod: usize,
    /// The period.
    pub period: usize,
    /// How many values the proof reads.
    pub values_used: usize,
}

impl Report for SequenceReport {
    fn text(&self) -> String {
        let mut text = match self.computed {
            Some(k) if k < self.count => format!(
                "{}: G(0) … G({}) computed, G({k}) … G({}) from the certified period\n",
                self.description,
                k - 1,
                self.count - 1
            ),
            _ => format!(
                "{}: G(0) … G({}) computed\n",
                self.description,
                self.count.saturating_sub(1)
            ),
        };
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
                "No period proved from G(0) … G({}) ({})\n",
                self.count.saturating_sub(1),
                self.period_rule
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

/// `--heaps H…`: the outcome, value and winning moves of a sum of heaps, given
/// `values[n] = G(n)` up to the largest heap.
#[must_use]
pub fn heaps(game: &HeapGame, values: &[u32], heaps: &[u64]) -> PositionReport {
    let value_of = |h: u64| values.get(h as usize).copied().unwrap_or(0);
    let total = heaps.iter().fold(0u32, |acc, &h| acc ^ value_of(h));
    let outcome = if total == 0 { Outcome::P } else { Outcome::N };
    let moves = nimseq::winning_moves(game, values, heaps);
    let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let heap_values: Vec<String> = heaps.iter().map(|&h| value_of(h).to_string()).collect();
    let mut r = PositionReport::new(game.to_string(), Position::Heaps(heaps.to_vec()), outcome);
    r.title = Said::new("report-title-heaps")
        .said("game", game.said())
        .text("heaps", list.join(", "));
    r.value = Some(u64::from(total));
    r.value_note =
        Some(Said::new("report-note-heap-values").text("values", heap_values.join(", ")));
    r.winning_moves = Some(moves.iter().map(split_move).collect());
    r
}

/// [`heaps`] with the derivation a teacher would write (`--heaps … --explain`): the mex table
/// up to the largest heap, each heap's value read from it, and their nim-sum.
///
/// # Errors
/// A largest heap past the mex table's limit (`G(0) … G(32)`), or too few values.
pub fn heaps_explained(
    game: &HeapGame,
    values: &[u32],
    heaps: &[u64],
) -> Result<PositionReport, ReportError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let rows = usize::try_from(largest).map_or(usize::MAX, |h| h.saturating_add(1));
    let table = nimseq::explain_mex(game, values, rows).ok_or_else(|| {
        ReportError::input(format!(
            "explain draws the mex table up to the largest heap, for heaps up to {}",
            nimseq::EXPLAIN_HEAPS - 1
        ))
    })?;
    let mut r = self::heaps(game, values, heaps);
    let mut lines = vec![Line::say(Said::new("explain-mex-table"))];
    lines.extend(table.into_iter().map(|l| match l {
        Line::Say(s) => Line::item(s),
        other => other,
    }));
    let each: Vec<String> = heaps
        .iter()
        .map(|&h| format!("G({h}) = {}", values[h as usize]))
        .collect();
    let total = r.value.unwrap_or(0);
    lines.push(Line::say(
        Said::new("explain-heaps-each").text("values", each.join(", ")),
    ));
    let xs: Vec<String> = heaps
        .iter()
        .map(|&h| values[h as usize].to_string())
        .collect();
    lines.push(Line::say(
        Said::new("explain-heaps-sum")
            .text("terms", xs.join(" ⊕ "))
            .number("total", total),
    ));
    r.explain(lines);
    Ok(r)
}

/// `--heaps … --misere`: outcome and winning moves under misère play, by search within
/// `budget` (its memory sets the positions the search may store; its time limit and stop flag
/// are checked as it runs).
///
/// # Errors
/// The search's position limit, time limit or stop flag.
pub fn misere_heaps(
    game: &HeapGame,
    heaps: &[u64],
    budget: &cgt_core::budget::Budget,
) -> Result<PositionReport, ReportError> {
    use cgt_core::Solver;
    use cgt_core::misere::{Misere, MisereOutcome};
    use cgt_impartial::heapgame::HeapSum;

    let too_large = |e: cgt_core::SolveError<Option<Vec<u64>>>| match e {
        cgt_core::SolveError::Stopped(why) => ReportError::from(why),
        e => ReportError::input(format!(
            "misère play is searched over every position below this one, and {e}"
        )),
    };
    let memory_limit = u128::from(budget.memory_or(u64::MAX));
    let limit = cgt_core::misere::search_limit(
        u64::try_from(memory_limit).unwrap_or(u64::MAX),
        cgt_core::misere::SEARCH_POSITIONS,
    );
    // Each option of a heap is a position the search stores: a heap with more options than
    // the search may store is refused before its options are listed (a huge heap's list alone
    // would outgrow the memory limit).
    if let Some((&h, count)) = heaps
        .iter()
        .map(|h| (h, game.option_count(*h)))
        .find(|&(_, count)| count > limit as u128)
    {
        return Err(ReportError::input(format!(
            "misère play is searched over every position below this one, and a heap of {h} alone \
             has {count} options, more than the {limit} positions this search may store"
        )));
    }
    let mut solver = Solver::new(Misere(HeapSum::new(game.clone())))
        .with_position_limit(limit)
        .with_limits(budget.clone());
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
    Ok(misere_position(game, heaps, outcome, &moves))
}

/// The report of a misère position of heaps with its outcome and winning moves, however they
/// were found.
pub(crate) fn misere_position(
    game: &HeapGame,
    heaps: &[u64],
    outcome: Outcome,
    moves: &[nimseq::SplitMove],
) -> PositionReport {
    let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let mut r = PositionReport::new(
        format!("misere {game}"),
        Position::Heaps(heaps.to_vec()),
        outcome,
    );
    r.title = Said::new("report-title-heaps-misere")
        .said("game", game.said())
        .text("heaps", list.join(", "));
    r.winning_moves = Some(moves.iter().map(split_move).collect());
    r
}

/// A move in a sum of heaps, in the shared move shape.
fn split_move(m: &nimseq::SplitMove) -> MoveReport {
    MoveReport {
        heap: Some(m.heap as u64 + 1),
        from: Some(Spot::Size(m.from)),
        to: Some(Spot::Heaps(m.leaves.clone())),
        take: Some(m.removed),
        text: m.to_string(),
        said: m.said(),
        ..MoveReport::default()
    }
}

/// The largest heap `--misere --upto N` analyses (heaps 0 … 31): the search grows with the
/// partitions of N.
pub const MISERE_SEQUENCE_MAX: u64 = 31;

/// Genus terms computed for each heap (γ0 … γ5).
const GENUS_TERMS: u32 = 6;

/// `--misere --upto N`: the misère nim-sequence and Conway's genus of each heap `0 … n`.
///
/// # Errors
/// `n` above [`MISERE_SEQUENCE_MAX`], or the search's limit.
pub fn misere_sequence(
    game: &HeapGame,
    n: u64,
    memory_limit: u128,
) -> Result<GenusReport, ReportError> {
    if n > MISERE_SEQUENCE_MAX {
        return Err(ReportError::input(format!(
            "misere with upto N gives the genera of heaps 0 … N for N <= {MISERE_SEQUENCE_MAX} \
             (the search grows with the ways to split the heaps)"
        )));
    }
    let n = n + 1;
    let limit = cgt_core::misere::search_limit(
        u64::try_from(memory_limit).unwrap_or(u64::MAX),
        4 * cgt_core::misere::SEARCH_POSITIONS,
    );
    let genera = cgt_impartial::genus::genera(game, n as usize, GENUS_TERMS, limit)?;
    Ok(GenusReport {
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
    })
}

/// `--misere --upto N`.
#[derive(Debug, Serialize)]
pub struct GenusReport {
    /// The game's code or name.
    pub game: String,
    /// The game in words, for the text.
    #[serde(skip)]
    pub description: String,
    /// γ0 … γ(terms−1) computed per heap.
    pub terms: u32,
    /// One row per heap.
    pub heaps: Vec<GenusRow>,
}

/// One heap of a [`GenusReport`].
#[derive(Debug, Serialize)]
pub struct GenusRow {
    /// The heap size.
    pub heap: u64,
    /// The normal-play Grundy value.
    pub normal: u32,
    /// The misère Grundy value (γ0).
    pub misere: u32,
    /// Conway's genus as Winning Ways writes it.
    pub genus: String,
    /// Every γk computed.
    pub gammas: Vec<u32>,
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
