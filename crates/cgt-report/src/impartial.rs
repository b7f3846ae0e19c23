//! The impartial-game commands: nim, staircase, moore, divisor, stones, wythoff, hackenbush,
//! graph and sums of any of them.

use cgt_core::said::{Line, Said};
use cgt_core::{Nimber, Outcome, Solver};
use cgt_impartial::graph::{self, Digraph, TokenMove};
use cgt_impartial::hackenbush::Hackenbush;
use cgt_impartial::loopy::{self, LoopyValue};
use cgt_impartial::nim::{self, MooreNim};
use cgt_impartial::sum::{ComponentMove, SumComponent, SumOptions};
use cgt_impartial::{divisor, stones, wythoff};
use serde::Serialize;

use crate::document::{
    Change, ComponentValues, MoveReport, Position, PositionReport, Report, Spot,
};
use crate::error::ReportError;
use crate::texts::{self, Lang};

/// `cgt graph`: the vertices' values, or one position.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum GraphReport {
    /// Without tokens: every vertex.
    Vertices(VerticesReport),
    /// With tokens: the position.
    Position(Box<PositionReport>),
}

impl Report for GraphReport {
    fn text(&self) -> String {
        self.text_in(Lang::En)
    }

    fn text_in(&self, lang: Lang) -> String {
        match self {
            GraphReport::Vertices(r) => r.text_in(lang),
            GraphReport::Position(r) => r.text_in(lang),
        }
    }
}

fn list(values: &[u64]) -> String {
    let parts: Vec<String> = values.iter().map(u64::to_string).collect();
    format!("({})", parts.join(", "))
}

/// `cgt nim`: Bouton's outcome, the nim-sum and every winning move; misère play with
/// `misere`; Bouton's binary table with `explain`.
///
/// # Errors
/// An explanation too large for a screen.
pub fn nim(heaps: &[u64], misere: bool, explain: bool) -> Result<PositionReport, ReportError> {
    let explanation = if explain {
        let (h, b) = nim::EXPLAIN_LIMITS;
        Some(nim::explain(heaps, misere).ok_or_else(|| {
            ReportError::input(format!(
                "explain draws Bouton's table for at most {h} heaps of at most {b} bits; \
                 this position would not fit a screen"
            ))
        })?)
    } else {
        None
    };
    let (outcome, moves, value) = if misere {
        let moves = nim::misere_winning_moves(heaps);
        (nim::misere_outcome(heaps), moves, None)
    } else {
        let g = nim::nim_grundy(heaps);
        (
            Outcome::from_grundy(g),
            nim::nim_winning_moves(heaps),
            Some(g),
        )
    };
    let game = if misere { "misere-nim" } else { "nim" };
    let mut r = PositionReport::new(game, Position::Heaps(heaps.to_vec()), outcome);
    r.title = Said::new(if misere {
        "report-title-misere-nim"
    } else {
        "report-title-nim"
    })
    .text("heaps", list(heaps));
    r.value = value.map(Nimber::value);
    r.value_note = Some(Said::new("report-note-nim-sum"));
    r.winning_moves = Some(moves.iter().map(heap_move).collect());
    if let Some(lines) = explanation {
        r.explain(lines);
    }
    Ok(r)
}

/// A move in one heap, in the shared shape.
fn heap_move(m: &cgt_impartial::HeapMove) -> MoveReport {
    MoveReport {
        heap: Some(m.heap as u64 + 1),
        from: Some(Spot::Size(m.from)),
        to: Some(Spot::Size(m.to)),
        take: Some(m.taken()),
        text: m.to_string(),
        said: Some(m.said()),
        ..MoveReport::default()
    }
}

