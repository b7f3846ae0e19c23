//! The game-tree commands: the reports are `cgt-report`'s; `--play` on m,n,k is here.

use crate::output::{CliError, memory_limit};
use crate::report::emit_report;
use cgt_report::minimax::{MNK_SOLVE_CELLS, empty_cells, mnk_position, search_options};

pub(crate) fn tree(
    json: bool,
    text: &str,
    window: Option<&[i64]>,
    stats: bool,
    explain: bool,
) -> Result<(), CliError> {
    emit_report(
        json,
        &cgt_report::minimax::tree(text, window, stats, explain)?,
    )
}

pub(crate) fn andor(
    json: bool,
    height: u32,
    leaves: Option<&str>,
    seed: Option<u64>,
) -> Result<(), CliError> {
    emit_report(json, &cgt_report::minimax::andor(height, leaves, seed)?)
}

pub(crate) fn mnk(
    json: bool,
    shape: (u8, u8, u8),
    moves: &[u8],
    counts: bool,
    threads: Option<u32>,
    play: bool,
) -> Result<(), CliError> {
    let threads = crate::games::thread_count(threads);
    if play {
        let pos = mnk_position(shape, moves)?;
        let empty = empty_cells(&pos);
        let options = search_options(empty, threads, memory_limit())?;
        if json {
            return Err(CliError::input(
                "--play is interactive; --json is not available with it",
            ));
        }
        return play_mnk(pos, options, threads, empty);
    }
    let r = cgt_report::minimax::mnk(shape, moves, counts, threads, memory_limit())?;
    emit_report(json, &r)
}

fn play_mnk(
    start: cgt_minimax::mnk::Mnk,
    options: cgt_minimax::engine::Options,
    threads: usize,
    empty: u32,
) -> Result<(), CliError> {
    if empty > MNK_SOLVE_CELLS {
        return Err(CliError::input(format!(
            "{empty} empty cells: the program plays exactly only up to {MNK_SOLVE_CELLS}"
        )));
    }
    let human_x = start.x_to_move();
    crate::output::print(&format!(
        "You play {} against the program.\n",
        if human_x { "X" } else { "O" }
    ))?;
    crate::play::play(cgt_play::games::MnkPlay { options, threads }, start)
}
