//! This crate's verification sweeps: the claims of Shen's chapter 11 on explicit trees.

pub use crate::fuzz::fuzz_targets;
use cgt_core::verify::{Config, Expect, Rng, Sweep, Tally, check_cases};

use crate::andor::{self, Adversary};
use crate::bridgit::{self, Bridgit, PairingPlayer};
use crate::chance::impartial::{self, ChancePosition};
use crate::chance::pig;
use crate::chance::tree::{ChanceTree, Ratio, Reads};
use crate::connect4::{Column, Connect4};
use crate::cycle::{self, CycleGame, GridEdge};
use crate::engine::{Game, Options, Solver, minimax, option_grid};
use crate::eval::{fail_soft, reduced_value, value_iterative, value_recursive};
use crate::mnk::Mnk;
use crate::robot::TreeRobot;
use crate::threshold;
use crate::tree::{Kind, Tree, uniform};
use num_traits::{One, ToPrimitive};

/// The sweeps of `cgt-minimax`, in the order they are listed.
#[must_use]
pub fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "minimax/evaluators-agree",
            claim: "recursive and stack-based full traversal and alpha-beta with a full window \
                    all give the minimax value, on random trees of varied shape",
            expect: Expect::Holds,
            run: evaluators_agree,
        },
        Sweep {
            name: "minimax/reduced-cost-contract",
            claim: "for every window a ≤ b: fail-hard alpha-beta returns clamp(value, a, b) and \
                    fail-soft returns v with clamp(v, a, b) = clamp(value, a, b)",
            expect: Expect::Holds,
            run: contract,
        },
        Sweep {
            name: "minimax/value-is-a-payoff",
            claim: "11.2.5: the value of a finite game equals the payoff of some final vertex",
            expect: Expect::Holds,
            run: value_is_payoff,
        },
        Sweep {
            name: "minimax/zermelo-thresholds",
            claim: "11.2.6: for every threshold c exactly one player forces their outcome of the \
                    two-outcome game 'payoff ≥ c wins' (solved as an AND-OR tree), Max forces it \
                    exactly when c ≤ value, and the largest c Max forces is the minimax value",
            expect: Expect::Holds,
            run: zermelo_thresholds,
        },
        Sweep {
            name: "minimax/expectiminimax-star1",
            claim: "alpha-beta with Star1 cuts at chance vertices returns clamp(value, a, b) for \
                    every window (the expectiminimax value itself for the full window) and reads \
                    no more leaves than the tree has, on random trees with chance vertices",
            expect: Expect::Holds,
            run: star1_contract,
        },
        Sweep {
            name: "minimax/pig-exact",
            claim: "Pig solved exactly satisfies its optimality equations exactly at every state \
                    (roll, hold, a turn starts with a roll) and agrees with value iteration to \
                    1e-10, for every target up to 12 (40 at full scale)",
            expect: Expect::Holds,
            run: pig_exact,
        },
        Sweep {
            name: "minimax/chance-position-is-a-nimber",
            claim: "Sprague–Grundy with chance: every impartial position whose moves may end in \
                    a coin toss equals some nimber *g (its sum with each heap *h is won with \
                    probability 1 for h ≠ g and 0 for h = g) — false: a position won with \
                    probability 1/2 equals no nimber",
            expect: Expect::Refuted,
            run: chance_nimber,
        },
        Sweep {
            name: "minimax/one-leaf-change",
            claim: "11.2.7: changing one final payoff to c gives clamp(c, a, b), with a and b the \
                    values for c = −∞ and c = +∞",
            expect: Expect::Holds,
            run: one_leaf,
        },
        Sweep {
            name: "minimax/knuth-moore",
            claim: "with best-first ordering and distinct payoffs, alpha-beta reads exactly \
                    b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves of a uniform b-ary tree of depth d",
            expect: Expect::Holds,
            run: knuth_moore,
        },
        Sweep {
            name: "minimax/andor-two-to-the-n",
            claim: "11.4.1/11.4.2: for every leaf assignment (all for n ≤ 2, sampled for n = 3) \
                    alpha-beta reads at least 2^n leaves in any order, and no set of fewer \
                    leaves determines the root (subsets checked exhaustively for n = 1, 2)",
            expect: Expect::Holds,
            run: two_to_the_n,
        },
        Sweep {
            name: "minimax/andor-adversary",
            claim: "11.4.3: against the adversary the root stays undetermined until the last of \
                    the 4^n leaves, whatever order the leaves are queried in (n ≤ 4)",
            expect: Expect::Holds,
            run: adversary,
        },
        Sweep {
            name: "minimax/andor-expected-3n",
            claim: "11.4.4: the exact worst expected count under random child order is at most \
                    3^n (n ≤ 32), and the dynamic program equals the maximum over all leaf \
                    assignments (exhaustive for n ≤ 2)",
            expect: Expect::Holds,
            run: expected_3n,
        },
        Sweep {
            name: "minimax/mnk-table-vs-minimax",
            claim: "negamax alpha-beta with a transposition table (bound types stored) equals \
                    plain minimax on random positions of small m,n,k boards",
            expect: Expect::Holds,
            run: mnk_table,
        },
        Sweep {
            name: "minimax/strategy-stealing",
            claim: "11.2.4: no m,n,k board that can be solved here (m, n ≤ 4, k ≤ 4) is a win \
                    for the second player",
            expect: Expect::Holds,
            run: strategy_stealing,
        },
        Sweep {
            name: "minimax/connect4-vs-minimax",
            claim: "every combination of search techniques (table of any size or none, ordering, \
                    game knowledge, mirror symmetry, MTD(f), iterative deepening) gives the \
                    plain-minimax score and the same best moves on random small Connect-Four \
                    positions",
            expect: Expect::Holds,
            run: connect4_options,
        },
        Sweep {
            name: "minimax/connect4-solver-vs-minimax",
            claim: "the dedicated Connect-Four solver (tables of 2^12 or 2^16 entries, one or two \
                    threads) gives the plain-minimax score, outcome and score of every column on \
                    random positions with 4 to 7 empty cells of boards up to 9x6 and 8x7, and \
                    the generic engine's score and best moves with 14 to 17 empty cells \
                    (random play avoiding moves that end the game)",
            expect: Expect::Holds,
            run: connect4_solver,
        },
        Sweep {
            name: "minimax/connect4-score-as-verdict",
            claim: "a Connect-Four score read as a verdict (Connect4::verdict_of_score) is the \
                    win, draw or loss in so many plies that plain search finds (the winner \
                    hurrying, the loser delaying) on random positions with up to 9 empty cells \
                    of boards from 3x3 to 7x6",
            expect: Expect::Holds,
            run: connect4_verdicts,
        },
        Sweep {
            name: "minimax/bridgit-vs-minimax",
            claim: "the Bridg-it search (with its win/block knowledge and pairing-first ordering) \
                    equals plain minimax on random positions of boards n = 2, 3, 4",
            expect: Expect::Holds,
            run: bridgit_search,
        },
        Sweep {
            name: "minimax/bridgit-pairing-wins",
            claim: "11.2.9: Gross's pairing strategy wins for Left against every sequence of \
                    Top's moves (played out exhaustively for n ≤ 4; by the path argument — no \
                    bottom-to-top path avoids both slots of a pair — for n ≤ 8)",
            expect: Expect::Holds,
            run: bridgit_pairing,
        },
        Sweep {
            name: "minimax/grid-cycle-pairing",
            claim: "11.2.10: the second player's pairing (right and up from the same point) \
                    stops the first from closing a cycle — against every strategy on windows up \
                    to 4×3 points (4×4 at full scale), and in random and greedy games on windows \
                    up to 30×30",
            expect: Expect::Holds,
            run: grid_cycle_pairing,
        },
        Sweep {
            name: "minimax/bridgit-exactly-one-crosses",
            claim: "11.2.11 and the fact behind it: for every way of sharing all slots, exactly \
                    one player joins their sides, so exactly half of the 2^E sets of Left's \
                    segments join left and right (enumerated for n ≤ 4)",
            expect: Expect::Holds,
            run: bridgit_crossings,
        },
        Sweep {
            name: "minimax/bridgit-shannon-always-wins",
            claim: "Shannon's resistor rule (whatever it does with equal currents) wins for Left \
                    against every sequence of Top's moves — false: on n = 3 a bad choice among \
                    equal currents loses, and on n = 4 every choice can be beaten",
            expect: Expect::Refuted,
            run: bridgit_shannon,
        },
        Sweep {
            name: "minimax/andor-sharper-bound-exact",
            claim: "11.4.5 read as an exact bound: the worst expected count is at most \
                    ((1+√33)/4)^(2n) — false; it is only the asymptotic rate",
            expect: Expect::Refuted,
            run: sharper_bound,
        },
        Sweep {
            name: "minimax/andor-sharper-rate",
            claim: "11.4.5 as a rate: the exact worst expected count over ((1+√33)/4)^(2n) \
                    increases with n, stays below 1.11 and converges geometrically (each step at \
                    most 0.6 of the one before, from n = 3), for every n ≤ 32",
            expect: Expect::Holds,
            run: sharper_rate,
        },
    ]
}

