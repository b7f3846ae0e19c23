//! The three finite checks that prove a candidate quotient right for every sum of heaps, by
//! induction over positions (a sum is P exactly when it has a move and no move reaches a
//! P-position):
//! 1. heaps commute: adding `i` then `j` reaches the same element as `j` then `i`, so the
//!    element of a sum does not depend on the order its heaps are read;
//! 2. no P-element has a move to a P-element: for every element `y` and heap `h`, if `y·h`
//!    is in P then no option `h'` of `h` puts `y·h'` in P;
//! 3. every sum of N-element with a move has a move to P: a search over the finitely many
//!    states (element of the sum, and for each kind of heap in it, the element of the sum
//!    without one such heap) finds a sum that breaks this, when one exists.
//!
//! The checks look only at the candidate and the heaps' moves, never at a search's answers:
//! a candidate that passes them is right however it was found.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

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

/// Check 3: every N-sum with a move has a move to a P-sum. Heaps acting alike (the same
/// column of the automaton) form a group; within a group only one heap size need be present
/// in a failing sum, and only sizes whose moves reach P from the fewest elements.
fn stuck_n(
    oracle: &Oracle,
    hyp: &Cayley,
    letters: &[u64],
    check_states: usize,
) -> Result<Option<Failure>, ImpartialError> {
    let n = hyp.len() as u32;
    let mut group_of: HashMap<Vec<u32>, usize> = HashMap::default();
    // kinds[g]: (heap, elements from which one of its moves reaches P).
    let mut kinds: Vec<Vec<(u64, Vec<bool>)>> = Vec::new();
    for &h in letters {
        let column: Vec<u32> = (0..n).map(|q| hyp.step(q, h)).collect();
        let g = *group_of.entry(column).or_insert_with(|| {
            kinds.push(Vec::new());
            kinds.len() - 1
        });
        let moves = oracle.heap_moves(h);
        let reach: Vec<bool> = (0..n)
            .map(|q| moves.iter().any(|leaves| hyp.is_p(hyp.run(q, leaves))))
            .collect();
        let subset = |a: &[bool], b: &[bool]| a.iter().zip(b).all(|(&x, &y)| !x || y);
        if kinds[g].iter().any(|(_, r)| subset(r, &reach)) {
            continue;
        }
        kinds[g].retain(|(_, r)| !subset(&reach, r));
        kinds[g].push((h, reach));
    }
    let groups = kinds.len();
    // A state: [element, then per group: kind + 1 (0 when absent), element without one].
    let width = 1 + 2 * groups;
    let mut keys: Vec<u32> = vec![0; width];
    let mut parents: Vec<(u32, u64)> = vec![(0, 0)];
    let mut seen: HashSet<Vec<u32>> = HashSet::default();
    seen.insert(keys.clone());
    let mut at = 0;
    while at < parents.len() {
        let key = keys[at * width..(at + 1) * width].to_vec();
        for g in 0..groups {
            let slot = key[1 + 2 * g] as usize;
            let choices = if slot == 0 {
                0..kinds[g].len()
            } else {
                slot - 1..slot
            };
            for k in choices {
                let h = kinds[g][k].0;
                let mut next = key.clone();
                next[0] = hyp.step(key[0], h);
                for o in 0..groups {
                    if o != g && next[1 + 2 * o] != 0 {
                        next[2 + 2 * o] = hyp.step(next[2 + 2 * o], h);
                    }
                }
                next[1 + 2 * g] = k as u32 + 1;
                next[2 + 2 * g] = key[0];
                if seen.contains(&next) {
                    continue;
                }
                if parents.len().is_multiple_of(1 << 14) {
                    oracle.interrupt()?;
                }
                if parents.len() >= check_states {
                    return Err(ImpartialError::Invalid {
                        message: format!(
                            "checking the misère quotient of heaps up to {} needs more than {} \
                             states, the limit of this computation",
                            hyp.upto(),
                            check_states
                        ),
                    });
                }
                let stuck = !hyp.is_p(next[0])
                    && (0..groups).all(|o| {
                        let s = next[1 + 2 * o] as usize;
                        s == 0 || !kinds[o][s - 1].1[next[2 + 2 * o] as usize]
                    });
                seen.insert(next.clone());
                keys.extend_from_slice(&next);
                parents.push((at as u32, h));
                if stuck {
                    let mut word = Vec::new();
                    let mut i = parents.len() - 1;
                    while i != 0 {
                        word.push(parents[i].1);
                        i = parents[i].0 as usize;
                    }
                    word.sort_unstable();
                    return Ok(Some(Failure::Stuck { word }));
                }
            }
        }
        at += 1;
    }
    Ok(None)
}
