//! Value trees with chance vertices, their expectiminimax value in exact rationals, and
//! alpha-beta extended to chance vertices (Ballard's Star1).
//!
//! Text format: as [`crate::tree`], plus `(chance p₁ child₁ p₂ child₂ …)` where each `pᵢ` is a
//! positive probability written `n/d` or `n` (so `1/6`, `1`), and the probabilities of one
//! chance vertex add up to exactly 1.

use core::fmt;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::tree::{MAX_DEPTH, tokenize};

/// An exact probability or expected payoff.
pub type Ratio = BigRational;

/// A finite game tree with max, min, chance and final vertices; payoffs are integers to Max.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChanceTree {
    node: Node,
    depth: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Node {
    Final(i64),
    Max(Vec<ChanceTree>),
    Min(Vec<ChanceTree>),
    Chance(Vec<(Ratio, ChanceTree)>),
}

/// Why a chance tree or its text was refused. Offsets count bytes from the start of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ChanceError {
    /// The text holds no tree.
    Empty,
    /// Malformed text: what was expected and where.
    Syntax {
        /// Where, when parsing.
        offset: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// A probability that is not a positive fraction `n/d` of at most 1.
    BadProbability {
        /// Where it starts.
        offset: usize,
        /// The token.
        token: String,
    },
    /// The probabilities of one chance vertex do not add up to 1.
    NotOne {
        /// Where the vertex starts, when parsing.
        offset: Option<usize>,
        /// Their sum.
        sum: String,
    },
    /// The tree would be deeper than [`MAX_DEPTH`].
    TooDeep {
        /// Where the limit was passed, when parsing.
        offset: Option<usize>,
    },
}

impl fmt::Display for ChanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |f: &mut fmt::Formatter<'_>, offset: &Option<usize>| match offset {
            Some(o) => write!(f, "at character {}: ", o + 1),
            None => Ok(()),
        };
        match self {
            ChanceError::Empty => {
                f.write_str("empty tree: expected a payoff or (max …)/(min …)/(chance p child …)")
            }
            ChanceError::Syntax { offset, message } => {
                at(f, offset)?;
                f.write_str(message)
            }
            ChanceError::BadProbability { offset, token } => write!(
                f,
                "at character {}: {token:?} is not a probability (a fraction n/d with 0 < n/d ≤ 1)",
                offset + 1
            ),
            ChanceError::NotOne { offset, sum } => {
                at(f, offset)?;
                write!(
                    f,
                    "the probabilities of a chance vertex add up to {sum}, not 1"
                )
            }
            ChanceError::TooDeep { offset } => {
                at(f, offset)?;
                write!(f, "the tree is deeper than {MAX_DEPTH} levels")
            }
        }
    }
}

impl std::error::Error for ChanceError {}

/// Leaves read by an evaluation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reads(pub u64);

impl ChanceTree {
    /// A final vertex with payoff `p`.
    #[must_use]
    pub fn leaf(p: i64) -> ChanceTree {
        ChanceTree {
            node: Node::Final(p),
            depth: 0,
        }
    }

    /// A max vertex (`max = true`) or a min vertex over `children`.
    ///
    /// # Errors
    /// No children, or deeper than [`MAX_DEPTH`].
    pub fn choice(max: bool, children: Vec<ChanceTree>) -> Result<ChanceTree, ChanceError> {
        let depth = Self::depth_over(children.iter())?;
        let node = if max {
            Node::Max(children)
        } else {
            Node::Min(children)
        };
        Ok(ChanceTree { node, depth })
    }

    /// A chance vertex: each child with its probability.
    ///
    /// # Errors
    /// No children, a probability outside `(0, 1]`, probabilities not adding up to 1, or
    /// deeper than [`MAX_DEPTH`].
    pub fn chance(children: Vec<(Ratio, ChanceTree)>) -> Result<ChanceTree, ChanceError> {
        let depth = Self::depth_over(children.iter().map(|(_, c)| c))?;
        let mut sum = Ratio::zero();
        for (p, _) in &children {
            if *p <= Ratio::zero() || *p > Ratio::one() {
                return Err(ChanceError::BadProbability {
                    offset: 0,
                    token: p.to_string(),
                });
            }
            sum += p;
        }
        if !sum.is_one() {
            return Err(ChanceError::NotOne {
                offset: None,
                sum: sum.to_string(),
            });
        }
        Ok(ChanceTree {
            node: Node::Chance(children),
            depth,
        })
    }

