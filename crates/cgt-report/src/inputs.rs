//! Inputs every front end reads the same way: counts, graphs (an edge list or JSON), and the
//! components of a sum written as words (`"nim 3 4"`, `"kayles 7"`, `"graph FILE a b"`,
//! `"loopy FILE d"`, `"script FILE [POSITION]"`).
//!
//! A component that names a file gets its text through the caller's reader, so the command
//! line reads the disk, a server can refuse files or serve uploads, and a test passes strings.
//!
//! ```
//! use cgt_impartial::sum::SumOptions;
//! use cgt_report::{ReportError, inputs};
//!
//! let mut no_files = |name: &str| -> Result<String, ReportError> {
//!     Err(ReportError::input(format!("{name}: no files here")))
//! };
//! let specs = ["nim 3 4".to_owned(), "kayles 7".to_owned()];
//! let report = inputs::sum(&specs, &mut no_files, &SumOptions::default())?;
//! assert_eq!(report.outcome, "N");
//! assert!(inputs::SumPart::parse("graph g.txt a", &mut no_files, 1 << 30).is_err());
//! # Ok::<(), ReportError>(())
//! ```

use cgt_impartial::graph::{Digraph, GraphDescription};
use cgt_impartial::hackenbush::Hackenbush;
use cgt_impartial::heapgame::HeapGame;
use cgt_impartial::nim::MooreNim;
use cgt_impartial::sum::{Component, LoopyTokens, SumComponent, SumOptions};
use cgt_partizan::loopy::{LoopyDescription, LoopyGame};
use cgt_script::{Kind, Script, ScriptComponent};

use crate::{PositionReport, ReportError};

/// Reads the text of a named input (a file name on the command line, an upload on a server).
pub type Reader<'r> = dyn FnMut(&str) -> Result<String, ReportError> + 'r;

/// A size or count: a whole number from 0, with a message that says what is wrong.
///
/// # Errors
/// A negative number, one past `u64::MAX`, or anything else that is not a whole number.
pub fn count(s: &str) -> Result<u64, String> {
    if s.starts_with('-') {
        return Err(format!("{s:?} is negative; sizes are whole numbers from 0"));
    }
    s.parse::<u64>().map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow => {
            format!("{s:?} is too large (at most {})", u64::MAX)
        }
        _ => format!("{s:?} is not a whole number"),
    })
}

/// A graph from its text, named `name` in messages: JSON (`{"vertices": [...], "edges":
/// [[from, to], ...]}`) when the name ends in `.json` or the text starts with `{`, otherwise
/// an edge list (one `FROM TO` per line). JSON needs the `json` feature.
///
/// # Errors
/// Malformed text, or a graph with no vertices.
pub fn graph(name: &str, text: &str) -> Result<Digraph, ReportError> {
    let is_json = name.ends_with(".json") || text.trim_start().starts_with('{');
    let g = if is_json {
        Digraph::from_description(graph_description(name, text)?)?
    } else {
        Digraph::parse_edge_list(text)?
    };
    if g.is_empty() {
        return Err(ReportError::input(format!(
            "{name}: the graph has no vertices"
        )));
    }
    Ok(g)
}

/// A loopy partizan game from a file's text, named `name` in messages: its JSON description
/// (see [`cgt_partizan::loopy::LoopyDescription`]) when the name ends in `.json` or the text
/// starts with `{"`, otherwise the text form of [`LoopyGame::parse`].
///
/// # Errors
/// Unreadable text or JSON.
pub fn loopy_game(name: &str, text: &str) -> Result<LoopyGame, ReportError> {
    let is_json = name.ends_with(".json") || text.trim_start().starts_with("{\"");
    if is_json {
        Ok(LoopyGame::from_description(&loopy_description(
            name, text,
        )?)?)
    } else {
        LoopyGame::parse(text).map_err(|e| ReportError::input(format!("{name}: {e}")))
    }
}

#[cfg(feature = "json")]
fn loopy_description(name: &str, text: &str) -> Result<LoopyDescription, ReportError> {
    serde_json::from_str(text).map_err(|e| {
        ReportError::input(format!(
            "{name}: invalid loopy game JSON ({e}); expected {{\"positions\": [{{\"name\": \"a\", \"left\": [...], \"right\": [...]}}, ...]}}"
        ))
    })
}

