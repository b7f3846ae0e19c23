//! One work budget for every search: positions, memory, wall time, and a stop flag another
//! thread may raise (Ctrl-C in a notebook, a request cancelled by the web server). A search
//! calls [`Budget::check`] every so often with what it has stored; the first limit passed
//! stops it with an [`Exceeded`] whose message reads the same in every front end.
//!
//! ```
//! use std::time::Duration;
//! use cgt_core::budget::{Budget, Exceeded, Stop};
//!
//! let stop = Stop::new();
//! let budget = Budget::unlimited()
//!     .with_memory(1 << 20)
//!     .with_positions(1_000)
//!     .with_time(Duration::from_secs(60))
//!     .with_stop(&stop);
//! assert!(budget.check(10, 4096).is_ok());
//! assert!(matches!(budget.check(5_000, 0), Err(Exceeded::Positions { .. })));
//! assert!(matches!(budget.check(10, 2 << 20), Err(Exceeded::Memory { .. })));
//! stop.stop();
//! assert_eq!(budget.check(0, 0), Err(Exceeded::Stopped));
//! assert_eq!(cgt_core::budget::parse_bytes("200M"), Ok(200 << 20));
//! ```

use core::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A flag that stops every search whose [`Budget`] holds it; cheap to clone and to share
/// between threads.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not raised.
    #[must_use]
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Raises the flag: searches holding it stop at their next check.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A listener told how far a search has got each time it checks its [`Budget`]: the positions
/// it has searched or stored and the bytes it holds (a spinner on a terminal, a notebook's
/// progress line). Cheap to clone and to share between threads.
#[derive(Clone)]
pub struct Progress(Arc<dyn Fn(u64, u64) + Send + Sync>);

impl Progress {
    /// A listener calling `report(positions, bytes)`. It is called from inside the search, as
    /// often as the search checks its budget (every few hundred positions, or once in a while
    /// with no positions counted): a listener that draws should keep its own pace.
    pub fn new(report: impl Fn(u64, u64) + Send + Sync + 'static) -> Progress {
        Progress(Arc::new(report))
    }

    /// A listener calling `report(positions, bytes)` with the most positions and the most
    /// bytes reported so far: some checks count no positions (a long sum inside a search
    /// checks only its memory) or only part of the memory, and a figure shown to a person
    /// should not go back.
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use cgt_core::budget::{Budget, Progress};
    ///
    /// let heard = Arc::new(Mutex::new(Vec::new()));
    /// let h = Arc::clone(&heard);
    /// let budget = Budget::unlimited().with_progress(Progress::most(move |n, bytes| {
    ///     h.lock().unwrap().push((n, bytes));
    /// }));
    /// for (n, bytes) in [(256, 4096), (0, 8192), (512, 1024)] {
    ///     budget.check(n, bytes).unwrap();
    /// }
    /// assert_eq!(*heard.lock().unwrap(), [(256, 4096), (256, 8192), (512, 8192)]);
    /// ```
    pub fn most(report: impl Fn(u64, u64) + Send + Sync + 'static) -> Progress {
        let (positions, bytes) = (AtomicU64::new(0), AtomicU64::new(0));
        Progress::new(move |n, b| {
            let n = positions.fetch_max(n, Ordering::Relaxed).max(n);
            let b = bytes.fetch_max(b, Ordering::Relaxed).max(b);
            report(n, b);
        })
    }
}

impl fmt::Debug for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Progress(..)")
    }
}

/// Limits on a search's work. The default is unlimited: each limit is opt-in.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    positions: Option<u64>,
    memory: Option<u64>,
    time: Option<(Instant, Duration)>,
    stop: Option<Stop>,
    progress: Option<Progress>,
}

/// Which limit a search passed. `Display` is the one-line message every front end prints.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Exceeded {
    /// More positions than the budget allows.
    Positions {
        /// The limit.
        limit: u64,
    },
    /// More memory than the budget allows (measured, or estimated up front).
    Memory {
        /// The limit, in bytes.
        limit: u64,
        /// The bytes in use or needed.
        used: u64,
    },
    /// Past the wall-time limit.
    Time {
        /// The limit.
        limit: Duration,
    },
    /// The stop flag was raised (Ctrl-C, a cancelled request).
    Stopped,
}

