//! The transposition table: one `u64` per entry, shared by threads without locks.

use super::*;

/// A transposition table shared by threads: 2^bits entries of one `u64` each,
/// `tag << 12 | move << 8 | bound`, 0 when empty.
#[derive(Debug)]
pub struct Connect4Table {
    pub(super) entries: Vec<AtomicU64>,
    pub(super) bits: u32,
}

/// The move field's value for "no move".
pub(in crate::connect4) const NO_MOVE: u64 = 15;

impl Connect4Table {
    /// A table of 2^bits entries (8 bytes each), `bits` clamped to 12..=34.
    #[must_use]
    pub fn new(bits: u32) -> Connect4Table {
        let bits = bits.clamp(12, 34);
        Connect4Table {
            entries: (0..1u64 << bits).map(|_| AtomicU64::new(0)).collect(),
            bits,
        }
    }

    /// Bytes a table of 2^bits entries takes.
    #[must_use]
    pub fn bytes(bits: u32) -> u128 {
        8u128 << bits.clamp(12, 34)
    }

    /// The entry count as a power of two.
    #[must_use]
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for e in &self.entries {
            e.store(0, Ordering::Relaxed);
        }
    }

    /// The slot and the tag of a key. Multiplying by an odd constant and folding the high half
    /// into the low one are both invertible, so (slot, tag) determines the key.
    #[inline]
    pub(super) fn locate(&self, key: u64) -> (usize, u64) {
        let mut h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 32;
        ((h & ((1 << self.bits) - 1)) as usize, h >> self.bits)
    }
}

/// Table bits for a search over `empty` free cells: 2^(empty − 14) entries, at least
/// 2^min(empty − 12, 20), between 2^16 and 2^26 (512 MiB). Smaller than the search could fill,
/// on purpose: each node reads one random entry, and a table that stays in the caches (and
/// the TLB) makes up in speed many times over for the positions it forgets (measured on
/// random 7×6 positions: 2^18 entries search 58·10^6 nodes in 3.1 s where 2^24 search
/// 43·10^6 in 7.6 s). Up to 2^20 entries the trade still pays around 30 empty cells: the
/// comparison's 50 positions with 10 stones search 129·10^6 nodes in 8.5–9.2 s with 2^20
/// entries and 182·10^6 in 9.4 s with 2^18 (one of them 51·10^6 against 94·10^6), and those
/// with 12 stones 21·10^6 in 1.1 s with 2^18 against 30·10^6 in 1.5 s with 2^16.
#[must_use]
pub fn connect4_table_bits(empty: u32) -> u32 {
    empty
        .saturating_sub(12)
        .min(20)
        .max(empty.saturating_sub(14))
        .clamp(16, 26)
}
