//! The public misère quotient: computed heap by heap, renumbered by normal forms, with its
//! product table, P-portion, pretending function and outcome oracle.

use cgt_core::Outcome;
use cgt_core::budget::Budget;

use super::cayley::Cayley;
use super::extend::{Extension, distinguishing_tests, extend};
use super::learn::{Learned, Limits, learn};
use super::oracle::Oracle;
use super::presentation::{Monomial, Presentation};
use crate::ImpartialError;
use crate::heapgame::HeapGame;
use crate::heapgame::SplitMove;

/// The largest `upto` accepted: the search lists every option of every heap up to it.
pub const MAX_HEAP: u64 = 1024;

/// The most elements a quotient may have here (its product table has their square).
pub const MAX_ORDER: usize = 4096;

/// Rough bytes of one listed option of a heap (a small vector and its heap allocation).
const OPTION_BYTES: u128 = 64;

/// Bytes of one state of the learner's third check.
const CHECK_STATE_BYTES: u64 = 128;

/// How each heap bound's quotient is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    /// Extend the smaller quotient by the new heap, checked; L* when the checks refute it.
    Extend,
    /// L* only.
    #[cfg(any(test, feature = "verify"))]
    Learn,
}

/// A proof that the quotient of *every* heap size is the one computed: the pretending function
/// is periodic far enough that Guy and Smith's argument carries over (see
/// [`MisereQuotient::stable`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stable {
    /// Heap sizes from `preperiod` on repeat their elements with the period.
    pub preperiod: u64,
    /// The period of the pretending function.
    pub period: u64,
    /// The heap bound the proof needs, `2·preperiod + 2·period + t − 1` (`t` the largest
    /// removal); the quotient covers at least this.
    pub needed: u64,
}

/// The misère quotient of the sums of heaps `0 … upto` of a heap game (Plambeck–Siegel): the
/// sums modulo "no sum added to them tells them apart under misère play".
///
/// Elements are numbered `0 … order − 1` in the order of their normal forms, so element 0 is
/// the identity (the empty sum) and the numbering depends only on the game and `upto`.
///
/// ```
/// use cgt_core::{Outcome, budget::Budget};
/// use cgt_impartial::heapgame::HeapGame;
/// use cgt_impartial::quotient::MisereQuotient;
///
/// // Misère Nim with heaps up to 3: the tame quotient of order 6.
/// let nim = HeapGame::from_name_or_code("0.333")?;
/// let q = MisereQuotient::compute(&nim, 3, &Budget::unlimited())?;
/// assert_eq!(q.order(), 6);
/// assert_eq!(q.presentation().text(), "⟨a, b | a² = 1, b³ = b⟩");
/// assert_eq!(q.outcome(&[1, 1, 1])?, Outcome::P); // an odd number of single tokens
/// assert_eq!(q.outcome(&[2, 3])?, Outcome::N);
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    game: HeapGame,
    upto: u64,
    /// `next[e * (upto + 1) + h]`: element `e` with a heap of `h` added.
    next: Vec<u32>,
    /// `mul[x * order + y]`.
    mul: Vec<u32>,
    p: Vec<bool>,
    presentation: Presentation,
    /// `orders[k]`: the order of the quotient of heaps `0 … k`.
    orders: Vec<usize>,
    searched: u64,
    extended: u64,
}

impl MisereQuotient {
    /// The quotient of heaps `0 … upto` of `game`, learned for heaps up to 1, 2, … in turn
    /// (each quotient answers the searches of the next), within `budget`.
    ///
    /// # Errors
    /// `upto` above [`MAX_HEAP`]; the heaps' options or the learner's checks would need more
    /// memory than the budget allows; more than [`MAX_ORDER`] elements; the budget's time
    /// limit or stop flag.
    pub fn compute(
        game: &HeapGame,
        upto: u64,
        budget: &Budget,
    ) -> Result<MisereQuotient, ImpartialError> {
        Self::learn_upto(game, upto, budget, false, Method::Extend).map(|(q, _)| q)
    }