fn bits(case: u64, n: u32) -> Vec<u8> {
    (0..4usize.pow(n)).map(|i| (case >> i & 1) as u8).collect()
}

fn two_to_the_n(config: &Config) -> Tally {
    let sampled = config.scale.pick(100u64, 5_000, 50_000);
    let small = 16 + 65_536;
    check_cases(config, small + sampled, |case| {
        let (n, leaves) = if case < 16 {
            (1, bits(case, 1))
        } else if case < small {
            (2, bits(case - 16, 2))
        } else {
            let mut rng = Rng::for_case("minimax/andor-two-to-the-n", case);
            (3, (0..64).map(|_| rng.below(2) as u8).collect())
        };
        let fewest = andor::fewest_reads(&leaves, true);
        if fewest < 1 << n {
            return Err(format!("n={n} {leaves:?}: {fewest} leaves suffice"));
        }
        // 11.4.2 by brute force: no subset of fewer than 2^n leaves determines the root.
        if n <= 2 && (n == 1 || case % 64 == 0) {
            let count = leaves.len();
            for subset in 0u32..1 << count {
                if subset.count_ones() >= 1 << n {
                    continue;
                }
                let fill = |v: u8| -> Vec<u8> {
                    (0..count)
                        .map(|i| if subset >> i & 1 == 1 { leaves[i] } else { v })
                        .collect()
                };
                if andor::value(&fill(0), true) == andor::value(&fill(1), true) {
                    return Err(format!(
                        "n={n} {leaves:?}: leaves {subset:b} determine the root"
                    ));
                }
            }
        }
        Ok(())
    })
}

