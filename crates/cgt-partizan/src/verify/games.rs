//! Sweeps for the games: each value found by the evaluator (components, symmetry, closed forms)
//! is checked by plain minimax on the whole position minus that value, which must be a
//! second-player win.

use cgt_core::verify::{Config, Expect, Rng, Sweep, Tally, check_cases};

use super::oracle::check_value;
use crate::amazons::Amazons;
use crate::clobber::Clobber;
use crate::colouring::Colouring;
use crate::cutcake::{Cakes, Cutcake};
use crate::domineering::{Board, Domineering};
use crate::fission::Fission;
use crate::hackenbush::{Colour, Picture};
use crate::konane::Konane;
use crate::ruleset::Ruleset;
use crate::skijumps::SkiJumps;
use crate::toads::ToadsAndFrogs;
use crate::toppling::{Dominoes, TopplingDominoes};
use crate::{Arena, Evaluator};

pub(super) fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "partizan/domineering-values",
            claim: "Domineering values (regions, symmetry, one-sided closed form) equal minimax on \
                    board − value, on every board inside 3 × 3 and random 3 × 4 and 4 × 4 boards",
            expect: Expect::Holds,
            run: domineering,
        },
        Sweep {
            name: "partizan/toads-frogs-values",
            claim: "Toads and Frogs values (splitting at TTFF, frozen TFF and TTF at the ends, \
                    mirror symmetry, every frog left of every toad in closed form) equal minimax on \
                    row − value, on every row of length ≤ 7 and random rows of length ≤ 10",
            expect: Expect::Holds,
            run: toads,
        },
        Sweep {
            name: "partizan/clobber-values",
            claim: "Clobber values (groups, 16 symmetries) equal minimax on board − value, on \
                    every 1 × 6 and 2 × 3 board and random 3 × 3 and 2 × 4 boards",
            expect: Expect::Holds,
            run: clobber,
        },
        Sweep {
            name: "partizan/col-values",
            claim: "Col values (groups, 16 symmetries, lone squares) equal minimax on board − \
                    value, on every 1 × 6 and 2 × 3 board of empty, blue, red and missing \
                    squares and random tinted 3 × 3 and 2 × 4 boards",
            expect: Expect::Holds,
            run: col,
        },
        Sweep {
            name: "partizan/snort-values",
            claim: "Snort values (groups, 16 symmetries, lone squares) equal minimax on board − \
                    value, on every 1 × 6 and 2 × 3 board of empty, blue, red and missing \
                    squares and random tinted 3 × 3 and 2 × 4 boards",
            expect: Expect::Holds,
            run: snort,
        },
        Sweep {
            name: "partizan/col-cold",
            claim: "Every Col position is a number or a number plus * (Winning Ways, ch. 2), on \
                    every board inside 3 × 3 with tints and random 3 × 4 and 4 × 4 boards",
            expect: Expect::Holds,
            run: col_cold,
        },
        Sweep {
            name: "partizan/toppling-values",
            claim: "Toppling Dominoes values (rows as components, reversal and colour exchange, \
                    one-colour rows in closed form) equal minimax on position − value, on every \
                    row of length ≤ 7 and random sums of two or three rows of length ≤ 6",
            expect: Expect::Holds,
            run: toppling,
        },
        Sweep {
            name: "partizan/amazons-values",
            claim: "Amazons values (regions, 16 symmetries) equal minimax on board − value, on \
                    every 1 × 6 and 2 × 3 board of empty, burnt and amazon squares and random \
                    3 × 3 and 2 × 4 boards with up to two amazons a side",
            expect: Expect::Holds,
            run: amazons,
        },
        Sweep {
            name: "partizan/konane-values",
            claim: "Konane values (16 symmetries) equal minimax on board − value, on every 1 × 6 \
                    and 2 × 3 board and random 3 × 3, 2 × 4 and 4 × 4 boards",
            expect: Expect::Holds,
            run: konane,
        },
        Sweep {
            name: "partizan/ski-jumps-values",
            claim: "Ski Jumps values (the mirror image with sides exchanged) equal minimax on \
                    slope − value, on every 1 × 6 and 2 × 3 slope of jumpers, slippers and empty \
                    squares and random 3 × 3, 3 × 4, 4 × 3, 5 × 2 and 6 × 2 slopes (the rows above the \
                    first jumper that can still jump split off as components)",
            expect: Expect::Holds,
            run: ski_jumps,
        },
        Sweep {
            name: "partizan/fission-values",
            claim: "Fission values (regions between walls, 8 symmetries of which 4 negate) equal \
                    minimax on board − value, on every 1 × 6 and 2 × 3 board and random 3 × 3, \
                    3 × 4 and 4 × 4 boards",
            expect: Expect::Holds,
            run: fission,
        },
        Sweep {
            name: "partizan/cutcake-closed-form",
            claim: "Cutcake: one W × H piece is ⌊W / 2^⌊log2 H⌋⌋ − 1 for W ≥ H and the mirror \
                    image otherwise (Winning Ways), against search without the closed form, \
                    sides ≤ 16 (quick) or 28 (full)",
            expect: Expect::Holds,
            run: cutcake_closed_form,
        },
        Sweep {
            name: "partizan/cutcake-values",
            claim: "Cutcake positions of up to three pieces (sides ≤ 4) equal minimax on \
                    position − value",
            expect: Expect::Holds,
            run: cutcake_values,
        },
        Sweep {
            name: "partizan/hackenbush-closed-form",
            claim: "Blue-Red trees and strings: the sign-expansion value equals search without \
                    closed forms, on random trees of ≤ 10 edges",
            expect: Expect::Holds,
            run: hackenbush_trees,
        },
        Sweep {
            name: "partizan/hackenbush-values",
            claim: "Blue-Red-Green Hackenbush values on random graphs (cycles, loops, ≤ 7 edges) \
                    equal minimax on picture − value",
            expect: Expect::Holds,
            run: hackenbush_graphs,
        },
    ]
}

