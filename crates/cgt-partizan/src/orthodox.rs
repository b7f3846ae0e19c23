//! Orthodox moves (Berlekamp, "The economist's view of combinatorial games", 1996; *Winning
//! Ways* ch. 6): play as if every move paid a tax `t`, the ambient temperature. Left's orthodox
//! options of `G` at `t` are those whose value cooled by `t` leaves Right the best result for
//! Left — the options `Gᴸ` with the largest right stop of `Gᴸ` cooled by `t`, i.e. the largest
//! right wall of their thermographs at `t` — and Right's those with the smallest left wall.
//! They are the options that make `G`'s own thermograph: below `G`'s temperature its left wall
//! at `t` is that best right wall minus `t`. At `t = 0` they are the moves that reach the
//! stops. A number has no orthodox move (a player never needs to move in a number).

use crate::arena::{Arena, GameId};
use crate::{Dyadic, PartizanError, Player};

impl Arena {
    /// `player`'s orthodox options of `g` at the ambient temperature `t` (at most `g`'s own
    /// temperature: a larger `t` is taken as it), in the arena's option order; empty for a
    /// number.
    ///
    /// # Errors
    /// [`PartizanError::Argument`] for a negative `t`; the arena's limits.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_partizan::{Arena, Dyadic, Player};
    ///
    /// let mut a = Arena::new();
    /// // At the game's temperature, Left's move to 4 beats the move to the switch {3 | 1}.
    /// let g = a.parse("{4,{3|1}|{2|0}}")?;
    /// let t = a.temperature(g)?;
    /// let left = a.orthodox_options(g, Player::Left, t)?;
    /// assert_eq!(left.iter().map(|&x| a.display(x)).collect::<Vec<_>>(), ["4"]);
    /// # Ok::<(), cgt_partizan::PartizanError>(())
    /// ```
    pub fn orthodox_options(
        &mut self,
        g: GameId,
        player: Player,
        t: Dyadic,
    ) -> Result<Vec<GameId>, PartizanError> {
        if t < Dyadic::ZERO {
            return Err(PartizanError::Argument {
                message: format!("no orthodox moves at {t}: the temperature must be 0 or more"),
            });
        }
        if self.as_number(g).is_some() {
            return Ok(Vec::new());
        }
        let t = t.min(self.temperature(g)?);
        let options = self.options(g, player);
        let mut scored = Vec::with_capacity(options.len());
        for x in options {
            let cooled = self.cool(x, t)?;
            // What the option leaves when the opponent moves next in the taxed game.
            let score = match player {
                Player::Left => self.right_stop(cooled),
                Player::Right => -self.left_stop(cooled),
            };
            scored.push((x, score));
        }
        let best = scored.iter().map(|p| p.1).max();
        Ok(scored
            .into_iter()
            .filter(|p| Some(p.1) == best)
            .map(|p| p.0)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Arena, Dyadic, Player};

    fn shown(a: &mut Arena, xs: &[crate::GameId]) -> Vec<String> {
        xs.iter().map(|&x| a.display(x)).collect()
    }

    #[test]
    fn the_hot_move_is_orthodox_and_numbers_have_none() {
        let mut a = Arena::new();
        // Left's only option is orthodox.
        let g = a.parse("{5|{2|-2}}").unwrap();
        let t = a.temperature(g).unwrap();
        let l = a.orthodox_options(g, Player::Left, t).unwrap();
        assert_eq!(shown(&mut a, &l), ["5"]);
        let one = a.parse("3/2").unwrap();
        assert!(
            a.orthodox_options(one, Player::Left, Dyadic::ZERO)
                .unwrap()
                .is_empty()
        );
        assert!(
            a.orthodox_options(g, Player::Left, -Dyadic::from_int(1))
                .is_err()
        );
    }

    #[test]
    fn at_zero_the_orthodox_options_reach_the_stops() {
        let mut a = Arena::new();
        // Left's options 1 and {3|-3}: at t = 0 the right stops are 1 and -3, so 1; at the
        // temperature (3) the option {3|-3} cooled is 0, against 1: still 1.
        let g = a.parse("{1,{3|-3}|-2}").unwrap();
        let l = a.orthodox_options(g, Player::Left, Dyadic::ZERO).unwrap();
        assert_eq!(shown(&mut a, &l), ["1"]);
        let r = a.orthodox_options(g, Player::Right, Dyadic::ZERO).unwrap();
        assert_eq!(shown(&mut a, &r), ["-2"]);
    }
}
