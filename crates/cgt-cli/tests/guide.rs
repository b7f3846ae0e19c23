//! Every `console` block of the user guide (docs/guide/src) runs and prints exactly what it
//! shows. Each chapter is copied into a scratch folder beside a `CHAPTER.in/` folder holding the
//! repository's `examples/` files, which trycmd uses as the working directory, so the chapters
//! can name `examples/dag.txt` as a reader would from the repository root. After a deliberate
//! change, update the chapter by hand (an overwrite would rewrite the scratch copy).

mod common;

use std::path::Path;

#[test]
fn every_guide_session_prints_what_it_shows() {
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let chapters = repository.join("docs/guide/src");
    let scratch = common::temp_path("guide");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    let mut sessions = 0;
    for entry in std::fs::read_dir(&chapters).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue; // images/ and the like
        }
        let text = std::fs::read_to_string(&path).unwrap();
        if !text.contains("```console") {
            continue;
        }
        sessions += text.matches("```console").count();
        let name = path.file_name().unwrap();
        std::fs::write(scratch.join(name), &text).unwrap();
        let work = scratch.join(path.with_extension("in").file_name().unwrap());
        common::copy_examples(&work);
    }
    assert!(
        sessions >= 40,
        "only {sessions} console blocks in the guide"
    );
    trycmd::TestCases::new()
        .default_bin_name("cgt")
        .register_bin("cgt", trycmd::cargo::cargo_bin!("cgt"))
        .case(scratch.join("*.md"));
}

/// Chapters refer to each other by link, never by number (numbers go stale when a chapter is
/// added), and every link to another chapter names a file that exists.
#[test]
fn chapters_are_linked_by_name_and_every_link_opens() {
    let chapters = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/guide/src");
    let mut links = 0;
    for entry in std::fs::read_dir(&chapters).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            for (at, _) in lower.match_indices("chapter ") {
                let next = lower[at + "chapter ".len()..].chars().next();
                assert!(
                    !next.is_some_and(|c| c.is_ascii_digit()),
                    "{}:{}: a chapter named by number: {line}",
                    path.display(),
                    n + 1
                );
            }
        }
        for piece in text.split("](").skip(1) {
            let target = &piece[..piece.find(')').unwrap_or(piece.len())];
            let file = target.split('#').next().unwrap_or("");
            if file.ends_with(".md") && !file.contains("://") {
                links += 1;
                assert!(
                    chapters.join(file).exists(),
                    "{}: a link to {file}, which is not a chapter",
                    path.display()
                );
            }
        }
    }
    assert!(links >= 10, "only {links} links between chapters");
}
