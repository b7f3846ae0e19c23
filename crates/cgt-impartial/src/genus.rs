//! Misère play of single heaps: the misère nim-sequence and Conway's genus.
//!
//! The **misère Grundy value** of a position is 1 when it has no move and otherwise the mex of
//! its options' misère values; the player to move loses under misère play exactly when it is 0.
//! Unlike normal play, the misère values of the parts do not give the value of a sum, which is
//! why a heap's misère value alone says little. Conway's **genus** says more: for a heap `G`
//! with normal Grundy value `g` it is `g^(γ0 γ1 γ2 …)`, where `γk` is the misère Grundy value of
//! `G + *2 + … + *2` with `k` Nim heaps of size 2. *Winning Ways* writes the sequence up to
//! the point where it settles into alternating two values, so the genus of an empty heap is
//! `0^120`: γ0 = 1, γ1 = 2, then 0, 2, 0, 2, …. Here the terms are computed up to a chosen
//! `K` and written up to the first pair that repeats through `γK` (all of them when none does);
//! that the alternation goes on beyond `γK` is not checked.
//!
//! Everything here is a search over positions made of game heaps and Nim heaps of size 1 and
//! 2, memoised by the generic solver under the [`Misere`] convention, whose normal Grundy value
//! is exactly the misère Grundy value.

use core::fmt;

use cgt_core::misere::Misere;
use cgt_core::{ImpartialGame, SolveError, Solver};

use crate::ImpartialError;
use crate::heapgame::SplitMove;
use crate::heapgame::{HeapGame, HeapSum};

/// Heaps of a heap game beside Nim heaps of size 1 and 2: the positions the genus needs.
#[derive(Clone, Debug)]
pub struct WithSmallNim {
    heaps: HeapSum,
}

/// A position of [`WithSmallNim`]: the game's heaps (sorted, without heaps that have no
/// move), the number of Nim heaps of size 2, and of size 1.
pub type SmallNimPosition = (Vec<u64>, u32, u32);

impl WithSmallNim {
    /// Positions of `game` with extra Nim heaps.
    #[must_use]
    pub fn new(game: HeapGame) -> WithSmallNim {
        WithSmallNim {
            heaps: HeapSum::new(game),
        }
    }

    /// A position in the solver's form.
    #[must_use]
    pub fn position(&self, heaps: &[u64], twos: u32, ones: u32) -> SmallNimPosition {
        (self.live(heaps.to_vec()), twos, ones)
    }

    /// Sorted, with every heap that has no move dropped (it never matters).
    fn live(&self, heaps: Vec<u64>) -> Vec<u64> {
        let mut live: Vec<u64> = heaps
            .into_iter()
            .filter(|&h| h > 0 && !self.heaps.game().heap_options(h).is_empty())
            .collect();
        live.sort_unstable();
        live
    }
}

/// A move of [`WithSmallNim`]: in one of the game's heaps, or in a small Nim heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SmallNimMove {
    /// A move in a heap of the game.
    Heap(SplitMove),
    /// Take one counter from a Nim heap of 2.
    TwoToOne,
    /// Take a whole Nim heap of 2.
    TwoToNothing,
    /// Take a Nim heap of 1.
    OneToNothing,
}

impl fmt::Display for SmallNimMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SmallNimMove::Heap(m) => m.fmt(f),
            SmallNimMove::TwoToOne => f.write_str("take 1 from a Nim heap of 2"),
            SmallNimMove::TwoToNothing => f.write_str("take a Nim heap of 2"),
            SmallNimMove::OneToNothing => f.write_str("take a Nim heap of 1"),
        }
    }
}

impl ImpartialGame for WithSmallNim {
    type Position = SmallNimPosition;
    type Move = SmallNimMove;

    fn moves(
        &self,
        (heaps, twos, ones): &SmallNimPosition,
        out: &mut Vec<(SmallNimMove, SmallNimPosition)>,
    ) {
        let mut moved = Vec::new();
        self.heaps.moves(heaps, &mut moved);
        for (mv, next) in moved {
            out.push((SmallNimMove::Heap(mv), (self.live(next), *twos, *ones)));
        }
        if *twos > 0 {
            out.push((SmallNimMove::TwoToOne, (heaps.clone(), twos - 1, ones + 1)));
            out.push((SmallNimMove::TwoToNothing, (heaps.clone(), twos - 1, *ones)));
        }
        if *ones > 0 {
            out.push((SmallNimMove::OneToNothing, (heaps.clone(), *twos, ones - 1)));
        }
    }

