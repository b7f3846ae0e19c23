//! Col and Snort on graphs (Conway, *ONAG* ch. 10; *Winning Ways* ch. 2): the vertices of any
//! graph of at most 64 vertices instead of the squares of a board — paths, cycles, stars,
//! caterpillars, whatever a researcher draws. Each turn a player colours an uncoloured vertex,
//! Left blue (`x`), Right red (`o`); in Col never next to their own colour, in Snort never
//! next to the other's. The player who cannot colour loses.
//!
//! A graph is written as edges and vertices separated by spaces or commas: `a-b` is an edge,
//! `a-b-c-d` a path of edges, a lone name a vertex without edges, and `a=x` (or `o`, `l`,
//! `r`, `-`) gives vertex `a` a colour or a tint (`l`: only Left may still colour it, `r`:
//! only Right, `-`: neither). Families are named: `path:5`, `cycle:6`, `star:4` (a centre
//! and 4 leaves), `complete:4`, `caterpillar:2,0,3` (a spine of 3 vertices with 2, 0 and 3
//! leaves). Names are letters, digits and `_`.
//!
//! As on boards, only who may colour each uncoloured vertex matters (colours become tints on
//! their neighbours); connected groups of colourable vertices are independent games, and a
//! vertex only one player may colour is a free move (±1). The colour exchange negates the
//! value (both rules are symmetric in the players), and twin vertices — the leaves of a star,
//! the legs on one spine vertex of a caterpillar, any two vertices with the same neighbours —
//! are interchangeable, so positions that differ only by exchanging the states of twins are
//! one; other automorphisms of the graph are not used.

use core::fmt;
use std::collections::HashMap;
use std::sync::Arc;

use crate::grid::groups;
use crate::{Arena, GameId, PartizanError, PartizanGame, Player, VertexPaint};

use crate::colouring::Rule;

/// The most vertices a graph may have.
pub const MAX_VERTICES: usize = 64;

/// A graph with named vertices and, for each, who may still colour it.
///
/// ```
/// use cgt_partizan::colouring::Rule;
/// use cgt_partizan::graphcolouring::{ColouringGraph, Graph};
/// use cgt_partizan::{Arena, Evaluator};
///
/// let g: Graph = "path:3".parse()?;
/// let snort = ColouringGraph::new(Rule::Snort, &g);
/// let mut arena = Arena::new();
/// let v = Evaluator::new(snort.clone()).value(&mut arena, &snort.start())?;
/// assert_eq!(arena.display(v), "+-2"); // as on three squares in a row
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    names: Vec<String>,
    /// Neighbours of each vertex, as masks.
    adjacency: Vec<u64>,
    /// Vertices coloured blue and red.
    x: u64,
    o: u64,
    /// Uncoloured vertices Left may colour, and Right may (tints as written).
    left: u64,
    right: u64,
}

impl Graph {
    /// Vertices.
    #[must_use]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no vertex.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The name of vertex `v`.
    #[must_use]
    pub fn name(&self, v: usize) -> &str {
        self.names.get(v).map_or("", String::as_str)
    }

    /// The number of the vertex called `name`.
    #[must_use]
    pub fn vertex(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// The neighbours of vertex `v`, as a mask.
    #[must_use]
    pub fn neighbours(&self, v: usize) -> u64 {
        self.adjacency.get(v).copied().unwrap_or(0)
    }

    /// The edges `(u, v)`, `u < v`.
    #[must_use]
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (u, &near) in self.adjacency.iter().enumerate() {
            let mut m = near >> u >> 1;
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                out.push((u, u + 1 + k));
            }
        }
        out
    }

    /// A graph of `n` vertices named `1` … `n` with these edges (no colours).
    ///
    /// # Errors
    /// More than 64 vertices, or an edge to a vertex that is not there.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Result<Graph, PartizanError> {
        let mut b = Builder::default();
        for v in 0..n {
            b.vertex(&(v + 1).to_string())?;
        }
        for &(u, v) in edges {
            if u >= n || v >= n {
                return Err(parse_error(
                    &format!("{u}-{v}"),
                    "an edge to a vertex that is not there",
                ));
            }
            b.edge(u, v);
        }
        Ok(b.finish())
    }

    fn around(&self, m: u64) -> u64 {
        let mut out = 0;
        let mut bits = m;
        while bits != 0 {
            let v = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out |= self.adjacency[v];
        }
        out
    }
}

