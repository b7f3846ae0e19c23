//! Sweeps for Col and Snort on graphs: values against minimax on every graph of up to five
//! vertices (with random tints), and against the board games on the same squares.

use cgt_core::verify::{Config, Expect, Rng, Sweep, Tally, check_cases};

use super::games::six_squares;
use super::oracle::check_value;
use crate::colouring::{Colouring, Rule};
use crate::graphcolouring::{ColouringGraph, Graph};
use crate::{Arena, Evaluator};

pub(super) fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "partizan/graph-colouring",
            claim: "Col and Snort on graphs (components, colour exchange, lone vertices in closed \
                    form) equal minimax on position − value, on every graph of 5 labelled \
                    vertices (1024 edge sets, each with random colours and tints) and random \
                    graphs of 6 to 8 vertices",
            expect: Expect::Holds,
            run: graph_values,
        },
        Sweep {
            name: "partizan/graph-board-colouring",
            claim: "every 1 × 6 and 2 × 3 Col and Snort board over .xo# has the value of the \
                    graph of its squares (edges between orthogonal neighbours, the colours as \
                    marks)",
            expect: Expect::Holds,
            run: graph_boards,
        },
    ]
}

/// The marks of a random colouring: mostly uncoloured.
fn random_marks(rng: &mut Rng, n: usize) -> Vec<String> {
    (0..n)
        .filter_map(|v| {
            let mark = ["x", "o", "l", "r", "-"][rng.below(5) as usize];
            rng.chance(1, 4).then(|| format!("{}={mark}", v + 1))
        })
        .collect()
}

fn graph_values(config: &Config) -> Tally {
    let exhaustive = 2 * 1024u64;
    let step = config.scale.pick(37, 1, 1);
    let random = config.scale.pick(10, 600, 6_000);
    check_cases(config, exhaustive / step + random, |case| {
        let mut rng = Rng::for_case("partizan/graph-colouring", case);
        let (rule, n, edges) = if case < exhaustive / step {
            let k = case * step;
            let pairs: Vec<(usize, usize)> = (0..5)
                .flat_map(|u| (u + 1..5).map(move |v| (u, v)))
                .collect();
            let edges: Vec<(usize, usize)> = pairs
                .iter()
                .enumerate()
                .filter(|(i, _)| (k / 2) >> i & 1 == 1)
                .map(|(_, &e)| e)
                .collect();
            (
                if k.is_multiple_of(2) {
                    Rule::Col
                } else {
                    Rule::Snort
                },
                5,
                edges,
            )
        } else {
            let n = 6 + rng.below(3) as usize;
            let edges: Vec<(usize, usize)> = (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
                .filter(|_| rng.chance(1, 3))
                .collect();
            let rule = if rng.chance(1, 2) {
                Rule::Col
            } else {
                Rule::Snort
            };
            (rule, n, edges)
        };
        let plain = Graph::from_edges(n, &edges).map_err(|e| e.to_string())?;
        let mut text = plain.to_string();
        for m in random_marks(&mut rng, n) {
            text.push(' ');
            text.push_str(&m);
        }
        let graph: Graph = text
            .parse()
            .map_err(|e: crate::PartizanError| e.to_string())?;
        let game = ColouringGraph::new(rule, &graph);
        let mut arena = Arena::new();
        let mut ev = Evaluator::new(game.clone());
        let start = game.start();
        check_value(&game, &mut ev, &mut arena, &start, &|_| {
            format!("{} on {text}", rule.name())
        })
    })
}

/// The graph of the squares of a board written in rows over `.xo#`.
fn board_graph(text: &str) -> String {
    let rows: Vec<Vec<char>> = text.split('/').map(|r| r.chars().collect()).collect();
    let mut parts = Vec::new();
    let name = |r: usize, c: usize| format!("s{r}_{c}");
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            if ch == '#' {
                continue;
            }
            parts.push(match ch {
                'x' | 'o' => format!("{}={ch}", name(r, c)),
                _ => name(r, c),
            });
            if rows[r].get(c + 1).is_some_and(|&n| n != '#') {
                parts.push(format!("{}-{}", name(r, c), name(r, c + 1)));
            }
            if rows
                .get(r + 1)
                .and_then(|next| next.get(c))
                .is_some_and(|&n| n != '#')
            {
                parts.push(format!("{}-{}", name(r, c), name(r + 1, c)));
            }
        }
    }
    parts.join(" ")
}

fn graph_boards(config: &Config) -> Tally {
    let exhaustive = 2 * 4096u64;
    let step = config.scale.pick(41, 1, 1);
    check_cases(config, 2 * (exhaustive / step), |case| {
        let (rules, rule) = if case.is_multiple_of(2) {
            (Colouring::col(), Rule::Col)
        } else {
            (Colouring::snort(), Rule::Snort)
        };
        let board = six_squares(case / 2 * step, &['.', 'x', 'o', '#']);
        let mut arena = Arena::new();
        let map = rules.board(&board).map_err(|e| e.to_string())?;
        let on_board = Evaluator::new(rules)
            .value(&mut arena, &map)
            .map_err(|e| e.to_string())?;
        let text = board_graph(&board);
        if text.is_empty() {
            return if on_board == arena.zero() {
                Ok(())
            } else {
                Err(format!(
                    "{board}: no squares but value {}",
                    arena.display(on_board)
                ))
            };
        }
        let graph: Graph = text
            .parse()
            .map_err(|e: crate::PartizanError| e.to_string())?;
        let game = ColouringGraph::new(rule, &graph);
        let on_graph = Evaluator::new(game.clone())
            .value(&mut arena, &game.start())
            .map_err(|e| e.to_string())?;
        if on_board != on_graph {
            return Err(format!(
                "{} {board}: {} on the board, {} on its graph {text}",
                rule.name(),
                arena.display(on_board),
                arena.display(on_graph)
            ));
        }
        Ok(())
    })
}
