//! Evaluators over a [`Robot`]: full traversal, recursive (11.3.1) and with an explicit stack
//! (11.3.2), and alpha-beta as the *reduced cost* (11.4): the value reduced to a window
//! `[a, b]`, `x_[a,b] = clamp(x, a, b)`.

use crate::robot::Robot;
use crate::tree::Kind;

/// The value by recursive full traversal (11.3.1). Leaves: the robot's count.
pub fn value_recursive<R: Robot>(robot: &mut R) -> R::Payoff
where
    R::Payoff: Ord,
{
    match robot.kind() {
        Kind::Final => robot.payoff(),
        kind => {
            robot.up_left();
            let mut best = value_recursive(robot);
            while robot.right() {
                let v = value_recursive(robot);
                best = if kind == Kind::Max {
                    best.max(v)
                } else {
                    best.min(v)
                };
            }
            robot.down();
            best
        }
    }
}

/// The value by full traversal with an explicit stack of (vertex type, best so far) (11.3.2):
/// no recursion, so any depth works.
pub fn value_iterative<R: Robot>(robot: &mut R) -> R::Payoff
where
    R::Payoff: Ord,
{
    // Invariant: the stack holds the ancestors of the robot's vertex, each with the best value
    // of its children visited so far.
    let mut stack: Vec<(Kind, Option<R::Payoff>)> = Vec::new();
    loop {
        // Go up-left to a final vertex.
        while robot.kind() != Kind::Final {
            stack.push((robot.kind(), None));
            robot.up_left();
        }
        let mut v = robot.payoff();
        // Fold v into the parents while there is no sibling to the right.
        loop {
            let Some((kind, best)) = stack.last_mut() else {
                return v;
            };
            let merged = match best.take() {
                None => v,
                Some(b) => {
                    if *kind == Kind::Max {
                        b.max(v)
                    } else {
                        b.min(v)
                    }
                }
            };
            if robot.right() {
                *best = Some(merged);
                break;
            }
            stack.pop();
            robot.down();
            v = merged;
        }
    }
}

/// Alpha-beta as Shen's `find_reduced_cost(a, b)`: the value of the current vertex reduced to
/// `[a, b]`, that is `clamp(value, a, b)` (fail-hard). At a max vertex the children are scanned
/// while the running value `c` is below `b`, each reduced to `[c, b]`. `None` when `a > b`.
pub fn reduced_value<R: Robot>(robot: &mut R, a: R::Payoff, b: R::Payoff) -> Option<R::Payoff>
where
    R::Payoff: Ord + Clone,
{
    (a <= b).then(|| reduced(robot, a, b))
}

fn reduced<R: Robot>(robot: &mut R, a: R::Payoff, b: R::Payoff) -> R::Payoff
where
    R::Payoff: Ord + Clone,
{
    match robot.kind() {
        Kind::Final => robot.payoff().clamp(a, b),
        Kind::Max => {
            let mut c = a;
            robot.up_left();
            loop {
                c = reduced(robot, c.clone(), b.clone());
                if c >= b || !robot.right() {
                    break;
                }
            }
            robot.down();
            c
        }
        Kind::Min => {
            let mut c = b;
            robot.up_left();
            loop {
                c = reduced(robot, a.clone(), c.clone());
                if c <= a || !robot.right() {
                    break;
                }
            }
            robot.down();
            c
        }
    }
}

/// Fail-soft alpha-beta with window `[a, b]`: the result `v` satisfies
/// `clamp(v, a, b) == clamp(value, a, b)`; when `v ≤ a` the value is at most `v`, when `v ≥ b`
/// it is at least `v`, otherwise `v` is the value. `None` when `a > b`.
pub fn fail_soft<R: Robot>(robot: &mut R, a: R::Payoff, b: R::Payoff) -> Option<R::Payoff>
where
    R::Payoff: Ord + Clone,
{
    (a <= b).then(|| soft(robot, a, b))
}

fn soft<R: Robot>(robot: &mut R, a: R::Payoff, b: R::Payoff) -> R::Payoff
where
    R::Payoff: Ord + Clone,
{
    match robot.kind() {
        Kind::Final => robot.payoff(),
        Kind::Max => {
            robot.up_left();
            let mut best = soft(robot, a.clone(), b.clone());
            while best < b && robot.right() {
                let lower = if best > a { best.clone() } else { a.clone() };
                let v = soft(robot, lower, b.clone());
                if v > best {
                    best = v;
                }
            }
            robot.down();
            best
        }
        Kind::Min => {
            robot.up_left();
            let mut best = soft(robot, a.clone(), b.clone());
            while best > a && robot.right() {
                let upper = if best < b { best.clone() } else { b.clone() };
                let v = soft(robot, a.clone(), upper);
                if v < best {
                    best = v;
                }
            }
            robot.down();
            best
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::TreeRobot;
    use crate::tree::Tree;

    #[test]
    fn evaluators_agree_on_the_example() {
        let t = Tree::parse("(max (min 3 5) (min 2 9))").unwrap();
        assert_eq!(value_recursive(&mut TreeRobot::new(&t)), 3);
        assert_eq!(value_iterative(&mut TreeRobot::new(&t)), 3);
        let mut r = TreeRobot::new(&t);
        assert_eq!(reduced_value(&mut r, i64::MIN, i64::MAX), Some(3));
        // The second min vertex is cut after reading 2 < 3.
        assert_eq!(r.reads(), 3);
        assert_eq!(reduced_value(&mut TreeRobot::new(&t), 4, 10), Some(4));
        assert_eq!(reduced_value(&mut TreeRobot::new(&t), 5, 4), None);
        let deep = (0..crate::tree::MAX_DEPTH)
            .try_fold(Tree::leaf(7i64), |t, _| Tree::max(vec![t]))
            .unwrap();
        assert_eq!(value_iterative(&mut TreeRobot::new(&deep)), 7);
    }
}
