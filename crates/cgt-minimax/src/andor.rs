//! The AND-OR laboratory (Shen 11.4.1–11.4.5): complete binary trees of height `2n` with 0/1
//! leaves, OR (max) at the root and AND (min) below, alternating.
//!
//! Leaves are given left to right as a slice of `4^n` bits. For 0/1 payoffs alpha-beta is
//! short-circuit evaluation: an OR vertex stops at its first 1, an AND vertex at its first 0.
//!
//! - [`fixed_order_reads`]: leaves read in the given left-to-right order.
//! - [`fewest_reads`]: the fewest leaves alpha-beta reads over all child orders (11.4.1: at
//!   least `2^n`, whatever the leaves).
//! - [`expected_reads`]: the **exact** expected number of leaves read when every vertex orders
//!   its two children uniformly at random, as a dyadic rational.
//! - [`worst_expected`]: the largest expected count over all leaf assignments of height `2n`,
//!   exactly, by dynamic programming over (height, value). 11.4.4 says it is at most `3^n`.
//!   11.4.5's `((1+√33)/4)^(2n)` is the **asymptotic growth rate** of this worst case
//!   (Saks–Wigderson), not an upper bound: the exact values exceed it by a bounded factor, which
//!   the sweep `minimax/andor-sharper-bound-exact` shows.
//! - [`Adversary`]: answers leaf queries so that the root stays undetermined until the last
//!   leaf (11.4.3).

/// A non-negative dyadic rational `numerator / 2^exponent`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dyadic {
    /// Numerator.
    pub numerator: u128,
    /// Power of two in the denominator.
    pub exponent: u32,
}

impl Dyadic {
    fn int(n: u128) -> Dyadic {
        Dyadic {
            numerator: n,
            exponent: 0,
        }
    }

    fn align(self, e: u32) -> u128 {
        self.numerator << (e - self.exponent)
    }

    /// The numerator over `2^e` (`e` at least the exponent), or `None` past `u128`.
    fn checked_align(self, e: u32) -> Option<u128> {
        let shift = e - self.exponent;
        (self.numerator.leading_zeros() >= shift || self.numerator == 0)
            .then(|| self.numerator << shift.min(127))
    }

    fn checked_add(self, other: Dyadic) -> Option<Dyadic> {
        let e = self.exponent.max(other.exponent);
        let sum = self
            .checked_align(e)?
            .checked_add(other.checked_align(e)?)?;
        Some(
            Dyadic {
                numerator: sum,
                exponent: e,
            }
            .reduce(),
        )
    }

    fn half(self) -> Dyadic {
        Dyadic {
            numerator: self.numerator,
            exponent: self.exponent + 1,
        }
        .reduce()
    }

    fn reduce(mut self) -> Dyadic {
        while self.exponent > 0 && self.numerator.is_multiple_of(2) {
            self.numerator /= 2;
            self.exponent -= 1;
        }
        self
    }

    /// Exact comparison.
    #[must_use]
    pub fn gt(self, other: Dyadic) -> bool {
        let e = self.exponent.max(other.exponent);
        self.align(e) > other.align(e)
    }

    /// The value as a float (for reports).
    #[must_use]
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / 2f64.powi(self.exponent as i32)
    }

    /// Compares with an integer exactly.
    #[must_use]
    pub fn le_int(self, n: u128) -> bool {
        // Past u128, n · 2^exponent is above every numerator.
        n.leading_zeros() < self.exponent || self.numerator <= n << self.exponent
    }
}

impl core::fmt::Display for Dyadic {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, 1u128 << self.exponent)
        }
    }
}

/// Value of the subtree over `leaves` whose root is OR when `or` is true. The leaves are split
/// in halves at every level (so any number of leaves makes a tree); no leaves at all is a tree
/// of value 0.
#[must_use]
pub fn value(leaves: &[u8], or: bool) -> u8 {
    match leaves {
        [] => return 0,
        [leaf] => return *leaf,
        _ => {}
    }
    let (l, r) = leaves.split_at(leaves.len() / 2);
    let (a, b) = (value(l, !or), value(r, !or));
    if or { a | b } else { a & b }
}

/// Leaves read by short-circuit evaluation, children left to right.
#[must_use]
pub fn fixed_order_reads(leaves: &[u8], or: bool) -> u64 {
    reads_in_order(leaves, or).1
}

fn reads_in_order(leaves: &[u8], or: bool) -> (u8, u64) {
    match leaves {
        [] => return (0, 0),
        [leaf] => return (*leaf, 1),
        _ => {}
    }
    let (l, r) = leaves.split_at(leaves.len() / 2);
    let (a, ra) = reads_in_order(l, !or);
    let decided = if or { a == 1 } else { a == 0 };
    if decided {
        return (a, ra);
    }
    let (b, rb) = reads_in_order(r, !or);
    (b, ra + rb)
}