fn adversary(config: &Config) -> Tally {
    let total = config.scale.pick(100, 10_000, 100_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/andor-adversary", case);
        let n = 1 + (case % 4) as u32;
        let leaves = 4usize.pow(n);
        let mut order: Vec<usize> = (0..leaves).collect();
        for i in (1..leaves).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let Some(mut adv) = Adversary::new(n) else {
            return Err(format!("n={n}: no adversary"));
        };
        for (k, &i) in order.iter().enumerate() {
            if adv.root_determined() {
                return Err(format!("n={n}: determined after {k} of {leaves} queries"));
            }
            adv.query(i);
        }
        Ok(())
    })
}

/// The exact worst expected counts for height `2n` (`n` ≤ [`andor::MAX_WORST_N`]).
fn worst(n: u32) -> [andor::Dyadic; 2] {
    andor::worst_expected(n).expect("n within MAX_WORST_N")
}

fn expected_3n(config: &Config) -> Tally {
    let small = 16 + 65_536u64;
    let exact = u64::from(andor::MAX_WORST_N);
    check_cases(config, exact + small, |case| {
        if case < exact {
            let n = case as u32 + 1;
            let w = worst(n);
            let bound = 3u128.pow(n);
            return if w[0].le_int(bound) && w[1].le_int(bound) {
                Ok(())
            } else {
                Err(format!(
                    "n={n}: worst expected {} / {} exceeds 3^n",
                    w[0], w[1]
                ))
            };
        }
        let c = case - exact;
        let (n, leaves) = if c < 16 {
            (1, bits(c, 1))
        } else {
            (2, bits(c - 16, 2))
        };
        let e = andor::expected_reads(&leaves, true);
        let v = andor::value(&leaves, true) as usize;
        let w = worst(n)[v];
        if e.gt(w) {
            return Err(format!(
                "n={n} {leaves:?}: expected {e} above the worst {w}"
            ));
        }
        // The worst is attained: checked once per n with the maximum over all assignments.
        if c == 15 || c == small - 1 {
            let range = if n == 1 { 0..16 } else { 16..small };
            for value in 0..2 {
                let best = range
                    .clone()
                    .map(|x| if n == 1 { bits(x, 1) } else { bits(x - 16, 2) })
                    .filter(|l| andor::value(l, true) as usize == value)
                    .map(|l| andor::expected_reads(&l, true))
                    .fold(None, |m: Option<andor::Dyadic>, e| match m {
                        Some(m) if !e.gt(m) => Some(m),
                        _ => Some(e),
                    });
                if best != Some(worst(n)[value]) {
                    return Err(format!(
                        "n={n} value {value}: maximum {best:?}, program {}",
                        worst(n)[value]
                    ));
                }
            }
        }
        Ok(())
    })
}

fn sharper_bound(config: &Config) -> Tally {
    let rate = (1.0 + 33f64.sqrt()) / 4.0;
    check_cases(config, 30, |case| {
        let n = case as i32 + 1;
        let w = worst(n as u32);
        let worst = w[0].to_f64().max(w[1].to_f64());
        let bound = rate.powi(2 * n);
        if worst <= bound {
            Ok(())
        } else {
            Err(format!(
                "n={n}: worst expected {worst:.3} > ((1+√33)/4)^{} = {bound:.3} (ratio {:.4})",
                2 * n,
                worst / bound
            ))
        }
    })
}

fn zermelo_thresholds(config: &Config) -> Tally {
    let total = config.scale.pick(500, 50_000, 500_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/zermelo-thresholds", case);
        let t = random_tree(&mut rng, 4, 6, 12, case % 2 == 0);
        let v = t.value();
        for c in -1..=13 {
            let max_wins = threshold::max_forces_at_least(&t, &c);
            let min_wins = threshold::min_forces_below(&t, &c);
            if max_wins == min_wins {
                return Err(format!(
                    "{t}, c={c}: Max forces ≥ c {max_wins}, Min forces < c {min_wins}"
                ));
            }
            if max_wins != (c <= v) {
                return Err(format!("{t}, c={c}: Max forces ≥ c {max_wins}, value {v}"));
            }
        }
        let by_thresholds = threshold::value_from_thresholds(&t);
        if by_thresholds == v {
            Ok(())
        } else {
            Err(format!("{t}: value {v}, from thresholds {by_thresholds}"))
        }
    })
}