/// `cgt staircase`: coins on steps 1, 2, 3, … — the nim-sum of the odd steps and every
/// winning move; with `explain`, why only the odd steps count and Bouton's table of them.
///
/// # Errors
/// An explanation too large for a screen.
pub fn staircase(coins: &[u64], explain: bool) -> Result<PositionReport, ReportError> {
    let mut steps = vec![0];
    steps.extend_from_slice(coins);
    let g = nim::staircase_grundy(&steps);
    let outcome = Outcome::from_grundy(g);
    let moves = nim::staircase_winning_moves(&steps);
    let mut r = PositionReport::new("staircase", Position::Heaps(coins.to_vec()), outcome);
    r.title = Said::new("report-title-staircase")
        .number("steps", coins.len() as u64)
        .text("coins", list(coins));
    r.value = Some(g.value());
    r.value_note = Some(Said::new("report-note-odd-steps"));
    if explain {
        let (h, b) = nim::EXPLAIN_LIMITS;
        let lines = nim::staircase_explain(&steps).ok_or_else(|| {
            ReportError::input(format!(
                "explain draws Bouton's table for at most {h} odd steps of at most {b} bits; \
                 this position would not fit a screen"
            ))
        })?;
        r.explain(lines);
    }
    r.winning_moves = Some(
        moves
            .iter()
            .map(|m| MoveReport {
                heap: Some(m.step as u64),
                take: Some(m.count),
                text: m.to_string(),
                said: Some(m.said()),
                ..MoveReport::default()
            })
            .collect(),
    );
    Ok(r)
}

/// Positions of Moore's Nim_k searched for --grundy: at most this many positions.
const MOORE_SEARCH_LIMIT: usize = 2_000_000;

/// `cgt moore K`: Moore's Nim_k by its column rule, with the Grundy value by search when
/// `grundy`, and the column table with `explain`.
///
/// # Errors
/// `k = 0`, a search too large, an explanation too large for a screen.
pub fn moore(
    k: u32,
    heaps: &[u64],
    grundy: bool,
    explain: bool,
) -> Result<PositionReport, ReportError> {
    let game =
        MooreNim::new(k as usize).ok_or_else(|| ReportError::input("k must be at least 1"))?;
    let outcome = game.outcome(heaps);
    let mv = game.winning_move(heaps);
    let value = if grundy {
        let states: f64 = heaps.iter().map(|&h| h as f64 + 1.0).product();
        if states > MOORE_SEARCH_LIMIT as f64 {
            return Err(ReportError::input(format!(
                "grundy searches every position below this one (about {states:.0}); \
                 at most {MOORE_SEARCH_LIMIT} are allowed"
            )));
        }
        let mut solver = Solver::new(game).with_position_limit(MOORE_SEARCH_LIMIT);
        Some(
            solver
                .grundy(&heaps.to_vec())
                .map_err(|e| ReportError::failure(e.to_string()))?,
        )
    } else {
        None
    };
    let explanation = if explain {
        let (h, b) = nim::EXPLAIN_LIMITS;
        Some(game.explain(heaps).ok_or_else(|| {
            ReportError::input(format!(
                "explain draws the column table for at most {h} heaps of at most {b} bits; \
                 this position would not fit a screen"
            ))
        })?)
    } else {
        None
    };
    let mut r = PositionReport::new("moore", Position::Heaps(heaps.to_vec()), outcome);
    r.details.k = Some(k);
    r.title = Said::new("report-title-moore")
        .number("k", u64::from(k))
        .text("heaps", list(heaps));
    r.value = value.map(Nimber::value);
    r.value_note =
        Some(Said::new("report-note-moore").text("xor", nim::nim_grundy(heaps).to_string()));
    r.winning_moves = Some(
        mv.iter()
            .map(|m| MoveReport {
                changes: Some(
                    m.changes
                        .iter()
                        .map(|c| Change {
                            heap: c.heap as u64 + 1,
                            from: c.from,
                            to: c.to,
                        })
                        .collect(),
                ),
                text: m.to_string(),
                said: Some(m.said()),
                ..MoveReport::default()
            })
            .collect(),
    );
    if let Some(lines) = explanation {
        r.explain(lines);
    }
    Ok(r)
}

