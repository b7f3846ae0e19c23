//! Norton multiplication `G.U` by a positive game `U` (Conway, *ONAG* ch. 15; Siegel,
//! *Combinatorial Game Theory* II.6): "G copies of U", defined for every `G`, not only the
//! integers. It is linear in `G` and keeps its order (`G ≥ H` exactly when `G.U ≥ H.U`), and
//! `G.1 = G`; it depends on the form of `U` — here its canonical form. The sweep
//! `partizan/norton` checks those laws on games born by day 3.
//!
//! For an integer `n`, `n.U` is the sum of `n` copies of `U` (of `−U` for negative `n`);
//! otherwise `G.U = { Gᴸ.U + U + Δ | Gᴿ.U − U − Δ }`, `Δ` running over the incentives of `U`
//! (`Uᴸ − U` and `U − Uᴿ`).

use std::collections::HashMap;

use crate::arena::{Arena, GameId};
use crate::{PartizanError, Player};

impl Arena {
    /// The Norton product `g.u` of `g` by the positive game `u` (its canonical form).
    ///
    /// # Errors
    /// [`PartizanError::Argument`] when `u` is not positive; [`PartizanError::NumberRange`] or
    /// the arena's limits when the product outgrows them.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_partizan::Arena;
    ///
    /// let mut a = Arena::new();
    /// let (g, up) = (a.parse("3")?, a.parse("^")?);
    /// let p = a.norton(g, up)?;
    /// assert_eq!(a.display(p), "^3");
    /// // Half a copy of ↑, added to itself, is ↑.
    /// let half = a.parse("1/2")?;
    /// let h = a.norton(half, up)?;
    /// assert_eq!(a.sum(h, h)?, up);
    /// # Ok::<(), cgt_partizan::PartizanError>(())
    /// ```
    pub fn norton(&mut self, g: GameId, u: GameId) -> Result<GameId, PartizanError> {
        let zero = self.zero();
        if !self.le(zero, u) || self.le(u, zero) {
            return Err(PartizanError::Argument {
                message: format!(
                    "Norton multiplication needs a positive game to multiply by, and {} is not positive",
                    self.display(u)
                ),
            });
        }
        // U + Δ for every incentive Δ of U.
        let mut steps = Vec::new();
        for x in self.left_options(u) {
            // U + (Uᴸ − U) = Uᴸ.
            steps.push(x);
        }
        for x in self.right_options(u) {
            // U + (U − Uᴿ) = 2U − Uᴿ.
            let twice = self.sum(u, u)?;
            steps.push(self.sub(twice, x)?);
        }
        steps.sort_unstable();
        steps.dedup();
        self.norton_with(g, u, &steps, &mut HashMap::new())
    }

    /// `g.u` given `steps`, the games `U + Δ`, memoised on `g`.
    fn norton_with(
        &mut self,
        g: GameId,
        u: GameId,
        steps: &[GameId],
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, PartizanError> {
        if let Some(n) = self.as_number(g).and_then(|x| x.to_integer()) {
            let copies = self.times(u, n.unsigned_abs())?;
            return Ok(if n < 0 { self.neg(copies) } else { copies });
        }
        if let Some(&done) = memo.get(&g) {
            return Ok(done);
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (side, player) in [(0, Player::Left), (1, Player::Right)] {
            for x in self.options(g, player) {
                let xu = self.norton_with(x, u, steps, memo)?;
                for &s in steps {
                    sides[side].push(if side == 0 {
                        self.sum(xu, s)?
                    } else {
                        self.sub(xu, s)?
                    });
                }
            }
        }
        let product = self.form(&sides[0], &sides[1])?;
        memo.insert(g, product);
        Ok(product)
    }
}

#[cfg(test)]
mod tests {
    use crate::Arena;

    #[test]
    fn multiplying_by_one_changes_nothing_and_integers_count_copies() {
        let mut a = Arena::new();
        let one = a.parse("1").unwrap();
        for g in ["{1|*}", "+-1", "^*", "3/4", "{2||1|0}", "-5/8", "*3"] {
            let x = a.parse(g).unwrap();
            assert_eq!(a.norton(x, one).unwrap(), x, "{g}.1");
        }
        let u = a.parse("{2|1/2}").unwrap();
        for n in -3..=3i64 {
            let x = a.integer(n);
            let p = a.norton(x, u).unwrap();
            let copies = a.times(u, n.unsigned_abs()).unwrap();
            let expected = if n < 0 { a.neg(copies) } else { copies };
            assert_eq!(p, expected, "{n}.U");
        }
    }

    #[test]
    fn halves_and_negative_copies_of_up() {
        // The laws force these: (1/2).↑ added to itself is ↑, and (−2).↑ = ⇓.
        let mut a = Arena::new();
        let up = a.parse("^").unwrap();
        let half = a.parse("1/2").unwrap();
        let h = a.norton(half, up).unwrap();
        assert_eq!(a.sum(h, h).unwrap(), up);
        let m2 = a.integer(-2);
        let p = a.norton(m2, up).unwrap();
        assert_eq!(a.display(p), "vv");
    }

    #[test]
    fn only_positive_games_multiply() {
        let mut a = Arena::new();
        let g = a.parse("1/2").unwrap();
        for u in ["0", "*", "-1", "^*", "+-1"] {
            let x = a.parse(u).unwrap();
            let err = a.norton(g, x).unwrap_err().to_string();
            assert!(err.contains("not positive"), "{u}: {err}");
        }
    }
}
