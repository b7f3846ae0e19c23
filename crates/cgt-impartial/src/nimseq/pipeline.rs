//! Heaps shared by threads: the pipeline that hands out the outer parts of groups of heaps
//! and finishes them in heap order, with each thread reading its own copy of the values.

use super::NimSequence;
use super::sets::{NARROW_VALUES, NarrowSet, OptionSet, WIDE_VALUES, WideSet, WordSet};
use super::view::{Partial, View, is_rare, rank};

/// One thread's copy of the values and rare positions, for [`NimSequence::pipeline`]. Aligned
/// to its own cache lines: the threads' copies grow side by side.
#[cfg(feature = "parallel")]
#[derive(Clone, Debug, Default)]
#[repr(align(128))]
pub(super) struct Mirror {
    /// The mask the rare positions are for.
    pub(super) mask: Option<u32>,
    pub(super) narrow: Vec<u16>,
    pub(super) rare: Vec<u32>,
    pub(super) rare_values: Vec<u16>,
}

#[cfg(feature = "parallel")]
impl Mirror {
    /// Copies the values `seq` knows and this copy does not (all of them after a new mask).
    pub(super) fn catch_up_with(&mut self, seq: &NimSequence) {
        if self.mask != seq.mask || self.narrow.len() > seq.narrow.len() {
            *self = Mirror {
                mask: seq.mask,
                ..Mirror::default()
            };
        }
        let from = self.narrow.len();
        self.narrow.extend_from_slice(&seq.narrow[from..]);
        let first = rank(&seq.rare, from);
        self.rare.extend_from_slice(&seq.rare[first..]);
        self.rare_values
            .extend_from_slice(&seq.rare_values[first..]);
    }

    /// Appends the finished values of `run` until `len` are known (`len` at most the heaps
    /// finished).
    pub(super) fn catch_up<S: OptionSet>(&mut self, run: &Pipeline<'_, S>, len: usize) {
        use core::sync::atomic::Ordering;
        for n in self.narrow.len()..len {
            let g = run.values[n - run.start].load(Ordering::Relaxed);
            // Values in a shared run stay below the set's capacity, so below 2^16.
            self.narrow.push(g as u16);
            if self.mask.is_some_and(|mask| is_rare(g, mask)) {
                self.rare.push(n as u32);
                self.rare_values.push(g as u16);
            }
        }
    }

    /// What the split loops read.
    pub(super) fn view<'a>(&'a self, run: &Pipeline<'a, impl OptionSet>) -> View<'a> {
        View {
            grundys_game: run.grundys_game,
            digits: run.digits,
            narrow: &self.narrow,
            rare: &self.rare,
            rare_values: &self.rare_values,
        }
    }
}

/// A value alone in its cache lines, so that threads writing neighbours do not slow each other.
#[cfg(feature = "parallel")]
#[derive(Default)]
#[repr(align(128))]
pub(super) struct Alone<T>(T);

/// The outer parts of one group of heaps, in order.
#[cfg(feature = "parallel")]
pub(super) type Outers<S> = Vec<(S, Partial)>;

/// A run of heaps `start..end` shared by threads (see [`NimSequence::set_threads`]). Heap `n`'s
/// outer part reads the heaps below `max(start, n − PIPELINE_LAG)`. Threads take the outer
/// parts of [`PIPELINE_GROUP`] consecutive heaps at a time, once the heaps they read are
/// finished. The finishes go in order, a group at a time, by whichever thread holds
/// `finished`, as long as the next group's outer parts are ready. The values do not depend on
/// which thread did what, and neither do the counts.
#[cfg(feature = "parallel")]
pub(super) struct Pipeline<'a, S> {
    pub(super) grundys_game: bool,
    pub(super) digits: &'a [u8],
    pub(super) mask: Option<u32>,
    pub(super) start: usize,
    pub(super) end: usize,
    /// The finished heaps' values, `G(start + i)` at `i`.
    pub(super) values: Vec<core::sync::atomic::AtomicU32>,
    /// The heaps below this are finished (their values stored).
    pub(super) done: Alone<core::sync::atomic::AtomicUsize>,
    /// The first heap of the next group whose outer parts no thread has taken.
    pub(super) claimed: Alone<core::sync::atomic::AtomicUsize>,
    /// A value filled the set: no heap after it may be computed in `S`.
    pub(super) full: Alone<core::sync::atomic::AtomicBool>,
    /// The outer parts of the groups under way, group `k` in slot `k % PIPELINE_SLOTS`, with
    /// whether each is ready.
    pub(super) slots: Vec<Alone<(std::sync::Mutex<Outers<S>>, core::sync::atomic::AtomicBool)>>,
    /// The finished heaps' values and scanned splits, in order; held by the thread finishing.
    pub(super) finished: Alone<std::sync::Mutex<Vec<(u32, u64)>>>,
}