impl fmt::Display for Exceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exceeded::Positions { limit } => {
                write!(f, "more than {limit} positions, the limit of this search")
            }
            Exceeded::Memory { limit, used } => write!(
                f,
                "needs {} of memory, more than the limit of {}",
                human_bytes(*used),
                human_bytes(*limit)
            ),
            Exceeded::Time { limit } => {
                write!(
                    f,
                    "more than {}, the time limit of this search",
                    seconds(*limit)
                )
            }
            Exceeded::Stopped => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for Exceeded {}

impl Exceeded {
    /// What [`Exceeded`]'s `Display` writes, as data for a front end to word in its language
    /// (messages `error-exceeded-*`: the seconds and bytes as text, `25` and `1.0 GiB`).
    #[must_use]
    pub fn said(&self) -> crate::said::Said {
        use crate::said::Said;
        match *self {
            Exceeded::Positions { limit } => {
                Said::new("error-exceeded-positions").number("limit", limit)
            }
            Exceeded::Memory { limit, used } => Said::new("error-exceeded-memory")
                .text("used", human_bytes(used))
                .text("limit", human_bytes(limit)),
            Exceeded::Time { limit } => {
                let text = seconds(limit);
                let number = text.strip_suffix(" s").unwrap_or(&text).to_owned();
                Said::new("error-exceeded-time").text("limit", number)
            }
            Exceeded::Stopped => Said::new("error-exceeded-stopped"),
        }
    }
}

impl Budget {
    /// No limit at all.
    #[must_use]
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// At most `limit` positions searched or stored.
    #[must_use]
    pub fn with_positions(mut self, limit: u64) -> Budget {
        self.positions = Some(limit);
        self
    }

    /// At most `bytes` of memory.
    #[must_use]
    pub fn with_memory(mut self, bytes: u64) -> Budget {
        self.memory = Some(bytes);
        self
    }

    /// At most `limit` of wall time, counted from now.
    #[must_use]
    pub fn with_time(mut self, limit: Duration) -> Budget {
        self.time = Some((Instant::now(), limit));
        self
    }

    /// The wall time [`Budget::with_time`] allows, whenever it was counted from: what a play
    /// session gives each of its searches.
    #[must_use]
    pub fn time_limit(&self) -> Option<Duration> {
        self.time.map(|(_, limit)| limit)
    }

    /// Stops when `stop` is raised.
    #[must_use]
    pub fn with_stop(mut self, stop: &Stop) -> Budget {
        self.stop = Some(stop.clone());
        self
    }

    /// Tells `progress` what each [`Budget::check`] is given, before the limits are read.
    #[must_use]
    pub fn with_progress(mut self, progress: Progress) -> Budget {
        self.progress = Some(progress);
        self
    }

    /// The memory limit in bytes, if any.
    #[must_use]
    pub fn memory(&self) -> Option<u64> {
        self.memory
    }

    /// The position limit, if any.
    #[must_use]
    pub fn positions(&self) -> Option<u64> {
        self.positions
    }

    /// The memory limit, or `default` when the budget sets none.
    #[must_use]
    pub fn memory_or(&self, default: u64) -> u64 {
        self.memory.unwrap_or(default)
    }

    /// The same limits with the memory limit lowered to at most `bytes` (a part of the work
    /// that must fit in a share of the whole).
    #[must_use]
    pub fn with_memory_at_most(mut self, bytes: u64) -> Budget {
        self.memory = Some(self.memory.map_or(bytes, |m| m.min(bytes)));
        self
    }

    /// Whether a search that has `positions` positions and `memory` bytes may go on.
    ///
    /// # Errors
    /// The first limit passed, in the order stop flag, memory, positions, time.
    pub fn check(&self, positions: u64, memory: u64) -> Result<(), Exceeded> {
        if let Some(progress) = &self.progress {
            (progress.0)(positions, memory);
        }
        self.check_interrupt()?;
        self.check_memory(memory)?;
        if let Some(limit) = self.positions
            && positions > limit
        {
            return Err(Exceeded::Positions { limit });
        }
        Ok(())
    }

