//! m,n,k-games: two players alternately claim cells of an m×n board; the first to hold k in a
//! row (horizontally, vertically or diagonally) wins. Tic-tac-toe is (3,3,3). Boards up to 64
//! cells, as two bitboards.

use std::sync::OnceLock;

use crate::engine::Game;

/// A position of an m,n,k-game. X (the first player) moves when both have equally many cells.
///
/// # Examples
///
/// ```
/// use cgt_minimax::engine::{Options, Solver};
/// use cgt_minimax::mnk::Mnk;
///
/// let tic_tac_toe = Mnk::new(3, 3, 3)?;
/// assert_eq!(Solver::new(Options::default()).solve(&tic_tac_toe), 0); // a draw
/// let won = tic_tac_toe.play_all(&[0, 3, 1, 4])?; // X holds 1 and 2 of the top row
/// assert_eq!(Solver::new(Options::default()).solve(&won), 1);
/// # Ok::<(), cgt_minimax::BoardError>(())
/// ```
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
pub type MnkError = crate::BoardError;

impl Mnk {
    /// The empty m×n board with goal k.
    ///
    /// # Errors
    /// [`MnkError`] when a side is 0, the board has more than 64 cells, or k is 0 or larger
    /// than both sides (nobody could ever win).
    pub fn new(m: u8, n: u8, k: u8) -> Result<Mnk, MnkError> {
        if m == 0 || n == 0 || u32::from(m) * u32::from(n) > 64 {
            return Err(MnkError::UnsupportedBoard {
                game: "m,n,k",
                width: m,
                height: n,
                supported: "1 to 64 cells",
            });
        }
        if k == 0 || (k > m && k > n) {
            return Err(MnkError::LineLength { k, m, n });
        }
        shape(m, n, k);
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
            let token = (u32::from(c) + 1).to_string();
            if self.terminal().is_some() {
                return Err(MnkError::GameOver {
                    move_number: i + 1,
                    token,
                });
            }
            if u32::from(c) >= self.cells() {
                return Err(MnkError::OffBoard {
                    move_number: i + 1,
                    token,
                    range: format!("cells 1 to {}", self.cells()),
                });
            }
            if (self.x | self.o) >> c & 1 == 1 {
                return Err(MnkError::Occupied {
                    move_number: i + 1,
                    token,
                });
            }
            self.play(Cell(c));
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

    /// The side to move: X moves first.
    #[must_use]
    pub fn to_move(&self) -> cgt_core::Side {
        if self.x_to_move() {
            cgt_core::Side::First
        } else {
            cgt_core::Side::Second
        }
    }

    /// The cells of X and of O.
    #[must_use]
    pub fn bitboards(&self) -> (u64, u64) {
        (self.x, self.o)
    }

    fn shape_tables(&self) -> &'static Shape {
        shape(self.m, self.n, self.k)
    }

    /// The empty cells that would complete a line for the owner of `mine` against `theirs`.
    fn completing_cells(&self, mine: u64, theirs: u64) -> u64 {
        let k = u32::from(self.k);
        let mut cells = 0;
        for &line in &self.shape_tables().lines {
            if line & theirs == 0 && (line & mine).count_ones() == k - 1 {
                cells |= line & !mine;
            }
        }
        cells
    }

    /// Whether the owner of `mine` can still complete some line against `theirs`.
    fn has_live_line(&self, theirs: u64) -> bool {
        self.shape_tables().lines.iter().any(|&l| l & theirs == 0)
    }

    fn mover_bits(&self) -> (u64, u64) {
        if self.x_to_move() {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        }
    }

