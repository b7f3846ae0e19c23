//! Sums, differences, negatives and multiples of stored games.

use super::*;

impl Arena {
    /// `−g`: the game with the roles of Left and Right exchanged.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(n) = self.entries[g.index()].neg {
            return n;
        }
        let n = match self.entries[g.index()].node {
            Node::Number(i) => self.number(-self.values[i as usize]),
            Node::Form { start, nl, nr } => {
                let (s, l, r) = (start as usize, nl as usize, nr as usize);
                let lefts: Vec<GameId> = self.pool[s..s + l].to_vec();
                let rights: Vec<GameId> = self.pool[s + l..s + l + r].to_vec();
                let new_left: Vec<GameId> = rights.iter().map(|&x| self.neg(x)).collect();
                let new_right: Vec<GameId> = lefts.iter().map(|&x| self.neg(x)).collect();
                self.intern_form(&new_left, &new_right)
            }
        };
        self.entries[g.index()].neg = Some(n);
        self.entries[n.index()].neg = Some(g);
        n
    }

    /// [`Arena::neg`] under the arena's budget: refused up front, before any form is made,
    /// when the forms it may make would pass the memory limit (one per form under `g` whose
    /// negative is not known yet, each with as many options as the form it mirrors).
    ///
    /// # Errors
    /// [`PartizanError::MemoryLimit`] with the estimate refused, or [`PartizanError::Stopped`]
    /// by the budget's stop flag or clock.
    pub fn try_neg(&mut self, g: GameId) -> Result<GameId, PartizanError> {
        if self.limits.is_some() && self.entries[g.index()].neg.is_none() {
            self.check_limits_with(self.neg_bytes(g))?;
        }
        Ok(self.neg(g))
    }

    /// An upper estimate of the bytes [`Arena::neg`] of `g` adds: for each form under `g`
    /// (itself included) without a known negative, an entry, its quick record, its key in the
    /// forms' table and its options in the pool.
    pub(super) fn neg_bytes(&self, g: GameId) -> u64 {
        let per_form = (core::mem::size_of::<Entry>() + core::mem::size_of::<Quick>() + 40) as u64;
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![g];
        let mut bytes = 0u64;
        while let Some(x) = stack.pop() {
            if self.entries[x.index()].neg.is_some() || !seen.insert(x) {
                continue;
            }
            if let Node::Form { start, nl, nr } = self.entries[x.index()].node {
                let (s, n) = (start as usize, nl as usize + nr as usize);
                bytes += per_form + 8 * n as u64;
                stack.extend_from_slice(&self.pool[s..s + n]);
            }
        }
        bytes
    }

    /// `a + b`, the disjunctive sum.
    ///
    /// # Errors
    /// [`PartizanError::NumberRange`] when a number in the result leaves the dyadic range.
    pub fn sum(&mut self, a: GameId, b: GameId) -> Result<GameId, PartizanError> {
        let zero = self.zero();
        if a == zero {
            return Ok(b);
        }
        if b == zero {
            return Ok(a);
        }
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        self.sums_done += 1;
        if self.sums_done.is_multiple_of(SUM_CHECK) {
            self.check_limits()?;
        }
        // Nimbers add by nim-addition, without expanding the sum's forms.
        if let (Some(x), Some(y)) = (self.as_nimber(a), self.as_nimber(b)) {
            let s = self.nimber(x ^ y)?;
            self.check_growth(&self.sums)?;
            self.sums.insert(key, s);
            return Ok(s);
        }
        let (na, nb) = (self.as_number(a), self.as_number(b));
        let result = match (na, nb) {
            (Some(x), Some(y)) => {
                let z = x
                    .checked_add(y)
                    .ok_or_else(|| PartizanError::range(format!("{x} + {y}")))?;
                self.number(z)
            }
            // Number translation: for G not a number, G + x = {G^L + x | G^R + x}.
            (Some(_), None) => self.translate(b, a)?,
            (None, Some(_)) => self.translate(a, b)?,
            (None, None) => self.sum_form(a, b, false)?,
        };
        self.check_growth(&self.sums)?;
        self.sums.insert(key, result);
        Ok(result)
    }

    fn translate(&mut self, g: GameId, x: GameId) -> Result<GameId, PartizanError> {
        self.sum_form(g, x, true)
    }

    /// The canonical form of `a + b` from its options (see [`Arena::sum_options`]), in two
    /// lists taken from those the arena keeps and given back after. Sums keep their own
    /// answers, so the form is not kept.
    fn sum_form(&mut self, a: GameId, b: GameId, b_number: bool) -> Result<GameId, PartizanError> {
        let mut lists = [(); 2].map(|()| {
            let mut list = self.sum_lists.pop().unwrap_or_default();
            list.clear();
            list
        });
        let [left, right] = &mut lists;
        let found = self
            .sum_options(a, b, b_number, [&mut *left, &mut *right])
            .and_then(|()| self.form_once(left, right));
        self.sum_lists.extend(lists);
        found
    }

    /// The options of `a + b`, Left's in `out[0]` and Right's in `out[1]`: the moves in `a`,
    /// and in `b` unless `b` is a number (number avoidance: `G + x = {G^L + x | G^R + x}`).
    fn sum_options(
        &mut self,
        a: GameId,
        b: GameId,
        b_number: bool,
        out: [&mut Vec<GameId>; 2],
    ) -> Result<(), PartizanError> {
        for (side, out) in [Player::Left, Player::Right].into_iter().zip(out) {
            let oa = self.opts(a, side);
            for i in 0..oa.len() {
                let x = self.opt(oa, i);
                out.push(self.sum(x, b)?);
            }
            if b_number {
                continue;
            }
            let ob = self.opts(b, side);
            for i in 0..ob.len() {
                let y = self.opt(ob, i);
                out.push(self.sum(a, y)?);
            }
        }
        Ok(())
    }

    /// `a − b`.
    ///
    /// # Errors
    /// As [`Arena::sum`].
    pub fn sub(&mut self, a: GameId, b: GameId) -> Result<GameId, PartizanError> {
        let nb = self.try_neg(b)?;
        self.sum(a, nb)
    }

    /// `n · g` for `n ≥ 0`, by doubling.
    ///
    /// # Errors
    /// As [`Arena::sum`].
    pub fn times(&mut self, g: GameId, n: u64) -> Result<GameId, PartizanError> {
        let mut acc = self.zero();
        let mut base = g;
        let mut k = n;
        while k > 0 {
            if k & 1 == 1 {
                acc = self.sum(acc, base)?;
            }
            k >>= 1;
            if k > 0 {
                base = self.sum(base, base)?;
            }
        }
        Ok(acc)
    }
}
