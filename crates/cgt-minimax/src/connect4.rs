//! Connect-Four on any board of width × height with width·(height+1) ≤ 64 (the standard 7×6
//! included): players drop stones into columns; four in a row horizontally, vertically or
//! diagonally wins.
//!
//! Positions are two bitboards, one column of height+1 bits per column (the extra bit keeps
//! shifts from wrapping): the stones of the side to move and the mask of all stones. Scores
//! follow the usual convention of Connect-Four solvers, so that a sooner win scores more: when
//! a player wins with the stone played onto a board holding m stones, the winner scores
//! (width·height + 1 − m)/2 (integer division) and the loser its negation; a draw scores 0.
//! On 7×6 that is 22 minus the number of stones the winner played. Positive means the side to
//! move wins.
//!
//! Moves are columns, 0-based here and written 1-based in move strings ("4453" is four moves).

use crate::engine::Game;

#[cfg(feature = "book")]
pub mod book;
pub mod solver;
#[cfg(feature = "book")]
pub use book::{BOOK_KIND, BookError, BookHeader, BookProgress, Connect4Book, MAX_BOOK_DEPTH};
pub use solver::{
    BatchResult, BookRef, Connect4Solver, Connect4Table, Depth, Ticker, Watch, connect4_table_bits,
    move_scores_parallel, score_parallel, solve_batch,
};

/// Why a Connect-Four board or move string was refused.
pub type Connect4Error = crate::BoardError;

/// A Connect-Four position.
///
/// # Examples
///
/// ```
/// use cgt_minimax::connect4::{Column, Connect4};
/// use cgt_minimax::engine::{Options, Solver};
///
/// let pos = Connect4::new(4, 4)?.play_str("112233")?;
/// let mut solver = Solver::new(Options::default());
/// let (score, best) = solver.best_moves(&pos);
/// assert!(score > 0); // X wins by completing the bottom row
/// assert_eq!(best, [Column(3)]); // the fourth column, printed and read as 4
/// assert_eq!((best[0].to_string(), "4".parse()), ("4".to_owned(), Ok(best[0])));
/// # Ok::<(), cgt_minimax::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Connect4 {
    width: u8,
    height: u8,
    /// Stones of the side to move.
    current: u64,
    /// All stones.
    mask: u64,
    /// Stones played.
    played: u8,
    /// Set when the last move made four in a row.
    won: bool,
}

fn shl(x: u64, s: u32) -> u64 {
    x.checked_shl(s).unwrap_or(0)
}

fn shr(x: u64, s: u32) -> u64 {
    x.checked_shr(s).unwrap_or(0)
}

impl Connect4 {
    /// The empty board of the given width and height.
    ///
    /// # Errors
    /// [`Connect4Error`] when a side is 0, the width exceeds 9 (moves are single digits) or
    /// width·(height+1) exceeds 64.
    pub fn new(width: u8, height: u8) -> Result<Connect4, Connect4Error> {
        if width == 0 || height == 0 || width > 9 || u32::from(width) * (u32::from(height) + 1) > 64
        {
            return Err(Connect4Error::UnsupportedBoard {
                game: "Connect-Four",
                width,
                height,
                supported: "width 1 to 9, width x (height + 1) at most 64",
            });
        }
        Ok(Connect4 {
            width,
            height,
            current: 0,
            mask: 0,
            played: 0,
            won: false,
        })
    }

    /// The standard 7×6 board.
    #[must_use]
    pub fn standard() -> Connect4 {
        Connect4::new(7, 6).expect("7x6 is supported")
    }

    /// Plays a move string of columns numbered from 1 ("4453").
    ///
    /// # Errors
    /// [`Connect4Error`] naming the first character that is not a column of the board, a move
    /// into a full column, or a move after the game ended.
    pub fn play_str(mut self, moves: &str) -> Result<Connect4, Connect4Error> {
        for (i, ch) in moves.chars().enumerate() {
            let (move_number, token) = (i + 1, ch.to_string());
            let Some(col) = ch
                .to_digit(10)
                .filter(|&d| d >= 1 && d <= u32::from(self.width))
            else {
                return Err(Connect4Error::OffBoard {
                    move_number,
                    token,
                    range: format!("columns 1 to {}", self.width),
                });
            };
            if self.terminal().is_some() {
                return Err(Connect4Error::GameOver { move_number, token });
            }
            let col = (col - 1) as u8;
            if !self.can_play(col) {
                return Err(Connect4Error::Occupied { move_number, token });
            }
            self.drop_stone(col);
        }
        Ok(self)
    }

