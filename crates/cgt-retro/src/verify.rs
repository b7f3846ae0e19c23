//! This crate's verification sweeps.

use cgt_core::Verdict;
use cgt_core::verify::{Config, Expect, Rng, Sweep, Tally, check_cases};

use crate::engine::{RetroGame, Terminal, solve};
use crate::graph::GameGraph;

/// The sweeps of `cgt-retro`, in the order they are listed.
#[must_use]
pub fn sweeps() -> Vec<Sweep> {
    vec![Sweep {
        name: "retro/engine-vs-fixed-point",
        claim: "the level-by-level engine equals the seed's repeated-pass fixed point (mark 0, \
                then −1, 2, −3, … until nothing changes) on random graphs with cycles and \
                terminal results",
        expect: Expect::Holds,
        run: engine_vs_fixed_point,
    }]
}

/// Shen's method: whole passes over all positions; pass d decides the positions at distance d.
fn fixed_point(g: &GameGraph) -> Vec<Verdict> {
    let n = g.size();
    let mut verdict: Vec<Option<Verdict>> = (0..n)
        .map(|v| match g.terminal(v) {
            Some(Terminal::Loss) => Some(Verdict::Loss(0)),
            Some(Terminal::Win) => Some(Verdict::Win(0)),
            Some(Terminal::Draw) => Some(Verdict::Draw),
            _ => None,
        })
        .collect();
    let mut d = 1u32;
    let mut quiet = 0;
    while quiet < 2 {
        let mut new = Vec::new();
        for v in 0..n {
            if verdict[v].is_some() {
                continue;
            }
            let moves = g.moves(v);
            if moves
                .iter()
                .any(|&w| verdict[w] == Some(Verdict::Loss(d - 1)))
            {
                new.push((v, Verdict::Win(d)));
            } else if moves
                .iter()
                .all(|&w| matches!(verdict[w], Some(Verdict::Win(k)) if k < d))
                && moves
                    .iter()
                    .any(|&w| verdict[w] == Some(Verdict::Win(d - 1)))
            {
                new.push((v, Verdict::Loss(d)));
            }
        }
        quiet = if new.is_empty() { quiet + 1 } else { 0 };
        for (v, x) in new {
            verdict[v] = Some(x);
        }
        d += 1;
    }
    verdict
        .into_iter()
        .map(|v| v.unwrap_or(Verdict::Draw))
        .collect()
}

fn engine_vs_fixed_point(config: &Config) -> Tally {
    let total = config.scale.pick(300, 30_000, 300_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("retro/engine-vs-fixed-point", case);
        let n = 1 + rng.below(14) as usize;
        let density = 1 + rng.below(3);
        let mut edges = Vec::new();
        for u in 0..n {
            for v in 0..n {
                if rng.chance(density, 2 * n as u64) {
                    edges.push((u, v));
                }
            }
        }
        let mut terminals = Vec::new();
        for v in 0..n {
            if !edges.iter().any(|&(u, _)| u == v) && rng.chance(1, 3) {
                let t = [Terminal::Win, Terminal::Draw, Terminal::Loss][rng.below(3) as usize];
                terminals.push((v, t));
            }
        }
        let g = GameGraph::new(n, &edges, &terminals).map_err(|e| e.to_string())?;
        let table = solve(&g, u128::MAX).map_err(|e| e.to_string())?;
        let naive = fixed_point(&g);
        for (v, &expected) in naive.iter().enumerate() {
            let got = table.verdict(v).ok_or("a vertex is illegal")?;
            if got != expected {
                return Err(format!(
                    "edges {edges:?} terminals {terminals:?}: vertex {v} engine {got}, \
                     fixed point {expected}"
                ));
            }
        }
        Ok(())
    })
}
