//! Blue-Red-Green Hackenbush: edges attached to the ground; Left cuts a blue or green edge,
//! Right a red or green one, and every edge no longer connected to the ground falls away. The
//! player who cannot cut loses.
//!
//! Pictures are the edge lists of `cgt hackenbush`, one edge `u v [colour]` per line, with `#`
//! comments; the colour is `blue` (or `b`, `L`), `red` (`r`, `R`) or `green` (`g`), green when
//! left out, so a Green Hackenbush file means the same game as before. At most 128 edges.
//!
//! Values come from search: a position is the set of edges still standing, split into the
//! pieces that meet only at the ground. Blue-Red trees (strings included) have a closed form
//! instead, from sign expansions: an edge of colour `c` under a subtree of value `x` is worth
//! the number whose sign expansion is `c` followed by the expansion of `x`, and the branches at
//! a vertex add up. The verification sweeps check the closed form against the search.

use std::collections::BTreeMap;

use cgt_core::text::{Names, records};

use crate::arena::{Arena, GameId};
use crate::player::Player;
use crate::search::PartizanGame;
use crate::{Dyadic, PartizanError};

/// The most edges a picture may have.
pub const MAX_EDGES: usize = 128;

/// The colour of an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Colour {
    /// Left's: only Left may cut it.
    Blue,
    /// Right's.
    Red,
    /// Either player's.
    Green,
}

impl Colour {
    /// Whether `player` may cut an edge of this colour.
    #[must_use]
    pub fn cuttable_by(self, player: Player) -> bool {
        matches!(
            (self, player),
            (Colour::Green, _) | (Colour::Blue, Player::Left) | (Colour::Red, Player::Right)
        )
    }

    /// The colour's name as written in files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Green => "green",
        }
    }

    fn parse(s: &str) -> Option<Colour> {
        match s {
            "blue" | "b" | "B" | "L" | "left" => Some(Colour::Blue),
            "red" | "r" | "R" | "right" => Some(Colour::Red),
            "green" | "g" | "G" => Some(Colour::Green),
            _ => None,
        }
    }
}

/// Edges in a position: bit `e` for edge `e`.
pub type Edges = u128;

/// A Blue-Red-Green Hackenbush picture: the rules for an [`crate::Evaluator`]; positions are the
/// sets of edges still standing ([`Edges`]).
///
/// ```
/// use cgt_partizan::hackenbush::Picture;
/// use cgt_partizan::{Arena, Evaluator};
///
/// // A blue edge with a red one on top: 1/2.
/// let picture = Picture::parse("ground a blue\na b red\n", "ground")?;
/// let mut arena = Arena::new();
/// let all = picture.all_edges();
/// let mut ev = Evaluator::new(picture);
/// let v = ev.value(&mut arena, &all)?;
/// assert_eq!(arena.display(v), "1/2");
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    names: Vec<String>,
    edges: Vec<(u32, u32, Colour)>,
    /// For each vertex, `(edge, other end)`.
    adjacent: Vec<Vec<(u32, u32)>>,
}

impl Picture {
    /// A picture on vertices `0..n` (0 is the ground).
    ///
    /// # Errors
    /// [`PartizanError::Parse`] for an edge naming a vertex `≥ n` or `n = 0`;
    /// [`PartizanError::TooLarge`] beyond 128 edges.
    pub fn new(n: usize, edges: Vec<(u32, u32, Colour)>) -> Result<Picture, PartizanError> {
        if n == 0 {
            return Err(PartizanError::parse(
                "",
                "a picture needs the ground, vertex 0",
            ));
        }
        if let Some(&(u, v, _)) = edges
            .iter()
            .find(|&&(u, v, _)| u as usize >= n || v as usize >= n)
        {
            return Err(PartizanError::parse(
                &format!("{u} {v}"),
                format!("edge names a vertex outside 0..{n}"),
            ));
        }
        let names = (0..n)
            .map(|i| {
                if i == 0 {
                    "ground".to_owned()
                } else {
                    i.to_string()
                }
            })
            .collect();
        Picture::build(names, edges)
    }

    fn build(names: Vec<String>, edges: Vec<(u32, u32, Colour)>) -> Result<Picture, PartizanError> {
        if edges.len() > MAX_EDGES {
            return Err(PartizanError::TooLarge {
                message: format!(
                    "a picture of {} edges is beyond the limit of {MAX_EDGES} for partizan search",
                    edges.len()
                ),
            });
        }
        let mut adjacent = vec![Vec::new(); names.len()];
        for (e, &(u, v, _)) in edges.iter().enumerate() {
            adjacent[u as usize].push((e as u32, v));
            if u != v {
                adjacent[v as usize].push((e as u32, u));
            }
        }
        Ok(Picture {
            names,
            edges,
            adjacent,
        })
    }