    fn options(&self, (heaps, twos, ones): &SmallNimPosition, out: &mut Vec<SmallNimPosition>) {
        let mut moved = Vec::new();
        self.heaps.options(heaps, &mut moved);
        for next in moved {
            out.push((self.live(next), *twos, *ones));
        }
        if *twos > 0 {
            out.push((heaps.clone(), twos - 1, ones + 1));
            out.push((heaps.clone(), twos - 1, *ones));
        }
        if *ones > 0 {
            out.push((heaps.clone(), *twos, ones - 1));
        }
    }
}

/// Conway's genus of one heap: its normal Grundy value and the misère values `γ0, γ1, …`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Genus {
    /// The normal-play Grundy value `g`.
    pub normal: u32,
    /// `γ0, γ1, …, γK` as computed: `γk` is the misère Grundy value of the heap plus `k`
    /// Nim heaps of size 2.
    pub misere: Vec<u32>,
}

impl Genus {
    /// The terms written in the genus: up to the pair that repeats from there to the last term
    /// computed (all of them when no such pair shows within the terms computed).
    #[must_use]
    pub fn shown(&self) -> &[u32] {
        let m = &self.misere;
        let stable_from = (0..m.len().saturating_sub(2))
            .find(|&s| (s..m.len() - 2).all(|k| m[k] == m[k + 2]))
            .unwrap_or(m.len().saturating_sub(2));
        &m[..(stable_from + 2).min(m.len())]
    }
}

impl fmt::Display for Genus {
    /// `g^γ0γ1…` as Winning Ways writes it (`0^120`), with commas when a value has two digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = self.shown();
        let wide = shown.iter().any(|&v| v >= 10);
        let terms: Vec<String> = shown.iter().map(ToString::to_string).collect();
        write!(
            f,
            "{}^{}",
            self.normal,
            terms.join(if wide { "," } else { "" })
        )
    }
}

/// Misère values and genera of the heaps `0..len` of `game`, with `terms` values
/// `γ0 … γ(terms−1)` each (at least 1), storing at most `position_limit` positions.
///
/// ```
/// use cgt_impartial::genus::genera;
/// use cgt_impartial::heapgame::HeapGame;
///
/// // Nim heaps as the octal game 0.333: the genera of *0, *1, *2, *3 (Winning Ways).
/// let nim = HeapGame::from_name_or_code("0.333")?;
/// let shown: Vec<String> = genera(&nim, 4, 6, 1 << 20)?.iter().map(|g| g.to_string()).collect();
/// assert_eq!(shown, ["0^120", "1^031", "2^20", "3^31"]);
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
///
/// # Errors
/// [`ImpartialError::Invalid`] when the search needs more than `position_limit` positions.
pub fn genera(
    game: &HeapGame,
    len: usize,
    terms: u32,
    position_limit: usize,
) -> Result<Vec<Genus>, ImpartialError> {
    let normal = crate::nimseq::naive_values(game, len);
    let with = WithSmallNim::new(game.clone());
    let mut solver = Solver::new(Misere(with.clone())).with_position_limit(position_limit);
    let mut out = Vec::with_capacity(len);
    for (n, &g) in normal.iter().enumerate() {
        let mut misere = Vec::new();
        for k in 0..terms.max(1) {
            let p = with.position(&[n as u64], k, 0);
            let v = solver
                .grundy(&Some(p))
                .map_err(|e| too_large(e, position_limit))?;
            misere.push(v.value() as u32);
        }
        out.push(Genus { normal: g, misere });
    }
    Ok(out)
}

/// The misère Grundy value of a position of several heaps of `game` (the player to move loses
/// under misère play exactly when it is 0).
///
/// # Errors
/// [`ImpartialError::Invalid`] when the search needs more than `position_limit` positions.
pub fn misere_value(
    game: &HeapGame,
    heaps: &[u64],
    position_limit: usize,
) -> Result<u32, ImpartialError> {
    let with = WithSmallNim::new(game.clone());
    let p = with.position(heaps, 0, 0);
    let mut solver = Solver::new(Misere(with)).with_position_limit(position_limit);
    let v = solver
        .grundy(&Some(p))
        .map_err(|e| too_large(e, position_limit))?;
    Ok(v.value() as u32)
}

