//! Board positions drawn as SVG, alike in every front end (Jupyter's `_repr_svg_`, the web
//! playground): Domineering, Clobber, Toads and Frogs, Connect-Four, m,n,k-games, chess
//! positions by FEN and Hackenbush pictures.
//!
//! Left's colour is blue and Right's red, as in the literature; Connect-Four's first player
//! is red and the second yellow, as on the physical game. Each picture starts with a
//! `<title>` holding the position's text, so a screen reader (and a test) can tell what is
//! drawn. Nothing here touches the disk.
//!
//! ```
//! use cgt_partizan::domineering::Board;
//! use cgt_report::boards;
//!
//! let board: Board = "..#/...".parse()?;
//! let svg = boards::domineering(&board);
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"filled\"").count(), 1);
//! # Ok::<(), cgt_partizan::PartizanError>(())
//! ```

use core::fmt::Write as _;

use cgt_minimax::connect4::Connect4;
use cgt_minimax::mnk::Mnk;
use cgt_partizan::Player;
use cgt_partizan::amazons::Board as AmazonsBoard;
use cgt_partizan::clobber::Grid;
use cgt_partizan::colouring::Map;
use cgt_partizan::domineering::Board;
use cgt_partizan::fission::Stones;
use cgt_partizan::hackenbush::{Colour, Picture};
use cgt_partizan::konane::Board as KonaneBoard;
use cgt_partizan::skijumps::Slope;
use cgt_partizan::toads::Row;
use cgt_partizan::toppling::Dominoes;

use crate::ReportError;

/// Side of one square, in SVG user units.
const CELL: usize = 40;
/// Left's colour (blue).
const LEFT: &str = "#1f5fbf";
/// Right's colour (red).
const RIGHT: &str = "#c8312b";
/// Green Hackenbush edges.
const GREEN: &str = "#2e8b3d";

/// What one square holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Empty,
    /// Covered (a Domineering domino).
    Filled,
    /// A disc in a colour.
    Disc(&'static str),
    /// A letter drawn on the square in a colour (toads and frogs, m,n,k marks).
    Letter(char, &'static str),
    /// A chess piece by its FEN letter.
    Piece(char),
}

/// A grid of squares, row 0 at the top.
struct Squares {
    rows: usize,
    cols: usize,
    marks: Vec<Mark>,
    title: String,
    /// Squares coloured alternately, a1 dark (chess).
    checkered: bool,
    /// Round holes in a blue frame (Connect-Four).
    holes: bool,
}

impl Squares {
    fn new(rows: usize, cols: usize, title: String) -> Squares {
        Squares {
            rows,
            cols,
            marks: vec![Mark::Empty; rows * cols],
            title,
            checkered: false,
            holes: false,
        }
    }

    fn set(&mut self, row: usize, col: usize, mark: Mark) {
        self.marks[row * self.cols + col] = mark;
    }

    fn svg(&self) -> String {
        let (w, h) = (self.cols.max(1) * CELL, self.rows.max(1) * CELL);
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-2 -2 {} {}\" width=\"{}\" height=\"{}\">\n<title>{}</title>\n",
            w + 4,
            h + 4,
            w + 4,
            h + 4,
            escape(&self.title)
        );
        let frame = if self.holes { "#2450a4" } else { "#f4ecd8" };
        let _ = writeln!(
            out,
            "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"{frame}\" stroke=\"#333\" stroke-width=\"2\"/>"
        );
        for r in 0..self.rows {
            for c in 0..self.cols {
                let (x, y) = (c * CELL, r * CELL);
                let mid = (x + CELL / 2, y + CELL / 2);
                if self.checkered {
                    // a1 (bottom left) is dark.
                    let dark = (self.rows - 1 - r + c).is_multiple_of(2);
                    let fill = if dark { "#b58863" } else { "#f0d9b5" };
                    let _ = writeln!(
                        out,
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
                    );
                } else if !self.holes {
                    let _ = writeln!(
                        out,
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"none\" stroke=\"#999\"/>"
                    );
                }
                match self.marks[r * self.cols + c] {
                    Mark::Empty if self.holes => {
                        let _ = writeln!(
                            out,
                            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#fff\"/>",
                            mid.0,
                            mid.1,
                            CELL * 2 / 5
                        );
                    }
                    Mark::Empty => {}
                    Mark::Filled => {
                        let _ = writeln!(
                            out,
                            "<rect class=\"filled\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#555\"/>",
                            x + 2,
                            y + 2,
                            CELL - 4,
                            CELL - 4
                        );
                    }
                    Mark::Disc(colour) => {
                        let _ = writeln!(
                            out,
                            "<circle class=\"disc\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{colour}\" stroke=\"#222\"/>",
                            mid.0,
                            mid.1,
                            CELL * 2 / 5
                        );
                    }
                    Mark::Letter(letter, colour) => {
                        let _ = writeln!(
                            out,
                            "<text class=\"mark\" x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-weight=\"bold\" font-size=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{colour}\">{letter}</text>",
                            mid.0,
                            mid.1,
                            CELL * 3 / 5
                        );
                    }
                    Mark::Piece(letter) => {
                        let _ = writeln!(
                            out,
                            "<text class=\"piece\" x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#000\">{}</text>",
                            mid.0,
                            mid.1,
                            CELL * 4 / 5,
                            chess_glyph(letter)
                        );
                    }
                }
            }
        }
        // A transparent square over each cell, on top, that a page can click: `data-cell`
        // holds `row,col` from 0, row 0 at the top.
        for r in 0..self.rows {
            for c in 0..self.cols {
                let _ = writeln!(
                    out,
                    "<rect class=\"cell\" data-cell=\"{r},{c}\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"transparent\"/>",
                    c * CELL,
                    r * CELL
                );
            }
        }
        out.push_str("</svg>\n");
        out
    }
}

