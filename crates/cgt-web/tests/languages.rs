//! The playground speaks English, Russian, Bulgarian and Chinese: the language follows
//! `?lang=` in the address (kept in the page's links), else the browser's `Accept-Language`;
//! the JSON API does not change with it.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use cgt_report::texts::{Lang, message, ruleset_title};
use common::{app, get, json, send};

/// The page at `uri` as a browser asking for `accept` gets it.
async fn page_for(app: &axum::Router, uri: &str, accept: &str) -> String {
    let request = Request::get(uri)
        .header("accept-language", accept)
        .body(Body::empty())
        .unwrap();
    let (status, body) = send(app, request).await;
    assert_eq!(status, StatusCode::OK, "{uri}: {body}");
    body
}

/// No message id and no undefined message shows on a page.
fn no_keys(body: &str) {
    for key in ["web-", "ruleset-"] {
        assert!(
            !body.contains(&format!(">{key}")),
            "a message id shows: {body}"
        );
    }
    assert!(!body.contains("<h1></h1>"), "an empty heading: {body}");
}

#[tokio::test]
async fn the_front_page_follows_the_browser_and_the_address() {
    let app = app();
    let (status, english) = get(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(english.contains("<html lang=\"en\">"));
    assert!(english.contains("Play against the perfect player"));
    assert!(english.contains("href=\"/play/konane\">Konane</a>"));
    for lang in [Lang::Ru, Lang::Bg, Lang::Zh] {
        let heading = message(lang, "web-index-heading", &[]);
        let konane = ruleset_title(lang, "konane");
        let nim = message(lang, "web-game-nim", &[]);
        // From the browser: the links stay plain.
        let body = page_for(&app, "/", &format!("de;q=0.9, {};q=0.8", lang.code())).await;
        assert!(
            body.contains(&format!("<html lang=\"{}\">", lang.code())),
            "{lang:?}"
        );
        assert!(body.contains(&heading), "{lang:?}: {body}");
        assert!(
            body.contains(&format!("href=\"/play/konane\">{konane}</a>")),
            "{lang:?}"
        );
        assert!(
            body.contains(&format!("href=\"/play/nim\">{nim}</a>")),
            "{lang:?}"
        );
        assert!(
            !body.contains("Play against the perfect player"),
            "{lang:?}"
        );
        no_keys(&body);
        // From the address, over the browser's choice: the links keep it.
        let code = lang.code();
        let body = page_for(&app, &format!("/?lang={code}"), "en").await;
        assert!(body.contains(&heading), "{lang:?}");
        assert!(body.contains(&format!("href=\"/play/konane?lang={code}\">{konane}</a>")));
        assert!(body.contains(&format!("href=\"/calculator?lang={code}\"")));
        // The switch offers every language at this address (its `/` escaped), this one marked.
        for other in Lang::ALL {
            let c = other.code();
            assert!(
                body.contains(&format!("?lang={c}\" hreflang=\"{c}\"")),
                "{body}"
            );
            assert!(body.contains(other.own_name()));
        }
        assert!(body.contains(&format!(
            "hreflang=\"{code}\" lang=\"{code}\" aria-current=\"page\""
        )));
    }
}

#[tokio::test]
async fn every_page_has_its_frame_in_every_language() {
    let app = app();
    for lang in Lang::ALL {
        let code = lang.code();
        for page in [
            "/play/nim",
            "/play/konane",
            "/calculator",
            "/calculator?expr=%7B1%7C*%7D",
            "/loopy",
            "/dead-end",
            "/sequence",
            "/wythoff",
            "/tree",
            "/hidden",
        ] {
            let sep = if page.contains('?') { '&' } else { '?' };
            let body = page_for(&app, &format!("{page}{sep}lang={code}"), "en").await;
            assert!(
                body.contains(&message(lang, "web-site", &[])),
                "{page} {code}"
            );
            assert!(body.contains(&message(lang, "web-nav-calculator", &[])));
            assert!(
                body.contains(&message(lang, "web-footer", &[])),
                "{page} {code}"
            );
            no_keys(&body);
        }
        // A tool page's form sends the language chosen in the address with the question.
        let body = page_for(&app, &format!("/calculator?lang={code}"), "en").await;
        assert!(body.contains(&format!(
            "<input type=\"hidden\" name=\"lang\" value=\"{code}\">"
        )));
        let body = page_for(&app, &format!("/play/konane?lang={code}"), "en").await;
        let title = ruleset_title(lang, "konane");
        assert!(
            body.contains(&format!("<h1>{title}</h1>")),
            "{code}: {body}"
        );
    }
}

#[tokio::test]
async fn the_json_api_is_the_same_in_every_language() {
    let app = app();
    let english = json(&app, "/api/games").await;
    let (status, russian) = send(
        &app,
        Request::get("/api/games")
            .header("accept-language", "ru")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&russian).unwrap(),
        english
    );
    assert_eq!(english[0]["title"], "Nim");
    let asked = json(&app, "/api/nim?heaps=1+2+3&lang=ru").await;
    assert_eq!(asked, json(&app, "/api/nim?heaps=1+2+3").await);
}

