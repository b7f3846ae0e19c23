//! Misère outcomes of sums of heaps by search: the membership questions the learner asks.
//!
//! A position is a sorted list of live heaps (heaps that have a move); it is a P-position under
//! misère play when it has a move and every move leads to an N-position. Positions whose heaps
//! are all below the heap being added are answered by the quotient already proven for them, in
//! one step per heap; the rest are searched and remembered.

use rustc_hash::FxHashMap;

use cgt_core::budget::Budget;

use super::cayley::Cayley;
use crate::ImpartialError;
use crate::heapgame::HeapGame;

/// Misère outcomes of sums of heaps of one game, heaps at most `upto`.
#[derive(Debug)]
pub(super) struct Oracle {
    /// `moves[h]`: the positions a heap of `h` can become, live heaps only, each sorted.
    moves: Vec<Vec<Vec<u64>>>,
    /// The quotient of the smaller heaps, when known: it answers positions it covers.
    below: Option<Cayley>,
    /// Outcomes searched, by [`Memo`].
    memo: Memo,
    budget: Budget,
    /// Positions searched (not answered by `below`), for the report.
    searched: u64,
}

/// The most heaps a packed key holds.
const PACKED_HEAPS: usize = 16;

/// Remembered outcomes of sorted sums of heaps. A sum of at most 16 heaps, each at most 255
/// (never 0: heaps without a move are dropped), is packed into one `u128`, a byte per heap in
/// order, zeros after: distinct sums give distinct keys, and a key costs no allocation.
#[derive(Debug, Default)]
struct Memo {
    packed: FxHashMap<u128, bool>,
    long: FxHashMap<Vec<u64>, bool>,
    /// Rough bytes of the long keys and their entries.
    long_bytes: u64,
}

impl Memo {
    fn pack(x: &[u64]) -> Option<u128> {
        if x.len() > PACKED_HEAPS || x.iter().any(|&h| h > 255) {
            return None;
        }
        let bytes = x.iter().fold(0u128, |key, &h| (key << 8) | u128::from(h));
        // The empty sum shifts by 128 bits: key 0, which no other sum has.
        Some(
            bytes
                .checked_shl(8 * (PACKED_HEAPS - x.len()) as u32)
                .unwrap_or(0),
        )
    }

    fn get(&self, x: &[u64]) -> Option<bool> {
        match Self::pack(x) {
            Some(key) => self.packed.get(&key).copied(),
            None => self.long.get(x).copied(),
        }
    }

    fn insert(&mut self, x: &[u64], p: bool) {
        match Self::pack(x) {
            Some(key) => {
                self.packed.insert(key, p);
            }
            None => {
                if self.long.insert(x.to_vec(), p).is_none() {
                    self.long_bytes += 64 + 8 * x.len() as u64;
                }
            }
        }
    }

    /// Rough bytes held: 32 a packed entry (key, value and the table's slack), the long ones
    /// as counted.
    fn bytes(&self) -> u64 {
        32 * self.packed.len() as u64 + self.long_bytes
    }

    fn len(&self) -> usize {
        self.packed.len() + self.long.len()
    }
}

impl Oracle {
    /// Outcomes of heaps of `game` up to `upto`.
    pub(super) fn new(game: &HeapGame, upto: u64, budget: Budget) -> Oracle {
        let mut moves: Vec<Vec<Vec<u64>>> = Vec::with_capacity(upto as usize + 1);
        for h in 0..=upto {
            let mut opts: Vec<Vec<u64>> = game
                .heap_options(h)
                .into_iter()
                .map(|(_, leaves)| {
                    let mut live: Vec<u64> = leaves
                        .into_iter()
                        .filter(|&l| !moves[l as usize].is_empty())
                        .collect();
                    live.sort_unstable();
                    live
                })
                .collect();
            opts.sort();
            opts.dedup();
            moves.push(opts);
        }
        Oracle {
            moves,
            below: None,
            memo: Memo::default(),
            budget,
            searched: 0,
        }
    }

    /// Whether a heap of `h` has a move (heaps without one never change an outcome).
    pub(super) fn is_live(&self, h: u64) -> bool {
        !self.moves[h as usize].is_empty()
    }

    /// The live positions a heap of `h` can become.
    pub(super) fn heap_moves(&self, h: u64) -> &[Vec<u64>] {
        &self.moves[h as usize]
    }

    /// From now on positions covered by `below` are answered by it.
    pub(super) fn set_below(&mut self, below: Cayley) {
        self.below = Some(below);
    }

    /// The budget's stop flag and clock, for loops between searches.
    pub(super) fn interrupt(&self) -> Result<(), ImpartialError> {
        self.budget
            .check_interrupt()
            .map_err(ImpartialError::Stopped)
    }

