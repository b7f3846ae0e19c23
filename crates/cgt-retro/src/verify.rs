//! This crate's verification sweeps.

pub use crate::fuzz::fuzz_targets;
use cgt_core::Verdict;
use cgt_core::verify::{Config, Expect, Rng, Sweep, Tally, check_cases};

use std::sync::OnceLock;

use crate::chess::{Endgame, Position, Scheme};
use crate::engine::{Distances, RetroGame, RetroShortcuts, Successor, Table, Terminal, solve};
use crate::graph::GameGraph;

/// The sweeps of `cgt-retro`, in the order they are listed.
#[must_use]
pub fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "retro/engine-vs-fixed-point",
            claim: "the level-by-level engine equals the seed's repeated-pass fixed point (mark 0, \
                then −1, 2, −3, … until nothing changes) on random graphs with cycles and \
                terminal results",
            expect: Expect::Holds,
            run: engine_vs_fixed_point,
        },
        Sweep {
            name: "retro/decisive-exits",
            claim: "moves that leave the table into positions with known verdicts (wins, \
                    losses, draws at various distances) give the same verdicts as solving the \
                    whole graph with those positions inside, on random cyclic graphs",
            expect: Expect::Holds,
            run: decisive_exits,
        },
        Sweep {
            name: "retro/one-byte-words",
            claim: "the engine's one-byte word per position (count, then distance) gives the \
                tables of its two-byte word, and the seed's fixed point, on random graphs \
                whose distances pass 255 (chains of 256 to 700 moves with random extra edges)",
            expect: Expect::Holds,
            run: one_byte_words,
        },
        Sweep {
            name: "retro/chess-table-consistency",
            claim: "every position of the KQK, KRK, KBK, KNK, KQKR, KRRK (and at full scale KBNK, \
                KNNK, KBBK, KRKN, KQKQ, KQRK, KQBK, KQQK) tables: a win at d has a move to a loss at d−1 and none shorter, a loss at d has \
                only moves to wins within d−1 and one at d−1, a draw has a drawing move and no \
                move to a loss, and terminal positions are exactly the mates and stalemates",
            expect: Expect::Holds,
            run: chess_consistency,
        },
        Sweep {
            name: "retro/raw-vs-reduced",
            claim: "the raw and the symmetry-reduced tables of KQK, KRK, KBK, KNK (and KBBK at full \
                scale) agree on every raw position",
            expect: Expect::Holds,
            run: raw_vs_reduced,
        },
        Sweep {
            name: "retro/kernel-vs-positions",
            claim: "the index-level rules the engine uses (classification, moves with probed \
                captures, un-moves, moves to count down; a block's classification as masks \
                where the kernel gives it) equal the Position-based rules on every index of \
                the one-piece tables, raw (every 11th index of KRK, KBK, KNK below full scale) and reduced, and samples of KQKR, KRKN, KBBK, KNNK, \
                KBNK, KQRK, KRRK and the five-man KQKRR and KQRKR (at full scale every \
                index of the two-piece and two-sided reduced tables, of KQRK, KRRK, KQBK and \
                KQQK, every 7th raw KBNK and KQKR index, and a million indices of each five-man \
                shape)",
            expect: Expect::Holds,
            run: kernel_vs_positions,
        },
        Sweep {
            name: "retro/kernel-table-vs-positions",
            claim: "whole tables solved through the Position-based rules equal the kernel's, \
                bit for bit: KNKN and KRRK (KQK at test scale; at full scale KQRK, KQBK and the \
                five-man KNNKN too)",
            expect: Expect::Holds,
            run: kernel_table_vs_positions,
        },
        Sweep {
            name: "retro/five-man-consistency",
            claim: "every position of five-man tables is consistent with its moves, captures \
                probed in the four-man tables (as retro/chess-table-consistency): every 4,099th \
                index of KQRKR at quick scale; every index of KQRKR, KQKRR and KBNKN at full \
                scale (every 1,009th index of the four-man KQRK at test scale)",
            expect: Expect::Holds,
            run: five_man_consistency,
        },
        Sweep {
            name: "retro/colour-symmetry",
            claim: "in the symmetric endgames (KRKR at quick scale; KQKQ, KBKB, KNKN too at full \
                scale) swapping the colours and flipping the board keeps the verdict of every \
                position; at test scale, the legality, check and number of moves of random \
                positions",
            expect: Expect::Holds,
            run: colour_symmetry,
        },
        Sweep {
            name: "retro/forward-search",
            claim: "a plain forward minimax search agrees with the KQK, KRK, KBNK and KQKR \
                tables on random positions decided within 7 plies (5 for KQKR, whose captures \
                are probed in KQK and KRK), and finds nothing shorter",
            expect: Expect::Holds,
            run: forward_search,
        },
    ]
}

