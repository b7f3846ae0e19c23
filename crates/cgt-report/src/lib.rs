//! The documents every cgt front end shows. Each command of the `cgt` binary is one call here
//! — the libraries do the work — returning one report that renders as text
//! ([`Report::text`]) or serialises as the JSON document of docs/json.md; the web playground
//! and the Python package call the same functions, so the three cannot disagree.
//!
//! Inputs are values, not paths: a front end reads files and passes their text or the parsed
//! game; limits (the memory a request may use) are parameters.
//!
//! ```
//! use cgt_report::{Report, impartial};
//!
//! let r = impartial::nim(&[3, 4, 5], false, false)?;
//! assert_eq!(r.outcome, "N");
//! assert_eq!(r.value, Some(2));
//! assert!(r.text().contains("Winning move: take 2 from heap 1, leaving 1"));
//! # Ok::<(), cgt_report::ReportError>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub mod boards;
pub mod census;
pub mod chance;
pub mod deadend;
mod document;
mod error;
pub mod games;
pub mod hidden;
pub mod impartial;
pub mod inputs;
pub mod loopy;
pub mod matrix;
pub mod minimax;
pub mod partizan;
pub mod pictures;
pub mod quotient;
pub mod registry;
pub mod request;
pub mod retro;
pub mod script;
pub mod sequence;
pub mod sessions;
pub mod texts;
pub mod values;

pub use document::{
    Change, ComponentValues, Details, Letter, MoveReport, Position, PositionReport,
    QuotientElement, Relation, Report, Spot, VerdictReport,
};
pub use error::{ErrorKind, ReportError};
