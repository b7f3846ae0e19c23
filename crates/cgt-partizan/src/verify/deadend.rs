//! The Left dead end sweeps: the comparison, canonical forms and sums of
//! [`DeadEnds`](crate::deadend::DeadEnds) against plain misère search of `G + X` over raw
//! dead-ending test games `X`, and the factorisations against brute force over every dead end
//! born by a given day.

use std::collections::HashMap;
use std::sync::OnceLock;

use cgt_core::verify::{Config, Expect, Scale, Sweep, Tally, check_cases};

use super::oracle::RawStore;
use crate::deadend::{DeadEnd, DeadEnds};

pub(super) fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "partizan/dead-end-order",
            claim: "for Left dead ends G, H born by day 3 (every raw form, dominated options \
                    included) or by day 4 (canonical), G >= H by the race-and-options test \
                    exactly when Left does at least as well in G + X as in H + X, whoever starts, \
                    under misère play (plain search) for every one of about 7,400 dead-ending \
                    test games X (all born by day 2, random ones born by days 3 and 4, chains, \
                    sums, conjugates of the dead ends); a raw form and its canonical form, a raw \
                    sum and the arena's sum play the same against every X, and games equal by \
                    the test have one canonical form",
            expect: Expect::Holds,
            run: order,
        },
        Sweep {
            name: "partizan/dead-end-factors",
            claim: "over the 52 canonical Left dead ends born by day 4: the divisors found \
                    are exactly the A with A + B = G for some B in the table (brute force; \
                    birthdays add up, so the table holds every summand), every quotient adds \
                    back, every listed factorisation is into atoms and adds up to G; for every \
                    sum of two of them the quotients are the summands and 1̄ (-1) is prime \
                    (Davies 2024: dividing the sum, it divides a summand); over the triples born by \
                    day 3 the sum is commutative, associative, cancellative and \
                    order-cancellative, 0 is its only unit, birthday and race add up",
            expect: Expect::Holds,
            run: factors,
        },
    ]
}

/// The raw form of a canonical dead end.
fn raw_of_dead_end(raw: &mut RawStore, d: &DeadEnds, g: DeadEnd) -> u32 {
    let right = d
        .options(g)
        .iter()
        .map(|&x| raw_of_dead_end(raw, d, x))
        .collect();
    raw.add(Vec::new(), right)
}

/// Per test game: (Left moving first wins, Right moving first wins).
type Profile = Vec<(bool, bool)>;

/// What the order sweep shares between cases.
struct OrderTable {
    /// Dead ends: text of a raw form (for messages), its raw index, its canonical form's text.
    games: Vec<(String, u32, String)>,
    /// Per game, per test: (Left moving first wins, Right moving first wins).
    profiles: Vec<Profile>,
    /// Pairs of raw dead ends whose raw sum is checked against the arena's sum.
    sums: Vec<(usize, usize, u32)>,
    /// Per checked sum: the profiles of the raw sum and of the arena's canonical sum.
    sum_profiles: Vec<(Profile, Profile)>,
}

fn subsets(from: &[u32]) -> Vec<Vec<u32>> {
    (0..1u32 << from.len())
        .map(|m| {
            (0..from.len())
                .filter(|i| m >> i & 1 == 1)
                .map(|i| from[i])
                .collect()
        })
        .collect()
}

/// The order sweep's table: at test scale only the raw dead ends born by day 3 and fewer tests.
fn order_table(test_scale: bool) -> &'static OrderTable {
    static SMALL: OnceLock<OrderTable> = OnceLock::new();
    static LARGE: OnceLock<OrderTable> = OnceLock::new();
    let (table, size) = if test_scale { (&SMALL, 1) } else { (&LARGE, 6) };
    table.get_or_init(|| build_order_table(size))
}

