//! Running each subcommand: call the library, then print.

use cgt_core::{Nimber, Outcome, mex, nim_sum};
use clap::CommandFactory;

use crate::cli::{Cli, Command};
use crate::output::{CliError, print};
use crate::report::{Report, emit_report};
use crate::{games, impartial, minimax, partizan, retro, sequence};
use cgt_impartial::heapgame::HeapGame;

pub(crate) fn dispatch(cli: Cli) -> Result<(), CliError> {
    let json = cli.json;
    match cli.command {
        Command::Mex(args) => {
            let m = mex(args.values.iter().copied());
            emit_report(json, &ValueReport::new(args.values, "mex", m))
        }
        Command::Nimsum(args) => {
            let s = nim_sum(args.values.iter().copied());
            let mut r = ValueReport::new(args.values, "nim_sum", s);
            r.outcome = Some(Outcome::from_grundy(Nimber::new(s)).to_string());
            emit_report(json, &r)
        }
        Command::Nimmul(args) => {
            let p: Nimber = args.values.iter().map(|&v| Nimber::new(v)).product();
            emit_report(
                json,
                &ValueReport::new(args.values, "nim_product", p.value()),
            )
        }
        Command::Niminv(args) => {
            let inv = Nimber::new(args.value)
                .inverse()
                .ok_or_else(|| CliError::input("*0 has no inverse under nim-multiplication"))?;
            emit_report(
                json,
                &ValueReport::new(vec![args.value], "inverse", inv.value()),
            )
        }
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
                impartial::nim(json, &heaps.sizes, misere, explain)
            }
        }
        Command::Staircase { coins, play } => {
            if play {
                cgt_play::games::check_size(&coins.sizes)?;
                crate::play::play(cgt_play::games::Staircase, coins.sizes)
            } else {
                impartial::staircase(json, &coins.sizes)
            }
        }
        Command::Moore { k, heaps, grundy } => impartial::moore(json, k, &heaps.sizes, grundy),
        Command::Divisor { n, search, play } => {
            if play {
                if n == 0 {
                    return Err(CliError::input("the divisor game needs N >= 1"));
                }
                crate::play::play(cgt_play::games::Divisor, n)
            } else {
                impartial::divisor(json, n, search)
            }
        }
        Command::Stones(piles) => impartial::stones(json, &piles.sizes),
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
        Command::Domineering { board } => partizan::domineering(json, &board),
        Command::ToadsFrogs { row } => partizan::toads_frogs(json, &row),
        Command::Clobber { board } => partizan::clobber(json, &board),
        Command::Cutcake { pieces } => partizan::cutcake(json, &pieces),
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

/// `mex`, `nimsum`, `nimmul`, `niminv`: the values given and the one result, under the
/// operation's name (`{"values": [0, 1, 3], "mex": 2}`).
#[derive(Debug)]
struct ValueReport {
    values: Vec<u64>,
    name: &'static str,
    result: u64,
    outcome: Option<String>,
}

impl ValueReport {
    fn new(values: Vec<u64>, name: &'static str, result: u64) -> ValueReport {
        ValueReport {
            values,
            name,
            result,
            outcome: None,
        }
    }
}

impl serde::Serialize for ValueReport {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        // `niminv` reports its one operand as `value`, the others their list as `values`.
        if self.name == "inverse" {
            map.serialize_entry("value", &self.values.first())?;
        } else {
            map.serialize_entry("values", &self.values)?;
        }
        map.serialize_entry(self.name, &self.result)?;
        if let Some(outcome) = &self.outcome {
            map.serialize_entry("outcome", outcome)?;
        }
        map.end()
    }
}

impl Report for ValueReport {
    fn text(&self) -> String {
        format!("{}\n", self.result)
    }
}
