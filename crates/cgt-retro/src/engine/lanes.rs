//! Lanes: the local blocks dealt out to the tasks of a backward pass, so that each update is
//! made by the one task that owns its block, with plain loads and stores.
//!
//! A backward pass reads the positions of a level (or of the exits' schedule) and updates
//! their predecessors, scattered over the whole index space. Shared between threads, those
//! updates were atomic read-modify-writes; each one drains the processor's memory pipeline,
//! so that the cache misses of a pass, which are most of its time, no longer overlap — on two
//! threads the passes took 1.4 to 1.7 times the time of plain updates. Here a pass runs one
//! task per lane. A task generates the updates of the pieces of work it takes, makes those of
//! its own lane at once, and hands the others over in batches to their lane, whose task
//! makes them between two pieces of its own work (or after the pass, for what is left).
//!
//! A lane owns runs of [`LANE_BLOCKS`] local blocks, scattered between the lanes by a hash of
//! the run's number, so every lane gets a similar share of any region; a run is the largest
//! unit one update touches (one word of the level's dirty bits covers it). The order in which a lane makes its updates does not
//! change the table: within a pass, a position's decision and distance do not depend on it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use rayon::prelude::*;

/// Local blocks of 64 positions per run dealt to one lane: the blocks under one word of the
/// dirty bits.
pub(super) const LANE_BLOCKS: usize = 64;

/// Words of pairs a task gathers for another lane before handing them over (256 KiB; 16
/// KiB and 64 KiB made two-thread KQRKR's count-downs 3-11 % slower).
const BATCH_WORDS: usize = 1 << 15;

/// The lanes of a build: one per thread of the pool it was made in.
pub(super) struct Lanes {
    /// For each lane, the batches of pairs `(global block, mask)` handed to it, two words each.
    inboxes: Vec<Mutex<Vec<Vec<u64>>>>,
}

/// Routes and makes (or hands over) the pairs of a list, and empties it.
pub(super) type Flush<'a, S> = dyn FnMut(&mut S, &mut Vec<(usize, u64)>) + 'a;

/// What a pass does with the pairs its tasks generate.
pub(super) struct Pass<Init, Generate, Route, Apply> {
    /// The pieces of work, numbered `0..tasks`.
    pub(super) tasks: usize,
    /// A lane task's scratch state.
    pub(super) init: Init,
    /// Appends the pairs `(global block, mask)` of one piece of work, and may hand them to
    /// the flush it is given as it goes (which empties the list), so that the list stays
    /// short and in cache.
    pub(super) generate: Generate,
    /// For a pair of a block this build holds, its local block and the part of its mask
    /// still to update (`None` when nothing is: a filter any lane may apply, on values
    /// that only ever turn one way during a pass); a pair of another worker's block is sent
    /// on (kept in the state), and `None` returned.
    pub(super) route: Route,
    /// Makes the update of a pair whose block the calling lane owns.
    pub(super) apply: Apply,
}

impl Lanes {
    /// `count` lanes (at least one).
    pub(super) fn new(count: usize) -> Self {
        Lanes {
            inboxes: (0..count.max(1)).map(|_| Mutex::new(Vec::new())).collect(),
        }
    }

    /// How many lanes there are.
    pub(super) fn count(&self) -> usize {
        self.inboxes.len()
    }

    /// The lane owning local block `local`: its run's number scattered by Fibonacci hashing
    /// and scaled to the lanes (a multiplication where a remainder would divide, once per
    /// update).
    #[inline]
    fn of(&self, local: usize) -> usize {
        #[allow(clippy::cast_possible_truncation)]
        let run = (local / LANE_BLOCKS) as u32;
        let scattered = u64::from(run.wrapping_mul(0x9E37_79B9));
        ((scattered * self.inboxes.len() as u64) >> 32) as usize
    }

    /// Hands `batch` to lane `to`.
    fn send(&self, to: usize, batch: Vec<u64>) {
        self.inboxes[to]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(batch);
    }

    /// Makes the updates handed to lane `me` so far.
    fn drain<S>(&self, me: usize, state: &mut S, apply: &impl Fn(&mut S, usize, u64)) {
        let batches = core::mem::take(
            &mut *self.inboxes[me]
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        );
        for batch in batches {
            for pair in batch.chunks_exact(2) {
                apply(state, pair[0] as usize, pair[1]);
            }
        }
    }

