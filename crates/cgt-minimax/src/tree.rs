//! Explicit game trees: max, min and final vertices with payoffs, a text format and random
//! generators.
//!
//! Text format: a final vertex is its payoff (an integer); an inner vertex is
//! `(max child child …)` or `(min child child …)` with at least one child. Example:
//! `(max (min 3 5) (min 2 9))` has value 3.
//!
//! A [`Tree`] is valid by construction: every inner vertex has a child and no path is longer
//! than [`MAX_DEPTH`], so every function here (and the derived `Clone`, `PartialEq`, `Hash`
//! and `Drop`, which recurse) works on any tree a program can build.
//!
//! # Examples
//!
//! ```
//! use cgt_minimax::tree::{Kind, Tree, TreeError};
//!
//! let t = Tree::inner(Kind::Max, vec![Tree::leaf(3), Tree::leaf(5)])?;
//! assert_eq!(t.value(), 5);
//! assert_eq!(t.to_string(), "(max 3 5)");
//! assert_eq!("(max 3 5)".parse::<Tree<i64>>()?, t);
//! assert!(matches!(Tree::<i64>::inner(Kind::Min, vec![]), Err(TreeError::NoChildren { .. })));
//! # Ok::<(), TreeError>(())
//! ```

use core::fmt;
use core::str::FromStr;

/// The longest path from the root to a leaf that a [`Tree`] may have. It keeps every
/// recursive walk (the derived traits among them) far from the stack's end; deeper game trees
/// belong to an implicit [`Game`](crate::engine::Game), not an explicit tree.
pub const MAX_DEPTH: usize = 1000;

/// A finite game tree with payoffs of type `P` (any totally ordered type).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tree<P> {
    node: Node<P>,
    /// Edges on the longest path down to a leaf (0 for a leaf).
    depth: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Node<P> {
    Inner(Kind, Vec<Tree<P>>),
    Final(P),
}

/// What kind of vertex the robot stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Kind {
    /// A max vertex: Max (the first player) chooses the child.
    Max,
    /// A min vertex: Min (the second player) chooses the child.
    Min,
    /// A final vertex: the game ends with its payoff to Max.
    Final,
}

/// Why a tree or its text was refused. Offsets count bytes from the start of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TreeError {
    /// The text holds no tree.
    Empty,
    /// An inner vertex without children (`offset` in the text, when parsing).
    NoChildren {
        /// Where the vertex starts.
        offset: Option<usize>,
    },
    /// The tree would be deeper than [`MAX_DEPTH`].
    TooDeep {
        /// Where the limit was passed, when parsing.
        offset: Option<usize>,
    },
    /// A token that is not an integer payoff.
    NotAPayoff {
        /// Where it starts.
        offset: usize,
        /// The token.
        token: String,
    },
    /// A word after `(` other than `max` or `min`.
    UnknownKind {
        /// Where it starts.
        offset: usize,
        /// The word.
        token: String,
    },
    /// A `)` without its `(`.
    UnbalancedClose {
        /// Where it is.
        offset: usize,
    },
    /// The text ends before a `)` closes an inner vertex.
    MissingClose {
        /// The end of the text.
        offset: usize,
    },
    /// Text after a complete tree.
    Trailing {
        /// Where it starts.
        offset: usize,
        /// The first extra token.
        token: String,
    },
    /// An AND-OR tree of height 2n needs 4^n leaves.
    LeafCount {
        /// 4^n.
        expected: u128,
        /// The number given.
        found: usize,
    },
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |f: &mut fmt::Formatter<'_>, offset: &Option<usize>| match offset {
            Some(o) => write!(f, "at character {}: ", o + 1),
            None => Ok(()),
        };
        match self {
            TreeError::Empty => f.write_str("empty tree: expected a payoff or (max …)/(min …)"),
            TreeError::NoChildren { offset } => {
                at(f, offset)?;
                f.write_str("an inner vertex has no children; a final vertex needs a payoff")
            }
            TreeError::TooDeep { offset } => {
                at(f, offset)?;
                write!(f, "the tree is deeper than {MAX_DEPTH} levels")
            }
            TreeError::NotAPayoff { offset, token } => {
                write!(
                    f,
                    "at character {}: {token:?} is not an integer payoff",
                    offset + 1
                )
            }
            TreeError::UnknownKind { offset, token } => write!(
                f,
                "at character {}: expected max or min after '(', found {token:?}",
                offset + 1
            ),
            TreeError::UnbalancedClose { offset } => {
                write!(f, "at character {}: unbalanced ')'", offset + 1)
            }
            TreeError::MissingClose { offset } => write!(
                f,
                "at character {}: unexpected end: a ')' or a child is missing",
                offset + 1
            ),
            TreeError::Trailing { offset, token } => write!(
                f,
                "at character {}: unexpected {token:?} after the end of the tree",
                offset + 1
            ),
            TreeError::LeafCount { expected, found } => write!(
                f,
                "an AND-OR tree of this height has {expected} leaves, {found} given"
            ),
        }
    }
}

