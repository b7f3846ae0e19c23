//! Nim and its relatives: Bouton's Nim, misère Nim, Staircase Nim and Moore's Nim_k.
//!
//! Every function works for heap sizes up to `u64::MAX` without overflow and returns **every**
//! winning move (for Moore's Nim_k, one constructive winning move; the set of all of them can be
//! exponentially large).

use core::fmt;

use cgt_core::{ImpartialGame, Nimber, Outcome, nim_sum};

use cgt_core::said::{Line, Said, Word};

use crate::moves::{fill, unreadable};
use crate::{HeapMove, MultiHeapMove};

/// Grundy value of a Nim position: the nim-sum of the heaps (Bouton; Sprague–Grundy).
#[must_use]
pub fn nim_grundy(heaps: &[u64]) -> Nimber {
    Nimber::new(nim_sum(heaps.iter().copied()))
}

/// Outcome of a Nim position under normal play: P exactly when the nim-sum is zero.
#[must_use]
pub fn nim_outcome(heaps: &[u64]) -> Outcome {
    Outcome::from_grundy(nim_grundy(heaps))
}

/// Every winning move of normal-play Nim: with nim-sum `s ≠ 0`, reduce a heap `h` with
/// `h ⊕ s < h` to `h ⊕ s`. Empty for a P-position.
///
/// ```
/// use cgt_impartial::nim::nim_winning_moves;
/// let moves = nim_winning_moves(&[3, 4, 5]);
/// assert_eq!(moves.len(), 1);
/// assert_eq!(moves[0].to_string(), "take 2 from heap 1, leaving 1");
/// ```
#[must_use]
pub fn nim_winning_moves(heaps: &[u64]) -> Vec<HeapMove> {
    nim_moves_to_value(heaps, 0)
}

/// Every move of Nim to a position of Grundy value `target` (used to play in a sum of games).
#[must_use]
pub fn nim_moves_to_value(heaps: &[u64], target: u64) -> Vec<HeapMove> {
    let s = nim_sum(heaps.iter().copied()) ^ target;
    if s == 0 {
        return Vec::new();
    }
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h ^ s < h)
        .map(|(heap, &h)| HeapMove {
            heap,
            from: h,
            to: h ^ s,
        })
        .collect()
}

/// Outcome of misère Nim (the player who takes the last counter loses).
///
/// The most heaps and the widest heap (in bits) [`explain`] draws: beyond, the table would not
/// fit a screen.
pub const EXPLAIN_LIMITS: (usize, u32) = (16, 24);

/// Bouton's derivation for a Nim position, as a teacher would write it: each heap in binary,
/// one column per power of two, the nim-sum under them, and what it says (for misère play,
/// Bouton's misère rule), as [`Line`]s a front end words in its language. `None` beyond
/// [`EXPLAIN_LIMITS`].
///
/// ```
/// use cgt_core::said::Line;
/// use cgt_impartial::nim::explain;
///
/// let lines = explain(&[3, 4, 5], false).unwrap();
/// // The nim-sum row: 011 XOR 100 XOR 101 = 010.
/// assert!(lines.iter().any(|l| matches!(l, Line::Row { label, cells }
///     if label.id == "explain-row-nim-sum" && cells.ends_with(" 010"))));
/// assert_eq!(lines.last().unwrap().said().unwrap().id, "explain-nim-flip");
/// ```
#[must_use]
pub fn explain(heaps: &[u64], misere: bool) -> Option<Vec<Line>> {
    let numbers: Vec<u64> = (1..=heaps.len() as u64).collect();
    bouton(heaps, misere, Unit::Heap, &numbers)
}

/// What the rows of Bouton's table are: heaps, or the odd steps of a staircase.
#[derive(Clone, Copy)]
enum Unit {
    Heap,
    Step,
}

impl Unit {
    fn word(self) -> &'static str {
        match self {
            Unit::Heap => "heap",
            Unit::Step => "step",
        }
    }
}

