//! Chess positions by FEN.

use crate::ReportError;

use super::{Mark, Squares};

/// A chess position from its FEN (only the first field, piece placement, is drawn; any
/// number of pieces).
///
/// # Errors
/// A placement that is not 8 ranks of 8 squares of `KQRBNPkqrbnp` and digits.
pub fn chess(fen: &str) -> Result<String, ReportError> {
    let placement = fen.split_whitespace().next().unwrap_or("");
    let bad = |why: &str| ReportError::input(format!("bad FEN {placement:?}: {why}"));
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(bad("expected 8 ranks separated by '/'"));
    }
    let mut s = Squares::new(8, 8, format!("chess {}", fen.trim()));
    s.checkered = true;
    for (r, rank) in ranks.iter().enumerate() {
        let mut c = 0usize;
        for ch in rank.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                c += d as usize;
            } else if "KQRBNPkqrbnp".contains(ch) {
                if c < 8 {
                    s.set(r, c, Mark::Piece(ch));
                }
                c += 1;
            } else {
                return Err(bad(&format!("'{ch}' is not a piece or a count")));
            }
            if c > 8 {
                break;
            }
        }
        if c != 8 {
            return Err(bad(&format!("rank {} has {c} squares, not 8", 8 - r)));
        }
    }
    Ok(s.svg())
}