/// The fewest leaves alpha-beta reads over all child orders.
#[must_use]
pub fn fewest_reads(leaves: &[u8], or: bool) -> u64 {
    match leaves.len() {
        0 => return 0,
        1 => return 1,
        _ => {}
    }
    let (l, r) = leaves.split_at(leaves.len() / 2);
    let (a, b) = (value(l, !or), value(r, !or));
    let (ca, cb) = (fewest_reads(l, !or), fewest_reads(r, !or));
    let decisive = if or { 1 } else { 0 };
    match (a == decisive, b == decisive) {
        (true, true) => ca.min(cb),
        (true, false) => ca,
        (false, true) => cb,
        (false, false) => ca + cb,
    }
}

/// The exact expected number of leaves read under uniformly random child order.
#[must_use]
pub fn expected_reads(leaves: &[u8], or: bool) -> Dyadic {
    expected(leaves, or).1
}

fn expected(leaves: &[u8], or: bool) -> (u8, Dyadic) {
    match leaves {
        [] => return (0, Dyadic::int(0)),
        [leaf] => return (*leaf, Dyadic::int(1)),
        _ => {}
    }
    let (l, r) = leaves.split_at(leaves.len() / 2);
    let (a, ea) = expected(l, !or);
    let (b, eb) = expected(r, !or);
    let decisive = if or { 1 } else { 0 };
    combine(or, (a, ea), (b, eb), decisive)
}

fn combine(or: bool, a: (u8, Dyadic), b: (u8, Dyadic), decisive: u8) -> (u8, Dyadic) {
    checked_combine(or, a, b, decisive).expect("expected counts of trees up to 4^12 leaves fit")
}

fn checked_combine(
    or: bool,
    (a, ea): (u8, Dyadic),
    (b, eb): (u8, Dyadic),
    decisive: u8,
) -> Option<(u8, Dyadic)> {
    // First a then b (probability 1/2), or first b then a.
    let first_a = if a == decisive {
        ea
    } else {
        ea.checked_add(eb)?
    };
    let first_b = if b == decisive {
        eb
    } else {
        eb.checked_add(ea)?
    };
    let v = if or { a | b } else { a & b };
    Some((v, first_a.half().checked_add(first_b.half())?))
}

/// The largest `n` for which [`worst_expected`] is exact in `u128` (height 64).
pub const MAX_WORST_N: u32 = 32;

/// The largest expected count over all leaf assignments of the tree of height `2n`, exactly,
/// with the largest for each root value: `[value 0, value 1]`. It comes from the recurrence
/// over (height, root value) alone — no tree is enumerated — so height 64 takes microseconds.
///
/// `None` when `n` is above [`MAX_WORST_N`] (the fractions outgrow `u128`).
#[must_use]
pub fn worst_expected(n: u32) -> Option<[Dyadic; 2]> {
    if n > MAX_WORST_N {
        return None;
    }
    // w[v] = worst expected reads of a subtree of the current height with value v.
    let mut w = [Dyadic::int(1), Dyadic::int(1)];
    for level in 0..2 * n {
        // Level 2n−1 (top) is OR; the level right above the leaves is AND when n ≥ 1.
        let or = (2 * n - level) % 2 == 1;
        let decisive = if or { 1 } else { 0 };
        let mut next = [Dyadic::int(0), Dyadic::int(0)];
        for a in 0..2u8 {
            for b in 0..2u8 {
                let (v, e) = checked_combine(or, (a, w[a as usize]), (b, w[b as usize]), decisive)?;
                if e.gt(next[v as usize]) {
                    next[v as usize] = e;
                }
            }
        }
        w = next;
    }
    Some(w)
}

/// The worst expected count for height `2n` divided by `((1+√33)/4)^(2n)`, for `n` = 1, 2, …,
/// [`MAX_WORST_N`]: the sequence 11.4.5's rate predicts to stay bounded (it converges).
#[must_use]
pub fn rate_ratios() -> Vec<f64> {
    let rate = (1.0 + 33f64.sqrt()) / 4.0;
    (1..=MAX_WORST_N)
        .map(|n| {
            let w = worst_expected(n).expect("n within MAX_WORST_N");
            w[0].to_f64().max(w[1].to_f64()) / rate.powi(2 * n as i32)
        })
        .collect()
}

/// The adversary of 11.4.3: it chooses each leaf's value when the leaf is read so that the
/// root value stays undetermined until every leaf has been read.
#[derive(Clone, Debug)]
pub struct Adversary {
    n: u32,
    /// Read leaves below each vertex, heap-numbered (root 1, children 2i and 2i + 1).
    read: Vec<u64>,
    answers: Vec<Option<u8>>,
}

