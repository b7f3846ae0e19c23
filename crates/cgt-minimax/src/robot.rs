//! Shen's "Robot" (11.3): a cursor over a game tree that can go to the first child (up-left),
//! to the next sibling (right) and back to the parent (down), read the vertex type, and read the
//! payoff of a final vertex. Every evaluator in [`crate::eval`] works through it, and the robot
//! counts the payoffs it reads.

use crate::tree::{Kind, Tree};

/// A cursor over a game tree.
pub trait Robot {
    /// The payoff type.
    type Payoff;
    /// The kind of the current vertex.
    fn kind(&self) -> Kind;
    /// The payoff of the current (final) vertex; counted as one leaf read.
    fn payoff(&mut self) -> Self::Payoff;
    /// Moves to the first child; false (and stays) at a final vertex.
    fn up_left(&mut self) -> bool;
    /// Moves to the next sibling; false (and stays) when there is none.
    fn right(&mut self) -> bool;
    /// Moves to the parent; false (and stays) at the root.
    fn down(&mut self) -> bool;
}

/// A robot over an explicit [`Tree`].
///
/// # Examples
///
/// ```
/// use cgt_minimax::eval::value_iterative;
/// use cgt_minimax::robot::TreeRobot;
/// use cgt_minimax::tree::Tree;
///
/// let t = Tree::parse("(min (max 1 4) 3)")?;
/// let mut robot = TreeRobot::new(&t);
/// assert_eq!(value_iterative(&mut robot), 3);
/// assert_eq!(robot.reads(), 3);
/// # Ok::<(), cgt_minimax::tree::TreeError>(())
/// ```
#[derive(Debug)]
pub struct TreeRobot<'a, P> {
    current: &'a Tree<P>,
    /// The ancestors of the current vertex with the index of the child taken at each.
    path: Vec<(&'a Tree<P>, usize)>,
    reads: u64,
}

impl<'a, P> TreeRobot<'a, P> {
    /// A robot at the root of `tree`.
    #[must_use]
    pub fn new(tree: &'a Tree<P>) -> TreeRobot<'a, P> {
        TreeRobot {
            current: tree,
            path: Vec::new(),
            reads: 0,
        }
    }

    /// Payoffs read so far.
    #[must_use]
    pub fn reads(&self) -> u64 {
        self.reads
    }
}

impl<P: Clone> Robot for TreeRobot<'_, P> {
    type Payoff = P;

    fn kind(&self) -> Kind {
        self.current.kind()
    }

    /// The payoff of the current final vertex. Evaluators ask only at final vertices; asked
    /// at an inner vertex, the robot answers for the leftmost final vertex below it (every
    /// inner vertex has one), so the call is total.
    fn payoff(&mut self) -> P {
        self.reads += 1;
        let mut t = self.current;
        loop {
            match (t.payoff(), t.children().first()) {
                (Some(p), _) => return p.clone(),
                (None, Some(first)) => t = first,
                (None, None) => unreachable!("inner vertices have children by construction"),
            }
        }
    }

    fn up_left(&mut self) -> bool {
        match self.current.children().first() {
            Some(first) => {
                self.path.push((self.current, 0));
                self.current = first;
                true
            }
            None => false,
        }
    }

    fn right(&mut self) -> bool {
        let Some(&mut (parent, ref mut i)) = self.path.last_mut() else {
            return false;
        };
        match parent.children().get(*i + 1) {
            Some(next) => {
                *i += 1;
                self.current = next;
                true
            }
            None => false,
        }
    }

    fn down(&mut self) -> bool {
        match self.path.pop() {
            Some((parent, _)) => {
                self.current = parent;
                true
            }
            None => false,
        }
    }
}