/// Rows of `r × c` cells, each drawn by `cell`, joined by `/`: a random board.
fn random_rows(
    rng: &mut Rng,
    r: usize,
    c: usize,
    mut cell: impl FnMut(&mut Rng) -> char,
) -> String {
    let rows: Vec<String> = (0..r)
        .map(|_| (0..c).map(|_| cell(&mut *rng)).collect())
        .collect();
    rows.join("/")
}

/// Ruleset `R`'s value of the position written `text`, checked by minimax on position − value.
fn check_ruleset<R: Ruleset>(text: &str) -> Result<(), String> {
    let position = R::parse(text).map_err(|e| e.to_string())?;
    let game = R::GAME;
    let mut arena = Arena::new();
    let mut ev = Evaluator::new(game.clone());
    check_value(&game, &mut ev, &mut arena, &position, &|p| R::show(p))
}

fn domineering(config: &Config) -> Tally {
    // Every subset of the 3 × 3 board (all smaller boards are inside one), then random larger.
    let exhaustive = 512u64;
    let random = config.scale.pick(0, 400, 4_000);
    let step = config.scale.pick(13, 1, 1);
    check_cases(config, exhaustive / step + random, |case| {
        let board: Board = if case < exhaustive / step {
            let m = case * step;
            let text: String = (0..9)
                .map(|i| {
                    let c = if m >> i & 1 == 1 { '.' } else { '#' };
                    if i % 3 == 2 && i < 8 {
                        format!("{c}/")
                    } else {
                        c.to_string()
                    }
                })
                .collect();
            text.parse()
                .map_err(|e: crate::PartizanError| e.to_string())?
        } else {
            let mut rng = Rng::for_case("partizan/domineering-values", case);
            let (r, c) = if rng.chance(1, 2) { (3, 4) } else { (4, 4) };
            let text: Vec<String> = (0..r)
                .map(|_| {
                    (0..c)
                        .map(|_| if rng.chance(4, 5) { '.' } else { '#' })
                        .collect()
                })
                .collect();
            text.join("/")
                .parse()
                .map_err(|e: crate::PartizanError| e.to_string())?
        };
        let mut arena = Arena::new();
        let mut ev = Evaluator::new(Domineering);
        check_value(&Domineering, &mut ev, &mut arena, &board, &|b| {
            b.to_string()
        })
    })
}

