//! Cutcake: pieces of cake scored into unit squares; Left cuts a piece along a vertical score
//! line, Right along a horizontal one, and each cut leaves two pieces. The player who cannot
//! cut loses. Every position is an integer.
//!
//! Positions are written `WxH` (width × height) for one piece, or several separated by commas:
//! `4x3,2x2`. Pieces are independent components; a `W × H` piece is the negative of `H × W`, so
//! the two share one cache entry. One piece is valued by its closed form (checked against
//! search by a verification sweep).

use core::fmt;
use core::str::FromStr;

use crate::PartizanError;
use crate::player::Player;
use crate::search::PartizanGame;

/// The largest side accepted.
pub const MAX_SIDE: u32 = 4096;

/// A Cutcake position: pieces `(width, height)`, sorted.
///
/// ```
/// use cgt_partizan::cutcake::{Cakes, Cutcake};
/// use cgt_partizan::{Arena, Evaluator};
///
/// let mut arena = Arena::new();
/// let mut ev = Evaluator::new(Cutcake);
/// let v = ev.value(&mut arena, &"8x3".parse::<Cakes>()?)?;
/// assert_eq!(arena.display(v), "3");
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cakes {
    pieces: Vec<(u32, u32)>,
}

impl Cakes {
    /// The pieces, `(width, height)`.
    #[must_use]
    pub fn pieces(&self) -> &[(u32, u32)] {
        &self.pieces
    }

    fn of(mut pieces: Vec<(u32, u32)>) -> Cakes {
        pieces.sort_unstable();
        Cakes { pieces }
    }
}

impl FromStr for Cakes {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<Cakes, PartizanError> {
        let mut pieces = Vec::new();
        for part in s.split(',') {
            let bad = || {
                PartizanError::parse(
                    s,
                    "expected pieces WxH separated by commas, such as 4x3,2x2",
                )
            };
            let (w, h) = part.trim().split_once(['x', 'X']).ok_or_else(bad)?;
            let side = |t: &str| -> Result<u32, PartizanError> {
                if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad());
                }
                match t.parse::<u32>() {
                    Ok(n) if (1..=MAX_SIDE).contains(&n) => Ok(n),
                    Ok(0) => Err(PartizanError::parse(s, "a piece has sides of at least 1")),
                    _ => Err(PartizanError::TooLarge {
                        message: format!("Cutcake pieces are limited to sides of {MAX_SIDE}"),
                    }),
                }
            };
            pieces.push((side(w)?, side(h)?));
        }
        if pieces.len() > 64 {
            return Err(PartizanError::TooLarge {
                message: "a Cutcake position is limited to 64 pieces".to_owned(),
            });
        }
        Ok(Cakes::of(pieces))
    }
}

impl fmt::Display for Cakes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (w, h)) in self.pieces.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{w}x{h}")?;
        }
        Ok(())
    }
}

/// The rules of Cutcake, for an [`crate::Evaluator`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cutcake;

impl Cutcake {
    /// The closed form of one `w × h` piece (Berlekamp, Conway and Guy, *Winning Ways*, ch. 2):
    /// with `2^k ≤ h < 2^(k+1)`, Left's advantage is `⌊w / 2^k⌋ − 1` when `w ≥ h`; the mirror
    /// image when `h > w`.
    #[must_use]
    pub fn closed_form(w: u32, h: u32) -> i64 {
        let side = |a: u32, b: u32| i64::from(a >> b.ilog2()) - 1;
        if w >= h { side(w, h) } else { -side(h, w) }
    }
}

impl PartizanGame for Cutcake {
    type Position = Cakes;
    type Move = crate::CakeCut;

    fn moves(&self, cakes: &Cakes, player: Player, out: &mut Vec<(crate::CakeCut, Cakes)>) {
        for (i, &(w, h)) in cakes.pieces.iter().enumerate() {
            // Cutting at a and at side − a give the same pieces: half the cuts suffice.
            let side = if player == Player::Left { w } else { h };
            for a in 1..=side / 2 {
                let mut pieces = cakes.pieces.clone();
                let (p, q) = match player {
                    Player::Left => ((a, h), (w - a, h)),
                    Player::Right => ((w, a), (w, h - a)),
                };
                pieces[i] = p;
                pieces.push(q);
                let cut = crate::CakeCut {
                    piece: (w, h),
                    at: a,
                };
                out.push((cut, Cakes::of(pieces)));
            }
        }
    }

    fn components(&self, cakes: &Cakes, out: &mut Vec<Cakes>) {
        // Pieces of width 1 and height 1 never move.
        out.extend(
            cakes
                .pieces
                .iter()
                .filter(|&&(w, h)| w > 1 || h > 1)
                .map(|&p| Cakes { pieces: vec![p] }),
        );
    }

    fn known_value(
        &self,
        cakes: &Cakes,
        arena: &mut crate::Arena,
    ) -> Option<Result<crate::GameId, PartizanError>> {
        match cakes.pieces.as_slice() {
            &[(w, h)] => Some(Ok(arena.integer(Cutcake::closed_form(w, h)))),
            _ => None,
        }
    }

    fn normalize(&self, cakes: &Cakes) -> (Cakes, bool) {
        match cakes.pieces.as_slice() {
            &[(w, h)] if w < h => (
                Cakes {
                    pieces: vec![(h, w)],
                },
                true,
            ),
            _ => (cakes.clone(), false),
        }
    }
}

impl crate::ruleset::Ruleset for Cutcake {
    type Game = Cutcake;
    const NAME: &'static str = "cutcake";
    const GAME: Cutcake = Cutcake;

    fn title(c: &Cakes) -> String {
        format!(
            "Cutcake with pieces {c} (width x height; Left cuts vertically, Right horizontally)"
        )
    }

    fn describe(
        _: &Cakes,
        m: &crate::CakeCut,
        after: &Cakes,
        player: Player,
    ) -> crate::ruleset::MoveText {
        let (w, h) = m.piece;
        let how = if player == Player::Left {
            "vertically"
        } else {
            "horizontally"
        };
        crate::ruleset::MoveText {
            from: None,
            to: None,
            text: format!("cut the {w}x{h} piece {how} at {}: {after}", m.at),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Arena, Evaluator};

    #[test]
    fn values_by_search_match_the_closed_form() {
        let mut arena = Arena::new();
        let mut ev = Evaluator::new(Cutcake).without_shortcuts();
        for w in 1..=12 {
            for h in 1..=12 {
                let v = ev
                    .value(&mut arena, &format!("{w}x{h}").parse().unwrap())
                    .unwrap();
                assert_eq!(
                    arena.as_number(v).and_then(crate::Dyadic::to_integer),
                    Some(Cutcake::closed_form(w, h)),
                    "{w}x{h}"
                );
            }
        }
    }

    #[test]
    fn parsing() {
        let c: Cakes = "4x3, 2x2".parse().unwrap();
        assert_eq!(c.to_string(), "2x2,4x3");
        for bad in ["", "4", "0x3", "4x", "x3", "4x3,", "5000x1"] {
            assert!(bad.parse::<Cakes>().is_err(), "{bad:?}");
        }
    }
}
