//! Pictures for notebooks: an `Svg` value that Jupyter shows (`_repr_svg_`), drawn by
//! `cgt_report::pictures` — the nim-sequence plot and the Wythoff Grundy table.

use cgt_report::pictures::{self, Format};
use pyo3::prelude::*;

use crate::errors::{self, Kind};

/// An SVG picture: `str(picture)` is the SVG text, and Jupyter draws it.
#[pyclass(module = "cgt", frozen)]
#[derive(Debug)]
pub(crate) struct Svg {
    text: String,
}

impl Svg {
    pub(crate) fn from_bytes(drawn: Result<Vec<u8>, cgt_report::ReportError>) -> PyResult<Svg> {
        let bytes = drawn.map_err(|e| errors::raise(Kind::Input, e.message()))?;
        let text =
            String::from_utf8(bytes).map_err(|e| errors::raise(Kind::Failure, e.to_string()))?;
        Ok(Svg { text })
    }
}

#[pymethods]
impl Svg {
    fn _repr_svg_(&self) -> String {
        self.text.clone()
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Svg({} bytes)", self.text.len())
    }
}

/// The picture of a nim-sequence: `n` across, `G(n)` up, P-positions in red.
pub(crate) fn sequence(title: &str, values: &[u32]) -> PyResult<Svg> {
    Svg::from_bytes(pictures::sequence(title, values, Format::Svg))
}

/// The Wythoff Grundy table `n × n`, P-positions black.
pub(crate) fn wythoff(n: usize, table: &[u32]) -> PyResult<Svg> {
    Svg::from_bytes(pictures::wythoff(n, table, Format::Svg))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Svg>()?;
    Ok(())
}
