//! Loopy impartial games: the generalized Sprague–Grundy function of Smith and Fraenkel–Yesha on
//! any finite digraph, cycles allowed.
//!
//! Every vertex gets either a finite value `m` or `∞(K)`, where `K` is the set of finite values
//! among its followers. Outcomes: `0` is a P-position; a finite value above 0 is an N-position;
//! `∞(K)` is an N-position when `0 ∈ K` and a draw otherwise. Sums add by the rule
//! `a + b = a ⊕ b`, `∞(K) + b = ∞(K ⊕ b)`, `∞(K) + ∞(L) = ∞(∅)`.

use core::fmt;

use cgt_core::LoopyOutcome;

use crate::graph::{Digraph, TokenMove};

/// The generalized Sprague–Grundy value of a vertex.
///
/// # Examples
///
/// ```
/// use cgt_core::LoopyOutcome;
/// use cgt_impartial::graph::Digraph;
/// use cgt_impartial::loopy::{LoopyValue, loopy_values};
///
/// // a <-> b forever, and b may also stop at c.
/// let g = Digraph::parse_edge_list("a b\nb a\nb c\n")?;
/// let values = loopy_values(&g);
/// assert_eq!(values[2], LoopyValue::Finite(0));
/// assert_eq!(values[1], LoopyValue::Finite(1));
/// assert_eq!(values[0].outcome(), LoopyOutcome::P);
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LoopyValue {
    /// A finite value.
    Finite(u64),
    /// `∞(K)`: `K` is the sorted set of finite values among the followers.
    Infinite(Vec<u64>),
}

impl LoopyValue {
    /// The outcome class: P for 0, N for other finite values and for `∞(K)` with `0 ∈ K`,
    /// a draw for `∞(K)` with `0 ∉ K`.
    #[must_use]
    pub fn outcome(&self) -> LoopyOutcome {
        match self {
            LoopyValue::Finite(0) => LoopyOutcome::P,
            LoopyValue::Finite(_) => LoopyOutcome::N,
            LoopyValue::Infinite(k) if k.contains(&0) => LoopyOutcome::N,
            LoopyValue::Infinite(_) => LoopyOutcome::Draw,
        }
    }

    /// The value of the sum of two games with values `self` and `other`.
    #[must_use]
    pub fn sum(&self, other: &LoopyValue) -> LoopyValue {
        match (self, other) {
            (LoopyValue::Finite(a), LoopyValue::Finite(b)) => LoopyValue::Finite(a ^ b),
            (LoopyValue::Infinite(k), LoopyValue::Finite(b))
            | (LoopyValue::Finite(b), LoopyValue::Infinite(k)) => {
                let mut shifted: Vec<u64> = k.iter().map(|x| x ^ b).collect();
                shifted.sort_unstable();
                LoopyValue::Infinite(shifted)
            }
            (LoopyValue::Infinite(_), LoopyValue::Infinite(_)) => LoopyValue::Infinite(Vec::new()),
        }
    }
}

impl fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(m) => write!(f, "{m}"),
            LoopyValue::Infinite(k) => {
                f.write_str("∞(")?;
                for (i, x) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str(")")
            }
        }
    }
}

const UNLABELLED: u64 = u64::MAX;
const INFINITE: u64 = u64::MAX - 1;

