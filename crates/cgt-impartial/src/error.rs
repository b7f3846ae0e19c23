//! The error type of `cgt-impartial`.

use core::fmt;

/// Why an impartial-game request was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ImpartialError {
    /// A parameter is outside the range the computation supports.
    OutOfRange {
        /// What the parameter is.
        what: &'static str,
        /// The rejected value.
        value: String,
        /// The largest accepted value.
        max: String,
    },
    /// The request needs more memory than allowed; nothing was allocated.
    TooLarge {
        /// What would have been built.
        what: String,
        /// Bytes it would need.
        bytes: u128,
        /// The limit in bytes.
        limit: u128,
    },
    /// A game description (graph file, tree, …) is malformed.
    Parse {
        /// Line number (1-based), when the input has lines.
        line: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// A game graph has a cycle where only finite (acyclic) games are accepted.
    Cycle {
        /// The vertices of one cycle, in move order (the last has an edge to the first).
        cycle: Vec<String>,
    },
    /// A parameter makes no game, for example Moore's Nim_0.
    Invalid {
        /// What is wrong.
        message: String,
    },
    /// A computation stopped by its [`Budget`](cgt_core::budget::Budget): its time limit or
    /// its stop flag.
    Stopped(cgt_core::budget::Exceeded),
}

impl fmt::Display for ImpartialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImpartialError::OutOfRange { what, value, max } => {
                write!(f, "{what} {value} is out of range (at most {max})")
            }
            ImpartialError::TooLarge { what, bytes, limit } => write!(
                f,
                "{what} would need {} of memory, more than the {} allowed",
                human_bytes(*bytes),
                human_bytes(*limit)
            ),
            ImpartialError::Parse {
                line: Some(line),
                message,
            } => write!(f, "line {line}: {message}"),
            ImpartialError::Parse {
                line: None,
                message,
            } => f.write_str(message),
            ImpartialError::Cycle { cycle } => {
                write!(f, "the graph has a cycle: {}", cycle.join(" -> "))?;
                if let Some(first) = cycle.first() {
                    write!(f, " -> {first}")?;
                }
                f.write_str("; use the loopy solver for graphs with cycles")
            }
            ImpartialError::Invalid { message } => f.write_str(message),
            ImpartialError::Stopped(why) => write!(f, "search stopped: {why}"),
        }
    }
}

impl std::error::Error for ImpartialError {}

/// `bytes` in the largest binary unit that keeps one digit before the point.
#[must_use]
pub fn human_bytes(bytes: u128) -> String {
    const UNITS: [&str; 7] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}
