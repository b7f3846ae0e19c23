//! Printing results and errors the same way in every command.

use std::io::{self, Write};

/// A failure with the message to print and the exit code to return.
#[derive(Debug)]
pub(crate) struct CliError {
    pub(crate) message: String,
    pub(crate) exit_code: u8,
    /// The message as data where the library wrote it as one, for `--lang`.
    pub(crate) said: Option<cgt_core::said::Said>,
}

impl CliError {
    /// Bad input: exit code 2.
    pub(crate) fn input(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            exit_code: 2,
            said: None,
        }
    }

    /// The same error with `suffix` added to its message (which is then English only).
    pub(crate) fn with_suffix(mut self, suffix: &str) -> CliError {
        self.message.push_str(suffix);
        self.said = None;
        self
    }

    /// The message in `lang` where it was written as a message (`--lang`).
    pub(crate) fn worded(mut self, lang: cgt_report::texts::Lang) -> CliError {
        if let Some(said) = &self.said {
            self.message = cgt_report::texts::said(lang, said);
        }
        self
    }

    /// Any other failure (for example an unwritable output): exit code 1.
    pub(crate) fn failure(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            exit_code: 1,
            said: None,
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
    stream(|out| out.write_all(text.as_bytes()))
}

/// Streams output to stdout through a buffer (for documents too large to build in memory).
/// A closed pipe ends the output quietly, as in [`print()`].
pub(crate) fn stream(
    write: impl FnOnce(&mut io::BufWriter<io::StdoutLock<'_>>) -> io::Result<()>,
) -> Result<(), CliError> {
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::failure(format!("cannot write to stdout: {e}"))),
    }
}

/// Memory the process itself takes besides what a request allocates (code, stacks, buffers,
/// the allocator's slack): added to every up-front estimate so the estimate bounds the peak.
pub(crate) const PROCESS_BASELINE: u128 = 16 << 20;

/// With `CGT_REPORT_PEAK` set, prints the process's peak resident memory on stderr (from
/// `/proc/self/status`), so tests can hold up-front estimates against measured peaks.
pub(crate) fn report_peak_memory() {
    if let Some(kib) = proc_kib("/proc/self/status", "VmHWM:") {
        eprintln!("peak memory: {} bytes", kib * 1024);
    }
}

/// A `kB` field of a `/proc` file (`VmHWM:` of `/proc/self/status`, `MemAvailable:` of
/// `/proc/meminfo`), when the system has it.
fn proc_kib(file: &str, field: &str) -> Option<u128> {
    let text = std::fs::read_to_string(file).ok()?;
    text.lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kib| kib.parse::<u128>().ok())
}

/// Bytes a single request may allocate: `CGT_MEMORY_LIMIT` if set (bytes, or with a unit:
/// `200M`, `1.5G`; empty counts as unset), else 80% of the memory the system reports as available, else 8 GiB.
///
/// # Errors
/// A `CGT_MEMORY_LIMIT` that is not a size (bad input: the user meant a limit, and running
/// without it could exhaust the machine).
pub(crate) fn memory_limit() -> Result<u128, CliError> {
    if let Some(text) = std::env::var_os("CGT_MEMORY_LIMIT").filter(|t| !t.is_empty()) {
        let text = text.to_string_lossy();
        return cgt_core::budget::parse_bytes(&text)
            .map(u128::from)
            .map_err(|why| CliError::input(format!("CGT_MEMORY_LIMIT: {why}")));
    }
    Ok(proc_kib("/proc/meminfo", "MemAvailable:").map_or(8 << 30, |kib| kib * 1024 / 5 * 4))
}

/// How long a search may run when `CGT_TIME_LIMIT` is not set.
pub(crate) const DEFAULT_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(25);

