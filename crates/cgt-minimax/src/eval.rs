//! Evaluators over a [`Robot`]: full traversal, recursive (11.3.1) and with an explicit stack
//! (11.3.2), and alpha-beta as the *reduced cost* (11.4): the value reduced to a window
//! `[a, b]`, `x_[a,b] = clamp(x, a, b)`.

use cgt_core::said::{Line, Said, Word};

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

/// The trace a teacher would write for [`reduced_value`]: every vertex visited with the window
/// it was given, every leaf read and how the window clamps it, every cut with the reason and the
/// children it skips, and each vertex's reduced value. Vertices are named by their path from the
/// root (`2.1` is the first child of the second child); `show` prints a payoff. `None` when
/// `a > b`. The last line holds the root's reduced value.
///
/// ```
/// use cgt_core::said::Word;
/// use cgt_minimax::eval::explain_reduced;
/// use cgt_minimax::robot::TreeRobot;
/// use cgt_minimax::tree::Tree;
///
/// let t = Tree::parse("(max (min 3 5) (min 2 9))")?;
/// let lines = explain_reduced(&mut TreeRobot::new(&t), 0, 10, |p| p.to_string()).unwrap();
/// // cut at 2: the value is at most 3 = a, and below a nothing matters; skipped 2.2
/// let cut = lines.iter().filter_map(|l| l.said()).find(|s| s.id == "explain-tree-cut").unwrap();
/// assert_eq!(cut.args.last().unwrap().1, Word::Series(vec![Word::Text("2.2".into())]));
/// // max root = 3
/// let last = lines.last().unwrap().said().unwrap();
/// assert_eq!(last.args.last().unwrap(), &("value", Word::Text("3".into())));
/// # Ok::<(), cgt_minimax::tree::TreeError>(())
/// ```
pub fn explain_reduced<R: Robot>(
    robot: &mut R,
    a: R::Payoff,
    b: R::Payoff,
    show: impl Fn(&R::Payoff) -> String,
) -> Option<Vec<Line>>
where
    R::Payoff: Ord + Clone,
{
    if a > b {
        return None;
    }
    let mut out = vec![Line::say(Said::new("explain-alpha-beta"))];
    let mut path = Vec::new();
    explain_at(robot, a, b, &show, &mut path, &mut out);
    Some(out)
}

/// A vertex's name: `root`, or its path of child numbers (`2.1`).
fn vertex_name(path: &[usize]) -> Word {
    if path.is_empty() {
        Said::new("explain-tree-root").into()
    } else {
        Word::Text(
            path.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("."),
        )
    }
}

fn explain_at<R: Robot>(
    robot: &mut R,
    a: R::Payoff,
    b: R::Payoff,
    show: &impl Fn(&R::Payoff) -> String,
    path: &mut Vec<usize>,
    out: &mut Vec<Line>,
) -> R::Payoff
where
    R::Payoff: Ord + Clone,
{
    let depth = path.len();
    let name = vertex_name(path);
    let window = format!("[{}, {}]", show(&a), show(&b));
    let kind = robot.kind();
    if kind == Kind::Final {
        let p = robot.payoff();
        let c = p.clone().clamp(a, b);
        let clamped = if c == p {
            Word::Text(String::new())
        } else {
            Said::new("explain-tree-clamped")
                .text("value", show(&c))
                .into()
        };
        out.push(Line::indented(
            depth,
            Said::new("explain-tree-leaf")
                .words("name", name)
                .text("payoff", show(&p))
                .text("window", window)
                .words("clamped", clamped),
        ));
        return c;
    }
    let is_max = kind == Kind::Max;
    let label = if is_max { "max" } else { "min" };
    out.push(Line::indented(
        depth,
        Said::new("explain-tree-vertex")
            .text("kind", label)
            .words("name", name.clone())
            .text("window", window),
    ));
    let mut c = if is_max { a.clone() } else { b.clone() };
    robot.up_left();
    let mut child = 1;
    loop {
        path.push(child);
        c = if is_max {
            explain_at(robot, c.clone(), b.clone(), show, path, out)
        } else {
            explain_at(robot, a.clone(), c.clone(), show, path, out)
        };
        path.pop();
        let stop = if is_max { c >= b } else { c <= a };
        if stop {
            let mut skipped = Vec::new();
            while robot.right() {
                child += 1;
                let mut p = path.clone();
                p.push(child);
                skipped.push(vertex_name(&p));
            }
            if !skipped.is_empty() {
                out.push(Line::indented(
                    depth + 1,
                    Said::new("explain-tree-cut")
                        .words("name", name.clone())
                        .number("max", u64::from(is_max))
                        .text("value", show(&c))
                        .series("skipped", skipped),
                ));
            }
            break;
        }
        if !robot.right() {
            break;
        }
        child += 1;
    }
    robot.down();
    out.push(Line::indented(
        depth,
        Said::new("explain-tree-value")
            .text("kind", label)
            .words("name", name)
            .text("value", show(&c)),
    ));
    c
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

    #[test]
    fn explanation_follows_alpha_beta_exactly() {
        use crate::robot::TreeRobot;
        use crate::tree::Tree;
        let mut rng = cgt_core::rng::Rng::new(11);
        for case in 0..300 {
            let depth = 1 + rng.below(4) as usize;
            let text = random_tree(&mut rng, depth, case % 2 == 0);
            let t = Tree::parse(&text).unwrap();
            let (a, b) = if case % 3 == 0 {
                (i64::MIN, i64::MAX)
            } else {
                let x = rng.below(10) as i64;
                (x, x + rng.below(6) as i64)
            };
            let mut ab = TreeRobot::new(&t);
            let expected = reduced_value(&mut ab, a, b).unwrap();
            let mut robot = TreeRobot::new(&t);
            let lines = explain_reduced(&mut robot, a, b, |p| p.to_string()).unwrap();
            let last = lines.last().and_then(Line::said).unwrap();
            assert_eq!(
                last.args.last(),
                Some(&("value", Word::Text(expected.to_string()))),
                "{text}: {last:?}"
            );
            let leaf_lines = lines
                .iter()
                .filter_map(Line::said)
                .filter(|s| s.id == "explain-tree-leaf")
                .count();
            assert_eq!(leaf_lines as u64, ab.reads(), "{text}");
            assert_eq!(robot.reads(), ab.reads(), "{text}");
        }
    }

    fn random_tree(rng: &mut cgt_core::rng::Rng, depth: usize, max: bool) -> String {
        if depth == 0 {
            return rng.below(12).to_string();
        }
        let mut children = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let shorter = usize::from(depth > 1 && rng.below(3) == 0);
            children.push(random_tree(rng, depth - 1 - shorter, !max));
        }
        format!(
            "({} {})",
            if max { "max" } else { "min" },
            children.join(" ")
        )
    }
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
