//! Why a report could not be made.

use core::fmt;

/// Whose fault a failure is: the input's (a front end's exit code 2, HTTP 4xx, `ValueError`),
/// or something else's (exit code 1, HTTP 5xx).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// Bad input: a position out of range, a limit the request would pass, a malformed game.
    Input,
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

impl From<cgt_impartial::ImpartialError> for ReportError {
    fn from(e: cgt_impartial::ImpartialError) -> ReportError {
        ReportError::input(e.to_string())
    }
}

impl From<cgt_script::ScriptError> for ReportError {
    fn from(e: cgt_script::ScriptError) -> ReportError {
        ReportError::input(e.to_string())
    }
}
