//! The retrograde engine on several processes and machines, over timely dataflow (feature
//! `distributed`).
//!
//! The index space is dealt out to the workers (every process runs one or more) in runs of
//! 2^16 indices; each worker holds the state, move count and distance of its own indices
//! only. A level runs as in [`crate::engine::solve_within`], in two phases, and each phase ends with
//! an exchange: the predecessors a worker finds in other workers' runs are batched per worker
//! (one list of `(block, mask)` pairs per destination and phase, a pair covering up to 64
//! positions of a block) and sent in one round, and each worker applies the lists it
//! receives to its own positions. A third, tiny round sums the level's size and the stop
//! flags, so every worker takes the same decision to go on or stop. At the end every worker
//! sends its part of the table to worker 0, which returns the whole [`Table`]: bit for bit the
//! table of [`crate::engine::solve_within`], since neither a position's level nor its count depends on
//! the order of the work.
//!
//! # Failure
//! When a process dies or its connection breaks, timely's network threads panic ("timely
//! communication error: …"); the other processes' workers stop at their next exchange, and
//! [`solve_distributed`] returns [`RetroError::Cluster`] instead of hanging. The panics are
//! printed by the panic hook in force; a program that wants one line of error sets its own
//! hook (as the `cgt` command does).
//!
//! # Example
//! Two workers in one process (the same code runs one worker per process on many machines,
//! with [`Cluster::with_hosts`]):
//!
//! ```
//! use std::sync::Arc;
//! use cgt_core::budget::Budget;
//! use cgt_retro::cluster::{Cluster, solve_distributed};
//! use cgt_retro::engine::solve;
//! use cgt_retro::graph::GameGraph;
//!
//! let g = GameGraph::parse("a b\nb c\nd e\ne d\n")?;
//! let alone = solve(&g, u128::MAX)?;
//! let shared = solve_distributed(Arc::new(g), &Cluster::threads(2)?, &Budget::unlimited(), &mut |_| {})?;
//! assert_eq!(shared.table, Some(alone)); // process 0 returns the table
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod exchange;
mod pairs;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use cgt_core::budget::{Budget, Exceeded};

use crate::engine::{
    Build, Cell, Distances, Layout, Outbox, Parts, Progress, RUN_BLOCKS, RetroError,
    RetroShortcuts, Share, Table, build_bytes, one_byte_words, words_to_bits,
};
use exchange::{Exchanger, RECORD_BYTES};
use pairs::Combine;

/// Where the processes of a build run and how many workers each has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    process: usize,
    workers: usize,
    addresses: Vec<String>,
    /// Blocks of 64 indices per run dealt to a worker.
    run: usize,
}

/// Why a cluster's description was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ClusterError {
    /// No process, no worker, or more than the engine takes.
    Count(String),
    /// The process number is not below the number of processes.
    Process {
        /// The process number given.
        process: usize,
        /// The number of processes.
        processes: usize,
    },
    /// A line of a host file is not `host:port`.
    HostLine {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
}

impl core::fmt::Display for ClusterError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ClusterError::Count(why) => f.write_str(why),
            ClusterError::Process { process, processes } => write!(
                f,
                "process {process} does not exist: processes are numbered 0 to {}",
                processes.saturating_sub(1)
            ),
            ClusterError::HostLine { line, text } => {
                write!(
                    f,
                    "host file line {line}: expected host:port, found {text:?}"
                )
            }
        }
    }
}

impl std::error::Error for ClusterError {}

/// The most workers in all.
const MAX_WORKERS: usize = 4096;

impl Cluster {
    /// One process with `workers` workers (threads).
    ///
    /// # Errors
    /// No worker, or more than 4096.
    pub fn threads(workers: usize) -> Result<Cluster, ClusterError> {
        Cluster::with_hosts(vec!["localhost:2101".to_owned()], 0, workers)
    }

