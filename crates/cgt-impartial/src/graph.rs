//! Games on directed graphs: a token moves along an edge; the player who cannot move loses.
//!
//! [`Digraph`] stores the graph in compressed form (successor and predecessor lists), loads it
//! from a plain edge list or JSON, and is shared by the acyclic solver here and the loopy solver
//! in [`crate::loopy`].
//!
//! # File formats
//!
//! Edge list: one edge `u v` per line (a move from `u` to `v`); a line with a single name
//! declares a vertex with no edges; `#` starts a comment; blank lines are ignored. Vertex names
//! are any tokens without whitespace.
//!
//! JSON: `{"vertices": ["a", "b", …], "edges": [["a", "b"], …]}`; `vertices` is optional, and
//! when present every edge must use listed vertices. The JSON form is [`GraphDescription`],
//! read with `serde` (feature `serde`; this crate depends on no JSON library) and turned into a
//! graph by [`Digraph::from_description`].

use std::collections::HashMap;

use cgt_core::said::{Line, Said};
use cgt_core::text::{Names, records};
use cgt_core::{ImpartialGame, MexScratch, Nimber, Outcome, nim_sum};

use crate::ImpartialError;

/// A finite directed graph with named vertices `0..n`.
///
/// # Examples
///
/// ```
/// use cgt_impartial::graph::{Digraph, grundy_values, token_position};
/// use cgt_core::Outcome;
///
/// let g = Digraph::parse_edge_list("a b\nb c\na c\nc d\n")?;
/// assert_eq!(grundy_values(&g)?, [2, 0, 1, 0]);
/// let tokens = [g.vertex("a")?, g.vertex("b")?];
/// let (value, outcome, moves) = token_position(&g, &grundy_values(&g)?, &tokens);
/// assert_eq!((value.value(), outcome), (2, Outcome::N));
/// assert_eq!(g.name(moves[0].to), Some("b"));
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digraph {
    names: Vec<String>,
    succ_start: Vec<usize>,
    succ: Vec<u32>,
    pred_start: Vec<usize>,
    pred: Vec<u32>,
}

impl Digraph {
    /// A graph on vertices `0..n` (named by their numbers) with the given edges.
    ///
    /// # Errors
    /// [`ImpartialError::Parse`] when an edge names a vertex `≥ n`, or `n` exceeds `u32::MAX`.
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Result<Digraph, ImpartialError> {
        let names = (0..n).map(|i| i.to_string()).collect();
        Digraph::build(names, edges)
    }

    fn build(names: Vec<String>, edges: &[(u32, u32)]) -> Result<Digraph, ImpartialError> {
        let n = names.len();
        if n > u32::MAX as usize || edges.len() > u32::MAX as usize {
            return Err(ImpartialError::Invalid {
                message: format!(
                    "{n} vertices and {} edges: at most {} of each are supported",
                    edges.len(),
                    u32::MAX
                ),
            });
        }
        if let Some(&(u, v)) = edges
            .iter()
            .find(|&&(u, v)| u as usize >= n || v as usize >= n)
        {
            return Err(ImpartialError::Parse {
                line: None,
                message: format!("edge {u} -> {v} names a vertex outside 0..{n}"),
            });
        }
        let (succ_start, succ) = csr(n, edges.iter().map(|&(u, v)| (u, v)));
        let (pred_start, pred) = csr(n, edges.iter().map(|&(u, v)| (v, u)));
        Ok(Digraph {
            names,
            succ_start,
            succ,
            pred_start,
            pred,
        })
    }

    /// Parses an edge list (see the module docs).
    ///
    /// # Errors
    /// [`ImpartialError::Parse`] with the line number for a line with more than two names.
    pub fn parse_edge_list(text: &str) -> Result<Digraph, ImpartialError> {
        let mut names = Names::new();
        let mut edges = Vec::new();
        for record in records(text) {
            match record.fields.as_slice() {
                [v] => {
                    names.id(v);
                }
                [u, v] => {
                    let u = names.id(u);
                    edges.push((u, names.id(v)));
                }
                _ => {
                    return Err(ImpartialError::Parse {
                        line: Some(record.line),
                        message: format!(
                            "expected `u v` (an edge) or `v` (a vertex), found {:?}",
                            record.text
                        ),
                    });
                }
            }
        }
        Digraph::build(names.into_names(), &edges)
    }

