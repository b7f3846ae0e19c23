//! Nim-sequences of heap games: `G(0), G(1), G(2), …`, the Grundy values of single heaps.
//!
//! Two algorithms compute the same values:
//! - **naive**: for each `n`, mark the value of every option (for splits, `G(a) ⊕ G(b)` for
//!   every split) and take the mex;
//! - **rare-value** (Berlekamp; "sparse space"): fix a bit mask `m` and call a value *common*
//!   when `v & m` has an odd number of bits, *rare* otherwise. The XOR of two common values is
//!   rare, so a common option value from a split needs a part that is a rare position. Marking
//!   the non-splitting options and the splits with a rare part gives every common option value;
//!   if their mex is common it is `G(n)`. Otherwise the remaining splits are scanned, smallest
//!   part first, moving the candidate up each time it is hit, until the candidate is common or
//!   the splits run out. Once only a few rare values below the least missing common value are
//!   missing, the scan stops recording option values and compares each split with those few
//!   (vector comparisons, no memory writes). The result is exact for every mask; the mask only
//!   decides the speed.
//!
//! [`Algorithm::Auto`] starts naive, picks the mask that makes the fewest positions rare once
//! enough values are known, re-checks as the sequence grows, and stays naive when no mask makes
//! rare positions scarce (for example Dawson's chess, `0.137`, has no useful sparse space).
//! Three-heap splits (hexadecimal digit 8) always use the naive path.

use core::ops::ControlFlow;

use crate::ImpartialError;
use crate::heapgame::HeapGame;

/// Which algorithm computes the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Algorithm {
    /// Mex over every option.
    Naive,
    /// The rare-value algorithm with the best mask found (even if rare positions are common).
    Rare,
    /// Rare-value when a mask makes rare positions scarce, naive otherwise.
    Auto,
}

/// Values computed naively before a mask is chosen.
const WARMUP: usize = 512;

/// Auto stays naive when more than this fraction (1/RARE_LIMIT) of positions would be rare.
const RARE_LIMIT: usize = 8;
/// Auto turns naive once the rare path scans more than 1/NAIVE_ADVANTAGE of the naive splits
/// (while every value is below 64; beyond, once it scans more than the naive loop would).
const NAIVE_ADVANTAGE: u64 = 2;

/// Auto compares the two paths' work only from this many values on: before, the scans are
/// short and noisy (and every path is fast).
const PATH_REVIEW_FROM: usize = 4096;

/// Bytes per stored value.
pub const BYTES_PER_VALUE: u128 = 4;

/// An incremental nim-sequence computation.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use cgt_impartial::heapgame::HeapGame;
/// use cgt_impartial::nimseq::{Algorithm, NimSequence};
///
/// let mut seq = NimSequence::new(HeapGame::Grundy, Algorithm::Auto);
/// seq.extend_to(20, u128::MAX, |_| ControlFlow::Continue(()))?;
/// assert_eq!(&seq.values()[..10], [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]);
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[derive(Clone, Debug)]
pub struct NimSequence {
    game: HeapGame,
    /// `digits[j]`, or empty for Grundy's game.
    digits: Vec<u8>,
    grundys_game: bool,
    algorithm: Algorithm,
    values: Vec<u32>,
    /// The largest value so far.
    max_value: u32,
    /// Mask for the rare-value path; `None` while naive.
    mask: Option<u32>,
    /// The rare positions, in order, and their values.
    rare: Vec<u32>,
    rare_values: Vec<u16>,
    /// The values as `u16` while every value fits: the rare-value path reads these (half the
    /// cache footprint of `values`).
    narrow: Vec<u16>,
    next_review: usize,
    stamps: Vec<u32>,
    epoch: u32,
    stats: Stats,
    /// Values and scanned splits at the last review, to judge the rare path's work since.
    reviewed: (usize, u64),
    /// Auto found the rare path scanning too many splits: stay naive while every value is
    /// below this bound.
    prefer_naive: Option<u32>,
    /// Threads sharing the heaps (1: one heap after another).
    threads: usize,
    /// Each thread's copy of the values, kept between runs of shared heaps.
    #[cfg(feature = "parallel")]
    mirrors: Vec<Mirror>,
}

/// Counters describing how the values were computed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Values found from the rare positions alone.
    pub rare_only: u64,
    /// Values that needed a scan of the remaining splits.
    pub full_scans: u64,
    /// Values computed naively.
    pub naive: u64,
    /// Splits examined in the second pass of the rare-value path.
    pub scanned_splits: u64,
}

impl NimSequence {
    /// A computation of `game`'s nim-sequence with `algorithm`; nothing is computed yet.
    #[must_use]
    pub fn new(game: HeapGame, algorithm: Algorithm) -> NimSequence {
        let digits = game.rule_digits().unwrap_or_default();
        let grundys_game = matches!(game, HeapGame::Grundy);
        NimSequence {
            game,
            digits,
            grundys_game,
            algorithm,
            values: Vec::new(),
            max_value: 0,
            mask: None,
            rare: Vec::new(),
            rare_values: Vec::new(),
            narrow: Vec::new(),
            next_review: WARMUP,
            stamps: Vec::new(),
            epoch: 0,
            stats: Stats::default(),
            reviewed: (0, 0),
            prefer_naive: None,
            threads: 1,
            #[cfg(feature = "parallel")]
            mirrors: Vec::new(),
        }
    }

