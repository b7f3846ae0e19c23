//! Partizan subtraction games: heaps of counters, from which Left takes a number of counters in
//! her set and Right a number in his; the player who cannot move loses. With equal sets it is
//! the impartial subtraction game, every value a nimber.
//!
//! A position is written `L|R: HEAPS`: each set as numbers from 1 to 64 separated by commas
//! (either may be empty), then the heap sizes separated by spaces — `1,2|1,3: 7 4`. Each heap is
//! a component of the sum, searched alone; Fraenkel and Kotzig showed the outcomes of a heap
//! are eventually periodic in its size.
//!
//! ```
//! use cgt_partizan::subtraction::{Heaps, PartizanSubtraction};
//! use cgt_partizan::{Arena, Evaluator};
//!
//! let mut arena = Arena::new();
//! let mut ev = Evaluator::new(PartizanSubtraction);
//! // Left takes 1, Right takes 2 (the trait's own example): 0, 1, {1|0}, then again.
//! let values: Vec<String> = (0..6)
//!     .map(|n| {
//!         let heap: Heaps = format!("1|2: {n}").parse()?;
//!         ev.value(&mut arena, &heap).map(|v| arena.display(v))
//!     })
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(values, ["0", "1", "{1|0}", "0", "1", "{1|0}"]);
//! # Ok::<(), cgt_partizan::PartizanError>(())
//! ```

use core::fmt;
use core::str::FromStr;

use crate::ruleset::{MoveText, Place, Ruleset};
use crate::{PartizanError, PartizanGame, Player};

/// The largest heap a position may hold.
pub const MAX_HEAP: u32 = 1_000_000;
/// The most heaps a position may hold.
pub const MAX_HEAPS: usize = 64;

/// A position: both players' sets (bit `k − 1` for `k` counters) and the heaps, largest first,
/// empty heaps left out.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Heaps {
    left: u64,
    right: u64,
    heaps: Vec<u32>,
}

impl Heaps {
    /// The heaps, largest first.
    #[must_use]
    pub fn heaps(&self) -> &[u32] {
        &self.heaps
    }

    /// The numbers of counters `player` may take.
    #[must_use]
    pub fn takes(&self, player: Player) -> Vec<u32> {
        let set = match player {
            Player::Left => self.left,
            Player::Right => self.right,
        };
        (1..=64).filter(|k| set >> (k - 1) & 1 == 1).collect()
    }

    fn with_heaps(&self, mut heaps: Vec<u32>) -> Heaps {
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable_by(|a, b| b.cmp(a));
        Heaps {
            left: self.left,
            right: self.right,
            heaps,
        }
    }
}

fn parse_set(text: &str, whole: &str, who: &str) -> Result<u64, PartizanError> {
    let mut set = 0u64;
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match part.parse::<u32>() {
            Ok(k @ 1..=64) => set |= 1 << (k - 1),
            _ => {
                return Err(PartizanError::parse(
                    whole,
                    format!("{who}'s set holds numbers from 1 to 64, not {part:?}"),
                ));
            }
        }
    }
    Ok(set)
}

impl FromStr for Heaps {
    type Err = PartizanError;

    fn from_str(text: &str) -> Result<Heaps, PartizanError> {
        let expected = "a partizan subtraction position is `L|R: HEAPS`, such as `1,2|1,3: 7 4`";
        let (sets, heaps) = text
            .split_once(':')
            .ok_or_else(|| PartizanError::parse(text, expected))?;
        let (left, right) = sets
            .split_once('|')
            .ok_or_else(|| PartizanError::parse(text, expected))?;
        let mut sizes = Vec::new();
        for part in heaps.split([' ', ',']).filter(|p| !p.is_empty()) {
            let n: u32 = part.parse().map_err(|_| {
                PartizanError::parse(text, format!("a heap is a whole number, not {part:?}"))
            })?;
            if n > MAX_HEAP {
                return Err(PartizanError::TooLarge {
                    message: format!("a heap of {n}: heaps hold at most {MAX_HEAP} counters"),
                });
            }
            sizes.push(n);
        }
        if sizes.is_empty() {
            return Err(PartizanError::parse(
                text,
                "give at least one heap after the `:`",
            ));
        }
        if sizes.len() > MAX_HEAPS {
            return Err(PartizanError::TooLarge {
                message: format!("{} heaps: at most {MAX_HEAPS}", sizes.len()),
            });
        }
        let base = Heaps {
            left: parse_set(left, text, "Left")?,
            right: parse_set(right, text, "Right")?,
            heaps: Vec::new(),
        };
        Ok(base.with_heaps(sizes))
    }
}

impl fmt::Display for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let set = |player| {
            self.takes(player)
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        let heaps: Vec<String> = self.heaps.iter().map(ToString::to_string).collect();
        let heaps = if heaps.is_empty() {
            "0".to_owned()
        } else {
            heaps.join(" ")
        };
        write!(f, "{}|{}: {heaps}", set(Player::Left), set(Player::Right))
    }
}

/// A move: `count` counters taken from a heap of `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take {
    /// The heap's place among the heaps (largest first, from 0).
    pub heap: usize,
    /// Its size before the move.
    pub from: u32,
    /// Counters taken.
    pub count: u32,
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "take {} from the heap of {}, leaving {}",
            self.count,
            self.from,
            self.from - self.count
        )
    }
}

impl cgt_core::said::Worded for Take {
    /// `take 2 from the heap of 7, leaving 5` (`move-take-from-heap-of`).
    fn said(&self) -> Option<cgt_core::said::Said> {
        Some(
            cgt_core::said::Said::new("move-take-from-heap-of")
                .number("count", u64::from(self.count))
                .number("from", u64::from(self.from))
                .number("to", u64::from(self.from - self.count)),
        )
    }
}

