//! Every ruleset of the registry answers at `/api/NAME?expr=…` with the document the library
//! makes (what `cgt NAME POSITION --json` prints), and an unknown name lists them all.

mod common;

use common::{app, get};

/// `text` as a query value: letters, digits and `.` as they are, the rest percent-encoded.
fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'.' {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[tokio::test]
async fn every_ruleset_answers_in_the_json_api() {
    let app = app();
    let budget = cgt_core::budget::Budget::unlimited();
    for r in cgt_report::registry::RULESETS {
        let uri = format!(
            "/api/{}?expr={}&explain=true",
            r.name,
            encoded(&r.texts().example)
        );
        let (status, body) = get(&app, &uri).await;
        assert_eq!(status, 200, "{uri}: {body}");
        let served: serde_json::Value = serde_json::from_str(&body).unwrap();
        let made = (r.report)(&r.texts().example, &budget, true.into()).unwrap();
        assert_eq!(served, serde_json::to_value(&made).unwrap(), "{uri}");
        assert_eq!(served["game"], r.name);
    }
}

#[tokio::test]
async fn an_unknown_document_lists_the_rulesets() {
    let (status, body) = get(&app(), "/api/crams?expr=3x3").await;
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("cram, partizan-subtraction"), "{body}");
}