/// The `k`-th of the boards over `symbols` of six squares: every 1 × 6 row first, then every
/// 2 × 3 board (so `k < 2 · |symbols|⁶`).
pub(super) fn six_squares(k: u64, symbols: &[char]) -> String {
    let base = symbols.len() as u64;
    let all = base.pow(6);
    let mut n = k % all;
    let cells: String = (0..6)
        .map(|_| {
            let c = symbols[(n % base) as usize];
            n /= base;
            c
        })
        .collect();
    if k < all {
        cells
    } else {
        format!("{}/{}", &cells[..3], &cells[3..])
    }
}

pub(super) fn row_text(mut n: u64, len: usize) -> String {
    (0..len)
        .map(|_| {
            let c = ['.', 'T', 'F'][(n % 3) as usize];
            n /= 3;
            c
        })
        .collect()
}

fn toads(config: &Config) -> Tally {
    let lengths: Vec<(usize, u64)> = (1..=7).map(|l| (l, 3u64.pow(l as u32))).collect();
    let exhaustive: u64 = lengths.iter().map(|p| p.1).sum();
    let step = config.scale.pick(29, 1, 1);
    let random = config.scale.pick(0, 500, 5_000);
    check_cases(config, exhaustive / step + random, |case| {
        let text = if case < exhaustive / step {
            let mut k = case * step;
            let mut found = String::new();
            for &(len, count) in &lengths {
                if k < count {
                    found = row_text(k, len);
                    break;
                }
                k -= count;
            }
            found
        } else {
            let mut rng = Rng::for_case("partizan/toads-frogs-values", case);
            let len = 8 + rng.below(3) as usize;
            row_text(rng.below(3u64.pow(len as u32)), len)
        };
        check_ruleset::<ToadsAndFrogs>(&text)
    })
}

fn clobber(config: &Config) -> Tally {
    let exhaustive = 2 * 729u64;
    let step = config.scale.pick(17, 1, 1);
    let random = config.scale.pick(0, 300, 3_000);
    check_cases(config, exhaustive / step + random, |case| {
        let text = if case < exhaustive / step {
            six_squares(case * step, &['.', 'x', 'o'])
        } else {
            let mut rng = Rng::for_case("partizan/clobber-values", case);
            let (r, c) = if rng.chance(1, 2) { (3, 3) } else { (2, 4) };
            random_rows(&mut rng, r, c, |rng| {
                ['x', 'o', 'x', 'o', '.'][rng.below(5) as usize]
            })
        };
        check_ruleset::<Clobber>(&text)
    })
}

/// The `case`-th board of a Col or Snort sweep: every 1 × 6 and 2 × 3 board over `.xo#`
/// first, then random 3 × 3 and 2 × 4 boards with tints.
fn colouring_board(name: &str, config: &Config, case: u64, exhaustive: u64) -> String {
    let step = config.scale.pick(23, 1, 1);
    if case < exhaustive / step {
        six_squares(case * step, &['.', 'x', 'o', '#'])
    } else {
        let mut rng = Rng::for_case(name, case);
        let (r, c) = if rng.chance(1, 2) { (3, 3) } else { (2, 4) };
        random_colouring_rows(&mut rng, r, c)
    }
}

fn random_colouring_rows(rng: &mut Rng, r: usize, c: usize) -> String {
    let symbols = ['.', '.', '.', '.', 'x', 'o', '#', 'l', 'r'];
    random_rows(rng, r, c, |rng| {
        symbols[rng.below(symbols.len() as u64) as usize]
    })
}

