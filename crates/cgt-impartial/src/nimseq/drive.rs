//! A long nim-sequence run, driven the same way by every front end: resumed from values already
//! known, paused between batches to save them or to listen for a stop, and finished from a
//! certified period once the first [`PROBE`] values give one.

use core::ops::ControlFlow;

use super::{Algorithm, NimSequence};
use crate::ImpartialError;
use crate::heapgame::HeapGame;
use crate::period::{PROBE, certified_period, extend_by_period, rule_for};

/// What the caller says each time the run reports its progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Watch {
    /// Go on.
    Go,
    /// Pause to save the values so far, then go on.
    Save,
    /// Stop: the values so far are kept and returned.
    Stop,
}

/// A run's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Driven {
    /// `G(0)`, `G(1)`, …: all the values asked for, or those computed before a stop.
    pub values: Vec<u32>,
    /// When the values past the first [`PROBE`] came from a certified period: how many were
    /// computed (the rest follow by the theorem behind the certificate).
    pub computed: Option<usize>,
    /// Whether the caller stopped the run before the end.
    pub stopped: bool,
}

/// Why a run failed.
#[derive(Debug)]
pub enum DriveError<E> {
    /// The sequence refused the length (more memory than allowed).
    Sequence(ImpartialError),
    /// Saving the values failed.
    Save(E),
}

