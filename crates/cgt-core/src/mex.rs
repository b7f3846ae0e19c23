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
/// `k`, so only values below `k` are marked, in a generation-stamped array that never needs
/// clearing between queries.
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
    stamps: Vec<u32>,
    epoch: u32,
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
        let n = self.pending.len();
        let result = self.mex_slice_inner(n);
        self.pending.clear();
        result
    }

    /// The mex of `values` (unsorted, repeats allowed). Values pushed earlier and not yet
    /// finished are discarded.
    pub fn mex_of(&mut self, values: &[u64]) -> u64 {
        self.pending.clear();
        self.pending.extend_from_slice(values);
        self.finish()
    }

    fn mex_slice_inner(&mut self, n: usize) -> u64 {
        if n == 0 {
            return 0;
        }
        if self.stamps.len() < n {
            self.stamps.resize(n, 0);
        }
        if self.epoch == u32::MAX {
            self.stamps.fill(0);
            self.epoch = 0;
        }
        self.epoch += 1;
        let epoch = self.epoch;
        for &v in &self.pending {
            if v < n as u64 {
                self.stamps[v as usize] = epoch;
            }
        }
        self.stamps[..n]
            .iter()
            .position(|&s| s != epoch)
            .map_or(n as u64, |i| i as u64)
    }
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
    fn scratch_survives_epoch_wraparound() {
        let mut m = MexScratch::new();
        m.epoch = u32::MAX - 2;
        for _ in 0..6 {
            assert_eq!(m.mex_of(&[2, 1, 0]), 3);
            assert_eq!(m.mex_of(&[1]), 0);
        }
    }
}
