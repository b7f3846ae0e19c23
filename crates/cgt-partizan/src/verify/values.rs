//! Sweeps for the arena: canonical forms, comparison, sums, numbers, invariants, notation.

use std::collections::HashMap;

use cgt_core::verify::{Config, Expect, Rng, Sweep, Tally, check_cases};

use super::oracle::{Brute, NoGame, RawStore, class, day2};
use crate::{Arena, Dyadic, GameId};

pub(super) fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "partizan/day2-canonical",
            claim: "on all 256 raw games born by day 2 (every pair): equal canonical forms exactly \
                    when minimax finds G − H a second-player win, ≤ agrees with minimax on G − H, \
                    the outcome class agrees with minimax, and there are 22 distinct forms",
            expect: Expect::Holds,
            run: day2_canonical,
        },
        Sweep {
            name: "partizan/day3-count",
            claim: "the canonical forms of {A | B} over antichains A, B of day-2 games are exactly \
                    1474 distinct games, each born by day 3 (the published count)",
            expect: Expect::Holds,
            run: day3_count,
        },
        Sweep {
            name: "partizan/day3-unique",
            claim: "on the 1474 games born by day 3, every pair: ≤ agrees with minimax on G − H, \
                    so distinct canonical forms are distinct games (all 2,172,676 pairs)",
            expect: Expect::Holds,
            run: day3_unique,
        },
        Sweep {
            name: "partizan/compare-brute",
            claim: "on random raw games born by day 3 and 4: compare() and the outcome class agree \
                    with minimax on G − H and G, and ids are equal exactly when G − H is zero",
            expect: Expect::Holds,
            run: compare_brute,
        },
        Sweep {
            name: "partizan/nimber-sums",
            claim: "the arena adds nimbers by nim-addition and finds distinct nimbers confused \
                    without expanding forms; against minimax on raw nimber trees, *a + *b for \
                    a, b < 8 (quick), 16 or 24 (full)",
            expect: Expect::Holds,
            run: nimber_sums,
        },
        Sweep {
            name: "partizan/sum-laws",
            claim: "G + (−G) = 0, sums commute and associate (identical ids), and the canonical \
                    sum equals the raw sum by minimax, on random games born by day 3",
            expect: Expect::Holds,
            run: sum_laws,
        },
        Sweep {
            name: "partizan/number-avoidance",
            claim: "for G not a number and x a number, whoever wins G + x moving first has a \
                    winning move in G (minimax on raw trees)",
            expect: Expect::Holds,
            run: number_avoidance,
        },
        Sweep {
            name: "partizan/translation",
            claim: "for G not a number and x a number: stops(G + x) = stops(G) + x, \
                    mean(G + x) = mean(G) + x and temperature(G + x) = temperature(G)",
            expect: Expect::Holds,
            run: translation,
        },
        Sweep {
            name: "partizan/mean-value",
            claim: "thermographs: walls start at the stops, mast = mean, means add over sums, \
                    t(G + H) ≤ max(t(G), t(H)), and n·m − t ≤ R(nG) ≤ L(nG) ≤ n·m + t for n ≤ 6",
            expect: Expect::Holds,
            run: mean_value,
        },
        Sweep {
            name: "partizan/simplest-number",
            claim: "{a | b} for numbers a < b is the number of least birthday strictly between \
                    them, found by enumeration (denominators ≤ 16, |x| ≤ 4)",
            expect: Expect::Holds,
            run: simplest_number,
        },
        Sweep {
            name: "partizan/notation-round-trip",
            claim: "every game born by day 3 (and random sums of two) prints in ASCII and Unicode \
                    as text that parses back to the same game",
            expect: Expect::Holds,
            run: notation_round_trip,
        },
    ]
}

/// The 22 canonical games born by day 2, from the raw day-2 games.
pub(super) fn day2_games(arena: &mut Arena) -> Vec<GameId> {
    let mut store = RawStore::default();
    let raws = day2(&mut store);
    let mut memo = HashMap::new();
    let mut games: Vec<GameId> = raws
        .iter()
        .map(|&n| store.canonical(arena, n, &mut memo))
        .collect();
    games.sort_unstable();
    games.dedup();
    games
}

