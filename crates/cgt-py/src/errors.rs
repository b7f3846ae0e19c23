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
