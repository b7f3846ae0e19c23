//! From `{left | right}` to the canonical form: dominated options removed, reversible ones
//! bypassed, numbers recognised by the simplicity rule; each step told on request.

use super::*;

/// One step from `{left | right}` to its canonical form (see [`Arena::explain_form`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormStep {
    /// `side`'s `option` is dominated by its other option `by` (Left drops `A ≤ A'`, Right
    /// drops `B ≥ B'`).
    Dominated {
        /// Whose option.
        side: Player,
        /// The option dropped.
        option: GameId,
        /// The option at least as good for `side`.
        by: GameId,
    },
    /// `side`'s `option` is reversible through its option `through` (for Left: `A^R ≤ G`); it
    /// is replaced by the options of `through` for `side`.
    Reversible {
        /// Whose option.
        side: Player,
        /// The option bypassed.
        option: GameId,
        /// The opponent's reply that reverses it.
        through: GameId,
        /// What replaces it.
        replacements: Vec<GameId>,
    },
    /// The options left are numbers with every Left option below every Right option: the game
    /// is the simplest number between them.
    Number {
        /// Left's options then.
        left: Vec<GameId>,
        /// Right's options then.
        right: Vec<GameId>,
        /// The simplest number.
        number: GameId,
    },
}

/// The option lists of [`Arena::traced_form`], kept in the arena between forms so their
/// buffers are reused.
#[derive(Clone, Debug, Default)]
pub(super) struct FormBuffers {
    l: Vec<GameId>,
    r: Vec<GameId>,
    new_l: Vec<GameId>,
    new_r: Vec<GameId>,
}

