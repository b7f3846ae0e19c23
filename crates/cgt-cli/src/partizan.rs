//! `cgt game`'s thermograph picture.

use crate::output::CliError;
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
