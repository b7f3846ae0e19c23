//! Sweeps for the operations beyond sums: the ordinal sum, cooling and heating, each against its
//! definition built on raw game trees and decided by minimax, or against the thermograph.

use std::collections::HashMap;

use cgt_core::verify::{Config, Expect, Rng, Sweep, Tally, check_cases};

use super::oracle::{Brute, NoGame, RawStore};
use super::values::Twin;
use crate::{Arena, Dyadic, GameId, Player};

pub(super) fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "partizan/ordinal-sum",
            claim: "G : H = {Gᴸ, G : Hᴸ | Gᴿ, G : Hᴿ} built on raw trees (G's canonical form, \
                    H as drawn, with dominated and reversible options) equals the arena's \
                    ordinal_sum of G and H's canonical form, by minimax on the difference, for \
                    random games born by day 3; and *a : *b = *(a + b) for a, b < 8 (16 in full)",
            expect: Expect::Holds,
            run: ordinal_sum,
        },
        Sweep {
            name: "partizan/cooling",
            claim: "for random G, H born by day 3 and t in {0, 1/4, 1/2, 1, 3/2, 2, 3}: the stops \
                    of G cooled by t are the walls of G's thermograph at t, G cooled by 0 is G, \
                    and (G + H)_t = G_t + H_t",
            expect: Expect::Holds,
            run: cooling,
        },
        Sweep {
            name: "partizan/orthodox",
            claim: "for random G born by day 3 and t in {0, 1/4, 1/2, 1, 3/2, 2, 3} up to G's \
                    temperature: Left's orthodox options are exactly the options with the \
                    largest right thermograph wall at t (Right's: the smallest left wall), that \
                    largest wall minus t is G's left wall at t below G's temperature (plus t for \
                    Right), and at t = 0 they reach G's stops",
            expect: Expect::Holds,
            run: orthodox,
        },
        Sweep {
            name: "partizan/heating",
            claim: "∫ᵗ G = {∫ᵗ Gᴸ + t | ∫ᵗ Gᴿ − t} (G itself when a number) built on raw trees with \
                    raw sums equals the arena's heat, by minimax, for random G born by day 3 and \
                    t in {1/2, 1, 2}",
            expect: Expect::Holds,
            run: heating,
        },
    ]
}

/// Whether raw trees `a` and `b` are equal games: the second player wins `a − b`.
fn raw_equal(store: &RawStore, a: u32, b: u32) -> bool {
    let mut brute = Brute::new(&NoGame, store);
    let comps = [(a, false), (b, true)];
    !brute.wins(&None, &comps, Player::Left) && !brute.wins(&None, &comps, Player::Right)
}

/// The raw ordinal sum of raw trees `g` and `h`.
fn raw_ordinal(store: &mut RawStore, g: u32, h: u32) -> u32 {
    let (gl, gr) = store.nodes[g as usize].clone();
    let (hl, hr) = store.nodes[h as usize].clone();
    let mut left = gl;
    left.extend(
        hl.into_iter()
            .map(|x| raw_ordinal(store, g, x))
            .collect::<Vec<_>>(),
    );
    let mut right = gr;
    right.extend(
        hr.into_iter()
            .map(|x| raw_ordinal(store, g, x))
            .collect::<Vec<_>>(),
    );
    store.add(left, right)
}

fn ordinal_sum(config: &Config) -> Tally {
    let nimbers = config.scale.pick(4, 8, 16);
    check_cases(config, config.scale.pick(60, 3_000, 30_000), |case| {
        let mut rng = Rng::for_case("partizan/ordinal-sum", case);
        let mut twin = Twin::new();
        let (_, g) = twin.random(&mut rng);
        let (h_raw, h) = twin.random(&mut rng);
        let e = |e: crate::PartizanError| e.to_string();
        let ours = twin.arena.ordinal_sum(g, h).map_err(e)?;
        let ours_raw = twin.raw(ours);
        let g_raw = twin.raw(g);
        let theirs = raw_ordinal(&mut twin.store, g_raw, h_raw);
        if !raw_equal(&twin.store, ours_raw, theirs) {
            return Err(format!(
                "G = {}, H = {}: ordinal_sum gives {}, the raw ordinal sum differs",
                twin.arena.display(g),
                twin.arena.display(h),
                twin.arena.display(ours)
            ));
        }
        // The nimbers, once per case of a small number of cases.
        if case < (nimbers * nimbers) as u64 {
            let (a, b) = (case / nimbers as u64, case % nimbers as u64);
            let (na, nb) = (
                twin.arena.nimber(a).map_err(e)?,
                twin.arena.nimber(b).map_err(e)?,
            );
            let s = twin.arena.ordinal_sum(na, nb).map_err(e)?;
            if s != twin.arena.nimber(a + b).map_err(e)? {
                return Err(format!("*{a} : *{b} = {}", twin.arena.display(s)));
            }
        }
        Ok(())
    })
}