/// A graph under construction: names, edges, marks.
#[derive(Default)]
struct Builder {
    names: Vec<String>,
    index: HashMap<String, usize>,
    adjacency: Vec<u64>,
    marks: Vec<char>,
}

impl Builder {
    fn vertex(&mut self, name: &str) -> Result<usize, PartizanError> {
        if let Some(&v) = self.index.get(name) {
            return Ok(v);
        }
        if self.names.len() == MAX_VERTICES {
            return Err(PartizanError::TooLarge {
                message: format!("a graph of more than {MAX_VERTICES} vertices"),
            });
        }
        let v = self.names.len();
        self.names.push(name.to_owned());
        self.index.insert(name.to_owned(), v);
        self.adjacency.push(0);
        self.marks.push('.');
        Ok(v)
    }

    fn edge(&mut self, u: usize, v: usize) {
        if u != v {
            self.adjacency[u] |= 1 << v;
            self.adjacency[v] |= 1 << u;
        }
    }

    fn finish(self) -> Graph {
        let mask = |c: char| {
            self.marks
                .iter()
                .enumerate()
                .filter(|(_, m)| **m == c)
                .fold(0u64, |acc, (i, _)| acc | 1 << i)
        };
        let (x, o, both) = (mask('x'), mask('o'), mask('.'));
        Graph {
            x,
            o,
            left: both | mask('l'),
            right: both | mask('r'),
            names: self.names,
            adjacency: self.adjacency,
        }
    }

    /// A named family, `kind:args`.
    fn family(&mut self, token: &str, kind: &str, args: &str) -> Result<(), PartizanError> {
        let numbers: Vec<usize> = args
            .split(',')
            .map(|a| a.trim().parse::<usize>())
            .collect::<Result<_, _>>()
            .map_err(|_| parse_error(token, "expected whole numbers after the colon"))?;
        let one = || match numbers.as_slice() {
            [n] if *n >= 1 => Ok(*n),
            _ => Err(parse_error(token, "expected one number, at least 1")),
        };
        // A new vertex, numbered after those there are (skipping numbers already taken).
        let fresh = |b: &mut Builder| -> Result<usize, PartizanError> {
            let mut k = b.names.len() + 1;
            while b.index.contains_key(&k.to_string()) {
                k += 1;
            }
            b.vertex(&k.to_string())
        };
        match kind {
            "path" | "cycle" => {
                let n = one()?;
                let first = fresh(self)?;
                let mut last = first;
                for _ in 1..n {
                    let v = fresh(self)?;
                    self.edge(last, v);
                    last = v;
                }
                if kind == "cycle" && n > 2 {
                    self.edge(last, first);
                }
            }
            "star" => {
                let centre = fresh(self)?;
                for _ in 0..one()? {
                    let leaf = fresh(self)?;
                    self.edge(centre, leaf);
                }
            }
            "complete" => {
                let vs = (0..one()?)
                    .map(|_| fresh(self))
                    .collect::<Result<Vec<_>, _>>()?;
                for (i, &u) in vs.iter().enumerate() {
                    for &v in &vs[i + 1..] {
                        self.edge(u, v);
                    }
                }
            }
            "caterpillar" => {
                let mut previous = None;
                for &legs in &numbers {
                    let spine = fresh(self)?;
                    if let Some(p) = previous {
                        self.edge(p, spine);
                    }
                    for _ in 0..legs {
                        let leaf = fresh(self)?;
                        self.edge(spine, leaf);
                    }
                    previous = Some(spine);
                }
            }
            _ => {
                return Err(parse_error(
                    token,
                    "unknown family (path, cycle, star, complete, caterpillar)",
                ));
            }
        }
        Ok(())
    }
}

fn parse_error(input: &str, reason: &str) -> PartizanError {
    PartizanError::Parse {
        input: input.chars().take(80).collect(),
        message: reason.to_owned(),
    }
}

fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl core::str::FromStr for Graph {
    type Err = PartizanError;

    fn from_str(text: &str) -> Result<Graph, PartizanError> {
        let mut b = Builder::default();
        // Spaces separate tokens; so do commas, except in a family's numbers.
        let tokens: Vec<&str> = text
            .split_whitespace()
            .flat_map(|t| {
                if t.contains(':') {
                    vec![t]
                } else {
                    t.split(',').filter(|p| !p.is_empty()).collect()
                }
            })
            .collect();
        if tokens.is_empty() {
            return Err(parse_error(
                text,
                "an empty graph: give edges such as a-b b-c",
            ));
        }
        for token in tokens {
            if let Some((kind, args)) = token.split_once(':') {
                b.family(token, kind, args)?;
            } else if let Some((name, mark)) = token.split_once('=') {
                if !valid_name(name) {
                    return Err(parse_error(token, "a vertex name is letters, digits and _"));
                }
                let c = match mark {
                    "x" | "o" | "l" | "r" | "-" | "." => mark.chars().next().unwrap_or('.'),
                    _ => {
                        return Err(parse_error(
                            token,
                            "a vertex is marked x, o (coloured), l, r, - (tinted) or .",
                        ));
                    }
                };
                let v = b.vertex(name)?;
                b.marks[v] = c;
            } else {
                let names: Vec<&str> = token.split('-').collect();
                if !names.iter().all(|n| valid_name(n)) {
                    return Err(parse_error(
                        token,
                        "expected edges a-b, paths a-b-c, vertices, a=x marks or a family such as path:5",
                    ));
                }
                let mut last = None;
                for n in names {
                    let v = b.vertex(n)?;
                    if let Some(u) = last {
                        b.edge(u, v);
                    }
                    last = Some(v);
                }
            }
        }
        Ok(b.finish())
    }
}

/// A position: who may colour each uncoloured vertex of the game's graph, and the colours
/// (kept for showing; the tints carry what they mean for play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Colours {
    /// Blue vertices.
    pub x: u64,
    /// Red vertices.
    pub o: u64,
    /// Uncoloured vertices Left may colour.
    pub left: u64,
    /// Uncoloured vertices Right may colour.
    pub right: u64,
}

/// Col or Snort on one graph, for an [`crate::Evaluator`] or a [`crate::MisereSearch`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColouringGraph {
    rule: Rule,
    graph: Arc<Graph>,
    /// Classes of twin vertices (the same neighbours, or the same neighbours and each other),
    /// each of two or more, as masks: exchanging twins is an automorphism. With each class,
    /// its lowest `k` vertices for every `k` from 0 to its size.
    twins: Arc<Vec<(u64, Vec<u64>)>>,
}

impl ColouringGraph {
    /// The rule `rule` on `graph`.
    #[must_use]
    pub fn new(rule: Rule, graph: &Graph) -> ColouringGraph {
        let mut by_neighbours: HashMap<(u64, bool), Vec<usize>> = HashMap::new();
        for v in 0..graph.len() {
            let open = graph.neighbours(v);
            // A vertex with a twin next to it shares its closed neighbourhood; one without,
            // its open one. Classes of each kind are disjoint (adjacent twins are not false
            // twins), and a vertex lands in one class by the first kind that has a partner.
            let closed = open | 1 << v;
            let key = if (0..graph.len()).any(|u| u != v && graph.neighbours(u) | 1 << u == closed)
            {
                (closed, true)
            } else {
                (open, false)
            };
            by_neighbours.entry(key).or_default().push(v);
        }
        let mut twins: Vec<(u64, Vec<u64>)> = by_neighbours
            .into_values()
            .filter(|c| c.len() > 1)
            .map(|c| {
                // `c` lists its vertices in increasing order.
                let lowest = c.iter().scan(0u64, |m, &v| {
                    *m |= 1 << v;
                    Some(*m)
                });
                let lowest: Vec<u64> = core::iter::once(0).chain(lowest).collect();
                (lowest[c.len()], lowest)
            })
            .collect();
        twins.sort_unstable();
        ColouringGraph {
            rule,
            graph: Arc::new(graph.clone()),
            twins: Arc::new(twins),
        }
    }

    /// `c` with the states of each class of twins sorted (so twins in the same states in
    /// another order give one position).
    ///
    /// The states (may Left colour it, may Right) sorted over the class's vertices in
    /// increasing order: the class's lowest vertices take neither, then Right only, then Left
    /// only, then both, as many of each as there were.
    fn sorted_twins(&self, mut c: Colours) -> Colours {
        for (class, lowest) in self.twins.iter() {
            let (l, r) = (c.left & class, c.right & class);
            let neither = (class & !l & !r).count_ones() as usize;
            let right_only = neither + (r & !l).count_ones() as usize;
            let left_only = right_only + (l & !r).count_ones() as usize;
            let left = class & !lowest[right_only];
            let right = (lowest[right_only] & !lowest[neither]) | (class & !lowest[left_only]);
            c.left = c.left & !class | left;
            c.right = c.right & !class | right;
        }
        c
    }

