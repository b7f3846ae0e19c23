//! Certified periods of nim-sequences.
//!
//! A nim-sequence is *eventually periodic* with preperiod `n0` and period `p` when
//! `G(n + p) = G(n)` for every `n ≥ n0`. Finitely many values never show that by themselves; a
//! period is reported only with a proof from one of these theorems:
//!
//! - **Window rule** (subtraction games, and octal games without splitting moves): `G(n)`
//!   depends only on the `k` values before it (`k = max S` for a subtraction set; `k = t + 1` for
//!   an octal code whose last non-zero digit is at position `t`, the extra one covering the
//!   "take all" moves of small heaps). So `k` consecutive agreements `G(n + p) = G(n)`,
//!   `n0 ≤ n < n0 + k`, prove the period.
//! - **Guy–Smith** (octal games with two-heap splits): if `G(n + p) = G(n)` for all
//!   `n0 ≤ n < 2·n0 + p + t` with `n0 ≥ 1`, the period holds from `n0` on. With values
//!   `G(0..L)` this needs `L ≥ 2·max(n0, 1) + 2p + t`. (With `n0 = 0` the theorem is false for
//!   some codes, hence the `max`.)
//!
//! Grundy's game and hexadecimal games (three-heap splits) have no such theorem here: no period
//! is ever claimed for them.

use crate::ImpartialError;
use crate::heapgame::HeapGame;

/// A proved period.
///
/// # Examples
///
/// ```
/// use cgt_impartial::heapgame::HeapGame;
/// use cgt_impartial::nimseq::naive_values;
/// use cgt_impartial::period::{certified_period, rule_for};
///
/// let game = HeapGame::Subtraction("1,3,4".parse()?);
/// let p = certified_period(&naive_values(&game, 100), rule_for(&game)).unwrap();
/// assert_eq!((p.preperiod, p.period), (0, 7));
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Period {
    /// The least `n0` with `G(n + p) = G(n)` for all `n ≥ n0`.
    pub preperiod: usize,
    /// The least period `p`.
    pub period: usize,
    /// How many values (`G(0..needed)`) the certificate uses.
    pub needed: usize,
}

/// Which theorem can certify a period of `game`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PeriodRule {
    /// `k` consecutive agreements suffice.
    Window(usize),
    /// Guy–Smith with the largest removal `t`.
    GuySmith(usize),
    /// No certificate is available.
    None,
}

impl core::fmt::Display for PeriodRule {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PeriodRule::Window(k) => {
                write!(f, "window rule, {} consecutive agreements", (*k).max(1))
            }
            PeriodRule::GuySmith(t) => write!(f, "Guy–Smith theorem, t = {t}"),
            PeriodRule::None => f.write_str("no theorem available for this game"),
        }
    }
}

/// The theorem that applies to `game`.
#[must_use]
pub fn rule_for(game: &HeapGame) -> PeriodRule {
    match game {
        HeapGame::Subtraction(s) => {
            PeriodRule::Window(s.elements().last().copied().unwrap_or(0) as usize)
        }
        HeapGame::Octal(c) if c.is_hexadecimal() => PeriodRule::None,
        HeapGame::Octal(c) if c.splits() => PeriodRule::GuySmith(c.max_removal()),
        HeapGame::Octal(c) => PeriodRule::Window(c.max_removal() + 1),
        HeapGame::Grundy => PeriodRule::None,
    }
}

/// The least certified period of the sequence `values = G(0..L)`, with its least preperiod, or
/// `None` when no period can be proved from these values.
///
/// Periods are tried in increasing order; for each, the longest tail of agreements
/// `G(n + p) = G(n)` running to the end of the data gives the preperiod, and the rule decides
/// whether the data proves it. Since a certificate is a proof, the first certified period is the
/// least period of the whole sequence.
#[must_use]
pub fn certified_period(values: &[u32], rule: PeriodRule) -> Option<Period> {
    let len = values.len();
    if matches!(rule, PeriodRule::None) {
        return None;
    }
    for p in 1..=len / 2 {
        // n0: start of the agreeing tail over n in [0, len - p).
        let mut n0 = len - p;
        while n0 > 0 && values[n0 - 1] == values[n0 - 1 + p] {
            n0 -= 1;
        }
        let agreeing = len - p - n0;
        let proved = match rule {
            PeriodRule::Window(k) => agreeing >= k.max(1),
            PeriodRule::GuySmith(t) => len >= 2 * n0.max(1) + 2 * p + t,
            PeriodRule::None => false,
        };
        if proved {
            let needed = match rule {
                PeriodRule::Window(k) => n0 + p + k.max(1),
                PeriodRule::GuySmith(t) => 2 * n0.max(1) + 2 * p + t,
                PeriodRule::None => len,
            };
            return Some(Period {
                preperiod: n0,
                period: p,
                needed,
            });
        }
    }
    None
}