    /// Whether `bytes` fit the memory limit (an estimate before the work starts).
    ///
    /// # Errors
    /// [`Exceeded::Memory`] with the estimate.
    pub fn check_memory(&self, bytes: u64) -> Result<(), Exceeded> {
        match self.memory {
            Some(limit) if bytes > limit => Err(Exceeded::Memory { limit, used: bytes }),
            _ => Ok(()),
        }
    }

    /// The stop flag and the clock only: for loops that count nothing.
    ///
    /// # Errors
    /// [`Exceeded::Stopped`] or [`Exceeded::Time`].
    pub fn check_interrupt(&self) -> Result<(), Exceeded> {
        if self.stop.as_ref().is_some_and(Stop::is_stopped) {
            return Err(Exceeded::Stopped);
        }
        if let Some((start, limit)) = self.time
            && start.elapsed() > limit
        {
            return Err(Exceeded::Time { limit });
        }
        Ok(())
    }
}

/// Reads a byte count as people write it: `1073741824`, `512K`, `200M`, `1.5G`, `2GiB`,
/// `64 MB` (K, M, G and T are powers of 1024, with or without `B`/`iB`, any case).
///
/// # Errors
/// The reason, in words, for anything else (`abc`, `-1`, `1X`, an empty text, an overflow).
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (number, unit) = number_and_unit(t);
    let bad = || {
        format!(
            "{text:?} is not a size: give bytes, or a number with K, M, G or T (such as 200M or 1.5G)"
        )
    };
    let shift = match unit.to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => return Err(bad()),
    };
    if number.is_empty() || number.matches('.').count() > 1 {
        return Err(bad());
    }
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let whole: u128 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    let mut bytes = whole.checked_shl(shift).filter(|&b| b >> shift == whole);
    if !fraction.is_empty() {
        // Up to 9 decimals, rounded down to a whole byte.
        if fraction.len() > 9 || shift == 0 {
            return Err(bad());
        }
        let digits: u128 = fraction.parse().map_err(|_| bad())?;
        let scale = 10u128.pow(fraction.len() as u32);
        bytes = bytes.map(|b| b + (digits << shift) / scale);
    }
    bytes
        .and_then(|b| u64::try_from(b).ok())
        .ok_or_else(|| format!("{text:?} is more bytes than any machine has"))
}

/// Reads a duration as people write it: `30` or `30s` (seconds), `500ms`, `5m`, `2h`, `1.5h`;
/// `0`, `none`, `off` and `unlimited` mean no limit (`None`).
///
/// # Errors
/// The reason, in words, for anything else.
pub fn parse_duration(text: &str) -> Result<Option<Duration>, String> {
    let t = text.trim().to_ascii_lowercase();
    if matches!(t.as_str(), "none" | "off" | "unlimited") {
        return Ok(None);
    }
    let (number, unit) = number_and_unit(&t);
    let bad = || {
        format!(
            "{text:?} is not a duration: give seconds, or a number with ms, s, m or h (such as 90s or 5m), or none"
        )
    };
    let scale = match unit {
        "" | "s" | "sec" | "secs" => 1.0,
        "ms" => 0.001,
        "m" | "min" | "mins" => 60.0,
        "h" | "hour" | "hours" => 3600.0,
        _ => return Err(bad()),
    };
    let value: f64 = number.parse().map_err(|_| bad())?;
    let seconds = value * scale;
    if !seconds.is_finite() || seconds > 1e9 {
        return Err(bad());
    }
    Ok((seconds > 0.0).then(|| Duration::from_secs_f64(seconds)))
}

/// A quantity as written, `1.5G` or `90 s`: the leading digits and dots, and the rest.
fn number_and_unit(t: &str) -> (&str, &str) {
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    (t[..split].trim(), t[split..].trim())
}

