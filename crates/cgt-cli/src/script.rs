//! `cgt script FILE --play`: a game defined in a script (the Rhai language, through
//! `cgt-script`) played against the program; its reports are `cgt_report::request::Script`'s.

use cgt_script::{Kind, ScriptError};

use crate::output::CliError;
use crate::report::{Output, session};

impl From<ScriptError> for CliError {
    fn from(e: ScriptError) -> CliError {
        CliError::input(e.to_string())
    }
}

/// `cgt script FILE --play` (impartial scripts), the file already read into the request.
pub(crate) fn play(request: cgt_report::request::Script) -> Result<Output, CliError> {
    let script = request.compile(&crate::output::search_budget()?)?;
    request.check(&script)?;
    if script.kind() == Kind::Partizan {
        return Err(CliError::input(
            "--play is for impartial scripts (fn options)",
        ));
    }
    let start = script.start(request.position.as_deref())?;
    let misere = request.misere;
    session(move || {
        crate::play::play_game(cgt_play::games::ScriptPlay::new(&script, misere), start)?;
        Ok(script.take_error()?)
    })
}
