//! Rectangular boards written as text, shared by the grid rulesets (Domineering, Clobber): the
//! size limit and the reader of rows.

use crate::PartizanError;

/// The most squares a board may have (rows × columns).
pub const MAX_CELLS: usize = 64;

/// Refuses a board with no square or more than [`MAX_CELLS`].
pub(crate) fn check_size(rows: usize, cols: usize) -> Result<(), PartizanError> {
    if rows == 0 || cols == 0 {
        return Err(PartizanError::parse(
            &format!("{rows}x{cols}"),
            "a board needs at least one row and one column",
        ));
    }
    if rows.saturating_mul(cols) > MAX_CELLS {
        return Err(PartizanError::TooLarge {
            message: format!(
                "a {rows} x {cols} board has {} squares; boards are limited to {MAX_CELLS}",
                rows.saturating_mul(cols)
            ),
        });
    }
    Ok(())
}

/// Reads rows of `symbols` (other characters refused, `what` names the board in messages)
/// separated by `/` or new lines: the number of rows and columns and the cells row by row.
pub(crate) fn parse_grid(
    text: &str,
    symbols: &[char],
    what: &str,
) -> Result<(usize, usize, Vec<char>), PartizanError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(PartizanError::parse(text, format!("empty {what}")));
    }
    let rows: Vec<&str> = trimmed.split(['/', '\n']).map(str::trim).collect();
    // An empty row between rows (`xo//ox`, `../`) is a typing slip, not a row to drop.
    if let Some(k) = rows.iter().position(|r| r.is_empty()) {
        return Err(PartizanError::parse(
            text,
            format!(
                "row {} of the {what} is empty; separate rows by one '/' or one line break",
                k + 1
            ),
        ));
    }
    let first = rows[0];
    let cols = first.chars().count();
    let mut cells = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        if row.chars().count() != cols {
            return Err(PartizanError::parse(
                text,
                format!(
                    "row {} has {} squares, row 1 has {cols}; rows must be equally long",
                    k + 1,
                    row.chars().count()
                ),
            ));
        }
        for c in row.chars() {
            if !symbols.contains(&c) {
                let listed: Vec<String> = symbols.iter().map(|s| format!("'{s}'")).collect();
                return Err(PartizanError::parse(
                    text,
                    format!("unexpected {c:?} in a {what}: use {}", listed.join(", ")),
                ));
            }
            cells.push(c);
        }
    }
    check_size(rows.len(), cols)?;
    Ok((rows.len(), cols, cells))
}
