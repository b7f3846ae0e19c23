//! Running each subcommand: call the library, then print.

use cgt_report::request::Request;

use crate::cli::Command;
use crate::output::{CliError, print};
use crate::progress::Spinner;
use crate::report::{Output, report, session};
use crate::{games, impartial, minimax, partizan, retro, sequence};
use cgt_impartial::heapgame::HeapGame;

/// The report of a typed request, answered by `cgt_report::request::answer` within the
/// command's budget.
fn answer(spinner: &Spinner, mut request: Request) -> Result<Output, CliError> {
    request.read_files(&mut crate::output::read_input)?;
    report(cgt_report::request::answer(&request, &spinner.budget()?)?)
}

pub(crate) fn dispatch(command: Command, spinner: &Spinner) -> Result<Output, CliError> {
    match command {
        Command::Mex(r) => answer(spinner, Request::Mex(r)),
        Command::Nimsum(r) => answer(spinner, Request::Nimsum(r)),
        Command::Nimmul(r) => answer(spinner, Request::Nimmul(r)),
        Command::Niminv(r) => answer(spinner, Request::Niminv(r)),
        Command::Nim { request, play } => {
            if play {
                cgt_play::games::check_size(&request.heaps)?;
                let misere = request.misere;
                session(move || crate::play::play(cgt_play::games::Nim { misere }, request.heaps))
            } else {
                answer(spinner, Request::Nim(request))
            }
        }
        Command::Staircase { request, play } => {
            if play {
                cgt_play::games::check_size(&request.coins)?;
                session(move || crate::play::play(cgt_play::games::Staircase, request.coins))
            } else {
                answer(spinner, Request::Staircase(request))
            }
        }
        Command::Moore(r) => answer(spinner, Request::Moore(r)),
        Command::Divisor { request, play } => {
            if play {
                let n = request.n;
                if n == 0 {
                    return Err(CliError::input("the divisor game needs N >= 1"));
                }
                session(move || crate::play::play(cgt_play::games::Divisor, n))
            } else {
                answer(spinner, Request::Divisor(request))
            }
        }
        Command::Stones(r) => answer(spinner, Request::Stones(r)),
        Command::Wythoff(args) => match (&args.request.position, args.play, args.grundy) {
            (Some(pos), true, _) => {
                cgt_play::games::check_size(pos)?;
                let start = (pos[0], pos[1]);
                session(move || crate::play::play(cgt_play::games::Wythoff, start))
            }
            (_, _, Some(_)) => impartial::wythoff_grundy(&args),
            _ => answer(spinner, Request::Wythoff(args.request)),
        },
        Command::Hackenbush { request, play } => {
            if play {
                let (file, ground) = (request.picture, request.ground);
                session(move || impartial::play_hackenbush(&file, &ground))
            } else {
                answer(spinner, Request::Hackenbush(request))
            }
        }
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
            None => answer(spinner, Request::Loopy(request)),
        },
        Command::DeadEnd(r) => answer(spinner, Request::DeadEnd(r)),
        Command::Graph { request, play } => {
            if play {
                session(move || {
                    impartial::play_graph(&request.graph, &request.tokens, request.misere)
                })
            } else {
                answer(spinner, Request::Graph(request))
            }
        }
        Command::Octal { code, run } => {
            HeapGame::from_name_or_code(&code).map_err(CliError::from)?;
            sequence::run(code, run)
        }
        Command::Subtraction { set, run } => {
            let set: cgt_impartial::heapgame::SubtractionSet =
                set.parse().map_err(CliError::from)?;
            sequence::run(HeapGame::Subtraction(set).rules(), run)
        }
        Command::GrundyGame { run } => sequence::run(HeapGame::Grundy.rules(), run),
        Command::Retro(cmd) => retro::run(cmd),
        Command::Mnk { request, play } => {
            if play {
                minimax::play(&request)
            } else {
                answer(spinner, Request::Mnk(request))
            }
        }
        Command::Connect4 {
            moves,
            width,
            height,
            threads,
            play,
            score,
            all,
            weak,
            batch,
            book,
            book_build,
            out,
            quiet,
        } => games::connect4(games::Connect4Args {
            size: (width, height),
            moves,
            threads,
            play,
            score,
            all,
            weak,
            batch,
            book,
            book_build,
            out,
            quiet,
        }),
        Command::Bridgit { request, play } => {
            if play {
                games::play_bridgit(&request)
            } else {
                answer(spinner, Request::Bridgit(request))
            }
        }
        Command::Cycle { request, play } => {
            if play {
                games::play_cycle(&request)
            } else {
                answer(spinner, Request::Cycle(request))
            }
        }
        Command::Andor(r) => answer(spinner, Request::Andor(r)),
        Command::Chance(r) => answer(spinner, Request::Chance(r)),
        Command::Pig(r) => answer(spinner, Request::Pig(r)),
        Command::Tree(r) => answer(spinner, Request::Tree(r)),
        Command::Script { request, play } => {
            if play {
                crate::script::play(request)
            } else {
                answer(spinner, Request::Script(request))
            }
        }
        Command::Sum(r) => answer(spinner, Request::Sum(r)),
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
