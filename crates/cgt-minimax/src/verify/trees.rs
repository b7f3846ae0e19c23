//! Sweeps of the tree evaluators: full minimax, alpha-beta and its reduced cost, one-leaf changes,
//! Knuth–Moore, Zermelo's thresholds.

use crate::eval::{fail_soft, reduced_value, value_iterative, value_recursive};
use crate::robot::TreeRobot;
use crate::threshold;
use crate::tree::{Kind, Tree, uniform};
use cgt_core::verify::{Config, Rng, Tally, check_cases};

pub(super) fn zermelo_thresholds(config: &Config) -> Tally {
    let total = config.scale.pick(500, 50_000, 500_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/zermelo-thresholds", case);
        let t = random_tree(&mut rng, 4, 6, 12, case % 2 == 0);
        let v = t.value();
        for c in -1..=13 {
            let max_wins = threshold::max_forces_at_least(&t, &c);
            let min_wins = threshold::min_forces_below(&t, &c);
            if max_wins == min_wins {
                return Err(format!(
                    "{t}, c={c}: Max forces ≥ c {max_wins}, Min forces < c {min_wins}"
                ));
            }
            if max_wins != (c <= v) {
                return Err(format!("{t}, c={c}: Max forces ≥ c {max_wins}, value {v}"));
            }
        }
        let by_thresholds = threshold::value_from_thresholds(&t);
        if by_thresholds == v {
            Ok(())
        } else {
            Err(format!("{t}: value {v}, from thresholds {by_thresholds}"))
        }
    })
}

/// A random tree: branching 1..=max_b per vertex, depth ≤ max_d, payoffs in `0..range`.
fn random_tree(rng: &mut Rng, max_b: u64, max_d: u32, range: u64, max_first: bool) -> Tree<i64> {
    if max_d == 0 || rng.chance(1, 5) {
        return Tree::leaf(rng.below(range) as i64);
    }
    let b = 1 + rng.below(max_b);
    let children = (0..b)
        .map(|_| random_tree(rng, max_b, max_d - 1, range, !max_first))
        .collect();
    let kind = if max_first { Kind::Max } else { Kind::Min };
    Tree::inner(kind, children).expect("a child and a small depth")
}

pub(super) fn evaluators_agree(config: &Config) -> Tally {
    let total = config.scale.pick(500, 50_000, 500_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/evaluators-agree", case);
        let t = random_tree(&mut rng, 4, 6, 20, case % 2 == 0);
        let v = t.value();
        let r = value_recursive(&mut TreeRobot::new(&t));
        let i = value_iterative(&mut TreeRobot::new(&t));
        let ab = reduced_value(&mut TreeRobot::new(&t), i64::MIN, i64::MAX);
        let fs = fail_soft(&mut TreeRobot::new(&t), i64::MIN, i64::MAX);
        if r == v && i == v && ab == Some(v) && fs == Some(v) {
            Ok(())
        } else {
            Err(format!(
                "{t}: value {v}, recursive {r}, stack {i}, ab {ab:?}, soft {fs:?}"
            ))
        }
    })
}

pub(super) fn contract(config: &Config) -> Tally {
    let total = config.scale.pick(200, 20_000, 200_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/reduced-cost-contract", case);
        let t = random_tree(&mut rng, 3, 5, 10, true);
        let v = t.value();
        for a in -1..=10 {
            for b in a..=10 {
                let hard = reduced_value(&mut TreeRobot::new(&t), a, b);
                let soft = fail_soft(&mut TreeRobot::new(&t), a, b);
                if hard != Some(v.clamp(a, b)) || soft.map(|s| s.clamp(a, b)) != Some(v.clamp(a, b))
                {
                    return Err(format!(
                        "{t} window [{a}, {b}]: value {v}, hard {hard:?}, soft {soft:?}"
                    ));
                }
            }
        }
        Ok(())
    })
}

pub(super) fn value_is_payoff(config: &Config) -> Tally {
    let total = config.scale.pick(500, 50_000, 500_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/value-is-a-payoff", case);
        let t = random_tree(&mut rng, 4, 6, 1000, case % 2 == 1);
        let v = t.value();
        if t.payoffs().contains(&&v) {
            Ok(())
        } else {
            Err(format!("{t}: value {v} is no payoff"))
        }
    })
}

pub(super) fn one_leaf(config: &Config) -> Tally {
    let total = config.scale.pick(200, 20_000, 200_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/one-leaf-change", case);
        let t = random_tree(&mut rng, 3, 5, 10, true);
        let i = rng.below(t.leaves() as u64) as usize;
        let a = t.with_leaf(i, -1000).value();
        let b = t.with_leaf(i, 1000).value();
        for c in -2..=12 {
            let got = t.with_leaf(i, c).value();
            if got != c.clamp(a, b) {
                return Err(format!(
                    "{t} leaf {i} := {c}: value {got}, clamp {}",
                    c.clamp(a, b)
                ));
            }
        }
        Ok(())
    })
}

/// Reorders children best-first for the player to move.
fn best_first(t: &Tree<i64>) -> Tree<i64> {
    let mut c: Vec<Tree<i64>> = t.children().iter().map(best_first).collect();
    match t.kind() {
        Kind::Final => t.clone(),
        Kind::Max => {
            c.sort_by_key(|x| std::cmp::Reverse(x.value()));
            Tree::max(c).expect("the children of a valid vertex")
        }
        Kind::Min => {
            c.sort_by_key(Tree::value);
            Tree::min(c).expect("the children of a valid vertex")
        }
    }
}

pub(super) fn knuth_moore(config: &Config) -> Tally {
    let shapes: Vec<(usize, usize)> = config.scale.pick(
        vec![(2, 1), (2, 2), (2, 3), (3, 2)],
        vec![
            (2, 1),
            (2, 2),
            (2, 3),
            (2, 4),
            (2, 5),
            (3, 2),
            (3, 3),
            (3, 4),
            (4, 3),
        ],
        vec![(2, 6), (2, 8), (3, 5), (4, 4), (5, 3), (2, 3), (3, 3)],
    );
    let per = config.scale.pick(20u64, 200, 1000);
    check_cases(config, shapes.len() as u64 * per, |case| {
        let (b, d) = shapes[(case / per) as usize];
        let mut rng = Rng::for_case("minimax/knuth-moore", case);
        // Distinct payoffs: a random permutation of 0..b^d.
        let n = b.pow(d as u32);
        let mut payoffs: Vec<i64> = (0..n as i64).collect();
        for i in (1..n).rev() {
            payoffs.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut it = payoffs.into_iter();
        let t = best_first(
            &uniform(b, d, Kind::Max, &mut || it.next().expect("enough")).expect("a small tree"),
        );
        let mut robot = TreeRobot::new(&t);
        let v = reduced_value(&mut robot, i64::MIN, i64::MAX);
        let expected = b.pow(d.div_ceil(2) as u32) + b.pow((d / 2) as u32) - 1;
        if v == Some(t.value()) && robot.reads() == expected as u64 {
            Ok(())
        } else {
            Err(format!(
                "b={b} d={d}: read {} leaves, Knuth–Moore {expected}",
                robot.reads()
            ))
        }
    })
}
