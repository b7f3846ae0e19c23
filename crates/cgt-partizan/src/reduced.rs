//! Reduced canonical form (Calistrate; Grossman and Siegel, "Reductions of partizan games",
//! 2009): the simplest game infinitely close to `G`, i.e. differing from it by an
//! infinitesimal. Two games have the same reduced canonical form exactly when their
//! difference is infinitesimal, so it is the value of `G` "modulo infinitesimals" — what a
//! thermograph or a score sees.
//!
//! Grossman and Siegel show that it can be had by heating by `*` and then dropping stars:
//! `rcf(G) = P(∫* G)` with `∫* x = x` for a number and `∫* G = {∫* Gᴸ + * | ∫* Gᴿ + *}`, and
//! `P(x) = P(x*) = x` for a number `x`, `P(G) = {P(Gᴸ) | P(Gᴿ)}` otherwise. The sweep
//! `partizan/reduced` checks the defining properties on every game born by day 3: the
//! difference is infinitesimal (against numbers `±2⁻ᵏ`, not stops), games an infinitesimal
//! apart get the same form, and it is never born later than `G`.

use std::collections::HashMap;

use crate::PartizanError;
use crate::arena::{Arena, GameId};

impl Arena {
    /// The reduced canonical form of `g`: `x` for `x + ↑ + *`, `{1 | 0}` for `{1 | ↑}`.
    ///
    /// # Errors
    /// The arena's limits.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_partizan::Arena;
    ///
    /// let mut a = Arena::new();
    /// let g = a.parse("{1|^}")?;
    /// let r = a.reduced(g)?;
    /// assert_eq!(a.display(r), "{1|0}");
    /// let h = a.parse("3/2^*")?;
    /// let r = a.reduced(h)?;
    /// assert_eq!(a.display(r), "3/2");
    /// # Ok::<(), cgt_partizan::PartizanError>(())
    /// ```
    pub fn reduced(&mut self, g: GameId) -> Result<GameId, PartizanError> {
        let heated = self.heat_by_star(g, &mut HashMap::new())?;
        self.without_stars(heated, &mut HashMap::new())
    }

    /// Whether `g` is infinitesimal: smaller than every positive number and larger than
    /// every negative one (both stops are 0).
    pub fn is_infinitesimal(&mut self, g: GameId) -> bool {
        self.stops(g) == (crate::Dyadic::ZERO, crate::Dyadic::ZERO)
    }

    /// `∫* g`: a number as it is, otherwise `{∫* Gᴸ + * | ∫* Gᴿ + *}`.
    fn heat_by_star(
        &mut self,
        g: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, PartizanError> {
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&done) = memo.get(&g) {
            return Ok(done);
        }
        let star = self.nimber(1)?;
        let heated = self.map_options(g, |a, x, _| {
            let y = a.heat_by_star(x, memo)?;
            a.sum(y, star)
        })?;
        memo.insert(g, heated);
        Ok(heated)
    }

    /// `P(g)`: `x` for a number `x` or `x*`, otherwise `{P(Gᴸ) | P(Gᴿ)}`.
    fn without_stars(
        &mut self,
        g: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, PartizanError> {
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&done) = memo.get(&g) {
            return Ok(done);
        }
        let star = self.nimber(1)?;
        let unstarred = self.sum(g, star)?;
        let projected = if self.as_number(unstarred).is_some() {
            unstarred
        } else {
            self.map_options(g, |a, x, _| a.without_stars(x, memo))?
        };
        memo.insert(g, projected);
        Ok(projected)
    }
}

#[cfg(test)]
mod tests {
    use crate::Arena;

    fn reduced(a: &mut Arena, g: &str) -> String {
        let x = a.parse(g).unwrap();
        let r = a.reduced(x).unwrap();
        a.display(r)
    }

    #[test]
    fn infinitesimals_reduce_to_zero_and_numbers_stay() {
        let mut a = Arena::new();
        for (g, r) in [
            ("0", "0"),
            ("*", "0"),
            ("^*3", "0"),
            ("{0|v*}", "0"),
            ("+_1", "0"),
            ("5/4", "5/4"),
            ("-2v*", "-2"),
            ("{3|1}", "{3|1}"),
            ("{1|^}", "{1|0}"),
            ("{3|1} + *", "{3|1}"),
        ] {
            assert_eq!(reduced(&mut a, g), r, "rcf({g})");
        }
    }

    #[test]
    fn infinitesimal_means_both_stops_zero() {
        let mut a = Arena::new();
        for (g, small) in [
            ("^*", true),
            ("+_2", true),
            ("{1|-1}", false),
            ("1/64", false),
        ] {
            let x = a.parse(g).unwrap();
            assert_eq!(a.is_infinitesimal(x), small, "{g}");
        }
    }
}
