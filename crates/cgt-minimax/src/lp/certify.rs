//! Proving a basis optimal in exact arithmetic: the basic solution `B·x = b` and the prices
//! `yᵀ·B = c_B` by sparse elimination, then primal feasibility (`x ≥ 0`, artificials at 0) and
//! dual feasibility (every reduced cost `y·A_j − c_j ≥ 0`).

use std::collections::{BTreeMap, BTreeSet};

use cgt_core::budget::{Budget, Exceeded};
use num_traits::{Signed, Zero};

use super::{Layout, Optimum, Program};
use crate::chance::tree::Ratio;

/// A sparse square system, row by row.
type Rows = Vec<BTreeMap<usize, Ratio>>;

/// Solves `rows · x = rhs` for a square nonsingular system by Gaussian elimination, each step
/// pivoting on the sparsest remaining row and, in it, the column in fewest remaining rows (to
/// keep the fill-in small); `None` when the system is singular.
fn solve(
    mut rows: Rows,
    mut rhs: Vec<Ratio>,
    budget: &Budget,
) -> Result<Option<Vec<Ratio>>, Exceeded> {
    let n = rows.len();
    let mut in_column: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n];
    for (i, row) in rows.iter().enumerate() {
        for &j in row.keys() {
            if j >= n {
                return Ok(None);
            }
            in_column[j].insert(i);
        }
    }
    let mut remaining: BTreeSet<usize> = (0..n).collect();
    let mut order: Vec<(usize, usize)> = Vec::with_capacity(n);
    while let Some(&r) = remaining.iter().min_by_key(|&&r| (rows[r].len(), r)) {
        budget.check_interrupt()?;
        let Some(&c) = rows[r].keys().min_by_key(|&&c| (in_column[c].len(), c)) else {
            return Ok(None);
        };
        remaining.remove(&r);
        let lead = rows[r][&c].clone();
        let pivot_row = rows[r].clone();
        let targets: Vec<usize> = in_column[c]
            .iter()
            .copied()
            .filter(|i| remaining.contains(i))
            .collect();
        for i in targets {
            let factor = &rows[i][&c] / &lead;
            for (&j, a) in &pivot_row {
                let entry = rows[i].entry(j).or_insert_with(Ratio::zero);
                *entry -= &factor * a;
                if entry.is_zero() {
                    rows[i].remove(&j);
                    in_column[j].remove(&i);
                } else {
                    in_column[j].insert(i);
                }
            }
            let delta = &factor * &rhs[r];
            rhs[i] -= delta;
        }
        for &j in pivot_row.keys() {
            in_column[j].remove(&r);
        }
        order.push((r, c));
    }
    // Back substitution: a pivot row's other entries are in columns pivoted after it.
    let mut x = vec![Ratio::zero(); n];
    for &(r, c) in order.iter().rev() {
        let mut v = rhs[r].clone();
        for (&j, a) in &rows[r] {
            if j != c {
                v -= a * &x[j];
            }
        }
        x[c] = v / &rows[r][&c];
    }
    Ok(Some(x))
}

/// The optimum at `basis` when it is optimal, proved exactly; `None` when it is not (or is
/// singular).
pub(super) fn certify(
    program: &Program,
    layout: &Layout,
    basis: &[usize],
    budget: &Budget,
) -> Result<Option<Optimum>, Exceeded> {
    let m = program.rows.len();
    // Every column, sparse: (row, coefficient).
    let mut columns: Vec<Vec<(usize, Ratio)>> = vec![Vec::new(); layout.width];
    let mut b = Vec::with_capacity(m);
    for i in 0..m {
        let (row, rhs) = layout.row(program, i);
        for (j, a) in row {
            if !a.is_zero() {
                columns[j].push((i, a));
            }
        }
        b.push(rhs);
    }
    // B·x_B = b, rows of B the program's rows, its columns numbered by basis position.
    let mut by_rows: Rows = vec![BTreeMap::new(); m];
    let mut by_columns: Rows = vec![BTreeMap::new(); m];
    for (k, &j) in basis.iter().enumerate() {
        for (i, a) in &columns[j] {
            *by_rows[*i].entry(k).or_insert_with(Ratio::zero) += a;
            *by_columns[k].entry(*i).or_insert_with(Ratio::zero) += a;
        }
    }
    for map in by_rows.iter_mut().chain(by_columns.iter_mut()) {
        map.retain(|_, a| !a.is_zero());
    }
    let Some(values) = solve(by_rows, b, budget)? else {
        return Ok(None);
    };
    let feasible = values
        .iter()
        .zip(basis)
        .all(|(v, &j)| !v.is_negative() && (j < layout.first_artificial || v.is_zero()));
    if !feasible {
        return Ok(None);
    }
    let c = layout.costs(program);
    let c_basis: Vec<Ratio> = basis.iter().map(|&j| c[j].clone()).collect();
    let Some(y) = solve(by_columns, c_basis, budget)? else {
        return Ok(None);
    };
    for j in 0..layout.first_artificial {
        let priced: Ratio = columns[j].iter().map(|(i, a)| a * &y[*i]).sum();
        if (priced - &c[j]).is_negative() {
            return Ok(None);
        }
    }
    let mut x = vec![Ratio::zero(); layout.n];
    let mut value = Ratio::zero();
    for (v, &j) in values.iter().zip(basis) {
        value += &c[j] * v;
        if j < layout.n {
            x[j] = v.clone();
        }
    }
    let duals = (0..m)
        .map(|i| {
            if layout.negated[i] {
                -y[i].clone()
            } else {
                y[i].clone()
            }
        })
        .collect();
    Ok(Some(Optimum { value, x, duals }))
}
