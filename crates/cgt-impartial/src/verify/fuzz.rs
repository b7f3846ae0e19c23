//! `cgt-impartial`'s fuzz targets: every parser and loader, on arbitrary and mutated input.

use cgt_core::verify::fuzz::{FuzzTarget, round_trip, words};

use crate::checkpoint::CheckpointFile;
use crate::graph::{Digraph, GraphDescription};
use crate::hackenbush::Hackenbush;
use crate::heapgame::{HeapGame, OctalCode, SubtractionSet};

fn text(bytes: &[u8]) -> Option<&str> {
    std::str::from_utf8(bytes).ok()
}

fn seeds(texts: &[&str]) -> Vec<Vec<u8>> {
    texts.iter().map(|s| s.as_bytes().to_vec()).collect()
}

/// A graph as an edge list the parser reads back to the same graph.
fn edge_list(g: &Digraph) -> String {
    let mut out = String::new();
    for v in 0..g.len() as u32 {
        let name = g.name(v).unwrap_or("?");
        if g.successors(v).is_empty() {
            out.push_str(name);
            out.push('\n');
        }
        for &w in g.successors(v) {
            out.push_str(&format!("{name} {}\n", g.name(w).unwrap_or("?")));
        }
    }
    out
}

/// The edges of a graph by name, sorted (vertex numbering may differ after a round trip).
fn named_edges(g: &Digraph) -> Vec<(String, String)> {
    let mut edges: Vec<(String, String)> = (0..g.len() as u32)
        .flat_map(|v| {
            g.successors(v).iter().map(move |&w| {
                (
                    g.name(v).unwrap_or("?").to_owned(),
                    g.name(w).unwrap_or("?").to_owned(),
                )
            })
        })
        .collect();
    edges.sort();
    edges
}

