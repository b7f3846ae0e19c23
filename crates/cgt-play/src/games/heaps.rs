//! Heap games played move by move: Nim (normal and misère), octal, subtraction and Grundy's
//! game, Wythoff's game, Staircase Nim and the divisor game.

use cgt_core::said::Said;
use core::fmt;

use cgt_core::misere::{Misere, MisereOutcome};
use cgt_core::{Outcome, Solver};
use cgt_impartial::heapgame::{HeapGame, HeapSum};
use cgt_impartial::nimseq::SplitMove;

use crate::game::{PlayError, Playable, Value};
use crate::games::{numbered, numbered_said, numbers, one_based, won};

/// "Grundy value *g", the sum's value as the describe line says it.
fn grundy_said(g: u64) -> Said {
    Said::new("describe-grundy").number("value", g)
}

/// Counters a played position may hold in all (every move is listed for hints).
pub const MAX_COUNTERS: u64 = 100_000;

/// Refuses positions too large to play move by move (more than [`MAX_COUNTERS`] in all).
///
/// # Errors
/// [`PlayError::Refused`] with the limit.
pub fn check_size(heaps: &[u64]) -> Result<(), PlayError> {
    let total = heaps.iter().try_fold(0u64, |a, &h| a.checked_add(h));
    match total {
        Some(t) if t <= MAX_COUNTERS => Ok(()),
        _ => Err(PlayError::Refused(format!(
            "--play lists every move; positions of at most {MAX_COUNTERS} counters in all are played"
        ))),
    }
}

fn heaps_text(heaps: &[u64]) -> String {
    numbered("heap", heaps)
}

/// Taking `count` counters from heap `heap` (0-based; printed 1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take {
    /// The heap, from 0.
    pub heap: usize,
    /// Counters taken (at least 1).
    pub count: u64,
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {} from heap {}", self.count, self.heap + 1)
    }
}

/// Nim and misère Nim (heap sizes, heap 1 first).
#[derive(Clone, Copy, Debug)]
pub struct Nim {
    /// Misère play: who takes the last counter loses.
    pub misere: bool,
}

impl Playable for Nim {
    type Position = Vec<u64>;
    type Move = Take;

    fn render(&self, p: &Vec<u64>) -> String {
        heaps_text(p)
    }

    fn position_said(&self, p: &Vec<u64>) -> Option<Said> {
        Some(numbered_said("position-heaps", "position-heap", p))
    }

    fn said(&self, mv: &Take) -> Option<Said> {
        Some(
            Said::new("move-take")
                .number("count", mv.count)
                .number("heap", mv.heap as u64 + 1),
        )
    }

    fn moves(&self, p: &Vec<u64>) -> Vec<(Take, Vec<u64>)> {
        let mut out = Vec::new();
        for (heap, &h) in p.iter().enumerate() {
            for count in 1..=h {
                let mut after = p.clone();
                after[heap] = h - count;
                out.push((Take { heap, count }, after));
            }
        }
        out
    }

    fn value(&mut self, p: &Vec<u64>) -> Result<Option<Value>, PlayError> {
        Ok(won(if self.misere {
            cgt_impartial::nim::misere_outcome(p) == Outcome::N
        } else {
            cgt_core::nim_sum(p.iter().copied()) != 0
        }))
    }

    fn parse(&self, p: &Vec<u64>, line: &str) -> Result<(Take, Vec<u64>), String> {
        let nums = numbers(line)?;
        let [heap, take] = nums[..] else {
            return Err("type a heap number and how many to take, such as '2 3'".to_owned());
        };
        let i = one_based(heap, p.len(), "heap")?;
        if p[i - 1] == 0 {
            return Err(format!("heap {heap} is empty"));
        }
        if take == 0 || take > p[i - 1] {
            return Err(format!(
                "heap {heap} has {} counters; take 1 to {}",
                p[i - 1],
                p[i - 1]
            ));
        }
        let mut after = p.clone();
        after[i - 1] -= take;
        Ok((
            Take {
                heap: i - 1,
                count: take,
            },
            after,
        ))
    }

    fn syntax(&self) -> cgt_core::said::Said {
        cgt_core::said::Said::new("syntax-nim")
    }

    fn misere(&self) -> bool {
        self.misere
    }

    /// The nim-sum, in normal play.
    fn describe(&mut self, p: &Vec<u64>) -> Result<Option<Said>, PlayError> {
        Ok((!self.misere).then(|| grundy_said(cgt_core::nim_sum(p.iter().copied()))))
    }

    fn remoteness(&self, ps: &[&Vec<u64>]) -> Vec<Option<cgt_core::Verdict>> {
        crate::remoteness::each(self, ps, crate::remoteness::REMOTENESS_POSITIONS)
    }
}