/// Every antichain of `items` under the arena's order.
fn antichains(arena: &mut Arena, items: &[GameId]) -> Vec<Vec<GameId>> {
    let n = items.len();
    let mut comparable = vec![vec![false; n]; n];
    for i in 0..n {
        for j in 0..n {
            comparable[i][j] =
                i != j && (arena.le(items[i], items[j]) || arena.le(items[j], items[i]));
        }
    }
    let mut out = Vec::new();
    let mut current = Vec::new();
    fn go(
        k: usize,
        items: &[GameId],
        comparable: &[Vec<bool>],
        current: &mut Vec<usize>,
        out: &mut Vec<Vec<GameId>>,
    ) {
        if k == items.len() {
            out.push(current.iter().map(|&i| items[i]).collect());
            return;
        }
        go(k + 1, items, comparable, current, out);
        if current.iter().all(|&i| !comparable[i][k]) {
            current.push(k);
            go(k + 1, items, comparable, current, out);
            current.pop();
        }
    }
    go(0, items, &comparable, &mut current, &mut out);
    out
}

pub(super) fn day3(arena: &mut Arena) -> Vec<GameId> {
    let d2 = day2_games(arena);
    let chains = antichains(arena, &d2);
    let mut all = Vec::new();
    for a in &chains {
        for b in &chains {
            if let Ok(g) = arena.form(a, b) {
                all.push(g);
            }
        }
    }
    all.sort_unstable();
    all.dedup();
    all
}

fn day2_canonical(config: &Config) -> Tally {
    check_cases(config, config.scale.pick(16, 256, 256), |case| {
        let mut store = RawStore::default();
        let raws = day2(&mut store);
        let mut arena = Arena::new();
        let mut memo = HashMap::new();
        let canon: Vec<GameId> = raws
            .iter()
            .map(|&n| store.canonical(&mut arena, n, &mut memo))
            .collect();
        if case == 0 {
            let mut distinct = canon.clone();
            distinct.sort_unstable();
            distinct.dedup();
            if distinct.len() != 22 {
                return Err(format!(
                    "{} distinct games born by day 2, not 22",
                    distinct.len()
                ));
            }
        }
        // Cases step through the rows so that a capped run still sees every kind of game.
        let i = (case as usize * 97) % raws.len();
        let mut brute = Brute::new(&NoGame, &store);
        let (gi, ri) = (canon[i], raws[i]);
        let got = arena.outcome(gi);
        let want = class(
            brute.wins(&None, &[(ri, false)], crate::Player::Left),
            brute.wins(&None, &[(ri, false)], crate::Player::Right),
        );
        if got != want || arena.birthday(gi) > 2 {
            return Err(format!("raw game {i}: outcome {got}, minimax {want}"));
        }
        for j in 0..raws.len() {
            let (gj, rj) = (canon[j], raws[j]);
            let le = brute.ge(rj, ri);
            if arena.le(gi, gj) != le {
                return Err(format!(
                    "raw games {i} ≤ {j}: arena says {}, minimax {le} ({} vs {})",
                    !le,
                    arena.display(gi),
                    arena.display(gj)
                ));
            }
            let zero = brute.is_zero(&None, &[(ri, false), (rj, true)]);
            if (gi == gj) != zero {
                return Err(format!(
                    "raw games {i}, {j}: ids equal {}, G − H zero {zero}",
                    gi == gj
                ));
            }
        }
        Ok(())
    })
}

fn day3_count(config: &Config) -> Tally {
    check_cases(config, 1, |_| {
        let mut arena = Arena::new();
        let all = day3(&mut arena);
        if all.len() != 1474 {
            return Err(format!("{} games born by day 3, not 1474", all.len()));
        }
        if let Some(&g) = all.iter().find(|&&g| arena.birthday(g) > 3) {
            return Err(format!(
                "{} has birthday {}",
                arena.display(g),
                arena.birthday(g)
            ));
        }
        Ok(())
    })
}

