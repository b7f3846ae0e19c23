//! The one error type of the crate.

use core::fmt;

/// What can go wrong: bad notation or boards, numbers out of range, searches too large.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PartizanError {
    /// Text that is not a game, number, board or picture.
    Parse {
        /// The rejected input (cut to 80 characters).
        input: String,
        /// What was expected, in one sentence.
        message: String,
    },
    /// A number outside the dyadic range: denominator above `2^63` or absolute value above
    /// `2^62`.
    NumberRange {
        /// The number, or the operation that produced it.
        what: String,
    },
    /// A board, row or picture larger than the representation allows.
    TooLarge {
        /// What is too large, and the limit.
        message: String,
    },
    /// A search that went past its memory budget, stopped before it could exhaust the machine.
    MemoryLimit {
        /// The budget in bytes.
        budget: u64,
        /// Positions and game forms stored when it stopped.
        stored: u64,
    },
    /// A search stopped by its [`cgt_core::budget::Budget`]: positions, time, or its stop flag.
    Stopped(cgt_core::budget::Exceeded),
    /// A user-defined game that returned to a position on the current line of play: short games
    /// must end.
    Loopy,
    /// An argument outside an operation's domain, such as cooling by a negative number.
    Argument {
        /// What was wrong, in one sentence.
        message: String,
    },
}

impl PartizanError {
    pub(crate) fn parse(input: &str, message: impl Into<String>) -> PartizanError {
        let mut input = input.trim().to_owned();
        if input.chars().count() > 80 {
            input = input.chars().take(77).collect::<String>() + "...";
        }
        PartizanError::Parse {
            input,
            message: message.into(),
        }
    }

    pub(crate) fn range(what: impl Into<String>) -> PartizanError {
        PartizanError::NumberRange { what: what.into() }
    }
}

impl fmt::Display for PartizanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartizanError::Parse { input, message } => write!(f, "cannot read {input:?}: {message}"),
            PartizanError::NumberRange { what } => write!(
                f,
                "number out of range in {what}: denominators are limited to 2^63 and absolute values to 2^62"
            ),
            PartizanError::TooLarge { message } => f.write_str(message),
            PartizanError::MemoryLimit { budget, stored } => write!(
                f,
                "the search needs more than its memory limit of {} (stopped at {stored} stored positions and forms)",
                cgt_core::budget::human_bytes(*budget)
            ),
            PartizanError::Stopped(why) => write!(f, "search stopped: {why}"),
            PartizanError::Argument { message } => f.write_str(message),
            PartizanError::Loopy => f.write_str(
                "the game returned to a position already on the line of play; short partizan games must end",
            ),
        }
    }
}

impl std::error::Error for PartizanError {}
