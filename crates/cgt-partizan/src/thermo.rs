//! Stops, mean, temperature and thermographs, exact in dyadic rationals.
//!
//! The thermograph of a game that is not a number is built from its options' (Siegel, *CGT*
//! II.5): the left scaffold is `max_{G^L} RW(G^L)(t) − t`, the right scaffold
//! `min_{G^R} LW(G^R)(t) + t`; the temperature `τ` is the least `t ≥ 0` where the left scaffold
//! is no longer to the right of the right scaffold (in value, left ≤ right), and above `τ` both
//! walls are the vertical mast at the mean. A number `x` has a mast from its (negative)
//! temperature: −1 for an integer, `−1/2^k` for a fraction with denominator `2^k`.

use crate::arena::{Arena, GameId};
use crate::player::Player;
use crate::thermograph::Thermograph;
use crate::{Dyadic, PartizanError};

/// A piecewise-linear function of the temperature `t ≥ 0`: from each breakpoint `(t, v, s)` the
/// value is `v + s·(t − t_i)` up to the next breakpoint; the last slope continues for ever.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pl {
    pieces: Vec<(Dyadic, Dyadic, i64)>,
}

fn overflow() -> PartizanError {
    PartizanError::range("a thermograph coordinate")
}

fn mul(x: Dyadic, s: i64) -> Result<Dyadic, PartizanError> {
    x.checked_mul_int(s).ok_or_else(overflow)
}

fn add(x: Dyadic, y: Dyadic) -> Result<Dyadic, PartizanError> {
    x.checked_add(y).ok_or_else(overflow)
}

fn sub(x: Dyadic, y: Dyadic) -> Result<Dyadic, PartizanError> {
    x.checked_sub(y).ok_or_else(overflow)
}

/// `x / d` for `d` a power of two (slope differences are 1 or 2).
fn div(x: Dyadic, d: i64) -> Result<Dyadic, PartizanError> {
    let (mut x, mut m) = if d < 0 { (-x, -d) } else { (x, d) };
    if m <= 0 || m & (m - 1) != 0 {
        return Err(overflow());
    }
    while m > 1 {
        x = x.half().ok_or_else(overflow)?;
        m /= 2;
    }
    Ok(x)
}

impl Pl {
    fn constant(v: Dyadic) -> Pl {
        Pl {
            pieces: vec![(Dyadic::ZERO, v, 0)],
        }
    }

    fn at(&self, t: Dyadic) -> Result<Dyadic, PartizanError> {
        let (t0, v0, s) = self.piece(t);
        add(v0, mul(sub(t, t0)?, s)?)
    }

    /// The piece in force at `t`: `(start, value there, slope)`.
    fn piece(&self, t: Dyadic) -> (Dyadic, Dyadic, i64) {
        let i = self.pieces.partition_point(|p| p.0 <= t).saturating_sub(1);
        self.pieces[i]
    }

    /// Every breakpoint of either function, in order.
    fn breakpoints(&self, other: &Pl) -> Vec<Dyadic> {
        let mut ts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|p| p.0)
            .collect();
        ts.sort_unstable();
        ts.dedup();
        ts
    }

    /// `self + c·t`.
    fn tilt(&self, c: i64) -> Result<Pl, PartizanError> {
        let mut pieces = Vec::with_capacity(self.pieces.len());
        for &(t, v, s) in &self.pieces {
            pieces.push((t, add(v, mul(t, c)?)?, s + c));
        }
        Ok(Pl { pieces })
    }

    /// The pointwise maximum (`want_max`) or minimum of two functions.
    fn merge(&self, other: &Pl, want_max: bool) -> Result<Pl, PartizanError> {
        let ts = self.breakpoints(other);
        let mut out: Vec<(Dyadic, Dyadic, i64)> = Vec::new();
        for (k, &a) in ts.iter().enumerate() {
            let (fa, ga) = (self.at(a)?, other.at(a)?);
            let (sf, sg) = (self.piece(a).2, other.piece(a).2);
            let better = |f: Dyadic, g: Dyadic, sf: i64, sg: i64| {
                // Which is chosen just after the point: by value, then by slope.
                if f != g {
                    (f > g) == want_max
                } else {
                    (sf >= sg) == want_max
                }
            };
            let pick_f = better(fa, ga, sf, sg);
            out.push(if pick_f { (a, fa, sf) } else { (a, ga, sg) });
            // Do they cross before the next breakpoint?
            if sf != sg && fa != ga {
                let cross = add(a, div(sub(ga, fa)?, sf - sg)?)?;
                let before_next = ts.get(k + 1).is_none_or(|&b| cross < b);
                if cross > a && before_next {
                    let v = add(fa, mul(sub(cross, a)?, sf)?)?;
                    out.push(if pick_f {
                        (cross, v, sg)
                    } else {
                        (cross, v, sf)
                    });
                }
            }
        }
        Ok(Pl {
            pieces: simplify(out),
        })
    }

    /// The least `t ≥ 0` with `self(t) ≤ other(t)`, for `self − other` non-increasing.
    fn meet(&self, other: &Pl) -> Result<Dyadic, PartizanError> {
        let ts = self.breakpoints(other);
        for (k, &a) in ts.iter().enumerate() {
            let d = sub(self.at(a)?, other.at(a)?)?;
            if d.signum() <= 0 {
                return Ok(a);
            }
            let slope = self.piece(a).2 - other.piece(a).2;
            if slope < 0 {
                let t = add(a, div(d, -slope)?)?;
                if ts.get(k + 1).is_none_or(|&b| t <= b) {
                    return Ok(t);
                }
            }
        }
        // Scaffolds always meet: the left one ends with slope −1, the right one with +1.
        Err(overflow())
    }

    /// The breakpoints up to `tau` (inclusive), as `(t, value)` pairs.
    fn until(&self, tau: Dyadic) -> Result<Vec<(Dyadic, Dyadic)>, PartizanError> {
        let mut pts: Vec<(Dyadic, Dyadic)> = self
            .pieces
            .iter()
            .filter(|p| p.0 < tau)
            .map(|p| (p.0, p.1))
            .collect();
        pts.push((tau, self.at(tau)?));
        pts.dedup();
        Ok(pts)
    }
}