    /// Positions searched so far.
    pub(super) fn searched(&self) -> u64 {
        self.searched
    }

    /// Whether the sorted live heaps `x` are a misère P-position.
    pub(super) fn is_p(&mut self, x: &[u64]) -> Result<bool, ImpartialError> {
        if let Some(p) = self.known(x) {
            return Ok(p);
        }
        // Options answered without a search (by the smaller quotient or the memo) first: one
        // of them in P settles the position before any search starts. Largest heaps first,
        // since their moves are the ones that leave the sums the smaller quotient covers.
        let mut pending = Vec::new();
        for i in (0..x.len()).rev() {
            if i + 1 < x.len() && x[i + 1] == x[i] {
                continue;
            }
            for k in 0..self.moves[x[i] as usize].len() {
                let y = replace(x, i, &self.moves[x[i] as usize][k]);
                match self.known(&y) {
                    Some(true) => {
                        self.remember(x, false)?;
                        return Ok(false);
                    }
                    Some(false) => {}
                    None => pending.push(y),
                }
            }
        }
        let mut p = true;
        for y in pending {
            if self.is_p(&y)? {
                p = false;
                break;
            }
        }
        self.remember(x, p)?;
        Ok(p)
    }

    /// The outcome of `x` when it needs no search.
    fn known(&self, x: &[u64]) -> Option<bool> {
        if x.is_empty() {
            // No move: the player to move has not moved last, and wins.
            return Some(false);
        }
        if let Some(below) = &self.below
            && let Some(state) = below.image(x)
        {
            return Some(below.is_p(state));
        }
        self.memo.get(x)
    }

    fn remember(&mut self, x: &[u64], p: bool) -> Result<(), ImpartialError> {
        self.memo.insert(x, p);
        self.searched += 1;
        if self.searched.is_multiple_of(1 << 12) {
            self.budget
                .check(self.memo.len() as u64, self.memo.bytes())
                .map_err(ImpartialError::Stopped)?;
        }
        Ok(())
    }
}

/// `x` with its heap at `i` replaced by the sorted heaps `by`, sorted.
pub(super) fn replace(x: &[u64], i: usize, by: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(x.len() + by.len());
    let (mut a, mut b) = (0, 0);
    while a < x.len() || b < by.len() {
        if a == i {
            a += 1;
            continue;
        }
        if b == by.len() || (a < x.len() && x[a] <= by[b]) {
            out.push(x[a]);
            a += 1;
        } else {
            out.push(by[b]);
            b += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replacing_a_heap_keeps_the_list_sorted() {
        assert_eq!(replace(&[1, 3, 5], 1, &[2, 4]), [1, 2, 4, 5]);
        assert_eq!(replace(&[1, 3, 5], 2, &[]), [1, 3]);
        assert_eq!(replace(&[5], 0, &[1, 1]), [1, 1]);
        assert_eq!(replace(&[2, 2], 0, &[2]), [2, 2]);
    }

    #[test]
    fn packed_keys_tell_sums_apart() {
        let sums: [&[u64]; 7] = [&[], &[1], &[1, 1], &[2], &[1, 2], &[255; 16], &[3, 255]];
        let keys: Vec<Option<u128>> = sums.iter().map(|s| Memo::pack(s)).collect();
        for i in 0..sums.len() {
            assert!(keys[i].is_some(), "{:?}", sums[i]);
            for j in 0..i {
                assert_ne!(keys[i], keys[j], "{:?} {:?}", sums[i], sums[j]);
            }
        }
        // Too many heaps, or a heap past a byte: kept whole.
        assert_eq!(Memo::pack(&[1; 17]), None);
        assert_eq!(Memo::pack(&[256]), None);
        let mut memo = Memo::default();
        memo.insert(&[1; 17], true);
        memo.insert(&[2, 3], false);
        assert_eq!(
            (memo.get(&[1; 17]), memo.get(&[2, 3]), memo.get(&[3])),
            (Some(true), Some(false), None)
        );
    }

    #[test]
    fn misere_nim_outcomes() {
        let nim = HeapGame::from_name_or_code("0.3333").unwrap();
        let mut o = Oracle::new(&nim, 4, Budget::unlimited());
        // One heap of 1: the only move takes the last counter and loses.
        assert!(o.is_p(&[1]).unwrap());
        assert!(!o.is_p(&[1, 1]).unwrap());
        assert!(o.is_p(&[1, 1, 1]).unwrap());
        // With a heap of 2 or more, misère Nim is normal Nim: P when the nim-sum is 0.
        assert!(o.is_p(&[2, 2]).unwrap());
        assert!(o.is_p(&[1, 2, 3]).unwrap());
        assert!(!o.is_p(&[1, 2, 2]).unwrap());
        assert!(!o.is_p(&[]).unwrap());
    }
}
