//! Every game's typed moves agree with its options: the same positions in the same order, and
//! each move names the change it makes.

use cgt_core::ImpartialGame;
use cgt_core::misere::Misere;
use cgt_impartial::divisor::DivisorGame;
use cgt_impartial::genus::WithSmallNim;
use cgt_impartial::graph::{Digraph, Tokens};
use cgt_impartial::heapgame::{HeapGame, HeapSum};
use cgt_impartial::nim::{MooreNim, Nim};
use cgt_impartial::stones::{OneUsePile, PileState};

/// The positions of `moves` are `options`, in order, for every position given.
fn agree<G: ImpartialGame>(game: &G, positions: impl IntoIterator<Item = G::Position>) -> usize
where
    G::Position: core::fmt::Debug,
{
    let mut checked = 0;
    for p in positions {
        let (mut moves, mut options) = (Vec::new(), Vec::new());
        game.moves(&p, &mut moves);
        game.options(&p, &mut options);
        let after: Vec<G::Position> = moves.into_iter().map(|(_, q)| q).collect();
        assert_eq!(after, options, "{p:?}");
        checked += after.len();
    }
    checked
}

fn heap_vectors(heaps: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = vec![vec![]];
    for _ in 0..heaps {
        all = all
            .into_iter()
            .flat_map(|v: Vec<u64>| {
                (0..=max).map(move |h| {
                    let mut w = v.clone();
                    w.push(h);
                    w
                })
            })
            .collect();
    }
    all
}

#[test]
fn nim_and_moores_nim() {
    assert_eq!(agree(&Nim, heap_vectors(3, 4)), 125 * 6);
    let moore = MooreNim::new(2).unwrap();
    assert_eq!(agree(&moore, heap_vectors(3, 3)), 720);
    let mut moves = Vec::new();
    moore.moves(&vec![2, 0, 1], &mut moves);
    for (mv, after) in &moves {
        assert_eq!(mv.apply(&[2, 0, 1]), *after);
        assert!((1..=2).contains(&mv.changes.len()));
    }
    let texts: Vec<String> = moves.iter().map(|(m, _)| m.to_string()).collect();
    assert!(texts.contains(&"take 2 from heap 1, leaving 0; take 1 from heap 3, leaving 0".into()));
}

#[test]
fn heap_games_with_splits() {
    let subtraction = HeapGame::Subtraction("{1,3,4}".parse().unwrap());
    let games =
        ["0.77", "0.137", "4.07", "grundy"].map(|code| HeapGame::from_name_or_code(code).unwrap());
    for game in games.into_iter().chain([subtraction]) {
        let code = game.to_string();
        let sum = HeapSum::new(game.clone());
        let positions = heap_vectors(2, 9)
            .into_iter()
            .map(|h| HeapSum::position(&h));
        assert!(agree(&sum, positions) > 0, "{code}");
        let mut moves = Vec::new();
        sum.moves(&vec![3, 7], &mut moves);
        for (mv, _) in &moves {
            assert_eq!(mv.from, [3, 7][mv.heap], "{code}");
            assert_eq!(
                mv.removed + mv.leaves.iter().sum::<u64>(),
                mv.from,
                "{code}"
            );
        }
        let small = WithSmallNim::new(game);
        let positions = (0..8).flat_map(|h| {
            let small = &small;
            (0..3).map(move |t| small.position(&[h, 5], t, 2 - t))
        });
        agree(&small, positions);
    }
}

#[test]
fn divisor_game_and_stones() {
    assert!(agree(&DivisorGame, 1..500) > 1000);
    let mut moves = Vec::new();
    DivisorGame.moves(&12, &mut moves);
    let texts: Vec<String> = moves.iter().map(|(m, _)| m.to_string()).collect();
    assert!(
        texts.contains(&"subtract 4, leaving 8".to_string()),
        "{texts:?}"
    );
    assert!(
        moves
            .iter()
            .all(|(m, after)| 12 % m.divisor == 0 && 12 - m.divisor == *after)
    );

    let piles =
        (0..20).flat_map(|left| [0u128, 0b110, 0b1010].map(|used| PileState { left, used }));
    assert!(agree(&OneUsePile, piles) > 100);
}

#[test]
fn graph_tokens_normal_and_misere() {
    let g = Digraph::parse_edge_list("a b\nb c\na c\nc d\nb d\n").unwrap();
    assert_eq!(agree(&g, 0..g.len() as u32), 5);
    let tokens = Tokens::new(&g);
    let positions: Vec<Vec<u32>> = heap_vectors(3, 3)
        .into_iter()
        .map(|v| Tokens::position(&v.iter().map(|&x| x as u32).collect::<Vec<_>>()))
        .collect();
    assert!(agree(&tokens, positions.clone()) > 50);
    let misere = Misere(tokens);
    agree(&misere, positions.into_iter().map(Some).chain([None]));
    let mut moves = Vec::new();
    misere.moves(&Some(vec![3]), &mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].0.to_string(), "end (the player to move has won)");
    moves.clear();
    misere.moves(&Some(vec![0, 2]), &mut moves);
    assert_eq!(
        moves[0].0.to_string(),
        "move token 1 from vertex 0 to vertex 1"
    );
}