fn day3_unique(config: &Config) -> Tally {
    let rows = config.scale.pick(3u64, 1474, 1474);
    check_cases(config, rows, |case| {
        let mut arena = Arena::new();
        let all = day3(&mut arena);
        let step = (all.len() as u64).div_ceil(rows);
        let i = (case * step) as usize % all.len();
        let mut store = RawStore::default();
        let mut to_raw = HashMap::new();
        let raws: Vec<u32> = all
            .iter()
            .map(|&g| store.raw_of(&mut arena, g, &mut to_raw))
            .collect();
        let mut brute = Brute::new(&NoGame, &store);
        for j in 0..all.len() {
            let le = brute.ge(raws[j], raws[i]);
            if arena.le(all[i], all[j]) != le {
                return Err(format!(
                    "{} ≤ {}: arena {}, minimax {le}",
                    arena.display(all[i]),
                    arena.display(all[j]),
                    !le
                ));
            }
            if i != j && le && brute.ge(raws[i], raws[j]) {
                return Err(format!(
                    "{} and {} are distinct forms of one game",
                    arena.display(all[i]),
                    arena.display(all[j])
                ));
            }
        }
        Ok(())
    })
}

/// Games held twice, for the sweeps that check an arena operation against the raw oracle:
/// canonical forms in `arena` (the code under test) and raw trees in `store`, with the raw
/// tree of each form remembered. Random games are drawn over `pool`, day 2's games to begin
/// with.
pub(super) struct Twin {
    pub(super) arena: Arena,
    pub(super) store: RawStore,
    pub(super) pool: Vec<GameId>,
    raws: HashMap<GameId, u32>,
}

impl Twin {
    /// A fresh arena and store, the pool the games born by day 2.
    pub(super) fn new() -> Twin {
        let mut arena = Arena::new();
        let pool = day2_games(&mut arena);
        Twin {
            arena,
            store: RawStore::default(),
            pool,
            raws: HashMap::new(),
        }
    }

    /// The raw tree of canonical form `g`.
    pub(super) fn raw(&mut self, g: GameId) -> u32 {
        self.store.raw_of(&mut self.arena, g, &mut self.raws)
    }

    /// A random game `{L | R}` with up to three options a side drawn from the pool: its raw
    /// tree (built by the oracle) and its canonical form (built by the arena).
    pub(super) fn random(&mut self, rng: &mut Rng) -> (u32, GameId) {
        let mut side = || -> Vec<GameId> {
            let k = rng.below(4) as usize;
            (0..k)
                .map(|_| self.pool[rng.below(self.pool.len() as u64) as usize])
                .collect()
        };
        let (l, r) = (side(), side());
        let lr: Vec<u32> = l.iter().map(|&g| self.raw(g)).collect();
        let rr: Vec<u32> = r.iter().map(|&g| self.raw(g)).collect();
        let raw = self.store.add(lr, rr);
        let g = self.arena.form(&l, &r).expect("small games stay in range");
        (raw, g)
    }
}

fn compare_brute(config: &Config) -> Tally {
    check_cases(config, config.scale.pick(60, 4_000, 40_000), |case| {
        let mut rng = Rng::for_case("partizan/compare-brute", case);
        let mut twin = Twin::new();
        // Every other case draws from day-3 games too, for games born by day 4.
        if case % 2 == 1 {
            for _ in 0..6 {
                let (_, g) = twin.random(&mut rng);
                twin.pool.push(g);
            }
        }
        let (ra, a) = twin.random(&mut rng);
        let (rb, b) = twin.random(&mut rng);
        let mut brute = Brute::new(&NoGame, &twin.store);
        let (le, ge) = (brute.ge(rb, ra), brute.ge(ra, rb));
        let want = match (le, ge) {
            (true, true) => Some(core::cmp::Ordering::Equal),
            (true, false) => Some(core::cmp::Ordering::Less),
            (false, true) => Some(core::cmp::Ordering::Greater),
            (false, false) => None,
        };
        let got = twin.arena.compare(a, b);
        if got != want || (a == b) != (le && ge) {
            return Err(format!(
                "{} vs {}: compare {got:?}, minimax {want:?}",
                twin.arena.display(a),
                twin.arena.display(b)
            ));
        }
        let outcome = class(
            brute.wins(&None, &[(ra, false)], crate::Player::Left),
            brute.wins(&None, &[(ra, false)], crate::Player::Right),
        );
        if twin.arena.outcome(a) != outcome {
            return Err(format!(
                "{}: outcome {}, minimax {outcome}",
                twin.arena.display(a),
                twin.arena.outcome(a)
            ));
        }
        Ok(())
    })
}

