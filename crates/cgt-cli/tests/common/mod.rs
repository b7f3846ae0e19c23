//! Helpers shared by the end-to-end tests of the `cgt` binary.

#![allow(dead_code)] // each test file uses a different subset

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs `cgt` with `args`.
pub fn cgt(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(args)
        .output()
        .expect("the cgt binary runs")
}

/// Runs `cgt`, expects success, returns stdout.
#[track_caller]
pub fn stdout(args: &[&str]) -> String {
    success(args, cgt(args))
}

/// Runs `cgt` with `input` (any bytes) on stdin.
pub fn cgt_with_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cgt runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("input written");
    child.wait_with_output().expect("cgt ends")
}

/// Runs `cgt` with `input` on stdin; expects success and returns stdout.
#[track_caller]
pub fn stdout_with_input(args: &[&str], input: &str) -> String {
    success(args, cgt_with_stdin(args, input.as_bytes()))
}

/// Expects a successful run; returns its stdout.
#[track_caller]
fn success(args: &[&str], out: Output) -> String {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Runs `cgt` exactly as given (the arguments include `--json`), expects one JSON document on
/// one line.
#[track_caller]
pub fn json_of(args: &[&str]) -> serde_json::Value {
    let text = stdout(args);
    assert_eq!(text.lines().count(), 1, "one JSON document on one line");
    serde_json::from_str(&text).expect("valid JSON")
}

/// Runs `cgt` with `--json` appended.
#[track_caller]
pub fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    json_of(&all)
}

/// The `explanation` lines of `cgt ARGS… --json` (the command is expected to give them).
#[track_caller]
pub fn explanation(args: &[&str]) -> Vec<String> {
    let doc = json(args);
    doc["explanation"]
        .as_array()
        .unwrap_or_else(|| panic!("{args:?}: no explanation in {doc}"))
        .iter()
        .map(|l| l.as_str().expect("lines of text").to_owned())
        .collect()
}

/// Bad input: exit code 2, nothing on stdout, one line on stderr starting `error:` that
/// contains `needle`, and no panic.
#[track_caller]
pub fn rejects(args: &[&str], needle: &str) {
    let out = cgt(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    assert!(
        stderr.contains(needle),
        "{args:?}: {stderr:?} lacks {needle:?}"
    );
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

/// A path named `name` in a temporary folder of its own, removed (with whatever the test wrote
/// there) when the value is dropped: tests leave nothing behind.
pub struct Scratch {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.path
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

/// A fresh temporary folder holding (not yet) a file or folder called `name`.
pub fn temp_path(name: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix("cgt-cli-test-")
        .tempdir()
        .expect("a temporary folder");
    let path = dir.path().join(name);
    Scratch { _dir: dir, path }
}

/// A file with `contents` in a temporary folder of its own.
pub fn temp_file(name: &str, contents: &str) -> Scratch {
    let path = temp_path(name);
    std::fs::write(&path, contents).expect("a temporary file");
    path
}

/// Copies the repository's example files (and `examples/scripts/`) into `dest/examples`, so
/// documented commands can name `examples/dag.txt` as a reader would from the repository root.
#[allow(dead_code)]
pub fn copy_examples(dest: &std::path::Path) {
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    for sub in ["", "scripts"] {
        let to = dest.join("examples").join(sub);
        std::fs::create_dir_all(&to).unwrap();
        for entry in std::fs::read_dir(source.join(sub)).unwrap() {
            let entry = entry.unwrap();
            if entry.file_type().unwrap().is_file() {
                std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
            }
        }
    }
}

/// The path of a file of the repository, as a string (`examples/dag.txt`).
pub fn repo_file(relative: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative)
        .to_string_lossy()
        .into_owned()
}

/// Runs `cgt` with extra environment variables; returns (exit code, stdout, stderr).
pub fn run_env(args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("cgt runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