    /// The quotient of heaps `0 … k` for the largest `k ≤ upto` the budget reaches (heap
    /// bounds are learned in turn), with the error that stopped it short of `upto`.
    ///
    /// # Errors
    /// As [`MisereQuotient::compute`], when the request itself is refused (`upto` above
    /// [`MAX_HEAP`], the heaps' options past the memory allowed).
    pub fn compute_reaching(
        game: &HeapGame,
        upto: u64,
        budget: &Budget,
    ) -> Result<(MisereQuotient, Option<ImpartialError>), ImpartialError> {
        Self::learn_upto(game, upto, budget, true, Method::Extend)
    }

    /// The quotient as [`MisereQuotient::compute`] finds it, but learned by L* at every heap
    /// bound (no extension of the smaller quotient): the sweep compares the two ways.
    #[cfg(any(test, feature = "verify"))]
    pub(crate) fn compute_learned(
        game: &HeapGame,
        upto: u64,
        budget: &Budget,
    ) -> Result<MisereQuotient, ImpartialError> {
        Self::learn_upto(game, upto, budget, false, Method::Learn).map(|(q, _)| q)
    }

    /// Heap bounds `0 … upto` built in turn, each from the one before (by extension when the
    /// checks prove it, by L* otherwise); with `partial`, the last one finished when a later
    /// one fails.
    fn learn_upto(
        game: &HeapGame,
        upto: u64,
        budget: &Budget,
        partial: bool,
        method: Method,
    ) -> Result<(MisereQuotient, Option<ImpartialError>), ImpartialError> {
        if upto > MAX_HEAP {
            return Err(ImpartialError::OutOfRange {
                what: "misère quotient heap bound",
                value: upto.to_string(),
                max: MAX_HEAP.to_string(),
            });
        }
        let options: u128 = (0..=upto).map(|h| game.option_count(h)).sum();
        let memory = budget.memory_or(u64::MAX);
        if options * OPTION_BYTES > u128::from(memory) {
            return Err(ImpartialError::TooLarge {
                what: format!("listing the {options} options of heaps 0 … {upto}"),
                bytes: options * OPTION_BYTES,
                limit: u128::from(memory),
            });
        }
        let limits = Limits {
            elements: MAX_ORDER,
            check_states: usize::try_from(memory / CHECK_STATE_BYTES)
                .unwrap_or(usize::MAX)
                .min(50_000_000),
        };
        let mut oracle = Oracle::new(game, upto, budget.clone());
        let mut learned = learn(&mut oracle, 0, &[], limits)?;
        let mut orders = vec![learned.cayley.len()];
        let mut stopped = None;
        let mut extended = 0;
        for k in 1..=upto {
            let next = budget
                .check_interrupt()
                .map_err(ImpartialError::Stopped)
                .and_then(|()| match method {
                    Method::Extend => extend(
                        &oracle,
                        &learned.cayley,
                        k,
                        limits.elements,
                        limits.check_states,
                    ),
                    #[cfg(any(test, feature = "verify"))]
                    Method::Learn => Ok(Extension::Unknown),
                })
                .and_then(|built| match built {
                    Extension::Proven(cayley, representatives) => {
                        extended += 1;
                        // Tests that tell the new elements apart: where L* must take
                        // over at a later heap, it starts from them.
                        let letters: Vec<u64> = (1..=k).filter(|&h| oracle.is_live(h)).collect();
                        let tests = distinguishing_tests(&cayley, &letters);
                        Ok(Learned {
                            cayley,
                            representatives,
                            tests,
                        })
                    }
                    Extension::Refuted | Extension::Unknown => {
                        learn(&mut oracle, k, &learned.tests, limits)
                    }
                });
            match next {
                Ok(next) => learned = next,
                Err(e) if partial => {
                    stopped = Some(e);
                    break;
                }
                Err(e) => return Err(e),
            }
            orders.push(learned.cayley.len());
            oracle.set_below(learned.cayley.clone());
        }
        let mut quotient = Self::from_cayley(
            game,
            &learned.cayley,
            &learned.representatives,
            orders,
            oracle.searched(),
        );
        quotient.extended = extended;
        Ok((quotient, stopped))
    }