fn nimber_sums(config: &Config) -> Tally {
    let n = config.scale.pick(8, 16, 24) as u64;
    // The raw trees of *0 … *(n−1), built here and not by the arena.
    let mut store = RawStore::default();
    let mut raw = Vec::new();
    for _ in 0..n.next_power_of_two() {
        let options = raw.clone();
        raw.push(store.add(options.clone(), options));
    }
    check_cases(config, n * n, |case| {
        let (a, b) = (case / n, case % n);
        let mut arena = Arena::new();
        let err = |e: crate::PartizanError| e.to_string();
        let (ga, gb) = (arena.nimber(a).map_err(err)?, arena.nimber(b).map_err(err)?);
        let s = arena.sum(ga, gb).map_err(err)?;
        let mut to_raw = HashMap::new();
        let mut store = store.clone();
        let rs = store.raw_of(&mut arena, s, &mut to_raw);
        let mut brute = Brute::new(&NoGame, &store);
        let (ra, rb) = (raw[a as usize], raw[b as usize]);
        if !brute.is_zero(&None, &[(ra, false), (rb, false), (rs, true)]) {
            return Err(format!(
                "*{a} + *{b} = {} is not the sum by minimax",
                arena.display(s)
            ));
        }
        let confused = !brute.ge(ra, rb) && !brute.ge(rb, ra);
        if (arena.compare(ga, gb).is_none()) != confused || confused != (a != b) {
            return Err(format!("*{a} and *{b} compare wrongly"));
        }
        Ok(())
    })
}

fn sum_laws(config: &Config) -> Tally {
    check_cases(config, config.scale.pick(40, 2_000, 20_000), |case| {
        let mut rng = Rng::for_case("partizan/sum-laws", case);
        let mut twin = Twin::new();
        let mut g = Vec::new();
        for _ in 0..3 {
            g.push(twin.random(&mut rng));
        }
        let err = |e: crate::PartizanError| e.to_string();
        let (a, b, c) = (g[0].1, g[1].1, g[2].1);
        let na = twin.arena.neg(a);
        if twin.arena.sum(a, na).map_err(err)? != twin.arena.zero() {
            return Err(format!("G + (−G) ≠ 0 for G = {}", twin.arena.display(a)));
        }
        let ab = twin.arena.sum(a, b).map_err(err)?;
        let ba = twin.arena.sum(b, a).map_err(err)?;
        let bc = twin.arena.sum(b, c).map_err(err)?;
        let left = twin.arena.sum(ab, c).map_err(err)?;
        let right = twin.arena.sum(a, bc).map_err(err)?;
        if ab != ba || left != right {
            return Err(format!(
                "commutativity or associativity fails for {}, {}, {}",
                twin.arena.display(a),
                twin.arena.display(b),
                twin.arena.display(c)
            ));
        }
        let s = twin.raw(ab);
        let mut brute = Brute::new(&NoGame, &twin.store);
        if !brute.is_zero(&None, &[(g[0].0, false), (g[1].0, false), (s, true)]) {
            return Err(format!(
                "{} + {} ≠ {} by minimax",
                twin.arena.display(a),
                twin.arena.display(b),
                twin.arena.display(ab)
            ));
        }
        Ok(())
    })
}

/// Numbers born by day 3.
fn small_numbers() -> Vec<Dyadic> {
    [
        "0", "1", "-1", "2", "-2", "3", "-3", "1/2", "-1/2", "3/2", "-3/2", "1/4", "-1/4", "3/4",
        "-3/4",
    ]
    .iter()
    .filter_map(|s| s.parse().ok())
    .collect()
}

