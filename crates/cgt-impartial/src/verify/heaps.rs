//! Sweeps for the heap games: Nim, misère Nim, Staircase, Moore, divisor, stones, Wythoff.

use std::cell::RefCell;
use std::collections::HashMap;

use cgt_core::verify::{Config, Expect, Rng, Sweep, Tally, check_cases};
use cgt_core::{ImpartialGame, Nimber, Outcome, Solver};

use crate::divisor::{self, DivisorGame};
use crate::nim::{self, MooreNim, Nim};
use crate::{HeapMove, stones, wythoff};

pub(super) fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "impartial/bouton",
            claim: "Nim: Grundy value = XOR of heaps (Bouton, Sprague–Grundy) and the winning moves \
                    are exactly the moves to P, against search of the game tree",
            expect: Expect::Holds,
            run: bouton,
        },
        Sweep {
            name: "impartial/misere-nim",
            claim: "misère Nim: P iff (all heaps ≤ 1 and an odd number of 1s) or (a heap ≥ 2 and \
                    XOR = 0); winning moves exactly the moves to P, against search",
            expect: Expect::Holds,
            run: misere,
        },
        Sweep {
            name: "impartial/misere-nim-wording",
            claim: "the lessons' wording of misère Nim: 'aim to leave nim-sum 1' (the winning \
                    moves are the moves to nim-sum 1) and 'all heaps 1: you win if their number \
                    is odd' — false; counterexamples against search (Nim (4, 2): the move to \
                    nim-sum 1, (3, 2), loses)",
            expect: Expect::Refuted,
            run: misere_wording,
        },
        Sweep {
            name: "impartial/staircase-nim",
            claim: "Staircase Nim: P iff the XOR of the odd steps is 0; winning moves exactly the \
                    moves to P, against search",
            expect: Expect::Holds,
            run: staircase,
        },
        Sweep {
            name: "impartial/moore-rule",
            claim: "Moore's Nim_k (k = 1..3): P iff every binary column sum is divisible by k+1, \
                    and the constructive move reaches P, against search",
            expect: Expect::Holds,
            run: moore_rule,
        },
        Sweep {
            name: "impartial/moore-grundy-is-xor",
            claim: "the seed's claim that Moore's Nim (k = 2, 3) has Grundy value = XOR of the \
                    heaps — false; counterexamples against search",
            expect: Expect::Refuted,
            run: moore_xor,
        },
        Sweep {
            name: "impartial/divisor-parity",
            claim: "divisor game: the player to move wins iff N is even, the winning moves are \
                    exactly the odd divisors, and the sieve's Grundy values match, against search",
            expect: Expect::Holds,
            run: divisor_parity,
        },
        Sweep {
            name: "impartial/stones-closed-form",
            claim: "one-use Game of Stones: a pile of n has Grundy value max{k : k(k+1)/2 ≤ n}, \
                    against search; winning moves of two-pile positions reach value 0",
            expect: Expect::Holds,
            run: stones_closed_form,
        },
        Sweep {
            name: "impartial/wythoff-p-formula",
            claim: "Wythoff: P-positions are (⌊kφ⌋, ⌊kφ²⌋) and mirrors, winning moves exactly the \
                    moves to P, against the naive Grundy table; huge k self-consistent",
            expect: Expect::Holds,
            run: wythoff_formula,
        },
        Sweep {
            name: "impartial/wythoff-grundy-table",
            claim: "the bitset Wythoff Grundy table equals the naive mex over row, column and \
                    diagonal",
            expect: Expect::Holds,
            run: wythoff_table,
        },
    ]
}

/// Heap vectors: all vectors of `count` heaps in `0..=max`, for each `(count, max)` in turn.
fn heap_domain_size(domain: &[(u32, u64)]) -> u64 {
    domain.iter().map(|&(c, m)| (m + 1).pow(c)).sum()
}

fn decode_heaps(mut case: u64, domain: &[(u32, u64)]) -> Vec<u64> {
    for &(count, max) in domain {
        let block = (max + 1).pow(count);
        if case < block {
            return (0..count)
                .map(|_| {
                    let h = case % (max + 1);
                    case /= max + 1;
                    h
                })
                .collect();
        }
        case -= block;
    }
    unreachable!("case beyond the domain")
}