/// `cgt divisor N`: the parity rule, the winning divisors, the Grundy value (N ≤ 10^7),
/// with `search` the outcome by search as a check, and with `explain` the parity argument.
///
/// # Errors
/// N = 0, or N past a table's or a search's limit.
pub fn divisor(n: u64, search: bool, explain: bool) -> Result<PositionReport, ReportError> {
    let outcome = divisor::outcome(n)?;
    let moves = divisor::winning_moves(n)?;
    let searched = if search {
        if n > 1_000_000 {
            return Err(ReportError::input(format!(
                "search is limited to N <= 1000000 (got {n})"
            )));
        }
        let mut solver = Solver::new(divisor::DivisorGame);
        for m in 1..n {
            // Warm the memo bottom-up so the search path stays short.
            solver
                .outcome(&m)
                .map_err(|e| ReportError::failure(e.to_string()))?;
        }
        Some(
            solver
                .outcome(&n)
                .map_err(|e| ReportError::failure(e.to_string()))?,
        )
    } else {
        None
    };
    let grundy = (n <= divisor::MAX_GRUNDY_N)
        .then(|| divisor::grundy_values(n).map(|g| g[n as usize]))
        .transpose()?;
    let mut r = PositionReport::new("divisor", Position::Number(n), outcome);
    r.details.search_outcome = Some(searched.map(|s| s.to_string()));
    r.title = Said::new("report-title-divisor").number("n", n);
    r.title_note = Some(Said::new("report-note-parity").number("odd", n % 2));
    r.value = grundy;
    if let Some(s) = searched {
        r.notes.push(Line::say(
            Said::new("report-search-agrees").text("outcome", s.to_string()),
        ));
    }
    r.winning_moves = Some(
        moves
            .iter()
            .map(|&d| MoveReport {
                from: Some(Spot::Size(n)),
                to: Some(Spot::Size(n - d)),
                take: Some(d),
                text: format!("subtract {d}, leaving {}", n - d),
                said: Some(
                    Said::new("move-subtract-leaving")
                        .number("count", d)
                        .number("to", n - d),
                ),
                ..MoveReport::default()
            })
            .collect(),
    );
    if explain {
        r.explain(divisor::explain(n)?);
    }
    Ok(r)
}

/// `cgt stones`: the one-use Game of Stones — pile values, outcome, winning moves by search.
///
/// # Errors
/// None today; piles too large for the move search leave the moves out.
pub fn stones(piles: &[u64]) -> Result<PositionReport, ReportError> {
    let (g, outcome) = stones::outcome(piles);
    let pile_values: Vec<u64> = piles
        .iter()
        .map(|&n| stones::pile_grundy(n).value())
        .collect();
    let moves = if outcome == Outcome::N {
        stones::winning_moves(piles).ok()
    } else {
        Some(Vec::new())
    };
    let mut r = PositionReport::new("stones", Position::Heaps(piles.to_vec()), outcome);
    r.details.pile_values = Some(pile_values.clone());
    r.title = Said::new("report-title-stones").text("piles", list(piles));
    r.value = Some(g.value());
    r.value_note = Some(Said::new("report-note-stones").text("values", list(&pile_values)));
    r.winning_moves = moves.map(|ms| {
        ms.iter()
            .map(|m| MoveReport {
                heap: Some(m.pile as u64 + 1),
                take: Some(m.take),
                text: format!("take {} from pile {}", m.take, m.pile + 1),
                said: Some(
                    Said::new("move-take-pile")
                        .number("count", m.take)
                        .number("pile", m.pile as u64 + 1),
                ),
                ..MoveReport::default()
            })
            .collect()
    });
    r.moves_note = Some(
        Said::new("report-note-stones-search").number("pile", u64::from(stones::MAX_SEARCH_PILE)),
    );
    Ok(r)
}

/// `cgt wythoff A B` shows the Grundy value when both heaps are below this.
const WYTHOFF_GRUNDY_SHOWN: u64 = 4096;

/// `cgt wythoff A B`: outcome, Grundy value (below 4096) and winning moves, with Wythoff's
/// table of P-pairs when `explain`.
///
/// # Errors
/// A table past `memory_limit`, or an explanation too long for a screen.
pub fn wythoff(
    a: u64,
    b: u64,
    explain: bool,
    memory_limit: u128,
) -> Result<PositionReport, ReportError> {
    {
        let explanation = if explain {
            Some(wythoff::explain(a, b).ok_or_else(|| {
                ReportError::input(format!(
                    "explain lists at most {} P-pairs; the pairs that matter for ({a}, {b}) \
                     would not fit a screen",
                    wythoff::EXPLAIN_PAIRS
                ))
            })?)
        } else {
            None
        };
        let outcome = wythoff::outcome(a, b);
        let moves = wythoff::winning_moves(a, b);
        // The Grundy value needs the table up to the position; shown when that is small.
        let grundy = (a.max(b) < WYTHOFF_GRUNDY_SHOWN).then(|| {
            let n = a.max(b) as usize + 1;
            wythoff::grundy_table(n, memory_limit).map(|t| t[a as usize * n + b as usize])
        });
        let grundy = grundy.transpose()?;
        let mut r = PositionReport::new("wythoff", Position::Heaps(vec![a, b]), outcome);
        r.title = Said::new("report-title-wythoff")
            .number("a", a)
            .number("b", b);
        r.value = grundy.map(u64::from);
        r.winning_moves = Some(
            moves
                .iter()
                .map(|m| {
                    let (x, y) = m.apply((a, b));
                    MoveReport {
                        from: Some(Spot::Pair([a, b])),
                        to: Some(Spot::Pair([x, y])),
                        take: Some((a - x).max(b - y)),
                        text: format!("{m}, leaving ({x}, {y})"),
                        said: Some(
                            Said::new("move-wythoff")
                                .said("move", m.said())
                                .number("x", x)
                                .number("y", y),
                        ),
                        ..MoveReport::default()
                    }
                })
                .collect(),
        );
        if let Some(lines) = explanation {
            r.explain(lines);
        }
        Ok(r)
    }
}

