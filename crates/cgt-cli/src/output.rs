//! Printing results and errors the same way in every command.

use std::io::{self, Write};

/// A failure with the message to print and the exit code to return.
#[derive(Debug)]
pub(crate) struct CliError {
    pub(crate) message: String,
    pub(crate) exit_code: u8,
}

impl CliError {
    /// Bad input: exit code 2.
    pub(crate) fn input(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            exit_code: 2,
        }
    }

    /// Any other failure (for example an unwritable output): exit code 1.
    pub(crate) fn failure(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            exit_code: 1,
        }
    }
}

/// Turns a clap error into our conventions: help and version go to stdout with exit code 0;
/// anything else is a usage error reduced to its first line, exit code 2.
pub(crate) fn clap_error(err: &clap::Error) -> Result<(), CliError> {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => print(&err.render().to_string()),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Err(CliError::input(
            "a subcommand is required; 'cgt --help' lists them",
        )),
        _ => Err(CliError::input(one_line(&err.render().to_string()))),
    }
}

/// The first paragraph of a clap message (before the usage and the tips) on one line.
fn one_line(text: &str) -> String {
    let paragraph: Vec<&str> = text
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty() && !l.starts_with("Usage:"))
        .collect();
    let line = paragraph.join(" ");
    let line = line.trim_start_matches("error: ");
    if line.is_empty() {
        "invalid arguments; see 'cgt --help'".to_owned()
    } else {
        line.to_owned()
    }
}

/// Writes `text` to stdout. A closed pipe (`cgt … | head`) is not an error.
pub(crate) fn print(text: &str) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    let result = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::failure(format!("cannot write to stdout: {e}"))),
    }
}

/// Prints either the JSON document or the text, with a final newline.
pub(crate) fn emit(json: bool, document: &serde_json::Value, text: &str) -> Result<(), CliError> {
    if json {
        print(&format!("{document}\n"))
    } else if text.ends_with('\n') {
        print(text)
    } else {
        print(&format!("{text}\n"))
    }
}
