//! Sweeps for graph games: DAG values and the sum theorem, loopy values, Green Hackenbush.

use cgt_core::verify::{Config, Expect, Rng, Sweep, Tally, check_cases};
use cgt_core::{ImpartialGame, LoopyOutcome, Outcome, Solver};

use crate::graph::{self, Digraph};
use crate::hackenbush::Hackenbush;
use crate::loopy::{self, LoopyValue};

pub(super) fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "impartial/dag-values",
            claim: "the O(V+E) DAG Grundy values equal the generic solver's, and token winning \
                    moves are exactly the moves to P, on random DAGs",
            expect: Expect::Holds,
            run: dag_values,
        },
        Sweep {
            name: "impartial/sg-sum-theorem",
            claim: "Sprague–Grundy: the Grundy value of the sum of two random DAG games (searched \
                    on the product graph) is the XOR of their values",
            expect: Expect::Holds,
            run: sum_theorem,
        },
        Sweep {
            name: "impartial/loopy-outcomes",
            claim: "generalized Sprague–Grundy outcomes (0 → P, finite or ∞ with 0 ∈ K → N, else \
                    Draw) equal a retrograde P/N/Draw labelling on random digraphs with cycles",
            expect: Expect::Holds,
            run: loopy_outcomes,
        },
        Sweep {
            name: "impartial/loopy-sum-rule",
            claim: "the loopy value of a sum (computed on the product graph) follows the sum rule, \
                    and the advised moves reach P (winning) or Draw (drawing)",
            expect: Expect::Holds,
            run: loopy_sum_rule,
        },
        Sweep {
            name: "impartial/misere-tokens",
            claim: "misère outcomes of up to three tokens on random DAGs, by the generic solver on \
                    Misere(Tokens), equal a direct recursion on the misère definition, and every \
                    reported winning move reaches a lost position",
            expect: Expect::Holds,
            run: misere_tokens,
        },
        Sweep {
            name: "impartial/hackenbush-colon-fusion",
            claim: "Green Hackenbush values by the colon and fusion principles, and the winning \
                    cuts, equal edge-deletion search on random trees and multigraphs (≤ 10 edges)",
            expect: Expect::Holds,
            run: hackenbush,
        },
    ]
}

/// Misère outcome of tokens on a DAG by the definition (no move: the player to move has
/// already won; otherwise lost when every move leads to a won position), memoised on the sorted
/// tokens. Independent of `graph::Tokens` and of the `Misere` wrapper.
fn misere_tokens_lost(
    g: &Digraph,
    tokens: &[u32],
    memo: &mut std::collections::HashMap<Vec<u32>, bool>,
) -> bool {
    let mut key = tokens.to_vec();
    key.sort_unstable();
    if let Some(&lost) = memo.get(&key) {
        return lost;
    }
    let mut any = false;
    let mut lost = true;
    'all: for i in 0..key.len() {
        for &w in g.successors(key[i]) {
            any = true;
            let mut next = key.clone();
            next[i] = w;
            if misere_tokens_lost(g, &next, memo) {
                lost = false;
                break 'all;
            }
        }
    }
    let lost = any && lost;
    memo.insert(key, lost);
    lost
}

