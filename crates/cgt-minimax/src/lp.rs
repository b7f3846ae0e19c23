//! Linear programs solved exactly over the rationals (feature `chance`): the simplex method on
//! a dense rational tableau, two phases, Dantzig's rule with Bland's against cycling.
//!
//! The program is `maximise c·x subject to a_i·x (≤ or =) b_i, x ≥ 0`. Each row is first made
//! to have `b_i ≥ 0` (a row is negated where needed); a row whose slack then enters with `+1`
//! starts with the slack in the basis, every other row with an artificial variable. The first
//! phase drives the artificial variables to 0 (the program is infeasible when it cannot), then
//! pivots each artificial still in the basis out on any nonzero entry of its row (a row with
//! none is redundant: its right-hand side stays 0 whatever is pivoted), and the second phase
//! maximises `c·x` with the artificial columns barred from entering. The leaving row is the
//! one of least ratio, ties to the least basic index; the entering column is the most negative
//! reduced cost, or, after a run of degenerate pivots, the least column with a negative one
//! (Bland's rule, which cannot cycle), so both phases end.
//!
//! At the optimum the reduced cost of the column that started as row `i`'s identity column
//! (its slack or its artificial) is the row's dual price, the sign undone where the row was
//! negated: the duals of a matrix game's program are the other player's strategy.

use cgt_core::budget::{Budget, Exceeded};
use num_traits::{One, Signed, Zero};

use crate::chance::tree::Ratio;

/// How a row's left side compares with its right side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Relation {
    /// `a·x ≤ b`.
    AtMost,
    /// `a·x = b`.
    Equal,
}

/// A row `Σ coefficient·x[column] (relation) right side`, its coefficients sparse.
pub(crate) type Row = (Vec<(usize, Ratio)>, Relation, Ratio);

/// `maximise objective·x subject to rows, x ≥ 0`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Program {
    pub(crate) objective: Vec<Ratio>,
    pub(crate) rows: Vec<Row>,
}

/// An optimal solution.
#[derive(Clone, Debug)]
pub(crate) struct Optimum {
    /// The objective's optimum.
    pub(crate) value: Ratio,
    /// An optimal point.
    pub(crate) x: Vec<Ratio>,
    /// An optimal dual: one price per row.
    pub(crate) duals: Vec<Ratio>,
}

/// Why a program has no optimum, or none was found in time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LpError {
    Infeasible,
    Unbounded,
    Exceeded(Exceeded),
}

impl From<Exceeded> for LpError {
    fn from(e: Exceeded) -> LpError {
        LpError::Exceeded(e)
    }
}

/// Degenerate pivots in a row after which Bland's rule chooses the entering column.
const STALL: u32 = 50;

struct Tableau {
    /// Constraint rows, each `width + 1` long (the right-hand side last).
    t: Vec<Vec<Ratio>>,
    /// The reduced costs, `width + 1` long (the objective's value last).
    cost: Vec<Ratio>,
    basis: Vec<usize>,
    width: usize,
}

impl Tableau {
    /// Sets the cost row for maximising `c·x` from the current basis.
    fn price(&mut self, c: &[Ratio]) {
        let mut cost: Vec<Ratio> = c.iter().map(|x| -x).collect();
        cost.push(Ratio::zero());
        for (row, &b) in self.t.iter().zip(&self.basis) {
            if c[b].is_zero() {
                continue;
            }
            for (d, x) in cost.iter_mut().zip(row) {
                *d += &c[b] * x;
            }
        }
        self.cost = cost;
    }

