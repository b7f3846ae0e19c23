//! Cooling and heating by a number (Conway, *ONAG* ch. 9; Berlekamp, Conway and Guy, *Winning
//! Ways* ch. 6): the taxed game `G_t`, whose stops are the walls of `G`'s thermograph at `t`,
//! and its partial inverse `∫ᵗ G`.

use std::collections::HashMap;

use crate::arena::{Arena, GameId};
use crate::{Dyadic, PartizanError, Player};

impl Arena {
    /// `g` cooled by `t ≥ 0`: a number stays itself; otherwise, while `t` is at most the
    /// temperature, `G_t = { Gᴸ_t − t | Gᴿ_t + t }`, and above it `G_t` is the mean (the game
    /// has become infinitesimally close to a number). Cooling is additive:
    /// `(G + H)_t = G_t + H_t`.
    ///
    /// # Errors
    /// [`PartizanError::Argument`] for a negative `t`, [`PartizanError::NumberRange`] when a
    /// number leaves the dyadic range, or the arena's limits.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_partizan::{Arena, Dyadic};
    ///
    /// let mut a = Arena::new();
    /// // ±1 = {1 | −1} cooled by 1 is * ; cooled by more, 0.
    /// let (one, minus_one) = (a.integer(1), a.integer(-1));
    /// let pm1 = a.form(&[one], &[minus_one])?;
    /// let cooled = a.cool(pm1, Dyadic::from_int(1))?;
    /// assert_eq!(a.display(cooled), "*");
    /// let colder = a.cool(pm1, Dyadic::from_int(2))?;
    /// assert_eq!(a.display(colder), "0");
    /// # Ok::<(), cgt_partizan::PartizanError>(())
    /// ```
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId, PartizanError> {
        if t < Dyadic::ZERO {
            return Err(PartizanError::Argument {
                message: format!("cannot cool by {t}: the temperature must be 0 or more"),
            });
        }
        self.taxed(g, t, Tax::Cool, &mut HashMap::new())
    }

    /// `g` heated by `t`: a number stays itself; otherwise `∫ᵗ G = { ∫ᵗ Gᴸ + t | ∫ᵗ Gᴿ − t }`,
    /// on the canonical form of `g`: `∫¹ * = ±1` and `∫¹ ↑ = {1 | {0 | −2}}`, which cool by 1
    /// to `*` and `↑` again.
    ///
    /// # Errors
    /// [`PartizanError::NumberRange`] when a number leaves the dyadic range, or the arena's
    /// limits.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_partizan::{Arena, Dyadic};
    ///
    /// let mut a = Arena::new();
    /// let star = a.nimber(1)?;
    /// let hot = a.heat(star, Dyadic::from_int(1))?;
    /// assert_eq!(a.display(hot), "+-1");
    /// # Ok::<(), cgt_partizan::PartizanError>(())
    /// ```
    pub fn heat(&mut self, g: GameId, t: Dyadic) -> Result<GameId, PartizanError> {
        self.taxed(g, t, Tax::Heat, &mut HashMap::new())
    }

    /// Cooling (each move taxed `t`; the mean above the temperature) or heating (each move
    /// paid `t`) of `g`, memoised: `{ Gᴸ ∓ t | Gᴿ ± t }` over the options taxed likewise, and a
    /// number as it is.
    fn taxed(
        &mut self,
        g: GameId,
        t: Dyadic,
        tax: Tax,
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, PartizanError> {
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&done) = memo.get(&g) {
            return Ok(done);
        }
        let result = if tax == Tax::Cool && t > self.temperature(g)? {
            let mean = self.mean(g)?;
            self.number(mean)
        } else {
            // What a Left move gains (Right's is the opposite).
            let gain = if tax == Tax::Cool { -t } else { t };
            let (left_shift, right_shift) = (self.number(gain), self.number(-gain));
            self.map_options(g, |a, x, player| {
                let y = a.taxed(x, t, tax, memo)?;
                let shift = if player == Player::Left {
                    left_shift
                } else {
                    right_shift
                };
                a.sum(y, shift)
            })?
        };
        memo.insert(g, result);
        Ok(result)
    }
}

/// Which way moves are taxed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tax {
    Cool,
    Heat,
}

#[cfg(test)]
mod tests {
    use crate::{Arena, Dyadic};

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn a_hot_switch_cools_to_its_mean() {
        // {3 | −1}: mean 1, temperature 2 (Winning Ways ch. 6): cooled by 1 it is {2 | 0},
        // by 2 it is {1 | 1} = 1*, by more it is 1.
        let mut a = Arena::new();
        let g = a.parse("{3|-1}").unwrap();
        for (t, cooled) in [("0", "{3|-1}"), ("1", "{2|0}"), ("2", "1*"), ("5/2", "1")] {
            let c = a.cool(g, d(t)).unwrap();
            let expected = a.parse(cooled).unwrap();
            assert_eq!(c, expected, "cooled by {t}: {}", a.display(c));
        }
        assert!(a.cool(g, d("-1")).is_err());
    }

    #[test]
    fn heating_a_nimber_or_up() {
        // ∫¹ * = ±1 and ∫¹ ↑ = {0 + 1 | ±1 − 1} = {1 | {0 | −2}} by the definition; a number is
        // left alone.
        let mut a = Arena::new();
        let up = a.up();
        let heated = a.heat(up, d("1")).unwrap();
        assert_eq!(heated, a.parse("{1|{0|-2}}").unwrap());
        // Its temperature is 1 and its mean 0; cooled by 1 it is {0 | −1* + 1} = ↑ again.
        assert_eq!(a.cool(heated, d("1")).unwrap(), up);
        let half = a.number(d("1/2"));
        assert_eq!(a.heat(half, d("3")).unwrap(), half);
        // Cooling ±1 by 1 gives * back.
        let star = a.nimber(1).unwrap();
        let pm = a.heat(star, d("1")).unwrap();
        assert_eq!(a.cool(pm, d("1")).unwrap(), star);
    }
}
