//! Ski Jumps (*Winning Ways* ch. 5): skiers on a slope of squares, Left's (`L`) moving right
//! and Right's (`R`) moving left. A skier slides any number of empty squares along its row in
//! its direction, and may slide off the board. A *jumper* (upper case) may instead jump
//! downhill over a skier of the other side on the square just below it, onto the empty square
//! below that; the skier jumped over becomes a *slipper* (lower case, `l` or `r`), which slides
//! but never jumps again. The player who cannot move loses.
//!
//! Boards are rows of `.`, `L`, `l`, `R` and `r` separated by `/` or new lines (the top row is
//! uphill), at most 64 squares. Reflecting the board left to right and exchanging the sides
//! negates the value, so a board and that image share one cache entry. The search splits a
//! slope into components: the rows above the first jumper that can still jump (one not in the
//! last two rows) are games of their own.

use core::fmt;
use core::str::FromStr;

use crate::grid::{MAX_CELLS, low_bits, masks_of, parse_grid, symbol_at, write_rows};
use crate::player::Player;
use crate::search::PartizanGame;
use crate::{PartizanError, Ski};

/// A Ski Jumps position.
///
/// ```
/// use cgt_partizan::skijumps::{Slope, SkiJumps};
/// use cgt_partizan::{Arena, Evaluator};
///
/// let mut arena = Arena::new();
/// let mut ev = Evaluator::new(SkiJumps);
/// // Left's skier has four slides to make, Right's two: 4 − 2.
/// let v = ev.value(&mut arena, &"...L..../..R...../........".parse::<Slope>()?)?;
/// assert_eq!(arena.display(v), "2");
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slope {
    rows: u8,
    cols: u8,
    /// Left's skiers, bit `r·cols + c`.
    left: u64,
    /// Right's skiers.
    right: u64,
    /// The skiers that may still jump.
    jumpers: u64,
}

crate::grid::rectangle!(Slope);

impl Slope {
    /// The skier on `(row, col)`: its side, and whether it may still jump.
    #[must_use]
    pub fn skier(&self, row: usize, col: usize) -> Option<(Player, bool)> {
        if row >= self.rows() || col >= self.cols() {
            return None;
        }
        let b = 1u64 << (row * self.cols() + col);
        let jumper = self.jumpers & b != 0;
        if self.left & b != 0 {
            Some((Player::Left, jumper))
        } else if self.right & b != 0 {
            Some((Player::Right, jumper))
        } else {
            None
        }
    }
}

impl FromStr for Slope {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<Slope, PartizanError> {
        let (rows, cols, cells) = parse_grid(s, &['.', 'L', 'l', 'R', 'r'], "Ski Jumps slope")?;
        debug_assert!(rows * cols <= MAX_CELLS);
        let [big_l, l, big_r, r] = masks_of(&cells, ['L', 'l', 'R', 'r']);
        Ok(Slope {
            rows: rows as u8,
            cols: cols as u8,
            left: big_l | l,
            right: big_r | r,
            jumpers: big_l | big_r,
        })
    }
}

impl fmt::Display for Slope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (jumping, sliding) = (self.jumpers, !self.jumpers);
        let marks = [
            (self.left & jumping, 'L'),
            (self.left & sliding, 'l'),
            (self.right & jumping, 'R'),
            (self.right & sliding, 'r'),
        ];
        write_rows(f, self.shape(), |i| symbol_at(i, &marks, '.'))
    }
}

/// The rules of Ski Jumps, for an [`crate::Evaluator`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SkiJumps;

impl SkiJumps {
    /// Calls `found` with each move of `player` and the slope after it, in the order the game
    /// lists them.
    fn each_move(slope: &Slope, player: Player, mut found: impl FnMut(Ski, Slope)) {
        let (h, w) = (slope.rows(), slope.cols());
        let (mine, theirs) = match player {
            Player::Left => (slope.left, slope.right),
            Player::Right => (slope.right, slope.left),
        };
        let occupied = slope.left | slope.right;
        let place = |p: &mut Slope, mine: u64, theirs: u64| match player {
            Player::Left => (p.left, p.right) = (mine, theirs),
            Player::Right => (p.right, p.left) = (mine, theirs),
        };
        let mut skiers = mine;
        while skiers != 0 {
            let i = skiers.trailing_zeros() as usize;
            skiers &= skiers - 1;
            let (r, c) = (i / w, i % w);
            let from = 1u64 << i;
            let jumper = slope.jumpers & from != 0;
            // Slides along the row, the last one off the board.
            let mut col = c;
            loop {
                let next = match player {
                    Player::Left => (col + 1 < w).then_some(col + 1),
                    Player::Right => col.checked_sub(1),
                };
                let Some(next) = next else {
                    let mut p = *slope;
                    place(&mut p, mine & !from, theirs);
                    p.jumpers &= !from;
                    found(
                        Ski {
                            from: (r, c),
                            to: None,
                        },
                        p,
                    );
                    break;
                };
                let to = 1u64 << (r * w + next);
                if occupied & to != 0 {
                    break;
                }
                col = next;
                let mut p = *slope;
                place(&mut p, mine & !from | to, theirs);
                if jumper {
                    p.jumpers = p.jumpers & !from | to;
                }
                found(
                    Ski {
                        from: (r, c),
                        to: Some((r, col)),
                    },
                    p,
                );
            }
            // The jump downhill over a skier of the other side.
            if jumper && r + 2 < h {
                let (over, land) = (1u64 << ((r + 1) * w + c), 1u64 << ((r + 2) * w + c));
                if theirs & over != 0 && occupied & land == 0 {
                    let mut p = *slope;
                    place(&mut p, mine & !from | land, theirs);
                    p.jumpers = p.jumpers & !from & !over | land;
                    found(
                        Ski {
                            from: (r, c),
                            to: Some((r + 2, c)),
                        },
                        p,
                    );
                }
            }
        }
    }
}