impl std::error::Error for TreeError {}

impl<P> Tree<P> {
    /// A final vertex with payoff `p`.
    #[must_use]
    pub fn leaf(p: P) -> Tree<P> {
        Tree {
            node: Node::Final(p),
            depth: 0,
        }
    }

    /// An inner vertex of `kind` ([`Kind::Max`] or [`Kind::Min`]) over `children`; with
    /// [`Kind::Final`] this is the only child itself when there is exactly one.
    ///
    /// # Errors
    /// [`TreeError::NoChildren`] for no children (or `Kind::Final` with more than one);
    /// [`TreeError::TooDeep`] past [`MAX_DEPTH`].
    pub fn inner(kind: Kind, mut children: Vec<Tree<P>>) -> Result<Tree<P>, TreeError> {
        let depth = 1 + children
            .iter()
            .map(|c| c.depth)
            .max()
            .ok_or(TreeError::NoChildren { offset: None })?;
        if kind == Kind::Final {
            return match children.len() {
                1 => children.pop().ok_or(TreeError::NoChildren { offset: None }),
                _ => Err(TreeError::NoChildren { offset: None }),
            };
        }
        if depth > MAX_DEPTH {
            return Err(TreeError::TooDeep { offset: None });
        }
        Ok(Tree {
            node: Node::Inner(kind, children),
            depth,
        })
    }

    /// A max vertex over `children` (see [`Tree::inner`]).
    ///
    /// # Errors
    /// As [`Tree::inner`].
    pub fn max(children: Vec<Tree<P>>) -> Result<Tree<P>, TreeError> {
        Tree::inner(Kind::Max, children)
    }

    /// A min vertex over `children` (see [`Tree::inner`]).
    ///
    /// # Errors
    /// As [`Tree::inner`].
    pub fn min(children: Vec<Tree<P>>) -> Result<Tree<P>, TreeError> {
        Tree::inner(Kind::Min, children)
    }

    /// The kind of the root.
    #[must_use]
    pub fn kind(&self) -> Kind {
        match &self.node {
            Node::Inner(kind, _) => *kind,
            Node::Final(_) => Kind::Final,
        }
    }

    /// The children (empty for a final vertex, never empty for an inner one).
    #[must_use]
    pub fn children(&self) -> &[Tree<P>] {
        match &self.node {
            Node::Inner(_, c) => c,
            Node::Final(_) => &[],
        }
    }

    /// The payoff of a final vertex (`None` for an inner vertex).
    #[must_use]
    pub fn payoff(&self) -> Option<&P> {
        match &self.node {
            Node::Final(p) => Some(p),
            Node::Inner(..) => None,
        }
    }

    /// Edges on the longest path from the root to a leaf.
    #[must_use]
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Number of final vertices.
    #[must_use]
    pub fn leaves(&self) -> usize {
        match &self.node {
            Node::Final(_) => 1,
            Node::Inner(_, c) => c.iter().map(Tree::leaves).sum(),
        }
    }

    /// The payoffs of the final vertices, left to right.
    #[must_use]
    pub fn payoffs(&self) -> Vec<&P> {
        let mut out = Vec::new();
        let mut stack = vec![self];
        while let Some(t) = stack.pop() {
            match &t.node {
                Node::Final(p) => out.push(p),
                Node::Inner(_, c) => stack.extend(c.iter().rev()),
            }
        }
        out
    }
}