    /// Width and height.
    #[must_use]
    pub fn size(&self) -> (u8, u8) {
        (self.width, self.height)
    }

    /// Stones on the board.
    #[must_use]
    pub fn played(&self) -> u32 {
        u32::from(self.played)
    }

    /// The number of cells.
    #[must_use]
    pub fn cells(&self) -> u32 {
        u32::from(self.width) * u32::from(self.height)
    }

    fn column_bits(&self) -> u32 {
        u32::from(self.height) + 1
    }

    fn bottom(&self, col: u8) -> u64 {
        1 << (u32::from(col) * self.column_bits())
    }

    fn top(&self, col: u8) -> u64 {
        1 << (u32::from(self.height) - 1 + u32::from(col) * self.column_bits())
    }

    fn column_mask(&self, col: u8) -> u64 {
        ((1 << self.height) - 1) << (u32::from(col) * self.column_bits())
    }

    fn bottom_row(&self) -> u64 {
        (0..self.width).fold(0, |acc, c| acc | self.bottom(c))
    }

    fn board_mask(&self) -> u64 {
        self.bottom_row() * ((1 << self.height) - 1)
    }

    /// Whether a stone can be dropped into `col`.
    #[must_use]
    pub fn can_play(&self, col: u8) -> bool {
        col < self.width && self.mask & self.top(col) == 0
    }

    /// The cells where one more stone of `stones` would make four in a row (empty or not).
    fn winning_cells(&self, stones: u64) -> u64 {
        let p = stones;
        let mut r = shl(p, 1) & shl(p, 2) & shl(p, 3);
        let h = self.column_bits();
        for s in [h, h - 1, h + 1] {
            let two = shl(p, s) & shl(p, 2 * s);
            r |= two & shl(p, 3 * s);
            r |= two & shr(p, s);
            let two = shr(p, s) & shr(p, 2 * s);
            r |= two & shl(p, s);
            r |= two & shr(p, 3 * s);
        }
        r & self.board_mask()
    }

    fn opponent(&self) -> u64 {
        self.current ^ self.mask
    }

    /// Cells where the next stone can go.
    fn playable(&self) -> u64 {
        (self.mask + self.bottom_row()) & self.board_mask()
    }

    /// Whether the side to move can win with its next stone.
    #[must_use]
    pub fn can_win_now(&self) -> bool {
        self.winning_cells(self.current) & !self.mask & self.playable() != 0
    }

    fn column_of(&self, cell: u64) -> u8 {
        (cell.trailing_zeros() / self.column_bits()) as u8
    }

    fn mirrored(&self, bits: u64) -> u64 {
        (0..self.width).fold(0, |acc, c| {
            let column =
                (bits >> (u32::from(c) * self.column_bits())) & ((1 << self.column_bits()) - 1);
            acc | column << (u32::from(self.width - 1 - c) * self.column_bits())
        })
    }

    /// The board as text, top row first: `X` for the first player, `O` for the second.
    #[must_use]
    pub fn render(&self) -> String {
        let first = if self.played.is_multiple_of(2) {
            self.current
        } else {
            self.opponent()
        };
        let mut out = String::new();
        for row in (0..self.height).rev() {
            for col in 0..self.width {
                let bit = self.bottom(col) << row;
                out.push(if self.mask & bit == 0 {
                    '.'
                } else if first & bit != 0 {
                    'X'
                } else {
                    'O'
                });
            }
            out.push('\n');
        }
        out.extend((1..=self.width).map(|c| char::from(b'0' + c)));
        out.push('\n');
        out
    }

    /// The score of a win for the side to move with its next stone.
    fn win_now_score(&self) -> i32 {
        (self.cells() as i32 + 1 - i32::from(self.played)) / 2
    }
}

/// A Connect-Four move: the column a stone drops into, from 0 (printed and read from 1, as the
/// board's footer numbers the columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Column(pub u8);

impl core::fmt::Display for Column {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}", u32::from(self.0) + 1)
    }
}

impl core::str::FromStr for Column {
    type Err = crate::ParseMoveError;
    /// A column from 1 to 9 (the widest board); whether the board has it is the game's
    /// question.
    fn from_str(s: &str) -> Result<Column, crate::ParseMoveError> {
        crate::read_one_based(s, 9, "a column number from 1 to 9").map(Column)
    }
}

impl Connect4 {
    /// Drops a stone of the side to move into column `col` (0-based), which must have room.
    pub fn drop_stone(&mut self, col: u8) {
        let stone = (self.mask + self.bottom(col)) & self.column_mask(col);
        self.won = self.winning_cells(self.current) & stone != 0;
        self.current ^= self.mask;
        self.mask |= stone;
        self.played += 1;
    }