/// The temperatures the cooling and heating sweeps use.
fn temperatures(list: &[&str]) -> Vec<Dyadic> {
    list.iter().filter_map(|s| s.parse().ok()).collect()
}

/// The value of a thermograph wall (breakpoints with slopes −1, 0 or 1) at `t`; the mast
/// beyond its last point.
fn wall_at(points: &[(Dyadic, Dyadic)], mast: Dyadic, t: Dyadic) -> Option<Dyadic> {
    let last = points.last()?;
    if t >= last.0 {
        return Some(if points.len() == 1 && t == last.0 {
            last.1
        } else {
            mast
        });
    }
    let k = points.partition_point(|p| p.0 <= t).checked_sub(1)?;
    let ((t0, v0), (t1, v1)) = (points[k], points[k + 1]);
    let slope = match v1.cmp(&v0) {
        core::cmp::Ordering::Equal => 0,
        _ if v1.checked_sub(v0)? == t1.checked_sub(t0)? => 1,
        _ => -1,
    };
    v0.checked_add(t.checked_sub(t0)?.checked_mul_int(slope)?)
}

fn cooling(config: &Config) -> Tally {
    let ts = temperatures(&["0", "1/4", "1/2", "1", "3/2", "2", "3"]);
    check_cases(config, config.scale.pick(40, 2_000, 20_000), |case| {
        let mut rng = Rng::for_case("partizan/cooling", case);
        let mut twin = Twin::new();
        let (_, g) = twin.random(&mut rng);
        let (_, h) = twin.random(&mut rng);
        let e = |e: crate::PartizanError| e.to_string();
        let t = ts[rng.below(ts.len() as u64) as usize];
        let gt = twin.arena.cool(g, t).map_err(e)?;
        let show = |a: &mut Arena, x: GameId| a.display(x);
        let therm = twin.arena.thermograph(g).map_err(e)?;
        let walls = (
            wall_at(therm.left_wall(), therm.mast(), t),
            wall_at(therm.right_wall(), therm.mast(), t),
        );
        // A number's thermograph is its mast from a negative temperature: its walls are the
        // number at every t >= 0.
        let walls = match twin.arena.as_number(g) {
            Some(x) => (Some(x), Some(x)),
            None => walls,
        };
        let (l, r) = twin.arena.stops(gt);
        if walls != (Some(l), Some(r)) {
            return Err(format!(
                "G = {}, t = {t}: G_t = {} with stops ({l}, {r}), thermograph walls {walls:?}",
                show(&mut twin.arena, g),
                show(&mut twin.arena, gt)
            ));
        }
        if twin.arena.cool(g, Dyadic::ZERO).map_err(e)? != g {
            return Err(format!(
                "G = {}: cooled by 0 is not G",
                show(&mut twin.arena, g)
            ));
        }
        let sum = twin.arena.sum(g, h).map_err(e)?;
        let st = twin.arena.cool(sum, t).map_err(e)?;
        let ht = twin.arena.cool(h, t).map_err(e)?;
        let parts = twin.arena.sum(gt, ht).map_err(e)?;
        if st != parts {
            return Err(format!(
                "G = {}, H = {}, t = {t}: (G + H)_t = {} but G_t + H_t = {}",
                show(&mut twin.arena, g),
                show(&mut twin.arena, h),
                show(&mut twin.arena, st),
                show(&mut twin.arena, parts)
            ));
        }
        Ok(())
    })
}

/// The raw heating of raw tree `n` by the raw number trees `plus` (t) and `minus` (−t); a
/// node whose canonical form is a number stays as it is.
fn raw_heat(
    store: &mut RawStore,
    arena: &mut Arena,
    n: u32,
    (plus, minus): (u32, u32),
    sums: &mut HashMap<(u32, u32), u32>,
    canon: &mut HashMap<u32, GameId>,
) -> u32 {
    let g = store.canonical(arena, n, canon);
    if arena.as_number(g).is_some() {
        return n;
    }
    let (l, r) = store.nodes[n as usize].clone();
    let left: Vec<u32> = l
        .into_iter()
        .map(|x| {
            let hx = raw_heat(store, arena, x, (plus, minus), sums, canon);
            store.sum(hx, plus, sums)
        })
        .collect();
    let right: Vec<u32> = r
        .into_iter()
        .map(|x| {
            let hx = raw_heat(store, arena, x, (plus, minus), sums, canon);
            store.sum(hx, minus, sums)
        })
        .collect();
    store.add(left, right)
}

