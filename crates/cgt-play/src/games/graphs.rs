//! Games on pictures and graphs played move by move: tokens on an acyclic graph (normal and
//! misère play) and Green Hackenbush.

use core::fmt;
use std::sync::Arc;

use cgt_core::misere::{Misere, MisereOutcome};
use cgt_core::{Outcome, Solver};
use cgt_impartial::graph::{Digraph, Tokens};
use cgt_impartial::hackenbush::Hackenbush;

use crate::game::{PlayError, Playable, Value};
use crate::games::{numbers, one_based, won};

/// A token moved along an edge, with the vertices' names for printing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TokenStep {
    /// The move by numbers (token from 0, vertices by number).
    pub mv: cgt_impartial::graph::TokenMove,
    /// The name of the vertex it leaves.
    pub from: String,
    /// The name of the vertex it reaches.
    pub to: String,
}

impl fmt::Display for TokenStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move token {} from {} to {}",
            self.mv.token + 1,
            self.from,
            self.to
        )
    }
}

/// Tokens on an acyclic graph, normal or misère play; a position lists each token's vertex.
#[derive(Debug)]
pub struct Graph {
    graph: Arc<Digraph>,
    /// Grundy values of the vertices, for normal play.
    values: Vec<u64>,
    misere: Option<Solver<Misere<Tokens<Arc<Digraph>>>>>,
}

impl Graph {
    /// Normal play, given the Grundy value of every vertex.
    #[must_use]
    pub fn normal(graph: Arc<Digraph>, values: Vec<u64>) -> Graph {
        Graph {
            graph,
            values,
            misere: None,
        }
    }

    /// Misère play, searched under `position_limit` stored positions.
    #[must_use]
    pub fn misere(graph: Arc<Digraph>, position_limit: usize) -> Graph {
        let solver = Solver::new(Misere(Tokens::new(Arc::clone(&graph))))
            .with_position_limit(position_limit);
        Graph {
            graph,
            values: Vec::new(),
            misere: Some(solver),
        }
    }

    fn name(&self, v: u32) -> &str {
        self.graph.name(v).unwrap_or("?")
    }

    fn step(&self, token: usize, from: u32, to: u32) -> TokenStep {
        TokenStep {
            mv: cgt_impartial::graph::TokenMove { token, from, to },
            from: self.name(from).to_owned(),
            to: self.name(to).to_owned(),
        }
    }
}

impl Playable for Graph {
    type Position = Vec<u32>;
    type Move = TokenStep;

    fn render(&self, p: &Vec<u32>) -> String {
        let at: Vec<String> = p
            .iter()
            .enumerate()
            .map(|(i, &v)| format!("token {} on {}", i + 1, self.name(v)))
            .collect();
        format!("{}\n", at.join(", "))
    }

    fn moves(&self, p: &Vec<u32>) -> Vec<(TokenStep, Vec<u32>)> {
        let mut out = Vec::new();
        for (i, &v) in p.iter().enumerate() {
            let mut seen = Vec::new();
            for &w in self.graph.successors(v) {
                if seen.contains(&w) {
                    continue;
                }
                seen.push(w);
                let mut after = p.clone();
                after[i] = w;
                out.push((self.step(i, v, w), after));
            }
        }
        out
    }

    fn value(&mut self, p: &Vec<u32>) -> Result<Option<Value>, PlayError> {
        Ok(won(match &mut self.misere {
            Some(solver) => solver
                .misere_outcome(&Tokens::position(p))
                .map(|o| o == Outcome::N)
                .map_err(|e| PlayError::Refused(format!("misère play is searched, and {e}")))?,
            None => {
                p.iter().fold(0, |a, &v| {
                    a ^ self.values.get(v as usize).copied().unwrap_or(0)
                }) != 0
            }
        }))
    }