/// A row of a binary table: `heap 1`, its number padded to three places so that the rows of
/// up to 999 heaps keep one width.
fn row_label(unit: Unit, n: u64) -> Said {
    Said::new("explain-row")
        .text("unit", unit.word())
        .text("n", format!("{n:<3}"))
}

/// Bouton's table of `heaps`, row `i` called `unit` number `numbers[i]`.
fn bouton(heaps: &[u64], misere: bool, unit: Unit, numbers: &[u64]) -> Option<Vec<Line>> {
    let (max_heaps, max_bits) = EXPLAIN_LIMITS;
    let xor = nim_sum(heaps.iter().copied());
    let widest = heaps.iter().copied().max().unwrap_or(0);
    let bits = (64 - widest.leading_zeros()).max(1);
    if heaps.len() > max_heaps || bits > max_bits {
        return None;
    }
    let bin = |v: u64| format!("{v:0width$b}", width = bits as usize);
    let digits = widest.to_string().len();
    let mut out = vec![Line::say(Said::new("explain-bouton"))];
    for (&h, &n) in heaps.iter().zip(numbers) {
        out.push(Line::Row {
            label: row_label(unit, n),
            cells: format!("{h:>digits$} = {}", bin(h)),
        });
    }
    out.push(Line::Row {
        label: Said::new("explain-row-nim-sum"),
        cells: format!("{:digits$}   {}", "", bin(xor)),
    });
    let odd: Vec<Word> = (0..bits)
        .rev()
        .filter(|b| xor >> b & 1 == 1)
        .map(|b| Word::Number(1u64 << b))
        .collect();
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    if misere && big == 0 {
        let ones = heaps.iter().filter(|&&h| h == 1).count() as u64;
        out.push(Line::say(
            Said::new("explain-misere-ones")
                .number("ones", ones)
                .number("odd", ones % 2),
        ));
        return Some(out);
    }
    if misere {
        out.push(Line::say(Said::new("explain-misere-big")));
    }
    if xor == 0 {
        out.push(Line::say(Said::new("explain-nim-zero")));
        return Some(out);
    }
    out.push(Line::say(
        Said::new("explain-nim-odd")
            .number("count", odd.len() as u64)
            .series("columns", odd)
            .number("sum", xor),
    ));
    let top = 63 - xor.leading_zeros();
    if let Some((&h, &n)) = heaps.iter().zip(numbers).find(|(h, _)| *h >> top & 1 == 1) {
        let to = h ^ xor;
        out.push(Line::say(
            Said::new("explain-nim-flip")
                .text("unit", unit.word())
                .number("n", n)
                .number("column", 1u64 << top)
                .text("bits", bin(h))
                .text("sum", bin(xor))
                .text("after", bin(to))
                .number("to", to)
                .number("take", h - to),
        ));
    }
    Some(out)
}

/// P exactly when every heap is at most 1 and the number of 1-heaps is odd, or some heap is at
/// least 2 and the nim-sum is zero.
#[must_use]
pub fn misere_outcome(heaps: &[u64]) -> Outcome {
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    misere_outcome_from(big, ones, nim_sum(heaps.iter().copied()))
}

fn misere_outcome_from(big: usize, ones: usize, xor: u64) -> Outcome {
    let p = if big == 0 { ones % 2 == 1 } else { xor == 0 };
    if p { Outcome::P } else { Outcome::N }
}

/// Every winning move of misère Nim.
///
/// Play as in normal Nim, except for the move that would leave only heaps of size at most 1:
/// then leave an odd number of 1-heaps. Computed exactly: a move to a misère P-position leaves
/// the reduced heap at 0, 1 or the nim-sum of the other heaps, so only those targets are tried.
#[must_use]
pub fn misere_winning_moves(heaps: &[u64]) -> Vec<HeapMove> {
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let xor = nim_sum(heaps.iter().copied());
    let mut moves = Vec::new();
    for (heap, &h) in heaps.iter().enumerate() {
        let rest_xor = xor ^ h;
        let rest_big = big - usize::from(h >= 2);
        let rest_ones = ones - usize::from(h == 1);
        let mut targets = [0, 1, rest_xor];
        targets.sort_unstable();
        for (i, &to) in targets.iter().enumerate() {
            if to >= h || (i > 0 && targets[i - 1] == to) {
                continue;
            }
            let after = misere_outcome_from(
                rest_big + usize::from(to >= 2),
                rest_ones + usize::from(to == 1),
                rest_xor ^ to,
            );
            if after == Outcome::P {
                moves.push(HeapMove { heap, from: h, to });
            }
        }
    }
    moves
}