fn heating(config: &Config) -> Tally {
    let ts = temperatures(&["1/2", "1", "2"]);
    check_cases(config, config.scale.pick(40, 1_500, 15_000), |case| {
        let mut rng = Rng::for_case("partizan/heating", case);
        let mut twin = Twin::new();
        let (_, g) = twin.random(&mut rng);
        let e = |e: crate::PartizanError| e.to_string();
        let t = ts[rng.below(ts.len() as u64) as usize];
        let ours = twin.arena.heat(g, t).map_err(e)?;
        let ours_raw = twin.raw(ours);
        let g_raw = twin.raw(g);
        let (pt, mt) = (twin.arena.number(t), twin.arena.number(-t));
        let plus = twin.raw(pt);
        let minus = twin.raw(mt);
        let mut sums = HashMap::new();
        let mut canon = HashMap::new();
        let theirs = raw_heat(
            &mut twin.store,
            &mut twin.arena,
            g_raw,
            (plus, minus),
            &mut sums,
            &mut canon,
        );
        if !raw_equal(&twin.store, ours_raw, theirs) {
            return Err(format!(
                "G = {}, t = {t}: heat gives {}, the raw heating differs",
                twin.arena.display(g),
                twin.arena.display(ours)
            ));
        }
        Ok(())
    })
}

fn orthodox(config: &Config) -> Tally {
    let ts = temperatures(&["0", "1/4", "1/2", "1", "3/2", "2", "3"]);
    check_cases(config, config.scale.pick(40, 2_000, 20_000), |case| {
        let mut rng = Rng::for_case("partizan/orthodox", case);
        let mut twin = Twin::new();
        let (_, g) = twin.random(&mut rng);
        let e = |e: crate::PartizanError| e.to_string();
        if twin.arena.as_number(g).is_some() {
            return Ok(());
        }
        let temp = twin.arena.temperature(g).map_err(e)?;
        let t = ts[rng.below(ts.len() as u64) as usize].min(temp);
        let therm = twin.arena.thermograph(g).map_err(e)?;
        for player in [Player::Left, Player::Right] {
            let ours = twin.arena.orthodox_options(g, player, t).map_err(e)?;
            // Each option's wall at t, from its own thermograph (a number: itself).
            let mut walls = Vec::new();
            for x in twin.arena.options(g, player) {
                let w = match twin.arena.as_number(x) {
                    Some(v) => v,
                    None => {
                        let th = twin.arena.thermograph(x).map_err(e)?;
                        let wall = match player {
                            Player::Left => th.right_wall().to_vec(),
                            Player::Right => th.left_wall().to_vec(),
                        };
                        wall_at(&wall, th.mast(), t).ok_or("no wall")?
                    }
                };
                walls.push((x, w));
            }
            let best = match player {
                Player::Left => walls.iter().map(|p| p.1).max(),
                Player::Right => walls.iter().map(|p| p.1).min(),
            }
            .ok_or("a game that is not a number has options on both sides")?;
            let expected: Vec<GameId> = walls.iter().filter(|p| p.1 == best).map(|p| p.0).collect();
            if ours != expected {
                return Err(format!(
                    "G = {}, t = {t}, {player:?}: orthodox {:?}, best walls {:?}",
                    twin.arena.display(g),
                    ours.iter()
                        .map(|&x| twin.arena.display(x))
                        .collect::<Vec<_>>(),
                    expected
                        .iter()
                        .map(|&x| twin.arena.display(x))
                        .collect::<Vec<_>>()
                ));
            }
            // The option's wall, taxed, is G's wall below the temperature.
            if t < temp {
                let (own, taxed) = match player {
                    Player::Left => (
                        wall_at(therm.left_wall(), therm.mast(), t),
                        best.checked_sub(t),
                    ),
                    Player::Right => (
                        wall_at(therm.right_wall(), therm.mast(), t),
                        best.checked_add(t),
                    ),
                };
                if own != taxed {
                    return Err(format!(
                        "G = {}, t = {t}, {player:?}: wall {own:?}, best option taxed {taxed:?}",
                        twin.arena.display(g)
                    ));
                }
            }
            if t == Dyadic::ZERO {
                let stop = match player {
                    Player::Left => twin.arena.left_stop(g),
                    Player::Right => twin.arena.right_stop(g),
                };
                if best != stop {
                    return Err(format!(
                        "G = {}: {player:?}'s orthodox options reach {best}, the stop is {stop}",
                        twin.arena.display(g)
                    ));
                }
            }
        }
        Ok(())
    })
}