/// A byte count in the largest unit that keeps it at least 1: `512 bytes`, `1.5 KiB`, `2.0 GiB`.
#[must_use]
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["KiB", "MiB", "GiB", "TiB", "PiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 10.0 {
        format!("{s:.1} s")
    } else {
        format!("{s:.0} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_hears_every_check_even_the_one_that_fails() {
        use std::sync::Mutex;
        let heard = Arc::new(Mutex::new(Vec::new()));
        let h = Arc::clone(&heard);
        let budget = Budget::unlimited()
            .with_positions(100)
            .with_progress(Progress::new(move |n, bytes| {
                h.lock().unwrap().push((n, bytes));
            }));
        // Clones share the listener, and the limits still hold.
        let copy = budget.clone();
        assert!(budget.check(10, 4096).is_ok());
        assert!(copy.check(50, 8192).is_ok());
        assert!(matches!(
            copy.check(200, 0),
            Err(Exceeded::Positions { .. })
        ));
        assert!(budget.check_interrupt().is_ok());
        assert_eq!(*heard.lock().unwrap(), [(10, 4096), (50, 8192), (200, 0)]);
        assert!(format!("{budget:?}").contains("Progress(..)"));
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        for (text, bytes) in [
            ("0", 0),
            ("1024", 1024),
            (" 512K ", 512 << 10),
            ("200M", 200 << 20),
            ("200mb", 200 << 20),
            ("2GiB", 2 << 30),
            ("1.5G", 3 << 29),
            ("64 MB", 64 << 20),
            ("1T", 1 << 40),
            ("0.5k", 512),
        ] {
            assert_eq!(parse_bytes(text), Ok(bytes), "{text}");
        }
        for bad in [
            "",
            "abc",
            "-1",
            "1X",
            "1.5",
            "1..5G",
            "G",
            "1e9",
            "99999999999999999999T",
        ] {
            assert!(parse_bytes(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn durations_read_as_people_write_them() {
        for (text, d) in [
            ("30", Some(30_000)),
            ("30s", Some(30_000)),
            ("500ms", Some(500)),
            ("5m", Some(300_000)),
            ("1.5h", Some(5_400_000)),
            ("0", None),
            ("none", None),
            ("OFF", None),
        ] {
            assert_eq!(
                parse_duration(text),
                Ok(d.map(Duration::from_millis)),
                "{text}"
            );
        }
        for bad in ["", "abc", "-1", "5x", "1e999", "m"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn limits_stop_in_order_and_read_alike() {
        let b = Budget::unlimited();
        assert!(b.check(u64::MAX, u64::MAX).is_ok());
        let b = Budget::unlimited().with_memory(100).with_positions(10);
        assert_eq!(b.check(11, 0), Err(Exceeded::Positions { limit: 10 }));
        assert_eq!(
            Exceeded::Positions { limit: 10 }.to_string(),
            "more than 10 positions, the limit of this search"
        );
        assert_eq!(
            b.check(11, 101),
            Err(Exceeded::Memory {
                limit: 100,
                used: 101
            })
        );
        assert_eq!(
            Exceeded::Memory {
                limit: 1 << 30,
                used: 3 << 30
            }
            .to_string(),
            "needs 3.0 GiB of memory, more than the limit of 1.0 GiB"
        );
        let b = Budget::unlimited().with_time(Duration::ZERO);
        std::thread::sleep(Duration::from_millis(2));
        assert!(matches!(b.check(0, 0), Err(Exceeded::Time { .. })));
        assert_eq!(
            Budget::unlimited()
                .with_memory(5)
                .with_memory_at_most(9)
                .memory(),
            Some(5)
        );
        assert_eq!(Budget::unlimited().with_memory_at_most(9).memory(), Some(9));
    }

    #[test]
    fn a_stop_raised_on_another_thread_is_seen() {
        let stop = Stop::new();
        let b = Budget::unlimited().with_stop(&stop);
        let other = stop.clone();
        std::thread::spawn(move || other.stop()).join().unwrap();
        assert_eq!(b.check(0, 0), Err(Exceeded::Stopped));
        assert_eq!(Exceeded::Stopped.to_string(), "interrupted");
    }
}
