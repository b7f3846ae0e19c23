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
//! `ground` unless another name is given. Parallel edges and loops are allowed.

use std::collections::HashMap;

use cgt_core::{Nimber, Outcome};

use crate::ImpartialError;

/// A Green Hackenbush picture: edges between numbered vertices, with vertex 0 the ground.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hackenbush {
    names: Vec<String>,
    edges: Vec<(u32, u32)>,
}

impl Hackenbush {
    /// A picture on vertices `0..n` (0 is the ground) with the given edges.
    ///
    /// # Errors
    /// [`ImpartialError::Parse`] when an edge names a vertex `≥ n`.
    pub fn new(n: usize, edges: Vec<(u32, u32)>) -> Result<Hackenbush, ImpartialError> {
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
        let mut names = vec![ground_name.to_owned()];
        let mut index: HashMap<String, u32> = HashMap::from([(ground_name.to_owned(), 0)]);
        let mut edges = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            let fields: Vec<&str> = line.split_whitespace().collect();
            match fields.as_slice() {
                [] => {}
                [u, v] => {
                    let mut id = |name: &str| {
                        *index.entry(name.to_owned()).or_insert_with(|| {
                            names.push(name.to_owned());
                            (names.len() - 1) as u32
                        })
                    };
                    let e = (id(u), id(v));
                    edges.push(e);
                }
                _ => {
                    return Err(ImpartialError::Parse {
                        line: Some(i + 1),
                        message: format!("expected an edge `u v`, found {:?}", line.trim()),
                    });
                }
            }
        }
        if edges.is_empty() {
            return Err(ImpartialError::Parse {
                line: None,
                message: "no edges: a Hackenbush picture needs at least one edge".to_owned(),
            });
        }
        Ok(Hackenbush { names, edges })
    }

    /// The edges, as pairs of vertex numbers (0 is the ground).
    #[must_use]
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The name of vertex `v`.
    #[must_use]
    pub fn name(&self, v: u32) -> &str {
        &self.names[v as usize]
    }

    /// The nim-value of the picture.
    #[must_use]
    pub fn value(&self) -> Nimber {
        let alive = vec![true; self.edges.len()];
        Nimber::new(value_of(self.names.len(), &self.edges, &alive))
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
    #[must_use]
    pub fn cuts_to_value(&self, target: Nimber) -> Vec<usize> {
        let all = vec![true; self.edges.len()];
        let grounded = grounded_edges(self.names.len(), &self.edges, &all);
        (0..self.edges.len())
            .filter(|&e| grounded[e])
            .filter(|&e| {
                let mut alive = all.clone();
                alive[e] = false;
                value_of(self.names.len(), &self.edges, &alive) == target.value()
            })
            .collect()
    }
}

/// Which edges are connected to the ground (vertex 0) through alive edges.
fn grounded_edges(n: usize, edges: &[(u32, u32)], alive: &[bool]) -> Vec<bool> {
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, &(u, v)) in edges.iter().enumerate() {
        if alive[i] {
            adj[u as usize].push(i);
            adj[v as usize].push(i);
        }
    }
    let mut reached = vec![false; n];
    reached[0] = true;
    let mut stack = vec![0usize];
    while let Some(x) = stack.pop() {
        for &e in &adj[x] {
            let (u, v) = edges[e];
            let y = if u as usize == x { v } else { u } as usize;
            if !reached[y] {
                reached[y] = true;
                stack.push(y);
            }
        }
    }
    (0..edges.len())
        .map(|i| alive[i] && reached[edges[i].0 as usize])
        .collect()
}

/// Value of the alive, grounded part of a picture by the fusion and colon principles.
fn value_of(n: usize, edges: &[(u32, u32)], alive: &[bool]) -> u64 {
    let grounded = grounded_edges(n, edges, alive);
    let live: Vec<usize> = (0..edges.len()).filter(|&i| grounded[i]).collect();
    if live.is_empty() {
        return 0;
    }
    let bridge = bridges(n, edges, &live);
    // Components of the graph without bridges: 2-edge-connected pieces (fused vertices).
    let mut comp = vec![u32::MAX; n];
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &e in &live {
        let (u, v) = edges[e];
        adj[u as usize].push(e);
        adj[v as usize].push(e);
    }
    let mut count = 0u32;
    for start in 0..n {
        if comp[start] != u32::MAX || adj[start].is_empty() && start != 0 {
            continue;
        }
        comp[start] = count;
        let mut stack = vec![start];
        while let Some(x) = stack.pop() {
            for &e in &adj[x] {
                if bridge[e] {
                    continue;
                }
                let (u, v) = edges[e];
                let y = if u as usize == x { v } else { u } as usize;
                if comp[y] == u32::MAX {
                    comp[y] = count;
                    stack.push(y);
                }
            }
        }
        count += 1;
    }
    // Loops at each fused vertex (every non-bridge edge), and the tree of bridges.
    let c = count as usize;
    let mut loops = vec![0u64; c];
    let mut tree: Vec<Vec<usize>> = vec![Vec::new(); c];
    for &e in &live {
        let (u, v) = edges[e];
        let (cu, cv) = (comp[u as usize] as usize, comp[v as usize] as usize);
        if bridge[e] {
            tree[cu].push(cv);
            tree[cv].push(cu);
        } else {
            loops[cu] += 1;
        }
    }
    // Colon principle from the ground's piece, iteratively: children before parents.
    let root = comp[0] as usize;
    let mut parent = vec![usize::MAX; c];
    let mut order = vec![root];
    parent[root] = root;
    let mut i = 0;
    while i < order.len() {
        let x = order[i];
        for &y in &tree[x] {
            if parent[y] == usize::MAX {
                parent[y] = x;
                order.push(y);
            }
        }
        i += 1;
    }
    let mut value: Vec<u64> = loops.iter().map(|&l| l % 2).collect();
    for &x in order.iter().rev() {
        if x != root {
            let up = value[x] + 1;
            value[parent[x]] ^= up;
        }
    }
    value[root]
}

/// Which of the `live` edges are bridges (Tarjan's low-link, iterative; parallel edges are
/// never bridges, loops never are).
fn bridges(n: usize, edges: &[(u32, u32)], live: &[usize]) -> Vec<bool> {
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &e in live {
        let (u, v) = edges[e];
        if u != v {
            adj[u as usize].push(e);
            adj[v as usize].push(e);
        }
    }
    let mut is_bridge = vec![false; edges.len()];
    let mut disc = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut time = 0u32;
    for s in 0..n {
        if disc[s] != u32::MAX || adj[s].is_empty() {
            continue;
        }
        // Frames: (vertex, edge used to enter it, next adjacency index).
        let mut stack: Vec<(usize, usize, usize)> = vec![(s, usize::MAX, 0)];
        disc[s] = time;
        low[s] = time;
        time += 1;
        while let Some(top) = stack.last_mut() {
            let (x, via) = (top.0, top.1);
            if top.2 < adj[x].len() {
                let e = adj[x][top.2];
                top.2 += 1;
                if e == via {
                    continue;
                }
                let (u, v) = edges[e];
                let y = if u as usize == x { v } else { u } as usize;
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
}
