//! Green Hackenbush: a graph of edges attached to the ground; a move deletes one edge, and every
//! edge no longer connected to the ground falls away. The player who cannot move loses.
//!
//! Values come from the **colon principle** (a vertex with branches is worth the nim-sum of
//! `1 + value` of each branch) and the **fusion principle** (the vertices of any cycle may be
//! fused into one, turning the cycle's edges into loops; a loop is worth as much as a single
//! edge). So: keep what is connected to the ground, merge the ground vertices into one, contract
//! each 2-edge-connected piece to a vertex (its non-bridge edges become loops), and evaluate the
//! resulting tree of bridges from the ground.
//!
//! Input: an edge list, one edge `u v` per line, `#` comments; the ground is the vertex named
//! `ground` unless another name is given. Parallel edges and loops are allowed. An edge may carry
//! the colour `green` (or `g`) as a third field, as in the Blue-Red-Green files of
//! `cgt-partizan`; blue and red edges are refused here.

use std::collections::HashMap;

use cgt_core::said::{Line, Said, Word};
use cgt_core::text::{Names, records};

use cgt_core::{Nimber, Outcome};

use crate::ImpartialError;

/// A Green Hackenbush picture: edges between numbered vertices, with vertex 0 the ground.
///
/// # Examples
///
/// ```
/// use cgt_core::Nimber;
/// use cgt_impartial::hackenbush::Hackenbush;
///
/// // A stalk of two edges and a triangle standing on the ground.
/// let picture = Hackenbush::parse("ground a\na b\nground c\nc d\nd ground\n", "ground")?;
/// assert_eq!(picture.value(), Nimber::new(3)); // *2 ⊕ *1
/// assert_eq!(picture.winning_cuts().len(), 3);
/// assert_eq!(picture.edge_ends(0), Some(("ground", "a")));
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hackenbush {
    names: Vec<String>,
    edges: Vec<(u32, u32)>,
}

impl Hackenbush {
    /// A picture on vertices `0..n` (0 is the ground) with the given edges.
    ///
    /// # Errors
    /// [`ImpartialError::Parse`] when an edge names a vertex `≥ n`;
    /// [`ImpartialError::Invalid`] for `n = 0` (no ground).
    pub fn new(n: usize, edges: Vec<(u32, u32)>) -> Result<Hackenbush, ImpartialError> {
        if n == 0 {
            // Found by fuzzing: a picture without its ground vertex 0 panicked in `value`.
            return Err(ImpartialError::Invalid {
                message: "a Hackenbush picture needs the ground, vertex 0 (n ≥ 1)".to_owned(),
            });
        }
        if let Some(&(u, v)) = edges
            .iter()
            .find(|&&(u, v)| u as usize >= n || v as usize >= n)
        {
            return Err(ImpartialError::Parse {
                line: None,
                message: format!("edge {u}-{v} names a vertex outside 0..{n}"),
            });
        }
        let mut names: Vec<String> = (0..n).map(|i| i.to_string()).collect();
        if let Some(first) = names.first_mut() {
            "ground".clone_into(first);
        }
        Ok(Hackenbush { names, edges })
    }

    /// Parses an edge list with the ground called `ground_name`.
    ///
    /// # Errors
    /// [`ImpartialError::Parse`] for a line that is not two names.
    pub fn parse(text: &str, ground_name: &str) -> Result<Hackenbush, ImpartialError> {
        let mut names = Names::with(&[ground_name]);
        let mut edges = Vec::new();
        for record in records(text) {
            match record.fields.as_slice() {
                [u, v] | [u, v, "green" | "g" | "G"] => {
                    let u = names.id(u);
                    edges.push((u, names.id(v)));
                }
                [
                    _,
                    _,
                    "blue" | "b" | "B" | "L" | "left" | "red" | "r" | "R" | "right",
                ] => {
                    return Err(ImpartialError::Parse {
                        line: Some(record.line),
                        message: "a blue or red edge makes a partizan game: Green Hackenbush \
                                  takes green edges only (cgt-partizan values coloured pictures)"
                            .to_owned(),
                    });
                }
                _ => {
                    return Err(ImpartialError::Parse {
                        line: Some(record.line),
                        message: format!(
                            "expected an edge `u v` or `u v green`, found {:?}",
                            record.text
                        ),
                    });
                }
            }
        }
        let names = names.into_names();
        if edges.is_empty() {
            return Err(ImpartialError::Parse {
                line: None,
                message: "no edges: a Hackenbush picture needs at least one edge".to_owned(),
            });
        }
        if !edges.iter().any(|&(u, v)| u == 0 || v == 0) {
            return Err(ImpartialError::Parse {
                line: None,
                message: format!(
                    "no edge touches the ground vertex {ground_name:?}, so nothing stands on \
                     the ground; name it in the file or pass its name with --ground"
                ),
            });
        }
        Ok(Hackenbush { names, edges })
    }

