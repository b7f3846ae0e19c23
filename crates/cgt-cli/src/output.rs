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

/// Bytes a single request may allocate: `CGT_MEMORY_LIMIT` if set, else 80% of the memory the
/// system reports as available, else 8 GiB.
pub(crate) fn memory_limit() -> u128 {
    if let Some(limit) = std::env::var("CGT_MEMORY_LIMIT")
        .ok()
        .and_then(|v| v.trim().parse::<u128>().ok())
    {
        return limit;
    }
    let available_kib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("MemAvailable:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kib| kib.parse::<u128>().ok())
        });
    available_kib.map_or(8 << 30, |kib| kib * 1024 / 5 * 4)
}

/// The contents of `path`, or of stdin for `-`. A missing or unreadable file is bad input.
pub(crate) fn read_input(path: &str) -> Result<String, CliError> {
    use std::io::Read;
    let mut text = String::new();
    let result = if path == "-" {
        io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_string(&mut text).map(|_| ()))
    };
    result.map_err(|e| CliError::input(format!("cannot read {path}: {e}")))?;
    Ok(text)
}

/// Removes temporary files that an earlier, killed write to `path` left beside it.
pub(crate) fn remove_stale_temporaries(path: &str) {
    let target = std::path::Path::new(path);
    let (Some(name), Some(dir)) = (target.file_name(), target.parent()) else {
        return;
    };
    let dir = if dir.as_os_str().is_empty() {
        std::path::Path::new(".")
    } else {
        dir
    };
    let prefix = format!(".{}.tmp-", name.to_string_lossy());
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with(&prefix) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// Writes `bytes` to `path` atomically: a temporary file beside it, then a rename, so `path`
/// is either untouched or complete. Nothing is left behind on failure.
pub(crate) fn write_atomic(path: &str, bytes: &[u8]) -> Result<(), CliError> {
    let target = std::path::Path::new(path);
    let name = target
        .file_name()
        .ok_or_else(|| CliError::input(format!("{path} is not a file name")))?;
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or_else(|| std::path::Path::new("."));
    let tmp = dir.join(format!(
        ".{}.tmp-{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    let renamed = written.and_then(|()| std::fs::rename(&tmp, target));
    renamed.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        CliError::input(format!("cannot write {path}: {e}"))
    })
}
