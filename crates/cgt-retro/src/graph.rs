//! The generic front end: arbitrary finite game graphs with cycles, read from a file.
//!
//! Format: one edge `u v` per line (a move from `u` to `v`); `terminal v win|loss|draw` sets the
//! result of a position for the side to move there (it must have no moves); a vertex without
//! moves and without a `terminal` line is a loss for the side to move (normal play); `#`
//! starts a comment.

use cgt_core::said::{Line, Said, Word};
use cgt_core::text::{Names, records};

use crate::GraphError;
use crate::engine::{RetroGame, RetroShortcuts, Successor, Terminal};

/// A game graph with named vertices.
///
/// # Examples
///
/// ```
/// use cgt_core::Verdict;
/// use cgt_retro::engine::solve;
/// use cgt_retro::graph::GameGraph;
///
/// let g = GameGraph::parse("a b\nb a\nb c\nterminal c win\n")?;
/// let table = solve(&g, u128::MAX)?;
/// // b would rather go round the a <-> b loop forever than hand its opponent the win at c.
/// assert_eq!(table.verdict(1), Some(Verdict::Draw));
/// assert_eq!(table.verdict(2), Some(Verdict::Win(0)));
/// assert_eq!(g.name(2), Some("c"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameGraph {
    names: Vec<String>,
    succ: Vec<Vec<usize>>,
    pred: Vec<Vec<usize>>,
    terminal: Vec<Option<Terminal>>,
}

impl GameGraph {
    /// A graph on `0..n` with these edges and terminal results.
    ///
    /// # Errors
    /// [`GraphError`] for a vertex out of range, a terminal result on a vertex with moves,
    /// or a vertex with more than [`MAX_MOVES`](crate::engine::MAX_MOVES) distinct moves.
    pub fn new(
        n: usize,
        edges: &[(usize, usize)],
        terminals: &[(usize, Terminal)],
    ) -> Result<GameGraph, GraphError> {
        let names = (0..n).map(|i| i.to_string()).collect();
        GameGraph::build(names, edges, terminals)
    }

    fn build(
        names: Vec<String>,
        edges: &[(usize, usize)],
        terminals: &[(usize, Terminal)],
    ) -> Result<GameGraph, GraphError> {
        let n = names.len();
        let mut succ = vec![Vec::new(); n];
        let mut pred = vec![Vec::new(); n];
        for &(u, v) in edges {
            if u >= n || v >= n {
                return Err(GraphError::VertexOutOfRange {
                    vertex: u.max(v),
                    vertices: n,
                });
            }
            succ[u].push(v);
            pred[v].push(u);
        }
        for (v, moves) in succ.iter().enumerate() {
            if moves.len() > crate::engine::MAX_MOVES {
                let mut distinct = moves.clone();
                distinct.sort_unstable();
                distinct.dedup();
                if distinct.len() > crate::engine::MAX_MOVES {
                    return Err(GraphError::TooManyMoves {
                        vertex: names[v].clone(),
                        moves: distinct.len(),
                    });
                }
            }
        }
        let mut terminal = vec![None; n];
        for &(v, t) in terminals {
            if v >= n {
                return Err(GraphError::VertexOutOfRange {
                    vertex: v,
                    vertices: n,
                });
            }
            if !succ[v].is_empty() {
                return Err(GraphError::TerminalWithMoves {
                    vertex: names[v].clone(),
                });
            }
            terminal[v] = Some(t);
        }
        Ok(GameGraph {
            names,
            succ,
            pred,
            terminal,
        })
    }

    /// Parses the file format (see the module docs).
    ///
    /// # Errors
    /// [`GraphError`] with the line number for a malformed line.
    pub fn parse(text: &str) -> Result<GameGraph, GraphError> {
        let mut names = Names::new();
        let mut edges = Vec::new();
        let mut terminals = Vec::new();
        for record in records(text) {
            match record.fields.as_slice() {
                ["terminal", v, result] => {
                    let t = match *result {
                        "win" => Terminal::Win,
                        "loss" => Terminal::Loss,
                        "draw" => Terminal::Draw,
                        other => {
                            return Err(GraphError::UnknownResult {
                                line: record.line,
                                result: other.to_owned(),
                            });
                        }
                    };
                    terminals.push((names.id(v) as usize, t));
                }
                [u, v] => {
                    let u = names.id(u) as usize;
                    edges.push((u, names.id(v) as usize));
                }
                _ => {
                    return Err(GraphError::Line {
                        line: record.line,
                        text: record.text.to_owned(),
                    });
                }
            }
        }
        if names.is_empty() {
            return Err(GraphError::Empty);
        }
        let names = names.into_names();
        GameGraph::build(names, &edges, &terminals)
    }