/// A Staircase Nim move: `count` coins go from step `step` down to step `step − 1`
/// (coins moved to step 0 leave the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StairMove {
    /// The step the coins leave (at least 1).
    pub step: usize,
    /// How many coins move (at least 1).
    pub count: u64,
}

impl StairMove {
    /// The move in words for a front end (`move-stair`): what `Display` writes in English.
    #[must_use]
    pub fn said(&self) -> Said {
        Said::new("move-stair")
            .number("count", self.count)
            .number("from", self.step as u64)
            .number("to", self.step as u64 - 1)
    }
}

impl fmt::Display for StairMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let noun = if self.count == 1 { "coin" } else { "coins" };
        write!(
            f,
            "move {} {noun} from step {} to step {}",
            self.count,
            self.step,
            self.step - 1
        )
    }
}

impl core::str::FromStr for StairMove {
    type Err = crate::ImpartialError;
    fn from_str(s: &str) -> Result<StairMove, crate::ImpartialError> {
        let numbers = fill("move {} coins from step {} to step {}", s)
            .or_else(|| fill("move {} coin from step {} to step {}", s));
        match numbers.as_deref() {
            Some(&[count, step, below]) if count >= 1 && step >= 1 && below + 1 == step => {
                Ok(StairMove {
                    step: usize::try_from(step).map_err(|_| unreadable("staircase move", s))?,
                    count,
                })
            }
            _ => Err(unreadable("staircase move", s)),
        }
    }
}

impl StairMove {
    /// Applies the move to a copy of `steps` (coins per step, step 0 first).
    #[must_use]
    pub fn apply(&self, steps: &[u64]) -> Vec<u64> {
        let mut next = steps.to_vec();
        next[self.step] -= self.count;
        next[self.step - 1] = next[self.step - 1].saturating_add(self.count);
        next
    }
}

/// Grundy value of Staircase Nim with `steps[i]` coins on step `i`: the nim-sum of the odd
/// steps (coins on even steps are a reversible distraction).
#[must_use]
pub fn staircase_grundy(steps: &[u64]) -> Nimber {
    Nimber::new(nim_sum(steps.iter().skip(1).step_by(2).copied()))
}

/// Why Staircase Nim is Nim on the odd steps, and Bouton's table of the odd steps with the
/// move it gives (`steps[i]` coins on step `i`, step 0 the ground), as [`Line`]s. `None` beyond
/// [`EXPLAIN_LIMITS`] for the odd steps.
///
/// ```
/// use cgt_core::said::{Line, Word};
/// use cgt_impartial::nim::staircase_explain;
///
/// let lines = staircase_explain(&[0, 3, 1, 5]).unwrap();
/// let Line::Say(odd) = &lines[1] else { panic!() };
/// assert_eq!(odd.args[0].1, Word::Series(vec![Word::Number(1), Word::Number(3)]));
/// assert_eq!(odd.args[1].1, Word::And(vec![Word::Number(3), Word::Number(5)]));
/// ```
#[must_use]
pub fn staircase_explain(steps: &[u64]) -> Option<Vec<Line>> {
    let odd: Vec<u64> = steps.iter().skip(1).step_by(2).copied().collect();
    let numbers: Vec<u64> = (1..steps.len() as u64).step_by(2).collect();
    let mut out = vec![
        Line::say(Said::new("explain-staircase")),
        Line::say(
            Said::new("explain-staircase-odd")
                .series("steps", numbers.iter().map(|&n| Word::Number(n)).collect())
                .words(
                    "counts",
                    Word::And(odd.iter().map(|&c| Word::Number(c)).collect()),
                ),
        ),
    ];
    out.extend(bouton(&odd, false, Unit::Step, &numbers)?);
    let moves = staircase_winning_moves(steps);
    if !moves.is_empty() {
        out.push(Line::say(
            Said::new("explain-staircase-moves")
                .list("moves", moves.iter().map(|m| m.said().into()).collect()),
        ));
    }
    Some(out)
}

