//! The cgt web playground, served by `cgt serve`: play every game the libraries solve against
//! the perfect player (each legal move coloured by its value, a hint, take-back, and the
//! `--explain` derivation of the position), a calculator for partizan values with the
//! thermograph, nim-sequences with their plot and period, the Wythoff Grundy picture, game
//! trees with alpha-beta's trace, and a JSON API with the documents of `cgt … --json`.
//!
//! The crate holds pages and HTTP only: every answer comes from `cgt-play` (sessions) and
//! `cgt-report` (documents, boards, pictures). The server keeps no session: a page sends the
//! game's start and its record with each move, so any number of games cost the server nothing
//! between requests, and a page's address is the game itself.
//!
//! [`router`] builds the application (test it without a socket with `tower::ServiceExt`);
//! [`serve`] runs it on a listener until a shutdown future resolves.
//!
//! ```
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! use axum::body::Body;
//! use axum::http::{Request, StatusCode};
//! use tower::ServiceExt;
//!
//! let app = cgt_web::router(cgt_web::Config::default())?;
//! let answer = app
//!     .oneshot(Request::get("/api/nim?heaps=3+4+5").body(Body::empty())?)
//!     .await?;
//! assert_eq!(answer.status(), StatusCode::OK);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! # }).unwrap();
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod api;
mod error;
mod games;
mod pages;
mod play;
mod tables;
mod work;

use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::get;

pub use error::WebError;
pub use games::{Game, games};
pub use tables::{STANDARD, TableState, Tables};
pub use work::Limits;

/// How the server runs.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Each request's budget and the workers.
    pub limits: Limits,
    /// A folder of chess table files (`--tables`); standard tables built on first use are
    /// saved there too. `None`: a temporary folder of the server's own.
    pub tables: Option<PathBuf>,
    /// A Connect-Four opening book file to play from.
    pub connect4_book: Option<PathBuf>,
}

/// What every handler shares.
#[derive(Debug)]
pub(crate) struct AppState {
    pub(crate) workers: work::Workers,
    pub(crate) tables: Arc<Tables>,
    pub(crate) pages: pages::Pages,
}

/// The largest request body read (every route is a GET; this bounds what a client can send).
pub const MAX_BODY: usize = 64 * 1024;

/// The application: pages, the play and document APIs, pictures and static files.
///
/// # Errors
/// A tables folder that cannot be used, or a book file that cannot be read.
pub fn router(config: Config) -> Result<Router, String> {
    let mut tables = Tables::new(config.tables.as_deref(), config.limits.time)?;
    if let Some(path) = &config.connect4_book {
        let book = cgt_minimax::connect4::Connect4Book::read(path)
            .map_err(|e| format!("--book {}: {e}", path.display()))?;
        tables = tables.with_connect4_book(book);
    }
    let state = Arc::new(AppState {
        workers: work::Workers::new(config.limits),
        tables: Arc::new(tables),
        pages: pages::Pages::new()?,
    });
    Ok(Router::new()
        .route("/", get(pages::index))
        .route("/play/{game}", get(pages::play))
        .route("/calculator", get(pages::calculator))
        .route("/sequence", get(pages::sequence))
        .route("/loopy", get(pages::loopy))
        .route("/dead-end", get(pages::dead_end))
        .route("/wythoff", get(pages::wythoff))
        .route("/tree", get(pages::tree))
        .route("/hidden", get(pages::hidden))
        .route("/static/{file}", get(pages::asset))
        .route("/picture/{name}", get(pages::picture))
        .route("/api/games", get(pages::game_list))
        .route("/api/play/{game}", get(pages::play_api))
        .route("/api/tables/{name}", get(pages::table_state))
        .route("/api/{command}", get(pages::document))
        .fallback(pages::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state))
}

/// Serves `app` on `listener` until `shutdown` resolves, then lets requests in progress end.
///
/// # Errors
/// The listener failing.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
}