/// Grundy values of a heap game for heaps of any size: computed directly up to a bound, or,
/// when the values probed certify a period, from the period (so `kayles 10^18` is answered at
/// once and exactly).
///
/// ```
/// use cgt_impartial::heapgame::HeapGame;
/// use cgt_impartial::period::HeapValues;
///
/// let kayles = HeapGame::from_name_or_code("kayles")?;
/// let values = HeapValues::for_heaps(&kayles, &[u64::MAX], u128::MAX)?;
/// assert!(values.period().is_some());
/// assert_eq!(values.get(1_000_000_000_000), values.get(1_000_000_000_000 - 12));
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[derive(Clone, Debug)]
pub struct HeapValues {
    values: Vec<u32>,
    period: Option<Period>,
}

/// Values probed for a certified period before computing every value up to a large heap.
pub const PROBE: usize = 1 << 14;

/// Extends `values` (which hold at least `period.needed` values) to `len` values by the
/// certified period: `G(n) = G(n − p)` for every `n ≥ preperiod + p`. By the theorem behind the
/// certificate these are the values a full computation gives.
pub fn extend_by_period(values: &mut Vec<u32>, len: usize, period: Period) {
    let (start, p) = (period.preperiod, period.period);
    values.reserve(len.saturating_sub(values.len()));
    while values.len() < len {
        let n = values.len();
        values.push(values[start + (n - start) % p]);
    }
}

impl HeapValues {
    /// The values `G(h)` for every `h ≤` the largest of `heaps`: `G(0..=max)` computed, unless
    /// `max` is beyond 16,384 and `G(0..16384)` certify a period (then only those).
    ///
    /// # Errors
    /// [`ImpartialError::TooLarge`] when the values needed pass `memory_limit`;
    /// [`ImpartialError::OutOfRange`] for a heap beyond the address space with no period.
    pub fn for_heaps(
        game: &HeapGame,
        heaps: &[u64],
        memory_limit: u128,
    ) -> Result<HeapValues, ImpartialError> {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let algorithm = crate::nimseq::Algorithm::Auto;
        if largest >= PROBE as u64 {
            let probe = crate::nimseq::values(game, PROBE, algorithm, memory_limit)?;
            if let Some(period) = certified_period(&probe, rule_for(game)) {
                return Ok(HeapValues {
                    values: probe,
                    period: Some(period),
                });
            }
        }
        let len = usize::try_from(largest)
            .ok()
            .and_then(|n| n.checked_add(1))
            .ok_or_else(|| ImpartialError::OutOfRange {
                what: "heap size (no certified period)",
                value: largest.to_string(),
                max: usize::MAX.to_string(),
            })?;
        Ok(HeapValues {
            values: crate::nimseq::values(game, len, algorithm, memory_limit)?,
            period: None,
        })
    }

    /// `G(n)`.
    ///
    /// # Panics
    /// For `n` past the heaps given to [`HeapValues::for_heaps`] when no period was certified
    /// (a caller's bug).
    #[must_use]
    pub fn get(&self, n: u64) -> u32 {
        match self.period {
            Some(p) if n >= self.values.len() as u64 => {
                let (start, period) = (p.preperiod as u64, p.period as u64);
                self.values[(start + (n - start) % period) as usize]
            }
            _ => self.values[usize::try_from(n).expect("a heap within the values computed")],
        }
    }

