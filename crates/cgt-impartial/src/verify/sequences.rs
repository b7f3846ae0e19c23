//! Sweeps for nim-sequences: rare-value against naive, certified periods against extension,
//! and the Sprague–Grundy theorem on sums of heaps.

use cgt_core::verify::{Config, Expect, Sweep, Tally, check_cases};
use cgt_core::{ImpartialGame, Solver};

use crate::heapgame::{HeapGame, OctalCode, SubtractionSet};
use core::ops::ControlFlow;

use cgt_core::rng::Rng;

use crate::nimseq::{self, Algorithm, NimSequence, naive_values};
use crate::period::{certified_period, rule_for};

pub(super) fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "impartial/rare-value-vs-naive",
            claim: "the rare-value engine (forced and auto) equals the naive mex on every 3-digit \
                    octal code 0.d1d2d3, some 4.d1d2 codes and Grundy's game",
            expect: Expect::Holds,
            run: rare_vs_naive,
        },
        Sweep {
            name: "impartial/rare-value-vs-naive-wide",
            claim: "continued from the same synthetic prefix (values up to 6000, a few rare ones \
                    under a random mask), the rare-value engine equals the naive mex on splitting \
                    octal games and Grundy's game: every set size and the watching scan",
            expect: Expect::Holds,
            run: rare_vs_naive_wide,
        },
        Sweep {
            name: "impartial/nim-sequence-threads",
            claim: "nim-sequences computed in blocks on 2 and 3 threads equal the one-thread \
                    values (naive, rare-value and auto; octal games, Grundy's game, and \
                    continuations of synthetic prefixes with values up to 3000)",
            expect: Expect::Holds,
            run: threads_agree,
        },
        Sweep {
            name: "impartial/octal-period-certificates",
            claim: "every period certified (Guy–Smith with n0 ≥ 1, or the window rule) for a \
                    3-digit octal code holds on an extension to several times its window",
            expect: Expect::Holds,
            run: octal_periods,
        },
        Sweep {
            name: "impartial/subtraction-period-certificates",
            claim: "for every subtraction set S ⊆ {1..9}, a period is certified from max(S) \
                    agreements, and it holds on an extension to five times the data",
            expect: Expect::Holds,
            run: subtraction_periods,
        },
        Sweep {
            name: "impartial/nim-sequence-sums",
            claim: "Sprague–Grundy in action: search of positions of two or three heaps of an \
                    octal game or Grundy's game gives the XOR of the nim-sequence values, and \
                    every winning move reaches value 0",
            expect: Expect::Holds,
            run: sums_of_heaps,
        },
        Sweep {
            name: "impartial/misere-heaps",
            claim: "misère outcomes of positions of up to three heaps of octal, subtraction and \
                    Grundy's games, by the generic solver on Misere(HeapSum), equal a direct \
                    recursion on the misère definition (no move: the player to move has won)",
            expect: Expect::Holds,
            run: misere_heaps,
        },
        Sweep {
            name: "impartial/misere-genus",
            claim: "misère nim-sequences and genera of single heaps (γk: the misère Grundy value \
                    of the heap plus k Nim heaps of 2) equal a recursion on the definition over \
                    mixed lists of game and Nim heaps, for every 3-digit octal code, some 4.d1d2 \
                    codes, Grundy's game and subtraction games; γ0 = 0 exactly at misère \
                    P-positions",
            expect: Expect::Holds,
            run: misere_genus,
        },
    ]
}

fn three_digit_code(i: u64) -> HeapGame {
    let d = [i / 64, i / 8 % 8, i % 8];
    let code = format!("0.{}{}{}", d[0], d[1], d[2]);
    HeapGame::Octal(code.parse::<OctalCode>().expect("valid code"))
}

/// Codes 0..512 are 0.d1d2d3; 512..576 are 4.d1d2; 576 is Grundy's game.
pub(super) fn code_for_case(case: u64) -> HeapGame {
    match case {
        0..512 => three_digit_code(case),
        512..576 => {
            let i = case - 512;
            let code = format!("4.{}{}", i / 8, i % 8);
            HeapGame::Octal(code.parse().expect("valid code"))
        }
        _ => HeapGame::Grundy,
    }
}