    /// The columns (0-based) with room, left to right.
    pub fn open_columns(&self, out: &mut Vec<u8>) {
        out.extend((0..self.width).filter(|&c| self.can_play(c)));
    }
}

impl Game for Connect4 {
    type Move = Column;

    fn moves(&self, out: &mut Vec<Column>) {
        out.extend((0..self.width).filter(|&c| self.can_play(c)).map(Column));
    }

    fn search_moves(&self, out: &mut Vec<Column>) {
        let playable = self.playable();
        let mine = self.winning_cells(self.current) & !self.mask;
        if mine & playable != 0 {
            out.push(Column(self.column_of(mine & playable)));
            return;
        }
        let theirs = self.winning_cells(self.opponent()) & !self.mask;
        let forced = playable & theirs;
        if forced != 0 {
            // Block (with two threats every move loses; one block stands for them all).
            out.push(Column(self.column_of(forced)));
            return;
        }
        // Never play directly below the opponent's winning cell, unless every move does.
        let safe = playable & !(theirs >> 1);
        let start = out.len();
        out.extend(
            (0..self.width)
                .filter(|&c| safe & self.column_mask(c) != 0)
                .map(Column),
        );
        if out.len() == start {
            self.moves(out);
        }
    }

    fn order_moves(&self, moves: &mut [Column]) {
        // Moves that create the most winning cells first, then centre first.
        let centre = i32::from(self.width) - 1;
        let playable = self.playable();
        let key = |c: u8| {
            let stone = playable & self.column_mask(c);
            let threats =
                (self.winning_cells(self.current | stone) & !self.mask & !stone).count_ones();
            (threats as i32) * 16 - (2 * i32::from(c) - centre).abs()
        };
        // Insertion sort on precomputed keys (at most 9 moves; no allocation).
        let mut keys = [0i32; 9];
        for i in 0..moves.len() {
            let (m, k) = (moves[i], key(moves[i].0));
            let mut j = i;
            while j > 0 && keys[j - 1] < k {
                keys[j] = keys[j - 1];
                moves[j] = moves[j - 1];
                j -= 1;
            }
            keys[j] = k;
            moves[j] = m;
        }
    }

    fn play(&mut self, Column(col): Column) {
        self.drop_stone(col);
    }

    fn terminal(&self) -> Option<i32> {
        if self.won {
            Some(-(self.cells() as i32 + 2 - i32::from(self.played)) / 2)
        } else if u32::from(self.played) == self.cells() {
            Some(0)
        } else {
            None
        }
    }

    fn key(&self) -> u128 {
        u128::from(self.current + self.mask)
    }

    fn canonical_key(&self) -> u128 {
        let mirrored = self.mirrored(self.current) + self.mirrored(self.mask);
        u128::from((self.current + self.mask).min(mirrored))
    }

    fn score_range(&self) -> (i32, i32) {
        let c = self.cells() as i32;
        (-(c + 2) / 2, (c + 2) / 2)
    }

    fn bounds(&self) -> (i32, i32) {
        if self.can_win_now() {
            let s = self.win_now_score();
            return (s, s);
        }
        // The opponent wins at the earliest with its next stone; the side to move with its
        // stone after next.
        let left = self.cells() as i32 - i32::from(self.played);
        (-left / 2, (left - 1) / 2)
    }
}

/// Most empty cells at which [`Connect4::program_move`] searches exactly (a reply within a few
/// seconds on two cores with the dedicated solver); above it, it plays the move ordering's
/// first choice, unless an opening book answers.
pub const PLAY_EXACT_EMPTY: u32 = 30;

