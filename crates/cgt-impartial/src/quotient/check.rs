//! The three finite checks that prove a candidate quotient right for every sum of heaps, by
//! induction over positions (a sum is P exactly when it has a move and no move reaches a
//! P-position):
//! 1. heaps commute: adding `i` then `j` reaches the same element as `j` then `i`, so the
//!    element of a sum does not depend on the order its heaps are read;
//! 2. no P-element has a move to a P-element: for every element `y` and heap `h`, if `y·h`
//!    is in P then no option `h'` of `h` puts `y·h'` in P;
//! 3. every sum of N-element with a move has a move to P: a depth-first search over sums in
//!    the order of words finds the least sum that breaks this, when one exists; a sum whose
//!    options reach a superset of what an earlier sum of the same element reached is passed
//!    over with its extensions, which keeps the search finite.
//!
//! The checks look only at the candidate and the heaps' moves, never at a search's answers:
//! a candidate that passes them is right however it was found.

use super::cayley::Cayley;
use super::oracle::Oracle;
use crate::ImpartialError;

/// What a failed check found.
#[derive(Debug)]
pub(super) enum Failure {
    /// Check 1: from element `q`, heap `i` then `j` and `j` then `i` reach different elements.
    Order { q: u32, i: u64, j: u64 },
    /// Check 2: `q·h` is in P and so is `q·leaves`, `leaves` an option of `h`.
    PToP { q: u32, h: u64, leaves: Vec<u64> },
    /// Check 3: the sum `word` (sorted) is predicted N, has a move, and none of its moves is
    /// predicted P.
    Stuck { word: Vec<u64> },
}

/// The first failure of the three checks, in their order; `None` proves the candidate.
///
/// # Errors
/// Check 3 needing more than `check_states` states; the budget's stop flag.
pub(super) fn first_failure(
    oracle: &Oracle,
    hyp: &Cayley,
    letters: &[u64],
    check_states: usize,
) -> Result<Option<Failure>, ImpartialError> {
    if let Some(f) = order_dependence(hyp, letters) {
        return Ok(Some(f));
    }
    if let Some(f) = p_to_p(oracle, hyp, letters) {
        return Ok(Some(f));
    }
    stuck_n(oracle, hyp, letters, check_states)
}

/// Check 1: heaps commute.
fn order_dependence(hyp: &Cayley, letters: &[u64]) -> Option<Failure> {
    for q in 0..hyp.len() as u32 {
        for a in 0..letters.len() {
            for &j in &letters[a + 1..] {
                let i = letters[a];
                if hyp.step(hyp.step(q, i), j) != hyp.step(hyp.step(q, j), i) {
                    return Some(Failure::Order { q, i, j });
                }
            }
        }
    }
    None
}

/// Check 2: no P-element has a move to a P-element.
fn p_to_p(oracle: &Oracle, hyp: &Cayley, letters: &[u64]) -> Option<Failure> {
    for q in 0..hyp.len() as u32 {
        for &h in letters {
            if !hyp.is_p(hyp.step(q, h)) {
                continue;
            }
            if let Some(leaves) = oracle
                .heap_moves(h)
                .iter()
                .find(|leaves| hyp.is_p(hyp.run(q, leaves)))
            {
                return Some(Failure::PToP {
                    q,
                    h,
                    leaves: leaves.clone(),
                });
            }
        }
    }
    None
}

/// Check 3: every N-sum with a move has a move to a P-sum.
fn stuck_n(
    oracle: &Oracle,
    hyp: &Cayley,
    letters: &[u64],
    check_states: usize,
) -> Result<Option<Failure>, ImpartialError> {
    // `check_states` counts 128-byte states; a sum met keeps a bitset of the elements.
    let per_sum = 40 + 8 * hyp.len().div_ceil(64);
    let max_sums = check_states.saturating_mul(128) / per_sum;
    match n_failure(oracle, hyp, letters, None, max_sums)? {
        NFailure::Found(word) => Ok(Some(Failure::Stuck { word })),
        NFailure::Clean => Ok(None),
        NFailure::TooLarge => Err(ImpartialError::Invalid {
            message: format!(
                "checking the misère quotient of heaps up to {} meets more than {} sums, the \
                 limit of this computation",
                hyp.upto(),
                max_sums
            ),
        }),
    }
}

/// What the search for a stuck N-sum found.
pub(super) enum NFailure {
    /// The least stuck sum (sorted).
    Found(Vec<u64>),
    /// None (below the bound, when there is one).
    Clean,
    /// The search met more sums than it may.
    TooLarge,
}

