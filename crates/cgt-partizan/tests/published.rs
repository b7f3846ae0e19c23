//! Values published in the literature, recomputed. Sources:
//! - Domineering 2 × 2 = ±1 and 2 × 3 = {2 | −1/2} with mean 3/4 and temperature 5/4 (Left
//!   vertical): Winning Ways, as retold in Wikipedia's "Domineering" article.
//! - Domineering 5 × 5 is a second-player win: Breuker, Uiterwijk and van den Herik (2000),
//!   tabulated in Drummond-Cole, "An update on Domineering on rectangular boards", INTEGERS 14
//!   (2014) #G3.
//! - Toads and Frogs `T□F = *` and `T□TF = 1/2`: Jeff Erickson's help text for his Toads and
//!   Frogs program (`HELP_TOADS`), accompanying "New Toads and Frogs results" (1996).
//! - There are 22 games born by day 2 and 1474 by day 3: Siegel, Combinatorial Game Theory
//!   (2013) (checked by the sweeps `partizan/day2-canonical` and `partizan/day3-count`).
//! - Amazons `x..#/..../.#.o`: the canonical form CGSuite computes, as quoted by the tests of
//!   the `cgt` crate of cgt-tools (0.11.0, `short/partizan/games/amazons.rs`, "confirmed with
//!   cgsuite"); Konane `..ox = 1`, `.ox. = *`, `.ox./o..x/.... = ±1` and Toppling Dominoes
//!   `LRRLL = {1 | *}` from the same crate's tests: an independent implementation of the rules.

use cgt_core::OutcomeClass;
use cgt_partizan::amazons::{Amazons, Board as AmazonsBoard};
use cgt_partizan::domineering::{Board, Domineering};
use cgt_partizan::konane::{Board as KonaneBoard, Konane};
use cgt_partizan::toads::{Row, ToadsAndFrogs};
use cgt_partizan::toppling::{Dominoes, TopplingDominoes};
use cgt_partizan::{Arena, Evaluator};

fn domineering(board: &str) -> (Arena, cgt_partizan::GameId) {
    let mut arena = Arena::new();
    let b: Board = board.parse().unwrap();
    let v = Evaluator::new(Domineering).value(&mut arena, &b).unwrap();
    (arena, v)
}

#[test]
fn domineering_published_values() {
    let (mut a, v) = domineering("2x2");
    assert_eq!(a.display(v), "+-1");
    let (mut a, v) = domineering("2x3");
    assert_eq!(a.display(v), "{2|-1/2}");
    assert_eq!(a.mean(v).unwrap().to_string(), "3/4");
    assert_eq!(a.temperature(v).unwrap().to_string(), "5/4");
    let (mut a, v) = domineering("5x5");
    assert_eq!(a.outcome(v), OutcomeClass::P);
}

#[test]
fn toads_and_frogs_published_values() {
    let mut arena = Arena::new();
    let mut ev = Evaluator::new(ToadsAndFrogs);
    for (row, value) in [("T.F", "*"), ("T.TF", "1/2")] {
        let r: Row = row.parse().unwrap();
        let v = ev.value(&mut arena, &r).unwrap();
        assert_eq!(arena.display(v), value, "{row}");
    }
}

#[test]
fn amazons_konane_and_toppling_dominoes_as_other_programs_value_them() {
    let mut arena = Arena::new();
    let board: AmazonsBoard = "x..#/..../.#.o".parse().unwrap();
    let v = Evaluator::new(Amazons).value(&mut arena, &board).unwrap();
    let cgsuite = arena
        .parse(
            "{{6|{3|1,{3|0,{1/2|0}}}},{6|{4*|-3,{3,{3|0,{1/2|0}}|-4}}}|-3,{0,{0|-2},{1|-3}|-5},\
             {0,{0,*|0,{0,{1/2,{1|0}|v}|v}}|-5},{{2,{2|0}|0,{0,{2|0,{2|0}}|0}},{2,{3|0}|0,\
             {0,{0,^*|0}|-1}},{{2|0},{2|{1|1/4},{2|0}}|v*,{1/2|{{0|-1},{*|-1}|-1}},\
             {{0,^*|0}|-1}},{{3|0},{3|1,{2|0}},{3,{3|1}|1,{1|0,*}}|-1/16,{0|-1},{*|-1}}|-5,\
             {v,v*,{0,{0,^*|0}|-1}|-5},{{1/2|{-1/4,{0|-1},{*|-1}|-1}},{{1|1/4}|{-1/4|-1}},\
             {{1|{1|0},{1|*}}|-1/2}|-5}}}",
        )
        .unwrap();
    assert_eq!(v, cgsuite, "{}", arena.display(v));
    let mut ev = Evaluator::new(Konane);
    for (text, value) in [("..ox", "1"), (".ox.", "*"), (".ox./o..x/....", "+-1")] {
        let b: KonaneBoard = text.parse().unwrap();
        let v = ev.value(&mut arena, &b).unwrap();
        assert_eq!(arena.display(v), value, "Konane {text}");
    }
    let d: Dominoes = "LRRLL".parse().unwrap();
    let v = Evaluator::new(TopplingDominoes)
        .value(&mut arena, &d)
        .unwrap();
    assert_eq!(arena.display(v), "{1|*}");
}
