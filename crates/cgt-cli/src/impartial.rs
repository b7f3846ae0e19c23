//! The impartial-game commands: nim, staircase, moore, divisor, stones, wythoff, hackenbush, graph.

use std::io::Write as _;

use cgt_core::{Nimber, Outcome, Solver};
use cgt_impartial::graph::{self, Digraph, TokenMove};
use cgt_impartial::hackenbush::Hackenbush;
use cgt_impartial::nim::{self, MooreNim};
use cgt_impartial::sum::{self, Component, SumOptions};
use cgt_impartial::{ImpartialError, divisor, loopy, stones, wythoff};
use serde_json::json;

use crate::cli::WythoffArgs;
use crate::output::{CliError, emit, memory_limit, read_input};

impl From<ImpartialError> for CliError {
    fn from(e: ImpartialError) -> CliError {
        CliError::input(e.to_string())
    }
}

fn list(values: &[u64]) -> String {
    let parts: Vec<String> = values.iter().map(u64::to_string).collect();
    format!("({})", parts.join(", "))
}

fn moves_text(out: &mut String, outcome: Outcome, moves: &[String]) {
    match (outcome, moves.len()) {
        (Outcome::P, _) => out.push_str("No winning move: every move leads to an N-position.\n"),
        (Outcome::N, 1) => out.push_str(&format!("Winning move: {}\n", moves[0])),
        (Outcome::N, _) => {
            out.push_str(&format!("Winning moves ({}):\n", moves.len()));
            for m in moves {
                out.push_str(&format!("  {m}\n"));
            }
        }
    }
}

pub(crate) fn nim(json: bool, heaps: &[u64], misere: bool) -> Result<(), CliError> {
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
    let words: Vec<String> = moves.iter().map(ToString::to_string).collect();
    let play = if misere { "misère Nim" } else { "Nim" };
    let mut text = format!("{play} position {}: {}\n", list(heaps), outcome.describe());
    if let Some(g) = value {
        text.push_str(&format!("Grundy value {g} (the nim-sum of the heaps)\n"));
    }
    moves_text(&mut text, outcome, &words);
    let doc = json!({
        "game": if misere { "misere-nim" } else { "nim" },
        "heaps": heaps,
        "outcome": outcome.to_string(),
        "grundy": value.map(Nimber::value),
        "winning_moves": moves.iter().zip(&words).map(|(m, w)| json!({
            "heap": m.heap + 1, "from": m.from, "to": m.to, "take": m.taken(), "text": w,
        })).collect::<Vec<_>>(),
    });
    emit(json, &doc, &text)
}

