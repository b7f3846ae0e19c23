//! One subcommand for each partizan ruleset of `cgt_report::registry`, made from the registry
//! (its help is the ruleset's rules and notation), and the command line read with them.

use cgt_core::budget::Budget;
use cgt_partizan::Player;
use cgt_partizan::ruleset::{MoveOf, Ruleset as Rules};
use cgt_play::games::{self, Partizan, Turned};
use cgt_report::partizan::Look;
use cgt_report::registry::{RULESETS, RulesetEntry};
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches};

use crate::cli::{Cli, Command};
use crate::output::{CliError, search_budget};
use crate::progress::Spinner;
use crate::report::{Output, report, session_without_json};

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

/// A command line read: a ruleset's position, or another subcommand.
pub(crate) enum Parsed {
    /// A subcommand of [`Command`].
    Command(Command),
    /// A ruleset's subcommand.
    Ruleset(Ruleset),
}

/// A ruleset's subcommand as given.
pub(crate) struct Ruleset {
    entry: &'static RulesetEntry,
    args: RulesetArgs,
    graph: bool,
}

/// The subcommand of one ruleset.
fn subcommand(entry: &'static RulesetEntry) -> clap::Command {
    let about = entry.rules.strip_suffix('.').unwrap_or(entry.rules);
    let position = entry.position.to_uppercase();
    let help = entry
        .position_help
        .strip_suffix('.')
        .unwrap_or(entry.position_help);
    let mut command = RulesetArgs::augment_args(clap::Command::new(entry.name));
    if entry.graph.is_some() {
        command = GraphSwitch::augment_args(command);
    }
    // After the arguments: deriving them sets the command's help from their doc comments.
    command
        .about(about)
        .long_about(format!("{}\n\n{}", entry.rules, entry.notation))
        .mut_arg("board", |arg| arg.value_name(position).help(help))
}

/// The whole command line: [`Cli`]'s subcommands with the rulesets' in the place the help
/// lists them (after `dead-end`).
pub(crate) fn command() -> clap::Command {
    let mut command = Cli::command();
    let before: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    let place = before
        .iter()
        .position(|n| n == "dead-end")
        .map_or(0, |i| i + 1);
    let mut order: Vec<&str> = before.iter().map(String::as_str).collect();
    order.splice(place..place, RULESETS.iter().map(|r| r.name));
    command = command.subcommands(RULESETS.iter().map(subcommand));
    for (i, name) in order.iter().enumerate() {
        command = command.mut_subcommand(*name, |s| s.display_order(i));
    }
    command
}

/// Reads the command line: the global `--json` and what to run.
///
/// # Errors
/// clap's, for a command line that does not parse.
pub(crate) fn parse() -> Result<(bool, Parsed), clap::Error> {
    let matches = command().try_get_matches()?;
    let json = matches.get_flag("json");
    if let Some((name, sub)) = matches.subcommand()
        && let Some(entry) = cgt_report::registry::ruleset(name)
    {
        return Ok((json, Parsed::Ruleset(ruleset(entry, sub)?)));
    }
    Ok((
        json,
        Parsed::Command(Cli::from_arg_matches(&matches)?.command),
    ))
}

fn ruleset(entry: &'static RulesetEntry, sub: &ArgMatches) -> Result<Ruleset, clap::Error> {
    let args = RulesetArgs::from_arg_matches(sub)?;
    let graph = entry.graph.is_some() && GraphSwitch::from_arg_matches(sub)?.graph;
    Ok(Ruleset { entry, args, graph })
}

/// A ruleset's terminal session from a position, the person playing the given side.
struct PlayRuleset {
    name: &'static str,
    play: fn(&str, Player, Budget) -> Result<(), CliError>,
}

/// Plays ruleset `R` from `position` in the terminal, the person moving first as `to_move`.
fn play<R: Rules>(position: &str, to_move: Player, budget: Budget) -> Result<(), CliError>
where
    MoveOf<R>: PartialEq,
    R::Game: games::Drawn,
{
    let position = R::parse(position).map_err(|e| CliError::input(e.to_string()))?;
    crate::play::play(
        Partizan::new(R::game(), budget),
        Turned { position, to_move },
    )
}

macro_rules! play_rulesets {
    ($($game:path => [$($ruleset:path),*]),* $(,)?) => {
        &[$($(PlayRuleset {
            name: <$ruleset as Rules>::NAME,
            play: play::<$ruleset>,
        }),*),*]
    };
}

/// Every ruleset of `cgt_partizan::for_each_ruleset!`, played in the terminal.
static PLAY: &[PlayRuleset] = cgt_partizan::for_each_ruleset!(play_rulesets);

/// Runs a ruleset's subcommand: the report of its position, or play from it.
pub(crate) fn run(r: Ruleset, spinner: &Spinner) -> Result<Output, CliError> {
    if r.args.play {
        if r.graph {
            return Err(CliError::input("--play is for boards, not --graph"));
        }
        let play = PLAY
            .iter()
            .find(|p| p.name == r.entry.name)
            .map(|p| p.play)
            .ok_or_else(|| CliError::failure(format!("{} cannot be played", r.entry.name)))?;
        let to_move = match r.args.side {
            Side::Left => Player::Left,
            Side::Right => Player::Right,
        };
        let budget = search_budget()?;
        let board = r.args.board;
        return session_without_json(move || play(&board, to_move, budget));
    }
    let look = Look {
        explain: r.args.explain,
        misere: r.args.misere,
    };
    let answer = match r.entry.graph {
        Some(graph) if r.graph => graph,
        _ => r.entry.report,
    };
    report(answer(&r.args.board, &spinner.budget()?, look)?)
}
