//! Why a script could not be loaded or answered.

use core::fmt;

/// What went wrong, for callers that react differently (a front end maps every kind to bad
/// input; a notebook may retry a [`ErrorKind::Limit`] with a larger budget).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The script does not compile.
    Syntax,
    /// It compiles but does not define a game (`options`, or `left` and `right`), or lacks a
    /// function a call needs (`start`).
    Definition,
    /// A script function failed while running, ran past its operation limit, or returned
    /// something that is not a list of positions.
    Runtime,
    /// A position written by the caller could not be read.
    Position,
    /// A position can be reached from itself: the solvers need every play to end.
    Cycle,
    /// A search would store more positions than its limit allows.
    Limit,
}

/// A script failure as one line: the script's name, the line and column where the script
/// itself failed, and the message (`game.rhai:3:9: Variable not found: x`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    kind: ErrorKind,
    message: String,
}

impl ScriptError {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> ScriptError {
        ScriptError {
            kind,
            message: message.into(),
        }
    }

    /// What went wrong.
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

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ScriptError {}