fn number_avoidance(config: &Config) -> Tally {
    check_cases(config, config.scale.pick(60, 3_000, 30_000), |case| {
        let mut rng = Rng::for_case("partizan/number-avoidance", case);
        let mut twin = Twin::new();
        let (rg, g) = twin.random(&mut rng);
        if twin.arena.as_number(g).is_some() {
            return Ok(());
        }
        let nums = small_numbers();
        let x = nums[rng.below(nums.len() as u64) as usize];
        let xg = twin.arena.number(x);
        let rx = twin.raw(xg);
        let (gl, gr) = twin.store.nodes[rg as usize].clone();
        let mut brute = Brute::new(&NoGame, &twin.store);
        for (player, opts) in [(crate::Player::Left, gl), (crate::Player::Right, gr)] {
            if brute.wins(&None, &[(rg, false), (rx, false)], player)
                && !opts
                    .iter()
                    .any(|&o| !brute.wins(&None, &[(o, false), (rx, false)], player.other()))
            {
                return Err(format!(
                    "{player:?} wins {} + {x} only by moving in the number",
                    twin.arena.display(g)
                ));
            }
        }
        Ok(())
    })
}

fn translation(config: &Config) -> Tally {
    check_cases(config, config.scale.pick(60, 3_000, 30_000), |case| {
        let mut rng = Rng::for_case("partizan/translation", case);
        let mut twin = Twin::new();
        let (_, g) = twin.random(&mut rng);
        if twin.arena.as_number(g).is_some() {
            return Ok(());
        }
        let nums = small_numbers();
        let x = nums[rng.below(nums.len() as u64) as usize];
        let xg = twin.arena.number(x);
        let e = |e: crate::PartizanError| e.to_string();
        let h = twin.arena.sum(g, xg).map_err(e)?;
        let (ls, rs) = twin.arena.stops(g);
        let (hls, hrs) = twin.arena.stops(h);
        let plus = |a: Dyadic| a.checked_add(x).ok_or("overflow".to_owned());
        let (mg, mh) = (
            twin.arena.mean(g).map_err(e)?,
            twin.arena.mean(h).map_err(e)?,
        );
        let (tg, th) = (
            twin.arena.temperature(g).map_err(e)?,
            twin.arena.temperature(h).map_err(e)?,
        );
        if hls != plus(ls)? || hrs != plus(rs)? || mh != plus(mg)? || th != tg {
            return Err(format!(
                "G = {}, x = {x}: stops ({ls}, {rs}) → ({hls}, {hrs}), mean {mg} → {mh}, \
                 temperature {tg} → {th}",
                twin.arena.display(g)
            ));
        }
        Ok(())
    })
}

fn mean_value(config: &Config) -> Tally {
    check_cases(config, config.scale.pick(40, 2_000, 20_000), |case| {
        let mut rng = Rng::for_case("partizan/mean-value", case);
        let mut twin = Twin::new();
        let (_, g) = twin.random(&mut rng);
        let (_, h) = twin.random(&mut rng);
        let e = |e: crate::PartizanError| e.to_string();
        let show = |a: &mut Arena, x: GameId| a.display(x);
        for x in [g, h] {
            let t = twin.arena.thermograph(x).map_err(e)?;
            let (ls, rs) = twin.arena.stops(x);
            let starts = (t.left_wall()[0], t.right_wall()[0]);
            let walls_ordered = t
                .left_wall()
                .iter()
                .zip(t.right_wall())
                .all(|(l, r)| l.1 >= r.1);
            if starts != ((Dyadic::ZERO, ls), (Dyadic::ZERO, rs)) || !walls_ordered {
                return Err(format!(
                    "{}: thermograph {t:?}, stops ({ls}, {rs})",
                    show(&mut twin.arena, x)
                ));
            }
        }
        let s = twin.arena.sum(g, h).map_err(e)?;
        let (mg, mh, ms) = (
            twin.arena.mean(g).map_err(e)?,
            twin.arena.mean(h).map_err(e)?,
            twin.arena.mean(s).map_err(e)?,
        );
        let (tg, th, ts) = (
            twin.arena.temperature(g).map_err(e)?,
            twin.arena.temperature(h).map_err(e)?,
            twin.arena.temperature(s).map_err(e)?,
        );
        if mg.checked_add(mh) != Some(ms) || ts > tg.max(th).max(Dyadic::ZERO) {
            return Err(format!(
                "G = {}, H = {}: means {mg} + {mh} vs {ms}, temperatures {tg}, {th} vs {ts}",
                show(&mut twin.arena, g),
                show(&mut twin.arena, h)
            ));
        }
        let t = tg.max(Dyadic::ZERO);
        for n in 1..=6u64 {
            let ng = twin.arena.times(g, n).map_err(e)?;
            let (l, r) = twin.arena.stops(ng);
            let nm = mg.checked_mul_int(n as i64).ok_or("overflow")?;
            let (lo, hi) = (
                nm.checked_sub(t).ok_or("overflow")?,
                nm.checked_add(t).ok_or("overflow")?,
            );
            if !(lo <= r && r <= l && l <= hi) {
                return Err(format!(
                    "G = {}, n = {n}: stops of nG ({l}, {r}) outside [{lo}, {hi}]",
                    show(&mut twin.arena, g)
                ));
            }
        }
        Ok(())
    })
}