    /// The name of vertex `v` (`None` for a number that is not a vertex).
    #[must_use]
    pub fn name(&self, v: usize) -> Option<&str> {
        self.names.get(v).map(String::as_str)
    }

    /// The moves from `v` (none for a number that is not a vertex).
    #[must_use]
    pub fn moves(&self, v: usize) -> &[usize] {
        self.succ.get(v).map_or(&[], Vec::as_slice)
    }
}

impl GameGraph {
    /// The best move from `v` by its solved `table`: to the successor whose verdict, seen from
    /// the mover, is best (the fastest win, else a draw, else the slowest loss; the lowest
    /// vertex number among equals). `None` without moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_retro::engine::solve;
    /// use cgt_retro::graph::GameGraph;
    ///
    /// let g = GameGraph::parse("a b\na c\nc d\n")?; // b and d have no move
    /// let table = solve(&g, u128::MAX)?;
    /// assert_eq!(g.best_move(&table, 0), Some(1)); // a -> b wins at once
    /// assert_eq!(g.best_move(&table, 1), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn best_move(&self, table: &crate::engine::Table, v: usize) -> Option<usize> {
        self.moves(v)
            .iter()
            .filter_map(|&w| table.verdict(w).map(|x| (x.parent(), w)))
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
            .map(|(_, w)| w)
    }
}

/// The most vertices [`GameGraph::explain`] lists: beyond, the levels would not fit a screen.
pub const EXPLAIN_VERTICES: usize = 60;

impl GameGraph {
    /// The retrograde levels of a solved graph, as a teacher would write them: pass 0 holds the
    /// positions where the game is over; pass `d` holds the positions won in `d` plies (a move
    /// reaches a position lost in `d − 1`) and lost in `d` plies (every move reaches a won
    /// position, the slowest in `d − 1`); what no pass labels is a draw. `None` above
    /// [`EXPLAIN_VERTICES`] vertices or when `table` is not this graph's.
    ///
    /// ```
    /// use cgt_core::said::{Line, Word};
    /// use cgt_retro::engine::solve;
    /// use cgt_retro::graph::GameGraph;
    ///
    /// let g = GameGraph::parse("a b\nb c\nd e\ne d\n")?;
    /// let lines = g.explain(&solve(&g, u128::MAX)?).unwrap();
    /// // pass 1: b wins (to c, lost in 0)
    /// let pass1 = lines[2].said().unwrap();
    /// assert_eq!(pass1.args[0], ("pass", Word::Number(1)));
    /// // never labelled, so drawn: d, e
    /// let draws = lines.last().and_then(Line::said).unwrap();
    /// assert_eq!(draws.args[0].1, Word::Series(vec![Word::Text("d".into()), Word::Text("e".into())]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn explain(&self, table: &crate::engine::Table) -> Option<Vec<Line>> {
        use cgt_core::Verdict;
        let n = self.names.len();
        if n > EXPLAIN_VERTICES || table.size() != n {
            return None;
        }
        let verdicts: Vec<Verdict> = (0..n).map(|v| table.verdict(v)).collect::<Option<_>>()?;
        let distance = |v: &Verdict| match *v {
            Verdict::Win(d) | Verdict::Loss(d) => Some(d),
            Verdict::Draw => None,
        };
        let last = verdicts.iter().filter_map(distance).max();
        let mut out = vec![Line::say(Said::new("explain-retro"))];
        for d in 0..=last.unwrap_or(0) {
            let mut parts = Vec::new();
            for (v, verdict) in verdicts.iter().enumerate() {
                if distance(verdict) != Some(d) {
                    continue;
                }
                let name = self.names[v].as_str();
                let won = matches!(verdict, Verdict::Win(_));
                let part = if d == 0 {
                    Said::new(match self.terminal[v] {
                        Some(_) if won => "explain-retro-terminal-win",
                        Some(_) => "explain-retro-terminal-loss",
                        None => "explain-retro-no-move",
                    })
                    .text("name", name)
                } else if won {
                    let to = self
                        .best_move(table, v)
                        .map_or("?", |w| self.names[w].as_str());
                    Said::new("explain-retro-wins")
                        .text("name", name)
                        .text("to", to)
                        .number("lost", u64::from(d - 1))
                } else {
                    let moves: Vec<Word> = self
                        .moves(v)
                        .iter()
                        .map(|&w| Word::Text(self.names[w].clone()))
                        .collect();
                    Said::new("explain-retro-loses")
                        .text("name", name)
                        .series("moves", moves)
                };
                parts.push(Word::from(part));
            }
            if !parts.is_empty() || d == 0 {
                out.push(Line::item(
                    Said::new("explain-retro-pass")
                        .number("pass", u64::from(d))
                        .list("parts", parts),
                ));
            }
        }
        let draws: Vec<Word> = (0..n)
            .filter(|&v| verdicts[v] == Verdict::Draw)
            .map(|v| Word::Text(self.names[v].clone()))
            .collect();
        out.push(Line::item(if draws.is_empty() {
            Said::new("explain-retro-no-draws")
        } else {
            Said::new("explain-retro-draws").series("draws", draws)
        }));
        Some(out)
    }
}

