//! m,n,k-games: two players alternately claim cells of an m×n board; the first to hold k in a
//! row (horizontally, vertically or diagonally) wins. Tic-tac-toe is (3,3,3). Boards up to 64
//! cells, as two bitboards.

use crate::engine::Game;

/// A position of an m,n,k-game. X (the first player) moves when both have equally many cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mnk {
    m: u8,
    n: u8,
    k: u8,
    x: u64,
    o: u64,
    /// Set when the last move completed k in a row.
    won: bool,
}

/// Why an m,n,k-game was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MnkError {
    /// What is wrong.
    pub message: String,
}

impl core::fmt::Display for MnkError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for MnkError {}

impl Mnk {
    /// The empty m×n board with goal k.
    ///
    /// # Errors
    /// [`MnkError`] when a side is 0, the board has more than 64 cells, or k is 0 or larger
    /// than both sides (nobody could ever win).
    pub fn new(m: u8, n: u8, k: u8) -> Result<Mnk, MnkError> {
        let err = |message: String| Err(MnkError { message });
        if m == 0 || n == 0 || u32::from(m) * u32::from(n) > 64 {
            return err(format!("a {m}x{n} board is not supported (1 to 64 cells)"));
        }
        if k == 0 || (k > m && k > n) {
            return err(format!(
                "k = {k} is larger than both sides of the {m}x{n} board"
            ));
        }
        Ok(Mnk {
            m,
            n,
            k,
            x: 0,
            o: 0,
            won: false,
        })
    }

    /// Plays a sequence of cells (0-based, row-major).
    ///
    /// # Errors
    /// [`MnkError`] for a cell off the board, an occupied cell, or a move after the end.
    pub fn play_all(mut self, cells: &[u8]) -> Result<Mnk, MnkError> {
        for (i, &c) in cells.iter().enumerate() {
            if self.terminal().is_some() {
                return Err(MnkError {
                    message: format!("move {} comes after the game ended", i + 1),
                });
            }
            if u32::from(c) >= self.cells() || (self.x | self.o) >> c & 1 == 1 {
                return Err(MnkError {
                    message: format!(
                        "move {}: that cell is off the board or already taken",
                        i + 1
                    ),
                });
            }
            self.play(c);
        }
        Ok(self)
    }

    fn cells(&self) -> u32 {
        u32::from(self.m) * u32::from(self.n)
    }

    /// The board size and goal `(m, n, k)`.
    #[must_use]
    pub fn shape(&self) -> (u8, u8, u8) {
        (self.m, self.n, self.k)
    }

    /// True when X is to move.
    #[must_use]
    pub fn x_to_move(&self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }

    /// The cells of X and of O.
    #[must_use]
    pub fn bitboards(&self) -> (u64, u64) {
        (self.x, self.o)
    }

    fn k_in_a_row(&self, bits: u64, cell: u8) -> bool {
        let (r, c) = (i32::from(cell / self.n), i32::from(cell % self.n));
        let has = |r: i32, c: i32| {
            r >= 0
                && c >= 0
                && r < i32::from(self.m)
                && c < i32::from(self.n)
                && bits >> (r * i32::from(self.n) + c) & 1 == 1
        };
        [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
            let mut count = 1;
            for sign in [1, -1] {
                let (mut rr, mut cc) = (r + sign * dr, c + sign * dc);
                while has(rr, cc) {
                    count += 1;
                    rr += sign * dr;
                    cc += sign * dc;
                }
            }
            count >= i32::from(self.k)
        })
    }
}

impl Game for Mnk {
    type Move = u8;

    fn moves(&self, out: &mut Vec<u8>) {
        let empty = !(self.x | self.o);
        // Centre-first order helps alpha-beta.
        let (cr, cc) = (i32::from(self.m - 1), i32::from(self.n - 1));
        let start = out.len();
        out.extend((0..self.cells() as u8).filter(|&c| empty >> c & 1 == 1));
        out[start..].sort_by_key(|&c| {
            let (r, col) = (i32::from(c / self.n) * 2, i32::from(c % self.n) * 2);
            (r - cr).abs() + (col - cc).abs()
        });
    }

    fn play(&mut self, cell: u8) {
        if self.x_to_move() {
            self.x |= 1 << cell;
            self.won = self.k_in_a_row(self.x, cell);
        } else {
            self.o |= 1 << cell;
            self.won = self.k_in_a_row(self.o, cell);
        }
    }

