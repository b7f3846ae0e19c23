#!/usr/bin/env bash
# Side by side, in one run: cgt-partizan against the `cgt` crate of cgt-tools (AGPL-3.0) on the
# same Domineering boards, Toads and Frogs rows, Amazons, Konane, Ski Jumps and Fission boards,
# Snort graphs and sums of random games born by day 4,
# single-threaded, with the values checked equal (their canonical form is printed, read with our
# parser and compared by id). Library against library, in one process (labelled as such).
#
# The anchor is built in a scratch folder OUTSIDE the repository from crates.io; nothing of it
# is committed. The program below only calls its public API.
#
#   benches/compare/cgt_tools.sh [SCRATCH_DIR]
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="${1:-/tmp/cgt-tools-anchor}"
mkdir -p "$scratch/src"
cat > "$scratch/Cargo.toml" <<TOML
[package]
name = "cgt-tools-anchor"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
cgt = { version = "=0.11.0", default-features = false }
cgt-partizan = { path = "$repo/crates/cgt-partizan" }

[profile.release]
codegen-units = 1
TOML
cat > "$scratch/src/main.rs" <<'RUST'
use std::str::FromStr;
use std::time::Instant;

use cgt::short::partizan::games::amazons::Amazons as TheirAmazons;
use cgt::short::partizan::games::domineering::Domineering as TheirDomineering;
use cgt::short::partizan::games::fission::Fission as TheirFission;
use cgt::short::partizan::games::konane::Konane as TheirKonane;
use cgt::short::partizan::games::ski_jumps::SkiJumps as TheirSkiJumps;
use cgt::short::partizan::games::snort::{Snort as TheirSnort, VertexColor, VertexKind};
use cgt::graph::adjacency_matrix::undirected::UndirectedGraph;
use cgt::graph::{Graph as _, VertexIndex};
use cgt::short::partizan::games::toads_and_frogs::ToadsAndFrogs as TheirToads;
use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::partizan_game::PartizanGame as _;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use cgt_partizan::amazons::{Amazons, Board as AmazonsBoard};
use cgt_partizan::domineering::{Board, Domineering};
use cgt_partizan::colouring::Rule;
use cgt_partizan::fission::{Fission, Stones};
use cgt_partizan::graphcolouring::{ColouringGraph, Graph};
use cgt_partizan::konane::{Board as KonaneBoard, Konane};
use cgt_partizan::skijumps::{SkiJumps, Slope};
use cgt_partizan::PartizanGame;
use cgt_partizan::toads::{Row, ToadsAndFrogs};
use cgt_partizan::{Arena, Evaluator};

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        let v = f();
        best = best.min(t.elapsed().as_secs_f64());
        out = Some(v);
    }
    (best, out.expect("one run"))
}

fn row(kind: &str, what: &str, ours: f64, theirs: f64, same: bool) {
    println!(
        "{kind:<12} {what:<22} {ours:>10.4} {theirs:>10.4} {:>8.2}x  {}",
        theirs / ours,
        if same { "same value" } else { "DIFFERENT VALUES" }
    );
}

/// One row: our value of `ours` under `game` against the canonical form `theirs` computes.
fn compare<G: PartizanGame + Clone, T: ToString>(
    kind: &str,
    text: &str,
    runs: usize,
    game: G,
    ours: G::Position,
    theirs: impl Fn() -> T,
) {
    let (t_ours, (mut arena, v)) = best_of(runs, || {
        let mut arena = Arena::new();
        let v = Evaluator::new(game.clone()).value(&mut arena, &ours).expect("value");
        (arena, v)
    });
    let (t_theirs, cf) = best_of(runs, &theirs);
    let same = arena.parse(&cf.to_string()).map(|g| g == v).unwrap_or(false);
    row(kind, text, t_ours, t_theirs, same);
}

/// A game as drawn: its Left and Right options.
struct Raw(Vec<Raw>, Vec<Raw>);

