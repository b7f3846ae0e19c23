//! Wythoff's game: two heaps; take any number from one heap, or the same number from both.
//!
//! The P-positions are the pairs `(⌊kφ⌋, ⌊kφ²⌋)` and their mirror images, `k = 0, 1, 2, …`
//! (φ the golden ratio). Everything here is exact integer arithmetic: `⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋`
//! with the square root taken in `u128`, so `k` may go up to `2^62` and heaps up to `10^18`
//! and beyond.

use core::fmt;

use cgt_core::said::{Line, Said};
use cgt_core::{MexScratch, Outcome};

use crate::ImpartialError;
use crate::moves::{fill, unreadable};

/// The largest `k` for which [`p_pair`] is defined (the pair then still fits in `u64`).
pub const MAX_K: u64 = 1 << 62;

/// The `k`-th P-position `(⌊kφ⌋, ⌊kφ⌋ + k)`, for `k ≤ 2^62`.
///
/// ```
/// use cgt_impartial::wythoff::p_pair;
/// let pairs: Vec<_> = (0..5).map(|k| p_pair(k).unwrap()).collect();
/// assert_eq!(pairs, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
/// ```
///
/// # Errors
/// [`ImpartialError::OutOfRange`] for `k > 2^62`.
pub fn p_pair(k: u64) -> Result<(u64, u64), ImpartialError> {
    if k > MAX_K {
        return Err(ImpartialError::OutOfRange {
            what: "Wythoff index k",
            value: k.to_string(),
            max: MAX_K.to_string(),
        });
    }
    let a = lower(k);
    Ok((a, a + k))
}

/// `⌊kφ⌋` for `k ≤ 2^62`.
fn lower(k: u64) -> u64 {
    let k = u128::from(k);
    ((k + (5 * k * k).isqrt()) / 2) as u64
}

/// True when `(a, b)` is a P-position (in either order).
#[must_use]
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    let k = b - a;
    // ⌊kφ⌋ ≥ k, so a < k rules a P-position out and keeps `lower` in range.
    k <= MAX_K && lower(k) == a
}

/// Outcome of the position `(a, b)`.
#[must_use]
pub fn outcome(a: u64, b: u64) -> Outcome {
    if is_p_position(a, b) {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// The partner of `y` in the unique P-position containing `y` (0 pairs with 0), or `None`
/// when that pair's index exceeds [`MAX_K`] (only for `y` above about `7·10^18`).
///
/// The sequences `⌊kφ⌋` and `⌊kφ⌋ + k` (k ≥ 1) partition the positive integers (Beatty), so the
/// partner exists and is unique; both sequences increase with `k`, so `k` is found by binary
/// search with exact integer arithmetic.
#[must_use]
pub fn partner(y: u64) -> Option<u64> {
    if y == 0 {
        return Some(0);
    }
    if let Some(k) = search_k(lower, y) {
        return Some(y + k);
    }
    search_k(|k| lower(k) + k, y).map(|k| y - k)
}

/// The `k` in `1..=MAX_K` with `f(k) == y`, for an increasing `f`.
fn search_k(f: impl Fn(u64) -> u64, y: u64) -> Option<u64> {
    let (mut lo, mut hi) = (1u64, MAX_K);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if f(mid) < y {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    (f(lo) == y).then_some(lo)
}

/// A move of Wythoff's game from `(a, b)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WythoffMove {
    /// Take `count` from heap 1 (the first number).
    First {
        /// Counters taken.
        count: u64,
    },
    /// Take `count` from heap 2.
    Second {
        /// Counters taken.
        count: u64,
    },
    /// Take `count` from both heaps.
    Both {
        /// Counters taken from each heap.
        count: u64,
    },
}

impl WythoffMove {
    /// The position after the move.
    #[must_use]
    pub fn apply(self, (a, b): (u64, u64)) -> (u64, u64) {
        match self {
            WythoffMove::First { count } => (a - count, b),
            WythoffMove::Second { count } => (a, b - count),
            WythoffMove::Both { count } => (a - count, b - count),
        }
    }
}

impl core::str::FromStr for WythoffMove {
    type Err = ImpartialError;
    fn from_str(s: &str) -> Result<WythoffMove, ImpartialError> {
        let take = |template| fill(template, s).and_then(|n| n.first().copied());
        let mv = if let Some(count) = take("take {} from heap 1") {
            WythoffMove::First { count }
        } else if let Some(count) = take("take {} from heap 2") {
            WythoffMove::Second { count }
        } else if let Some(count) = take("take {} from both heaps") {
            WythoffMove::Both { count }
        } else {
            return Err(unreadable("Wythoff move", s));
        };
        match mv {
            WythoffMove::First { count: 0 }
            | WythoffMove::Second { count: 0 }
            | WythoffMove::Both { count: 0 } => Err(unreadable("Wythoff move", s)),
            mv => Ok(mv),
        }
    }
}

impl WythoffMove {
    /// The move in words for a front end: what `Display` writes in English.
    #[must_use]
    pub fn said(&self) -> Said {
        match *self {
            WythoffMove::First { count } => Said::new("move-take")
                .number("count", count)
                .number("heap", 1),
            WythoffMove::Second { count } => Said::new("move-take")
                .number("count", count)
                .number("heap", 2),
            WythoffMove::Both { count } => Said::new("move-take-both-heaps").number("count", count),
        }
    }
}

impl fmt::Display for WythoffMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            WythoffMove::First { count } => write!(f, "take {count} from heap 1"),
            WythoffMove::Second { count } => write!(f, "take {count} from heap 2"),
            WythoffMove::Both { count } => write!(f, "take {count} from both heaps"),
        }
    }
}

