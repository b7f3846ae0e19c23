//! Two-player zero-sum matrix games solved exactly (feature `chance`): the value and an optimal
//! mixed strategy for each player, in rationals.
//!
//! Where the players choose at once, or one cannot see the other's choice, minimax over pure
//! strategies is not the value: in matching pennies whoever must commit first loses (−1 for
//! the row player, +1 for the column player), while the value, with each player tossing a fair
//! coin, is 0. The value lies between the two pure bounds, `maximin ≤ value ≤ minimax`, with
//! equality exactly when the matrix has a saddle point.
//!
//! Method: the entries are shifted by a constant so that every one is positive; then the
//! column player's problem is the linear program `max Σw` subject to `A·w ≤ 1, w ≥ 0`, whose
//! optimum `z` gives the value `1/z` and the strategy `w/z`, and whose dual (the reduced costs
//! of the slack columns at the optimum) gives the row player's strategy the same way. It is
//! solved by the crate's exact rational simplex (the origin is feasible, so no first phase
//! runs). Every answer carries its certificate:
//! the row strategy guarantees at least the value against every column and the column
//! strategy at most the value against every row, checked exactly ([`Solution::check`]).
//!
//! ```
//! use cgt_minimax::matrix::MatrixGame;
//!
//! let pennies = MatrixGame::parse("1 -1; -1 1")?;
//! let s = pennies.solve();
//! assert_eq!(s.value.to_string(), "0");
//! assert_eq!(s.row.iter().map(ToString::to_string).collect::<Vec<_>>(), ["1/2", "1/2"]);
//! assert_eq!((pennies.maximin().to_string(), pennies.minimax().to_string()), ("-1".into(), "1".into()));
//! # Ok::<(), cgt_minimax::matrix::MatrixError>(())
//! ```

use core::fmt;

use cgt_core::budget::{Budget, Exceeded};
use num_traits::{One, Signed};

use crate::chance::tree::{Ratio, read_ratio};
use crate::lp::{self, LpError, Program, Relation};

/// The largest matrix read: rows times columns.
pub const MAX_ENTRIES: usize = 10_000;

/// Games with more entries than this are solved by the floating-point-guided simplex.
const GUIDED_FROM: usize = 64;

/// Why a matrix was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MatrixError {
    /// No entries.
    Empty,
    /// A row of another length than the first.
    Ragged {
        /// The row, from 1.
        row: usize,
        /// Its entries.
        found: usize,
        /// The first row's.
        expected: usize,
    },
    /// An entry that is not a rational number.
    Entry {
        /// The entry as written.
        text: String,
    },
    /// More entries than [`MAX_ENTRIES`].
    TooLarge {
        /// Rows times columns.
        entries: usize,
    },
}

impl fmt::Display for MatrixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatrixError::Empty => f.write_str("the matrix has no entries"),
            MatrixError::Ragged {
                row,
                found,
                expected,
            } => write!(
                f,
                "row {row} has {found} entries, row 1 has {expected}; rows are equally long"
            ),
            MatrixError::Entry { text } => {
                write!(
                    f,
                    "{text:?} is not a number (integers or fractions like -3/4)"
                )
            }
            MatrixError::TooLarge { entries } => {
                write!(f, "{entries} entries; at most {MAX_ENTRIES} are solved")
            }
        }
    }
}

impl std::error::Error for MatrixError {}

/// A zero-sum game given by the row player's payoffs: the row player picks a row, the column
/// player a column, at once; the entry is what the column player pays the row player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixGame {
    rows: Vec<Vec<Ratio>>,
}

/// The value of a matrix game and an optimal strategy for each player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The value to the row player.
    pub value: Ratio,
    /// The row player's probability of each row.
    pub row: Vec<Ratio>,
    /// The column player's probability of each column.
    pub column: Vec<Ratio>,
}

