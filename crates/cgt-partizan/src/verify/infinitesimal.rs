//! Sweeps for the theory of small games: atomic weights, Norton multiplication and reduced
//! canonical forms, each against the laws that define it, decided by comparisons in the
//! arena (whose order the `day3-unique` sweep checks against minimax).

use cgt_core::verify::{Config, Expect, Rng, Sweep, Tally, check_cases};

use super::values::{day2_games, day3};
use crate::{Arena, Dyadic, GameId, PartizanError};

pub(super) fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "partizan/atomic-weight",
            claim: "on every all-small game G born by day 3 and random all-small {A | B} over \
                    them (born by day 4): aw(−G) = −aw(G); aw(G + H) = aw(G) + aw(H) for every \
                    all-small H born by day 3 (a stride of them when capped); aw(G + n·↑ + *k) \
                    = aw(G) + n for |n| ≤ 2, k < 4; the two-ahead rule \
                    (aw ≥ 2 ⇒ G > 0, aw ≤ −2 ⇒ G < 0) and its remote-star form (aw ≥ 1 ⇒ \
                    G > *N, aw ≤ −1 ⇒ G < *N, N past G's birthday) on G and on every G + H; \
                    and aw(aw(G).↑) = aw(G)",
            expect: Expect::Holds,
            run: atomic_weight,
        },
        Sweep {
            name: "partizan/norton",
            claim: "for every positive U born by day 2 and G born by day 3, H a stride of them: \
                    (G + H).U = G.U + H.U, G ≤ H exactly when G.U ≤ H.U, n.U is n copies of U, \
                    and G.1 = G",
            expect: Expect::Holds,
            run: norton,
        },
        Sweep {
            name: "partizan/reduced",
            claim: "on every game G born by day 3: rcf(G) − G lies strictly between −2⁻ᵏ and 2⁻ᵏ \
                    (k past its birthday, so it is infinitesimal), rcf(rcf(G)) = rcf(G), rcf(G) \
                    is born no later than G, and for every H born by day 3 with G's stops: \
                    rcf(G) = rcf(H) exactly when G − H is infinitesimal by the same test",
            expect: Expect::Holds,
            run: reduced,
        },
    ]
}

fn err(e: PartizanError) -> String {
    e.to_string()
}

/// The all-small games born by day 3.
fn all_small_day3(arena: &mut Arena) -> Vec<GameId> {
    day3(arena)
        .into_iter()
        .filter(|&g| arena.is_all_small(g))
        .collect()
}

/// `a < b` by the arena's order.
fn less(arena: &mut Arena, a: GameId, b: GameId) -> bool {
    arena.le(a, b) && !arena.le(b, a)
}

fn atomic_weight(config: &Config) -> Tally {
    // 67 all-small games are born by day 3; each case takes one of them and random day-4 ones.
    let (rows, stride, day4) = config.scale.pick((12u64, 9, 2), (67, 1, 6), (67, 1, 40));
    check_cases(config, rows, |case| {
        let mut a = Arena::new();
        let small = all_small_day3(&mut a);
        let mut rng = Rng::for_case("partizan/atomic-weight", case);
        let mut games = vec![small[(case as usize * 7) % small.len()]];
        for _ in 0..day4 {
            let side = |rng: &mut Rng| -> Vec<GameId> {
                (0..=rng.below(3))
                    .map(|_| small[rng.below(small.len() as u64) as usize])
                    .collect()
            };
            let (l, r) = (side(&mut rng), side(&mut rng));
            games.push(a.form(&l, &r).map_err(err)?);
        }
        let partners: Vec<GameId> = small.iter().copied().step_by(stride).collect();
        for g in games {
            weight_laws(&mut a, g, &partners)?;
        }
        Ok(())
    })
}