/// Endgames checked per scale.
fn endgames(scale: cgt_core::verify::Scale) -> Vec<&'static str> {
    scale.pick(
        vec!["kqk-fixed", "kqk"],
        vec!["kqk-fixed", "kqk", "krk", "kbk", "knk", "kqkr", "krrk"],
        vec![
            "kqk-fixed",
            "kqk",
            "krk",
            "kbk",
            "knk",
            "kbbk",
            "kbbk-opposite",
            "kbnk",
            "knnk",
            "kqkr",
            "krkn",
            "kqkq",
            "kqrk",
            "krrk",
            "kqbk",
            "kqqk",
        ],
    )
}

/// Built tables, by name and scheme.
type TableCache = std::sync::Mutex<Vec<(String, Scheme, &'static (Endgame, Table))>>;

/// Tables built once per process, by name and scheme.
fn table(name: &str, scheme: Scheme) -> &'static (Endgame, Table) {
    static CACHE: OnceLock<TableCache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| std::sync::Mutex::new(Vec::new()));
    let mut guard = cache
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(hit) = guard.iter().find(|(n, s, _)| n == name && *s == scheme) {
        return hit.2;
    }
    let endgame = Endgame::parse(name, scheme, None).expect("known endgame");
    endgame.prepare();
    let table = solve(&endgame, u128::MAX).expect("fits in memory");
    let leaked: &'static (Endgame, Table) = Box::leak(Box::new((endgame, table)));
    guard.push((name.to_owned(), scheme, leaked));
    leaked
}

/// Checks one stored position against its moves.
fn check_position(endgame: &Endgame, table: &Table, index: usize) -> Result<(), String> {
    let Some(v) = table.verdict(index) else {
        return Ok(());
    };
    let pos = endgame.decode_index(index);
    let moves = endgame.moves(&pos);
    let children: Vec<Verdict> = moves
        .iter()
        .map(|&m| {
            if m.capture {
                endgame.capture_verdict(&pos, m)
            } else {
                table
                    .verdict(endgame.index_of(&endgame.play_unchecked(&pos, m)))
                    .unwrap_or(Verdict::Draw)
            }
        })
        .collect();
    let fen = pos.fen();
    if moves.is_empty() {
        let expected = if endgame.in_check(&pos) {
            Verdict::Loss(0)
        } else {
            Verdict::Draw
        };
        return if v == expected {
            Ok(())
        } else {
            Err(format!("{fen}: no moves, table says {v}"))
        };
    }
    match v {
        Verdict::Win(d) => {
            let shortest = children
                .iter()
                .filter_map(|c| match c {
                    Verdict::Loss(k) => Some(*k),
                    _ => None,
                })
                .min();
            if shortest.map(|k| k + 1) != Some(d) {
                return Err(format!(
                    "{fen}: win in {d} but shortest losing reply {shortest:?}"
                ));
            }
        }
        Verdict::Loss(d) => {
            let mut longest = 0;
            for c in &children {
                match c {
                    Verdict::Win(k) => longest = longest.max(*k),
                    other => return Err(format!("{fen}: loss in {d} but a move reaches {other}")),
                }
            }
            if d == 0 || longest + 1 != d {
                return Err(format!("{fen}: loss in {d} but longest reply {longest}"));
            }
        }
        Verdict::Draw => {
            if children.iter().any(|c| matches!(c, Verdict::Loss(_))) {
                return Err(format!("{fen}: draw but a move wins"));
            }
            if !children.contains(&Verdict::Draw) {
                return Err(format!("{fen}: draw but no drawing move"));
            }
        }
    }
    Ok(())
}

