//! Sweeps of the m,n,k table, strategy stealing, Bridg-it and the grid-cycle game.

use crate::bridgit::{self, Bridgit, PairingPlayer};
use crate::cycle::{self, CycleGame, GridEdge};
use crate::engine::{Game, Options, Solver, minimax, option_grid};
use crate::mnk::Mnk;
use cgt_core::verify::{Config, Rng, Tally, check_cases};

pub(super) fn grid_cycle_pairing(config: &Config) -> Tally {
    let mut windows = vec![
        (2u8, 2u8),
        (3, 2),
        (2, 3),
        (3, 3),
        (4, 2),
        (2, 4),
        (4, 3),
        (3, 4),
    ];
    if config.scale.pick(false, false, true) {
        windows.push((4, 4));
    }
    let exhaustive = windows.len() as u64;
    let random = config.scale.pick(50u64, 1_000, 10_000);
    check_cases(config, exhaustive + random, |case| {
        if case < exhaustive {
            let (w, h) = windows[case as usize];
            let start = CycleGame::new(w, h).map_err(|e| e.to_string())?;
            return match cycle::pairing_holds_everywhere(&start) {
                Ok(_) => Ok(()),
                Err(segments) => Err(format!(
                    "{w}×{h}: the first player closed a cycle with {}",
                    segments
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("; ")
                )),
            };
        }
        let mut rng = Rng::for_case("minimax/grid-cycle-pairing", case);
        let (w, h) = (4 + rng.below(27) as u8, 4 + rng.below(27) as u8);
        let greedy = case % 2 == 0;
        let mut g = CycleGame::new(w, h).map_err(|e| e.to_string())?;
        let mut free: Vec<GridEdge> = g.free().collect();
        let mut moves = 0;
        while !g.over() && moves < 300 {
            // The greedy player extends its last segment when it can; else a random segment.
            let near: Vec<GridEdge> = match g.last_first() {
                Some(last) if greedy => g.free_neighbours(last).collect(),
                _ => Vec::new(),
            };
            let choice = if near.is_empty() {
                free.retain(|&e| g.is_free(e));
                free[rng.below(free.len() as u64) as usize]
            } else {
                near[rng.below(near.len() as u64) as usize]
            };
            g.take(choice).map_err(|e| e.to_string())?;
            moves += 1;
            if g.cycle_closed() {
                return Err(format!(
                    "{w}×{h}: a cycle closed after {moves} moves of the first player"
                ));
            }
            if let Some(r) = g.pairing_reply() {
                g.take(r).map_err(|e| e.to_string())?;
            }
        }
        Ok(())
    })
}

pub(super) fn mnk_table(config: &Config) -> Tally {
    let total = config.scale.pick(60, 2_000, 30_000);
    let free = config.scale.pick(6u32, 8, 9);
    let boards = [
        (3u8, 3u8, 3u8),
        (3, 4, 3),
        (4, 3, 3),
        (4, 4, 3),
        (4, 4, 4),
        (2, 5, 2),
    ];
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/mnk-table-vs-minimax", case);
        let (m, n, k) = boards[(case % boards.len() as u64) as usize];
        let mut p = Mnk::new(m, n, k).map_err(|e| e.to_string())?;
        // Pre-play random moves so plain minimax stays cheap.
        let cells = u32::from(m) * u32::from(n);
        let pre = cells.saturating_sub(free) + rng.below(2) as u32;
        for _ in 0..pre {
            if p.terminal().is_some() {
                break;
            }
            let mut moves = Vec::new();
            p.moves(&mut moves);
            p.play(moves[rng.below(moves.len() as u64) as usize]);
        }
        let reference = minimax(&p);
        // Every combination of techniques, with a table from tiny (constant collisions) to
        // comfortable, must give the minimax value.
        let grid = option_grid(&[None, Some(2), Some(16)]);
        let options = grid[(case / boards.len() as u64 % grid.len() as u64) as usize];
        let value = Solver::new(options).solve(&p);
        if value == reference {
            Ok(())
        } else {
            Err(format!(
                "{m},{n},{k} {:?}: minimax {reference}, search with {options:?} {value}",
                p.bitboards()
            ))
        }
    })
}

