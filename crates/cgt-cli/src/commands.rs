//! Running each subcommand: call the library, then print.

use cgt_report::impartial as report;
use cgt_report::partizan as partizan_report;
use cgt_report::values;
use clap::CommandFactory;

use crate::cli::{Cli, Command};
use crate::output::{CliError, memory_limit, print};
use crate::report::emit_report;
use crate::{games, impartial, minimax, partizan, retro, sequence};
use cgt_impartial::heapgame::HeapGame;

pub(crate) fn dispatch(cli: Cli) -> Result<(), CliError> {
    let json = cli.json;
    match cli.command {
        Command::Mex(args) => emit_report(json, &values::mex_of(args.values)),
        Command::Nimsum(args) => emit_report(json, &values::nimsum(args.values)),
        Command::Nimmul(args) => emit_report(json, &values::nimmul(args.values)),
        Command::Niminv(args) => emit_report(json, &values::niminv(args.value)?),
        Command::Nim {
            heaps,
            misere,
            explain,
            play,
        } => {
            if play {
                cgt_play::games::check_size(&heaps.sizes)?;
                crate::play::play(cgt_play::games::Nim { misere }, heaps.sizes)
            } else {
                emit_report(json, &report::nim(&heaps.sizes, misere, explain)?)
            }
        }
        Command::Staircase { coins, play } => {
            if play {
                cgt_play::games::check_size(&coins.sizes)?;
                crate::play::play(cgt_play::games::Staircase, coins.sizes)
            } else {
                emit_report(json, &report::staircase(&coins.sizes)?)
            }
        }
        Command::Moore { k, heaps, grundy } => {
            emit_report(json, &report::moore(k, &heaps.sizes, grundy)?)
        }
        Command::Divisor { n, search, play } => {
            if play {
                if n == 0 {
                    return Err(CliError::input("the divisor game needs N >= 1"));
                }
                crate::play::play(cgt_play::games::Divisor, n)
            } else {
                emit_report(json, &report::divisor(n, search)?)
            }
        }
        Command::Stones(piles) => emit_report(json, &report::stones(&piles.sizes)?),
        Command::Wythoff(args) => match (&args.position, args.play) {
            (Some(pos), true) => {
                cgt_play::games::check_size(pos)?;
                crate::play::play(cgt_play::games::Wythoff, (pos[0], pos[1]))
            }
            _ => impartial::wythoff(json, &args),
        },
        Command::Hackenbush { file, ground, play } => {
            match (partizan::colour_picture(&file, &ground)?, play) {
                (Some(_), true) => Err(CliError::input(
                    "--play is for Green Hackenbush (every edge green); this picture has blue or \
                     red edges",
                )),
                (Some(picture), false) => partizan::hackenbush(json, &file, picture),
                (None, true) => impartial::play_hackenbush(&file, &ground),
                (None, false) => impartial::hackenbush(json, &file, &ground),
            }
        }
        Command::Game {
            expr,
            compare,
            thermograph,
        } => partizan::game(json, &expr, compare.as_deref(), thermograph.as_deref()),
        Command::Domineering { board } => {
            emit_report(json, &partizan_report::domineering(&board, memory_limit())?)
        }
        Command::ToadsFrogs { row } => {
            emit_report(json, &partizan_report::toads_frogs(&row, memory_limit())?)
        }
        Command::Clobber { board } => {
            emit_report(json, &partizan_report::clobber(&board, memory_limit())?)
        }
        Command::Cutcake { pieces } => {
            emit_report(json, &partizan_report::cutcake(&pieces, memory_limit())?)
        }
        Command::Graph {
            file,
            tokens,
            loopy,
            misere,
            play,
            explain,
        } => {
            if play {
                impartial::play_graph(&file, &tokens, misere)
            } else {
                impartial::graph(json, &file, &tokens, loopy, misere, explain)
            }
        }
        Command::Octal { code, run } => {
            let game = HeapGame::from_name_or_code(&code).map_err(CliError::from)?;
            sequence::run(json, &game, &run)
        }
        Command::Subtraction { set, run } => {
            let set = set.parse().map_err(CliError::from)?;
            sequence::run(json, &HeapGame::Subtraction(set), &run)
        }
        Command::GrundyGame { run } => sequence::run(json, &HeapGame::Grundy, &run),
        Command::Retro(cmd) => retro::run(json, cmd),
        Command::Mnk {
            m,
            n,
            k,
            moves,
            counts,
            threads,
            play,
        } => minimax::mnk(json, (m, n, k), &moves, counts, threads, play),
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
        } => games::connect4(
            json,
            &games::Connect4Args {
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
            },
        ),
        Command::Bridgit {
            n,
            moves,
            strategy,
            count_crossings,
            play,
        } => games::bridgit(json, n, &moves, strategy, count_crossings, play),
        Command::Andor {
            height,
            leaves,
            seed,
        } => minimax::andor(json, height, leaves.as_deref(), seed),
        Command::Tree {
            tree,
            window,
            stats,
            explain,
        } => minimax::tree(json, &tree, window.as_deref(), stats, explain),
        Command::Script {
            file,
            position,
            upto,
            misere,
            play,
        } => crate::script::run(json, &file, position.as_deref(), upto, misere, play),
        Command::Sum { components } => impartial::sum(json, &components),
        Command::Completions { shell } => {
            if json {
                return Err(CliError::input("--json is not available for completions"));
            }
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "cgt", &mut script);
            print(&String::from_utf8_lossy(&script))
        }
    }
}