impl MatrixGame {
    /// A game from its rows.
    ///
    /// # Errors
    /// No entries, rows of different lengths, or more than [`MAX_ENTRIES`] entries.
    pub fn new(rows: Vec<Vec<Ratio>>) -> Result<MatrixGame, MatrixError> {
        let width = rows.first().map_or(0, Vec::len);
        if width == 0 {
            return Err(MatrixError::Empty);
        }
        if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
            return Err(MatrixError::Ragged {
                row: i + 1,
                found: r.len(),
                expected: width,
            });
        }
        let entries = rows.len() * width;
        if entries > MAX_ENTRIES {
            return Err(MatrixError::TooLarge { entries });
        }
        Ok(MatrixGame { rows })
    }

    /// Reads rows separated by `;` or new lines, entries by spaces or commas:
    /// `"1 -1; -1 1"`, `"3, 1/2; 0, 2"`.
    ///
    /// # Errors
    /// As [`MatrixGame::new`]; an entry that is not an integer or a fraction.
    pub fn parse(text: &str) -> Result<MatrixGame, MatrixError> {
        let rows = text
            .split([';', '\n'])
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(|r| {
                r.split([' ', ',', '\t'])
                    .filter(|e| !e.is_empty())
                    .map(entry)
                    .collect::<Result<Vec<Ratio>, MatrixError>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        MatrixGame::new(rows)
    }

    /// The rows.
    #[must_use]
    pub fn rows(&self) -> &[Vec<Ratio>] {
        &self.rows
    }

    fn width(&self) -> usize {
        self.rows[0].len()
    }

    /// What the row player can guarantee with a pure strategy: the best row's worst entry.
    #[must_use]
    pub fn maximin(&self) -> Ratio {
        self.rows
            .iter()
            .map(|r| r.iter().min().cloned().unwrap_or_default())
            .max()
            .unwrap_or_default()
    }

    /// What the column player can hold the row player to with a pure strategy: the best
    /// column's largest entry.
    #[must_use]
    pub fn minimax(&self) -> Ratio {
        (0..self.width())
            .map(|j| {
                self.rows
                    .iter()
                    .map(|r| r[j].clone())
                    .max()
                    .unwrap_or_default()
            })
            .min()
            .unwrap_or_default()
    }

    /// The saddle points: entries least in their row and greatest in their column, as
    /// `(row, column)` from 0.
    #[must_use]
    pub fn saddle_points(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (i, r) in self.rows.iter().enumerate() {
            for (j, e) in r.iter().enumerate() {
                let least_in_row = r.iter().all(|x| x >= e);
                let most_in_column = self.rows.iter().all(|s| &s[j] <= e);
                if least_in_row && most_in_column {
                    out.push((i, j));
                }
            }
        }
        out
    }

    /// The value and an optimal strategy for each player, exactly.
    #[must_use]
    pub fn solve(&self) -> Solution {
        self.solve_within(&Budget::unlimited())
            .expect("an unlimited budget is never exceeded")
    }

    /// As [`MatrixGame::solve`], the time limit and the stop flag of `budget` read at every
    /// pivot (the fractions of a large matrix can grow long).
    ///
    /// # Errors
    /// [`Exceeded`] when the budget runs out first.
    pub fn solve_within(&self, budget: &Budget) -> Result<Solution, Exceeded> {
        let (m, n) = (self.rows.len(), self.width());
        // Shift every entry above 0: the shifted game has a positive value.
        let least = self
            .rows
            .iter()
            .flatten()
            .min()
            .cloned()
            .unwrap_or_default();
        let shift = Ratio::one() - least;
        // max Σw subject to A·w ≤ 1, w ≥ 0, with A shifted; the row prices are the dual.
        let program = Program {
            objective: vec![Ratio::one(); n],
            rows: self
                .rows
                .iter()
                .map(|r| {
                    let shifted = r.iter().map(|a| a + &shift).enumerate().collect();
                    (shifted, Relation::AtMost, Ratio::one())
                })
                .collect(),
        };
        // Small games by the exact simplex throughout; larger ones guided by floating point
        // (the same optimum, certified exactly, much sooner).
        let solved = if m * n <= GUIDED_FROM {
            lp::maximise(&program, budget)
        } else {
            lp::maximise_guided(&program, budget)
        };
        let o = match solved {
            Ok(o) => o,
            Err(LpError::Exceeded(e)) => return Err(e),
            // The origin is feasible and every shifted entry is at least 1.
            Err(e) => unreachable!("a shifted matrix game's program has an optimum: {e:?}"),
        };
        let z = o.value;
        debug_assert_eq!(o.x.len(), n);
        debug_assert_eq!(o.duals.len(), m);
        Ok(Solution {
            value: z.recip() - shift,
            row: o.duals.iter().map(|y| y / &z).collect(),
            column: o.x.iter().map(|w| w / &z).collect(),
        })
    }
}

fn entry(text: &str) -> Result<Ratio, MatrixError> {
    read_ratio(text).ok_or_else(|| MatrixError::Entry {
        text: text.to_owned(),
    })
}

impl Solution {
    /// Whether this is a solution of `game`: both strategies are probability distributions,
    /// the row strategy gets at least the value against every column and the column strategy
    /// gives at most the value against every row — which proves the value optimal for both.
    #[must_use]
    pub fn check(&self, game: &MatrixGame) -> bool {
        let distribution = |p: &[Ratio], len: usize| {
            p.len() == len && p.iter().all(|x| !x.is_negative()) && p.iter().sum::<Ratio>().is_one()
        };
        if !distribution(&self.row, game.rows.len()) || !distribution(&self.column, game.width()) {
            return false;
        }
        let against_columns = (0..game.width()).all(|j| {
            let got: Ratio = game
                .rows
                .iter()
                .zip(&self.row)
                .map(|(r, x)| &r[j] * x)
                .sum();
            got >= self.value
        });
        let against_rows = game.rows.iter().all(|r| {
            let got: Ratio = r.iter().zip(&self.column).map(|(a, y)| a * y).sum();
            got <= self.value
        });
        against_columns && against_rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(p: &[Ratio]) -> Vec<String> {
        p.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn known_games() {
        // Matching pennies: 0, each side a fair coin; pure play loses for whoever commits.
        let g = MatrixGame::parse("1 -1; -1 1").unwrap();
        let s = g.solve();
        assert!(s.check(&g));
        assert_eq!(
            (s.value.to_string(), texts(&s.column)),
            ("0".into(), vec!["1/2".into(), "1/2".into()])
        );
        // Rock-paper-scissors: 0, a third each.
        let g = MatrixGame::parse("0 -1 1; 1 0 -1; -1 1 0").unwrap();
        let s = g.solve();
        assert!(s.check(&g));
        assert_eq!(texts(&s.row), ["1/3", "1/3", "1/3"]);
        // A saddle point: the value is the entry, and the pure bounds meet.
        let g = MatrixGame::parse("3 1 4; 1 0 2; 2 1 5").unwrap();
        let s = g.solve();
        assert!(s.check(&g));
        assert_eq!(g.saddle_points(), [(0, 1), (2, 1)]);
        assert_eq!(
            (g.maximin(), g.minimax()),
            (s.value.clone(), s.value.clone())
        );
        // No saddle point: the value lies strictly between the pure bounds.
        let g = MatrixGame::parse("3 1 4; 1 5 9; 2 6 5").unwrap();
        let s = g.solve();
        assert!(s.check(&g));
        assert!(g.saddle_points().is_empty());
        assert!(g.maximin() < s.value && s.value < g.minimax());
        // Fractions, and a saddle point at (2, 2): the value 1.
        let g = MatrixGame::parse("2 -1/2; 1 1").unwrap();
        let s = g.solve();
        assert!(s.check(&g));
        assert_eq!(s.value.to_string(), "1");
    }

    #[test]
    fn bad_matrices() {
        assert_eq!(MatrixGame::parse(" ; "), Err(MatrixError::Empty));
        assert!(matches!(
            MatrixGame::parse("1 2; 3"),
            Err(MatrixError::Ragged { row: 2, .. })
        ));
        assert!(matches!(
            MatrixGame::parse("1 x"),
            Err(MatrixError::Entry { .. })
        ));
        assert!(matches!(
            MatrixGame::parse("1/0"),
            Err(MatrixError::Entry { .. })
        ));
    }
}
