//! `cgt mnk --play`: the reports are `cgt-report`'s.

use crate::output::{CliError, memory_limit};
use crate::report::{Output, session_without_json};
use cgt_report::minimax::{MNK_SOLVE_CELLS, empty_cells, mnk_position, search_options};

/// `cgt mnk … --play`.
pub(crate) fn play(request: &cgt_report::request::Mnk) -> Result<Output, CliError> {
    let threads = cgt_report::request::threads(request.threads);
    let shape = (request.m, request.n, request.k);
    let pos = mnk_position(shape, &request.moves)?;
    let empty = empty_cells(&pos);
    let options = search_options(empty, threads, memory_limit()?)?;
    session_without_json(move || play_mnk(pos, options, threads, empty))
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
    let game = cgt_play::games::MnkPlay {
        options,
        threads,
        time_limit: crate::output::time_limit()?,
    };
    crate::play::play(game, start)
}