/// Brute-force win/loss of the player to move, by memoised recursion over `options`.
/// `misere`: a player with no move wins instead of losing. Keys are the positions as given.
fn brute_wins(
    memo: &mut HashMap<Vec<u64>, bool>,
    position: &[u64],
    options: &dyn Fn(&[u64]) -> Vec<Vec<u64>>,
    misere: bool,
) -> bool {
    if let Some(&w) = memo.get(position) {
        return w;
    }
    let opts = options(position);
    let wins = if opts.is_empty() {
        misere
    } else {
        opts.iter().any(|o| !brute_wins(memo, o, options, misere))
    };
    memo.insert(position.to_vec(), wins);
    wins
}

fn nim_options(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    Nim.options(&heaps.to_vec(), &mut out);
    out
}

fn staircase_options(steps: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 1..steps.len() {
        for c in 1..=steps[i] {
            let mut next = steps.to_vec();
            next[i] -= c;
            next[i - 1] += c;
            out.push(next);
        }
    }
    out
}

thread_local! {
    static NIM_SOLVER: RefCell<Solver<Nim>> = RefCell::new(Solver::new(Nim));
    static MEMO: RefCell<HashMap<&'static str, HashMap<Vec<u64>, bool>>> =
        RefCell::new(HashMap::new());
}

/// Brute-force outcome with a per-thread memo per `tag`, shared by the cases of one sweep.
fn brute_outcome(
    tag: &'static str,
    position: &[u64],
    options: &dyn Fn(&[u64]) -> Vec<Vec<u64>>,
    misere: bool,
) -> Outcome {
    MEMO.with(|m| {
        let mut all = m.borrow_mut();
        let memo = all.entry(tag).or_default();
        if brute_wins(memo, position, options, misere) {
            Outcome::N
        } else {
            Outcome::P
        }
    })
}

fn bouton(config: &Config) -> Tally {
    let domain = nim_domain(config);
    check_cases(config, heap_domain_size(&domain), |case| {
        let heaps = decode_heaps(case, &domain);
        let brute = NIM_SOLVER
            .with(|s| s.borrow_mut().grundy(&heaps))
            .map_err(|e| e.to_string())?;
        if nim::nim_grundy(&heaps) != brute {
            return Err(format!(
                "{heaps:?}: XOR {}, search {brute}",
                nim::nim_grundy(&heaps)
            ));
        }
        let searched = NIM_SOLVER
            .with(|s| s.borrow_mut().winning_moves(&heaps))
            .map_err(|e| e.to_string())?;
        if let Some((m, after)) = searched.iter().find(|(m, after)| m.apply(&heaps) != *after) {
            return Err(format!(
                "{heaps:?}: the search's {m:?} does not lead to {after:?}"
            ));
        }
        let mut expected: Vec<HeapMove> = searched.into_iter().map(|(m, _)| m).collect();
        let mut got: Vec<HeapMove> = nim::nim_winning_moves(&heaps);
        expected.sort();
        got.sort();
        if got != expected {
            return Err(format!("{heaps:?}: moves to {got:?}, search {expected:?}"));
        }
        Ok(())
    })
}

fn check_moves(
    what: &str,
    position: &[u64],
    got: Vec<Vec<u64>>,
    options: &dyn Fn(&[u64]) -> Vec<Vec<u64>>,
    is_p: &dyn Fn(&[u64]) -> bool,
) -> Result<(), String> {
    let mut expected: Vec<Vec<u64>> = options(position).into_iter().filter(|o| is_p(o)).collect();
    expected.sort();
    expected.dedup();
    let mut got = got;
    got.sort();
    got.dedup();
    if got == expected {
        Ok(())
    } else {
        Err(format!(
            "{what} {position:?}: moves to {got:?}, search finds {expected:?}"
        ))
    }
}

/// Misère Nim's outcome by search (heaps in any order share one memo entry).
fn misere_nim_brute(heaps: &[u64]) -> Outcome {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    brute_outcome("misere", &key, &nim_options, true)
}

/// The Nim positions the Bouton and misère sweeps try: every position of 3 heaps up to 4
/// (cargo test), more at quick and full scale.
fn nim_domain(config: &Config) -> Vec<(u32, u64)> {
    config.scale.pick(
        vec![(3, 4)],
        vec![(3, 7), (4, 5)],
        vec![(3, 20), (4, 10), (5, 6)],
    )
}

