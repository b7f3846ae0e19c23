//! The impartial-game commands: nim, staircase, moore, divisor, stones, wythoff, hackenbush, graph.

use std::io::Write as _;

use cgt_core::{Nimber, Outcome, Solver};
use cgt_impartial::graph::{self, Digraph, TokenMove};
use cgt_impartial::hackenbush::Hackenbush;
use cgt_impartial::heapgame::HeapGame;
use cgt_impartial::loopy::LoopyValue;
use cgt_impartial::nim::{self, MooreNim};
use cgt_impartial::sum::{Component, ComponentMove, LoopyTokens, SumComponent, SumOptions};
use cgt_impartial::{ImpartialError, divisor, loopy, stones, wythoff};

use crate::cli::WythoffArgs;
use crate::output::{CliError, memory_limit, read_input};
use crate::report::{Change, MoveReport, Position, PositionReport, Report, Spot, emit_report};

impl From<ImpartialError> for CliError {
    fn from(e: ImpartialError) -> CliError {
        CliError::input(e.to_string())
    }
}

fn list(values: &[u64]) -> String {
    let parts: Vec<String> = values.iter().map(u64::to_string).collect();
    format!("({})", parts.join(", "))
}

pub(crate) fn nim(json: bool, heaps: &[u64], misere: bool, explain: bool) -> Result<(), CliError> {
    let explanation = if explain {
        let (h, b) = nim::EXPLAIN_LIMITS;
        Some(nim::explain(heaps, misere).ok_or_else(|| {
            CliError::input(format!(
                "--explain draws Bouton's table for at most {h} heaps of at most {b} bits; \
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
    r.title = format!(
        "{} position {}",
        if misere { "misère Nim" } else { "Nim" },
        list(heaps)
    );
    r.value = value.map(Nimber::value);
    r.value_note = " (the nim-sum of the heaps)".to_owned();
    r.winning_moves = Some(moves.iter().map(heap_move).collect());
    if let Some(lines) = explanation {
        r = r.detail("explanation", &lines);
        r.notes.extend(lines);
    }
    emit_report(json, &r)
}

/// A move in one heap, in the shared shape.
fn heap_move(m: &cgt_impartial::HeapMove) -> MoveReport {
    MoveReport {
        heap: Some(m.heap as u64 + 1),
        from: Some(Spot::Size(m.from)),
        to: Some(Spot::Size(m.to)),
        take: Some(m.taken()),
        text: m.to_string(),
        ..MoveReport::default()
    }
}

pub(crate) fn staircase(json: bool, coins: &[u64]) -> Result<(), CliError> {
    let mut steps = vec![0];
    steps.extend_from_slice(coins);
    let g = nim::staircase_grundy(&steps);
    let outcome = Outcome::from_grundy(g);
    let moves = nim::staircase_winning_moves(&steps);
    let mut r = PositionReport::new("staircase", Position::Heaps(coins.to_vec()), outcome);
    r.title = format!(
        "Staircase Nim, coins on steps 1..{}: {}",
        coins.len(),
        list(coins)
    );
    r.value = Some(g.value());
    r.value_note = " (the nim-sum of the odd steps)".to_owned();
    r.winning_moves = Some(
        moves
            .iter()
            .map(|m| MoveReport {
                heap: Some(m.step as u64),
                take: Some(m.count),
                text: m.to_string(),
                ..MoveReport::default()
            })
            .collect(),
    );
    emit_report(json, &r)
}

/// Positions of Moore's Nim_k searched for --grundy: at most this many positions.
const MOORE_SEARCH_LIMIT: usize = 2_000_000;

pub(crate) fn moore(json: bool, k: u32, heaps: &[u64], grundy: bool) -> Result<(), CliError> {
    let game = MooreNim::new(k as usize).ok_or_else(|| CliError::input("k must be at least 1"))?;
    let outcome = game.outcome(heaps);
    let mv = game.winning_move(heaps);
    let value = if grundy {
        let states: f64 = heaps.iter().map(|&h| h as f64 + 1.0).product();
        if states > MOORE_SEARCH_LIMIT as f64 {
            return Err(CliError::input(format!(
                "--grundy searches every position below this one (about {states:.0}); \
                 at most {MOORE_SEARCH_LIMIT} are allowed"
            )));
        }
        let mut solver = Solver::new(game).with_position_limit(MOORE_SEARCH_LIMIT);
        Some(
            solver
                .grundy(&heaps.to_vec())
                .map_err(|e| CliError::failure(e.to_string()))?,
        )
    } else {
        None
    };
    let mut r =
        PositionReport::new("moore", Position::Heaps(heaps.to_vec()), outcome).detail("k", k);
    r.title = format!("Moore's Nim_{k} position {}", list(heaps));
    r.value = value.map(Nimber::value);
    r.value_note = format!(
        " by search (the XOR of the heaps is {}; they differ in general for k ≥ 2)",
        nim::nim_grundy(heaps)
    );
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
                ..MoveReport::default()
            })
            .collect(),
    );
    emit_report(json, &r)
}

pub(crate) fn divisor(json: bool, n: u64, search: bool) -> Result<(), CliError> {
    let outcome = divisor::outcome(n)?;
    let moves = divisor::winning_moves(n)?;
    let searched = if search {
        if n > 1_000_000 {
            return Err(CliError::input(format!(
                "--search is limited to N <= 1000000 (got {n})"
            )));
        }
        let mut solver = Solver::new(divisor::DivisorGame);
        for m in 1..n {
            // Warm the memo bottom-up so the search path stays short.
            solver
                .outcome(&m)
                .map_err(|e| CliError::failure(e.to_string()))?;
        }
        Some(
            solver
                .outcome(&n)
                .map_err(|e| CliError::failure(e.to_string()))?,
        )
    } else {
        None
    };
    let grundy = (n <= divisor::MAX_GRUNDY_N)
        .then(|| divisor::grundy_values(n).map(|g| g[n as usize]))
        .transpose()?;
    let mut r = PositionReport::new("divisor", Position::Number(n), outcome)
        .detail("search_outcome", searched.map(|s| s.to_string()));
    r.title = format!("Divisor game at N = {n}");
    r.title_note = format!(
        " (N is {})",
        if n.is_multiple_of(2) { "even" } else { "odd" }
    );
    r.value = grundy;
    if let Some(s) = searched {
        r.notes.push(format!("Search of the game tree agrees: {s}"));
    }
    r.winning_moves = Some(
        moves
            .iter()
            .map(|&d| MoveReport {
                from: Some(Spot::Size(n)),
                to: Some(Spot::Size(n - d)),
                take: Some(d),
                text: format!("subtract {d}, leaving {}", n - d),
                ..MoveReport::default()
            })
            .collect(),
    );
    emit_report(json, &r)
}

pub(crate) fn stones(json: bool, piles: &[u64]) -> Result<(), CliError> {
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
    let mut r = PositionReport::new("stones", Position::Heaps(piles.to_vec()), outcome)
        .detail("pile_values", &pile_values);
    r.title = format!("Game of Stones (one-use sizes) with piles {}", list(piles));
    r.value = Some(g.value());
    r.value_note = format!(
        ": pile values {} (largest k with k(k+1)/2 <= pile)",
        list(&pile_values)
    );
    r.winning_moves = moves.map(|ms| {
        ms.iter()
            .map(|m| MoveReport {
                heap: Some(m.pile as u64 + 1),
                take: Some(m.take),
                text: format!("take {} from pile {}", m.take, m.pile + 1),
                ..MoveReport::default()
            })
            .collect()
    });
    r.moves_note = format!(
        "Winning moves are found by search, for piles up to {}.",
        stones::MAX_SEARCH_PILE
    );
    emit_report(json, &r)
}

/// `cgt wythoff A B` shows the Grundy value when both heaps are below this.
const WYTHOFF_GRUNDY_SHOWN: u64 = 4096;

pub(crate) fn wythoff(json: bool, args: &WythoffArgs) -> Result<(), CliError> {
    let chosen = [
        args.position.is_some(),
        args.p_positions.is_some(),
        args.pair.is_some(),
        args.grundy.is_some(),
    ];
    if chosen.iter().filter(|&&c| c).count() != 1 {
        return Err(CliError::input(
            "give exactly one of: a position A B, --p-positions K, --pair K, --grundy N",
        ));
    }
    if let Some(pos) = &args.position {
        let (a, b) = (pos[0], pos[1]);
        let explanation = if args.explain {
            Some(wythoff::explain(a, b).ok_or_else(|| {
                CliError::input(format!(
                    "--explain lists at most {} P-pairs; the pairs that matter for ({a}, {b}) \
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
            wythoff::grundy_table(n, memory_limit()).map(|t| t[a as usize * n + b as usize])
        });
        let grundy = grundy.transpose()?;
        let mut r = PositionReport::new("wythoff", Position::Heaps(vec![a, b]), outcome);
        r.title = format!("Wythoff position ({a}, {b})");
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
                        ..MoveReport::default()
                    }
                })
                .collect(),
        );
        if let Some(lines) = explanation {
            r = r.detail("explanation", &lines);
            r.notes.extend(lines);
        }
        return emit_report(json, &r);
    }
    if let Some(k) = args.pair {
        let (a, b) = wythoff::p_pair(k)?;
        return emit_report(json, &PairReport { k, pair: [a, b] });
    }
    if let Some(count) = args.p_positions {
        if count > 10_000_000 {
            return Err(CliError::input(format!(
                "--p-positions lists at most 10000000 pairs (got {count}); use --pair K for one"
            )));
        }
        let p_positions = (0..count)
            .map(|k| wythoff::p_pair(k).map(|(a, b)| [a, b]))
            .collect::<Result<_, _>>()?;
        return emit_report(json, &PairsReport { p_positions });
    }
    let n = args.grundy.unwrap_or(0);
    let n = usize::try_from(n).map_err(|_| CliError::input("--grundy N is too large"))?;
    // The table itself, plus the picture's pixels and its encoding when one is asked for; the
    // text and JSON are streamed to stdout row by row, so they add nothing that grows with n.
    let picture_bytes = if args.picture.is_some() {
        (n as u128).pow(2) * crate::picture::PNG_BYTES_PER_PIXEL
    } else {
        0
    };
    let limit = memory_limit();
    let need = wythoff::grundy_table_bytes(n) + picture_bytes + crate::output::PROCESS_BASELINE;
    if need > limit {
        return Err(CliError::input(format!(
            "the {n} x {n} Wythoff Grundy table would need {} of memory, more than the {} available",
            cgt_impartial::human_bytes(need),
            cgt_impartial::human_bytes(limit)
        )));
    }
    let table = wythoff::grundy_table(n, limit)?;
    if let Some(path) = &args.picture {
        crate::picture::write_wythoff(path, n, &table)?;
    }
    let max = table.iter().copied().max().unwrap_or(0);
    let rows = table.chunks(n.max(1)).take(n);
    crate::output::stream(|out| {
        if json {
            write!(out, "{{\"n\":{n},\"max\":{max},\"table\":[")?;
            for (i, row) in rows.enumerate() {
                out.write_all(if i == 0 { b"[" } else { b",[" })?;
                for (j, v) in row.iter().enumerate() {
                    if j > 0 {
                        out.write_all(b",")?;
                    }
                    write!(out, "{v}")?;
                }
                out.write_all(b"]")?;
            }
            out.write_all(b"]}\n")
        } else {
            let width = max.to_string().len();
            for row in rows {
                for (j, v) in row.iter().enumerate() {
                    if j > 0 {
                        out.write_all(b" ")?;
                    }
                    write!(out, "{v:>width$}")?;
                }
                out.write_all(b"\n")?;
            }
            Ok(())
        }
    })
}

pub(crate) fn hackenbush(json: bool, file: &str, ground: &str) -> Result<(), CliError> {
    let text_in = read_input(file)?;
    let picture = Hackenbush::parse(&text_in, ground)?;
    let g = picture.value();
    let edges = picture.edges().len();
    let position = Position::Picture {
        file: file.to_owned(),
        edges,
    };
    let mut r = PositionReport::new("hackenbush", position, Outcome::from_grundy(g));
    r.title = format!("Green Hackenbush picture with {edges} edges");
    r.value = Some(g.value());
    r.winning_moves = Some(
        picture
            .winning_cuts()
            .iter()
            .map(|&e| {
                let (u, v) = picture.edge_ends(e).unwrap_or_default();
                MoveReport {
                    edge: Some(e as u64 + 1),
                    from: Some(Spot::Vertex(u.to_owned())),
                    to: Some(Spot::Vertex(v.to_owned())),
                    text: format!("cut edge {} ({u} - {v})", e + 1),
                    ..MoveReport::default()
                }
            })
            .collect(),
    );
    emit_report(json, &r)
}

/// `hackenbush FILE --play` on a Green Hackenbush picture.
pub(crate) fn play_hackenbush(file: &str, ground: &str) -> Result<(), CliError> {
    let picture = Hackenbush::parse(&read_input(file)?, ground)?.grounded();
    crate::play::play(cgt_play::games::GreenHackenbush, picture)
}

fn load_graph(file: &str) -> Result<Digraph, CliError> {
    let text = read_input(file)?;
    let is_json = file.ends_with(".json") || text.trim_start().starts_with('{');
    let g = if is_json {
        let description: cgt_impartial::graph::GraphDescription = serde_json::from_str(&text)
            .map_err(|e| {
                CliError::input(format!(
                    "{file}: invalid graph JSON ({e}); expected {{\"vertices\": [...], \"edges\": [[from, to], ...]}}"
                ))
            })?;
        Digraph::from_description(description)?
    } else {
        Digraph::parse_edge_list(&text)?
    };
    if g.is_empty() {
        return Err(CliError::input(format!(
            "{file}: the graph has no vertices"
        )));
    }
    Ok(g)
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
        ..MoveReport::default()
    }
}

pub(crate) fn graph(
    json: bool,
    file: &str,
    tokens: &[String],
    loopy_mode: bool,
    misere: bool,
    explain: bool,
) -> Result<(), CliError> {
    let g = load_graph(file)?;
    let token_ids: Vec<u32> = tokens
        .iter()
        .map(|t| g.vertex(t))
        .collect::<Result<_, _>>()?;
    if misere {
        if loopy_mode || token_ids.is_empty() {
            return Err(CliError::input(
                "--misere answers a position of an acyclic graph: give --tokens, without --loopy",
            ));
        }
        return misere_tokens(json, &g, tokens, &token_ids);
    }
    if loopy_mode {
        let values = loopy::loopy_values(&g);
        if token_ids.is_empty() {
            let vertices = (0..g.len() as u32)
                .map(|v| {
                    let val = &values[v as usize];
                    VertexValue {
                        name: g.name(v).unwrap_or_default().to_owned(),
                        value: None,
                        loopy_value: Some(val.to_string()),
                        outcome: val.outcome().to_string(),
                    }
                })
                .collect();
            return emit_report(
                json,
                &VerticesReport {
                    vertices,
                    explanation: None,
                },
            );
        }
        let advice = loopy::advise(&g, &values, &token_ids);
        let position = Position::Tokens(tokens.to_vec());
        let mut r = PositionReport::new("loopy-graph", position, advice.outcome);
        r.title = format!("Tokens on {}", tokens.join(", "));
        r.loopy_value = Some(advice.value.to_string());
        r.winning_moves = Some(advice.moves.iter().map(|m| token_move(&g, m)).collect());
        return emit_report(json, &r);
    }
    if let Some(v) = g.self_loop() {
        return Err(CliError::input(format!(
            "vertex {:?} has a self-loop, so the game can go on forever; use --loopy",
            g.name(v).unwrap_or_default()
        )));
    }
    let values = graph::grundy_values(&g)?;
    let explanation = if explain {
        Some(graph::explain(&g).ok_or_else(|| {
            CliError::input(format!(
                "--explain labels graphs of at most {} vertices ({} here would not fit a screen)",
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
                    outcome: Outcome::from_grundy(Nimber::new(val)).to_string(),
                }
            })
            .collect();
        return emit_report(
            json,
            &VerticesReport {
                vertices,
                explanation,
            },
        );
    }
    let (s, outcome, moves) = graph::token_position(&g, &values, &token_ids);
    let mut r = PositionReport::new("graph", Position::Tokens(tokens.to_vec()), outcome);
    r.title = format!("Tokens on {}", tokens.join(", "));
    r.value = Some(s.value());
    r.value_note = " (the nim-sum of the token vertices' values)".to_owned();
    r.winning_moves = Some(moves.iter().map(|m| token_move(&g, m)).collect());
    if let Some(lines) = explanation {
        r = r.detail("explanation", &lines);
        r.notes.extend(lines);
    }
    emit_report(json, &r)
}

/// `graph --tokens … --play [--misere]`.
pub(crate) fn play_graph(file: &str, tokens: &[String], misere: bool) -> Result<(), CliError> {
    let g = load_graph(file)?;
    let token_ids: Vec<u32> = tokens
        .iter()
        .map(|t| g.vertex(t))
        .collect::<Result<_, _>>()?;
    let values = graph::grundy_values(&g)?;
    let player = if misere {
        let limit = usize::try_from(memory_limit() / 256)
            .unwrap_or(usize::MAX)
            .min(MISERE_TOKEN_LIMIT);
        cgt_play::games::Graph::misere(&g, limit)
    } else {
        cgt_play::games::Graph::normal(&g, values)
    };
    crate::play::play(player, token_ids)
}

/// Positions a misère token search may store (fewer when the memory limit is lower, at about
/// 256 bytes a position).
const MISERE_TOKEN_LIMIT: usize = 2_000_000;

/// `graph --tokens … --misere`: outcome and winning moves under misère play, by search.
fn misere_tokens(
    json: bool,
    g: &Digraph,
    names: &[String],
    tokens: &[u32],
) -> Result<(), CliError> {
    use cgt_core::misere::{Misere, MisereOutcome};
    use cgt_impartial::graph::Tokens;

    let limit = usize::try_from(memory_limit() / 256)
        .unwrap_or(usize::MAX)
        .min(MISERE_TOKEN_LIMIT);
    let mut solver = Solver::new(Misere(Tokens::new(g))).with_position_limit(limit);
    let failed = |e: cgt_core::SolveError<Option<Vec<u32>>>| match e {
        cgt_core::SolveError::Cycle { .. } => CliError::input(
            "the graph has a cycle, so the game can go on forever; misère play needs an acyclic \
             graph",
        ),
        other => CliError::input(format!(
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
    r.title = format!(
        "Tokens on {} under misère play (the player who moves last loses)",
        names.join(", ")
    );
    r.winning_moves = Some(moves);
    emit_report(json, &r)
}

fn parse_component(spec: &str) -> Result<Component, CliError> {
    let words: Vec<&str> = spec.split_whitespace().collect();
    let bad = |why: &str| CliError::input(format!("component {spec:?}: {why}"));
    let numbers = |args: &[&str]| -> Result<Vec<u64>, CliError> {
        if args.is_empty() {
            return Err(bad("give at least one number"));
        }
        args.iter()
            .map(|a| crate::cli::parse_count(a).map_err(|e| bad(&e)))
            .collect()
    };
    let Some((&game, args)) = words.split_first() else {
        return Err(CliError::input(
            "an empty component; write for example \"nim 3 4\"",
        ));
    };
    match game {
        "nim" => Ok(Component::Nim(numbers(args)?)),
        "staircase" => Ok(Component::Staircase(numbers(args)?)),
        "stones" => Ok(Component::Stones(numbers(args)?)),
        "wythoff" => match numbers(args)?.as_slice() {
            &[a, b] => Ok(Component::Wythoff(a, b)),
            _ => Err(bad("Wythoff needs two heap sizes")),
        },
        "divisor" => match numbers(args)?.as_slice() {
            &[n] if n >= 1 => Ok(Component::Divisor(n)),
            _ => Err(bad("the divisor game needs one number N >= 1")),
        },
        "hackenbush" => match args {
            [file] => Ok(Component::Hackenbush(Hackenbush::parse(
                &read_input(file)?,
                "ground",
            )?)),
            [file, ground] => Ok(Component::Hackenbush(Hackenbush::parse(
                &read_input(file)?,
                ground,
            )?)),
            _ => Err(bad("write \"hackenbush FILE [GROUND]\"")),
        },
        "graph" => match args {
            [file, tokens @ ..] if !tokens.is_empty() => {
                let g = load_graph(file)?;
                let tokens = tokens
                    .iter()
                    .map(|t| g.vertex(t))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Component::Graph { graph: g, tokens })
            }
            _ => Err(bad(
                "write \"graph FILE V…\" with at least one token vertex",
            )),
        },
        "octal" | "subtraction" => match args {
            [code, heaps @ ..] => {
                let game = if game == "octal" {
                    HeapGame::from_name_or_code(code)?
                } else {
                    HeapGame::Subtraction(code.parse()?)
                };
                Ok(Component::Heaps {
                    game,
                    heaps: numbers(heaps)?,
                })
            }
            [] => Err(bad(&format!("write \"{game} CODE H…\""))),
        },
        "grundy-game" => Ok(Component::Heaps {
            game: HeapGame::Grundy,
            heaps: numbers(args)?,
        }),
        "moore" => match args {
            [k, heaps @ ..] => {
                let k = crate::cli::parse_count(k).map_err(|e| bad(&e))?;
                let game = usize::try_from(k)
                    .ok()
                    .and_then(MooreNim::new)
                    .ok_or_else(|| bad("k must be at least 1"))?;
                Ok(Component::Moore {
                    game,
                    heaps: numbers(heaps)?,
                })
            }
            [] => Err(bad("write \"moore K H…\"")),
        },
        // Named heap games: kayles, dawsons-kayles, dawsons-chess, officers.
        other => match HeapGame::from_name_or_code(other) {
            Ok(game) if !other.starts_with(|c: char| c.is_ascii_digit()) => Ok(Component::Heaps {
                game,
                heaps: numbers(args)?,
            }),
            _ => Err(bad(&format!(
                "unknown game {other:?} (nim, staircase, wythoff, divisor, stones, hackenbush, \
                 graph, octal CODE, subtraction SET, grundy-game, kayles, dawsons-kayles, \
                 dawsons-chess, officers, moore K)"
            ))),
        },
    }
}

/// One part of `cgt sum` as read: a component of the library's sums, tokens on a graph with
/// cycles, or a position of an impartial script (which the sum borrows).
enum Part {
    Plain(Component),
    Loopy(LoopyTokens),
    Script {
        script: Box<cgt_script::Script>,
        position: cgt_script::Position,
    },
}

impl Part {
    fn parse(spec: &str) -> Result<Part, CliError> {
        let words: Vec<&str> = spec.split_whitespace().collect();
        let bad = |why: &str| CliError::input(format!("component {spec:?}: {why}"));
        match words.as_slice() {
            ["loopy", file, tokens @ ..] if !tokens.is_empty() => {
                let graph = load_graph(file)?;
                let tokens = tokens
                    .iter()
                    .map(|t| graph.vertex(t))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Part::Loopy(LoopyTokens::new(graph, tokens)?))
            }
            ["loopy", ..] => Err(bad(
                "write \"loopy FILE V…\" with at least one token vertex",
            )),
            ["script", file, position @ ..] => {
                let script = crate::script::load(file)?;
                if script.kind() != cgt_script::Kind::Impartial {
                    return Err(bad("a sum takes impartial scripts (fn options) only"));
                }
                let text = position.join(" ");
                let position = script.start((!text.is_empty()).then_some(text.as_str()))?;
                Ok(Part::Script {
                    script: Box::new(script),
                    position,
                })
            }
            ["script"] => Err(bad("write \"script FILE [POSITION]\"")),
            _ => parse_component(spec).map(Part::Plain),
        }
    }

    /// The part as a component of the library's sums.
    fn component(&mut self) -> Result<Box<dyn SumComponent + '_>, CliError> {
        Ok(match self {
            Part::Plain(c) => Box::new(c),
            Part::Loopy(t) => Box::new(t),
            Part::Script { script, position } => {
                Box::new(cgt_script::ScriptComponent::new(script, position.clone())?)
            }
        })
    }
}

pub(crate) fn sum(json: bool, specs: &[String]) -> Result<(), CliError> {
    let mut parts: Vec<Part> = specs
        .iter()
        .map(|s| Part::parse(s))
        .collect::<Result<_, _>>()?;
    let options = SumOptions {
        memory_limit: memory_limit(),
    };
    let mut components: Vec<Box<dyn SumComponent + '_>> = parts
        .iter_mut()
        .map(Part::component)
        .collect::<Result<_, _>>()?;
    let descriptions: Vec<String> = components.iter().map(|c| c.describe()).collect();
    let mut refs: Vec<&mut dyn SumComponent> = components
        .iter_mut()
        .map(|c| &mut **c as &mut dyn SumComponent)
        .collect();
    let analysis = cgt_impartial::sum::analyse(&mut refs, &options)?;
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
                ..MoveReport::default()
            }
        })
        .collect();
    let position = Position::Components(specs.to_vec());
    let values = &analysis.values;
    let finite: Option<Vec<u64>> = values
        .iter()
        .map(|v| match v {
            LoopyValue::Finite(x) => Some(*x),
            LoopyValue::Infinite(_) => None,
        })
        .collect();
    let report = PositionReport::new("sum", position, analysis.outcome);
    let mut r = match &finite {
        Some(list) => report.detail("component_values", list),
        None => {
            let shown: Vec<String> = values.iter().map(ToString::to_string).collect();
            report.detail("component_values", &shown)
        }
    };
    r.title = format!("Sum of {} components", values.len());
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
            format!("  component {}: {described} has value {v}", i + 1)
        })
        .collect();
    r.winning_moves = Some(moves);
    emit_report(json, &r)
}

/// `cgt wythoff --pair K`.
#[derive(Debug, serde::Serialize)]
struct PairReport {
    k: u64,
    pair: [u64; 2],
}

impl Report for PairReport {
    fn text(&self) -> String {
        let [a, b] = self.pair;
        format!("P-position number {}: ({a}, {b})\n", self.k)
    }
}

/// `cgt wythoff --p-positions K`.
#[derive(Debug, serde::Serialize)]
struct PairsReport {
    p_positions: Vec<[u64; 2]>,
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
#[derive(Debug, serde::Serialize)]
struct VerticesReport {
    vertices: Vec<VertexValue>,
    /// The labelling, with `--explain`.
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<Vec<String>>,
}

#[derive(Debug, serde::Serialize)]
struct VertexValue {
    name: String,
    /// The Grundy value (`null` for loopy games).
    value: Option<u64>,
    /// Loopy games only.
    #[serde(skip_serializing_if = "Option::is_none")]
    loopy_value: Option<String>,
    outcome: String,
}

impl Report for VerticesReport {
    fn text(&self) -> String {
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
        for line in self.explanation.iter().flatten() {
            text.push_str(line);
            text.push('\n');
        }
        text
    }
}
