//! The quotient of heaps `1 … j` built from the quotient of heaps `1 … j−1` and the moves of
//! heap `j`, without searching a single sum.
//!
//! Write a sum as `B + k·j`, with `B` a sum of smaller heaps and `k` copies of heap `j`. If
//! adding heap `j` splits no element of the smaller quotient `Q` (sums equal in `Q` stay
//! indistinguishable when heaps of `j` join them), the outcome of `B + k·j` depends only on
//! `x = Φ(B)` and `k`, and follows the misère rule on one representative word per element:
//!
//! `B + k·j` (k ≥ 1) is P ⇔ no move of the representative `r(x)` reaches a P-pair `(x', k)`,
//! and no move of one heap `j` (to leaves `Y`) reaches the P-pair `(x·Φ(Y), k − 1)`.
//!
//! With `r(x)` the lexicographically least word of its element (heaps listed from the largest
//! down), every move of `r(x)` leads to a word, hence an element, whose representative is
//! smaller: the pairs are computed in that order, one `k` after the other, until the P-pairs
//! of some `k` repeat those of an earlier one (from then on they are periodic in `k`). The
//! automaton on pairs `(x, k)` is then minimised (Moore's partition refinement) into the
//! candidate quotient.
//!
//! The assumption is not always true (adding a heap can split elements of the smaller
//! quotient), so the candidate is accepted only when the three checks of `check.rs` prove it
//! right for every sum of heaps. When they refute it, `refine.rs` mends it the way Siegel's
//! MisereSolver does, from the least sum it gets wrong.

use rustc_hash::FxHashMap as HashMap;

use super::cayley::Cayley;
use super::check::first_failure;
use super::oracle::Oracle;
use super::refine::refine;
use super::words::{least_words, lex_desc, minimise, renumber};
use crate::ImpartialError;

/// The most pairs `(x, k)` computed before the P-pairs must have repeated.
const MAX_PAIRS: usize = 1 << 22;

/// What the extension found.
#[derive(Debug)]
pub(super) enum Extension {
    /// The quotient, proven by the checks, with one sorted sum of heaps per element.
    Proven(Cayley, Vec<Vec<u64>>),
    /// The checks refuted the candidate: an element of the smaller quotient splits when heap
    /// `j` joins it.
    Refuted,
    /// No candidate: the P-pairs did not repeat within [`MAX_PAIRS`] pairs.
    Unknown,
}

/// The quotient of heaps `1 … j` from the quotient `below` of heaps `1 … j−1` and heap `j`:
/// first the candidate built on `below` itself; when the checks refute it, that candidate is
/// refined (`refine.rs`) until the checks prove it or the refinement gives up.
///
/// # Errors
/// A check needing more than `check_states` states; the budget's stop flag.
pub(super) fn extend(
    oracle: &Oracle,
    below: &Cayley,
    j: u64,
    max_elements: usize,
    check_states: usize,
) -> Result<Extension, ImpartialError> {
    debug_assert_eq!(below.upto() + 1, j);
    match candidate(oracle, below, j, max_elements, check_states)? {
        Attempt::Proven(q, reps) => Ok(Extension::Proven(q, reps)),
        Attempt::Unknown => Ok(Extension::Unknown),
        Attempt::Refuted(trial) => {
            let letters: Vec<u64> = (1..=j).filter(|&h| oracle.is_live(h)).collect();
            Ok(
                match refine(oracle, trial, &letters, max_elements, check_states)? {
                    Some((q, reps)) => Extension::Proven(q, reps),
                    None => Extension::Refuted,
                },
            )
        }
    }
}

/// One candidate's fate.
enum Attempt {
    Proven(Cayley, Vec<Vec<u64>>),
    /// The refuted candidate.
    Refuted(Cayley),
    Unknown,
}