/// Cases: every index of each endgame's reduced table, in turn.
fn chess_consistency(config: &Config) -> Tally {
    let names = endgames(config.scale);
    let sizes: Vec<usize> = names
        .iter()
        .map(|n| {
            Endgame::parse(n, Scheme::Reduced, None)
                .expect("known")
                .index_count()
        })
        .collect();
    let total: usize = sizes.iter().sum();
    for n in &names {
        table(n, Scheme::Reduced);
    }
    check_cases(config, total as u64, |case| {
        let mut i = case as usize;
        for (n, &size) in names.iter().zip(&sizes) {
            if i < size {
                let (endgame, t) = table(n, Scheme::Reduced);
                return check_position(endgame, t, i).map_err(|e| format!("{n}: {e}"));
            }
            i -= size;
        }
        Err("case beyond the domain".to_owned())
    })
}

fn raw_vs_reduced(config: &Config) -> Tally {
    let names = config.scale.pick(
        vec!["kqk"],
        vec!["kqk", "krk", "kbk", "knk"],
        vec!["kqk", "krk", "kbk", "knk", "kbbk"],
    );
    let sizes: Vec<usize> = names
        .iter()
        .map(|n| {
            Endgame::parse(n, Scheme::Raw, None)
                .expect("known")
                .index_count()
        })
        .collect();
    for n in &names {
        table(n, Scheme::Raw);
        table(n, Scheme::Reduced);
    }
    let total: usize = sizes.iter().sum();
    check_cases(config, total as u64, |case| {
        let mut i = case as usize;
        for (n, &size) in names.iter().zip(&sizes) {
            if i < size {
                let (raw_endgame, raw) = table(n, Scheme::Raw);
                let (red_endgame, red) = table(n, Scheme::Reduced);
                let pos = raw_endgame.decode_index(i);
                let a = raw.verdict(i);
                let b = raw_endgame
                    .is_legal(&pos)
                    .then(|| red.verdict(red_endgame.index_of(&pos)))
                    .flatten();
                return if a == b {
                    Ok(())
                } else {
                    Err(format!("{n} {}: raw {a:?}, reduced {b:?}", pos.fen()))
                };
            }
            i -= size;
        }
        Err("case beyond the domain".to_owned())
    })
}

