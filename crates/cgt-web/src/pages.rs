//! The handlers: HTML pages from the templates in `templates/`, the static files in
//! `static/`, and the JSON answers of [`crate::play`] and [`crate::api`]. Every computation
//! runs through the workers with the request's budget.

use std::sync::Arc;

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use cgt_report::texts::{Arg, Lang, message, message_ids};
use minijinja::{Environment, context};

use crate::AppState;
use crate::api::{self, DocQuery};
use crate::error::WebError;
use crate::games::{Game, PlayQuery, games};
use crate::tables::STANDARD;

/// The page templates, compiled once.
#[derive(Debug)]
pub(crate) struct Pages {
    env: Environment<'static>,
}

const TEMPLATES: [(&str, &str); 12] = [
    ("base.html", include_str!("../templates/base.html")),
    ("result.html", include_str!("../templates/result.html")),
    ("index.html", include_str!("../templates/index.html")),
    ("play.html", include_str!("../templates/play.html")),
    (
        "calculator.html",
        include_str!("../templates/calculator.html"),
    ),
    ("sequence.html", include_str!("../templates/sequence.html")),
    ("loopy.html", include_str!("../templates/loopy.html")),
    ("dead-end.html", include_str!("../templates/dead-end.html")),
    ("wythoff.html", include_str!("../templates/wythoff.html")),
    ("tree.html", include_str!("../templates/tree.html")),
    ("hidden.html", include_str!("../templates/hidden.html")),
    ("error.html", include_str!("../templates/error.html")),
];

impl Pages {
    pub(crate) fn new() -> Result<Pages, String> {
        let mut env = Environment::new();
        for (name, text) in TEMPLATES {
            env.add_template(name, text)
                .map_err(|e| format!("template {name}: {e}"))?;
        }
        Ok(Pages { env })
    }

    fn render(&self, name: &str, lang: &PageLang, ctx: minijinja::Value) -> Response {
        let ctx = context! { ..lang.context(), ..ctx };
        match self.env.get_template(name).and_then(|t| t.render(ctx)) {
            Ok(html) => Html(html).into_response(),
            Err(e) => WebError::failure(format!("page {name}: {e}")).into_response(),
        }
    }

    fn error(&self, e: &WebError, lang: &PageLang) -> Response {
        let mut page = self.render(
            "error.html",
            lang,
            context! { message => e.text_in(lang.lang) },
        );
        *page.status_mut() = e.status;
        page
    }
}

/// The language a page is shown in: `?lang=` in its address, else the browser's
/// `Accept-Language`, else English. A language chosen in the address is kept in the page's
/// links, so that a shared link opens in the same language.
#[derive(Clone, Debug)]
pub(crate) struct PageLang {
    lang: Lang,
    in_url: bool,
    path: String,
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for PageLang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<PageLang, Self::Rejection> {
        let asked = parts.uri.query().and_then(|q| {
            q.split('&')
                .find_map(|pair| pair.strip_prefix("lang="))
                .and_then(Lang::from_code)
        });
        let browser = || {
            parts
                .headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .map_or(Lang::En, Lang::negotiate)
        };
        Ok(PageLang {
            lang: asked.unwrap_or_else(browser),
            in_url: asked.is_some(),
            path: parts.uri.path().to_owned(),
        })
    }
}

impl PageLang {
    /// What every page's frame reads: `lang` (the code), `t` (the playground's messages),
    /// `langs` (the switch: each language's name and this page's address in it) and `keep`
    /// (`?lang=…` for the links when the address chose the language, else nothing).
    fn context(&self) -> minijinja::Value {
        let t: std::collections::BTreeMap<String, String> = message_ids(self.lang, "web-")
            .into_iter()
            .map(|id| {
                let text = message(self.lang, &id, &[]);
                (id, text)
            })
            .collect();
        let langs: Vec<minijinja::Value> = Lang::ALL
            .into_iter()
            .map(|l| {
                context! {
                    code => l.code(),
                    name => l.own_name(),
                    href => format!("{}?lang={}", self.path, l.code()),
                    current => l == self.lang,
                }
            })
            .collect();
        let keep = if self.in_url {
            format!("?lang={}", self.lang.code())
        } else {
            String::new()
        };
        // The script's lines, their arguments left as `{name}` for it to fill.
        let holes = ["played", "answer", "side", "value"].map(|name| {
            let hole: &'static str = match name {
                "played" => "{played}",
                "answer" => "{answer}",
                "side" => "{side}",
                _ => "{value}",
            };
            (name, Arg::Text(hole))
        });
        let js: std::collections::BTreeMap<String, String> = message_ids(self.lang, "web-js-")
            .into_iter()
            .chain(["web-play-left".to_owned(), "web-play-right".to_owned()])
            .map(|id| {
                let text = message(self.lang, &id, &holes);
                (id, text)
            })
            .collect();
        context! { lang => self.lang.code(), t => t, js => js, langs => langs, keep => keep }
    }
}

