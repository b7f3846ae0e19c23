//! `cgt-core`'s sweeps: mex, nim-sum, nim-product and the generic solver against brute force.

use std::cell::RefCell;
use std::collections::BTreeSet;

use super::{Config, Expect, Rng, Sweep, Tally, check_cases};
use crate::{ImpartialGame, MexScratch, Nimber, SolveError, Solver, mex, nim_mul, nim_sum};

/// The sweeps of `cgt-core`, in the order they are listed.
#[must_use]
pub fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "core/mex-definition",
            claim: "mex and a reused MexScratch equal the least value absent from the input, \
                    on every sequence of small values (unsorted, with repeats)",
            expect: Expect::Holds,
            run: mex_definition,
        },
        Sweep {
            name: "core/nim-sum-definition",
            claim: "XOR equals the recursive definition a ⊕ b = mex{a' ⊕ b, a ⊕ b'} \
                    (the Grundy value of two Nim heaps) on all small pairs",
            expect: Expect::Holds,
            run: nim_sum_definition,
        },
        Sweep {
            name: "core/nim-sum-laws",
            claim: "nim-sum is commutative, associative, has identity *0 and x ⊕ x = 0; \
                    Nimber's Add, Sum and nim_sum agree, on random 64-bit triples",
            expect: Expect::Holds,
            run: nim_sum_laws,
        },
        Sweep {
            name: "core/nim-product-definition",
            claim: "nim_mul equals Conway's definition a ⊗ b = mex{a'b ⊕ ab' ⊕ a'b'} \
                    on all pairs of small nimbers",
            expect: Expect::Holds,
            run: nim_product_definition,
        },
        Sweep {
            name: "core/nim-product-field-laws",
            claim: "nimbers below 2^(2^k) form a field: closure, commutativity, associativity, \
                    distributivity over ⊕, identity and inverses, on random triples of every width",
            expect: Expect::Holds,
            run: nim_product_field_laws,
        },
        Sweep {
            name: "core/solver-random-dag",
            claim: "the generic solver's Grundy values, outcomes and winning moves equal the naive \
                    recursive definition on random DAGs",
            expect: Expect::Holds,
            run: solver_random_dag,
        },
        Sweep {
            name: "core/solver-cycle-detection",
            claim: "on random digraphs the solver errs exactly when a cycle is reachable, the named \
                    cycle is a real cycle, and values agree with brute force otherwise",
            expect: Expect::Holds,
            run: solver_cycles,
        },
    ]
}

/// Every sequence of length `0..=max_len` over `0..values`, numbered by length then lexically.
fn sequence_count(values: u64, max_len: u32) -> u64 {
    (0..=max_len).map(|len| values.pow(len)).sum()
}

fn decode_sequence(mut case: u64, values: u64, max_len: u32) -> Vec<u64> {
    for len in 0..=max_len {
        let block = values.pow(len);
        if case < block {
            let mut seq = Vec::with_capacity(len as usize);
            for _ in 0..len {
                seq.push(case % values);
                case /= values;
            }
            return seq;
        }
        case -= block;
    }
    unreachable!("case number beyond the domain")
}

thread_local! {
    static SCRATCH: RefCell<MexScratch> = RefCell::new(MexScratch::new());
}

fn mex_definition(config: &Config) -> Tally {
    let (values, max_len) = config.scale.pick((4, 5), (7, 7), (9, 8));
    check_cases(config, sequence_count(values, max_len), |case| {
        let seq = decode_sequence(case, values, max_len);
        // The definition: the least m that is not an element.
        let expected = (0..).find(|m| !seq.contains(m)).expect("finite input");
        let plain = mex(seq.iter().copied());
        let (reused, pushed) = SCRATCH.with(|s| {
            let mut s = s.borrow_mut();
            let reused = s.mex_of(&seq);
            for &v in seq.iter().rev() {
                s.push(v);
            }
            (reused, s.finish())
        });
        if plain == expected && reused == expected && pushed == expected {
            Ok(())
        } else {
            Err(format!(
                "{seq:?}: definition {expected}, mex {plain}, mex_of {reused}, push {pushed}"
            ))
        }
    })
}

fn nim_sum_definition(config: &Config) -> Tally {
    let n = config.scale.pick(32usize, 256, 1024);
    // table[a][b] by the recursive definition, row by row.
    let mut table = vec![0u64; n * n];
    let mut seen = vec![false; 2 * n];
    for a in 0..n {
        for b in 0..n {
            seen.fill(false);
            for a2 in 0..a {
                seen[table[a2 * n + b] as usize] = true;
            }
            for b2 in 0..b {
                seen[table[a * n + b2] as usize] = true;
            }
            table[a * n + b] = seen.iter().position(|&s| !s).expect("a gap") as u64;
        }
    }
    check_cases(config, (n * n) as u64, |case| {
        let (a, b) = (case / n as u64, case % n as u64);
        let expected = table[case as usize];
        let got = (Nimber::new(a) + Nimber::new(b)).value();
        if got == expected && nim_sum([a, b]) == expected {
            Ok(())
        } else {
            Err(format!("{a} ⊕ {b}: definition {expected}, computed {got}"))
        }
    })
}