    /// The position after the board symmetry `s` (an index into the shape's symmetries).
    fn transformed(&self, s: usize) -> (u64, u64) {
        let perm = &self.shape_tables().symmetries[s];
        let map = |mut bits: u64| {
            let mut out = 0u64;
            while bits != 0 {
                out |= 1 << perm[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            out
        };
        (map(self.x), map(self.o))
    }
}

/// Tables shared by every position of one (m, n, k): the k-cell lines and the board
/// symmetries as cell permutations.
#[derive(Debug)]
struct Shape {
    lines: Vec<u64>,
    symmetries: Vec<[u8; 64]>,
}

/// Where the pairs `(m, ·)` start among the board sizes `m × n ≤ 64`: the sizes are numbered
/// `m` by `m`, and `m` has `64 / m` of them.
const SIZE_START: [usize; 65] = {
    let mut start = [0; 65];
    let mut m = 1;
    while m <= 64 {
        start[m] = start[m - 1] + 64 / m;
        m += 1;
    }
    start
};

/// One slot per shape: every board size of at most 64 cells with every k up to 64.
const SHAPE_SLOTS: usize = SIZE_START[64] * 64;

/// The tables of every shape, each built on its first use and then read without locking
/// (a few KiB per shape used; the slots of the others stay empty).
static SHAPES: [OnceLock<Shape>; SHAPE_SLOTS] = [const { OnceLock::new() }; SHAPE_SLOTS];

/// The tables of the shape (m, n, k) (m, n, k ≥ 1, m·n ≤ 64, k ≤ 64, as [`Mnk::new`] checks).
fn shape(m: u8, n: u8, k: u8) -> &'static Shape {
    let (m, n, k) = (usize::from(m), usize::from(n), usize::from(k));
    let slot = (SIZE_START[m - 1] + n - 1) * 64 + k - 1;
    SHAPES[slot].get_or_init(|| build_shape(m as u8, n as u8, k as u8))
}

fn build_shape(m: u8, n: u8, k: u8) -> Shape {
    let (m, n, k) = (i32::from(m), i32::from(n), i32::from(k));
    let mut lines = Vec::new();
    for r in 0..m {
        for c in 0..n {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let (er, ec) = (r + dr * (k - 1), c + dc * (k - 1));
                if er < m && ec >= 0 && ec < n {
                    let line =
                        (0..k).fold(0u64, |acc, i| acc | 1 << ((r + dr * i) * n + c + dc * i));
                    lines.push(line);
                }
            }
        }
    }
    // Single cells are lines in two directions when k = 1; keep each line once.
    lines.sort_unstable();
    lines.dedup();
    let count = if m == n { 8 } else { 4 };
    let symmetries = (0..count)
        .map(|s| {
            let mut perm = [0u8; 64];
            for cell in 0..m * n {
                let (mut r, mut c) = (cell / n, cell % n);
                if s & 1 != 0 {
                    c = n - 1 - c;
                }
                if s & 2 != 0 {
                    r = m - 1 - r;
                }
                let (r, c, width) = if s & 4 != 0 { (c, r, m) } else { (r, c, n) };
                perm[cell as usize] = (r * width + c) as u8;
            }
            perm
        })
        .collect();
    Shape { lines, symmetries }
}

/// An m,n,k move: the cell a stone goes on, numbered row by row from 0 (printed and read from
/// 1, as the board's picture numbers the cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell(pub u8);

impl core::fmt::Display for Cell {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}", u32::from(self.0) + 1)
    }
}

impl core::str::FromStr for Cell {
    type Err = crate::ParseMoveError;
    /// A cell from 1 to 64 (the largest board); whether the board has it is the game's
    /// question.
    fn from_str(s: &str) -> Result<Cell, crate::ParseMoveError> {
        crate::read_one_based(s, 64, "a cell number from 1 to 64").map(Cell)
    }
}

impl Game for Mnk {
    type Move = Cell;

    fn moves(&self, out: &mut Vec<Cell>) {
        let empty = !(self.x | self.o);
        out.extend(
            (0..self.cells() as u8)
                .filter(|&c| empty >> c & 1 == 1)
                .map(Cell),
        );
    }

    fn search_moves(&self, out: &mut Vec<Cell>) {
        let (mine, theirs) = self.mover_bits();
        // An immediate win is best; failing that, an immediate threat must be blocked.
        let wins = self.completing_cells(mine, theirs);
        if wins != 0 {
            out.push(Cell(wins.trailing_zeros() as u8));
            return;
        }
        let threats = self.completing_cells(theirs, mine);
        if threats != 0 {
            out.push(Cell(threats.trailing_zeros() as u8));
            return;
        }
        self.moves(out);
    }

    fn order_moves(&self, moves: &mut [Cell]) {
        // Centre first.
        let (cr, cc) = (i32::from(self.m - 1), i32::from(self.n - 1));
        moves.sort_by_key(|&Cell(c)| {
            let (r, col) = (i32::from(c / self.n) * 2, i32::from(c % self.n) * 2);
            (r - cr).abs() + (col - cc).abs()
        });
    }