/// A random tree with chance vertices: branching 1..=3, depth ≤ 4, payoffs in `0..10`, chance
/// probabilities with denominators up to 6.
fn random_chance_tree(rng: &mut Rng, depth: u32) -> ChanceTree {
    if depth == 0 || rng.chance(1, 4) {
        return ChanceTree::leaf(rng.below(10) as i64);
    }
    let b = 1 + rng.below(3) as usize;
    match rng.below(3) {
        0 | 1 => {
            let children = (0..b).map(|_| random_chance_tree(rng, depth - 1)).collect();
            ChanceTree::choice(rng.below(3) == 0, children).expect("children and a small depth")
        }
        _ => {
            // b − 1 cuts of 0..d into b positive parts.
            let d = 6u64.max(b as u64);
            let mut cuts: Vec<u64> = Vec::new();
            while cuts.len() + 1 < b {
                let c = 1 + rng.below(d - 1);
                if !cuts.contains(&c) {
                    cuts.push(c);
                }
            }
            cuts.sort_unstable();
            cuts.push(d);
            let mut last = 0;
            let children = cuts
                .into_iter()
                .map(|c| {
                    let p = Ratio::new((c - last).into(), d.into());
                    last = c;
                    (p, random_chance_tree(rng, depth - 1))
                })
                .collect();
            ChanceTree::chance(children).expect("probabilities adding up to 1")
        }
    }
}

fn star1_contract(config: &Config) -> Tally {
    let total = config.scale.pick(200, 4_000, 100_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/expectiminimax-star1", case);
        let t = random_chance_tree(&mut rng, 4);
        let v = t.value();
        let (lo, hi) = t.payoff_bounds();
        let full = t.reduced(&int(lo), &int(hi), &mut Reads::default());
        if full != v {
            return Err(format!("{t}: value {v}, Star1 with the full window {full}"));
        }
        let halves: Vec<Ratio> = (-2..=22).map(|h| Ratio::new(h.into(), 2.into())).collect();
        for (x, a) in halves.iter().enumerate().step_by(4) {
            for b in halves[x..].iter().step_by(3) {
                let mut reads = Reads::default();
                let r = t.reduced(a, b, &mut reads);
                let want = if v < *a {
                    a.clone()
                } else if v > *b {
                    b.clone()
                } else {
                    v.clone()
                };
                if r != want || reads.0 > t.leaves() as u64 {
                    return Err(format!(
                        "{t}: window [{a}, {b}]: Star1 {r} ({} reads of {} leaves), clamp {want}",
                        reads.0,
                        t.leaves()
                    ));
                }
            }
        }
        Ok(())
    })
}

fn int(p: i64) -> Ratio {
    Ratio::from_integer(p.into())
}

fn pig_exact(config: &Config) -> Tally {
    let top = config.scale.pick(12u32, 25, 40);
    check_cases(config, u64::from(top), |case| {
        let t = case as u32 + 1;
        let s = pig::solve_exact(t).map_err(|e| e.to_string())?;
        let vi = pig::value_iteration(t, 1e-13).map_err(|e| e.to_string())?;
        let p = |i: u32, j: u32, k: u32| -> Ratio {
            if i + k >= t {
                Ratio::one()
            } else {
                s.value(i, j, k).expect("a state of the game")
            }
        };
        let sixth = Ratio::new(1.into(), 6.into());
        for i in 0..t {
            for j in 0..t {
                for k in 0..t - i {
                    let mut roll = Ratio::one() - p(j, i, 0);
                    for r in 2..=6 {
                        roll += p(i, j, k + r);
                    }
                    roll *= &sixth;
                    let best = if k > 0 {
                        roll.max(Ratio::one() - p(j, i + k, 0))
                    } else {
                        roll
                    };
                    let v = p(i, j, k);
                    if v != best {
                        return Err(format!(
                            "target {t}, state ({i}, {j}, {k}): solution {v}, equations {best}"
                        ));
                    }
                    let f = v.to_f64().unwrap_or(f64::NAN);
                    let g = vi[((i * t + j) * t + k) as usize];
                    if (f - g).abs() > 1e-10 {
                        return Err(format!(
                            "target {t}, state ({i}, {j}, {k}): exact {f}, value iteration {g}"
                        ));
                    }
                }
            }
        }
        Ok(())
    })
}

/// A random impartial position with coin tosses: up to 3 moves, depth ≤ 3.
fn random_chance_position(rng: &mut Rng, depth: u32) -> ChancePosition {
    let moves = if depth == 0 { 0 } else { rng.below(4) };
    let half = Ratio::new(1.into(), 2.into());
    ChancePosition::new(
        (0..moves)
            .map(|_| {
                if rng.chance(1, 3) {
                    vec![
                        (half.clone(), random_chance_position(rng, depth - 1)),
                        (half.clone(), random_chance_position(rng, depth - 1)),
                    ]
                } else {
                    vec![(Ratio::one(), random_chance_position(rng, depth - 1))]
                }
            })
            .collect(),
    )
}

fn chance_nimber(config: &Config) -> Tally {
    let total = config.scale.pick(100, 2_000, 20_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/chance-position-is-a-nimber", case);
        let x = random_chance_position(&mut rng, 3);
        // Depth 3 with at most 3 moves: a nimber-like position is at most *3.
        match impartial::equal_nimber(&x, 4) {
            Some(_) => Ok(()),
            None => {
                let alone = impartial::win_probability(&[&x]);
                Err(format!(
                    "{} equals no nimber: won alone with probability {alone}",
                    describe(&x)
                ))
            }
        }
    })
}