    /// The edges, as pairs of vertex numbers (0 is the ground).
    #[must_use]
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The names of the two ends of edge `e` (`None` for a number that is not an edge).
    #[must_use]
    pub fn edge_ends(&self, e: usize) -> Option<(&str, &str)> {
        let &(u, v) = self.edges.get(e)?;
        Some((
            self.names[u as usize].as_str(),
            self.names[v as usize].as_str(),
        ))
    }

    /// The name of vertex `v` (`None` for a number that is not a vertex).
    #[must_use]
    pub fn name(&self, v: u32) -> Option<&str> {
        self.names.get(v as usize).map(String::as_str)
    }

    /// The picture after cutting edge `e`: the edge is gone, and so is every edge no longer
    /// connected to the ground. The remaining edges keep their order (so their numbers shift)
    /// and the vertices keep their names. `None` for a number that is not an edge.
    ///
    /// ```
    /// use cgt_impartial::hackenbush::Hackenbush;
    ///
    /// let stalk = Hackenbush::parse("ground a\na b\nb c\n", "ground")?;
    /// let after = stalk.cut(1).unwrap(); // cut a - b: b - c falls with it
    /// assert_eq!(after.edges().len(), 1);
    /// assert_eq!(after.value().value(), 1);
    /// # Ok::<(), cgt_impartial::ImpartialError>(())
    /// ```
    #[must_use]
    pub fn cut(&self, e: usize) -> Option<Hackenbush> {
        (e < self.edges.len()).then(|| self.keep_grounded(Some(e)))
    }

    /// [`Hackenbush::cut`], with the index (in this picture) of every edge still standing, in
    /// order: how a front end keeps numbering edges as the player first saw them.
    #[must_use]
    pub fn cut_with_survivors(&self, e: usize) -> Option<(Hackenbush, Vec<usize>)> {
        (e < self.edges.len()).then(|| self.keep_grounded_with(Some(e)))
    }

    /// The picture without the edges that do not reach the ground (they have already fallen
    /// and are not part of the game).
    #[must_use]
    pub fn grounded(&self) -> Hackenbush {
        self.keep_grounded(None)
    }

    fn keep_grounded(&self, without: Option<usize>) -> Hackenbush {
        self.keep_grounded_with(without).0
    }

    fn keep_grounded_with(&self, without: Option<usize>) -> (Hackenbush, Vec<usize>) {
        let e = without.unwrap_or(usize::MAX);
        let n = self.names.len();
        let mut adjacent = vec![Vec::new(); n];
        for (i, &(u, v)) in self.edges.iter().enumerate() {
            if i != e {
                adjacent[u as usize].push(v);
                adjacent[v as usize].push(u);
            }
        }
        let mut grounded = vec![false; n];
        grounded[0] = true;
        let mut stack = vec![0u32];
        while let Some(u) = stack.pop() {
            for &v in &adjacent[u as usize] {
                if !grounded[v as usize] {
                    grounded[v as usize] = true;
                    stack.push(v);
                }
            }
        }
        let kept: Vec<usize> = (0..self.edges.len())
            .filter(|&i| i != e && grounded[self.edges[i].0 as usize])
            .collect();
        let edges = kept.iter().map(|&i| self.edges[i]).collect();
        let picture = Hackenbush {
            names: self.names.clone(),
            edges,
        };
        (picture, kept)
    }

