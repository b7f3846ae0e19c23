//! Sessions played against the program: it keeps every winning position won, values every
//! legal move as the game's theory says, takes back, refuses bad moves without changing
//! anything, and plays a chess endgame perfectly from its table.

use cgt_core::rng::Rng;
use cgt_core::{Verdict, Wdl, nim_sum};
use cgt_play::games::{Chess, Divisor, Heaps, Nim, Staircase, Wythoff};
use cgt_play::{PlayError, Playable, Reply, Session, Value};

/// Plays random legal moves for the person; after every program reply from a position the
/// person lost, `lost` must hold again. Returns the number of replies checked.
fn program_keeps_the_win<G: Playable>(
    game: G,
    start: G::Position,
    seed: u64,
    lost: impl Fn(&G::Position) -> bool,
) -> usize {
    let mut rng = Rng::new(seed);
    let mut s = Session::new(game, start);
    let mut checked = 0;
    while s.over().unwrap().is_none() {
        let n = s.legal_moves().len();
        let was_lost = lost(s.position());
        let turn = s.play_index(rng.below(n as u64) as usize).unwrap();
        match turn.reply {
            Reply::Moved(_) if was_lost => {
                assert!(lost(s.position()), "the program let a won game go");
                checked += 1;
            }
            Reply::Moved(_) => {}
            Reply::Over(_) | Reply::NoMove => break,
        }
    }
    checked
}

#[test]
fn nim_program_always_returns_to_a_zero_nim_sum() {
    let mut checked = 0;
    for seed in 0..40 {
        let mut rng = Rng::new(seed);
        let heaps: Vec<u64> = (0..3).map(|_| rng.below(9)).collect();
        let start: Vec<u64> = if nim_sum(heaps.iter().copied()) == 0 {
            heaps
        } else {
            // Start from a P-position so the person is lost from the start.
            let x = nim_sum(heaps[1..].iter().copied());
            [vec![x], heaps[1..].to_vec()].concat()
        };
        checked += program_keeps_the_win(Nim { misere: false }, start, seed, |p| {
            nim_sum(p.iter().copied()) == 0
        });
    }
    assert!(checked > 40, "only {checked} replies checked");
}

#[test]
fn wythoff_program_returns_to_p_positions() {
    let mut checked = 0;
    for (seed, start) in [(3, 5), (8, 13), (11, 18), (16, 26)]
        .into_iter()
        .enumerate()
    {
        checked += program_keeps_the_win(Wythoff, start, seed as u64, |&(a, b)| {
            cgt_impartial::wythoff::is_p_position(a, b)
        });
    }
    assert!(checked >= 4);
}

#[test]
fn valued_moves_follow_the_nim_sum() {
    let mut s = Session::new(Nim { misere: false }, vec![3, 4, 5]);
    let moves = s.valued_moves().unwrap();
    assert_eq!(moves.len(), 12);
    for m in &moves {
        let mut after = vec![3, 4, 5];
        after[m.mv.heap] -= m.mv.count;
        let wins = nim_sum(after) == 0;
        assert_eq!(
            m.value,
            Some(Value::Outcome(if wins { Wdl::Win } else { Wdl::Loss }))
        );
    }
    // Bouton: exactly one winning move from 3, 4, 5 (take 2 from heap 1).
    let winning: Vec<String> = moves
        .iter()
        .filter(|m| m.value == Some(Value::Outcome(Wdl::Win)))
        .map(|m| m.mv.to_string())
        .collect();
    assert_eq!(winning, ["take 2 from heap 1"]);
    assert_eq!(s.hint().unwrap(), "Winning moves: take 2 from heap 1");
}

#[test]
fn misere_nim_ends_with_the_last_mover_losing() {
    let mut s = Session::new(Nim { misere: true }, vec![1, 1]);
    // Either move leaves one counter, which the program must take and so loses.
    let turn = s.play("1 1").unwrap();
    assert_eq!(
        turn.reply,
        Reply::Moved(cgt_play::games::Take { heap: 1, count: 1 })
    );
    assert_eq!(
        s.over().unwrap().as_deref(),
        Some("You cannot move: the program made the last move, so you win!")
    );
}

