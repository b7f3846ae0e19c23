//! What the server refuses, and how: bad input gets a 4xx with the command's one-line message,
//! work past a request's budget 422, a full house 503 — and the server answers the next
//! request as before.

mod common;

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{app, app_with, get, json, limits, refused, send};

#[tokio::test]
async fn bad_input_gets_a_4xx_and_one_line() {
    let app = app();
    let deep = format!("/api/game?expr={}0{}", "%7B".repeat(400), "%7D".repeat(400));
    let long = format!("/api/play/domineering?board={}", ".".repeat(30_000));
    let cases: Vec<(String, StatusCode, &str)> = vec![
        (
            "/api/play/nope".into(),
            StatusCode::NOT_FOUND,
            "no game \"nope\"",
        ),
        (
            "/api/nope".into(),
            StatusCode::NOT_FOUND,
            "no document \"nope\"",
        ),
        ("/nowhere/at/all".into(), StatusCode::NOT_FOUND, "no page"),
        (
            "/api/play/nim?heaps=3+x".into(),
            StatusCode::BAD_REQUEST,
            "'x' is not a whole number",
        ),
        (
            "/api/play/nim?heaps=99999999999".into(),
            StatusCode::BAD_REQUEST,
            "counters",
        ),
        (
            "/api/play/nim?heaps=3&play=99".into(),
            StatusCode::BAD_REQUEST,
            "no move 99",
        ),
        (
            "/api/play/nim?heaps=3&move=9+9".into(),
            StatusCode::BAD_REQUEST,
            "heap",
        ),
        (
            "/api/play/nim?heaps=3&play=0&undo=true".into(),
            StatusCode::BAD_REQUEST,
            "one action",
        ),
        (
            "/api/play/nim?heaps=3&record=0-0-0".into(),
            StatusCode::BAD_REQUEST,
            "turn 1 has 3 moves",
        ),
        (
            "/api/play/nim?heaps=3&record=x".into(),
            StatusCode::BAD_REQUEST,
            "move numbers",
        ),
        (
            "/api/play/nim?heaps=3&misere=maybe".into(),
            StatusCode::BAD_REQUEST,
            "misere",
        ),
        (
            "/api/play/nim?colour=blue".into(),
            StatusCode::BAD_REQUEST,
            "unknown field `colour`",
        ),
        (
            "/api/play/wythoff?a=-1".into(),
            StatusCode::BAD_REQUEST,
            "a",
        ),
        (
            "/api/play/domineering?board=9x9".into(),
            StatusCode::BAD_REQUEST,
            "squares",
        ),
        (
            "/api/play/domineering?board=..%2F%2F..".into(),
            StatusCode::BAD_REQUEST,
            "empty",
        ),
        (long, StatusCode::BAD_REQUEST, "at most 20000"),
        (
            "/api/play/domineering?side=up".into(),
            StatusCode::BAD_REQUEST,
            "left or right",
        ),
        (
            "/api/play/toads-frogs?board=TXF".into(),
            StatusCode::BAD_REQUEST,
            "X",
        ),
        (
            "/api/play/clobber?board=xo%2Fo".into(),
            StatusCode::BAD_REQUEST,
            "row",
        ),
        (
            "/api/play/hackenbush?board=a+b+purple".into(),
            StatusCode::BAD_REQUEST,
            "purple",
        ),
        (
            "/api/play/connect4?moves=8".into(),
            StatusCode::BAD_REQUEST,
            "column",
        ),
        (
            "/api/play/connect4?width=99".into(),
            StatusCode::BAD_REQUEST,
            "width",
        ),
        (
            "/api/play/mnk?shape=3,3".into(),
            StatusCode::BAD_REQUEST,
            "three numbers",
        ),
        (
            "/api/play/mnk?shape=3,3,3&moves=5+5".into(),
            StatusCode::BAD_REQUEST,
            "5",
        ),
        (
            "/api/play/chess?table=..%2F..%2Fetc%2Fpasswd".into(),
            StatusCode::BAD_REQUEST,
            "no path",
        ),
        (
            "/api/play/chess?table=%2Fetc%2Fpasswd".into(),
            StatusCode::BAD_REQUEST,
            "no path",
        ),
        (
            "/api/play/chess?table=missing.cgt".into(),
            StatusCode::NOT_FOUND,
            "no table file",
        ),
        (
            "/api/play/heaps?rules=0.9z".into(),
            StatusCode::BAD_REQUEST,
            "0.9z",
        ),
        (
            "/api/game?expr=%7B1%7C".into(),
            StatusCode::BAD_REQUEST,
            "{1|",
        ),
        (deep, StatusCode::BAD_REQUEST, "levels"),
        ("/api/game".into(), StatusCode::BAD_REQUEST, "game: missing field `expr`"),
        (
            "/api/loopy?expr=%7Bpass%7C".into(),
            StatusCode::BAD_REQUEST,
            "braces do not balance",
        ),
        (
            "/api/dead-end?expr=%7B0%7C%7D".into(),
            StatusCode::BAD_REQUEST,
            "not a Left dead end",
        ),
        (
            "/api/dead-end?expr=-5000".into(),
            StatusCode::BAD_REQUEST,
            "chain",
        ),
        (
            "/api/loopy?expr=pass".into(),
            StatusCode::BAD_REQUEST,
            "pass",
        ),
        (
            "/api/loopy?expr=upon%2B%7Bpass%7C%2A2%7D%2B%7Bpass%7C%2A3%7D%2B%7Bpass%7C%2A4%7D%2B%7Bpass%7C%2A5%7D%2B%7Bpass%7C%2A6%7D%2B%7Bpass%7C%2A7%7D".into(),
            StatusCode::BAD_REQUEST,
            "pairs",
        ),
        (
            "/api/heaps?rules=0.07&upto=100000000".into(),
            StatusCode::BAD_REQUEST,
            "at most",
        ),
        (
            // A position's largest heap is capped as upto is (it needs the values up to it).
            "/api/heaps?rules=0.07&heaps=3+5000000".into(),
            StatusCode::BAD_REQUEST,
            "at most 100000",
        ),
        (
            "/api/cycle?window=300+4".into(),
            StatusCode::BAD_REQUEST,
            "from 0 to 255",
        ),
        (
            "/api/heaps?rules=0.75&upto=65&quotient=true".into(),
            StatusCode::BAD_REQUEST,
            "at most 64",
        ),
        (
            "/api/heaps?rules=0.75&heaps=3+100&quotient=true".into(),
            StatusCode::BAD_REQUEST,
            "at most 64",
        ),
        (
            "/api/tree?tree=(max+1".into(),
            StatusCode::BAD_REQUEST,
            "tree",
        ),
        (
            "/picture/wythoff?upto=5000".into(),
            StatusCode::BAD_REQUEST,
            "at most 256",
        ),
        ("/picture/nope".into(), StatusCode::NOT_FOUND, "no picture"),
        ("/static/../Cargo.toml".into(), StatusCode::NOT_FOUND, ""),
        (
            "/api/tables/..%2Fsecret".into(),
            StatusCode::BAD_REQUEST,
            "no path",
        ),
    ];
    for (uri, status, needle) in &cases {
        let (got, body) = get(&app, uri).await;
        assert_eq!(got, *status, "{uri}: {body}");
        if uri.starts_with("/api/") || uri.starts_with("/picture/") {
            refused(&app, uri, *status, needle).await;
        }
    }
    // Only GET: a body is never read, however large.
    let big = vec![b'x'; 10 << 20];
    let (status, _) = send(
        &app,
        Request::post("/api/play/nim")
            .body(Body::from(big))
            .unwrap(),
    )
    .await;
    assert!(status.is_client_error(), "{status}");
    // The server answers as before.
    json(&app, "/api/play/nim?heaps=1+2").await;
}