    fn play(&mut self, Cell(cell): Cell) {
        let bit = 1u64 << cell;
        let bits = if self.x_to_move() {
            self.x |= bit;
            self.x
        } else {
            self.o |= bit;
            self.o
        };
        self.won = self
            .shape_tables()
            .lines
            .iter()
            .any(|&l| l & bit != 0 && l & bits == l);
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

    fn key(&self) -> u128 {
        u128::from(self.x) << 64 | u128::from(self.o)
    }

    fn canonical_key(&self) -> u128 {
        (0..self.shape_tables().symmetries.len())
            .map(|s| {
                let (x, o) = self.transformed(s);
                u128::from(x) << 64 | u128::from(o)
            })
            .min()
            .unwrap_or_else(|| self.key())
    }

    fn bounds(&self) -> (i32, i32) {
        let (mine, theirs) = self.mover_bits();
        // A side with no line free of the other's cells can no longer win.
        let hi = if self.has_live_line(theirs) { 1 } else { 0 };
        let lo = if self.has_live_line(mine) { -1 } else { 0 };
        (lo, hi)
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
    fn walk(p: &Mnk, seen: &mut HashSet<u128>, canon: &mut HashSet<u128>, c: &mut Counts) {
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
fn symmetric_key(p: &Mnk) -> u128 {
    p.canonical_key()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_has_its_own_slot() {
        let mut seen = std::collections::HashSet::new();
        for m in 1..=64usize {
            for n in 1..=64 / m {
                for k in 1..=m.max(n) {
                    let slot = (SIZE_START[m - 1] + n - 1) * 64 + k - 1;
                    assert!(slot < SHAPE_SLOTS, "({m},{n},{k})");
                    assert!(seen.insert(slot), "({m},{n},{k}) shares a slot");
                }
            }
        }
        // Tables are those of their own shape.
        assert_eq!(shape(3, 3, 3).lines.len(), 8);
        assert_eq!(shape(4, 4, 3).lines.len(), 24);
        assert_eq!(shape(1, 5, 5).lines.len(), 1);
    }
    use crate::engine::{Options, Solver, minimax, option_grid};

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
        assert_eq!(Solver::new(Options::default()).solve(&empty), 0);
        // X to move after X centre, O edge: X wins.
        let p = empty.play_all(&[4, 1]).unwrap();
        assert_eq!(Solver::new(Options::default()).solve(&p), 1);
        assert!(Mnk::new(3, 3, 4).is_err());
        assert!(empty.play_all(&[4, 4]).is_err());
    }

    #[test]
    fn every_option_and_table_size_gives_the_same_answer() {
        let positions = [
            Mnk::new(3, 3, 3).unwrap(),
            Mnk::new(3, 3, 3).unwrap().play_all(&[0]).unwrap(),
            Mnk::new(3, 3, 3).unwrap().play_all(&[4, 1]).unwrap(),
            Mnk::new(3, 4, 3).unwrap().play_all(&[5, 0]).unwrap(),
            Mnk::new(4, 3, 3).unwrap().play_all(&[5, 1, 10]).unwrap(),
        ];
        for p in &positions {
            let reference = minimax(p);
            let mut plain = Solver::new(Options::plain());
            let (_, reference_best) = plain.best_moves(p);
            for options in option_grid(&[None, Some(1), Some(4), Some(12)]) {
                let mut solver = Solver::new(options);
                let (value, best) = solver.best_moves(p);
                assert_eq!(value, reference, "{options:?} on {:?}", p.bitboards());
                assert_eq!(best, reference_best, "{options:?} on {:?}", p.bitboards());
            }
        }
    }

    #[test]
    fn four_by_four_is_a_draw_and_symmetry_saves_work() {
        let p = Mnk::new(4, 4, 4).unwrap();
        let mut with = Solver::new(Options::default());
        let mut without = Solver::new(Options {
            symmetry: false,
            ..Options::default()
        });
        assert_eq!(with.solve(&p), 0);
        assert_eq!(without.solve(&p), 0);
        assert!(
            with.nodes < without.nodes,
            "{} vs {}",
            with.nodes,
            without.nodes
        );
    }
}
