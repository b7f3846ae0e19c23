//! The sum sweep: mixed sums of components against search of the whole sum.

use cgt_core::verify::{Config, Expect, Rng, Sweep, Tally, check_cases};
use cgt_core::{ImpartialGame, Solver};

use crate::ImpartialError;
use crate::divisor::DivisorGame;
use crate::graph::Digraph;
use crate::heapgame::HeapGame;
use crate::loopy::LoopyValue;
use crate::nim::{MooreNim, Nim};
use crate::sum::{Component, ComponentMove, SumComponent, SumOptions, analyse};
use crate::wythoff::WythoffMove;

pub(super) fn sweeps() -> Vec<Sweep> {
    vec![Sweep {
        name: "impartial/sum-of-components",
        claim: "a sum of Nim, Staircase, Wythoff, divisor, graph, octal/subtraction/Grundy heaps and \
                Moore's Nim components: the value is the XOR of the parts and the number of \
                winning moves per component matches search of the whole sum",
        expect: Expect::Holds,
        run: sums,
    }]
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Part {
    Nim(Vec<u64>),
    Stair(Vec<u64>),
    Wythoff(u64, u64),
    Divisor(u64),
    Token(u32),
    /// Heaps of `Whole::heap_games[i]`.
    Heaps(usize, Vec<u64>),
    Moore(usize, Vec<u64>),
}

/// The whole sum as one game; `graph` serves the token parts.
struct Whole {
    graph: Digraph,
    heap_games: Vec<HeapGame>,
}

impl Whole {
    /// The part after a move the analysis reported, when the move belongs to the part's game
    /// and is legal there.
    fn apply(&self, part: &Part, mv: &ComponentMove) -> Option<Part> {
        let legal = |ok: bool| ok.then_some(());
        Some(match (part, mv) {
            (Part::Nim(h), ComponentMove::Heap(m)) => {
                legal(h.get(m.heap) == Some(&m.from) && m.to < m.from)?;
                Part::Nim(m.apply(h))
            }
            (Part::Stair(s), ComponentMove::Stair(m)) => {
                legal(m.step >= 1 && m.count >= 1 && s.get(m.step).is_some_and(|&c| c >= m.count))?;
                Part::Stair(m.apply(s))
            }
            (Part::Wythoff(a, b), ComponentMove::Wythoff { mv, after }) => {
                let count = match *mv {
                    WythoffMove::First { count } => legal(count <= *a).map(|()| count),
                    WythoffMove::Second { count } => legal(count <= *b).map(|()| count),
                    WythoffMove::Both { count } => legal(count <= *a.min(b)).map(|()| count),
                }?;
                let next = mv.apply((*a, *b));
                legal(count > 0 && next == *after)?;
                Part::Wythoff(next.0, next.1)
            }
            (Part::Divisor(n), ComponentMove::Subtract(m)) => {
                legal(m.from == *n && m.divisor < *n && n % m.divisor == 0)?;
                Part::Divisor(n - m.divisor)
            }
            (Part::Token(v), ComponentMove::Token { token: 0, from, to }) => {
                let (from, to) = (self.graph.vertex(from).ok()?, self.graph.vertex(to).ok()?);
                legal(from == *v && self.graph.successors(from).contains(&to))?;
                Part::Token(to)
            }
            (Part::Heaps(g, heaps), ComponentMove::Split(m)) => {
                let options = self.heap_games[*g].heap_options(m.from);
                legal(heaps.get(m.heap) == Some(&m.from))?;
                legal(options.contains(&(m.removed, m.leaves.clone())))?;
                let mut next = heaps.clone();
                next.remove(m.heap);
                next.extend(&m.leaves);
                Part::Heaps(*g, next)
            }
            (Part::Moore(k, heaps), ComponentMove::Reduce(m)) => {
                legal((1..=*k).contains(&m.changes.len()))?;
                legal(
                    m.changes
                        .iter()
                        .all(|c| heaps.get(c.heap) == Some(&c.from) && c.to < c.from),
                )?;
                Part::Moore(*k, m.apply(heaps))
            }
            _ => return None,
        })
    }

    fn part_options(&self, part: &Part) -> Vec<Part> {
        match part {
            Part::Nim(h) => {
                let mut out = Vec::new();
                Nim.options(h, &mut out);
                out.into_iter().map(Part::Nim).collect()
            }
            Part::Stair(s) => {
                let mut out = Vec::new();
                for i in 1..s.len() {
                    for c in 1..=s[i] {
                        let mut t = s.clone();
                        t[i] -= c;
                        t[i - 1] += c;
                        out.push(Part::Stair(t));
                    }
                }
                out
            }
            Part::Wythoff(a, b) => {
                let mut out = Vec::new();
                out.extend((0..*a).map(|x| Part::Wythoff(x, *b)));
                out.extend((0..*b).map(|y| Part::Wythoff(*a, y)));
                out.extend((1..=*a.min(b)).map(|d| Part::Wythoff(a - d, b - d)));
                out
            }
            Part::Divisor(n) => {
                let mut out = Vec::new();
                DivisorGame.options(n, &mut out);
                out.into_iter().map(Part::Divisor).collect()
            }
            Part::Token(v) => self
                .graph
                .successors(*v)
                .iter()
                .map(|&w| Part::Token(w))
                .collect(),
            Part::Heaps(g, heaps) => {
                let mut out = Vec::new();
                for (i, &h) in heaps.iter().enumerate() {
                    for (_, leaves) in self.heap_games[*g].heap_options(h) {
                        let mut next: Vec<u64> = heaps.clone();
                        next.remove(i);
                        next.extend(leaves);
                        out.push(Part::Heaps(*g, next));
                    }
                }
                out
            }
            Part::Moore(k, heaps) => {
                let mut out = Vec::new();
                MooreNim::new(*k).expect("k ≥ 1").options(heaps, &mut out);
                out.into_iter().map(|h| Part::Moore(*k, h)).collect()
            }
        }
    }
}

impl ImpartialGame for Whole {
    type Position = Vec<Part>;
    /// A move is the number of its option (the oracle has no use for names).
    type Move = usize;
    fn moves(&self, p: &Vec<Part>, out: &mut Vec<(usize, Vec<Part>)>) {
        let mut options = Vec::new();
        self.options(p, &mut options);
        out.extend(options.into_iter().enumerate());
    }
    fn options(&self, parts: &Vec<Part>, out: &mut Vec<Vec<Part>>) {
        for (i, p) in parts.iter().enumerate() {
            for q in self.part_options(p) {
                let mut next = parts.clone();
                next[i] = q;
                out.push(next);
            }
        }
    }
}

fn sums(config: &Config) -> Tally {
    let total = config.scale.pick(100, 3_000, 100_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("impartial/sum-of-components", case);
        let n = 5 + rng.below(4) as u32;
        let mut edges = Vec::new();
        for u in 1..n {
            for v in 0..u {
                if rng.chance(1, 2) {
                    edges.push((u, v));
                }
            }
        }
        let graph = Digraph::from_edges(n as usize, &edges).map_err(|e| e.to_string())?;
        let heap_games = vec![
            HeapGame::from_name_or_code("kayles").map_err(|e| e.to_string())?,
            HeapGame::from_name_or_code("0.137").map_err(|e| e.to_string())?,
            HeapGame::Subtraction("1,3,4".parse().map_err(|e: ImpartialError| e.to_string())?),
            HeapGame::Grundy,
        ];
        let count = 2 + rng.below(2);
        let mut parts = Vec::new();
        let mut components = Vec::new();
        for _ in 0..count {
            let (part, component) = match rng.below(7) {
                0 => {
                    let h: Vec<u64> = (0..1 + rng.below(2)).map(|_| rng.below(6)).collect();
                    (Part::Nim(h.clone()), Component::Nim(h))
                }
                1 => {
                    let s: Vec<u64> = (0..2 + rng.below(2)).map(|_| rng.below(3)).collect();
                    let mut steps = vec![0];
                    steps.extend_from_slice(&s);
                    (Part::Stair(steps), Component::Staircase(s))
                }
                2 => {
                    let (a, b) = (rng.below(7), rng.below(7));
                    (Part::Wythoff(a, b), Component::Wythoff(a, b))
                }
                3 => {
                    let m = 1 + rng.below(30);
                    (Part::Divisor(m), Component::Divisor(m))
                }
                5 => {
                    let g = rng.below(heap_games.len() as u64) as usize;
                    let h: Vec<u64> = (0..1 + rng.below(2)).map(|_| rng.below(7)).collect();
                    (
                        Part::Heaps(g, h.clone()),
                        Component::Heaps {
                            game: heap_games[g].clone(),
                            heaps: h,
                        },
                    )
                }
                6 => {
                    let k = 1 + rng.below(2) as usize;
                    let h: Vec<u64> = (0..2).map(|_| rng.below(4)).collect();
                    (
                        Part::Moore(k, h.clone()),
                        Component::Moore {
                            game: MooreNim::new(k).expect("k ≥ 1"),
                            heaps: h,
                        },
                    )
                }
                _ => {
                    let v = rng.below(u64::from(n)) as u32;
                    (
                        Part::Token(v),
                        Component::Graph {
                            graph: graph.clone(),
                            tokens: vec![v],
                        },
                    )
                }
            };
            parts.push(part);
            components.push(component);
        }
        let mut refs: Vec<&mut dyn SumComponent> = components
            .iter_mut()
            .map(|c| c as &mut dyn SumComponent)
            .collect();
        let analysis = analyse(&mut refs, &SumOptions::default()).map_err(|e| e.to_string())?;
        let whole = Whole { graph, heap_games };
        let mut solver = Solver::new(&whole);
        let brute = solver.grundy(&parts).map_err(|e| e.to_string())?;
        if LoopyValue::Finite(brute.value()) != analysis.total {
            return Err(format!(
                "{parts:?}: search {brute}, analysis {}",
                analysis.total
            ));
        }
        for i in 0..parts.len() {
            let mut winning = Vec::new();
            for q in whole.part_options(&parts[i]) {
                let mut next = parts.clone();
                next[i] = q;
                // Moves are counted as the analysis lists them: one per option, even when two
                // options reach the same position (equal heaps, mirrored splits).
                if solver.grundy(&next).map_err(|e| e.to_string())?.is_zero() {
                    winning.push(next);
                }
            }
            let reported: Vec<&ComponentMove> = analysis
                .moves
                .iter()
                .filter(|m| m.component == i)
                .map(|m| &m.mv)
                .collect();
            for mv in &reported {
                let mut next = parts.clone();
                next[i] = whole
                    .apply(&parts[i], mv)
                    .ok_or_else(|| format!("{parts:?}: {mv:?} is not a move of component {i}"))?;
                if !solver.grundy(&next).map_err(|e| e.to_string())?.is_zero() {
                    return Err(format!("{parts:?}: the reported move {mv} does not win"));
                }
            }
            let reported = reported.len();
            if reported != winning.len() {
                return Err(format!(
                    "{parts:?}: component {i} has {} winning moves by search, {reported} reported",
                    winning.len()
                ));
            }
        }
        Ok(())
    })
}