    /// A graph from its description (the JSON form read through `serde`, or one a program
    /// builds): vertices in the order listed, then any new names in the edges in order.
    ///
    /// # Errors
    /// [`ImpartialError::Parse`] for a vertex listed twice, or an edge naming a vertex missing
    /// from a given `vertices` list.
    pub fn from_description(description: GraphDescription) -> Result<Digraph, ImpartialError> {
        let parse = |message: String| ImpartialError::Parse {
            line: None,
            message,
        };
        let mut names = Names::new();
        let declared = description.vertices.is_some();
        for v in description.vertices.unwrap_or_default() {
            let name = v.into_string();
            if names.get(&name).is_some() {
                return Err(parse(format!("vertex {name:?} is listed twice")));
            }
            names.id(&name);
        }
        let mut edges = Vec::with_capacity(description.edges.len());
        for (u, v) in description.edges {
            let mut id = |name: VertexName| -> Result<u32, ImpartialError> {
                let name = name.into_string();
                match names.get(&name) {
                    Some(i) => Ok(i),
                    None if declared => Err(parse(format!("edge uses unknown vertex {name:?}"))),
                    None => Ok(names.id(&name)),
                }
            };
            let u = id(u)?;
            edges.push((u, id(v)?));
        }
        Digraph::build(names.into_names(), &edges)
    }

    /// Number of vertices.
    #[must_use]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True for the graph with no vertices.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Number of edges.
    #[must_use]
    pub fn edge_count(&self) -> usize {
        self.succ.len()
    }

    /// The name of vertex `v` (`None` for a number that is not a vertex).
    #[must_use]
    pub fn name(&self, v: u32) -> Option<&str> {
        self.names.get(v as usize).map(String::as_str)
    }

    /// The name of a vertex number the library produced itself (`?` if it were not one).
    pub(crate) fn label(&self, v: u32) -> &str {
        self.name(v).unwrap_or("?")
    }

    /// The vertex called `name`.
    ///
    /// # Errors
    /// [`ImpartialError::Invalid`] when there is no such vertex.
    pub fn vertex(&self, name: &str) -> Result<u32, ImpartialError> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| i as u32)
            .ok_or_else(|| ImpartialError::Invalid {
                message: format!("unknown vertex {name:?}"),
            })
    }

    /// The followers (successors) of `v`, with repeats for parallel edges (none for a number
    /// that is not a vertex).
    #[must_use]
    pub fn successors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        match (self.succ_start.get(v), self.succ_start.get(v + 1)) {
            (Some(&a), Some(&b)) => &self.succ[a..b],
            _ => &[],
        }
    }

    /// The predecessors of `v`, with repeats for parallel edges (none for a number that is not
    /// a vertex).
    #[must_use]
    pub fn predecessors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        match (self.pred_start.get(v), self.pred_start.get(v + 1)) {
            (Some(&a), Some(&b)) => &self.pred[a..b],
            _ => &[],
        }
    }

    /// The first self-loop `v → v`, if any.
    #[must_use]
    pub fn self_loop(&self) -> Option<u32> {
        (0..self.len() as u32).find(|&v| self.successors(v).contains(&v))
    }
}

/// One token on the graph: the position is its vertex.
impl cgt_core::ImpartialGame for Digraph {
    type Position = u32;
    type Move = TokenMove;
    fn moves(&self, &v: &u32, out: &mut Vec<(TokenMove, u32)>) {
        out.extend(self.successors(v).iter().map(|&w| {
            (
                TokenMove {
                    token: 0,
                    from: v,
                    to: w,
                },
                w,
            )
        }));
    }
    fn options(&self, &v: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(self.successors(v));
    }
}