fn rare_vs_naive(config: &Config) -> Tally {
    let (len, stride) = config.scale.pick((300usize, 37u64), (2000, 4), (2000, 1));
    let cases: Vec<u64> = (0..577).step_by(stride as usize).collect();
    check_cases(config, cases.len() as u64, |i| {
        let game = code_for_case(cases[i as usize]);
        let naive = naive_values(&game, len);
        for algorithm in [Algorithm::Rare, Algorithm::Auto] {
            let fast =
                nimseq::values(&game, len, algorithm, u128::MAX).map_err(|e| e.to_string())?;
            if let Some(n) = (0..len).find(|&n| fast[n] != naive[n]) {
                return Err(format!(
                    "{game} {algorithm:?}: G({n}) = {} but naive {}",
                    fast[n], naive[n]
                ));
            }
        }
        Ok(())
    })
}

/// A prefix of `len` values below `bound`: odd parity under `mask` (common) except about one in
/// `rare_one_in` (rare), so the rare-value path has a sparse space to work with.
pub(crate) fn synthetic_prefix(
    rng: &mut Rng,
    len: usize,
    bound: u32,
    mask: u32,
    rare_one_in: u64,
) -> Vec<u32> {
    let flip = mask & mask.wrapping_neg();
    (0..len)
        .map(|_| {
            let x = rng.below(u64::from(bound)) as u32;
            let odd = (x & mask).count_ones() % 2 == 1;
            let want_odd = !rng.chance(1, rare_one_in);
            let x = if odd == want_odd { x } else { x ^ flip };
            x.min(bound - 1)
        })
        .collect()
}

/// Games with splits whose nim-sequences the sweeps below compute many ways.
const SPLITTING_GAMES: [&str; 8] = [
    "0.6", "0.16", "0.376", "0.77", "4.07", "0.137", "0.04", "grundy",
];

/// The game of a case: the cases go round [`SPLITTING_GAMES`].
fn splitting_game(case: u64) -> Result<HeapGame, String> {
    HeapGame::from_name_or_code(SPLITTING_GAMES[case as usize % SPLITTING_GAMES.len()])
        .map_err(|e| e.to_string())
}

/// `game`'s values up to `len`, continuing `prefix` with `algorithm` on `threads` threads.
fn continued(
    game: &HeapGame,
    algorithm: Algorithm,
    prefix: &[u32],
    len: usize,
    threads: usize,
) -> Result<Vec<u32>, String> {
    let mut seq = NimSequence::resume(game.clone(), algorithm, prefix.to_vec());
    seq.set_threads(threads);
    seq.extend_to(len, u128::MAX, |_| ControlFlow::Continue(()))
        .map_err(|e| e.to_string())?;
    Ok(seq.values().to_vec())
}

fn rare_vs_naive_wide(config: &Config) -> Tally {
    let (cases, extra) = config
        .scale
        .pick((24u64, 300usize), (96, 1200), (384, 3000));
    check_cases(config, cases, |case| {
        let mut rng = Rng::for_case("impartial/rare-value-vs-naive-wide", case);
        let game = splitting_game(case)?;
        // Value bounds for each set the engines use: below 512, below 4096, beyond.
        let bound = [300, 2000, 6000][(case / SPLITTING_GAMES.len() as u64 % 3) as usize];
        let mask = 1 + rng.below(u64::from(bound) - 1) as u32;
        let rare_one_in = 4 + rng.below(60);
        let prefix = synthetic_prefix(&mut rng, 600, bound, mask, rare_one_in);
        let len = prefix.len() + extra;
        let naive = continued(&game, Algorithm::Naive, &prefix, len, 1)?;
        let rare = continued(&game, Algorithm::Rare, &prefix, len, 1)?;
        match (prefix.len()..len).find(|&n| rare[n] != naive[n]) {
            Some(n) => Err(format!(
                "{game}, prefix below {bound} (mask {mask}): G({n}) = {} rare-value but {} naive",
                rare[n], naive[n]
            )),
            None => Ok(()),
        }
    })
}