    /// Renumbers a learned quotient by normal forms and builds its tables.
    fn from_cayley(
        game: &HeapGame,
        cayley: &Cayley,
        representatives: &[Vec<u64>],
        orders: Vec<usize>,
        searched: u64,
    ) -> MisereQuotient {
        let n = cayley.len();
        let upto = cayley.upto();
        let product = |x: u32, y: u32| cayley.run(x, &representatives[y as usize]);
        let raw_mul: Vec<u32> = (0..n as u32)
            .flat_map(|x| (0..n as u32).map(move |y| (x, y)))
            .map(|(x, y)| product(x, y))
            .collect();
        let raw = Presentation::new(n, &raw_mul, (1..=upto).map(|h| cayley.step(0, h)));
        // new_of[old]: elements in the order of their normal forms.
        let mut by_form: Vec<u32> = (0..n as u32).collect();
        by_form.sort_by(|&x, &y| raw.normal_forms[x as usize].cmp(&raw.normal_forms[y as usize]));
        let mut new_of = vec![0u32; n];
        for (new, &old) in by_form.iter().enumerate() {
            new_of[old as usize] = new as u32;
        }
        let width = upto as usize + 1;
        let mut next = vec![0u32; n * width];
        let mut mul = vec![0u32; n * n];
        let mut p = vec![false; n];
        for old in 0..n {
            let new = new_of[old] as usize;
            p[new] = cayley.is_p(old as u32);
            for h in 0..width {
                next[new * width + h] = new_of[cayley.step(old as u32, h as u64) as usize];
            }
            for y in 0..n {
                mul[new * n + new_of[y] as usize] = new_of[raw_mul[old * n + y] as usize];
            }
        }
        let presentation = Presentation::new(n, &mul, (1..width).map(|h| next[h]));
        MisereQuotient {
            game: game.clone(),
            upto,
            next,
            mul,
            p,
            presentation,
            orders,
            searched,
            extended: 0,
        }
    }

    /// The game.
    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// The largest heap the quotient covers.
    pub fn upto(&self) -> u64 {
        self.upto
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.p.len()
    }

    /// Whether the sums of element `e` are misère P-positions.
    ///
    /// # Panics
    /// If `e` is not an element (at least [`MisereQuotient::order`]).
    pub fn is_p(&self, e: u32) -> bool {
        self.p[e as usize]
    }