/// A graph as data: the JSON form `{"vertices": [...], "edges": [[from, to], ...]}` with
/// `vertices` optional and names strings or numbers. Read it with any `serde` format (feature
/// `serde`) and pass it to [`Digraph::from_description`].
///
/// # Examples
///
/// ```
/// use cgt_impartial::graph::{Digraph, GraphDescription, VertexName};
///
/// let d = GraphDescription {
///     vertices: None,
///     edges: vec![(VertexName::Text("a".into()), VertexName::Number(1))],
/// };
/// let g = Digraph::from_description(d)?;
/// assert_eq!((g.len(), g.name(1)), (2, Some("1")));
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
pub struct GraphDescription {
    /// The vertices in order (optional; when given, edges may name only these).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub vertices: Option<Vec<VertexName>>,
    /// The edges, as (from, to) pairs.
    pub edges: Vec<(VertexName, VertexName)>,
}

/// A vertex name in a [`GraphDescription`]: text or a whole number (`3` and `"3"` are the
/// same vertex).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(untagged)
)]
pub enum VertexName {
    /// A name.
    Text(String),
    /// A number, named by its decimal digits.
    Number(u64),
}

impl VertexName {
    fn into_string(self) -> String {
        match self {
            VertexName::Text(s) => s,
            VertexName::Number(n) => n.to_string(),
        }
    }
}

