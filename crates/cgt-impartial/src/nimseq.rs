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
        let need = NimSequence::bytes_for(len as u64) * 2;
        if need > memory_limit {
            return Err(ImpartialError::TooLarge {
                what: format!("{len} values of the nim-sequence"),
                bytes: need,
                limit: memory_limit,
            });
        }
        self.values.reserve(len.saturating_sub(self.values.len()));
        while self.values.len() < len {
            let n = self.values.len();
            let g = self.next_value(n);
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
            if n % 4096 == 4095 && progress(n + 1).is_break() {
                return Ok(());
            }
        }
        Ok(())
    }

    fn next_value(&mut self, n: usize) -> u32 {
        let three_way = self.digits.iter().any(|d| d & 8 != 0);
        match self.mask {
            Some(mask) if !three_way && self.max_value < NARROW_VALUES => {
                self.rare_value_in::<{ NARROW_VALUES as usize }>(n, mask)
            }
            Some(mask) if !three_way && self.max_value < WIDE_VALUES => {
                self.rare_value_in::<{ WIDE_VALUES as usize }>(n, mask)
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
        if self.max_value < 64 && !three_way {
            return self.naive_value_in(n, WordSet(0));
        }
        if self.max_value < NARROW_VALUES && !three_way {
            return self.naive_value_bytes::<{ NARROW_VALUES as usize }>(n);
        }
        if self.max_value < WIDE_VALUES && !three_way {
            return self.naive_value_bytes::<{ WIDE_VALUES as usize }>(n);
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
                mark_removal(j, d, m, v, &mut mark);
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

    /// [`NimSequence::naive_value`] without stamps, for games without three-way splits whose
    /// values are all below 64 ([`WordSet`]).
    fn naive_value_in<S: OptionSet>(&self, n: usize, mut seen: S) -> u32 {
        let v = &self.values;
        if self.grundys_game {
            seen.add_splits(v, n, n.div_ceil(2).saturating_sub(1));
        } else {
            for (j, &d) in self.digits.iter().enumerate() {
                if j > n {
                    break;
                }
                let m = n - j;
                if j > 0 && d & 1 != 0 && m == 0 {
                    seen.add(0);
                }
                if j > 0 && d & 2 != 0 && m > 0 {
                    seen.add(v[m]);
                }
                if d & 4 != 0 {
                    seen.add_splits(v, m, m / 2);
                }
            }
        }
        seen.mex()
    }

    /// [`NimSequence::naive_value`] for games without three-way splits whose values are all
    /// below `N`: option values in a [`ByteSet`], splits read from `narrow`.
    fn naive_value_bytes<const N: usize>(&self, n: usize) -> u32 {
        let v = &self.narrow;
        let mut seen = ByteSet::<N>::new();
        if self.grundys_game {
            let h = n.div_ceil(2).saturating_sub(1);
            if h > 0 {
                seen.add_split_range(v, n, 1, h);
            }
        } else {
            for (j, &d) in self.digits.iter().enumerate() {
                if j > n {
                    break;
                }
                let m = n - j;
                mark_removal(j, d, m, &self.values, &mut |x| seen.add(x as u16));
                if d & 4 != 0 && m >= 2 {
                    seen.add_split_range(v, m, 1, m / 2);
                }
            }
        }
        seen.mex_from(0)
    }

    /// The rare-value path for values below `W`: option values in a [`ByteSet`] on the stack,
    /// the second pass in runs of up to [`RUN`] splits between checks of the candidate.
    fn rare_value_in<const W: usize>(&mut self, n: usize, mask: u32) -> u32 {
        // Every value is below 64·W here, so `narrow` holds them all.
        let v = &self.narrow;
        let mut seen = ByteSet::<W>::new();
        // Pass 1: non-splitting options, and splits with a rare part (position 0 is no part).
        let first = self.rare.partition_point(|&r| r < 1);
        let rare = (&self.rare[first..], &self.rare_values[first..]);
        // `G(r) ^ G(m − r)` for every rare `r` in `1..m` (with `unequal`, not `r = m/2`).
        let add_rare_splits = |seen: &mut ByteSet<W>, m: usize, unequal: bool| {
            let count = rare.0.partition_point(|&r| (r as usize) < m);
            let (pos, val) = (&rare.0[..count], &rare.1[..count]);
            let add = |seen: &mut ByteSet<W>, pos: &[u32], val: &[u16]| {
                for (&r, &g) in pos.iter().zip(val) {
                    seen.add(g ^ v[m - r as usize]);
                }
            };
            if unequal && m.is_multiple_of(2) {
                let below = pos.partition_point(|&r| (r as usize) < m / 2);
                let above = below + usize::from(pos.get(below) == Some(&((m / 2) as u32)));
                add(seen, &pos[..below], &val[..below]);
                add(seen, &pos[above..], &val[above..]);
            } else {
                add(seen, pos, val);
            }
        };
        if self.grundys_game {
            add_rare_splits(&mut seen, n, true);
        } else {
            for (j, &d) in self.digits.iter().enumerate() {
                if j > n {
                    break;
                }
                let m = n - j;
                mark_removal(j, d, m, &self.values, &mut |x| seen.add(x as u16));
                if d & 4 != 0 {
                    add_rare_splits(&mut seen, m, false);
                }
            }
        }
        let mut candidate = seen.mex_from(0);
        if !is_rare(candidate, mask) {
            self.stats.rare_only += 1;
            return candidate;
        }
        // Pass 2: the splits with two common parts give rare values only; scan them, smallest
        // part first, until the candidate becomes common (no later option can reach it) or the
        // splits run out. Small parts first: their values are read by every heap and stay in
        // the caches, and the early values of most games cover the small rare values quickly.
        // Once at most WATCH rare values below the least missing common value are missing, the
        // scan stops marking and only watches for those (a vectorised comparison).
        self.stats.full_scans += 1;
        let mut scanned = 0u64;
        let mut watch: Option<Watch> = None;
        let mut scan = |m: usize, h: usize, candidate: &mut u32| -> bool {
            // Runs grow from 8 to RUN splits: the first few splits often settle the value.
            let (mut lo, mut run) = (1, 8);
            while lo <= h {
                if let Some(w) = &mut watch {
                    let hi = (lo + WATCH_BLOCK - 1).min(h);
                    let hits = watch_splits(v, m, lo, hi, &w.targets);
                    scanned += (hi + 1 - lo) as u64;
                    lo = hi + 1;
                    if hits != 0 && w.hit(hits) {
                        *candidate = w.common;
                        return true;
                    }
                    continue;
                }
                let hi = (lo + run - 1).min(h);
                seen.add_split_range(v, m, lo, hi);
                scanned += (hi + 1 - lo) as u64;
                lo = hi + 1;
                if seen.contains(*candidate) {
                    *candidate = seen.mex_from(*candidate);
                    if !is_rare(*candidate, mask) {
                        return true;
                    }
                }
                // Every few full runs, see whether few enough values are missing to watch.
                if run == RUN && lo % (WATCH_TRY * RUN) < RUN {
                    watch = Watch::missing(&seen, *candidate, mask);
                }
                run = (2 * run).min(RUN);
            }
            false
        };
        let settled = if self.grundys_game {
            scan(n, n.div_ceil(2).saturating_sub(1), &mut candidate)
        } else {
            self.digits
                .iter()
                .enumerate()
                .any(|(j, &d)| j <= n && d & 4 != 0 && scan(n - j, (n - j) / 2, &mut candidate))
        };
        self.stats.scanned_splits += scanned;
        match watch {
            // The splits ran out while watching: the least value never reached.
            Some(w) if !settled => w.least(),
            _ => candidate,
        }
    }

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
        // Pass 1: non-splitting options, and splits with a rare part.
        if self.grundys_game {
            for &r in &self.rare {
                let r = r as usize;
                if r >= 1 && r < n && 2 * r != n {
                    mark(v[r] ^ v[n - r]);
                }
            }
        } else {
            for (j, &d) in self.digits.iter().enumerate() {
                if j > n {
                    break;
                }
                let m = n - j;
                mark_removal(j, d, m, v, &mut mark);
                if d & 4 != 0 {
                    for &r in &self.rare {
                        let r = r as usize;
                        if r >= m {
                            break;
                        }
                        if r >= 1 {
                            mark(v[r] ^ v[m - r]);
                        }
                    }
                }
            }
        }
        let mut candidate = first_unmarked(&self.stamps, epoch, 0);
        if !is_rare(candidate, mask) {
            self.stats.rare_only += 1;
            return candidate;
        }
        // Pass 2: the splits with two common parts give rare values only; scan them until the
        // candidate becomes common (no later option can reach it) or the splits run out.
        self.stats.full_scans += 1;
        let v = &self.values;
        let stamps = &mut self.stamps[..];
        let mut scanned = 0u64;
        // Smallest part first, as in `rare_value_in`.
        let mut scan = |m: usize, h: usize, candidate: &mut u32| -> bool {
            for a in 1..=h {
                let x = v[a] ^ v[m - a];
                scanned += 1;
                if let Some(slot) = stamps.get_mut(x as usize) {
                    *slot = epoch;
                }
                if x == *candidate {
                    *candidate = first_unmarked(stamps, epoch, x);
                    if !is_rare(*candidate, mask) {
                        return true;
                    }
                }
            }
            false
        };
        if self.grundys_game {
            scan(n, n.div_ceil(2).saturating_sub(1), &mut candidate);
        } else {
            for (j, &d) in self.digits.iter().enumerate() {
                if j <= n && d & 4 != 0 && scan(n - j, (n - j) / 2, &mut candidate) {
                    break;
                }
            }
        }
        self.stats.scanned_splits += scanned;
        candidate
    }
}

/// Marks the non-splitting options of removing `j` tokens with digit `d`, leaving `m`: the
/// empty heap (bit 1, when `m = 0`) or one heap of `m` (bit 2, when `m > 0`).
/// The set of option values of the naive loop without stamps.
trait OptionSet {
    /// Adds the value `x`.
    fn add(&mut self, x: u32);
    /// Adds `v[a] ^ v[m − a]` for `a = 1..=h`.
    fn add_splits(&mut self, v: &[u32], m: usize, h: usize);
    /// The least value not added.
    fn mex(&self) -> u32;
}

/// Values below 64 as the bits of one word: built without memory writes or branches (four
/// independent words over the split loop, so the ORs overlap).
struct WordSet(u64);

impl OptionSet for WordSet {
    fn add(&mut self, x: u32) {
        self.0 |= 1 << (x & 63);
    }

    fn add_splits(&mut self, v: &[u32], m: usize, h: usize) {
        self.0 |= split_bits(v, m, h);
    }

    fn mex(&self) -> u32 {
        self.0.trailing_ones()
    }
}

/// Values below `N` as one byte each on the stack: adding a value is one independent store
/// (no read of the old contents), so consecutive additions never wait for each other.
struct ByteSet<const N: usize>([u8; N]);

impl<const N: usize> ByteSet<N> {
    fn new() -> Self {
        ByteSet([0; N])
    }

    /// Whether `x` was added.
    #[inline]
    fn contains(&self, x: u32) -> bool {
        self.0.get(x as usize).is_some_and(|&b| b != 0)
    }

    /// The values `base..base + 8` not added, as the low bit of each byte of a word (byte `i`
    /// for `base + i`; values from `N` on are never added). `base` is a multiple of 8.
    #[inline]
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

    /// Adds `x` (below `N`; larger values wrap, which callers rule out).
    #[inline]
    fn add(&mut self, x: u16) {
        self.0[x as usize % N] = 1;
    }

    /// Adds `v[a] ^ v[m − a]` for `a` in `lo..=hi` (`1 ≤ lo ≤ hi < m`). Not inlined: on its
    /// own the loop keeps every pointer in a register.
    #[inline(never)]
    fn add_split_range(&mut self, v: &[u16], m: usize, lo: usize, hi: usize) {
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
    /// The least common value that is no option's: the value once every target is reached.
    common: u32,
}

impl Watch {
    /// The values missing from `seen` from the (rare) `candidate` up to the first missing
    /// common value; `None` when more than [`WATCH`] rare values are missing.
    fn missing<const N: usize>(seen: &ByteSet<N>, candidate: u32, mask: u32) -> Option<Watch> {
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
                    return Some(Watch { targets, common: x });
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

    /// Drops the targets whose bits are set in `hits`; true when none is left.
    fn hit(&mut self, hits: u32) -> bool {
        for (k, t) in self.targets.iter_mut().enumerate() {
            if hits >> k & 1 != 0 {
                *t = u16::MAX;
            }
        }
        self.targets.iter().all(|&t| t == u16::MAX)
    }

    /// The least target never reached (the common value when every target was).
    fn least(&self) -> u32 {
        self.targets
            .iter()
            .filter(|&&t| t != u16::MAX)
            .min()
            .map_or(self.common, |&t| u32::from(t))
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

/// The bits `1 << (v[a] ^ v[m − a])` for `a = 1..=h` ORed together, for values below 64.
/// Four accumulators over chunks of four let the work of consecutive splits overlap.
fn split_bits(v: &[u32], m: usize, h: usize) -> u64 {
    if h == 0 {
        return 0;
    }
    // Left parts v[1..=h] forwards, right parts v[m-h..m] backwards: v[m − a] for a = 1..=h.
    let left = &v[1..=h];
    let right = &v[m - h..m];
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

fn mark_removal(j: usize, d: u8, m: usize, v: &[u32], mark: &mut impl FnMut(u32)) {
    if j > 0 && d & 1 != 0 && m == 0 {
        mark(0);
    }
    if j > 0 && d & 2 != 0 && m > 0 {
        mark(v[m]);
    }
}

/// Both paths keep option values in a [`ByteSet`] on the stack while every value is below this
/// (the XOR of two values below a power of two stays below it); beyond, in stamped arrays.
const WIDE_VALUES: u32 = 4096;
/// Below this, option values are kept in a [`ByteSet`] of this size (cheaper to clear and to
/// search for the mex than one of [`WIDE_VALUES`]).
const NARROW_VALUES: u32 = 512;

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