    /// The nim-value of the picture, in time linear in its size.
    #[must_use]
    pub fn value(&self) -> Nimber {
        let alive = vec![true; self.edges.len()];
        let weights = vec![0; self.names.len()];
        let a = Analysis::new(self.names.len(), &self.edges, &alive, &weights, 0);
        Nimber::new(a.root_value())
    }

    /// How the value comes about, piece by piece from the top of the picture down: the
    /// 2-edge-connected pieces fuse into loops (fusion principle; each loop is `*1`), and a
    /// branch standing on a bridge counts as its value plus one (colon principle); values at a
    /// vertex add by nim-sum, as [`Line`]s. `None` for pictures of more than [`EXPLAIN_PIECES`]
    /// pieces.
    #[must_use]
    pub fn explain(&self) -> Option<Vec<Line>> {
        let alive = vec![true; self.edges.len()];
        let weights = vec![0; self.names.len()];
        let a = Analysis::new(self.names.len(), &self.edges, &alive, &weights, 0);
        let pieces = a.value.len();
        if pieces > EXPLAIN_PIECES {
            return None;
        }
        let name = |v: usize| self.names[v].as_str();
        let mut out = vec![Line::say(Said::new("explain-hackenbush"))];
        let mut internal = vec![0u64; pieces];
        for (e, &(u, _)) in self.edges.iter().enumerate() {
            if a.live[e] && !a.bridge[e] {
                internal[a.comp[u as usize] as usize] += 1;
            }
        }
        for &c in a.order.iter().rev() {
            let mut parts = Vec::new();
            let mut total = 0u64;
            if internal[c] > 0 {
                let k = internal[c];
                parts.push(Word::from(
                    Said::new("explain-hackenbush-loops")
                        .number("count", k)
                        .number("value", k % 2),
                ));
                total ^= k % 2;
            }
            for &d in &a.order {
                if d != c && d != a.root && a.parent[d] == c {
                    let e = a.parent_edge[d];
                    let (u, v) = self.edges[e];
                    parts.push(Word::from(
                        Said::new("explain-hackenbush-branch")
                            .number("edge", e as u64 + 1)
                            .text("from", name(u as usize))
                            .text("to", name(v as usize))
                            .number("branch", a.value[d])
                            .number("value", a.value[d] + 1),
                    ));
                    total ^= a.value[d] + 1;
                }
            }
            debug_assert_eq!(total, a.value[c], "fusion and the colon principle");
            let place = if c == a.root {
                Said::new("explain-hackenbush-ground")
            } else {
                Said::new("explain-hackenbush-piece").text("at", name(a.attach[c]))
            };
            out.push(Line::say(if parts.is_empty() {
                Said::new("explain-hackenbush-bare").said("place", place)
            } else {
                Said::new("explain-hackenbush-together")
                    .said("place", place)
                    .series("parts", parts)
                    .number("value", a.value[c])
            }));
        }
        out.push(Line::say(
            Said::new("explain-hackenbush-worth").number("value", a.root_value()),
        ));
        Some(out)
    }

