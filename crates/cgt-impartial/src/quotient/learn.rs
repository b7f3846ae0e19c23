//! Learning a misère quotient: Angluin's L* over sums of heaps, each hypothesis checked exactly.
//!
//! The quotient of the sums of heaps `1 … n` is the smallest automaton that reads a sum heap by
//! heap and ends in a P-state exactly when the sum is a misère P-position (two sums are
//! indistinguishable when every added sum gives both the same outcome). L* builds it from
//! questions "is this sum a P-position?" put to a search: an observation table of sums (one
//! per element) against test sums, closed under adding a heap, gives a hypothesis.
//!
//! A hypothesis is accepted only when it is provably right for *every* sum of heaps: the three
//! finite checks of `check.rs` establish that.
//!
//! A failed check names a sum (or one of its options) whose predicted outcome is wrong; the
//! search confirms which, and Rivest and Schapire's binary search turns it into a new test sum
//! that splits an element. Each split adds an element, so the learning ends with the
//! quotient itself: its elements are pairwise distinguished by test sums, hence it is reduced.

use rustc_hash::FxHashMap as HashMap;

use super::cayley::Cayley;
use super::check::{Failure, first_failure};
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
        let failure = first_failure(self.oracle, hyp, &self.letters, self.limits.check_states)?;
        let words = match failure {
            None => return Ok(None),
            Some(Failure::Order { q, i, j }) => {
                let q1 = hyp.step(hyp.step(q, i), j);
                let q2 = hyp.step(hyp.step(q, j), i);
                let (r1, r2) = (&self.state_rows[q1 as usize], &self.state_rows[q2 as usize]);
                let c = (0..r1.len()).find(|&c| r1[c] != r2[c]).unwrap_or(0);
                let test = self.tests[c].clone();
                let base = &self.access[q as usize];
                vec![
                    [base.as_slice(), &[i, j], &test].concat(),
                    [base.as_slice(), &[j, i], &test].concat(),
                    [self.access[q1 as usize].as_slice(), &test].concat(),
                    [self.access[q2 as usize].as_slice(), &test].concat(),
                ]
            }
            Some(Failure::PToP { q, h, leaves }) => {
                let base = self.access[q as usize].clone();
                vec![[base.as_slice(), &[h]].concat(), [base, leaves].concat()]
            }
            Some(Failure::Stuck { word }) => {
                let mut words = vec![word.clone()];
                for i in 0..word.len() {
                    for leaves in self.oracle.heap_moves(word[i]) {
                        words.push(replace(&word, i, leaves));
                    }
                }
                words
            }
        };
        self.first_wrong(hyp, words).map(Some)
    }

    /// The first of `words` that the hypothesis gets wrong; the checks only offer lists that
    /// must contain one.
    fn first_wrong(
        &mut self,
        hyp: &Cayley,
        words: Vec<Vec<u64>>,
    ) -> Result<Vec<u64>, ImpartialError> {
        for w in words {
            if hyp.is_p(hyp.run(0, &w)) != self.truth(&w)? {
                return Ok(w);
            }
        }
        Err(ImpartialError::Invalid {
            message: "internal error: a failed quotient check named no wrong prediction".into(),
        })
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
