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

mod drive;
mod moves;
#[cfg(feature = "parallel")]
mod pipeline;
mod sets;
mod summary;
#[cfg(test)]
mod tests;
mod view;

pub use crate::heapgame::SplitMove;
pub use drive::{DriveError, Driven, Watch, drive};
pub use moves::{EXPLAIN_HEAPS, explain_mex, winning_moves};
pub use summary::Summary;

#[cfg(feature = "parallel")]
use pipeline::Mirror;
use sets::{NARROW_VALUES, NarrowSet, OptionSet, WIDE_VALUES, WideSet, WordSet};
use view::{View, first_unmarked, is_rare, mark_removal, split_ranges};

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

/// Values between two progress reports.
const PROGRESS_EVERY: usize = 4096;

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
