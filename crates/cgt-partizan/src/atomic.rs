//! All-small games and their atomic weights (Berlekamp, Conway and Guy, *Winning Ways* ch. 8;
//! Siegel, *Combinatorial Game Theory* II.7).
//!
//! A game is all-small when in every position either both players can move or neither can,
//! as in every Clobber position. Such a game is infinitesimal, and
//! its atomic weight counts how many `↑`s it is worth: `aw(n·↑ + *k) = n`, the weight is
//! additive, and the two-ahead rule makes a game of weight at least 2 a win for Left.
//!
//! The weight comes from the atomic weight calculus on the canonical form:
//! `A = {aw(Gᴸ) − 2 | aw(Gᴿ) + 2}`. When `A` is not an integer, `aw(G) = A`. When it is,
//! `G` is compared with a remote star `*N` (`N` beyond every nimber among `G`'s positions):
//! if `G > *N` the weight is the largest integer `n` with `n ⧏ aw(Gᴿ) + 2` for every `Gᴿ`; if
//! `G < *N` the smallest `n` with `n ⧐ aw(Gᴸ) − 2` for every `Gᴸ`; otherwise `A`. The sweep
//! `partizan/atomic-weight` checks additivity, negation, the two-ahead rule and
//! `aw(A.↑) = A` on games born by day 3.

use std::collections::HashMap;

use crate::arena::{Arena, GameId};
use crate::{Dyadic, PartizanError, Player};