/// Every winning move from `(a, b)`: moves to a P-position. Empty for a P-position.
///
/// At most three exist: shrink one heap to the partner of the other, or shrink both to the
/// P-position with the same difference.
#[must_use]
pub fn winning_moves(a: u64, b: u64) -> Vec<WythoffMove> {
    if is_p_position(a, b) {
        return Vec::new();
    }
    let mut moves = Vec::new();
    if let Some(pa) = partner(b).filter(|&pa| pa < a) {
        moves.push(WythoffMove::First { count: a - pa });
    }
    if let Some(pb) = partner(a).filter(|&pb| pb < b) {
        moves.push(WythoffMove::Second { count: b - pb });
    }
    let (lo, hi) = (a.min(b), a.max(b));
    let d = hi - lo;
    if d <= MAX_K {
        let t = lower(d);
        if t < lo {
            moves.push(WythoffMove::Both { count: lo - t });
        }
    }
    moves
}

/// The most P-pairs [`explain`] lists: beyond, the table would not fit a screen.
pub const EXPLAIN_PAIRS: u64 = 40;

/// The index `k` of the P-pair that holds `y` (0 for 0), when it is at most [`MAX_K`].
fn pair_index(y: u64) -> Option<u64> {
    partner(y).map(|p| p.abs_diff(y))
}

/// The derivation a teacher would write for the position `(a, b)`: the P-pairs built by the
/// mex rule (`a_k` the least number not yet in a pair, `b_k = a_k + k`), up to the pairs that
/// matter here, then where the position sits and how each kind of move reaches a pair, as
/// [`Line`]s. `None` when that would take more than [`EXPLAIN_PAIRS`] pairs.
///
/// ```
/// use cgt_core::said::{Line, Word};
/// use cgt_impartial::wythoff::explain;
///
/// let lines = explain(4, 9).unwrap();
/// // heap 2: 4 pairs with 7 < 9, so take 2 from heap 2, leaving (4, 7)
/// assert!(lines.iter().filter_map(Line::said).any(|s| s.id == "explain-wythoff-heap"
///     && s.args.contains(&("take", Word::Number(2)))));
/// assert!(explain(4, 900).is_none());
/// ```
#[must_use]
pub fn explain(a: u64, b: u64) -> Option<Vec<Line>> {
    let (ka, kb) = (pair_index(a)?, pair_index(b)?);
    let d = a.abs_diff(b);
    let last = ka.max(kb).max(d);
    if last >= EXPLAIN_PAIRS {
        return None;
    }
    let mut out = vec![
        Line::say(Said::new("explain-wythoff")),
        Line::code("    k  a_k  b_k"),
    ];
    for k in 0..=last {
        let (x, y) = p_pair(k).ok()?;
        let mut why = Vec::new();
        if k == ka {
            why.push(Said::new("explain-wythoff-holds").number("n", a).into());
        }
        if k == kb && b != a {
            why.push(Said::new("explain-wythoff-holds").number("n", b).into());
        }
        if k == d {
            why.push(
                Said::new("explain-wythoff-difference")
                    .number("d", d)
                    .into(),
            );
        }
        out.push(Line::Code {
            text: format!("  {k:>3}  {x:>3}  {y:>3}"),
            note: (!why.is_empty()).then(|| Said::new("explain-notes").series("notes", why)),
        });
    }
    if is_p_position(a, b) {
        out.push(Line::say(
            Said::new("explain-wythoff-pair")
                .number("a", a)
                .number("b", b)
                .number("k", d),
        ));
        return Some(out);
    }
    out.push(Line::say(
        Said::new("explain-wythoff-not-pair")
            .number("a", a)
            .number("b", b),
    ));
    let (pa, pb) = (partner(a)?, partner(b)?);
    // One heap: the other heap's partner, if it is below this heap.
    let one_heap = |heap: u64, keep: u64, partner: u64, size: u64| {
        if partner < size {
            let (x, y) = if heap == 2 {
                (keep, partner)
            } else {
                (partner, keep)
            };
            Said::new("explain-wythoff-heap")
                .number("heap", heap)
                .number("keep", keep)
                .number("partner", partner)
                .number("size", size)
                .number("take", size - partner)
                .number("x", x)
                .number("y", y)
        } else {
            Said::new("explain-wythoff-heap-none")
                .number("heap", heap)
                .number("keep", keep)
                .number("partner", partner)
                .number("size", size)
        }
    };
    out.push(Line::item(one_heap(2, a, pa, b)));
    out.push(Line::item(one_heap(1, b, pb, a)));
    let (x, y) = p_pair(d).ok()?;
    let (lo, hi) = (a.min(b), a.max(b));
    out.push(Line::item(if x < lo {
        let (to_a, to_b) = if a <= b { (x, y) } else { (y, x) };
        Said::new("explain-wythoff-both")
            .number("d", d)
            .number("x", x)
            .number("y", y)
            .number("take", lo - x)
            .number("to-a", to_a)
            .number("to-b", to_b)
    } else {
        Said::new("explain-wythoff-both-none")
            .number("d", d)
            .number("x", x)
            .number("y", y)
            .number("lo", lo)
            .number("hi", hi)
    }));
    Some(out)
}