    /// The graph.
    #[must_use]
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The rule.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The position as the graph was written, its colours tinting their neighbours.
    #[must_use]
    pub fn start(&self) -> Colours {
        let g = &self.graph;
        let empty = !(g.x | g.o) & all(g.len());
        let (near_x, near_o) = (g.around(g.x), g.around(g.o));
        let (left, right) = match self.rule {
            Rule::Col => (empty & !near_x, empty & !near_o),
            Rule::Snort => (empty & !near_o, empty & !near_x),
        };
        Colours {
            x: g.x,
            o: g.o,
            left: g.left & left,
            right: g.right & right,
        }
    }

    /// The position after `player` colours vertex `v`.
    #[must_use]
    pub fn coloured(&self, c: &Colours, player: Player, v: usize) -> Colours {
        let cell = 1u64 << v;
        let near = self.graph.neighbours(v);
        let mut n = *c;
        n.left &= !cell;
        n.right &= !cell;
        match player {
            Player::Left => n.x |= cell,
            Player::Right => n.o |= cell,
        }
        match (self.rule, player) {
            (Rule::Col, Player::Left) | (Rule::Snort, Player::Right) => n.left &= !near,
            (Rule::Col, Player::Right) | (Rule::Snort, Player::Left) => n.right &= !near,
        }
        n
    }