/// Builds the order table; `size` scales the random tests (6 for the whole sweep).
fn build_order_table(size: usize) -> OrderTable {
    let mut raw = RawStore::hash_consed();
    let zero = raw.add(vec![], vec![]);
    // Raw forms born by day 1 and day 2; the dead-ending ones are test games.
    let day1: Vec<u32> = subsets(&[zero])
        .into_iter()
        .flat_map(|l| subsets(&[zero]).into_iter().map(move |r| (l.clone(), r)))
        .collect::<Vec<_>>()
        .into_iter()
        .map(|(l, r)| raw.add(l, r))
        .collect();
    let mut day2 = Vec::new();
    for l in subsets(&day1) {
        for r in subsets(&day1) {
            day2.push(raw.add(l.clone(), r));
        }
    }
    let mut tests: Vec<u32> = day2
        .iter()
        .copied()
        .filter(|&x| raw.dead_ending(x))
        .collect();
    // Random dead-ending games born by day 3 (a fixed generator), options drawn from the
    // dead-ending day-2 games.
    let pool = tests.clone();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    while tests.len() < 420 * size {
        let pick = |k: u64, next: &mut dyn FnMut() -> u64| -> Vec<u32> {
            (0..k)
                .map(|_| pool[(next() % pool.len() as u64) as usize])
                .collect()
        };
        let (nl, nr) = (next() % 4, next() % 4);
        let l = pick(nl, &mut next);
        let r = pick(nr, &mut next);
        let x = raw.add(l, r);
        if raw.dead_ending(x) && !tests.contains(&x) {
            tests.push(x);
        }
    }
    // Chains of up to 6 moves for either player, and raw sums of two tests or of a test and
    // a chain: deeper games, where Right's spare moves in a longer dead end tell.
    let (mut left_chain, mut right_chain) = (zero, zero);
    let mut chains = Vec::new();
    for _ in 0..6 {
        left_chain = raw.add(vec![left_chain], vec![]);
        right_chain = raw.add(vec![], vec![right_chain]);
        chains.extend([left_chain, right_chain]);
    }
    let mut sum_memo = HashMap::new();
    let base = tests.len() as u64;
    for k in 0..250 * size as u64 {
        let x = tests[(next() % base) as usize];
        let y = if k % 3 == 0 {
            chains[(next() % chains.len() as u64) as usize]
        } else {
            tests[(next() % base) as usize]
        };
        let s = raw.sum(x, y, &mut sum_memo);
        if !tests.contains(&s) {
            tests.push(s);
        }
    }
    tests.extend(chains);
    // Random dead-ending games one day older: options drawn from all the tests so far.
    let pool = tests.clone();
    let mut added = 0;
    while added < 500 * size {
        let (nl, nr) = (1 + next() % 3, next() % 3);
        let l = (0..nl)
            .map(|_| pool[(next() % pool.len() as u64) as usize])
            .collect();
        let r = (0..nr)
            .map(|_| pool[(next() % pool.len() as u64) as usize])
            .collect();
        let x = raw.add(l, r);
        if raw.dead_ending(x) && !tests.contains(&x) {
            tests.push(x);
            added += 1;
        }
    }
    // Left dead ends: raw forms born by day 3 (Right options only), canonical and not.
    let dead2: Vec<u32> = day2.iter().copied().filter(|&x| raw.left_dead(x)).collect();
    let dead3: Vec<u32> = subsets(&dead2)
        .into_iter()
        .map(|r| raw.add(vec![], r))
        .collect();
    let mut d = DeadEnds::new();
    let mut games = Vec::new();
    for &g in &dead3 {
        let text = raw.text(g).replace("{|}", "0");
        let canonical = d.parse(&text).expect("a dead end");
        let canonical_raw = raw_of_dead_end(&mut raw, &d, canonical);
        games.push((text.clone(), g, d.display(canonical)));
        if canonical_raw != g {
            games.push((
                format!("canonical form of {text}"),
                canonical_raw,
                d.display(canonical),
            ));
        }
    }
    // And every canonical dead end born by day 4 (by day 3 at test scale).
    let table = d.born_by(if size == 1 { 3 } else { 4 }).expect("small");
    for g in table {
        let text = d.display(g);
        if !games.iter().any(|(_, _, c)| *c == text) {
            games.push((text.clone(), raw_of_dead_end(&mut raw, &d, g), text));
        }
    }
    // Tests built from the dead ends themselves: their conjugates (Right dead ends) and
    // games whose Left options are one or two of those, Right's being none, 0 or 1̄.
    let conjugates: Vec<u32> = games.iter().map(|&(_, g, _)| raw.conjugate(g)).collect();
    let one = raw.add(vec![], vec![zero]);
    for (i, &c) in conjugates.iter().enumerate() {
        for right in [vec![], vec![zero], vec![one]] {
            push_test(&mut tests, raw.add(vec![c], right.clone()));
            let c2 = conjugates[(i * 7 + 3) % conjugates.len()];
            push_test(&mut tests, raw.add(vec![c, c2], right));
        }
        push_test(&mut tests, c);
    }
    let mut memo = HashMap::new();
    let mut profile = |raw: &RawStore, g: u32| -> Vec<(bool, bool)> {
        tests
            .iter()
            .map(|&x| {
                (
                    raw.misere_wins(g, x, true, &mut memo),
                    raw.misere_wins(g, x, false, &mut memo),
                )
            })
            .collect()
    };
    let profiles = games.iter().map(|(_, g, _)| profile(&raw, *g)).collect();
    let mut sums = Vec::new();
    for i in (0..games.len()).step_by(3) {
        for j in (i..games.len()).step_by(5) {
            let s = raw.sum(games[i].1, games[j].1, &mut sum_memo);
            sums.push((i, j, s));
        }
    }
    let mut sum_profiles = Vec::new();
    for &(i, j, s) in &sums {
        let a = d.parse(&games[i].2).expect("canonical");
        let b = d.parse(&games[j].2).expect("canonical");
        let c = d.sum(a, b).expect("small");
        let c = raw_of_dead_end(&mut raw, &d, c);
        sum_profiles.push((profile(&raw, s), profile(&raw, c)));
    }
    OrderTable {
        games,
        profiles,
        sums,
        sum_profiles,
    }
}

