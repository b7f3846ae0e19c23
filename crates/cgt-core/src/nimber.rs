//! Nimbers: the values of impartial games, with nim-addition and nim-multiplication.

use core::fmt;
use core::iter::{Product, Sum};
use core::ops::{Add, AddAssign, Mul, MulAssign};
use core::str::FromStr;

use crate::error::ParseNimberError;

/// A nimber `*n` with `n < 2^64`.
///
/// Addition is bitwise XOR (the nim-sum), multiplication is Conway's nim-product. With these two
/// operations the nimbers below `2^(2^k)` form a field for every `k ≤ 6`; in particular every
/// non-zero 64-bit nimber has a multiplicative inverse ([`Nimber::inverse`]).
///
/// ```
/// use cgt_core::Nimber;
/// let s: Nimber = [3u64, 4, 5].into_iter().map(Nimber::new).sum();
/// assert_eq!(s, Nimber::new(2));
/// assert_eq!(Nimber::new(2) * Nimber::new(3), Nimber::new(1));
/// assert_eq!(s.to_string(), "*2");
/// ```
///
/// # Examples
///
/// ```
/// use cgt_core::Nimber;
///
/// let (a, b) = (Nimber::new(2), Nimber::new(3));
/// assert_eq!(a + b, Nimber::new(1)); // nim-addition is XOR
/// assert_eq!(a * b, Nimber::new(1)); // Conway's product: 2 ⊗ 3 = 1
/// assert_eq!(a.inverse(), Some(b));
/// assert_eq!("*5".parse::<Nimber>(), Ok(Nimber::new(5)));
/// assert_eq!(Nimber::new(5).to_string(), "*5");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(transparent)
)]
pub struct Nimber(u64);

impl Nimber {
    /// The nimber `*0`, the value of every P-position.
    pub const ZERO: Nimber = Nimber(0);
    /// The nimber `*1`, the multiplicative identity.
    pub const ONE: Nimber = Nimber(1);

    /// The nimber `*n`.
    #[must_use]
    pub const fn new(n: u64) -> Nimber {
        Nimber(n)
    }

    /// The `n` of `*n`.
    #[must_use]
    pub const fn value(self) -> u64 {
        self.0
    }

    /// True for `*0`.
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Nim-product of `self` and `other` (Conway multiplication).
    #[must_use]
    pub fn nim_mul(self, other: Nimber) -> Nimber {
        Nimber(nim_mul(self.0, other.0))
    }

    /// `self` raised to the power `exp` under nim-multiplication.
    #[must_use]
    pub fn nim_pow(self, mut exp: u64) -> Nimber {
        let mut base = self.0;
        let mut acc = 1u64;
        while exp > 0 {
            if exp & 1 == 1 {
                acc = nim_mul(acc, base);
            }
            base = nim_mul(base, base);
            exp >>= 1;
        }
        Nimber(acc)
    }

    /// The multiplicative inverse under nim-multiplication, or `None` for `*0`.
    ///
    /// The inverse of a nimber below `2^(2^k)` stays below `2^(2^k)` (subfields are closed).
    /// Computed through the norm to the half-width subfield: with `a = a1·X + a0` and
    /// `X ⊗ X = X ⊕ X/2`, the conjugate `a1·X + (a0 ⊕ a1)` times `a` is
    /// `a0² ⊕ a0a1 ⊕ a1²·(X/2)`, which lies in the subfield; so one half-width inverse suffices.
    /// The verification sweeps check it against `self^(2^64 − 2)` (Lagrange).
    #[must_use]
    pub fn inverse(self) -> Option<Nimber> {
        if self.0 == 0 {
            None
        } else {
            Some(Nimber(nim_inv(self.0, field_width(self.0))))
        }
    }

    /// `self ⊗ other⁻¹`, or `None` when `other` is `*0`.
    #[must_use]
    pub fn checked_div(self, other: Nimber) -> Option<Nimber> {
        other.inverse().map(|inv| self * inv)
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Nimber {
        Nimber(n)
    }
}

impl From<Nimber> for u64 {
    fn from(n: Nimber) -> u64 {
        n.0
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

/// Parses `*n` or a bare `n` (decimal).
impl FromStr for Nimber {
    type Err = ParseNimberError;

    fn from_str(s: &str) -> Result<Nimber, ParseNimberError> {
        let digits = s.strip_prefix('*').unwrap_or(s);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseNimberError::new(s));
        }
        digits
            .parse::<u64>()
            .map(Nimber)
            .map_err(|_| ParseNimberError::new(s))
    }
}

impl Add for Nimber {
    type Output = Nimber;
    // Nim-addition is XOR by definition.
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl AddAssign for Nimber {
    #[allow(clippy::suspicious_op_assign_impl)]
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, Add::add)
    }
}

impl<'a> Sum<&'a Nimber> for Nimber {
    fn sum<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.copied().sum()
    }
}

impl Mul for Nimber {
    type Output = Nimber;
    fn mul(self, rhs: Nimber) -> Nimber {
        self.nim_mul(rhs)
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = self.nim_mul(rhs);
    }
}

impl Product for Nimber {
    fn product<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ONE, Mul::mul)
    }
}