    /// Process `process` of `processes` on this machine, each listening on a port of its own
    /// from `first_port` up (timely's default is 2101).
    ///
    /// # Errors
    /// As [`Cluster::with_hosts`].
    pub fn loopback(
        processes: usize,
        process: usize,
        workers: usize,
        first_port: u16,
    ) -> Result<Cluster, ClusterError> {
        let hosts = (0..processes)
            .map(|k| {
                u16::try_from(k)
                    .ok()
                    .and_then(|k| first_port.checked_add(k))
                    .map(|port| format!("127.0.0.1:{port}"))
                    .ok_or_else(|| {
                        ClusterError::Count(format!(
                            "{processes} processes from port {first_port} run past port 65535"
                        ))
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Cluster::with_hosts(hosts, process, workers)
    }

    /// Process `process` of the processes at `hosts` (`host:port`, in process order, the
    /// same list on every machine), with `workers` workers each.
    ///
    /// # Errors
    /// No host or worker, too many, or `process` not below the number of hosts.
    pub fn with_hosts(
        hosts: Vec<String>,
        process: usize,
        workers: usize,
    ) -> Result<Cluster, ClusterError> {
        if hosts.is_empty() {
            return Err(ClusterError::Count("a cluster needs a process".to_owned()));
        }
        if workers == 0 || hosts.len().saturating_mul(workers) > MAX_WORKERS {
            return Err(ClusterError::Count(format!(
                "{} processes of {workers} workers: between 1 and {MAX_WORKERS} workers in all",
                hosts.len()
            )));
        }
        if process >= hosts.len() {
            return Err(ClusterError::Process {
                process,
                processes: hosts.len(),
            });
        }
        Ok(Cluster {
            process,
            workers,
            addresses: hosts,
            run: RUN_BLOCKS,
        })
    }

    /// The hosts of a host file: one `host:port` per line, in process order; blank lines and
    /// `#` comments are skipped.
    ///
    /// # Errors
    /// A line that is not `host:port` with a port number.
    pub fn parse_hostfile(text: &str) -> Result<Vec<String>, ClusterError> {
        let mut hosts = Vec::new();
        for (k, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let ok = line
                .rsplit_once(':')
                .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok())
                && !line.contains(char::is_whitespace);
            if !ok {
                return Err(ClusterError::HostLine {
                    line: k + 1,
                    text: line.chars().take(80).collect(),
                });
            }
            hosts.push(line.to_owned());
        }
        Ok(hosts)
    }

    /// The number of processes.
    #[must_use]
    pub fn processes(&self) -> usize {
        self.addresses.len()
    }

    /// This process's number.
    #[must_use]
    pub fn process(&self) -> usize {
        self.process
    }

    /// Workers per process.
    #[must_use]
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// The processes' addresses.
    #[must_use]
    pub fn addresses(&self) -> &[String] {
        &self.addresses
    }

    /// Bytes this process needs for a build of `size` indices, to refuse it up front: its
    /// workers' shares at [`build_bytes`] each, and on process 0 the whole table (2.4 bytes
    /// an index) with the parts it gathers.
    #[must_use]
    pub fn build_bytes(&self, size: usize) -> u128 {
        let peers = self.processes() * self.workers;
        let share = build_bytes(size.div_ceil(peers) + 65_536) * self.workers as u128;
        if self.process == 0 {
            share.max(size as u128 * 3 + share * 3 / 10)
        } else {
            share
        }
    }

    fn config(&self) -> timely::Config {
        let communication = if self.processes() > 1 {
            timely::CommunicationConfig::Cluster {
                threads: self.workers,
                process: self.process,
                addresses: self.addresses.clone(),
                report: false,
                zerocopy: false,
            }
        } else if self.workers > 1 {
            timely::CommunicationConfig::Process(self.workers)
        } else {
            timely::CommunicationConfig::Thread
        };
        timely::Config {
            communication,
            worker: timely::WorkerConfig::default(),
        }
    }
}

/// What a distributed build exchanged, summed over all workers (every process gets the same
/// figures).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClusterStats {
    /// Processes.
    pub processes: usize,
    /// Workers per process.
    pub workers: usize,
    /// Bytes sent between processes at each level (level 0 first): the predecessor lists of
    /// both phases and the sums.
    pub level_bytes: Vec<u64>,
    /// Bytes of the table's parts sent to process 0 at the end.
    pub gather_bytes: u64,
    /// Time the workers spent computing, summed over workers (classification, levels and
    /// the final parts).
    pub compute: Duration,
    /// Time the workers spent in exchanges (sending, and waiting for the others), summed.
    pub waiting: Duration,
}

impl ClusterStats {
    /// Bytes sent between processes during the levels.
    #[must_use]
    pub fn level_total(&self) -> u64 {
        self.level_bytes.iter().sum()
    }
}

/// A distributed build's result on one process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClusterBuild {
    /// The whole table on process 0; `None` on the others.
    pub table: Option<Table>,
    /// The traffic and the time split.
    pub stats: ClusterStats,
}

/// [`crate::engine::solve_within`] with the index space shared between the workers of `cluster`:
/// every process of the cluster calls it with the same game and its own [`Cluster`]; process 0
/// gets the table. `progress` is called on the calling thread of process 0, once the
/// positions are classified and after each level. The budget's memory limit refuses this
/// process's share up front ([`Cluster::build_bytes`]); its stop flag and time limit are
/// checked at each level, and any process's stop stops all of them at the same level.
///
/// # Errors
/// [`RetroError::TooLarge`], [`RetroError::Stopped`], [`RetroError::TooDeep`] as for one
/// process, and [`RetroError::Cluster`] when the processes cannot connect or a process is
/// lost.
pub fn solve_distributed<G>(
    game: Arc<G>,
    cluster: &Cluster,
    budget: &Budget,
    progress: &mut dyn FnMut(Progress),
) -> Result<ClusterBuild, RetroError>
where
    G: RetroShortcuts + Send + 'static,
{
    let need = cluster.build_bytes(game.size());
    let limit = u128::from(budget.memory_or(u64::MAX));
    if need > limit {
        return Err(RetroError::TooLarge { bytes: need, limit });
    }
    budget.check_interrupt().map_err(RetroError::Stopped)?;
    let (tx, rx) = mpsc::channel::<Progress>();
    // The first worker of each process takes the sender, and drops it when done.
    let tx = Mutex::new(Some(tx));
    let budget = budget.clone();
    let (workers, run) = (cluster.workers, cluster.run);
    let guards = timely::execute(cluster.config(), move |worker| {
        let sender = if worker.index() % workers == 0 {
            tx.lock().ok().and_then(|mut t| t.take())
        } else {
            None
        };
        catch_unwind(AssertUnwindSafe(|| {
            run_worker(&*game, worker, (workers, run), &budget, sender.as_ref())
        }))
        .unwrap_or_else(|panic| Err(RetroError::Cluster(panic_message(&*panic))))
    })
    .map_err(|e| RetroError::Cluster(format!("cannot start the cluster: {e}")))?;
    // The workers' progress, on this thread, until they are done (they drop their senders).
    for p in rx {
        progress(p);
    }
    let results = catch_unwind(AssertUnwindSafe(move || guards.join())).map_err(|panic| {
        RetroError::Cluster(format!(
            "the connection to another process broke ({})",
            panic_message(&*panic)
        ))
    })?;
    let mut out = None;
    for r in results {
        let r = r.map_err(|e| RetroError::Cluster(format!("a worker failed: {e}")))??;
        match (&mut out, r) {
            (None, r) => out = Some(r),
            (Some(o), r) => {
                if o.table.is_none() {
                    o.table = r.table;
                }
            }
        }
    }
    out.ok_or_else(|| RetroError::Cluster("the cluster ran no worker".to_owned()))
}

/// The text of a panic's payload.
fn panic_message(panic: &(dyn core::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "a thread of the cluster panicked".to_owned()
    }
}

/// The positions a level's sums carry: the level's size, scheduled exits pending, legal
/// positions, stop requests, and the bytes sent between processes since the last sums.
const SUMS: usize = 5;

/// One worker's build: its share, the levels with their exchanges, and its part of the table
/// sent to worker 0 (which assembles and returns the table).
fn run_worker<G: RetroShortcuts>(
    game: &G,
    worker: &mut timely::worker::Worker,
    shape: (usize, usize),
    budget: &Budget,
    progress: Option<&mpsc::Sender<Progress>>,
) -> Result<ClusterBuild, RetroError> {
    // The word per position as in a single-process build.
    if one_byte_words(game) {
        run_worker_with::<G, AtomicU8>(game, worker, shape, budget, progress)
    } else {
        run_worker_with::<G, AtomicU16>(game, worker, shape, budget, progress)
    }
}

/// [`run_worker`] with `A` as the word per position.
fn run_worker_with<G: RetroShortcuts, A: Cell>(
    game: &G,
    worker: &mut timely::worker::Worker,
    (workers, run): (usize, usize),
    budget: &Budget,
    progress: Option<&mpsc::Sender<Progress>>,
) -> Result<ClusterBuild, RetroError> {
    let started = Instant::now();
    let (me, peers) = (worker.index(), worker.peers());
    let mut ex = Exchanger::new(worker, workers);
    let layout = Share::new(game.size(), peers, me, run);
    let mut build = Build::<G, Share, A>::classify(game, layout);
    let mut level = build.take_level();
    build.schedule_exits();
    let mut stats = ClusterStats {
        processes: peers / workers,
        workers,
        ..ClusterStats::default()
    };
    let mut bytes_before = 0;
    let mut decided = 0;
    let mut d: u32 = 0;
    loop {
        let stop = budget.check_interrupt().err();
        let sums = ex.sum(
            worker,
            &[
                level as u64,
                u64::from(build.exits_pending(d)),
                build.legal_count as u64,
                u64::from(stop.is_some()),
                ex.bytes_out - bytes_before,
            ],
        );
        debug_assert_eq!(sums.len(), SUMS);
        if d > 0 {
            stats.level_bytes.push(sums[4]);
        }
        bytes_before = ex.bytes_out;
        decided += sums[0] as usize;
        if let Some(tx) = progress.filter(|_| me == 0) {
            // The receiver is gone only when the caller has stopped listening.
            let _ = tx.send(Progress {
                legal: sums[2] as usize,
                decided,
                level: d,
            });
        }
        if sums[3] > 0 {
            return Err(RetroError::Stopped(stop.unwrap_or(Exceeded::Stopped)));
        }
        if sums[0] == 0 && sums[1] == 0 {
            break;
        }
        if d >= u32::from(u16::MAX) {
            return Err(RetroError::TooDeep);
        }
        let out = build.wins_from_losses(d + 1);
        let received = ex.round(worker, packed(out, Combine::Or));
        apply(&build, &received, Combine::Or, d + 1)?;
        build.scheduled_wins(d + 1);
        let out = build.count_down_from_wins(d + 1);
        let received = ex.round(worker, packed(out, Combine::Each));
        apply(&build, &received, Combine::Each, d + 1)?;
        build.scheduled_checks(d, d + 1);
        level = build.take_level();
        d += 1;
    }
    // The table: each worker's blocks go to worker 0.
    let size = game.size();
    let parts = encode_parts(&layout, &build.into_parts());
    let before = ex.bytes_out;
    let received = ex.round(
        worker,
        parts
            .into_iter()
            .map(|p| (0, p.iter().flat_map(|w| w.to_le_bytes()).collect())),
    );
    let gathered = ex.bytes_out - before;
    let table = if me == 0 {
        Some(decode_parts(size, &received).ok_or_else(|| {
            RetroError::Cluster("a part of the table from another process is damaged".to_owned())
        })?)
    } else {
        None
    };
    drop(received);
    let computing = started.elapsed().saturating_sub(ex.waiting);
    let sums = ex.sum(
        worker,
        &[
            gathered,
            u64::try_from(computing.as_nanos()).unwrap_or(u64::MAX),
            u64::try_from(ex.waiting.as_nanos()).unwrap_or(u64::MAX),
        ],
    );
    stats.gather_bytes = sums[0];
    stats.compute = Duration::from_nanos(sums[1]);
    stats.waiting = Duration::from_nanos(sums[2]);
    Ok(ClusterBuild { table, stats })
}

/// An outbox as records of packed pairs ([`pairs::pack`]), for the workers with something to
/// receive.
fn packed(outbox: Outbox, combine: Combine) -> Vec<(usize, Vec<u8>)> {
    outbox
        .into_iter()
        .enumerate()
        .filter(|(_, words)| !words.is_empty())
        .flat_map(|(to, words)| {
            pairs::pack(words, combine)
                .into_iter()
                .map(move |segment| (to, segment))
        })
        .collect()
}

/// Applies the received segments of packed pairs in parallel: wins at `next_d`, or
/// count-downs. A segment that does not decode, or names a block this worker does not hold,
/// is refused.
fn apply<G: RetroShortcuts, A: Cell>(
    build: &Build<'_, G, Share, A>,
    received: &[Vec<u8>],
    combine: Combine,
    next_d: u32,
) -> Result<(), RetroError> {
    let damaged = AtomicBool::new(false);
    build.apply_pairs(
        received.len(),
        |task, pairs| {
            let mut held = true;
            let decoded = pairs::unpack(&received[task], combine, |b, m| {
                if build.holds(b) {
                    pairs.push((b, m));
                } else {
                    held = false;
                }
            });
            if decoded.is_none() || !held {
                damaged.store(true, Ordering::Relaxed);
            }
        },
        combine == Combine::Or,
        next_d,
    );
    let ok = !damaged.into_inner();
    if ok {
        Ok(())
    } else {
        Err(RetroError::Cluster(
            "a message from another process is damaged".to_owned(),
        ))
    }
}

/// A worker's part of the table as records for worker 0: for each local block holding a
/// legal position, its global block, its legal, won and lost words, and the distances of its
/// decided positions, four to a word. A record holds whole blocks.
fn encode_parts(layout: &Share, parts: &Parts) -> Vec<Vec<u64>> {
    let distance = &parts.distance;
    let mut records = Vec::new();
    let mut current: Vec<u64> = Vec::new();
    let words = parts.legal.iter().zip(&parts.won).zip(&parts.lost);
    for (local, ((&legal, &won), &lost)) in words.enumerate() {
        let w = [legal, won, lost];
        if w[0] == 0 {
            continue;
        }
        if 8 * (current.len() + 4 + 16) > RECORD_BYTES {
            records.push(core::mem::take(&mut current));
        }
        current.extend_from_slice(&[layout.global_block(local) as u64, w[0], w[1], w[2]]);
        let mut decided = w[1] | w[2];
        let mut packed = 0u64;
        let mut k = 0;
        while decided != 0 {
            let b = decided.trailing_zeros() as usize;
            decided &= decided - 1;
            packed |= u64::from(distance.get(local * 64 + b)) << (16 * k);
            k += 1;
            if k == 4 {
                current.push(packed);
                packed = 0;
                k = 0;
            }
        }
        if k > 0 {
            current.push(packed);
        }
    }
    if !current.is_empty() {
        records.push(current);
    }
    records
}

/// The table of `size` indices from every worker's parts ([`encode_parts`]); `None` when a
/// part does not decode.
fn decode_parts(size: usize, records: &[Vec<u8>]) -> Option<Table> {
    let blocks = size.div_ceil(64);
    let mut words = vec![[0u64; 3]; blocks];
    // A byte per distance, as a one-process build holds them; the deeper ones apart.
    let mut distance = vec![0u8; size];
    let mut deep = Vec::new();
    for bytes in records {
        let record: Vec<u64> = bytes
            .chunks_exact(8)
            .map(|w| u64::from_le_bytes(w.try_into().expect("eight bytes")))
            .collect();
        let mut at = 0;
        while at < record.len() {
            let block = usize::try_from(*record.get(at)?).ok()?;
            let w: [u64; 3] = record.get(at + 1..at + 4)?.try_into().ok()?;
            at += 4;
            *words.get_mut(block)? = w;
            let mut decided = w[1] | w[2];
            let mut k = 0;
            while decided != 0 {
                let b = decided.trailing_zeros() as usize;
                decided &= decided - 1;
                let (i, d) = (block * 64 + b, (*record.get(at)? >> (16 * k)) as u16);
                *distance.get_mut(i)? = u8::try_from(d).unwrap_or_else(|_| {
                    deep.push((i, d));
                    u8::MAX
                });
                k += 1;
                if k == 4 {
                    at += 1;
                    k = 0;
                }
            }
            if k > 0 {
                at += 1;
            }
        }
    }
    let bits = |k: usize| words_to_bits(words.iter().map(|w| w[k]), size);
    Table::from_parts(
        bits(0),
        bits(1),
        bits(2),
        Distances::from_bytes(distance, &deep),
    )
}

#[cfg(test)]
mod tests {
    use super::{Cluster, ClusterError, RUN_BLOCKS, solve_distributed};
    use crate::chess::{Endgame, Scheme};
    use crate::engine::{RetroShortcuts, solve};
    use crate::graph::GameGraph;
    use cgt_core::budget::Budget;
    use std::sync::Arc;