/// A chance position in a compact notation: `{a, b}` for moves, `(a|b)` for a coin toss, `*n`
/// for a position that is a nim heap.
fn describe(x: &ChancePosition) -> String {
    if !x.has_chance()
        && let Some(g) = impartial::equal_nimber(x, 4)
    {
        return format!("*{g}");
    }
    let moves: Vec<String> = x
        .moves()
        .iter()
        .map(|m| match m.as_slice() {
            [(_, a), (_, b)] => format!("({}|{})", describe(a), describe(b)),
            [(_, a)] => describe(a),
            _ => "?".to_owned(),
        })
        .collect();
    format!("{{{}}}", moves.join(", "))
}

fn grid_cycle_pairing(config: &Config) -> Tally {
    let mut windows = vec![
        (2u8, 2u8),
        (3, 2),
        (2, 3),
        (3, 3),
        (4, 2),
        (2, 4),
        (4, 3),
        (3, 4),
    ];
    if config.scale.pick(false, false, true) {
        windows.push((4, 4));
    }
    let exhaustive = windows.len() as u64;
    let random = config.scale.pick(50u64, 1_000, 10_000);
    check_cases(config, exhaustive + random, |case| {
        if case < exhaustive {
            let (w, h) = windows[case as usize];
            let start = CycleGame::new(w, h).map_err(|e| e.to_string())?;
            return match cycle::pairing_holds_everywhere(&start) {
                Ok(_) => Ok(()),
                Err(segments) => Err(format!(
                    "{w}×{h}: the first player closed a cycle with {}",
                    segments
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("; ")
                )),
            };
        }
        let mut rng = Rng::for_case("minimax/grid-cycle-pairing", case);
        let (w, h) = (4 + rng.below(27) as u8, 4 + rng.below(27) as u8);
        let greedy = case % 2 == 0;
        let mut g = CycleGame::new(w, h).map_err(|e| e.to_string())?;
        let mut free: Vec<GridEdge> = g.free().collect();
        let mut moves = 0;
        while !g.over() && moves < 300 {
            // The greedy player extends its last segment when it can; else a random segment.
            let near: Vec<GridEdge> = match g.last_first() {
                Some(last) if greedy => g.free_neighbours(last).collect(),
                _ => Vec::new(),
            };
            let choice = if near.is_empty() {
                free.retain(|&e| g.is_free(e));
                free[rng.below(free.len() as u64) as usize]
            } else {
                near[rng.below(near.len() as u64) as usize]
            };
            g.take(choice).map_err(|e| e.to_string())?;
            moves += 1;
            if g.cycle_closed() {
                return Err(format!(
                    "{w}×{h}: a cycle closed after {moves} moves of the first player"
                ));
            }
            if let Some(r) = g.pairing_reply() {
                g.take(r).map_err(|e| e.to_string())?;
            }
        }
        Ok(())
    })
}

fn sharper_rate(config: &Config) -> Tally {
    let ratios = andor::rate_ratios();
    check_cases(config, ratios.len() as u64, |case| {
        let i = case as usize;
        let n = i + 1;
        let r = ratios[i];
        if r >= 1.11 {
            return Err(format!("n={n}: ratio {r:.12} is not below 1.11"));
        }
        if i == 0 {
            return Ok(());
        }
        let step = r - ratios[i - 1];
        if step <= 0.0 {
            return Err(format!(
                "n={n}: ratio {r:.12} does not increase (step {step:e})"
            ));
        }
        if n >= 3 {
            let before = ratios[i - 1] - ratios[i - 2];
            if step > 0.6 * before {
                return Err(format!(
                    "n={n}: step {step:e} is more than 0.6 of the step before ({before:e})"
                ));
            }
        }
        Ok(())
    })
}

/// A random tree: branching 1..=max_b per vertex, depth ≤ max_d, payoffs in `0..range`.
fn random_tree(rng: &mut Rng, max_b: u64, max_d: u32, range: u64, max_first: bool) -> Tree<i64> {
    if max_d == 0 || rng.chance(1, 5) {
        return Tree::leaf(rng.below(range) as i64);
    }
    let b = 1 + rng.below(max_b);
    let children = (0..b)
        .map(|_| random_tree(rng, max_b, max_d - 1, range, !max_first))
        .collect();
    let kind = if max_first { Kind::Max } else { Kind::Min };
    Tree::inner(kind, children).expect("a child and a small depth")
}

fn evaluators_agree(config: &Config) -> Tally {
    let total = config.scale.pick(500, 50_000, 500_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/evaluators-agree", case);
        let t = random_tree(&mut rng, 4, 6, 20, case % 2 == 0);
        let v = t.value();
        let r = value_recursive(&mut TreeRobot::new(&t));
        let i = value_iterative(&mut TreeRobot::new(&t));
        let ab = reduced_value(&mut TreeRobot::new(&t), i64::MIN, i64::MAX);
        let fs = fail_soft(&mut TreeRobot::new(&t), i64::MIN, i64::MAX);
        if r == v && i == v && ab == Some(v) && fs == Some(v) {
            Ok(())
        } else {
            Err(format!(
                "{t}: value {v}, recursive {r}, stack {i}, ab {ab:?}, soft {fs:?}"
            ))
        }
    })
}

