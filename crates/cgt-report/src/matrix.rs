//! `cgt matrix`: a zero-sum matrix game's value and optimal mixed strategies, exactly, beside
//! what pure strategies guarantee (minimax over pure strategies is not the value when the
//! matrix has no saddle point).

use cgt_minimax::matrix::MatrixGame;
use serde::Serialize;

use crate::Report;
use crate::error::ReportError;

/// The report of [`matrix`].
#[derive(Debug, Serialize)]
pub struct MatrixReport {
    /// Rows of the row player's payoffs, as written back.
    pub matrix: Vec<Vec<String>>,
    /// The value to the row player, exactly.
    pub value: String,
    /// The row player's optimal probabilities of each row.
    pub row_strategy: Vec<String>,
    /// The column player's optimal probabilities of each column.
    pub column_strategy: Vec<String>,
    /// What the row player guarantees with a pure strategy (the best row's worst entry).
    pub maximin: String,
    /// What the column player holds the row player to with a pure strategy.
    pub minimax: String,
    /// The saddle points, `[row, column]` from 1: where pure play is optimal.
    pub saddle_points: Vec<[usize; 2]>,
}

/// Solves the matrix game written as rows separated by `;` or new lines, entries by spaces or
/// commas (`"1 -1; -1 1"`): the value, an optimal strategy for each player, and the pure
/// bounds.
///
/// # Errors
/// A matrix that does not read (an empty one, rows of different lengths, an entry that is not
/// an integer or a fraction, more than 10,000 entries); the budget's time limit reached first.
pub fn matrix(text: &str, budget: &cgt_core::budget::Budget) -> Result<MatrixReport, ReportError> {
    let game = MatrixGame::parse(text).map_err(|e| ReportError::input(format!("matrix: {e}")))?;
    let s = game.solve_within(budget)?;
    let texts =
        |v: &[cgt_minimax::chance::tree::Ratio]| v.iter().map(ToString::to_string).collect();
    Ok(MatrixReport {
        matrix: game.rows().iter().map(|r| texts(r)).collect(),
        value: s.value.to_string(),
        row_strategy: texts(&s.row),
        column_strategy: texts(&s.column),
        maximin: game.maximin().to_string(),
        minimax: game.minimax().to_string(),
        saddle_points: game
            .saddle_points()
            .into_iter()
            .map(|(i, j)| [i + 1, j + 1])
            .collect(),
    })
}

impl Report for MatrixReport {
    fn text(&self) -> String {
        let rows = self.matrix.len();
        let cols = self.matrix.first().map_or(0, Vec::len);
        let mut out = format!(
            "A {rows} × {cols} zero-sum game: value {} to the row player\n",
            self.value
        );
        out.push_str(&format!(
            "row player: rows with probabilities {}\n",
            self.row_strategy.join(", ")
        ));
        out.push_str(&format!(
            "column player: columns with probabilities {}\n",
            self.column_strategy.join(", ")
        ));
        if self.saddle_points.is_empty() {
            out.push_str(&format!(
                "no saddle point: pure strategies guarantee the row player only {} and the column \
                 player only {}; mixing reaches {}\n",
                self.maximin, self.minimax, self.value
            ));
        } else {
            let at: Vec<String> = self
                .saddle_points
                .iter()
                .map(|[i, j]| format!("row {i}, column {j}"))
                .collect();
            out.push_str(&format!(
                "saddle point at {}: pure play is optimal\n",
                at.join("; ")
            ));
        }
        out
    }
}
