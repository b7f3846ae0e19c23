//! What the web tests share: an application without a socket, and requests to it.

#![allow(dead_code)]

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use tower::ServiceExt;

/// The application with `limits` and a fresh tables folder of its own.
pub fn app_with(limits: cgt_web::Limits) -> Router {
    cgt_web::router(cgt_web::Config {
        limits,
        tables: None,
        connect4_book: None,
    })
    .expect("the application starts")
}

/// The application with the default limits.
pub fn app() -> Router {
    app_with(cgt_web::Limits::default())
}

/// Small limits: `time` per request, `workers` at once, a short wait for a worker.
pub fn limits(time: Duration, workers: usize) -> cgt_web::Limits {
    cgt_web::Limits {
        time,
        memory: 1 << 30,
        workers,
        queue_wait: Duration::from_millis(300),
    }
}

/// `GET uri` (written with `+` for spaces): the status and the body as text.
pub async fn get(app: &Router, uri: &str) -> (StatusCode, String) {
    send(app, Request::get(uri).body(Body::empty()).unwrap()).await
}

/// Sends a request: the status and the body as text.
pub async fn send(app: &Router, request: Request<Body>) -> (StatusCode, String) {
    let answer = app.clone().oneshot(request).await.expect("an answer");
    let status = answer.status();
    let bytes = axum::body::to_bytes(answer.into_body(), 64 << 20)
        .await
        .expect("a body");
    (status, String::from_utf8(bytes.to_vec()).expect("UTF-8"))
}

/// `GET uri` expecting 200 and JSON.
pub async fn json(app: &Router, uri: &str) -> serde_json::Value {
    let (status, body) = get(app, uri).await;
    assert_eq!(status, StatusCode::OK, "{uri}: {body}");
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{uri}: {e}: {body}"))
}

/// `GET uri` expecting `status` and a JSON error whose one line contains `needle`.
pub async fn refused(app: &Router, uri: &str, status: StatusCode, needle: &str) {
    let (got, body) = get(app, uri).await;
    assert_eq!(got, status, "{uri}: {body}");
    let v: serde_json::Value =
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("{uri}: {e}: {body}"));
    let message = v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{uri}: {body}"));
    assert!(!message.contains('\n'), "{uri}: {message:?}");
    assert!(
        message.contains(needle),
        "{uri}: {message:?} lacks {needle:?}"
    );
}