/// Heaps of an octal game, a subtraction game or Grundy's game; empty heaps leave the
/// position.
#[derive(Debug)]
pub struct Heaps {
    game: HeapGame,
    /// `G(0) … G(largest heap)`, for normal play.
    values: Vec<u32>,
    misere: Option<Solver<Misere<HeapSum>>>,
}

impl Heaps {
    /// Normal play, given `values[n] = G(n)` up to the largest heap of the start.
    #[must_use]
    pub fn normal(game: HeapGame, values: Vec<u32>) -> Heaps {
        Heaps {
            game,
            values,
            misere: None,
        }
    }

    /// Misère play, searched under `position_limit` stored positions.
    #[must_use]
    pub fn misere(game: HeapGame, position_limit: usize) -> Heaps {
        let solver =
            Solver::new(Misere(HeapSum::new(game.clone()))).with_position_limit(position_limit);
        Heaps {
            game,
            values: Vec::new(),
            misere: Some(solver),
        }
    }

    fn options(&self, p: &[u64]) -> Vec<(SplitMove, Vec<u64>)> {
        let mut out = Vec::new();
        for (heap, &h) in p.iter().enumerate() {
            for (removed, leaves) in self.game.heap_options(h) {
                let mut after: Vec<u64> = p[..heap].to_vec();
                after.extend(leaves.iter().copied().filter(|&x| x > 0));
                after.extend_from_slice(&p[heap + 1..]);
                let m = SplitMove {
                    heap,
                    from: h,
                    removed,
                    leaves,
                };
                out.push((m, after));
            }
        }
        out
    }
}

impl Playable for Heaps {
    type Position = Vec<u64>;
    type Move = SplitMove;

    fn render(&self, p: &Vec<u64>) -> String {
        if p.is_empty() {
            "no heaps left\n".to_owned()
        } else {
            heaps_text(p)
        }
    }

    fn said(&self, mv: &SplitMove) -> Option<Said> {
        mv.said()
    }

    fn position_said(&self, p: &Vec<u64>) -> Option<Said> {
        Some(if p.is_empty() {
            Said::new("position-no-heaps")
        } else {
            numbered_said("position-heaps", "position-heap", p)
        })
    }

    fn moves(&self, p: &Vec<u64>) -> Vec<(SplitMove, Vec<u64>)> {
        self.options(p)
    }

    fn value(&mut self, p: &Vec<u64>) -> Result<Option<Value>, PlayError> {
        Ok(won(match &mut self.misere {
            Some(solver) => solver
                .misere_outcome(&HeapSum::position(p))
                .map(|o| o == Outcome::N)
                .map_err(|e| PlayError::Refused(format!("misère play is searched, and {e}")))?,
            None => {
                p.iter().fold(0u32, |a, &h| {
                    a ^ self.values.get(h as usize).copied().unwrap_or(0)
                }) != 0
            }
        }))
    }

    fn parse(&self, p: &Vec<u64>, line: &str) -> Result<(SplitMove, Vec<u64>), String> {
        let nums = numbers(line)?;
        let (heap, removed, part) = match nums[..] {
            [h, r] => (h, r, None),
            [h, r, a] => (h, r, Some(a)),
            _ => {
                return Err(
                    "type a heap and how many to remove, such as '2 1', and for a split \
                            the size of one part left, such as '2 1 3'"
                        .to_owned(),
                );
            }
        };
        let mut matching: Vec<(SplitMove, Vec<u64>)> = self
            .options(p)
            .into_iter()
            .filter(|(m, _)| {
                m.heap as u64 + 1 == heap
                    && m.removed == removed
                    && part.is_none_or(|a| m.leaves.contains(&a))
            })
            .collect();
        match matching.len() {
            0 => Err(format!(
                "removing {removed} from heap {heap} is not a move of this game"
            )),
            1 => Ok(matching.remove(0)),
            _ => {
                let ways: Vec<String> = matching
                    .iter()
                    .map(|(m, _)| {
                        if m.leaves.is_empty() {
                            "nothing".to_owned()
                        } else {
                            m.leaves
                                .iter()
                                .map(u64::to_string)
                                .collect::<Vec<_>>()
                                .join("+")
                        }
                    })
                    .collect();
                Err(format!(
                    "removing {removed} from heap {heap} can leave {}; add the size of one part",
                    ways.join(", ")
                ))
            }
        }
    }

    fn syntax(&self) -> cgt_core::said::Said {
        cgt_core::said::Said::new("syntax-heaps")
    }

    fn misere(&self) -> bool {
        self.misere.is_some()
    }