/// The laws of atomic weight for the all-small game `g`, with each of `partners` in sums.
fn weight_laws(a: &mut Arena, g: GameId, partners: &[GameId]) -> Result<(), String> {
    let show = |a: &mut Arena, x: GameId| a.display(x);
    let w = a.atomic_weight(g).map_err(err)?;
    // Negation.
    let ng = a.neg(g);
    let nw = a.atomic_weight(ng).map_err(err)?;
    if nw != a.neg(w) {
        return Err(format!(
            "aw(−G) = {} but aw(G) = {} for G = {}",
            show(a, nw),
            show(a, w),
            show(a, g)
        ));
    }
    two_ahead(a, g, w)?;
    // Additivity.
    for &h in partners {
        let s = a.sum(g, h).map_err(err)?;
        let sw = a.atomic_weight(s).map_err(err)?;
        let hw = a.atomic_weight(h).map_err(err)?;
        let expected = a.sum(w, hw).map_err(err)?;
        if sw != expected {
            return Err(format!(
                "aw(G + H) = {} but aw(G) + aw(H) = {} for G = {}, H = {}",
                show(a, sw),
                show(a, expected),
                show(a, g),
                show(a, h)
            ));
        }
        two_ahead(a, s, sw)?;
    }
    // Ups and stars.
    let up = a.up();
    for n in -2i64..=2 {
        for k in 0..4 {
            let ups = a.times(up, n.unsigned_abs()).map_err(err)?;
            let ups = if n < 0 { a.neg(ups) } else { ups };
            let star = a.nimber(k).map_err(err)?;
            let x = a.sum(ups, star).map_err(err)?;
            let x = a.sum(g, x).map_err(err)?;
            let xw = a.atomic_weight(x).map_err(err)?;
            let n_game = a.integer(n);
            let expected = a.sum(w, n_game).map_err(err)?;
            if xw != expected {
                return Err(format!(
                    "aw(G + {n}·↑ + *{k}) = {} for G = {} of weight {}",
                    show(a, xw),
                    show(a, g),
                    show(a, w)
                ));
            }
        }
    }
    // The weight of the weight's copies of ↑.
    let copies = a.norton(w, up).map_err(err)?;
    let back = a.atomic_weight(copies).map_err(err)?;
    if back != w {
        return Err(format!("aw({}.↑) = {}", show(a, w), show(a, back)));
    }
    Ok(())
}

/// The two-ahead rule for `g` of atomic weight `w`: weight ≥ 2 wins for Left, ≤ −2 for
/// Right; and weight ≥ 1 (≤ −1) puts `g` above (below) a remote star, so Left (Right) wins
/// moving first.
fn two_ahead(a: &mut Arena, g: GameId, w: GameId) -> Result<(), String> {
    let zero = a.zero();
    let remote = a.nimber(a.birthday(g) + 1).map_err(err)?;
    for (bound, sign) in [(2i64, 1i64), (1, 1), (-2, -1), (-1, -1)] {
        let b = a.integer(bound);
        let heavy = if sign > 0 { a.le(b, w) } else { a.le(w, b) };
        if !heavy {
            continue;
        }
        let against = if bound.abs() == 2 { zero } else { remote };
        let ok = if sign > 0 {
            less(a, against, g)
        } else {
            less(a, g, against)
        };
        if !ok {
            return Err(format!(
                "{} has atomic weight {} but is not {} {}",
                a.display(g),
                a.display(w),
                if sign > 0 { "above" } else { "below" },
                a.display(against)
            ));
        }
    }
    Ok(())
}

