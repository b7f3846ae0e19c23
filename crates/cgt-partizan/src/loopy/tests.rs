use core::cmp::Ordering;

use cgt_core::budget::Budget;

use super::{Ending, LoopyGame};
use crate::Player;

fn game(text: &str) -> LoopyGame {
    LoopyGame::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn cmp(a: &str, b: &str) -> Option<Ordering> {
    game(a).compare(&game(b), &Budget::unlimited()).unwrap()
}

fn simplest(text: &str) -> String {
    game(text).simplest(&Budget::unlimited()).unwrap().display()
}

#[test]
fn named_values_are_their_winning_ways_definitions() {
    // Winning Ways, chapter 11: on = {on|}, off = {|off}, over = {0|over}, under = {under|0},
    // upon = {upon|*}, dud = {dud|dud}.
    for (name, form) in [
        ("on", "a = {a|}"),
        ("off", "a = {|a}"),
        ("over", "a = {0|a}"),
        ("under", "a = {a|0}"),
        ("upon", "a = {a|*}"),
        ("dud", "a = {a|a}"),
    ] {
        assert_eq!(game(form).display(), name, "{form}");
        assert_eq!(game(name).display(), name);
    }
    assert_eq!(game("a = {b|}; b = {|a}").display(), "tis");
    assert!(!game("dud").is_stopper() && !game("tis").is_stopper());
    assert!(game("on").is_stopper() && game("upon").is_stopper());
}

#[test]
fn upon_star_is_published_form() {
    // Winning Ways, chapter 11: upon* = {0, upon*|0}.
    assert_eq!(simplest("upon + *"), "{0, pass|0}");
    assert_eq!(cmp("upon + *", "a = {0, a|0}"), Some(Ordering::Equal));
}

#[test]
fn on_plus_off_draws_like_dud() {
    // Winning Ways, chapter 11: on + off = dud, a draw whoever starts, and dud + G is a draw
    // for every G.
    for extra in ["0", "*", "5", "{1|-1}", "over", "under"] {
        for g in [format!("on + off + {extra}"), format!("dud + {extra}")] {
            let o = game(&g).outcome();
            assert_eq!(
                (o.left_first, o.right_first),
                (Ending::Draw, Ending::Draw),
                "{g}"
            );
        }
    }
}

#[test]
fn order_of_the_infinitesimal_stoppers() {
    use Ordering::{Equal, Greater, Less};
    assert_eq!(cmp("on", "100"), Some(Greater));
    assert_eq!(cmp("off", "-100"), Some(Less));
    assert_eq!(cmp("over", "0"), Some(Greater));
    assert_eq!(cmp("over", "1/64"), Some(Less));
    assert_eq!(cmp("over", "^ + ^ + ^"), Some(Greater));
    assert_eq!(cmp("upon", "^"), Some(Greater));
    assert_eq!(cmp("upon", "^^"), Some(Less));
    assert_eq!(cmp("upon", "*"), None);
    assert_eq!(cmp("over + over", "over"), Some(Equal));
    assert_eq!(cmp("^", "*"), None);
    // A short game compares as in the arena.
    assert_eq!(cmp("{1|0}", "1/2"), None);
    assert_eq!(cmp("{1|0} + {1|0} + {0|-1}", "{1|0}"), Some(Equal));
}

#[test]
fn simplest_forms() {
    assert_eq!(simplest("on + *"), "on");
    assert_eq!(simplest("on + 5 + {1|-1}"), "on");
    assert_eq!(simplest("over + *"), "over");
    assert_eq!(simplest("over + v"), "over");
    assert_eq!(simplest("{0|pass, 1}"), "over");
    assert_eq!(simplest("{2||1|0} + 1/2"), "{5/2||3/2|1/2}");
    assert_eq!(simplest("upon + upon"), "a = {0|b}; b = {0, b|0}");
    let err = game("dud").simplest(&Budget::unlimited()).unwrap_err();
    assert!(err.to_string().contains("not a stopper"), "{err}");
}

#[test]
fn outcomes_lengths_and_best_moves() {
    let g = game("upon + *");
    let s = g.solve();
    assert_eq!(g.outcome().to_string(), "N");
    assert_eq!(s.length(g.start(), Player::Left), Some(3));
    let best: Vec<&str> = s
        .best_moves(&g, g.start(), Player::Right)
        .iter()
        .map(|&o| g.name(o))
        .collect();
    assert_eq!(best, ["* + *"]);
    let t = game("tis");
    let o = t.outcome();
    assert_eq!((o.left_first, o.right_first), (Ending::Draw, Ending::Left));
    assert_eq!(
        o.to_string(),
        "Left moving first: draw; Right moving first: Left wins"
    );
}

#[test]
fn bad_text_is_a_parse_error() {
    for bad in [
        "",
        "{pass|",
        "pass",
        "a = {b|}",
        "a = {|}; a = {|}",
        "{1|2|3} + on",
        "x = 3",
        "{pass + *|}",
        "a = {b + *|}; b = {|}",
    ] {
        let e = LoopyGame::parse(bad).expect_err(bad);
        assert!(!e.to_string().contains('\n'), "{bad}: {e}");
    }
    // An integer is a chain of as many positions: huge ones are refused, not laid out.
    let e = LoopyGame::parse("4611686018427387904 + on").unwrap_err();
    assert!(
        e.to_string().contains("more than 65536 subpositions"),
        "{e}"
    );
    assert_eq!(game("{1|0} + 20").len(), 23);
    let deep = format!("{}pass{}", "{".repeat(300), "|}".repeat(300));
    let e = LoopyGame::parse(&deep).unwrap_err();
    assert!(e.to_string().contains("nested too deeply"), "{e}");
}

#[test]
fn sides_of_the_classical_non_stoppers() {
    // Winning Ways, chapter 11: dud = on & off, tis = 1 & 0, tisn = 0 & -1.
    let b = Budget::unlimited();
    for (text, on, off) in [
        ("dud", "on", "off"),
        ("on + off", "on", "off"),
        ("tis", "1", "0"),
        ("tisn", "0", "-1"),
        ("tis + tis", "2", "0"),
        ("tis + *", "1*", "*"),
        ("over + under", "over", "under"),
        ("upon", "upon", "upon"),
    ] {
        let g = game(text);
        assert_eq!(g.onside(&b).unwrap().display(), on, "{text}");
        assert_eq!(g.offside(&b).unwrap().display(), off, "{text}");
    }
    // Compared side by side: tis < 1, dud is confused with 0, tis + tisn = 1 & -1 || 0.
    assert_eq!(cmp("tis", "1"), Some(Ordering::Less));
    assert_eq!(cmp("tis", "0"), Some(Ordering::Greater));
    assert_eq!(cmp("dud", "0"), None);
    assert_eq!(cmp("tis + tisn", "0"), None);
    // Sides that sidling reaches only in the limit, found by closing its loops: the sum of
    // the sides, over + tis = (over + 1) & (over + 0) (Winning Ways, chapter 11).
    for (text, on, off) in [
        ("over + tis", "1 + over", "over"),
        ("over + tisn", "over", "-1 + over"),
        ("under + tis", "1 + under", "under"),
        ("over + tis + tis", "2 + over", "over"),
    ] {
        let g = game(text);
        for (side, expected) in [(g.onside(&b).unwrap(), on), (g.offside(&b).unwrap(), off)] {
            assert_eq!(
                side.compare(&game(expected), &b).unwrap(),
                Some(Ordering::Equal),
                "{text}: {} against {expected}",
                side.display()
            );
        }
    }
    assert_eq!(game("over + tis").onside(&b).unwrap().display(), "{1|pass}");
    // An offside that sidles through 1, 2, 3, … towards on: Backsliding Toads and Frogs F..TT,
    // where Left can always reach a loop of her own moves.
    let g = backsliding("F..TT");
    assert!(!g.is_stopper());
    assert_eq!(sides(&g), ("on".into(), "on".into()));
    // T...FF, refused before: its approximations drift down with both stops falling.
    let g = backsliding("T...FF");
    assert_eq!(sides(&g), ("off".into(), "off".into()));
    let o = g.outcome();
    assert_eq!(
        (o.left_first, o.right_first),
        (Ending::Right, Ending::Right)
    );
    // TTT..FF, refused before: its offside climbs by two every six rounds ({2|1*}, {3*|2},
    // {4|3*}, …), too slowly for half the rounds, and is taken to `on` at an eighth.
    let g = backsliding("TTT..FF");
    assert_eq!(sides(&g), ("on".into(), "on".into()));
    let o = g.outcome();
    assert_eq!((o.left_first, o.right_first), (Ending::Left, Ending::Left));
}

/// The graph of a Backsliding Toads and Frogs row.
fn backsliding(row: &str) -> LoopyGame {
    let row = row.parse::<crate::toads::Row>().unwrap();
    LoopyGame::explore(
        &crate::toads::Backsliding,
        &row,
        |r| r.to_string(),
        &Budget::unlimited(),
    )
    .unwrap()
}

/// `(onside, offside)` as written.
fn sides(g: &LoopyGame) -> (String, String) {
    let b = Budget::unlimited();
    (
        g.onside(&b).unwrap().display(),
        g.offside(&b).unwrap().display(),
    )
}

/// The positions from which play is a stopper, found for all at once, are those a search from
/// each finds; in `TT.F.` some are and some are not (a toad that can still step back keeps
/// play going for ever).
#[test]
fn stopper_positions_are_each_positions_own() {
    for row in ["TT.F.", "T..F", "TT..FF", "F..TT"] {
        let g = backsliding(row);
        let all = g.stopper_positions();
        for (x, &stopper) in all.iter().enumerate() {
            assert_eq!(
                stopper,
                g.with_start(x as u32).unwrap().is_stopper(),
                "{row}: {}",
                g.name(x as u32)
            );
        }
        assert_eq!(all[g.start() as usize], g.is_stopper());
    }
    // `a` and `b` alternate for ever (Left a → b, Right b → a); `e` only reaches short games.
    let g = game("a = {b | e}; b = {0 | a}; e = {1 | *}");
    let named = |n: &str| g.stopper_positions()[g.position(n).unwrap() as usize];
    assert!(!named("a") && !named("b") && named("e"));
}

#[test]
fn edge_lists_read_like_systems() {
    let from_moves = game("# upon\na L a\na R b\nb L c\nb R c\nc\n");
    assert_eq!(from_moves.display(), "upon");
    assert_eq!(game("tis L tisn\ntisn R tis").display(), "tis");
    let e = LoopyGame::parse("a L b\nb X c").unwrap_err();
    assert!(e.to_string().contains("line 2"), "{e}");
}

#[test]
fn values_published_in_cgsuites_tests() {
    // CGSuite's own test suite (Siegel): Backsliding Toads and Frogs TTT..FFF is
    // {on||0|-1/2} & {1/2|0||off}; {0|{dud|},*} = ^ & v*; Bach's Carousel
    // a{0,{1|1,{*,{1+*|1+*,a}|*}}|0} has no stoppers for sides (refused, never answered).
    let b = Budget::unlimited();
    let row = "TTT..FFF".parse::<crate::toads::Row>().unwrap();
    let g = LoopyGame::explore(&crate::toads::Backsliding, &row, |r| r.to_string(), &b).unwrap();
    let (on, off) = (g.onside(&b).unwrap(), g.offside(&b).unwrap());
    assert_eq!(
        on.compare(&game("{on||0|-1/2}"), &b).unwrap(),
        Some(Ordering::Equal)
    );
    assert_eq!(
        off.compare(&game("{1/2|0||off}"), &b).unwrap(),
        Some(Ordering::Equal)
    );
    assert_eq!(
        (on.display(), off.display()),
        ("{on|{0|-1/2}}".into(), "{{1/2|0}|off}".into())
    );
    let o = g.outcome();
    assert_eq!((o.left_first, o.right_first), (Ending::Draw, Ending::Draw));
    let g = game("{0|{dud|},*}");
    assert_eq!(
        (
            g.onside(&b).unwrap().display(),
            g.offside(&b).unwrap().display()
        ),
        ("^".into(), "v*".into())
    );
    let carousel = game("a = {0,{1|1,{*,{1+*|1+*,a}|*}}|0}");
    assert!(
        carousel
            .onside(&b)
            .unwrap_err()
            .to_string()
            .contains("did not settle")
    );
    let o = carousel.outcome();
    assert_eq!((o.left_first, o.right_first), (Ending::Left, Ending::Right));
    // Its canonical stoppers, written with bars: {{pass|}|0||0} = Miny(on) = {on|0||0},
    // {0|||0||pass|0} = Tiny(over) = {0||0|under}, {0|||0||0|{|pass}} = {0|Tiny(on)}, and
    // a{0||||0|||a|*||*} is already canonical.
    for (text, canonical) in [
        ("{{pass|}|0||0}", "{on|0||0}"),
        ("{0|||0||pass|0}", "{0||0|under}"),
        ("{0|||0||0|{|pass}}", "{0|||0||0|off}"),
        ("{-1/4+*|pass}", "{-1/4*|pass}"),
        ("{pass|3/2}", "{pass|3/2}"),
    ] {
        assert_eq!(simplest(text), canonical, "{text}");
    }
    let a = game("a = {0||||0|||a|*||*}");
    let s = a.simplest(&b).unwrap();
    assert_eq!((s.len(), s.display()), (a.trimmed().len(), a.display()));
}

#[test]
fn bars_split_forms_like_the_short_notation() {
    // {A || B | C} is {A | {B | C}}; `pass` moves to the innermost form around it.
    assert_eq!(cmp("{0||0|pass}", "{0|over}"), Some(Ordering::Equal));
    assert_eq!(
        cmp("{pass||0|-1}", "a = {a|b}; b = {0|-1}"),
        Some(Ordering::Equal)
    );
    let e = LoopyGame::parse("{0|pass|0}").unwrap_err();
    assert!(e.to_string().contains("one longest run of bars"), "{e}");
}