    fn terminal(&self) -> Option<i32> {
        if self.won {
            // The player who just moved has won: a loss for the side to move.
            Some(-1)
        } else if (self.x | self.o).count_ones() == self.cells() {
            Some(0)
        } else {
            None
        }
    }

    fn key(&self) -> (u64, u64) {
        (self.x, self.o)
    }
}

/// Counts of the game tree of an m,n,k-game from the empty board (small boards only).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Distinct positions reachable in legal play (the empty board included).
    pub positions: u64,
    /// Of those, distinct up to the board's symmetries (square boards: 8, else 4).
    pub positions_up_to_symmetry: u64,
    /// Reachable positions where the game is over.
    pub terminal_positions: u64,
    /// Complete games (move sequences to the end).
    pub games: u64,
    /// Complete games won by X, won by O, drawn.
    pub x_wins: u64,
    /// Complete games won by O.
    pub o_wins: u64,
    /// Complete games drawn.
    pub draws: u64,
}

/// Enumerates the whole game tree of `start` (intended for tic-tac-toe sized boards).
#[must_use]
pub fn counts(start: &Mnk) -> Counts {
    use std::collections::HashSet;
    let mut seen = HashSet::new();
    let mut canonical = HashSet::new();
    let mut c = Counts::default();
    fn walk(
        p: &Mnk,
        seen: &mut HashSet<(u64, u64)>,
        canon: &mut HashSet<(u64, u64)>,
        c: &mut Counts,
    ) {
        if seen.insert(p.key()) {
            c.positions += 1;
            canon.insert(symmetric_key(p));
            if p.terminal().is_some() {
                c.terminal_positions += 1;
            }
        }
        match p.terminal() {
            Some(0) => {
                c.games += 1;
                c.draws += 1;
            }
            Some(_) => {
                c.games += 1;
                // The side to move lost: the other one won.
                if p.x_to_move() {
                    c.o_wins += 1;
                } else {
                    c.x_wins += 1;
                }
            }
            None => {
                let mut moves = Vec::new();
                p.moves(&mut moves);
                for m in moves {
                    let mut q = *p;
                    q.play(m);
                    walk(&q, seen, canon, c);
                }
            }
        }
    }
    walk(start, &mut seen, &mut canonical, &mut c);
    c.positions_up_to_symmetry = canonical.len() as u64;
    c
}

/// The smallest (x, o) pair over the board's symmetries.
fn symmetric_key(p: &Mnk) -> (u64, u64) {
    let (m, n) = (usize::from(p.m), usize::from(p.n));
    let syms = if m == n { 8 } else { 4 };
    let map = |bits: u64, s: usize| -> u64 {
        let mut out = 0u64;
        for cell in 0..m * n {
            if bits >> cell & 1 == 1 {
                let (mut r, mut c) = (cell / n, cell % n);
                if s & 1 != 0 {
                    c = n - 1 - c;
                }
                if s & 2 != 0 {
                    r = m - 1 - r;
                }
                let (r, c, width) = if s & 4 != 0 { (c, r, m) } else { (r, c, n) };
                out |= 1 << (r * width + c);
            }
        }
        out
    };
    (0..syms)
        .map(|s| (map(p.x, s), map(p.o, s)))
        .min()
        .expect("at least one symmetry")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Solver, minimax};

    #[test]
    fn tic_tac_toe_counts_and_value() {
        let empty = Mnk::new(3, 3, 3).unwrap();
        let c = counts(&empty);
        assert_eq!(c.positions, 5478);
        assert_eq!(c.positions_up_to_symmetry, 765);
        assert_eq!(c.terminal_positions, 958);
        assert_eq!(c.games, 255_168);
        assert_eq!((c.x_wins, c.o_wins, c.draws), (131_184, 77_904, 46_080));
        assert_eq!(minimax(&empty), 0);
        assert_eq!(Solver::new(true).solve(&empty), 0);
        // X to move after X centre, O edge: X wins.
        let p = empty.play_all(&[4, 1]).unwrap();
        assert_eq!(Solver::new(true).solve(&p), 1);
        assert!(Mnk::new(3, 3, 4).is_err());
        assert!(empty.play_all(&[4, 4]).is_err());
    }
}