/// The day each number is born, up to `days`, generated independently of the arena: day `d + 1`
/// adds one number below and one above everything born so far, and the midpoint of each gap.
fn number_days(days: u64) -> Vec<(Dyadic, u64)> {
    let mut born = vec![(Dyadic::ZERO, 0u64)];
    for d in 1..=days {
        let mut xs: Vec<Dyadic> = born.iter().map(|p| p.0).collect();
        xs.sort_unstable();
        let (lo, hi) = (xs[0], xs[xs.len() - 1]);
        let one = Dyadic::from_int(1);
        born.push((lo.checked_sub(one).expect("small"), d));
        born.push((hi.checked_add(one).expect("small"), d));
        for w in xs.windows(2) {
            let mid = w[0]
                .checked_add(w[1])
                .and_then(Dyadic::half)
                .expect("small");
            born.push((mid, d));
        }
    }
    born
}

fn simplest_number(config: &Config) -> Tally {
    let grid: Vec<Dyadic> = (-64..=64).filter_map(|k| Dyadic::new(k, 4)).collect();
    let total = (grid.len() * grid.len()) as u64;
    let step = config.scale.pick(37, 1, 1);
    let days = number_days(10);
    check_cases(config, total / step, |case| {
        let c = (case * step) as usize;
        let (a, b) = (grid[c / grid.len()], grid[c % grid.len()]);
        if a >= b {
            return Ok(());
        }
        let mut arena = Arena::new();
        let (ga, gb) = (arena.number(a), arena.number(b));
        let g = arena.form(&[ga], &[gb]).map_err(|e| e.to_string())?;
        let between: Vec<&(Dyadic, u64)> = days.iter().filter(|p| a < p.0 && p.0 < b).collect();
        let least = between
            .iter()
            .map(|p| p.1)
            .min()
            .ok_or("nothing born between")?;
        let simplest: Vec<Dyadic> = between
            .iter()
            .filter(|p| p.1 == least)
            .map(|p| p.0)
            .collect();
        if simplest.len() != 1 || arena.as_number(g) != Some(simplest[0]) {
            return Err(format!(
                "{{{a} | {b}}} = {}, brute force {simplest:?}",
                arena.display(g)
            ));
        }
        if arena.birthday(g) != least {
            return Err(format!(
                "{} has birthday {}, born on day {least}",
                arena.display(g),
                arena.birthday(g)
            ));
        }
        Ok(())
    })
}

fn notation_round_trip(config: &Config) -> Tally {
    let chunks = 40u64;
    check_cases(config, config.scale.pick(4, chunks, chunks), |case| {
        let mut arena = Arena::new();
        let all = day3(&mut arena);
        let mut rng = Rng::for_case("partizan/notation-round-trip", case);
        let mut games: Vec<GameId> = all
            .iter()
            .copied()
            .skip(case as usize)
            .step_by(chunks as usize)
            .collect();
        for _ in 0..10 {
            let a = all[rng.below(all.len() as u64) as usize];
            let b = all[rng.below(all.len() as u64) as usize];
            games.push(arena.sum(a, b).map_err(|e| e.to_string())?);
        }
        for g in games {
            for text in [arena.display(g), arena.display_unicode(g)] {
                let back = arena.parse(&text).map_err(|e| format!("{text:?}: {e}"))?;
                if back != g {
                    return Err(format!("{text:?} reads back as {}", arena.display(back)));
                }
            }
        }
        Ok(())
    })
}