/// A Domineering board: covered squares dark.
#[must_use]
pub fn domineering(board: &Board) -> String {
    let mut s = Squares::new(board.rows(), board.cols(), format!("Domineering {board}"));
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            if !board.is_empty_at(r, c) {
                s.set(r, c, Mark::Filled);
            }
        }
    }
    s.svg()
}

/// A Clobber board: Left's stones (`x`) blue, Right's (`o`) red.
#[must_use]
pub fn clobber(grid: &Grid) -> String {
    let mut s = Squares::new(grid.rows(), grid.cols(), format!("Clobber {grid}"));
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            match grid.stone(r, c) {
                Some(Player::Left) => s.set(r, c, Mark::Disc(LEFT)),
                Some(Player::Right) => s.set(r, c, Mark::Disc(RIGHT)),
                None => {}
            }
        }
    }
    s.svg()
}

/// A Col or Snort board: squares coloured blue (`x`) or red (`o`) as discs, an empty square
/// only one side may colour as that side's letter (`l`, `r`), one neither may as `-`, and the
/// squares off the board dark.
#[must_use]
pub fn colouring(map: &Map) -> String {
    let mut s = Squares::new(map.rows(), map.cols(), format!("Map {map}"));
    for r in 0..map.rows() {
        for c in 0..map.cols() {
            let mark = if !map.is_square(r, c) {
                Mark::Filled
            } else {
                match map.colour(r, c) {
                    Some(Player::Left) => Mark::Disc(LEFT),
                    Some(Player::Right) => Mark::Disc(RIGHT),
                    None => match (
                        map.may_colour(Player::Left, r, c),
                        map.may_colour(Player::Right, r, c),
                    ) {
                        (true, true) => Mark::Empty,
                        (true, false) => Mark::Letter('l', LEFT),
                        (false, true) => Mark::Letter('r', RIGHT),
                        (false, false) => Mark::Letter('-', "#888"),
                    },
                }
            };
            if !matches!(mark, Mark::Empty) {
                s.set(r, c, mark);
            }
        }
    }
    s.svg()
}

/// Toppling Dominoes: one row of squares per row of dominoes, each domino its letter in its
/// colour (`L` blue, `R` red, `G` green).
#[must_use]
pub fn toppling_dominoes(d: &Dominoes) -> String {
    let rows = d.rows();
    let width = rows.iter().map(String::len).max().unwrap_or(0).max(1);
    let mut s = Squares::new(rows.len().max(1), width, format!("Toppling Dominoes {d}"));
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let colour = match ch {
                'L' => LEFT,
                'R' => RIGHT,
                _ => GREEN,
            };
            s.set(r, c, Mark::Letter(ch, colour));
        }
    }
    s.svg()
}