pub(crate) fn staircase(json: bool, coins: &[u64]) -> Result<(), CliError> {
    let mut steps = vec![0];
    steps.extend_from_slice(coins);
    let g = nim::staircase_grundy(&steps);
    let outcome = Outcome::from_grundy(g);
    let moves = nim::staircase_winning_moves(&steps);
    let words: Vec<String> = moves.iter().map(ToString::to_string).collect();
    let mut text = format!(
        "Staircase Nim, coins on steps 1..{}: {}: {}\n",
        coins.len(),
        list(coins),
        outcome.describe()
    );
    text.push_str(&format!(
        "Grundy value {g} (the nim-sum of the odd steps)\n"
    ));
    moves_text(&mut text, outcome, &words);
    let doc = json!({
        "game": "staircase",
        "steps": coins,
        "outcome": outcome.to_string(),
        "grundy": g.value(),
        "winning_moves": moves.iter().zip(&words).map(|(m, w)| json!({
            "from_step": m.step, "to_step": m.step - 1, "count": m.count, "text": w,
        })).collect::<Vec<_>>(),
    });
    emit(json, &doc, &text)
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
    let mut text = format!(
        "Moore's Nim_{k} position {}: {}\n",
        list(heaps),
        outcome.describe()
    );
    if let Some(g) = value {
        text.push_str(&format!(
            "Grundy value {g} by search (the XOR of the heaps is {}; they differ in general for k ≥ 2)\n",
            nim::nim_grundy(heaps)
        ));
    }
    match &mv {
        Some(m) => text.push_str(&format!("Winning move: {m}\n")),
        None => text.push_str("No winning move: every move leads to an N-position.\n"),
    }
    let doc = json!({
        "game": "moore",
        "k": k,
        "heaps": heaps,
        "outcome": outcome.to_string(),
        "grundy": value.map(Nimber::value),
        "winning_move": mv.as_ref().map(|m| json!({
            "changes": m.changes.iter().map(|c| json!({"heap": c.heap + 1, "from": c.from, "to": c.to})).collect::<Vec<_>>(),
            "text": m.to_string(),
        })),
    });
    emit(json, &doc, &text)
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
    let words: Vec<String> = moves
        .iter()
        .map(|d| format!("subtract {d}, leaving {}", n - d))
        .collect();
    let mut text = format!(
        "Divisor game at N = {n}: {} (N is {})\n",
        outcome.describe(),
        if n.is_multiple_of(2) { "even" } else { "odd" }
    );
    if let Some(g) = grundy {
        text.push_str(&format!("Grundy value *{g}\n"));
    }
    if let Some(s) = searched {
        text.push_str(&format!("Search of the game tree agrees: {s}\n"));
    }
    moves_text(&mut text, outcome, &words);
    let doc = json!({
        "game": "divisor",
        "n": n,
        "outcome": outcome.to_string(),
        "search_outcome": searched.map(|s| s.to_string()),
        "grundy": grundy,
        "winning_divisors": moves,
    });
    emit(json, &doc, &text)
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
    let mut text = format!(
        "Game of Stones (one-use sizes) with piles {}: {}\n",
        list(piles),
        outcome.describe()
    );
    text.push_str(&format!(
        "Grundy value {g}: pile values {} (largest k with k(k+1)/2 <= pile)\n",
        list(&pile_values)
    ));
    match &moves {
        Some(ms) => {
            let words: Vec<String> = ms
                .iter()
                .map(|m| format!("take {} from pile {}", m.take, m.pile + 1))
                .collect();
            moves_text(&mut text, outcome, &words);
        }
        None => text.push_str(&format!(
            "Winning moves are found by search, for piles up to {}.\n",
            stones::MAX_SEARCH_PILE
        )),
    }
    let doc = json!({
        "game": "stones",
        "piles": piles,
        "pile_grundy": pile_values,
        "grundy": g.value(),
        "outcome": outcome.to_string(),
        "winning_moves": moves.map(|ms| ms.iter().map(|m| json!({"pile": m.pile + 1, "take": m.take})).collect::<Vec<_>>()),
    });
    emit(json, &doc, &text)
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
        let outcome = wythoff::outcome(a, b);
        let moves = wythoff::winning_moves(a, b);
        let words: Vec<String> = moves
            .iter()
            .map(|m| {
                let (x, y) = m.apply((a, b));
                format!("{m}, leaving ({x}, {y})")
            })
            .collect();
        // The Grundy value needs the table up to the position; shown when that is small.
        let grundy = (a.max(b) < WYTHOFF_GRUNDY_SHOWN).then(|| {
            let n = a.max(b) as usize + 1;
            wythoff::grundy_table(n, memory_limit()).map(|t| t[a as usize * n + b as usize])
        });
        let grundy = grundy.transpose()?;
        let mut text = format!("Wythoff position ({a}, {b}): {}\n", outcome.describe());
        if let Some(g) = grundy {
            text.push_str(&format!("Grundy value *{g}\n"));
        }
        moves_text(&mut text, outcome, &words);
        let doc = json!({
            "game": "wythoff", "position": [a, b], "outcome": outcome.to_string(), "grundy": grundy,
            "winning_moves": moves.iter().zip(&words).map(|(m, w)| {
                let (x, y) = m.apply((a, b));
                json!({"to": [x, y], "text": w})
            }).collect::<Vec<_>>(),
        });
        return emit(json, &doc, &text);
    }
    if let Some(k) = args.pair {
        let (a, b) = wythoff::p_pair(k)?;
        let text = format!("P-position number {k}: ({a}, {b})");
        return emit(json, &json!({"k": k, "pair": [a, b]}), &text);
    }
    if let Some(count) = args.p_positions {
        if count > 10_000_000 {
            return Err(CliError::input(format!(
                "--p-positions lists at most 10000000 pairs (got {count}); use --pair K for one"
            )));
        }
        let pairs: Vec<(u64, u64)> = (0..count).map(wythoff::p_pair).collect::<Result<_, _>>()?;
        let mut text = String::new();
        for (k, (a, b)) in pairs.iter().enumerate() {
            text.push_str(&format!("{k}\t{a}\t{b}\n"));
        }
        let doc = json!({"p_positions": pairs.iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>()});
        return emit(json, &doc, &text);
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
    let outcome = Outcome::from_grundy(g);
    let cuts = picture.winning_cuts();
    let words: Vec<String> = cuts
        .iter()
        .map(|&e| {
            let (u, v) = picture.edge_ends(e).unwrap_or_default();
            format!("cut edge {} ({u} - {v})", e + 1)
        })
        .collect();
    let mut text = format!(
        "Green Hackenbush picture with {} edges: {}\nValue {g}\n",
        picture.edges().len(),
        outcome.describe()
    );
    moves_text(&mut text, outcome, &words);
    let doc = json!({
        "game": "hackenbush",
        "edges": picture.edges().len(),
        "value": g.value(),
        "outcome": outcome.to_string(),
        "winning_cuts": cuts.iter().zip(&words).map(|(&e, w)| {
            let (u, v) = picture.edge_ends(e).unwrap_or_default();
            json!({"edge": e + 1, "from": u, "to": v, "text": w})
        }).collect::<Vec<_>>(),
    });
    emit(json, &doc, &text)
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

fn move_words(g: &Digraph, m: &TokenMove) -> String {
    format!(
        "move token {} from {} to {}",
        m.token + 1,
        g.name(m.from).unwrap_or_default(),
        g.name(m.to).unwrap_or_default()
    )
}

pub(crate) fn graph(
    json: bool,
    file: &str,
    tokens: &[String],
    loopy_mode: bool,
) -> Result<(), CliError> {
    let g = load_graph(file)?;
    let token_ids: Vec<u32> = tokens
        .iter()
        .map(|t| g.vertex(t))
        .collect::<Result<_, _>>()?;
    if loopy_mode {
        let values = loopy::loopy_values(&g);
        if token_ids.is_empty() {
            let mut text = String::from("vertex\tvalue\toutcome\n");
            for v in 0..g.len() as u32 {
                let val = &values[v as usize];
                text.push_str(&format!(
                    "{}\t{val}\t{}\n",
                    g.name(v).unwrap_or_default(),
                    val.outcome()
                ));
            }
            let doc = json!({"vertices": (0..g.len() as u32).map(|v| json!({
                "name": g.name(v).unwrap_or_default(), "value": values[v as usize].to_string(),
                "outcome": values[v as usize].outcome().to_string(),
            })).collect::<Vec<_>>()});
            return emit(json, &doc, &text);
        }
        let advice = loopy::advise(&g, &values, &token_ids);
        let words: Vec<String> = advice.moves.iter().map(|m| move_words(&g, m)).collect();
        let describe = match advice.outcome {
            cgt_core::LoopyOutcome::P => "P-position: the player to move loses",
            cgt_core::LoopyOutcome::N => "N-position: the player to move wins",
            cgt_core::LoopyOutcome::Draw => "draw: neither player can force a win",
        };
        let mut text = format!(
            "Tokens on {}: {describe}\nLoopy value {}\n",
            tokens.join(", "),
            advice.value
        );
        match advice.outcome {
            cgt_core::LoopyOutcome::P => {
                text.push_str("No winning move: every move leads to an N-position.\n");
            }
            cgt_core::LoopyOutcome::N => moves_text(&mut text, Outcome::N, &words),
            cgt_core::LoopyOutcome::Draw => {
                text.push_str("Moves that keep the draw:\n");
                for w in &words {
                    text.push_str(&format!("  {w}\n"));
                }
            }
        }
        let doc = json!({
            "tokens": tokens, "value": advice.value.to_string(), "outcome": advice.outcome.to_string(),
            "moves": advice.moves.iter().zip(&words).map(|(m, w)| json!({
                "token": m.token + 1, "from": g.name(m.from).unwrap_or_default(), "to": g.name(m.to).unwrap_or_default(), "text": w,
            })).collect::<Vec<_>>(),
        });
        return emit(json, &doc, &text);
    }
    if let Some(v) = g.self_loop() {
        return Err(CliError::input(format!(
            "vertex {:?} has a self-loop, so the game can go on forever; use --loopy",
            g.name(v).unwrap_or_default()
        )));
    }
    let values = graph::grundy_values(&g)?;
    if token_ids.is_empty() {
        let mut text = String::from("vertex\tgrundy\toutcome\n");
        for v in 0..g.len() as u32 {
            let val = values[v as usize];
            text.push_str(&format!(
                "{}\t{val}\t{}\n",
                g.name(v).unwrap_or_default(),
                Outcome::from_grundy(Nimber::new(val))
            ));
        }
        let doc = json!({"vertices": (0..g.len() as u32).map(|v| json!({
            "name": g.name(v).unwrap_or_default(), "grundy": values[v as usize],
            "outcome": Outcome::from_grundy(Nimber::new(values[v as usize])).to_string(),
        })).collect::<Vec<_>>()});
        return emit(json, &doc, &text);
    }
    let (s, outcome, moves) = graph::token_position(&g, &values, &token_ids);
    let words: Vec<String> = moves.iter().map(|m| move_words(&g, m)).collect();
    let mut text = format!(
        "Tokens on {}: {}\nGrundy value {s} (the nim-sum of the token vertices' values)\n",
        tokens.join(", "),
        outcome.describe()
    );
    moves_text(&mut text, outcome, &words);
    let doc = json!({
        "tokens": tokens, "grundy": s.value(), "outcome": outcome.to_string(),
        "winning_moves": moves.iter().zip(&words).map(|(m, w)| json!({
            "token": m.token + 1, "from": g.name(m.from).unwrap_or_default(), "to": g.name(m.to).unwrap_or_default(), "text": w,
        })).collect::<Vec<_>>(),
    });
    emit(json, &doc, &text)
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
        other => Err(bad(&format!(
            "unknown game {other:?} (nim, staircase, wythoff, divisor, stones, hackenbush, graph)"
        ))),
    }
}

