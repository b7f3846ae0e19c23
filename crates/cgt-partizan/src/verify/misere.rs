//! The misère sweep: [`MisereSearch`] (memo, symmetries that may swap the players) against a
//! plain recursion over the ruleset's moves, on small positions of every ruleset.

use cgt_core::OutcomeClass;
use cgt_core::verify::{Config, Expect, Sweep, Tally, check_cases};

use super::games::{row_text, six_squares};
use crate::amazons::Amazons;
use crate::clobber::Clobber;
use crate::colouring::Colouring;
use crate::domineering::Domineering;
use crate::fission::Fission;
use crate::konane::Konane;
use crate::skijumps::SkiJumps;
use crate::toads::ToadsAndFrogs;
use crate::toppling::TopplingDominoes;
use crate::{MisereSearch, PartizanError, PartizanGame, Player};

pub(super) fn sweeps() -> Vec<Sweep> {
    vec![Sweep {
        name: "partizan/misere",
        claim: "the misère outcome (the player who cannot move wins) found by MisereSearch — with \
                its cache and each ruleset's symmetries, colour swaps included — and its winning \
                first moves equal a plain recursion over the moves, on every 1 × 6 and 2 × 3 \
                Clobber, Konane, Fission, Amazons, Col, Snort and Ski Jumps board, every \
                Domineering board inside 3 × 3 and every Toads and Frogs and Toppling Dominoes \
                row of length ≤ 6 (a stride of each when capped)",
        expect: Expect::Holds,
        run: misere,
    }]
}

/// Whether the player to move wins `position` under misère play, by plain recursion.
fn plain_wins<G: PartizanGame>(game: &G, position: &G::Position, mover: Player) -> bool {
    let mut options = Vec::new();
    game.options(position, mover, &mut options);
    options.is_empty() || options.iter().any(|p| !plain_wins(game, p, mover.other()))
}

/// Checks one position of `game` given as text.
fn check<G>(game: G, text: &str) -> Result<(), String>
where
    G: PartizanGame + Clone,
    G::Position: core::str::FromStr<Err = PartizanError>,
{
    let position: G::Position = text.parse().map_err(|e: PartizanError| e.to_string())?;
    check_position(game, &position, text)
}

fn check_position<G: PartizanGame + Clone>(
    game: G,
    position: &G::Position,
    text: &str,
) -> Result<(), String> {
    let mut search = MisereSearch::new(game.clone());
    let found = search.outcome(position).map_err(|e| e.to_string())?;
    let (l, r) = (
        plain_wins(&game, position, Player::Left),
        plain_wins(&game, position, Player::Right),
    );
    let expected = match (l, r) {
        (true, true) => OutcomeClass::N,
        (true, false) => OutcomeClass::L,
        (false, true) => OutcomeClass::R,
        (false, false) => OutcomeClass::P,
    };
    if found != expected {
        return Err(format!(
            "{text}: misère outcome {found}, plain recursion {expected}"
        ));
    }
    for player in [Player::Left, Player::Right] {
        let ours = search
            .winning_moves(position, player)
            .map_err(|e| e.to_string())?
            .len();
        let mut moves = Vec::new();
        game.moves(position, player, &mut moves);
        let theirs = moves
            .iter()
            .filter(|(_, after)| !plain_wins(&game, after, player.other()))
            .count();
        if ours != theirs {
            return Err(format!(
                "{text}: {ours} winning misère moves for {player:?}, plain recursion {theirs}"
            ));
        }
    }
    Ok(())
}

/// The 3 × 3 Domineering board whose open squares are the bits of `m`.
fn domineering_board(m: u64) -> String {
    (0..3)
        .map(|r| {
            (0..3)
                .map(|c| if m >> (3 * r + c) & 1 == 1 { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The `k`-th row of length 1 to 6 over three symbols (`row_text`'s `.TF`).
fn short_row(mut k: u64) -> String {
    for len in 1..=6 {
        let count = 3u64.pow(len as u32);
        if k < count {
            return row_text(k, len);
        }
        k -= count;
    }
    String::new()
}

fn misere(config: &Config) -> Tally {
    // Ten rulesets; each case takes the next position of one of them.
    const RULESETS: u64 = 10;
    let per = config.scale.pick(12u64, 1458, 8192);
    check_cases(config, RULESETS * per, |case| {
        let (ruleset, k) = (case % RULESETS, case / RULESETS);
        let rows = (3u64.pow(7) - 3) / 2; // rows of length 1..=6
        match ruleset {
            0 => check(Clobber, &six_squares(k % 1458, &['.', 'x', 'o'])),
            1 => check(Konane, &six_squares(k % 1458, &['.', 'x', 'o'])),
            2 => check(Fission, &six_squares(k % 1458, &['.', 'x', '#'])),
            3 => check(Amazons, &six_squares(k % 8192, &['.', 'x', 'o', '#'])),
            4 | 5 => {
                let rules = if ruleset == 4 {
                    Colouring::col()
                } else {
                    Colouring::snort()
                };
                let text = six_squares(k % 8192, &['.', 'x', 'o', '#']);
                let map = rules.board(&text).map_err(|e| e.to_string())?;
                check_position(rules, &map, &text)
            }
            6 => check(
                SkiJumps,
                &six_squares((k * 3) % 31_250, &['.', 'L', 'l', 'R', 'r']),
            ),
            7 => check(Domineering, &domineering_board(k % 512)),
            8 => check(ToadsAndFrogs, &short_row(k % rows)),
            9 => {
                let text = short_row(k % rows)
                    .replace('T', "L")
                    .replace('F', "R")
                    .replace('.', "G");
                check(TopplingDominoes, &text)
            }
            _ => Err(format!("no ruleset {ruleset}")),
        }
    })
}