/// The fuzz targets of this crate.
#[must_use]
pub fn fuzz_targets() -> Vec<FuzzTarget> {
    vec![
        FuzzTarget {
            name: "impartial/octal-code",
            seeds: || seeds(&["0.77", ".137", "4.07", "0.f7", "0.123456701234567"]),
            check: round_trip::<OctalCode>,
        },
        FuzzTarget {
            name: "impartial/subtraction-set",
            seeds: || seeds(&["1,3,4", "{2, 3, 5}", "{}", "1048576"]),
            check: round_trip::<SubtractionSet>,
        },
        FuzzTarget {
            name: "impartial/game-name",
            seeds: || seeds(&["kayles", "dawsons-chess", "grundy", "0.6"]),
            check: |bytes| {
                if let Some(game) = text(bytes).and_then(|t| HeapGame::from_name_or_code(t).ok()) {
                    let _ = game.to_string();
                }
                Ok(())
            },
        },
        FuzzTarget {
            name: "impartial/edge-list",
            seeds: || {
                seeds(&[
                    "a b\nb c\n# comment\nd\n",
                    "s t\nt s\n",
                    "x y\ny z\nz x\nw\n",
                ])
            },
            check: |bytes| {
                let Some(g) = text(bytes).and_then(|t| Digraph::parse_edge_list(t).ok()) else {
                    return Ok(());
                };
                let printed = edge_list(&g);
                let again = Digraph::parse_edge_list(&printed)
                    .map_err(|e| format!("re-parse of {printed:?}: {e}"))?;
                if again.len() != g.len() || named_edges(&again) != named_edges(&g) {
                    return Err(format!("{printed:?} reads back as another graph"));
                }
                let _ = crate::graph::grundy_values(&g);
                Ok(())
            },
        },
        FuzzTarget {
            name: "impartial/graph-json",
            seeds: || {
                seeds(&[
                    r#"{"vertices": ["a", "b", 3], "edges": [["a", "b"], ["b", 3]]}"#,
                    r#"{"edges": [[1, 2], [2, 3]]}"#,
                ])
            },
            check: |bytes| {
                let Ok(d) = serde_json::from_slice::<GraphDescription>(bytes) else {
                    return Ok(());
                };
                if let Ok(g) = Digraph::from_description(d) {
                    let _ = crate::graph::grundy_values(&g);
                    let _ = crate::loopy::loopy_values(&g);
                }
                Ok(())
            },
        },
        FuzzTarget {
            name: "impartial/hackenbush",
            seeds: || seeds(&["ground a\na b\nb ground\n", "ground a\na a\na b\n"]),
            check: |bytes| {
                let Some(h) = text(bytes).and_then(|t| Hackenbush::parse(t, "ground").ok()) else {
                    return Ok(());
                };
                let value = h.value();
                for e in h.winning_cuts() {
                    h.edge_ends(e)
                        .ok_or_else(|| format!("cut {e} is not an edge"))?;
                }
                // The same picture written back out has the same value.
                let printed: String = (0..h.edges().len())
                    .filter_map(|e| h.edge_ends(e))
                    .map(|(u, v)| format!("{u} {v}\n"))
                    .collect();
                let again = Hackenbush::parse(&printed, "ground")
                    .map_err(|e| format!("re-parse of {printed:?}: {e}"))?;
                (again.value() == value)
                    .then_some(())
                    .ok_or_else(|| format!("{printed:?}: {value} then {}", again.value()))
            },
        },
        FuzzTarget {
            name: "impartial/numeric-api",
            seeds: || {
                vec![
                    vec![3, 4, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                    vec![255; 24],
                    vec![1, 0, 2],
                ]
            },
            check: |bytes| {
                // The functions that take numbers, on numbers from anywhere in their range:
                // an answer or a typed error, never a panic.
                // Small values half the time, so both ends of the range are tried.
                let words: Vec<u64> = words(bytes)
                    .into_iter()
                    .map(|v| if v % 2 == 0 { v % 64 } else { v })
                    .collect();
                let heaps: Vec<u64> = words.iter().copied().take(5).collect();
                let small: Vec<u64> = heaps.iter().map(|&h| h % 40).collect();
                let _ = crate::nim::nim_winning_moves(&heaps);
                let _ = crate::nim::misere_winning_moves(&heaps);
                let _ = crate::nim::staircase_winning_moves(&heaps);
                let _ = crate::nim::nim_moves_to_value(&heaps, words.last().copied().unwrap_or(0));
                for k in 0..4 {
                    if let Some(m) = crate::nim::MooreNim::new(k) {
                        let _ = m.winning_move(&heaps);
                    }
                }
                let (a, b) = (
                    words.first().copied().unwrap_or(0),
                    words.get(1).copied().unwrap_or(0),
                );
                let _ = crate::wythoff::winning_moves(a, b);
                let _ = crate::wythoff::p_pair(a);
                let _ = crate::wythoff::partner(b);
                let _ = crate::wythoff::grundy_table((a % 40) as usize, 1 << 20);
                let _ = crate::divisor::outcome(a);
                let _ = crate::divisor::winning_moves(a % (1 << 40));
                let _ = crate::divisor::grundy_values(b % 5000);
                let _ = crate::stones::winning_moves(&small);
                let n = (a % 6) as usize;
                let edges: Vec<(u32, u32)> = bytes
                    .chunks(2)
                    .take(8)
                    .map(|c| {
                        (
                            u32::from(c[0] % 8),
                            u32::from(c.get(1).copied().unwrap_or(0) % 8),
                        )
                    })
                    .collect();
                if let Ok(h) = Hackenbush::new(n, edges.clone()) {
                    let _ = h.value();
                    let _ = h.winning_cuts();
                }
                if let Ok(g) = Digraph::from_edges(n, &edges) {
                    if let Ok(values) = crate::graph::grundy_values(&g) {
                        let tokens: Vec<u32> =
                            bytes.iter().take(3).map(|&t| u32::from(t % 9)).collect();
                        let _ = crate::graph::token_position(&g, &values, &tokens);
                    }
                    let loopy = crate::loopy::loopy_values(&g);
                    let _ = crate::loopy::advise(&g, &loopy, &[0, 7]);
                }
                Ok(())
            },
        },
        FuzzTarget {
            name: "impartial/checkpoint-file",
            seeds: || {
                let path = scratch("seed");
                let _ = std::fs::remove_file(&path);
                let written = CheckpointFile::open(&path, "octal 0.77").and_then(|(mut f, _)| {
                    f.append(&[0, 1, 2, 3])?;
                    f.append(&[0, 1, 2, 3, 1, 4, 3, 2])
                });
                let bytes = written.map(|()| std::fs::read(&path).unwrap_or_default());
                let _ = std::fs::remove_file(&path);
                bytes.into_iter().collect()
            },
            check: |bytes| {
                let path = scratch("case");
                std::fs::write(&path, bytes).map_err(|e| e.to_string())?;
                let first = CheckpointFile::open(&path, "octal 0.77");
                let result = match first {
                    Ok((_, values)) => match CheckpointFile::open(&path, "octal 0.77") {
                        Ok((_, again)) if again == values => Ok(()),
                        Ok((_, again)) => Err(format!("reopened with {again:?}, not {values:?}")),
                        Err(e) => Err(format!("opened once, then refused: {e}")),
                    },
                    Err(e) => {
                        let _ = e.to_string();
                        Ok(())
                    }
                };
                let _ = std::fs::remove_file(&path);
                result
            },
        },
    ]
}

/// A file of this process and thread's own in the temporary folder (each use removes it).
fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "cgt-fuzz-{}-{name}-{:?}.ckpt",
        std::process::id(),
        std::thread::current().id()
    ))
}