#[test]
fn a_rejected_move_changes_nothing_and_undo_goes_back_a_pair() {
    let mut s = Session::new(Staircase, vec![2, 0, 3]);
    for bad in ["", "x", "4 1", "2 1", "3 4", "1 2 3"] {
        match s.play(bad) {
            Err(PlayError::Rejected(_)) => {}
            other => panic!("{bad:?} gave {other:?}"),
        }
        assert_eq!(s.position(), &vec![2, 0, 3]);
    }
    assert!(!s.undo());
    s.play("3 1").unwrap();
    assert_ne!(s.position(), &vec![2, 0, 3]);
    assert!(s.undo());
    assert_eq!(s.position(), &vec![2, 0, 3]);
}

#[test]
fn heap_games_are_valued_in_normal_and_misere_play() {
    // Kayles (0.77): normal-play values from the nim-sequence; a heap of 1 and 2 is N in
    // normal play (value 1 xor 2 = 3) and the program wins it.
    let game = cgt_impartial::heapgame::HeapGame::from_name_or_code("0.77").unwrap();
    let values: Vec<u32> = vec![0, 1, 2];
    let mut normal = Session::new(Heaps::normal(game.clone(), values), vec![1, 2]);
    assert_eq!(normal.value().unwrap(), Some(Value::Outcome(Wdl::Win)));
    let mut misere = Session::new(Heaps::misere(game, 10_000), vec![1, 1]);
    // Misère Kayles with two single pins: the player to move wins (take one, leave one).
    assert_eq!(misere.value().unwrap(), Some(Value::Outcome(Wdl::Win)));
    assert!(misere.misere());
}

#[test]
fn divisor_game_program_keeps_odd_numbers() {
    // The player at an odd N loses (every proper divisor of an odd N is odd: N - d is even).
    let checked = program_keeps_the_win(Divisor, 45, 7, |&n| n % 2 == 1);
    assert!(checked >= 1);
}

#[test]
fn chess_session_plays_the_table_perfectly() {
    use cgt_retro::chess::tables::{EndgameTable, TableFile};
    use cgt_retro::chess::{Endgame, Scheme};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("krk.cgtb");
    EndgameTable::build(
        Endgame::parse("krk", Scheme::Reduced, None).unwrap(),
        u128::MAX,
    )
    .unwrap()
    .write(&path)
    .unwrap();
    let mut game = Chess::new(TableFile::open(&path).unwrap());
    assert!(matches!(
        game.start("8/8/8/8/8/8/8/k6K w - - 0 1"),
        Err(PlayError::Refused(_))
    ));
    let start = game.start("8/8/8/4k3/8/8/8/KR6 w - - 0 1").unwrap();
    let mut s = Session::new(game, start);
    let Some(Value::Verdict(Verdict::Win(mut d))) = s.value().unwrap() else {
        panic!("KRK with White to move is a win");
    };
    assert!(d > 10, "a long mate: {d}");
    loop {
        // The person plays a best move by the valued list; the program delays as long as it can.
        let moves = s.valued_moves().unwrap();
        let best = moves.iter().map(|m| m.value.unwrap()).max().unwrap();
        assert_eq!(best, Value::Verdict(Verdict::Win(d)));
        let i = moves.iter().position(|m| m.value == Some(best)).unwrap();
        match s.play_index(i).unwrap().reply {
            Reply::Over(end) => {
                assert_eq!(d, 1);
                assert_eq!(end, "Checkmate: you win!");
                break;
            }
            Reply::Moved(_) => {
                assert_eq!(
                    s.value().unwrap(),
                    Some(Value::Verdict(Verdict::Win(d - 2)))
                );
                d -= 2;
            }
            Reply::NoMove => panic!("no reply"),
        }
    }
    // A move typed in SAN or as squares is read; a wrong one is rejected.
    assert!(s.undo());
    assert!(matches!(s.play("Ka9"), Err(PlayError::Rejected(_))));
}