/// Bytes a Grundy table of `n × n` needs ([`grundy_table`]): the values plus the row, column and
/// diagonal bitsets.
#[must_use]
pub fn grundy_table_bytes(n: usize) -> u128 {
    let n = n as u128;
    let words = (3 * n + 64) / 64;
    n * n * 4 + (n + n + 2 * n) * words * 8
}

/// The Grundy value of every position `(a, b)` with `a, b < n`, row-major (`table[a * n + b]`).
///
/// `g(a, b)` is the mex of the values to its left in its row, above in its column and above-left
/// on its diagonal. Each row, column and diagonal keeps a bitset of the values seen and its own
/// mex; the mex of the union is scanned from the largest of the three, a word at a time.
///
/// # Errors
/// [`ImpartialError::TooLarge`] when the table would need more than `memory_limit` bytes.
pub fn grundy_table(n: usize, memory_limit: u128) -> Result<Vec<u32>, ImpartialError> {
    let memory = u64::try_from(memory_limit).unwrap_or(u64::MAX);
    grundy_table_within(
        n,
        &cgt_core::budget::Budget::unlimited().with_memory(memory),
    )
}

/// [`grundy_table`] within `budget`: its memory limit up front (none: no limit), its time
/// limit and stop flag checked after every row.
///
/// # Errors
/// [`ImpartialError::TooLarge`] past the memory limit, [`ImpartialError::Stopped`] past the
/// time limit or at the stop flag.
pub fn grundy_table_within(
    n: usize,
    budget: &cgt_core::budget::Budget,
) -> Result<Vec<u32>, ImpartialError> {
    let memory_limit = u128::from(budget.memory_or(u64::MAX));
    let need = grundy_table_bytes(n);
    if need > memory_limit || n > (u32::MAX / 3) as usize {
        return Err(ImpartialError::TooLarge {
            what: format!("a Wythoff Grundy table of {n} x {n}"),
            bytes: need,
            limit: memory_limit,
        });
    }
    let words = (3 * n + 64) / 64;
    let mut table = vec![0u32; n * n];
    let mut rows = Bitsets::new(n, words);
    let mut cols = Bitsets::new(n, words);
    let mut diags = Bitsets::new(2 * n, words);
    for a in 0..n {
        budget.check_interrupt().map_err(ImpartialError::Stopped)?;
        for b in 0..n {
            let d = n + b - a;
            let start = rows.mex[a].max(cols.mex[b]).max(diags.mex[d]);
            let (r, c, g) = (rows.set(a), cols.set(b), diags.set(d));
            let mut w = start / 64;
            let value = loop {
                let union = r[w] | c[w] | g[w];
                // Bits below `start` are set in one of the three sets by construction.
                let union = if w == start / 64 {
                    union | ((1u64 << (start % 64)) - 1)
                } else {
                    union
                };
                if union != u64::MAX {
                    break w * 64 + union.trailing_ones() as usize;
                }
                w += 1;
            };
            table[a * n + b] = value as u32;
            rows.insert(a, value);
            cols.insert(b, value);
            diags.insert(d, value);
        }
    }
    Ok(table)
}

