//! Sweeps of matrix games: the exact simplex against an independent oracle.

use crate::chance::tree::Ratio;
use crate::matrix::MatrixGame;
use cgt_core::verify::{Config, Rng, Tally, check_cases};
use num_traits::{One, Zero};

/// A random `rows × cols` game with integer entries in `-5..=5`.
fn random_game(rng: &mut Rng, rows: usize, cols: usize) -> MatrixGame {
    let entry = |rng: &mut Rng| Ratio::from_integer((rng.below(11) as i64 - 5).into());
    let rows = (0..rows)
        .map(|_| (0..cols).map(|_| entry(rng)).collect())
        .collect();
    MatrixGame::new(rows).expect("a small rectangle")
}

/// The value of a game with two rows by the oracle of the lessons' picture: the row player's
/// guarantee `min_j (p·a_1j + (1 − p)·a_2j)` is concave and piecewise linear in `p`, so its
/// maximum is at `p = 0`, `p = 1` or where two columns' lines cross.
fn two_row_value(game: &MatrixGame) -> Ratio {
    let [a, b] = game.rows() else {
        unreachable!("two rows")
    };
    let guarantee = |p: &Ratio| -> Ratio {
        a.iter()
            .zip(b)
            .map(|(x, y)| p * x + (Ratio::one() - p) * y)
            .min()
            .expect("a column")
    };
    let mut candidates = vec![Ratio::zero(), Ratio::one()];
    for j in 0..a.len() {
        for k in j + 1..a.len() {
            let slope = (&a[j] - &b[j]) - (&a[k] - &b[k]);
            if !slope.is_zero() {
                let p = (&b[k] - &b[j]) / slope;
                if p >= Ratio::zero() && p <= Ratio::one() {
                    candidates.push(p);
                }
            }
        }
    }
    candidates.iter().map(guarantee).max().expect("candidates")
}

pub(super) fn matrix_value(config: &Config) -> Tally {
    check_cases(config, config.scale.pick(300, 5_000, 50_000), |case| {
        let mut rng = Rng::for_case("minimax/matrix-value", case);
        let (rows, cols) = (1 + rng.below(5) as usize, 1 + rng.below(5) as usize);
        let rows = if case % 3 == 0 { 2 } else { rows };
        // Every tenth game 9 × 9: past 64 entries the simplex is guided by floating point.
        let (rows, cols) = if case % 10 == 7 { (9, 9) } else { (rows, cols) };
        let game = random_game(&mut rng, rows, cols);
        let s = game.solve();
        let shown = || format!("{:?}", game.rows());
        if !s.check(&game) {
            return Err(format!(
                "{}: the strategies do not certify {}",
                shown(),
                s.value
            ));
        }
        if rows == 2 && s.value != two_row_value(&game) {
            return Err(format!(
                "{}: simplex {}, two-row oracle {}",
                shown(),
                s.value,
                two_row_value(&game)
            ));
        }
        let (low, high) = (game.maximin(), game.minimax());
        let saddle = !game.saddle_points().is_empty();
        if !(low <= s.value && s.value <= high)
            || saddle != (low == high)
            || saddle != (low == s.value && high == s.value)
        {
            return Err(format!(
                "{}: maximin {low}, value {}, minimax {high}, saddle point {saddle}",
                shown(),
                s.value
            ));
        }
        Ok(())
    })
}