fn misere_tokens(config: &Config) -> Tally {
    use cgt_core::misere::{Misere, MisereOutcome};

    use crate::graph::Tokens;

    check_cases(config, config.scale.pick(100, 5_000, 50_000), |case| {
        let mut rng = Rng::for_case("impartial/misere-tokens", case);
        let n = 2 + rng.below(8) as usize;
        let g = random_dag(&mut rng, n);
        let tokens: Vec<u32> = (0..1 + rng.below(3))
            .map(|_| rng.below(n as u64) as u32)
            .collect();
        let mut memo = std::collections::HashMap::new();
        let want = misere_tokens_lost(&g, &tokens, &mut memo);
        let mut solver = Solver::new(Misere(Tokens::new(&g)));
        let got = solver
            .misere_outcome(&Tokens::position(&tokens))
            .map_err(|e| e.to_string())?
            == Outcome::P;
        if got != want {
            return Err(format!(
                "tokens {tokens:?}: solver P = {got}, definition {want}"
            ));
        }
        let start = Tokens::position(&tokens);
        for (mv, w) in solver
            .misere_winning_moves(&start)
            .map_err(|e| e.to_string())?
        {
            let mut moved = start.clone();
            moved[mv.token] = mv.to;
            if start[mv.token] != mv.from || Tokens::position(&moved) != w {
                return Err(format!("tokens {tokens:?}: {mv:?} does not lead to {w:?}"));
            }
            if !misere_tokens_lost(&g, &w, &mut memo) {
                return Err(format!("tokens {tokens:?}: the move to {w:?} does not win"));
            }
        }
        Ok(())
    })
}

fn random_dag(rng: &mut Rng, n: usize) -> Digraph {
    let mut edges = Vec::new();
    let p = 1 + rng.below(5);
    for u in 1..n as u32 {
        for v in 0..u {
            if rng.chance(p, 8) {
                edges.push((u, v));
            }
        }
    }
    // Shuffle the names so that edges do not always go down in index order.
    let mut perm: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        perm.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let edges: Vec<_> = edges
        .into_iter()
        .map(|(u, v)| (perm[u as usize], perm[v as usize]))
        .collect();
    Digraph::from_edges(n, &edges).expect("vertices in range")
}

fn random_digraph(rng: &mut Rng, n: usize) -> Digraph {
    let mut edges = Vec::new();
    let p = 1 + rng.below(4);
    for u in 0..n as u32 {
        for v in 0..n as u32 {
            if rng.chance(p, 2 * n as u64) {
                edges.push((u, v));
            }
        }
    }
    Digraph::from_edges(n, &edges).expect("vertices in range")
}

fn dag_values(config: &Config) -> Tally {
    let total = config.scale.pick(200, 20_000, 300_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("impartial/dag-values", case);
        let n = 1 + rng.below(14) as usize;
        let g = random_dag(&mut rng, n);
        let values = graph::grundy_values(&g).map_err(|e| e.to_string())?;
        let mut solver = Solver::new(&g);
        for v in 0..n as u32 {
            let s = solver.grundy(&v).map_err(|e| e.to_string())?.value();
            if values[v as usize] != s {
                return Err(format!(
                    "{g:?}: vertex {v} fast {} solver {s}",
                    values[v as usize]
                ));
            }
        }
        // Two or three tokens: winning moves are exactly the token moves to value 0.
        let k = 2 + rng.below(2) as usize;
        let tokens: Vec<u32> = (0..k).map(|_| rng.below(n as u64) as u32).collect();
        let (_, _, moves) = graph::token_position(&g, &values, &tokens);
        let mut got: Vec<Vec<u32>> = moves
            .iter()
            .map(|m| {
                let mut t = tokens.clone();
                t[m.token] = m.to;
                t
            })
            .collect();
        let mut expected = Vec::new();
        for i in 0..k {
            for &w in g.successors(tokens[i]) {
                let mut t = tokens.clone();
                t[i] = w;
                if t.iter().fold(0, |acc, &x| acc ^ values[x as usize]) == 0 {
                    expected.push(t);
                }
            }
        }
        got.sort();
        expected.sort();
        expected.dedup();
        if got == expected {
            Ok(())
        } else {
            Err(format!(
                "tokens {tokens:?}: moves {got:?}, expected {expected:?}"
            ))
        }
    })
}

/// The sum of two graph games as one game on pairs of vertices.
struct Sum<'a>(&'a Digraph, &'a Digraph);