#[cfg(feature = "parallel")]
impl<'a, S: OptionSet> Pipeline<'a, S> {
    pub(super) fn new(
        grundys_game: bool,
        digits: &'a [u8],
        mask: Option<u32>,
        start: usize,
        end: usize,
    ) -> Self {
        Pipeline {
            grundys_game,
            digits,
            mask,
            start,
            end,
            values: (start..end).map(|_| Default::default()).collect(),
            done: Alone(start.into()),
            claimed: Alone(start.into()),
            full: Alone::default(),
            slots: (0..PIPELINE_SLOTS).map(|_| Alone::default()).collect(),
            finished: Alone::default(),
        }
    }

    /// The heaps heap `n`'s outer part reads are those below this.
    pub(super) fn outer_below(&self, n: usize) -> usize {
        n.saturating_sub(PIPELINE_LAG).max(self.start)
    }

    /// The heaps of the group starting at `first`.
    pub(super) fn group(&self, first: usize) -> core::ops::Range<usize> {
        first..(first + PIPELINE_GROUP).min(self.end)
    }

    /// The slot of the group starting at `first`.
    pub(super) fn slot(
        &self,
        first: usize,
    ) -> &(std::sync::Mutex<Outers<S>>, core::sync::atomic::AtomicBool) {
        &self.slots[(first - self.start) / PIPELINE_GROUP % PIPELINE_SLOTS].0
    }