fn kernel_vs_positions(config: &Config) -> Tally {
    let mut parts: Vec<(&str, Scheme, usize)> =
        vec![("kqk-fixed", Scheme::Raw, 1), ("kqk", Scheme::Reduced, 1)];
    if config.scale == cgt_core::verify::Scale::Test {
        parts.push(("kqkr", Scheme::Reduced, 997));
        // Every 7th block start of KNNK: the block classification as masks.
        parts.push(("knnk", Scheme::Reduced, 448));
    } else {
        parts.push(("kqk", Scheme::Raw, 1));
        // Raw one-piece tables: every index at full scale, every 11th at quick scale.
        let raw_step = if config.scale == cgt_core::verify::Scale::Full {
            1
        } else {
            11
        };
        for name in ["krk", "kbk", "knk"] {
            parts.push((name, Scheme::Reduced, 1));
            parts.push((name, Scheme::Raw, raw_step));
        }
    }
    if config.scale == cgt_core::verify::Scale::Quick {
        // Material beyond one piece a side: the lone king's captures probed, identical pieces
        // on either side, two black pieces, five men.
        parts.push(("kqrk", Scheme::Reduced, 613));
        parts.push(("krrk", Scheme::Raw, 6007));
        parts.push(("kqkrr", Scheme::Reduced, 600_011));
        parts.push(("kqrkr", Scheme::Reduced, 600_011));
        parts.push(("kqkr", Scheme::Reduced, 257));
        parts.push(("krkn", Scheme::Raw, 1811));
        // Every fifth block start of KBBK: the block classification's counts with identical
        // pieces (a symmetry may swap them).
        parts.push(("kbbk", Scheme::Reduced, 320));
        // Every fifth block start of KNNK and KBNK, reduced, and samples of raw KBNK: the
        // classification as masks.
        parts.push(("knnk", Scheme::Reduced, 320));
        parts.push(("kbnk", Scheme::Reduced, 320));
        parts.push(("kbnk", Scheme::Raw, 1664));
    }
    if config.scale == cgt_core::verify::Scale::Full {
        for name in [
            "kbbk",
            "kbbk-opposite",
            "kbnk",
            "knnk",
            "kqkr",
            "krkn",
            "kbkq",
            "kqkq",
        ] {
            parts.push((name, Scheme::Reduced, 1));
        }
        parts.push(("kbnk", Scheme::Raw, 7));
        parts.push(("kqkr", Scheme::Raw, 7));
        for name in ["kqrk", "krrk", "kqbk", "kqqk", "kbbk"] {
            parts.push((name, Scheme::Reduced, 1));
        }
        // About a million indices of each five-man shape.
        for name in ["kqrkr", "kqkrr", "kbnkn", "krrrk", "kqrrk", "knnkn"] {
            parts.push((name, Scheme::Reduced, 331));
        }
    }
    let endgames: Vec<(Endgame, usize)> = parts
        .iter()
        .map(|&(name, scheme, step)| (Endgame::parse(name, scheme, None).expect("known"), step))
        .collect();
    let sizes: Vec<usize> = endgames
        .iter()
        .map(|(e, step)| e.index_count().div_ceil(*step))
        .collect();
    let total: usize = sizes.iter().sum();
    check_cases(config, total as u64, |case| {
        let mut i = case as usize;
        for ((endgame, step), &size) in endgames.iter().zip(&sizes) {
            if i < size {
                return endgame.kernel_disagreement(i * step).map_or(Ok(()), Err);
            }
            i -= size;
        }
        Err("case beyond the domain".to_owned())
    })
}

/// The position with the colours swapped and the board flipped top to bottom (for endgames
/// whose two sides have the same material).
fn colour_flip(pos: &Position) -> Position {
    pos.colour_flipped()
}

fn colour_symmetry(config: &Config) -> Tally {
    if config.scale == cgt_core::verify::Scale::Test {
        // No table: the rules alone, on random placements.
        let endgame = Endgame::parse("krkr", Scheme::Raw, None).expect("known");
        return check_cases(config, 20_000, |case| {
            let mut rng = Rng::for_case("retro/colour-symmetry", case);
            let pos = endgame.decode_index(rng.below(endgame.index_count() as u64) as usize);
            let flipped = colour_flip(&pos);
            let facts = |p: &Position| {
                let legal = endgame.is_legal(p);
                (
                    legal,
                    legal && endgame.in_check(p),
                    if legal { endgame.moves(p).len() } else { 0 },
                )
            };
            if facts(&pos) == facts(&flipped) {
                Ok(())
            } else {
                Err(format!("{} and {} differ", pos.fen(), flipped.fen()))
            }
        });
    }
    let names = config
        .scale
        .pick(vec![], vec!["krkr"], vec!["krkr", "kqkq", "kbkb", "knkn"]);
    let half = Endgame::parse("krkr", Scheme::Reduced, None)
        .expect("known")
        .index_count()
        / 2;
    for n in &names {
        table(n, Scheme::Reduced);
    }
    check_cases(config, (names.len() * half) as u64, |case| {
        let name = names[case as usize / half];
        let (endgame, table) = table(name, Scheme::Reduced);
        let index = case as usize % half;
        let Some(v) = table.verdict(index) else {
            return Ok(());
        };
        let pos = endgame.decode_index(index);
        let flipped = colour_flip(&pos);
        let w = table.verdict(endgame.index_of(&flipped));
        if w == Some(v) {
            Ok(())
        } else {
            Err(format!(
                "{name} {}: {v}, but {} has {w:?}",
                pos.fen(),
                flipped.fen()
            ))
        }
    })
}

