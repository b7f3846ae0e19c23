//! What a command produced, printed once: a report (one serde document from `cgt-report`,
//! as text or as JSON — docs/json.md), a stream too large to build in memory, or an
//! interactive session that prints as it goes.

pub(crate) use cgt_report::Report;

use crate::output::{CliError, print};

impl From<cgt_report::ReportError> for CliError {
    fn from(e: cgt_report::ReportError) -> CliError {
        let error = match e.kind() {
            // Over the memory or time limit is the request's to change: exit code 2 too.
            cgt_report::ErrorKind::Input | cgt_report::ErrorKind::Limit => {
                CliError::input(e.message())
            }
            _ => CliError::failure(e.message()),
        };
        CliError {
            said: e.said_as().cloned(),
            ..error
        }
    }
}

/// A report of any type, as main prints it.
pub(crate) trait Document {
    /// The text output in a language.
    fn text_in(&self, lang: cgt_report::texts::Lang) -> String;
    /// The JSON document, on one line.
    fn json(&self) -> Result<String, serde_json::Error>;
}

impl<T: Report> Document for T {
    fn text_in(&self, lang: cgt_report::texts::Lang) -> String {
        Report::text_in(self, lang)
    }

    fn json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }
}

/// A session or stream run by main once it knows the output format.
type Run = Box<dyn FnOnce() -> Result<(), CliError>>;

/// What a command produced.
pub(crate) enum Output {
    /// A report, and in text mode a line for stderr first (times, counts).
    Report {
        document: Box<dyn Document>,
        note: Option<String>,
    },
    /// Output written as it is computed, given whether it is JSON.
    Stream(Box<dyn FnOnce(bool) -> Result<(), CliError>>),
    /// A session in the terminal; with `--json` it is refused with `refusal` when one is
    /// given, else run all the same.
    Interactive {
        refusal: Option<&'static str>,
        run: Run,
    },
}

impl Output {
    /// Prints the output as text (in `format.lang`) or as JSON.
    pub(crate) fn emit(self, format: crate::rulesets::Format) -> Result<(), CliError> {
        let json = format.json;
        match self {
            Output::Report { document, note } => {
                if json {
                    let doc = document
                        .json()
                        .map_err(|e| CliError::failure(format!("cannot encode the report: {e}")))?;
                    print(&format!("{doc}\n"))
                } else {
                    if let Some(note) = note {
                        eprintln!("{note}");
                    }
                    print(&document.text_in(format.lang))
                }
            }
            Output::Stream(write) => write(json),
            Output::Interactive {
                refusal: Some(why), ..
            } if json => Err(CliError::input(why)),
            Output::Interactive { run, .. } => run(),
        }
    }
}

/// A report to print.
pub(crate) fn report(document: impl Report + 'static) -> Result<Output, CliError> {
    Ok(Output::Report {
        document: Box::new(document),
        note: None,
    })
}

/// A play session (run whatever the output format, as `--play` always has).
pub(crate) fn session(
    run: impl FnOnce() -> Result<(), CliError> + 'static,
) -> Result<Output, CliError> {
    Ok(Output::Interactive {
        refusal: None,
        run: Box::new(run),
    })
}

/// A play session that refuses `--json`.
pub(crate) fn session_without_json(
    run: impl FnOnce() -> Result<(), CliError> + 'static,
) -> Result<Output, CliError> {
    Ok(Output::Interactive {
        refusal: Some("--play is interactive; --json is not available with it"),
        run: Box::new(run),
    })
}