    /// The position written vertex by vertex, `name=state` (`x`, `o`, `.`, `l`, `r`, `-`).
    #[must_use]
    pub fn show(&self, c: &Colours) -> String {
        (0..self.graph.len())
            .map(|v| {
                let b = 1u64 << v;
                let s = if c.x & b != 0 {
                    'x'
                } else if c.o & b != 0 {
                    'o'
                } else {
                    match (c.left & b != 0, c.right & b != 0) {
                        (true, true) => '.',
                        (true, false) => 'l',
                        (false, true) => 'r',
                        (false, false) => '-',
                    }
                };
                format!("{}={s}", self.graph.name(v))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn all(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

impl PartizanGame for ColouringGraph {
    type Position = Colours;
    type Move = VertexPaint;

    fn moves(&self, c: &Colours, player: Player, out: &mut Vec<(VertexPaint, Colours)>) {
        let mut bits = if player == Player::Left {
            c.left
        } else {
            c.right
        };
        while bits != 0 {
            let v = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let m = VertexPaint {
                vertex: v,
                name: self.graph.name(v).to_owned(),
            };
            out.push((m, self.coloured(c, player, v)));
        }
    }

    fn options(&self, c: &Colours, player: Player, out: &mut Vec<Colours>) {
        let mut bits = if player == Player::Left {
            c.left
        } else {
            c.right
        };
        while bits != 0 {
            let v = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out.push(self.coloured(c, player, v));
        }
    }

    fn components(&self, c: &Colours, out: &mut Vec<Colours>) {
        let open = c.left | c.right;
        for group in groups(open, |m| self.graph.around(m)) {
            out.push(Colours {
                x: 0,
                o: 0,
                left: c.left & group,
                right: c.right & group,
            });
        }
    }

    fn normalize(&self, c: &Colours) -> (Colours, bool) {
        // Only the tints matter, twins are interchangeable, and the colour exchange negates.
        let plain = self.sorted_twins(Colours {
            x: 0,
            o: 0,
            left: c.left,
            right: c.right,
        });
        let swapped = self.sorted_twins(Colours {
            x: 0,
            o: 0,
            left: c.right,
            right: c.left,
        });
        if swapped < plain {
            (swapped, true)
        } else {
            (plain, false)
        }
    }

    fn known_value(&self, c: &Colours, arena: &mut Arena) -> Option<Result<GameId, PartizanError>> {
        let open = c.left | c.right;
        if self.graph.around(open) & open != 0 {
            return None;
        }
        let both = (c.left & c.right).count_ones();
        let left = i64::from((c.left & !c.right).count_ones());
        let right = i64::from((c.right & !c.left).count_ones());
        let number = arena.integer(left - right);
        Some(
            arena
                .nimber(u64::from(both % 2))
                .and_then(|star| arena.sum(number, star)),
        )
    }
}

impl fmt::Display for Graph {
    /// Edges `a-b` and edgeless vertices, then the marks of coloured and tinted vertices.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self
            .edges()
            .into_iter()
            .map(|(u, v)| format!("{}-{}", self.name(u), self.name(v)))
            .collect();
        for v in 0..self.len() {
            if self.adjacency[v] == 0 {
                parts.push(self.name(v).to_owned());
            }
        }
        for v in 0..self.len() {
            let b = 1u64 << v;
            let mark = if self.x & b != 0 {
                Some('x')
            } else if self.o & b != 0 {
                Some('o')
            } else {
                match (self.left & b != 0, self.right & b != 0) {
                    (true, true) => None,
                    (true, false) => Some('l'),
                    (false, true) => Some('r'),
                    (false, false) => Some('-'),
                }
            };
            if let Some(m) = mark {
                parts.push(format!("{}={m}", self.name(v)));
            }
        }
        f.write_str(&parts.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;

    /// Each class's states listed vertex by vertex, sorted and given back in the vertices'
    /// order: the reference for the counting in `sorted_twins`.
    fn sorted_by_listing(twins: &[(u64, Vec<u64>)], mut c: Colours) -> Colours {
        for &(class, _) in twins {
            let vertices: Vec<usize> = (0..64).filter(|v| class >> v & 1 == 1).collect();
            let mut states: Vec<(bool, bool)> = vertices
                .iter()
                .map(|&v| (c.left >> v & 1 == 1, c.right >> v & 1 == 1))
                .collect();
            states.sort_unstable();
            for (&v, (l, r)) in vertices.iter().zip(states) {
                let b = 1u64 << v;
                c.left = if l { c.left | b } else { c.left & !b };
                c.right = if r { c.right | b } else { c.right & !b };
            }
        }
        c
    }

    #[test]
    fn twins_states_sorted_by_counting_are_sorted_by_listing() {
        let mut seed = 3u64;
        for text in ["star:12", "caterpillar:3,3,3,3", "a-b a-c a-d b-e c-e d-e"] {
            let g: Graph = text.parse().expect("a graph");
            let game = ColouringGraph::new(Rule::Snort, &g);
            assert!(!game.twins.is_empty(), "{text}");
            for _ in 0..500 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let c = Colours {
                    x: 0,
                    o: 0,
                    left: seed & all(g.len()),
                    right: seed.rotate_left(31) & all(g.len()),
                };
                assert_eq!(
                    game.sorted_twins(c),
                    sorted_by_listing(&game.twins, c),
                    "{text}"
                );
            }
        }
    }

    fn value(rule: Rule, text: &str) -> String {
        let g: Graph = text.parse().expect("a graph");
        let game = ColouringGraph::new(rule, &g);
        let mut arena = Arena::new();
        let v = Evaluator::new(game.clone())
            .value(&mut arena, &game.start())
            .expect("a value");
        arena.display(v)
    }

    #[test]
    fn paths_match_rows_of_squares() {
        assert_eq!(value(Rule::Snort, "a-b"), "+-1");
        assert_eq!(value(Rule::Snort, "path:3"), "+-2");
        assert_eq!(value(Rule::Col, "a-b"), "0");
        assert_eq!(value(Rule::Col, "a"), "*");
        assert_eq!(value(Rule::Col, "a b=l c=r"), "*");
        assert_eq!(value(Rule::Snort, "a-b a=x"), "1");
        assert_eq!(value(Rule::Col, "a-b a=x"), "-1");
    }

    #[test]
    fn families_and_text() {
        let g: Graph = "caterpillar:2,0,1".parse().unwrap();
        assert_eq!(g.len(), 6);
        assert_eq!(g.edges().len(), 5);
        let c: Graph = "cycle:5".parse().unwrap();
        assert_eq!(c.edges().len(), 5);
        let k: Graph = "complete:4".parse().unwrap();
        assert_eq!(k.edges().len(), 6);
        let s: Graph = "star:3".parse().unwrap();
        assert_eq!(s.neighbours(0).count_ones(), 3);
        // Family vertices never take a name already used.
        let m: Graph = "3 path:3".parse().unwrap();
        assert_eq!((m.len(), m.edges().len()), (4, 2));
        let t: Graph = "a-b-c d a=x c=l".parse().unwrap();
        assert_eq!(t.to_string(), "a-b b-c d a=x c=l");
        assert_eq!(t.to_string().parse::<Graph>().unwrap(), t);
        for bad in ["", "a-", "a=q", "blob:3", "path:0", "path:x", "a-b!c"] {
            assert!(bad.parse::<Graph>().is_err(), "{bad:?}");
        }
        let big = (0..65)
            .map(|i| format!("v{i}"))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(big.parse::<Graph>().is_err());
    }
}