    /// Continues from values computed earlier (for example read from a checkpoint). The values
    /// are trusted to be this game's; the mask is chosen again from them, so the continuation
    /// computes exactly what an uninterrupted run would.
    #[must_use]
    pub fn resume(game: HeapGame, algorithm: Algorithm, values: Vec<u32>) -> NimSequence {
        let mut seq = NimSequence::new(game, algorithm);
        seq.max_value = values.iter().copied().max().unwrap_or(0);
        if values.iter().all(|&v| v <= u32::from(u16::MAX)) {
            seq.narrow = values.iter().map(|&v| v as u16).collect();
        }
        seq.values = values;
        seq.next_review = seq.values.len().max(WARMUP);
        seq.review_mask();
        seq
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// The values computed so far: `values()[n] = G(n)`.
    #[must_use]
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The values computed so far, taking them out of the computation (no copy).
    #[must_use]
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    /// The mask in use (`None` while on the naive path).
    #[must_use]
    pub fn mask(&self) -> Option<u32> {
        self.mask
    }

    /// How the values were computed.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Bytes needed to hold `count` values.
    #[must_use]
    pub fn bytes_for(count: u64) -> u128 {
        u128::from(count) * BYTES_PER_VALUE
    }

    /// Bytes a computation of `count` values needs on `threads` threads: twice
    /// [`NimSequence::bytes_for`] (the values and their working copies), and with several
    /// threads (the `parallel` feature) two more bytes per value for each thread's own copy.
    #[must_use]
    pub fn memory_for(count: u64, threads: usize) -> u128 {
        let mirrors = if cfg!(feature = "parallel") && threads > 1 {
            threads as u128 * 2 * u128::from(count)
        } else {
            0
        };
        NimSequence::bytes_for(count) * 2 + mirrors
    }

    /// Computes values until `len` are known (`G(0..len)`). `progress` is called every few
    /// thousand values with the count so far; returning `ControlFlow::Break` stops early (the
    /// values computed so far stay valid).
    ///
    /// # Errors
    /// [`ImpartialError::TooLarge`] when `len` values would not fit in `memory_limit` bytes;
    /// nothing is computed then.
    pub fn extend_to(
        &mut self,
        len: usize,
        memory_limit: u128,
        mut progress: impl FnMut(usize) -> ControlFlow<()>,
    ) -> Result<(), ImpartialError> {
        let need = NimSequence::memory_for(len as u64, self.threads);
        if need > memory_limit {
            return Err(ImpartialError::TooLarge {
                what: format!("{len} values of the nim-sequence"),
                bytes: need,
                limit: memory_limit,
            });
        }
        self.values.reserve(len.saturating_sub(self.values.len()));
        if self.narrow.len() == self.values.len() {
            self.narrow.reserve(len.saturating_sub(self.narrow.len()));
        }
        #[cfg(feature = "parallel")]
        let pool = (self.threads > 1)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(self.threads)
                    .build()
                    .ok()
            })
            .flatten();
        while self.values.len() < len {
            let n = self.values.len();
            // Progress is reported at every multiple of PROGRESS_EVERY values.
            let report = (n / PROGRESS_EVERY + 1) * PROGRESS_EVERY;
            let stop = report.min(len);
            // Up to the next report, heaps are shared inside the pool (one hand-over per
            // report).
            #[cfg(feature = "parallel")]
            if let Some(pool) = &pool
                && self.shared_end(n, stop).is_some()
            {
                pool.install(|| self.extend_in_pool(stop));
            }
            while self.values.len() < stop {
                let g = self.next_value(self.values.len());
                self.record(g);
            }
            if self.values.len() == report && progress(report).is_break() {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Computes heaps until `stop` are known, on all threads where that applies; run on a pool
    /// thread.
    #[cfg(feature = "parallel")]
    fn extend_in_pool(&mut self, stop: usize) {
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

    /// Appends `G(n) = g` for the next heap `n`, with the bookkeeping that follows (the rare
    /// list, mask reviews).
    fn record(&mut self, g: u32) {
        let n = self.values.len();
        self.values.push(g);
        match u16::try_from(g) {
            Ok(small) if self.narrow.len() == n => self.narrow.push(small),
            _ => self.narrow = Vec::new(),
        }
        self.max_value = self.max_value.max(g);
        if let Some(mask) = self.mask
            && is_rare(g, mask)
        {
            self.rare.push(n as u32);
            self.rare_values.push(g as u16);
        }
        if n + 1 == self.next_review {
            self.review_mask();
        }
    }

    /// Sets the threads used by [`NimSequence::extend_to`] (at least 1; with the `parallel`
    /// feature). The values are the same for every thread count.
    ///
    /// With several threads, each heap's work is split in two. Its *outer* part takes every
    /// option reading only heaps at least 16 below it (nearly all of them); the threads do the
    /// outer parts of several heaps at once. Its *finish* adds the few options reading the
    /// heaps just below it, once they are known, and takes the value; the finishes go in heap
    /// order, by whichever thread is free. Applies to games without three-heap splits while
    /// every value is below 4096; elsewhere heaps go one after another.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The end of the run of heaps from `n` that the threads share, or `None` when heaps go
    /// one at a time (early heaps, three-heap splits, large values). A run never crosses a
    /// mask review.
    #[cfg(feature = "parallel")]
    fn shared_end(&self, n: usize, len: usize) -> Option<usize> {
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
    fn shared_run(&mut self, start: usize, end: usize) {
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
    fn pipeline<S: OptionSet>(&mut self, start: usize, end: usize) {
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

    fn next_value(&mut self, n: usize) -> u32 {
        let three_way = self.digits.iter().any(|d| d & 8 != 0);
        match self.mask {
            Some(mask) if !three_way && self.max_value < NARROW_VALUES => {
                self.rare_one::<NarrowSet>(n, mask)
            }
            Some(mask) if !three_way && self.max_value < WIDE_VALUES => {
                self.rare_one::<WideSet>(n, mask)
            }
            Some(mask) if !three_way => self.rare_value(n, mask),
            _ => {
                self.stats.naive += 1;
                self.naive_value(n)
            }
        }
    }

    /// Chooses (or drops) the mask from the values known so far, and rebuilds the rare list.
    fn review_mask(&mut self) {
        let len = self.values.len();
        self.next_review = (len * 2).max(WARMUP);
        // Auto: when the rare path's second pass scanned more than 1/NAIVE_ADVANTAGE of the
        // splits the naive loop would have read, the naive loop (several times cheaper per
        // split) is the faster path while the values fit a word, and the bitset loop (no
        // cheaper than the scan) stays the faster path as heaps grow. The rule reads counters
        // only, so the path taken never depends on timing.
        let (last_len, last_scanned) = self.reviewed;
        if self.algorithm == Algorithm::Auto
            && self.mask.is_some()
            && len > last_len
            && len >= PATH_REVIEW_FROM
        {
            let scanned = self.stats.scanned_splits - last_scanned;
            // The naive loop reads about n/2 splits per splitting digit for heap n.
            let split_digits = if self.grundys_game {
                1
            } else {
                self.digits.iter().filter(|&&d| d & 4 != 0).count() as u64
            };
            let naive_splits = split_digits * ((len * len - last_len * last_len) / 4) as u64;
            // The word-sized naive loop (values below 64) is several times cheaper per split
            // than the rare path's scan; the bitset loop is about as cheap as the scan.
            let advantage = if self.max_value < 64 {
                NAIVE_ADVANTAGE
            } else {
                1
            };
            if scanned * advantage > naive_splits {
                // The word loop's advantage lasts while the values fit a word.
                self.prefer_naive = Some(if advantage > 1 { 64 } else { u32::MAX });
            }
        }
        if self
            .prefer_naive
            .is_some_and(|below| self.max_value >= below)
        {
            // Values outgrew the word loop: give the rare path another look.
            self.prefer_naive = None;
        }
        self.reviewed = (len, self.stats.scanned_splits);
        if self.algorithm == Algorithm::Naive || len < WARMUP || self.prefer_naive.is_some() {
            self.mask = None;
            return;
        }
        let best = best_mask(&self.values).map(|(m, count)| (count, m));
        self.mask = match (best, self.algorithm) {
            (Some((count, m)), Algorithm::Auto) if count * RARE_LIMIT <= len => Some(m),
            (Some((_, m)), Algorithm::Rare) => Some(m),
            _ => None,
        };
        self.rare.clear();
        self.rare_values.clear();
        if let Some(mask) = self.mask {
            for (i, &v) in self.values.iter().enumerate() {
                if is_rare(v, mask) {
                    self.rare.push(i as u32);
                    self.rare_values.push(v as u16);
                }
            }
        }
    }

    /// Starts marking for a new position; returns the epoch to compare stamps with.
    fn begin(&mut self, bound: usize) -> u32 {
        if self.stamps.len() < bound {
            self.stamps.resize(bound, 0);
        }
        if self.epoch == u32::MAX {
            self.stamps.fill(0);
            self.epoch = 0;
        }
        self.epoch += 1;
        self.epoch
    }

    /// Marking bound: XORs of values below `2^w` stay below `2^w`; the mex is at most that.
    fn bound(&self) -> usize {
        let max = self.max_value.max(1);
        (1usize << (32 - max.leading_zeros())) + 2
    }

    fn naive_value(&mut self, n: usize) -> u32 {
        let three_way = self.digits.iter().any(|d| d & 8 != 0);
        if !three_way {
            if self.max_value < 64 {
                return self.naive_one::<WordSet>(n);
            }
            if self.max_value < NARROW_VALUES {
                return self.naive_one::<NarrowSet>(n);
            }
            if self.max_value < WIDE_VALUES {
                return self.naive_one::<WideSet>(n);
            }
        }
        let bound = self.bound();
        let epoch = self.begin(bound);
        let v = &self.values;
        let stamps = &mut self.stamps;
        let mut mark = |x: u32| {
            if (x as usize) < stamps.len() {
                stamps[x as usize] = epoch;
            }
        };
        if self.grundys_game {
            for a in 1..n.div_ceil(2) {
                mark(v[a] ^ v[n - a]);
            }
        } else {
            for (j, &d) in self.digits.iter().enumerate() {
                if j > n {
                    break;
                }
                let m = n - j;
                mark_removal(j, d, m, |m| v[m], &mut mark);
                if d & 4 != 0 {
                    for a in 1..=m / 2 {
                        mark(v[a] ^ v[m - a]);
                    }
                }
                if d & 8 != 0 {
                    for a in 1..=m / 3 {
                        for b in a..=(m - a) / 2 {
                            mark(v[a] ^ v[b] ^ v[m - a - b]);
                        }
                    }
                }
            }
        }
        first_unmarked(&self.stamps, epoch, 0)
    }

    /// Heap `n`'s value by the naive loop in the set `S`, from the heaps below it.
    fn naive_one<S: OptionSet>(&self, n: usize) -> u32 {
        let view = self.view();
        let mut seen = S::empty();
        view.naive_outer(n, n, &mut seen);
        view.naive_finish(n, n, &mut seen)
    }

    /// Heap `n`'s value by the rare-value path in the set `S`, from the heaps below it.
    fn rare_one<S: OptionSet>(&mut self, n: usize, mask: u32) -> u32 {
        let view = self.view();
        let mut seen = S::empty();
        let partial = view.rare_outer(n, n, mask, &mut seen);
        let (g, scanned) = view.rare_finish(n, n, &mut seen, partial, mask);
        self.count(Some(mask), scanned);
        g
    }

    /// Counts one heap's value found by the rare-value path with `scanned` splits in pass 2, or
    /// by the naive loop (`mask` is `None`).
    fn count(&mut self, mask: Option<u32>, scanned: u64) {
        match mask {
            None => self.stats.naive += 1,
            Some(_) if scanned > 0 => self.stats.full_scans += 1,
            Some(_) => self.stats.rare_only += 1,
        }
        self.stats.scanned_splits += scanned;
    }

    /// What the split loops read.
    fn view(&self) -> View<'_> {
        View {
            grundys_game: self.grundys_game,
            digits: &self.digits,
            narrow: &self.narrow,
            rare: &self.rare,
            rare_values: &self.rare_values,
        }
    }
}

impl View<'_> {
    /// The split ranges of heap `n`: `(m, h)` for the splits of a heap of `m` into `a` and
    /// `m − a`, `a` in `1..=h`; one range per splitting digit (Grundy's game: unequal parts).
    fn split_ranges(&self, n: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        split_ranges(self.grundys_game, self.digits, n)
    }

    /// Adds heap `n`'s options that leave at most one heap: those leaving a heap below `s`
    /// (`below`) or the others.
    fn add_removals<S: OptionSet>(&self, n: usize, s: usize, below: bool, seen: &mut S) {
        for (j, &d) in self.digits.iter().enumerate() {
            if j > n {
                break;
            }
            let m = n - j;
            if (m < s) == below {
                mark_removal(j, d, m, |m| u32::from(self.narrow[m]), &mut |x| seen.add(x));
            }
        }
    }

    /// The naive loop's work on heap `n` that reads only heaps below `s` (`s ≤ n`; a few heaps
    /// below `n` when threads share the heaps, or `n` itself): its options leaving heaps below
    /// `s`.
    fn naive_outer<S: OptionSet>(&self, n: usize, s: usize, seen: &mut S) {
        self.add_removals(n, s, true, seen);
        for (m, h) in self.split_ranges(n) {
            let lo = outer_from(m, s);
            if lo <= h {
                seen.add_split_range(self.narrow, m, lo, h);
            }
        }
    }

    /// Heap `n`'s value from [`NimSequence::naive_outer`]`(n, s)` and the options reading heaps
    /// `s..n` (known by now).
    fn naive_finish<S: OptionSet>(&self, n: usize, s: usize, seen: &mut S) -> u32 {
        if n > s {
            self.add_inner(n, s, seen);
        }
        seen.mex()
    }

    /// Adds heap `n`'s options that read a heap in `s..n`: removals leaving one, and splits
    /// with a part there (the parts `a` below [`outer_from`]).
    fn add_inner<S: OptionSet>(&self, n: usize, s: usize, seen: &mut S) {
        self.add_removals(n, s, false, seen);
        for (m, h) in self.split_ranges(n) {
            let hi = (outer_from(m, s) - 1).min(h);
            if hi >= 1 {
                seen.add_split_range(self.narrow, m, 1, hi);
            }
        }
    }

    /// The rare-value path's work on heap `n` that reads only heaps below `s` (`s ≤ n`): pass 1
    /// over those options, then pass 2 until the candidate from them is common. The value is
    /// [`NimSequence::rare_finish`]'s.
    fn rare_outer<S: OptionSet>(&self, n: usize, s: usize, mask: u32, seen: &mut S) -> Partial {
        let v = &self.narrow;
        self.add_removals(n, s, true, seen);
        // Pass 1: the splits with a rare part, `G(r) ^ G(m − r)` for the rare `r` with both
        // parts below `s`; not the equal split in Grundy's game.
        for (m, h) in self.split_ranges(n) {
            if h == 0 {
                continue;
            }
            let (lo, hi) = (outer_from(m, s), (m - 1).min(s - 1));
            let first = rank(self.rare, lo);
            let end = rank(self.rare, hi + 1);
            let (pos, val) = (&self.rare[first..end], &self.rare_values[first..end]);
            if self.grundys_game && m.is_multiple_of(2) {
                let below = pos.partition_point(|&r| (r as usize) < m / 2);
                let above = below + usize::from(pos.get(below) == Some(&((m / 2) as u32)));
                seen.add_rare_splits(v, m, &pos[..below], &val[..below]);
                seen.add_rare_splits(v, m, &pos[above..], &val[above..]);
            } else {
                seen.add_rare_splits(v, m, pos, val);
            }
        }
        let candidate = seen.mex();
        if !is_rare(candidate, mask) {
            return Partial::NONE;
        }
        let (at, scanned) = self.scan(seen, n, s, (0, 0), candidate, mask);
        Partial { at, scanned }
    }

    /// Heap `n`'s value from [`View::rare_outer`]`(n, s)` and the options reading heaps
    /// `s..n`: when they make the candidate rare again, pass 2 goes on where it stopped.
    /// Returns the value and the splits pass 2 scanned in all.
    fn rare_finish<S: OptionSet>(
        &self,
        n: usize,
        s: usize,
        seen: &mut S,
        partial: Partial,
        mask: u32,
    ) -> (u32, u64) {
        let Partial { at, mut scanned } = partial;
        if n > s {
            self.add_inner(n, s, seen);
        }
        let candidate = seen.mex();
        // With nothing read from `s..n`, the outer pass was the whole computation.
        if n > s && is_rare(candidate, mask) && at.0 < self.split_ranges(n).count() {
            scanned += self.scan(seen, n, s, at, candidate, mask).1;
        }
        (seen.mex(), scanned)
    }

    /// Pass 2 of the rare-value path on heap `n` from split `from` (range, part; part 0: the
    /// range's first part with both parts below `s`): the splits with two common parts give
    /// rare values only; scan them, smallest part first, until the candidate becomes common
    /// (no later option can reach it) or the splits run out. Small parts first: their values
    /// are read by every heap and stay in the caches, and the early values of most games cover
    /// the small rare values quickly. Once at most [`WATCH`] rare values below the least
    /// missing common value are missing, the scan stops marking and only watches for those (a
    /// vectorised comparison), adding each to `seen` when found.
    ///
    /// Returns the first split not marked in `seen` (where a later scan must resume; the range
    /// count when every split is marked) and the splits scanned. The value is `seen`'s mex.
    fn scan<S: OptionSet>(
        &self,
        seen: &mut S,
        n: usize,
        s: usize,
        from: (usize, usize),
        mut candidate: u32,
        mask: u32,
    ) -> ((usize, usize), u64) {
        let v = &self.narrow;
        let mut scanned = 0u64;
        // Few values missing already (after pass 1, or when a heap's finish resumes): watch.
        let mut watch = Watch::missing(&*seen, candidate, mask);
        let mut marked = from;
        for (range, (m, h)) in self.split_ranges(n).enumerate().skip(from.0) {
            let mut lo = if range == from.0 && from.1 > 0 {
                from.1
            } else {
                outer_from(m, s)
            };
            // Runs grow from 8 to RUN splits: the first few splits often settle the value.
            let mut run = 8;
            while lo <= h {
                if let Some(w) = &mut watch {
                    // Watched runs grow too, from 64 to WATCH_BLOCK splits.
                    let hi = (lo + 8 * run - 1).min(h);
                    run = (2 * run).min(WATCH_BLOCK / 8);
                    let hits = watch_splits(v, m, lo, hi, &w.targets);
                    scanned += (hi + 1 - lo) as u64;
                    lo = hi + 1;
                    if hits != 0 {
                        for (k, &t) in w.targets.iter().enumerate() {
                            if hits >> k & 1 != 0 {
                                seen.add(u32::from(t));
                            }
                        }
                        if w.hit(hits) {
                            return (marked, scanned);
                        }
                    }
                    continue;
                }
                let hi = (lo + run - 1).min(h);
                seen.add_split_range(v, m, lo, hi);
                scanned += (hi + 1 - lo) as u64;
                lo = hi + 1;
                marked = (range, lo);
                if seen.contains(candidate) {
                    candidate = seen.mex_from(candidate);
                    if !is_rare(candidate, mask) {
                        return (marked, scanned);
                    }
                }
                // Every few full runs, see whether few enough values are missing to watch.
                if run == RUN && lo % (WATCH_TRY * RUN) < RUN {
                    watch = Watch::missing(&*seen, candidate, mask);
                }
                run = (2 * run).min(RUN);
            }
            if watch.is_none() {
                marked = (range + 1, 0);
            }
        }
        (marked, scanned)
    }
}

impl NimSequence {
    /// The rare-value path with stamps, for values from [`WIDE_VALUES`] on (the steps of
    /// [`NimSequence::rare_outer`] and [`NimSequence::scan`], marking a stamp per value).
    fn rare_value(&mut self, n: usize, mask: u32) -> u32 {
        let bound = self.bound().max(2);
        let epoch = self.begin(bound);
        let v = &self.values;
        let stamps = &mut self.stamps;
        let mut mark = |x: u32| {
            if (x as usize) < stamps.len() {
                stamps[x as usize] = epoch;
            }
        };
        // Pass 1: non-splitting options, and splits with a rare part (not the equal split of
        // Grundy's game).
        for (j, &d) in self.digits.iter().enumerate().take_while(|&(j, _)| j <= n) {
            mark_removal(j, d, n - j, |m| v[m], &mut mark);
        }
        for (m, _) in split_ranges(self.grundys_game, &self.digits, n) {
            for &r in self.rare.iter().take_while(|&&r| (r as usize) < m) {
                let r = r as usize;
                if r >= 1 && !(self.grundys_game && 2 * r == m) {
                    mark(v[r] ^ v[m - r]);
                }
            }
        }
        let mut candidate = first_unmarked(&self.stamps, epoch, 0);
        if !is_rare(candidate, mask) {
            self.stats.rare_only += 1;
            return candidate;
        }
        // Pass 2: the splits with two common parts give rare values only; scan them, smallest
        // part first, until the candidate becomes common (no later option can reach it) or the
        // splits run out.
        self.stats.full_scans += 1;
        let stamps = &mut self.stamps[..];
        let mut scanned = 0u64;
        'ranges: for (m, h) in split_ranges(self.grundys_game, &self.digits, n) {
            for a in 1..=h {
                let x = v[a] ^ v[m - a];
                scanned += 1;
                if let Some(slot) = stamps.get_mut(x as usize) {
                    *slot = epoch;
                }
                if x == candidate {
                    candidate = first_unmarked(stamps, epoch, x);
                    if !is_rare(candidate, mask) {
                        break 'ranges;
                    }
                }
            }
        }
        self.stats.scanned_splits += scanned;
        candidate
    }
}

/// What the split loops read: the game's rule and the values known so far, as `u16` (every value
/// fits while they run).
#[derive(Clone, Copy)]
struct View<'a> {
    grundys_game: bool,
    /// `digits[j]`, or empty for Grundy's game.
    digits: &'a [u8],
    /// `G(0..)`, as many as are known.
    narrow: &'a [u16],
    /// The rare positions among them, in order, and their values.
    rare: &'a [u32],
    rare_values: &'a [u16],
}

/// One thread's copy of the values and rare positions, for [`NimSequence::pipeline`]. Aligned
/// to its own cache lines: the threads' copies grow side by side.
#[cfg(feature = "parallel")]
#[derive(Clone, Debug, Default)]
#[repr(align(128))]
struct Mirror {
    /// The mask the rare positions are for.
    mask: Option<u32>,
    narrow: Vec<u16>,
    rare: Vec<u32>,
    rare_values: Vec<u16>,
}

#[cfg(feature = "parallel")]
impl Mirror {
    /// Copies the values `seq` knows and this copy does not (all of them after a new mask).
    fn catch_up_with(&mut self, seq: &NimSequence) {
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
    fn catch_up<S: OptionSet>(&mut self, run: &Pipeline<'_, S>, len: usize) {
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
    fn view<'a>(&'a self, run: &Pipeline<'a, impl OptionSet>) -> View<'a> {
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
struct Alone<T>(T);

/// The outer parts of one group of heaps, in order.
#[cfg(feature = "parallel")]
type Outers<S> = Vec<(S, Partial)>;

/// A run of heaps `start..end` shared by threads (see [`NimSequence::set_threads`]). Heap `n`'s
/// outer part reads the heaps below `max(start, n − PIPELINE_LAG)`. Threads take the outer
/// parts of [`PIPELINE_GROUP`] consecutive heaps at a time, once the heaps they read are
/// finished. The finishes go in order, a group at a time, by whichever thread holds
/// `finished`, as long as the next group's outer parts are ready. The values do not depend on
/// which thread did what, and neither do the counts.
#[cfg(feature = "parallel")]
struct Pipeline<'a, S> {
    grundys_game: bool,
    digits: &'a [u8],
    mask: Option<u32>,
    start: usize,
    end: usize,
    /// The finished heaps' values, `G(start + i)` at `i`.
    values: Vec<core::sync::atomic::AtomicU32>,
    /// The heaps below this are finished (their values stored).
    done: Alone<core::sync::atomic::AtomicUsize>,
    /// The first heap of the next group whose outer parts no thread has taken.
    claimed: Alone<core::sync::atomic::AtomicUsize>,
    /// A value filled the set: no heap after it may be computed in `S`.
    full: Alone<core::sync::atomic::AtomicBool>,
    /// The outer parts of the groups under way, group `k` in slot `k % PIPELINE_SLOTS`, with
    /// whether each is ready.
    slots: Vec<Alone<(std::sync::Mutex<Outers<S>>, core::sync::atomic::AtomicBool)>>,
    /// The finished heaps' values and scanned splits, in order; held by the thread finishing.
    finished: Alone<std::sync::Mutex<Vec<(u32, u64)>>>,
}

#[cfg(feature = "parallel")]
impl<'a, S: OptionSet> Pipeline<'a, S> {
    fn new(
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
    fn outer_below(&self, n: usize) -> usize {
        n.saturating_sub(PIPELINE_LAG).max(self.start)
    }

    /// The heaps of the group starting at `first`.
    fn group(&self, first: usize) -> core::ops::Range<usize> {
        first..(first + PIPELINE_GROUP).min(self.end)
    }

    /// The slot of the group starting at `first`.
    fn slot(&self, first: usize) -> &(std::sync::Mutex<Outers<S>>, core::sync::atomic::AtomicBool) {
        &self.slots[(first - self.start) / PIPELINE_GROUP % PIPELINE_SLOTS].0
    }

    /// One thread's share: finish the next group when its outer parts are ready and no other
    /// thread is finishing; else take the next group's outer parts when the heaps they read
    /// are finished; else wait a moment. Returns when every heap is finished or a value filled
    /// the set.
    fn work(&self, mirror: &mut Mirror) {
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
    fn finish_ready(
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
    fn into_finished(self) -> Vec<(u32, u64)> {
        self.finished
            .0
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
    }
}

/// Where the rare-value path's work on a heap from the heaps below some bound stopped (its option
/// values so far are in a set beside it).
#[derive(Clone, Copy)]
struct Partial {
    /// The first split (range, part) whose value may be missing from `seen`.
    at: (usize, usize),
    /// Splits scanned in pass 2.
    scanned: u64,
}

impl Partial {
    /// Nothing scanned: the options read so far settle the value (or the naive loop's).
    const NONE: Partial = Partial {
        at: (0, 0),
        scanned: 0,
    };
}

/// [`View::split_ranges`] from the game's parts (so that the stamps can be borrowed beside
/// it).
fn split_ranges(
    grundys_game: bool,
    digits: &[u8],
    n: usize,
) -> impl Iterator<Item = (usize, usize)> + '_ {
    let grundy = grundys_game.then(|| (n, n.div_ceil(2).saturating_sub(1)));
    let octal = digits
        .iter()
        .enumerate()
        .filter(move |&(j, &d)| j <= n && d & 4 != 0)
        .map(move |(j, _)| (n - j, (n - j) / 2));
    grundy.into_iter().chain(octal)
}

/// How many of the sorted `positions` are below `x` (at once when all or none are).
fn rank(positions: &[u32], x: usize) -> usize {
    match (positions.first(), positions.last()) {
        (Some(&first), _) if first as usize >= x => 0,
        (_, Some(&last)) if (last as usize) < x => positions.len(),
        _ => positions.partition_point(|&r| (r as usize) < x),
    }
}

/// The first part `a` of a split of `m` whose two parts are both below `s`.
fn outer_from(m: usize, s: usize) -> usize {
    (m + 1).saturating_sub(s).max(1)
}

/// A set of option values on the stack, for values below [`OptionSet::CAPACITY`] (the XOR of
/// two values below a power of two stays below it).
trait OptionSet: Send + Sized {
    /// Values below this fit.
    const CAPACITY: u32;
    /// The empty set.
    fn empty() -> Self;
    /// Adds `x` (below the capacity).
    fn add(&mut self, x: u32);
    /// Adds `v[a] ^ v[m − a]` for `a` in `lo..=hi` (`1 ≤ lo ≤ hi < m`).
    fn add_split_range(&mut self, v: &[u16], m: usize, lo: usize, hi: usize);
    /// Adds `G(r) ^ v[m − r]` for the rare positions `r` in `pos` (each below `m`) and their
    /// values `G(r)` in `val`. Not inlined: on its own the loop keeps every pointer in a
    /// register.
    #[inline(never)]
    fn add_rare_splits(&mut self, v: &[u16], m: usize, pos: &[u32], val: &[u16]) {
        for (&r, &g) in pos.iter().zip(val) {
            self.add(u32::from(g ^ v[m - r as usize]));
        }
    }
    /// Whether `x` was added.
    fn contains(&self, x: u32) -> bool;
    /// The values `base..base + 8` not added, as the low bit of each byte of a word (byte `i`
    /// for `base + i`; values from the capacity on are never added). `base` is a multiple of 8.
    fn missing_at(&self, base: usize) -> u64;
    /// The least value not added that is at least `from`.
    fn mex_from(&self, from: u32) -> u32 {
        let from = from as usize;
        let mut base = from & !7;
        let mut missing = self.missing_at(base) & (!0 << (8 * (from - base)));
        while missing == 0 {
            base += 8;
            missing = self.missing_at(base);
        }
        (base + missing.trailing_zeros() as usize / 8) as u32
    }
    /// The least value not added.
    fn mex(&self) -> u32 {
        self.mex_from(0)
    }
}

/// Values below 64 as the bits of one word: built without memory writes or branches (four
/// independent words over the split loop, so the ORs overlap).
struct WordSet(u64);

impl OptionSet for WordSet {
    const CAPACITY: u32 = 64;

    fn empty() -> Self {
        WordSet(0)
    }

    fn add(&mut self, x: u32) {
        self.0 |= 1 << (x & 63);
    }

    fn add_split_range(&mut self, v: &[u16], m: usize, lo: usize, hi: usize) {
        self.0 |= split_bits(v, m, lo, hi);
    }

    fn contains(&self, x: u32) -> bool {
        x < 64 && self.0 >> x & 1 != 0
    }

    fn missing_at(&self, base: usize) -> u64 {
        let bits = if base < 64 { !self.0 >> base } else { !0 };
        (0..8).fold(0, |acc, i| acc | (bits >> i & 1) << (8 * i))
    }

    fn mex(&self) -> u32 {
        self.0.trailing_ones()
    }
}

/// Values below `N` as one byte each on the stack: adding a value is one independent store
/// (no read of the old contents), so consecutive additions never wait for each other.
struct ByteSet<const N: usize>([u8; N]);

/// The byte set for values below [`NARROW_VALUES`].
type NarrowSet = ByteSet<{ NARROW_VALUES as usize }>;
/// The byte set for values below [`WIDE_VALUES`].
type WideSet = ByteSet<{ WIDE_VALUES as usize }>;

impl<const N: usize> OptionSet for ByteSet<N> {
    const CAPACITY: u32 = N as u32;

    fn empty() -> Self {
        ByteSet([0; N])
    }

    fn add(&mut self, x: u32) {
        self.0[x as usize % N] = 1;
    }

    fn add_split_range(&mut self, v: &[u16], m: usize, lo: usize, hi: usize) {
        self.add_splits_bytes(v, m, lo, hi);
    }

    fn contains(&self, x: u32) -> bool {
        self.0.get(x as usize).is_some_and(|&b| b != 0)
    }

    fn missing_at(&self, base: usize) -> u64 {
        let word = match self.0.get(base..base + 8) {
            Some(bytes) => u64::from_le_bytes(bytes.try_into().expect("eight bytes")),
            None => {
                let mut bytes = [0u8; 8];
                for (b, &s) in bytes.iter_mut().zip(self.0.get(base..).unwrap_or(&[])) {
                    *b = s;
                }
                u64::from_le_bytes(bytes)
            }
        };
        // Every byte is 0 or 1.
        !word & 0x0101_0101_0101_0101
    }
}

impl<const N: usize> ByteSet<N> {
    /// Adds `v[a] ^ v[m − a]` for `a` in `lo..=hi` (`1 ≤ lo ≤ hi < m`). Not inlined: on its
    /// own the loop keeps every pointer in a register.
    #[inline(never)]
    fn add_splits_bytes(&mut self, v: &[u16], m: usize, lo: usize, hi: usize) {
        let left = &v[lo..=hi];
        let right = &v[m - hi..=m - lo];
        // The set's address in a local: byte stores could otherwise alias it and force a reload.
        let bytes = &mut self.0;
        // Eight splits at a time: one vector XOR, then eight independent stores.
        let mut l = left.chunks_exact(16);
        let mut r = right.rchunks_exact(16);
        for (a, b) in (&mut l).zip(&mut r) {
            let x: [u16; 16] = core::array::from_fn(|i| a[i] ^ b[15 - i]);
            for x in x {
                bytes[x as usize % N] = 1;
            }
        }
        for (a, b) in l.remainder().iter().zip(r.remainder().iter().rev()) {
            bytes[(a ^ b) as usize % N] = 1;
        }
    }
}

/// Missing rare values the second pass of the rare-value path can watch for instead of marking
/// every option value.
const WATCH: usize = 4;
/// Full runs of marking between two tries to switch to watching.
const WATCH_TRY: usize = 4;
/// Splits compared between checks of the watched values.
const WATCH_BLOCK: usize = 512;

/// The rare values still missing below the least missing common value, in the second pass.
struct Watch {
    /// The missing values, padded with `u16::MAX` (never an option value: those are below
    /// [`WIDE_VALUES`]).
    targets: [u16; WATCH],
}

impl Watch {
    /// The values missing from `seen` from the (rare) `candidate` up to the first missing
    /// common value; `None` when more than [`WATCH`] rare values are missing.
    fn missing<S: OptionSet>(seen: &S, candidate: u32, mask: u32) -> Option<Watch> {
        let mut targets = [u16::MAX; WATCH];
        let mut count = 0;
        // Eight values at a time: the missing ones are the zero bytes.
        let mut base = candidate as usize & !7;
        loop {
            let mut missing = seen.missing_at(base);
            if base < candidate as usize {
                missing &= !0 << (8 * (candidate as usize - base));
            }
            while missing != 0 {
                let x = (base + missing.trailing_zeros() as usize / 8) as u32;
                missing &= missing - 1;
                if !is_rare(x, mask) {
                    return Some(Watch { targets });
                }
                if count == WATCH {
                    return None;
                }
                targets[count] = u16::try_from(x).ok()?;
                count += 1;
            }
            base += 8;
        }
    }

    /// Whether no value is left to watch for.
    fn is_empty(&self) -> bool {
        self.targets.iter().all(|&t| t == u16::MAX)
    }

    /// Drops the targets whose bits are set in `hits`; true when none is left.
    fn hit(&mut self, hits: u32) -> bool {
        for (k, t) in self.targets.iter_mut().enumerate() {
            if hits >> k & 1 != 0 {
                *t = u16::MAX;
            }
        }
        self.is_empty()
    }
}

/// Which of `targets` equal some `v[a] ^ v[m − a]` for `a` in `lo..=hi` (`1 ≤ lo ≤ hi < m`):
/// bit `k` for `targets[k]`. Comparisons only, no memory writes, so the loop vectorises.
fn watch_splits(v: &[u16], m: usize, lo: usize, hi: usize, targets: &[u16; WATCH]) -> u32 {
    let left = &v[lo..=hi];
    let right = &v[m - hi..=m - lo];
    let [t0, t1, t2, t3] = *targets;
    if t2 == u16::MAX && t3 == u16::MAX {
        let (mut h0, mut h1) = (false, false);
        for (&a, &b) in left.iter().zip(right.iter().rev()) {
            let x = a ^ b;
            h0 |= x == t0;
            h1 |= x == t1;
        }
        return u32::from(h0) | u32::from(h1) << 1;
    }
    let (mut h0, mut h1, mut h2, mut h3) = (false, false, false, false);
    for (&a, &b) in left.iter().zip(right.iter().rev()) {
        let x = a ^ b;
        h0 |= x == t0;
        h1 |= x == t1;
        h2 |= x == t2;
        h3 |= x == t3;
    }
    u32::from(h0) | u32::from(h1) << 1 | u32::from(h2) << 2 | u32::from(h3) << 3
}

/// The bits `1 << (v[a] ^ v[m − a])` for `a` in `lo..=hi` ORed together, for values below
/// 64. Four accumulators over chunks of four let the work of consecutive splits overlap.
fn split_bits(v: &[u16], m: usize, lo: usize, hi: usize) -> u64 {
    // Left parts v[lo..=hi] forwards, right parts v[m − hi..=m − lo] backwards.
    let left = &v[lo..=hi];
    let right = &v[m - hi..=m - lo];
    let mut acc = [0u64; 4];
    let mut l = left.chunks_exact(4);
    let mut r = right.rchunks_exact(4);
    for (a, b) in (&mut l).zip(&mut r) {
        acc[0] |= 1 << ((a[0] ^ b[3]) & 63);
        acc[1] |= 1 << ((a[1] ^ b[2]) & 63);
        acc[2] |= 1 << ((a[2] ^ b[1]) & 63);
        acc[3] |= 1 << ((a[3] ^ b[0]) & 63);
    }
    let mut seen = acc[0] | acc[1] | acc[2] | acc[3];
    for (a, b) in l.remainder().iter().zip(r.remainder().iter().rev()) {
        seen |= 1 << ((a ^ b) & 63);
    }
    seen
}

/// Marks the non-splitting options of removing `j` tokens with digit `d`, leaving `m`: the
/// empty heap (bit 1, when `m = 0`) or one heap of `m` (bit 2, when `m > 0`).
fn mark_removal(
    j: usize,
    d: u8,
    m: usize,
    value: impl FnOnce(usize) -> u32,
    mark: &mut impl FnMut(u32),
) {
    if j > 0 && d & 1 != 0 && m == 0 {
        mark(0);
    }
    if j > 0 && d & 2 != 0 && m > 0 {
        mark(value(m));
    }
}

/// Both paths keep option values in a [`ByteSet`] on the stack while every value is below this
/// (the XOR of two values below a power of two stays below it); beyond, in stamped arrays.
const WIDE_VALUES: u32 = 4096;
/// Below this, option values are kept in a [`ByteSet`] of this size (cheaper to clear and to
/// search for the mex than one of [`WIDE_VALUES`]).
const NARROW_VALUES: u32 = 512;

/// Values between two progress reports.
const PROGRESS_EVERY: usize = 4096;

/// Heaps computed one at a time before the threads share them.
#[cfg(feature = "parallel")]
const SHARE_FROM: usize = 4096;
/// Splits per heap (rare parts in pass 1 and recent scans) below which the rare-value path
/// goes one heap at a time even with several threads.
#[cfg(feature = "parallel")]
const SHARE_MIN_WORK: u64 = 2000;
/// With several threads, heap `n`'s outer part reads the heaps below `n − PIPELINE_LAG`, and
/// at most this many heaps past the last finished one are under way. Larger lags leave more
/// heaps for the threads to take, but the outer parts lose the splits with a part among the
/// lag's heaps, and those small parts settle most values: on 0.376, scanning to 2^20 reads
/// 0.6 % more splits than one thread with a lag of 16, 13 % more from a lag of 22.
#[cfg(feature = "parallel")]
const PIPELINE_LAG: usize = 16;
/// Heaps whose outer parts a thread takes at once (at most `PIPELINE_LAG + 1`): each hand-over
/// between threads costs a few cache-line transfers, shared by the group.
#[cfg(feature = "parallel")]
const PIPELINE_GROUP: usize = 4;
/// Slots for groups under way: a power of two above `PIPELINE_LAG / PIPELINE_GROUP + 1`.
#[cfg(feature = "parallel")]
const PIPELINE_SLOTS: usize = 8;

/// Splits scanned together in one run.
const RUN: usize = 64;

fn is_rare(v: u32, mask: u32) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

fn first_unmarked(stamps: &[u32], epoch: u32, from: u32) -> u32 {
    let mut x = from as usize;
    while x < stamps.len() && stamps[x] == epoch {
        x += 1;
    }
    x as u32
}

/// The mask that makes the fewest of `values` rare (ties: the smaller mask), with that count;
/// `None` for an empty sequence. A function of the values alone, so reports do not depend on
/// the algorithm or on checkpoints.
#[must_use]
pub fn best_mask(values: &[u32]) -> Option<(u32, usize)> {
    let max = values.iter().copied().max()?;
    let width = (32 - max.leading_zeros()).max(1);
    let candidates: Vec<u32> = if width <= 10 {
        (1..1u32 << width).collect()
    } else {
        (0..width)
            .flat_map(|i| (i..width).map(move |j| 1 << i | 1 << j))
            .collect()
    };
    // Count each distinct value once; a mask's rare count is a sum over the histogram.
    let mut histogram = vec![0usize; max as usize + 1];
    for &v in values {
        histogram[v as usize] += 1;
    }
    let present: Vec<(u32, usize)> = histogram
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(v, &c)| (v as u32, c))
        .collect();
    candidates
        .into_iter()
        .map(|m| {
            let rare: usize = present
                .iter()
                .filter(|&&(v, _)| is_rare(v, m))
                .map(|&(_, c)| c)
                .sum();
            (rare, m)
        })
        .min()
        .map(|(count, m)| (m, count))
}

/// The values of `game` for heaps `0..len`, naively (the reference).
#[must_use]
pub fn naive_values(game: &HeapGame, len: usize) -> Vec<u32> {
    let mut seq = NimSequence::new(game.clone(), Algorithm::Naive);
    seq.extend_to(len, u128::MAX, |_| ControlFlow::Continue(()))
        .expect("no memory limit");
    seq.values
}

/// The values of `game` for heaps `0..len` with `algorithm`.
///
/// # Errors
/// [`ImpartialError::TooLarge`] beyond `memory_limit`.
pub fn values(
    game: &HeapGame,
    len: usize,
    algorithm: Algorithm,
    memory_limit: u128,
) -> Result<Vec<u32>, ImpartialError> {
    let mut seq = NimSequence::new(game.clone(), algorithm);
    seq.extend_to(len, memory_limit, |_| ControlFlow::Continue(()))?;
    Ok(seq.values)
}

/// A move in a sum of heaps of a heap game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SplitMove {
    /// Which heap (0-based).
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// Tokens removed.
    pub removed: u64,
    /// The heaps it becomes (empty when it disappears).
    pub leaves: Vec<u64>,
}

impl core::fmt::Display for SplitMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "heap {} ({}): ", self.heap + 1, self.from)?;
        if self.removed > 0 {
            write!(f, "remove {}", self.removed)?;
        } else {
            f.write_str("remove nothing")?;
        }
        match self.leaves.as_slice() {
            [] => f.write_str(", leaving nothing"),
            [one] => write!(f, ", leaving a heap of {one}"),
            more => {
                let parts: Vec<String> = more.iter().map(u64::to_string).collect();
                write!(f, ", leaving heaps of {}", parts.join(" and "))
            }
        }
    }
}

/// Every winning move in the sum of heaps `heaps` of `game`, given `values[n] = G(n)` for every
/// `n` up to the largest heap.
///
/// # Panics
/// If `values` is shorter than the largest heap plus one (a caller's bug).
#[must_use]
pub fn winning_moves(game: &HeapGame, values: &[u32], heaps: &[u64]) -> Vec<SplitMove> {
    let g = |n: u64| values[n as usize];
    let total = heaps.iter().fold(0u32, |acc, &h| acc ^ g(h));
    let mut moves = Vec::new();
    if total == 0 {
        return moves;
    }
    for (i, &h) in heaps.iter().enumerate() {
        let want = g(h) ^ total;
        for (removed, leaves) in game.heap_options(h) {
            if leaves.iter().fold(0u32, |acc, &x| acc ^ g(x)) == want {
                moves.push(SplitMove {
                    heap: i,
                    from: h,
                    removed,
                    leaves,
                });
            }
        }
    }
    moves
}

/// The most heaps [`explain_mex`] tabulates.
pub const EXPLAIN_HEAPS: usize = 32;

/// The mex table a teacher would write for `G(0) … G(upto − 1)`: for each heap, its options
/// (a split written `a+b`, nothing left written `0`), their values (the XOR over the heaps
/// left), and the mex. `values` must hold at least `upto` values; `None` beyond
/// [`EXPLAIN_HEAPS`] heaps or with too few values.
///
/// ```
/// use cgt_impartial::heapgame::HeapGame;
/// use cgt_impartial::nimseq::{explain_mex, naive_values};
///
/// let game = HeapGame::Subtraction("1,3,4".parse()?);
/// let lines = explain_mex(&game, &naive_values(&game, 5), 5).unwrap();
/// assert_eq!(lines[4], "G(4): options 3, 1, 0 with values 1, 1, 0; mex = 2");
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[must_use]
pub fn explain_mex(game: &HeapGame, values: &[u32], upto: usize) -> Option<Vec<String>> {
    if upto > EXPLAIN_HEAPS || values.len() < upto {
        return None;
    }
    let mut out = Vec::with_capacity(upto);
    for n in 0..upto {
        let options = game.heap_options(n as u64);
        if options.is_empty() {
            out.push(format!("G({n}): no options; mex of nothing = 0"));
            continue;
        }
        let mut shown = Vec::new();
        let mut vals = Vec::new();
        for (_, leaves) in &options {
            let heaps: Vec<&u64> = leaves.iter().filter(|&&h| h > 0).collect();
            shown.push(if heaps.is_empty() {
                "0".to_owned()
            } else {
                heaps
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("+")
            });
            let v = leaves.iter().fold(0u32, |acc, &h| {
                acc ^ values.get(h as usize).copied().unwrap_or(0)
            });
            vals.push(v);
        }
        let mex = cgt_core::mex(vals.iter().map(|&v| u64::from(v)));
        let vals: Vec<String> = vals.iter().map(ToString::to_string).collect();
        out.push(format!(
            "G({n}): options {} with values {}; mex = {mex}",
            shown.join(", "),
            vals.join(", ")
        ));
    }
    Some(out)
}

/// What a computed nim-sequence shows: its largest value, its P-positions, its rare positions
/// and, when a theorem applies, its certified period.
///
/// # Examples
///
/// ```
/// use cgt_impartial::heapgame::HeapGame;
/// use cgt_impartial::nimseq::{Summary, naive_values};
///
/// let game = HeapGame::Subtraction("1,3,4".parse()?);
/// let summary = Summary::of(&game, &naive_values(&game, 50));
/// assert_eq!(summary.p_positions[..4], [0, 2, 7, 9]);
/// let period = summary.period.unwrap();
/// assert_eq!((period.preperiod, period.period), (0, 7));
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Summary {
    /// Values computed: `G(0) … G(count − 1)`.
    pub count: usize,
    /// The largest value and the first heap that has it.
    pub max: (u32, usize),
    /// Heaps of value 0.
    pub p_positions: Vec<usize>,
    /// The rare-value mask chosen from the values, if one is worth it.
    pub rare_mask: Option<u32>,
    /// Heaps whose value has an even number of bits under the mask.
    pub rare_positions: Vec<usize>,
    /// The theorem that can certify a period of the game.
    pub rule: crate::period::PeriodRule,
    /// The period it certifies from these values, if any.
    pub period: Option<crate::period::Period>,
}

impl Summary {
    /// The summary of `values`, the start of `game`'s nim-sequence.
    #[must_use]
    pub fn of(game: &HeapGame, values: &[u32]) -> Summary {
        let count = values.len();
        let p_positions: Vec<usize> = (0..count).filter(|&n| values[n] == 0).collect();
        let max =
            values.iter().enumerate().fold(
                (0u32, 0usize),
                |(m, at), (n, &v)| {
                    if v > m { (v, n) } else { (m, at) }
                },
            );
        let rare_mask = best_mask(values).map(|(m, _)| m);
        let rare_positions = match rare_mask {
            Some(m) => (0..count)
                .filter(|&n| (values[n] & m).count_ones().is_multiple_of(2))
                .collect(),
            None => Vec::new(),
        };
        let rule = crate::period::rule_for(game);
        Summary {
            count,
            max,
            p_positions,
            rare_mask,
            rare_positions,
            rule,
            period: crate::period::certified_period(values, rule),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(s: &str) -> HeapGame {
        HeapGame::from_name_or_code(s).unwrap()
    }

    /// The mex over `heap_options`, written without the bitset loops it checks.
    fn by_definition(game: &HeapGame, len: usize) -> Vec<u32> {
        let mut values: Vec<u32> = Vec::with_capacity(len);
        for n in 0..len {
            let seen: Vec<u32> = game
                .heap_options(n as u64)
                .iter()
                .map(|(_, parts)| parts.iter().fold(0, |x, &p| x ^ values[p as usize]))
                .collect();
            values.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        values
    }

    #[test]
    fn word_and_bitset_loops_equal_the_definition() {
        // Small values (the word loop), values past 64 (the bitset loop: 0.376 reaches 64 at
        // heap 623), Grundy's game, and a hexadecimal code (three-way splits: the stamp loop).
        for (code, len) in [("0.77", 400), ("0.137", 400), ("0.376", 900), ("0.6", 500)] {
            let g = game(code);
            assert_eq!(naive_values(&g, len), by_definition(&g, len), "{code}");
        }
        assert_eq!(
            naive_values(&HeapGame::Grundy, 600),
            by_definition(&HeapGame::Grundy, 600)
        );
        let hex = game("0.f");
        assert_eq!(naive_values(&hex, 120), by_definition(&hex, 120));
        let wide = naive_values(&game("0.376"), 900);
        assert!(wide.iter().any(|&v| v >= 64), "the bitset loop is reached");
    }

    #[test]
    fn known_sequences() {
        // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3 1 4 7 2 1 8 2 7
        let kayles = naive_values(&game("kayles"), 20);
        assert_eq!(
            kayles,
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2]
        );
        // Dawson's Kayles (0.07): 0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3
        let dk = naive_values(&game("0.07"), 20);
        assert_eq!(
            dk,
            [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3]
        );
        // Grundy's game: 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3
        let g = naive_values(&HeapGame::Grundy, 20);
        assert_eq!(
            g,
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3]
        );
        // Subtraction {1,2,3}: n mod 4.
        let s = HeapGame::Subtraction("1,2,3".parse().unwrap());
        assert_eq!(naive_values(&s, 9), [0, 1, 2, 3, 0, 1, 2, 3, 0]);
    }

    #[test]
    fn heap_sum_moves() {
        let k = game("kayles");
        let v = naive_values(&k, 20);
        let moves = winning_moves(&k, &v, &[5, 7, 9]);
        assert!(!moves.is_empty());
        for m in &moves {
            let mut rest: u32 = [5u64, 7, 9]
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != m.heap)
                .fold(0, |acc, (_, &h)| acc ^ v[h as usize]);
            for &l in &m.leaves {
                rest ^= v[l as usize];
            }
            assert_eq!(rest, 0, "{m}");
        }
    }

    #[test]
    fn rare_matches_naive_on_sparse_games() {
        for name in ["0.16", "0.6", "grundy", "0.77", "0.137", "4.07"] {
            let g = game(name);
            let naive = naive_values(&g, 3000);
            for algorithm in [Algorithm::Rare, Algorithm::Auto] {
                let fast = values(&g, 3000, algorithm, u128::MAX).unwrap();
                assert_eq!(fast, naive, "{name} {algorithm:?}");
            }
        }
    }
}
