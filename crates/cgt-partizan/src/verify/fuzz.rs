//! Fuzz targets: the notation, numbers, boards, rows and pictures.

use cgt_core::verify::fuzz::{FuzzTarget, round_trip};

use crate::clobber::Grid;
use crate::domineering::Board;
use crate::hackenbush::Picture;
use crate::toads::Row;
use crate::{Arena, Dyadic};

/// The fuzz targets of `cgt-partizan`.
#[must_use]
pub fn fuzz_targets() -> Vec<FuzzTarget> {
    vec![
        FuzzTarget {
            name: "partizan/notation",
            seeds: || {
                [
                    "{2||1|0}",
                    "^*",
                    "+-1",
                    "+_1/2",
                    "-_2",
                    "{0,*|-1}",
                    "1/2v*3",
                    "{1|*} + ^ - 1/2",
                    "↑⇑*2",
                    "±(1/4)",
                    "{{1|0},2|-1}",
                    "*1024",
                    "^64",
                ]
                .iter()
                .map(|s| s.as_bytes().to_vec())
                .collect()
            },
            check: notation,
        },
        FuzzTarget {
            name: "partizan/loopy-text",
            seeds: || {
                [
                    "upon + *",
                    "{pass|0, *}",
                    "a = {b|0}; b = {1|a}",
                    "tis + tisn",
                    "on + off + {1|0}",
                    "a L b\nb R a\nc",
                    "{0|pass, 1}",
                    "x = {x, {pass|*}|y}; y = {|x}",
                ]
                .iter()
                .map(|s| s.as_bytes().to_vec())
                .collect()
            },
            check: loopy_text,
        },
        FuzzTarget {
            name: "partizan/dyadic",
            seeds: || {
                ["3/8", "-5", "0", "4611686018427387904"]
                    .iter()
                    .map(|s| s.as_bytes().to_vec())
                    .collect()
            },
            check: round_trip::<Dyadic>,
        },
        FuzzTarget {
            name: "partizan/domineering-board",
            seeds: || {
                ["..#/.../#..", "4x4", "8x8"]
                    .iter()
                    .map(|s| s.as_bytes().to_vec())
                    .collect()
            },
            check: round_trip::<Board>,
        },
        FuzzTarget {
            name: "partizan/toads-frogs-row",
            seeds: || {
                ["TT..F.F", "T.F"]
                    .iter()
                    .map(|s| s.as_bytes().to_vec())
                    .collect()
            },
            check: round_trip::<Row>,
        },
        FuzzTarget {
            name: "partizan/clobber-board",
            seeds: || {
                ["xo./.ox", "xoxoxo"]
                    .iter()
                    .map(|s| s.as_bytes().to_vec())
                    .collect()
            },
            check: round_trip::<Grid>,
        },
        FuzzTarget {
            name: "partizan/cutcake",
            seeds: || {
                ["4x3,2x2", "1x1"]
                    .iter()
                    .map(|s| s.as_bytes().to_vec())
                    .collect()
            },
            check: round_trip::<crate::cutcake::Cakes>,
        },
        FuzzTarget {
            name: "partizan/hackenbush-picture",
            seeds: || {
                ["ground a blue\na b red\nb c\n# comment\nground ground g\n"]
                    .iter()
                    .map(|s| s.as_bytes().to_vec())
                    .collect()
            },
            check: |bytes| {
                let Ok(text) = std::str::from_utf8(bytes) else {
                    return Ok(());
                };
                match Picture::parse(text, "ground") {
                    Ok(p) if p.edges().len() <= 12 => {
                        let all = p.all_edges();
                        let mut arena = Arena::new();
                        crate::Evaluator::new(p)
                            .value(&mut arena, &all)
                            .map(|_| ())
                            .map_err(|e| format!("picture {text:?} does not evaluate: {e}"))
                    }
                    Ok(_) => Ok(()),
                    Err(e) => {
                        let _ = e.to_string();
                        Ok(())
                    }
                }
            },
        },
    ]
}

/// Text that parses as a game prints as text that parses to the same game.
fn notation(bytes: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(());
    };
    let mut arena = Arena::new();
    match arena.parse(text) {
        Ok(g) => {
            // Keep the printed form bounded: sums of large forms print long.
            if arena.birthday(g) > 12 {
                return Ok(());
            }
            for printed in [arena.display(g), arena.display_unicode(g)] {
                let back = arena
                    .parse(&printed)
                    .map_err(|e| format!("{text:?} printed as {printed:?} does not parse: {e}"))?;
                if back != g {
                    return Err(format!(
                        "{text:?} printed as {printed:?} reads back differently"
                    ));
                }
            }
            Ok(())
        }
        Err(e) => {
            let _ = e.to_string();
            Ok(())
        }
    }
}

/// Any text: read without panicking; a game read prints as text that reads back to a game
/// with the same outcome, and a small stopper's simplest form equals it.
fn loopy_text(bytes: &[u8]) -> Result<(), String> {
    use crate::loopy::LoopyGame;
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(());
    };
    let Ok(g) = LoopyGame::parse(text) else {
        return Ok(());
    };
    if g.len() > 64 {
        return Ok(());
    }
    let printed = g.display();
    let back = LoopyGame::parse(&printed)
        .map_err(|e| format!("{text:?} printed as {printed:?} does not read back: {e}"))?;
    if back.outcome() != g.outcome() {
        return Err(format!(
            "{text:?} printed as {printed:?} changes the outcome"
        ));
    }
    if g.is_stopper() {
        let budget = cgt_core::budget::Budget::unlimited();
        let s = g.simplest(&budget).map_err(|e| format!("{text:?}: {e}"))?;
        if s.compare(&g, &budget).map_err(|e| e.to_string())? != Some(core::cmp::Ordering::Equal) {
            return Err(format!("{text:?}: simplest form {} differs", s.display()));
        }
    }
    Ok(())
}