fn colouring_values(config: &Config, rules: Colouring, name: &str) -> Tally {
    let exhaustive = 2 * 4096u64;
    let step = config.scale.pick(23, 1, 1);
    let random = config.scale.pick(0, 300, 3_000);
    check_cases(config, exhaustive / step + random, |case| {
        let text = colouring_board(name, config, case, exhaustive);
        let map = rules.board(&text).map_err(|e| e.to_string())?;
        let mut arena = Arena::new();
        let mut ev = Evaluator::new(rules);
        check_value(&rules, &mut ev, &mut arena, &map, &|m| {
            format!("{} {text} (as {m})", rules.rule().name())
        })
    })
}

fn col(config: &Config) -> Tally {
    colouring_values(config, Colouring::col(), "partizan/col-values")
}

fn snort(config: &Config) -> Tally {
    colouring_values(config, Colouring::snort(), "partizan/snort-values")
}

fn col_cold(config: &Config) -> Tally {
    // Every 3 × 3 board over `.lr#` (tints stand for any colours around), then random larger.
    let exhaustive = 4u64.pow(9);
    let step = config.scale.pick(61, 7, 1);
    let random = config.scale.pick(0, 200, 2_000);
    let rules = Colouring::col();
    check_cases(config, exhaustive / step + random, |case| {
        let text = if case < exhaustive / step {
            let mut k = case * step;
            let cells: Vec<String> = (0..3)
                .map(|_| {
                    (0..3)
                        .map(|_| {
                            let c = ['.', 'l', 'r', '#'][(k % 4) as usize];
                            k /= 4;
                            c
                        })
                        .collect()
                })
                .collect();
            cells.join("/")
        } else {
            let mut rng = Rng::for_case("partizan/col-cold", case);
            let (r, c) = if rng.chance(1, 2) { (3, 4) } else { (4, 4) };
            random_colouring_rows(&mut rng, r, c)
        };
        let map = rules.board(&text).map_err(|e| e.to_string())?;
        let mut arena = Arena::new();
        let v = Evaluator::new(rules)
            .value(&mut arena, &map)
            .map_err(|e| e.to_string())?;
        // x* − x is * for the number x = G's left stop; G is x or x*.
        let stop = arena.left_stop(v);
        let x = arena.number(stop);
        let star = arena.nimber(1).map_err(|e| e.to_string())?;
        let xs = arena.sum(x, star).map_err(|e| e.to_string())?;
        if v == x || v == xs {
            Ok(())
        } else {
            Err(format!(
                "Col {text}: value {} is neither a number nor a number plus *",
                arena.display(v)
            ))
        }
    })
}

fn toppling(config: &Config) -> Tally {
    let lengths: Vec<(usize, u64)> = (1..=7).map(|l| (l, 3u64.pow(l as u32))).collect();
    let exhaustive: u64 = lengths.iter().map(|p| p.1).sum();
    let step = config.scale.pick(29, 1, 1);
    let random = config.scale.pick(0, 200, 3_000);
    let letters = |text: String| text.replace('T', "L").replace('F', "R").replace('.', "G");
    check_cases(config, exhaustive / step + random, |case| {
        let text = if case < exhaustive / step {
            let mut k = case * step;
            let mut found = String::new();
            for &(len, count) in &lengths {
                if k < count {
                    found = letters(row_text(k, len));
                    break;
                }
                k -= count;
            }
            found
        } else {
            let mut rng = Rng::for_case("partizan/toppling-values", case);
            let rows: Vec<String> = (0..2 + rng.below(2))
                .map(|_| {
                    let len = 1 + rng.below(6) as usize;
                    letters(row_text(rng.below(3u64.pow(len as u32)), len))
                })
                .collect();
            rows.join(" ")
        };
        let position: Dominoes = text
            .parse()
            .map_err(|e: crate::PartizanError| e.to_string())?;
        let mut arena = Arena::new();
        let mut ev = Evaluator::new(TopplingDominoes);
        check_value(&TopplingDominoes, &mut ev, &mut arena, &position, &|p| {
            p.to_string()
        })
    })
}

