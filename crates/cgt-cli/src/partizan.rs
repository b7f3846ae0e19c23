//! The partizan commands' input: pictures read from files, and the thermograph picture.

use cgt_partizan::hackenbush::Picture;

use crate::output::{CliError, read_input};
use crate::progress::Spinner;
use crate::report::{Output, report};

/// `cgt game EXPR [--compare EXPR] [--thermograph FILE]`.
pub(crate) fn game(
    request: &cgt_report::request::Game,
    thermograph: Option<&str>,
    spinner: &Spinner,
) -> Result<Output, CliError> {
    let mut r = request.answer(&spinner.budget()?)?;
    if let Some(path) = thermograph {
        crate::picture::write(
            path,
            "unknown picture format for {path}: use a .svg or .png file name",
            |format| cgt_report::pictures::thermograph(&r.value, &r.exact_thermograph, format),
        )?;
        r.notes.push(format!("thermograph written to {path}"));
    }
    report(r)
}

/// `cgt hackenbush FILE` for a picture with blue or red edges.
pub(crate) fn hackenbush(
    file: &str,
    picture: Picture,
    explain: bool,
    spinner: &Spinner,
) -> Result<Output, CliError> {
    report(cgt_report::partizan::hackenbush(
        file,
        picture,
        &spinner.budget()?,
        explain,
    )?)
}

/// Reads a Hackenbush file: `Some(picture)` when it has a blue or red edge (a partizan game),
/// `None` when every edge is green (left to the impartial command).
pub(crate) fn colour_picture(file: &str, ground: &str) -> Result<Option<Picture>, CliError> {
    let text = read_input(file)?;
    match Picture::parse(&text, ground) {
        Ok(p) if !p.all_green() => Ok(Some(p)),
        Ok(_) => Ok(None),
        // A picture with colours is the partizan parser's to report (a bad colour on line 2
        // is on line 2), as is one beyond the partizan search's size.
        Err(e) if has_colours(&text) => Err(cgt_report::ReportError::from(e).into()),
        // Other errors are the impartial parser's to report, in the same words as before.
        Err(_) => Ok(None),
    }
}

/// Whether any edge of an edge list is marked with a colour other than green.
fn has_colours(text: &str) -> bool {
    cgt_core::text::records(text)
        .any(|r| matches!(r.fields.as_slice(), [_, _, c] if !matches!(*c, "green" | "g" | "G")))
}