    /// Outcome of the picture.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        Outcome::from_grundy(self.value())
    }

    /// Every winning move, as the index of an edge to cut (edges that fall with it are gone).
    #[must_use]
    pub fn winning_cuts(&self) -> Vec<usize> {
        self.cuts_to_value(Nimber::ZERO)
    }

    /// Every cut that leaves a picture of value `target` (used to play in a sum of games).
    ///
    /// Cuts of bridges are found top-down in linear time: the colon principle says what value
    /// each branch would need for the whole picture to be worth `target`, and cutting the
    /// bridge under a branch is right exactly when "no branch at all" is what is needed. A cut
    /// inside a 2-edge-connected piece re-evaluates only that piece, with the branches hanging
    /// from it folded into vertex weights, so the time is linear for trees and plain cycles
    /// (a cycle with nothing hanging from it but at its attachment point: two stalks after any
    /// cut) and grows with the square of the largest other cycle-bearing piece only.
    #[must_use]
    pub fn cuts_to_value(&self, target: Nimber) -> Vec<usize> {
        self.cuts_to_value_within(target, &cgt_core::budget::Budget::unlimited())
            .expect("an unlimited budget never stops")
    }

    /// [`Hackenbush::winning_cuts`] within `budget` (its time limit and stop flag, checked
    /// before each edge of a piece with cycles is tried).
    ///
    /// # Errors
    /// [`ImpartialError::Stopped`] past the time limit or at the stop flag.
    pub fn winning_cuts_within(
        &self,
        budget: &cgt_core::budget::Budget,
    ) -> Result<Vec<usize>, ImpartialError> {
        self.cuts_to_value_within(Nimber::ZERO, budget)
    }

    /// [`Hackenbush::cuts_to_value`] within `budget`.
    ///
    /// # Errors
    /// [`ImpartialError::Stopped`] past the time limit or at the stop flag.
    pub fn cuts_to_value_within(
        &self,
        target: Nimber,
        budget: &cgt_core::budget::Budget,
    ) -> Result<Vec<usize>, ImpartialError> {
        let n = self.names.len();
        let alive = vec![true; self.edges.len()];
        let zero = vec![0; n];
        let a = Analysis::new(n, &self.edges, &alive, &zero, 0);
        let pieces = a.value.len();
        // need[c]: the value piece c's subtree must take for the picture to be worth target.
        let mut need: Vec<Option<u64>> = vec![None; pieces];
        if pieces > 0 {
            need[a.root] = Some(target.value());
        }
        let mut cuts = Vec::new();
        for &c in &a.order {
            if c == a.root {
                continue;
            }
            let x = a.parent[c];
            let Some(want) = need[x] else { continue };
            let req = want ^ a.value[x] ^ (a.value[c] + 1);
            if req == 0 {
                cuts.push(a.parent_edge[c]);
            }
            need[c] = req.checked_sub(1);
        }
        // Cuts inside pieces that carry loops (their non-bridge edges).
        let mut by_piece: Vec<Vec<usize>> = vec![Vec::new(); pieces];
        for (e, &(u, _)) in self.edges.iter().enumerate() {
            if a.live[e] && !a.bridge[e] {
                by_piece[a.comp[u as usize] as usize].push(e);
            }
        }
        // Weight of a vertex: the nim-sum of 1 + value of each branch hanging from it.
        let mut weight = vec![0u64; n];
        for &c in &a.order {
            if c != a.root {
                weight[a.attach_parent[c]] ^= a.value[c] + 1;
            }
        }
        for (k, internal) in by_piece.iter().enumerate() {
            let Some(want) = need[k] else { continue };
            if internal.is_empty() {
                continue;
            }
            // The piece on its own vertices, numbered from its attachment point.
            let mut local: HashMap<u32, u32> = HashMap::new();
            let mut verts = vec![a.attach[k] as u32];
            local.insert(a.attach[k] as u32, 0);
            let mut sub_edges = Vec::with_capacity(internal.len());
            for &e in internal {
                let (u, v) = self.edges[e];
                let mut id = |x: u32| {
                    *local.entry(x).or_insert_with(|| {
                        verts.push(x);
                        (verts.len() - 1) as u32
                    })
                };
                sub_edges.push((id(u), id(v)));
            }
            let sub_weights: Vec<u64> = verts.iter().map(|&v| weight[v as usize]).collect();
            if let Some(order) = bare_cycle(&sub_edges, &sub_weights) {
                // Cutting the cycle's edge i leaves stalks of i and L − 1 − i edges on the
                // attachment point: the value is its weight ⊕ i ⊕ (L − 1 − i).
                let len = order.len() as u64;
                for (i, &k) in order.iter().enumerate() {
                    let i = i as u64;
                    if sub_weights[0] ^ i ^ (len - 1 - i) == want {
                        cuts.push(internal[k]);
                    }
                }
                continue;
            }
            let mut sub_alive = vec![true; sub_edges.len()];
            for (i, &e) in internal.iter().enumerate() {
                budget.check_interrupt().map_err(ImpartialError::Stopped)?;
                sub_alive[i] = false;
                let cut = Analysis::new(verts.len(), &sub_edges, &sub_alive, &sub_weights, 0);
                if cut.root_value() == want {
                    cuts.push(e);
                }
                sub_alive[i] = true;
            }
        }
        cuts.sort_unstable();
        Ok(cuts)
    }
}

