//! Words (sorted sums of heaps) and the automata that read them: the order of words (heaps
//! compared from the largest down, a word before its extensions), each element's least word,
//! Moore's minimisation and the breadth-first numbering of a minimal automaton. The extension
//! and the refinement both build candidates with them.

use rustc_hash::FxHashMap as HashMap;

use super::cayley::Cayley;

/// The minimal automaton of `class` (the classes of a minimised automaton over heaps
/// `1 … j`, `letters` its live heaps), its elements numbered in the order a breadth-first walk
/// from the empty sum meets them, with the sorted word that walk reaches each by.
pub(super) fn renumber(
    class: &[u32],
    letters: &[u64],
    j: u64,
    is_p: impl Fn(usize) -> bool,
    step: impl Fn(usize, u64) -> usize,
) -> (Cayley, Vec<Vec<u64>>) {
    let classes = class.iter().max().map_or(0, |&c| c as usize + 1);
    let mut number = vec![u32::MAX; classes];
    let mut state_of = Vec::with_capacity(classes);
    let mut reps: Vec<Vec<u64>> = Vec::with_capacity(classes);
    number[class[0] as usize] = 0;
    state_of.push(0usize);
    reps.push(Vec::new());
    let mut at = 0;
    while at < state_of.len() {
        for &h in letters {
            let t = step(state_of[at], h);
            let c = class[t] as usize;
            if number[c] == u32::MAX {
                number[c] = state_of.len() as u32;
                state_of.push(t);
                let mut w = reps[at].clone();
                w.push(h);
                w.sort_unstable();
                reps.push(w);
            }
        }
        at += 1;
    }
    let width = j as usize + 1;
    let mut next = Vec::with_capacity(classes * width);
    let mut p = Vec::with_capacity(classes);
    for &s in &state_of {
        let start = next.len() as u32 / width as u32;
        for h in 0..width as u64 {
            next.push(if letters.binary_search(&h).is_ok() {
                number[class[step(s, h)] as usize]
            } else {
                start
            });
        }
        p.push(is_p(s));
    }
    (Cayley::new(j, next, p), reps)
}

/// Words compared heaps from the largest down, a word before its extensions.
pub(super) fn lex_desc(a: &[u64], b: &[u64]) -> std::cmp::Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

/// The lexicographically least word (heaps from the largest down) of each element, sorted
/// ascending. Words are met in lexicographic order from a priority queue, each extended only
/// by heaps no larger than its smallest, and only the first word of each element is extended:
/// the least word of an element is the least word of another one plus a heap no larger than
/// its heaps (adding a heap keeps the order of words), so it is met first.
pub(super) fn least_words(q: &Cayley, letters: &[u64]) -> Vec<Vec<u64>> {
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
pub(super) fn minimise(
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
