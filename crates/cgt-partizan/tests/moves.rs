//! Every ruleset's typed moves are its options: the same positions in the same order, each
//! move printed and read back, and the winning moves of a known position named as expected.

use cgt_partizan::clobber::{Clobber, Grid};
use cgt_partizan::cutcake::{Cakes, Cutcake};
use cgt_partizan::domineering::{Board, Domineering};
use cgt_partizan::hackenbush::Picture;
use cgt_partizan::toads::{Row, ToadsAndFrogs};
use cgt_partizan::{Arena, Evaluator, PartizanGame, Player};

/// The moves' positions equal the options, in order, for both players; every move's text
/// reads back to the move.
fn moves_are_options<G>(game: &G, position: &G::Position) -> usize
where
    G: PartizanGame,
    G::Position: core::fmt::Debug,
    G::Move: core::str::FromStr + PartialEq,
{
    let mut count = 0;
    for player in [Player::Left, Player::Right] {
        let mut moves = Vec::new();
        game.moves(position, player, &mut moves);
        let mut options = Vec::new();
        game.options(position, player, &mut options);
        let after: Vec<G::Position> = moves.iter().map(|(_, p)| p.clone()).collect();
        assert_eq!(after, options, "{position:?} {player:?}");
        for (m, _) in &moves {
            let back = m.to_string().parse::<G::Move>().ok();
            assert!(back.as_ref() == Some(m), "{m} does not read back");
        }
        count += moves.len();
    }
    count
}

#[test]
fn every_ruleset_lists_its_moves_as_its_options() {
    let mut count = 0;
    for board in ["3x3", "4x4", "..#./..../#...", "2x5"] {
        count += moves_are_options(&Domineering, &board.parse::<Board>().unwrap());
    }
    for row in ["TT..F", "T.T.F.F", "TTT...FF.F", "TF.TF"] {
        count += moves_are_options(&ToadsAndFrogs, &row.parse::<Row>().unwrap());
    }
    for grid in ["xo/ox", "xox/oxo/xox", "xxoo/oo.x"] {
        count += moves_are_options(&Clobber, &grid.parse::<Grid>().unwrap());
    }
    for cakes in ["2x3", "4x4,2x1,3x2", "2x3,2x3,1x4"] {
        count += moves_are_options(&Cutcake, &cakes.parse::<Cakes>().unwrap());
    }
    let picture = Picture::parse(
        "ground a blue\na b red\nb c green\nground c red\n",
        "ground",
    )
    .unwrap();
    count += moves_are_options(&picture, &picture.all_edges());
    assert!(count > 100, "only {count} moves checked");
}

#[test]
fn winning_moves_are_named() {
    // Each listed move carries the value of the position it reaches, and the winning moves
    // are exactly those whose value the mover wins moving second in.
    let mut arena = Arena::new();
    let mut ev = Evaluator::new(ToadsAndFrogs);
    let row: Row = "TT..F".parse().unwrap();
    let value = ev.value(&mut arena, &row).unwrap();
    let zero = arena.zero();
    for player in [Player::Left, Player::Right] {
        let wins = ev.winning_moves(&mut arena, &row, player).unwrap();
        let all = ev.moves(&mut arena, &row, player).unwrap();
        for m in &all {
            let good = match player {
                Player::Left => arena.le(zero, m.value),
                Player::Right => arena.le(m.value, zero),
            };
            assert_eq!(good, wins.contains(m), "{} for {player:?}", m.mv);
            assert_eq!(ev.value(&mut arena, &m.after).unwrap(), m.value);
        }
    }
    // Left moving first wins exactly when the value is not ≤ 0.
    let left_wins = !ev
        .winning_moves(&mut arena, &row, Player::Left)
        .unwrap()
        .is_empty();
    assert_eq!(left_wins, !arena.le(value, zero));
}