#[cfg(not(feature = "json"))]
fn loopy_description(name: &str, _: &str) -> Result<LoopyDescription, ReportError> {
    Err(ReportError::input(format!(
        "{name}: loopy games as JSON need cgt-report's `json` feature; give the text form"
    )))
}

#[cfg(feature = "json")]
fn graph_description(name: &str, text: &str) -> Result<GraphDescription, ReportError> {
    serde_json::from_str(text).map_err(|e| {
        ReportError::input(format!(
            "{name}: invalid graph JSON ({e}); expected {{\"vertices\": [...], \"edges\": [[from, to], ...]}}"
        ))
    })
}

#[cfg(not(feature = "json"))]
fn graph_description(name: &str, _: &str) -> Result<GraphDescription, ReportError> {
    Err(ReportError::input(format!(
        "{name}: graphs as JSON need cgt-report's `json` feature; give an edge list"
    )))
}

/// One component of a sum as written: a game of `cgt-impartial`, tokens on a graph with
/// cycles, or a position of an impartial script (which the sum's component borrows).
#[derive(Debug)]
#[non_exhaustive]
pub enum SumPart {
    /// A component with a finite value.
    Plain(Component),
    /// Tokens on a graph that may have cycles.
    Loopy(LoopyTokens),
    /// A position of an impartial script.
    Script {
        /// The compiled script.
        script: Box<Script>,
        /// Its position.
        position: cgt_script::Position,
    },
}

impl SumPart {
    /// Reads one component: `nim H…`, `staircase C…`, `stones P…`, `wythoff A B`,
    /// `divisor N`, `hackenbush FILE [GROUND]`, `graph FILE V…`, `loopy FILE V…`,
    /// `octal CODE H…`, `subtraction SET H…`, `grundy-game H…`, `moore K H…`, a named heap
    /// game (`kayles`, `dawsons-kayles`, `dawsons-chess`, `officers`) with its heaps, or
    /// `script FILE [POSITION]`. Files come from `read`; a script's searches are limited to
    /// `memory_limit` bytes.
    ///
    /// # Errors
    /// A one-line message naming the component for anything malformed, unreadable or out of
    /// range.
    pub fn parse(
        spec: &str,
        read: &mut Reader<'_>,
        memory_limit: u128,
    ) -> Result<SumPart, ReportError> {
        let words: Vec<&str> = spec.split_whitespace().collect();
        let bad = |why: &str| ReportError::input(format!("component {spec:?}: {why}"));
        match words.as_slice() {
            ["loopy", file, tokens @ ..] if !tokens.is_empty() => {
                let g = graph(file, &read(file)?)?;
                let tokens = tokens
                    .iter()
                    .map(|t| g.vertex(t))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(SumPart::Loopy(LoopyTokens::new(g, tokens)?))
            }
            ["loopy", ..] => Err(bad(
                "write \"loopy FILE V…\" with at least one token vertex",
            )),
            ["script", file, position @ ..] => {
                let script = Script::compile(file, &read(file)?)?.with_memory_limit(memory_limit);
                if script.kind() != Kind::Impartial {
                    return Err(bad("a sum takes impartial scripts (fn options) only"));
                }
                let text = position.join(" ");
                let position = script.start((!text.is_empty()).then_some(text.as_str()))?;
                Ok(SumPart::Script {
                    script: Box::new(script),
                    position,
                })
            }
            ["script"] => Err(bad("write \"script FILE [POSITION]\"")),
            _ => component(spec, read).map(SumPart::Plain),
        }
    }

    /// The part as a component of the library's sums.
    ///
    /// # Errors
    /// A script position the script refuses.
    pub fn component(&mut self) -> Result<Box<dyn SumComponent + '_>, ReportError> {
        Ok(match self {
            SumPart::Plain(c) => Box::new(c),
            SumPart::Loopy(t) => Box::new(t),
            SumPart::Script { script, position } => {
                Box::new(ScriptComponent::new(script, position.clone())?)
            }
        })
    }
}

/// The report on the sum of the components written in `specs` (see [`SumPart::parse`]).
///
/// # Errors
/// The first component that does not parse, or the analysis' error.
pub fn sum(
    specs: &[String],
    read: &mut Reader<'_>,
    options: &SumOptions,
) -> Result<PositionReport, ReportError> {
    let mut parts: Vec<SumPart> = specs
        .iter()
        .map(|s| SumPart::parse(s, read, options.memory_limit))
        .collect::<Result<_, _>>()?;
    let mut components: Vec<Box<dyn SumComponent + '_>> = parts
        .iter_mut()
        .map(SumPart::component)
        .collect::<Result<_, _>>()?;
    let mut refs: Vec<&mut dyn SumComponent> = components
        .iter_mut()
        .map(|c| &mut **c as &mut dyn SumComponent)
        .collect();
    crate::impartial::sum(specs, &mut refs, options)
}

