//! `cgt-retro`'s fuzz targets: FEN, game-graph files and table files.

use std::sync::OnceLock;

use cgt_core::verify::fuzz::FuzzTarget;

use crate::chess::tables::{EndgameTable, TableFile};
use crate::chess::{Endgame, Scheme, Square};
use crate::graph::GameGraph;

fn seeds(texts: &[&str]) -> Vec<Vec<u8>> {
    texts.iter().map(|s| s.as_bytes().to_vec()).collect()
}

/// One-piece and two-sided endgames whose FEN parsers are fuzzed.
fn endgames() -> &'static [Endgame] {
    static ENDGAMES: OnceLock<Vec<Endgame>> = OnceLock::new();
    ENDGAMES.get_or_init(|| {
        [
            ("kqk", Scheme::Reduced, None),
            ("kbnk", Scheme::Raw, None),
            ("kqkr", Scheme::Reduced, None),
            ("kqk-fixed", Scheme::Raw, Square::new(18)),
        ]
        .into_iter()
        .filter_map(|(n, s, f)| Endgame::parse(n, s, f).ok())
        .collect()
    })
}

/// A small table's file, built once.
fn table_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        Endgame::parse("knk", Scheme::Reduced, None)
            .ok()
            .and_then(|e| EndgameTable::build(e, u128::MAX).ok())
            .map(|t| t.encode())
            .unwrap_or_default()
    })
}

/// The fuzz targets of this crate.
#[must_use]
pub fn fuzz_targets() -> Vec<FuzzTarget> {
    vec![
        FuzzTarget {
            name: "retro/fen",
            seeds: || {
                seeds(&[
                    "7k/8/8/8/8/8/8/KQ6 w - - 0 1",
                    "8/8/8/3k4/8/8/8/KBN5 b - - 0 1",
                    "k7/8/8/8/8/8/1r6/KQ6 w",
                    "8/8/8/8/8/2K5/8/k6Q b - - 0 1",
                ])
            },
            check: |bytes| {
                let Ok(text) = std::str::from_utf8(bytes) else {
                    return Ok(());
                };
                for e in endgames() {
                    let Ok(pos) = e.parse_fen(text) else {
                        continue;
                    };
                    let fen = pos.fen();
                    let again = e
                        .parse_fen(&fen)
                        .map_err(|err| format!("{}: {fen:?} does not parse: {err}", e.name()))?;
                    if again != pos {
                        return Err(format!(
                            "{}: {fen:?} reads back as another position",
                            e.name()
                        ));
                    }
                    let _ = e.index_of(&pos);
                }
                Ok(())
            },
        },
        FuzzTarget {
            name: "retro/position-api",
            seeds: || {
                vec![
                    vec![0, 63, 9, 1, 0, 0, 0, 0, 0, 0, 0],
                    vec![7, 3, 200, 17, 1, 2, 3, 4, 5, 6, 7],
                ]
            },
            check: |bytes| {
                // Every public function of every endgame on positions of any endgame, and on
                // any index: an answer, never a panic.
                let all = endgames();
                let byte = |i: usize| bytes.get(i).copied().unwrap_or(0);
                let mut index = [0u8; 8];
                for (i, b) in index.iter_mut().enumerate() {
                    *b = byte(3 + i);
                }
                let index = u64::from_le_bytes(index) as usize;
                let square = |i: usize| {
                    Square::new(byte(i) % 64)
                        .unwrap_or(Square::new(0).unwrap_or_else(|| unreachable!()))
                };
                for e in all {
                    let from_index = e.decode(index % e.index_count().max(1));
                    if e.decode(index).is_some() != (index < e.index_count()) {
                        return Err(format!("{}: decode({index}) answers wrongly", e.name()));
                    }
                    let white: Vec<(crate::chess::Piece, Square)> = e
                        .pieces()
                        .iter()
                        .enumerate()
                        .map(|(i, &p)| (p, square(11 + i)))
                        .collect();
                    let black: Vec<(crate::chess::Piece, Square)> = e
                        .black_pieces()
                        .iter()
                        .enumerate()
                        .map(|(i, &p)| (p, square(14 + i)))
                        .collect();
                    let color = if byte(2) % 2 == 0 {
                        crate::chess::Color::White
                    } else {
                        crate::chess::Color::Black
                    };
                    let built = e.position(square(0), square(1), &white, &black, color).ok();
                    for pos in [from_index, built].into_iter().flatten() {
                        for other in all {
                            let i = other.index_of(&pos);
                            let _ = other.is_stored(i);
                            let _ = other.is_legal(&pos);
                            let _ = other.in_check(&pos);
                            let _ = other.canonical(&pos);
                            let _ = other.raw_multiplicity(&pos);
                            for m in other.moves(&pos) {
                                let _ = other.san(&pos, m);
                                let _ = other.play_unchecked(&pos, m);
                            }
                        }
                        let _ = pos.fen();
                    }
                }
                Ok(())
            },
        },
        FuzzTarget {
            name: "retro/graph-file",
            seeds: || {
                seeds(&[
                    "a b\nb c\nd e\ne d\n",
                    "s t\nterminal t win\n# comment\nu s\n",
                ])
            },
            check: |bytes| {
                let Some(g) = std::str::from_utf8(bytes)
                    .ok()
                    .and_then(|t| GameGraph::parse(t).ok())
                else {
                    return Ok(());
                };
                // Small inputs make small graphs; solving them must not panic.
                crate::engine::solve(&g, 1 << 30).map_err(|e| format!("solve: {e}"))?;
                Ok(())
            },
        },
        FuzzTarget {
            name: "retro/table-file",
            seeds: || vec![table_bytes().to_vec()],
            check: |bytes| {
                let Ok(table) = EndgameTable::decode(bytes) else {
                    return Ok(());
                };
                let again = EndgameTable::decode(&table.encode())
                    .map_err(|e| format!("a decoded table does not decode again: {e}"))?;
                if again.table().parts() != table.table().parts() {
                    return Err("encode then decode changed the table".to_owned());
                }
                // The same bytes read in place agree with the decoded table.
                let path = std::env::temp_dir().join(format!(
                    "cgt-fuzz-table-{}-{:?}.cgtb",
                    std::process::id(),
                    std::thread::current().id()
                ));
                std::fs::write(&path, bytes).map_err(|e| e.to_string())?;
                let file = TableFile::open(&path).map_err(|e| format!("TableFile: {e}"));
                let _ = std::fs::remove_file(&path);
                let file = file?;
                file.verify().map_err(|e| format!("verify: {e}"))?;
                for i in (0..table.table().size()).step_by(997) {
                    let Some(pos) = table.endgame().decode(i) else {
                        return Err(format!("index {i} does not decode"));
                    };
                    let in_place = file.probe(&pos).map_err(|e| e.to_string())?;
                    if in_place != table.probe(&pos) {
                        return Err(format!("index {i}: in place {in_place:?}"));
                    }
                }
                Ok(())
            },
        },
    ]
}