/// Every winning move of Staircase Nim: reduce an odd step as in Nim, or move coins from an
/// even step `i ≥ 2` onto odd step `i − 1` to raise it to its Nim target.
#[must_use]
pub fn staircase_winning_moves(steps: &[u64]) -> Vec<StairMove> {
    staircase_moves_to_value(steps, 0)
}

/// Every move of Staircase Nim to a position of Grundy value `target`.
#[must_use]
pub fn staircase_moves_to_value(steps: &[u64], target: u64) -> Vec<StairMove> {
    let s = staircase_grundy(steps).value() ^ target;
    if s == 0 {
        return Vec::new();
    }
    let mut moves = Vec::new();
    for step in 1..steps.len() {
        if step % 2 == 1 {
            let h = steps[step];
            if h ^ s < h {
                moves.push(StairMove {
                    step,
                    count: h - (h ^ s),
                });
            }
        } else {
            let below = steps[step - 1];
            let target = below ^ s;
            if target > below && target - below <= steps[step] {
                moves.push(StairMove {
                    step,
                    count: target - below,
                });
            }
        }
    }
    moves
}

/// Moore's Nim_k: a move reduces at least 1 and at most `k` heaps. Nim is Nim_1.
///
/// # Examples
///
/// ```
/// use cgt_core::Outcome;
/// use cgt_impartial::nim::MooreNim;
///
/// let nim2 = MooreNim::new(2).unwrap(); // reduce one or two heaps per move
/// assert_eq!(nim2.outcome(&[1, 2, 3]), Outcome::N);
/// let m = nim2.winning_move(&[1, 2, 3]).unwrap();
/// assert_eq!(nim2.outcome(&m.apply(&[1, 2, 3])), Outcome::P);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MooreNim {
    k: usize,
}

impl MooreNim {
    /// Moore's Nim_k for `k ≥ 1`; `None` for `k = 0` (no moves would exist).
    #[must_use]
    pub fn new(k: usize) -> Option<MooreNim> {
        (k >= 1).then_some(MooreNim { k })
    }

    /// The `k` of Nim_k.
    #[must_use]
    pub fn k(self) -> usize {
        self.k
    }

    /// Moore's theorem: P exactly when, for every bit position, the number of heaps with that
    /// bit set is divisible by `k + 1`.
    #[must_use]
    pub fn outcome(self, heaps: &[u64]) -> Outcome {
        let m = self.k as u64 + 1;
        let p = (0..64).all(|bit| {
            (heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64).is_multiple_of(m)
        });
        if p { Outcome::P } else { Outcome::N }
    }