impl RetroGame for GameGraph {
    fn size(&self) -> usize {
        self.names.len()
    }

    /// `None` (not a position) for a number that is not a vertex.
    fn terminal(&self, v: usize) -> Option<Terminal> {
        Some(match *self.terminal.get(v)? {
            Some(t) => t,
            None if self.moves(v).is_empty() => Terminal::Loss,
            None => Terminal::No,
        })
    }

    fn successors(&self, v: usize, out: &mut Vec<Successor>) {
        out.extend(self.moves(v).iter().map(|&w| Successor::Inside(w)));
    }

    fn predecessors(&self, v: usize, out: &mut Vec<usize>) {
        out.extend_from_slice(self.pred.get(v).map_or(&[], Vec::as_slice));
    }
}

/// No shortcuts but the bound on moves: the engine works from the core methods.
impl RetroShortcuts for GameGraph {
    /// The most edges out of a vertex (repeats included: a bound on the distinct ones).
    fn move_bound(&self) -> usize {
        let most = self.succ.iter().map(Vec::len).max().unwrap_or(0);
        most.min(crate::engine::MAX_MOVES)
    }
}

#[cfg(test)]
mod tests {
    use super::GameGraph;
    use crate::engine::MAX_MOVES;
    use cgt_core::said::{Line, Word};

    #[test]
    fn explanation_puts_every_vertex_in_the_pass_of_its_distance() {
        use cgt_core::Verdict;
        let mut rng = cgt_core::rng::Rng::new(7);
        for case in 0..300 {
            let n = 1 + rng.below(super::EXPLAIN_VERTICES as u64) as usize;
            let edges: Vec<(usize, usize)> = (0..rng.below(2 * n as u64))
                .map(|_| (rng.below(n as u64) as usize, rng.below(n as u64) as usize))
                .collect();
            let g = GameGraph::new(n, &edges, &[]).unwrap();
            let table = crate::engine::solve(&g, u128::MAX).unwrap();
            let lines = g.explain(&table).unwrap();
            let mut seen = vec![None; n];
            let text = |w: &Word| match w {
                Word::Text(t) => t.clone(),
                other => panic!("case {case}: {other:?}"),
            };
            for said in lines[1..].iter().filter_map(Line::said) {
                let names: Vec<(String, Option<u32>)> = match (said.id, &said.args[..]) {
                    ("explain-retro-pass", [(_, Word::Number(d)), (_, Word::List(parts))]) => parts
                        .iter()
                        .map(|p| match p {
                            Word::Said(part) => (text(&part.args[0].1), Some(*d as u32)),
                            other => panic!("case {case}: {other:?}"),
                        })
                        .collect(),
                    ("explain-retro-draws", [(_, Word::Series(draws))]) => {
                        draws.iter().map(|w| (text(w), None)).collect()
                    }
                    ("explain-retro-no-draws", []) => Vec::new(),
                    other => panic!("case {case}: {other:?}"),
                };
                for (name, pass) in names {
                    let v: usize = name.parse().unwrap();
                    assert!(seen[v].is_none(), "case {case}: {name} twice");
                    seen[v] = Some(pass);
                }
            }
            for (v, pass) in seen.into_iter().enumerate() {
                let expected = match table.verdict(v).unwrap() {
                    Verdict::Win(d) | Verdict::Loss(d) => Some(d),
                    Verdict::Draw => None,
                };
                assert_eq!(pass, Some(expected), "case {case}: vertex {v}");
            }
        }
    }

    #[test]
    fn too_many_moves_are_refused() {
        let edges: Vec<(usize, usize)> = (1..=MAX_MOVES + 1).map(|v| (0, v)).collect();
        let err = GameGraph::new(MAX_MOVES + 2, &edges, &[]).unwrap_err();
        assert_eq!(
            err,
            crate::GraphError::TooManyMoves {
                vertex: "0".to_owned(),
                moves: MAX_MOVES + 1
            }
        );
        // Repeated edges count once.
        let mut fits: Vec<(usize, usize)> = (1..=MAX_MOVES).map(|v| (0, v)).collect();
        fits.push((0, 1));
        assert!(GameGraph::new(MAX_MOVES + 1, &fits, &[]).is_ok());
    }
}