/// The same table by the definition: a fresh mex over row, column and diagonal for each cell.
/// Cubic time; the reference for [`grundy_table`].
#[must_use]
pub fn grundy_table_naive(n: usize) -> Vec<u32> {
    let mut table = vec![0u32; n * n];
    let mut mex = MexScratch::new();
    for a in 0..n {
        for b in 0..n {
            for a2 in 0..a {
                mex.push(u64::from(table[a2 * n + b]));
            }
            for b2 in 0..b {
                mex.push(u64::from(table[a * n + b2]));
            }
            for t in 1..=a.min(b) {
                mex.push(u64::from(table[(a - t) * n + (b - t)]));
            }
            table[a * n + b] = mex.finish() as u32;
        }
    }
    table
}

/// A family of bitsets of the same width, each with its own running mex.
struct Bitsets {
    words: usize,
    bits: Vec<u64>,
    mex: Vec<usize>,
}

impl Bitsets {
    fn new(count: usize, words: usize) -> Bitsets {
        Bitsets {
            words,
            bits: vec![0; count * words],
            mex: vec![0; count],
        }
    }

    fn set(&self, i: usize) -> &[u64] {
        &self.bits[i * self.words..(i + 1) * self.words]
    }

    fn insert(&mut self, i: usize, value: usize) {
        let row = &mut self.bits[i * self.words..(i + 1) * self.words];
        row[value / 64] |= 1 << (value % 64);
        let mut m = self.mex[i];
        while m / 64 < self.words && row[m / 64] >> (m % 64) & 1 == 1 {
            m += 1;
        }
        self.mex[i] = m;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explanation_names_exactly_the_winning_moves() {
        for a in 0..30 {
            for b in 0..30 {
                let lines = explain(a, b).expect("small positions fit");
                let number = |s: &Said, name: &str| {
                    s.args.iter().find_map(|(n, w)| match w {
                        cgt_core::said::Word::Number(v) if *n == name => Some(*v),
                        _ => None,
                    })
                };
                let mut named: Vec<(u64, u64)> = lines
                    .iter()
                    .filter_map(Line::said)
                    .filter_map(|s| match s.id {
                        "explain-wythoff-heap" => Some((number(s, "x")?, number(s, "y")?)),
                        "explain-wythoff-both" => Some((number(s, "to-a")?, number(s, "to-b")?)),
                        _ => None,
                    })
                    .collect();
                let mut expected: Vec<(u64, u64)> = winning_moves(a, b)
                    .iter()
                    .map(|m| m.apply((a, b)))
                    .collect();
                named.sort_unstable();
                expected.sort_unstable();
                assert_eq!(named, expected, "({a}, {b})");
                let p = lines
                    .iter()
                    .filter_map(Line::said)
                    .any(|s| s.id == "explain-wythoff-pair");
                assert_eq!(p, is_p_position(a, b));
            }
        }
        assert!(explain(0, 1000).is_none());
    }

    #[test]
    fn seed_pairs_and_huge_k() {
        assert!(is_p_position(10, 6));
        assert!(!is_p_position(6, 9));
        let (a, b) = p_pair(MAX_K).unwrap();
        assert!(is_p_position(a, b));
        assert_eq!(b - a, MAX_K);
        assert!(p_pair(MAX_K + 1).is_err());
        assert!(!is_p_position(0, u64::MAX));
    }

    #[test]
    fn moves_from_large_positions_reach_p() {
        for (a, b) in [
            (1_000_000_000_000_000_000, 999_999_999_999_999_999),
            (5, 5),
            (0, 7),
        ] {
            let moves = winning_moves(a, b);
            assert!(!moves.is_empty());
            for m in moves {
                let (x, y) = m.apply((a, b));
                assert!(is_p_position(x, y), "{m} from ({a}, {b})");
            }
        }
    }

    #[test]
    fn table_matches_naive_and_rule() {
        let n = 70;
        let fast = grundy_table(n, u128::MAX).unwrap();
        assert_eq!(fast, grundy_table_naive(n));
        for a in 0..n {
            for b in 0..n {
                assert_eq!(fast[a * n + b] == 0, is_p_position(a as u64, b as u64));
            }
        }
        assert!(grundy_table(1 << 20, 1 << 30).is_err());
    }
}