fn amazons(config: &Config) -> Tally {
    let exhaustive = 2 * 4096u64;
    let step = config.scale.pick(37, 1, 1);
    let random = config.scale.pick(0, 300, 3_000);
    check_cases(config, exhaustive / step + random, |case| {
        let text = if case < exhaustive / step {
            six_squares(case * step, &['.', 'x', 'o', '#'])
        } else {
            let mut rng = Rng::for_case("partizan/amazons-values", case);
            let (r, c) = if rng.chance(1, 2) { (3, 3) } else { (2, 4) };
            let mut cells: Vec<char> = (0..r * c)
                .map(|_| if rng.chance(1, 4) { '#' } else { '.' })
                .collect();
            for piece in ['x', 'x', 'o', 'o'] {
                if rng.chance(3, 4) {
                    let i = rng.below((r * c) as u64) as usize;
                    cells[i] = piece;
                }
            }
            let rows: Vec<String> = cells.chunks(c).map(|row| row.iter().collect()).collect();
            rows.join("/")
        };
        check_ruleset::<Amazons>(&text)
    })
}

fn konane(config: &Config) -> Tally {
    let exhaustive = 2 * 729u64;
    let step = config.scale.pick(17, 1, 1);
    let random = config.scale.pick(30, 3_000, 30_000);
    check_cases(config, exhaustive / step + random, |case| {
        let text = if case < exhaustive / step {
            six_squares(case * step, &['.', 'x', 'o'])
        } else {
            let mut rng = Rng::for_case("partizan/konane-values", case);
            let (r, c) = [(3, 3), (2, 4), (4, 4)][rng.below(3) as usize];
            random_rows(&mut rng, r, c, |rng| {
                ['x', 'o', '.', '.'][rng.below(4) as usize]
            })
        };
        check_ruleset::<Konane>(&text)
    })
}

fn ski_jumps(config: &Config) -> Tally {
    const SIX: u64 = 15_625; // 5^6
    let exhaustive = 2 * SIX;
    let step = config.scale.pick(97, 1, 1);
    let random = config.scale.pick(0, 500, 5_000);
    let symbols = ['.', 'L', 'l', 'R', 'r'];
    check_cases(config, exhaustive / step + random, |case| {
        let text = if case < exhaustive / step {
            six_squares(case * step, &symbols)
        } else {
            let mut rng = Rng::for_case("partizan/ski-jumps-values", case);
            // Four rows and more split into rows above the first jumper that can still jump.
            let (r, c) = [(3, 3), (3, 4), (4, 3), (5, 2), (6, 2)][rng.below(5) as usize];
            random_rows(&mut rng, r, c, |rng| {
                if rng.chance(2, 3) {
                    '.'
                } else {
                    symbols[1 + rng.below(4) as usize]
                }
            })
        };
        check_ruleset::<SkiJumps>(&text)
    })
}

fn fission(config: &Config) -> Tally {
    let exhaustive = 2 * 729u64;
    let step = config.scale.pick(17, 1, 1);
    let random = config.scale.pick(20, 2_000, 20_000);
    check_cases(config, exhaustive / step + random, |case| {
        let text = if case < exhaustive / step {
            six_squares(case * step, &['.', 'x', '#'])
        } else {
            let mut rng = Rng::for_case("partizan/fission-values", case);
            let (r, c) = [(3, 3), (3, 4), (4, 4)][rng.below(3) as usize];
            random_rows(&mut rng, r, c, |rng| {
                ['x', '.', '.', '.', '#'][rng.below(5) as usize]
            })
        };
        check_ruleset::<Fission>(&text)
    })
}