    fn depth_over<'a>(
        children: impl Iterator<Item = &'a ChanceTree>,
    ) -> Result<usize, ChanceError> {
        let depth = 1 + children.map(|c| c.depth).max().ok_or(ChanceError::Syntax {
            offset: None,
            message: "an inner vertex has no children; a final vertex needs a payoff".into(),
        })?;
        if depth > MAX_DEPTH {
            return Err(ChanceError::TooDeep { offset: None });
        }
        Ok(depth)
    }

    /// Number of final vertices.
    #[must_use]
    pub fn leaves(&self) -> usize {
        match &self.node {
            Node::Final(_) => 1,
            Node::Max(c) | Node::Min(c) => c.iter().map(ChanceTree::leaves).sum(),
            Node::Chance(c) => c.iter().map(|(_, t)| t.leaves()).sum(),
        }
    }

    /// Whether the tree has a chance vertex.
    #[must_use]
    pub fn has_chance(&self) -> bool {
        match &self.node {
            Node::Final(_) => false,
            Node::Max(c) | Node::Min(c) => c.iter().any(ChanceTree::has_chance),
            Node::Chance(_) => true,
        }
    }

    /// The smallest and largest payoff of a final vertex.
    #[must_use]
    pub fn payoff_bounds(&self) -> (i64, i64) {
        match &self.node {
            Node::Final(p) => (*p, *p),
            Node::Max(c) | Node::Min(c) => bounds_of(c.iter()),
            Node::Chance(c) => bounds_of(c.iter().map(|(_, t)| t)),
        }
    }

    /// The expectiminimax value (the definition: max, min, or the expectation over the
    /// children), read at every leaf.
    #[must_use]
    pub fn value(&self) -> Ratio {
        match &self.node {
            Node::Final(p) => int(*p),
            Node::Max(c) => c
                .iter()
                .map(ChanceTree::value)
                .max()
                .unwrap_or_else(Ratio::zero),
            Node::Min(c) => c
                .iter()
                .map(ChanceTree::value)
                .min()
                .unwrap_or_else(Ratio::zero),
            Node::Chance(c) => c.iter().map(|(p, t)| p * t.value()).sum(),
        }
    }

    /// `clamp(value, a, b)` by alpha-beta with Star1 cuts at chance vertices: a chance vertex
    /// gives each child the window outside which the expectation leaves `[a, b]` whatever the
    /// children not yet read turn out to be (they lie between the smallest and largest payoff),
    /// and stops as soon as one child falls outside its window. `reads` counts the leaves read.
    ///
    /// # Panics
    /// Never; a window with `a > b` is read as `[b, a]`.
    #[must_use]
    pub fn reduced(&self, a: &Ratio, b: &Ratio, reads: &mut Reads) -> Ratio {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        let (lo, hi) = self.payoff_bounds();
        self.star1(a, b, &int(lo), &int(hi), reads)
    }

    fn star1(&self, a: &Ratio, b: &Ratio, lo: &Ratio, hi: &Ratio, reads: &mut Reads) -> Ratio {
        match &self.node {
            Node::Final(p) => {
                reads.0 += 1;
                clamp(int(*p), a, b)
            }
            Node::Max(children) => {
                let mut c = a.clone();
                for child in children {
                    if c >= *b {
                        break;
                    }
                    let v = child.star1(&c, b, lo, hi, reads);
                    if v > c {
                        c = v;
                    }
                }
                c
            }
            Node::Min(children) => {
                let mut c = b.clone();
                for child in children {
                    if c <= *a {
                        break;
                    }
                    let v = child.star1(a, &c, lo, hi, reads);
                    if v < c {
                        c = v;
                    }
                }
                c
            }
            Node::Chance(children) => {
                // done = Σ p·v over the children read; rest = the probability still unread.
                let mut done = Ratio::zero();
                let mut rest = Ratio::one();
                for (p, child) in children {
                    rest -= p;
                    // The child's value below low (above high) puts the expectation below a
                    // (above b) even if every unread child is worth hi (lo).
                    let low = (a - &done - hi * &rest) / p;
                    let high = (b - &done - lo * &rest) / p;
                    if low >= *hi {
                        return a.clone();
                    }
                    if high <= *lo {
                        return b.clone();
                    }
                    let wa = if low > *lo { low.clone() } else { lo.clone() };
                    let wb = if high < *hi { high.clone() } else { hi.clone() };
                    let v = child.star1(&wa, &wb, lo, hi, reads);
                    if v <= low {
                        return a.clone();
                    }
                    if v >= high {
                        return b.clone();
                    }
                    // Strictly inside (low, high): v is the child's exact value.
                    done += p * v;
                }
                clamp(done, a, b)
            }
        }
    }

    /// Reads a tree in the text format (see the module documentation).
    ///
    /// # Errors
    /// [`ChanceError`] for malformed text, probabilities that are not fractions in `(0, 1]` or
    /// do not add up to 1, or nesting deeper than [`MAX_DEPTH`].
    pub fn parse(text: &str) -> Result<ChanceTree, ChanceError> {
        let tokens = tokenize(text);
        if tokens.is_empty() {
            return Err(ChanceError::Empty);
        }
        let mut parser = Parser {
            text,
            tokens,
            pos: 0,
        };
        let tree = parser.tree(0)?;
        if let Some(&(offset, tok)) = parser.tokens.get(parser.pos) {
            return Err(ChanceError::Syntax {
                offset: Some(offset),
                message: format!("unexpected {tok:?} after a complete tree"),
            });
        }
        Ok(tree)
    }
}

