//! Hackenbush pictures, laid out by distance from the ground.

use core::fmt::Write as _;

use cgt_partizan::hackenbush::{Colour, Picture};

use super::{GREEN, LEFT, RIGHT, escape};

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
