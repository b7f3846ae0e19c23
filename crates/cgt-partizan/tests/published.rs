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

use cgt_core::OutcomeClass;
use cgt_partizan::domineering::{Board, Domineering};
use cgt_partizan::toads::{Row, ToadsAndFrogs};
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