fn nim_sum_laws(config: &Config) -> Tally {
    let total = config.scale.pick(2_000, 1_000_000, 20_000_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("core/nim-sum-laws", case);
        let [a, b, c] = [0; 3].map(|_| Nimber::new(rng.next_u64()));
        let mut assigned = a;
        assigned += b;
        let checks = [
            a + b == b + a,
            (a + b) + c == a + (b + c),
            a + Nimber::ZERO == a,
            a + a == Nimber::ZERO,
            assigned == a + b,
            [a, b, c].into_iter().sum::<Nimber>() == a + b + c,
            nim_sum([a, b, c].map(Nimber::value)) == (a + b + c).value(),
        ];
        match checks.iter().position(|ok| !ok) {
            None => Ok(()),
            Some(law) => Err(format!("law {law} fails for a={a}, b={b}, c={c}")),
        }
    })
}

fn nim_product_definition(config: &Config) -> Tally {
    let n = config.scale.pick(16usize, 64, 160);
    // Conway's definition, row by row. Every value involved lies in the smallest field
    // 2^(2^k) ≥ n, which is 256 at most here.
    let field = if n <= 16 { 16 } else { 256 };
    let mut table = vec![0u64; n * n];
    let mut seen = vec![false; field + 1];
    for a in 0..n {
        for b in 0..n {
            seen.fill(false);
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = table[a2 * n + b] ^ table[a * n + b2] ^ table[a2 * n + b2];
                    seen[v as usize] = true;
                }
            }
            table[a * n + b] = seen.iter().position(|&s| !s).expect("a gap") as u64;
        }
    }
    check_cases(config, (n * n) as u64, |case| {
        let (a, b) = (case / n as u64, case % n as u64);
        let expected = table[case as usize];
        let got = nim_mul(a, b);
        if got == expected && (Nimber::new(a) * Nimber::new(b)).value() == expected {
            Ok(())
        } else {
            Err(format!("{a} ⊗ {b}: definition {expected}, computed {got}"))
        }
    })
}

fn nim_product_field_laws(config: &Config) -> Tally {
    let total = config.scale.pick(2_000, 200_000, 5_000_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("core/nim-product-field-laws", case);
        // Cycle through the fields of 2, 4, 16, 256, 2^16, 2^32 and 2^64 elements.
        let bits = 1u32 << (case % 7);
        let mask = if bits == 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        let [a, b, c] = [0; 3].map(|_| Nimber::new(rng.next_u64() & mask));
        let inside = |x: Nimber| x.value() & !mask == 0;
        let inverse_ok = match a.inverse() {
            None => a.is_zero(),
            // Lagrange: the group of non-zero nimbers below 2^64 has order 2^64 − 1.
            Some(inv) => a * inv == Nimber::ONE && inside(inv) && inv == a.nim_pow(u64::MAX - 1),
        };
        let checks = [
            inside(a * b),
            a * b == b * a,
            (a * b) * c == a * (b * c),
            a * (b + c) == a * b + a * c,
            a * Nimber::ONE == a,
            a * Nimber::ZERO == Nimber::ZERO,
            inverse_ok,
            [a, b, c].into_iter().product::<Nimber>() == a * b * c,
        ];
        match checks.iter().position(|ok| !ok) {
            None => Ok(()),
            Some(law) => Err(format!(
                "law {law} fails in the {bits}-bit field for a={a}, b={b}, c={c}"
            )),
        }
    })
}

/// A game given by adjacency lists over vertices `0..n`.
struct Digraph {
    succ: Vec<Vec<u32>>,
}

/// A move is the index of the edge taken in the vertex's list.
impl ImpartialGame for Digraph {
    type Position = u32;
    type Move = usize;
    fn moves(&self, &v: &u32, out: &mut Vec<(usize, u32)>) {
        out.extend(self.succ[v as usize].iter().copied().enumerate());
    }
}

/// The naive definition: g(v) = least value not among the g of v's successors, by plain
/// recursion without memo (fine for the small graphs of the sweeps).
fn naive_grundy(succ: &[Vec<u32>], v: u32) -> u64 {
    let values: BTreeSet<u64> = succ[v as usize]
        .iter()
        .map(|&w| naive_grundy(succ, w))
        .collect();
    (0..).find(|m| !values.contains(m)).expect("finite")
}