impl Arena {
    /// The canonical form of `{left | right}`, for options already in the arena: dominated
    /// options removed, reversible options bypassed, and a number when the simplicity rule says
    /// so.
    ///
    /// # Errors
    /// [`PartizanError::NumberRange`] when the simplest number between the options is out of
    /// range.
    pub fn form(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, PartizanError> {
        // `{ | } = 0`, the leaves of every tree of options.
        if left.is_empty() && right.is_empty() {
            return Ok(self.zero());
        }
        // Forms with few options come back again and again (a game built from its tree of
        // options meets the same small games at every turn): their answers are kept, numbers
        // too (a look-up costs less than the simplicity rule).
        let Some(key) = small_form_key(left, right) else {
            return self.traced_form(left, right, &mut None);
        };
        if let Some(&g) = self.small_forms.get(&key) {
            return Ok(g);
        }
        let g = self.traced_form(left, right, &mut None)?;
        self.small_forms.insert(key, g);
        Ok(g)
    }

    /// [`Arena::form`] without keeping the answer: for a caller that keeps its own (sums, a
    /// search's cache of positions), where each form comes once.
    pub(crate) fn form_once(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<GameId, PartizanError> {
        self.traced_form(left, right, &mut None)
    }

    /// [`Arena::form`] with each simplification step it took, in order: how `{left | right}`
    /// becomes its canonical form.
    ///
    /// # Errors
    /// As [`Arena::form`].
    pub fn explain_form(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<(GameId, Vec<FormStep>), PartizanError> {
        let mut trace = Some(Vec::new());
        let g = self.traced_form(left, right, &mut trace)?;
        Ok((g, trace.unwrap_or_default()))
    }

    fn traced_form(
        &mut self,
        left: &[GameId],
        right: &[GameId],
        trace: &mut Option<Vec<FormStep>>,
    ) -> Result<GameId, PartizanError> {
        // Reducing a form with many options costs many comparisons (a sum with *256 has
        // hundreds of options at every level), so the budget is checked here too, not only
        // every few thousand sums.
        if left.len() + right.len() >= FORM_CHECK_OPTIONS {
            self.check_limits()?;
        }
        // Options that are all numbers, Left's below Right's: no buffers needed.
        if trace.is_none()
            && let Some(x) = self.simple_number(left, right)?
        {
            return Ok(x);
        }

        let mut raw = core::mem::take(&mut self.raw);
        let mut buffers = core::mem::take(&mut self.form_buffers);
        // Clearing an empty map would still sweep its whole table.
        if !raw.memo.is_empty() {
            raw.memo.clear();
        }
        let found = self.reduce_form(left, right, trace, &mut raw, &mut buffers);
        self.raw = raw;
        self.form_buffers = buffers;
        found
    }

    /// [`Arena::traced_form`] with its buffers.
    fn reduce_form(
        &mut self,
        left: &[GameId],
        right: &[GameId],
        trace: &mut Option<Vec<FormStep>>,
        raw: &mut Raw,
        buffers: &mut FormBuffers,
    ) -> Result<GameId, PartizanError> {
        let FormBuffers { l, r, new_l, new_r } = buffers;
        for (v, given) in [(&mut *l, left), (&mut *r, right)] {
            v.clear();
            v.extend_from_slice(given);
            v.sort_unstable();
            v.dedup();
        }
        // The value of G never changes while its options are reduced, so comparisons with any
        // of its forms on the way stay valid (and their memo with them); the form with the
        // dominated options gone is the cheapest to compare with.
        loop {
            if let Some(x) = self.simple_number_step(l, r, trace)? {
                return Ok(x);
            }
            self.remove_dominated(l, Player::Left, trace);
            self.remove_dominated(r, Player::Right, trace);
            raw.left.clone_from(l);
            raw.right.clone_from(r);
            raw.stops = (
                l.iter()
                    .map(|g| self.quick[g.index()].stops.1)
                    .fold(f32::NEG_INFINITY, f32::max),
                r.iter()
                    .map(|g| self.quick[g.index()].stops.0)
                    .fold(f32::INFINITY, f32::min),
            );
            let changed_left = self.bypass_reversible(Player::Left, l, new_l, raw, trace);
            let changed_right = self.bypass_reversible(Player::Right, r, new_r, raw, trace);
            let changed = changed_left || changed_right;
            core::mem::swap(l, new_l);
            core::mem::swap(r, new_r);
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
            if !changed {
                break;
            }
        }
        if let Some(x) = self.simple_number_step(l, r, trace)? {
            return Ok(x);
        }
        self.check_full(
            self.forms.len(),
            self.forms.capacity(),
            hash_table_bytes(&self.forms),
        )?;
        Ok(self.intern_form(l, r))
    }

    /// `side`'s options `from`, each reversible one replaced by the options of the reply that
    /// reverses it, into `to`; whether any was. Left's option `A` is reversible through its
    /// Right option `A^R` when `A^R ≤ G`; Right's `B` through `B^L` when `G ≤ B^L`.
    fn bypass_reversible(
        &mut self,
        side: Player,
        from: &[GameId],
        to: &mut Vec<GameId>,
        raw: &mut Raw,
        trace: &mut Option<Vec<FormStep>>,
    ) -> bool {
        let mut changed = false;
        to.clear();
        for &option in from {
            let replies = self.opts(option, side.other());
            let through = (0..replies.len()).find_map(|i| {
                let x = self.opt(replies, i);
                let reverses = match side {
                    Player::Left => self.le_id_raw(x, raw),
                    Player::Right => self.le_raw_id(raw, x),
                };
                reverses.then_some(x)
            });
            match through {
                Some(x) => {
                    changed = true;
                    let replacements = self.options(x, side);
                    if let Some(t) = trace {
                        t.push(FormStep::Reversible {
                            side,
                            option,
                            through: x,
                            replacements: replacements.clone(),
                        });
                    }
                    to.extend(replacements);
                }
                None => to.push(option),
            }
        }
        changed
    }

    /// [`Arena::simple_number`], told as a step when the form is a number.
    fn simple_number_step(
        &mut self,
        l: &[GameId],
        r: &[GameId],
        trace: &mut Option<Vec<FormStep>>,
    ) -> Result<Option<GameId>, PartizanError> {
        let number = self.simple_number(l, r)?;
        if let (Some(x), Some(t)) = (number, trace) {
            t.push(FormStep::Number {
                left: l.to_vec(),
                right: r.to_vec(),
                number: x,
            });
        }
        Ok(number)
    }

    /// The simplicity rule: when every option is a number and each Left option is less than
    /// each Right option, the game is the simplest number between them.
    fn simple_number(
        &mut self,
        l: &[GameId],
        r: &[GameId],
    ) -> Result<Option<GameId>, PartizanError> {
        if l.iter()
            .chain(r)
            .any(|g| self.quick[g.index()].kind & NUMBER == 0)
        {
            return Ok(None);
        }
        let lo = l.iter().filter_map(|&g| self.as_number(g)).max();
        let hi = r.iter().filter_map(|&g| self.as_number(g)).min();
        if let (Some(a), Some(b)) = (lo, hi)
            && a >= b
        {
            return Ok(None);
        }
        let x = Dyadic::simplest_between(lo, hi).ok_or_else(|| {
            PartizanError::range(format!(
                "the simplest number between {} and {}",
                lo.map_or("-inf".into(), |x| x.to_string()),
                hi.map_or("+inf".into(), |x| x.to_string())
            ))
        })?;
        Ok(Some(self.number(x)))
    }

    fn remove_dominated(
        &mut self,
        v: &mut Vec<GameId>,
        side: Player,
        trace: &mut Option<Vec<FormStep>>,
    ) {
        if v.len() < 2 {
            return;
        }
        // Left drops A when A ≤ A'; Right drops B when B ≥ B'.
        let worse = |s: &mut Arena, x: GameId, y: GameId| match side {
            Player::Left => s.le(x, y),
            Player::Right => s.le(y, x),
        };
        if trace.is_none() {
            // The undominated options are the maximal elements of a partial order (distinct
            // ids are distinct values): keep a running set of them, so each option is compared
            // with the few kept rather than with every other option.
            // `v[..kept]` holds them, in place.
            let mut kept = 0;
            'options: for i in 0..v.len() {
                let x = v[i];
                if v[..kept].iter().any(|&m| worse(self, x, m)) {
                    continue 'options;
                }
                let mut j = 0;
                for k in 0..kept {
                    if !worse(self, v[k], x) {
                        v[j] = v[k];
                        j += 1;
                    }
                }
                v[j] = x;
                kept = j + 1;
            }
            v.truncate(kept);
            return;
        }
        let mut keep = vec![true; v.len()];
        for i in 0..v.len() {
            for j in 0..v.len() {
                if i == j || !keep[j] {
                    continue;
                }
                if worse(self, v[i], v[j]) {
                    keep[i] = false;
                    if let Some(t) = trace {
                        t.push(FormStep::Dominated {
                            side,
                            option: v[i],
                            by: v[j],
                        });
                    }
                    break;
                }
            }
        }
        let mut k = 0;
        v.retain(|_| {
            k += 1;
            keep[k - 1]
        });
    }
}
