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
//! right for every sum of heaps; otherwise the caller learns the quotient by L*.

use rustc_hash::FxHashMap as HashMap;

use super::cayley::Cayley;
use super::check::first_failure;
use super::oracle::Oracle;
use crate::ImpartialError;

/// The most pairs `(x, k)` computed before the P-pairs must have repeated.
const MAX_PAIRS: usize = 1 << 22;

/// The most entries of the table of least words' reachability (bytes).
const MAX_REACH: usize = 1 << 28;

/// What the extension found.
#[derive(Debug)]
pub(super) enum Extension {
    /// The quotient, proven by the checks, with one sorted sum of heaps per element.
    Proven(Cayley, Vec<Vec<u64>>),
    /// The checks refuted the candidate: an element of the smaller quotient splits when heap
    /// `j` joins it.
    Refuted,
    /// No candidate: the P-pairs did not repeat within [`MAX_PAIRS`] pairs, or the smaller
    /// quotient is too large for the least words' table.
    Unknown,
}

/// The candidate from the quotient `below` of heaps `1 … j−1` and heap `j`, checked.
///
/// # Errors
/// A check needing more than `check_states` states; more than `max_elements` pairs; the
/// budget's stop flag.
pub(super) fn extend(
    oracle: &Oracle,
    below: &Cayley,
    j: u64,
    max_elements: usize,
    check_states: usize,
) -> Result<Extension, ImpartialError> {
    debug_assert_eq!(below.upto() + 1, j);
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
        return Ok(Extension::Proven(Cayley::new(j, next, p), words));
    }
    if n * n * letters.len() > MAX_REACH {
        return Ok(Extension::Unknown);
    }
    let mul = |x: u32, y: u32| below.run(x, &words[y as usize]);
    let reps = least_words(below, &letters, &words)?;
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
            return Ok(Extension::Unknown);
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
    // Classes numbered in the order a breadth-first walk from the empty sum meets them.
    let classes = class.iter().max().map_or(0, |&c| c as usize + 1);
    if classes > max_elements {
        return Ok(Extension::Unknown);
    }
    let mut number = vec![u32::MAX; classes];
    let mut state_of = Vec::with_capacity(classes);
    let mut reps_out: Vec<Vec<u64>> = Vec::with_capacity(classes);
    number[class[0] as usize] = 0;
    state_of.push(0usize);
    reps_out.push(Vec::new());
    let mut at = 0;
    while at < state_of.len() {
        for &h in &all_letters {
            let t = step(state_of[at], h);
            let c = class[t] as usize;
            if number[c] == u32::MAX {
                number[c] = state_of.len() as u32;
                state_of.push(t);
                let mut w = reps_out[at].clone();
                w.push(h);
                w.sort_unstable();
                reps_out.push(w);
            }
        }
        at += 1;
    }
    let width = j as usize + 1;
    let mut next = Vec::with_capacity(classes * width);
    let mut is_p = Vec::with_capacity(classes);
    for &s in &state_of {
        let start = next.len() as u32 / width as u32;
        for h in 0..width as u64 {
            next.push(if h == j || all_letters.binary_search(&h).is_ok() {
                number[class[step(s, h)] as usize]
            } else {
                start
            });
        }
        is_p.push(p[s / n][s % n]);
    }
    let candidate = Cayley::new(j, next, is_p);
    oracle.interrupt()?;
    if first_failure(oracle, &candidate, &all_letters, check_states)?.is_some() {
        return Ok(Extension::Refuted);
    }
    Ok(Extension::Proven(candidate, reps_out))
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

/// Words compared heaps from the largest down, a word before its extensions.
fn lex_desc(a: &[u64], b: &[u64]) -> std::cmp::Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

/// The lexicographically least word (heaps from the largest down) of each element, sorted
/// ascending: the greedy choice of the smallest next heap from which the element can still
/// be reached with heaps no larger.
fn least_words(
    q: &Cayley,
    letters: &[u64],
    words: &[Vec<u64>],
) -> Result<Vec<Vec<u64>>, ImpartialError> {
    let n = q.len();
    // reach[l][c·n + x]: x is c times a sum of letters[..=l].
    let mut reach: Vec<Vec<bool>> = Vec::with_capacity(letters.len());
    for l in 0..letters.len() {
        // The submonoid generated by letters[..=l].
        let mut member = vec![false; n];
        member[0] = true;
        let mut list = vec![0u32];
        let mut at = 0;
        while at < list.len() {
            for &h in &letters[..=l] {
                let y = q.step(list[at], h);
                if !member[y as usize] {
                    member[y as usize] = true;
                    list.push(y);
                }
            }
            at += 1;
        }
        let mut r = vec![false; n * n];
        for c in 0..n as u32 {
            for &m in &list {
                let x = q.run(c, &words[m as usize]);
                r[c as usize * n + x as usize] = true;
            }
        }
        reach.push(r);
    }
    let mut out = Vec::with_capacity(n);
    for x in 0..n {
        let mut word = Vec::new();
        let mut c = 0u32;
        let mut bound = letters.len();
        while c as usize != x {
            let Some(l) = (0..bound).find(|&l| {
                let next = q.step(c, letters[l]);
                reach[l][next as usize * n + x]
            }) else {
                return Err(ImpartialError::Invalid {
                    message: "internal error: an element of the quotient has no word".into(),
                });
            };
            c = q.step(c, letters[l]);
            word.push(letters[l]);
            bound = l + 1;
            if word.len() > 64 * n + 64 {
                return Err(ImpartialError::Invalid {
                    message: "internal error: a least word of the quotient did not end".into(),
                });
            }
        }
        word.reverse();
        out.push(word);
    }
    Ok(out)
}

/// Moore's partition refinement: the class of each state in the coarsest partition that
/// separates P from N and is kept by every letter.
fn minimise(
    states: usize,
    letters: &[u64],
    is_p: impl Fn(usize) -> bool,
    step: impl Fn(usize, u64) -> usize,
) -> Vec<u32> {
    let mut class: Vec<u32> = (0..states).map(|s| u32::from(is_p(s))).collect();
    let mut count = class
        .iter()
        .copied()
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    loop {
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::default();
        let next: Vec<u32> = (0..states)
            .map(|s| {
                let mut sig = Vec::with_capacity(letters.len() + 1);
                sig.push(class[s]);
                sig.extend(letters.iter().map(|&h| class[step(s, h)]));
                let fresh = ids.len() as u32;
                *ids.entry(sig).or_insert(fresh)
            })
            .collect();
        let refined = ids.len();
        class = next;
        if refined == count {
            return class;
        }
        count = refined;
    }
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