/// A component of a finite value from its words.
fn component(spec: &str, read: &mut Reader<'_>) -> Result<Component, ReportError> {
    let words: Vec<&str> = spec.split_whitespace().collect();
    let bad = |why: &str| ReportError::input(format!("component {spec:?}: {why}"));
    let numbers = |args: &[&str]| -> Result<Vec<u64>, ReportError> {
        if args.is_empty() {
            return Err(bad("give at least one number"));
        }
        args.iter().map(|a| count(a).map_err(|e| bad(&e))).collect()
    };
    let Some((&game, args)) = words.split_first() else {
        return Err(ReportError::input(
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
                &read(file)?,
                "ground",
            )?)),
            [file, ground] => Ok(Component::Hackenbush(Hackenbush::parse(
                &read(file)?,
                ground,
            )?)),
            _ => Err(bad("write \"hackenbush FILE [GROUND]\"")),
        },
        "graph" => match args {
            [file, tokens @ ..] if !tokens.is_empty() => {
                let g = graph(file, &read(file)?)?;
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
                let k = count(k).map_err(|e| bad(&e))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn files(name: &str) -> Result<String, ReportError> {
        match name {
            "dag.json" => Ok(r#"{"edges": [["a", "b"], ["b", "c"]]}"#.to_owned()),
            "dag.txt" => Ok("a b\nb c\n".to_owned()),
            "empty.txt" => Ok(String::new()),
            "partizan.rhai" => Ok("fn left(p) { [] } fn right(p) { [] } fn start() { 0 }".into()),
            _ => Err(ReportError::input(format!("cannot read {name}"))),
        }
    }

    fn error(spec: &str) -> String {
        SumPart::parse(spec, &mut files, 1 << 20)
            .unwrap_err()
            .message()
            .to_owned()
    }

    #[cfg(feature = "json")]
    #[test]
    fn graphs_read_as_json_or_edge_lists_alike() {
        let a = graph("dag.json", &files("dag.json").unwrap()).unwrap();
        let b = graph("dag.txt", &files("dag.txt").unwrap()).unwrap();
        assert_eq!((a.len(), a.successors(0)), (b.len(), b.successors(0)));
        assert!(
            graph("x.json", "{\"edges\": 3}")
                .unwrap_err()
                .message()
                .contains("invalid graph JSON")
        );
        assert!(
            graph("empty.txt", "")
                .unwrap_err()
                .message()
                .contains("no vertices")
        );
    }

    #[cfg(not(feature = "json"))]
    #[test]
    fn json_graphs_need_the_feature() {
        let err = graph("dag.json", &files("dag.json").unwrap()).unwrap_err();
        assert!(err.message().contains("`json` feature"));
    }

    #[test]
    fn bad_components_say_what_is_wrong() {
        assert!(error("").contains("an empty component"));
        assert!(error("chess 3").contains("unknown game \"chess\""));
        assert!(error("wythoff 1").contains("two heap sizes"));
        assert!(error("divisor 0").contains("N >= 1"));
        assert!(error("moore 0 1").contains("k must be at least 1"));
        assert!(error("nim -3").contains("negative"));
        assert!(error("nim 18446744073709551616").contains("too large"));
        assert!(error("graph dag.txt").contains("at least one token"));
        assert!(error("graph dag.txt z").contains('z'));
        assert!(error("graph missing.txt a").contains("cannot read missing.txt"));
        assert!(error("script partizan.rhai").contains("impartial scripts"));
        assert!(error("loopy dag.txt").contains("at least one token"));
    }

    #[test]
    fn parts_become_components_with_their_values() {
        let options = SumOptions::default();
        let specs: Vec<String> = ["nim 1 2", "graph dag.txt a", "loopy dag.txt b", "kayles 4"]
            .map(str::to_owned)
            .to_vec();
        let r = sum(&specs, &mut files, &options).unwrap();
        // nim 3, a (two moves to the end: value 0), b (value 1), kayles 4 (value 1).
        assert_eq!(r.value, Some(3 ^ 1 ^ 1));
    }
}