fn norton(config: &Config) -> Tally {
    let (rows, stride) = config.scale.pick((8u64, 97), (150, 7), (1474, 1));
    check_cases(config, rows, |case| {
        let mut a = Arena::new();
        let all = day3(&mut a);
        let zero = a.zero();
        let units: Vec<GameId> = day2_games(&mut a)
            .into_iter()
            .filter(|&u| less(&mut a, zero, u))
            .collect();
        let g = all[(case as usize * 13) % all.len()];
        let show = |a: &mut Arena, x: GameId| a.display(x);
        let one = a.integer(1);
        if a.norton(g, one).map_err(err)? != g {
            return Err(format!("{}.1 is not itself", show(&mut a, g)));
        }
        for &u in &units {
            let gu = a.norton(g, u).map_err(err)?;
            for n in -2i64..=2 {
                let ng = a.integer(n);
                let nu = a.norton(ng, u).map_err(err)?;
                let copies = a.times(u, n.unsigned_abs()).map_err(err)?;
                let copies = if n < 0 { a.neg(copies) } else { copies };
                if nu != copies {
                    return Err(format!(
                        "{n}.U is not {n} copies of U = {}",
                        show(&mut a, u)
                    ));
                }
            }
            for &h in all.iter().skip(case as usize % stride).step_by(stride) {
                let hu = a.norton(h, u).map_err(err)?;
                let s = a.sum(g, h).map_err(err)?;
                let su = a.norton(s, u).map_err(err)?;
                let parts = a.sum(gu, hu).map_err(err)?;
                if su != parts {
                    return Err(format!(
                        "(G + H).U = {} but G.U + H.U = {} for G = {}, H = {}, U = {}",
                        show(&mut a, su),
                        show(&mut a, parts),
                        show(&mut a, g),
                        show(&mut a, h),
                        show(&mut a, u)
                    ));
                }
                if a.le(g, h) != a.le(gu, hu) {
                    return Err(format!(
                        "G ≤ H is {} but G.U ≤ H.U is {} for G = {}, H = {}, U = {}",
                        a.le(g, h),
                        a.le(gu, hu),
                        show(&mut a, g),
                        show(&mut a, h),
                        show(&mut a, u)
                    ));
                }
            }
        }
        Ok(())
    })
}

/// Whether `d` lies strictly between `−2⁻ᵏ` and `2⁻ᵏ` for `k` one past its birthday: for a
/// game born by day `b` that is the same as lying between every negative and every positive
/// number (its stops are 0 or at least `2¹⁻ᵇ` away).
fn within_every_number(a: &mut Arena, d: GameId) -> bool {
    let k = u32::try_from(a.birthday(d) + 1).unwrap_or(u32::MAX);
    let Some(eps) = Dyadic::new(1, k) else {
        return false;
    };
    let (plus, minus) = (a.number(eps), a.number(-eps));
    less(a, d, plus) && less(a, minus, d)
}

fn reduced(config: &Config) -> Tally {
    let rows = config.scale.pick(24u64, 1474, 1474);
    check_cases(config, rows, |case| {
        let mut a = Arena::new();
        let all = day3(&mut a);
        let g = all[(case as usize * 61) % all.len()];
        let show = |a: &mut Arena, x: GameId| a.display(x);
        let r = a.reduced(g).map_err(err)?;
        let d = a.sub(r, g).map_err(err)?;
        if !within_every_number(&mut a, d) {
            return Err(format!(
                "rcf({}) = {} is not infinitely close to it",
                show(&mut a, g),
                show(&mut a, r)
            ));
        }
        if a.reduced(r).map_err(err)? != r {
            return Err(format!(
                "rcf({}) = {} reduces further",
                show(&mut a, g),
                show(&mut a, r)
            ));
        }
        if a.birthday(r) > a.birthday(g) {
            return Err(format!(
                "rcf({}) = {} is born later",
                show(&mut a, g),
                show(&mut a, r)
            ));
        }
        let stops = a.stops(g);
        for &h in &all {
            if a.stops(h) != stops {
                continue;
            }
            let d = a.sub(g, h).map_err(err)?;
            let close = within_every_number(&mut a, d);
            let rh = a.reduced(h).map_err(err)?;
            if close != (rh == r) {
                return Err(format!(
                    "G = {}, H = {}: G − H infinitesimal is {close}, but rcf(G) = {}, rcf(H) = {}",
                    show(&mut a, g),
                    show(&mut a, h),
                    show(&mut a, r),
                    show(&mut a, rh)
                ));
            }
        }
        Ok(())
    })
}
