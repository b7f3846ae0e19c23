//! The divisor game: from `N`, choose a divisor `d` of `N` with `d < N` and move to `N − d`;
//! a player who cannot move (at `N = 1`) loses.
//!
//! Rule: the player to move wins exactly when `N` is even. From an even `N` every odd divisor is
//! a winning move (it leaves an odd number); from an odd `N` every divisor is odd, so every move
//! leaves an even number.

use cgt_core::said::{Line, Said, Word};
use cgt_core::{ImpartialGame, Outcome};

use crate::ImpartialError;

/// Outcome by the parity rule, for `N ≥ 1`.
///
/// # Errors
/// [`ImpartialError::Invalid`] for `N = 0` (every number divides 0; not a position).
pub fn outcome(n: u64) -> Result<Outcome, ImpartialError> {
    if n == 0 {
        return Err(zero());
    }
    Ok(if n.is_multiple_of(2) {
        Outcome::N
    } else {
        Outcome::P
    })
}

/// Every winning move from `N`, as the divisor `d` to subtract: the odd divisors `d < N` when
/// `N` is even, none when `N` is odd. Divisors come from a full factorisation (trial division
/// by small primes, then Pollard's rho with a deterministic Miller–Rabin test), so any `u64`
/// works.
///
/// # Errors
/// [`ImpartialError::Invalid`] for `N = 0`.
pub fn winning_moves(n: u64) -> Result<Vec<u64>, ImpartialError> {
    if outcome(n)? == Outcome::P {
        return Ok(Vec::new());
    }
    let odd_part = n >> n.trailing_zeros();
    let mut ds = divisors(odd_part);
    ds.retain(|&d| d < n);
    Ok(ds)
}

/// The parity rule at `N`, step by step: why odd numbers lose, and the winning divisors of an
/// even `N` (at most 20 listed), as [`Line`]s.
///
/// # Errors
/// [`ImpartialError::Invalid`] for `N = 0`.
pub fn explain(n: u64) -> Result<Vec<Line>, ImpartialError> {
    let mut out = vec![Line::say(Said::new("explain-divisor"))];
    // At most 20 divisors, then `…`.
    let shown = |ds: &[u64]| {
        let mut words: Vec<Word> = ds.iter().take(20).map(|&d| Word::Number(d)).collect();
        if ds.len() > 20 {
            words.push(Word::Text("…".to_owned()));
        }
        words
    };
    if outcome(n)? == Outcome::P {
        let ds = {
            let mut d = divisors(n);
            d.retain(|&d| d < n);
            d
        };
        out.push(Line::say(if n == 1 {
            Said::new("explain-divisor-one")
        } else {
            Said::new("explain-divisor-odd")
                .number("n", n)
                .series("divisors", shown(&ds))
        }));
    } else {
        let ds = winning_moves(n)?;
        let two = n.trailing_zeros();
        out.push(Line::say(
            Said::new("explain-divisor-even")
                .number("n", n)
                .number("two", u64::from(two))
                .number("odd", n >> two)
                .series("divisors", shown(&ds)),
        ));
    }
    Ok(out)
}

/// Largest `N` for which [`grundy_values`] tabulates the divisor game.
pub const MAX_GRUNDY_N: u64 = 1_000_000;

/// Grundy values `g(0..=n)` of the divisor game (`g(0)` is unused and 0), by one pass in
/// increasing order over a sieve of divisors: `O(n log n)` time.
///
/// # Errors
/// [`ImpartialError::OutOfRange`] for `n >` [`MAX_GRUNDY_N`].
pub fn grundy_values(n: u64) -> Result<Vec<u64>, ImpartialError> {
    if n > MAX_GRUNDY_N {
        return Err(ImpartialError::OutOfRange {
            what: "N for divisor-game Grundy values",
            value: n.to_string(),
            max: MAX_GRUNDY_N.to_string(),
        });
    }
    let n = n as usize;
    // Proper divisors of every m ≤ n in compressed lists.
    let mut count = vec![0u32; n + 1];
    for d in 1..=n / 2 {
        for m in (2 * d..=n).step_by(d) {
            count[m] += 1;
        }
    }
    let mut start = vec![0usize; n + 2];
    for m in 0..=n {
        start[m + 1] = start[m] + count[m] as usize;
    }
    let mut fill = start.clone();
    let mut divs = vec![0u32; start[n + 1]];
    for d in 1..=n / 2 {
        for m in (2 * d..=n).step_by(d) {
            divs[fill[m]] = d as u32;
            fill[m] += 1;
        }
    }
    let mut g = vec![0u64; n + 1];
    let mut mex = cgt_core::MexScratch::new();
    for m in 2..=n {
        for &d in &divs[start[m]..start[m + 1]] {
            mex.push(g[m - d as usize]);
        }
        g[m] = mex.finish();
    }
    Ok(g)
}

fn zero() -> ImpartialError {
    ImpartialError::Invalid {
        message: "the divisor game needs N >= 1".to_owned(),
    }
}