    /// `cluster` dealing runs of `run` blocks.
    fn dealt(mut cluster: Cluster, run: usize) -> Cluster {
        cluster.run = run;
        cluster
    }

    /// The table of `game` on `workers` threads of one process, by runs of `run` blocks.
    fn shared<G: RetroShortcuts + Send + 'static>(
        game: Arc<G>,
        workers: usize,
        run: usize,
    ) -> crate::engine::Table {
        let cluster = dealt(Cluster::threads(workers).unwrap(), run);
        solve_distributed(game, &cluster, &Budget::unlimited(), &mut |_| {})
            .unwrap()
            .table
            .expect("process 0 has the table")
    }

    #[test]
    fn shared_builds_equal_the_single_process_table() {
        // A graph with cycles, draws and terminal results across many blocks.
        let mut text = String::new();
        for v in 0..3000u32 {
            for k in 1..=3 {
                let w = (v * 7 + k * 131) % 3000;
                if (v + k) % 5 != 0 {
                    text += &format!("{v} {w}\n");
                }
            }
        }
        text += "terminal 4000 win\nterminal 4001 draw\n3999 4000\n3998 4001\n";
        let g = Arc::new(GameGraph::parse(&text).unwrap());
        let alone = solve(&*g, u128::MAX).unwrap();
        for workers in 1..=3 {
            for run in [1, 2, 5, RUN_BLOCKS] {
                assert_eq!(
                    shared(Arc::clone(&g), workers, run),
                    alone,
                    "{workers} {run}"
                );
            }
        }
        // A chain of 400 moves: distances past a byte's, listed apart by each worker and
        // widened when the table is assembled.
        let text: String = (0..400).map(|v| format!("{v} {}\n", v + 1)).collect();
        let g = Arc::new(GameGraph::parse(&text).unwrap());
        let alone = solve(&*g, u128::MAX).unwrap();
        assert!(matches!(alone.parts().3, crate::engine::Distances::Wide(_)));
        for workers in [2, 3] {
            let table = shared(Arc::clone(&g), workers, 1);
            assert_eq!(table, alone, "{workers}");
            assert!(matches!(table.parts().3, crate::engine::Distances::Wide(_)));
        }
        // Chess: exits into smaller tables (kqkr), identical pieces (knnk), both schemes.
        for (name, scheme) in [
            ("kqk", Scheme::Raw),
            ("kqkr", Scheme::Reduced),
            ("knnk", Scheme::Reduced),
        ] {
            let endgame = Endgame::parse(name, scheme, None).unwrap();
            endgame.prepare();
            let endgame = Arc::new(endgame);
            let alone = solve(&*endgame, u128::MAX).unwrap();
            for (workers, run) in [(2, 3), (3, 64)] {
                let table = shared(Arc::clone(&endgame), workers, run);
                assert!(table == alone, "{name} {scheme:?} {workers} {run}");
            }
        }
    }

