//! Learning a misère quotient: Angluin's L* over sums of heaps, each hypothesis checked exactly.
//!
//! The quotient of the sums of heaps `1 … n` is the smallest automaton that reads a sum heap by
//! heap and ends in a P-state exactly when the sum is a misère P-position (two sums are
//! indistinguishable when every added sum gives both the same outcome). L* builds it from
//! questions "is this sum a P-position?" put to a search: an observation table of sums (one
//! per element) against test sums, closed under adding a heap, gives a hypothesis.
//!
//! A hypothesis is accepted only when it is provably right for *every* sum of heaps, which
//! three finite checks establish (by induction over positions: a sum is P exactly when it has
//! a move and no move reaches a P-position):
//! 1. heaps commute: adding `i` then `j` reaches the same element as `j` then `i`, so the
//!    element of a sum does not depend on the order its heaps are read;
//! 2. no P-element has a move to a P-element: for every element `y` and heap `h`, if `y·h`
//!    is in P then no option `h'` of `h` puts `y·h'` in P;
//! 3. every sum of N-element with a move has a move to P: a search over the finitely many
//!    states (element of the sum, and for each kind of heap in it, the element of the sum
//!    without one such heap) finds a sum that breaks this, when one exists.
//!
//! A failed check names a sum (or one of its options) whose predicted outcome is wrong; the
//! search confirms which, and Rivest and Schapire's binary search turns it into a new test sum
//! that splits an element. Each split adds an element, so the learning ends with the
//! quotient itself: its elements are pairwise distinguished by test sums, hence it is reduced.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::cayley::Cayley;
use super::oracle::{Oracle, replace};
use crate::ImpartialError;

/// The learner's limits: elements and check states, from the memory allowed.
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    /// Most elements a quotient may have.
    pub(super) elements: usize,
    /// Most states the third check may visit.
    pub(super) check_states: usize,
}

/// A learned quotient with what it was learned from.
#[derive(Debug)]
pub(super) struct Learned {
    /// The quotient.
    pub(super) cayley: Cayley,
    /// One sum of heaps (sorted) for each element.
    pub(super) representatives: Vec<Vec<u64>>,
    /// The test sums that distinguish the elements: a start for the next heap.
    pub(super) tests: Vec<Vec<u64>>,
}

/// The quotient of the sums of heaps `1 … upto` of the oracle's game.
pub(super) fn learn(
    oracle: &mut Oracle,
    upto: u64,
    seed_tests: &[Vec<u64>],
    limits: Limits,
) -> Result<Learned, ImpartialError> {
    let letters: Vec<u64> = (1..=upto).filter(|&h| oracle.is_live(h)).collect();
    let mut tests = vec![Vec::new()];
    for t in seed_tests {
        if !tests.contains(t) {
            tests.push(t.clone());
        }
    }
    let mut table = Table {
        oracle,
        letters,
        upto,
        limits,
        tests,
        rows: HashMap::default(),
        access: Vec::new(),
        state_rows: Vec::new(),
        index: HashMap::default(),
    };
    let root = table.row(&[])?;
    table.index.insert(root.clone(), 0);
    table.state_rows.push(root);
    table.access.push(Vec::new());
    loop {
        table.close()?;
        let hypothesis = table.hypothesis()?;
        match table.counterexample(&hypothesis)? {
            None => {
                let representatives = table.access.iter().map(|w| sorted(w.clone())).collect();
                return Ok(Learned {
                    cayley: hypothesis,
                    representatives,
                    tests: table.tests,
                });
            }
            Some(word) => table.refine(&hypothesis, &word)?,
        }
    }
}

fn sorted(mut v: Vec<u64>) -> Vec<u64> {
    v.sort_unstable();
    v
}

/// Two sorted lists merged.
fn merge(a: &[u64], b: &[u64]) -> Vec<u64> {
    sorted(a.iter().chain(b).copied().collect())
}

/// L*'s observation table.
struct Table<'o> {
    oracle: &'o mut Oracle,
    /// The live heaps up to `upto`.
    letters: Vec<u64>,
    upto: u64,
    limits: Limits,
    /// Test sums (sorted); the first is the empty sum.
    tests: Vec<Vec<u64>>,
    /// Outcomes of a sum (sorted) plus each test, as far as computed.
    rows: HashMap<Vec<u64>, Vec<bool>>,
    /// One word per element: its parent's word and one heap, so reading it reaches it.
    access: Vec<Vec<u64>>,
    state_rows: Vec<Vec<bool>>,
    index: HashMap<Vec<bool>, u32>,
}

