//! The impartial-game commands: nim, staircase, moore, divisor, stones, wythoff, hackenbush, graph.

use std::io::Write as _;

use cgt_impartial::graph::{self, Digraph};
use cgt_impartial::hackenbush::Hackenbush;
use cgt_impartial::heapgame::HeapGame;
use cgt_impartial::nim::MooreNim;
use cgt_impartial::sum::{Component, LoopyTokens, SumComponent, SumOptions};
use cgt_impartial::{ImpartialError, wythoff};

use crate::cli::WythoffArgs;
use crate::output::{CliError, memory_limit, read_input};
use crate::report::{Output, report};

impl From<ImpartialError> for CliError {
    fn from(e: ImpartialError) -> CliError {
        CliError::input(e.to_string())
    }
}

pub(crate) fn wythoff(args: &WythoffArgs) -> Result<Output, CliError> {
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
        let r = cgt_report::impartial::wythoff(pos[0], pos[1], args.explain, memory_limit())?;
        return report(r);
    }
    if let Some(k) = args.pair {
        return report(cgt_report::impartial::wythoff_pair(k)?);
    }
    if let Some(count) = args.p_positions {
        return report(cgt_report::impartial::wythoff_pairs(count)?);
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
    Ok(Output::Stream(Box::new(move |json| {
        stream_table(json, n, &table)
    })))
}

/// The Wythoff Grundy table written row by row, as text or as one JSON document.
fn stream_table(json: bool, n: usize, table: &[u32]) -> Result<(), CliError> {
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

pub(crate) fn hackenbush(file: &str, ground: &str) -> Result<Output, CliError> {
    report(cgt_report::impartial::hackenbush(
        file,
        &read_input(file)?,
        ground,
    )?)
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

pub(crate) fn graph(
    file: &str,
    tokens: &[String],
    loopy_mode: bool,
    misere: bool,
    explain: bool,
) -> Result<Output, CliError> {
    let g = load_graph(file)?;
    report(cgt_report::impartial::graph(
        &g,
        tokens,
        loopy_mode,
        misere,
        explain,
        memory_limit(),
    )?)
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
            .min(cgt_report::impartial::MISERE_TOKEN_LIMIT);
        cgt_play::games::Graph::misere(&g, limit)
    } else {
        cgt_play::games::Graph::normal(&g, values)
    };
    crate::play::play(player, token_ids)
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

pub(crate) fn sum(specs: &[String]) -> Result<Output, CliError> {
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
    let mut refs: Vec<&mut dyn SumComponent> = components
        .iter_mut()
        .map(|c| &mut **c as &mut dyn SumComponent)
        .collect();
    report(cgt_report::impartial::sum(specs, &mut refs, &options)?)
}