#[tokio::test]
async fn work_past_the_budget_gets_422_and_the_server_goes_on() {
    let app = app_with(limits(Duration::from_millis(300), 2));
    let started = std::time::Instant::now();
    for uri in [
        "/api/domineering?expr=8x8",
        "/api/play/domineering?board=8x8&hint=true",
        // A misère quotient that keeps growing.
        "/api/heaps?rules=0.354&upto=5&quotient=true",
        "/api/game?expr=*256%2B*255%2B%7B2%7C%7C1%7C0%7D%2B%7B3%7C%7C1%7C0%7D%2B%7B4%7C%7C1%7C0%7D%2B%7B5%7C%7C1%7C0%7D%2B%7B6%7C%7C1%7C0%7D%2B%7B7%7C%7C1%7C0%7D%2B%7B8%7C%7C1%7C0%7D%2B%7B9%7C%7C1%7C0%7D%2B%7B10%7C%7C1%7C0%7D%2B%7B11%7C%7C1%7C0%7D%2B%7B12%7C%7C1%7C0%7D%2B%7B13%7C%7C1%7C0%7D%2B%7B14%7C%7C1%7C0%7D",
    ] {
        let (status, body) = get(&app, uri).await;
        if status == StatusCode::OK {
            // Fast enough to finish: not the point of this case.
            continue;
        }
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{uri}: {body}");
        assert!(
            body.contains("limit") || body.contains("stopped"),
            "{uri}: {body}"
        );
    }
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    json(&app, "/api/play/nim?heaps=1+2").await;
}

#[tokio::test]
async fn a_full_house_gets_503_not_a_stuck_server() {
    let app = app_with(limits(Duration::from_secs(2), 1));
    let slow = "/api/domineering?expr=8x8";
    let (a, b, c) = tokio::join!(get(&app, slow), get(&app, slow), get(&app, slow));
    let statuses = [a.0, b.0, c.0];
    assert!(
        statuses.contains(&StatusCode::SERVICE_UNAVAILABLE),
        "{statuses:?}: with one worker busy for 2 s and 0.3 s of waiting, a request is refused"
    );
    for (status, body) in [a, b, c] {
        assert!(
            matches!(status.as_u16(), 200 | 422 | 503),
            "{status}: {body}"
        );
    }
    json(&app, "/api/play/nim?heaps=1+2").await;
}

