//! What a computed nim-sequence shows: largest value, P-positions, rare positions, period.

use super::best_mask;
use crate::heapgame::HeapGame;

/// What a computed nim-sequence shows: its largest value, its P-positions, its rare positions
/// and, when a theorem applies, its certified period.
///
/// # Examples
///
/// ```
/// use cgt_impartial::heapgame::HeapGame;
/// use cgt_impartial::nimseq::{Summary, naive_values};
///
/// let game = HeapGame::Subtraction("1,3,4".parse()?);
/// let summary = Summary::of(&game, &naive_values(&game, 50));
/// assert_eq!(summary.p_positions[..4], [0, 2, 7, 9]);
/// let period = summary.period.unwrap();
/// assert_eq!((period.preperiod, period.period), (0, 7));
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Summary {
    /// Values computed: `G(0) … G(count − 1)`.
    pub count: usize,
    /// The largest value and the first heap that has it.
    pub max: (u32, usize),
    /// Heaps of value 0.
    pub p_positions: Vec<usize>,
    /// The rare-value mask chosen from the values, if one is worth it.
    pub rare_mask: Option<u32>,
    /// Heaps whose value has an even number of bits under the mask.
    pub rare_positions: Vec<usize>,
    /// The theorem that can certify a period of the game.
    pub rule: crate::period::PeriodRule,
    /// The period it certifies from these values, if any.
    pub period: Option<crate::period::Period>,
}

impl Summary {
    /// The summary of `values`, the start of `game`'s nim-sequence.
    #[must_use]
    pub fn of(game: &HeapGame, values: &[u32]) -> Summary {
        let count = values.len();
        let p_positions: Vec<usize> = (0..count).filter(|&n| values[n] == 0).collect();
        let max =
            values.iter().enumerate().fold(
                (0u32, 0usize),
                |(m, at), (n, &v)| {
                    if v > m { (v, n) } else { (m, at) }
                },
            );
        let rare_mask = best_mask(values).map(|(m, _)| m);
        let rare_positions = match rare_mask {
            Some(m) => (0..count)
                .filter(|&n| (values[n] & m).count_ones().is_multiple_of(2))
                .collect(),
            None => Vec::new(),
        };
        let rule = crate::period::rule_for(game);
        Summary {
            count,
            max,
            p_positions,
            rare_mask,
            rare_positions,
            rule,
            period: crate::period::certified_period(values, rule),
        }
    }
}
