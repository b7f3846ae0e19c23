//! The simplex tableau, over exact rationals or floating point.

use core::ops::{AddAssign, Neg, SubAssign};

use cgt_core::budget::{Budget, Exceeded};
use num_traits::{Signed, ToPrimitive, Zero};

use super::{Layout, Program};
use crate::chance::tree::Ratio;

/// What a tableau's entries are: rationals, exact, or floats, where "zero" means within
/// [`EPSILON`].
pub(crate) trait Entry:
    Clone + PartialOrd + Zero + num_traits::One + Neg<Output = Self> + AddAssign + SubAssign
{
    fn from_ratio(r: &Ratio) -> Self;
    /// `self · other`, without taking either.
    fn times(&self, other: &Self) -> Self;
    /// `self / other`, without taking either.
    fn over(&self, other: &Self) -> Self;
    /// Below zero.
    fn below(&self) -> bool;
    /// Above zero.
    fn above(&self) -> bool;
    /// A small amount to add to the right side of row `i` against degeneracy (0 when exact).
    fn perturbation(i: usize) -> Self;
    /// Zero.
    fn is_nil(&self) -> bool {
        !self.below() && !self.above()
    }
}

/// How far from 0 a float may be and still count as 0.
const EPSILON: f64 = 1e-9;

impl Entry for Ratio {
    fn from_ratio(r: &Ratio) -> Ratio {
        r.clone()
    }
    fn times(&self, other: &Ratio) -> Ratio {
        self * other
    }
    fn over(&self, other: &Ratio) -> Ratio {
        self / other
    }
    fn below(&self) -> bool {
        self.is_negative()
    }
    fn above(&self) -> bool {
        self.is_positive()
    }
    fn perturbation(_: usize) -> Ratio {
        Ratio::zero()
    }
}

impl Entry for f64 {
    fn from_ratio(r: &Ratio) -> f64 {
        r.to_f64().unwrap_or(f64::NAN)
    }
    fn times(&self, other: &f64) -> f64 {
        self * other
    }
    fn over(&self, other: &f64) -> f64 {
        self / other
    }
    fn below(&self) -> bool {
        *self < -EPSILON
    }
    fn above(&self) -> bool {
        *self > EPSILON
    }
    fn perturbation(i: usize) -> f64 {
        // Distinct, deterministic, far above the tolerance and far below the data.
        1e-6 * (1.0 + ((i * 7_919) % 1_009) as f64 / 1_009.0)
    }
}

/// Degenerate pivots in a row after which Bland's rule chooses the entering column.
const STALL: u32 = 50;

pub(crate) struct Tableau<T> {
    /// Constraint rows, each `width + 1` long (the right-hand side last).
    t: Vec<Vec<T>>,
    /// The reduced costs, `width + 1` long (the objective's value last).
    cost: Vec<T>,
    /// The basic column of each row.
    pub(crate) basis: Vec<usize>,
    width: usize,
}

impl<T: Entry> Tableau<T> {
    /// The program's rows with their slacks and artificials, the identity columns basic.
    pub(crate) fn new(program: &Program, layout: &Layout) -> Tableau<T> {
        let width = layout.width;
        let t = (0..program.rows.len())
            .map(|i| {
                let (sparse, b) = layout.row(program, i);
                let mut row = vec![T::zero(); width + 1];
                for (j, a) in sparse {
                    row[j] += T::from_ratio(&a);
                }
                row[width] = T::from_ratio(&b);
                row
            })
            .collect();
        Tableau {
            t,
            cost: Vec::new(),
            basis: layout.identity.clone(),
            width,
        }
    }

    /// Adds each row's perturbation to its right side: with distinct small right sides no
    /// pivot is degenerate, so floating point cannot cycle; the basis found is then checked
    /// against the unperturbed program in exact arithmetic.
    pub(crate) fn perturb(&mut self) {
        let width = self.width;
        for (i, row) in self.t.iter_mut().enumerate() {
            row[width] += T::perturbation(i);
        }
    }

    /// The objective's value at the current basis.
    pub(crate) fn objective(&self) -> &T {
        &self.cost[self.width]
    }

    /// The value of row `i`'s basic variable.
    pub(crate) fn rhs(&self, i: usize) -> &T {
        &self.t[i][self.width]
    }

    /// Column `j`'s reduced cost.
    pub(crate) fn reduced_cost(&self, j: usize) -> &T {
        &self.cost[j]
    }

    /// Sets the cost row for maximising `c·x` from the current basis.
    pub(crate) fn price(&mut self, c: &[T]) {
        let mut cost: Vec<T> = c.iter().map(|x| -x.clone()).collect();
        cost.push(T::zero());
        for (row, &b) in self.t.iter().zip(&self.basis) {
            if c[b].is_zero() {
                continue;
            }
            for (d, x) in cost.iter_mut().zip(row) {
                *d += c[b].times(x);
            }
        }
        self.cost = cost;
    }

    /// Runs the simplex method over the columns `allowed` admits; `false` when unbounded.
    ///
    /// The leaving row is the one of least ratio, ties to the least basic index. The entering
    /// column is Dantzig's (the most negative reduced cost) while pivots improve the
    /// objective; after [`STALL`] pivots in a row that do not, Bland's rule (the least column
    /// with a negative reduced cost) takes over until one does. Cycling needs an unbroken run
    /// of degenerate pivots, and Bland's rule cannot cycle, so the method ends; Dantzig's rule
    /// takes far fewer pivots than Bland's.
    pub(crate) fn optimise(
        &mut self,
        allowed: impl Fn(usize) -> bool,
        budget: &Budget,
    ) -> Result<bool, Exceeded> {
        let rhs = self.width;
        let mut stalled = 0;
        loop {
            let mut candidates = (0..self.width).filter(|&c| allowed(c) && self.cost[c].below());
            let enter = if stalled < STALL {
                candidates.fold(None, |best: Option<usize>, c| match best {
                    Some(b) if self.cost[b] <= self.cost[c] => Some(b),
                    _ => Some(c),
                })
            } else {
                candidates.next()
            };
            let Some(enter) = enter else {
                return Ok(true);
            };
            let mut leave: Option<(usize, T)> = None;
            for (i, row) in self.t.iter().enumerate() {
                if row[enter].above() {
                    let ratio = row[rhs].over(&row[enter]);
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
            stalled = if ratio.is_nil() { stalled + 1 } else { 0 };
            self.pivot(p, enter);
        }
    }

    /// Pivots each artificial column still basic out of the basis on any nonzero entry of its
    /// row among the other columns (a row with none is redundant and keeps its artificial at 0).
    pub(crate) fn drive_out(&mut self, first_artificial: usize) {
        for p in 0..self.t.len() {
            if self.basis[p] >= first_artificial
                && let Some(c) = (0..first_artificial).find(|&c| !self.t[p][c].is_nil())
            {
                self.pivot(p, c);
            }
        }
    }

    fn pivot(&mut self, p: usize, c: usize) {
        let lead = self.t[p][c].clone();
        for x in &mut self.t[p] {
            *x = x.over(&lead);
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
                    *x -= factor.times(y);
                }
            }
        }
        self.basis[p] = c;
    }
}