impl core::str::FromStr for ChanceTree {
    type Err = ChanceError;
    fn from_str(s: &str) -> Result<ChanceTree, ChanceError> {
        ChanceTree::parse(s)
    }
}

fn bounds_of<'a>(children: impl Iterator<Item = &'a ChanceTree>) -> (i64, i64) {
    children
        .map(ChanceTree::payoff_bounds)
        .reduce(|(a, b), (c, d)| (a.min(c), b.max(d)))
        .unwrap_or((0, 0))
}

fn int(p: i64) -> Ratio {
    Ratio::from_integer(BigInt::from(p))
}

fn clamp(v: Ratio, a: &Ratio, b: &Ratio) -> Ratio {
    if v < *a {
        a.clone()
    } else if v > *b {
        b.clone()
    } else {
        v
    }
}

/// Reads an integer or a fraction `n/d` (signs allowed, `d` not 0) as a rational: a matrix
/// game's entries and a hidden-information tree's numbers.
pub(crate) fn read_ratio(text: &str) -> Option<Ratio> {
    let int = |t: &str| t.parse::<BigInt>().ok();
    match text.split_once('/') {
        Some((a, b)) => {
            let (a, b) = (int(a)?, int(b)?);
            (!b.is_zero()).then(|| Ratio::new(a, b))
        }
        None => Some(Ratio::from_integer(int(text)?)),
    }
}

/// Reads `n/d` or `n` as a probability in `(0, 1]`.
fn probability(token: &str) -> Option<Ratio> {
    let (n, d) = token.split_once('/').unwrap_or((token, "1"));
    let digits = |s: &str| !s.is_empty() && s.len() <= 30 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(n) || !digits(d) {
        return None;
    }
    let (n, d): (BigInt, BigInt) = (n.parse().ok()?, d.parse().ok()?);
    if d.is_zero() {
        return None;
    }
    let p = Ratio::new(n, d);
    (p > Ratio::zero() && p <= Ratio::one()).then_some(p)
}

struct Parser<'t> {
    text: &'t str,
    tokens: Vec<(usize, &'t str)>,
    pos: usize,
}

impl Parser<'_> {
    fn next(&mut self) -> Result<(usize, &str), ChanceError> {
        let Some(&t) = self.tokens.get(self.pos) else {
            return Err(ChanceError::Syntax {
                offset: Some(self.text.len()),
                message: "the text ends before a ')' closes a vertex".into(),
            });
        };
        self.pos += 1;
        Ok(t)
    }

    fn tree(&mut self, depth: usize) -> Result<ChanceTree, ChanceError> {
        let (offset, tok) = self.next()?;
        match tok {
            "(" => {}
            ")" => {
                return Err(ChanceError::Syntax {
                    offset: Some(offset),
                    message: "unexpected ')'".into(),
                });
            }
            _ => {
                return tok
                    .parse::<i64>()
                    .map(ChanceTree::leaf)
                    .map_err(|_| ChanceError::Syntax {
                        offset: Some(offset),
                        message: format!("{tok:?} is not an integer payoff"),
                    });
            }
        }
        if depth >= MAX_DEPTH {
            return Err(ChanceError::TooDeep {
                offset: Some(offset),
            });
        }
        let (kind_offset, word) = self.next()?;
        let word = word.to_ascii_lowercase();
        if !matches!(word.as_str(), "max" | "min" | "chance") {
            return Err(ChanceError::Syntax {
                offset: Some(kind_offset),
                message: format!("expected max, min or chance after '(', found {word:?}"),
            });
        }
        let mut children = Vec::new();
        let mut weighted = Vec::new();
        loop {
            let Some(&(at, tok)) = self.tokens.get(self.pos) else {
                return Err(ChanceError::Syntax {
                    offset: Some(self.text.len()),
                    message: "the text ends before a ')' closes a vertex".into(),
                });
            };
            if tok == ")" {
                self.pos += 1;
                break;
            }
            if word == "chance" {
                self.pos += 1;
                let p = probability(tok).ok_or_else(|| ChanceError::BadProbability {
                    offset: at,
                    token: tok.to_owned(),
                })?;
                if self.tokens.get(self.pos).is_none_or(|&(_, t)| t == ")") {
                    return Err(ChanceError::Syntax {
                        offset: Some(at),
                        message: format!("the probability {tok} has no child after it"),
                    });
                }
                weighted.push((p, self.tree(depth + 1)?));
            } else {
                children.push(self.tree(depth + 1)?);
            }
        }
        let no_children = || ChanceError::Syntax {
            offset: Some(kind_offset),
            message: "an inner vertex has no children; a final vertex needs a payoff".into(),
        };
        match word.as_str() {
            "chance" if weighted.is_empty() => Err(no_children()),
            "chance" => ChanceTree::chance(weighted).map_err(|e| match e {
                ChanceError::NotOne { sum, .. } => ChanceError::NotOne {
                    offset: Some(kind_offset),
                    sum,
                },
                other => other,
            }),
            _ if children.is_empty() => Err(no_children()),
            _ => ChanceTree::choice(word == "max", children),
        }
    }
}