/// The generalized Sprague–Grundy value of every vertex.
///
/// Stage `m = 0, 1, 2, …`: label `m` every unlabelled vertex that has no follower labelled `m`
/// and whose every unlabelled or infinite follower has a follower labelled `m`, repeatedly, as
/// long as any qualifies; then label `∞` every unlabelled vertex with no follower labelled `m`.
/// Per-vertex counters of "followers still blocking" make each stage `O(V + E)`; the number of
/// stages is at most the largest finite value plus two.
#[must_use]
pub fn loopy_values(g: &Digraph) -> Vec<LoopyValue> {
    let n = g.len();
    let mut label = vec![UNLABELLED; n];
    let mut unlabelled = n;
    let mut has_m = vec![false; n];
    let mut blocking = vec![0u32; n];
    let mut queue: Vec<u32> = Vec::new();
    let mut m = 0u64;
    while unlabelled > 0 {
        has_m.fill(false);
        // A follower blocks u while it is unlabelled or infinite and has no follower labelled m.
        for u in 0..n {
            if label[u] == UNLABELLED {
                blocking[u] = g
                    .successors(u as u32)
                    .iter()
                    .filter(|&&v| matches!(label[v as usize], UNLABELLED | INFINITE))
                    .count() as u32;
                if blocking[u] == 0 {
                    queue.push(u as u32);
                }
            }
        }
        while let Some(u) = queue.pop() {
            let u = u as usize;
            if label[u] != UNLABELLED || has_m[u] || blocking[u] != 0 {
                continue;
            }
            label[u] = m;
            unlabelled -= 1;
            // u no longer blocks its predecessors (it was unlabelled without a follower m).
            for &p in g.predecessors(u as u32) {
                release(g, p, &label, &mut blocking, &mut queue);
            }
            // Every predecessor now has a follower labelled m.
            for &p in g.predecessors(u as u32) {
                let p = p as usize;
                if !has_m[p] {
                    has_m[p] = true;
                    if matches!(label[p], UNLABELLED | INFINITE) {
                        for &q in g.predecessors(p as u32) {
                            release(g, q, &label, &mut blocking, &mut queue);
                        }
                    }
                }
            }
        }
        for u in 0..n {
            if label[u] == UNLABELLED && !has_m[u] {
                label[u] = INFINITE;
                unlabelled -= 1;
            }
        }
        m += 1;
    }
    (0..n)
        .map(|u| {
            if label[u] == INFINITE {
                let mut k: Vec<u64> = g
                    .successors(u as u32)
                    .iter()
                    .map(|&v| label[v as usize])
                    .filter(|&x| x != INFINITE)
                    .collect();
                k.sort_unstable();
                k.dedup();
                LoopyValue::Infinite(k)
            } else {
                LoopyValue::Finite(label[u])
            }
        })
        .collect()
}

fn release(_g: &Digraph, q: u32, label: &[u64], blocking: &mut [u32], queue: &mut Vec<u32>) {
    let q = q as usize;
    if label[q] == UNLABELLED {
        blocking[q] -= 1;
        if blocking[q] == 0 {
            queue.push(q as u32);
        }
    }
}

/// What to play in a loopy position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LoopyAdvice {
    /// The value of the whole position (the sum over the tokens).
    pub value: LoopyValue,
    /// Its outcome.
    pub outcome: LoopyOutcome,
    /// For an N-position, every move to a P-position; for a draw, every move that keeps the
    /// draw (to another drawn position); empty for a P-position.
    pub moves: Vec<TokenMove>,
}

/// Value, outcome and recommended moves for tokens on `tokens` (repeats allowed); a token on a
/// number that is not a vertex of `g` counts as a finished game.
#[must_use]
pub fn advise(g: &Digraph, values: &[LoopyValue], tokens: &[u32]) -> LoopyAdvice {
    let total = sum_of(values, tokens.iter().copied());
    let outcome = total.outcome();
    let wanted = match outcome {
        LoopyOutcome::P => None,
        LoopyOutcome::N => Some(LoopyOutcome::P),
        LoopyOutcome::Draw => Some(LoopyOutcome::Draw),
    };
    let moves = match wanted {
        Some(wanted) => moves_reaching(g, values, tokens, &LoopyValue::Finite(0), wanted),
        None => Vec::new(),
    };
    LoopyAdvice {
        value: total,
        outcome,
        moves,
    }
}