    /// The nim-sum of the heaps' values, in normal play.
    fn describe(&mut self, p: &Vec<u64>) -> Result<Option<Said>, PlayError> {
        if self.misere.is_some() {
            return Ok(None);
        }
        let g = p.iter().fold(0u32, |a, &h| {
            a ^ self.values.get(h as usize).copied().unwrap_or(0)
        });
        Ok(Some(grundy_said(g.into())))
    }

    fn remoteness(&self, ps: &[&Vec<u64>]) -> Vec<Option<cgt_core::Verdict>> {
        crate::remoteness::each(self, ps, crate::remoteness::REMOTENESS_POSITIONS)
    }
}

/// A move of Wythoff's game as typed and printed in play: `take 2 from heap 1`, `take 2 from
/// both`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WythoffTake(pub cgt_impartial::wythoff::WythoffMove);

impl fmt::Display for WythoffTake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use cgt_impartial::wythoff::WythoffMove;
        match self.0 {
            WythoffMove::First { count } => write!(f, "take {count} from heap 1"),
            WythoffMove::Second { count } => write!(f, "take {count} from heap 2"),
            WythoffMove::Both { count } => write!(f, "take {count} from both"),
        }
    }
}

/// Wythoff's game: take from one heap, or the same number from both.
#[derive(Clone, Copy, Debug)]
pub struct Wythoff;

impl Playable for Wythoff {
    type Position = (u64, u64);
    type Move = WythoffTake;

    fn render(&self, &(a, b): &(u64, u64)) -> String {
        format!("heaps ({a}, {b})\n")
    }

    fn position_said(&self, &(a, b): &(u64, u64)) -> Option<Said> {
        Some(Said::new("position-wythoff").number("a", a).number("b", b))
    }

    fn said(&self, mv: &WythoffTake) -> Option<Said> {
        use cgt_impartial::wythoff::WythoffMove;
        // The session's notation says "both" where the library's words say "both heaps".
        Some(match mv.0 {
            WythoffMove::Both { count } => Said::new("move-take-both").number("count", count),
            one_heap => one_heap.said(),
        })
    }

    fn moves(&self, &(a, b): &(u64, u64)) -> Vec<(WythoffTake, (u64, u64))> {
        use cgt_impartial::wythoff::WythoffMove;
        let firsts = (1..=a).map(|count| WythoffMove::First { count });
        let seconds = (1..=b).map(|count| WythoffMove::Second { count });
        let boths = (1..=a.min(b)).map(|count| WythoffMove::Both { count });
        firsts
            .chain(seconds)
            .chain(boths)
            .map(|m| (WythoffTake(m), m.apply((a, b))))
            .collect()
    }

    fn value(&mut self, &(a, b): &(u64, u64)) -> Result<Option<Value>, PlayError> {
        Ok(won(!cgt_impartial::wythoff::is_p_position(a, b)))
    }

    fn parse(&self, &(a, b): &(u64, u64), line: &str) -> Result<(WythoffTake, (u64, u64)), String> {
        use cgt_impartial::wythoff::WythoffMove;
        let words: Vec<&str> = line.split_whitespace().collect();
        let [which, k] = words[..] else {
            return Err("type 1, 2 or b (both) and how many to take, such as 'b 2'".to_owned());
        };
        let count: u64 = k.parse().map_err(|_| format!("'{k}' is not a number"))?;
        let fits = |h: u64| count >= 1 && count <= h;
        let m = match which {
            "1" if fits(a) => WythoffMove::First { count },
            "2" if fits(b) => WythoffMove::Second { count },
            "b" | "both" if fits(a.min(b)) => WythoffMove::Both { count },
            "1" | "2" | "b" | "both" => return Err(format!("you cannot take {count} there")),
            other => return Err(format!("'{other}' is not 1, 2 or b")),
        };
        Ok((WythoffTake(m), m.apply((a, b))))
    }

    fn syntax(&self) -> cgt_core::said::Said {
        cgt_core::said::Said::new("syntax-wythoff")
    }

    fn remoteness(&self, ps: &[&(u64, u64)]) -> Vec<Option<cgt_core::Verdict>> {
        crate::remoteness::each(self, ps, crate::remoteness::REMOTENESS_POSITIONS)
    }
}

/// Subtracting a proper divisor `d` of N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Subtract(pub u64);

impl fmt::Display for Subtract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "subtract {}", self.0)
    }
}

/// The divisor game: subtract a proper divisor of N (1 ≤ d < N).
#[derive(Clone, Copy, Debug)]
pub struct Divisor;

impl Playable for Divisor {
    type Position = u64;
    type Move = Subtract;

