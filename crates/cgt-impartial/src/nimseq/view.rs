//! The split loops of both paths on a borrowed view of the rule and the values: the outer
//! work of a heap on the heaps below a bound, the finish, the rare-value scan and its watch.

use super::sets::OptionSet;

/// What the split loops read: the game's rule and the values known so far, as `u16` (every value
/// fits while they run).
#[derive(Clone, Copy)]
pub(super) struct View<'a> {
    pub(super) grundys_game: bool,
    /// `digits[j]`, or empty for Grundy's game.
    pub(super) digits: &'a [u8],
    /// `G(0..)`, as many as are known.
    pub(super) narrow: &'a [u16],
    /// The rare positions among them, in order, and their values.
    pub(super) rare: &'a [u32],
    pub(super) rare_values: &'a [u16],
}

impl View<'_> {
    /// The split ranges of heap `n`: `(m, h)` for the splits of a heap of `m` into `a` and
    /// `m − a`, `a` in `1..=h`; one range per splitting digit (Grundy's game: unequal parts).
    pub(super) fn split_ranges(&self, n: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        split_ranges(self.grundys_game, self.digits, n)
    }

    /// Adds heap `n`'s options that leave at most one heap: those leaving a heap below `s`
    /// (`below`) or the others.
    pub(super) fn add_removals<S: OptionSet>(&self, n: usize, s: usize, below: bool, seen: &mut S) {
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
    pub(super) fn naive_outer<S: OptionSet>(&self, n: usize, s: usize, seen: &mut S) {
        self.add_removals(n, s, true, seen);
        for (m, h) in self.split_ranges(n) {
            let lo = outer_from(m, s);
            if lo <= h {
                seen.add_split_range(self.narrow, m, lo, h);
            }
        }
    }

    /// Heap `n`'s value from [`View::naive_outer`]`(n, s)` and the options reading heaps
    /// `s..n` (known by now).
    pub(super) fn naive_finish<S: OptionSet>(&self, n: usize, s: usize, seen: &mut S) -> u32 {
        if n > s {
            self.add_inner(n, s, seen);
        }
        seen.mex()
    }

    /// Adds heap `n`'s options that read a heap in `s..n`: removals leaving one, and splits
    /// with a part there (the parts `a` below [`outer_from`]).
    pub(super) fn add_inner<S: OptionSet>(&self, n: usize, s: usize, seen: &mut S) {
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
    /// [`View::rare_finish`]'s.
    pub(super) fn rare_outer<S: OptionSet>(
        &self,
        n: usize,
        s: usize,
        mask: u32,
        seen: &mut S,
    ) -> Partial {
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
    pub(super) fn rare_finish<S: OptionSet>(
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
    pub(super) fn scan<S: OptionSet>(
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

/// Where the rare-value path's work on a heap from the heaps below some bound stopped (its option
/// values so far are in a set beside it).
#[derive(Clone, Copy)]
pub(super) struct Partial {
    /// The first split (range, part) whose value may be missing from `seen`.
    pub(super) at: (usize, usize),
    /// Splits scanned in pass 2.
    pub(super) scanned: u64,
}

impl Partial {
    /// Nothing scanned: the options read so far settle the value (or the naive loop's).
    pub(super) const NONE: Partial = Partial {
        at: (0, 0),
        scanned: 0,
    };
}

/// [`View::split_ranges`] from the game's parts (so that the stamps can be borrowed beside
/// it).
pub(super) fn split_ranges(
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
pub(super) fn rank(positions: &[u32], x: usize) -> usize {
    match (positions.first(), positions.last()) {
        (Some(&first), _) if first as usize >= x => 0,
        (_, Some(&last)) if (last as usize) < x => positions.len(),
        _ => positions.partition_point(|&r| (r as usize) < x),
    }
}

/// The first part `a` of a split of `m` whose two parts are both below `s`.
pub(super) fn outer_from(m: usize, s: usize) -> usize {
    (m + 1).saturating_sub(s).max(1)
}

/// Missing rare values the second pass of the rare-value path can watch for instead of marking
/// every option value.
pub(super) const WATCH: usize = 4;
/// Full runs of marking between two tries to switch to watching.
pub(super) const WATCH_TRY: usize = 4;
/// Splits compared between checks of the watched values.
pub(super) const WATCH_BLOCK: usize = 512;

/// The rare values still missing below the least missing common value, in the second pass.
pub(super) struct Watch {
    /// The missing values, padded with `u16::MAX` (never an option value: those are below
    /// `WIDE_VALUES`).
    pub(super) targets: [u16; WATCH],
}

impl Watch {
    /// The values missing from `seen` from the (rare) `candidate` up to the first missing
    /// common value; `None` when more than [`WATCH`] rare values are missing.
    pub(super) fn missing<S: OptionSet>(seen: &S, candidate: u32, mask: u32) -> Option<Watch> {
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
    pub(super) fn is_empty(&self) -> bool {
        self.targets.iter().all(|&t| t == u16::MAX)
    }

    /// Drops the targets whose bits are set in `hits`; true when none is left.
    pub(super) fn hit(&mut self, hits: u32) -> bool {
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
pub(super) fn watch_splits(
    v: &[u16],
    m: usize,
    lo: usize,
    hi: usize,
    targets: &[u16; WATCH],
) -> u32 {
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

/// Marks the non-splitting options of removing `j` tokens with digit `d`, leaving `m`: the
/// empty heap (bit 1, when `m = 0`) or one heap of `m` (bit 2, when `m > 0`).
pub(super) fn mark_removal(
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

/// Splits scanned together in one run.
pub(super) const RUN: usize = 64;

pub(super) fn is_rare(v: u32, mask: u32) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

pub(super) fn first_unmarked(stamps: &[u32], epoch: u32, from: u32) -> u32 {
    let mut x = from as usize;
    while x < stamps.len() && stamps[x] == epoch {
        x += 1;
    }
    x as u32
}