/// The least sum, in the order of words (heaps compared from the largest down, a word before
/// its extensions), that is predicted N, has a move and has no move to a predicted P — only
/// below `bound` when given, at most `max_visits` sums met.
///
/// The search goes depth first in that order, each word extended by heaps no larger than its
/// smallest. A word is skipped, with all its extensions, when an earlier word of the same
/// element reached a subset of the elements its options reach: adding the same heaps to both
/// keeps that so, so whatever is stuck after the later word was stuck after the earlier one
/// first. Each element keeps only its minimal option sets, so the search is finite.
pub(super) fn n_failure(
    oracle: &Oracle,
    q: &Cayley,
    letters: &[u64],
    bound: Option<&[u64]>,
    max_visits: usize,
) -> Result<NFailure, ImpartialError> {
    let n = q.len();
    let mut search = NSearch {
        oracle,
        q,
        letters,
        blocks: n.div_ceil(64),
        p_set: bitset(n, (0..n as u32).filter(|&x| q.is_p(x))),
        floors: vec![Vec::new(); n],
        bound,
        visits: 0,
        max_visits,
    };
    let mut word = Vec::new();
    let empty = vec![0u64; search.blocks];
    Ok(match search.visit(&mut word, 0, &empty)? {
        Visit::Failure(w) => NFailure::Found(w),
        Visit::TooLarge => NFailure::TooLarge,
        Visit::Done | Visit::Bound => NFailure::Clean,
    })
}

/// The set of `items` as a bitset of `n` bits.
fn bitset(n: usize, items: impl Iterator<Item = u32>) -> Vec<u64> {
    let mut set = vec![0u64; n.div_ceil(64)];
    for i in items {
        set[i as usize / 64] |= 1 << (i % 64);
    }
    set
}

/// How a subtree of the N-failure search ended.
enum Visit {
    /// No failure in it.
    Done,
    /// The search reached the least P-failure: every later word is larger.
    Bound,
    Failure(Vec<u64>),
    TooLarge,
}

/// The depth-first search for the least N-failure.
struct NSearch<'a> {
    oracle: &'a Oracle,
    q: &'a Cayley,
    letters: &'a [u64],
    blocks: usize,
    p_set: Vec<u64>,
    /// Per element, the minimal option sets (bitsets) of the words met so far.
    floors: Vec<Vec<Vec<u64>>>,
    bound: Option<&'a [u64]>,
    visits: usize,
    max_visits: usize,
}

impl NSearch<'_> {
    /// Extends `word` (heaps from the largest down), of element `e` whose options reach the
    /// elements `options`.
    fn visit(
        &mut self,
        word: &mut Vec<u64>,
        e: u32,
        options: &[u64],
    ) -> Result<Visit, ImpartialError> {
        let smallest = word.last().copied().unwrap_or(u64::MAX);
        for &h in self.letters.iter().take_while(|&&h| h <= smallest) {
            word.push(h);
            if let Some(b) = self.bound {
                let mut ascending = word.clone();
                ascending.reverse();
                if !super::words::lex_desc(&ascending, b).is_lt() {
                    return Ok(Visit::Bound);
                }
            }
            self.visits += 1;
            if self.visits > self.max_visits {
                return Ok(Visit::TooLarge);
            }
            if self.visits.is_multiple_of(1 << 14) {
                self.oracle.interrupt()?;
            }
            let next = self.q.step(e, h);
            let mut reached = vec![0u64; self.blocks];
            for (block, &bits) in options.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let t = block as u32 * 64 + bits.trailing_zeros();
                    bits &= bits - 1;
                    let to = self.q.step(t, h);
                    reached[to as usize / 64] |= 1 << (to % 64);
                }
            }
            for leaves in self.oracle.heap_moves(h) {
                let to = self.q.run(e, leaves);
                reached[to as usize / 64] |= 1 << (to % 64);
            }
            if self.dominated(next, &reached) {
                word.pop();
                continue;
            }
            let to_p = reached.iter().zip(&self.p_set).any(|(a, b)| a & b != 0);
            if !to_p && !self.q.is_p(next) {
                let mut ascending = word.clone();
                ascending.reverse();
                return Ok(Visit::Failure(ascending));
            }
            match self.visit(word, next, &reached)? {
                Visit::Done => {}
                other => return Ok(other),
            }
            word.pop();
        }
        Ok(Visit::Done)
    }

    /// Whether an earlier word of element `e` reached a subset of `reached`; if not, `reached`
    /// joins the floors of `e` (replacing its supersets).
    fn dominated(&mut self, e: u32, reached: &[u64]) -> bool {
        let subset = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(x, y)| x & !y == 0);
        let floors = &mut self.floors[e as usize];
        if floors.iter().any(|f| subset(f, reached)) {
            return true;
        }
        floors.retain(|f| !subset(reached, f));
        floors.push(reached.to_vec());
        false
    }
}