fn misere(config: &Config) -> Tally {
    let domain = nim_domain(config);
    check_cases(config, heap_domain_size(&domain), |case| {
        let heaps = decode_heaps(case, &domain);
        let brute = misere_nim_brute;
        let rule = nim::misere_outcome(&heaps);
        if rule != brute(&heaps) {
            return Err(format!("{heaps:?}: rule {rule}, search {}", brute(&heaps)));
        }
        let got = nim::misere_winning_moves(&heaps)
            .iter()
            .map(|m| m.apply(&heaps))
            .collect();
        check_moves("misère", &heaps, got, &nim_options, &|o| {
            brute(o) == Outcome::P
        })
    })
}

fn misere_wording(config: &Config) -> Tally {
    let domain = nim_domain(config);
    check_cases(config, heap_domain_size(&domain), |case| {
        let heaps = decode_heaps(case, &domain);
        let brute = misere_nim_brute;
        let xor = |h: &[u64]| h.iter().fold(0, |a, &x| a ^ x);
        // "Aim to leave nim-sum 1": the moves it names against the moves that win.
        let options = nim_options(&heaps);
        let named: Vec<&Vec<u64>> = options.iter().filter(|o| xor(o) == 1).collect();
        let winning: Vec<&Vec<u64>> = options.iter().filter(|o| brute(o) == Outcome::P).collect();
        if named != winning {
            return Err(format!(
                "{heaps:?}: 'leave nim-sum 1' names {named:?}, the winning moves are {winning:?}"
            ));
        }
        // "All heaps 1: you win if their number is odd".
        if heaps.iter().all(|&h| h <= 1) {
            let ones = heaps.iter().filter(|&&h| h == 1).count();
            let says_win = ones % 2 == 1;
            if says_win != (brute(&heaps) == Outcome::N) {
                return Err(format!(
                    "{heaps:?}: {ones} heaps of 1, the wording says the player to move {}, search says {}",
                    if says_win { "wins" } else { "loses" },
                    brute(&heaps)
                ));
            }
        }
        Ok(())
    })
}

fn staircase(config: &Config) -> Tally {
    let domain = config.scale.pick(
        vec![(4, 3)],
        vec![(4, 5), (5, 3)],
        vec![(4, 10), (5, 6), (6, 4)],
    );
    check_cases(config, heap_domain_size(&domain), |case| {
        let steps = decode_heaps(case, &domain);
        let brute = |s: &[u64]| brute_outcome("staircase", s, &staircase_options, false);
        let rule = Outcome::from_grundy(nim::staircase_grundy(&steps));
        if rule != brute(&steps) {
            return Err(format!("{steps:?}: rule {rule}, search {}", brute(&steps)));
        }
        let got = nim::staircase_winning_moves(&steps)
            .iter()
            .map(|m| m.apply(&steps))
            .collect();
        check_moves("staircase", &steps, got, &staircase_options, &|o| {
            brute(o) == Outcome::P
        })
    })
}

/// Moore cases: `k` cycles through 1..=3 with the heap domain per `k`.
fn moore_domain(config: &Config) -> Vec<(u32, u64)> {
    config.scale.pick(
        vec![(3, 3)],
        vec![(3, 5), (4, 3)],
        vec![(3, 10), (4, 6), (5, 4)],
    )
}

fn moore_rule(config: &Config) -> Tally {
    let domain = moore_domain(config);
    let per_k = heap_domain_size(&domain);
    check_cases(config, 3 * per_k, |case| {
        let k = (case / per_k) as usize + 1;
        let heaps = decode_heaps(case % per_k, &domain);
        let game = MooreNim::new(k).expect("k ≥ 1");
        let options = |h: &[u64]| {
            let mut out = Vec::new();
            game.options(&h.to_vec(), &mut out);
            out
        };
        let tag = ["moore1", "moore2", "moore3"][k - 1];
        let brute = |h: &[u64]| {
            let mut key = h.to_vec();
            key.sort_unstable();
            brute_outcome(tag, &key, &options, false)
        };
        let rule = game.outcome(&heaps);
        if rule != brute(&heaps) {
            return Err(format!(
                "k={k} {heaps:?}: rule {rule}, search {}",
                brute(&heaps)
            ));
        }
        match game.winning_move(&heaps) {
            None if rule == Outcome::P => Ok(()),
            Some(m) => {
                let after = m.apply(&heaps);
                let legal = m.changes.len() <= k
                    && !m.changes.is_empty()
                    && m.changes.iter().all(|c| c.to < c.from);
                if legal && brute(&after) == Outcome::P {
                    Ok(())
                } else {
                    Err(format!(
                        "k={k} {heaps:?}: move {m} leads to {after:?}, not P"
                    ))
                }
            }
            None => Err(format!("k={k} {heaps:?}: N-position without a move")),
        }
    })
}