/// True when the side to move can force mate within `k` plies (plain forward search).
fn wins_within(endgame: &Endgame, pos: &Position, k: u32) -> bool {
    k >= 1
        && endgame.moves(pos).into_iter().any(|m| {
            if m.capture {
                matches!(endgame.capture_verdict(pos, m), Verdict::Loss(j) if j < k)
            } else {
                loses_within(endgame, &endgame.play_unchecked(pos, m), k - 1)
            }
        })
}

/// True when the side to move is mated within `k` plies whatever it does.
fn loses_within(endgame: &Endgame, pos: &Position, k: u32) -> bool {
    let moves = endgame.moves(pos);
    if moves.is_empty() {
        return endgame.in_check(pos);
    }
    k >= 1
        && moves.into_iter().all(|m| {
            if m.capture {
                matches!(endgame.capture_verdict(pos, m), Verdict::Win(j) if j < k)
            } else {
                wins_within(endgame, &endgame.play_unchecked(pos, m), k - 1)
            }
        })
}

fn forward_search(config: &Config) -> Tally {
    let names = config.scale.pick(
        vec!["kqk"],
        vec!["kqk", "krk", "kqrk"],
        vec!["kqk", "krk", "kbnk", "kqkr", "kqrk", "kqrkr", "kbnkn"],
    );
    let per = config.scale.pick(20u64, 300, 1000);
    let max_depth = config.scale.pick(3u32, 5, 7);
    for n in &names {
        table(n, Scheme::Reduced);
    }
    check_cases(config, names.len() as u64 * per, |case| {
        let name = names[(case / per) as usize];
        let (endgame, t) = table(name, Scheme::Reduced);
        let mut rng = Rng::for_case("retro/forward-search", case);
        // Draw random stored positions until one is decided within the depth.
        for _ in 0..100_000 {
            let i = rng.below(endgame.index_count() as u64) as usize;
            let Some(v) = t.verdict(i) else { continue };
            // Two-sided endgames branch more: a shallower search keeps the sweep quick.
            let depth = match endgame.men() {
                5 => max_depth.min(3),
                _ if endgame.black_piece().is_some() => max_depth.min(5),
                _ => max_depth,
            };
            let Some(d) = v.plies().filter(|&d| d <= depth) else {
                continue;
            };
            let pos = endgame.decode_index(i);
            let (proved, shorter) = match v {
                Verdict::Win(_) => (
                    wins_within(endgame, &pos, d),
                    d >= 2 && wins_within(endgame, &pos, d - 2),
                ),
                Verdict::Loss(_) => (
                    loses_within(endgame, &pos, d),
                    d >= 2 && loses_within(endgame, &pos, d - 2),
                ),
                Verdict::Draw => (true, false),
            };
            return if proved && !shorter {
                Ok(())
            } else {
                Err(format!(
                    "{name} {}: table {v}, search within {d}: {proved}, within {}: {shorter}",
                    pos.fen(),
                    d.saturating_sub(2)
                ))
            };
        }
        Ok(())
    })
}
/// An endgame answered through the Position-based rules only (no kernel, no shortcuts).
struct ByPositions<'a>(&'a Endgame);

impl RetroGame for ByPositions<'_> {
    fn size(&self) -> usize {
        self.0.index_count()
    }

    fn terminal(&self, index: usize) -> Option<Terminal> {
        self.0.position_terminal(index)
    }

    fn successors(&self, index: usize, out: &mut Vec<Successor>) {
        self.0.position_successors(index, out);
    }

    fn predecessors(&self, index: usize, out: &mut Vec<usize>) {
        self.0.position_predecessors(index, out);
    }

    fn has_decisive_exits(&self) -> bool {
        self.0.has_decisive_exits()
    }
}