    /// The certified period used, if any.
    #[must_use]
    pub fn period(&self) -> Option<Period> {
        self.period
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimseq::naive_values;

    fn game(s: &str) -> HeapGame {
        HeapGame::from_name_or_code(s).unwrap()
    }

    #[test]
    fn classic_periods() {
        // Kayles: period 12 from n = 71 (last exceptional value at 70).
        let k = game("kayles");
        let p = certified_period(&naive_values(&k, 400), rule_for(&k)).unwrap();
        assert_eq!((p.preperiod, p.period), (71, 12));
        // Dawson's chess (0.137): period 34 from n = 52; Dawson's Kayles (0.07) is the same
        // sequence shifted by one.
        let c = game("dawsons-chess");
        let p = certified_period(&naive_values(&c, 400), rule_for(&c)).unwrap();
        assert_eq!((p.preperiod, p.period), (52, 34));
        let d = game("0.07");
        let p = certified_period(&naive_values(&d, 400), rule_for(&d)).unwrap();
        assert_eq!((p.preperiod, p.period), (53, 34));
        // Too few values: no claim.
        assert_eq!(certified_period(&naive_values(&k, 100), rule_for(&k)), None);
        assert_eq!(rule_for(&HeapGame::Grundy), PeriodRule::None);
    }

    /// The values a certified period fills in are exactly those computed one by one.
    #[test]
    fn extending_by_the_period_gives_the_computed_values() {
        let mut periodic = 0;
        for name in ["kayles", "dawsons-chess", "0.07", "0.16", "0.35", "4.7"] {
            let g = game(name);
            let full = crate::nimseq::values(&g, 25_000, crate::nimseq::Algorithm::Auto, u128::MAX)
                .unwrap();
            let Some(p) = certified_period(&full[..PROBE], rule_for(&g)) else {
                continue;
            };
            periodic += 1;
            let mut filled = full[..PROBE].to_vec();
            extend_by_period(&mut filled, full.len(), p);
            assert!(filled == full, "{name}");
        }
        assert!(periodic >= 3, "{periodic}");
        let s = HeapGame::Subtraction("1,3,4".parse().unwrap());
        let full = naive_values(&s, 5_000);
        let p = certified_period(&full[..200], rule_for(&s)).unwrap();
        let mut filled = full[..200].to_vec();
        extend_by_period(&mut filled, 5_000, p);
        assert_eq!(filled, full);
    }

    #[test]
    fn subtraction_periods_of_the_seeds() {
        for (set, period, p_positions) in [
            ("1,2,3", 4, vec![0, 4, 8, 12]),
            ("2,3", 5, vec![0, 1, 5, 6, 10, 11, 15]),
            ("1,3,4", 7, vec![0, 2, 7, 9, 14]),
            ("2,3,5", 7, vec![0, 1, 7, 8, 14, 15]),
        ] {
            let g = HeapGame::Subtraction(set.parse().unwrap());
            let v = naive_values(&g, 200);
            let p = certified_period(&v, rule_for(&g)).unwrap();
            assert_eq!(p.period, period, "{set}");
            assert_eq!(p.preperiod, 0, "{set}");
            let zeros: Vec<usize> = (0..16).filter(|&n| v[n] == 0).collect();
            assert_eq!(
                zeros,
                p_positions
                    .into_iter()
                    .filter(|&n| n < 16)
                    .collect::<Vec<_>>(),
                "{set}"
            );
        }
        let empty = HeapGame::Subtraction("{}".parse().unwrap());
        let p = certified_period(&naive_values(&empty, 10), rule_for(&empty)).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 1));
    }

    #[test]
    fn heap_values_from_a_period_agree_with_the_values_computed() {
        for name in ["kayles", "{1,3,4}", "{2,5,7}", "0.137"] {
            let game = if name.starts_with('{') {
                HeapGame::Subtraction(name.parse().unwrap())
            } else {
                HeapGame::from_name_or_code(name).unwrap()
            };
            let top = PROBE as u64 + 2_000;
            let lookup = HeapValues::for_heaps(&game, &[top], u128::MAX).unwrap();
            assert!(lookup.period().is_some(), "{name}");
            let direct = crate::nimseq::values(
                &game,
                top as usize + 1,
                crate::nimseq::Algorithm::Auto,
                u128::MAX,
            )
            .unwrap();
            for (n, &v) in direct.iter().enumerate() {
                assert_eq!(lookup.get(n as u64), v, "{name} at {n}");
            }
        }
        // Grundy's game has no theorem: values are computed, and a heap past them is refused.
        let grundy = HeapGame::Grundy;
        assert!(HeapValues::for_heaps(&grundy, &[u64::MAX], 1 << 30).is_err());
    }
}