fn moore_xor(config: &Config) -> Tally {
    let domain = config
        .scale
        .pick(vec![(3, 3)], vec![(3, 4)], vec![(3, 6), (4, 3)]);
    let per_k = heap_domain_size(&domain);
    check_cases(config, 2 * per_k, |case| {
        let k = (case / per_k) as usize + 2;
        let heaps = decode_heaps(case % per_k, &domain);
        let game = MooreNim::new(k).expect("k ≥ 1");
        let mut solver = Solver::new(game);
        let g = solver.grundy(&heaps).map_err(|e| e.to_string())?;
        let xor = nim::nim_grundy(&heaps);
        if g == xor {
            Ok(())
        } else {
            Err(format!(
                "Nim_{k} {heaps:?}: Grundy value {g} by search, XOR {xor}"
            ))
        }
    })
}

fn divisor_parity(config: &Config) -> Tally {
    let max = config.scale.pick(300u64, 20_000, 200_000);
    // One search over 1..=max: outcomes of smaller numbers are memoised in order.
    let mut solver = Solver::new(DivisorGame);
    let mut brute = vec![Outcome::P; max as usize + 1];
    let mut brute_grundy = vec![0u64; max as usize + 1];
    for n in 1..=max {
        let g = solver.grundy(&n).expect("n − d < n: acyclic");
        brute[n as usize] = Outcome::from_grundy(g);
        brute_grundy[n as usize] = g.value();
    }
    let sieve = divisor::grundy_values(max).expect("within the limit");
    check_cases(config, max, |case| {
        let n = case + 1;
        if sieve[n as usize] != brute_grundy[n as usize] {
            return Err(format!(
                "N={n}: sieve Grundy value {}, search {}",
                sieve[n as usize], brute_grundy[n as usize]
            ));
        }
        let rule = divisor::outcome(n).map_err(|e| e.to_string())?;
        if rule != brute[n as usize] {
            return Err(format!("N={n}: rule {rule}, search {}", brute[n as usize]));
        }
        // Divisors by trial division up to √n, independent of the factoring code.
        let mut expected = Vec::new();
        let mut d = 1;
        while d * d <= n {
            if n % d == 0 {
                for e in [d, n / d] {
                    if e < n && brute[(n - e) as usize] == Outcome::P && !expected.contains(&e) {
                        expected.push(e);
                    }
                }
            }
            d += 1;
        }
        expected.sort_unstable();
        let got = divisor::winning_moves(n).map_err(|e| e.to_string())?;
        if got == expected {
            Ok(())
        } else {
            Err(format!(
                "N={n}: winning divisors {got:?}, search {expected:?}"
            ))
        }
    })
}

fn stones_closed_form(config: &Config) -> Tally {
    let max = config.scale.pick(24u64, 48, 64);
    let pairs = config.scale.pick(20u64, 300, 2000);
    check_cases(config, max + 1 + pairs, |case| {
        let mut solver = Solver::new(stones::OneUsePile);
        if case <= max {
            let n = case;
            let state = stones::PileState {
                left: n as u32,
                used: 0,
            };
            let g = stones::search(&mut solver, state);
            let closed = stones::pile_grundy(n);
            return if g == closed {
                Ok(())
            } else {
                Err(format!("pile {n}: search {g}, closed form {closed}"))
            };
        }
        let mut rng = Rng::for_case("impartial/stones-closed-form", case);
        let piles = [rng.below(max / 2 + 1), rng.below(max / 2 + 1)];
        let moves = stones::winning_moves(&piles).map_err(|e| e.to_string())?;
        let (g, outcome) = stones::outcome(&piles);
        if (outcome == Outcome::N) == moves.is_empty() {
            return Err(format!(
                "{piles:?}: value {g} but {} winning moves",
                moves.len()
            ));
        }
        for m in moves {
            let after = stones::PileState {
                left: (piles[m.pile] - m.take) as u32,
                used: 1 << m.take,
            };
            let other = stones::pile_grundy(piles[1 - m.pile]);
            if stones::search(&mut solver, after) + other != Nimber::ZERO {
                return Err(format!(
                    "{piles:?}: taking {} from pile {} is not a P-move",
                    m.take, m.pile
                ));
            }
        }
        Ok(())
    })
}