#[tokio::test]
async fn the_play_api_adds_the_values_in_words_of_the_language_asked_and_changes_nothing_else() {
    let app = app();
    let plain = json(&app, "/api/play/nim?heaps=1+2+4").await;
    assert!(plain.get("words").is_none());
    for (code, win) in [
        ("en", "win in"),
        ("ru", "выигрыш за"),
        ("bg", "печалба за"),
        ("zh", "步内获胜"),
    ] {
        let mut asked = json(&app, &format!("/api/play/nim?heaps=1+2+4&lang={code}")).await;
        let words = asked
            .as_object_mut()
            .unwrap()
            .remove("words")
            .expect("words");
        assert_eq!(asked, plain, "{code}: a field changed with the language");
        assert!(
            words["value"].as_str().unwrap().contains(win),
            "{code}: {words}"
        );
        let moves = words["moves"].as_array().unwrap();
        assert_eq!(moves.len(), plain["moves"].as_array().unwrap().len());
        let texts = words["texts"].as_array().unwrap();
        assert_eq!(texts.len(), moves.len());
        for ((w, t), m) in moves
            .iter()
            .zip(texts)
            .zip(plain["moves"].as_array().unwrap())
        {
            // English words are the English fields; the others differ from them.
            assert_eq!(w == &m["value"], code == "en", "{code}: {w} {m}");
            assert_eq!(t == &m["text"], code == "en", "{code}: {t} {m}");
        }
    }
    // The turn just played, in words, beside the English of `turn`.
    let played = json(&app, "/api/play/nim?heaps=1+2+4&play=0&lang=ru").await;
    assert_eq!(played["turn"]["played"], "take 1 from heap 1");
    assert_eq!(played["words"]["turn"]["played"], "взять 1 из кучки 1");
    let answer = played["words"]["turn"]["answer"].as_str().unwrap();
    assert!(answer.starts_with("взять "), "{answer}");
    common::refused(
        &app,
        "/api/play/nim?heaps=1+2&lang=xx",
        StatusCode::BAD_REQUEST,
        "lang",
    )
    .await;
}