fn contract(config: &Config) -> Tally {
    let total = config.scale.pick(200, 20_000, 200_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/reduced-cost-contract", case);
        let t = random_tree(&mut rng, 3, 5, 10, true);
        let v = t.value();
        for a in -1..=10 {
            for b in a..=10 {
                let hard = reduced_value(&mut TreeRobot::new(&t), a, b);
                let soft = fail_soft(&mut TreeRobot::new(&t), a, b);
                if hard != Some(v.clamp(a, b)) || soft.map(|s| s.clamp(a, b)) != Some(v.clamp(a, b))
                {
                    return Err(format!(
                        "{t} window [{a}, {b}]: value {v}, hard {hard:?}, soft {soft:?}"
                    ));
                }
            }
        }
        Ok(())
    })
}

fn value_is_payoff(config: &Config) -> Tally {
    let total = config.scale.pick(500, 50_000, 500_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/value-is-a-payoff", case);
        let t = random_tree(&mut rng, 4, 6, 1000, case % 2 == 1);
        let v = t.value();
        if t.payoffs().contains(&&v) {
            Ok(())
        } else {
            Err(format!("{t}: value {v} is no payoff"))
        }
    })
}

fn one_leaf(config: &Config) -> Tally {
    let total = config.scale.pick(200, 20_000, 200_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/one-leaf-change", case);
        let t = random_tree(&mut rng, 3, 5, 10, true);
        let i = rng.below(t.leaves() as u64) as usize;
        let a = t.with_leaf(i, -1000).value();
        let b = t.with_leaf(i, 1000).value();
        for c in -2..=12 {
            let got = t.with_leaf(i, c).value();
            if got != c.clamp(a, b) {
                return Err(format!(
                    "{t} leaf {i} := {c}: value {got}, clamp {}",
                    c.clamp(a, b)
                ));
            }
        }
        Ok(())
    })
}

/// Reorders children best-first for the player to move.
fn best_first(t: &Tree<i64>) -> Tree<i64> {
    let mut c: Vec<Tree<i64>> = t.children().iter().map(best_first).collect();
    match t.kind() {
        Kind::Final => t.clone(),
        Kind::Max => {
            c.sort_by_key(|x| std::cmp::Reverse(x.value()));
            Tree::max(c).expect("the children of a valid vertex")
        }
        Kind::Min => {
            c.sort_by_key(Tree::value);
            Tree::min(c).expect("the children of a valid vertex")
        }
    }
}

fn knuth_moore(config: &Config) -> Tally {
    let shapes: Vec<(usize, usize)> = config.scale.pick(
        vec![(2, 1), (2, 2), (2, 3), (3, 2)],
        vec![
            (2, 1),
            (2, 2),
            (2, 3),
            (2, 4),
            (2, 5),
            (3, 2),
            (3, 3),
            (3, 4),
            (4, 3),
        ],
        vec![(2, 6), (2, 8), (3, 5), (4, 4), (5, 3), (2, 3), (3, 3)],
    );
    let per = config.scale.pick(20u64, 200, 1000);
    check_cases(config, shapes.len() as u64 * per, |case| {
        let (b, d) = shapes[(case / per) as usize];
        let mut rng = Rng::for_case("minimax/knuth-moore", case);
        // Distinct payoffs: a random permutation of 0..b^d.
        let n = b.pow(d as u32);
        let mut payoffs: Vec<i64> = (0..n as i64).collect();
        for i in (1..n).rev() {
            payoffs.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut it = payoffs.into_iter();
        let t = best_first(
            &uniform(b, d, Kind::Max, &mut || it.next().expect("enough")).expect("a small tree"),
        );
        let mut robot = TreeRobot::new(&t);
        let v = reduced_value(&mut robot, i64::MIN, i64::MAX);
        let expected = b.pow(d.div_ceil(2) as u32) + b.pow((d / 2) as u32) - 1;
        if v == Some(t.value()) && robot.reads() == expected as u64 {
            Ok(())
        } else {
            Err(format!(
                "b={b} d={d}: read {} leaves, Knuth–Moore {expected}",
                robot.reads()
            ))
        }
    })
}

fn mnk_table(config: &Config) -> Tally {
    let total = config.scale.pick(60, 2_000, 30_000);
    let free = config.scale.pick(6u32, 8, 9);
    let boards = [
        (3u8, 3u8, 3u8),
        (3, 4, 3),
        (4, 3, 3),
        (4, 4, 3),
        (4, 4, 4),
        (2, 5, 2),
    ];
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/mnk-table-vs-minimax", case);
        let (m, n, k) = boards[(case % boards.len() as u64) as usize];
        let mut p = Mnk::new(m, n, k).map_err(|e| e.to_string())?;
        // Pre-play random moves so plain minimax stays cheap.
        let cells = u32::from(m) * u32::from(n);
        let pre = cells.saturating_sub(free) + rng.below(2) as u32;
        for _ in 0..pre {
            if p.terminal().is_some() {
                break;
            }
            let mut moves = Vec::new();
            p.moves(&mut moves);
            p.play(moves[rng.below(moves.len() as u64) as usize]);
        }
        let reference = minimax(&p);
        // Every combination of techniques, with a table from tiny (constant collisions) to
        // comfortable, must give the minimax value.
        let grid = option_grid(&[None, Some(2), Some(16)]);
        let options = grid[(case / boards.len() as u64 % grid.len() as u64) as usize];
        let value = Solver::new(options).solve(&p);
        if value == reference {
            Ok(())
        } else {
            Err(format!(
                "{m},{n},{k} {:?}: minimax {reference}, search with {options:?} {value}",
                p.bitboards()
            ))
        }
    })
}