/// `cgt wythoff --pair K`: the `K`-th P-position.
///
/// # Errors
/// A `K` whose pair does not fit 64 bits.
pub fn wythoff_pair(k: u64) -> Result<PairReport, ReportError> {
    let (a, b) = wythoff::p_pair(k)?;
    Ok(PairReport { k, pair: [a, b] })
}

/// `cgt wythoff --p-positions K`: the first `K` P-positions.
///
/// # Errors
/// More than ten million pairs.
pub fn wythoff_pairs(count: u64) -> Result<PairsReport, ReportError> {
    if count > 10_000_000 {
        return Err(ReportError::input(format!(
            "p_positions lists at most 10000000 pairs (got {count}); for the K-th pair alone ask for pair K"
        )));
    }
    let p_positions = (0..count)
        .map(|k| wythoff::p_pair(k).map(|(a, b)| [a, b]))
        .collect::<Result<_, _>>()?;
    Ok(PairsReport { p_positions })
}

/// `cgt hackenbush FILE`: a Green Hackenbush picture (read from `text`, named `file` in the
/// report) standing on `ground`: value and every winning cut.
///
/// # Errors
/// A malformed picture.
pub fn hackenbush(
    file: &str,
    text_in: &str,
    ground: &str,
    explain: bool,
    budget: &cgt_core::budget::Budget,
) -> Result<PositionReport, ReportError> {
    let picture = Hackenbush::parse(text_in, ground)?;
    let explanation = if explain {
        Some(picture.explain().ok_or_else(|| {
            ReportError::input(format!(
                "explain lists pictures of at most {} pieces",
                cgt_impartial::hackenbush::EXPLAIN_PIECES
            ))
        })?)
    } else {
        None
    };
    let g = picture.value();
    let edges = picture.edges().len();
    let position = Position::Picture {
        file: file.to_owned(),
        edges,
    };
    let mut r = PositionReport::new("hackenbush", position, Outcome::from_grundy(g));
    r.title = Said::new("report-title-hackenbush").number("edges", edges as u64);
    r.value = Some(g.value());
    r.winning_moves = Some(
        picture
            .winning_cuts_within(budget)?
            .iter()
            .map(|&e| {
                let (u, v) = picture.edge_ends(e).unwrap_or_default();
                MoveReport {
                    edge: Some(e as u64 + 1),
                    from: Some(Spot::Vertex(u.to_owned())),
                    to: Some(Spot::Vertex(v.to_owned())),
                    text: format!("cut edge {} ({u} - {v})", e + 1),
                    said: Some(
                        Said::new("move-cut")
                            .number("edge", e as u64 + 1)
                            .text("from", u)
                            .text("to", v),
                    ),
                    ..MoveReport::default()
                }
            })
            .collect(),
    );
    if let Some(lines) = explanation {
        r.explain(lines);
    }
    Ok(r)
}

fn token_move(g: &Digraph, m: &TokenMove) -> MoveReport {
    let (from, to) = (
        g.name(m.from).unwrap_or_default(),
        g.name(m.to).unwrap_or_default(),
    );
    MoveReport {
        token: Some(m.token as u64 + 1),
        from: Some(Spot::Vertex(from.to_owned())),
        to: Some(Spot::Vertex(to.to_owned())),
        text: format!("move token {} from {from} to {to}", m.token + 1),
        said: Some(
            Said::new("move-token")
                .number("token", m.token as u64 + 1)
                .text("from", from)
                .text("to", to),
        ),
        ..MoveReport::default()
    }
}