/// The wall time a search may take: `CGT_TIME_LIMIT` (`90s`, `5m`, `none`; empty counts as
/// unset), else [`DEFAULT_TIME_LIMIT`].
///
/// # Errors
/// A `CGT_TIME_LIMIT` that is not a duration.
pub(crate) fn time_limit() -> Result<Option<std::time::Duration>, CliError> {
    match std::env::var_os("CGT_TIME_LIMIT").filter(|t| !t.is_empty()) {
        Some(text) => cgt_core::budget::parse_duration(&text.to_string_lossy())
            .map_err(|why| CliError::input(format!("CGT_TIME_LIMIT: {why}"))),
        None => Ok(Some(DEFAULT_TIME_LIMIT)),
    }
}

/// The budget of one search: the memory limit and the time limit, counted from now.
///
/// # Errors
/// As [`memory_limit`] and [`time_limit`].
pub(crate) fn search_budget() -> Result<cgt_core::budget::Budget, CliError> {
    let memory = u64::try_from(memory_limit()?).unwrap_or(u64::MAX);
    let budget = cgt_core::budget::Budget::unlimited().with_memory(memory);
    Ok(match time_limit()? {
        Some(limit) => budget.with_time(limit),
        None => budget,
    })
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

/// The directory and file name of an output path, or a clear error for a path that names no
/// file (`''`, `/`, `dir/..`).
fn split_output_path(path: &str) -> Result<(&std::path::Path, &std::ffi::OsStr), CliError> {
    if path.is_empty() {
        return Err(CliError::input(
            "the output file name is empty; give a path such as table.cgtb",
        ));
    }
    let target = std::path::Path::new(path);
    let name = target
        .file_name()
        .ok_or_else(|| CliError::input(format!("{path:?} does not name a file")))?;
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or_else(|| std::path::Path::new("."));
    Ok((dir, name))
}

/// The temporary name a write to `name` by process `pid` uses (beside the target, so the final
/// rename stays on one file system).
fn temporary_name(name: &std::ffi::OsStr, pid: u32) -> String {
    format!(".{}.tmp-{pid}", name.to_string_lossy())
}

/// Whether process `pid` is alive. Where `/proc` is missing every process counts as alive,
/// so nothing is ever removed from under a running write.
fn process_alive(pid: u32) -> bool {
    let proc = std::path::Path::new("/proc");
    !proc.is_dir() || proc.join(pid.to_string()).exists()
}

/// Removes temporary files that earlier, killed writes to `path` left beside it. A temporary
/// belongs to the process whose id ends its name; files of live processes (another build
/// writing the same file right now) are never touched.
pub(crate) fn remove_stale_temporaries(path: &str) {
    let Ok((dir, name)) = split_output_path(path) else {
        return;
    };
    let prefix = temporary_name(name, 0);
    let prefix = prefix.trim_end_matches('0');
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        // `.NAME.tmp-PID` (the command's own writes) or `.NAME.tmp-PID-RANDOM` (the
        // container's, through tempfile).
        let Some(pid) = file
            .to_str()
            .and_then(|f| f.strip_prefix(prefix))
            .and_then(|p| p.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !process_alive(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Checks, before any long computation, that `path` can be written: its directory exists and
/// accepts a new file. Nothing is left behind.
pub(crate) fn check_writable(path: &str) -> Result<(), CliError> {
    let (dir, name) = split_output_path(path)?;
    let probe = dir.join(temporary_name(name, std::process::id()));
    std::fs::File::create(&probe)
        .map_err(|e| CliError::failure(format!("cannot write {path}: {e}")))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Writes `bytes` to `path` atomically (the container's temporary file and rename), so `path`
/// is either untouched or complete. Temporaries of earlier killed writes to the same path are
/// removed first.
pub(crate) fn write_atomic(path: &str, bytes: &[u8]) -> Result<(), CliError> {
    split_output_path(path)?;
    remove_stale_temporaries(path);
    cgt_core::container::write_atomic(std::path::Path::new(path), &[bytes])
        .map_err(|e| CliError::failure(format!("cannot write {path}: {e}")))
}