fn push_test(tests: &mut Vec<u32>, x: u32) {
    if !tests.contains(&x) {
        tests.push(x);
    }
}

/// Whether Left does at least as well with profile `g` as with `h` on every test.
fn dominates(g: &[(bool, bool)], h: &[(bool, bool)]) -> bool {
    g.iter()
        .zip(h)
        .all(|(&(gl, gr), &(hl, hr))| (gl || !hl) && (!gr || hr))
}

fn order(config: &Config) -> Tally {
    let t = order_table(config.scale == Scale::Test);
    let n = t.games.len() as u64;
    let pairs = n * n;
    let total = pairs + t.sums.len() as u64;
    check_cases(config, total, |case| {
        let mut d = DeadEnds::new();
        if case >= pairs {
            let k = (case - pairs) as usize;
            let (i, j, _) = t.sums[k];
            let (raw_sum, arena_sum) = &t.sum_profiles[k];
            return if raw_sum == arena_sum {
                Ok(())
            } else {
                Err(format!(
                    "{} + {}: the arena's sum and the raw sum play differently against some test",
                    t.games[i].0, t.games[j].0
                ))
            };
        }
        let (i, j) = ((case / n) as usize, (case % n) as usize);
        let (g, h) = (
            d.parse(&t.games[i].2).map_err(|e| e.to_string())?,
            d.parse(&t.games[j].2).map_err(|e| e.to_string())?,
        );
        let ours = d.ge(g, h);
        let plain = dominates(&t.profiles[i], &t.profiles[j]);
        if ours != plain {
            return Err(format!(
                "{} >= {}: the test says {ours}, misère search over {} test games says {plain}",
                t.games[i].0,
                t.games[j].0,
                t.profiles[i].len()
            ));
        }
        if ours && d.ge(h, g) && g != h {
            return Err(format!(
                "{} and {} are equal but have different canonical forms {} and {}",
                t.games[i].0, t.games[j].0, t.games[i].2, t.games[j].2
            ));
        }
        if t.games[i].2 == t.games[j].2 && t.profiles[i] != t.profiles[j] {
            return Err(format!(
                "{} and {} have the same canonical form but play differently",
                t.games[i].0, t.games[j].0
            ));
        }
        Ok(())
    })
}

/// What the factor sweep shares between cases: the canonical dead ends born by day 4 as text,
/// and for each, the first summands of its decompositions `A + B` within the table.
struct FactorTable {
    games: Vec<String>,
    born: Vec<u32>,
    /// Per game: the texts `A` with `A + B` = the game for some `B` in the table.
    divisors: Vec<Vec<String>>,
    /// Canonical dead ends born by day 3, for the monoid laws.
    small: Vec<String>,
}

fn factor_table() -> &'static FactorTable {
    static TABLE: OnceLock<FactorTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut d = DeadEnds::new();
        let small = d.born_by(3).expect("small");
        let table = d.born_by(4).expect("small");
        let index: HashMap<DeadEnd, usize> =
            table.iter().enumerate().map(|(i, &g)| (g, i)).collect();
        let mut divisors = vec![Vec::new(); table.len()];
        for &a in &table {
            for &b in &table {
                if d.birthday(a) + d.birthday(b) <= 4 {
                    let s = d.sum(a, b).expect("small");
                    let k = index[&s];
                    let text = d.display(a);
                    if !divisors[k].contains(&text) {
                        divisors[k].push(text);
                    }
                }
            }
        }
        FactorTable {
            games: table.iter().map(|&g| d.display(g)).collect(),
            born: table.iter().map(|&g| d.birthday(g)).collect(),
            divisors,
            small: small.iter().map(|&g| d.display(g)).collect(),
        }
    })
}

