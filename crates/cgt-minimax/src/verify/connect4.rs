//! Sweeps of Connect-Four: options, the solver and its scores against plain minimax.

use crate::connect4::{Column, Connect4};
use crate::engine::{Game, Options, Solver, minimax, option_grid};
use cgt_core::verify::{Config, Rng, Tally, check_cases};

pub(super) fn connect4_options(config: &Config) -> Tally {
    let total = config.scale.pick(40, 1_500, 20_000);
    let boards = [(4u8, 4u8), (5, 4), (4, 5), (7, 6), (5, 5)];
    let grid = option_grid(&[None, Some(2), Some(16)]);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/connect4-vs-minimax", case);
        let (w, h) = boards[(case % boards.len() as u64) as usize];
        let mut p = Connect4::new(w, h).map_err(|e| e.to_string())?;
        // Leave 7 to 9 empty cells so plain minimax stays cheap.
        let left = 7 + rng.below(3) as u32;
        let mut moves = Vec::new();
        while p.played() + left < p.cells() && p.terminal().is_none() {
            moves.clear();
            p.moves(&mut moves);
            p.play(moves[rng.below(moves.len() as u64) as usize]);
        }
        let reference = minimax(&p);
        let (_, best) = Solver::new(Options::plain()).best_moves(&p);
        let options = grid[rng.below(grid.len() as u64) as usize];
        let got = Solver::new(options).best_moves(&p);
        if got == (reference, best.clone()) {
            Ok(())
        } else {
            Err(format!(
                "{w}x{h} {:?}: minimax {reference} {best:?}, {options:?} gives {got:?}",
                p.render()
            ))
        }
    })
}

/// The verdict of `p` for the side to move by plain search: the best of its children's
/// verdicts seen from before the move.
fn connect4_verdict(p: &Connect4) -> cgt_core::Verdict {
    use cgt_core::Verdict;
    match p.terminal() {
        Some(0) => return Verdict::Draw,
        Some(_) => return Verdict::Loss(0),
        None => {}
    }
    let mut moves = Vec::new();
    p.moves(&mut moves);
    moves
        .into_iter()
        .map(|c| {
            let mut child = *p;
            child.play(c);
            connect4_verdict(&child).parent()
        })
        .max()
        .unwrap_or(Verdict::Draw)
}

pub(super) fn connect4_verdicts(config: &Config) -> Tally {
    use crate::connect4::Connect4Solver;
    let total = config.scale.pick(60, 2_000, 20_000);
    let boards = [(3u8, 3u8), (4, 4), (5, 4), (4, 5), (7, 6), (6, 5)];
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/connect4-score-as-verdict", case);
        let (w, h) = boards[(case % boards.len() as u64) as usize];
        let mut p = Connect4::new(w, h).map_err(|e| e.to_string())?;
        let left = 2 + rng.below(8) as u32;
        let mut moves = Vec::new();
        while p.played() + left.min(p.cells()) < p.cells() && p.terminal().is_none() {
            moves.clear();
            p.moves(&mut moves);
            p.play(moves[rng.below(moves.len() as u64) as usize]);
        }
        let want = connect4_verdict(&p);
        let score = match p.terminal() {
            Some(t) => t,
            None => Connect4Solver::new(&p, 12).score(&p),
        };
        let got = p.verdict_of_score(score);
        if got == want {
            Ok(())
        } else {
            Err(format!(
                "{w}x{h} {:?}: score {score} read as {got:?}, search says {want:?}",
                p.render()
            ))
        }
    })
}

pub(super) fn connect4_solver(config: &Config) -> Tally {
    use crate::connect4::{Connect4Solver, Connect4Table, Depth, Watch, score_parallel};
    use std::sync::Arc;
    let total = config.scale.pick(40, 1_000, 10_000);
    let boards = [(7u8, 6u8), (5, 4), (4, 5), (6, 6), (9, 6), (8, 7), (3, 3)];
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/connect4-solver-vs-minimax", case);
        let (w, h) = boards[(case % boards.len() as u64) as usize];
        let mut p = Connect4::new(w, h).map_err(|e| e.to_string())?;
        let deep = case % 4 == 3 && w * h >= 30 && w <= 7;
        // Plain minimax reads up to width^empty leaves: 4 to 7 empty cells.
        let left = if deep {
            14 + rng.below(4) as u32
        } else {
            4 + rng.below(4) as u32
        };
        let mut moves = Vec::new();
        while p.played() + left.min(p.cells()) < p.cells() && p.terminal().is_none() {
            moves.clear();
            p.moves(&mut moves);
            // A random move that does not end the game, if there is one.
            let start = rng.below(moves.len() as u64) as usize;
            let pick = (0..moves.len())
                .map(|k| moves[(start + k) % moves.len()])
                .find(|&c| {
                    let mut child = p;
                    child.play(c);
                    child.terminal().is_none()
                })
                .unwrap_or(moves[start]);
            p.play(pick);
        }
        let bits = if rng.below(2) == 0 { 12 } else { 16 };
        let table = Arc::new(Connect4Table::new(bits));
        let mut solver = Connect4Solver::with_table(&p, Arc::clone(&table));
        let score = solver.score(&p);
        let columns = solver.move_scores(&p);
        let (reference, best) = if deep {
            Solver::new(Options::default()).best_moves(&p)
        } else {
            let mut best = Vec::new();
            let value = minimax(&p);
            moves.clear();
            if p.terminal().is_none() {
                p.moves(&mut moves);
            }
            for &c in &moves {
                let mut child = p;
                child.play(c);
                if child.terminal().map_or_else(|| -minimax(&child), |t| -t) == value {
                    best.push(c);
                }
            }
            (
                value,
                if p.terminal().is_some() {
                    Vec::new()
                } else {
                    best
                },
            )
        };
        let mine: Vec<Column> = (0..w)
            .filter(|&c| columns.get(usize::from(c)).copied().flatten() == Some(reference))
            .map(Column)
            .collect();
        let threads = 1 + rng.below(2) as usize;
        let parallel = score_parallel(&p, &table, threads, Depth::Exact, &Watch::none())
            .map_err(|e| e.to_string())?
            .0;
        let outcome = solver.outcome(&p);
        if score == reference
            && mine == best
            && parallel == reference
            && outcome == reference.signum()
        {
            Ok(())
        } else {
            Err(format!(
                "{w}x{h} {:?}: reference {reference} {best:?}; solver {score} {columns:?}, \
                 {threads} threads {parallel}, outcome {outcome}",
                p.render()
            ))
        }
    })
}