/// When `edges` (vertices numbered from the attachment point 0) form one simple cycle through
/// vertex 0 with nothing hanging from its other vertices (`weights` zero there), the edges in
/// order around the cycle from vertex 0; `None` otherwise. Such a piece (a plain cycle) is
/// answered in linear time instead of one re-analysis per edge.
fn bare_cycle(edges: &[(u32, u32)], weights: &[u64]) -> Option<Vec<usize>> {
    let n = weights.len();
    if edges.len() != n || n < 2 || weights[1..].iter().any(|&w| w != 0) {
        return None;
    }
    let mut incident = vec![Vec::with_capacity(2); n];
    for (k, &(u, v)) in edges.iter().enumerate() {
        if u == v {
            return None;
        }
        incident[u as usize].push(k);
        incident[v as usize].push(k);
    }
    if incident.iter().any(|e| e.len() != 2) {
        return None;
    }
    // Walk from vertex 0 along its first edge until back at 0.
    let mut order = Vec::with_capacity(n);
    let (mut at, mut via) = (0usize, incident[0][0]);
    loop {
        order.push(via);
        let (u, v) = edges[via];
        at = if u as usize == at {
            v as usize
        } else {
            u as usize
        };
        if at == 0 {
            break;
        }
        via = if incident[at][0] == via {
            incident[at][1]
        } else {
            incident[at][0]
        };
    }
    // Two parallel edges between the same pair are a cycle of 2, and fine; a walk that closes
    // early means more than one cycle meets at vertex 0.
    (order.len() == n).then_some(order)
}

/// The structure of a picture seen from a root vertex: its grounded edges, bridges, the
/// 2-edge-connected pieces (fused vertices) and the tree of bridges between them, with the
/// value of each piece's subtree by the colon principle.
/// The most pieces (2-edge-connected parts) [`Hackenbush::explain`] lists.
pub const EXPLAIN_PIECES: usize = 40;

struct Analysis {
    /// Edges connected to the root through alive edges.
    live: Vec<bool>,
    /// Live edges that are bridges.
    bridge: Vec<bool>,
    /// Piece of each vertex (`u32::MAX` when not connected to the root).
    comp: Vec<u32>,
    /// The root's piece.
    root: usize,
    /// Pieces in breadth-first order from the root's piece.
    order: Vec<usize>,
    /// Parent piece in the bridge tree (the root is its own parent).
    parent: Vec<usize>,
    /// The bridge from the parent piece into each piece.
    parent_edge: Vec<usize>,
    /// The vertex of each piece where its parent bridge enters (the root vertex for the root).
    attach: Vec<usize>,
    /// The vertex of the parent piece where that bridge starts.
    attach_parent: Vec<usize>,
    /// Value of each piece with everything above it in the bridge tree.
    value: Vec<u64>,
}

