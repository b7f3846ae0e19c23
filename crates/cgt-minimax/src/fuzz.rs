//! `cgt-minimax`'s fuzz targets: the tree format and the move inputs of each board game.

use cgt_core::verify::fuzz::FuzzTarget;

use crate::bridgit::Bridgit;
use crate::connect4::Connect4;
use crate::mnk::Mnk;
use crate::tree::Tree;

fn seeds(texts: &[&str]) -> Vec<Vec<u8>> {
    texts.iter().map(|s| s.as_bytes().to_vec()).collect()
}

/// The fuzz targets of this crate.
#[must_use]
pub fn fuzz_targets() -> Vec<FuzzTarget> {
    vec![
        FuzzTarget {
            name: "minimax/tree-text",
            seeds: || seeds(&["(max (min 3 5) (min 2 9))", "(min (max -1 -5) 2)", "-7"]),
            check: |bytes| {
                let Ok(text) = std::str::from_utf8(bytes) else {
                    return Ok(());
                };
                let Ok(tree) = Tree::parse(text) else {
                    return Ok(());
                };
                let printed = tree.to_string();
                let again = Tree::parse(&printed).map_err(|e| format!("{printed:?}: {e}"))?;
                if again != tree {
                    return Err(format!("{printed:?} reads back as another tree"));
                }
                let _ = tree.value();
                Ok(())
            },
        },
        FuzzTarget {
            name: "minimax/connect4-moves",
            seeds: || seeds(&["4453", "1122334", "44444455"]),
            check: |bytes| {
                let Ok(text) = std::str::from_utf8(bytes) else {
                    return Ok(());
                };
                match Connect4::standard().play_str(text) {
                    Ok(pos) if pos.played() as usize != text.chars().count() => Err(format!(
                        "{text:?} accepted, but {} moves played",
                        pos.played()
                    )),
                    Ok(_) => Ok(()),
                    Err(e) => {
                        let _ = e.to_string();
                        Ok(())
                    }
                }
            },
        },
        FuzzTarget {
            name: "minimax/mnk-cells",
            seeds: || vec![vec![0, 5, 10], vec![4, 4], vec![15, 16]],
            check: |bytes| {
                if let Ok(pos) = Mnk::new(4, 4, 3).and_then(|b| b.play_all(bytes)) {
                    let _ = crate::engine::Game::terminal(&pos);
                }
                Ok(())
            },
        },
        FuzzTarget {
            name: "minimax/bridgit-slots",
            seeds: || vec![vec![0, 3, 7], vec![12, 12], vec![1, 2, 3, 4, 5, 6, 7, 8]],
            check: |bytes| {
                if let Ok(pos) = Bridgit::new(3).and_then(|b| b.play_all(bytes)) {
                    let _ = pos.winner();
                    let _ = pos.render();
                }
                Ok(())
            },
        },
    ]
}