fn strategy_stealing(config: &Config) -> Tally {
    let mut boards = Vec::new();
    let max_side = config.scale.pick(3u8, 4, 4);
    for m in 1..=max_side {
        for n in 1..=max_side {
            for k in 1..=m.max(n).min(4) {
                boards.push((m, n, k));
            }
        }
    }
    check_cases(config, boards.len() as u64, |case| {
        let (m, n, k) = boards[case as usize];
        let empty = Mnk::new(m, n, k).map_err(|e| e.to_string())?;
        let value = Solver::new(Options::default()).solve(&empty);
        if value >= 0 {
            Ok(())
        } else {
            Err(format!("({m},{n},{k}) is a second-player win"))
        }
    })
}

fn connect4_options(config: &Config) -> Tally {
    let total = config.scale.pick(40, 1_500, 20_000);
    let boards = [(4u8, 4u8), (5, 4), (4, 5), (7, 6), (5, 5)];
    let grid = option_grid(&[None, Some(2), Some(16)]);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/connect4-vs-minimax", case);
        let (w, h) = boards[(case % boards.len() as u64) as usize];
        let mut p = Connect4::new(w, h).map_err(|e| e.to_string())?;
        // Leave 7 to 9 empty cells so plain minimax stays cheap.
        let left = 7 + rng.below(3) as u32;
        let mut moves = Vec::new();
        while p.played() + left < p.cells() && p.terminal().is_none() {
            moves.clear();
            p.moves(&mut moves);
            p.play(moves[rng.below(moves.len() as u64) as usize]);
        }
        let reference = minimax(&p);
        let (_, best) = Solver::new(Options::plain()).best_moves(&p);
        let options = grid[rng.below(grid.len() as u64) as usize];
        let got = Solver::new(options).best_moves(&p);
        if got == (reference, best.clone()) {
            Ok(())
        } else {
            Err(format!(
                "{w}x{h} {:?}: minimax {reference} {best:?}, {options:?} gives {got:?}",
                p.render()
            ))
        }
    })
}

/// The verdict of `p` for the side to move by plain search: the best of its children's
/// verdicts seen from before the move.
fn connect4_verdict(p: &Connect4) -> cgt_core::Verdict {
    use cgt_core::Verdict;
    match p.terminal() {
        Some(0) => return Verdict::Draw,
        Some(_) => return Verdict::Loss(0),
        None => {}
    }
    let mut moves = Vec::new();
    p.moves(&mut moves);
    moves
        .into_iter()
        .map(|c| {
            let mut child = *p;
            child.play(c);
            connect4_verdict(&child).parent()
        })
        .max()
        .unwrap_or(Verdict::Draw)
}

fn connect4_verdicts(config: &Config) -> Tally {
    use crate::connect4::Connect4Solver;
    let total = config.scale.pick(60, 2_000, 20_000);
    let boards = [(3u8, 3u8), (4, 4), (5, 4), (4, 5), (7, 6), (6, 5)];
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/connect4-score-as-verdict", case);
        let (w, h) = boards[(case % boards.len() as u64) as usize];
        let mut p = Connect4::new(w, h).map_err(|e| e.to_string())?;
        let left = 2 + rng.below(8) as u32;
        let mut moves = Vec::new();
        while p.played() + left.min(p.cells()) < p.cells() && p.terminal().is_none() {
            moves.clear();
            p.moves(&mut moves);
            p.play(moves[rng.below(moves.len() as u64) as usize]);
        }
        let want = connect4_verdict(&p);
        let score = match p.terminal() {
            Some(t) => t,
            None => Connect4Solver::new(&p, 12).score(&p),
        };
        let got = p.verdict_of_score(score);
        if got == want {
            Ok(())
        } else {
            Err(format!(
                "{w}x{h} {:?}: score {score} read as {got:?}, search says {want:?}",
                p.render()
            ))
        }
    })
}

