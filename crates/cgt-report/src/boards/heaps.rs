//! Impartial positions drawn: heaps of counters and Wythoff's corner.

use core::fmt::Write as _;

use super::GREEN;
use crate::texts::{Arg, Lang, message};

/// What the counters of [`heaps`] stand in: heaps of a heap game, or steps of a staircase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rows {
    /// Heaps: `heap 1`, `heap 2`, …
    Heaps,
    /// Steps of a staircase: `step 1`, `step 2`, …
    Steps,
}

/// Heaps of counters, one row per heap (heap 1 at the top), each counter a disc with
/// `data-cell="h,j"` (heap `h`, counter `j`, both from 0): clicking counter `j` of a heap means
/// leaving `j` counters in it. Heaps of more than `max_drawn` counters are drawn as a number.
/// The rows are labelled in `lang`.
#[must_use]
pub fn heaps(counts: &[u64], max_drawn: u64, rows: Rows, lang: Lang) -> String {
    let (label, title) = match rows {
        Rows::Heaps => ("board-heap", "board-heaps-title"),
        Rows::Steps => ("board-step", "board-steps-title"),
    };
    const R: usize = 11;
    let widest = counts
        .iter()
        .copied()
        .filter(|&c| c <= max_drawn)
        .max()
        .unwrap_or(0) as usize;
    let (w, h) = (
        90 + (widest.max(4)) * (2 * R + 6),
        counts.len().max(1) * (2 * R + 14),
    );
    let sizes = counts
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let title = message(lang, title, &[("sizes", Arg::Text(&sizes))]);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\">\n<title>{title}</title>\n"
    );
    for (i, &count) in counts.iter().enumerate() {
        let y = i * (2 * R + 14) + R + 7;
        let name = message(lang, label, &[("number", Arg::Number(i as u64 + 1))]);
        let _ = writeln!(
            out,
            "<text x=\"4\" y=\"{y}\" font-family=\"sans-serif\" font-size=\"14\" dominant-baseline=\"central\">{name}</text>"
        );
        if count > max_drawn {
            let many = message(lang, "board-counters", &[("count", Arg::Number(count))]);
            let _ = writeln!(
                out,
                "<text x=\"70\" y=\"{y}\" font-family=\"sans-serif\" font-size=\"14\" dominant-baseline=\"central\">{many}</text>"
            );
            continue;
        }
        for j in 0..count as usize {
            let x = 70 + j * (2 * R + 6) + R;
            let _ = writeln!(
                out,
                "<circle class=\"cell counter\" data-cell=\"{i},{j}\" cx=\"{x}\" cy=\"{y}\" r=\"{R}\" fill=\"{GREEN}\" stroke=\"#222\"/>"
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// Wythoff's game as a queen on a grid: the queen at column `a`, row `b` (both from 0, row 0
/// at the bottom), moving left, down or diagonally down-left toward the corner. Each square
/// the queen may reach carries `data-cell="x,y"` (the heaps after the move); P-positions, the
/// squares to move to, are marked when `show_p` is set.
#[must_use]
pub fn wythoff(a: u64, b: u64, show_p: bool) -> String {
    const C: usize = 28;
    let (cols, rows) = (a as usize + 1, b as usize + 1);
    let (w, h) = (cols * C + 4, rows * C + 4);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-2 -2 {w} {h}\" width=\"{w}\" height=\"{h}\">\n<title>Wythoff ({a}, {b})</title>\n"
    );
    let p_positions: std::collections::HashSet<(u64, u64)> = if show_p {
        (0..=a.max(b))
            .map_while(|k| {
                let (x, y) = cgt_impartial::wythoff::p_pair(k).ok()?;
                (x <= a.max(b)).then_some((x, y))
            })
            .flat_map(|(x, y)| [(x, y), (y, x)])
            .collect()
    } else {
        Default::default()
    };
    for y in 0..rows {
        for x in 0..cols {
            let (px, py) = (x * C, (rows - 1 - y) * C);
            let (xu, yu) = (x as u64, y as u64);
            let reach = (xu < a && yu == b)
                || (xu == a && yu < b)
                || (xu < a && yu < b && a - xu == b - yu);
            let fill = if p_positions.contains(&(xu, yu)) {
                "#f2c14e"
            } else if reach {
                "#e6eefb"
            } else {
                "#fafafa"
            };
            let extra = if reach {
                format!(" class=\"cell\" data-cell=\"{x},{y}\"")
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "<rect{extra} x=\"{px}\" y=\"{py}\" width=\"{C}\" height=\"{C}\" fill=\"{fill}\" stroke=\"#bbb\"/>"
            );
        }
    }
    let (qx, qy) = (a as usize * C + C / 2, (rows - 1 - b as usize) * C + C / 2);
    let _ = writeln!(
        out,
        "<text class=\"queen\" x=\"{qx}\" y=\"{qy}\" font-size=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\">\u{265b}</text>",
        C * 4 / 5
    );
    out.push_str("</svg>\n");
    out
}
