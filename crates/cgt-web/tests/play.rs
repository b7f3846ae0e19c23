//! Games played through `/api/play/GAME`, as a page plays them: every game starts, the program
//! keeps every won game won, the values shown agree with the theory, the record replays, a
//! turn is taken back, and clicks on the board name exactly the moves they should.

mod common;

use std::collections::HashSet;

use cgt_core::rng::Rng;
use common::{app, get, json};
use serde_json::Value;

fn moves(state: &Value) -> &Vec<Value> {
    state["moves"].as_array().expect("moves")
}

fn heaps_of(state: &Value) -> Vec<u64> {
    // "heap 1: 3, heap 2: 4\n"
    state["position"]
        .as_str()
        .unwrap()
        .trim()
        .split(", ")
        .filter_map(|part| part.split(": ").nth(1))
        .map(|n| n.parse().unwrap())
        .collect()
}

#[tokio::test]
async fn every_game_starts_with_its_legal_moves_and_a_board() {
    let app = app();
    for (name, _) in cgt_web::games(cgt_report::texts::Lang::En) {
        let state = if name == "chess" {
            // The KQK table is built on first use.
            for _ in 0..200 {
                let (status, _) = get(&app, "/api/play/chess").await;
                if status == 200 {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            json(&app, "/api/play/chess").await
        } else {
            json(&app, &format!("/api/play/{name}")).await
        };
        assert_eq!(state["game"], name);
        assert!(!moves(&state).is_empty(), "{name}: {state}");
        assert_eq!(state["record"], "", "{name}");
        // Games drawn as text only, their moves chosen from the list.
        if matches!(
            name,
            "divisor" | "cycle" | "cutcake" | "partizan-subtraction" | "pig" | "poker"
        ) {
            assert!(state["board"].is_null(), "{name}");
        } else {
            let board = state["board"]
                .as_str()
                .unwrap_or_else(|| panic!("{name}: no board"));
            assert!(board.starts_with("<svg"), "{name}");
            // Every move is clickable but the splits of a heap game (buttons only); a click
            // names one move.
            let mut named = std::collections::HashSet::new();
            for m in moves(&state) {
                let cells = m["cells"].as_array().unwrap();
                if name == "heaps" && m["text"].as_str().unwrap().contains(" and ") {
                    assert!(cells.is_empty(), "{m}");
                    continue;
                }
                assert!(!cells.is_empty(), "{name}: {m}");
                if !matches!(
                    name,
                    "domineering" | "clobber" | "toads-frogs" | "toppling-dominoes" | "chess"
                ) {
                    assert!(
                        named.insert(cells.clone()),
                        "{name}: two moves on {cells:?}"
                    );
                }
                for c in cells {
                    let needle = format!("data-cell=\"{}\"", c.as_str().unwrap());
                    assert!(board.contains(&needle), "{name}: {needle} not drawn");
                }
            }
        }
    }
}

#[tokio::test]
async fn nim_from_a_p_position_is_lost_to_the_program_whatever_the_person_plays() {
    let app = app();
    let mut rng = Rng::new(5);
    for game in 0..6 {
        let misere = game % 2 == 1;
        let start = if misere { "2 2" } else { "3 5 6" };
        let base = format!(
            "/api/play/nim?heaps={}&misere={misere}",
            start.replace(' ', "+")
        );
        let mut state = json(&app, &base).await;
        assert_eq!(state["wdl"], "loss");
        let mut turns = 0;
        while state.get("over").is_none() {
            let n = moves(&state).len() as u64;
            let pick = rng.below(n);
            // Every move the page offers from a lost position is shown as a loss.
            assert!(moves(&state).iter().all(|m| m["wdl"] == "loss"), "{state}");
            let record = state["record"].as_str().unwrap().to_owned();
            state = json(&app, &format!("{base}&record={record}&play={pick}")).await;
            turns += 1;
            if state.get("over").is_none() {
                let heaps = heaps_of(&state);
                let x = heaps.iter().fold(0, |a, h| a ^ h);
                if !misere {
                    assert_eq!(x, 0, "the program left a nim-sum of {x}: {state}");
                }
            }
        }
        let over = state["over"].as_str().unwrap();
        assert!(over.contains("the program wins"), "{over}");
        assert_eq!(state["turns"], turns);
    }
}

#[tokio::test]
async fn move_values_follow_the_nim_sum_and_a_record_replays() {
    let app = app();
    let state = json(&app, "/api/play/nim?heaps=3+4+6").await;
    let heaps = heaps_of(&state);
    assert_eq!(state["describe"], "Grundy value *1");
    for m in moves(&state) {
        // "take K from heap H"
        let words: Vec<&str> = m["text"].as_str().unwrap().split(' ').collect();
        let (k, h): (u64, usize) = (words[1].parse().unwrap(), words[4].parse().unwrap());
        let mut after = heaps.clone();
        after[h - 1] -= k;
        let x = after.iter().fold(0, |a, b| a ^ b);
        assert_eq!(m["wdl"] == "win", x == 0, "{m}");
    }
    let played = json(&app, "/api/play/nim?heaps=3+4+6&play=2").await;
    let record = played["record"].as_str().unwrap();
    let again = json(&app, &format!("/api/play/nim?heaps=3+4+6&record={record}")).await;
    assert_eq!(again["position"], played["position"]);
    let undone = json(
        &app,
        &format!("/api/play/nim?heaps=3+4+6&record={record}&undo=true"),
    )
    .await;
    assert_eq!(undone["position"], state["position"]);
    assert_eq!(undone["record"], "");
    assert_eq!(undone["undone"], true);
}

#[tokio::test]
async fn a_won_wythoff_game_is_won_by_playing_the_green_moves() {
    let app = app();
    let base = "/api/play/wythoff?a=9&b=7";
    let mut state = json(&app, base).await;
    assert_eq!(state["wdl"], "win");
    while state.get("over").is_none() {
        let pick = moves(&state)
            .iter()
            .position(|m| m["wdl"] == "win")
            .expect("a won position has a winning move");
        let record = state["record"].as_str().unwrap().to_owned();
        state = json(&app, &format!("{base}&record={record}&play={pick}")).await;
    }
    assert!(
        state["over"].as_str().unwrap().contains("you win"),
        "{state}"
    );
}

#[tokio::test]
async fn domineering_values_update_and_clicks_name_one_move() {
    let app = app();
    let start = json(&app, "/api/play/domineering?board=2x3&why=true").await;
    let doc = &start["document"];
    assert_eq!(doc["value"], "{2|-1/2}", "{doc}");
    assert_eq!(start["describe"], "value {2|-1/2}");
    assert!(start["why"].as_str().unwrap().contains("value: {2|-1/2}"));
    // Each placement covers two cells; the pair names exactly that placement.
    let all: Vec<Vec<String>> = moves(&start)
        .iter()
        .map(|m| {
            let mut c: Vec<String> = m["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_owned())
                .collect();
            c.sort();
            c
        })
        .collect();
    let distinct: HashSet<_> = all.iter().collect();
    assert_eq!(distinct.len(), all.len());
    assert!(all.iter().all(|c| c.len() == 2));
    let after = json(&app, "/api/play/domineering?board=2x3&play=0&why=true").await;
    assert_ne!(after["document"]["value"], doc["value"]);
    assert_eq!(
        after["describe"],
        format!("value {}", after["document"]["value"].as_str().unwrap())
    );
}

#[tokio::test]
async fn connect_four_discs_fall_and_the_record_holds_both_moves() {
    let app = app();
    let state = json(&app, "/api/play/connect4?moves=&play=3").await;
    assert_eq!(state["turns"], 1);
    let record = state["record"].as_str().unwrap();
    assert_eq!(record.split('-').count(), 2, "{record}");
    let board = state["board"].as_str().unwrap();
    assert_eq!(board.matches("class=\"disc\"").count(), 2);
}

#[tokio::test]
async fn a_typed_move_plays_as_the_same_listed_move() {
    let app = app();
    let typed = json(&app, "/api/play/nim?heaps=3+4+6&move=2+3").await;
    let listed = json(&app, "/api/play/nim?heaps=3+4+6").await;
    let index = moves(&listed)
        .iter()
        .position(|m| m["text"] == "take 3 from heap 2")
        .unwrap();
    let picked = json(&app, &format!("/api/play/nim?heaps=3+4+6&play={index}")).await;
    assert_eq!(typed["record"], picked["record"]);
    assert_eq!(typed["turn"]["played"], "take 3 from heap 2");
}

#[tokio::test]
async fn a_chess_position_is_explained_by_the_table_probe() {
    let app = app();
    let uri = "/api/play/chess?table=KRK&why=true";
    let mut found = None;
    for _ in 0..300 {
        let (status, body) = get(&app, uri).await;
        if status == 200 {
            found = Some(serde_json::from_str::<Value>(&body).unwrap());
            break;
        }
        assert_eq!(status, 409, "{body}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let state = found.expect("the KRK table is built within 30 s");
    let doc = &state["document"];
    assert_eq!(doc["verdict"]["result"], "win", "{doc}");
    // The value shown is the probe's verdict.
    let plies = doc["verdict"]["plies"].as_u64().unwrap();
    let words = if plies == 1 {
        "1 ply".to_owned()
    } else {
        format!("{plies} plies")
    };
    assert_eq!(state["value"], format!("win in {words}"));
    assert!(
        state["why"].as_str().unwrap().contains("Best move: "),
        "{}",
        state["why"]
    );
}

#[tokio::test]
async fn connect_four_moves_carry_exact_verdicts_near_the_end() {
    let app = app();
    // 22 stones played, 20 empty cells: every move is valued exactly.
    let base = "/api/play/connect4?moves=2552354651517435226474";
    let state = json(&app, base).await;
    let value = state["value"]
        .as_str()
        .expect("the position is valued")
        .to_owned();
    let valued: Vec<&Value> = moves(&state).iter().collect();
    assert!(valued.iter().all(|m| m["value"].is_string()), "{state}");
    // The position's value is its best move's: a win in N plies is a move to a loss in N − 1.
    let best = valued
        .iter()
        .find(|m| m["value"] == value)
        .unwrap_or_else(|| panic!("no move worth {value}: {state}"));
    assert_eq!(best["wdl"], state["wdl"]);
    // Earlier in the game (30 empty cells) moves are not valued one by one.
    let early = json(&app, "/api/play/connect4?moves=123456712345").await;
    assert!(early.get("value").is_none());
}

#[tokio::test]
async fn a_poker_hand_is_dealt_from_its_seed_and_played_to_the_showdown() {
    let app = app();
    let state = json(&app, "/api/play/poker?variant=kuhn&seed=3").await;
    let texts: Vec<&str> = moves(&state)
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["check", "bet"]);
    let bet = texts.iter().position(|t| *t == "bet").unwrap();
    let after = json(
        &app,
        &format!("/api/play/poker?variant=kuhn&seed=3&play={bet}"),
    )
    .await;
    assert!(
        after
            .to_string()
            .contains("The program wins 2 (it held K)."),
        "{after}"
    );
    let second = json(&app, "/api/play/poker?variant=leduc&seed=5&side=second").await;
    assert!(second.to_string().contains("you play second"), "{second}");
    let (status, _) = get(&app, "/api/play/poker?variant=holdem").await;
    assert_eq!(status, 400);
    let (status, _) = get(&app, "/api/play/poker?side=left").await;
    assert_eq!(status, 400);
}