impl RetroShortcuts for ByPositions<'_> {}

/// One case per endgame: its table through the Position-based rules equals the kernel's.
fn kernel_table_vs_positions(config: &Config) -> Tally {
    let names = config.scale.pick(
        vec!["kqk"],
        vec!["knkn", "krrk"],
        vec!["knkn", "krrk", "kqrk", "kqbk", "knnkn"],
    );
    check_cases(config, names.len() as u64, |case| {
        let name = names[case as usize];
        let endgame = Endgame::parse(name, Scheme::Reduced, None).expect("known");
        endgame.prepare();
        let kernel = solve(&endgame, u128::MAX).expect("fits");
        let rules = solve(&ByPositions(&endgame), u128::MAX).expect("fits");
        if kernel == rules {
            return Ok(());
        }
        let first = (0..kernel.size())
            .find(|&i| kernel.verdict(i) != rules.verdict(i))
            .expect("tables differ somewhere");
        Err(format!(
            "{name} {}: kernel {:?}, rules {:?}",
            endgame.decode_index(first).fen(),
            kernel.verdict(first),
            rules.verdict(first)
        ))
    })
}

/// Every `step`-th index of five-man tables checked against its moves.
fn five_man_consistency(config: &Config) -> Tally {
    let (names, step) = config.scale.pick(
        // At test scale the four-man KQRK, whose lone king's captures are probed too (a debug
        // build of a five-man table takes minutes; `cargo test` samples five-man tables
        // through the kernel's unit test instead).
        (vec!["kqrk"], 1_009usize),
        (vec!["kqrkr"], 4_099),
        (vec!["kqrkr", "kqkrr", "kbnkn"], 1),
    );
    for n in &names {
        table(n, Scheme::Reduced);
    }
    let sizes: Vec<usize> = names
        .iter()
        .map(|n| table(n, Scheme::Reduced).0.index_count().div_ceil(step))
        .collect();
    let total: usize = sizes.iter().sum();
    check_cases(config, total as u64, |case| {
        let mut i = case as usize;
        for (n, &size) in names.iter().zip(&sizes) {
            if i < size {
                let (endgame, t) = table(n, Scheme::Reduced);
                return check_position(endgame, t, i * step).map_err(|e| format!("{n}: {e}"));
            }
            i -= size;
        }
        Err("case beyond the domain".to_owned())
    })
}

/// Shen's method: whole passes over all positions; pass d decides the positions at distance d.
fn fixed_point(g: &GameGraph) -> Vec<Verdict> {
    let n = g.size();
    let mut verdict: Vec<Option<Verdict>> = (0..n)
        .map(|v| match g.terminal(v) {
            Some(Terminal::Loss) => Some(Verdict::Loss(0)),
            Some(Terminal::Win) => Some(Verdict::Win(0)),
            Some(Terminal::Draw) => Some(Verdict::Draw),
            _ => None,
        })
        .collect();
    let mut d = 1u32;
    let mut quiet = 0;
    while quiet < 2 {
        let mut new = Vec::new();
        for v in 0..n {
            if verdict[v].is_some() {
                continue;
            }
            let moves = g.moves(v);
            if moves
                .iter()
                .any(|&w| verdict[w] == Some(Verdict::Loss(d - 1)))
            {
                new.push((v, Verdict::Win(d)));
            } else if moves
                .iter()
                .all(|&w| matches!(verdict[w], Some(Verdict::Win(k)) if k < d))
                && moves
                    .iter()
                    .any(|&w| verdict[w] == Some(Verdict::Win(d - 1)))
            {
                new.push((v, Verdict::Loss(d)));
            }
        }
        quiet = if new.is_empty() { quiet + 1 } else { 0 };
        for (v, x) in new {
            verdict[v] = Some(x);
        }
        d += 1;
    }
    verdict
        .into_iter()
        .map(|v| v.unwrap_or(Verdict::Draw))
        .collect()
}

