//! The boards and trees of two-player games searched by minimax: Connect-Four, m,n,k-games,
//! Bridg-it and game trees.

use core::fmt::Write as _;

use cgt_minimax::connect4::Connect4;
use cgt_minimax::mnk::Mnk;

use crate::ReportError;

use super::{LEFT, Mark, RIGHT, Squares};

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