/// A raw game born by day `day`, drawn by a small deterministic generator: each side gets up
/// to `width` options born by the day before.
fn raw_game(seed: &mut u64, day: u32, width: u64) -> Raw {
    let mut next = || {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *seed >> 33
    };
    if day == 0 {
        return Raw(Vec::new(), Vec::new());
    }
    let (nl, nr) = (next() % (width + 1), next() % (width + 1));
    let left = (0..nl).map(|_| raw_game(seed, day - 1, width)).collect();
    let right = (0..nr).map(|_| raw_game(seed, day - 1, width)).collect();
    Raw(left, right)
}

fn ours_of(arena: &mut Arena, g: &Raw) -> cgt_partizan::GameId {
    let left: Vec<_> = g.0.iter().map(|x| ours_of(arena, x)).collect();
    let right: Vec<_> = g.1.iter().map(|x| ours_of(arena, x)).collect();
    arena.form(&left, &right).expect("form")
}

fn theirs_of(g: &Raw) -> CanonicalForm {
    CanonicalForm::new_from_moves(g.0.iter().map(theirs_of).collect(), g.1.iter().map(theirs_of).collect())
}

fn main() {
    let runs: usize = std::env::var("RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(3);
    println!("{:<12} {:<22} {:>10} {:>10} {:>9}", "game", "position", "cgt (s)", "cgt-tools", "ratio");
    let boards = std::env::var("BOARDS").unwrap_or_else(|_| "4x4 3x6 4x5 5x5 4x6 ..../..../..../..#. ....#/...../...../#....".into());
    for b in boards.split_whitespace() {
        let ours_board: Board = b.parse().expect("board");
        let text: Vec<String> = (0..ours_board.rows())
            .map(|r| (0..ours_board.cols()).map(|c| if ours_board.is_empty_at(r, c) { '.' } else { '#' }).collect())
            .collect();
        let theirs_board = TheirDomineering::<cgt::grid::small_bit_grid::SmallBitGrid<_>>::from_str(&text.join("|")).expect("their board");
        let (t_ours, (mut arena, v)) = best_of(runs, || {
            let mut arena = Arena::new();
            let v = Evaluator::new(Domineering).value(&mut arena, &ours_board).expect("value");
            (arena, v)
        });
        let (t_theirs, cf) = best_of(runs, || {
            let tt = ParallelTranspositionTable::new();
            theirs_board.canonical_form(&tt)
        });
        let same = arena.parse(&cf.to_string()).map(|g| g == v).unwrap_or(false);
        row("domineering", b, t_ours, t_theirs, same);
    }
    let rows = std::env::var("ROWS").unwrap_or_else(|_| "TTT..FFF TT.T.F.FF TTT...FFF TT..TF.F.FF".into());
    for r in rows.split_whitespace() {
        let ours_row: Row = r.parse().expect("row");
        let theirs_row = TheirToads::from_str(r).expect("their row");
        let (t_ours, (mut arena, v)) = best_of(runs, || {
            let mut arena = Arena::new();
            let v = Evaluator::new(ToadsAndFrogs).value(&mut arena, &ours_row).expect("value");
            (arena, v)
        });
        let (t_theirs, cf) = best_of(runs, || {
            let tt = ParallelTranspositionTable::new();
            theirs_row.canonical_form(&tt)
        });
        let same = arena.parse(&cf.to_string()).map(|g| g == v).unwrap_or(false);
        row("toads-frogs", r, t_ours, t_theirs, same);
    }
    let amazons = std::env::var("AMAZONS")
        .unwrap_or_else(|_| "x..#/..../.#.o x.../..../...o x.#../...../..#.o".into());
    for b in amazons.split_whitespace() {
        let theirs = TheirAmazons::<cgt::grid::vec_grid::VecGrid<_>>::from_str(&b.replace('/', "|")).expect("their board");
        compare("amazons", b, runs, Amazons, b.parse::<AmazonsBoard>().expect("board"), || {
            theirs.canonical_form(&ParallelTranspositionTable::new())
        });
    }
    let konane = std::env::var("KONANE")
        .unwrap_or_else(|_| "xoxo/oxox/xo.o/o.ox xoxox/oxo.o/xo.ox xox.x/o.oxo/xoxo./oxo.x".into());
    for b in konane.split_whitespace() {
        let theirs = TheirKonane::<cgt::grid::vec_grid::VecGrid<_>>::from_str(&b.replace('/', "|")).expect("their board");
        compare("konane", b, runs, Konane, b.parse::<KonaneBoard>().expect("board"), || {
            theirs.canonical_form(&ParallelTranspositionTable::new())
        });
    }
    let slopes = std::env::var("SLOPES")
        .unwrap_or_else(|_| "L...../..R.../....L./R..... L....R/.R.L../...L.R/R..... L..R../.R..L./..L..R/R..L..".into());
    for b in slopes.split_whitespace() {
        let theirs = TheirSkiJumps::<cgt::grid::vec_grid::VecGrid<_>>::from_str(&b.replace('/', "|")).expect("their slope");
        compare("ski-jumps", b, runs, SkiJumps, b.parse::<Slope>().expect("slope"), || {
            theirs.canonical_form(&ParallelTranspositionTable::new())
        });
    }
    let fission = std::env::var("FISSION")
        .unwrap_or_else(|_| ".x.x/..x./..../..x. ...../.x.x./...../..x../..... ....../.x..x./...#../..x.../.....x".into());
    for b in fission.split_whitespace() {
        let theirs = TheirFission::<cgt::grid::vec_grid::VecGrid<_>>::from_str(&b.replace('/', "|")).expect("their board");
        compare("fission", b, runs, Fission, b.parse::<Stones>().expect("board"), || {
            theirs.canonical_form(&ParallelTranspositionTable::new())
        });
    }
    // Canonical forms of sums of several games born by day 4: both build the same raw games
    // (trees of options) bottom up in canonical form and add them; the sums are compared as
    // values.
    let sums = std::env::var("SUMS").unwrap_or_else(|_| "2 4 6".into());
    for k in sums.split_whitespace() {
        let k: usize = k.parse().expect("number of games in a sum");
        let mut seed = 2026 + k as u64;
        let sets: Vec<Vec<Raw>> =
            (0..100).map(|_| (0..k).map(|_| raw_game(&mut seed, 4, 3)).collect()).collect();
        let (t_ours, (mut arena, values)) = best_of(runs, || {
            let mut arena = Arena::new();
            let mut values = Vec::new();
            for set in &sets {
                let mut acc = arena.zero();
                for g in set {
                    let g = ours_of(&mut arena, g);
                    acc = arena.sum(acc, g).expect("sum");
                }
                values.push(acc);
            }
            (arena, values)
        });
        let (t_theirs, cfs) = best_of(runs, || {
            sets.iter()
                .map(|set| set.iter().map(theirs_of).fold(CanonicalForm::new_integer(0), |acc, g| acc + g))
                .collect::<Vec<_>>()
        });
        let same = cfs
            .iter()
            .zip(&values)
            .all(|(cf, &v)| arena.parse(&cf.to_string()).map(|g| g == v).unwrap_or(false));
        row("day-4 sums", &format!("100 sums of {k}"), t_ours, t_theirs, same);
    }
    // Snort on graphs: our text format, its edges handed to their adjacency matrix.
    let snort = std::env::var("SNORT")
        .unwrap_or_else(|_| "path:12 cycle:11 caterpillar:2,1,2 star:8 a-b-c-d-e-f-g-h-a-e".into());
    for t in snort.split_whitespace() {
        let g: Graph = t.parse().expect("graph");
        let edges: Vec<(VertexIndex, VertexIndex)> = g
            .edges()
            .into_iter()
            .map(|(u, v)| (VertexIndex { index: u }, VertexIndex { index: v }))
            .collect();
        let vertices = vec![VertexKind::Single(VertexColor::Empty); g.len()];
        let theirs = TheirSnort::new(UndirectedGraph::from_edges(&edges, &vertices));
        let game = ColouringGraph::new(Rule::Snort, &g);
        let start = game.start();
        compare("snort", t, runs, game, start, || {
            theirs.canonical_form(&ParallelTranspositionTable::new())
        });
    }
}
RUST
cd "$scratch"
cargo build --release --quiet
echo "machine: $(nproc) cores; both single-threaded; best of ${RUNS:-3} runs each, same process"
./target/release/cgt-tools-anchor