/// Compressed adjacency: `start[v]..start[v + 1]` indexes `v`'s targets.
fn csr(n: usize, pairs: impl Iterator<Item = (u32, u32)> + Clone) -> (Vec<usize>, Vec<u32>) {
    let mut start = vec![0usize; n + 1];
    for (u, _) in pairs.clone() {
        start[u as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut targets = vec![0u32; start[n]];
    for (u, v) in pairs {
        targets[fill[u as usize]] = v;
        fill[u as usize] += 1;
    }
    (start, targets)
}

/// The Grundy value of every vertex of an acyclic graph, in `O(V + E)`.
///
/// Vertices are finished in reverse topological order, a level at a time: first every sink,
/// then every vertex whose followers are all finished, and so on. Within a level the values are
/// independent of each other, so their memory reads overlap instead of waiting one by one (the
/// work is bound by memory latency on large random graphs). Each value is one mex over the
/// followers' values in a reused scratch.
///
/// # Errors
/// [`ImpartialError::Cycle`] naming the vertices of one cycle when the graph is not acyclic.
pub fn grundy_values(g: &Digraph) -> Result<Vec<u64>, ImpartialError> {
    let n = g.len();
    let mut pending: Vec<u32> = (0..n as u32)
        .map(|v| g.successors(v).len() as u32)
        .collect();
    let mut level: Vec<u32> = (0..n as u32)
        .filter(|&v| pending[v as usize] == 0)
        .collect();
    let mut next = Vec::new();
    // A Grundy value is at most the out-degree, which fits in u32; half the bytes of u64
    // means fewer cache misses.
    let mut values = vec![0u32; n];
    let mut mex = MexScratch::new();
    let mut done = 0;
    while !level.is_empty() {
        // Sorted levels read the adjacency arrays in address order.
        level.sort_unstable();
        for &v in &level {
            for &w in g.successors(v) {
                mex.push(u64::from(values[w as usize]));
            }
            values[v as usize] = mex.finish() as u32;
        }
        done += level.len();
        next.clear();
        for &v in &level {
            for &p in g.predecessors(v) {
                pending[p as usize] -= 1;
                if pending[p as usize] == 0 {
                    next.push(p);
                }
            }
        }
        std::mem::swap(&mut level, &mut next);
    }
    if done < n {
        return Err(ImpartialError::Cycle {
            cycle: find_cycle(g, &pending)
                .into_iter()
                .map(|v| g.label(v).to_owned())
                .collect(),
        });
    }
    Ok(values.into_iter().map(u64::from).collect())
}

/// The most vertices [`explain`] labels: beyond, the derivation would not fit a screen.
pub const EXPLAIN_VERTICES: usize = 40;

/// The labelling a teacher would write for an acyclic graph: the vertices in the order they
/// are finished (sinks first, then every vertex whose followers are all labelled), each with
/// its followers' values and their mex, as [`Line`]s. `None` above [`EXPLAIN_VERTICES`]
/// vertices or when the graph has a cycle.
///
/// ```
/// use cgt_core::said::Line;
/// use cgt_impartial::graph::{Digraph, explain};
///
/// let g = Digraph::parse_edge_list("a b\nb c\na c").unwrap();
/// let lines = explain(&g).unwrap();
/// // a -> b = 1, c = 0: mex = 2 (N)
/// assert!(lines.iter().any(|l| matches!(l, Line::Code { text, .. } if text == "    a -> b = 1, c = 0: mex = 2 (N)")));
/// ```
#[must_use]
pub fn explain(g: &Digraph) -> Option<Vec<Line>> {
    let n = g.len();
    if n > EXPLAIN_VERTICES {
        return None;
    }
    let mut pending: Vec<usize> = (0..n as u32).map(|v| g.successors(v).len()).collect();
    let mut level: Vec<u32> = (0..n as u32)
        .filter(|&v| pending[v as usize] == 0)
        .collect();
    let mut values = vec![0u64; n];
    let mut out = vec![Line::say(Said::new("explain-labelling"))];
    let mut done = 0;
    let mut depth = 0;
    while !level.is_empty() {
        out.push(Line::item(if depth == 0 {
            Said::new("explain-labelling-sinks")
        } else {
            Said::new("explain-labelling-round").number("round", depth)
        }));
        for &v in &level {
            let followers: Vec<String> = g
                .successors(v)
                .iter()
                .map(|&w| format!("{} = {}", g.label(w), values[w as usize]))
                .collect();
            values[v as usize] = cgt_core::mex(g.successors(v).iter().map(|&w| values[w as usize]));
            let value = values[v as usize];
            // P and N are the lessons' letters in every language.
            let outcome = if value == 0 { "P" } else { "N" };
            out.push(Line::code(if followers.is_empty() {
                format!("    {} = 0 ({outcome})", g.label(v))
            } else {
                format!(
                    "    {} -> {}: mex = {value} ({outcome})",
                    g.label(v),
                    followers.join(", ")
                )
            }));
        }
        done += level.len();
        let mut next = Vec::new();
        for &v in &level {
            for &p in g.predecessors(v) {
                pending[p as usize] -= 1;
                if pending[p as usize] == 0 {
                    next.push(p);
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        level = next;
        depth += 1;
    }
    (done == n).then_some(out)
}

/// A cycle among the unfinished vertices: each has an unfinished follower, so walking along
/// unfinished followers must repeat a vertex.
fn find_cycle(g: &Digraph, pending: &[u32]) -> Vec<u32> {
    let start = (0..g.len() as u32)
        .find(|&v| pending[v as usize] > 0)
        .expect("some vertex is unfinished");
    let mut seen_at = HashMap::new();
    let mut path = Vec::new();
    let mut v = start;
    loop {
        if let Some(&i) = seen_at.get(&v) {
            return path[i..].to_vec();
        }
        seen_at.insert(v, path.len());
        path.push(v);
        v = *g
            .successors(v)
            .iter()
            .find(|&&w| pending[w as usize] > 0)
            .expect("an unfinished vertex has an unfinished follower");
    }
}

/// A move of one token along an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TokenMove {
    /// Which token (0-based index into the token list).
    pub token: usize,
    /// Its vertex before the move.
    pub from: u32,
    /// Its vertex after the move.
    pub to: u32,
}

impl core::str::FromStr for TokenMove {
    type Err = ImpartialError;
    fn from_str(s: &str) -> Result<TokenMove, ImpartialError> {
        let bad = || crate::moves::unreadable("token move", s);
        match crate::moves::fill("move token {} from vertex {} to vertex {}", s).as_deref() {
            Some(&[token, from, to]) if token >= 1 => Ok(TokenMove {
                token: usize::try_from(token - 1).map_err(|_| bad())?,
                from: u32::try_from(from).map_err(|_| bad())?,
                to: u32::try_from(to).map_err(|_| bad())?,
            }),
            _ => Err(bad()),
        }
    }
}

/// By vertex numbers (the graph's [`Digraph::name`] gives their names).
impl core::fmt::Display for TokenMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "move token {} from vertex {} to vertex {}",
            self.token + 1,
            self.from,
            self.to
        )
    }
}

/// Outcome, Grundy value and every winning move of a position with tokens on `tokens`
/// (repeats allowed) of an acyclic graph whose vertex values are `values`; a token on a number
/// that is not a vertex counts as a finished game (value 0).
#[must_use]
pub fn token_position(
    g: &Digraph,
    values: &[u64],
    tokens: &[u32],
) -> (Nimber, Outcome, Vec<TokenMove>) {
    let s = Nimber::new(nim_sum(
        tokens
            .iter()
            .map(|&t| values.get(t as usize).copied().unwrap_or(0)),
    ));
    (
        s,
        Outcome::from_grundy(s),
        token_moves_to_value(g, values, tokens, 0),
    )
}

/// Every single-token move to a position of Grundy value `target` (repeats of the same move
/// along parallel edges are listed once).
#[must_use]
pub fn token_moves_to_value(
    g: &Digraph,
    values: &[u64],
    tokens: &[u32],
    target: u64,
) -> Vec<TokenMove> {
    // Tokens or vertices outside `values` count as value 0 (no panic on a short table).
    let value = |v: u32| values.get(v as usize).copied().unwrap_or(0);
    let s = nim_sum(tokens.iter().map(|&t| value(t))) ^ target;
    let mut moves = Vec::new();
    if s == 0 {
        return moves;
    }
    for (token, &from) in tokens.iter().enumerate() {
        let wanted = value(from) ^ s;
        let mut seen = Vec::new();
        for &to in g.successors(from) {
            if value(to) == wanted && !seen.contains(&to) {
                seen.push(to);
                moves.push(TokenMove { token, from, to });
            }
        }
    }
    moves
}

/// Tokens on a graph as an [`ImpartialGame`] for the generic solver: a position is the sorted
/// list of the tokens' vertices (repeats allowed), a move takes one token along an edge. For
/// searches the Grundy values cannot answer, such as misère play (wrap it in
/// [`cgt_core::misere::Misere`]); a graph with a cycle makes the solver report the cycle.
///
/// ```
/// use cgt_core::misere::{Misere, MisereOutcome};
/// use cgt_core::{Outcome, Solver};
/// use cgt_impartial::graph::{Digraph, Tokens};
///
/// // A path a → b → c: one token on a has two moves to make.
/// let g = Digraph::parse_edge_list("a b\nb c\n")?;
/// let a = g.vertex("a")?;
/// let mut misere = Solver::new(Misere(Tokens::new(&g)));
/// // Under misère play the player who makes the last move loses: from a, you move to b and
/// // your opponent must make the last move.
/// assert_eq!(misere.misere_outcome(&Tokens::position(&[a]))?, Outcome::N);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The graph is held as `D`: borrowed (`&Digraph`) or shared (`Arc<Digraph>`, for a game that
/// outlives the caller's graph, as a play session does).
#[derive(Clone, Copy, Debug)]
pub struct Tokens<D> {
    graph: D,
}

impl<D: core::ops::Deref<Target = Digraph>> Tokens<D> {
    /// Tokens on `graph`.
    #[must_use]
    pub fn new(graph: D) -> Tokens<D> {
        Tokens { graph }
    }
}

impl Tokens<&Digraph> {
    /// A position in the solver's form: the vertices sorted.
    #[must_use]
    pub fn position(tokens: &[u32]) -> Vec<u32> {
        let mut p = tokens.to_vec();
        p.sort_unstable();
        p
    }
}

impl<D: core::ops::Deref<Target = Digraph>> ImpartialGame for Tokens<D> {
    type Position = Vec<u32>;
    type Move = TokenMove;

    fn moves(&self, tokens: &Vec<u32>, out: &mut Vec<(TokenMove, Vec<u32>)>) {
        let mut options = Vec::new();
        for (i, &v) in tokens.iter().enumerate() {
            if i > 0 && tokens[i - 1] == v {
                continue;
            }
            let start = options.len();
            self.options(&vec![v], &mut options);
            for after in options.drain(start..) {
                let mut next = tokens.clone();
                next[i] = after[0];
                next.sort_unstable();
                let mv = TokenMove {
                    token: i,
                    from: v,
                    to: after[0],
                };
                out.push((mv, next));
            }
        }
    }

    fn options(&self, tokens: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &v) in tokens.iter().enumerate() {
            // Tokens on one vertex have the same moves: move the first only.
            if i > 0 && tokens[i - 1] == v {
                continue;
            }
            let mut seen: Vec<u32> = Vec::new();
            for &w in self.graph.successors(v) {
                if seen.contains(&w) {
                    continue;
                }
                seen.push(w);
                let mut next = tokens.clone();
                next[i] = w;
                next.sort_unstable();
                out.push(next);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explanation_labels_every_vertex_with_its_grundy_value() {
        let mut rng = cgt_core::rng::Rng::new(13);
        for case in 0..200 {
            let n = 1 + rng.below(EXPLAIN_VERTICES as u64) as u32;
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if rng.chance(2, n.into()) {
                        edges.push((u, v));
                    }
                }
            }
            let g = Digraph::from_edges(n as usize, &edges).unwrap();
            let values = grundy_values(&g).unwrap();
            let lines = explain(&g).expect("small and acyclic");
            let mut labelled = vec![None; n as usize];
            let rows = lines.iter().filter_map(|l| match l {
                Line::Code { text, .. } => Some(text),
                _ => None,
            });
            for line in rows {
                let name = line.split_whitespace().next().unwrap();
                let value: u64 = line
                    .rsplit_once(" = ")
                    .unwrap()
                    .1
                    .split(' ')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                let v = g.vertex(name).unwrap();
                assert!(labelled[v as usize].is_none(), "case {case}: {name} twice");
                // Every follower is labelled before the vertex.
                for &w in g.successors(v) {
                    assert!(labelled[w as usize].is_some(), "case {case}: order");
                }
                labelled[v as usize] = Some(value);
            }
            let labelled: Vec<u64> = labelled.into_iter().map(Option::unwrap).collect();
            assert_eq!(labelled, values, "case {case}");
        }
        let cycle = Digraph::parse_edge_list("a b\nb a").unwrap();
        assert!(explain(&cycle).is_none());
    }

    #[test]
    fn parse_both_formats() {
        let text = "# a path\na b\nb c\nd\n";
        let g = Digraph::parse_edge_list(text).unwrap();
        assert_eq!(g.len(), 4);
        assert_eq!(grundy_values(&g).unwrap(), [0, 1, 0, 0]);
        let name = |s: &str| VertexName::Text(s.to_owned());
        let described = |vertices: Option<&[&str]>, edges: &[(&str, &str)]| {
            Digraph::from_description(GraphDescription {
                vertices: vertices.map(|v| v.iter().map(|s| name(s)).collect()),
                edges: edges.iter().map(|&(u, v)| (name(u), name(v))).collect(),
            })
        };
        let j = described(Some(&["a", "b", "c", "d"]), &[("a", "b"), ("b", "c")]).unwrap();
        assert_eq!(grundy_values(&j).unwrap(), [0, 1, 0, 0]);
        assert!(Digraph::parse_edge_list("a b c").is_err());
        assert!(described(Some(&["a"]), &[("a", "z")]).is_err());
        assert!(described(Some(&["a", "a"]), &[]).is_err());
        // A number and its digits name one vertex.
        let mixed = Digraph::from_description(GraphDescription {
            vertices: None,
            edges: vec![(VertexName::Number(1), name("1")), (name("1"), name("2"))],
        })
        .unwrap();
        assert_eq!(mixed.len(), 2);
        assert!(mixed.successors(7).is_empty());
    }

    #[test]
    fn cycles_are_named() {
        let g = Digraph::parse_edge_list("s a\na b\nb c\nc a\n").unwrap();
        match grundy_values(&g) {
            Err(ImpartialError::Cycle { cycle }) => {
                let mut c = cycle.clone();
                c.sort();
                assert_eq!(c, ["a", "b", "c"]);
            }
            other => panic!("expected a cycle, got {other:?}"),
        }
    }
}
