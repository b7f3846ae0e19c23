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
//! when present every edge must use listed vertices.

use std::collections::HashMap;

use cgt_core::{MexScratch, Nimber, Outcome, nim_sum};

use crate::ImpartialError;

/// A finite directed graph with named vertices `0..n`.
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
        let mut names = Vec::new();
        let mut index = HashMap::new();
        let mut edges = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            let fields: Vec<&str> = line.split_whitespace().collect();
            let mut id = |name: &str| -> u32 {
                *index.entry(name.to_owned()).or_insert_with(|| {
                    names.push(name.to_owned());
                    (names.len() - 1) as u32
                })
            };
            match fields.as_slice() {
                [] => {}
                [v] => {
                    id(v);
                }
                [u, v] => {
                    let (u, v) = (id(u), id(v));
                    edges.push((u, v));
                }
                _ => {
                    return Err(ImpartialError::Parse {
                        line: Some(i + 1),
                        message: format!(
                            "expected `u v` (an edge) or `v` (a vertex), found {:?}",
                            line.trim()
                        ),
                    });
                }
            }
        }
        Digraph::build(names, &edges)
    }

    /// Parses the JSON form (see the module docs).
    ///
    /// # Errors
    /// [`ImpartialError::Parse`] for malformed JSON, an edge that is not a pair of strings, or
    /// an edge naming a vertex missing from a given `vertices` list.
    pub fn parse_json(text: &str) -> Result<Digraph, ImpartialError> {
        let parse = |message: String| ImpartialError::Parse {
            line: None,
            message,
        };
        let doc: serde_json::Value =
            serde_json::from_str(text).map_err(|e| parse(format!("invalid JSON: {e}")))?;
        let mut names = Vec::new();
        let mut index = HashMap::new();
        let declared = match doc.get("vertices") {
            None => false,
            Some(serde_json::Value::Array(vs)) => {
                for v in vs {
                    let name = json_name(v)
                        .ok_or_else(|| parse(format!("vertex {v} is not a string or a number")))?;
                    if index.insert(name.clone(), names.len() as u32).is_some() {
                        return Err(parse(format!("vertex {name:?} is listed twice")));
                    }
                    names.push(name);
                }
                true
            }
            Some(_) => return Err(parse("\"vertices\" must be an array".to_owned())),
        };
        let Some(serde_json::Value::Array(list)) = doc.get("edges") else {
            return Err(parse(
                "expected an \"edges\" array of [from, to] pairs".to_owned(),
            ));
        };
        let mut edges = Vec::with_capacity(list.len());
        for e in list {
            let pair = e.as_array().filter(|p| p.len() == 2);
            let ends = pair.and_then(|p| Some((json_name(&p[0])?, json_name(&p[1])?)));
            let Some((u, v)) = ends else {
                return Err(parse(format!("edge {e} is not a [from, to] pair")));
            };
            let mut id = |name: String| -> Result<u32, ImpartialError> {
                if let Some(&i) = index.get(&name) {
                    return Ok(i);
                }
                if declared {
                    return Err(parse(format!("edge uses unknown vertex {name:?}")));
                }
                names.push(name.clone());
                index.insert(name, (names.len() - 1) as u32);
                Ok((names.len() - 1) as u32)
            };
            edges.push((id(u)?, id(v)?));
        }
        Digraph::build(names, &edges)
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

    /// The followers (successors) of `v`, with repeats for parallel edges.
    #[must_use]
    pub fn successors(&self, v: u32) -> &[u32] {
        &self.succ[self.succ_start[v as usize]..self.succ_start[v as usize + 1]]
    }

    /// The predecessors of `v`, with repeats for parallel edges.
    #[must_use]
    pub fn predecessors(&self, v: u32) -> &[u32] {
        &self.pred[self.pred_start[v as usize]..self.pred_start[v as usize + 1]]
    }

    /// The first self-loop `v → v`, if any.
    #[must_use]
    pub fn self_loop(&self) -> Option<u32> {
        (0..self.len() as u32).find(|&v| self.successors(v).contains(&v))
    }
}

impl cgt_core::ImpartialGame for Digraph {
    type Position = u32;
    fn options(&self, &v: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(self.successors(v));
    }
}

fn json_name(v: &serde_json::Value) -> Option<String> {
    match v {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
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
pub struct TokenMove {
    /// Which token (0-based index into the token list).
    pub token: usize,
    /// Its vertex before the move.
    pub from: u32,
    /// Its vertex after the move.
    pub to: u32,
}

/// Outcome, Grundy value and every winning move of a position with tokens on `tokens`
/// (repeats allowed) of an acyclic graph whose vertex values are `values`.
#[must_use]
pub fn token_position(
    g: &Digraph,
    values: &[u64],
    tokens: &[u32],
) -> (Nimber, Outcome, Vec<TokenMove>) {
    let s = Nimber::new(nim_sum(tokens.iter().map(|&t| values[t as usize])));
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
    let s = nim_sum(tokens.iter().map(|&t| values[t as usize])) ^ target;
    let mut moves = Vec::new();
    if s == 0 {
        return moves;
    }
    for (token, &from) in tokens.iter().enumerate() {
        let wanted = values[from as usize] ^ s;
        let mut seen = Vec::new();
        for &to in g.successors(from) {
            if values[to as usize] == wanted && !seen.contains(&to) {
                seen.push(to);
                moves.push(TokenMove { token, from, to });
            }
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_both_formats() {
        let text = "# a path\na b\nb c\nd\n";
        let g = Digraph::parse_edge_list(text).unwrap();
        assert_eq!(g.len(), 4);
        assert_eq!(grundy_values(&g).unwrap(), [0, 1, 0, 0]);
        let j = Digraph::parse_json(
            r#"{"edges": [["a","b"],["b","c"]], "vertices": ["a","b","c","d"]}"#,
        )
        .unwrap();
        assert_eq!(grundy_values(&j).unwrap(), [0, 1, 0, 0]);
        assert!(Digraph::parse_edge_list("a b c").is_err());
        assert!(Digraph::parse_json(r#"{"vertices": ["a"], "edges": [["a","z"]]}"#).is_err());
        assert!(Digraph::parse_json("{").is_err());
        assert!(Digraph::parse_json(r#"{"edges": [["a"]]}"#).is_err());
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