/// `cgt graph FILE`: every vertex's value and outcome, or with `tokens` (vertex names) the
/// position's outcome, value and winning moves — on a graph with cycles with `loopy_mode`
/// (generalised Sprague–Grundy), under misère play with `misere` (by search within
/// `memory_limit`), with the labelling when `explain`.
///
/// # Errors
/// An unknown vertex, a cycle without `loopy_mode`, a search past its limit.
pub fn graph(
    g: &Digraph,
    tokens: &[String],
    loopy_mode: bool,
    misere: bool,
    explain: bool,
    memory_limit: u128,
) -> Result<GraphReport, ReportError> {
    let token_ids: Vec<u32> = tokens
        .iter()
        .map(|t| g.vertex(t))
        .collect::<Result<_, _>>()?;
    if misere {
        if loopy_mode || token_ids.is_empty() {
            return Err(ReportError::input(
                "misere answers a position of an acyclic graph: give tokens, without loopy",
            ));
        }
        return misere_tokens(g, tokens, &token_ids, memory_limit)
            .map(|r| GraphReport::Position(Box::new(r)));
    }
    if loopy_mode {
        let values = loopy::loopy_values(g);
        if token_ids.is_empty() {
            let vertices = (0..g.len() as u32)
                .map(|v| {
                    let val = &values[v as usize];
                    VertexValue {
                        name: g.name(v).unwrap_or_default().to_owned(),
                        value: None,
                        loopy_value: Some(val.to_string()),
                        outcome: val.outcome().into(),
                    }
                })
                .collect();
            return Ok(GraphReport::Vertices(VerticesReport {
                vertices,
                explanation: None,
                lines: Vec::new(),
            }));
        }
        let advice = loopy::advise(g, &values, &token_ids);
        let position = Position::Tokens(tokens.to_vec());
        let mut r = PositionReport::new("loopy-graph", position, advice.outcome);
        r.title = Said::new("report-title-tokens").text("tokens", tokens.join(", "));
        r.loopy_value = Some(advice.value.to_string());
        r.winning_moves = Some(advice.moves.iter().map(|m| token_move(g, m)).collect());
        return Ok(GraphReport::Position(Box::new(r)));
    }
    if let Some(v) = g.self_loop() {
        return Err(ReportError::input(format!(
            "vertex {:?} has a self-loop, so the game can go on forever; ask for loopy play (loopy)",
            g.name(v).unwrap_or_default()
        )));
    }
    let values = graph::grundy_values(g)?;
    let explanation = if explain {
        Some(graph::explain(g).ok_or_else(|| {
            ReportError::input(format!(
                "explain labels graphs of at most {} vertices ({} here would not fit a screen)",
                graph::EXPLAIN_VERTICES,
                g.len()
            ))
        })?)
    } else {
        None
    };
    if token_ids.is_empty() {
        let vertices = (0..g.len() as u32)
            .map(|v| {
                let val = values[v as usize];
                VertexValue {
                    name: g.name(v).unwrap_or_default().to_owned(),
                    value: Some(val),
                    loopy_value: None,
                    outcome: Outcome::from_grundy(Nimber::new(val)).into(),
                }
            })
            .collect();
        return Ok(GraphReport::Vertices(VerticesReport {
            vertices,
            explanation: explanation
                .as_ref()
                .map(|lines| texts::lines(Lang::En, lines)),
            lines: explanation.unwrap_or_default(),
        }));
    }
    let (s, outcome, moves) = graph::token_position(g, &values, &token_ids);
    let mut r = PositionReport::new("graph", Position::Tokens(tokens.to_vec()), outcome);
    r.title = Said::new("report-title-tokens").text("tokens", tokens.join(", "));
    r.value = Some(s.value());
    r.value_note = Some(Said::new("report-note-tokens"));
    r.winning_moves = Some(moves.iter().map(|m| token_move(g, m)).collect());
    if let Some(lines) = explanation {
        r.explain(lines);
    }
    Ok(GraphReport::Position(Box::new(r)))
}