/// A refused start or move: `error` stays the English line of the `cgt` command, `words` has
/// it in the language the page asked for, and the form pages show it in theirs.
#[tokio::test]
async fn refusals_are_worded_in_the_language_asked() {
    let app = app();
    let cases = [
        // A start field that is not a number; a record that is not move numbers; a game over;
        // a start the program does not play (too many counters); no such game.
        (
            "/api/play/nim?heaps=3+x",
            StatusCode::BAD_REQUEST,
            "heaps: 'x' is not a whole number",
        ),
        (
            "/api/play/nim?heaps=1+2&record=a-b",
            StatusCode::BAD_REQUEST,
            "is not move numbers",
        ),
        (
            "/api/play/nim?heaps=1&record=0&play=0",
            StatusCode::BAD_REQUEST,
            "the game is over",
        ),
        (
            "/api/play/nim?heaps=100000+1",
            StatusCode::BAD_REQUEST,
            "counters in all are played",
        ),
        (
            "/api/play/nimm?heaps=1",
            StatusCode::NOT_FOUND,
            "no game \"nimm\"",
        ),
    ];
    for (uri, status, english) in cases {
        let (got, body) = get(&app, uri).await;
        assert_eq!(got, status, "{uri}: {body}");
        let plain: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert!(
            plain["error"].as_str().unwrap().contains(english),
            "{uri}: {body}"
        );
        assert!(plain.get("words").is_none(), "{uri}: {body}");
        for lang in [Lang::En, Lang::Ru, Lang::Bg, Lang::Zh] {
            let asked = format!("{uri}&lang={}", lang.code());
            let (got, body) = get(&app, &asked).await;
            assert_eq!(got, status, "{asked}: {body}");
            let v: serde_json::Value = serde_json::from_str(&body).unwrap();
            assert_eq!(
                v["error"], plain["error"],
                "{asked}: the English line changed"
            );
            let words = v["words"]
                .as_str()
                .unwrap_or_else(|| panic!("{asked}: {body}"));
            assert!(
                !words.contains("error-"),
                "{asked}: a message id shows: {words}"
            );
            assert_eq!(words == v["error"], lang == Lang::En, "{asked}: {words}");
        }
    }
    // The Russian words of one refusal, and a form page's refusal in its language.
    let v = json_status(
        &app,
        "/api/play/nim?heaps=3+x&lang=ru",
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(v["words"], "heaps: «x» — не целое неотрицательное число");
    let (status, page) = get(&app, "/play/nimm?lang=bg").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(page.contains("няма игра"), "{page}");
}

/// `GET uri` expecting `status` and JSON.
async fn json_status(app: &axum::Router, uri: &str, status: StatusCode) -> serde_json::Value {
    let (got, body) = get(app, uri).await;
    assert_eq!(got, status, "{uri}: {body}");
    serde_json::from_str(&body).unwrap()
}

/// What the play API words in a language beside its English sentences: every game's way of
/// typing a move, its hint and its line on the theory; a game's ending.
#[tokio::test]
async fn every_game_words_its_syntax_hint_and_theory_in_every_language() {
    let app = app();
    for (name, _) in playground_games(&app).await {
        if name == "chess" {
            continue; // its table is built on first use (the browser test plays it)
        }
        let english = json(&app, &format!("/api/play/{name}?hint=true")).await;
        for code in ["en", "ru", "bg", "zh"] {
            let asked = json(&app, &format!("/api/play/{name}?hint=true&lang={code}")).await;
            let words = &asked["words"];
            for field in ["syntax", "hint", "describe"] {
                let (w, e) = (&words[field], &english[field]);
                assert_eq!(w.is_null(), e.is_null(), "{name} {code} {field}: {words}");
                let Some(w) = w.as_str() else { continue };
                assert!(
                    !w.is_empty() && !w.contains("{ $"),
                    "{name} {code} {field}: {w}"
                );
                for id in ["syntax-", "hint-", "describe-", "over-", "value-", "move-"] {
                    assert!(
                        !w.starts_with(id),
                        "{name} {code} {field}: a message id: {w}"
                    );
                }
                // English words are the English fields; the others are not English.
                assert_eq!(
                    w == e.as_str().unwrap(),
                    code == "en",
                    "{name} {code} {field}: {w}"
                );
            }
        }
    }
    // Where a position's drawing has words, the page's language has them too; in English
    // they are the drawing itself.
    for (path, ru) in [
        ("/api/play/nim?heaps=3+4", "кучка 1: 3, кучка 2: 4"),
        (
            "/api/play/staircase?heaps=0+2",
            "ступенька 1: 0, ступенька 2: 2",
        ),
        ("/api/play/wythoff?a=4&b=9", "кучки (4, 9)"),
        ("/api/play/domineering?board=2x2", "Ходит Левый"),
    ] {
        let english = json(&app, path).await;
        let en = json(&app, &format!("{path}&lang=en")).await;
        assert_eq!(en["words"]["position"], english["position"], "{path}");
        let asked = json(&app, &format!("{path}&lang=ru")).await;
        let position = asked["words"]["position"].as_str().unwrap();
        assert!(position.contains(ru), "{path}: {position}");
    }
    let board = json(&app, "/api/play/staircase?heaps=0+2&lang=zh").await;
    assert!(
        board["words"]["board"]
            .as_str()
            .unwrap()
            .contains("第 2 级"),
        "{board}"
    );
    assert!(
        board["board"].as_str().unwrap().contains(">step 2<"),
        "{board}"
    );
    // A game's end, in words: the last counter taken, the program cannot move.
    let over = json(&app, "/api/play/nim?heaps=1&play=0&lang=bg").await;
    assert_eq!(over["over"], "The program cannot move: you win!");
    assert_eq!(over["words"]["over"], "Програмата няма ход: вие печелите!");
}

/// The words of a play page's start form: its labels, options, help and the titles and
/// placeholders of its fields (not the example position in a text area).
fn form_words(page: &str) -> Vec<String> {
    let start = page.find("<form id=\"start\"").expect("a start form");
    let form = &page[start..start + page[start..].find("</form>").unwrap()];
    let mut words = Vec::new();
    let mut rest = form;
    while let Some(open) = rest.find('<') {
        let text = rest[..open].trim();
        if !text.is_empty() {
            words.push(text.to_owned());
        }
        let close = rest[open..].find('>').map_or(rest.len(), |c| open + c);
        let tag = &rest[open..close];
        for attribute in ["title=\"", "placeholder=\""] {
            if let Some(at) = tag.find(attribute) {
                let value = &tag[at + attribute.len()..];
                words.push(value[..value.find('"').unwrap_or(value.len())].to_owned());
            }
        }
        rest = &rest[(close + 1).min(rest.len())..];
        if tag.starts_with("<textarea") {
            rest = &rest[rest.find("</textarea>").unwrap_or(0)..];
        }
    }
    words
}

/// Every game of the playground: its name and its page.
async fn playground_games(app: &axum::Router) -> Vec<(String, String)> {
    let games = json(app, "/api/games").await;
    let field = |game: &serde_json::Value, key: &str| game[key].as_str().unwrap().to_owned();
    games
        .as_array()
        .unwrap()
        .iter()
        .map(|game| (field(game, "name"), field(game, "page")))
        .collect()
}

#[tokio::test]
async fn every_play_page_asks_for_its_start_in_the_page_language() {
    let app = app();
    for (_, path) in playground_games(&app).await {
        let path = path.as_str();
        let (_, english) = get(&app, path).await;
        let english = form_words(&english);
        assert!(!english.is_empty(), "{path}");
        for code in ["ru", "bg", "zh"] {
            let (status, page) = get(&app, &format!("{path}?lang={code}")).await;
            assert_eq!(status, StatusCode::OK, "{path} {code}");
            no_keys(&page);
            for word in form_words(&page) {
                // Names and notation stay as they are (m,n,k, FEN, a table's name, ×, 0.07).
                let sentence = word.split_whitespace().count() > 1 || word.len() > 4;
                if sentence && word.chars().any(char::is_alphabetic) && word.contains(' ') {
                    assert!(
                        !english.contains(&word),
                        "{path} {code}: English left: {word}"
                    );
                }
            }
        }
    }
}

/// The "why?" panel of the games the lessons teach: Bouton's table, misère Nim, Staircase
/// Nim, the mex table of a heap game, Wythoff's pairs, the divisor game's parity rule,
/// Pig's odds and a partizan position's way to its canonical form are
/// worded in the language asked for — no English sentence, no message id, no unfilled
/// argument — and their numbers and tables are the English panel's.
#[tokio::test]
async fn the_why_panel_of_the_lessons_games_speaks_the_page_language() {
    let app = app();
    for path in [
        "/api/play/nim?heaps=3+4+5",
        "/api/play/nim?heaps=1+2+3",
        "/api/play/nim?heaps=1+1+1&misere=true",
        "/api/play/nim?heaps=2+2+1&misere=true",
        "/api/play/staircase?heaps=3+1+5",
        "/api/play/heaps?rules=0.77&heaps=3+5",
        "/api/play/heaps?rules=0.07&heaps=4+4",
        "/api/play/wythoff?a=4&b=9",
        "/api/play/wythoff?a=3&b=5",
        "/api/play/divisor?n=12",
        "/api/play/divisor?n=15",
        "/api/play/pig?n=20",
        // Partizan: the options down to the canonical form, the stops and winning moves.
        "/api/play/domineering?board=2x3",
        "/api/play/clobber?board=xo%2Fox",
        "/api/play/hackenbush?board=ground+a+blue%0Aa+b+red%0Aground+c+red%0Ac+d+blue",
    ] {
        let english = json(&app, &format!("{path}&why=true")).await;
        let english = english["why"].as_str().expect(path).to_owned();
        let en = json(&app, &format!("{path}&why=true&lang=en")).await;
        assert_eq!(en["why"], english.as_str(), "{path}");
        // A line of English words: two words of three letters or more.
        let sentences: Vec<&str> = english
            .lines()
            .filter(|l| {
                l.split(|c: char| !c.is_alphabetic())
                    .filter(|w| w.len() >= 3)
                    .count()
                    >= 2
            })
            .collect();
        assert!(sentences.len() >= 3, "{path}: {english}");
        // Tables and numbers carry over: every line without words (up to its remark) is in
        // each language.
        let bare: Vec<&str> = english
            .lines()
            .filter(|l| l.starts_with("    "))
            .filter_map(|l| l.split("   <- ").next())
            .filter(|l| !sentences.contains(l))
            .collect();
        for code in ["ru", "bg", "zh"] {
            let asked = json(&app, &format!("{path}&why=true&lang={code}")).await;
            let why = asked["why"].as_str().expect(path);
            assert!(
                !why.contains("{ $") && !why.contains("{$"),
                "{path} {code}: {why}"
            );
            for id in ["explain-", "report-", "move-", "heap-game-"] {
                assert!(!why.contains(id), "{path} {code}: a message id: {why}");
            }
            for line in &sentences {
                assert!(!why.contains(line), "{path} {code}: English left: {line}");
            }
            for line in &bare {
                assert!(why.contains(line), "{path} {code}: lost {line:?}: {why}");
            }
            assert_eq!(
                why.lines().count(),
                english.lines().count(),
                "{path} {code}"
            );
        }
    }
}

/// The game-tree page's answer (alpha-beta as reduced cost, vertex by vertex) is worded in the
/// page's language; its numbers and vertex names are the English page's.
#[tokio::test]
async fn the_tree_page_traces_alpha_beta_in_the_page_language() {
    let app = app();
    let path = "/tree?tree=(max+(min+3+5)+(min+2+9))&explain=true";
    let (_, english) = get(&app, path).await;
    assert!(english.contains("cut at 2"), "{english}");
    for (code, words) in [
        ("ru", "отсечение в 2"),
        ("bg", "отсичане при 2"),
        ("zh", "在 2 处剪枝"),
    ] {
        let (status, page) = get(&app, &format!("{path}&lang={code}")).await;
        assert_eq!(status, StatusCode::OK, "{code}");
        no_keys(&page);
        assert!(page.contains(words), "{code}: {page}");
        assert!(page.contains("2.2"), "{code}");
        for english in ["cut at", "window [", "the value is at most", "leaves: "] {
            assert!(!page.contains(english), "{code}: English left: {english}");
        }
    }
}