/// The moves of one token among `tokens` after which the whole position — these tokens plus
/// another game of value `rest` beside them — has outcome `wanted` (repeated moves to the same
/// vertex listed once). With `rest` finite 0 and `wanted` P these are the winning moves.
///
/// ```
/// use cgt_core::LoopyOutcome;
/// use cgt_impartial::graph::Digraph;
/// use cgt_impartial::loopy::{LoopyValue, loopy_values, moves_reaching};
///
/// // c has value 1; beside a Nim heap of 1 the sum is 0, so moving c to d (value 0) does not
/// // win, but beside nothing it does.
/// let g = Digraph::parse_edge_list("a b\nb a\nb c\nc d\n")?;
/// let values = loopy_values(&g);
/// let c = g.vertex("c")?;
/// assert_eq!(moves_reaching(&g, &values, &[c], &LoopyValue::Finite(0), LoopyOutcome::P).len(), 1);
/// assert!(moves_reaching(&g, &values, &[c], &LoopyValue::Finite(1), LoopyOutcome::P).is_empty());
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[must_use]
pub fn moves_reaching(
    g: &Digraph,
    values: &[LoopyValue],
    tokens: &[u32],
    rest: &LoopyValue,
    wanted: LoopyOutcome,
) -> Vec<TokenMove> {
    let mut moves = Vec::new();
    for (token, &from) in tokens.iter().enumerate() {
        let others = tokens
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != token)
            .map(|(_, &t)| t);
        let others = sum_of(values, others).sum(rest);
        let mut seen = Vec::new();
        for &to in g.successors(from) {
            if !seen.contains(&to) && others.sum(&value_at(values, to)).outcome() == wanted {
                seen.push(to);
                moves.push(TokenMove { token, from, to });
            }
        }
    }
    moves
}

/// The value of a vertex; a number that is not a vertex (or has no value) is a finished game,
/// value 0, so mismatched inputs give an answer rather than a panic.
fn value_at(values: &[LoopyValue], v: u32) -> LoopyValue {
    values
        .get(v as usize)
        .cloned()
        .unwrap_or(LoopyValue::Finite(0))
}

fn sum_of(values: &[LoopyValue], tokens: impl Iterator<Item = u32>) -> LoopyValue {
    tokens.fold(LoopyValue::Finite(0), |acc, t| {
        acc.sum(&value_at(values, t))
    })
}

/// Outcome of every vertex by plain retrograde labelling, independent of the values: sinks lose;
/// a vertex with a losing follower wins; a vertex all of whose followers win loses; whatever is
/// never labelled is a draw.
#[must_use]
pub fn retrograde_outcomes(g: &Digraph) -> Vec<LoopyOutcome> {
    let n = g.len();
    let mut outcome: Vec<Option<LoopyOutcome>> = vec![None; n];
    let mut remaining: Vec<usize> = (0..n as u32).map(|v| g.successors(v).len()).collect();
    let mut queue: Vec<u32> = (0..n as u32)
        .filter(|&v| remaining[v as usize] == 0)
        .collect();
    for &v in &queue {
        outcome[v as usize] = Some(LoopyOutcome::P);
    }
    while let Some(v) = queue.pop() {
        let lost = outcome[v as usize] == Some(LoopyOutcome::P);
        for &p in g.predecessors(v) {
            let p = p as usize;
            if outcome[p].is_some() {
                continue;
            }
            if lost {
                outcome[p] = Some(LoopyOutcome::N);
                queue.push(p as u32);
            } else {
                remaining[p] -= 1;
                if remaining[p] == 0 {
                    outcome[p] = Some(LoopyOutcome::P);
                    queue.push(p as u32);
                }
            }
        }
    }
    outcome
        .into_iter()
        .map(|o| o.unwrap_or(LoopyOutcome::Draw))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_cycle_with_exit_values() {
        // a <-> b, b -> c (sink). c = 0; a: followers {b}; b: followers {a, c}.
        let g = Digraph::parse_edge_list("a b\nb a\nb c\n").unwrap();
        let v = loopy_values(&g);
        assert_eq!(v[2], LoopyValue::Finite(0));
        assert_eq!(v[1], LoopyValue::Finite(1));
        assert_eq!(v[0], LoopyValue::Finite(0));
        let r = retrograde_outcomes(&g);
        assert_eq!(v.iter().map(LoopyValue::outcome).collect::<Vec<_>>(), r);
    }

    #[test]
    fn pure_cycle_is_a_draw() {
        let g = Digraph::parse_edge_list("a b\nb a\n").unwrap();
        let v = loopy_values(&g);
        assert_eq!(v[0], LoopyValue::Infinite(vec![]));
        assert_eq!(v[0].outcome(), LoopyOutcome::Draw);
        let advice = advise(&g, &v, &[0]);
        assert_eq!(advice.outcome, LoopyOutcome::Draw);
        assert_eq!(advice.moves.len(), 1);
        assert_eq!(v[0].to_string(), "∞()");
    }
}