    /// Reads an edge list `u v [colour]` with the ground named `ground`.
    ///
    /// # Errors
    /// [`PartizanError::Parse`] with the line number for a bad line, or when no edge touches
    /// the ground; [`PartizanError::TooLarge`] beyond 128 edges.
    pub fn parse(text: &str, ground: &str) -> Result<Picture, PartizanError> {
        let mut names = Names::with(&[ground]);
        let mut edges = Vec::new();
        for record in records(text) {
            let bad =
                |m: &str| PartizanError::parse(record.text, format!("line {}: {m}", record.line));
            let colour = match record.fields.as_slice() {
                [_, _] => Colour::Green,
                [_, _, c] => Colour::parse(c)
                    .ok_or_else(|| bad("the colour must be blue, red or green (b, r, g)"))?,
                _ => return Err(bad("expected an edge `u v` or `u v colour`")),
            };
            let u = names.id(record.fields[0]);
            let v = names.id(record.fields[1]);
            edges.push((u, v, colour));
            if edges.len() > MAX_EDGES {
                return Err(PartizanError::TooLarge {
                    message: format!(
                        "a picture is limited to {MAX_EDGES} edges for partizan search"
                    ),
                });
            }
        }
        if edges.is_empty() {
            return Err(PartizanError::parse(
                text,
                "no edges: a picture needs at least one edge",
            ));
        }
        if !edges.iter().any(|&(u, v, _)| u == 0 || v == 0) {
            return Err(PartizanError::parse(
                text,
                format!("no edge touches the ground vertex {ground:?}"),
            ));
        }
        Picture::build(names.into_names(), edges)
    }

    /// The edges, `(u, v, colour)` with vertex 0 the ground.
    #[must_use]
    pub fn edges(&self) -> &[(u32, u32, Colour)] {
        &self.edges
    }

    /// The name of vertex `v`.
    #[must_use]
    pub fn name(&self, v: u32) -> Option<&str> {
        self.names.get(v as usize).map(String::as_str)
    }

    /// Every edge of the picture, standing (those not connected to the ground are dropped).
    #[must_use]
    pub fn all_edges(&self) -> Edges {
        let all = if self.edges.len() == 128 {
            u128::MAX
        } else {
            (1u128 << self.edges.len()) - 1
        };
        self.grounded(all)
    }

    /// True when every edge is green (an impartial game: a nimber).
    #[must_use]
    pub fn all_green(&self) -> bool {
        self.edges.iter().all(|e| e.2 == Colour::Green)
    }

    /// The edges of `m` still connected to the ground.
    #[must_use]
    pub fn grounded(&self, m: Edges) -> Edges {
        let mut seen = vec![false; self.names.len()];
        let mut keep: Edges = 0;
        let mut stack = vec![0u32];
        seen[0] = true;
        while let Some(u) = stack.pop() {
            for &(e, v) in &self.adjacent[u as usize] {
                if m >> e & 1 == 1 {
                    keep |= 1 << e;
                    if !seen[v as usize] {
                        seen[v as usize] = true;
                        stack.push(v);
                    }
                }
            }
        }
        keep
    }

    /// The cuts `player` can make in position `m`: `(edge, position after)`.
    #[must_use]
    pub fn cuts(&self, m: Edges, player: Player) -> Vec<(usize, Edges)> {
        (0..self.edges.len())
            .filter(|&e| m >> e & 1 == 1 && self.edges[e].2.cuttable_by(player))
            .map(|e| (e, self.grounded(m & !(1 << e))))
            .collect()
    }