    /// One thread's share: finish the next group when its outer parts are ready and no other
    /// thread is finishing; else take the next group's outer parts when the heaps they read
    /// are finished; else wait a moment. Returns when every heap is finished or a value filled
    /// the set.
    pub(super) fn work(&self, mirror: &mut Mirror) {
        use core::sync::atomic::Ordering;
        let mut idle = 0u32;
        // Outer parts are computed here, then swapped into their slot (no copying of sets).
        let mut outers: Outers<S> = Vec::with_capacity(PIPELINE_GROUP);
        loop {
            let done = self.done.0.load(Ordering::Acquire);
            if done == self.end || self.full.0.load(Ordering::Acquire) {
                return;
            }
            if self.slot(done).1.load(Ordering::Acquire)
                && let Ok(mut finished) = self.finished.0.try_lock()
            {
                self.finish_ready(&mut finished, mirror, &mut outers);
                idle = 0;
                continue;
            }
            let first = self.claimed.0.load(Ordering::Relaxed);
            let group = self.group(first);
            if first < self.end
                && self.outer_below(group.end - 1) <= done
                && self
                    .claimed
                    .0
                    .compare_exchange(first, group.end, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
            {
                mirror.catch_up(self, self.outer_below(group.end - 1));
                let view = mirror.view(self);
                outers.clear();
                for n in group {
                    let s = self.outer_below(n);
                    // Built in place: a set may be kilobytes.
                    outers.push((S::empty(), Partial::NONE));
                    let (seen, partial) = outers.last_mut().expect("just pushed");
                    match self.mask {
                        Some(mask) => *partial = view.rare_outer(n, s, mask, seen),
                        None => view.naive_outer(n, s, seen),
                    }
                }
                let (cell, ready) = self.slot(first);
                core::mem::swap(
                    &mut *cell.lock().unwrap_or_else(|e| e.into_inner()),
                    &mut outers,
                );
                ready.store(true, Ordering::Release);
                idle = 0;
                continue;
            }
            idle += 1;
            if idle < 64 {
                core::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }

    /// Finishes groups in order while their outer parts are ready (holding `finished`;
    /// `spare` is an empty buffer to swap with a slot's).
    pub(super) fn finish_ready(
        &self,
        finished: &mut Vec<(u32, u64)>,
        mirror: &mut Mirror,
        spare: &mut Outers<S>,
    ) {
        use core::sync::atomic::Ordering;
        loop {
            let first = self.start + finished.len();
            if first == self.end {
                return;
            }
            let (cell, ready) = self.slot(first);
            if !ready.load(Ordering::Acquire) {
                return;
            }
            spare.clear();
            core::mem::swap(&mut *cell.lock().unwrap_or_else(|e| e.into_inner()), spare);
            ready.store(false, Ordering::Relaxed);
            for (n, (seen, partial)) in self.group(first).zip(spare.iter_mut()) {
                mirror.catch_up(self, n);
                let view = mirror.view(self);
                let s = self.outer_below(n);
                let (g, scanned) = match self.mask {
                    Some(mask) => view.rare_finish(n, s, seen, *partial, mask),
                    None => (view.naive_finish(n, s, seen), 0),
                };
                finished.push((g, scanned));
                self.values[n - self.start].store(g, Ordering::Relaxed);
                // A value at the capacity would overflow the set for the heaps after it.
                if g >= S::CAPACITY - 1 {
                    self.full.0.store(true, Ordering::Release);
                    return;
                }
            }
            self.done
                .0
                .store(self.start + finished.len(), Ordering::Release);
        }
    }

    /// The finished heaps' values and scanned splits, in order.
    pub(super) fn into_finished(self) -> Vec<(u32, u64)> {
        self.finished
            .0
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
    }
}

/// Heaps computed one at a time before the threads share them.
#[cfg(feature = "parallel")]
pub(super) const SHARE_FROM: usize = 4096;
/// Splits per heap (rare parts in pass 1 and recent scans) below which the rare-value path
/// goes one heap at a time even with several threads.
#[cfg(feature = "parallel")]
pub(super) const SHARE_MIN_WORK: u64 = 2000;
/// With several threads, heap `n`'s outer part reads the heaps below `n − PIPELINE_LAG`, and
/// at most this many heaps past the last finished one are under way. Larger lags leave more
/// heaps for the threads to take, but the outer parts lose the splits with a part among the
/// lag's heaps, and those small parts settle most values: on 0.376, scanning to 2^20 reads
/// 0.6 % more splits than one thread with a lag of 16, 13 % more from a lag of 22.
#[cfg(feature = "parallel")]
pub(super) const PIPELINE_LAG: usize = 16;
/// Heaps whose outer parts a thread takes at once (at most `PIPELINE_LAG + 1`): each hand-over
/// between threads costs a few cache-line transfers, shared by the group.
#[cfg(feature = "parallel")]
pub(super) const PIPELINE_GROUP: usize = 4;
/// Slots for groups under way: a power of two above `PIPELINE_LAG / PIPELINE_GROUP + 1`.
#[cfg(feature = "parallel")]
pub(super) const PIPELINE_SLOTS: usize = 8;

impl NimSequence {
    /// Computes heaps until `stop` are known, on all threads where that applies; run on a pool
    /// thread.
    #[cfg(feature = "parallel")]
    pub(super) fn extend_in_pool(&mut self, stop: usize) {
        while self.values.len() < stop {
            let n = self.values.len();
            match self.shared_end(n, stop) {
                Some(end) => self.shared_run(n, end),
                None => {
                    let g = self.next_value(n);
                    self.record(g);
                }
            }
        }
    }

    /// The end of the run of heaps from `n` that the threads share, or `None` when heaps go
    /// one at a time (early heaps, three-heap splits, large values). A run never crosses a
    /// mask review.
    #[cfg(feature = "parallel")]
    pub(super) fn shared_end(&self, n: usize, len: usize) -> Option<usize> {
        let three_way = self.digits.iter().any(|d| d & 8 != 0);
        if three_way || n < SHARE_FROM || self.max_value >= WIDE_VALUES {
            return None;
        }
        // The rare-value path on a game where it is cheap per heap (pass 1 and the recent
        // scans short) gains nothing from sharing: the hand-overs would dominate.
        if self.mask.is_some() {
            let (last_len, last_scanned) = self.reviewed;
            let recent = (self.stats.scanned_splits - last_scanned) / (n - last_len).max(1) as u64;
            let ranges = self.view().split_ranges(n).count() as u64;
            if self.rare.len() as u64 * ranges + recent < SHARE_MIN_WORK {
                return None;
            }
        }
        let end = len.min(self.next_review.max(n + 1));
        (end > n + 1).then_some(end)
    }

    /// Computes the heaps `start..end` on the threads of the current pool, with the set that
    /// fits the values so far. Stops early after a value that fills that set.
    #[cfg(feature = "parallel")]
    pub(super) fn shared_run(&mut self, start: usize, end: usize) {
        match (self.mask, self.max_value) {
            (Some(_), max) if max < NARROW_VALUES => self.pipeline::<NarrowSet>(start, end),
            (Some(_), _) => self.pipeline::<WideSet>(start, end),
            (None, max) if max < 64 => self.pipeline::<WordSet>(start, end),
            (None, max) if max < NARROW_VALUES => self.pipeline::<NarrowSet>(start, end),
            (None, _) => self.pipeline::<WideSet>(start, end),
        }
    }

    /// [`NimSequence::shared_run`] in the set `S`: every thread works on its own copy of the
    /// values ([`Mirror`]), brought up to date as heaps are finished.
    #[cfg(feature = "parallel")]
    pub(super) fn pipeline<S: OptionSet>(&mut self, start: usize, end: usize) {
        let mut mirrors = core::mem::take(&mut self.mirrors);
        mirrors.resize_with(self.threads, Mirror::default);
        for mirror in &mut mirrors {
            mirror.catch_up_with(self);
        }
        let run = Pipeline::<S>::new(self.grundys_game, &self.digits, self.mask, start, end);
        rayon::scope(|scope| {
            let (first, others) = mirrors.split_first_mut().expect("at least one thread");
            for mirror in others {
                let run = &run;
                scope.spawn(move |_| run.work(mirror));
            }
            run.work(first);
        });
        let finished = run.into_finished();
        for (g, scanned) in finished {
            self.count(self.mask, scanned);
            self.record(g);
        }
        self.mirrors = mirrors;
    }
}