    fn parse(&self, p: &Vec<u32>, line: &str) -> Result<(TokenStep, Vec<u32>), String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [token, to] = words[..] else {
            return Err(
                "type a token number and the vertex to move it to, such as '1 b'".to_owned(),
            );
        };
        let i = token
            .parse::<u64>()
            .map_err(|_| format!("there is no token {token}"))
            .and_then(|n| one_based(n, p.len(), "token"))?;
        let w = self
            .graph
            .vertex(to)
            .map_err(|_| format!("there is no vertex {to}"))?;
        let v = p[i - 1];
        if !self.graph.successors(v).contains(&w) {
            return Err(format!("no edge from {} to {to}", self.name(v)));
        }
        let mut after = p.clone();
        after[i - 1] = w;
        Ok((self.step(i - 1, v, w), after))
    }

    fn syntax(&self) -> cgt_core::said::Said {
        cgt_core::said::Said::new("syntax-tokens")
    }

    fn misere(&self) -> bool {
        self.misere.is_some()
    }

    fn remoteness(&self, ps: &[&Vec<u32>]) -> Vec<Option<cgt_core::Verdict>> {
        crate::remoteness::each(self, ps, crate::remoteness::REMOTENESS_POSITIONS)
    }
}

/// Cutting edge `edge` (0-based; printed 1-based) of a Green Hackenbush picture, between the
/// named vertices.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cut {
    /// The edge, from 0.
    pub edge: usize,
    /// Its ends' names.
    pub ends: (String, String),
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cut edge {} ({} - {})",
            self.edge + 1,
            self.ends.0,
            self.ends.1
        )
    }
}

/// Green Hackenbush: cut an edge; whatever no longer reaches the ground falls. Edges keep the
/// numbers they had in the starting picture, so the program's cuts name edges the person saw.
#[derive(Clone, Copy, Debug)]
pub struct GreenHackenbush;

/// A Green Hackenbush position: the edges still standing, each with its number in the
/// starting picture (from 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The picture of the edges still standing.
    pub picture: Hackenbush,
    /// `numbers[i]`: the starting number of the picture's edge `i`.
    pub numbers: Vec<usize>,
}

/// By the edges standing, which are the position (equal positions hash alike).
impl core::hash::Hash for Standing {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.numbers.hash(state);
    }
}

impl GreenHackenbush {
    /// The position of a whole picture, its edges numbered in order.
    #[must_use]
    pub fn start(picture: Hackenbush) -> Standing {
        let numbers = (0..picture.edges().len()).collect();
        Standing { picture, numbers }
    }

    fn step(p: &Standing, i: usize) -> Option<(Cut, Standing)> {
        let (u, v) = p.picture.edge_ends(i)?;
        let cut = Cut {
            edge: p.numbers[i],
            ends: (u.to_owned(), v.to_owned()),
        };
        let (picture, kept) = p.picture.cut_with_survivors(i)?;
        let numbers = kept.into_iter().map(|k| p.numbers[k]).collect();
        Some((cut, Standing { picture, numbers }))
    }
}

impl Playable for GreenHackenbush {
    type Position = Standing;
    type Move = Cut;

    fn render(&self, p: &Standing) -> String {
        let edges: Vec<String> = (0..p.picture.edges().len())
            .map(|e| {
                let (u, v) = p.picture.edge_ends(e).unwrap_or_default();
                format!("{}) {u} - {v}", p.numbers[e] + 1)
            })
            .collect();
        if edges.is_empty() {
            "nothing stands on the ground\n".to_owned()
        } else {
            format!("edges: {}\n", edges.join("  "))
        }
    }

    fn moves(&self, p: &Standing) -> Vec<(Cut, Standing)> {
        (0..p.picture.edges().len())
            .filter_map(|i| GreenHackenbush::step(p, i))
            .collect()
    }

    fn value(&mut self, p: &Standing) -> Result<Option<Value>, PlayError> {
        Ok(won(!p.picture.value().is_zero()))
    }

    fn parse(&self, p: &Standing, line: &str) -> Result<(Cut, Standing), String> {
        let [e] = numbers(line)?[..] else {
            return Err("type one edge number".to_owned());
        };
        let standing = usize::try_from(e)
            .ok()
            .and_then(|e| e.checked_sub(1))
            .and_then(|e| p.numbers.iter().position(|&n| n == e));
        let i = standing.ok_or_else(|| format!("there is no edge {e} standing"))?;
        GreenHackenbush::step(p, i).ok_or_else(|| format!("there is no edge {e} standing"))
    }

    fn syntax(&self) -> cgt_core::said::Said {
        cgt_core::said::Said::new("syntax-hackenbush")
    }

    fn remoteness(&self, ps: &[&Standing]) -> Vec<Option<cgt_core::Verdict>> {
        crate::remoteness::each(self, ps, crate::remoteness::REMOTENESS_POSITIONS)
    }
}