    /// Moore's column rule for `heaps`, as a teacher would write it: each heap in binary, the
    /// number of 1s in each column, and whether every count is a multiple of `k + 1`, with the
    /// winning move, as [`Line`]s. `None` beyond [`EXPLAIN_LIMITS`].
    #[must_use]
    pub fn explain(self, heaps: &[u64]) -> Option<Vec<Line>> {
        let (max_heaps, max_bits) = EXPLAIN_LIMITS;
        let widest = heaps.iter().copied().max().unwrap_or(0);
        let bits = (64 - widest.leading_zeros()).max(1);
        if heaps.len() > max_heaps || bits > max_bits {
            return None;
        }
        let m = self.k + 1;
        let k = self.k as u64;
        let digits = widest.to_string().len();
        let mut out = vec![Line::say(
            Said::new("explain-moore")
                .number("k", k)
                .number("m", m as u64),
        )];
        for (i, &h) in heaps.iter().enumerate() {
            out.push(Line::Row {
                label: row_label(Unit::Heap, i as u64 + 1),
                cells: format!("{h:>digits$} = {h:0width$b}", width = bits as usize),
            });
        }
        let counts: Vec<usize> = (0..bits)
            .rev()
            .map(|b| heaps.iter().filter(|&&h| h >> b & 1 == 1).count())
            .collect();
        // Column counts may pass 9: one character per column only when they do not.
        let row = |f: &dyn Fn(usize) -> usize| -> String {
            if counts.iter().all(|&c| c < 10) {
                counts.iter().map(|&c| f(c).to_string()).collect()
            } else {
                counts
                    .iter()
                    .map(|&c| format!("{} ", f(c)))
                    .collect::<String>()
            }
        };
        out.push(Line::Row {
            label: Said::new("explain-row-ones"),
            cells: format!("{:digits$}   {}", "", row(&|c| c)),
        });
        out.push(Line::Row {
            label: Said::new("explain-row-mod").number("m", m as u64),
            cells: format!("{:digits$}   {}", "", row(&|c| c % m)),
        });
        out.push(Line::say(match self.winning_move(heaps) {
            None => Said::new("explain-moore-zero")
                .number("k", k)
                .number("m", m as u64),
            Some(mv) => Said::new("explain-moore-move")
                .number("k", k)
                .number("m", m as u64)
                .said("move", mv.said()),
        }));
        Some(out)
    }

    /// A winning move into a P-position, built bit by bit from the top (Moore's proof), or
    /// `None` for a P-position.
    ///
    /// Going down the bits, heaps already chosen for reduction may take any lower bits. At a bit
    /// where the count of set bits among unchosen heaps leaves remainder `r` modulo `k + 1`: if
    /// `r` more heaps may still be chosen, choose `r` heaps with the bit set and clear it;
    /// otherwise set the bit in `k + 1 − r` already chosen heaps.
    #[must_use]
    pub fn winning_move(self, heaps: &[u64]) -> Option<MultiHeapMove> {
        let m = self.k + 1;
        let mut chosen = vec![false; heaps.len()];
        let mut target = heaps.to_vec();
        let mut n_chosen = 0;
        for bit in (0..64).rev() {
            let set: Vec<usize> = (0..heaps.len())
                .filter(|&i| !chosen[i] && heaps[i] >> bit & 1 == 1)
                .collect();
            let r = set.len() % m;
            let chosen_list: Vec<usize> = (0..heaps.len()).filter(|&i| chosen[i]).collect();
            // Chosen heaps get this bit cleared unless needed below.
            for &i in &chosen_list {
                target[i] &= !(1u64 << bit);
            }
            if r == 0 {
                continue;
            }
            if n_chosen + r <= self.k {
                for &i in set.iter().take(r) {
                    chosen[i] = true;
                    target[i] &= !(1u64 << bit);
                    // Lower bits of a newly chosen heap are decided later; start from zero.
                    target[i] &= !((1u64 << bit) - 1);
                }
                n_chosen += r;
            } else {
                for &i in chosen_list.iter().take(m - r) {
                    target[i] |= 1u64 << bit;
                }
            }
        }
        if n_chosen == 0 {
            return None;
        }
        let changes = (0..heaps.len())
            .filter(|&i| chosen[i])
            .map(|heap| HeapMove {
                heap,
                from: heaps[heap],
                to: target[heap],
            })
            .collect();
        Some(MultiHeapMove { changes })
    }
}

impl ImpartialGame for MooreNim {
    type Position = Vec<u64>;
    type Move = MultiHeapMove;