    #[test]
    fn processes_on_loopback_build_the_same_table() {
        // Three "processes" (three timely computations of one worker each, in threads of this
        // test) talking over TCP on loopback.
        let endgame = Endgame::parse("kqkr", Scheme::Reduced, None).unwrap();
        endgame.prepare();
        let endgame = Arc::new(endgame);
        let alone = solve(&*endgame, u128::MAX).unwrap();
        let port = 20_000 + (std::process::id() % 2_000) as u16 * 8;
        let handles: Vec<_> = (0..3)
            .map(|p| {
                let game = Arc::clone(&endgame);
                std::thread::spawn(move || {
                    let cluster = dealt(Cluster::loopback(3, p, 1, port).unwrap(), 7);
                    solve_distributed(game, &cluster, &Budget::unlimited(), &mut |_| {})
                })
            })
            .collect();
        let builds: Vec<_> = handles
            .into_iter()
            .map(|h| h.join().unwrap().unwrap())
            .collect();
        assert!(builds[0].table.as_ref() == Some(&alone));
        assert!(builds[1].table.is_none() && builds[2].table.is_none());
        // Every process has the same figures, and predecessors did cross processes.
        assert_eq!(builds[0].stats, builds[1].stats);
        assert!(builds[0].stats.level_total() > 0 && builds[0].stats.gather_bytes > 0);
        assert_eq!(builds[0].stats.processes, 3);
    }