fn engine_vs_fixed_point(config: &Config) -> Tally {
    let total = config.scale.pick(300, 30_000, 300_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("retro/engine-vs-fixed-point", case);
        let n = 1 + rng.below(14) as usize;
        let density = 1 + rng.below(3);
        let mut edges = Vec::new();
        for u in 0..n {
            for v in 0..n {
                if rng.chance(density, 2 * n as u64) {
                    edges.push((u, v));
                }
            }
        }
        let mut terminals = Vec::new();
        for v in 0..n {
            if !edges.iter().any(|&(u, _)| u == v) && rng.chance(1, 3) {
                let t = [Terminal::Win, Terminal::Draw, Terminal::Loss][rng.below(3) as usize];
                terminals.push((v, t));
            }
        }
        let g = GameGraph::new(n, &edges, &terminals).map_err(|e| e.to_string())?;
        let table = solve(&g, u128::MAX).map_err(|e| e.to_string())?;
        let naive = fixed_point(&g);
        for (v, &expected) in naive.iter().enumerate() {
            let got = table.verdict(v).ok_or("a vertex is illegal")?;
            if got != expected {
                return Err(format!(
                    "edges {edges:?} terminals {terminals:?}: vertex {v} engine {got}, \
                     fixed point {expected}"
                ));
            }
        }
        Ok(())
    })
}

/// A graph with the engine's default bound on moves: two bytes per position.
struct TwoBytes<'a>(&'a GameGraph);

impl RetroGame for TwoBytes<'_> {
    fn size(&self) -> usize {
        self.0.size()
    }
    fn terminal(&self, index: usize) -> Option<Terminal> {
        self.0.terminal(index)
    }
    fn successors(&self, index: usize, out: &mut Vec<Successor>) {
        self.0.successors(index, out);
    }
    fn predecessors(&self, index: usize, out: &mut Vec<usize>) {
        self.0.predecessors(index, out);
    }
}

impl RetroShortcuts for TwoBytes<'_> {}

fn one_byte_words(config: &Config) -> Tally {
    let total = config.scale.pick(4, 60, 600);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("retro/one-byte-words", case);
        // A chain 0 → 1 → … → n − 1 (a loss at its end), and extra edges: back along the
        // chain (cycles, draws), forward (shortcuts), and branches to fresh dead ends. The
        // first case is the bare chain, whose start is decided at n − 1 > 255.
        let n = 257 + rng.below(444) as usize;
        let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
        let mut size = n;
        let extra = if case == 0 { 0 } else { rng.below(12) };
        for _ in 0..extra {
            let u = rng.below(n as u64) as usize;
            match rng.below(3) {
                0 => edges.push((u, rng.below(n as u64) as usize)),
                1 => edges.push((u, u + 1 + rng.below((n - u) as u64) as usize)),
                _ => {
                    edges.push((u, size));
                    size += 1;
                }
            }
        }
        edges.retain(|&(_, v)| v < size);
        let g = GameGraph::new(size, &edges, &[]).map_err(|e| e.to_string())?;
        if g.move_bound() > crate::engine::NARROW_MOVES {
            return Err("the graph would not take one-byte words".to_owned());
        }
        let narrow = solve(&g, u128::MAX).map_err(|e| e.to_string())?;
        let wide = solve(&TwoBytes(&g), u128::MAX).map_err(|e| e.to_string())?;
        let naive = fixed_point(&g);
        for (v, &expected) in naive.iter().enumerate() {
            let (one, two) = (narrow.verdict(v), wide.verdict(v));
            if one != Some(expected) || two != Some(expected) {
                return Err(format!(
                    "edges {edges:?}: vertex {v} one byte {one:?}, two bytes {two:?}, \
                     fixed point {expected}"
                ));
            }
        }
        if narrow != wide {
            return Err(format!("edges {edges:?}: the tables differ"));
        }
        // The one-byte build widens its distances exactly when one passes 255.
        let deep = narrow.parts().3.iter().any(|d| d > 255);
        if deep != matches!(narrow.parts().3, Distances::Wide(_)) || (case == 0 && !deep) {
            return Err(format!(
                "edges {edges:?}: distances held at the wrong width"
            ));
        }
        Ok(())
    })
}