    /// The value of a Blue-Red tree (no green edge, no cycle) by sign expansions; `None` for any
    /// other position, or a number out of range.
    #[must_use]
    pub fn tree_value(&self, m: Edges) -> Option<Dyadic> {
        if (0..self.edges.len()).any(|e| m >> e & 1 == 1 && self.edges[e].2 == Colour::Green) {
            return None;
        }
        // A tree: depth-first from the ground, no vertex reached twice.
        let mut parent_edge: BTreeMap<u32, u32> = BTreeMap::new();
        let mut order = vec![0u32];
        let mut seen = vec![false; self.names.len()];
        seen[0] = true;
        let mut used: Edges = 0;
        let mut i = 0;
        while i < order.len() {
            let u = order[i];
            i += 1;
            for &(e, v) in &self.adjacent[u as usize] {
                if m >> e & 1 == 0 || used >> e & 1 == 1 {
                    continue;
                }
                used |= 1 << e;
                if seen[v as usize] {
                    return None; // a cycle (or a loop)
                }
                seen[v as usize] = true;
                parent_edge.insert(v, e);
                order.push(v);
            }
        }
        // Values bottom-up: each vertex is worth the sum over its child edges.
        let mut value: BTreeMap<u32, Dyadic> = BTreeMap::new();
        for &v in order.iter().rev() {
            let x = value.get(&v).copied().unwrap_or(Dyadic::ZERO);
            let Some(&e) = parent_edge.get(&v) else {
                continue;
            };
            let (a, b, colour) = self.edges[e as usize];
            let parent = if a == v { b } else { a };
            let mut signs = vec![colour == Colour::Blue];
            signs.extend(x.sign_expansion());
            let y = Dyadic::from_sign_expansion(&signs)?;
            let acc = value.entry(parent).or_insert(Dyadic::ZERO);
            *acc = acc.checked_add(y)?;
        }
        Some(value.get(&0).copied().unwrap_or(Dyadic::ZERO))
    }
}

impl PartizanGame for Picture {
    type Position = Edges;
    type Move = crate::EdgeCut;

    fn moves(&self, m: &Edges, player: Player, out: &mut Vec<(crate::EdgeCut, Edges)>) {
        out.extend(
            self.cuts(*m, player)
                .into_iter()
                .map(|(edge, p)| (crate::EdgeCut { edge }, p)),
        );
    }

    fn options(&self, m: &Edges, player: Player, out: &mut Vec<Edges>) {
        out.extend(self.cuts(*m, player).into_iter().map(|(_, p)| p));
    }

    fn components(&self, m: &Edges, out: &mut Vec<Edges>) {
        // Pieces meeting only at the ground: start from each ground edge, never pass the ground.
        let mut done: Edges = 0;
        for &(e0, _) in &self.adjacent[0] {
            if m >> e0 & 1 == 0 || done >> e0 & 1 == 1 {
                continue;
            }
            let mut piece: Edges = 1 << e0;
            let (a, b, _) = self.edges[e0 as usize];
            let mut stack: Vec<u32> = [a, b].into_iter().filter(|&v| v != 0).collect();
            let mut seen = vec![false; self.names.len()];
            for &v in &stack {
                seen[v as usize] = true;
            }
            while let Some(u) = stack.pop() {
                for &(e, v) in &self.adjacent[u as usize] {
                    if m >> e & 1 == 1 {
                        piece |= 1 << e;
                        if v != 0 && !seen[v as usize] {
                            seen[v as usize] = true;
                            stack.push(v);
                        }
                    }
                }
            }
            done |= piece;
            out.push(piece);
        }
    }

    fn known_value(&self, m: &Edges, arena: &mut Arena) -> Option<Result<GameId, PartizanError>> {
        self.tree_value(*m).map(|x| Ok(arena.number(x)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;

    fn both(text: &str) -> (String, String) {
        let p = Picture::parse(text, "ground").unwrap();
        let all = p.all_edges();
        let mut arena = Arena::new();
        let closed = Evaluator::new(p.clone()).value(&mut arena, &all).unwrap();
        let searched = Evaluator::new(p)
            .without_shortcuts()
            .value(&mut arena, &all)
            .unwrap();
        (arena.display(closed), arena.display(searched))
    }

    #[test]
    fn strings_and_trees() {
        assert_eq!(
            both("ground a b\na b b\nb c r\n"),
            ("3/2".into(), "3/2".into())
        );
        assert_eq!(
            both("ground a r\na b b\na c b\n"),
            ("-1/4".into(), "-1/4".into())
        );
        assert_eq!(both("ground a g\n"), ("*".into(), "*".into()));
        // A blue and a red edge in a cycle: whoever cuts leaves the other's edge standing.
        assert_eq!(both("ground a b\nground a r\n"), ("0".into(), "0".into()));
    }

    #[test]
    fn bad_pictures() {
        for bad in ["", "a b\n", "ground a purple\n", "ground\n"] {
            assert!(Picture::parse(bad, "ground").is_err(), "{bad:?}");
        }
    }
}
