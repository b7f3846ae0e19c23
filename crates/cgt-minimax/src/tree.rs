//! Explicit game trees: max, min and final vertices with payoffs, a text format and random
//! generators.
//!
//! Text format: a final vertex is its payoff (an integer); an inner vertex is
//! `(max child child …)` or `(min child child …)` with at least one child. Example:
//! `(max (min 3 5) (min 2 9))` has value 3.

use core::fmt;

/// A finite game tree with payoffs of type `P` (any totally ordered type).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tree<P> {
    /// Max (the first player) chooses the child.
    Max(Vec<Tree<P>>),
    /// Min (the second player) chooses the child.
    Min(Vec<Tree<P>>),
    /// The game ends with this payoff to Max.
    Final(P),
}

/// What kind of vertex the robot stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A max vertex.
    Max,
    /// A min vertex.
    Min,
    /// A final vertex.
    Final,
}

/// A malformed tree text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TreeParseError {
    /// Byte offset of the problem.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for TreeParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: {}", self.offset + 1, self.message)
    }
}

impl std::error::Error for TreeParseError {}

impl<P> Tree<P> {
    /// The kind of the root.
    #[must_use]
    pub fn kind(&self) -> Kind {
        match self {
            Tree::Max(_) => Kind::Max,
            Tree::Min(_) => Kind::Min,
            Tree::Final(_) => Kind::Final,
        }
    }

    /// The children (empty for a final vertex).
    #[must_use]
    pub fn children(&self) -> &[Tree<P>] {
        match self {
            Tree::Max(c) | Tree::Min(c) => c,
            Tree::Final(_) => &[],
        }
    }

    /// Number of final vertices.
    #[must_use]
    pub fn leaves(&self) -> usize {
        match self {
            Tree::Final(_) => 1,
            _ => self.children().iter().map(Tree::leaves).sum(),
        }
    }

    /// The payoffs of the final vertices, left to right.
    #[must_use]
    pub fn payoffs(&self) -> Vec<&P> {
        let mut out = Vec::new();
        let mut stack = vec![self];
        while let Some(t) = stack.pop() {
            match t {
                Tree::Final(p) => out.push(p),
                _ => stack.extend(t.children().iter().rev()),
            }
        }
        out
    }
}

impl<P: Ord + Clone> Tree<P> {
    /// The minimax value, by plain recursion (the definition).
    #[must_use]
    pub fn value(&self) -> P {
        match self {
            Tree::Final(p) => p.clone(),
            Tree::Max(c) => c
                .iter()
                .map(Tree::value)
                .max()
                .expect("a max vertex has children"),
            Tree::Min(c) => c
                .iter()
                .map(Tree::value)
                .min()
                .expect("a min vertex has children"),
        }
    }