impl ImpartialGame for Sum<'_> {
    type Position = (u32, u32);
    /// A move is the number of its option (the oracle has no use for names).
    type Move = usize;
    fn moves(&self, p: &(u32, u32), out: &mut Vec<(usize, (u32, u32))>) {
        let mut options = Vec::new();
        self.options(p, &mut options);
        out.extend(options.into_iter().enumerate());
    }
    fn options(&self, &(u, v): &(u32, u32), out: &mut Vec<(u32, u32)>) {
        out.extend(self.0.successors(u).iter().map(|&w| (w, v)));
        out.extend(self.1.successors(v).iter().map(|&w| (u, w)));
    }
}

fn sum_theorem(config: &Config) -> Tally {
    let total = config.scale.pick(100, 10_000, 100_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("impartial/sg-sum-theorem", case);
        let (n, m) = (1 + rng.below(9) as usize, 1 + rng.below(9) as usize);
        let g = random_dag(&mut rng, n);
        let h = random_dag(&mut rng, m);
        let gv = graph::grundy_values(&g).map_err(|e| e.to_string())?;
        let hv = graph::grundy_values(&h).map_err(|e| e.to_string())?;
        let mut solver = Solver::new(Sum(&g, &h));
        for u in 0..g.len() as u32 {
            for v in 0..h.len() as u32 {
                let s = solver.grundy(&(u, v)).map_err(|e| e.to_string())?.value();
                if s != gv[u as usize] ^ hv[v as usize] {
                    return Err(format!(
                        "({u}, {v}): sum {s}, XOR of parts {}",
                        gv[u as usize] ^ hv[v as usize]
                    ));
                }
            }
        }
        Ok(())
    })
}

fn loopy_outcomes(config: &Config) -> Tally {
    let total = config.scale.pick(300, 50_000, 500_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("impartial/loopy-outcomes", case);
        let n = 1 + rng.below(16) as usize;
        let g = if case % 5 == 0 {
            random_dag(&mut rng, n)
        } else {
            random_digraph(&mut rng, n)
        };
        let values = loopy::loopy_values(&g);
        let retro = loopy::retrograde_outcomes(&g);
        for v in 0..n {
            if values[v].outcome() != retro[v] {
                return Err(format!(
                    "{g:?}: vertex {v} value {} but retrograde {}",
                    values[v], retro[v]
                ));
            }
            // The defining properties of γ, checked directly.
            let succ: Vec<&LoopyValue> = g
                .successors(v as u32)
                .iter()
                .map(|&w| &values[w as usize])
                .collect();
            match &values[v] {
                LoopyValue::Finite(m) => {
                    let has = |x: u64| succ.iter().any(|s| **s == LoopyValue::Finite(x));
                    if has(*m) || !(0..*m).all(has) {
                        return Err(format!("{g:?}: vertex {v} = {m} breaks the mex condition"));
                    }
                    for &w in g.successors(v as u32) {
                        let bigger = match &values[w as usize] {
                            LoopyValue::Finite(x) => x > m,
                            LoopyValue::Infinite(_) => true,
                        };
                        if bigger
                            && !g
                                .successors(w)
                                .iter()
                                .any(|&x| values[x as usize] == LoopyValue::Finite(*m))
                        {
                            return Err(format!(
                                "{g:?}: vertex {v} = {m}: follower {w} cannot be reversed"
                            ));
                        }
                    }
                }
                LoopyValue::Infinite(k) => {
                    let mut finite: Vec<u64> = succ
                        .iter()
                        .filter_map(|s| match s {
                            LoopyValue::Finite(x) => Some(*x),
                            LoopyValue::Infinite(_) => None,
                        })
                        .collect();
                    finite.sort_unstable();
                    finite.dedup();
                    if &finite != k {
                        return Err(format!(
                            "{g:?}: vertex {v}: K = {k:?}, finite followers {finite:?}"
                        ));
                    }
                }
            }
        }
        if let Ok(dag) = graph::grundy_values(&g) {
            for v in 0..n {
                if values[v] != LoopyValue::Finite(dag[v]) {
                    return Err(format!(
                        "{g:?}: acyclic vertex {v}: loopy {} vs {}",
                        values[v], dag[v]
                    ));
                }
            }
        }
        Ok(())
    })
}