impl Analysis {
    /// Analyses the alive edges of a picture on `n` vertices from `root`; `weights[v]` is
    /// nim-added at `v` (branches already valued and folded into their attachment vertex).
    fn new(n: usize, edges: &[(u32, u32)], alive: &[bool], weights: &[u64], root: usize) -> Self {
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (e, &(u, v)) in edges.iter().enumerate() {
            if alive[e] {
                adj[u as usize].push(e);
                if u != v {
                    adj[v as usize].push(e);
                }
            }
        }
        // Vertices reached from the root.
        let mut reached = vec![false; n];
        reached[root] = true;
        let mut stack = vec![root];
        while let Some(x) = stack.pop() {
            for &e in &adj[x] {
                let y = other_end(edges[e], x);
                if !reached[y] {
                    reached[y] = true;
                    stack.push(y);
                }
            }
        }
        let live: Vec<bool> = (0..edges.len())
            .map(|e| alive[e] && reached[edges[e].0 as usize])
            .collect();
        let bridge = bridges(&adj, edges, root);
        // Pieces: components of the reached graph without its bridges.
        let mut comp = vec![u32::MAX; n];
        let mut attach = Vec::new();
        let mut count = 0u32;
        // Flood each piece from a vertex; pieces are discovered along the bridge tree so each
        // piece's first vertex is where its parent bridge enters.
        let mut parent = Vec::new();
        let mut parent_edge = Vec::new();
        let mut attach_parent = Vec::new();
        let mut order = Vec::new();
        let mut frontier: Vec<(usize, usize, usize, usize)> = vec![(root, 0, usize::MAX, root)];
        let mut next = 0;
        while next < frontier.len() {
            let (start, par, via, from) = frontier[next];
            next += 1;
            let k = count as usize;
            count += 1;
            comp[start] = k as u32;
            attach.push(start);
            parent.push(if via == usize::MAX { k } else { par });
            parent_edge.push(via);
            attach_parent.push(from);
            order.push(k);
            let mut piece = vec![start];
            let mut i = 0;
            while i < piece.len() {
                let x = piece[i];
                i += 1;
                for &e in &adj[x] {
                    let y = other_end(edges[e], x);
                    if bridge[e] {
                        if comp[y] == u32::MAX {
                            // Enqueued once: a placeholder until its piece is flooded.
                            comp[y] = u32::MAX - 1;
                            frontier.push((y, k, e, x));
                        }
                    } else if comp[y] == u32::MAX {
                        comp[y] = k as u32;
                        piece.push(y);
                    }
                }
            }
        }
        // Loop parity of each piece, then the colon principle from the leaves up.
        let c = count as usize;
        let mut value = vec![0u64; c];
        for (e, &(u, _)) in edges.iter().enumerate() {
            if live[e] && !bridge[e] {
                value[comp[u as usize] as usize] ^= 1;
            }
        }
        for v in 0..n {
            if reached[v] {
                value[comp[v] as usize] ^= weights[v];
            }
        }
        for &x in order.iter().rev() {
            if parent[x] != x {
                let up = value[x] + 1;
                value[parent[x]] ^= up;
            }
        }
        Analysis {
            live,
            bridge,
            comp,
            root: 0,
            order,
            parent,
            parent_edge,
            attach,
            attach_parent,
            value,
        }
    }

    /// The value of the whole picture.
    fn root_value(&self) -> u64 {
        self.value.first().copied().unwrap_or(0)
    }
}

/// The end of edge `(u, v)` that is not `x` (`x` itself for a loop).
fn other_end((u, v): (u32, u32), x: usize) -> usize {
    (if u as usize == x { v } else { u }) as usize
}