    /// Every way to reduce between 1 and `k` heaps, in the order of
    /// [`ImpartialGame::options`].
    fn moves(&self, heaps: &Vec<u64>, out: &mut Vec<(MultiHeapMove, Vec<u64>)>) {
        let mut options = Vec::new();
        self.options(heaps, &mut options);
        out.extend(options.into_iter().map(|after| {
            let changes = heaps
                .iter()
                .zip(&after)
                .enumerate()
                .filter(|(_, (from, to))| from != to)
                .map(|(heap, (&from, &to))| HeapMove { heap, from, to })
                .collect();
            (MultiHeapMove { changes }, after)
        }));
    }

    /// Every way to reduce between 1 and `k` heaps (exponential: for small positions and
    /// brute-force checks).
    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        fn extend(
            heaps: &[u64],
            start: usize,
            left: usize,
            current: &mut Vec<u64>,
            changed: bool,
            out: &mut Vec<Vec<u64>>,
        ) {
            if changed {
                out.push(current.clone());
            }
            if left == 0 {
                return;
            }
            for i in start..heaps.len() {
                for smaller in 0..heaps[i] {
                    current[i] = smaller;
                    extend(heaps, i + 1, left - 1, current, true, out);
                }
                current[i] = heaps[i];
            }
        }
        let mut current = heaps.clone();
        extend(heaps, 0, self.k, &mut current, false, out);
    }
}

/// Normal-play Nim as an [`ImpartialGame`] over heap vectors, for brute-force checks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl ImpartialGame for Nim {
    type Position = Vec<u64>;
    type Move = HeapMove;
    fn moves(&self, heaps: &Vec<u64>, out: &mut Vec<(HeapMove, Vec<u64>)>) {
        for (heap, &from) in heaps.iter().enumerate() {
            for to in 0..from {
                let mv = HeapMove { heap, from, to };
                out.push((mv, mv.apply(heaps)));
            }
        }
    }
    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in heaps.iter().enumerate() {
            for smaller in 0..h {
                let mut next = heaps.clone();
                next[i] = smaller;
                out.push(next);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_examples() {
        assert_eq!(nim_outcome(&[1, 2, 3]), Outcome::P);
        assert_eq!(nim_outcome(&[1, 2, 4]), Outcome::N);
        assert_eq!(
            nim_winning_moves(&[3, 4, 5]),
            [HeapMove {
                heap: 0,
                from: 3,
                to: 1
            }]
        );
        assert_eq!(nim_outcome(&[7, 7]), Outcome::P);
    }

    #[test]
    fn huge_heaps_do_not_overflow() {
        let heaps = [u64::MAX, u64::MAX - 1, 1 << 63];
        let moves = nim_winning_moves(&heaps);
        assert!(!moves.is_empty());
        for m in &moves {
            assert_eq!(nim_outcome(&m.apply(&heaps)), Outcome::P);
        }
        for m in misere_winning_moves(&heaps) {
            assert_eq!(misere_outcome(&m.apply(&heaps)), Outcome::P);
        }
        let steps = [0, u64::MAX, u64::MAX, 5];
        for m in staircase_winning_moves(&steps) {
            assert_eq!(staircase_grundy(&m.apply(&steps)), Nimber::ZERO);
        }
        let moore = MooreNim::new(2).unwrap();
        let m = moore.winning_move(&heaps).unwrap();
        assert_eq!(moore.outcome(&m.apply(&heaps)), Outcome::P);
    }

    #[test]
    fn misere_endgame_switch() {
        // (1, 1, 2): normal play would take 2 → (1,1,0)? That leaves an even number of 1-heaps.
        let moves = misere_winning_moves(&[1, 1, 2]);
        assert_eq!(
            moves,
            [HeapMove {
                heap: 2,
                from: 2,
                to: 1
            }]
        );
        assert_eq!(misere_outcome(&[1, 1, 1]), Outcome::P);
        assert_eq!(misere_outcome(&[]), Outcome::N);
        assert_eq!(nim_outcome(&[]), Outcome::P);
    }

    #[test]
    fn staircase_move_text() {
        let m = StairMove { step: 3, count: 1 };
        assert_eq!(m.to_string(), "move 1 coin from step 3 to step 2");
    }
}
