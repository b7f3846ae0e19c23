//! Every example of the README's command table runs, in a scratch folder holding the example
//! files, and prints what the table says where it says it (`→`). Together with the `console`
//! blocks (tests/snapshots.rs) this keeps the README from going stale.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::temp_path;

/// Splits a command line the way a shell would for these examples (double quotes only).
fn split(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(word);
    }
    words
}

/// (example, expected output) for each row of the README's command table.
fn examples(readme: &str) -> Vec<(String, Option<String>)> {
    readme
        .lines()
        .filter(|l| l.starts_with("| `cgt "))
        .map(|row| {
            // The last cell: `cgt …`, optionally followed by → `output`.
            let cell = row
                .trim_end()
                .trim_end_matches('|')
                .rsplit(" | ")
                .next()
                .unwrap_or("");
            let mut spans = cell.split('`').skip(1).step_by(2);
            let example = spans.next().unwrap_or_default().replace("\\|", "|");
            let expected = cell
                .contains('→')
                .then(|| spans.next().unwrap_or_default().to_owned());
            (example, expected)
        })
        .collect()
}

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn every_table_example_runs_and_prints_what_it_says() {
    let readme = std::fs::read_to_string(repository().join("README.md")).unwrap();
    let rows = examples(&readme);
    assert!(rows.len() >= 25, "the table has {} examples", rows.len());
    let dir = temp_path("readme");
    common::copy_examples(&dir);
    let cgt = |args: &[String]| {
        Command::new(env!("CARGO_BIN_EXE_cgt"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    // The probe example reads a KQK table, built here first.
    let built = cgt(&split("retro build kqk --out kqk.cgtb --quiet"));
    assert_eq!(built.status.code(), Some(0));
    for (example, expected) in rows {
        assert!(
            example.starts_with("cgt "),
            "a row without an example: {example:?}"
        );
        let args = split(&example["cgt ".len()..]);
        let out = cgt(&args);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{example}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!stdout.trim().is_empty(), "{example} printed nothing");
        if let Some(expected) = expected {
            assert_eq!(stdout.trim(), expected, "{example}");
        }
    }
}

#[test]
fn the_splitter_and_the_table_reader() {
    assert_eq!(
        split(r#"tree "(max 1 2)" --stats"#),
        ["tree", "(max 1 2)", "--stats"]
    );
    let rows = examples("| `cgt mex V…` | minimum | `cgt mex 0 1 3` → `2` |\n| x |\n");
    assert_eq!(rows, [("cgt mex 0 1 3".to_owned(), Some("2".to_owned()))]);
}

/// The README's rows of the partizan rulesets, as the registry gives them.
fn ruleset_rows() -> String {
    let mut rows = String::new();
    for r in cgt_report::registry::RULESETS {
        let graph = if r.graph.is_some() { " [--graph]" } else { "" };
        let t = r.texts();
        rows.push_str(&format!(
            "| `cgt {} {}{graph} [--explain] [--misere]` | {} | `cgt {} \"{}\"` |\n",
            r.name,
            t.position.to_uppercase(),
            t.rules.replace('|', "\\|"),
            r.name,
            t.example.replace('|', "\\|"),
        ));
    }
    rows
}

/// The ruleset rows of the README's table are the registry's, between two markers: a ruleset
/// added to the registry is in the README or this test fails (`CGT_BLESS=1` rewrites them).
#[test]
fn the_readme_lists_every_ruleset_of_the_registry() {
    let path = repository().join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let (start, end) = (
        "<!-- rulesets: from cgt_report::registry -->\n",
        "<!-- rulesets end -->",
    );
    let a = readme
        .find(start)
        .expect("the README marks its ruleset rows")
        + start.len();
    let b = a + readme[a..].find(end).expect("the ruleset rows end");
    let want = ruleset_rows();
    if std::env::var_os("CGT_BLESS").is_some() {
        let text = format!("{}{want}{}", &readme[..a], &readme[b..]);
        std::fs::write(&path, text).unwrap();
        return;
    }
    assert_eq!(
        readme[a..b],
        want,
        "the README's ruleset rows differ from the registry: run with CGT_BLESS=1 to rewrite them"
    );
}