    /// Runs the simplex method over the columns `allowed` admits; `false` when unbounded.
    ///
    /// The entering column is Dantzig's (the most negative reduced cost) while pivots improve
    /// the objective; after [`STALL`] pivots in a row that do not, Bland's rule takes over
    /// until one does. Cycling needs an unbroken run of degenerate pivots, and Bland's rule
    /// cannot cycle, so the method ends; Dantzig's rule takes far fewer pivots than Bland's.
    fn optimise(
        &mut self,
        allowed: impl Fn(usize) -> bool,
        budget: &Budget,
    ) -> Result<bool, Exceeded> {
        let rhs = self.width;
        let mut stalled = 0;
        loop {
            let candidates = (0..self.width).filter(|&c| allowed(c) && self.cost[c].is_negative());
            let enter = if stalled < STALL {
                candidates.min_by(|&a, &b| self.cost[a].cmp(&self.cost[b]).then(a.cmp(&b)))
            } else {
                candidates.min()
            };
            let Some(enter) = enter else {
                return Ok(true);
            };
            let mut leave: Option<(usize, Ratio)> = None;
            for (i, row) in self.t.iter().enumerate() {
                if row[enter].is_positive() {
                    let ratio = &row[rhs] / &row[enter];
                    let better = match &leave {
                        None => true,
                        Some((l, best)) => {
                            ratio < *best || (ratio == *best && self.basis[i] < self.basis[*l])
                        }
                    };
                    if better {
                        leave = Some((i, ratio));
                    }
                }
            }
            let Some((p, ratio)) = leave else {
                return Ok(false);
            };
            budget.check_interrupt()?;
            stalled = if ratio.is_zero() { stalled + 1 } else { 0 };
            self.pivot(p, enter);
        }
    }

    fn pivot(&mut self, p: usize, c: usize) {
        let lead = self.t[p][c].clone();
        for x in &mut self.t[p] {
            *x = &*x / &lead;
        }
        let pivot_row = self.t[p].clone();
        let others = self
            .t
            .iter_mut()
            .enumerate()
            .filter(|&(i, _)| i != p)
            .map(|(_, row)| row)
            .chain(core::iter::once(&mut self.cost));
        for row in others {
            if row[c].is_zero() {
                continue;
            }
            let factor = row[c].clone();
            for (x, y) in row.iter_mut().zip(&pivot_row) {
                if !y.is_zero() {
                    *x -= &factor * y;
                }
            }
        }
        self.basis[p] = c;
    }
}