/// `graph --tokens … --misere`: outcome and winning moves under misère play, by search.
fn misere_tokens(
    g: &Digraph,
    names: &[String],
    tokens: &[u32],
    memory_limit: u128,
) -> Result<PositionReport, ReportError> {
    use cgt_core::misere::{Misere, MisereOutcome};
    use cgt_impartial::graph::Tokens;

    let limit = cgt_core::misere::search_limit(
        u64::try_from(memory_limit).unwrap_or(u64::MAX),
        cgt_core::misere::SEARCH_POSITIONS,
    );
    let mut solver = Solver::new(Misere(Tokens::new(g))).with_position_limit(limit);
    let failed = |e: cgt_core::SolveError<Option<Vec<u32>>>| match e {
        cgt_core::SolveError::Cycle { .. } => ReportError::input(
            "the graph has a cycle, so the game can go on forever; misère play needs an acyclic \
             graph",
        ),
        other => ReportError::input(format!(
            "misère play is searched over every position below this one, and {other}"
        )),
    };
    let outcome = solver
        .misere_outcome(&Tokens::position(tokens))
        .map_err(failed)?;
    let mut moves = Vec::new();
    for (token, &from) in tokens.iter().enumerate() {
        let mut seen = Vec::new();
        for &to in g.successors(from) {
            if seen.contains(&to) {
                continue;
            }
            seen.push(to);
            let mut after = tokens.to_vec();
            after[token] = to;
            if solver
                .misere_outcome(&Tokens::position(&after))
                .map_err(failed)?
                == Outcome::P
            {
                moves.push(token_move(g, &TokenMove { token, from, to }));
            }
        }
    }
    let mut r = PositionReport::new("misere-graph", Position::Tokens(names.to_vec()), outcome);
    r.title = Said::new("report-title-tokens-misere").text("tokens", names.join(", "));
    r.winning_moves = Some(moves);
    Ok(r)
}

/// `cgt sum`: the sum of `components` (written as `specs` in the report): each component's
/// value, the total, the outcome (a draw when loopy components make it one), and every
/// winning move or, for a draw, every move that keeps it.
///
/// # Errors
/// The first component's error.
pub fn sum(
    specs: &[String],
    components: &mut [&mut dyn SumComponent],
    options: &SumOptions,
) -> Result<PositionReport, ReportError> {
    let descriptions: Vec<String> = components.iter().map(|c| c.describe()).collect();
    let analysis = cgt_impartial::sum::analyse(components, options)?;
    let moves = analysis
        .moves
        .iter()
        .map(|m| {
            let i = m.component as u64 + 1;
            let (token, from, to) = match &m.mv {
                ComponentMove::Token { token, from, to } => (
                    Some(*token as u64 + 1),
                    Some(Spot::Vertex(from.clone())),
                    Some(Spot::Vertex(to.clone())),
                ),
                ComponentMove::To(after) => (None, None, Some(Spot::Vertex(after.clone()))),
                _ => (None, None, None),
            };
            MoveReport {
                component: Some(i),
                token,
                from,
                to,
                text: format!("in component {i}: {}", m.mv),
                said: Some(
                    Said::new("move-in-component")
                        .number("component", i)
                        .text("move", m.mv.to_string()),
                ),
                ..MoveReport::default()
            }
        })
        .collect();
    let values = &analysis.values;
    let finite: Option<Vec<u64>> = values
        .iter()
        .map(|v| match v {
            LoopyValue::Finite(x) => Some(*x),
            LoopyValue::Infinite(_) => None,
        })
        .collect();
    let mut r = PositionReport::new(
        "sum",
        Position::Components(specs.to_vec()),
        analysis.outcome,
    );
    r.details.component_values = Some(match finite {
        Some(list) => ComponentValues::Finite(list),
        None => ComponentValues::Loopy(values.iter().map(ToString::to_string).collect()),
    });
    r.title = Said::new("report-title-sum").number("count", values.len() as u64);
    match &analysis.total {
        LoopyValue::Finite(t) => r.value = Some(*t),
        infinite => r.loopy_value = Some(infinite.to_string()),
    }
    r.notes = descriptions
        .iter()
        .zip(values)
        .enumerate()
        .map(|(i, (described, v))| {
            let v = match v {
                LoopyValue::Finite(x) => Nimber::new(*x).to_string(),
                infinite => infinite.to_string(),
            };
            Line::item(
                Said::new("report-sum-component")
                    .number("component", i as u64 + 1)
                    .text("game", described.as_str())
                    .text("value", v),
            )
        })
        .collect();
    r.winning_moves = Some(moves);
    Ok(r)
}