/// Which edges reachable from `root` are bridges (Tarjan's low-link, iterative; parallel
/// edges are never bridges, loops never are). `adj` lists each vertex's alive edges.
fn bridges(adj: &[Vec<usize>], edges: &[(u32, u32)], root: usize) -> Vec<bool> {
    let n = adj.len();
    let mut is_bridge = vec![false; edges.len()];
    let mut disc = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut time = 0u32;
    // Frames: (vertex, edge used to enter it, next adjacency index).
    let mut stack: Vec<(usize, usize, usize)> = vec![(root, usize::MAX, 0)];
    disc[root] = time;
    low[root] = time;
    time += 1;
    while let Some(top) = stack.last_mut() {
        let (x, via) = (top.0, top.1);
        if top.2 < adj[x].len() {
            let e = adj[x][top.2];
            top.2 += 1;
            let (u, v) = edges[e];
            if e == via || u == v {
                continue;
            }
            let y = other_end((u, v), x);
            if disc[y] == u32::MAX {
                disc[y] = time;
                low[y] = time;
                time += 1;
                stack.push((y, e, 0));
            } else {
                low[x] = low[x].min(disc[y]);
            }
        } else {
            stack.pop();
            if let Some(&(p, _, _)) = stack.last() {
                low[p] = low[p].min(low[x]);
                if low[x] > disc[p] {
                    is_bridge[via] = true;
                }
            }
        }
    }
    is_bridge
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stalks_trees_and_cycles() {
        // A stalk of 3 edges is *3.
        let stalk = Hackenbush::parse("ground a\na b\nb c\n", "ground").unwrap();
        assert_eq!(stalk.value(), Nimber::new(3));
        // Two branches of length 1 and 2 on a trunk of 1: 1 + ((1) ⊕ (2)) = 1 + 3 = 4.
        let tree = Hackenbush::parse("g t\nt a\nt b\nb c\n", "g").unwrap();
        assert_eq!(tree.value(), Nimber::new(4));
        // A triangle on the ground: fuse → one vertex with 3 loops → *1... with the ground in it:
        // ground-a, a-b, b-ground is a cycle through the ground: 3 loops at the ground = *1.
        let tri = Hackenbush::parse("ground a\na b\nb ground\n", "ground").unwrap();
        assert_eq!(tri.value(), Nimber::new(1));
        // A loop on top of a stalk: ground-a plus loop a-a: 1 + 1 = *2.
        let lollipop = Hackenbush::parse("ground a\na a\n", "ground").unwrap();
        assert_eq!(lollipop.value(), Nimber::new(2));
        assert_eq!(stalk.winning_cuts(), [0]);
        assert!(Hackenbush::parse("x", "ground").is_err());
    }

    #[test]
    fn cuts_of_plain_cycles_agree_with_cutting_each_edge() {
        // Cycles through the ground or through a vertex above it, with stalks hanging at the
        // cycle's attachment point and beside it: the linear answer for a plain cycle against
        // cutting each edge and valuing what is left.
        let mut rng = cgt_core::rng::Rng::new(11);
        for case in 0..200 {
            let len = 2 + rng.below(30) as u32;
            let lift = rng.below(2) as u32; // 1: the cycle hangs from vertex 1, above the ground
            let mut edges = Vec::new();
            if lift == 1 {
                edges.push((0, 1));
            }
            let base = lift;
            let first = base + 1;
            let mut prev = base;
            for k in 0..len - 1 {
                edges.push((prev, first + k));
                prev = first + k;
            }
            edges.push((prev, base));
            let mut n = first + len - 1;
            for _ in 0..rng.below(3) {
                // A stalk of one or two edges at the attachment point or at the ground.
                let at = if rng.below(2) == 0 { base } else { 0 };
                edges.push((at, n));
                n += 1;
            }
            let picture = Hackenbush::new(n as usize, edges).unwrap();
            for t in 0..6 {
                let brute: Vec<usize> = (0..picture.edges().len())
                    .filter(|&e| picture.cut(e).unwrap().value().value() == t)
                    .collect();
                assert_eq!(
                    picture.cuts_to_value(Nimber::new(t)),
                    brute,
                    "case {case}, t = {t}: {:?}",
                    picture.edges()
                );
            }
        }
    }

    #[test]
    fn value_is_the_mex_over_cuts() {
        let mut rng = cgt_core::rng::Rng::new(5);
        for case in 0..300 {
            let n = 2 + rng.below(5) as u32;
            let m = 1 + rng.below(7) as usize;
            let mut edges = vec![(0, 1 + rng.below(u64::from(n - 1)) as u32)];
            for _ in 1..m {
                edges.push((rng.below(n.into()) as u32, rng.below(n.into()) as u32));
            }
            let picture = Hackenbush::new(n as usize, edges).unwrap();
            assert_eq!(picture.grounded().value(), picture.value());
            let picture = picture.grounded();
            let options: Vec<u64> = (0..picture.edges().len())
                .map(|e| picture.cut(e).unwrap().value().value())
                .collect();
            assert_eq!(
                picture.value().value(),
                cgt_core::mex(options.iter().copied()),
                "case {case}: {:?}",
                picture.edges()
            );
            let winning: Vec<usize> = (0..options.len()).filter(|&e| options[e] == 0).collect();
            assert_eq!(picture.winning_cuts(), winning, "case {case}");
        }
        assert!(
            Hackenbush::parse("ground a\n", "ground")
                .unwrap()
                .cut(1)
                .is_none()
        );
    }
}