/// The first `inside` vertices of a graph as a table whose edges to the other vertices are
/// exits with the verdicts `outside` (indexed by vertex − inside).
struct WithExits<'a> {
    graph: &'a GameGraph,
    inside: usize,
    outside: Vec<Verdict>,
}

impl RetroGame for WithExits<'_> {
    fn size(&self) -> usize {
        self.inside
    }
    fn terminal(&self, index: usize) -> Option<Terminal> {
        self.graph.terminal(index)
    }
    fn successors(&self, index: usize, out: &mut Vec<Successor>) {
        for &w in self.graph.moves(index) {
            out.push(if w < self.inside {
                Successor::Inside(w)
            } else {
                Successor::Outside(self.outside[w - self.inside])
            });
        }
    }
    fn predecessors(&self, index: usize, out: &mut Vec<usize>) {
        let mut all = Vec::new();
        self.graph.predecessors(index, &mut all);
        out.extend(all.into_iter().filter(|&u| u < self.inside));
    }
    fn has_decisive_exits(&self) -> bool {
        true
    }
}

/// No shortcuts but the graph's bound on moves (one byte per position in the engine).
impl RetroShortcuts for WithExits<'_> {
    fn move_bound(&self) -> usize {
        self.graph.move_bound()
    }
}

fn decisive_exits(config: &Config) -> Tally {
    let total = config.scale.pick(300, 30_000, 300_000);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("retro/decisive-exits", case);
        let inside = 1 + rng.below(10) as usize;
        // Outside: a few chains of forced moves ending in a terminal, some with cycles.
        let chains = 1 + rng.below(3) as usize;
        let mut edges = Vec::new();
        let mut terminals = Vec::new();
        let mut heads = Vec::new();
        let mut next = inside;
        for _ in 0..chains {
            let len = rng.below(5) as usize;
            heads.push(next);
            for i in 0..len {
                edges.push((next + i, next + i + 1));
            }
            let end = next + len;
            if rng.chance(1, 4) {
                edges.push((end, next)); // a cycle: a draw
            } else {
                let t = [Terminal::Win, Terminal::Draw, Terminal::Loss][rng.below(3) as usize];
                terminals.push((end, t));
            }
            next = end + 1;
        }
        let n = next;
        for u in 0..inside {
            for v in 0..inside {
                if rng.chance(2, 2 * inside as u64) {
                    edges.push((u, v));
                }
            }
            for &h in &heads {
                if rng.chance(1, 3) {
                    edges.push((u, h));
                }
            }
        }
        for v in 0..inside {
            if !edges.iter().any(|&(u, _)| u == v) && rng.chance(1, 3) {
                let t = [Terminal::Win, Terminal::Draw, Terminal::Loss][rng.below(3) as usize];
                terminals.push((v, t));
            }
        }
        let whole = GameGraph::new(n, &edges, &terminals).map_err(|e| e.to_string())?;
        let naive = fixed_point(&whole);
        let game = WithExits {
            graph: &whole,
            inside,
            outside: naive[inside..].to_vec(),
        };
        let table = solve(&game, u128::MAX).map_err(|e| e.to_string())?;
        for (v, &expected) in naive.iter().enumerate().take(inside) {
            let got = table.verdict(v).ok_or("a vertex is illegal")?;
            if got != expected {
                return Err(format!(
                    "edges {edges:?} terminals {terminals:?} inside {inside}: vertex {v} \
                     engine {got}, whole-graph fixed point {expected}"
                ));
            }
        }
        Ok(())
    })
}
