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
//! use cgt_partizan::domineering::{Board, Domineering};
//! use cgt_report::boards;
//!
//! let board: Board = "..#/...".parse()?;
//! let svg = boards::ruleset::<Domineering>(&board).unwrap();
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"filled\"").count(), 1);
//! # Ok::<(), cgt_partizan::PartizanError>(())
//! ```

use core::fmt::Write as _;

mod chess;
mod hackenbush;
mod heaps;
mod minimax;
mod rulesets;

pub use chess::chess;
pub use hackenbush::{hackenbush, hackenbush_standing};
pub use heaps::{Rows, heaps, wythoff};
pub use minimax::{TREE_LEAVES, bridgit, connect4, mnk, tree};
pub use rulesets::{picture, ruleset};

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

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt_minimax::connect4::Connect4;
    use cgt_minimax::mnk::Mnk;
    use cgt_partizan::hackenbush::Picture;

    /// The board of `text` in ruleset `R`.
    fn draw<R: cgt_partizan::ruleset::Ruleset>(text: &str) -> String {
        ruleset::<R>(&R::parse(text).unwrap()).unwrap()
    }

    #[test]
    fn each_square_is_drawn_as_what_it_holds() {
        use cgt_partizan::ruleset::Ruleset as _;
        use cgt_partizan::{amazons, clobber, colouring, domineering, fission, konane};
        use cgt_partizan::{cram, cutcake, skijumps, toads, toppling};
        let svg = draw::<clobber::Clobber>("xo./.ox");
        assert_eq!(svg.matches(LEFT).count(), 2);
        assert_eq!(svg.matches(RIGHT).count(), 2);
        let svg = draw::<colouring::Snort>("x.#/..o");
        // Snort: the squares next to x only Left may colour, the one next to o only Right.
        assert_eq!(svg.matches(LEFT).count(), 3);
        assert_eq!(svg.matches(">l</text>").count(), 2);
        assert_eq!(svg.matches(">r</text>").count(), 1);
        assert!(svg.contains("<title>Snort xl#/lro</title>"));
        assert!(draw::<fission::Fission>("x#/.x").contains("<title>Fission x#/.x</title>"));
        let svg = draw::<skijumps::SkiJumps>("L.r/.R.");
        assert_eq!(svg.matches(">r</text>").count(), 1);
        assert_eq!(svg.matches(">R</text>").count(), 1);
        assert_eq!(draw::<konane::Konane>("xo./.ox").matches(LEFT).count(), 2);
        let svg = draw::<amazons::Amazons>("x.#/.#o");
        assert_eq!(svg.matches(">Q</text>").count(), 2);
        assert!(svg.contains("<title>Amazons x.#/.#o</title>"));
        let svg = draw::<toppling::TopplingDominoes>("LRG GG");
        assert_eq!(svg.matches(">G</text>").count(), 3);
        assert_eq!(svg.matches(">L</text>").count(), 1);
        assert!(svg.contains("<title>Toppling Dominoes LRG GG</title>"));
        let svg = draw::<toads::ToadsAndFrogs>("TT..F");
        assert_eq!(svg.matches(">T</text>").count(), 2);
        assert_eq!(svg.matches(">F</text>").count(), 1);
        assert!(svg.contains("<title>Toads and Frogs TT..F</title>"));
        let svg = draw::<domineering::Domineering>("3x4");
        assert_eq!(svg.matches("class=\"filled\"").count(), 0);
        let svg = draw::<cram::Cram>("#../...");
        assert_eq!(svg.matches("class=\"filled\"").count(), 1);
        assert!(svg.contains("<title>Cram #../...</title>"));
        let cake = cutcake::Cutcake::parse("2x3").unwrap();
        assert!(ruleset::<cutcake::Cutcake>(&cake).is_none());
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