/// Adds to a [`sum`] report the Sprague–Grundy reasoning behind it: each component as a nim
/// heap of its value, the nim-sum, and what a winning move must do to one component (or, with
/// loopy components, how infinite values add).
pub fn explain_sum(r: &mut PositionReport) {
    let mut lines = Vec::new();
    match &r.details.component_values {
        Some(ComponentValues::Finite(values)) => {
            let total = values.iter().fold(0, |a, &v| a ^ v);
            let terms: Vec<String> = values.iter().map(|v| format!("*{v}")).collect();
            lines.push(Line::say(
                Said::new("explain-sum")
                    .text("terms", terms.join(" ⊕ "))
                    .number("total", total),
            ));
            if total == 0 {
                lines.push(Line::say(Said::new("explain-sum-zero")));
            } else {
                lines.push(Line::say(
                    Said::new("explain-sum-move").number("total", total),
                ));
                for (i, &v) in values.iter().enumerate() {
                    let count = r.winning_moves.as_ref().map_or(0, |m| {
                        m.iter()
                            .filter(|m| m.component == Some(i as u64 + 1))
                            .count()
                    });
                    lines.push(Line::item(
                        Said::new("explain-sum-component")
                            .number("component", i as u64 + 1)
                            .number("value", v)
                            .number("target", v ^ total)
                            .number("count", count as u64),
                    ));
                }
            }
        }
        Some(ComponentValues::Loopy(values)) => {
            lines.push(Line::say(
                Said::new("explain-sum-loopy")
                    .text("values", values.join(", "))
                    .text(
                        "total",
                        r.loopy_value
                            .clone()
                            .or_else(|| r.value.map(|v| format!("*{v}")))
                            .unwrap_or_default(),
                    ),
            ));
        }
        None => {}
    }
    r.explain(lines);
}

/// `cgt wythoff --pair K`.
#[derive(Debug, Serialize)]
pub struct PairReport {
    /// Which pair, from 0.
    pub k: u64,
    /// The pair.
    pub pair: [u64; 2],
}

impl Report for PairReport {
    fn text(&self) -> String {
        let [a, b] = self.pair;
        format!("P-position number {}: ({a}, {b})\n", self.k)
    }
}

/// `cgt wythoff --p-positions K`.
#[derive(Debug, Serialize)]
pub struct PairsReport {
    /// The pairs, from the 0th.
    pub p_positions: Vec<[u64; 2]>,
}

impl Report for PairsReport {
    fn text(&self) -> String {
        self.p_positions
            .iter()
            .enumerate()
            .map(|(k, [a, b])| format!("{k}\t{a}\t{b}\n"))
            .collect()
    }
}

/// `cgt graph` without tokens: every vertex with its value and outcome.
#[derive(Debug, Serialize)]
pub struct VerticesReport {
    /// Every vertex, in order.
    pub vertices: Vec<VertexValue>,
    /// The labelling, with `--explain` (in English).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Vec<String>>,
    /// The labelling as lines, for the text in other languages.
    #[serde(skip)]
    pub lines: Vec<Line>,
}

/// One vertex of a [`VerticesReport`].
#[derive(Debug, Serialize)]
pub struct VertexValue {
    /// The vertex's name.
    pub name: String,
    /// The Grundy value (`null` for loopy games).
    pub value: Option<u64>,
    /// Loopy games only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loopy_value: Option<String>,
    /// `P`, `N` or `D`.
    pub outcome: crate::Letter,
}

impl Report for VerticesReport {
    fn text(&self) -> String {
        self.text_in(Lang::En)
    }
}

impl VerticesReport {
    /// The vertices' table.
    fn table(&self) -> String {
        let loopy = self.vertices.iter().any(|v| v.loopy_value.is_some());
        let mut text = String::from(if loopy {
            "vertex\tvalue\toutcome\n"
        } else {
            "vertex\tgrundy\toutcome\n"
        });
        for v in &self.vertices {
            let value = match (&v.loopy_value, v.value) {
                (Some(l), _) => l.clone(),
                (None, Some(g)) => g.to_string(),
                (None, None) => "-".to_owned(),
            };
            text.push_str(&format!("{}\t{value}\t{}\n", v.name, v.outcome));
        }
        text
    }

    fn text_in(&self, lang: Lang) -> String {
        let mut text = self.table();
        for line in texts::lines(lang, &self.lines) {
            text.push_str(&line);
            text.push('\n');
        }
        text
    }
}
