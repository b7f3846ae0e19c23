//! Running each subcommand: call the library, then print.

use cgt_core::{Nimber, Outcome, mex, nim_sum};
use clap::CommandFactory;
use serde_json::json;

use crate::cli::{Cli, Command};
use crate::output::{CliError, emit, print};
use crate::{games, impartial, minimax, retro, sequence};
use cgt_impartial::heapgame::HeapGame;

pub(crate) fn dispatch(cli: Cli) -> Result<(), CliError> {
    let json = cli.json;
    match cli.command {
        Command::Mex(args) => {
            let m = mex(args.values.iter().copied());
            emit(
                json,
                &json!({ "values": args.values, "mex": m }),
                &m.to_string(),
            )
        }
        Command::Nimsum(args) => {
            let s = nim_sum(args.values.iter().copied());
            let outcome = Outcome::from_grundy(Nimber::new(s));
            emit(
                json,
                &json!({ "values": args.values, "nim_sum": s, "outcome": outcome.to_string() }),
                &s.to_string(),
            )
        }
        Command::Nimmul(args) => {
            let p: Nimber = args.values.iter().map(|&v| Nimber::new(v)).product();
            emit(
                json,
                &json!({ "values": args.values, "nim_product": p.value() }),
                &p.value().to_string(),
            )
        }
        Command::Niminv(args) => {
            let inv = Nimber::new(args.value)
                .inverse()
                .ok_or_else(|| CliError::input("*0 has no inverse under nim-multiplication"))?;
            emit(
                json,
                &json!({ "value": args.value, "inverse": inv.value() }),
                &inv.value().to_string(),
            )
        }
        Command::Nim { heaps, misere } => impartial::nim(json, &heaps.sizes, misere),
        Command::Staircase(coins) => impartial::staircase(json, &coins.sizes),
        Command::Moore { k, heaps, grundy } => impartial::moore(json, k, &heaps.sizes, grundy),
        Command::Divisor { n, search } => impartial::divisor(json, n, search),
        Command::Stones(piles) => impartial::stones(json, &piles.sizes),
        Command::Wythoff(args) => impartial::wythoff(json, &args),
        Command::Hackenbush { file, ground } => impartial::hackenbush(json, &file, &ground),
        Command::Graph {
            file,
            tokens,
            loopy,
        } => impartial::graph(json, &file, &tokens, loopy),
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
        } => games::connect4(json, (width, height), &moves, threads, play),
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
        } => minimax::tree(json, &tree, window.as_deref(), stats),
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
