//! How stored games are named when printed: `x + n·↑ + *m`, `±x`, `+_x` and `-_x` recognised
//! among canonical forms, memoised per game (the text itself is `notation.rs`'s).

use super::*;

/// How a canonical form is recognised for printing.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Label {
    /// `x + n·↑ + *m` (numbers, nimbers, ups and their sums).
    Nus { x: Dyadic, ups: i64, nim: u64 },
    /// `±x` for a number `x > 0`.
    Switch(Dyadic),
    /// `+_x`: `{0 || 0 | −x}`.
    Tiny(Dyadic),
    /// `-_x`: `{x | 0 || 0}`.
    Miny(Dyadic),
}

impl Arena {
    /// How `g` is printed, memoised (recognising `x + n·↑ + *m` takes a sum and comparisons;
    /// a printed game's options are often printed again).
    pub(crate) fn label(&mut self, g: GameId) -> Option<Label> {
        if let Some(&label) = self.labels.get(&g) {
            return label;
        }
        let label = self.recognise(g);
        self.labels.insert(g, label);
        label
    }

    fn recognise(&mut self, g: GameId) -> Option<Label> {
        if let Some(x) = self.as_number(g) {
            return Some(Label::Nus { x, ups: 0, nim: 0 });
        }
        let left = self.left_options(g);
        let right = self.right_options(g);
        if let Some(m) = self.nimber_value(g, &left, &right) {
            return Some(Label::Nus {
                x: Dyadic::ZERO,
                ups: 0,
                nim: m,
            });
        }
        if let ([a], [b]) = (left.as_slice(), right.as_slice()) {
            let (na, nb) = (self.as_number(*a), self.as_number(*b));
            if let (Some(x), Some(y)) = (na, nb)
                && -x == y
                && x.signum() > 0
            {
                return Some(Label::Switch(x));
            }
            let zero = self.zero();
            if *a == zero && self.as_number(*b).is_none() {
                let (bl, br) = (self.left_options(*b), self.right_options(*b));
                if let ([z], [k]) = (bl.as_slice(), br.as_slice())
                    && *z == zero
                    && let Some(x) = self.as_number(*k)
                    && x.signum() < 0
                {
                    return Some(Label::Tiny(-x));
                }
            }
            if *b == zero && self.as_number(*a).is_none() {
                let (al, ar) = (self.left_options(*a), self.right_options(*a));
                if let ([k], [z]) = (al.as_slice(), ar.as_slice())
                    && *z == zero
                    && let Some(x) = self.as_number(*k)
                    && x.signum() > 0
                {
                    return Some(Label::Miny(x));
                }
            }
        }
        // Infinitesimally close to a number x: try x + n·↑ + *m.
        let (ls, rs) = self.stops(g);
        if ls != rs {
            return None;
        }
        let minus_x = self.number(-ls);
        let h = self.sum(g, minus_x).ok()?;
        let (hl, hr) = (self.left_options(h), self.right_options(h));
        if let Some(m) = self.nimber_value(h, &hl, &hr) {
            return Some(Label::Nus {
                x: ls,
                ups: 0,
                nim: m,
            });
        }
        let up = self.up();
        let down = self.neg(up);
        let limit = self.birthday(h).min(UP_LIMIT);
        let mut pos = h;
        let mut neg = h;
        for n in 1..=limit as i64 {
            pos = self.sum(pos, down).ok()?;
            neg = self.sum(neg, up).ok()?;
            for (cand, ups) in [(pos, n), (neg, -n)] {
                let (cl, cr) = (self.left_options(cand), self.right_options(cand));
                if let Some(m) = self.nimber_value(cand, &cl, &cr) {
                    return Some(Label::Nus { x: ls, ups, nim: m });
                }
            }
        }
        None
    }

    fn nimber_value(&mut self, g: GameId, left: &[GameId], right: &[GameId]) -> Option<u64> {
        if g == self.zero() {
            return Some(0);
        }
        if left != right || left.len() as u64 > NOTATION_LIMIT {
            return None;
        }
        let k = left.len() as u64;
        (self.nimber(k).ok()? == g).then_some(k)
    }
}
