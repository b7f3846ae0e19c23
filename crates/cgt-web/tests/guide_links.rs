//! Every link from the user guide into the playground opens: each page answers 200, and each
//! play page's start is one the play API accepts.

mod common;

use common::{app, get};

#[tokio::test]
async fn every_playground_link_of_the_guide_opens() {
    let chapters = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/guide/src");
    let app = app();
    let mut links = 0;
    for entry in std::fs::read_dir(&chapters).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for piece in text.split("(http://127.0.0.1:8080").skip(1) {
            let uri = &piece[..piece.find(')').unwrap()];
            let uri = if uri.is_empty() { "/" } else { uri };
            links += 1;
            let (status, body) = get(&app, uri).await;
            assert_eq!(status, 200, "{}: {uri}: {body}", path.display());
            if let Some(rest) = uri.strip_prefix("/play/") {
                let api = format!("/api/play/{rest}");
                let (mut status, mut body) = get(&app, &api).await;
                // A chess table is built on first use: 409 until it is ready.
                for _ in 0..300 {
                    if status != 409 {
                        break;
                    }
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                    (status, body) = get(&app, &api).await;
                }
                assert_eq!(status, 200, "{}: {api}: {body}", path.display());
            }
        }
    }
    assert!(links >= 20, "only {links} links into the playground");
}