/// Computes `G(0..len)` of `game`, starting from the values in `start` (a checkpoint's; any
/// past `len` are dropped).
///
/// `watch` hears the count of values known every few thousand values; `save` gets every value
/// known after a batch the watch paused with [`Watch::Save`] or [`Watch::Stop`], after the
/// last batch, and after the values are completed from a certified period (callers that keep
/// nothing pass `|_| Ok(())`). A save that fails ends the run.
///
/// # Errors
/// [`DriveError::Sequence`] when `len` values need more than `memory_limit` bytes (nothing is
/// computed); [`DriveError::Save`] with the first failed save.
///
/// # Examples
///
/// ```
/// use cgt_impartial::heapgame::HeapGame;
/// use cgt_impartial::nimseq::{Algorithm, Watch, drive};
///
/// let kayles = HeapGame::parse_any("0.77")?;
/// let run = drive(&kayles, Algorithm::Auto, 1, Vec::new(), 20_000, u128::MAX,
///                 |_| Watch::Go, |_| Ok::<(), ()>(())).unwrap();
/// assert_eq!(run.values.len(), 20_000);
/// assert_eq!(run.computed, Some(16_384)); // Kayles' period 12 is certified early
/// assert_eq!(&run.values[..6], &[0, 1, 2, 3, 1, 4]);
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[allow(clippy::too_many_arguments)]
pub fn drive<E>(
    game: &HeapGame,
    algorithm: Algorithm,
    threads: usize,
    mut start: Vec<u32>,
    len: usize,
    memory_limit: u128,
    mut watch: impl FnMut(usize) -> Watch,
    mut save: impl FnMut(&[u32]) -> Result<(), E>,
) -> Result<Driven, DriveError<E>> {
    // The whole length is checked first: the values from a certified period need the memory
    // as much as computed ones.
    let need = NimSequence::memory_for(len as u64, threads);
    if need > memory_limit {
        return Err(DriveError::Sequence(ImpartialError::TooLarge {
            what: format!("{len} values of the nim-sequence"),
            bytes: need,
            limit: memory_limit,
        }));
    }
    start.truncate(len);
    let mut seq = NimSequence::resume(game.clone(), algorithm, start);
    seq.set_threads(threads);
    // Past PROBE values the first PROBE are checked for a certified period first: the rest
    // then follow from it.
    let mut target = len.min(PROBE);
    let rule = rule_for(game);
    let mut stopped = false;
    while seq.values().len() < len {
        if seq.values().len() >= target {
            if let Some(p) = certified_period(&seq.values()[..PROBE], rule) {
                let mut values = seq.into_values();
                values.truncate(PROBE);
                extend_by_period(&mut values, len, p);
                save(&values).map_err(DriveError::Save)?;
                return Ok(Driven {
                    values,
                    computed: Some(PROBE),
                    stopped: false,
                });
            }
            target = len;
        }
        let mut heard = Watch::Go;
        seq.extend_to(target, memory_limit, |done| {
            heard = watch(done);
            match heard {
                Watch::Go => ControlFlow::Continue(()),
                Watch::Save | Watch::Stop => ControlFlow::Break(()),
            }
        })
        .map_err(DriveError::Sequence)?;
        save(seq.values()).map_err(DriveError::Save)?;
        if heard == Watch::Stop {
            stopped = true;
            break;
        }
    }
    // Moved out, not copied: a copy would hold the sequence twice at the peak.
    let mut values = seq.into_values();
    values.truncate(len);
    Ok(Driven {
        values,
        computed: None,
        stopped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(code: &str) -> HeapGame {
        HeapGame::parse_any(code).unwrap()
    }

    #[test]
    fn a_stopped_run_resumes_to_the_values_of_a_whole_one() {
        // Progress is heard every 4,096 values: the first stops the run there.
        for code in ["0.137", "4.7", "0.6"] {
            let g = game(code);
            let whole = drive(
                &g,
                Algorithm::Auto,
                1,
                Vec::new(),
                12_000,
                u128::MAX,
                |_| Watch::Go,
                |_| Ok::<(), ()>(()),
            )
            .unwrap();
            assert_eq!(whole.values.len(), 12_000);
            assert!(!whole.stopped);
            let mut saves = 0;
            let mut calls = 0;
            let first = drive(
                &g,
                Algorithm::Auto,
                1,
                Vec::new(),
                12_000,
                u128::MAX,
                |_| {
                    calls += 1;
                    if calls == 1 { Watch::Stop } else { Watch::Go }
                },
                |_| {
                    saves += 1;
                    Ok::<(), ()>(())
                },
            )
            .unwrap();
            assert!(first.stopped && first.values.len() < 12_000, "{code}");
            assert_eq!(saves, 1);
            assert_eq!(first.values[..], whole.values[..first.values.len()]);
            let rest = drive(
                &g,
                Algorithm::Auto,
                1,
                first.values,
                12_000,
                u128::MAX,
                |_| Watch::Go,
                |_| Ok::<(), ()>(()),
            )
            .unwrap();
            assert_eq!(rest.values, whole.values, "{code}");
        }
    }

    #[test]
    fn a_failed_save_ends_the_run_and_too_much_memory_is_refused() {
        let g = game("0.07");
        let failed = drive(
            &g,
            Algorithm::Auto,
            1,
            Vec::new(),
            100,
            u128::MAX,
            |_| Watch::Go,
            |_| Err("disk full"),
        );
        assert!(matches!(failed, Err(DriveError::Save("disk full"))));
        let refused = drive(
            &g,
            Algorithm::Auto,
            1,
            Vec::new(),
            1 << 20,
            1000,
            |_| Watch::Go,
            |_| Ok::<(), ()>(()),
        );
        assert!(matches!(refused, Err(DriveError::Sequence(_))));
        // A length whose values would come from Kayles' certified period is refused as well,
        // before anything is computed or allocated.
        let kayles = game("0.77");
        let refused = drive(
            &kayles,
            Algorithm::Auto,
            1,
            Vec::new(),
            1_000_000_000_000,
            1 << 20,
            |_| Watch::Go,
            |_| Ok::<(), ()>(()),
        );
        assert!(matches!(refused, Err(DriveError::Sequence(_))));
    }

    #[test]
    fn values_past_the_probe_come_from_the_certified_period_as_computing_them_would() {
        let g = game("0.07");
        let certified = drive(
            &g,
            Algorithm::Auto,
            1,
            Vec::new(),
            PROBE + 500,
            u128::MAX,
            |_| Watch::Go,
            |_| Ok::<(), ()>(()),
        )
        .unwrap();
        assert_eq!(certified.computed, Some(PROBE));
        let mut seq = NimSequence::new(g, Algorithm::Auto);
        seq.extend_to(PROBE + 500, u128::MAX, |_| ControlFlow::Continue(()))
            .unwrap();
        assert_eq!(certified.values, seq.into_values());
    }
}