    #[test]
    fn a_stop_stops_every_worker_at_once() {
        let g = Arc::new(GameGraph::parse("a b\nb c\n").unwrap());
        let stop = cgt_core::budget::Stop::new();
        stop.stop();
        let budget = Budget::unlimited().with_stop(&stop);
        let err = solve_distributed(g, &Cluster::threads(2).unwrap(), &budget, &mut |_| {});
        assert!(matches!(err, Err(crate::engine::RetroError::Stopped(_))));
    }

    #[test]
    fn cluster_descriptions_are_checked() {
        assert_eq!(
            Cluster::parse_hostfile("# hosts\nnode1:2101\n\n10.0.0.2:2101  # second\n").unwrap(),
            vec!["node1:2101".to_owned(), "10.0.0.2:2101".to_owned()]
        );
        assert!(matches!(
            Cluster::parse_hostfile("node1:2101\nnode2\n"),
            Err(ClusterError::HostLine { line: 2, .. })
        ));
        assert!(Cluster::parse_hostfile("node1:99999\n").is_err());
        assert!(matches!(
            Cluster::loopback(3, 3, 1, 2101),
            Err(ClusterError::Process {
                process: 3,
                processes: 3
            })
        ));
        assert!(Cluster::threads(0).is_err());
        assert!(Cluster::loopback(2, 0, 1, 65_535).is_err());
        let c = Cluster::loopback(2, 1, 2, 2101).unwrap();
        assert_eq!(c.addresses(), ["127.0.0.1:2101", "127.0.0.1:2102"]);
        assert_eq!((c.processes(), c.process(), c.workers()), (2, 1, 2));
        // Process 0 holds the whole table at the end; the others only their shares.
        let size = 100_000_000;
        let (zero, one) = (
            Cluster::loopback(8, 0, 1, 2101).unwrap(),
            Cluster::loopback(8, 1, 1, 2101).unwrap(),
        );
        assert!(one.build_bytes(size) < zero.build_bytes(size));
        assert!(zero.build_bytes(size) < crate::engine::build_bytes(size));
        assert!(c.build_bytes(size) < crate::engine::build_bytes(size));
    }
}
