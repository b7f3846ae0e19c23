//! `cgt script FILE`: a game defined in a small script (the Rhai language, through
//! `cgt-script`), answered by the same generic solvers as the built-in games: the position's
//! outcome, value and winning moves, a table with `--upto`, misère play, or `--play`.

use cgt_script::{Kind, Script, ScriptError};

use crate::output::{CliError, memory_limit, read_input};
use crate::report::{Output, report, session};

impl From<ScriptError> for CliError {
    fn from(e: ScriptError) -> CliError {
        CliError::input(e.to_string())
    }
}

/// Reads and compiles `file` (`-` for stdin), with searches limited by the memory limit.
pub(crate) fn load(file: &str) -> Result<Script, CliError> {
    let text = read_input(file)?;
    Ok(Script::compile(file, &text)?
        .with_memory_limit(memory_limit()?)
        .with_limits(crate::output::search_budget()?))
}

/// `cgt script FILE`: outcome, value and winning moves of the start position (or `--position`),
/// a table with `--upto`, misère play with `--misere`, or `--play`.
pub(crate) fn run(
    file: &str,
    position: Option<&str>,
    upto: Option<u64>,
    misere: bool,
    play: bool,
    explain: bool,
) -> Result<Output, CliError> {
    let script = load(file)?;
    if misere && script.kind() == Kind::Partizan {
        return Err(CliError::input(
            "--misere is for impartial scripts (fn options); partizan misère play is not supported",
        ));
    }
    if play && script.kind() == Kind::Partizan {
        return Err(CliError::input(
            "--play is for impartial scripts (fn options)",
        ));
    }
    if let Some(n) = upto {
        return report(cgt_report::script::table(
            &script,
            n,
            misere,
            memory_limit()?,
        )?);
    }
    let start = script.start(position)?;
    if play {
        return session(move || {
            crate::play::play(cgt_play::games::ScriptPlay::new(&script, misere), start)?;
            Ok(script.take_error()?)
        });
    }
    report(cgt_report::script::position(
        &script,
        &start,
        misere,
        memory_limit()?,
        explain,
    )?)
}
