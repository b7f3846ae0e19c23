//! The impartial-game commands: nim, staircase, moore, divisor, stones, wythoff, hackenbush, graph.

use std::io::Write as _;

use cgt_impartial::{ImpartialError, wythoff};

use crate::cli::WythoffArgs;
use crate::output::{CliError, memory_limit};
use crate::report::Output;

impl From<ImpartialError> for CliError {
    fn from(e: ImpartialError) -> CliError {
        // A budget stop gets its setting's hint, as every other search's does.
        cgt_report::ReportError::from(e).into()
    }
}

/// `cgt wythoff --grundy N [--picture FILE]`: the Grundy table, streamed row by row.
pub(crate) fn wythoff_grundy(args: &WythoffArgs) -> Result<Output, CliError> {
    let asked = &args.request;
    if asked.position.is_some() || asked.pair.is_some() || asked.p_positions.is_some() {
        return Err(CliError::input(
            "give exactly one of: a position A B, --p-positions K, --pair K, --grundy N",
        ));
    }
    let n = args.grundy.unwrap_or(0);
    let n = usize::try_from(n).map_err(|_| CliError::input("--grundy N is too large"))?;
    // The table itself, plus the picture's pixels and its encoding when one is asked for; the
    // text and JSON are streamed to stdout row by row, so they add nothing that grows with n.
    let picture_bytes = if args.picture.is_some() {
        (n as u128).pow(2) * cgt_report::pictures::PNG_BYTES_PER_PIXEL
    } else {
        0
    };
    let limit = memory_limit()?;
    let need = wythoff::grundy_table_bytes(n) + picture_bytes + crate::output::PROCESS_BASELINE;
    if need > limit {
        return Err(CliError::input(format!(
            "the {n} x {n} Wythoff Grundy table would need {} of memory, more than the {} available",
            cgt_impartial::human_bytes(need),
            cgt_impartial::human_bytes(limit)
        )));
    }
    let budget = crate::output::search_budget()?;
    let memory = u64::try_from(limit).unwrap_or(u64::MAX);
    let table = wythoff::grundy_table_within(n, &budget.with_memory(memory))?;
    if let Some(path) = &args.picture {
        crate::picture::write(
            path,
            "unknown picture format for {path}: use a .png or .svg file name",
            |format| cgt_report::pictures::wythoff(n, &table, format),
        )?;
    }
    Ok(Output::Stream(Box::new(move |json| {
        stream_table(json, n, &table)
    })))
}

/// The Wythoff Grundy table written row by row, as text or as one JSON document.
fn stream_table(json: bool, n: usize, table: &[u32]) -> Result<(), CliError> {
    let max = table.iter().copied().max().unwrap_or(0);
    let rows = table.chunks(n.max(1)).take(n);
    crate::output::stream(|out| {
        if json {
            write!(out, "{{\"n\":{n},\"max\":{max},\"table\":[")?;
            for (i, row) in rows.enumerate() {
                out.write_all(if i == 0 { b"[" } else { b",[" })?;
                for (j, v) in row.iter().enumerate() {
                    if j > 0 {
                        out.write_all(b",")?;
                    }
                    write!(out, "{v}")?;
                }
                out.write_all(b"]")?;
            }
            out.write_all(b"]}\n")
        } else {
            let width = max.to_string().len();
            for row in rows {
                for (j, v) in row.iter().enumerate() {
                    if j > 0 {
                        out.write_all(b" ")?;
                    }
                    write!(out, "{v:>width$}")?;
                }
                out.write_all(b"\n")?;
            }
            Ok(())
        }
    })
}
