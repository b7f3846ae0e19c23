//! Every computation a request asks for runs here: on a blocking worker thread, at most
//! [`Limits::workers`] at once (a request waits at most [`Limits::queue_wait`] for a free
//! worker, then gets 503), under a fresh [`Budget`] of wall time and memory (past it, 422).

use std::sync::Arc;
use std::time::Duration;

use cgt_core::budget::Budget;
use tokio::sync::Semaphore;

use crate::error::WebError;

/// What one request may use, and how many run at once.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Wall time of one request's computation.
    pub time: Duration,
    /// Memory of one request's computation, in bytes.
    pub memory: u64,
    /// Computations running at once.
    pub workers: usize,
    /// How long a request waits for a free worker before it is refused.
    pub queue_wait: Duration,
}

impl Default for Limits {
    /// 10 s and 1 GiB per request; two computations per core at once; 10 s in the queue.
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Limits {
            time: Duration::from_secs(10),
            memory: 1 << 30,
            workers: 2 * cores,
            queue_wait: Duration::from_secs(10),
        }
    }
}

impl Limits {
    /// A fresh budget for one request, its clock starting now.
    #[must_use]
    pub fn budget(&self) -> Budget {
        Budget::unlimited()
            .with_time(self.time)
            .with_memory(self.memory)
    }
}

/// The workers: a semaphore of [`Limits::workers`] permits.
#[derive(Debug)]
pub(crate) struct Workers {
    limits: Limits,
    permits: Arc<Semaphore>,
}

impl Workers {
    pub(crate) fn new(limits: Limits) -> Workers {
        let permits = Arc::new(Semaphore::new(limits.workers.max(1)));
        Workers { limits, permits }
    }

    /// Runs `work` with a fresh budget on a worker thread once a worker is free.
    pub(crate) async fn run<T, F>(&self, work: F) -> Result<T, WebError>
    where
        T: Send + 'static,
        F: FnOnce(Budget) -> Result<T, WebError> + Send + 'static,
    {
        let wait = self.limits.queue_wait;
        let permit = tokio::time::timeout(wait, Arc::clone(&self.permits).acquire_owned())
            .await
            .map_err(|_| {
                WebError::busy(format!(
                    "the server is busy: every worker stayed taken for {} s; try again",
                    wait.as_secs_f64()
                ))
            })?
            .map_err(|_| WebError::failure("the server is shutting down"))?;
        let budget = self.limits.budget();
        let done = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work(budget)
        })
        .await;
        match done {
            Ok(result) => result,
            Err(e) if e.is_panic() => Err(WebError::failure(
                "the computation failed unexpectedly (a bug: please report the request)",
            )),
            Err(_) => Err(WebError::failure("the computation was cancelled")),
        }
    }
}
