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
//! right for every sum of heaps. When they refute it, the same construction runs on a finer
//! base: the element of the smaller quotient paired with how many heaps of some sizes the sum
//! holds (the sizes the failed check names, counted up to a cycle), which keeps apart sums the
//! new heap tells apart — again proven by the checks or refuted. Past a few such bases the
//! caller learns the quotient by L*.

use rustc_hash::FxHashMap as HashMap;

use super::cayley::Cayley;
use super::check::{Failure, first_failure};
use super::oracle::Oracle;
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
/// first the candidate built on `below` itself, then, while the checks refute it, candidates
/// built on finer bases that also count the heaps of the sizes the failed checks name (an
/// element split by heap `j` is often told apart by how many of them a sum holds), at most
/// [`MAX_COUNTED`] sizes and [`MAX_BASE`] states.
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
    let letters: Vec<u64> = (1..j).filter(|&h| oracle.is_live(h)).collect();
    let mut counted_heaps: Vec<u64> = Vec::new();
    let mut base = below.clone();
    loop {
        let (failure, words) = match candidate(oracle, &base, j, max_elements, check_states)? {
            Attempt::Refuted(failure, words) => (failure, words),
            Attempt::Proven(q, reps) => return Ok(Extension::Proven(q, reps)),
            Attempt::Unknown => return Ok(Extension::Unknown),
        };
        // Count the heaps the failure names, or else the largest heap not counted yet.
        let named: Vec<u64> = match &failure {
            Failure::Order { q, i, j } => [&[*i, *j][..], &words[*q as usize]].concat(),
            Failure::PToP { q, h, leaves } => [&[*h][..], leaves, &words[*q as usize]].concat(),
            Failure::Stuck { word } => word.clone(),
        };
        let before = counted_heaps.len();
        for h in named {
            if h < j && letters.contains(&h) && !counted_heaps.contains(&h) {
                counted_heaps.push(h);
            }
        }
        if counted_heaps.len() == before {
            match letters.iter().rev().find(|h| !counted_heaps.contains(h)) {
                Some(&h) => counted_heaps.push(h),
                None => return Ok(Extension::Refuted),
            }
        }
        if counted_heaps.len() > MAX_COUNTED {
            return Ok(Extension::Refuted);
        }
        counted_heaps.sort_unstable();
        match counted(below, &letters, &counted_heaps) {
            Some(finer) => base = finer,
            None => return Ok(Extension::Refuted),
        }
    }
}

/// One candidate's fate.
enum Attempt {
    Proven(Cayley, Vec<Vec<u64>>),
    /// With one word per element of the candidate.
    Refuted(Failure, Vec<Vec<u64>>),
    Unknown,
}

/// The most heap sizes a finer base counts.
const MAX_COUNTED: usize = 8;

/// The most states of a finer base.
const MAX_BASE: usize = 1 << 12;

