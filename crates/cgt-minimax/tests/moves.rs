//! The engine games' moves print and read as people write them, and every legal move of a
//! position reads back as itself.

use cgt_minimax::bridgit::Bridgit;
use cgt_minimax::connect4::{Column, Connect4};
use cgt_minimax::engine::Game;
use cgt_minimax::mnk::{Cell, Mnk};

fn round_trip<G: Game>(pos: &G) -> usize
where
    <G::Move as core::str::FromStr>::Err: core::fmt::Debug,
{
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    for &m in &moves {
        let back: G::Move = m.to_string().parse().unwrap();
        assert!(back == m, "{m:?} prints as {m} and reads back as {back:?}");
    }
    moves.len()
}

#[test]
fn every_move_reads_back() {
    assert_eq!(round_trip(&Connect4::standard()), 7);
    assert_eq!(round_trip(&Connect4::new(9, 5).unwrap()), 9);
    assert_eq!(round_trip(&Mnk::new(8, 8, 5).unwrap()), 64);
    assert_eq!(
        round_trip(&Mnk::new(3, 3, 3).unwrap().play_all(&[4]).unwrap()),
        8
    );
    assert!(round_trip(&Bridgit::new(4).unwrap()) > 20);
}

#[test]
fn columns_and_cells_count_from_one() {
    assert_eq!(Column(0).to_string(), "1");
    assert_eq!("7".parse::<Column>(), Ok(Column(6)));
    assert_eq!(Cell(63).to_string(), "64");
    assert_eq!(" 5 ".parse::<Cell>(), Ok(Cell(4)));
    for bad in ["0", "10", "-1", "x", ""] {
        let err = bad.parse::<Column>().unwrap_err();
        assert!(
            err.to_string().contains("a column number from 1 to 9"),
            "{bad:?}"
        );
    }
    for bad in ["0", "65", "1.5"] {
        assert!(bad.parse::<Cell>().is_err(), "{bad:?}");
    }
}
