//! Dyadic rationals `n / 2^k`: the numbers of short games, and the coordinates of thermographs.

use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;

use crate::PartizanError;

/// A dyadic rational `num / 2^exp`, exact.
///
/// The range is what a 64-bit program can print and read back: the denominator is at most
/// `2^63` and the absolute value is at most `2^62` (so the canonical options of every number
/// in range are in range too). Arithmetic that would leave
/// the range answers `None` (or [`PartizanError::NumberRange`] from the game operations),
/// never a wrong number.
///
/// ```
/// use cgt_partizan::Dyadic;
///
/// let x: Dyadic = "3/4".parse()?;
/// assert_eq!(x.to_string(), "3/4");
/// assert_eq!(x.checked_add(Dyadic::from_int(1)).unwrap().to_string(), "7/4");
/// assert_eq!(x.birthday(), 3); // 3/4 = {1/2 | 1}
/// assert_eq!(Dyadic::simplest_between(Some(x), Some(Dyadic::from_int(2))).unwrap(), Dyadic::from_int(1));
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    /// Numerator; odd unless `exp == 0`.
    num: i128,
    /// Binary exponent of the denominator, at most [`Dyadic::MAX_EXP`].
    exp: u32,
}

impl Dyadic {
    /// The largest exponent `k` of a denominator `2^k`.
    pub const MAX_EXP: u32 = 63;
    /// Absolute values are at most `2^MAX_BITS`.
    pub const MAX_BITS: u32 = 62;
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };

    /// `num / 2^exp`, reduced; `None` outside the range.
    #[must_use]
    pub fn new(num: i128, exp: u32) -> Option<Dyadic> {
        let mut d = Dyadic { num, exp };
        while d.exp > 0 && d.num % 2 == 0 {
            d.num /= 2;
            d.exp -= 1;
        }
        d.in_range().then_some(d)
    }

    /// The integer `n`.
    #[must_use]
    pub fn from_int(n: i64) -> Dyadic {
        Dyadic {
            num: i128::from(n),
            exp: 0,
        }
    }

    fn in_range(self) -> bool {
        self.exp <= Self::MAX_EXP
            && self.num.unsigned_abs() <= (1u128 << (Self::MAX_BITS + self.exp))
    }

    /// The numerator of the reduced fraction.
    #[must_use]
    pub fn numerator(self) -> i128 {
        self.num
    }

    /// `k` for the denominator `2^k` of the reduced fraction.
    #[must_use]
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// True for an integer.
    #[must_use]
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// The integer value, if this is an integer.
    #[must_use]
    pub fn to_integer(self) -> Option<i64> {
        if self.exp == 0 {
            i64::try_from(self.num).ok()
        } else {
            None
        }
    }

    /// Sign: −1, 0 or 1.
    #[must_use]
    pub fn signum(self) -> i32 {
        match self.num.cmp(&0) {
            Ordering::Less => -1,
            Ordering::Equal => 0,
            Ordering::Greater => 1,
        }
    }

    /// Both numerators over the common denominator `2^max(exp)`.
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let e = self.exp.max(other.exp);
        // In range, |num| ≤ 2^(62 + exp) ≤ 2^125, so the shifts and one addition cannot overflow.
        (self.num << (e - self.exp), other.num << (e - other.exp), e)
    }

    /// `self + other`, `None` outside the range.
    #[must_use]
    pub fn checked_add(self, other: Dyadic) -> Option<Dyadic> {
        let (a, b, e) = self.aligned(other);
        Dyadic::new(a + b, e)
    }

    /// `self − other`, `None` outside the range.
    #[must_use]
    pub fn checked_sub(self, other: Dyadic) -> Option<Dyadic> {
        let (a, b, e) = self.aligned(other);
        Dyadic::new(a - b, e)
    }

    /// `self · n`, `None` outside the range.
    #[must_use]
    pub fn checked_mul_int(self, n: i64) -> Option<Dyadic> {
        Dyadic::new(self.num.checked_mul(i128::from(n))?, self.exp)
    }

    /// `self / 2`, `None` when the denominator would pass `2^63`.
    #[must_use]
    pub fn half(self) -> Option<Dyadic> {
        Dyadic::new(self.num, self.exp + 1)
    }

    /// The largest integer `≤ self`.
    #[must_use]
    pub fn floor(self) -> i128 {
        self.num >> self.exp
    }

    /// The smallest integer `≥ self`.
    #[must_use]
    pub fn ceil(self) -> i128 {
        -((-self.num) >> self.exp)
    }

    /// The simplest number strictly between `lo` and `hi` (each bound optional): the one of
    /// smallest birthday, which is unique. `None` when the interval is empty or the answer is out
    /// of range.
    #[must_use]
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi)
            && l >= h
        {
            return None;
        }
        let int = |n: i128| Dyadic::new(n, 0);
        match (lo, hi) {
            (None, None) => Some(Dyadic::ZERO),
            (None, Some(h)) => Some(if h.signum() > 0 {
                Dyadic::ZERO
            } else {
                int(h.ceil() - 1)?
            }),
            (Some(l), None) => Some(if l.signum() < 0 {
                Dyadic::ZERO
            } else {
                int(l.floor() + 1)?
            }),
            (Some(l), Some(h)) => {
                if l.signum() < 0 && h.signum() > 0 {
                    return Some(Dyadic::ZERO);
                }
                if l.signum() >= 0 {
                    let n = int(l.floor() + 1)?;
                    if n < h {
                        return Some(n);
                    }
                } else {
                    let n = int(h.ceil() - 1)?;
                    if n > l {
                        return Some(n);
                    }
                }
                // No integer strictly between: the answer has the least denominator that fits.
                // For l ≥ 0 it is the next multiple of 2^-k above l, for l < 0 (so h ≤ 0) the
                // next one below h.
                for k in 1..=Self::MAX_EXP {
                    // ⌊v·2^k⌋ and ⌈v·2^k⌉, exactly.
                    let floor_at = |v: Dyadic| {
                        if v.exp <= k {
                            v.num << (k - v.exp)
                        } else {
                            v.num >> (v.exp - k)
                        }
                    };
                    let candidate = if l.signum() >= 0 {
                        Dyadic::new(floor_at(l) + 1, k)?
                    } else {
                        Dyadic::new(-floor_at(-h) - 1, k)?
                    };
                    if l < candidate && candidate < h {
                        return Some(candidate);
                    }
                }
                None
            }
        }
    }

    /// The Left option of this number's canonical form: `n − 1` for an integer `n > 0`,
    /// `(m − 1)/2^k` for `m/2^k` with `k ≥ 1`, none otherwise.
    #[must_use]
    pub fn left_option(self) -> Option<Dyadic> {
        if self.exp == 0 {
            (self.num > 0)
                .then(|| Dyadic::new(self.num - 1, 0))
                .flatten()
        } else {
            Dyadic::new(self.num - 1, self.exp)
        }
    }

    /// The Right option of this number's canonical form (the mirror of [`Dyadic::left_option`]).
    #[must_use]
    pub fn right_option(self) -> Option<Dyadic> {
        if self.exp == 0 {
            (self.num < 0)
                .then(|| Dyadic::new(self.num + 1, 0))
                .flatten()
        } else {
            Dyadic::new(self.num + 1, self.exp)
        }
    }

    /// The day on which this number is born: `|n|` for an integer, `⌊|x|⌋ + 1 + k` for a
    /// fraction with denominator `2^k`.
    #[must_use]
    pub fn birthday(self) -> u64 {
        let int = (self.num.unsigned_abs() >> self.exp) as u64;
        if self.exp == 0 {
            int
        } else {
            int + 1 + u64::from(self.exp)
        }
    }

    /// The sign expansion: the path from 0 to this number in the tree of numbers, `true` for a
    /// step up (Left's colour, blue), `false` for a step down.
    ///
    /// ```
    /// use cgt_partizan::Dyadic;
    /// let x: Dyadic = "3/4".parse().unwrap();
    /// assert_eq!(x.sign_expansion(), vec![true, false, true]); // 1 − 1/2 + 1/4
    /// assert_eq!(Dyadic::from_sign_expansion(&[true, false, true]), Some(x));
    /// ```
    #[must_use]
    pub fn sign_expansion(self) -> Vec<bool> {
        let mut signs = Vec::new();
        let up = self.num > 0;
        let step_towards = |x: Dyadic, step: Dyadic, up: bool| {
            if up {
                x.checked_add(step)
            } else {
                x.checked_sub(step)
            }
        };
        // Whole steps away from zero until the target is reached or passed…
        let mut x = Dyadic::ZERO;
        while x != self {
            let Some(next) = step_towards(x, Dyadic::from_int(1), up) else {
                return signs;
            };
            signs.push(up);
            x = next;
            if (up && x > self) || (!up && x < self) {
                break;
            }
        }
        // …then halving steps towards it.
        let mut step = Dyadic::from_int(1);
        while x != self {
            let (Some(s), up_here) = (step.half(), self > x) else {
                break;
            };
            step = s;
            signs.push(up_here);
            let Some(next) = step_towards(x, step, up_here) else {
                break;
            };
            x = next;
        }
        signs
    }

    /// The number with the given sign expansion (`true` up, `false` down); `None` out of range.
    #[must_use]
    pub fn from_sign_expansion(signs: &[bool]) -> Option<Dyadic> {
        let mut x = Dyadic::ZERO;
        let mut step = Dyadic::from_int(1);
        let first = signs.first().copied();
        let mut halving = false;
        for &s in signs {
            if !halving && Some(s) != first {
                halving = true;
            }
            if halving {
                step = step.half()?;
            }
            x = if s {
                x.checked_add(step)?
            } else {
                x.checked_sub(step)?
            };
        }
        Some(x)
    }
}