fn product(g: &Digraph, h: &Digraph) -> Digraph {
    let (n, m) = (g.len() as u32, h.len() as u32);
    let mut edges = Vec::new();
    for u in 0..n {
        for v in 0..m {
            for &w in g.successors(u) {
                edges.push((u * m + v, w * m + v));
            }
            for &w in h.successors(v) {
                edges.push((u * m + v, u * m + w));
            }
        }
    }
    Digraph::from_edges((n * m) as usize, &edges).expect("in range")
}

fn loopy_sum_rule(config: &Config) -> Tally {
    let total = config.scale.pick(150, 20_000, 200_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("impartial/loopy-sum-rule", case);
        let (n, m) = (1 + rng.below(7) as usize, 1 + rng.below(7) as usize);
        let g = random_digraph(&mut rng, n);
        let h = random_digraph(&mut rng, m);
        let (gv, hv) = (loopy::loopy_values(&g), loopy::loopy_values(&h));
        let p = product(&g, &h);
        let pv = loopy::loopy_values(&p);
        let retro = loopy::retrograde_outcomes(&p);
        let m = h.len() as u32;
        for u in 0..g.len() as u32 {
            for v in 0..m {
                let rule = gv[u as usize].sum(&hv[v as usize]);
                let direct = &pv[(u * m + v) as usize];
                if &rule != direct {
                    return Err(format!("({u}, {v}): rule {rule}, product graph {direct}"));
                }
                // Advice on the two-token position of the union graph must reach the right class.
                let tokens_advice = advise_pair(&g, &h, &gv, &hv, u, v);
                for (u2, v2) in tokens_advice.1 {
                    let after = retro[(u2 * m + v2) as usize];
                    let wanted = match tokens_advice.0 {
                        LoopyOutcome::N => LoopyOutcome::P,
                        _ => LoopyOutcome::Draw,
                    };
                    if after != wanted {
                        return Err(format!(
                            "({u}, {v}): advised move to ({u2}, {v2}) is {after}, wanted {wanted}"
                        ));
                    }
                }
                if tokens_advice.0 != retro[(u * m + v) as usize] {
                    return Err(format!(
                        "({u}, {v}): sum outcome {} vs retrograde {}",
                        tokens_advice.0,
                        retro[(u * m + v) as usize]
                    ));
                }
            }
        }
        Ok(())
    })
}

/// Advice for a token on `u` in `g` plus a token on `v` in `h`, through the disjoint union.
fn advise_pair(
    g: &Digraph,
    h: &Digraph,
    gv: &[LoopyValue],
    hv: &[LoopyValue],
    u: u32,
    v: u32,
) -> (LoopyOutcome, Vec<(u32, u32)>) {
    let n = g.len() as u32;
    let mut edges = Vec::new();
    for a in 0..n {
        edges.extend(g.successors(a).iter().map(|&b| (a, b)));
    }
    for a in 0..h.len() as u32 {
        edges.extend(h.successors(a).iter().map(|&b| (a + n, b + n)));
    }
    let union = Digraph::from_edges(g.len() + h.len(), &edges).expect("in range");
    let values: Vec<LoopyValue> = gv.iter().chain(hv).cloned().collect();
    let advice = loopy::advise(&union, &values, &[u, v + n]);
    let moves = advice
        .moves
        .iter()
        .map(|m| {
            if m.token == 0 {
                (m.to, v)
            } else {
                (u, m.to - n)
            }
        })
        .collect();
    (advice.outcome, moves)
}

/// Edge-deletion search: position = bitmask of remaining edges; removing an edge also removes
/// the edges no longer connected to the ground.
struct Cutting<'a> {
    n: usize,
    edges: &'a [(u32, u32)],
}