pub(crate) fn sum(json: bool, specs: &[String]) -> Result<(), CliError> {
    let components: Vec<Component> = specs
        .iter()
        .map(|s| parse_component(s))
        .collect::<Result<_, _>>()?;
    let options = SumOptions {
        memory_limit: memory_limit(),
    };
    let analysis = sum::analyse(&components, &options)?;
    let mut text = format!(
        "Sum of {} components: {}\nGrundy value {}\n",
        components.len(),
        analysis.outcome.describe(),
        analysis.total
    );
    for (i, (c, v)) in components.iter().zip(&analysis.values).enumerate() {
        text.push_str(&format!("  component {}: {c} has value {v}\n", i + 1));
    }
    let words: Vec<String> = analysis
        .moves
        .iter()
        .map(|m| format!("in component {}: {}", m.component + 1, m.description))
        .collect();
    moves_text(&mut text, analysis.outcome, &words);
    let doc = json!({
        "components": components.iter().zip(&analysis.values).map(|(c, v)| json!({
            "component": c.to_string(), "grundy": v.value(),
        })).collect::<Vec<_>>(),
        "grundy": analysis.total.value(),
        "outcome": analysis.outcome.to_string(),
        "winning_moves": analysis.moves.iter().map(|m| json!({
            "component": m.component + 1, "text": m.description,
        })).collect::<Vec<_>>(),
    });
    emit(json, &doc, &text)
}