fn wythoff_formula(config: &Config) -> Tally {
    let n = config.scale.pick(40usize, 300, 1000);
    let table = wythoff::grundy_table_naive(n);
    let random = config.scale.pick(1000u64, 200_000, 2_000_000);
    let cells = (n * n) as u64;
    check_cases(config, cells + random, |case| {
        if case < cells {
            let (a, b) = ((case / n as u64) as usize, (case % n as u64) as usize);
            let p = table[a * n + b] == 0;
            if wythoff::is_p_position(a as u64, b as u64) != p {
                return Err(format!("({a}, {b}): formula says P = {}", !p));
            }
            // Every move to a P-position, by the naive table.
            let mut expected = Vec::new();
            for a2 in 0..a {
                if table[a2 * n + b] == 0 {
                    expected.push((a2 as u64, b as u64));
                }
            }
            for b2 in 0..b {
                if table[a * n + b2] == 0 {
                    expected.push((a as u64, b2 as u64));
                }
            }
            for t in 1..=a.min(b) {
                if table[(a - t) * n + (b - t)] == 0 {
                    expected.push(((a - t) as u64, (b - t) as u64));
                }
            }
            expected.sort_unstable();
            let mut got: Vec<(u64, u64)> = wythoff::winning_moves(a as u64, b as u64)
                .iter()
                .map(|m| m.apply((a as u64, b as u64)))
                .collect();
            got.sort_unstable();
            return if got == expected {
                Ok(())
            } else {
                Err(format!("({a}, {b}): moves to {got:?}, table {expected:?}"))
            };
        }
        // Huge k: the pair is P, its neighbours are not, partners agree, and moves from a
        // nearby N-position land on P.
        let mut rng = Rng::for_case("impartial/wythoff-p-formula", case);
        let k = rng.below(wythoff::MAX_K) + 1;
        let (a, b) = wythoff::p_pair(k).map_err(|e| e.to_string())?;
        if !wythoff::is_p_position(a, b) || wythoff::is_p_position(a, b + 1) {
            return Err(format!("k={k}: pair ({a}, {b}) misjudged"));
        }
        if wythoff::partner(a) != Some(b) || wythoff::partner(b) != Some(a) {
            return Err(format!("k={k}: partners of ({a}, {b}) wrong"));
        }
        let (x, y) = (a + rng.below(1000) + 1, b);
        for m in wythoff::winning_moves(x, y) {
            let (p, q) = m.apply((x, y));
            if !wythoff::is_p_position(p, q) {
                return Err(format!("({x}, {y}): {m} does not reach P"));
            }
        }
        if wythoff::winning_moves(x, y).is_empty() {
            return Err(format!("({x}, {y}) is N but no winning move"));
        }
        Ok(())
    })
}

fn wythoff_table(config: &Config) -> Tally {
    let sizes: Vec<usize> = config.scale.pick(
        vec![1, 2, 17, 64],
        vec![1, 5, 64, 129, 300],
        vec![1, 7, 65, 500, 1000],
    );
    check_cases(config, sizes.len() as u64, |case| {
        let n = sizes[case as usize];
        let fast = wythoff::grundy_table(n, u128::MAX).map_err(|e| e.to_string())?;
        let naive = wythoff::grundy_table_naive(n);
        match (0..n * n).find(|&i| fast[i] != naive[i]) {
            None => Ok(()),
            Some(i) => Err(format!(
                "n={n}: g({}, {}) bitset {} naive {}",
                i / n,
                i % n,
                fast[i],
                naive[i]
            )),
        }
    })
}