    fn render(&self, n: &u64) -> String {
        format!("N = {n}\n")
    }

    fn said(&self, mv: &Subtract) -> Option<Said> {
        Some(Said::new("move-subtract").number("count", mv.0))
    }

    fn moves(&self, &n: &u64) -> Vec<(Subtract, u64)> {
        cgt_impartial::divisor::divisors(n)
            .into_iter()
            .filter(|&d| d < n)
            .map(|d| (Subtract(d), n - d))
            .collect()
    }

    fn value(&mut self, &n: &u64) -> Result<Option<Value>, PlayError> {
        let outcome =
            cgt_impartial::divisor::outcome(n).map_err(|e| PlayError::Refused(e.to_string()))?;
        Ok(won(outcome == Outcome::N))
    }

    fn parse(&self, &n: &u64, line: &str) -> Result<(Subtract, u64), String> {
        let d: u64 = line
            .trim()
            .parse()
            .map_err(|_| format!("'{line}' is not a number"))?;
        if d >= 1 && d < n && n % d == 0 {
            Ok((Subtract(d), n - d))
        } else {
            Err(format!("{d} is not a divisor of {n} below {n}"))
        }
    }

    fn syntax(&self) -> cgt_core::said::Said {
        cgt_core::said::Said::new("syntax-divisor")
    }

    fn remoteness(&self, ps: &[&u64]) -> Vec<Option<cgt_core::Verdict>> {
        crate::remoteness::each(self, ps, crate::remoteness::REMOTENESS_POSITIONS)
    }
}

/// A Staircase Nim move in play: `count` coins from step `step` (0-based index of the
/// position; printed 1-based) down one step, or off the stairs from step 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Descend {
    /// The step, from 0 (step 1).
    pub step: usize,
    /// Coins moved (at least 1).
    pub count: u64,
}

impl fmt::Display for Descend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.step == 0 {
            write!(f, "take {} off step 1", self.count)
        } else {
            write!(
                f,
                "move {} from step {} to step {}",
                self.count,
                self.step + 1,
                self.step
            )
        }
    }
}

impl Descend {
    fn apply(self, p: &[u64]) -> Vec<u64> {
        let mut after = p.to_vec();
        after[self.step] -= self.count;
        if self.step > 0 {
            after[self.step - 1] += self.count;
        }
        after
    }
}

/// Staircase Nim: coins on steps 1, 2, 3, … move down one step; from step 1 they leave.
#[derive(Clone, Copy, Debug)]
pub struct Staircase;

impl Playable for Staircase {
    type Position = Vec<u64>;
    type Move = Descend;

    fn render(&self, p: &Vec<u64>) -> String {
        numbered("step", p)
    }

    fn position_said(&self, p: &Vec<u64>) -> Option<Said> {
        Some(numbered_said("position-steps", "position-step", p))
    }

    fn said(&self, mv: &Descend) -> Option<Said> {
        Some(if mv.step == 0 {
            Said::new("move-off-step").number("count", mv.count)
        } else {
            Said::new("move-down-step")
                .number("count", mv.count)
                .number("from", mv.step as u64 + 1)
                .number("to", mv.step as u64)
        })
    }

    fn moves(&self, p: &Vec<u64>) -> Vec<(Descend, Vec<u64>)> {
        let mut out = Vec::new();
        for (step, &c) in p.iter().enumerate() {
            for count in 1..=c {
                let m = Descend { step, count };
                out.push((m, m.apply(p)));
            }
        }
        out
    }

    fn value(&mut self, p: &Vec<u64>) -> Result<Option<Value>, PlayError> {
        let mut steps = vec![0];
        steps.extend_from_slice(p);
        Ok(won(!cgt_impartial::nim::staircase_grundy(&steps).is_zero()))
    }

    fn parse(&self, p: &Vec<u64>, line: &str) -> Result<(Descend, Vec<u64>), String> {
        let nums = numbers(line)?;
        let [step, k] = nums[..] else {
            return Err("type a step and how many coins to move down, such as '3 2'".to_owned());
        };
        let i = one_based(step, p.len(), "step")?;
        if k == 0 || k > p[i - 1] {
            return Err(format!("step {step} has {} coins", p[i - 1]));
        }
        let m = Descend {
            step: i - 1,
            count: k,
        };
        Ok((m, m.apply(p)))
    }

    fn syntax(&self) -> cgt_core::said::Said {
        cgt_core::said::Said::new("syntax-staircase")
    }

    fn remoteness(&self, ps: &[&Vec<u64>]) -> Vec<Option<cgt_core::Verdict>> {
        crate::remoteness::each(self, ps, crate::remoteness::REMOTENESS_POSITIONS)
    }
}
