//! Long computations that Ctrl-C stops: the work runs on a worker thread with a
//! `cgt_core::budget::Stop` flag while the calling thread, holding the GIL only between waits,
//! looks for signals and reports progress ten times a second. Python delivers signals to the
//! main thread only, so the thread that called into Rust must be the one that looks.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use cgt_core::budget::Stop;
use pyo3::prelude::*;

use crate::errors::{self, Kind};

/// How far the work has come, `(done, total)`, written by the worker.
#[derive(Debug, Default)]
pub(crate) struct Progress {
    done: AtomicU64,
    total: AtomicU64,
}

impl Progress {
    /// Records `done` of `total`.
    pub(crate) fn set(&self, done: u64, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(done, Ordering::Relaxed);
    }

    fn get(&self) -> (u64, u64) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }
}

/// Runs `work` with the GIL released; Ctrl-C raises `stop` (the work should return soon after,
/// its result is dropped) and `KeyboardInterrupt`; `progress(done, total)` is called every
/// tenth of a second while it runs and once at the end. An exception from the callback stops
/// the work too and is raised. The work gets the progress shared, so that a listener living
/// in its budget can hold it.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    progress: Option<&Py<PyAny>>,
    work: impl FnOnce(&Stop, &Arc<Progress>) -> T + Send,
) -> PyResult<T> {
    let stop = Stop::new();
    let shared = Arc::new(Progress::default());
    // Set by the worker when it ends (returning or unwinding), with a wake-up for the waiter.
    let finished = (Mutex::new(false), Condvar::new());
    struct Finish<'a>(&'a (Mutex<bool>, Condvar));
    impl Drop for Finish<'_> {
        fn drop(&mut self) {
            if let Ok(mut done) = self.0.0.lock() {
                *done = true;
            }
            self.0.1.notify_all();
        }
    }
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let _finish = Finish(&finished);
            work(&stop, &shared)
        });
        // `Ok(())` when the worker finished, the exception that stops it otherwise.
        let ended: PyResult<()> = loop {
            let done = py.detach(|| {
                let (lock, wake) = &finished;
                match lock.lock() {
                    Ok(done) if *done => true,
                    Ok(done) => wake
                        .wait_timeout(done, Duration::from_millis(100))
                        .map_or(true, |(done, _)| *done),
                    Err(_) => true,
                }
            });
            if done {
                break Ok(());
            }
            if let Err(e) = py.check_signals() {
                break Err(e);
            }
            if let Some(callback) = progress {
                let (d, t) = shared.get();
                if let Err(e) = callback.call1(py, (d, t)) {
                    break Err(e);
                }
            }
        };
        if ended.is_err() {
            stop.stop();
        }
        // Joined with the GIL released: the worker may need it to finish.
        let out = py.detach(|| worker.join());
        ended?;
        let out = out.map_err(|_| {
            errors::raise(
                Kind::Failure,
                "the computation failed (a bug: please report it)",
            )
        })?;
        if let Some(callback) = progress {
            let (d, t) = shared.get();
            callback.call1(py, (d, t))?;
        }
        Ok(out)
    })
}
