//! A spinner on stderr for the one-shot searches that may run for minutes (a partizan ruleset on
//! a large board, `game`, `loopy`, `dead-end`): how many positions the search has met and the
//! memory it holds (the most its budget checks have reported: the figure the memory limit is
//! held to, not the resident size), fed by the search's own budget checks.
//!
//! It appears only when stderr is a terminal and the search has run for a second, is redrawn
//! at most five times a second, and is cleared before the answer or the error is printed, so
//! pipes, files, `--json` and short searches see nothing of it.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use cgt_core::budget::{Budget, Progress, human_bytes};

use crate::output::{CliError, search_budget};

/// The spinner of one command: none until a search has run for a second. Cloned handles
/// share it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Spinner(Arc<Mutex<Option<indicatif::ProgressBar>>>);

/// Milliseconds into the search before the spinner shows, and between two redraws.
const SHOW_AFTER_MS: u64 = 1000;
const REDRAW_MS: u64 = 200;

impl Spinner {
    /// [`search_budget`], with the spinner listening to it when stderr is a terminal.
    pub(crate) fn budget(&self) -> Result<Budget, CliError> {
        let budget = search_budget()?;
        if !std::io::stderr().is_terminal() {
            return Ok(budget);
        }
        let start = Instant::now();
        let seen = Arc::new(Seen::default());
        let spinner = self.clone();
        Ok(
            budget.with_progress(Progress::most(move |positions, bytes| {
                let now = u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
                if let Some(line) = seen.line(now, positions, bytes) {
                    spinner.draw(&line);
                }
            })),
        )
    }

    /// Clears the spinner if it was shown: called before anything is printed.
    pub(crate) fn clear(&self) {
        if let Ok(mut spinner) = self.0.lock()
            && let Some(bar) = spinner.take()
        {
            bar.finish_and_clear();
        }
    }

    fn draw(&self, line: &str) {
        let Ok(mut spinner) = self.0.lock() else {
            return;
        };
        let bar = spinner.get_or_insert_with(|| {
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_style(
                indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
            );
            bar.enable_steady_tick(std::time::Duration::from_millis(250));
            bar
        });
        bar.set_message(line.to_owned());
    }
}

/// When the line was last drawn.
#[derive(Debug, Default)]
struct Seen {
    /// Milliseconds into the search (0: never).
    drawn: AtomicU64,
}

impl Seen {
    /// The line to draw `now` milliseconds into the search, when it is time to draw one.
    fn line(&self, now: u64, positions: u64, bytes: u64) -> Option<String> {
        let drawn = self.drawn.load(Ordering::Relaxed);
        if now < SHOW_AFTER_MS || (drawn != 0 && now < drawn + REDRAW_MS) {
            return None;
        }
        self.drawn.store(now, Ordering::Relaxed);
        Some(format!(
            "{} positions, {} held",
            grouped(positions),
            human_bytes(bytes)
        ))
    }
}

/// `n` with its digits in groups of three: `4,222,736`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_waits_a_second_and_keeps_its_pace() {
        let seen = Seen::default();
        assert_eq!(seen.line(10, 512, 1 << 20), None, "too early");
        assert_eq!(
            seen.line(1_000, 512, 3 << 20).as_deref(),
            Some("512 positions, 3.0 MiB held")
        );
        assert_eq!(
            seen.line(1_100, 4_222_736, 630 << 20),
            None,
            "too soon again"
        );
        assert_eq!(
            seen.line(1_200, 4_222_736, 630 << 20).as_deref(),
            Some("4,222,736 positions, 630.0 MiB held")
        );
    }

    #[test]
    fn digits_in_groups_of_three() {
        for (n, text) in [
            (0, "0"),
            (999, "999"),
            (1_000, "1,000"),
            (356_377, "356,377"),
            (1_539_245, "1,539,245"),
            (u64::MAX, "18,446,744,073,709,551,615"),
        ] {
            assert_eq!(grouped(n), text);
        }
    }
}