    /// Runs `pass` with one task per lane; returns the tasks' states.
    pub(super) fn run<S, Init, Generate, Route, Apply>(
        &self,
        pass: Pass<Init, Generate, Route, Apply>,
    ) -> Vec<S>
    where
        S: Send,
        Init: Fn() -> S + Sync,
        Generate: Fn(&mut S, usize, &mut Vec<(usize, u64)>, &mut Flush<'_, S>) + Sync,
        Route: Fn(&mut S, usize, u64) -> Option<(usize, u64)> + Sync,
        Apply: Fn(&mut S, usize, u64) + Sync,
    {
        let lanes = self.count();
        let next = AtomicUsize::new(0);
        let states: Vec<S> = (0..lanes)
            .into_par_iter()
            .map(|me| {
                let mut state = (pass.init)();
                let mut pairs = Vec::new();
                let mut outgoing: Vec<Vec<u64>> = vec![Vec::new(); lanes];
                loop {
                    if lanes > 1 {
                        self.drain(me, &mut state, &pass.apply);
                    }
                    let task = next.fetch_add(1, Ordering::Relaxed);
                    if task >= pass.tasks {
                        break;
                    }
                    let mut flush = |state: &mut S, pairs: &mut Vec<(usize, u64)>| {
                        for &(b, m) in pairs.iter() {
                            let Some((local, m)) = (pass.route)(state, b, m) else {
                                continue;
                            };
                            let lane = if lanes == 1 { me } else { self.of(local) };
                            if lane == me {
                                (pass.apply)(state, b, m);
                            } else {
                                let batch = &mut outgoing[lane];
                                batch.extend_from_slice(&[b as u64, m]);
                                if batch.len() >= BATCH_WORDS {
                                    self.send(lane, core::mem::take(batch));
                                }
                            }
                        }
                        pairs.clear();
                    };
                    pairs.clear();
                    (pass.generate)(&mut state, task, &mut pairs, &mut flush);
                    flush(&mut state, &mut pairs);
                }
                for (lane, batch) in outgoing.into_iter().enumerate() {
                    if !batch.is_empty() {
                        self.send(lane, batch);
                    }
                }
                state
            })
            .collect();
        if lanes == 1 {
            return states;
        }
        // Every task has handed over all its batches: each lane makes what is left of its own.
        states
            .into_par_iter()
            .enumerate()
            .map(|(me, mut state)| {
                self.drain(me, &mut state, &pass.apply);
                state
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::{LANE_BLOCKS, Lanes, Pass};

    /// The runs are shared out evenly (within 2 % over any 10 000 consecutive runs), and a
    /// run's blocks have one lane.
    #[test]
    fn lanes_share_the_runs_evenly() {
        for count in 1..=8 {
            let lanes = Lanes::new(count);
            for first in [0usize, 12_345, 1 << 30] {
                let mut share = vec![0usize; count];
                for run in first..first + 10_000 {
                    let lane = lanes.of(run * LANE_BLOCKS);
                    assert!(lane < count);
                    assert_eq!(lanes.of(run * LANE_BLOCKS + LANE_BLOCKS - 1), lane);
                    share[lane] += 1;
                }
                let even = 10_000 / count;
                for &n in &share {
                    assert!(
                        n.abs_diff(even) <= even / 50,
                        "{count} lanes from {first}: {share:?}"
                    );
                }
            }
        }
    }

    /// Every pair is applied once, by the task of the lane owning its block, whatever the
    /// number of lanes and threads; pairs routed away are not applied.
    #[test]
    fn each_pair_is_applied_once_by_its_lane() {
        let blocks = 40 * LANE_BLOCKS + 7;
        for lanes in 1..=4 {
            for threads in [1, 2, 3] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                let lanes_of = Lanes::new(lanes);
                let states = pool.install(|| {
                    lanes_of.run(Pass {
                        tasks: 300,
                        init: || (vec![0u32; blocks], 0usize),
                        // Task t updates blocks t, 7t, 13t (mod blocks), each once per bit
                        // (flushed after the first).
                        generate: |s: &mut (Vec<u32>, usize),
                                   t: usize,
                                   out: &mut Vec<(usize, u64)>,
                                   flush: &mut super::Flush<'_, (Vec<u32>, usize)>| {
                            for k in [1, 7, 13] {
                                out.push(((t * k) % blocks, 0b101));
                                if k == 1 {
                                    flush(s, out);
                                    assert!(out.is_empty());
                                }
                            }
                        },
                        // Blocks past the space are "remote": counted, not applied; bit 2
                        // is filtered out.
                        route: |s: &mut (Vec<u32>, usize), b: usize, m: u64| {
                            if b % 11 == 3 {
                                s.1 += 1;
                                None
                            } else {
                                Some((b, m & !0b100))
                            }
                        },
                        apply: |s: &mut (Vec<u32>, usize), b: usize, m: u64| {
                            s.0[b] += m.count_ones();
                        },
                    })
                });
                assert_eq!(states.len(), lanes);
                let mut total = vec![0u32; blocks];
                let mut routed = 0;
                for (me, (counts, away)) in states.iter().enumerate() {
                    routed += away;
                    for (b, &c) in counts.iter().enumerate() {
                        if c > 0 {
                            assert_eq!(lanes_of.of(b), me, "lane {me} made block {b}");
                        }
                        total[b] += c;
                    }
                }
                let mut expected = vec![0u32; blocks];
                let mut expected_routed = 0;
                for t in 0..300 {
                    for k in [1, 7, 13] {
                        let b = (t * k) % blocks;
                        if b % 11 == 3 {
                            expected_routed += 1;
                        } else {
                            expected[b] += 1;
                        }
                    }
                }
                assert_eq!(total, expected, "{lanes} lanes, {threads} threads");
                assert_eq!(routed, expected_routed);
            }
        }
    }
}