/// The base that pairs the element of `below` with how many heaps of each size in `top` a sum
/// holds — a count runs up to twice the heap's index in `below` plus two, then cycles with
/// twice its period there. `None` past [`MAX_BASE`] states.
fn counted(below: &Cayley, letters: &[u64], top: &[u64]) -> Option<Cayley> {
    // (first count of the cycle, counts in all) for each counted heap.
    let cycles: Vec<(u8, u8)> = top
        .iter()
        .map(|&h| {
            let mut seen = vec![below.len(); below.len()];
            let (mut e, mut k) = (0u32, 0usize);
            while seen[e as usize] == below.len() {
                seen[e as usize] = k;
                e = below.step(e, h);
                k += 1;
            }
            let (index, period) = (seen[e as usize], k - seen[e as usize]);
            let first = (2 * index + 2).min(100) as u8;
            (first, first + (2 * period).min(100) as u8)
        })
        .collect();
    let width = below.upto() as usize + 1;
    let mut id: HashMap<(u32, Vec<u8>), u32> = HashMap::default();
    let mut states: Vec<(u32, Vec<u8>)> = vec![(0, vec![0; top.len()])];
    id.insert(states[0].clone(), 0);
    let mut next: Vec<u32> = Vec::new();
    let mut at = 0;
    while at < states.len() {
        let (x, counts) = states[at].clone();
        let row = next.len();
        next.extend(std::iter::repeat_n(at as u32, width));
        for &h in letters {
            let mut c = counts.clone();
            if let Some(i) = top.iter().position(|&t| t == h) {
                let (first, all) = cycles[i];
                c[i] = if c[i] + 1 == all { first } else { c[i] + 1 };
            }
            let key = (below.step(x, h), c);
            let to = match id.get(&key) {
                Some(&to) => to,
                None => {
                    if states.len() >= MAX_BASE {
                        return None;
                    }
                    let to = states.len() as u32;
                    id.insert(key.clone(), to);
                    states.push(key);
                    to
                }
            };
            next[row + h as usize] = to;
        }
        at += 1;
    }
    let p = states.iter().map(|(x, _)| below.is_p(*x)).collect();
    Some(Cayley::new(below.upto(), next, p))
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
    // Classes numbered in the order a breadth-first walk from the empty sum meets them.
    let classes = class.iter().max().map_or(0, |&c| c as usize + 1);
    if classes > max_elements {
        return Ok(Attempt::Unknown);
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
    if let Some(f) = first_failure(oracle, &candidate, &all_letters, check_states)? {
        return Ok(Attempt::Refuted(f, reps_out));
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

/// Words compared heaps from the largest down, a word before its extensions.
fn lex_desc(a: &[u64], b: &[u64]) -> std::cmp::Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

/// The lexicographically least word (heaps from the largest down) of each element, sorted
/// ascending. Words are met in lexicographic order from a priority queue, each extended only
/// by heaps no larger than its smallest, and only the first word of each element is extended:
/// the least word of an element is the least word of another one plus a heap no larger than
/// its heaps (adding a heap keeps the order of words), so it is met first.
fn least_words(q: &Cayley, letters: &[u64]) -> Vec<Vec<u64>> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    /// A word with heaps from the largest down, ordered lexicographically.
    #[derive(PartialEq, Eq, PartialOrd, Ord)]
    struct Desc(Vec<u64>);
    let n = q.len();
    let mut out: Vec<Option<Vec<u64>>> = vec![None; n];
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((Desc(Vec::new()), 0u32)));
    let mut found = 0;
    while let Some(Reverse((Desc(word), x))) = queue.pop() {
        if out[x as usize].is_some() {
            continue;
        }
        let smallest = word.last().copied().unwrap_or(u64::MAX);
        for &h in letters.iter().take_while(|&&h| h <= smallest) {
            let y = q.step(x, h);
            if out[y as usize].is_none() {
                let mut longer = word.clone();
                longer.push(h);
                queue.push(Reverse((Desc(longer), y)));
            }
        }
        let mut ascending = word;
        ascending.reverse();
        out[x as usize] = Some(ascending);
        found += 1;
        if found == n {
            break;
        }
    }
    out.into_iter().map(Option::unwrap_or_default).collect()
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

#[cfg(test)]
mod tests {
    use cgt_core::budget::Budget;

    use super::*;
    use crate::heapgame::HeapGame;
    use crate::quotient::sums;

    #[test]
    fn least_words_are_the_least_of_their_elements() {
        // Kayles' quotient of heaps up to 5: each least word reaches its element, and no sum
        // of at most 12 tokens reaching it comes before it, heaps compared from the largest
        // down.
        let game = HeapGame::from_name_or_code("0.77").unwrap();
        let q = crate::quotient::MisereQuotient::compute(&game, 5, &Budget::unlimited()).unwrap();
        let next: Vec<u32> = (0..q.order() as u32)
            .flat_map(|e| (0..6).map(move |h| (e, h)))
            .map(|(e, h)| q.multiply(e, q.pretending(h).unwrap()))
            .collect();
        let p = (0..q.order() as u32).map(|e| q.is_p(e)).collect();
        let cayley = Cayley::new(5, next, p);
        let least = least_words(&cayley, &[1, 2, 3, 4, 5]);
        for (e, w) in least.iter().enumerate() {
            assert_eq!(cayley.run(0, w) as usize, e);
            assert!(w.windows(2).all(|p| p[0] <= p[1]), "{w:?} is sorted");
        }
        let mut compared = 0;
        for sum in sums(5, 12) {
            let e = cayley.run(0, &sum) as usize;
            assert_ne!(
                lex_desc(&sum, &least[e]),
                std::cmp::Ordering::Less,
                "{sum:?} comes before {:?}",
                least[e]
            );
            compared += 1;
        }
        assert!(compared > 100);
        // Something to find: a least word is not always the shortest.
        assert!(least.iter().any(|w| w.len() > 2));
    }
}
