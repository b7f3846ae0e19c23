//! The game-tree commands: the reports are `cgt-report`'s; `--play` on m,n,k is here.

use crate::output::{CliError, memory_limit};
use crate::report::{Output, report, session_without_json};
use cgt_report::minimax::{MNK_SOLVE_CELLS, empty_cells, mnk_position, search_options};

pub(crate) fn tree(
    text: &str,
    ask: cgt_report::minimax::TreeQuestions<'_>,
) -> Result<Output, CliError> {
    report(cgt_report::minimax::tree(text, ask)?)
}

pub(crate) fn mnk(
    shape: (u8, u8, u8),
    moves: &[u8],
    counts: bool,
    threads: Option<u32>,
    play: bool,
    explain: bool,
) -> Result<Output, CliError> {
    let threads = crate::games::thread_count(threads);
    if play {
        let pos = mnk_position(shape, moves)?;
        let empty = empty_cells(&pos);
        let options = search_options(empty, threads, memory_limit()?)?;
        return session_without_json(move || play_mnk(pos, options, threads, empty));
    }
    report(cgt_report::minimax::mnk(
        shape,
        moves,
        counts,
        threads,
        &crate::output::search_budget()?,
        explain,
    )?)
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