fn factors(config: &Config) -> Tally {
    let t = factor_table();
    let n = t.games.len() as u64;
    let m = t.small.len() as u64;
    let triples = m * m * m;
    let pairs = n * n;
    let all = n + triples + pairs;
    let total = config.scale.pick(300.min(all), all, all);
    check_cases(config, total, |case| {
        let mut d = DeadEnds::new();
        let parse = |d: &mut DeadEnds, text: &str| d.parse(text).map_err(|e| e.to_string());
        if case < n {
            let k = case as usize;
            let g = parse(&mut d, &t.games[k])?;
            let ours: Vec<String> = d
                .divisors(g)
                .map_err(|e| e.to_string())?
                .iter()
                .map(|&a| d.display(a))
                .collect();
            let mut sorted = ours.clone();
            sorted.sort();
            let mut brute = t.divisors[k].clone();
            brute.sort();
            if sorted != brute {
                return Err(format!(
                    "{}: divisors {ours:?}, brute force over the day-{} table {brute:?}",
                    t.games[k], t.born[k]
                ));
            }
            for text in &brute {
                let a = parse(&mut d, text)?;
                let b = d
                    .quotient(g, a)
                    .map_err(|e| e.to_string())?
                    .ok_or_else(|| format!("{}: no quotient by {text}", t.games[k]))?;
                if d.sum(a, b).map_err(|e| e.to_string())? != g {
                    return Err(format!(
                        "{}: the quotient by {text} does not add up",
                        t.games[k]
                    ));
                }
            }
            let (found, count) = d.factorisations(g, 1000).map_err(|e| e.to_string())?;
            if found.len() as u64 != count || (count == 0) != (g == d.zero()) {
                return Err(format!("{}: {count} factorisations", t.games[k]));
            }
            for f in &found {
                let mut s = d.zero();
                for &x in f {
                    if !d.is_atom(x).map_err(|e| e.to_string())? {
                        return Err(format!(
                            "{}: factor {} is not an atom",
                            t.games[k],
                            d.display(x)
                        ));
                    }
                    s = d.sum(s, x).map_err(|e| e.to_string())?;
                }
                if s != g {
                    return Err(format!("{}: a factorisation does not add up", t.games[k]));
                }
            }
            return Ok(());
        }
        if case >= n + triples {
            let c = case - n - triples;
            let (a, b) = (
                parse(&mut d, &t.games[(c / n) as usize])?,
                parse(&mut d, &t.games[(c % n) as usize])?,
            );
            let g = d.sum(a, b).map_err(|e| e.to_string())?;
            let name = format!("{} + {}", d.display(a), d.display(b));
            let quotients = (
                d.quotient(g, a).map_err(|e| e.to_string())?,
                d.quotient(g, b).map_err(|e| e.to_string())?,
            );
            if quotients != (Some(b), Some(a)) {
                return Err(format!("{name}: the quotients are not the summands"));
            }
            let divisors = d.divisors(g).map_err(|e| e.to_string())?;
            if !divisors.contains(&a) || !divisors.contains(&b) {
                return Err(format!("{name}: a summand is not among the divisors"));
            }
            // Davies (2024): 1̄ is prime — dividing a sum, it divides a summand.
            let one = d.integer(1).map_err(|e| e.to_string())?;
            let divides = |d: &mut DeadEnds, x| d.quotient(x, one).map(|q| q.is_some());
            let (ds, da, db) = (
                divides(&mut d, g).map_err(|e| e.to_string())?,
                divides(&mut d, a).map_err(|e| e.to_string())?,
                divides(&mut d, b).map_err(|e| e.to_string())?,
            );
            if ds && !da && !db {
                return Err(format!("{name}: -1 divides the sum but neither summand"));
            }
            return Ok(());
        }
        let c = case - n;
        let (i, j, l) = (
            (c / (m * m)) as usize,
            (c / m % m) as usize,
            (c % m) as usize,
        );
        let a = parse(&mut d, &t.small[i])?;
        let b = parse(&mut d, &t.small[j])?;
        let e = parse(&mut d, &t.small[l])?;
        let sum = |d: &mut DeadEnds, x, y| d.sum(x, y).map_err(|e| e.to_string());
        let ab = sum(&mut d, a, b)?;
        let ba = sum(&mut d, b, a)?;
        let ae = sum(&mut d, a, e)?;
        let (ab_e, be) = (sum(&mut d, ab, e)?, sum(&mut d, b, e)?);
        let a_be = sum(&mut d, a, be)?;
        let name = format!("{}, {}, {}", t.small[i], t.small[j], t.small[l]);
        if ab != ba || ab_e != a_be {
            return Err(format!("{name}: the sum is not commutative or associative"));
        }
        if (ab == ae) != (b == e) {
            return Err(format!("{name}: a + b = a + c but b != c"));
        }
        if (ab == d.zero()) != (a == d.zero() && b == d.zero()) {
            return Err(format!("{name}: a unit other than 0"));
        }
        if d.birthday(ab) != d.birthday(a) + d.birthday(b) || d.race(ab) != d.race(a) + d.race(b) {
            return Err(format!("{name}: birthday or race does not add up"));
        }
        if (d.ge(ab, ae)) != d.ge(b, e) {
            return Err(format!("{name}: a + b >= a + c is not b >= c"));
        }
        Ok(())
    })
}