impl Table<'_> {
    /// The outcomes of `word` plus each test.
    fn row(&mut self, word: &[u64]) -> Result<Vec<bool>, ImpartialError> {
        let key = sorted(word.to_vec());
        let mut row = self.rows.remove(&key).unwrap_or_default();
        for t in row.len()..self.tests.len() {
            let sum = merge(&key, &self.tests[t]);
            row.push(self.oracle.is_p(&sum)?);
        }
        self.rows.insert(key, row.clone());
        Ok(row)
    }

    fn truth(&mut self, word: &[u64]) -> Result<bool, ImpartialError> {
        self.oracle.is_p(&sorted(word.to_vec()))
    }

    /// Adds an element for every sum "element plus heap" whose row is new.
    fn close(&mut self) -> Result<(), ImpartialError> {
        let mut q = 0;
        while q < self.access.len() {
            self.oracle.interrupt()?;
            for l in 0..self.letters.len() {
                let mut word = self.access[q].clone();
                word.push(self.letters[l]);
                let row = self.row(&word)?;
                if !self.index.contains_key(&row) {
                    if self.access.len() >= self.limits.elements {
                        return Err(ImpartialError::Invalid {
                            message: format!(
                                "the misère quotient of heaps up to {} has more than {} elements, \
                                 the limit of this computation",
                                self.upto, self.limits.elements
                            ),
                        });
                    }
                    self.index.insert(row.clone(), self.access.len() as u32);
                    self.state_rows.push(row);
                    self.access.push(word);
                }
            }
            q += 1;
        }
        Ok(())
    }

    /// The automaton the closed table describes.
    fn hypothesis(&mut self) -> Result<Cayley, ImpartialError> {
        let width = self.upto as usize + 1;
        let n = self.access.len();
        let mut next = Vec::with_capacity(n * width);
        for q in 0..n {
            let start = next.len();
            next.extend(std::iter::repeat_n(q as u32, width));
            for l in 0..self.letters.len() {
                let h = self.letters[l];
                let mut word = self.access[q].clone();
                word.push(h);
                let row = self.row(&word)?;
                next[start + h as usize] = self.index[&row];
            }
        }
        let p = self.state_rows.iter().map(|r| r[0]).collect();
        Ok(Cayley::new(self.upto, next, p))
    }

    /// A word whose outcome the hypothesis predicts wrongly, if the checks find one.
    fn counterexample(&mut self, hyp: &Cayley) -> Result<Option<Vec<u64>>, ImpartialError> {
        if let Some(w) = self.order_dependence(hyp)? {
            return Ok(Some(w));
        }
        if let Some(w) = self.p_to_p(hyp)? {
            return Ok(Some(w));
        }
        self.stuck_n(hyp)
    }

    /// The first of `words` that the hypothesis gets wrong; the checks only offer lists that
    /// must contain one.
    fn first_wrong(
        &mut self,
        hyp: &Cayley,
        words: Vec<Vec<u64>>,
    ) -> Result<Option<Vec<u64>>, ImpartialError> {
        for w in words {
            if hyp.is_p(hyp.run(0, &w)) != self.truth(&w)? {
                return Ok(Some(w));
            }
        }
        Err(ImpartialError::Invalid {
            message: "internal error: a failed quotient check named no wrong prediction".into(),
        })
    }

    /// Check 1: heaps commute.
    fn order_dependence(&mut self, hyp: &Cayley) -> Result<Option<Vec<u64>>, ImpartialError> {
        for q in 0..hyp.len() as u32 {
            for a in 0..self.letters.len() {
                for b in a + 1..self.letters.len() {
                    let (i, j) = (self.letters[a], self.letters[b]);
                    let q1 = hyp.step(hyp.step(q, i), j);
                    let q2 = hyp.step(hyp.step(q, j), i);
                    if q1 == q2 {
                        continue;
                    }
                    let (r1, r2) = (&self.state_rows[q1 as usize], &self.state_rows[q2 as usize]);
                    let c = (0..r1.len()).find(|&c| r1[c] != r2[c]).unwrap_or(0);
                    let test = self.tests[c].clone();
                    let base = &self.access[q as usize];
                    let words = vec![
                        [base.as_slice(), &[i, j], &test].concat(),
                        [base.as_slice(), &[j, i], &test].concat(),
                        [self.access[q1 as usize].as_slice(), &test].concat(),
                        [self.access[q2 as usize].as_slice(), &test].concat(),
                    ];
                    return self.first_wrong(hyp, words);
                }
            }
        }
        Ok(None)
    }

    /// Check 2: no P-element has a move to a P-element.
    fn p_to_p(&mut self, hyp: &Cayley) -> Result<Option<Vec<u64>>, ImpartialError> {
        for q in 0..hyp.len() as u32 {
            for l in 0..self.letters.len() {
                let h = self.letters[l];
                if !hyp.is_p(hyp.step(q, h)) {
                    continue;
                }
                let bad = self
                    .oracle
                    .heap_moves(h)
                    .iter()
                    .find(|leaves| hyp.is_p(hyp.run(q, leaves)))
                    .cloned();
                if let Some(leaves) = bad {
                    let base = self.access[q as usize].clone();
                    let words = vec![[base.as_slice(), &[h]].concat(), [base, leaves].concat()];
                    return self.first_wrong(hyp, words);
                }
            }
        }
        Ok(None)
    }

    /// Check 3: every N-sum with a move has a move to a P-sum. Heaps acting alike (the same
    /// column of the automaton) form a group; within a group only one heap size need be
    /// present in a failing sum, and only sizes whose moves reach P from the fewest elements.
    fn stuck_n(&mut self, hyp: &Cayley) -> Result<Option<Vec<u64>>, ImpartialError> {
        let n = hyp.len() as u32;
        let mut group_of: HashMap<Vec<u32>, usize> = HashMap::default();
        // kinds[g]: (heap, elements from which one of its moves reaches P).
        let mut kinds: Vec<Vec<(u64, Vec<bool>)>> = Vec::new();
        for &h in &self.letters {
            let column: Vec<u32> = (0..n).map(|q| hyp.step(q, h)).collect();
            let g = *group_of.entry(column).or_insert_with(|| {
                kinds.push(Vec::new());
                kinds.len() - 1
            });
            let moves = self.oracle.heap_moves(h);
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
                        self.oracle.interrupt()?;
                    }
                    if parents.len() >= self.limits.check_states {
                        return Err(ImpartialError::Invalid {
                            message: format!(
                                "checking the misère quotient of heaps up to {} needs more than \
                                 {} states, the limit of this computation",
                                self.upto, self.limits.check_states
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
                        let word = sorted(word);
                        let mut words = vec![word.clone()];
                        for i in 0..word.len() {
                            for leaves in self.oracle.heap_moves(word[i]) {
                                words.push(replace(&word, i, leaves));
                            }
                        }
                        return self.first_wrong(hyp, words);
                    }
                }
            }
            at += 1;
        }
        Ok(None)
    }

    /// Rivest and Schapire's step: a test sum that splits an element, from a wrong word.
    fn refine(&mut self, hyp: &Cayley, word: &[u64]) -> Result<(), ImpartialError> {
        let alpha = |t: &mut Table<'_>, i: usize| -> Result<bool, ImpartialError> {
            let q = hyp.run(0, &word[..i]);
            let u = [t.access[q as usize].as_slice(), &word[i..]].concat();
            t.truth(&u)
        };
        let (mut lo, mut hi) = (0, word.len());
        let at_lo = alpha(self, lo)?;
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if alpha(self, mid)? == at_lo {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let test = sorted(word[hi..].to_vec());
        if self.tests.contains(&test) {
            return Err(ImpartialError::Invalid {
                message: "internal error: the quotient learner found no new test sum".into(),
            });
        }
        self.tests.push(test);
        // Rows only grow: the elements stay distinct.
        self.index.clear();
        for q in 0..self.access.len() {
            let row = self.row(&self.access[q].clone())?;
            self.index.insert(row.clone(), q as u32);
            self.state_rows[q] = row;
        }
        Ok(())
    }
}
