//! What a request gets when it cannot be answered: an HTTP status and the one-line message
//! the `cgt` command would print for the same input.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use cgt_core::budget::Exceeded;
use cgt_play::PlayError;
use cgt_report::{ErrorKind, ReportError};

/// A refused or failed request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebError {
    /// 400 for bad input, 404 for no such thing, 413 for a body too large, 422 for work past
    /// the request's budget, 503 when the server is busy, 500 for a failure of the server.
    pub status: StatusCode,
    /// One line, as the `cgt` command prints it after `error: `.
    pub message: String,
}

impl WebError {
    /// Bad input (400).
    pub fn input(message: impl Into<String>) -> WebError {
        WebError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// Nothing of that name (404).
    pub fn not_found(message: impl Into<String>) -> WebError {
        WebError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }

    /// Work past the request's budget (422).
    pub fn limit(message: impl Into<String>) -> WebError {
        WebError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
        }
    }

    /// Every worker busy for longer than a request waits (503).
    pub fn busy(message: impl Into<String>) -> WebError {
        WebError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
        }
    }

    /// A failure of the server, not of the request (500).
    pub fn failure(message: impl Into<String>) -> WebError {
        WebError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
        }
    }
}

impl From<ReportError> for WebError {
    fn from(e: ReportError) -> WebError {
        match e.kind() {
            ErrorKind::Limit => WebError::limit(e.message()),
            ErrorKind::Failure => WebError::failure(e.message()),
            _ => WebError::input(e.message()),
        }
    }
}

impl From<Exceeded> for WebError {
    fn from(e: Exceeded) -> WebError {
        WebError::limit(format!("stopped: {e} (each request has a budget)"))
    }
}

impl From<PlayError> for WebError {
    fn from(e: PlayError) -> WebError {
        match e {
            PlayError::Failed(m) => WebError::failure(m),
            PlayError::Refused(m) if is_limit(&m) => WebError::limit(m),
            other => WebError::input(other.to_string()),
        }
    }
}

/// Whether a refusal's words say a search passed its budget.
fn is_limit(message: &str) -> bool {
    ["limit", "memory", "interrupted"]
        .iter()
        .any(|w| message.contains(w))
}

impl IntoResponse for WebError {
    /// A JSON body `{"error": MESSAGE}` (pages show it as text).
    fn into_response(self) -> Response {
        (
            self.status,
            Json(serde_json::json!({ "error": self.message })),
        )
            .into_response()
    }
}
