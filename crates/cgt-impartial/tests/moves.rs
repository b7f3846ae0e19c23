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

/// Every move parses back from the text it prints.
fn round_trip<G: ImpartialGame>(game: &G, positions: impl IntoIterator<Item = G::Position>) -> usize
where
    G::Move: core::str::FromStr + PartialEq,
    <G::Move as core::str::FromStr>::Err: core::fmt::Debug,
{
    let mut checked = 0;
    for p in positions {
        let mut moves = Vec::new();
        game.moves(&p, &mut moves);
        for (mv, _) in moves {
            let text = mv.to_string();
            let back: G::Move = text.parse().unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
            assert!(back == mv, "{text:?} reads back as {back:?}, not {mv:?}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn moves_read_back_from_their_text() {
    use cgt_impartial::nim::StairMove;
    use cgt_impartial::nimseq::SplitMove;
    use cgt_impartial::wythoff::WythoffMove;
    use cgt_impartial::{HeapMove, MultiHeapMove};

    assert_eq!(round_trip(&Nim, heap_vectors(3, 4)), 750);
    assert_eq!(
        round_trip(&MooreNim::new(3).unwrap(), heap_vectors(3, 2)),
        6 * 6 * 6 - 27
    ); // every reduction: (a+1)(b+1)(c+1) − 1
    assert!(round_trip(&DivisorGame, 1..300) > 500);
    for game in ["0.77", "0.137", "4.07", "grundy", "0.6"] {
        let sum = HeapSum::new(HeapGame::from_name_or_code(game).unwrap());
        assert!(round_trip(&sum, (1..12).map(|h| vec![h])) > 10, "{game}");
    }
    let g = Digraph::parse_edge_list("a b\nb c\na c\n").unwrap();
    assert_eq!(round_trip(&Tokens::new(&g), [vec![0, 0, 1]]), 3);
    let piles = (1..30).map(|left| PileState { left, used: 0 });
    assert!(round_trip(&OneUsePile, piles) > 100);

    for (a, b) in [(3, 5), (10, 4), (7, 7)] {
        for count in 1..=a.min(b) {
            for mv in [
                WythoffMove::First { count },
                WythoffMove::Second { count },
                WythoffMove::Both { count },
            ] {
                assert_eq!(mv.to_string().parse::<WythoffMove>().unwrap(), mv);
            }
        }
    }
    for (step, count) in [(1, 1), (3, 2), (9, 40)] {
        let mv = StairMove { step, count };
        assert_eq!(mv.to_string().parse::<StairMove>().unwrap(), mv);
    }

    for bad in [
        "",
        "take 0 from heap 1, leaving 3",
        "take 2 from heap 0, leaving 3",
        "take 2 from heap 1, leaving 18446744073709551615",
        "take 2 from heap 1, leaving 3 now",
        "take -2 from heap 1, leaving 3",
    ] {
        assert!(bad.parse::<HeapMove>().is_err(), "{bad:?}");
    }
    assert!(
        "take 1 from heap 2, leaving 0; take 1 from heap 1, leaving 0"
            .parse::<MultiHeapMove>()
            .is_err()
    );
    assert!(
        "move 2 coins from step 3 to step 1"
            .parse::<StairMove>()
            .is_err()
    );
    assert!("take 0 from both heaps".parse::<WythoffMove>().is_err());
    for bad in [
        "heap 1 (7): remove 1, leaving heaps of 2 and 3",
        "heap 1 (7): remove 1, leaving a heap of 0",
        "heap 0 (7): remove 7, leaving nothing",
        "heap 1 (7): remove 1, leaving heaps of 6",
    ] {
        assert!(bad.parse::<SplitMove>().is_err(), "{bad:?}");
    }
}