/// The rules of partizan subtraction, for an [`crate::Evaluator`] (the sets are in the
/// position).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PartizanSubtraction;

impl PartizanGame for PartizanSubtraction {
    type Position = Heaps;
    type Move = Take;

    fn moves(&self, p: &Heaps, player: Player, out: &mut Vec<(Take, Heaps)>) {
        let takes = p.takes(player);
        for (i, &h) in p.heaps.iter().enumerate() {
            // Equal heaps have the same options: the first stands for them.
            if i > 0 && p.heaps[i - 1] == h {
                continue;
            }
            for &k in takes.iter().take_while(|&&k| k <= h) {
                let mut heaps = p.heaps.clone();
                heaps[i] = h - k;
                let take = Take {
                    heap: i,
                    from: h,
                    count: k,
                };
                out.push((take, p.with_heaps(heaps)));
            }
        }
    }

    fn components(&self, p: &Heaps, out: &mut Vec<Heaps>) {
        let least = (p.left | p.right).trailing_zeros() + 1;
        out.extend(
            p.heaps
                .iter()
                .filter(|&&h| h >= least)
                .map(|&h| p.with_heaps(vec![h])),
        );
    }
}

impl Ruleset for PartizanSubtraction {
    type Game = PartizanSubtraction;
    const NAME: &'static str = "partizan-subtraction";
    const GAME: PartizanSubtraction = PartizanSubtraction;

    fn title(p: &Heaps) -> String {
        let set = |player| {
            let takes: Vec<String> = p.takes(player).iter().map(ToString::to_string).collect();
            match takes.len() {
                0 => "nothing".to_owned(),
                1 => takes[0].clone(),
                n => format!("{} or {}", takes[..n - 1].join(", "), takes[n - 1]),
            }
        };
        format!(
            "Partizan subtraction {p} (Left takes {}, Right takes {})",
            set(Player::Left),
            set(Player::Right)
        )
    }

    fn describe(_: &Heaps, m: &Take, after: &Heaps, _: Player) -> MoveText {
        MoveText {
            from: Some(Place::Cell(m.heap)),
            to: None,
            text: format!("{m}: {after}"),
        }
    }
}

/// The sweep of partizan subtraction's values (feature `verify`).
#[cfg(feature = "verify")]
#[must_use]
pub fn sweeps() -> Vec<cgt_core::verify::Sweep> {
    use cgt_core::verify::{Expect, Sweep};
    vec![Sweep {
        name: "partizan/subtraction-values",
        claim: "Partizan subtraction values (heaps as components) equal minimax on position − \
                value, for every pair of sets inside {1, 2, 3} and every heap up to 12, and \
                random sets inside {1, …, 6} with one heap up to 30 or two up to 10; with equal \
                sets every heap is the nimber of the impartial game's mex recursion",
        expect: Expect::Holds,
        run: sweep::run,
    }]
}

#[cfg(feature = "verify")]
mod sweep {
    use cgt_core::verify::{Config, Rng, Tally, check_cases};

    use super::{Heaps, PartizanSubtraction};
    use crate::verify::oracle::check_value;
    use crate::{Arena, Evaluator, Player};

    /// The impartial subtraction game's Grundy values of heaps `0..=upto`.
    fn grundy(takes: &[u32], upto: u32) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for n in 0..=upto {
            let mut seen = 0u128;
            for &k in takes.iter().filter(|&&k| k <= n) {
                seen |= 1 << g[(n - k) as usize].min(127);
            }
            g.push(u64::from((!seen).trailing_zeros()));
        }
        g
    }

    fn set(bits: u64) -> String {
        (1..=6)
            .filter(|k| bits >> (k - 1) & 1 == 1)
            .map(|k: u32| k.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }

    pub(super) fn run(config: &Config) -> Tally {
        const EXHAUSTIVE: u64 = 8 * 8 * 13; // sets inside {1, 2, 3}, one heap 0..=12
        let step = config.scale.pick(7, 1, 1);
        let random = config.scale.pick(30, 600, 6_000);
        check_cases(config, EXHAUSTIVE / step + random, |case| {
            let text = if case < EXHAUSTIVE / step {
                let k = case * step;
                format!("{}|{}: {}", set(k % 8), set(k / 8 % 8), k / 64)
            } else {
                let mut rng = Rng::for_case("partizan/subtraction-values", case);
                let (left, right) = (rng.below(64), rng.below(64));
                let right = if rng.below(4) == 0 { left } else { right };
                let heaps = if rng.below(2) == 0 {
                    rng.below(31).to_string()
                } else {
                    format!("{} {}", rng.below(11), rng.below(11))
                };
                format!("{}|{}: {heaps}", set(left), set(right))
            };
            let p: Heaps = text
                .parse()
                .map_err(|e: crate::PartizanError| e.to_string())?;
            let mut arena = Arena::new();
            let mut ev = Evaluator::new(PartizanSubtraction);
            check_value(&PartizanSubtraction, &mut ev, &mut arena, &p, &|p| {
                p.to_string()
            })?;
            if p.left == p.right {
                let takes = p.takes(Player::Left);
                let top = p.heaps().first().copied().unwrap_or(0);
                let g = grundy(&takes, top);
                let nim = p.heaps().iter().fold(0, |x, &h| x ^ g[h as usize]);
                let v = ev.value(&mut arena, &p).map_err(|e| e.to_string())?;
                if v != arena.nimber(nim).map_err(|e| e.to_string())? {
                    return Err(format!(
                        "{text}: equal sets, value {} but the mex recursion gives *{nim}",
                        arena.display(v)
                    ));
                }
            }
            Ok(())
        })
    }
}