fn threads_agree(config: &Config) -> Tally {
    let (cases, len) = config
        .scale
        .pick((8u64, 9000usize), (32, 20000), (96, 40000));
    check_cases(config, cases, |case| {
        let mut rng = Rng::for_case("impartial/nim-sequence-threads", case);
        let game = splitting_game(case)?;
        let algorithm = [Algorithm::Auto, Algorithm::Rare, Algorithm::Naive][case as usize % 3];
        // Every other case continues a synthetic prefix with larger values.
        let prefix = if case % 2 == 1 {
            // Bounds at the sets' capacities (64, 512, 4096) make the threads stop and go on in
            // a wider set when a value fills one.
            let bound = [300, 3000, 64, 512, 4096][(case / 2 % 5) as usize];
            let mask = 1 + rng.below(u64::from(bound) - 1) as u32;
            synthetic_prefix(&mut rng, 5000, bound, mask, 16)
        } else {
            Vec::new()
        };
        let one = continued(&game, algorithm, &prefix, len, 1)?;
        for threads in [2, 3] {
            let many = continued(&game, algorithm, &prefix, len, threads)?;
            if let Some(n) = (0..len).find(|&n| many[n] != one[n]) {
                return Err(format!(
                    "{game} {algorithm:?}: G({n}) = {} on {threads} threads but {} on one",
                    many[n], one[n]
                ));
            }
        }
        Ok(())
    })
}

fn octal_periods(config: &Config) -> Tally {
    let (len, stride) = config.scale.pick((300usize, 37u64), (1000, 2), (2000, 1));
    let cases: Vec<u64> = (0..576).step_by(stride as usize).collect();
    check_cases(config, cases.len() as u64, |i| {
        let game = code_for_case(cases[i as usize]);
        let values = naive_values(&game, len);
        let Some(p) = certified_period(&values, rule_for(&game)) else {
            return Ok(());
        };
        let longer = (4 * p.needed).max(2 * len);
        let ext =
            nimseq::values(&game, longer, Algorithm::Auto, u128::MAX).map_err(|e| e.to_string())?;
        if let Some(n) = (p.preperiod..longer - p.period).find(|&n| ext[n + p.period] != ext[n]) {
            return Err(format!(
                "{game}: certified preperiod {} period {} fails at n = {n} (checked to {longer})",
                p.preperiod, p.period
            ));
        }
        // The preperiod is least: the value just before it breaks the period.
        if p.preperiod > 0 && ext[p.preperiod - 1] == ext[p.preperiod - 1 + p.period] {
            return Err(format!(
                "{game}: preperiod {} is not the least",
                p.preperiod
            ));
        }
        // Certificates are stable: the longer sequence proves the same period.
        match certified_period(&ext, rule_for(&game)) {
            Some(q) if (q.preperiod, q.period) == (p.preperiod, p.period) => Ok(()),
            other => Err(format!(
                "{game}: {p:?} from {len} values, {other:?} from {longer}"
            )),
        }
    })
}

fn subtraction_periods(config: &Config) -> Tally {
    let len = config.scale.pick(100usize, 300, 1000);
    check_cases(config, 512, |mask| {
        let set: Vec<u64> = (1..=9).filter(|s| mask >> (s - 1) & 1 == 1).collect();
        let game =
            HeapGame::Subtraction(SubtractionSet::new(set.clone()).map_err(|e| e.to_string())?);
        let values = naive_values(&game, len);
        let Some(p) = certified_period(&values, rule_for(&game)) else {
            return Err(format!(
                "S = {set:?}: no period certified from {len} values"
            ));
        };
        let ext = naive_values(&game, 5 * len);
        match (p.preperiod..5 * len - p.period).find(|&n| ext[n + p.period] != ext[n]) {
            None => Ok(()),
            Some(n) => Err(format!(
                "S = {set:?}: period {} from {} fails at {n}",
                p.period, p.preperiod
            )),
        }
    })
}

/// Positions: sorted vectors of heaps of one heap game.
struct Heaps(HeapGame);

thread_local! {
    /// One solver per game and thread, shared by that thread's cases.
    static SOLVERS: std::cell::RefCell<std::collections::HashMap<String, Solver<Heaps>>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

impl ImpartialGame for Heaps {
    type Position = Vec<u64>;
    /// A move is the number of its option (the oracle has no use for names).
    type Move = usize;
    fn moves(&self, p: &Vec<u64>, out: &mut Vec<(usize, Vec<u64>)>) {
        let mut options = Vec::new();
        self.options(p, &mut options);
        out.extend(options.into_iter().enumerate());
    }
    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in heaps.iter().enumerate() {
            for (_, leaves) in self.0.heap_options(h) {
                let mut next: Vec<u64> = heaps
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &x)| x)
                    .chain(leaves)
                    .filter(|&x| x > 0)
                    .collect();
                next.sort_unstable();
                out.push(next);
            }
        }
    }
}

