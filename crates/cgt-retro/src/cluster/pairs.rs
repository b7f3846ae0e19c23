//! Message combining: a phase's `(block, mask)` pairs for one worker, sorted, merged by block
//! and packed into bytes.
//!
//! The pairs of a block travel as one group: the block as a varint difference from the
//! previous group's, then either up to seven bit numbers of one byte each (a count below 8
//! first) or, for wins with more bits, the count 8 and the 64-bit mask. Wins are idempotent,
//! so a block's masks are OR-ed; count-downs are not (each pair is one move), so their groups
//! list every pair's bits, repeats included, and always as bit numbers. The groups are cut
//! into segments that decode independently (the differences restart), so that a receiver
//! applies them in parallel. A chess level's pairs shrink about eightfold (docs/retro.md).

use rayon::prelude::*;

/// Groups per segment.
const SEGMENT_GROUPS: usize = 1 << 16;

/// A group's count byte announcing a 64-bit mask.
const MASK: u64 = 8;

/// What the pairs do at the receiver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Combine {
    /// Wins: masks of a block are OR-ed.
    Or,
    /// Count-downs: every bit of every pair is kept, repeats included.
    Each,
}

/// The pairs `[block, mask, block, mask, …]` as segments of packed groups.
pub(crate) fn pack(words: Vec<u64>, combine: Combine) -> Vec<Vec<u8>> {
    let mut pairs: Vec<(u64, u64)> = words.chunks_exact(2).map(|p| (p[0], p[1])).collect();
    drop(words);
    pairs.par_sort_unstable_by_key(|p| p.0);
    // The groups: the start of each block's run of pairs.
    let starts: Vec<usize> = (0..pairs.len())
        .filter(|&k| k == 0 || pairs[k].0 != pairs[k - 1].0)
        .collect();
    starts
        .par_chunks(SEGMENT_GROUPS)
        .map(|segment| {
            let mut out = Vec::with_capacity(segment.len() * 4);
            let mut previous = 0u64;
            for &start in segment {
                let block = pairs[start].0;
                let end = pairs[start..]
                    .iter()
                    .position(|p| p.0 != block)
                    .map_or(pairs.len(), |n| start + n);
                put_varint(&mut out, block - previous);
                previous = block;
                let run = &pairs[start..end];
                match combine {
                    Combine::Or => {
                        let mask = run.iter().fold(0, |m, p| m | p.1);
                        if mask.count_ones() < 8 {
                            out.push(mask.count_ones() as u8);
                            put_bits(&mut out, mask);
                        } else {
                            out.push(MASK as u8);
                            out.extend_from_slice(&mask.to_le_bytes());
                        }
                    }
                    Combine::Each => {
                        let bits: u64 = run.iter().map(|p| u64::from(p.1.count_ones())).sum();
                        put_varint(&mut out, bits);
                        for p in run {
                            put_bits(&mut out, p.1);
                        }
                    }
                }
            }
            out
        })
        .collect()
}

/// Calls `f(block, mask)` for each group of a segment: one call with the OR-ed mask, or one
/// call per bit (repeats included) for count-downs. `None` when the bytes are not a segment
/// of this kind.
pub(crate) fn unpack(bytes: &[u8], combine: Combine, mut f: impl FnMut(usize, u64)) -> Option<()> {
    let mut at = 0;
    let mut block = 0u64;
    while at < bytes.len() {
        block = block.checked_add(get_varint(bytes, &mut at)?)?;
        let b = usize::try_from(block).ok()?;
        match combine {
            Combine::Or => {
                let n = u64::from(*bytes.get(at)?);
                at += 1;
                if n == MASK {
                    let mask = u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?);
                    at += 8;
                    f(b, mask);
                } else {
                    let bits = bytes.get(at..at + usize::try_from(n).ok()?)?;
                    at += bits.len();
                    f(b, bits.iter().fold(0u64, |m, &k| m | 1u64 << (k & 63)));
                }
            }
            Combine::Each => {
                let n = usize::try_from(get_varint(bytes, &mut at)?).ok()?;
                let bits = bytes.get(at..at.checked_add(n)?)?;
                at += n;
                for &k in bits {
                    f(b, 1u64 << (k & 63));
                }
            }
        }
    }
    Some(())
}

/// Appends the numbers of `mask`'s set bits, one byte each.
fn put_bits(out: &mut Vec<u8>, mut mask: u64) {
    while mask != 0 {
        out.push(mask.trailing_zeros() as u8);
        mask &= mask - 1;
    }
}

/// LEB128: seven bits a byte, low first.
fn put_varint(out: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        out.push((x as u8) | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

fn get_varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut x = 0u64;
    for shift in (0..64).step_by(7) {
        let b = *bytes.get(*at)?;
        *at += 1;
        x |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            return Some(x);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{Combine, SEGMENT_GROUPS, pack, unpack};
    use std::collections::BTreeMap;

    /// Pseudo-random pairs: few or many bits, blocks near and far apart.
    fn pairs(n: usize, seed: u64) -> Vec<u64> {
        let mut x = seed;
        let mut next = move || {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            x >> 11
        };
        let mut words = Vec::new();
        for _ in 0..n {
            let block = next() % if next() % 4 == 0 { 1 << 40 } else { 5_000 };
            let mask = match next() % 3 {
                0 => 1 << (next() % 64),
                1 => next() | next() << 53,
                _ => (1 << (next() % 64)) | (1 << (next() % 64)),
            };
            words.extend_from_slice(&[block, mask]);
        }
        words
    }

    #[test]
    fn packed_pairs_unpack_to_the_same_updates() {
        for (n, seed) in [(0, 1), (1, 2), (1000, 3), (3 * SEGMENT_GROUPS, 4)] {
            let words = pairs(n, seed);
            // Wins: the OR of each block's masks.
            let mut ors: BTreeMap<usize, u64> = BTreeMap::new();
            // Count-downs: how often each position is counted.
            let mut counts: BTreeMap<(usize, u32), u32> = BTreeMap::new();
            for p in words.chunks(2) {
                *ors.entry(p[0] as usize).or_default() |= p[1];
                let mut m = p[1];
                while m != 0 {
                    *counts
                        .entry((p[0] as usize, m.trailing_zeros()))
                        .or_default() += 1;
                    m &= m - 1;
                }
            }
            let mut got_ors: BTreeMap<usize, u64> = BTreeMap::new();
            for segment in pack(words.clone(), Combine::Or) {
                unpack(&segment, Combine::Or, |b, m| {
                    *got_ors.entry(b).or_default() |= m;
                })
                .unwrap();
            }
            assert_eq!(got_ors, ors);
            let mut got_counts: BTreeMap<(usize, u32), u32> = BTreeMap::new();
            for segment in pack(words, Combine::Each) {
                unpack(&segment, Combine::Each, |b, m| {
                    assert_eq!(m.count_ones(), 1);
                    *got_counts.entry((b, m.trailing_zeros())).or_default() += 1;
                })
                .unwrap();
            }
            assert_eq!(got_counts, counts);
        }
    }

    #[test]
    fn damaged_segments_are_refused() {
        let segment = pack(pairs(50, 9), Combine::Or).remove(0);
        for cut in [1, segment.len() / 2, segment.len() - 1] {
            // A truncated segment either fails or stops short; it never reads past its end.
            let _ = unpack(&segment[..cut], Combine::Or, |_, _| {});
        }
        assert!(unpack(&[0x80], Combine::Each, |_, _| {}).is_none());
        assert!(unpack(&[5, 9], Combine::Or, |_, _| {}).is_none());
    }
}
