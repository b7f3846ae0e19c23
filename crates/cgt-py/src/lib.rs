//! `import cgt`: the cgt libraries as a Python extension module (`cgt._cgt`), wrapped by the
//! pure-Python package in `python/cgt`. Every answer comes from the library crates; this crate
//! only converts values and errors.
//!
//! - `partizan`: `Game` (short partizan games in canonical form, with arithmetic, order,
//!   stops, mean, temperature and thermographs) and the rulesets that produce them.
//! - `loopy`: `LoopyGame`, loopy partizan games (outcomes with draws, stoppers, sides).
//! - `deadend`: `LeftDeadEnd`, Left dead ends under misère play (order, sums, factorisations).
//! - `impartial`: Nim, heap games (octal, subtraction, Grundy's game) with their
//!   nim-sequences, typed winning moves.
//! - `custom`: `ImpartialGame`, games defined by a Python function, solved in Rust.
//! - `documents`: game trees, m,n,k, Connect-Four and endgame tables, answered with the
//!   documents of `cgt-report` as dicts (what `cgt … --json` prints).
//! - `pictures`: `Svg`, the pictures Jupyter draws (nim-sequence plots, Wythoff tables).
//! - `boards`: positions drawn as boards (Domineering, Clobber, Toads and Frogs, Hackenbush,
//!   Connect-Four, m,n,k, chess by FEN) with their values.
//! - `play`: play sessions against the perfect player (`cgt_play`), one `Session` class for
//!   every game.
//! - `ruleset`: `Ruleset`, a position of any partizan ruleset of the registry, by name.
//! - `errors`: the library's errors as the Python exceptions of `cgt.errors`.

mod boards;
mod custom;
mod deadend;
mod documents;
mod errors;
mod heap_move;
mod impartial;
mod interrupt;
mod loopy;
mod partizan;
mod pictures;
mod play;
mod quotient;
mod ruleset;

use pyo3::prelude::*;

/// The native module; `cgt/__init__.py` re-exports its names.
#[pymodule]
fn _cgt(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("DEFAULT_MEMORY_LIMIT", errors::DEFAULT_MEMORY_LIMIT)?;
    partizan::register(m)?;
    impartial::register(m)?;
    quotient::register(m)?;
    loopy::register(m)?;
    deadend::register(m)?;
    custom::register(m)?;
    documents::register(m)?;
    pictures::register(m)?;
    boards::register(m)?;
    play::register(m)?;
    ruleset::register(m)?;
    Ok(())
}
