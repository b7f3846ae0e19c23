//! Sweeps of games of chance: expectiminimax with Star1 cuts, Pig, chance positions as nimbers.

use crate::chance::impartial::{self, ChancePosition};
use crate::chance::pig;
use crate::chance::tree::{ChanceTree, Ratio, Reads};
use cgt_core::verify::{Config, Rng, Tally, check_cases};
use num_traits::{One, ToPrimitive};

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

pub(super) fn star1_contract(config: &Config) -> Tally {
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

pub(super) fn pig_exact(config: &Config) -> Tally {
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

pub(super) fn chance_nimber(config: &Config) -> Tally {
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