impl Adversary {
    /// The largest `n` an adversary is built for (4^12 leaves, about 400 MiB of counters).
    pub const MAX_N: u32 = 12;

    /// An adversary for the tree of height `2n`; `None` above [`Adversary::MAX_N`].
    #[must_use]
    pub fn new(n: u32) -> Option<Adversary> {
        if n > Adversary::MAX_N {
            return None;
        }
        let leaves = 4usize.pow(n);
        Some(Adversary {
            n,
            read: vec![0; 2 * leaves],
            answers: vec![None; leaves],
        })
    }

    /// The value of leaf `i` (0-based, left to right); asking twice gives the same answer.
    /// `None` for a number that is not a leaf.
    pub fn query(&mut self, i: usize) -> Option<u8> {
        let answered = *self.answers.get(i)?;
        if answered.is_some() {
            return answered;
        }
        let leaves = 4usize.pow(self.n);
        let height = 2 * self.n;
        // Mark the leaf read along its path.
        let mut node = leaves + i;
        while node >= 1 {
            self.read[node] += 1;
            node /= 2;
        }
        // Walk up while the current subtree has just been completed; its value must be the
        // non-deciding value for its parent if the sibling is unfinished; if the sibling is
        // finished, the parent completes too and the choice moves up.
        let mut node = leaves + i;
        let mut depth = height; // depth of `node` below the root
        let wanted = loop {
            if node == 1 {
                break 0; // the root is complete: any value
            }
            let parent = node / 2;
            let sibling = node ^ 1;
            let sibling_size = 1u64 << (height - depth);
            let parent_is_or = (depth - 1).is_multiple_of(2);
            if self.read[sibling] < sibling_size {
                // Non-deciding value for the parent: 0 under OR, 1 under AND.
                break u8::from(!parent_is_or);
            }
            // The sibling is finished with the non-deciding value; the parent's value is this
            // child's value, so choose it for the parent's sake.
            node = parent;
            depth -= 1;
        };
        self.answers[i] = Some(wanted);
        Some(wanted)
    }

    /// True when the answers so far determine the root value.
    #[must_use]
    pub fn root_determined(&self) -> bool {
        let zeros: Vec<u8> = self.answers.iter().map(|a| a.unwrap_or(0)).collect();
        let ones: Vec<u8> = self.answers.iter().map(|a| a.unwrap_or(1)).collect();
        value(&zeros, true) == value(&ones, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cases() {
        // n = 1: OR of two ANDs of two leaves.
        assert_eq!(value(&[1, 1, 0, 0], true), 1);
        assert_eq!(fixed_order_reads(&[1, 1, 0, 0], true), 2);
        assert_eq!(fixed_order_reads(&[0, 1, 1, 1], true), 3);
        assert_eq!(fewest_reads(&[0, 0, 0, 0], true), 2);
        assert_eq!(expected_reads(&[1, 1, 1, 1], true).to_f64(), 2.0);
        let w = worst_expected(1).unwrap();
        assert!(w[0].le_int(3) && w[1].le_int(3));
    }

    #[test]
    fn worst_expected_is_exact_up_to_height_64_and_refused_beyond() {
        let w = worst_expected(MAX_WORST_N).expect("height 64 fits in u128");
        assert!(w[1].to_f64() > 1e14 && w[1].to_f64() < 4f64.powi(32));
        assert_eq!(worst_expected(MAX_WORST_N + 1), None);
        // Checked addition refuses what would wrap.
        let big = Dyadic {
            numerator: u128::MAX / 2 + 1,
            exponent: 0,
        };
        assert_eq!(big.checked_add(big), None);
    }

    #[test]
    fn adversary_keeps_the_root_open() {
        for n in 1..=3 {
            let mut adv = Adversary::new(n).unwrap();
            let leaves = 4usize.pow(n);
            for i in 0..leaves {
                assert!(!adv.root_determined(), "n={n}: determined before leaf {i}");
                assert!(adv.query(i).is_some());
            }
            assert!(adv.root_determined());
            assert_eq!(adv.query(leaves), None);
        }
        assert!(Adversary::new(Adversary::MAX_N + 1).is_none());
    }

    #[test]
    fn no_leaves_is_a_tree_of_value_zero() {
        // Used to recurse without end (split_at(0) of an empty slice).
        assert_eq!(value(&[], true), 0);
        assert_eq!(fixed_order_reads(&[], true), 0);
        assert_eq!(fewest_reads(&[], false), 0);
        assert_eq!(expected_reads(&[], true).to_f64(), 0.0);
    }
}
