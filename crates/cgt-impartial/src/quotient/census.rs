//! A census of misère quotients: every octal game with at most three code digits (`0.d1d2d3`,
//! and `4.d1d2` whose moves may also split a heap without removing), the quotient of its
//! heaps up to a bound or as far as a fixed search budget per game reaches.
//!
//! Codes that make the same game on every heap up to the bound — the same options, once
//! heaps without a move are dropped (they never change an outcome) — have the same quotient
//! there; only the first of them in code order is computed, the others name it. This is the
//! equivalence the octal tables apply (trailing zeros, and digits whose only effect is to
//! leave a heap that cannot move), checked on the options themselves rather than by rule.
//!
//! The per-game budget counts searched positions, never time, so an entry does not depend on
//! the machine, the thread count or how the census is split into shards.

use cgt_core::budget::Budget;

use super::misere::{MisereQuotient, Stable};
use crate::ImpartialError;
use crate::heapgame::{HeapGame, OctalCode};

/// The census's codes in order: `0.d1d2d3` for `d1d2d3` = `001 … 777`, then `4.d1d2` for
/// `d1d2` = `00 … 77`, each once (trailing zeros name a shorter code: `0.070` is `0.07`).
#[must_use]
pub fn census_codes() -> Vec<OctalCode> {
    let mut out: Vec<OctalCode> = Vec::new();
    let forms = (1..512u32)
        .map(|i| format!("0.{}{}{}", i / 64, i / 8 % 8, i % 8))
        .chain((0..64u32).map(|i| format!("4.{}{}", i / 8, i % 8)));
    for form in forms {
        let code: OctalCode = form.parse().expect("a census code is valid");
        if !out.contains(&code) {
            out.push(code);
        }
    }
    out.sort_by_key(|c| {
        let d = c.digits();
        (d[0], d.get(1..).map(<[u8]>::to_vec).unwrap_or_default())
    });
    out
}

/// One game of the census.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CensusEntry {
    /// The code, in its shortest form.
    pub code: String,
    /// An earlier code of the census with the same options on every heap up to the bound
    /// (hence the same quotient there); this entry is not computed then.
    pub same_as: Option<String>,
    /// What was computed, unless `same_as` names another code.
    pub quotient: Option<CensusQuotient>,
}

/// The quotient of one census entry.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CensusQuotient {
    /// The largest heap bound whose quotient was computed (the census's bound unless the
    /// budget stopped it).
    pub reached: u64,
    /// The order of the quotient of heaps up to `reached`.
    pub order: usize,
    /// `orders[k]`: the order of the quotient of heaps `0 … k`, for `k = 0 … reached`.
    pub orders: Vec<usize>,
    /// The least heap bound whose quotient is already this one.
    pub same_from: u64,
    /// The periodicity of the pretending function that proves this the quotient of every heap
    /// size, when there is one.
    pub stable: Option<Stable>,
    /// The generators and relations, in one line.
    pub presentation: String,
    /// Why the computation stopped short of the census's bound.
    pub stopped: Option<String>,
}

/// A shard of the census: the codes whose index (from 0, in [`census_codes`] order) is
/// `index − 1` modulo `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CensusShard {
    /// 1 … `count`.
    pub index: u64,
    /// How many shards the census is split into.
    pub count: u64,
}

impl CensusShard {
    /// The whole census.
    pub const ALL: CensusShard = CensusShard { index: 1, count: 1 };

    /// Whether the code at `position` belongs to this shard.
    #[must_use]
    pub fn holds(self, position: usize) -> bool {
        position as u64 % self.count == self.index - 1
    }
}

/// What makes two codes the same game on heaps `0 … upto`: each heap's options, as sorted
/// lists of the heaps left that can still move, sorted and without repeats.
fn signature(game: &HeapGame, upto: u64) -> Vec<Vec<Vec<u64>>> {
    let mut live = Vec::with_capacity(upto as usize + 1);
    let mut out = Vec::with_capacity(upto as usize + 1);
    for h in 0..=upto {
        let mut options: Vec<Vec<u64>> = game
            .heap_options(h)
            .into_iter()
            .map(|(_, leaves)| {
                let mut kept: Vec<u64> = leaves.into_iter().filter(|&l| live[l as usize]).collect();
                kept.sort_unstable();
                kept
            })
            .collect();
        options.sort();
        options.dedup();
        live.push(!options.is_empty());
        out.push(options);
    }
    out
}

