//! The word the engine keeps per position: a move count while the position is undecided, its
//! distance once decided; and the table's distances made from those words at the end.
//!
//! The word is one byte when the game promises at most [`NARROW_MOVES`] distinct moves per
//! position ([`super::RetroShortcuts::move_bound`]; the chess endgames do), else two. A
//! byte holds the distances below 255; the positions decided at a deeper level are listed
//! when their level is taken, and the table's distances are then widened to two bytes at the
//! end (rare: the deepest pawnless five-man mates are far shorter).

use std::sync::atomic::{AtomicU8, AtomicU16, Ordering};

/// The most distinct moves per position a one-byte word can count: a count that blocks a
/// loss for ever (255) must stay above 1 after every move has counted down once, and a
/// position's count may include one move for its exits.
pub const NARROW_MOVES: usize = u8::MAX as usize - 2;

/// The engine's per-position word (see the module). Counts and distances pass as `u16`: a
/// one-byte word saturates at 255, which for a count means "never lost" (as `u16::MAX` does)
/// and for a distance "look in the deep list".
pub(crate) trait Cell: zerocopy::FromZeros + Send + Sync + Sized {
    /// Whether the word holds every distance up to `u16::MAX` itself.
    const WIDE: bool;

    fn get(&self) -> u16;

    fn set(&self, value: u16);

    /// The finished words as distances (0 for the undecided, as the build leaves them), the
    /// positions of `deep` (local index, distance) written over the saturated bytes.
    fn into_distances(words: Vec<Self>, deep: &[(usize, u16)]) -> Distances;
}

impl Cell for AtomicU8 {
    const WIDE: bool = false;

    #[inline]
    fn get(&self) -> u16 {
        u16::from(self.load(Ordering::Relaxed))
    }

    #[inline]
    fn set(&self, value: u16) {
        self.store(value.min(255) as u8, Ordering::Relaxed);
    }

    fn into_distances(words: Vec<Self>, deep: &[(usize, u16)]) -> Distances {
        // A plain map into a vector of the same size and alignment reuses its memory.
        let bytes: Vec<u8> = words.into_iter().map(AtomicU8::into_inner).collect();
        Distances::from_bytes(bytes, deep)
    }
}

impl Cell for AtomicU16 {
    const WIDE: bool = true;

    #[inline]
    fn get(&self) -> u16 {
        self.load(Ordering::Relaxed)
    }

    #[inline]
    fn set(&self, value: u16) {
        self.store(value, Ordering::Relaxed);
    }

    fn into_distances(words: Vec<Self>, deep: &[(usize, u16)]) -> Distances {
        debug_assert!(deep.is_empty());
        Distances::Wide(words.into_iter().map(AtomicU16::into_inner).collect())
    }
}

/// A table's distances, one per index (0 for the illegal, the undecided and the draws): a
/// byte each when they all fit one, else two bytes each. Two tables with the same values are
/// equal whichever width holds them.
#[derive(Clone, Debug)]
pub enum Distances {
    /// Every distance below 256.
    Narrow(Vec<u8>),
    /// Any distances.
    Wide(Vec<u16>),
}

impl Distances {
    /// Distances held a byte each, but for those of `deep` (index, distance), whose bytes are
    /// written over: narrow when `deep` is empty, else widened.
    pub(crate) fn from_bytes(bytes: Vec<u8>, deep: &[(usize, u16)]) -> Distances {
        if deep.is_empty() {
            return Distances::Narrow(bytes);
        }
        let mut wide: Vec<u16> = bytes.into_iter().map(u16::from).collect();
        for &(p, d) in deep {
            wide[p] = d;
        }
        Distances::Wide(wide)
    }

    /// The number of indices.
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            Distances::Narrow(v) => v.len(),
            Distances::Wide(v) => v.len(),
        }
    }

    /// Whether there are no indices.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The distance at `index`.
    ///
    /// # Panics
    /// When `index` is not below [`Distances::len`].
    #[must_use]
    pub fn get(&self, index: usize) -> u16 {
        match self {
            Distances::Narrow(v) => u16::from(v[index]),
            Distances::Wide(v) => v[index],
        }
    }

    /// The distances in index order.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        let (narrow, wide) = match self {
            Distances::Narrow(v) => (Some(v.iter().map(|&d| u16::from(d))), None),
            Distances::Wide(v) => (None, Some(v.iter().copied())),
        };
        narrow
            .into_iter()
            .flatten()
            .chain(wide.into_iter().flatten())
    }
}

impl PartialEq for Distances {
    fn eq(&self, other: &Distances) -> bool {
        match (self, other) {
            (Distances::Narrow(a), Distances::Narrow(b)) => a == b,
            (Distances::Wide(a), Distances::Wide(b)) => a == b,
            _ => self.len() == other.len() && self.iter().eq(other.iter()),
        }
    }
}

impl Eq for Distances {}

impl From<Vec<u8>> for Distances {
    fn from(v: Vec<u8>) -> Distances {
        Distances::Narrow(v)
    }
}

impl From<Vec<u16>> for Distances {
    fn from(v: Vec<u16>) -> Distances {
        Distances::Wide(v)
    }
}

#[cfg(test)]
mod tests {
    use super::{Cell, Distances};
    use std::sync::atomic::{AtomicU8, AtomicU16};

    #[test]
    fn a_byte_saturates_and_the_deep_list_widens() {
        let w = AtomicU8::new(0);
        w.set(300);
        assert_eq!(w.get(), 255);
        w.set(u16::MAX - 1);
        assert_eq!(w.get(), 255);
        w.set(17);
        assert_eq!(w.get(), 17);
        let words: Vec<AtomicU8> = [3u8, 255, 0].into_iter().map(AtomicU8::new).collect();
        assert_eq!(
            AtomicU8::into_distances(words, &[(1, 700)]),
            Distances::Wide(vec![3, 700, 0])
        );
        let words: Vec<AtomicU8> = [3u8, 4].into_iter().map(AtomicU8::new).collect();
        assert_eq!(
            AtomicU8::into_distances(words, &[]),
            Distances::Narrow(vec![3, 4])
        );
        let words: Vec<AtomicU16> = [3u16, 400].into_iter().map(AtomicU16::new).collect();
        assert_eq!(
            AtomicU16::into_distances(words, &[]),
            Distances::Wide(vec![3, 400])
        );
    }

    #[test]
    fn equal_values_are_equal_at_either_width() {
        let narrow = Distances::from(vec![1u8, 2, 3]);
        let wide = Distances::from(vec![1u16, 2, 3]);
        assert_eq!(narrow, wide);
        assert_ne!(narrow, Distances::from(vec![1u16, 2, 4]));
        assert_ne!(narrow, Distances::from(vec![1u16, 2]));
        assert_eq!(wide.iter().collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!((narrow.len(), narrow.get(2)), (3, 3));
    }
}
