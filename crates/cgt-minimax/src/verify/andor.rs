//! Sweeps of the AND-OR laboratory: 2^n leaves, the adversary, the expected 3^n and the sharper
//! bound and rate.

use crate::andor::{self, Adversary};
use cgt_core::verify::{Config, Rng, Tally, check_cases};

fn bits(case: u64, n: u32) -> Vec<u8> {
    (0..4usize.pow(n)).map(|i| (case >> i & 1) as u8).collect()
}

pub(super) fn two_to_the_n(config: &Config) -> Tally {
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

pub(super) fn adversary(config: &Config) -> Tally {
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

pub(super) fn expected_3n(config: &Config) -> Tally {
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

pub(super) fn sharper_bound(config: &Config) -> Tally {
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

pub(super) fn sharper_rate(config: &Config) -> Tally {
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
