//! Sessions played against the program: it keeps every winning position won, values every
//! legal move as the game's theory says, takes back, refuses bad moves without changing
//! anything, and plays a chess endgame perfectly from its table.

use cgt_core::budget::Budget;
use cgt_core::rng::Rng;
use cgt_core::{Verdict, Wdl, nim_sum};
use cgt_partizan::Player;
use cgt_partizan::domineering::{Board, Domineering};
use cgt_play::games::{Chess, Divisor, Heaps, Nim, Partizan, Staircase, Turned, Wythoff};
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
            m.value.map(Value::wdl),
            Some(if wins { Wdl::Win } else { Wdl::Loss })
        );
        // Small enough for the remoteness: each move says in how many plies.
        assert!(matches!(m.value, Some(Value::Verdict(_))), "{m:?}");
    }
    // Bouton: exactly one winning move from 3, 4, 5 (take 2 from heap 1).
    let winning: Vec<String> = moves
        .iter()
        .filter(|m| m.value.map(Value::wdl) == Some(Wdl::Win))
        .map(|m| m.mv.to_string())
        .collect();
    assert_eq!(winning, ["take 2 from heap 1"]);
    // The hint names the winning moves as the moves themselves word them.
    let take = cgt_core::said::Said::new("move-take")
        .number("count", 2)
        .number("heap", 1);
    assert_eq!(
        s.hint().unwrap(),
        cgt_core::said::Said::new("hint-winning").list("moves", vec![take.into()])
    );
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
        s.over().unwrap().map(|end| end.id),
        Some("over-you-cannot-move-misere")
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
    // Take the single pin, leave 2 for the reply (take both), and... the reply takes both
    // at once: 1 + 2 is won in three plies at most; the remoteness says exactly.
    assert_eq!(normal.value().unwrap().map(Value::wdl), Some(Wdl::Win));
    let mut misere = Session::new(Heaps::misere(game, 10_000), vec![1, 1]);
    // Misère Kayles with two single pins: the player to move wins (take one, leave one), in
    // two plies: the reply must take the last pin.
    assert_eq!(
        misere.value().unwrap(),
        Some(Value::Verdict(cgt_core::Verdict::Win(2)))
    );
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
                assert_eq!(end.id, "over-checkmate-you");
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

/// Plays random games of `game` from `start`; after each turn a fresh session replaying the
/// record is at the same position (drawn alike) with the same record, and undo in both goes
/// back alike.
fn replay_matches_play<G: Playable>(new: impl Fn() -> G, start: G::Position, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut s = Session::new(new(), start.clone());
    while s.over().unwrap().is_none() {
        let n = s.legal_moves().len();
        s.play_index(rng.below(n as u64) as usize).unwrap();
        let mut again = Session::new(new(), start.clone());
        again.replay(s.record()).unwrap();
        assert_eq!(again.render(), s.render());
        assert_eq!(again.record(), s.record());
        if rng.below(4) == 0 {
            assert!(again.undo() && s.undo());
            assert_eq!(again.render(), s.render());
            assert_eq!(again.record(), s.record());
        }
    }
}

#[test]
fn a_replayed_record_reaches_the_played_position() {
    for seed in 0..10 {
        replay_matches_play(
            || Nim {
                misere: seed % 2 == 1,
            },
            vec![3, 5, 6, 2],
            seed,
        );
        replay_matches_play(|| Wythoff, (9, 14), seed);
        replay_matches_play(|| Staircase, vec![0, 3, 1, 4], seed);
        let board: Board = "..../..../...#".parse().unwrap();
        let start = Turned {
            position: board,
            to_move: Player::Left,
        };
        replay_matches_play(
            || Partizan::new(Domineering, Budget::unlimited()),
            start,
            seed,
        );
    }
}

#[test]
fn a_bad_record_is_rejected() {
    let mut s = Session::new(Nim { misere: false }, vec![2, 2]);
    for (record, needle) in [
        (vec![vec![9]], "no move 9"),
        (vec![vec![]], "turn 1 has 0 moves"),
        (vec![vec![0, 0, 0]], "turn 1 has 3 moves"),
        (vec![vec![0, 0], vec![5]], "turn 2: there are"),
    ] {
        let err = Session::new(Nim { misere: false }, vec![2, 2])
            .replay(&record)
            .unwrap_err();
        assert!(
            matches!(&err, PlayError::Rejected(m) if m.contains(needle)),
            "{record:?}: {err}"
        );
    }
    // The turns before a bad one stay played.
    assert!(s.replay(&[vec![0, 0], vec![7]]).is_err());
    assert_eq!(s.record(), [vec![0, 0]]);
}