impl core::ops::Neg for Dyadic {
    type Output = Dyadic;

    /// `−self` (the range is symmetric, so this cannot fail).
    fn neg(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

/// As its exact text (`"3/4"`), since a dyadic rational need not fit a float.
#[cfg(feature = "serde")]
impl serde::Serialize for Dyadic {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Dyadic {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Dyadic, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Dyadic {
    type Err = PartizanError;

    /// Reads `n`, `-n`, or `a/b` with `b` a power of two.
    fn from_str(s: &str) -> Result<Dyadic, PartizanError> {
        let bad = |message: &str| PartizanError::parse(s, message);
        let t = s.trim();
        let (neg, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let digits = |d: &str| -> Result<u128, PartizanError> {
            if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad("expected a number such as 3, -2 or 3/8"));
            }
            d.parse::<u128>().map_err(|_| PartizanError::NumberRange {
                what: s.trim().to_owned(),
            })
        };
        let (n, d) = match body.split_once('/') {
            Some((n, d)) => (digits(n)?, digits(d)?),
            None => (digits(body)?, 1),
        };
        if !d.is_power_of_two() {
            return Err(bad(
                "the denominator of a number must be a power of two (a dyadic rational)",
            ));
        }
        let exp = d.trailing_zeros();
        let range = || PartizanError::NumberRange { what: t.to_owned() };
        if exp > Self::MAX_EXP || n >= (1u128 << 126) {
            return Err(range());
        }
        let num = i128::try_from(n).map_err(|_| range())?;
        Dyadic::new(if neg { -num } else { num }, exp).ok_or_else(range)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn parse_print_and_order() {
        for s in [
            "0",
            "1",
            "-7",
            "1/2",
            "-3/4",
            "5/8",
            "9223372036854775807/9223372036854775808",
        ] {
            assert_eq!(d(s).to_string(), s);
        }
        assert_eq!(d("2/4").to_string(), "1/2");
        assert!(d("1/2") < d("3/4"));
        assert!(d("-1/2") > d("-1"));
        for bad in [
            "",
            "1/3",
            "a",
            "1/0",
            "--1",
            "1/",
            "/2",
            "1/18446744073709551616",
        ] {
            assert!(bad.parse::<Dyadic>().is_err(), "{bad:?}");
        }
        assert!(matches!(
            "4611686018427387905".parse::<Dyadic>(),
            Err(PartizanError::NumberRange { .. })
        ));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_as_exact_text() {
        let x = d("-5/8");
        let json = serde_json::to_string(&x).unwrap();
        assert_eq!(json, "\"-5/8\"");
        assert_eq!(serde_json::from_str::<Dyadic>(&json).unwrap(), x);
        assert!(serde_json::from_str::<Dyadic>("\"1/3\"").is_err());
    }

    #[test]
    fn simplest_numbers() {
        let s = |l: Option<&str>, h: Option<&str>| {
            Dyadic::simplest_between(l.map(d), h.map(d)).map(|x| x.to_string())
        };
        assert_eq!(s(None, None).as_deref(), Some("0"));
        assert_eq!(s(Some("0"), None).as_deref(), Some("1"));
        assert_eq!(s(Some("0"), Some("1")).as_deref(), Some("1/2"));
        assert_eq!(s(Some("1/2"), Some("1")).as_deref(), Some("3/4"));
        assert_eq!(s(Some("-1"), Some("-1/2")).as_deref(), Some("-3/4"));
        assert_eq!(s(Some("-5/2"), Some("3")).as_deref(), Some("0"));
        assert_eq!(s(Some("1/4"), Some("3/4")).as_deref(), Some("1/2"));
        assert_eq!(s(None, Some("-1/2")).as_deref(), Some("-1"));
        assert_eq!(s(Some("1"), Some("1")), None);
    }

    #[test]
    fn sign_expansions_round_trip() {
        for s in ["0", "3", "-2", "1/2", "3/4", "-5/8", "11/4", "-19/16"] {
            let x = d(s);
            let signs = x.sign_expansion();
            assert_eq!(signs.len() as u64, x.birthday(), "{s}");
            assert_eq!(Dyadic::from_sign_expansion(&signs), Some(x), "{s}");
        }
    }
}