/// An Amazons board: Left's amazons (`x`) as blue queens' letters `Q`, Right's red, burnt
/// squares dark.
#[must_use]
pub fn amazons(board: &AmazonsBoard) -> String {
    let mut s = Squares::new(board.rows(), board.cols(), format!("Amazons {board}"));
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            match board.amazon(r, c) {
                Some(Player::Left) => s.set(r, c, Mark::Letter('Q', LEFT)),
                Some(Player::Right) => s.set(r, c, Mark::Letter('Q', RIGHT)),
                None if board.is_burnt(r, c) => s.set(r, c, Mark::Filled),
                None => {}
            }
        }
    }
    s.svg()
}

/// A Konane board: Left's stones (`x`) blue, Right's (`o`) red.
#[must_use]
pub fn konane(board: &KonaneBoard) -> String {
    let mut s = Squares::new(board.rows(), board.cols(), format!("Konane {board}"));
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            match board.stone(r, c) {
                Some(Player::Left) => s.set(r, c, Mark::Disc(LEFT)),
                Some(Player::Right) => s.set(r, c, Mark::Disc(RIGHT)),
                None => {}
            }
        }
    }
    s.svg()
}

/// A Ski Jumps slope: each skier its letter in its side's colour (upper case a jumper, lower
/// case a slipper).
#[must_use]
pub fn ski_jumps(slope: &Slope) -> String {
    let mut s = Squares::new(slope.rows(), slope.cols(), format!("Ski Jumps {slope}"));
    for r in 0..slope.rows() {
        for c in 0..slope.cols() {
            let mark = match slope.skier(r, c) {
                Some((Player::Left, jumper)) => Mark::Letter(if jumper { 'L' } else { 'l' }, LEFT),
                Some((Player::Right, jumper)) => {
                    Mark::Letter(if jumper { 'R' } else { 'r' }, RIGHT)
                }
                None => continue,
            };
            s.set(r, c, mark);
        }
    }
    s.svg()
}

/// A Fission board: stones as discs, walls dark.
#[must_use]
pub fn fission(board: &Stones) -> String {
    let mut s = Squares::new(board.rows(), board.cols(), format!("Fission {board}"));
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            if board.is_stone(r, c) {
                s.set(r, c, Mark::Disc("#333"));
            } else if board.is_wall(r, c) {
                s.set(r, c, Mark::Filled);
            }
        }
    }
    s.svg()
}

/// A Toads and Frogs row: toads (Left's, moving right) blue `T`, frogs red `F`.
#[must_use]
pub fn toads_frogs(row: &Row) -> String {
    let text = row.to_string();
    let mut s = Squares::new(1, text.len(), format!("Toads and Frogs {text}"));
    for (c, ch) in text.chars().enumerate() {
        match ch {
            'T' => s.set(0, c, Mark::Letter('T', LEFT)),
            'F' => s.set(0, c, Mark::Letter('F', RIGHT)),
            _ => {}
        }
    }
    s.svg()
}

/// A Connect-Four board: the first player's stones red, the second's yellow.
#[must_use]
pub fn connect4(p: &Connect4) -> String {
    let (width, height) = p.size();
    let (width, height) = (usize::from(width), usize::from(height));
    let text = p.render();
    let mut s = Squares::new(
        height,
        width,
        format!("Connect-Four, {} stones played", p.played()),
    );
    s.holes = true;
    for (r, line) in text.lines().take(height).enumerate() {
        for (c, ch) in line.chars().enumerate() {
            match ch {
                'X' => s.set(r, c, Mark::Disc("#d62828")),
                'O' => s.set(r, c, Mark::Disc("#f6c90e")),
                _ => {}
            }
        }
    }
    s.svg()
}