/// The candidate built on `base` (a commutative automaton of heaps `1 … j−1` that tells
/// P-sums from N-sums), checked.
fn candidate(
    oracle: &Oracle,
    below: &Cayley,
    j: u64,
    max_elements: usize,
    check_states: usize,
) -> Result<Attempt, ImpartialError> {
    let letters: Vec<u64> = (1..j).filter(|&h| oracle.is_live(h)).collect();
    let n = below.len();
    let words = access_words(below, &letters);
    if !oracle.is_live(j) {
        // A heap without a move is the empty sum: the quotient is the same.
        let width = j as usize + 1;
        let next = (0..n as u32)
            .flat_map(|x| (0..width as u64).map(move |h| (x, h)))
            .map(|(x, h)| if h == j { x } else { below.step(x, h) })
            .collect();
        let p = (0..n as u32).map(|x| below.is_p(x)).collect();
        return Ok(Attempt::Proven(Cayley::new(j, next, p), words));
    }
    let mul = |x: u32, y: u32| below.run(x, &words[y as usize]);
    let reps = least_words(below, &letters);
    oracle.interrupt()?;
    // The elements in the order of their representatives.
    let mut by_rep: Vec<u32> = (0..n as u32).collect();
    by_rep.sort_by(|&x, &y| lex_desc(&reps[x as usize], &reps[y as usize]));
    // moves_of[x]: the elements the moves of r(x) reach.
    let moves_of: Vec<Vec<u32>> = (0..n)
        .map(|x| {
            let r = &reps[x];
            let mut out = Vec::new();
            for i in 0..r.len() {
                if i > 0 && r[i] == r[i - 1] {
                    continue;
                }
                let rest: Vec<u64> = r[..i].iter().chain(&r[i + 1..]).copied().collect();
                let without = below.run(0, &rest);
                for leaves in oracle.heap_moves(r[i]) {
                    out.push(below.run(without, leaves));
                }
            }
            out.sort_unstable();
            out.dedup();
            out
        })
        .collect();
    let j_moves: Vec<u32> = oracle
        .heap_moves(j)
        .iter()
        .map(|leaves| below.run(0, leaves))
        .collect();
    // p[k][x]: whether the sums B + k·j with Φ(B) = x are P.
    let mut p: Vec<Vec<bool>> = vec![(0..n as u32).map(|x| below.is_p(x)).collect()];
    let mut first_k: HashMap<Vec<bool>, usize> = HashMap::default();
    first_k.insert(p[0].clone(), 0);
    let preperiod = loop {
        if p.len() * n > MAX_PAIRS {
            return Ok(Attempt::Unknown);
        }
        let last = &p[p.len() - 1];
        let mut row = vec![false; n];
        for &x in &by_rep {
            let to_j = j_moves.iter().any(|&y| last[mul(x, y) as usize]);
            row[x as usize] = !to_j && !moves_of[x as usize].iter().any(|&y| row[y as usize]);
        }
        if let Some(&k0) = first_k.get(&row) {
            break k0;
        }
        first_k.insert(row.clone(), p.len());
        p.push(row);
    };
    let copies = p.len();
    // Pair (x, k) is state k·n + x; heap j takes k to k + 1, and the last k back to the
    // preperiod.
    let states = copies * n;
    let step = |s: usize, h: u64| -> usize {
        let (k, x) = (s / n, s % n);
        if h == j {
            let k = if k + 1 == copies { preperiod } else { k + 1 };
            k * n + x
        } else {
            k * n + below.step(x as u32, h) as usize
        }
    };
    let mut all_letters = letters.clone();
    all_letters.push(j);
    let class = minimise(states, &all_letters, |s| p[s / n][s % n], step);
    let classes = class.iter().max().map_or(0, |&c| c as usize + 1);
    if classes > max_elements {
        return Ok(Attempt::Unknown);
    }
    let (candidate, reps_out) = renumber(&class, &all_letters, j, |s| p[s / n][s % n], step);
    oracle.interrupt()?;
    if first_failure(oracle, &candidate, &all_letters, check_states)?.is_some() {
        return Ok(Attempt::Refuted(candidate));
    }
    Ok(Attempt::Proven(candidate, reps_out))
}

/// One sorted word per element, from a breadth-first walk.
fn access_words(q: &Cayley, letters: &[u64]) -> Vec<Vec<u64>> {
    let mut words: Vec<Option<Vec<u64>>> = vec![None; q.len()];
    words[0] = Some(Vec::new());
    let mut order = vec![0u32];
    let mut at = 0;
    while at < order.len() {
        let x = order[at];
        for &h in letters {
            let y = q.step(x, h);
            if words[y as usize].is_none() {
                let mut w = words[x as usize].clone().unwrap_or_default();
                w.push(h);
                w.sort_unstable();
                words[y as usize] = Some(w);
                order.push(y);
            }
        }
        at += 1;
    }
    words.into_iter().map(Option::unwrap_or_default).collect()
}

/// Test sums (sorted) that tell every two elements of `q` apart: the empty sum, then a heap
/// added to an earlier test whenever that splits elements the tests so far confuse.
pub(super) fn distinguishing_tests(q: &Cayley, letters: &[u64]) -> Vec<Vec<u64>> {
    let n = q.len() as u32;
    let mut tests: Vec<Vec<u64>> = vec![Vec::new()];
    let mut rows: Vec<Vec<bool>> = (0..n).map(|x| vec![q.is_p(x)]).collect();
    loop {
        let mut found = None;
        {
            let mut block: HashMap<&[bool], u32> = HashMap::default();
            'search: for x in 0..n {
                let Some(&y) = block.get(rows[x as usize].as_slice()) else {
                    block.insert(&rows[x as usize], x);
                    continue;
                };
                for &h in letters {
                    let (a, b) = (&rows[q.step(x, h) as usize], &rows[q.step(y, h) as usize]);
                    if let Some(t) = (0..a.len()).find(|&t| a[t] != b[t]) {
                        found = Some((h, t));
                        break 'search;
                    }
                }
            }
        }
        let Some((h, t)) = found else {
            return tests;
        };
        let mut test = tests[t].clone();
        test.push(h);
        test.sort_unstable();
        for x in 0..n {
            let p = q.is_p(q.run(x, &test));
            rows[x as usize].push(p);
        }
        tests.push(test);
    }
}
