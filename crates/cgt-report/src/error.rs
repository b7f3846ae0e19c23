//! Why a report could not be made.

use core::fmt;

use cgt_core::said::Said;

use crate::texts::{self, Lang};

/// Whose fault a failure is: the input's (a front end's exit code 2, HTTP 4xx, `ValueError`),
/// the limits' (exit code 2 as well, HTTP 422, `LimitError`), or something else's (exit code 1,
/// HTTP 5xx).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// Bad input: a position out of range, a limit the request would pass, a malformed game.
    Input,
    /// Work stopped by its budget (memory or time) while it ran.
    Limit,
    /// Anything else (a search that failed for a reason the input does not explain).
    Failure,
}

/// A failure as one line, with its kind; and, where it was written as a message
/// (`errors.ftl`), that message, which each front end words in its language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportError {
    kind: ErrorKind,
    message: String,
    said: Option<Said>,
}

impl ReportError {
    /// Bad input.
    pub fn input(message: impl Into<String>) -> ReportError {
        ReportError {
            kind: ErrorKind::Input,
            message: message.into(),
            said: None,
        }
    }

    /// Work stopped by its budget.
    pub fn limit(message: impl Into<String>) -> ReportError {
        ReportError {
            kind: ErrorKind::Limit,
            message: message.into(),
            said: None,
        }
    }

    /// Any other failure.
    pub fn failure(message: impl Into<String>) -> ReportError {
        ReportError {
            kind: ErrorKind::Failure,
            message: message.into(),
            said: None,
        }
    }

    /// A failure of `kind` said as a message of `errors.ftl` (its English is the one-line
    /// message).
    #[must_use]
    pub fn said(kind: ErrorKind, said: Said) -> ReportError {
        ReportError {
            kind,
            message: texts::said(Lang::En, &said),
            said: Some(said),
        }
    }

    /// Whose fault it is.
    #[must_use]
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The one-line message.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The message as data, where it was written as one.
    #[must_use]
    pub fn said_as(&self) -> Option<&Said> {
        self.said.as_ref()
    }

    /// The one-line message in `lang` (in English where it was not written as a message).
    #[must_use]
    pub fn text_in(&self, lang: Lang) -> String {
        match &self.said {
            Some(said) if lang != Lang::En => texts::said(lang, said),
            _ => self.message.clone(),
        }
    }
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReportError {}

impl From<cgt_core::budget::Exceeded> for ReportError {
    /// A search its budget stopped, with the setting that allows more.
    fn from(e: cgt_core::budget::Exceeded) -> ReportError {
        use cgt_core::budget::Exceeded;
        let id = match e {
            Exceeded::Time { .. } => "error-search-stopped-time",
            Exceeded::Memory { .. } => "error-search-stopped-memory",
            _ => "error-search-stopped",
        };
        ReportError::said(ErrorKind::Limit, Said::new(id).said("why", e.said()))
    }
}

impl From<cgt_impartial::ImpartialError> for ReportError {
    fn from(e: cgt_impartial::ImpartialError) -> ReportError {
        match e {
            cgt_impartial::ImpartialError::Stopped(why) => ReportError::from(why),
            e => ReportError::input(e.to_string()),
        }
    }
}

impl From<cgt_script::ScriptError> for ReportError {
    fn from(e: cgt_script::ScriptError) -> ReportError {
        ReportError::input(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use core::time::Duration;

    use cgt_core::budget::Exceeded;

    use super::*;

    /// A budget's refusal as a message: in English, word for word what `Exceeded` and the
    /// report wrote before; in the other languages, not English and with no message id.
    #[test]
    fn a_stopped_search_says_the_same_in_english_and_is_worded_in_every_language() {
        let stops = [
            Exceeded::Positions { limit: 1_000_000 },
            Exceeded::Memory {
                limit: 1 << 30,
                used: 3 << 30,
            },
            Exceeded::Time {
                limit: Duration::from_secs(25),
            },
            Exceeded::Time {
                limit: Duration::from_millis(2_500),
            },
            Exceeded::Stopped,
        ];
        for stop in stops {
            assert_eq!(texts::said(Lang::En, &stop.said()), stop.to_string());
            let hint = match stop {
                Exceeded::Time { .. } => {
                    "; set CGT_TIME_LIMIT (such as 10m, or none) to allow more"
                }
                Exceeded::Memory { .. } => "; set CGT_MEMORY_LIMIT (such as 4G) to allow more",
                _ => "",
            };
            let e = ReportError::from(stop.clone());
            assert_eq!(e.kind(), ErrorKind::Limit);
            assert_eq!(e.message(), format!("search stopped: {stop}{hint}"));
            assert_eq!(e.text_in(Lang::En), e.message());
            for lang in [Lang::Ru, Lang::Bg, Lang::Zh] {
                let text = e.text_in(lang);
                assert_ne!(text, e.message(), "{lang:?}");
                assert!(
                    !text.contains("error-") && !text.contains("stopped"),
                    "{text}"
                );
            }
        }
        let e = ReportError::from(Exceeded::Positions { limit: 5 });
        assert_eq!(
            e.text_in(Lang::Ru),
            "поиск остановлен: больше 5 позиций — это предел данного поиска"
        );
    }

    /// An error written as text stays English in every language.
    #[test]
    fn an_error_written_as_text_is_the_same_in_every_language() {
        let e = ReportError::input("cannot read \"{\"");
        for lang in [Lang::En, Lang::Ru, Lang::Bg, Lang::Zh] {
            assert_eq!(e.text_in(lang), e.message());
        }
        assert!(e.said_as().is_none());
    }
}
