//! The command line as read: the requests of `cgt_report::request` (each with `--play` when
//! `cgt_report::sessions` plays it), one subcommand for each partizan ruleset of
//! `cgt_report::registry` (its help is the ruleset's rules and notation), and the commands of
//! the `cgt` command's own.

use cgt_partizan::Player;
use cgt_report::registry::{RULESETS, RulesetEntry};
use cgt_report::request::{self, Request};
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches};

use crate::cli::{Cli, Command};

/// What every ruleset's subcommand takes.
#[derive(Debug, Args)]
struct RulesetArgs {
    /// The position (named and explained by the ruleset).
    board: String,
    /// Show how the value is formed: the options, each dominated option removed and each
    /// reversible option bypassed, down to the canonical form.
    #[arg(long)]
    explain: bool,
    /// Also play misère (the player who cannot move wins): outcome and winning first
    /// moves by search of the whole position.
    #[arg(long)]
    misere: bool,
    /// Play against the program from the position, moving first as --side.
    #[arg(long, conflicts_with_all = ["explain", "misere"])]
    play: bool,
    /// The side you play with --play.
    #[arg(long, value_enum, default_value_t = Side::Left, requires = "play")]
    side: Side,
}

/// A partizan player, as typed (the rules above say which pieces are whose).
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Side {
    Left,
    Right,
}

/// The switch of the rulesets that can also be played on a graph.
#[derive(Debug, Args)]
struct GraphSwitch {
    /// Read BOARD as a graph of up to 64 vertices: edges `a-b`, paths `a-b-c`, lone vertices,
    /// marks `a=x` (`o`, `l`, `r`, `-`), or a family `path:5`, `cycle:6`, `star:4`,
    /// `complete:4`, `caterpillar:2,0,3`.
    #[arg(long)]
    graph: bool,
}

/// A command line read: a question, or one of the command's own subcommands.
pub(crate) enum Parsed {
    /// A request, answered or (with `--play`) played, the person moving first as `side`.
    Ask {
        request: Request,
        play: bool,
        side: Player,
    },
    /// A subcommand of [`Command`] other than [`Command::Ask`].
    Command(Command),
}

/// The subcommand of one ruleset.
fn subcommand(entry: &'static RulesetEntry) -> clap::Command {
    let texts = entry.texts();
    let about = texts.rules.strip_suffix('.').unwrap_or(&texts.rules);
    let position = texts.position.to_uppercase();
    let help = texts
        .position_help
        .strip_suffix('.')
        .unwrap_or(&texts.position_help);
    let mut command = RulesetArgs::augment_args(clap::Command::new(entry.name));
    if entry.graph.is_some() {
        command = GraphSwitch::augment_args(command);
    }
    // After the arguments: deriving them sets the command's help from their doc comments.
    command
        .about(about)
        .long_about(format!("{}\n\n{}", texts.rules, texts.notation))
        .mut_arg("board", |arg| arg.value_name(position).help(help))
}

/// The order `cgt --help` lists the commands in; the rulesets come after `dead-end`.
const ORDER: [&str; 34] = [
    "mex",
    "nimsum",
    "nimmul",
    "niminv",
    "nim",
    "staircase",
    "moore",
    "divisor",
    "stones",
    "wythoff",
    "hackenbush",
    "game",
    "loopy",
    "dead-end",
    "graph",
    "octal",
    "subtraction",
    "grundy-game",
    "misere-census",
    "tree",
    "chance",
    "pig",
    "matrix",
    "hidden",
    "mnk",
    "connect4",
    "bridgit",
    "cycle",
    "andor",
    "retro",
    "script",
    "sum",
    "serve",
    "completions",
];

/// The commands of requests played with `--play` (from `cgt_report::sessions`, and scripts).
fn playable(name: &str) -> bool {
    cgt_report::sessions::PLAYABLE.contains(&name) || name == "script"
}

/// `--play` for a request's subcommand.
fn with_play(command: clap::Command) -> clap::Command {
    if command.get_arguments().any(|a| a.get_id() == "play") {
        return command;
    }
    let explains = command.get_arguments().any(|a| a.get_id() == "explain");
    let mut play = clap::Arg::new("play")
        .long("play")
        .action(clap::ArgAction::SetTrue)
        .help("Play against the program (you move first; ? shows the winning moves, u takes back)");
    if explains {
        play = play.conflicts_with("explain");
    }
    command.arg(play)
}

/// The whole command line: [`Cli`]'s subcommands with the rulesets' in the place the help
/// lists them (after `dead-end`), each request the sessions play with `--play`.
pub(crate) fn command() -> clap::Command {
    let mut command = Cli::command().subcommands(RULESETS.iter().map(subcommand));
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    let dead_end = ORDER
        .iter()
        .position(|n| *n == "dead-end")
        .map_or(0, |i| i + 1);
    let order: Vec<&str> = ORDER[..dead_end]
        .iter()
        .copied()
        .chain(RULESETS.iter().map(|r| r.name))
        .chain(ORDER[dead_end..].iter().copied())
        .collect();
    for name in &names {
        let place = order.iter().position(|n| n == name).unwrap_or(order.len());
        let play = playable(name) && cgt_report::registry::ruleset(name).is_none();
        command = command.mut_subcommand(name, |s| {
            let s = s.display_order(place);
            if play { with_play(s) } else { s }
        });
    }
    command
}

/// Reads the command line: the global `--json` and what to run.
///
/// # Errors
/// clap's, for a command line that does not parse.
pub(crate) fn parse() -> Result<(Format, Parsed), clap::Error> {
    let matches = command().try_get_matches()?;
    let format = Format {
        json: matches.get_flag("json"),
        lang: matches
            .get_one::<cgt_report::texts::Lang>("lang")
            .copied()
            .unwrap_or_default(),
    };
    let Some((name, sub)) = matches.subcommand() else {
        return Ok((
            format,
            Parsed::Command(Cli::from_arg_matches(&matches)?.command),
        ));
    };
    if let Some(entry) = cgt_report::registry::ruleset(name) {
        return Ok((format, ruleset(entry, sub)?));
    }
    let play = sub.try_get_one::<bool>("play").ok().flatten() == Some(&true);
    Ok((
        format,
        match Cli::from_arg_matches(&matches)?.command {
            Command::Ask(request) => Parsed::Ask {
                request,
                play,
                side: Player::Left,
            },
            own => Parsed::Command(own),
        },
    ))
}

/// How a report is printed: as JSON, or as text in a language.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Format {
    /// `--json`.
    pub(crate) json: bool,
    /// `--lang`.
    pub(crate) lang: cgt_report::texts::Lang,
}

fn ruleset(entry: &'static RulesetEntry, sub: &ArgMatches) -> Result<Parsed, clap::Error> {
    let args = RulesetArgs::from_arg_matches(sub)?;
    let graph = entry.graph.is_some() && GraphSwitch::from_arg_matches(sub)?.graph;
    Ok(Parsed::Ask {
        request: Request::Ruleset(request::Ruleset {
            game: entry.name.to_owned(),
            board: args.board,
            explain: args.explain,
            misere: args.misere,
            graph,
        }),
        play: args.play,
        side: match args.side {
            Side::Left => Player::Left,
            Side::Right => Player::Right,
        },
    })
}