impl PartizanGame for SkiJumps {
    type Position = Slope;
    type Move = Ski;

    fn moves(&self, slope: &Slope, player: Player, out: &mut Vec<(Ski, Slope)>) {
        SkiJumps::each_move(slope, player, |m, p| out.push((m, p)));
    }

    fn options(&self, slope: &Slope, player: Player, out: &mut Vec<Slope>) {
        SkiJumps::each_move(slope, player, |_, p| out.push(p));
    }

    fn components(&self, slope: &Slope, out: &mut Vec<Slope>) {
        // Skiers change rows only by jumping, two rows down over the row between; a jumper in
        // the last two rows never jumps. So the rows above the first jumper that can still
        // jump are games of their own, each a row of slippers, and the rows from that jumper
        // down are one game (its jumpers in the last two rows made slippers).
        let (h, w) = (slope.rows(), slope.cols());
        let can_jump = |rows: usize, jumpers: u64| {
            if rows >= 3 {
                jumpers & low_bits((rows - 2) * w)
            } else {
                0
            }
        };
        let jumping = can_jump(h, slope.jumpers);
        let first = if jumping == 0 {
            h
        } else {
            jumping.trailing_zeros() as usize / w
        };
        for r in 0..first {
            let row = |m: u64| (m >> (r * w)) & low_bits(w);
            let (left, right) = (row(slope.left), row(slope.right));
            if left | right != 0 {
                out.push(Slope {
                    rows: 1,
                    cols: slope.cols,
                    left,
                    right,
                    jumpers: 0,
                });
            }
        }
        if first < h {
            let (shift, rows) = (first * w, h - first);
            out.push(Slope {
                rows: rows as u8,
                cols: slope.cols,
                left: slope.left >> shift,
                right: slope.right >> shift,
                jumpers: can_jump(rows, slope.jumpers >> shift),
            });
        }
    }

    fn normalize(&self, slope: &Slope) -> (Slope, bool) {
        // The mirror image with the sides exchanged is the negative.
        let (_, [left, right, jumpers]) =
            slope
                .shape()
                .image(false, false, true, [slope.right, slope.left, slope.jumpers]);
        let image = Slope {
            left,
            right,
            jumpers,
            ..*slope
        };
        if image < *slope {
            (image, true)
        } else {
            (*slope, false)
        }
    }
}

impl crate::ruleset::Ruleset for SkiJumps {
    type Game = SkiJumps;
    const NAME: &'static str = "ski-jumps";
    const GAME: SkiJumps = SkiJumps;

    fn picture(s: &Slope) -> Option<crate::picture::Picture> {
        use crate::picture::{Mark, Picture};
        Some(Picture::from_fn(s.rows(), s.cols(), |r, c| {
            match s.skier(r, c) {
                Some((Player::Left, jumper)) => {
                    Mark::Letter(if jumper { 'L' } else { 'l' }, Player::Left.into())
                }
                Some((Player::Right, jumper)) => {
                    Mark::Letter(if jumper { 'R' } else { 'r' }, Player::Right.into())
                }
                None => Mark::Empty,
            }
        }))
    }

    fn title(s: &Slope) -> String {
        format!(
            "Ski Jumps on a {} x {} slope (Left's skiers L move right, Right's R left; upper \
             case jumps)",
            s.rows(),
            s.cols()
        )
    }

    fn describe(_: &Slope, m: &Ski, _: &Slope, _: Player) -> crate::ruleset::MoveText {
        use crate::ruleset::{MoveText, Place};
        let (r1, c1) = m.from;
        let (to, text) = match m.to {
            Some((r2, c2)) if r2 != r1 => (
                Some(Place::Square(r2, c2)),
                format!(
                    "({},{}) jumps down to ({},{})",
                    r1 + 1,
                    c1 + 1,
                    r2 + 1,
                    c2 + 1
                ),
            ),
            Some((r2, c2)) => (
                Some(Place::Square(r2, c2)),
                format!("({},{}) slides to ({},{})", r1 + 1, c1 + 1, r2 + 1, c2 + 1),
            ),
            None => (
                None,
                format!("({},{}) slides off the board", r1 + 1, c1 + 1),
            ),
        };
        MoveText {
            from: Some(Place::Square(r1, c1)),
            to,
            text,
        }
    }

    fn cells(m: &Ski) -> Vec<(usize, usize)> {
        core::iter::once(m.from).chain(m.to).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slides_and_jumps() {
        let p: Slope = "L./R./..".parse().unwrap();
        let moves = SkiJumps.move_list(&p, Player::Left);
        let texts: Vec<String> = moves.iter().map(|(m, a)| format!("{m} {a}")).collect();
        assert_eq!(
            texts,
            [
                "(1,1)-(1,2) .L/R./..",
                "(1,1)-off ../R./..",
                "(1,1)-(3,1) ../r./L."
            ]
        );
    }

    #[test]
    fn parsing() {
        let p: Slope = "L.r/.R.".parse().unwrap();
        assert_eq!(p.to_string(), "L.r/.R.");
        assert_eq!(p.skier(0, 2), Some((Player::Right, false)));
    }
}