/// An m,n,k board (m rows of n cells, as the `cgt mnk` board is printed): X blue, O red.
#[must_use]
pub fn mnk(p: &Mnk) -> String {
    let (m, n, k) = p.shape();
    let (m, n) = (usize::from(m), usize::from(n));
    let (x, o) = p.bitboards();
    let mut s = Squares::new(m, n, format!("{m},{n},{k}-game"));
    for r in 0..m {
        for c in 0..n {
            let bit = 1u64 << (r * n + c);
            if x & bit != 0 {
                s.set(r, c, Mark::Letter('X', LEFT));
            } else if o & bit != 0 {
                s.set(r, c, Mark::Letter('O', RIGHT));
            }
        }
    }
    s.svg()
}

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

fn chess_glyph(letter: char) -> char {
    match letter {
        'K' => '\u{2654}',
        'Q' => '\u{2655}',
        'R' => '\u{2656}',
        'B' => '\u{2657}',
        'N' => '\u{2658}',
        'P' => '\u{2659}',
        'k' => '\u{265a}',
        'q' => '\u{265b}',
        'r' => '\u{265c}',
        'b' => '\u{265d}',
        'n' => '\u{265e}',
        _ => '\u{265f}',
    }
}

/// A Hackenbush picture: the ground a line at the bottom, each vertex placed at its distance
/// (in edges) above the ground, edges blue, red or green. Loops are drawn as small circles,
/// parallel edges as arcs bowed apart.
#[must_use]
pub fn hackenbush(picture: &Picture) -> String {
    hackenbush_standing(picture, picture.all_edges())
}