/// Maximises `program`, reading the budget's time limit and stop flag at every pivot.
pub(crate) fn maximise(program: &Program, budget: &Budget) -> Result<Optimum, LpError> {
    let n = program.objective.len();
    let m = program.rows.len();
    let slacks: Vec<usize> = (0..m)
        .filter(|&i| program.rows[i].1 == Relation::AtMost)
        .collect();
    // Columns: the n variables, one slack per ≤ row, then one artificial per row that needs one.
    let mut width = n + slacks.len();
    let mut negated = vec![false; m];
    let mut identity = vec![0; m];
    let mut artificial_rows = Vec::new();
    let mut slack_of = vec![None; m];
    for (k, &i) in slacks.iter().enumerate() {
        slack_of[i] = Some(n + k);
    }
    for (i, (_, _, b)) in program.rows.iter().enumerate() {
        negated[i] = b.is_negative();
        match slack_of[i] {
            Some(s) if !negated[i] => identity[i] = s,
            _ => {
                identity[i] = width;
                artificial_rows.push(i);
                width += 1;
            }
        }
    }
    let first_artificial = n + slacks.len();
    let mut t = Vec::with_capacity(m);
    for (i, (coefficients, _, b)) in program.rows.iter().enumerate() {
        let sign = if negated[i] {
            -Ratio::one()
        } else {
            Ratio::one()
        };
        let mut row = vec![Ratio::zero(); width + 1];
        for (j, a) in coefficients {
            row[*j] += a * &sign;
        }
        if let Some(s) = slack_of[i] {
            row[s] = sign.clone();
        }
        row[identity[i]] = Ratio::one();
        row[width] = b * &sign;
        t.push(row);
    }
    let mut tableau = Tableau {
        t,
        cost: Vec::new(),
        basis: identity.clone(),
        width,
    };
    if !artificial_rows.is_empty() {
        let phase_one: Vec<Ratio> = (0..width)
            .map(|j| {
                if j >= first_artificial {
                    -Ratio::one()
                } else {
                    Ratio::zero()
                }
            })
            .collect();
        tableau.price(&phase_one);
        tableau.optimise(|_| true, budget)?;
        if !tableau.cost[width].is_zero() {
            return Err(LpError::Infeasible);
        }
        for p in 0..m {
            if tableau.basis[p] >= first_artificial
                && let Some(c) = (0..first_artificial).find(|&c| !tableau.t[p][c].is_zero())
            {
                tableau.pivot(p, c);
            }
        }
    }
    let mut c = program.objective.clone();
    c.resize(width, Ratio::zero());
    tableau.price(&c);
    if !tableau.optimise(|j| j < first_artificial, budget)? {
        return Err(LpError::Unbounded);
    }
    let mut x = vec![Ratio::zero(); n];
    for (row, &b) in tableau.t.iter().zip(&tableau.basis) {
        if b < n {
            x[b] = row[width].clone();
        }
    }
    let duals = (0..m)
        .map(|i| {
            let d = tableau.cost[identity[i]].clone();
            if negated[i] { -d } else { d }
        })
        .collect();
    Ok(Optimum {
        value: tableau.cost[width].clone(),
        x,
        duals,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64) -> Ratio {
        Ratio::from_integer(n.into())
    }

    fn row(
        coefficients: &[i64],
        relation: Relation,
        b: i64,
    ) -> (Vec<(usize, Ratio)>, Relation, Ratio) {
        let sparse = coefficients
            .iter()
            .enumerate()
            .filter(|(_, a)| **a != 0)
            .map(|(j, a)| (j, r(*a)))
            .collect();
        (sparse, relation, r(b))
    }

    #[test]
    fn textbook_programs() {
        // max 3x + 5y, x ≤ 4, 2y ≤ 12, 3x + 2y ≤ 18: 36 at (2, 6), duals (0, 3/2, 1).
        let p = Program {
            objective: vec![r(3), r(5)],
            rows: vec![
                row(&[1, 0], Relation::AtMost, 4),
                row(&[0, 2], Relation::AtMost, 12),
                row(&[3, 2], Relation::AtMost, 18),
            ],
        };
        let o = maximise(&p, &Budget::unlimited()).unwrap();
        assert_eq!(o.value, r(36));
        assert_eq!(o.x, [r(2), r(6)]);
        assert_eq!(o.duals, [r(0), Ratio::new(3.into(), 2.into()), r(1)]);
        // An equality and a row with a negative right side: max x + y, x + y = 3,
        // −x ≤ −1 (x ≥ 1), y ≤ 5: 3.
        let p = Program {
            objective: vec![r(1), r(1)],
            rows: vec![
                row(&[1, 1], Relation::Equal, 3),
                row(&[-1, 0], Relation::AtMost, -1),
                row(&[0, 1], Relation::AtMost, 5),
            ],
        };
        let o = maximise(&p, &Budget::unlimited()).unwrap();
        assert_eq!(o.value, r(3));
        assert!(o.x[0] >= r(1) && &o.x[0] + &o.x[1] == r(3));
        // A redundant equality (the same row twice) is no obstacle.
        let p = Program {
            objective: vec![r(-1), r(0)],
            rows: vec![
                row(&[1, 1], Relation::Equal, 2),
                row(&[1, 1], Relation::Equal, 2),
            ],
        };
        let o = maximise(&p, &Budget::unlimited()).unwrap();
        assert_eq!((o.value.clone(), o.x.clone()), (r(0), vec![r(0), r(2)]));
    }

    #[test]
    fn infeasible_and_unbounded() {
        let p = Program {
            objective: vec![r(1)],
            rows: vec![row(&[1], Relation::AtMost, -1)],
        };
        assert_eq!(
            maximise(&p, &Budget::unlimited()).unwrap_err(),
            LpError::Infeasible
        );
        let p = Program {
            objective: vec![r(1), r(0)],
            rows: vec![row(&[-1, 1], Relation::AtMost, 1)],
        };
        assert_eq!(
            maximise(&p, &Budget::unlimited()).unwrap_err(),
            LpError::Unbounded
        );
    }
}
