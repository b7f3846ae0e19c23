//! The minimum excludant (mex) of a set of non-negative integers.

/// The smallest non-negative integer not among `values`.
///
/// Input may be unsorted and may repeat values. Allocates a scratch buffer per call; in a hot
/// loop keep a [`MexScratch`] instead.
///
/// ```
/// use cgt_core::mex;
/// assert_eq!(mex([0, 1, 3]), 2);
/// assert_eq!(mex([1, 2, 5]), 0);
/// assert_eq!(mex([0, 0, 1]), 2);
/// assert_eq!(mex(Vec::<u64>::new()), 0);
/// ```
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let mut scratch = MexScratch::new();
    scratch.extend(values);
    scratch.finish()
}

/// A reusable mex accumulator: linear time per query, no allocation once warmed up.
///
/// Values are pushed one at a time (or as a slice) and [`MexScratch::finish`] returns their mex
/// and empties the accumulator for the next query. Internally the mex of `k` values is at most
/// `k`, so only values below `k` are marked, in a bitset of `k + 1` bits whose `k / 64 + 1` words
/// are cleared per query; the first word that is not all ones gives the answer.
///
/// ```
/// use cgt_core::MexScratch;
/// let mut m = MexScratch::new();
/// assert_eq!(m.mex_of(&[3, 0, 1, 0]), 2);
/// m.push(0);
/// m.push(2);
/// assert_eq!(m.finish(), 1);
/// assert_eq!(m.finish(), 0); // empty again
/// ```
#[derive(Clone, Debug, Default)]
pub struct MexScratch {
    pending: Vec<u64>,
    bits: Vec<u64>,
}

impl MexScratch {
    /// An empty accumulator.
    #[must_use]
    pub fn new() -> MexScratch {
        MexScratch::default()
    }

    /// Adds one value to the current query.
    #[inline]
    pub fn push(&mut self, value: u64) {
        self.pending.push(value);
    }

    /// Number of values pushed since the last [`finish`](MexScratch::finish).
    #[must_use]
    pub fn len(&self) -> usize {
        self.pending.len()
    }

    /// True when nothing has been pushed since the last [`finish`](MexScratch::finish).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.pending.is_empty()
    }

    /// The mex of the values pushed since the last call; the accumulator is left empty.
    pub fn finish(&mut self) -> u64 {
        let result = mex_with(&mut self.bits, &self.pending);
        self.pending.clear();
        result
    }

    /// The mex of `values` (unsorted, repeats allowed). Values pushed earlier and not yet
    /// finished are discarded.
    pub fn mex_of(&mut self, values: &[u64]) -> u64 {
        self.pending.clear();
        mex_with(&mut self.bits, values)
    }
}

/// The mex of `values`, marking the values below `values.len()` in the bitset `bits`.
fn mex_with(bits: &mut Vec<u64>, values: &[u64]) -> u64 {
    let n = values.len();
    let words = n / 64 + 1;
    if bits.len() < words {
        bits.resize(words, 0);
    }
    let bits = &mut bits[..words];
    bits.fill(0);
    for &v in values {
        if v < n as u64 {
            bits[(v >> 6) as usize] |= 1 << (v & 63);
        }
    }
    // Bit n is never set, so some word has a zero bit.
    bits.iter()
        .enumerate()
        .find(|&(_, &w)| w != u64::MAX)
        .map_or(n as u64, |(i, w)| {
            i as u64 * 64 + u64::from(w.trailing_ones())
        })
}

impl Extend<u64> for MexScratch {
    fn extend<T: IntoIterator<Item = u64>>(&mut self, iter: T) {
        self.pending.extend(iter);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_examples() {
        assert_eq!(mex([0u64, 1, 3]), 2);
        assert_eq!(mex([1u64, 2, 5]), 0);
        assert_eq!(mex(Vec::<u64>::new()), 0);
        assert_eq!(mex([0u64, 0, 1]), 2);
        assert_eq!(mex([u64::MAX, 0]), 1);
    }

    #[test]
    fn scratch_forgets_earlier_queries() {
        let mut m = MexScratch::new();
        let long: Vec<u64> = (0..200).collect();
        assert_eq!(m.mex_of(&long), 200);
        assert_eq!(m.mex_of(&[1]), 0);
        assert_eq!(m.mex_of(&[2, 1, 0]), 3);
        let around_word: Vec<u64> = (0..64).chain(65..130).collect();
        assert_eq!(m.mex_of(&around_word), 64);
    }
}