#[tokio::test]
async fn misere_quotients_answer_as_the_command_does() {
    let app = app();
    let doc = json(&app, "/api/heaps?rules=0.75&upto=12&quotient=true").await;
    assert_eq!(doc["order"], 8);
    assert_eq!(doc["p_portion"], serde_json::json!(["a", "b²"]));
    let doc = json(&app, "/api/heaps?rules=0.75&heaps=3+5+7+2&quotient=true").await;
    let search = json(&app, "/api/heaps?rules=0.75&heaps=3+5+7+2&misere=true").await;
    assert_eq!(doc["outcome"], search["outcome"]);
    assert_eq!(doc["winning_moves"], search["winning_moves"]);
    assert_eq!(doc["misere_quotient"]["element"], "ab");
    let (status, page) = get(&app, "/sequence?rules=0.75&upto=12&quotient=true").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("P-portion {a, b²}") && page.contains("checked"),
        "{page}"
    );
}

#[tokio::test]
async fn loopy_games_answer_as_the_command_does() {
    let app = app();
    let doc = json(&app, "/api/loopy?expr=upon%20%2B%20*").await;
    // Winning Ways, chapter 11: upon* = {0, upon*|0}.
    assert_eq!(doc["simplest"], "{0, pass|0}");
    assert_eq!(doc["outcome"], "N");
    let doc = json(&app, "/api/loopy?expr=tis&compare=1").await;
    assert_eq!(doc["sides"], serde_json::json!(["1", "0"]));
    assert_eq!(doc["compare"]["relation"], "<");
    let doc = json(&app, "/api/loopy?backsliding=T..F").await;
    assert_eq!(doc["sides"], serde_json::json!(["*", "*"]));
    let (status, page) = get(&app, "/loopy?expr=dud").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("sides: on &amp; off"), "{page}");
}

#[tokio::test]
async fn dead_ends_answer_as_the_command_does() {
    let app = app();
    let doc = json(
        &app,
        "/api/dead-end?expr=-2%20%2B%20%7B%7C0%2C-3%7D&compare=-3",
    )
    .await;
    assert_eq!(doc["form"], "{|{|{|0,-3}}}");
    assert_eq!(
        doc["factorisations"],
        serde_json::json!([["-1", "-1", "{|0,-3}"]])
    );
    assert_eq!(doc["compare"]["relation"], "<");
    let (status, page) = get(&app, "/dead-end?expr=-3").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("-1 + -1 + -1"), "{page}");
}

#[tokio::test]
async fn the_calculator_does_the_algebra_of_the_command_line() {
    let app = app();
    let doc = json(&app, "/api/game?expr=%7B3%7C-1%7D&cool=1&norton=%5E").await;
    let cli = [("cool", "1", "{2|0}")];
    for (i, (op, arg, value)) in cli.iter().enumerate() {
        assert_eq!(doc["derived"][i]["operation"], *op);
        assert_eq!(doc["derived"][i]["argument"], *arg);
        assert_eq!(doc["derived"][i]["value"], *value);
    }
    assert_eq!(doc["derived"][1]["operation"], "norton");
    let (status, page) = get(
        &app,
        "/calculator?expr=%5E%5E*+%2B+%7B0%7Cv*%7D&atomic_weight=true&reduced=true",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("atomic weight: 2"), "{page}");
    assert!(page.contains("reduced canonical form: 0"), "{page}");
    let (status, page) = get(&app, "/api/game?expr=1&cool=-1").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{page}");
}

#[tokio::test]
async fn the_hidden_information_page_solves_matrices_and_pokers() {
    let app = app();
    let (status, page) = get(&app, "/hidden").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Hidden information"), "{page}");
    let (status, page) = get(&app, "/hidden?matrix=1+-1%3B+-1+1").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("value 0 to the row player"), "{page}");
    let (status, page) = get(&app, "/hidden?game=kuhn&cfr=").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("value -1&#x2f;18 to the first player"),
        "{page}"
    );
    let (status, page) = get(&app, "/hidden?game=leduc&cfr=100").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("CFR+, 100 iterations"), "{page}");
    let (status, page) = get(&app, "/hidden?game=kuhn&cfr=many").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(page.contains("cfr: a number of iterations"), "{page}");
    let (status, page) = get(&app, "/hidden?game=%28first+s").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(page.contains("game: at character"), "{page}");
    let doc = json(&app, "/api/hidden?game=kuhn").await;
    assert_eq!(doc["value"], "-1/18");
}

#[tokio::test]
async fn the_misere_census_answers_in_the_json_api() {
    let app = app();
    let doc = json(&app, "/api/misere-census?codes=0.07+0.137&upto=10").await;
    let orders: Vec<&serde_json::Value> = doc["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| &e["quotient"]["orders"])
        .collect();
    // Dawson's chess is Dawson's Kayles one heap later.
    assert_eq!(orders[0][10], orders[1][9]);
    assert_eq!(doc["shard"], "1/1");
    let (status, page) = get(&app, "/api/misere-census?codes=0.07&shard=3/2").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(page.contains("shard: I/N"), "{page}");
    let (status, page) = get(&app, "/api/misere-census?codes=0.x").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(page.contains("codes: invalid octal code"), "{page}");
}
