//! Pig, the dice game, solved exactly in rationals and by value iteration.
//!
//! Two players race to `target` points. On a turn the player rolls a die as often as they
//! like: a 1 ends the turn and loses the points rolled this turn, any other face adds to the
//! turn total; a player who holds adds the turn total to their score and passes the die. A
//! turn starts with a roll. A state `(i, j, k)` is the mover's score `i`, the opponent's `j`
//! and the turn total `k`; its value is the mover's probability of winning with best play on
//! both sides (Neller and Presser's formulation):
//!
//! - `P(i, j, k) = 1` when `i + k ≥ target` (hold and win);
//! - rolling: `P_roll = (1 − P(j, i, 0))/6 + Σ_{r=2..6} P(i, j, k + r)/6`;
//! - holding (`k > 0`): `P_hold = 1 − P(j, i + k, 0)`; `P = max(P_roll, P_hold)`.
//!
//! Rolling a 1 leads from `(i, j, ·)` to `(j, i, 0)` with the same scores, so the equations are
//! cyclic and no finite game tree holds them — this is why the game needs more than
//! expectiminimax on a tree. [`solve_exact`] takes the score pairs by decreasing sum: within one
//! pair `{i, j}` the two turn-start values `x = P(i, j, 0)` and `y = P(j, i, 0)` depend only on
//! each other, through best responses that are linear in the other's value once the hold/roll
//! decisions are fixed. It fixes the decisions, solves the 2×2 linear system exactly, and
//! accepts the answer only when the decisions are best responses to it (checked in exact
//! arithmetic); the system is a contraction, so that fixed point is the only one.
//! [`value_iteration`] is the floating-point method of Neller and Presser, the cross-check.

use num_bigint::BigInt;
use num_traits::{One, Zero};

use super::tree::Ratio;

/// The largest target [`solve_exact`] accepts: the fractions' sizes grow with every score pair.
pub const MAX_EXACT_TARGET: u32 = 40;

/// The largest target [`value_iteration`] accepts (`target³` states of 8 bytes, 27 MB; about
/// 4 s in a release build, the time growing as `target⁴`).
pub const MAX_ITERATION_TARGET: u32 = 150;

/// Why Pig was not solved.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PigError {
    /// A target of 0 or above the method's limit.
    Target {
        /// The target asked for.
        target: u32,
        /// The method's limit.
        max: u32,
    },
    /// Policy iteration did not settle on a pair (never seen; reported rather than guessed).
    NoFixedPoint {
        /// The pair's scores.
        scores: (u32, u32),
    },
}

impl core::fmt::Display for PigError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PigError::Target { target, max } => {
                write!(
                    f,
                    "Pig's target must be between 1 and {max} here, got {target}"
                )
            }
            PigError::NoFixedPoint { scores: (i, j) } => write!(
                f,
                "no exact fixed point found for scores {i} and {j} (the policy kept changing)"
            ),
        }
    }
}

impl std::error::Error for PigError {}

/// A mover's decision with a turn total on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Roll again.
    Roll,
    /// Bank the turn total.
    Hold,
}

/// The exact solution of Pig to one target.
#[derive(Clone, Debug)]
pub struct PigSolution {
    target: u32,
    /// Value of (i, j, k) at `index(i, j, k)`; only states with `i + k < target` are stored.
    values: Vec<Ratio>,
    decisions: Vec<Decision>,
}

impl PigSolution {
    /// The target score.
    #[must_use]
    pub fn target(&self) -> u32 {
        self.target
    }

    /// The mover's probability of winning from `(i, j, k)` with best play, or `None` for a
    /// state that cannot occur (a score at or past the target, or `k` with `i + k` past it is
    /// a won state and answers 1).
    #[must_use]
    pub fn value(&self, i: u32, j: u32, k: u32) -> Option<Ratio> {
        let t = self.target;
        if i >= t || j >= t {
            return None;
        }
        if i + k >= t {
            return Some(Ratio::one());
        }
        Some(self.values[index(t, i, j, k)].clone())
    }

    /// The best decision at `(i, j, k)` (`Roll` at `k = 0`, where a turn must start with a
    /// roll; `Hold` once holding wins); `None` for a state that cannot occur. Ties go to
    /// holding.
    #[must_use]
    pub fn decision(&self, i: u32, j: u32, k: u32) -> Option<Decision> {
        let t = self.target;
        if i >= t || j >= t {
            return None;
        }
        if i + k >= t {
            return Some(Decision::Hold);
        }
        Some(self.decisions[index(t, i, j, k)])
    }
}