/// A Hackenbush picture during play: only the edges in `standing` (bit `e` for edge `e`),
/// each vertex where the whole picture puts it, so the picture does not jump between moves.
/// Each edge carries `data-cell="e{K}"` (K its number from 1, as moves name it) for a page
/// to click.
#[must_use]
pub fn hackenbush_standing(picture: &Picture, standing: cgt_partizan::hackenbush::Edges) -> String {
    let n = picture
        .edges()
        .iter()
        .map(|&(u, v, _)| u.max(v))
        .max()
        .unwrap_or(0) as usize
        + 1;
    let mut adjacent = vec![Vec::new(); n];
    for &(u, v, _) in picture.edges() {
        adjacent[u as usize].push(v as usize);
        adjacent[v as usize].push(u as usize);
    }
    // Height: breadth-first distance from the ground; vertices cut off from it sit on top.
    let mut level = vec![usize::MAX; n];
    level[0] = 0;
    let mut queue = std::collections::VecDeque::from([0usize]);
    while let Some(u) = queue.pop_front() {
        for &v in &adjacent[u] {
            if level[v] == usize::MAX {
                level[v] = level[u] + 1;
                queue.push_back(v);
            }
        }
    }
    let top = level
        .iter()
        .filter(|&&l| l != usize::MAX)
        .max()
        .copied()
        .unwrap_or(0)
        + 1;
    for l in &mut level {
        if *l == usize::MAX {
            *l = top;
        }
    }
    let height = level.iter().copied().max().unwrap_or(0).max(1);
    // Within a level, vertices in order of number; each level spread over the width.
    let mut by_level = vec![Vec::new(); height + 1];
    for (v, &l) in level.iter().enumerate().skip(1) {
        by_level[l].push(v);
    }
    let widest = by_level.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let (w, h) = (widest * 60 + 40, height * 60 + 50);
    let mut at = vec![(0.0f64, 0.0f64); n];
    for row in &by_level {
        for (i, &v) in row.iter().enumerate() {
            let x = (i as f64 + 0.5) * w as f64 / row.len() as f64;
            let y = (h - 30) as f64 - level[v] as f64 * 60.0;
            at[v] = (x, y);
        }
    }
    let ground_y = (h - 30) as f64;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\">\n<title>Hackenbush picture, {} edges</title>\n<line x1=\"0\" y1=\"{ground_y}\" x2=\"{w}\" y2=\"{ground_y}\" stroke=\"#6b4f2a\" stroke-width=\"4\"/>\n",
        picture.edges().len()
    );
    let mut seen: std::collections::HashMap<(usize, usize), usize> = Default::default();
    for (e, &(u, v, colour)) in picture.edges().iter().enumerate() {
        let (u, v) = (u as usize, v as usize);
        if standing >> e & 1 == 0 {
            continue;
        }
        let stroke = match colour {
            Colour::Blue => LEFT,
            Colour::Red => RIGHT,
            Colour::Green => GREEN,
        };
        // An edge to the ground goes straight down from its other end.
        let end = |a: usize, b: usize| {
            if a == 0 { (at[b].0, ground_y) } else { at[a] }
        };
        let (p, q) = (end(u, v), end(v, u));
        let key = (u.min(v), u.max(v));
        let copy = *seen.entry(key).and_modify(|c| *c += 1).or_insert(0);
        let class = format!("edge {}\" data-cell=\"e{}", colour.name(), e + 1);
        if u == v {
            let r = 12.0 + 6.0 * copy as f64;
            let _ = writeln!(
                out,
                "<circle class=\"{class}\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"{r:.1}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"4\"/>",
                p.0,
                p.1 - r
            );
        } else if copy == 0 {
            let _ = writeln!(
                out,
                "<line class=\"{class}\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{stroke}\" stroke-width=\"4\" stroke-linecap=\"round\"/>",
                p.0, p.1, q.0, q.1
            );
        } else {
            // Parallel edges bow out alternately left and right.
            let bow = 14.0 * copy.div_ceil(2) as f64 * if copy % 2 == 1 { 1.0 } else { -1.0 };
            let (mx, my) = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
            let (dx, dy) = (q.0 - p.0, q.1 - p.1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (cx, cy) = (mx - dy / len * bow * 2.0, my + dx / len * bow * 2.0);
            let _ = writeln!(
                out,
                "<path class=\"{class}\" d=\"M {:.1} {:.1} Q {cx:.1} {cy:.1} {:.1} {:.1}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"4\" stroke-linecap=\"round\"/>",
                p.0, p.1, q.0, q.1
            );
        }
    }
    for (v, &(x, y)) in at.iter().enumerate().skip(1) {
        let _ = writeln!(
            out,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"#222\"><title>{}</title></circle>",
            escape(picture.name(v as u32).unwrap_or("?"))
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Heaps of counters, one row per heap (heap 1 at the top), each counter a disc with
/// `data-cell="h,j"` (heap `h`, counter `j`, both from 0): clicking counter `j` of a heap means
/// leaving `j` counters in it. Heaps of more than `max_drawn` counters are drawn as a number.
#[must_use]
pub fn heaps(counts: &[u64], max_drawn: u64) -> String {
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
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\">\n<title>heaps {}</title>\n",
        counts
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    for (i, &count) in counts.iter().enumerate() {
        let y = i * (2 * R + 14) + R + 7;
        let _ = writeln!(
            out,
            "<text x=\"4\" y=\"{y}\" font-family=\"sans-serif\" font-size=\"14\" dominant-baseline=\"central\">heap {}</text>",
            i + 1
        );
        if count > max_drawn {
            let _ = writeln!(
                out,
                "<text x=\"70\" y=\"{y}\" font-family=\"sans-serif\" font-size=\"14\" dominant-baseline=\"central\">{count} counters</text>"
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

/// A Bridg-it board: Left's dots (blue) in rows, Top's (red) in columns, each player's bridges
/// drawn between their dots, and each free slot a small square with `data-cell="X,Y"` (its
/// lattice point, as moves are typed) for a page to click.
#[must_use]
pub fn bridgit(p: &cgt_minimax::bridgit::Bridgit) -> String {
    const S: usize = 30;
    let n = p.size();
    let top = 2 * usize::from(n);
    let side = top * S + 2 * S;
    let at = |x: u8, y: u8| (S + usize::from(x) * S, S + (top - usize::from(y)) * S);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" width=\"{side}\" height=\"{side}\">\n<title>Bridg-it, n = {n}</title>\n"
    );
    let line = |out: &mut String, a: (usize, usize), b: (usize, usize), colour: &str| {
        let _ = writeln!(
            out,
            "<line class=\"bridge\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" stroke-width=\"6\" stroke-linecap=\"round\"/>",
            a.0, a.1, b.0, b.1
        );
    };
    let (left, top_claimed) = p.claimed();
    for (i, slot) in cgt_minimax::bridgit::slots(n).iter().enumerate() {
        let (x, y) = (slot.x, slot.y);
        let horizontal = [at(x - 1, y), at(x + 1, y)];
        let vertical = [at(x, y - 1), at(x, y + 1)];
        if left >> i & 1 == 1 {
            let [a, b] = if x % 2 == 1 { horizontal } else { vertical };
            line(&mut out, a, b, LEFT);
        } else if top_claimed >> i & 1 == 1 {
            let [a, b] = if x % 2 == 1 { vertical } else { horizontal };
            line(&mut out, a, b, RIGHT);
        } else {
            let (cx, cy) = at(x, y);
            let _ = writeln!(
                out,
                "<rect class=\"cell slot\" data-cell=\"{x},{y}\" x=\"{}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"#eee\" stroke=\"#999\"/>",
                cx - 7,
                cy - 7
            );
        }
    }
    for y in 0..=top as u8 {
        for x in 0..=top as u8 {
            let colour = match (x % 2, y % 2) {
                (0, 1) => LEFT,
                (1, 0) => RIGHT,
                _ => continue,
            };
            let (cx, cy) = at(x, y);
            let _ = writeln!(
                out,
                "<circle class=\"dot\" cx=\"{cx}\" cy=\"{cy}\" r=\"7\" fill=\"{colour}\"/>"
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The most leaves [`tree`] draws.
pub const TREE_LEAVES: usize = 200;

/// A game tree drawn top down: max vertices as up-pointing triangles, min vertices as
/// down-pointing ones, leaves as boxes with their payoff. Each vertex carries
/// `data-node` with its path as the alpha-beta trace names it (`root`, `2`, `3.2.1`), and a
/// `<text data-value="PATH">` that a page fills with the vertex's value as a trace reaches it.
///
/// # Errors
/// A tree of more than [`TREE_LEAVES`] leaves (too wide to read).
pub fn tree(t: &cgt_minimax::tree::Tree<i64>) -> Result<String, ReportError> {
    use cgt_minimax::tree::{Kind, Tree};
    const DX: f64 = 46.0;
    const DY: f64 = 70.0;
    if t.leaves() > TREE_LEAVES {
        return Err(ReportError::input(format!(
            "a tree of {} leaves is too wide to draw; at most {TREE_LEAVES}",
            t.leaves()
        )));
    }
    struct Placed {
        path: String,
        kind: Kind,
        payoff: Option<i64>,
        x: f64,
        y: f64,
        parent: Option<(f64, f64)>,
    }
    // Leaves left to right at equal steps; each inner vertex above the middle of its children.
    fn place(
        t: &Tree<i64>,
        path: String,
        depth: usize,
        next_leaf: &mut f64,
        out: &mut Vec<Placed>,
    ) -> f64 {
        let at = out.len();
        out.push(Placed {
            path: path.clone(),
            kind: t.kind(),
            payoff: t.payoff().copied(),
            x: 0.0,
            y: DY * depth as f64 + 30.0,
            parent: None,
        });
        let x = if t.children().is_empty() {
            *next_leaf += DX;
            *next_leaf
        } else {
            let xs: Vec<(usize, f64)> = t
                .children()
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let child = if path == "root" {
                        format!("{}", i + 1)
                    } else {
                        format!("{path}.{}", i + 1)
                    };
                    let first = out.len();
                    (first, place(c, child, depth + 1, next_leaf, out))
                })
                .collect();
            xs.iter().map(|&(_, x)| x).sum::<f64>() / xs.len() as f64
        };
        out[at].x = x;
        x
    }
    let mut placed = Vec::new();
    let mut next = 0.0;
    place(t, "root".to_owned(), 0, &mut next, &mut placed);
    // Each vertex's parent: the nearest earlier vertex one level up.
    for i in 1..placed.len() {
        let y = placed[i].y;
        let parent = placed[..i]
            .iter()
            .rev()
            .find(|p| p.y < y - 1.0)
            .map(|p| (p.x, p.y));
        placed[i].parent = parent;
    }
    let w = next + DX;
    let h = DY * t.depth() as f64 + 70.0;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w:.0} {h:.0}\" width=\"{w:.0}\" height=\"{h:.0}\">\n<title>game tree, {} leaves</title>\n",
        t.leaves()
    );
    for p in &placed {
        if let Some((px, py)) = p.parent {
            let _ = writeln!(
                out,
                "<line class=\"branch\" data-node=\"{}\" x1=\"{px:.1}\" y1=\"{py:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#777\" stroke-width=\"2\"/>",
                p.path, p.x, p.y
            );
        }
    }
    for p in &placed {
        let (x, y) = (p.x, p.y);
        let shape = match p.kind {
            Kind::Max => format!(
                "<polygon class=\"vertex max\" data-node=\"{}\" points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"#dfe8f8\" stroke=\"#333\"/>",
                p.path,
                x,
                y - 13.0,
                x - 14.0,
                y + 11.0,
                x + 14.0,
                y + 11.0
            ),
            Kind::Min => format!(
                "<polygon class=\"vertex min\" data-node=\"{}\" points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"#f8e2df\" stroke=\"#333\"/>",
                p.path,
                x,
                y + 13.0,
                x - 14.0,
                y - 11.0,
                x + 14.0,
                y - 11.0
            ),
            Kind::Final => format!(
                "<rect class=\"vertex leaf\" data-node=\"{}\" x=\"{:.1}\" y=\"{:.1}\" width=\"30\" height=\"22\" fill=\"#fff\" stroke=\"#333\"/>\n<text x=\"{x:.1}\" y=\"{y:.1}\" font-family=\"sans-serif\" font-size=\"13\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
                p.path,
                x - 15.0,
                y - 11.0,
                p.payoff.unwrap_or_default()
            ),
        };
        out.push_str(&shape);
        out.push('\n');
        if p.kind != Kind::Final {
            let _ = writeln!(
                out,
                "<text class=\"value\" data-value=\"{}\" x=\"{:.1}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"13\" font-weight=\"bold\"></text>",
                p.path,
                x + 17.0,
                y - 8.0
            );
        }
    }
    out.push_str("</svg>\n");
    Ok(out)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_square_is_drawn_as_what_it_holds() {
        let grid: Grid = "xo./.ox".parse().unwrap();
        let svg = clobber(&grid);
        assert_eq!(svg.matches(LEFT).count(), 2);
        assert_eq!(svg.matches(RIGHT).count(), 2);
        let map = cgt_partizan::colouring::Colouring::snort()
            .board("x.#/..o")
            .unwrap();
        let svg = colouring(&map);
        // Snort: the squares next to x only Left may colour, the one next to o only Right.
        assert_eq!(svg.matches(LEFT).count(), 3);
        assert_eq!(svg.matches(">l</text>").count(), 2);
        assert_eq!(svg.matches(">r</text>").count(), 1);
        assert!(svg.contains("<title>Map xl#/lro</title>"));
        let stones: Stones = "x#/.x".parse().unwrap();
        assert!(fission(&stones).contains("<title>Fission x#/.x</title>"));
        let slope: Slope = "L.r/.R.".parse().unwrap();
        let svg = ski_jumps(&slope);
        assert_eq!(svg.matches(">r</text>").count(), 1);
        assert_eq!(svg.matches(">R</text>").count(), 1);
        let k: KonaneBoard = "xo./.ox".parse().unwrap();
        assert_eq!(konane(&k).matches(LEFT).count(), 2);
        let b: AmazonsBoard = "x.#/.#o".parse().unwrap();
        let svg = amazons(&b);
        assert_eq!(svg.matches(">Q</text>").count(), 2);
        assert!(svg.contains("<title>Amazons x.#/.#o</title>"));
        let d: Dominoes = "LRG GG".parse().unwrap();
        let svg = toppling_dominoes(&d);
        assert_eq!(svg.matches(">G</text>").count(), 3);
        assert_eq!(svg.matches(">L</text>").count(), 1);
        assert!(svg.contains("<title>Toppling Dominoes LRG GG</title>"));
        let row: Row = "TT..F".parse().unwrap();
        let svg = toads_frogs(&row);
        assert_eq!(svg.matches(">T</text>").count(), 2);
        assert_eq!(svg.matches(">F</text>").count(), 1);
        assert!(svg.contains("<title>Toads and Frogs TT..F</title>"));
        let board: Board = "3x4".parse().unwrap();
        assert_eq!(domineering(&board).matches("class=\"filled\"").count(), 0);
    }

    #[test]
    fn a_tree_names_each_vertex_by_its_trace_path() {
        let t = cgt_minimax::tree::Tree::parse("(max (min 3 5) (min 2 (max 9 1)))").unwrap();
        let svg = tree(&t).unwrap();
        for path in [
            "root", "1", "2", "1.1", "1.2", "2.1", "2.2", "2.2.1", "2.2.2",
        ] {
            // The vertex and (but for the root) the branch into it.
            let want = if path == "root" { 1 } else { 2 };
            assert_eq!(
                svg.matches(&format!("data-node=\"{path}\"")).count(),
                want,
                "{path}"
            );
        }
        assert_eq!(svg.matches("class=\"vertex max\"").count(), 2);
        assert_eq!(svg.matches("class=\"vertex min\"").count(), 2);
        assert_eq!(svg.matches("class=\"vertex leaf\"").count(), 5);
        let wide = format!("(max {})", "1 ".repeat(TREE_LEAVES + 1));
        assert!(tree(&cgt_minimax::tree::Tree::parse(&wide).unwrap()).is_err());
    }

    #[test]
    fn bridgit_draws_each_bridge_and_each_free_slot() {
        let p = cgt_minimax::bridgit::Bridgit::new(3)
            .unwrap()
            .play_all(&[0, 5])
            .unwrap();
        let svg = bridgit(&p);
        assert_eq!(svg.matches("class=\"bridge\"").count(), 2);
        assert_eq!(
            svg.matches("class=\"cell slot\"").count(),
            usize::from(p.slot_count()) - 2
        );
    }

    #[test]
    fn connect_four_stones_fall_to_the_bottom() {
        let p = Connect4::standard().play_str("4453").unwrap();
        let svg = connect4(&p);
        assert_eq!(svg.matches("class=\"disc\"").count(), 4);
        assert_eq!(svg.matches("#d62828").count(), 2);
        // 42 holes: 4 stones and 38 empty holes.
        assert_eq!(svg.matches("fill=\"#fff\"").count(), 38);
        // The first stone is in column 4 on the bottom row.
        let cy = 5 * CELL + CELL / 2;
        let cx = 3 * CELL + CELL / 2;
        assert!(svg.contains(&format!(
            "cx=\"{cx}\" cy=\"{cy}\" r=\"16\" fill=\"#d62828\""
        )));
    }

    #[test]
    fn chess_reads_any_placement_and_refuses_bad_ones() {
        let svg = chess("8/8/8/8/8/2k5/8/K1Q5 w - - 0 1").unwrap();
        assert_eq!(svg.matches("class=\"piece\"").count(), 3);
        assert!(svg.contains('\u{2655}') && svg.contains('\u{265a}'));
        for bad in [
            "8/8/8",
            "9/8/8/8/8/8/8/8",
            "7/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/7X",
            "",
        ] {
            assert!(chess(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn hackenbush_draws_every_edge_in_its_colour() {
        let p = Picture::parse("g a blue\na b red\nb b green\ng a red\nb c\n", "g").unwrap();
        let svg = hackenbush(&p);
        assert_eq!(svg.matches("class=\"edge").count(), 5);
        assert_eq!(svg.matches("class=\"edge blue\"").count(), 1);
        assert_eq!(svg.matches("class=\"edge red\"").count(), 2);
        assert_eq!(svg.matches("class=\"edge green\"").count(), 2);
        // The loop is a circle and the second ground edge to a is bowed.
        assert_eq!(svg.matches("<path").count(), 1);
    }

    #[test]
    fn mnk_marks_sit_where_they_were_played() {
        let p = Mnk::new(2, 3, 2).unwrap().play_all(&[0, 5]).unwrap();
        let svg = mnk(&p);
        let at = |r: usize, c: usize| {
            format!(
                "x=\"{}\" y=\"{}\"",
                c * CELL + CELL / 2,
                r * CELL + CELL / 2
            )
        };
        assert!(svg.contains(&format!("{} font-family", at(0, 0))));
        assert!(svg.contains(&format!("{} font-family", at(1, 2))));
        assert_eq!(svg.matches("class=\"mark\"").count(), 2);
    }

    #[test]
    fn titles_are_escaped() {
        let p = Picture::parse("g <a>\n", "g").unwrap();
        assert!(hackenbush(&p).contains("&lt;a&gt;"));
    }
}