impl fmt::Display for ChanceTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.node {
            Node::Final(p) => write!(f, "{p}"),
            Node::Max(c) | Node::Min(c) => {
                f.write_str(if matches!(self.node, Node::Max(_)) {
                    "(max"
                } else {
                    "(min"
                })?;
                for child in c {
                    write!(f, " {child}")?;
                }
                f.write_str(")")
            }
            Node::Chance(c) => {
                f.write_str("(chance")?;
                for (p, child) in c {
                    write!(f, " {p} {child}")?;
                }
                f.write_str(")")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64, d: i64) -> Ratio {
        Ratio::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn expectiminimax_by_hand() {
        let t = ChanceTree::parse("(max (chance 1/2 0 1/2 10) 4)").unwrap();
        assert_eq!(t.value(), int(5));
        let t = ChanceTree::parse("(min (chance 1/3 9 2/3 (max 0 3)) 5)").unwrap();
        assert_eq!(t.value(), int(5));
        let t = ChanceTree::parse("(chance 1/6 1 5/6 (max 2 -4))").unwrap();
        assert_eq!(t.value(), r(11, 6));
        assert_eq!(t.to_string(), "(chance 1/6 1 5/6 (max 2 -4))");
        assert_eq!(ChanceTree::parse(&t.to_string()).unwrap(), t);
    }

    #[test]
    fn star1_cuts_a_chance_vertex_that_cannot_reach_the_window() {
        // The first child 0 with probability 1/2 caps the expectation at 5 < 6 = best so far.
        let t = ChanceTree::parse("(max 6 (chance 1/2 0 1/2 10))").unwrap();
        let mut reads = Reads::default();
        assert_eq!(t.reduced(&int(0), &int(10), &mut reads), int(6));
        assert_eq!(reads, Reads(2));
        for (a, b) in [(0, 10), (6, 6), (7, 9), (-3, 2)] {
            let mut reads = Reads::default();
            let expected = clamp(t.value(), &int(a), &int(b));
            assert_eq!(t.reduced(&int(a), &int(b), &mut reads), expected);
        }
    }

    #[test]
    fn bad_text_is_refused_with_its_place() {
        let err = |s: &str| ChanceTree::parse(s).unwrap_err().to_string();
        assert!(err("(chance 1/2 1 1/3 2)").contains("add up to 5/6"));
        assert!(err("(chance 0 1 1 2)").contains("\"0\" is not a probability"));
        assert!(err("(chance 3/2 1)").contains("not a probability"));
        assert!(err("(chance 1/0 1)").contains("not a probability"));
        assert!(err("(chance 1/2 1 1/2)").contains("1/2 has no child"));
        assert!(err("(chance 1/2 1 1/2 (max 2").contains("ends before"));
        assert!(err("(dice 1 2)").contains("expected max, min or chance"));
        assert!(err("(max)").contains("no children"));
        assert!(err("(chance)").contains("no children"));
        assert!(err("(max 1) 2").contains("after a complete tree"));
        assert!(err("").contains("empty tree"));
        let deep = "(max ".repeat(MAX_DEPTH + 1) + "1" + &")".repeat(MAX_DEPTH + 1);
        assert!(err(&deep).contains("deeper than"));
    }
}