fn index(t: u32, i: u32, j: u32, k: u32) -> usize {
    ((i as usize * t as usize + j as usize) * t as usize) + k as usize
}

/// One mover's turn from `(i, j, 0)`: the decisions and, for every turn total, the value as
/// `α + β·u` where `u = 1 − P(j, i, 0)` is what a 1 leaves the mover.
struct Turn {
    alpha: Vec<Ratio>,
    beta: Vec<Ratio>,
    decisions: Vec<Decision>,
}

/// The mover's best turn at `(i, j)` when a 1 is worth `u` to them; `start(j, s)` is the known
/// turn-start value `P(j, s, 0)` for `s > i`.
fn best_turn(t: u32, i: u32, u: &Ratio, start: &impl Fn(u32) -> Ratio) -> Turn {
    let sixth = Ratio::new(BigInt::one(), BigInt::from(6));
    let len = (t - i) as usize; // turn totals 0 … t − i − 1 are undecided
    let mut alpha = vec![Ratio::zero(); len];
    let mut beta = vec![Ratio::zero(); len];
    let mut decisions = vec![Decision::Roll; len];
    for k in (0..len).rev() {
        // Rolling: a 1 is worth u; faces 2..6 lead to k + r (won when i + k + r ≥ t).
        let mut ra = Ratio::zero();
        for r in 2..=6 {
            match alpha.get(k + r) {
                Some(a) => ra += a,
                None => ra += Ratio::one(),
            }
        }
        let mut rb = Ratio::one();
        for r in 2..=6 {
            if let Some(b) = beta.get(k + r) {
                rb += b;
            }
        }
        ra *= &sixth;
        rb *= &sixth;
        if k > 0 {
            let hold = Ratio::one() - start(i + k as u32);
            if hold >= &ra + &rb * u {
                alpha[k] = hold;
                decisions[k] = Decision::Hold;
                continue;
            }
        }
        alpha[k] = ra;
        beta[k] = rb;
    }
    Turn {
        alpha,
        beta,
        decisions,
    }
}

/// Solves Pig to `target` exactly.
///
/// # Errors
/// [`PigError::Target`] for 0 or a target above [`MAX_EXACT_TARGET`].
pub fn solve_exact(target: u32) -> Result<PigSolution, PigError> {
    if target == 0 || target > MAX_EXACT_TARGET {
        return Err(PigError::Target {
            target,
            max: MAX_EXACT_TARGET,
        });
    }
    let t = target;
    let size = (t as usize).pow(3);
    let mut values = vec![Ratio::zero(); size];
    let mut decisions = vec![Decision::Roll; size];
    // Score pairs by decreasing sum; each unordered pair {i, j} once.
    for sum in (0..=2 * (t - 1)).rev() {
        for i in sum.saturating_sub(t - 1)..=sum.min(t - 1) {
            let j = sum - i;
            if i > j {
                continue;
            }
            let (x_turn, y_turn) = solve_pair(t, i, j, &values)?;
            for (me, other, turn) in [(i, j, &x_turn), (j, i, &y_turn)] {
                for k in 0..(t - me) {
                    let at = index(t, me, other, k);
                    values[at] = turn.0[k as usize].clone();
                    decisions[at] = turn.1[k as usize];
                }
            }
        }
    }
    Ok(PigSolution {
        target,
        values,
        decisions,
    })
}

type Solved = (Vec<Ratio>, Vec<Decision>);