pub(super) fn strategy_stealing(config: &Config) -> Tally {
    let mut boards = Vec::new();
    let max_side = config.scale.pick(3u8, 4, 4);
    for m in 1..=max_side {
        for n in 1..=max_side {
            for k in 1..=m.max(n).min(4) {
                boards.push((m, n, k));
            }
        }
    }
    check_cases(config, boards.len() as u64, |case| {
        let (m, n, k) = boards[case as usize];
        let empty = Mnk::new(m, n, k).map_err(|e| e.to_string())?;
        let value = Solver::new(Options::default()).solve(&empty);
        if value >= 0 {
            Ok(())
        } else {
            Err(format!("({m},{n},{k}) is a second-player win"))
        }
    })
}

pub(super) fn bridgit_search(config: &Config) -> Tally {
    let total = config.scale.pick(40, 1_000, 10_000);
    let grid = option_grid(&[None, Some(3), Some(16)]);
    check_cases(config, total, |case| {
        let mut rng = Rng::for_case("minimax/bridgit-vs-minimax", case);
        let n = 2 + (case % 3) as u8;
        let mut p = Bridgit::new(n).map_err(|e| e.to_string())?;
        let free_target = 6 + rng.below(3) as u32;
        let mut moves = Vec::new();
        while p.free().count_ones() > free_target && p.terminal().is_none() {
            moves.clear();
            p.moves(&mut moves);
            p.play(moves[rng.below(moves.len() as u64) as usize]);
        }
        let reference = minimax(&p);
        let options = grid[rng.below(grid.len() as u64) as usize];
        let value = Solver::new(options).solve(&p);
        if value == reference {
            Ok(())
        } else {
            Err(format!(
                "n={n} {:?}: minimax {reference}, {options:?} gives {value}",
                p.claimed()
            ))
        }
    })
}

pub(super) fn bridgit_pairing(config: &Config) -> Tally {
    let played = config.scale.pick(3u8, 4, 4);
    let paths = config.scale.pick(6u8, 8, 8);
    let cases: Vec<(bool, u8)> = (1..=played)
        .map(|n| (true, n))
        .chain((2..=paths).map(|n| (false, n)))
        .collect();
    check_cases(config, cases.len() as u64, |case| {
        let (play, n) = cases[case as usize];
        if play {
            let start = Bridgit::new(n).map_err(|e| e.to_string())?;
            bridgit::wins_against_everything(start, &mut PairingPlayer::new(n))
                .map(|_| ())
                .map_err(|line| format!("n={n}: Top wins with {line:?}"))
        } else {
            bridgit::pairing_blocks_every_path(n)
                .map_err(|path| format!("n={n}: Top path {path:?} uses one slot of each pair"))
        }
    })
}

pub(super) fn bridgit_crossings(config: &Config) -> Tally {
    let max = config.scale.pick(3u8, 3, 4);
    check_cases(config, u64::from(max), |case| {
        let n = case as u8 + 1;
        bridgit::exactly_one_crosses(n).map_err(|left| {
            format!("n={n}: Left's slots {left:#b} and the rest both cross, or neither")
        })?;
        let e = u32::from(n * n + (n - 1) * (n - 1));
        let count = bridgit::crossing_count(n);
        if count == 1 << (e - 1) {
            Ok(())
        } else {
            Err(format!("n={n}: {count} crossing sets, not 2^{}", e - 1))
        }
    })
}

pub(super) fn bridgit_shannon(config: &Config) -> Tally {
    // Each case: (n, ties). The claim fails if any case finds a winning line for Top.
    let cases = [
        (2u8, bridgit::Ties::All),
        (3, bridgit::Ties::Best),
        (3, bridgit::Ties::All),
        (4, bridgit::Ties::Best),
    ];
    let count = config.scale.pick(3u64, 4, 4);
    check_cases(config, count, |case| {
        let (n, every) = cases[case as usize];
        let start = Bridgit::new(n).map_err(|e| e.to_string())?;
        bridgit::shannon_record(start, every)
            .map(|_| ())
            .map_err(|line| {
                format!(
                    "n={n}, {} tie-break: Top wins with {line:?}",
                    if every == bridgit::Ties::All {
                        "a bad"
                    } else {
                        "any"
                    }
                )
            })
    })
}