/// The nim-sum (XOR) of a sequence of heap sizes or Grundy values.
///
/// ```
/// assert_eq!(cgt_core::nim_sum([3, 4, 5]), 2);
/// assert_eq!(cgt_core::nim_sum(Vec::<u64>::new()), 0);
/// ```
pub fn nim_sum<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    values.into_iter().fold(0, |acc, v| acc ^ v)
}

/// Conway's nim-product of two 64-bit nimbers.
///
/// Splits both factors at the middle Fermat 2-power `X = 2^(h)` of the field in play
/// (`h` = half the bit width) and uses `X ⊗ X = X ⊕ X/2`, with three half-width products
/// (Karatsuba) and one product by the constant `X/2`. Products of 8-bit nimbers come from a
/// table computed once.
#[must_use]
pub fn nim_mul(a: u64, b: u64) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let width = field_width(a.max(b));
    mul_in(a, b, width, Some(small_table()))
}

/// Bits of the smallest field `2^(2^k)` (k ≥ 3) holding `x`.
fn field_width(x: u64) -> u32 {
    let mut width = 8;
    while width < 64 && x >> width != 0 {
        width *= 2;
    }
    width
}

/// Nim-product of `a, b < 2^width` (`width` a power of two). With `table`, products of bytes
/// are looked up instead of recursing to single bits.
fn mul_in(a: u64, b: u64, width: u32, table: Option<&[u8; 65536]>) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    if let Some(table) = table.filter(|_| width <= 8) {
        return u64::from(table[(a as usize) << 8 | b as usize]);
    }
    let h = width / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0) = (a >> h, a & mask);
    let (b1, b0) = (b >> h, b & mask);
    let low = mul_in(a0, b0, h, table);
    let high = mul_in(a1, b1, h, table);
    let mid = mul_in(a0 ^ a1, b0 ^ b1, h, table) ^ low;
    (mid << h) | (low ^ mul_in(high, 1 << (h - 1), h, table))
}

/// Nim-inverse of `0 < a < 2^width`.
fn nim_inv(a: u64, width: u32) -> u64 {
    if width <= 8 {
        return u64::from(small_inverses()[a as usize]);
    }
    let h = width / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0) = (a >> h, a & mask);
    if a1 == 0 {
        return nim_inv(a0, h);
    }
    let table = Some(small_table());
    let half = 1 << (h - 1);
    let norm = mul_in(a0, a0 ^ a1, h, table) ^ mul_in(mul_in(a1, a1, h, table), half, h, table);
    let norm_inv = nim_inv(norm, h);
    (mul_in(a1, norm_inv, h, table) << h) | mul_in(a0 ^ a1, norm_inv, h, table)
}

/// Inverses of the non-zero bytes (entry 0 unused), found by search in the product table.
fn small_inverses() -> &'static [u8; 256] {
    static TABLE: std::sync::OnceLock<[u8; 256]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let products = small_table();
        let mut inverses = [0u8; 256];
        for a in 1..256usize {
            let inv = (1..256usize)
                .find(|&b| products[a << 8 | b] == 1)
                .expect("the bytes form a field");
            inverses[a] = inv as u8;
        }
        inverses
    })
}

/// The 256 × 256 table of nim-products of bytes, built by the bitwise recursion.
fn small_table() -> &'static [u8; 65536] {
    static TABLE: std::sync::OnceLock<Box<[u8; 65536]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([0u8; 65536]);
        for a in 0..256u64 {
            for b in 0..256u64 {
                // Bytes multiply to bytes: the nimbers below 2^8 form a field.
                table[(a as usize) << 8 | b as usize] = mul_in(a, b, 8, None) as u8;
            }
        }
        table
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_products_match_the_known_table() {
        // Rows of the nim multiplication table for 0..4 (Conway, ONAG).
        let expected = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]];
        for (a, row) in expected.iter().enumerate() {
            for (b, &p) in row.iter().enumerate() {
                assert_eq!(nim_mul(a as u64, b as u64), p, "{a} ⊗ {b}");
            }
        }
        // Fermat 2-powers square to 3/2 of themselves.
        for f in [2u64, 4, 16, 256, 65536, 1 << 32] {
            assert_eq!(nim_mul(f, f), f ^ (f >> 1), "{f} ⊗ {f}");
        }
        // Distinct Fermat 2-powers multiply as integers.
        assert_eq!(nim_mul(4, 16), 64);
        assert_eq!(nim_mul(16, 65536), 1 << 20);
    }

    #[test]
    fn inverse_round_trips_on_wide_values() {
        for x in [1u64, 2, 3, 255, 256, 0xdead_beef, u64::MAX, 1 << 63] {
            let n = Nimber::new(x);
            let inv = n.inverse().expect("non-zero");
            assert_eq!(n * inv, Nimber::ONE, "{x}");
        }
        assert_eq!(Nimber::ZERO.inverse(), None);
        assert_eq!(Nimber::new(7).checked_div(Nimber::ZERO), None);
    }

    #[test]
    fn parse_and_display() {
        assert_eq!("*5".parse::<Nimber>().unwrap(), Nimber::new(5));
        assert_eq!("12".parse::<Nimber>().unwrap(), Nimber::new(12));
        for bad in ["", "*", "-1", "+3", "*x", "18446744073709551616", "**2"] {
            assert!(bad.parse::<Nimber>().is_err(), "{bad:?}");
        }
        assert_eq!(Nimber::new(9).to_string(), "*9");
    }
}