fn sums_of_heaps(config: &Config) -> Tally {
    let max = config.scale.pick(7u64, 11, 14);
    let games: Vec<HeapGame> = [
        "0.77", "0.07", "0.137", "0.16", "4.07", "0.6", "0.f", "grundy",
    ]
    .iter()
    .map(|s| HeapGame::from_name_or_code(s).expect("valid"))
    .chain(
        ["1,3,4", "2,3,5"]
            .iter()
            .map(|s| HeapGame::Subtraction(s.parse().expect("valid"))),
    )
    .collect();
    let tables: Vec<Vec<u32>> = games
        .iter()
        .map(|g| naive_values(g, (3 * max + 1) as usize))
        .collect();
    let per_game = (max + 1).pow(2) + (max + 1).pow(3);
    check_cases(config, games.len() as u64 * per_game, |case| {
        let index = (case / per_game) as usize;
        let (game, values) = (&games[index], &tables[index]);
        let mut c = case % per_game;
        let heaps: Vec<u64> = if c < (max + 1).pow(2) {
            vec![c / (max + 1), c % (max + 1)]
        } else {
            c -= (max + 1).pow(2);
            vec![
                c / (max + 1).pow(2),
                c / (max + 1) % (max + 1),
                c % (max + 1),
            ]
        };
        let grundy = |position: &[u64]| -> Result<u64, String> {
            let mut key: Vec<u64> = position.iter().copied().filter(|&h| h > 0).collect();
            key.sort_unstable();
            SOLVERS.with(|s| {
                let mut all = s.borrow_mut();
                let solver = all
                    .entry(game.to_string())
                    .or_insert_with(|| Solver::new(Heaps(game.clone())));
                solver
                    .grundy(&key)
                    .map(|g| g.value())
                    .map_err(|e| e.to_string())
            })
        };
        let brute = grundy(&heaps)?;
        let xor = heaps.iter().fold(0u32, |acc, &h| acc ^ values[h as usize]);
        if brute != u64::from(xor) {
            return Err(format!(
                "{game} {heaps:?}: search {brute}, XOR of values {xor}"
            ));
        }
        for m in nimseq::winning_moves(game, values, &heaps) {
            let after: Vec<u64> = heaps
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != m.heap)
                .map(|(_, &x)| x)
                .chain(m.leaves.iter().copied())
                .collect();
            if grundy(&after)? != 0 {
                return Err(format!(
                    "{game} {heaps:?}: move {m} does not reach a P-position"
                ));
            }
        }
        Ok(())
    })
}

/// Misère outcome by the definition: the player to move loses when every move leads to a
/// position the opponent wins, and wins when there is no move at all. Memoised on the sorted
/// heaps; independent of `HeapSum` and of the `Misere` wrapper.
fn misere_lost(
    game: &HeapGame,
    heaps: &[u64],
    memo: &mut std::collections::HashMap<Vec<u64>, bool>,
) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&lost) = memo.get(&key) {
        return lost;
    }
    let mut any_move = false;
    let mut lost = true;
    'all: for (i, &h) in key.iter().enumerate() {
        for (_, leaves) in game.heap_options(h) {
            any_move = true;
            let mut next = key.clone();
            next.remove(i);
            next.extend(leaves);
            if misere_lost(game, &next, memo) {
                lost = false;
                break 'all;
            }
        }
    }
    let lost = any_move && lost;
    memo.insert(key, lost);
    lost
}

