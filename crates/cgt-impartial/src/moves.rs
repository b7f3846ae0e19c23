//! Moves described so a person can play them.

use core::fmt;

/// Reduce one heap: heap `heap` (0-based; printed 1-based) goes from `from` to `to < from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HeapMove {
    /// Index of the heap, counting from 0.
    pub heap: usize,
    /// Size before the move.
    pub from: u64,
    /// Size after the move.
    pub to: u64,
}

impl HeapMove {
    /// Counters taken.
    #[must_use]
    pub fn taken(&self) -> u64 {
        self.from - self.to
    }

    /// Applies the move to a copy of `heaps`.
    #[must_use]
    pub fn apply(&self, heaps: &[u64]) -> Vec<u64> {
        let mut next = heaps.to_vec();
        next[self.heap] = self.to;
        next
    }
}

impl fmt::Display for HeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "take {} from heap {}, leaving {}",
            self.taken(),
            self.heap + 1,
            self.to
        )
    }
}

/// A move that reduces several heaps at once (Moore's Nim_k).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MultiHeapMove {
    /// The heaps reduced, in increasing heap order, each strictly.
    pub changes: Vec<HeapMove>,
}

impl MultiHeapMove {
    /// Applies the move to a copy of `heaps`.
    #[must_use]
    pub fn apply(&self, heaps: &[u64]) -> Vec<u64> {
        let mut next = heaps.to_vec();
        for c in &self.changes {
            next[c.heap] = c.to;
        }
        next
    }
}

impl fmt::Display for MultiHeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.changes.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}
