//! Pictures written to files: the format from the file's name, the drawing from
//! `cgt_report::pictures`, the bytes written atomically.

use cgt_report::ReportError;
use cgt_report::pictures::Format;

use crate::output::{CliError, write_atomic};

/// Writes the picture `draw` makes to `path`, in the format its name asks for; `unknown` is
/// the message for a name with neither extension (`{path}` stands for the path).
pub(crate) fn write(
    path: &str,
    unknown: &str,
    draw: impl FnOnce(Format) -> Result<Vec<u8>, ReportError>,
) -> Result<(), CliError> {
    let format =
        Format::of_file(path).ok_or_else(|| CliError::input(unknown.replace("{path}", path)))?;
    write_atomic(path, &draw(format)?)
}