/// Drops breakpoints that continue the previous piece.
fn simplify(v: Vec<(Dyadic, Dyadic, i64)>) -> Vec<(Dyadic, Dyadic, i64)> {
    let mut out: Vec<(Dyadic, Dyadic, i64)> = Vec::with_capacity(v.len());
    for p in v {
        if let Some(&(t0, v0, s0)) = out.last() {
            if p.0 == t0 {
                out.pop();
            } else if s0 == p.2
                && v0.checked_add(
                    p.0.checked_sub(t0)
                        .and_then(|d| d.checked_mul_int(s0))
                        .unwrap_or(v0),
                ) == Some(p.1)
            {
                continue;
            }
        }
        out.push(p);
    }
    out
}

impl Arena {
    /// The left and right stops: where play ends in a number when Left (resp. Right) starts and
    /// both players keep moving in the game until it is a number.
    pub fn stops(&self, g: GameId) -> (Dyadic, Dyadic) {
        self.stored_stops(g)
    }

    /// The left stop.
    pub fn left_stop(&self, g: GameId) -> Dyadic {
        self.stops(g).0
    }

    /// The right stop.
    pub fn right_stop(&self, g: GameId) -> Dyadic {
        self.stops(g).1
    }

    /// The thermograph, exact.
    ///
    /// # Errors
    /// [`PartizanError::NumberRange`] if a coordinate needs a denominator above `2^63`.
    pub fn thermograph(&mut self, g: GameId) -> Result<Thermograph, PartizanError> {
        if let Some(x) = self.as_number(g) {
            let temperature = if x.is_integer() {
                Dyadic::from_int(-1)
            } else {
                Dyadic::new(-1, x.exponent()).ok_or_else(overflow)?
            };
            return Ok(Thermograph {
                left_wall: vec![(Dyadic::ZERO, x)],
                right_wall: vec![(Dyadic::ZERO, x)],
                mast: x,
                temperature,
            });
        }
        if let Some(t) = self.thermographs.get(&g) {
            return Ok(t.clone());
        }
        let wall = |a: &mut Arena, h: GameId, side: Player| -> Result<Pl, PartizanError> {
            let t = a.thermograph(h)?;
            let pts = match side {
                Player::Left => &t.left_wall,
                Player::Right => &t.right_wall,
            };
            Ok(from_points(pts, t.mast))
        };
        let mut left: Option<Pl> = None;
        for l in self.left_options(g) {
            let w = wall(self, l, Player::Right)?;
            left = Some(match left {
                None => w,
                Some(m) => m.merge(&w, true)?,
            });
        }
        let mut right: Option<Pl> = None;
        for r in self.right_options(g) {
            let w = wall(self, r, Player::Left)?;
            right = Some(match right {
                None => w,
                Some(m) => m.merge(&w, false)?,
            });
        }
        let (ls, rs) = self.stops(g);
        let left = left.unwrap_or_else(|| Pl::constant(ls)).tilt(-1)?;
        let right = right.unwrap_or_else(|| Pl::constant(rs)).tilt(1)?;
        let tau = left.meet(&right)?;
        let mast = left.at(tau)?;
        let t = Thermograph {
            left_wall: left.until(tau)?,
            right_wall: right.until(tau)?,
            mast,
            temperature: tau,
        };
        self.thermographs.insert(g, t.clone());
        Ok(t)
    }

    /// The mean value (the mast of the thermograph).
    ///
    /// # Errors
    /// As [`Arena::thermograph`].
    pub fn mean(&mut self, g: GameId) -> Result<Dyadic, PartizanError> {
        Ok(self.thermograph(g)?.mast)
    }

    /// The temperature: how much a move is worth; negative for numbers, 0 for infinitesimals.
    ///
    /// # Errors
    /// As [`Arena::thermograph`].
    pub fn temperature(&mut self, g: GameId) -> Result<Dyadic, PartizanError> {
        Ok(self.thermograph(g)?.temperature)
    }
}

/// A wall given by breakpoints up to the temperature, then vertical at the mast.
fn from_points(pts: &[(Dyadic, Dyadic)], mast: Dyadic) -> Pl {
    let mut pieces = Vec::with_capacity(pts.len() + 1);
    for w in pts.windows(2) {
        let ((t0, v0), (t1, v1)) = (w[0], w[1]);
        // Wall pieces have slope −1, 0 or +1.
        let slope = match v1.cmp(&v0) {
            core::cmp::Ordering::Equal => 0,
            _ if v1.checked_sub(v0) == t1.checked_sub(t0) => 1,
            _ => -1,
        };
        pieces.push((t0, v0, slope));
    }
    let last = pts.last().map_or(Dyadic::ZERO, |p| p.0);
    pieces.push((last, mast, 0));
    Pl {
        pieces: simplify(pieces),
    }
}