    /// The same tree with the `i`-th final vertex (left to right) given payoff `p`.
    #[must_use]
    pub fn with_leaf(&self, i: usize, p: P) -> Tree<P> {
        fn go<P: Clone>(t: &Tree<P>, i: &mut usize, p: &P) -> Tree<P> {
            match t {
                Tree::Final(x) => {
                    let out = if *i == 0 { p.clone() } else { x.clone() };
                    *i = i.wrapping_sub(1);
                    Tree::Final(out)
                }
                Tree::Max(c) => Tree::Max(c.iter().map(|t| go(t, i, p)).collect()),
                Tree::Min(c) => Tree::Min(c.iter().map(|t| go(t, i, p)).collect()),
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
    /// [`TreeParseError`] for unbalanced parentheses, a vertex type other than `max`/`min`,
    /// an inner vertex without children, a missing or non-integer payoff, or trailing text.
    pub fn parse(text: &str) -> Result<Tree<i64>, TreeParseError> {
        let tokens = tokenize(text);
        if tokens.is_empty() {
            return Err(TreeParseError {
                offset: 0,
                message: "empty tree: expected a payoff or (max …)/(min …)".to_owned(),
            });
        }
        let mut pos = 0;
        let tree = parse_node(&tokens, &mut pos, text.len())?;
        if let Some(&(offset, tok)) = tokens.get(pos) {
            return Err(TreeParseError {
                offset,
                message: format!("unexpected {tok:?} after the end of the tree"),
            });
        }
        Ok(tree)
    }
}

fn tokenize(text: &str) -> Vec<(usize, &str)> {
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

fn parse_node(
    tokens: &[(usize, &str)],
    pos: &mut usize,
    end: usize,
) -> Result<Tree<i64>, TreeParseError> {
    let Some(&(offset, tok)) = tokens.get(*pos) else {
        return Err(TreeParseError {
            offset: end,
            message: "unexpected end: a ')' or a child is missing".to_owned(),
        });
    };
    *pos += 1;
    if tok == ")" {
        return Err(TreeParseError {
            offset,
            message: "unbalanced ')'".to_owned(),
        });
    }
    if tok != "(" {
        return tok
            .parse::<i64>()
            .map(Tree::Final)
            .map_err(|_| TreeParseError {
                offset,
                message: format!("{tok:?} is not an integer payoff"),
            });
    }
    let Some(&(kind_offset, kind)) = tokens.get(*pos) else {
        return Err(TreeParseError {
            offset: end,
            message: "unexpected end after '('".to_owned(),
        });
    };
    *pos += 1;
    let is_max = match kind.to_ascii_lowercase().as_str() {
        "max" => true,
        "min" => false,
        _ => {
            return Err(TreeParseError {
                offset: kind_offset,
                message: format!("expected max or min after '(', found {kind:?}"),
            });
        }
    };
    let mut children = Vec::new();
    loop {
        match tokens.get(*pos) {
            Some(&(_, ")")) => {
                *pos += 1;
                break;
            }
            Some(_) => children.push(parse_node(tokens, pos, end)?),
            None => {
                return Err(TreeParseError {
                    offset: end,
                    message: "unbalanced '(': a ')' is missing".to_owned(),
                });
            }
        }
    }
    if children.is_empty() {
        return Err(TreeParseError {
            offset: kind_offset,
            message: format!("({kind}) has no children; a final vertex needs a payoff"),
        });
    }
    Ok(if is_max {
        Tree::Max(children)
    } else {
        Tree::Min(children)
    })
}

impl<P: fmt::Display> fmt::Display for Tree<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tree::Final(p) => write!(f, "{p}"),
            Tree::Max(c) | Tree::Min(c) => {
                f.write_str(if matches!(self, Tree::Max(_)) {
                    "(max"
                } else {
                    "(min"
                })?;
                for child in c {
                    write!(f, " {child}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A uniform tree of branching `b` and depth `d` (max at the root, levels alternating) with
/// leaves from `leaf`.
pub fn uniform<P>(b: usize, d: usize, max_first: bool, leaf: &mut impl FnMut() -> P) -> Tree<P> {
    if d == 0 {
        return Tree::Final(leaf());
    }
    let children = (0..b)
        .map(|_| uniform(b, d - 1, !max_first, leaf))
        .collect();
    if max_first {
        Tree::Max(children)
    } else {
        Tree::Min(children)
    }
}

/// The complete binary AND-OR tree of height `2n` (OR = max at the root) with the given 0/1
/// leaves, left to right (`4^n` of them).
///
/// # Panics
/// If `leaves.len() != 4^n`.
#[must_use]
pub fn and_or(n: u32, leaves: &[u8]) -> Tree<u8> {
    assert_eq!(
        leaves.len(),
        4usize.pow(n),
        "an AND-OR tree of height 2n has 4^n leaves"
    );
    let mut it = leaves.iter().copied();
    uniform(2, 2 * n as usize, true, &mut || {
        it.next().expect("enough leaves")
    })
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
}
