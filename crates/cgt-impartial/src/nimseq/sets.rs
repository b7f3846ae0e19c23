//! Sets of option values on the stack: one word below 64, byte sets of 512 and 4096.

/// A set of option values on the stack, for values below [`OptionSet::CAPACITY`] (the XOR of
/// two values below a power of two stays below it).
pub(super) trait OptionSet: Send + Sized {
    /// Values below this fit.
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
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
pub(super) struct WordSet(u64);

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
pub(super) struct ByteSet<const N: usize>([u8; N]);

/// The byte set for values below [`NARROW_VALUES`].
pub(super) type NarrowSet = ByteSet<{ NARROW_VALUES as usize }>;
/// The byte set for values below [`WIDE_VALUES`].
pub(super) type WideSet = ByteSet<{ WIDE_VALUES as usize }>;

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
    pub(super) fn add_splits_bytes(&mut self, v: &[u16], m: usize, lo: usize, hi: usize) {
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

/// Both paths keep option values in a [`ByteSet`] on the stack while every value is below this
/// (the XOR of two values below a power of two stays below it); beyond, in stamped arrays.
pub(super) const WIDE_VALUES: u32 = 4096;
/// Below this, option values are kept in a [`ByteSet`] of this size (cheaper to clear and to
/// search for the mex than one of [`WIDE_VALUES`]).
pub(super) const NARROW_VALUES: u32 = 512;

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
