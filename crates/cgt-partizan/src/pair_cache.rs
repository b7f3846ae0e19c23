//! A lossy cache of yes/no answers about ordered pairs of games: the memory of
//! [`crate::Arena::le`].
//!
//! A comparison's answer never changes, so forgetting one costs only the time to find it
//! again. The cache is direct-mapped — one slot per hash, a later answer overwriting an earlier
//! one — so a look-up reads one word, where a growing hash map of every answer ever found read
//! two cache lines and, on a 6 × 6 Domineering search, held 58 million answers in about 1 GB.
//! It doubles whenever the answers stored since it last grew pass half its slots, up to a cap.

/// An empty slot: no pair packs to it (its first id would be `2^32 − 1`, and
/// [`PairCache::pack`] takes only ids below `2^31`).
const EMPTY: u64 = u64::MAX;

/// The first capacity, in slots.
const FIRST: usize = 1 << 10;

/// The cache.
#[derive(Clone, Debug)]
pub(crate) struct PairCache {
    slots: Vec<u64>,
    /// `64 − log2(slots)`: the shift that turns a hash into a slot.
    shift: u32,
    /// Answers stored since the last growth (a slot overwritten counts again).
    stored: usize,
    /// The most slots the cache grows to.
    cap: usize,
}

impl PairCache {
    /// An empty cache of at most `cap` slots (a power of two, 8 bytes each).
    pub(crate) fn new(cap: usize) -> PairCache {
        debug_assert!(cap.is_power_of_two() && cap >= FIRST);
        PairCache {
            slots: vec![EMPTY; FIRST],
            shift: 64 - FIRST.trailing_zeros(),
            stored: 0,
            cap,
        }
    }

    /// `(a, b)` and its answer in one word: `a` in the high 32 bits, `b` in the next 31 and
    /// the answer in the lowest. `None` for ids of `2^31` and more, which are not cached.
    fn pack(a: u32, b: u32, answer: bool) -> Option<u64> {
        (a < 1 << 31 && b < 1 << 31)
            .then(|| u64::from(a) << 32 | u64::from(b) << 1 | u64::from(answer))
    }

    fn slot(&self, a: u32, b: u32) -> usize {
        let key = u64::from(a) << 32 | u64::from(b);
        // Fibonacci hashing: the high bits of the product mix every bit of the key.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Grows no further than `cap` slots, rounded down to a power of two (at least the
    /// first capacity; a cache larger already keeps its slots).
    pub(crate) fn set_cap(&mut self, cap: usize) {
        self.cap = if cap < FIRST {
            FIRST
        } else {
            1 << (usize::BITS - 1 - cap.leading_zeros())
        };
    }

    /// The answer stored for `(a, b)`, if it is still there.
    pub(crate) fn get(&self, a: u32, b: u32) -> Option<bool> {
        let word = self.slots[self.slot(a, b)];
        let probe = Self::pack(a, b, false)?;
        (word | 1 == probe | 1).then_some(word & 1 == 1)
    }

    /// Stores the answer for `(a, b)`, over whatever the slot held.
    pub(crate) fn insert(&mut self, a: u32, b: u32, answer: bool) {
        let Some(word) = Self::pack(a, b, answer) else {
            return;
        };
        self.stored += 1;
        if self.stored > self.slots.len() / 2 && self.slots.len() < self.cap {
            self.grow();
        }
        let i = self.slot(a, b);
        self.slots[i] = word;
    }

    /// Twice the slots, the answers kept moved to their new places.
    fn grow(&mut self) {
        let old = core::mem::replace(&mut self.slots, vec![EMPTY; 0]);
        self.slots = vec![EMPTY; old.len() * 2];
        self.shift -= 1;
        self.stored = 0;
        for word in old.into_iter().filter(|&w| w != EMPTY) {
            let (a, b) = ((word >> 32) as u32, (word >> 1) as u32 & 0x7FFF_FFFF);
            let i = self.slot(a, b);
            self.slots[i] = word;
            self.stored += 1;
        }
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> u64 {
        self.slots.len() as u64 * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_come_back_or_are_forgotten_never_wrong() {
        let mut c = PairCache::new(1 << 12);
        // More pairs than slots: some are overwritten, none is answered wrongly.
        let answer = |a: u32, b: u32| (a * 7 + b * 13).is_multiple_of(3);
        for a in 0..200u32 {
            for b in 0..100u32 {
                c.insert(a, b, answer(a, b));
            }
        }
        let mut kept = 0;
        for a in 0..200u32 {
            for b in 0..100u32 {
                if let Some(v) = c.get(a, b) {
                    assert_eq!(v, answer(a, b), "({a}, {b})");
                    kept += 1;
                }
            }
        }
        assert_eq!(c.bytes(), 8 << 12, "grown to its cap and no further");
        assert!(kept > 1000 && kept <= 1 << 12, "{kept} answers kept");
        // The largest ids cached, larger ones not, and (a, b) is not (b, a).
        let big = (1u32 << 31) - 1;
        c.insert(big, big, true);
        assert_eq!(c.get(big, big), Some(true));
        c.insert(1 << 31, 5, true);
        assert_eq!(c.get(1 << 31, 5), None);
        // A cap is a power of two, and never below the first capacity.
        let mut small = PairCache::new(1 << 12);
        small.set_cap(3000);
        assert_eq!(small.cap, 2048);
        small.set_cap(5);
        assert_eq!(small.cap, FIRST);
        c.insert(300, 301, true);
        assert_eq!(c.get(300, 301), Some(true));
        assert_eq!(c.get(301, 300), None);
    }
}