fn too_large<P>(e: SolveError<P>, limit: usize) -> ImpartialError {
    match e {
        SolveError::PositionLimit { .. } => ImpartialError::Invalid {
            message: format!(
                "the misère search needs more than {limit} positions; ask for fewer heaps or \
                 fewer genus terms"
            ),
        },
        // Every move of a heap game lowers the total of the heaps or the small Nim heaps, so
        // the game graph has no cycle; a cycle here would be a bug in the heap options.
        _ => ImpartialError::Invalid {
            message: "the misère search met a cycle, which a heap game cannot have".to_owned(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Memo = std::collections::HashMap<Vec<Result<u64, u64>>, u32>;

    /// The misère Grundy value by plain recursion: game heaps and Nim heaps in one list,
    /// `Err(size)` marking a Nim heap, remembered by the sorted list.
    fn plain(game: &HeapGame, position: &[Result<u64, u64>], memo: &mut Memo) -> u32 {
        let mut key = position.to_vec();
        key.sort_unstable();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let v = plain_uncached(game, position, memo);
        memo.insert(key, v);
        v
    }

    fn plain_uncached(game: &HeapGame, position: &[Result<u64, u64>], memo: &mut Memo) -> u32 {
        let mut values = Vec::new();
        for (i, part) in position.iter().enumerate() {
            let rest = || -> Vec<Result<u64, u64>> {
                position[..i]
                    .iter()
                    .chain(&position[i + 1..])
                    .copied()
                    .collect()
            };
            match *part {
                Ok(h) => {
                    for (_, leaves) in game.heap_options(h) {
                        let mut next = rest();
                        next.extend(leaves.into_iter().map(Ok));
                        values.push(plain(game, &next, memo));
                    }
                }
                Err(s) => {
                    for t in 0..s {
                        let mut next = rest();
                        next.push(Err(t));
                        values.push(plain(game, &next, memo));
                    }
                }
            }
        }
        if values.is_empty() {
            return 1;
        }
        (0..).find(|v| !values.contains(v)).unwrap()
    }

    #[test]
    fn genera_equal_plain_recursion() {
        for code in ["0.77", "0.07", "0.137", "4.07", "0.6"] {
            let game = HeapGame::from_name_or_code(code).unwrap();
            let all = genera(&game, 9, 4, 1 << 20).unwrap();
            let mut memo = Memo::new();
            for (n, genus) in all.iter().enumerate() {
                for (k, &v) in genus.misere.iter().enumerate() {
                    let mut p = vec![Ok(n as u64)];
                    p.extend(std::iter::repeat_n(Err(2), k));
                    assert_eq!(
                        v,
                        plain(&game, &p, &mut memo),
                        "{code} heap {n} with {k} twos"
                    );
                }
            }
        }
    }

    #[test]
    fn nim_heaps_have_the_published_genera() {
        let nim = HeapGame::from_name_or_code("0.3333333").unwrap();
        for (n, g) in genera(&nim, 8, 6, 1 << 20).unwrap().iter().enumerate() {
            let expected = match n {
                0 => "0^120".to_owned(),
                1 => "1^031".to_owned(),
                n => format!("{n}^{n}{}", n ^ 2),
            };
            assert_eq!(g.to_string(), expected);
        }
    }

    #[test]
    fn display_keeps_the_first_repeating_pair() {
        let g = Genus {
            normal: 4,
            misere: vec![1, 4, 6, 4, 6, 4],
        };
        assert_eq!(g.to_string(), "4^146");
        let wide = Genus {
            normal: 12,
            misere: vec![12, 14, 12, 14],
        };
        assert_eq!(wide.to_string(), "12^12,14");
        let unsettled = Genus {
            normal: 0,
            misere: vec![1, 2, 3],
        };
        assert_eq!(unsettled.shown(), [1, 2, 3]);
    }

    #[test]
    fn limits_are_errors() {
        let kayles = HeapGame::from_name_or_code("kayles").unwrap();
        assert!(matches!(
            genera(&kayles, 30, 4, 100),
            Err(ImpartialError::Invalid { .. })
        ));
        assert_eq!(misere_value(&kayles, &[1], 100).unwrap(), 0);
        assert_eq!(misere_value(&kayles, &[1, 1], 100).unwrap(), 1);
    }
}
