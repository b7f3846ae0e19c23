//! `cgt-minimax`'s fuzz targets: the tree format and the move inputs of each board game.

use cgt_core::verify::fuzz::{FuzzTarget, round_trip};

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
            name: "minimax/numeric-api",
            seeds: || {
                vec![
                    vec![0, 1, 1, 0],
                    vec![3, 7, 200, 9, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0],
                ]
            },
            check: |bytes| {
                // Functions taking sizes, leaf lists and indices, on any of them: an answer,
                // never a panic.
                let leaves: Vec<u8> = bytes.iter().map(|b| b % 3).collect();
                for or in [true, false] {
                    let _ = crate::andor::value(&leaves, or);
                    let _ = crate::andor::fixed_order_reads(&leaves, or);
                    let _ = crate::andor::fewest_reads(&leaves, or);
                    let _ = crate::andor::expected_reads(&leaves, or);
                }
                let n = u32::from(bytes.first().copied().unwrap_or(0) % 5);
                let _ = crate::andor::worst_expected(n);
                if let Some(mut adversary) = crate::andor::Adversary::new(n) {
                    for &b in bytes.iter().skip(1) {
                        let _ = adversary.query(usize::from(b));
                        let _ = adversary.root_determined();
                    }
                }
                if crate::andor::Adversary::new(u32::from(bytes.first().copied().unwrap_or(0)))
                    .is_some()
                    != (u32::from(bytes.first().copied().unwrap_or(0))
                        <= crate::andor::Adversary::MAX_N)
                {
                    return Err("Adversary::new answers wrongly".to_owned());
                }
                let size = bytes.get(1).copied().unwrap_or(0) % 8;
                let _ = crate::bridgit::slots(size);
                let _ = crate::bridgit::slot_at(
                    size,
                    bytes.get(2).copied().unwrap_or(0),
                    bytes.get(3).copied().unwrap_or(0),
                );
                if (1..=4).contains(&size) {
                    let pairing = crate::bridgit::PairingPlayer::new(size);
                    for &b in bytes {
                        let _ = pairing.partner(b);
                    }
                }
                let _ = crate::engine::table_bits_for(
                    u32::from(size) * 9,
                    usize::from(size),
                    u128::from(n) << 20,
                );
                Ok(())
            },
        },
        FuzzTarget {
            name: "minimax/tree-text",
            seeds: || seeds(&["(max (min 3 5) (min 2 9))", "(min (max -1 -5) 2)", "-7"]),
            check: |bytes| {
                round_trip::<Tree<i64>>(bytes)?;
                if let Some(tree) = std::str::from_utf8(bytes)
                    .ok()
                    .and_then(|t| Tree::parse(t).ok())
                {
                    let _ = tree.value();
                }
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