fn misere_heaps(config: &Config) -> Tally {
    use cgt_core::Outcome;
    use cgt_core::misere::{Misere, MisereOutcome};

    use crate::heapgame::HeapSum;

    let max = config.scale.pick(5u64, 9, 12);
    let games: Vec<HeapGame> = ["0.77", "0.07", "0.137", "4.07", "grundy"]
        .iter()
        .map(|s| HeapGame::from_name_or_code(s).expect("valid"))
        .chain(
            ["1,3,4", "2,3"]
                .iter()
                .map(|s| HeapGame::Subtraction(s.parse().expect("valid"))),
        )
        .collect();
    let per_game = (max + 1).pow(3);
    check_cases(config, games.len() as u64 * per_game, |case| {
        let game = &games[(case / per_game) as usize];
        let c = case % per_game;
        let heaps = [
            c / (max + 1).pow(2),
            c / (max + 1) % (max + 1),
            c % (max + 1),
        ];
        let mut memo = std::collections::HashMap::new();
        let want = misere_lost(game, &heaps, &mut memo);
        let mut solver = Solver::new(Misere(HeapSum::new(game.clone())));
        let got = solver
            .misere_outcome(&HeapSum::position(&heaps))
            .map_err(|e| e.to_string())?
            == Outcome::P;
        if got != want {
            return Err(format!(
                "misère {game} {heaps:?}: solver P = {got}, definition {want}"
            ));
        }
        let start = HeapSum::position(&heaps);
        for (mv, w) in solver
            .misere_winning_moves(&start)
            .map_err(|e| e.to_string())?
        {
            let mut moved = start.clone();
            moved.remove(mv.heap);
            moved.extend(&mv.leaves);
            let total = mv.removed + mv.leaves.iter().sum::<u64>();
            if start[mv.heap] != mv.from || total != mv.from || HeapSum::position(&moved) != w {
                return Err(format!(
                    "misère {game} {heaps:?}: {mv:?} does not lead to {w:?}"
                ));
            }
            if !misere_lost(game, &w, &mut memo) {
                return Err(format!(
                    "misère {game} {heaps:?}: the move to {w:?} does not win"
                ));
            }
        }
        Ok(())
    })
}

/// The misère Grundy value by the definition, over a list mixing game heaps (`Ok`) and Nim
/// heaps (`Err`), remembered by the sorted list.
fn misere_grundy(
    game: &HeapGame,
    parts: &[Result<u64, u64>],
    memo: &mut std::collections::HashMap<Vec<Result<u64, u64>>, u32>,
) -> u32 {
    let mut key = parts.to_vec();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut seen = Vec::new();
    for (i, part) in key.iter().enumerate() {
        let rest: Vec<Result<u64, u64>> = key[..i].iter().chain(&key[i + 1..]).copied().collect();
        match *part {
            Ok(h) => {
                for (_, leaves) in game.heap_options(h) {
                    let mut next = rest.clone();
                    next.extend(leaves.into_iter().map(Ok));
                    seen.push(misere_grundy(game, &next, memo));
                }
            }
            Err(n) => {
                for t in 0..n {
                    let mut next = rest.clone();
                    next.push(Err(t));
                    seen.push(misere_grundy(game, &next, memo));
                }
            }
        }
    }
    let v = if seen.is_empty() {
        1
    } else {
        (0..).find(|v| !seen.contains(v)).expect("a mex exists")
    };
    memo.insert(key, v);
    v
}

fn misere_genus(config: &Config) -> Tally {
    use crate::genus::genera;

    let (len, terms, stride) = config
        .scale
        .pick((8usize, 4u32, 23u64), (12, 5, 3), (14, 6, 1));
    let cases: Vec<u64> = (0..577).step_by(stride as usize).collect();
    let subtraction: Vec<HeapGame> = ["1,3,4", "2,3", "1,2", "2,5,7"]
        .iter()
        .map(|s| HeapGame::Subtraction(s.parse().expect("valid")))
        .collect();
    let total = cases.len() + subtraction.len();
    check_cases(config, total as u64, |i| {
        let i = i as usize;
        let game = if i < cases.len() {
            code_for_case(cases[i])
        } else {
            subtraction[i - cases.len()].clone()
        };
        let all = genera(&game, len, terms, 1 << 22).map_err(|e| e.to_string())?;
        let mut memo = std::collections::HashMap::new();
        let mut lost = std::collections::HashMap::new();
        for (n, genus) in all.iter().enumerate() {
            for (k, &v) in genus.misere.iter().enumerate() {
                let mut parts = vec![Ok(n as u64)];
                parts.extend(std::iter::repeat_n(Err(2), k));
                let want = misere_grundy(&game, &parts, &mut memo);
                if v != want {
                    return Err(format!("{game} heap {n}: γ{k} = {v}, definition {want}"));
                }
            }
            let p = misere_lost(&game, &[n as u64], &mut lost);
            if p != (genus.misere[0] == 0) {
                return Err(format!(
                    "{game} heap {n}: γ0 = {} but misère P = {p}",
                    genus.misere[0]
                ));
            }
        }
        Ok(())
    })
}
