//! The order of games: `≤` with its memo, comparison and outcome, and the comparisons with a
//! form being reduced.

use super::*;

/// A game given by its options, not yet in canonical form: the other side of the comparisons
/// made while a form is reduced (kept in the arena between forms, so its buffers are reused).
#[derive(Clone, Debug, Default)]
pub(super) struct Raw {
    pub(super) left: Vec<GameId>,
    pub(super) right: Vec<GameId>,
    /// `max R(G^L)` and `min L(G^R)` over the options' rounded stops (`∓∞` without options):
    /// G's stops when G is not a number, and when it is one, `x`, they bound it from outside
    /// (`R(G^L) ≤ x ≤ L(G^R)`: no `G^L ≥ x`, no `G^R ≤ x`). So `L(G) ≥` the first and
    /// `R(G) ≤` the second, always.
    pub(super) stops: (f32, f32),
    /// `(x, true)`: `x ≤ G`; `(x, false)`: `G ≤ x`.
    pub(super) memo: FxHashMap<(GameId, bool), bool>,
}

impl Arena {
    /// `a ≤ b`: Left, playing second, does at least as well in `b` as in `a` (Right has no
    /// winning first move in `b − a`).
    pub fn le(&mut self, a: GameId, b: GameId) -> bool {
        if a == b {
            return true;
        }
        let (qa, qb) = (self.quick[a.index()], self.quick[b.index()]);
        // Distinct nimbers are confused with each other.
        if qa.kind & qb.kind & NIMBER != 0 {
            return false;
        }
        match (qa.kind & NUMBER != 0, qb.kind & NUMBER != 0) {
            (true, true) => {
                return if qa.stops.0 == qb.stops.0 {
                    self.as_number(a) <= self.as_number(b)
                } else {
                    qa.stops.0 < qb.stops.0
                };
            }
            // A number x against a game H: x < R(H) gives x ≤ H (R(H − x) > 0, so Left wins
            // H − x moving second) and x > R(H) refutes it (Right wins H − x moving first);
            // only x = R(H) needs a look at H. Dually H ≤ x by L(H).
            (true, false) => {
                return match qa.stops.0.partial_cmp(&qb.stops.1) {
                    Some(Ordering::Less) => true,
                    Some(Ordering::Greater) => false,
                    // Number avoidance: with b not a number, b − x has a winning move for
                    // Right exactly when some b^R − x does, so x ≤ b iff no b^R ≤ x.
                    _ => !self.any_opt(b, Player::Right, |s, r| s.le(r, a)),
                };
            }
            (false, true) => {
                return match qa.stops.0.partial_cmp(&qb.stops.0) {
                    Some(Ordering::Less) => true,
                    Some(Ordering::Greater) => false,
                    _ => !self.any_opt(a, Player::Left, |s, l| s.le(b, l)),
                };
            }
            (false, false) => {}
        }
        // Stops are monotone: G ≤ H forces L(G) ≤ L(H) and R(G) ≤ R(H).
        if qa.stops.0 > qb.stops.0 || qa.stops.1 > qb.stops.1 {
            return false;
        }
        // R(H − G) ≥ R(H) − L(G), so L(G) < R(H) makes H − G positive.
        if qa.stops.0 < qb.stops.1 {
            return true;
        }
        if let Some(v) = self.le_memo.get(a.0, b.0) {
            return v;
        }
        let v = !self.any_opt(b, Player::Right, |s, r| s.le(r, a))
            && !self.any_opt(a, Player::Left, |s, l| s.le(b, l));
        self.le_memo.insert(a.0, b.0, v);
        v
    }

    fn any_opt(
        &mut self,
        g: GameId,
        side: Player,
        mut f: impl FnMut(&mut Arena, GameId) -> bool,
    ) -> bool {
        let o = self.opts(g, side);
        (0..o.len()).any(|i| {
            let x = self.opt(o, i);
            f(self, x)
        })
    }

    /// `a ≥ b`.
    pub fn ge(&mut self, a: GameId, b: GameId) -> bool {
        self.le(b, a)
    }

    /// How `a` compares with `b`: `Some(Less | Equal | Greater)`, or `None` when they are
    /// confused (`a || b`: the first player wins `a − b`).
    pub fn compare(&mut self, a: GameId, b: GameId) -> Option<Ordering> {
        match (self.le(a, b), self.le(b, a)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }

    /// Who wins `g`: L (g > 0), R (g < 0), P (g = 0) or N (g || 0).
    pub fn outcome(&mut self, g: GameId) -> OutcomeClass {
        let zero = self.zero();
        match self.compare(g, zero) {
            Some(Ordering::Greater) => OutcomeClass::L,
            Some(Ordering::Less) => OutcomeClass::R,
            Some(Ordering::Equal) => OutcomeClass::P,
            None => OutcomeClass::N,
        }
    }

    /// `x ≤ G` for the raw game G.
    pub(super) fn le_id_raw(&mut self, x: GameId, raw: &mut Raw) -> bool {
        // `x ≤ G` forces `R(x) ≤ R(G)`, and `R(G)` is at most the bound kept.
        if self.quick[x.index()].stops.1 > raw.stops.1 {
            return false;
        }
        if let Some(&v) = raw.memo.get(&(x, true)) {
            return v;
        }
        let mut v = !raw.right.iter().any(|&gr| self.le(gr, x));
        if v {
            let xl = self.opts(x, Player::Left);
            for i in 0..xl.len() {
                let y = self.opt(xl, i);
                if self.le_raw_id(raw, y) {
                    v = false;
                    break;
                }
            }
        }
        raw.memo.insert((x, true), v);
        v
    }

    /// `G ≤ y` for the raw game G.
    pub(super) fn le_raw_id(&mut self, raw: &mut Raw, y: GameId) -> bool {
        // `G ≤ y` forces `L(G) ≤ L(y)`, and `L(G)` is at least the bound kept.
        if raw.stops.0 > self.quick[y.index()].stops.0 {
            return false;
        }
        if let Some(&v) = raw.memo.get(&(y, false)) {
            return v;
        }
        let mut v = !raw.left.iter().any(|&gl| self.le(y, gl));
        if v {
            let yr = self.opts(y, Player::Right);
            for i in 0..yr.len() {
                let z = self.opt(yr, i);
                if self.le_id_raw(z, raw) {
                    v = false;
                    break;
                }
            }
        }
        raw.memo.insert((y, false), v);
        v
    }
}