impl Connect4 {
    /// A score of this position (for the side to move) as a verdict with the plies to the
    /// end: the winning stone's ply counted, so a win with the next stone is `Win(1)` and a
    /// position whose last stone won is `Loss(0)`. The score says onto how many stones the
    /// winning stone is played (module docs); whose stone it is fixes the parity.
    ///
    /// ```
    /// use cgt_core::Verdict;
    /// use cgt_minimax::connect4::Connect4;
    ///
    /// // X has three on the bottom row and is to move: the fourth wins now.
    /// let p = Connect4::standard().play_str("112233")?;
    /// assert_eq!(p.verdict_of_score(18), Verdict::Win(1)); // (42 + 1 - 6) / 2
    /// assert_eq!(p.verdict_of_score(0), Verdict::Draw);
    /// # Ok::<(), cgt_minimax::connect4::Connect4Error>(())
    /// ```
    #[must_use]
    pub fn verdict_of_score(&self, score: i32) -> cgt_core::Verdict {
        use cgt_core::Verdict;
        if score == 0 {
            return Verdict::Draw;
        }
        let cells = i64::from(self.cells());
        let played = i64::from(self.played);
        // The winner's stone goes onto m stones with (cells + 1 − m) / 2 = |score|; the side
        // to move's stones go onto boards of `played`, `played + 2`, … stones.
        let winner_parity = if score > 0 {
            played % 2
        } else {
            (played + 1) % 2
        };
        let high = cells + 1 - 2 * i64::from(score.unsigned_abs());
        let m = if high.rem_euclid(2) == winner_parity {
            high
        } else {
            high - 1
        };
        let plies = u32::try_from((m - played + 1).max(0)).unwrap_or(u32::MAX);
        if score > 0 {
            Verdict::Win(plies)
        } else {
            Verdict::Loss(plies)
        }
    }

    /// The move the program plays in `--play`: a best move by exact search from
    /// [`PLAY_EXACT_EMPTY`] empty cells down (the first of the best in column order), else the
    /// first move of the search's own ordering (immediate wins and forced blocks first).
    /// `None` when the game is over.
    #[must_use]
    pub fn program_move(&self, threads: usize) -> Option<Column> {
        if self.terminal().is_some() {
            return None;
        }
        let empty = self.cells() - self.played();
        if empty <= PLAY_EXACT_EMPTY {
            self.exact_best_moves(threads).1.first().copied()
        } else {
            let mut moves = Vec::new();
            self.search_moves(&mut moves);
            self.order_moves(&mut moves);
            moves.first().copied()
        }
    }

    /// The score and every best column (in column order), by the dedicated solver on
    /// `threads` threads. Empty when the game is over.
    #[must_use]
    pub fn exact_best_moves(&self, threads: usize) -> (i32, Vec<Column>) {
        if let Some(t) = self.terminal() {
            return (t, Vec::new());
        }
        let table = std::sync::Arc::new(Connect4Table::new(connect4_table_bits(
            self.cells() - self.played(),
        )));
        let (scores, _) = move_scores_parallel(
            self,
            &table,
            threads,
            Depth::Exact,
            &Watch::none(),
            &|_, _| {},
        )
        .expect("a search without a budget runs to the end");
        let best = scores.iter().flatten().copied().max().unwrap_or(0);
        let columns = (0..self.width)
            .filter(|&c| scores[usize::from(c)] == Some(best))
            .map(Column)
            .collect();
        (best, columns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Options, Solver, minimax, option_grid};

    #[test]
    fn rules_and_move_strings() {
        let p = Connect4::standard().play_str("4455667").unwrap();
        // X: 4,5,6,7 on the bottom row after O's 4,5,6 on the second: X has won.
        assert_eq!(p.terminal(), Some(-(42 + 2 - 7) / 2));
        assert!(Connect4::standard().play_str("44556677").is_err());
        assert!(Connect4::standard().play_str("8").is_err());
        assert!(Connect4::standard().play_str("1111111").is_err());
        assert!(Connect4::standard().play_str("4x").is_err());
        assert!(Connect4::new(10, 6).is_err());
        assert!(Connect4::new(8, 8).is_err());
        let vertical = Connect4::standard().play_str("1212121").unwrap();
        assert!(vertical.terminal().is_some());
        let diagonal = Connect4::standard().play_str("12234334454").unwrap();
        assert!(diagonal.terminal().is_some(), "{}", diagonal.render());
        let not_yet = Connect4::standard().play_str("1223433445").unwrap();
        assert!(not_yet.terminal().is_none());
        assert!(not_yet.can_win_now());
    }

    #[test]
    fn small_boards_agree_with_minimax_under_every_option() {
        for (w, h, moves) in [
            (4u8, 3u8, ""),
            (3, 3, ""),
            (4, 4, "1234"),
            (5, 4, "3322114"),
        ] {
            let p = Connect4::new(w, h).unwrap().play_str(moves).unwrap();
            let reference = minimax(&p);
            let (_, best) = Solver::new(Options::plain()).best_moves(&p);
            for options in option_grid(&[None, Some(3), Some(14)]) {
                let mut solver = Solver::new(options);
                assert_eq!(
                    solver.best_moves(&p),
                    (reference, best.clone()),
                    "{options:?}"
                );
            }
        }
    }

    #[test]
    fn four_by_four_is_a_draw() {
        let p = Connect4::new(4, 4).unwrap();
        assert_eq!(Solver::new(Options::default()).solve(&p), 0);
    }
}
