//! Running what the command line asks: a request answered by `cgt_report::request::answer`
//! or played from `cgt_report::sessions`, or one of the command's own subcommands.

use cgt_partizan::Player;
use cgt_report::request::{self, Request};

use crate::cli::Command;
use crate::output::{CliError, print};
use crate::progress::Spinner;
use crate::report::{Output, report, session_without_json};
use crate::{games, impartial, partizan, retro, sequence};

/// A request: its report within the command's budget, or with `play` a session in the
/// terminal from the position it names.
pub(crate) fn ask(
    mut request: Request,
    play: bool,
    side: Player,
    spinner: &Spinner,
) -> Result<Output, CliError> {
    request.read_files(&mut crate::output::read_input)?;
    if !play {
        return report(request::answer(&request, &spinner.budget()?)?);
    }
    if let Request::Script(script) = request {
        return crate::script::play(script);
    }
    let started = cgt_report::sessions::start(&request, side, &crate::output::search_budget()?)?;
    session_without_json(move || crate::play::play(started))
}

/// A heap game's command: played with `--play`, else its sequence run here.
fn heaps(
    rules: String,
    run: crate::cli::SequenceArgs,
    spinner: &Spinner,
) -> Result<Output, CliError> {
    if run.play {
        let request = request::Heaps { rules, ..run.ask };
        return ask(Request::Heaps(request), true, Player::Left, spinner);
    }
    sequence::run(rules, run)
}

/// One of the command's own subcommands: those that take more than a request (files written,
/// checkpoints, streams, tables, the server).
pub(crate) fn own(command: Command, spinner: &Spinner) -> Result<Output, CliError> {
    let left = Player::Left;
    match command {
        Command::Ask(request) => ask(request, false, left, spinner),
        Command::Wythoff(args) => match (args.play, args.grundy) {
            (true, _) => ask(Request::Wythoff(args.request), true, left, spinner),
            (false, Some(_)) => impartial::wythoff_grundy(&args),
            (false, None) => ask(Request::Wythoff(args.request), false, left, spinner),
        },
        Command::Game {
            request,
            thermograph,
        } => partizan::game(&request, thermograph.as_deref(), spinner),
        Command::Loopy { request, file } => match file {
            Some(file) => {
                let budget = spinner.budget()?;
                let text = crate::output::read_input(&file)?;
                let g = cgt_report::inputs::loopy_game(&file, &text)?;
                let compare = request.compare.as_deref();
                report(cgt_report::loopy::report(&file, &g, compare, &budget)?)
            }
            None => ask(Request::Loopy(request), false, left, spinner),
        },
        Command::Octal { code, run } => {
            cgt_impartial::heapgame::HeapGame::from_name_or_code(&code).map_err(CliError::from)?;
            heaps(code, run, spinner)
        }
        Command::Subtraction { set, run } => {
            let set: cgt_impartial::heapgame::SubtractionSet =
                set.parse().map_err(CliError::from)?;
            let rules = cgt_impartial::heapgame::HeapGame::Subtraction(set).rules();
            heaps(rules, run, spinner)
        }
        Command::GrundyGame { run } => heaps(
            cgt_impartial::heapgame::HeapGame::Grundy.rules(),
            run,
            spinner,
        ),
        Command::Retro(cmd) => retro::run(cmd),
        Command::Connect4(args) => games::connect4(args),
        Command::Serve {
            bind,
            tables,
            book,
            workers,
        } => crate::serve::run(&bind, tables, book, workers),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut crate::rulesets::command(), "cgt", &mut script);
            Ok(Output::Interactive {
                refusal: Some("--json is not available for completions"),
                run: Box::new(move || print(&String::from_utf8_lossy(&script))),
            })
        }
    }
}