/// The turn values of `(i, j, ·)` and `(j, i, ·)`, exactly.
fn solve_pair(t: u32, i: u32, j: u32, values: &[Ratio]) -> Result<(Solved, Solved), PigError> {
    let start_of = |other: u32| {
        move |s: u32| -> Ratio {
            // P(other, s, 0) for s above the mover's score: a later pair, already solved (or a win for the mover
            // who reached the target, i.e. the opponent's value 0).
            if s >= t {
                Ratio::zero()
            } else {
                values[index(t, other, s, 0)].clone()
            }
        }
    };
    let (sx, sy) = (start_of(j), start_of(i));
    // Start from the decisions of a quick float estimate: x = y = 1/2.
    let mut x = Ratio::new(BigInt::one(), BigInt::from(2));
    let mut y = x.clone();
    for _ in 0..64 {
        let tx = best_turn(t, i, &(Ratio::one() - &y), &sx);
        let ty = best_turn(t, j, &(Ratio::one() - &x), &sy);
        // x = a + b(1 − y), y = c + d(1 − x)  ⇒  x(1 − bd) = a + b − b(c + d).
        let (a, b) = (&tx.alpha[0], &tx.beta[0]);
        let (c, d) = (&ty.alpha[0], &ty.beta[0]);
        let nx = (a + b - b * (c + d)) / (Ratio::one() - b * d);
        let ny = c + d * (Ratio::one() - &nx);
        // Accept when these decisions are best responses to the values they give.
        let cx = best_turn(t, i, &(Ratio::one() - &ny), &sx);
        let cy = best_turn(t, j, &(Ratio::one() - &nx), &sy);
        if cx.decisions == tx.decisions && cy.decisions == ty.decisions {
            let eval = |turn: &Turn, u: &Ratio| -> Vec<Ratio> {
                turn.alpha
                    .iter()
                    .zip(&turn.beta)
                    .map(|(a, b)| a + b * u)
                    .collect()
            };
            let xs = eval(&tx, &(Ratio::one() - &ny));
            let ys = eval(&ty, &(Ratio::one() - &nx));
            return Ok(((xs, tx.decisions), (ys, ty.decisions)));
        }
        x = nx;
        y = ny;
    }
    Err(PigError::NoFixedPoint { scores: (i, j) })
}

/// Pig to `target` by value iteration in floating point (Neller and Presser), until no value
/// moves by more than `tolerance`: the win probability of every state `(i, j, k)` with
/// `i, j < target`, `k < target − i`, at `i·target² + j·target + k` (other slots hold 1).
///
/// # Errors
/// [`PigError::Target`] for 0 or a target above [`MAX_ITERATION_TARGET`].
pub fn value_iteration(target: u32, tolerance: f64) -> Result<Vec<f64>, PigError> {
    if target == 0 || target > MAX_ITERATION_TARGET {
        return Err(PigError::Target {
            target,
            max: MAX_ITERATION_TARGET,
        });
    }
    let t = target as usize;
    let mut p = vec![0.0f64; t * t * t];
    let get = |p: &[f64], i: usize, j: usize, k: usize| -> f64 {
        if i + k >= t {
            1.0
        } else {
            p[(i * t + j) * t + k]
        }
    };
    loop {
        let mut delta = 0.0f64;
        for i in 0..t {
            for j in 0..t {
                for k in (0..t - i).rev() {
                    let mut roll = 1.0 - get(&p, j, i, 0);
                    for r in 2..=6 {
                        roll += get(&p, i, j, k + r);
                    }
                    roll /= 6.0;
                    let v = if k > 0 {
                        let hold = 1.0 - get(&p, j, i + k, 0);
                        roll.max(hold)
                    } else {
                        roll
                    };
                    let at = (i * t + j) * t + k;
                    delta = delta.max((v - p[at]).abs());
                    p[at] = v;
                }
            }
        }
        if delta <= tolerance {
            return Ok(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_one_and_two_by_hand() {
        // Target 1: the first roll other than 1 wins; a 1 passes the same state over.
        // x = 5/6 + (1 − x)/6 ⇒ x = 6/7.
        let s = solve_exact(1).unwrap();
        assert_eq!(s.value(0, 0, 0), Some(Ratio::new(6.into(), 7.into())));
        // Target 2: the same, since any face 2..6 reaches 2 at once.
        let s = solve_exact(2).unwrap();
        assert_eq!(s.value(0, 0, 0), Some(Ratio::new(6.into(), 7.into())));
        assert_eq!(s.value(2, 0, 0), None);
        assert_eq!(s.decision(0, 0, 0), Some(Decision::Roll));
    }

    #[test]
    fn exact_agrees_with_value_iteration() {
        for target in [3, 5, 8] {
            let s = solve_exact(target).unwrap();
            let vi = value_iteration(target, 1e-14).unwrap();
            let t = target;
            for i in 0..t {
                for j in 0..t {
                    for k in 0..t - i {
                        let exact = s.value(i, j, k).unwrap();
                        let f = num_traits::ToPrimitive::to_f64(&exact).unwrap();
                        let v = vi[index(t, i, j, k)];
                        assert!(
                            (f - v).abs() < 1e-10,
                            "target {t} ({i},{j},{k}): {f} vs {v}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn out_of_range_targets_are_refused() {
        assert!(matches!(solve_exact(0), Err(PigError::Target { .. })));
        assert!(matches!(
            solve_exact(MAX_EXACT_TARGET + 1),
            Err(PigError::Target { .. })
        ));
        assert!(value_iteration(MAX_ITERATION_TARGET + 1, 1e-9).is_err());
    }
}