/// The divisor game as an [`ImpartialGame`], for search.
#[derive(Clone, Copy, Debug, Default)]
pub struct DivisorGame;

/// A move of the divisor game: subtract `divisor`, a proper divisor of `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Subtract {
    /// The number before the move.
    pub from: u64,
    /// The divisor subtracted.
    pub divisor: u64,
}

impl core::fmt::Display for Subtract {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "subtract {}, leaving {}",
            self.divisor,
            self.from - self.divisor
        )
    }
}

impl core::str::FromStr for Subtract {
    type Err = ImpartialError;
    fn from_str(s: &str) -> Result<Subtract, ImpartialError> {
        match crate::moves::fill("subtract {}, leaving {}", s).as_deref() {
            Some(&[divisor, left]) if divisor >= 1 => Ok(Subtract {
                from: left
                    .checked_add(divisor)
                    .ok_or_else(|| crate::moves::unreadable("divisor-game move", s))?,
                divisor,
            }),
            _ => Err(crate::moves::unreadable("divisor-game move", s)),
        }
    }
}

impl ImpartialGame for DivisorGame {
    type Position = u64;
    type Move = Subtract;
    fn moves(&self, &n: &u64, out: &mut Vec<(Subtract, u64)>) {
        let mut options = Vec::new();
        self.options(&n, &mut options);
        out.extend(options.into_iter().map(|after| {
            (
                Subtract {
                    from: n,
                    divisor: n - after,
                },
                after,
            )
        }));
    }
    fn options(&self, &n: &u64, out: &mut Vec<u64>) {
        let mut d = 1;
        while d * d <= n {
            if n % d == 0 {
                if d < n {
                    out.push(n - d);
                }
                let e = n / d;
                if e != d && e < n {
                    out.push(n - e);
                }
            }
            d += 1;
        }
    }
}

/// All divisors of `n ≥ 1`, sorted.
#[must_use]
pub fn divisors(n: u64) -> Vec<u64> {
    let mut primes = Vec::new();
    factor(n, &mut primes);
    primes.sort_unstable();
    let mut divs = vec![1u64];
    let mut i = 0;
    while i < primes.len() {
        let p = primes[i];
        let mut e = 0;
        while i < primes.len() && primes[i] == p {
            e += 1;
            i += 1;
        }
        let base = divs.len();
        let mut pk = 1u64;
        for _ in 0..e {
            pk *= p;
            for j in 0..base {
                divs.push(divs[j] * pk);
            }
        }
    }
    divs.sort_unstable();
    divs
}

fn factor(n: u64, out: &mut Vec<u64>) {
    let mut n = n;
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        while n.is_multiple_of(p) {
            out.push(p);
            n /= p;
        }
    }
    factor_large(n, out);
}

fn factor_large(n: u64, out: &mut Vec<u64>) {
    if n == 1 {
        return;
    }
    if is_prime(n) {
        out.push(n);
        return;
    }
    let d = pollard_rho(n);
    factor_large(d, out);
    factor_large(n / d, out);
}

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

fn pow_mod(mut a: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    a %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, m);
        }
        a = mul_mod(a, a, m);
        e >>= 1;
    }
    r
}

/// Deterministic Miller–Rabin for 64-bit numbers (these 12 prime bases suffice).
fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// A non-trivial factor of the odd composite `n` (Pollard's rho with Brent's cycle finding).
fn pollard_rho(n: u64) -> u64 {
    let mut c = 1u64;
    loop {
        let f = |x: u64| ((u128::from(mul_mod(x, x, n)) + u128::from(c)) % u128::from(n)) as u64;
        let (mut x, mut y, mut d) = (2u64, 2u64, 1u64);
        while d == 1 {
            x = f(x);
            y = f(f(y));
            d = gcd(x.abs_diff(y), n);
        }
        if d != n {
            return d;
        }
        c += 1;
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisors_of_awkward_numbers() {
        assert_eq!(divisors(1), [1]);
        assert_eq!(divisors(12), [1, 2, 3, 4, 6, 12]);
        // 2^64 − 59 is prime; (2^32 − 5)^2 is a square of a prime.
        assert_eq!(
            divisors(18_446_744_073_709_551_557),
            [1, 18_446_744_073_709_551_557]
        );
        let p = 4_294_967_291u64;
        assert_eq!(divisors(p * p), [1, p, p * p]);
        assert_eq!(divisors(u64::MAX).len(), 128); // 3·5·17·257·641·65537·6700417
    }

    #[test]
    fn winning_moves_by_rule() {
        assert_eq!(winning_moves(12).unwrap(), [1, 3]);
        assert!(winning_moves(9).unwrap().is_empty());
        assert!(outcome(0).is_err());
        assert_eq!(
            winning_moves(u64::MAX - 1).unwrap().len(),
            divisors((u64::MAX - 1) / 2).len()
        );
    }
}