impl Arena {
    /// Whether `g` is all-small: in each of its positions both players can move or neither
    /// can (`0`, nimbers, `↑`, `{0 | ↓*}`; not a nonzero number, not `±1`).
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        self.all_small(g, &mut HashMap::new())
    }

    fn all_small(&mut self, g: GameId, memo: &mut HashMap<GameId, bool>) -> bool {
        if g == self.zero() {
            return true;
        }
        if self.as_number(g).is_some() {
            return false;
        }
        if let Some(&known) = memo.get(&g) {
            return known;
        }
        let (left, right) = (self.left_options(g), self.right_options(g));
        let small = !left.is_empty()
            && !right.is_empty()
            && left
                .into_iter()
                .chain(right)
                .all(|x| self.all_small(x, memo));
        memo.insert(g, small);
        small
    }

    /// The atomic weight of the all-small game `g`: an integer for most games (`aw(⇑*) = 2`),
    /// a game in general.
    ///
    /// # Errors
    /// [`PartizanError::Argument`] when `g` is not all-small; the arena's limits.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_partizan::Arena;
    ///
    /// let mut a = Arena::new();
    /// let g = a.parse("^^* + {0|v*}")?; // ⇑* plus ↑², which weighs nothing
    /// let w = a.atomic_weight(g)?;
    /// assert_eq!(a.display(w), "2");
    /// let hot = a.parse("+-1")?;
    /// assert!(a.atomic_weight(hot).is_err());
    /// # Ok::<(), cgt_partizan::PartizanError>(())
    /// ```
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId, PartizanError> {
        if !self.is_all_small(g) {
            return Err(PartizanError::Argument {
                message: format!(
                    "the atomic weight is defined for all-small games (both players can move, or neither, in every position), and {} is not",
                    self.display(g)
                ),
            });
        }
        self.weight(g, &mut HashMap::new())
    }

    /// The atomic weight calculus on the canonical form of the all-small game `g`, memoised.
    fn weight(
        &mut self,
        g: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, PartizanError> {
        if g == self.zero() {
            return Ok(g);
        }
        if let Some(&done) = memo.get(&g) {
            return Ok(done);
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (side, player, shift) in [(0, Player::Left, -2), (1, Player::Right, 2)] {
            let shift = self.integer(shift);
            for x in self.options(g, player) {
                let w = self.weight(x, memo)?;
                sides[side].push(self.sum(w, shift)?);
            }
        }
        let candidate = self.form(&sides[0], &sides[1])?;
        let weight = if self.as_number(candidate).is_some_and(Dyadic::is_integer) {
            let remote = self.remote_star(g)?;
            let (below, above) = (self.le(g, remote), self.le(remote, g));
            if above && !below {
                // The largest n with n ⧏ every aw(Gᴿ) + 2.
                let n = sides[1]
                    .iter()
                    .map(|&x| self.largest_integer_not_above(x))
                    .min()
                    .unwrap_or(0);
                self.integer(n)
            } else if below && !above {
                // The smallest n with n ⧐ every aw(Gᴸ) − 2.
                let n = sides[0]
                    .iter()
                    .map(|&x| self.smallest_integer_not_below(x))
                    .max()
                    .unwrap_or(0);
                self.integer(n)
            } else {
                candidate
            }
        } else {
            candidate
        };
        memo.insert(g, weight);
        Ok(weight)
    }

    /// The largest integer `n` that `x` is not at most (`n ⧏ x`: not `x ≤ n`).
    fn largest_integer_not_above(&mut self, x: GameId) -> i64 {
        // Every n ≥ ⌈L(x)⌉ + 1 has x ≤ n; below L(x), x ≤ n fails.
        let mut n = clamp_int(self.left_stop(x).ceil()) + 1;
        loop {
            let m = self.integer(n);
            if !self.le(x, m) {
                return n;
            }
            n -= 1;
        }
    }

    /// The smallest integer `n` that is not at most `x` (`n ⧐ x`: not `n ≤ x`).
    fn smallest_integer_not_below(&mut self, x: GameId) -> i64 {
        let mut n = clamp_int(self.right_stop(x).floor()) - 1;
        loop {
            let m = self.integer(n);
            if !self.le(m, x) {
                return n;
            }
            n += 1;
        }
    }

    /// `*N` for `N` one more than every nimber among the positions of `g`.
    fn remote_star(&mut self, g: GameId) -> Result<GameId, PartizanError> {
        let mut seen = HashMap::new();
        let n = self.nimber_bound(g, &mut seen);
        self.nimber(n)
    }

    fn nimber_bound(&mut self, g: GameId, seen: &mut HashMap<GameId, u64>) -> u64 {
        if let Some(k) = self.as_nimber(g) {
            return k + 1;
        }
        if self.as_number(g).is_some() {
            return 1;
        }
        if let Some(&n) = seen.get(&g) {
            return n;
        }
        let mut n = 1;
        for player in [Player::Left, Player::Right] {
            for x in self.options(g, player) {
                n = n.max(self.nimber_bound(x, seen));
            }
        }
        seen.insert(g, n);
        n
    }
}

/// A stop's integer part, kept in `i64` (stops of games in an arena are far inside it).
fn clamp_int(x: i128) -> i64 {
    i64::try_from(x).unwrap_or(if x < 0 { i64::MIN / 2 } else { i64::MAX / 2 })
}

#[cfg(test)]
mod tests {
    use crate::Arena;

    fn weight(a: &mut Arena, g: &str) -> String {
        let x = a.parse(g).unwrap();
        let w = a.atomic_weight(x).unwrap();
        a.display(w)
    }

    #[test]
    fn ups_and_stars_weigh_their_ups() {
        let mut a = Arena::new();
        for (g, w) in [
            ("0", "0"),
            ("*", "0"),
            ("*7", "0"),
            ("^", "1"),
            ("^*", "1"),
            ("v", "-1"),
            ("^^*", "2"),
            ("^3*2", "3"),
            ("v4", "-4"),
        ] {
            assert_eq!(weight(&mut a, g), w, "aw({g})");
        }
    }

    #[test]
    fn winning_ways_examples() {
        // Winning Ways ch. 8: ↑² = {0 | ↓*} weighs nothing; and a non-integer weight:
        // {⇑ | ⇓} has A = {2 − 2 | −2 + 2} = {0 | 0} = *.
        let mut a = Arena::new();
        assert_eq!(weight(&mut a, "{0|v*}"), "0");
        assert_eq!(weight(&mut a, "{^^|vv}"), "*");
    }

    #[test]
    fn only_all_small_games_have_a_weight() {
        let mut a = Arena::new();
        for g in ["1", "-1/2", "+-1", "{1|*}", "{0|-1}", "^ + 1"] {
            let x = a.parse(g).unwrap();
            assert!(!a.is_all_small(x), "{g}");
            assert!(a.atomic_weight(x).is_err(), "{g}");
        }
        for g in ["0", "*", "^", "{0|v*}", "{^^|vv}", "{0,*|0}"] {
            let x = a.parse(g).unwrap();
            assert!(a.is_all_small(x), "{g}");
        }
    }
}