/// Partizan values by plain minimax: whether the side to move wins moving first.
fn wins_moving_first(
    game: &impl cgt_partizan::PartizanGame<Position = Board>,
    b: &Board,
    who: Player,
) -> bool {
    let mut out = Vec::new();
    game.moves(b, who, &mut out);
    out.iter()
        .any(|(_, after)| !wins_moving_first(game, after, who.other()))
}

#[test]
fn partizan_moves_are_valued_as_plain_search_says_and_the_program_keeps_its_win() {
    let mut rng = Rng::new(7);
    let mut checked = 0;
    for _ in 0..30 {
        let rows: Vec<String> = (0..3)
            .map(|_| {
                (0..3)
                    .map(|_| if rng.below(4) == 0 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let board: Board = rows.join("/").parse().unwrap();
        for to_move in [Player::Left, Player::Right] {
            let start = Turned {
                position: board,
                to_move,
            };
            let mut s = Session::new(Partizan::new(Domineering, Budget::unlimited()), start);
            let wins = wins_moving_first(&Domineering, &board, to_move);
            assert_eq!(
                s.value().unwrap(),
                Some(Value::Outcome(if wins { Wdl::Win } else { Wdl::Loss })),
                "{board} {to_move:?}"
            );
            for m in s.valued_moves().unwrap() {
                assert!(m.value.is_some());
            }
            if !wins && s.over().unwrap().is_none() {
                // Whatever the person plays, the program answers into a position the person
                // loses again.
                let n = s.legal_moves().len();
                let turn = s.play_index(rng.below(n as u64) as usize).unwrap();
                if let Reply::Moved(_) = turn.reply {
                    assert!(!wins_moving_first(
                        &Domineering,
                        &s.position().position,
                        to_move
                    ));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 5, "only {checked} replies checked");
}

#[test]
fn partizan_moves_are_typed_by_name_or_number() {
    let board: Board = "../..".parse().unwrap();
    let start = Turned {
        position: board,
        to_move: Player::Left,
    };
    let mut s = Session::new(Partizan::new(Domineering, Budget::unlimited()), start);
    let first = s.legal_moves()[0].to_string();
    assert!(s.play(&first).is_ok());
    assert!(s.undo());
    assert!(s.play("1").is_ok());
    assert!(s.undo());
    for bad in ["0", "9", "domino nowhere", ""] {
        assert!(matches!(s.play(bad), Err(PlayError::Rejected(_))), "{bad}");
    }
}

/// Remoteness by its definition over sorted heaps (the player unable to move has lost in 0
/// plies; a win takes the quickest move to a loss, a loss the slowest move to a win).
fn nim_remoteness(
    heaps: Vec<u64>,
    known: &mut std::collections::HashMap<Vec<u64>, cgt_core::Verdict>,
) -> cgt_core::Verdict {
    use cgt_core::Verdict;
    let mut key = heaps.clone();
    key.sort_unstable();
    if let Some(&v) = known.get(&key) {
        return v;
    }
    let mut fastest_win: Option<u32> = None;
    let mut slowest_loss: Option<u32> = None;
    for i in 0..key.len() {
        for take in 1..=key[i] {
            let mut after = key.clone();
            after[i] -= take;
            match nim_remoteness(after, known) {
                Verdict::Loss(d) => {
                    fastest_win = Some(fastest_win.map_or(d + 1, |w| w.min(d + 1)));
                }
                Verdict::Win(d) => {
                    slowest_loss = Some(slowest_loss.map_or(d + 1, |l| l.max(d + 1)));
                }
                Verdict::Draw => unreachable!("Nim ends"),
            }
        }
    }
    let v = match (fastest_win, slowest_loss) {
        (Some(w), _) => Verdict::Win(w),
        (None, Some(l)) => Verdict::Loss(l),
        (None, None) => Verdict::Loss(0),
    };
    known.insert(key, v);
    v
}

#[test]
fn nim_remoteness_is_its_definition_and_agrees_with_bouton() {
    let mut known = std::collections::HashMap::new();
    for a in 0..=4u64 {
        for b in 0..=4 {
            for c in 0..=3 {
                let heaps = vec![a, b, c];
                let found =
                    cgt_play::remoteness::remoteness(&Nim { misere: false }, &heaps, 100_000)
                        .expect("small enough");
                assert_eq!(
                    found,
                    nim_remoteness(heaps.clone(), &mut known),
                    "{heaps:?}"
                );
                assert_eq!(
                    found.wdl() == Wdl::Loss,
                    a ^ b ^ c == 0,
                    "{heaps:?}: Bouton"
                );
            }
        }
    }
    // Too large for the search: left at win or loss.
    assert_eq!(
        cgt_play::remoteness::remoteness(&Nim { misere: false }, &vec![30, 40, 50], 1000),
        None
    );
    let mut big = Session::new(Nim { misere: false }, vec![30, 40, 50]);
    assert_eq!(big.value().unwrap(), Some(Value::Outcome(Wdl::Win)));
}