impl<P: Ord + Clone> Tree<P> {
    /// The minimax value, by plain recursion (the definition).
    #[must_use]
    pub fn value(&self) -> P {
        match &self.node {
            Node::Final(p) => p.clone(),
            Node::Inner(kind, c) => c
                .iter()
                .map(Tree::value)
                .reduce(|a, b| {
                    if *kind == Kind::Max {
                        a.max(b)
                    } else {
                        a.min(b)
                    }
                })
                .unwrap_or_else(|| unreachable!("inner vertices have children by construction")),
        }
    }

    /// The same tree with the `i`-th final vertex (left to right) given payoff `p`.
    #[must_use]
    pub fn with_leaf(&self, i: usize, p: P) -> Tree<P> {
        fn go<P: Clone>(t: &Tree<P>, i: &mut usize, p: &P) -> Tree<P> {
            match &t.node {
                Node::Final(x) => {
                    let out = if *i == 0 { p.clone() } else { x.clone() };
                    *i = i.wrapping_sub(1);
                    Tree::leaf(out)
                }
                Node::Inner(kind, c) => Tree {
                    node: Node::Inner(*kind, c.iter().map(|t| go(t, i, p)).collect()),
                    depth: t.depth,
                },
            }
        }
        let mut i = i;
        go(self, &mut i, &p)
    }
}

impl Tree<i64> {
    /// Parses the text format.
    ///
    /// # Errors
    /// [`TreeError`] for unbalanced parentheses, a vertex type other than `max`/`min`, an inner
    /// vertex without children, a missing or non-integer payoff, trailing text, or nesting
    /// deeper than [`MAX_DEPTH`].
    pub fn parse(text: &str) -> Result<Tree<i64>, TreeError> {
        let tokens = tokenize(text);
        if tokens.is_empty() {
            return Err(TreeError::Empty);
        }
        // An explicit stack of open vertices: no recursion, whatever the nesting.
        let mut open: Vec<(usize, Kind, Vec<Tree<i64>>)> = Vec::new();
        let mut pos = 0;
        let mut done: Option<Tree<i64>> = None;
        while pos < tokens.len() && done.is_none() {
            let (offset, tok) = tokens[pos];
            pos += 1;
            let finished =
                match tok {
                    "(" => {
                        let Some(&(kind_offset, word)) = tokens.get(pos) else {
                            return Err(TreeError::MissingClose { offset: text.len() });
                        };
                        pos += 1;
                        let kind = match word.to_ascii_lowercase().as_str() {
                            "max" => Kind::Max,
                            "min" => Kind::Min,
                            _ => {
                                return Err(TreeError::UnknownKind {
                                    offset: kind_offset,
                                    token: word.to_owned(),
                                });
                            }
                        };
                        if open.len() >= MAX_DEPTH {
                            return Err(TreeError::TooDeep {
                                offset: Some(offset),
                            });
                        }
                        open.push((kind_offset, kind, Vec::new()));
                        None
                    }
                    ")" => {
                        let Some((kind_offset, kind, children)) = open.pop() else {
                            return Err(TreeError::UnbalancedClose { offset });
                        };
                        Some(Tree::inner(kind, children).map_err(|e| match e {
                            TreeError::NoChildren { .. } => TreeError::NoChildren {
                                offset: Some(kind_offset),
                            },
                            TreeError::TooDeep { .. } => TreeError::TooDeep {
                                offset: Some(kind_offset),
                            },
                            other => other,
                        })?)
                    }
                    _ => Some(tok.parse::<i64>().map(Tree::leaf).map_err(|_| {
                        TreeError::NotAPayoff {
                            offset,
                            token: tok.to_owned(),
                        }
                    })?),
                };
            if let Some(t) = finished {
                match open.last_mut() {
                    Some((_, _, children)) => children.push(t),
                    None => done = Some(t),
                }
            }
        }
        let Some(tree) = done else {
            return Err(TreeError::MissingClose { offset: text.len() });
        };
        if let Some(&(offset, tok)) = tokens.get(pos) {
            return Err(TreeError::Trailing {
                offset,
                token: tok.to_owned(),
            });
        }
        Ok(tree)
    }
}

impl FromStr for Tree<i64> {
    type Err = TreeError;
    fn from_str(s: &str) -> Result<Tree<i64>, TreeError> {
        Tree::parse(s)
    }
}

