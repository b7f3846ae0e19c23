//! The census of misère quotients: one row per octal game of at most three code digits.

use cgt_core::budget::Budget;
use cgt_impartial::heapgame::OctalCode;
use cgt_impartial::quotient::{CensusEntry, CensusShard, census_codes};
use serde::Serialize;

use crate::document::Report;
use crate::error::ReportError;

/// `cgt misere-census`.
#[derive(Debug, Serialize)]
pub struct CensusReport {
    /// The heap bound of every quotient.
    pub upto: u64,
    /// Each game's budget in searched sums.
    pub positions: u64,
    /// `I/N`: the shard of the codes this holds (`1/1`: all of them).
    pub shard: String,
    /// One entry per code, in code order.
    pub entries: Vec<CensusEntry>,
}

/// The census of `codes` (every census code when empty) for heaps up to `upto`.
///
/// # Errors
/// A code that is not an octal code, the bound out of range, the budget.
pub fn census(
    codes: &[String],
    upto: u64,
    positions: u64,
    shard: CensusShard,
    budget: &Budget,
) -> Result<CensusReport, ReportError> {
    let codes: Vec<OctalCode> = if codes.is_empty() {
        census_codes()
    } else {
        codes
            .iter()
            .map(|c| {
                c.parse()
                    .map_err(|e| ReportError::input(format!("codes: {e}")))
            })
            .collect::<Result<_, _>>()?
    };
    let entries = cgt_impartial::quotient::census(&codes, upto, positions, shard, budget)?;
    Ok(CensusReport {
        upto,
        positions,
        shard: format!("{}/{}", shard.index, shard.count),
        entries,
    })
}

/// The header of the text's table.
pub const COLUMNS: &str =
    "code\tsame as\treached\torder\tsettled from\tfinal\torders\tpresentation\tstopped";

impl Report for CensusReport {
    /// Tab-separated rows under a commented heading: shards' rows merge by sorting on the
    /// first column after the header.
    fn text(&self) -> String {
        let mut out = format!(
            "# misère quotients of octal games, heaps up to {}, at most {} searched sums a \
             game, shard {}\n",
            self.upto, self.positions, self.shard
        );
        out.push_str(&format!("# {COLUMNS}\n"));
        for e in &self.entries {
            let row: Vec<String> = match &e.quotient {
                None => vec![
                    e.code.clone(),
                    e.same_as.clone().unwrap_or_else(|| "-".into()),
                ],
                Some(q) => vec![
                    e.code.clone(),
                    "-".into(),
                    q.reached.to_string(),
                    q.order.to_string(),
                    q.same_from.to_string(),
                    q.stable.map_or_else(
                        || "-".into(),
                        |s| format!("period {} from heap {}", s.period, s.preperiod),
                    ),
                    q.orders
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(","),
                    q.presentation.clone(),
                    q.stopped.clone().unwrap_or_else(|| "-".into()),
                ],
            };
            out.push_str(&row.join("\t"));
            out.push('\n');
        }
        out
    }
}
