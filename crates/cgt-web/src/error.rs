//! What a request gets when it cannot be answered: an HTTP status and the one-line message
//! the `cgt` command would print for the same input.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use cgt_core::budget::Exceeded;
use cgt_core::said::Said;
use cgt_play::PlayError;
use cgt_report::texts::{self, Lang};
use cgt_report::{ErrorKind, ReportError};

/// A refused or failed request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebError {
    /// 400 for bad input, 404 for no such thing, 413 for a body too large, 422 for work past
    /// the request's budget, 503 when the server is busy, 500 for a failure of the server.
    pub status: StatusCode,
    /// One line, as the `cgt` command prints it after `error: `.
    pub message: String,
    /// The line as a message (`errors.ftl`), where it was written as one: the pages word it
    /// in their language.
    pub said: Option<Said>,
    /// The line in the language a request asked for (`lang=`), sent beside `error`.
    words: Option<String>,
}

impl WebError {
    /// Bad input (400).
    pub fn input(message: impl Into<String>) -> WebError {
        WebError {
            said: None,
            words: None,
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// Nothing of that name (404).
    pub fn not_found(message: impl Into<String>) -> WebError {
        WebError {
            said: None,
            words: None,
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }

    /// Work past the request's budget (422).
    pub fn limit(message: impl Into<String>) -> WebError {
        WebError {
            said: None,
            words: None,
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
        }
    }

    /// Not yet: a table still being built (409; the page waits and asks again).
    pub fn conflict(message: impl Into<String>) -> WebError {
        WebError {
            status: StatusCode::CONFLICT,
            ..WebError::input(message)
        }
    }

    /// Every worker busy for longer than a request waits (503).
    pub fn busy(message: impl Into<String>) -> WebError {
        WebError {
            said: None,
            words: None,
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
        }
    }

    /// A failure of the server, not of the request (500).
    pub fn failure(message: impl Into<String>) -> WebError {
        WebError {
            said: None,
            words: None,
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
        }
    }
}

impl WebError {
    /// An error said as a message of `errors.ftl`, with its status.
    pub fn said(status: StatusCode, said: Said) -> WebError {
        WebError {
            status,
            message: texts::said(Lang::En, &said),
            said: Some(said),
            words: None,
        }
    }

    /// Bad input (400), said as a message.
    pub fn input_said(said: Said) -> WebError {
        WebError::said(StatusCode::BAD_REQUEST, said)
    }

    /// The line in `lang` (English where it was not written as a message).
    pub fn text_in(&self, lang: Lang) -> String {
        match &self.said {
            Some(said) if lang != Lang::En => texts::said(lang, said),
            _ => self.message.clone(),
        }
    }

    /// With the line in `lang` beside the English one, for a page that asked in `lang`.
    #[must_use]
    pub fn worded(mut self, lang: Option<Lang>) -> WebError {
        self.words = lang.map(|lang| self.text_in(lang));
        self
    }
}

impl From<ReportError> for WebError {
    fn from(e: ReportError) -> WebError {
        let status = match e.kind() {
            ErrorKind::Limit => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorKind::Failure => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::BAD_REQUEST,
        };
        WebError {
            status,
            message: e.message().to_owned(),
            said: e.said_as().cloned(),
            words: None,
        }
    }
}

impl From<Exceeded> for WebError {
    fn from(e: Exceeded) -> WebError {
        WebError::said(
            StatusCode::UNPROCESSABLE_ENTITY,
            Said::new("error-request-stopped").said("why", e.said()),
        )
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
    /// A JSON body `{"error": MESSAGE}` (pages show it as text), with `"words"`: the message
    /// in the language the request asked for, when it did.
    fn into_response(self) -> Response {
        let body = match self.words {
            Some(words) => serde_json::json!({ "error": self.message, "words": words }),
            None => serde_json::json!({ "error": self.message }),
        };
        (self.status, Json(body)).into_response()
    }
}