pub(crate) fn tokenize(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c == '(' || c == ')' || c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &text[s..i]));
            }
            if c != ' ' && !c.is_whitespace() {
                out.push((i, &text[i..i + 1]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

impl<P: fmt::Display> fmt::Display for Tree<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.node {
            Node::Final(p) => write!(f, "{p}"),
            Node::Inner(kind, c) => {
                f.write_str(if *kind == Kind::Max { "(max" } else { "(min" })?;
                for child in c {
                    write!(f, " {child}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A uniform tree of branching `b` and depth `d`, with `root` ([`Kind::Max`] or [`Kind::Min`])
/// at the root and levels alternating, leaves from `leaf`.
///
/// # Errors
/// [`TreeError::NoChildren`] for `b = 0` with `d > 0`; [`TreeError::TooDeep`] for
/// `d > MAX_DEPTH`.
pub fn uniform<P>(
    b: usize,
    d: usize,
    root: Kind,
    leaf: &mut impl FnMut() -> P,
) -> Result<Tree<P>, TreeError> {
    let max_first = root != Kind::Min;
    if d > MAX_DEPTH {
        return Err(TreeError::TooDeep { offset: None });
    }
    if d == 0 {
        return Ok(Tree::leaf(leaf()));
    }
    let children = (0..b)
        .map(|_| {
            let next = if max_first { Kind::Min } else { Kind::Max };
            uniform(b, d - 1, next, leaf)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Tree::inner(if max_first { Kind::Max } else { Kind::Min }, children)
}

/// The complete binary AND-OR tree of height `2n` (OR = max at the root) with the given 0/1
/// leaves, left to right (`4^n` of them).
///
/// # Errors
/// [`TreeError::LeafCount`] unless `leaves.len() = 4^n`.
pub fn and_or(n: u32, leaves: &[u8]) -> Result<Tree<u8>, TreeError> {
    let expected = 4u128.checked_pow(n).unwrap_or(u128::MAX);
    if leaves.len() as u128 != expected {
        return Err(TreeError::LeafCount {
            expected,
            found: leaves.len(),
        });
    }
    let mut it = leaves.iter().copied();
    uniform(2, 2 * n as usize, Kind::Max, &mut || it.next().unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_print_value() {
        let t = Tree::parse("(max (min 3 5) (min 2 9))").unwrap();
        assert_eq!(t.value(), 3);
        assert_eq!(t.to_string(), "(max (min 3 5) (min 2 9))");
        assert_eq!(Tree::parse("  -7 ").unwrap().value(), -7);
        for bad in [
            "",
            "(max 1",
            "(max 1))",
            "(mux 1 2)",
            "(min)",
            "(max x)",
            "1 2",
            ")",
        ] {
            assert!(Tree::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn no_empty_vertex_and_no_unbounded_depth() {
        // Used to be representable (Tree::Max(vec![])) and to panic in value().
        assert_eq!(
            Tree::<i64>::max(Vec::new()),
            Err(TreeError::NoChildren { offset: None })
        );
        let deep = (0..MAX_DEPTH).try_fold(Tree::leaf(7i64), |t, _| Tree::max(vec![t]));
        let deep = deep.unwrap();
        assert_eq!(deep.depth(), MAX_DEPTH);
        assert_eq!(deep.value(), 7);
        assert_eq!(
            Tree::max(vec![deep.clone()]),
            Err(TreeError::TooDeep { offset: None })
        );
        // The parser uses no recursion and stops at the limit, however deep the text.
        let text = "(max ".repeat(1_000_000) + "1" + &")".repeat(1_000_000);
        assert!(matches!(
            Tree::parse(&text),
            Err(TreeError::TooDeep { offset: Some(_) })
        ));
        let ok = "(max ".repeat(MAX_DEPTH) + "1" + &")".repeat(MAX_DEPTH);
        assert_eq!(Tree::parse(&ok).unwrap(), deep.with_leaf(0, 1));
        assert!(matches!(
            and_or(1, &[0, 1, 1]),
            Err(TreeError::LeafCount {
                expected: 4,
                found: 3
            })
        ));
        assert!(uniform(0, 2, Kind::Max, &mut || 1).is_err());
    }
}
