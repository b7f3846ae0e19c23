//! Identical pieces as one field of the reduced index: the squares of a run of two or three
//! identical pieces are a set, numbered by the combinatorial number system (`C(c,3) + C(b,2) +
//! a` for squares `a < b < c`), so each set is stored once instead of in every order.

use crate::chess::Piece;
use std::sync::LazyLock;

/// A run of identical pieces of one side stored as one field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::chess) struct Run {
    /// Whether the run is White's.
    pub(in crate::chess) white: bool,
    /// The position of its first piece in its side's list.
    pub(in crate::chess) start: usize,
    /// How many pieces (2 or 3).
    pub(in crate::chess) len: usize,
    /// The bits of the base-64 fields below the run's field.
    pub(in crate::chess) low_bits: u32,
}

impl Run {
    /// The run of two or three identical pieces of either side, if any (pieces of a kind
    /// are adjacent in a side's list).
    pub(in crate::chess) fn of(pieces: &[Piece], black: &[Piece]) -> Option<Run> {
        [(true, pieces), (false, black)]
            .into_iter()
            .find_map(|(white, side)| {
                let start = side.windows(2).position(|w| w[0] == w[1])?;
                let len = side[start..]
                    .iter()
                    .take_while(|&&p| p == side[start])
                    .count();
                Some(Run {
                    white,
                    start,
                    len,
                    low_bits: 0,
                })
            })
    }

    /// The number of values of the field: the sets of `len` squares out of 64.
    pub(in crate::chess) fn sets(self) -> usize {
        choose(64, self.len)
    }

    /// Whether piece `j` (0-based) of the side `white` belongs to the run.
    #[inline]
    pub(in crate::chess) fn holds(self, white: bool, j: usize) -> bool {
        white == self.white && (self.start..self.start + self.len).contains(&j)
    }
}

/// The run (its `low_bits` set), the span of the fields below the white king's and the shift
/// of each piece's base-64 field (`u8::MAX` for the run's pieces). From the most significant:
/// the run's set number, the other white pieces, the other black pieces, the black king
/// (shift 0).
pub(in crate::chess) fn field_layout(
    pieces: &[Piece],
    black: &[Piece],
    run: Option<Run>,
) -> (Option<Run>, usize, [[u8; 3]; 2]) {
    let mut shifts = [[u8::MAX; 3]; 2];
    let mut shift = 6u8;
    for (side, white, kinds) in [(1, false, black), (0, true, pieces)] {
        for j in (0..kinds.len()).rev() {
            if !run.is_some_and(|r| r.holds(white, j)) {
                shifts[side][j] = shift;
                shift += 6;
            }
        }
    }
    let run = run.map(|r| Run {
        low_bits: u32::from(shift),
        ..r
    });
    (run, run.map_or(1, Run::sets) << shift, shifts)
}

/// `n` choose `k` for the small arguments of the index.
pub(in crate::chess) const fn choose(n: usize, k: usize) -> usize {
    match k {
        0 => 1,
        1 => n,
        2 => n * n.saturating_sub(1) / 2,
        _ => n * n.saturating_sub(1) * n.saturating_sub(2) / 6,
    }
}

/// The number of the set of squares `sorted` (increasing, two or three squares).
#[inline]
pub(in crate::chess) fn set_number(sorted: &[usize]) -> usize {
    match *sorted {
        [a, b] => choose(b, 2) + a,
        [a, b, c] => choose(c, 3) + choose(b, 2) + a,
        _ => unreachable!("runs have two or three pieces"),
    }
}

/// The squares of the set numbered `number` among sets of `len` squares, in increasing order
/// (the unused slots 0).
#[inline]
pub(in crate::chess) fn set_squares(len: usize, number: usize) -> [u8; 3] {
    static PAIRS: LazyLock<Vec<[u8; 3]>> = LazyLock::new(|| all_sets(2));
    static TRIPLES: LazyLock<Vec<[u8; 3]>> = LazyLock::new(|| all_sets(3));
    if len == 2 {
        PAIRS[number]
    } else {
        TRIPLES[number]
    }
}

/// Every set of `len` squares, listed by number.
fn all_sets(len: usize) -> Vec<[u8; 3]> {
    let mut sets = vec![[0u8; 3]; choose(64, len)];
    let mut visit = |s: [u8; 3]| {
        let sorted: Vec<usize> = s[..len].iter().map(|&q| usize::from(q)).collect();
        sets[set_number(&sorted)] = s;
    };
    for c in 0..64u8 {
        for b in 0..c {
            if len == 2 {
                visit([b, c, 0]);
            } else {
                for a in 0..b {
                    visit([a, b, c]);
                }
            }
        }
    }
    sets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_numbers_are_a_bijection_onto_the_sets() {
        for len in [2, 3] {
            let count = choose(64, len);
            let mut sets = std::collections::BTreeSet::new();
            for number in 0..count {
                let s = set_squares(len, number);
                let sorted: Vec<usize> = s[..len].iter().map(|&q| usize::from(q)).collect();
                assert!(sorted.windows(2).all(|w| w[0] < w[1]) && sorted[len - 1] < 64);
                assert_eq!(set_number(&sorted), number);
                assert!(sets.insert(sorted), "each set once");
            }
        }
        assert_eq!(choose(64, 2), 2016);
        assert_eq!(choose(64, 3), 41664);
    }
}