/// A random DAG on `n` vertices: edges go from a higher rank to a lower one, ranks shuffled;
/// repeated edges allowed.
fn random_dag(rng: &mut Rng, n: usize) -> Vec<Vec<u32>> {
    let mut label: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        label.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut succ = vec![Vec::new(); n];
    for hi in 0..n {
        for lo in 0..hi {
            if rng.chance(2, 5) {
                succ[label[hi] as usize].push(label[lo]);
                if rng.chance(1, 10) {
                    succ[label[hi] as usize].push(label[lo]);
                }
            }
        }
    }
    succ
}

fn solver_random_dag(config: &Config) -> Tally {
    let total = config.scale.pick(300, 100_000, 2_000_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("core/solver-random-dag", case);
        let n = 1 + rng.below(11) as usize;
        let succ = random_dag(&mut rng, n);
        let mut solver = Solver::new(Digraph { succ: succ.clone() });
        // Query in a random order so memoised and fresh searches both occur.
        let start = rng.below(n as u64) as u32;
        for k in 0..n as u32 {
            let v = (start + k) % n as u32;
            let expected = naive_grundy(&succ, v);
            let got = solver.grundy(&v).map_err(|e| format!("{succ:?}: {e}"))?;
            if got.value() != expected {
                return Err(format!(
                    "{succ:?}: vertex {v} naive {expected}, solver {got}"
                ));
            }
            let moves = solver.winning_moves(&v).map_err(|e| e.to_string())?;
            if let Some((edge, w)) = moves.iter().find(|&&(e, w)| succ[v as usize][e] != w) {
                return Err(format!(
                    "{succ:?}: vertex {v}: edge {edge} does not lead to {w}"
                ));
            }
            let winning: Vec<u32> = moves.into_iter().map(|(_, w)| w).collect();
            let expected_winning: Vec<u32> = {
                let mut w: Vec<u32> = Vec::new();
                for &s in &succ[v as usize] {
                    if naive_grundy(&succ, s) == 0 && !w.contains(&s) {
                        w.push(s);
                    }
                }
                w
            };
            if winning != expected_winning || winning.is_empty() != (expected == 0) {
                return Err(format!(
                    "{succ:?}: vertex {v} winning moves {winning:?}, expected {expected_winning:?}"
                ));
            }
        }
        Ok(())
    })
}

/// Whether a cycle is reachable from `root`, by repeatedly deleting reachable vertices with no
/// remaining reachable successor (Kahn's peeling); something is left exactly when there is a cycle.
fn reachable_cycle(succ: &[Vec<u32>], root: u32) -> bool {
    let n = succ.len();
    let mut reach = vec![false; n];
    let mut todo = vec![root];
    reach[root as usize] = true;
    while let Some(v) = todo.pop() {
        for &w in &succ[v as usize] {
            if !reach[w as usize] {
                reach[w as usize] = true;
                todo.push(w);
            }
        }
    }
    let mut alive = reach.clone();
    loop {
        let sink = (0..n).find(|&v| alive[v] && succ[v].iter().all(|&w| !alive[w as usize]));
        match sink {
            Some(v) => alive[v] = false,
            None => return alive.iter().any(|&a| a),
        }
    }
}

fn solver_cycles(config: &Config) -> Tally {
    let total = config.scale.pick(300, 100_000, 2_000_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("core/solver-cycle-detection", case);
        let n = 1 + rng.below(9) as usize;
        let mut succ = vec![Vec::new(); n];
        let density = 1 + rng.below(4);
        for out in &mut succ {
            for w in 0..n as u32 {
                if rng.chance(density, 12) {
                    out.push(w);
                }
            }
        }
        let mut solver = Solver::new(Digraph { succ: succ.clone() });
        for v in 0..n as u32 {
            match (solver.grundy(&v), reachable_cycle(&succ, v)) {
                (Ok(g), false) => {
                    let expected = naive_grundy(&succ, v);
                    if g.value() != expected {
                        return Err(format!("{succ:?}: vertex {v} naive {expected}, got {g}"));
                    }
                }
                (Err(SolveError::Cycle { cycle }), true) => {
                    let closes = !cycle.is_empty()
                        && (0..cycle.len()).all(|i| {
                            let (from, to) = (cycle[i], cycle[(i + 1) % cycle.len()]);
                            succ[from as usize].contains(&to)
                        });
                    let mut distinct = cycle.clone();
                    distinct.sort_unstable();
                    distinct.dedup();
                    if !closes || distinct.len() != cycle.len() {
                        return Err(format!("{succ:?}: from {v} reported non-cycle {cycle:?}"));
                    }
                }
                (got, cyclic) => {
                    return Err(format!(
                        "{succ:?}: from {v} solver says {got:?}, cycle reachable: {cyclic}"
                    ));
                }
            }
        }
        Ok(())
    })
}
