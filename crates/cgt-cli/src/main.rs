//! The `cgt` command: a thin front end over the cgt libraries.
//!
//! Conventions every command follows:
//! - human-readable text on stdout, or one JSON document with the global `--json` flag;
//! - errors are one line on stderr, `error: …`, with exit code 2 for bad input and 1 for other
//!   failures; nothing a user can type makes the program panic.

mod cli;
mod commands;
mod games;
mod impartial;
mod output;
mod partizan;
mod picture;
mod play;
mod progress;
mod report;
mod retro;
mod rulesets;
mod script;
mod sequence;
mod serve;

use std::process::ExitCode;

use crate::output::CliError;

fn main() -> ExitCode {
    // A panic would be a bug; report it on one line rather than with a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let message = info.to_string().replace('\n', " ");
        eprintln!("error: internal error (please report): {message}");
    }));
    let outcome = std::panic::catch_unwind(run);
    if std::env::var_os("CGT_REPORT_PEAK").is_some() {
        output::report_peak_memory();
    }
    match outcome {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(err)) => {
            eprintln!("error: {}", err.message);
            ExitCode::from(err.exit_code)
        }
        Err(_) => ExitCode::from(1),
    }
}

fn run() -> Result<(), CliError> {
    let (format, parsed) = match rulesets::parse() {
        Ok(parsed) => parsed,
        Err(err) => return output::clap_error(&err),
    };
    // A limit the user set but mistyped is refused by every command, not only those that
    // allocate much.
    output::memory_limit()?;
    output::time_limit()?;
    let spinner = progress::Spinner::default();
    let done = match parsed {
        rulesets::Parsed::Ask {
            request,
            play,
            side,
        } => commands::ask(request, play, side, &spinner),
        rulesets::Parsed::Command(command) => commands::own(command, &spinner),
    };
    spinner.clear();
    // An error in the language of the text (`--lang`), where the library wrote it as a message.
    done.map_err(|e| e.worded(format.lang))?.emit(format)
}
