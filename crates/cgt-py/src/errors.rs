//! The libraries' errors as Python exceptions. The classes live in `cgt/errors.py` (so that
//! `ParseError` can be both a `cgt.Error` and a `ValueError`); here they are looked up and
//! raised with the library's one-line message.

use pyo3::prelude::*;

/// Bytes a search may use when the caller gives no `memory_limit` (1 GiB).
pub(crate) const DEFAULT_MEMORY_LIMIT: u64 = 1 << 30;

/// Which exception of `cgt.errors`.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Kind {
    /// Malformed text: `ParseError` (a `ValueError`).
    Parse,
    /// A value out of range or otherwise refused: `InputError` (a `ValueError`).
    Input,
    /// A move that is not legal in a play session: `IllegalMoveError` (an `InputError`).
    IllegalMove,
    /// Over a memory or size limit: `LimitError` (a `MemoryError`).
    Limit,
    /// Anything else: `Error`.
    Failure,
}

/// The exception of `kind` with `message`.
pub(crate) fn raise(kind: Kind, message: impl Into<String>) -> PyErr {
    let name = match kind {
        Kind::Parse => "ParseError",
        Kind::Input => "InputError",
        Kind::IllegalMove => "IllegalMoveError",
        Kind::Limit => "LimitError",
        Kind::Failure => "Error",
    };
    let message = message.into();
    Python::attach(|py| {
        match py
            .import("cgt.errors")
            .and_then(|m| m.getattr(name))
            .and_then(|class| class.call1((message.clone(),)))
        {
            Ok(exception) => PyErr::from_value(exception),
            Err(e) => e,
        }
    })
}

/// A partizan error as its exception.
pub(crate) fn partizan(e: &cgt_partizan::PartizanError) -> PyErr {
    use cgt_partizan::PartizanError as E;
    let kind = match e {
        E::Parse { .. } => Kind::Parse,
        E::MemoryLimit { .. } | E::TooLarge { .. } => Kind::Limit,
        E::Stopped(why) => return stopped(why),
        _ => Kind::Input,
    };
    raise(kind, e.to_string())
}

/// A search stopped by its budget: `KeyboardInterrupt` when its stop flag was raised (the
/// only raiser is Ctrl-C, see `interrupt`), `LimitError` for the other limits.
pub(crate) fn stopped(why: &cgt_core::budget::Exceeded) -> PyErr {
    match why {
        cgt_core::budget::Exceeded::Stopped => pyo3::exceptions::PyKeyboardInterrupt::new_err(()),
        other => raise(Kind::Limit, format!("search stopped: {other}")),
    }
}

/// An impartial error as its exception.
pub(crate) fn impartial(e: &cgt_impartial::ImpartialError) -> PyErr {
    use cgt_impartial::ImpartialError as E;
    if let E::Stopped(why) = e {
        return stopped(why);
    }
    let kind = match e {
        E::Parse { .. } => Kind::Parse,
        E::TooLarge { .. } => Kind::Limit,
        _ => Kind::Input,
    };
    raise(kind, e.to_string())
}

/// The bytes a call may use: its `memory_limit` argument, or the default.
pub(crate) fn budget(memory_limit: Option<u64>) -> u64 {
    memory_limit.unwrap_or(DEFAULT_MEMORY_LIMIT)
}

/// A whole number a caller gives (a heap size, a count of heaps, a bound): from 0 to
/// 2^64 − 1. A negative or larger int is `InputError`, as every other bad input is, not the
/// binding layer's `OverflowError`; what is not an int stays a `TypeError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Count(pub(crate) u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Count {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Count> {
        match obj.extract::<u64>() {
            Ok(n) => Ok(Count(n)),
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(obj.py()) => {
                let shown = obj
                    .repr()
                    .map_or_else(|_| "the number".to_owned(), |r| r.to_string());
                Err(raise(
                    Kind::Input,
                    format!(
                        "{shown} is out of range: a count is a whole number from 0 to {}",
                        u64::MAX
                    ),
                ))
            }
            Err(e) => Err(e),
        }
    }
}

impl Count {
    /// The counts of a list, as numbers.
    pub(crate) fn all(counts: Vec<Count>) -> Vec<u64> {
        counts.into_iter().map(|c| c.0).collect()
    }

    /// As an index or length (`usize`), refused past the platform's range.
    pub(crate) fn index(self) -> PyResult<usize> {
        usize::try_from(self.0)
            .map_err(|_| raise(Kind::Input, format!("{} is too large here", self.0)))
    }
}