    /// The P-portion: the elements whose sums are misère P-positions.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.order() as u32).filter(|&e| self.is_p(e)).collect()
    }

    /// The product of two elements.
    ///
    /// # Panics
    /// If `x` or `y` is not an element.
    pub fn multiply(&self, x: u32, y: u32) -> u32 {
        self.mul[x as usize * self.order() + y as usize]
    }

    /// The normal form naming element `e`.
    ///
    /// # Panics
    /// If `e` is not an element.
    pub fn normal_form(&self, e: u32) -> &Monomial {
        &self.presentation.normal_forms[e as usize]
    }

    /// Generators, normal forms and relations.
    pub fn presentation(&self) -> &Presentation {
        &self.presentation
    }

    /// The pretending function: the element of a single heap of `h`.
    ///
    /// # Errors
    /// `h` above [`MisereQuotient::upto`].
    pub fn pretending(&self, h: u64) -> Result<u32, ImpartialError> {
        self.element(&[h])
    }

    /// The element of a sum of heaps (in any order; heaps without a move change nothing).
    ///
    /// # Errors
    /// A heap above [`MisereQuotient::upto`].
    pub fn element(&self, heaps: &[u64]) -> Result<u32, ImpartialError> {
        let width = self.upto as usize + 1;
        heaps.iter().try_fold(0u32, |e, &h| {
            if h > self.upto {
                return Err(ImpartialError::OutOfRange {
                    what: "heap (the quotient covers heaps up to its bound)",
                    value: h.to_string(),
                    max: self.upto.to_string(),
                });
            }
            Ok(self.next[e as usize * width + h as usize])
        })
    }

    /// The misère outcome of a sum of heaps, one table step per heap.
    ///
    /// # Errors
    /// A heap above [`MisereQuotient::upto`].
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome, ImpartialError> {
        Ok(if self.is_p(self.element(heaps)?) {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// Every misère winning move of a sum of heaps, in heap order then the order the game
    /// lists a heap's moves.
    ///
    /// # Errors
    /// A heap above [`MisereQuotient::upto`].
    pub fn winning_moves(&self, heaps: &[u64]) -> Result<Vec<SplitMove>, ImpartialError> {
        let images: Vec<u32> = heaps
            .iter()
            .map(|&h| self.element(&[h]))
            .collect::<Result<_, _>>()?;
        // Products of the heaps before and after each one.
        let mut before = vec![0u32; heaps.len() + 1];
        for i in 0..heaps.len() {
            before[i + 1] = self.multiply(before[i], images[i]);
        }
        let mut after = 0u32;
        let mut moves = Vec::new();
        for i in (0..heaps.len()).rev() {
            let rest = self.multiply(before[i], after);
            let mut here = Vec::new();
            for (removed, leaves) in self.game.heap_options(heaps[i]) {
                let e = self.multiply(rest, self.element(&leaves)?);
                if self.is_p(e) {
                    here.push(SplitMove {
                        heap: i,
                        from: heaps[i],
                        removed,
                        leaves,
                    });
                }
            }
            moves.push(here);
            after = self.multiply(images[i], after);
        }
        Ok(moves.into_iter().rev().flatten().collect())
    }

    /// `orders()[k]`: the order of the quotient of heaps `0 … k`, for `k = 0 … upto`. They
    /// never decrease (a smaller quotient is an image of part of a larger one).
    pub fn orders(&self) -> &[usize] {
        &self.orders
    }

    /// The least `k` whose quotient is already this one: heaps past `k` up to
    /// [`MisereQuotient::upto`] add no element (equal orders make the quotients isomorphic).
    /// Whether it stays so for every larger heap is [`MisereQuotient::stable`]'s question.
    pub fn same_from(&self) -> u64 {
        self.orders
            .iter()
            .position(|&o| o == self.order())
            .unwrap_or(0) as u64
    }

    /// Whether the quotient of all heap sizes is this one, with the periodicity that proves it
    /// (for octal games with at most two heaps left by a move, and subtraction games).
    ///
    /// The argument: a heap's options determine the checks the learner proves the quotient
    /// by — its element, and the set of elements its options reach. If the pretending
    /// function Φ satisfies Φ(n + p) = Φ(n) for `n0 ≤ n` up to the bound, and the bound is at
    /// least `2·n0 + 2·p + t − 1`, then (as in Guy and Smith's periodicity theorem) every larger
    /// heap reaches the same set of elements as the heap `p` smaller; given the same element,
    /// it adds nothing the checks have not already proven, so the quotient, extended
    /// periodically, is right for every sum of heaps of any size. `None` when no period is
    /// confirmed that far (which proves nothing either way), and for Grundy's game and
    /// three-heap splits.
    pub fn stable(&self) -> Option<Stable> {
        let t = match &self.game {
            HeapGame::Octal(code) if !code.is_hexadecimal() => code.max_removal() as u64,
            HeapGame::Subtraction(set) => set.elements().last().copied().unwrap_or(0),
            _ => return None,
        };
        // The element of a single heap: row 0 of the table.
        let phi = |h: u64| self.next[h as usize];
        (1..=self.upto / 2).find_map(|p| {
            // The least n0 with Φ(n + p) = Φ(n) for every n0 ≤ n ≤ upto − p.
            let n0 = (0..=self.upto - p)
                .rev()
                .find(|&n| phi(n + p) != phi(n))
                .map_or(0, |n| n + 1);
            let needed = (2 * n0 + 2 * p + t).saturating_sub(1);
            (needed <= self.upto).then_some(Stable {
                preperiod: n0,
                period: p,
                needed,
            })
        })
    }

    /// Sums of heaps whose outcome was searched (the rest came from smaller quotients).
    pub fn searched(&self) -> u64 {
        self.searched
    }

    /// How many of the heap bounds `1 … upto` were built by extending the quotient of the
    /// smaller heaps (proven by the checks, no search); the others were learned by L*.
    pub fn extended(&self) -> u64 {
        self.extended
    }
}