fn query<T>(q: Result<Query<T>, QueryRejection>) -> Result<T, WebError> {
    q.map(|Query(t)| t).map_err(|e| {
        let text = e.body_text().replace('\n', " ");
        WebError::input(
            text.strip_prefix("Failed to deserialize query string: ")
                .unwrap_or(&text)
                .to_owned(),
        )
    })
}

pub(crate) async fn index(State(app): State<Arc<AppState>>, lang: PageLang) -> Response {
    let games: Vec<_> = games(lang.lang)
        .into_iter()
        .map(|(name, title)| context! { name => name, title => title })
        .collect();
    app.pages
        .render("index.html", &lang, context! { games => games })
}

pub(crate) async fn play(
    State(app): State<Arc<AppState>>,
    Path(game): Path<String>,
    lang: PageLang,
) -> Response {
    if let Err(e) = Game::named(&game) {
        return app.pages.error(&e, &lang);
    }
    let title = games(lang.lang)
        .into_iter()
        .find(|(n, _)| *n == game)
        .map_or_else(String::new, |(_, t)| t);
    let tables: Vec<&str> = STANDARD.iter().map(|(n, _)| *n).collect();
    // A partizan ruleset's page starts from its example position.
    let example = crate::games::PLAY_RULESETS
        .iter()
        .find(|r| r.name == game)
        .map(|r| cgt_report::texts::ruleset(r.name).example.as_str());
    app.pages.render(
        "play.html",
        &lang,
        context! { game => game, title => title, example => example, standard_tables => tables, files => app.tables.files() },
    )
}

pub(crate) async fn play_api(
    State(app): State<Arc<AppState>>,
    Path(game): Path<String>,
    q: Result<Query<PlayQuery>, QueryRejection>,
) -> Response {
    let tables = Arc::clone(&app.tables);
    computed(&app, q, move |q, budget| {
        // An error comes back in the page's language too (`words`), as the values do.
        let lang = q.lang.as_deref().and_then(Lang::from_code);
        crate::play::turn(&game, &q, &budget, &tables)
            .map(|state| Json(state).into_response())
            .map_err(|e| e.worded(lang))
    })
    .await
}

/// Reads a request's query, runs `work` on it with the request's budget on a worker, and
/// answers what it returns, or its error.
async fn computed<Q, F>(app: &AppState, q: Result<Query<Q>, QueryRejection>, work: F) -> Response
where
    Q: Send + 'static,
    F: FnOnce(Q, cgt_core::budget::Budget) -> Result<Response, WebError> + Send + 'static,
{
    let q = match query(q) {
        Ok(q) => q,
        Err(e) => return e.into_response(),
    };
    app.workers
        .run(move |budget| work(q, budget))
        .await
        .unwrap_or_else(IntoResponse::into_response)
}

pub(crate) async fn table_state(
    State(app): State<Arc<AppState>>,
    Path(name): Path<String>,
) -> Response {
    match app.tables.state(&name) {
        Ok(state) => Json(state).into_response(),
        Err(e) => e.into_response(),
    }
}

pub(crate) async fn game_list() -> Response {
    let games: Vec<_> = games(Lang::En)
        .into_iter()
        .map(|(name, title)| serde_json::json!({ "name": name, "title": title, "page": format!("/play/{name}"), "api": format!("/api/play/{name}") }))
        .collect();
    Json(games).into_response()
}

/// `/api/COMMAND?…`: a typed request, reading its own fields (`cgt_report::request`).
pub(crate) async fn document(
    State(app): State<Arc<AppState>>,
    Path(command): Path<String>,
    RawQuery(raw): RawQuery,
) -> Response {
    if !cgt_report::request::Request::is_named(&command) {
        return api::unknown_document(&command).into_response();
    }
    let raw = raw.unwrap_or_default();
    app.workers
        .run(move |budget| {
            api::request_document(&command, &raw, &budget).map(|doc| Json(doc).into_response())
        })
        .await
        .unwrap_or_else(IntoResponse::into_response)
}