fn connect4_solver(config: &Config) -> Tally {
    use crate::connect4::{Connect4Solver, Connect4Table, Depth, Watch, score_parallel};
    use std::sync::Arc;
    let total = config.scale.pick(40, 1_000, 10_000);
    let boards = [(7u8, 6u8), (5, 4), (4, 5), (6, 6), (9, 6), (8, 7), (3, 3)];
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/connect4-solver-vs-minimax", case);
        let (w, h) = boards[(case % boards.len() as u64) as usize];
        let mut p = Connect4::new(w, h).map_err(|e| e.to_string())?;
        let deep = case % 4 == 3 && w * h >= 30 && w <= 7;
        // Plain minimax reads up to width^empty leaves: 4 to 7 empty cells.
        let left = if deep {
            14 + rng.below(4) as u32
        } else {
            4 + rng.below(4) as u32
        };
        let mut moves = Vec::new();
        while p.played() + left.min(p.cells()) < p.cells() && p.terminal().is_none() {
            moves.clear();
            p.moves(&mut moves);
            // A random move that does not end the game, if there is one.
            let start = rng.below(moves.len() as u64) as usize;
            let pick = (0..moves.len())
                .map(|k| moves[(start + k) % moves.len()])
                .find(|&c| {
                    let mut child = p;
                    child.play(c);
                    child.terminal().is_none()
                })
                .unwrap_or(moves[start]);
            p.play(pick);
        }
        let bits = if rng.below(2) == 0 { 12 } else { 16 };
        let table = Arc::new(Connect4Table::new(bits));
        let mut solver = Connect4Solver::with_table(&p, Arc::clone(&table));
        let score = solver.score(&p);
        let columns = solver.move_scores(&p);
        let (reference, best) = if deep {
            Solver::new(Options::default()).best_moves(&p)
        } else {
            let mut best = Vec::new();
            let value = minimax(&p);
            moves.clear();
            if p.terminal().is_none() {
                p.moves(&mut moves);
            }
            for &c in &moves {
                let mut child = p;
                child.play(c);
                if child.terminal().map_or_else(|| -minimax(&child), |t| -t) == value {
                    best.push(c);
                }
            }
            (
                value,
                if p.terminal().is_some() {
                    Vec::new()
                } else {
                    best
                },
            )
        };
        let mine: Vec<Column> = (0..w)
            .filter(|&c| columns.get(usize::from(c)).copied().flatten() == Some(reference))
            .map(Column)
            .collect();
        let threads = 1 + rng.below(2) as usize;
        let parallel = score_parallel(&p, &table, threads, Depth::Exact, &Watch::none())
            .map_err(|e| e.to_string())?
            .0;
        let outcome = solver.outcome(&p);
        if score == reference
            && mine == best
            && parallel == reference
            && outcome == reference.signum()
        {
            Ok(())
        } else {
            Err(format!(
                "{w}x{h} {:?}: reference {reference} {best:?}; solver {score} {columns:?}, \
                 {threads} threads {parallel}, outcome {outcome}",
                p.render()
            ))
        }
    })
}

fn bridgit_search(config: &Config) -> Tally {
    let total = config.scale.pick(40, 1_000, 10_000);
    let grid = option_grid(&[None, Some(3), Some(16)]);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/bridgit-vs-minimax", case);
        let n = 2 + (case % 3) as u8;
        let mut p = Bridgit::new(n).map_err(|e| e.to_string())?;
        let free_target = 6 + rng.below(3) as u32;
        let mut moves = Vec::new();
        while p.free().count_ones() > free_target && p.terminal().is_none() {
            moves.clear();
            p.moves(&mut moves);
            p.play(moves[rng.below(moves.len() as u64) as usize]);
        }
        let reference = minimax(&p);
        let options = grid[rng.below(grid.len() as u64) as usize];
        let value = Solver::new(options).solve(&p);
        if value == reference {
            Ok(())
        } else {
            Err(format!(
                "n={n} {:?}: minimax {reference}, {options:?} gives {value}",
                p.claimed()
            ))
        }
    })
}

fn bridgit_pairing(config: &Config) -> Tally {
    let played = config.scale.pick(3u8, 4, 4);
    let paths = config.scale.pick(6u8, 8, 8);
    let cases: Vec<(bool, u8)> = (1..=played)
        .map(|n| (true, n))
        .chain((2..=paths).map(|n| (false, n)))
        .collect();
    check_cases(config, cases.len() as u64, |case| {
        let (play, n) = cases[case as usize];
        if play {
            let start = Bridgit::new(n).map_err(|e| e.to_string())?;
            bridgit::wins_against_everything(start, &mut PairingPlayer::new(n))
                .map(|_| ())
                .map_err(|line| format!("n={n}: Top wins with {line:?}"))
        } else {
            bridgit::pairing_blocks_every_path(n)
                .map_err(|path| format!("n={n}: Top path {path:?} uses one slot of each pair"))
        }
    })
}

fn bridgit_crossings(config: &Config) -> Tally {
    let max = config.scale.pick(3u8, 3, 4);
    check_cases(config, u64::from(max), |case| {
        let n = case as u8 + 1;
        bridgit::exactly_one_crosses(n).map_err(|left| {
            format!("n={n}: Left's slots {left:#b} and the rest both cross, or neither")
        })?;
        let e = u32::from(n * n + (n - 1) * (n - 1));
        let count = bridgit::crossing_count(n);
        if count == 1 << (e - 1) {
            Ok(())
        } else {
            Err(format!("n={n}: {count} crossing sets, not 2^{}", e - 1))
        }
    })
}

fn bridgit_shannon(config: &Config) -> Tally {
    // Each case: (n, ties). The claim fails if any case finds a winning line for Top.
    let cases = [
        (2u8, bridgit::Ties::All),
        (3, bridgit::Ties::Best),
        (3, bridgit::Ties::All),
        (4, bridgit::Ties::Best),
    ];
    let count = config.scale.pick(3u64, 4, 4);
    check_cases(config, count, |case| {
        let (n, every) = cases[case as usize];
        let start = Bridgit::new(n).map_err(|e| e.to_string())?;
        bridgit::shannon_record(start, every)
            .map(|_| ())
            .map_err(|line| {
                format!(
                    "n={n}, {} tie-break: Top wins with {line:?}",
                    if every == bridgit::Ties::All {
                        "a bad"
                    } else {
                        "any"
                    }
                )
            })
    })
}
