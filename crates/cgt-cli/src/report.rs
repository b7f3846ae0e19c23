//! Reports: what a command found, as one serde struct that is both the `--json` document and
//! the source of the text output, so the two cannot disagree. docs/json.md documents the
//! vocabulary.

pub(crate) use cgt_report::Report;

use crate::output::{CliError, print};

impl From<cgt_report::ReportError> for CliError {
    fn from(e: cgt_report::ReportError) -> CliError {
        match e.kind() {
            cgt_report::ErrorKind::Input => CliError::input(e.message()),
            _ => CliError::failure(e.message()),
        }
    }
}

/// Prints `report` as one line of JSON or as its text.
pub(crate) fn emit_report(json: bool, report: &impl Report) -> Result<(), CliError> {
    if json {
        let doc = serde_json::to_string(report)
            .map_err(|e| CliError::failure(format!("cannot encode the report: {e}")))?;
        print(&format!("{doc}\n"))
    } else {
        print(&report.text())
    }
}