fn picture_text(p: &Picture) -> String {
    p.edges()
        .iter()
        .map(|(u, v, c)| format!("{u}-{v} {}", c.name()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn hackenbush_trees(config: &Config) -> Tally {
    check_cases(config, config.scale.pick(100, 5_000, 50_000), |case| {
        let mut rng = Rng::for_case("partizan/hackenbush-closed-form", case);
        let n = 2 + rng.below(10) as u32;
        let string = case % 3 == 0;
        let edges: Vec<(u32, u32, Colour)> = (1..n)
            .map(|i| {
                let parent = if string {
                    i - 1
                } else {
                    rng.below(u64::from(i)) as u32
                };
                let colour = if rng.chance(1, 2) {
                    Colour::Blue
                } else {
                    Colour::Red
                };
                (parent, i, colour)
            })
            .collect();
        let p = Picture::new(n as usize, edges).map_err(|e| e.to_string())?;
        let all = p.all_edges();
        let closed = p
            .tree_value(all)
            .ok_or("no closed form for a Blue-Red tree")?;
        let mut arena = Arena::new();
        let searched = Evaluator::new(p.clone())
            .without_shortcuts()
            .value(&mut arena, &all)
            .map_err(|e| e.to_string())?;
        if arena.as_number(searched) != Some(closed) {
            return Err(format!(
                "{}: closed form {closed}, search {}",
                picture_text(&p),
                arena.display(searched)
            ));
        }
        Ok(())
    })
}

fn hackenbush_graphs(config: &Config) -> Tally {
    check_cases(config, config.scale.pick(60, 3_000, 30_000), |case| {
        let mut rng = Rng::for_case("partizan/hackenbush-values", case);
        let n = 2 + rng.below(4) as u32;
        let m = 1 + rng.below(7) as usize;
        let colours = [Colour::Blue, Colour::Red, Colour::Green];
        let edges: Vec<(u32, u32, Colour)> = (0..m)
            .map(|_| {
                (
                    rng.below(u64::from(n)) as u32,
                    rng.below(u64::from(n)) as u32,
                    colours[rng.below(3) as usize],
                )
            })
            .collect();
        let p = Picture::new(n as usize, edges).map_err(|e| e.to_string())?;
        let all = p.all_edges();
        let mut arena = Arena::new();
        let mut ev = Evaluator::new(p.clone());
        check_value(&p, &mut ev, &mut arena, &all, &|_| picture_text(&p))
    })
}

fn cutcake_closed_form(config: &Config) -> Tally {
    let side = config.scale.pick(8u64, 16, 28);
    check_cases(config, side * side, |case| {
        let (w, h) = ((case / side + 1) as u32, (case % side + 1) as u32);
        let mut arena = Arena::new();
        let cakes: Cakes = format!("{w}x{h}")
            .parse()
            .map_err(|e: crate::PartizanError| e.to_string())?;
        let v = Evaluator::new(Cutcake)
            .without_shortcuts()
            .value(&mut arena, &cakes)
            .map_err(|e| e.to_string())?;
        let closed = Cutcake::closed_form(w, h);
        if arena.as_number(v) != Some(crate::Dyadic::from_int(closed)) {
            return Err(format!(
                "{w}x{h}: closed form {closed}, search {}",
                arena.display(v)
            ));
        }
        Ok(())
    })
}

fn cutcake_values(config: &Config) -> Tally {
    check_cases(config, config.scale.pick(40, 1_000, 10_000), |case| {
        let mut rng = Rng::for_case("partizan/cutcake-values", case);
        let n = 1 + rng.below(3);
        let text: Vec<String> = (0..n)
            .map(|_| format!("{}x{}", 1 + rng.below(4), 1 + rng.below(4)))
            .collect();
        let cakes: Cakes = text
            .join(",")
            .parse()
            .map_err(|e: crate::PartizanError| e.to_string())?;
        let mut arena = Arena::new();
        let mut ev = Evaluator::new(Cutcake);
        check_value(&Cutcake, &mut ev, &mut arena, &cakes, &|c| c.to_string())
    })
}