pub(crate) async fn picture(
    State(app): State<Arc<AppState>>,
    Path(name): Path<String>,
    q: Result<Query<DocQuery>, QueryRejection>,
) -> Response {
    let name = name.strip_suffix(".svg").unwrap_or(&name).to_owned();
    computed(&app, q, move |q, budget| {
        api::picture(&name, &q, &budget)
            .map(|svg| ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
    })
    .await
}

/// A page that shows a document's text and a picture for a form's fields.
async fn form_page(
    app: Arc<AppState>,
    lang: PageLang,
    template: &'static str,
    command: &'static str,
    picture: Option<&'static str>,
    q: Result<Query<DocQuery>, QueryRejection>,
    asked: impl Fn(&DocQuery) -> bool,
) -> Response {
    let q = match query(q) {
        Ok(q) => q,
        Err(e) => return app.pages.error(&e, &lang),
    };
    if !asked(&q) {
        return app.pages.render(template, &lang, context! { q => minijinja::Value::from(minijinja::value::Serde(serde_json::json!({}))) });
    }
    let fields = minijinja::Value::from(minijinja::value::Serde(serde_json::json!({
        "expr": q.expr, "compare": q.compare, "rules": q.rules, "upto": q.upto,
        "tree": q.tree, "explain": q.explain, "quotient": q.quotient,
        "cool": q.cool, "heat": q.heat, "ordinal": q.ordinal, "norton": q.norton,
        "orthodox": q.orthodox, "atomic_weight": q.atomic_weight, "reduced": q.reduced,
        "backsliding": q.backsliding, "matrix": q.matrix, "game": q.game, "cfr": q.cfr,
    })));
    let shown = q.clone();
    let words = lang.lang;
    let answer = app
        .workers
        .run(move |budget| {
            let text = if command.is_empty() {
                String::new()
            } else {
                api::text(command, &shown, &budget, words)?
            };
            let svg = match picture {
                Some(name) => Some(api::picture(name, &shown, &budget)?),
                None => None,
            };
            Ok((text, svg))
        })
        .await;
    match answer {
        Ok((text, svg)) => app.pages.render(
            template,
            &lang,
            context! { q => fields, text => text, svg => svg },
        ),
        Err(e) => {
            let mut page = app.pages.render(
                template,
                &lang,
                context! { q => fields, error => e.text_in(lang.lang) },
            );
            *page.status_mut() = e.status;
            page
        }
    }
}

pub(crate) async fn calculator(
    State(app): State<Arc<AppState>>,
    q: Result<Query<DocQuery>, QueryRejection>,
    lang: PageLang,
) -> Response {
    form_page(
        app,
        lang,
        "calculator.html",
        "game",
        Some("thermograph"),
        q,
        |q| q.expr.as_ref().is_some_and(|e| !e.trim().is_empty()),
    )
    .await
}

pub(crate) async fn loopy(
    State(app): State<Arc<AppState>>,
    q: Result<Query<DocQuery>, QueryRejection>,
    lang: PageLang,
) -> Response {
    form_page(app, lang, "loopy.html", "loopy", None, q, |q| {
        [&q.expr, &q.backsliding]
            .iter()
            .any(|f| f.as_ref().is_some_and(|e| !e.trim().is_empty()))
    })
    .await
}

pub(crate) async fn dead_end(
    State(app): State<Arc<AppState>>,
    q: Result<Query<DocQuery>, QueryRejection>,
    lang: PageLang,
) -> Response {
    form_page(app, lang, "dead-end.html", "dead-end", None, q, |q| {
        q.expr.as_ref().is_some_and(|e| !e.trim().is_empty())
    })
    .await
}

pub(crate) async fn sequence(
    State(app): State<Arc<AppState>>,
    q: Result<Query<DocQuery>, QueryRejection>,
    lang: PageLang,
) -> Response {
    form_page(
        app,
        lang,
        "sequence.html",
        "heaps",
        Some("sequence"),
        q,
        |q| q.rules.as_ref().is_some_and(|e| !e.trim().is_empty()),
    )
    .await
}

pub(crate) async fn wythoff(
    State(app): State<Arc<AppState>>,
    q: Result<Query<DocQuery>, QueryRejection>,
    lang: PageLang,
) -> Response {
    form_page(app, lang, "wythoff.html", "", Some("wythoff"), q, |_| true).await
}

pub(crate) async fn tree(
    State(app): State<Arc<AppState>>,
    q: Result<Query<DocQuery>, QueryRejection>,
    lang: PageLang,
) -> Response {
    form_page(app, lang, "tree.html", "tree", Some("tree"), q, |q| {
        q.tree.as_ref().is_some_and(|e| !e.trim().is_empty())
    })
    .await
}

/// Hidden information: a matrix game (`matrix=`) or a game tree with information sets, Kuhn
/// poker or Leduc hold'em (`game=`, `cfr=`).
pub(crate) async fn hidden(
    State(app): State<Arc<AppState>>,
    q: Result<Query<DocQuery>, QueryRejection>,
    lang: PageLang,
) -> Response {
    let given = |v: &Option<String>| v.as_ref().is_some_and(|e| !e.trim().is_empty());
    let command = match &q {
        Ok(Query(q)) if given(&q.matrix) => "matrix",
        _ => "hidden",
    };
    form_page(app, lang, "hidden.html", command, None, q, |q| {
        given(&q.matrix) || given(&q.game)
    })
    .await
}

pub(crate) async fn asset(Path(file): Path<String>) -> Response {
    let (body, kind) = match file.as_str() {
        "app.js" => (
            include_str!("../static/app.js"),
            "text/javascript; charset=utf-8",
        ),
        "style.css" => (
            include_str!("../static/style.css"),
            "text/css; charset=utf-8",
        ),
        _ => return WebError::not_found(format!("no static file {file:?}")).into_response(),
    };
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

pub(crate) async fn not_found(uri: axum::http::Uri) -> Response {
    let e = WebError::not_found(format!("no page {}", uri.path()));
    if uri.path().starts_with("/api/") {
        return e.into_response();
    }
    (
        StatusCode::NOT_FOUND,
        Html(format!(
            "<!doctype html><title>Not found</title><p>{}</p><p><a href=\"/\">The playground</a></p>",
            minijinja::HtmlEscape(&e.message)
        )),
    )
        .into_response()
}