/// The census of `codes` (normally [`census_codes`]) with heaps up to `upto`, each game
/// within `positions` searched sums, for the codes of `shard`; entries in code order.
///
/// # Errors
/// `upto` above [`super::MAX_HEAP`] or past the memory allowed; `budget`'s time limit or
/// stop flag (the census stops, no entry is cut short by time).
pub fn census(
    codes: &[OctalCode],
    upto: u64,
    positions: u64,
    shard: CensusShard,
    budget: &Budget,
) -> Result<Vec<CensusEntry>, ImpartialError> {
    if upto > super::MAX_HEAP {
        return Err(ImpartialError::OutOfRange {
            what: "census heap bound",
            value: upto.to_string(),
            max: super::MAX_HEAP.to_string(),
        });
    }
    let games: Vec<HeapGame> = codes.iter().cloned().map(HeapGame::Octal).collect();
    let signatures: Vec<_> = games.iter().map(|g| signature(g, upto)).collect();
    let first: Vec<usize> = (0..games.len())
        .map(|i| {
            (0..i)
                .find(|&j| signatures[j] == signatures[i])
                .unwrap_or(i)
        })
        .collect();
    let chosen: Vec<usize> = (0..games.len()).filter(|&i| shard.holds(i)).collect();
    let entry = |i: usize| -> Result<CensusEntry, ImpartialError> {
        budget.check_interrupt().map_err(ImpartialError::Stopped)?;
        let code = codes[i].to_string();
        if first[i] != i {
            return Ok(CensusEntry {
                code,
                same_as: Some(codes[first[i]].to_string()),
                quotient: None,
            });
        }
        let own = budget.clone().with_positions(positions);
        let (q, stopped) = MisereQuotient::compute_reaching(&games[i], upto, &own)?;
        // A stop by the census's own clock or stop flag ends the census; the per-game
        // position budget only ends this entry.
        budget.check_interrupt().map_err(ImpartialError::Stopped)?;
        Ok(CensusEntry {
            code,
            same_as: None,
            quotient: Some(CensusQuotient {
                reached: q.upto(),
                order: q.order(),
                orders: q.orders().to_vec(),
                same_from: q.same_from(),
                stable: q.stable(),
                presentation: q.presentation().text(),
                stopped: stopped.map(|e| e.to_string()),
            }),
        })
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        chosen.into_par_iter().map(entry).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        chosen.into_iter().map(entry).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_listed_once_in_code_order() {
        let codes = census_codes();
        // 511 codes 0.d1d2d3 (0.000 has no move) and 64 codes 4.d1d2.
        assert_eq!(codes.len(), 511 + 64);
        let names: Vec<String> = codes.iter().map(ToString::to_string).collect();
        assert_eq!(names[0], "0.001");
        assert!(names.contains(&"0.07".to_string()));
        assert!(names.contains(&"4.0".to_string()));
        let mut sorted = names.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
    }

    #[test]
    fn equivalent_codes_name_the_first_and_agree() {
        // Every fourth code, heaps up to 8: an entry that names an earlier code has that
        // code's quotient (computed here directly), and a computed entry is the quotient.
        let codes: Vec<OctalCode> = census_codes().into_iter().step_by(4).collect();
        let entries = census(&codes, 8, 200_000, CensusShard::ALL, &Budget::unlimited()).unwrap();
        assert_eq!(entries.len(), codes.len());
        let direct = |code: &str| {
            let game = HeapGame::Octal(code.parse().unwrap());
            MisereQuotient::compute_reaching(&game, 8, &Budget::unlimited().with_positions(200_000))
                .unwrap()
                .0
        };
        let mut named = 0;
        for e in &entries {
            let q = direct(&e.code);
            match (&e.same_as, &e.quotient) {
                (None, Some(c)) => {
                    assert_eq!((c.order, c.reached), (q.order(), q.upto()), "{}", e.code);
                }
                (Some(first), None) => {
                    named += 1;
                    let p = direct(first);
                    assert_eq!(p.orders(), q.orders(), "{} = {first}", e.code);
                    assert_eq!(p.presentation().text(), q.presentation().text());
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(named > 0, "no equivalent codes among {}", entries.len());
    }

    #[test]
    fn shards_partition_the_census() {
        let codes: Vec<OctalCode> = census_codes().into_iter().take(24).collect();
        let whole = census(&codes, 6, 100_000, CensusShard::ALL, &Budget::unlimited()).unwrap();
        let mut parts = Vec::new();
        for index in 1..=3 {
            let shard = CensusShard { index, count: 3 };
            parts.extend(census(&codes, 6, 100_000, shard, &Budget::unlimited()).unwrap());
        }
        parts.sort_by_key(|e| codes.iter().position(|c| c.to_string() == e.code));
        assert_eq!(parts, whole);
    }
}
