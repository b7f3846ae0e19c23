//! The ordinal sum `G : H` (Conway, *ONAG* ch. 15): a move in `G` removes `H` for ever, a move
//! in `H` leaves `G` as it is. Its value depends on the form of `G` (here its canonical form)
//! and on `H` only through its value (the sweep `partizan/ordinal-sum` checks it on raw forms
//! of `H`, dominated and reversible options included).
//!
//! `G : H = { Gᴸ, G : Hᴸ | Gᴿ, G : Hᴿ }`. Blue-red Hackenbush strings are ordinal sums of
//! `±1` (a string of `1`s then a red edge: `1 : 1 : −1 = 3/2`), and `*a : *b = *(a + b)`.

use std::collections::HashMap;

use crate::PartizanError;
use crate::arena::{Arena, GameId};

impl Arena {
    /// The ordinal sum `g : h` of the canonical form of `g` and the value `h`.
    ///
    /// # Errors
    /// [`PartizanError::NumberRange`] when a number in the result leaves the dyadic range, or
    /// the arena's limits ([`Arena::set_limits`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_partizan::{Arena, Dyadic};
    ///
    /// let mut a = Arena::new();
    /// let (one, minus_one) = (a.integer(1), a.integer(-1));
    /// let two = a.ordinal_sum(one, one)?;
    /// assert_eq!(a.as_number(two), Some(Dyadic::from_int(2)));
    /// // Blue, blue, red: the Hackenbush string 1 : 1 : −1 = 3/2.
    /// let bbr = a.ordinal_sum(two, minus_one)?;
    /// assert_eq!(a.display(bbr), "3/2");
    /// # Ok::<(), cgt_partizan::PartizanError>(())
    /// ```
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> Result<GameId, PartizanError> {
        let base = (self.left_options(g), self.right_options(g));
        self.ordinal_under(&base, h, &mut HashMap::new())
    }

    /// `G : h` for the options `base` of `G`, memoised on `h`.
    fn ordinal_under(
        &mut self,
        base: &(Vec<GameId>, Vec<GameId>),
        h: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, PartizanError> {
        if let Some(&done) = memo.get(&h) {
            return Ok(done);
        }
        let mut left = base.0.clone();
        for x in self.left_options(h) {
            left.push(self.ordinal_under(base, x, memo)?);
        }
        let mut right = base.1.clone();
        for x in self.right_options(h) {
            right.push(self.ordinal_under(base, x, memo)?);
        }
        let sum = self.form(&left, &right)?;
        memo.insert(h, sum);
        Ok(sum)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Arena, Dyadic};

    #[test]
    fn hackenbush_strings_are_ordinal_sums_of_their_edges() {
        // A blue-red string read from the ground is the ordinal sum of ±1 edge by edge, and its
        // value has the string as sign expansion (Berlekamp's rule; Winning Ways ch. 2): every
        // string of up to 8 edges.
        let mut a = Arena::new();
        let (plus, minus) = (a.integer(1), a.integer(-1));
        for len in 1..=8u32 {
            for bits in 0..1u32 << len {
                let signs: Vec<bool> = (0..len).map(|i| bits >> i & 1 != 0).collect();
                let mut g = a.zero();
                for &s in &signs {
                    g = a.ordinal_sum(g, if s { plus } else { minus }).unwrap();
                }
                let x = Dyadic::from_sign_expansion(&signs).unwrap();
                assert_eq!(a.as_number(g), Some(x), "{signs:?}");
            }
        }
    }

    #[test]
    fn zero_is_an_identity_on_both_sides() {
        let mut a = Arena::new();
        let zero = a.zero();
        for text in ["*", "↑", "{1|-1}", "{2|{1|0}}", "3/4", "{0,*|0}"] {
            let g = a.parse(text).unwrap();
            assert_eq!(a.ordinal_sum(g, zero).unwrap(), g, "{text} : 0");
            assert_eq!(a.ordinal_sum(zero, g).unwrap(), g, "0 : {text}");
        }
    }
}
