//! Why a report could not be made.

use core::fmt;

/// Whose fault a failure is: the input's (a front end's exit code 2, HTTP 4xx, `ValueError`),
/// the limits' (exit code 2 as well, HTTP 422, `LimitError`), or something else's (exit code 1,
/// HTTP 5xx).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// Bad input: a position out of range, a limit the request would pass, a malformed game.
    Input,
    /// Work stopped by its budget (memory or time) while it ran.
    Limit,
    /// Anything else (a search that failed for a reason the input does not explain).
    Failure,
}

/// A failure as one line, with its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportError {
    kind: ErrorKind,
    message: String,
}

impl ReportError {
    /// Bad input.
    pub fn input(message: impl Into<String>) -> ReportError {
        ReportError {
            kind: ErrorKind::Input,
            message: message.into(),
        }
    }

    /// Work stopped by its budget.
    pub fn limit(message: impl Into<String>) -> ReportError {
        ReportError {
            kind: ErrorKind::Limit,
            message: message.into(),
        }
    }

    /// Any other failure.
    pub fn failure(message: impl Into<String>) -> ReportError {
        ReportError {
            kind: ErrorKind::Failure,
            message: message.into(),
        }
    }

    /// Whose fault it is.
    #[must_use]
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The one-line message.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReportError {}

impl From<cgt_core::budget::Exceeded> for ReportError {
    /// A search its budget stopped, with the setting that allows more.
    fn from(e: cgt_core::budget::Exceeded) -> ReportError {
        use cgt_core::budget::Exceeded;
        let hint = match e {
            Exceeded::Time { .. } => "; set CGT_TIME_LIMIT (such as 10m, or none) to allow more",
            Exceeded::Memory { .. } => "; set CGT_MEMORY_LIMIT (such as 4G) to allow more",
            _ => "",
        };
        ReportError::limit(format!("search stopped: {e}{hint}"))
    }
}

impl From<cgt_impartial::ImpartialError> for ReportError {
    fn from(e: cgt_impartial::ImpartialError) -> ReportError {
        match e {
            cgt_impartial::ImpartialError::Stopped(why) => ReportError::from(why),
            e => ReportError::input(e.to_string()),
        }
    }
}

impl From<cgt_script::ScriptError> for ReportError {
    fn from(e: cgt_script::ScriptError) -> ReportError {
        ReportError::input(e.to_string())
    }
}
