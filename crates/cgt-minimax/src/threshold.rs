//! Zermelo's theorem from its two-outcome case (Shen 11.2.6).
//!
//! Fix a threshold `c` and call a final vertex a win for Max when its payoff is at least `c`,
//! a loss otherwise. That game has only two outcomes, and one of the players can force theirs:
//! [`max_forces_at_least`] answers it by AND-OR evaluation (a max vertex needs one winning
//! child, a min vertex needs all), never comparing payoffs except with `c`. The value of the
//! many-outcome game is then the largest threshold Max can force ([`value_from_thresholds`]),
//! which is exactly how the theorem is reduced to its two-outcome case. The sweep
//! `minimax/zermelo-thresholds` checks on random trees that this equals the minimax value and
//! that for every `c` exactly one player forces their outcome.
//!
//! ```
//! use cgt_minimax::threshold::{max_forces_at_least, thresholds, value_from_thresholds};
//! use cgt_minimax::tree::Tree;
//!
//! let t = Tree::parse("(max (min 3 5) (min 2 9))")?;
//! assert!(max_forces_at_least(&t, &3));
//! assert!(!max_forces_at_least(&t, &4));
//! assert_eq!(value_from_thresholds(&t), 3);
//! assert_eq!(thresholds(&t), [(2, true), (3, true), (5, false), (9, false)]);
//! # Ok::<(), cgt_minimax::tree::TreeError>(())
//! ```

use crate::tree::{Kind, Tree};

/// Whether Max can force a payoff of at least `c` (the two-outcome game "≥ c wins").
#[must_use]
pub fn max_forces_at_least<P: Ord>(tree: &Tree<P>, c: &P) -> bool {
    match tree.kind() {
        Kind::Final => tree.payoff().is_some_and(|p| p >= c),
        Kind::Max => tree.children().iter().any(|t| max_forces_at_least(t, c)),
        Kind::Min => tree.children().iter().all(|t| max_forces_at_least(t, c)),
    }
}

/// Whether Min can force a payoff below `c` — the other player's side of the same
/// two-outcome game, computed on its own (an inner vertex of Min's needs one child, Max's all).
#[must_use]
pub fn min_forces_below<P: Ord>(tree: &Tree<P>, c: &P) -> bool {
    match tree.kind() {
        Kind::Final => tree.payoff().is_some_and(|p| p < c),
        Kind::Min => tree.children().iter().any(|t| min_forces_below(t, c)),
        Kind::Max => tree.children().iter().all(|t| min_forces_below(t, c)),
    }
}

/// Each distinct payoff `c`, in increasing order, with whether Max forces at least `c`.
/// The answers are `true` up to the value and `false` after it.
#[must_use]
pub fn thresholds<P: Ord + Clone>(tree: &Tree<P>) -> Vec<(P, bool)> {
    distinct_payoffs(tree)
        .into_iter()
        .map(|c| {
            let forced = max_forces_at_least(tree, &c);
            (c, forced)
        })
        .collect()
}

/// The value as the largest payoff `c` for which Max forces at least `c`, found by binary
/// search over the distinct payoffs with two-outcome games only (11.2.6).
#[must_use]
pub fn value_from_thresholds<P: Ord + Clone>(tree: &Tree<P>) -> P {
    let payoffs = distinct_payoffs(tree);
    // Max always forces the smallest payoff; find the last c that is still forced.
    let forced = payoffs.partition_point(|c| max_forces_at_least(tree, c));
    payoffs[forced.max(1) - 1].clone()
}

fn distinct_payoffs<P: Ord + Clone>(tree: &Tree<P>) -> Vec<P> {
    let mut payoffs: Vec<P> = tree.payoffs().into_iter().cloned().collect();
    payoffs.sort();
    payoffs.dedup();
    payoffs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leaf_forces_exactly_its_payoff() {
        let t = Tree::leaf(4);
        assert!(max_forces_at_least(&t, &4) && !max_forces_at_least(&t, &5));
        assert!(min_forces_below(&t, &5) && !min_forces_below(&t, &4));
        assert_eq!(value_from_thresholds(&t), 4);
    }

    #[test]
    fn thresholds_switch_at_the_value() {
        let t = Tree::parse("(max (min 3 5) (min 2 9) (min 7 (max 1 8)))").unwrap();
        assert_eq!(t.value(), 7);
        assert_eq!(value_from_thresholds(&t), 7);
        let switched: Vec<bool> = thresholds(&t).into_iter().map(|(_, f)| f).collect();
        assert_eq!(switched, [true, true, true, true, true, false, false]);
        for c in 0..12 {
            assert_ne!(
                max_forces_at_least(&t, &c),
                min_forces_below(&t, &c),
                "c={c}"
            );
        }
    }
}
