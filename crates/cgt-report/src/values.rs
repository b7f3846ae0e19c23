//! The nimber commands: mex, nim-sum, nim-product, nim-inverse.

use cgt_core::{Nimber, Outcome, mex, nim_sum};

use crate::document::Report;
use crate::error::ReportError;

/// `cgt mex`: the least non-negative integer not among `values`.
#[must_use]
pub fn mex_of(values: Vec<u64>) -> ValueReport {
    let m = mex(values.iter().copied());
    ValueReport::new(values, "mex", m)
}

/// `cgt nimsum`: the XOR of `values`, with the outcome of Nim on those heaps.
#[must_use]
pub fn nimsum(values: Vec<u64>) -> ValueReport {
    let s = nim_sum(values.iter().copied());
    let mut r = ValueReport::new(values, "nim_sum", s);
    r.outcome = Some(Outcome::from_grundy(Nimber::new(s)).to_string());
    r
}

/// `cgt nimmul`: the nim-product of `values`.
#[must_use]
pub fn nimmul(values: Vec<u64>) -> ValueReport {
    let p: Nimber = values.iter().map(|&v| Nimber::new(v)).product();
    ValueReport::new(values, "nim_product", p.value())
}

/// `cgt niminv`: the inverse of `value` under nim-multiplication.
///
/// # Errors
/// `value` is 0.
pub fn niminv(value: u64) -> Result<ValueReport, ReportError> {
    let inv = Nimber::new(value)
        .inverse()
        .ok_or_else(|| ReportError::input("*0 has no inverse under nim-multiplication"))?;
    Ok(ValueReport::new(vec![value], "inverse", inv.value()))
}

/// `mex`, `nimsum`, `nimmul`, `niminv`: the values given and the one result, under the
/// operation's name (`{"values": [0, 1, 3], "mex": 2}`).
#[derive(Debug)]
pub struct ValueReport {
    /// The operands.
    pub values: Vec<u64>,
    /// The operation's name, the result's key in the JSON document.
    pub name: &'static str,
    /// The result.
    pub result: u64,
    /// For nim-sums: the outcome of Nim with these heaps.
    pub outcome: Option<String>,
}

impl ValueReport {
    fn new(values: Vec<u64>, name: &'static str, result: u64) -> ValueReport {
        ValueReport {
            values,
            name,
            result,
            outcome: None,
        }
    }
}

impl serde::Serialize for ValueReport {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        // `niminv` reports its one operand as `value`, the others their list as `values`.
        if self.name == "inverse" {
            map.serialize_entry("value", &self.values.first())?;
        } else {
            map.serialize_entry("values", &self.values)?;
        }
        map.serialize_entry(self.name, &self.result)?;
        if let Some(outcome) = &self.outcome {
            map.serialize_entry("outcome", outcome)?;
        }
        map.end()
    }
}

impl Report for ValueReport {
    fn text(&self) -> String {
        format!("{}\n", self.result)
    }
}
