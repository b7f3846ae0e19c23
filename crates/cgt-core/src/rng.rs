//! A small seedable random generator (SplitMix64), shared by the verification sweeps, the
//! benchmarks and the command line (random trees and positions from a seed). It is not for
//! cryptography; it is for reproducible cases: the same seed gives the same numbers on every
//! platform and for every thread count.
//!
//! # Examples
//!
//! ```
//! use cgt_core::rng::Rng;
//!
//! let mut a = Rng::new(7);
//! let mut b = Rng::new(7);
//! let x = a.below(6);
//! assert!(x < 6);
//! assert_eq!(x, b.below(6)); // same seed, same numbers
//! assert_eq!(Rng::new(1).below(0), 0); // the empty range
//! ```

/// A small, fast, seedable generator (SplitMix64) for reproducible random cases. Two
/// generators are equal when they will give the same numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The generator for case `case` of the sweep named `sweep`: independent of the shard and
    /// of the thread that runs it.
    #[must_use]
    pub fn for_case(sweep: &str, case: u64) -> Rng {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for b in sweep.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        let mut rng = Rng(h ^ case.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        rng.next_u64();
        rng
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..bound`, without modulo bias; 0 for the empty range `bound = 0`.
    pub fn below(&mut self, bound: u64) -> u64 {
        if bound == 0 {
            return 0;
        }
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % bound;
            }
        }
    }

    /// True with probability `num / den` (`den = 0` counts as 1).
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den.max(1)) < num
    }
}