impl Cutting<'_> {
    fn grounded(&self, mask: u32) -> u32 {
        let mut reached = vec![false; self.n];
        reached[0] = true;
        let mut changed = true;
        while changed {
            changed = false;
            for (i, &(u, v)) in self.edges.iter().enumerate() {
                if mask >> i & 1 == 1 && reached[u as usize] != reached[v as usize] {
                    reached[u as usize] = true;
                    reached[v as usize] = true;
                    changed = true;
                }
            }
        }
        (0..self.edges.len())
            .filter(|&i| mask >> i & 1 == 1 && reached[self.edges[i].0 as usize])
            .fold(0, |m, i| m | 1 << i)
    }
}

impl ImpartialGame for Cutting<'_> {
    type Position = u32;
    /// A move is the number of its option (the oracle has no use for names).
    type Move = usize;
    fn moves(&self, p: &u32, out: &mut Vec<(usize, u32)>) {
        let mut options = Vec::new();
        self.options(p, &mut options);
        out.extend(options.into_iter().enumerate());
    }
    fn options(&self, &mask: &u32, out: &mut Vec<u32>) {
        for i in 0..self.edges.len() {
            if mask >> i & 1 == 1 {
                out.push(self.grounded(mask & !(1 << i)));
            }
        }
    }
}

fn hackenbush(config: &Config) -> Tally {
    let total = config.scale.pick(200, 20_000, 200_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("impartial/hackenbush-colon-fusion", case);
        let n = 2 + rng.below(6) as usize;
        let m = 1 + rng.below(10) as usize;
        let tree = case % 2 == 0;
        let edges: Vec<(u32, u32)> = if tree {
            // A random rooted forest on the ground: vertex i hangs from an earlier vertex.
            (1..n as u32)
                .map(|i| (rng.below(u64::from(i)) as u32, i))
                .collect()
        } else {
            (0..m)
                .map(|_| (rng.below(n as u64) as u32, rng.below(n as u64) as u32))
                .collect()
        };
        let picture = Hackenbush::new(n, edges.clone()).map_err(|e| e.to_string())?;
        let game = Cutting { n, edges: &edges };
        let start = game.grounded((1u32 << edges.len()) - 1);
        let mut solver = Solver::new(game);
        let brute = solver.grundy(&start).map_err(|e| e.to_string())?;
        if picture.value() != brute {
            return Err(format!(
                "edges {edges:?}: principles {}, search {brute}",
                picture.value()
            ));
        }
        // Every target value a cut can reach (winning cuts are target 0), as multisets of the
        // pictures left, since different edges may lead to the same picture.
        let game = Cutting { n, edges: &edges };
        let mut after_values = Vec::new();
        for i in 0..edges.len() {
            if start >> i & 1 == 1 {
                let after = game.grounded(start & !(1 << i));
                after_values.push((after, solver.grundy(&after).map_err(|e| e.to_string())?));
            }
        }
        for target in 0..=brute.value() + 2 {
            let target = cgt_core::Nimber::new(target);
            let mut got: Vec<u32> = picture
                .cuts_to_value(target)
                .iter()
                .map(|&e| game.grounded(start & !(1 << e)))
                .collect();
            got.sort_unstable();
            let mut expected: Vec<u32> = after_values
                .iter()
                .filter(|&&(_, v)| v == target)
                .map(|&(a, _)| a)
                .collect();
            expected.sort_unstable();
            if got != expected {
                return Err(format!(
                    "edges {edges:?}: cuts to {target} reach {got:?}, search {expected:?}"
                ));
            }
        }
        if picture.winning_cuts() != picture.cuts_to_value(cgt_core::Nimber::ZERO) {
            return Err(format!(
                "edges {edges:?}: winning cuts differ from cuts to *0"
            ));
        }
        Ok(())
    })
}
