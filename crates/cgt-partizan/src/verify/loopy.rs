//! The loopy-game sweep: outcomes by retrograde analysis against a plain fixed-point iteration,
//! the order of stoppers against its definition through outcomes of sums, and simplest forms.
//!
//! Games are random graphs of one to three loopy positions whose options also reach short
//! games (`0`, `*`, `±1`, `↑`, `↓`, `1/2`) — a fresh pair for each case.

use core::cmp::Ordering;

use cgt_core::budget::Budget;
use cgt_core::rng::Rng;
use cgt_core::verify::{Config, Expect, Sweep, Tally, check_cases};

use crate::loopy::{Ending, LoopyGame, LoopyOutcome, side_le};
use crate::toads::{Backsliding, Row};

use crate::{Arena, PartizanError, Player};

pub(super) fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "partizan/loopy",
            claim: "for random loopy games G, H of up to three loopy positions over short leaves: the \
                retrograde outcomes of G, H and G + H equal a plain fixed-point iteration over the \
                tuples of positions; the positions of G, H and G + H from which play is a stopper, \
                found for all at once, are those of a plain search from each; compare(G, H) (stoppers by survival, other games in the order of \
                sides) agrees with the definition of the order (G ≥ H exactly when o(G + X) ≥ o(H + X) for both starters, Left win > draw \
                > Right win: checked on 19 test games X, and refuted by X = −H when it fails); \
                the simplest form is a stopper equal to G with the same outcome in every test sum, \
                is its own simplest form, is no larger, equals the canonical form for short G, and \
                equal stoppers get simplest forms of the same size; the sides found (by sidling, \
                or by closing the loops of sides reached only in the limit) are stoppers (a \
                stopper's own value) with Left's survival in every test sum that of the onside \
                and Right's that of the offside, and the order of sides played out on G itself \
                places every stopper test game against G's sides as the stoppers' order does",
            expect: Expect::Holds,
            run: loopy,
        },
        Sweep {
            name: "partizan/backsliding-toads",
            claim: "Backsliding Toads and Frogs: for random pairs of rows of up to 6 squares, the \
                outcome of the sum of their explored position graphs (LoopyGame::explore, then \
                LoopyGame::sum, then retrograde analysis) equals a plain fixed-point iteration \
                over the pairs of rows moved by the ruleset itself; each row's sides, when \
                sidling settles, pass the same definition check as partizan/loopy; the sides of \
                TTT..FFF equal the value CGSuite's tests publish, {on||0|-1/2} & {1/2|0||off}",
            expect: Expect::Holds,
            run: backsliding,
        },
    ]
}

const LEAVES: [&str; 7] = ["0", "*", "1", "-1", "^", "v", "1/2"];

const TESTS: [&str; 17] = [
    "0", "*", "1", "-1", "^", "v", "1/2", "-1/2", "{1|-1}", "*2", "on", "off", "over", "under",
    "upon", "downon", "dud",
];

/// A random game: `k` loopy positions `p0…`, each option a loopy position or a leaf.
fn random_game(rng: &mut Rng) -> String {
    let k = 1 + rng.below(3) as usize;
    let mut eqs = Vec::new();
    for i in 0..k {
        let mut side = || {
            let count = rng.below(3);
            (0..count)
                .map(|_| {
                    let t = rng.below((k + LEAVES.len()) as u64) as usize;
                    if t < k {
                        format!("p{t}")
                    } else {
                        LEAVES[t - k].to_owned()
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (l, r) = (side(), side());
        eqs.push(format!("p{i} = {{{l} | {r}}}"));
    }
    eqs.join("; ")
}

/// The outcome of the sum of `parts` by plain iteration to a fixed point over every tuple of
/// positions: a position is won for the mover when some move reaches a position lost for the
/// opponent, lost when every move reaches a won one; what never settles is drawn.
fn plain_outcome(parts: &[&LoopyGame]) -> LoopyOutcome {
    let sizes: Vec<usize> = parts.iter().map(|g| g.len()).collect();
    let total: usize = sizes.iter().product();
    let encode = |t: &[u32]| {
        t.iter()
            .zip(&sizes)
            .fold(0usize, |acc, (&x, &s)| acc * s + x as usize)
    };
    let decode = |mut v: usize| {
        let mut t = vec![0u32; sizes.len()];
        for i in (0..sizes.len()).rev() {
            t[i] = (v % sizes[i]) as u32;
            v /= sizes[i];
        }
        t
    };
    let moves = |v: usize, mover: Player| -> Vec<usize> {
        let t = decode(v);
        let mut out = Vec::new();
        for (i, g) in parts.iter().enumerate() {
            for &o in g.options(t[i], mover) {
                let mut u = t.clone();
                u[i] = o;
                out.push(encode(&u));
            }
        }
        out
    };
    // won[m][v], lost[m][v]: m = 0 Left to move, 1 Right to move.
    let mut won = [vec![false; total], vec![false; total]];
    let mut lost = [vec![false; total], vec![false; total]];
    loop {
        let mut changed = false;
        for m in 0..2 {
            let mover = if m == 0 { Player::Left } else { Player::Right };
            for v in 0..total {
                let next = moves(v, mover);
                let w = next.iter().any(|&u| lost[1 - m][u]);
                let l = next.iter().all(|&u| won[1 - m][u]);
                if w != won[m][v] || l != lost[m][v] {
                    won[m][v] |= w;
                    lost[m][v] |= l;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let start = encode(&parts.iter().map(|g| g.start()).collect::<Vec<_>>());
    let ending = |m: usize, mover: Player| {
        if won[m][start] {
            if mover == Player::Left {
                Ending::Left
            } else {
                Ending::Right
            }
        } else if lost[m][start] {
            if mover == Player::Left {
                Ending::Right
            } else {
                Ending::Left
            }
        } else {
            Ending::Draw
        }
    };
    LoopyOutcome {
        left_first: ending(0, Player::Left),
        right_first: ending(1, Player::Right),
    }
}

/// For each position of `g`, whether play from it is a stopper, by the definition: no position
/// reachable from it (by any moves) begins an infinite alternating run. The runs are found by a
/// plain greatest fixed point: a node (position, player to move) begins one when some move
/// reaches a node that does.
fn plain_stoppers(g: &LoopyGame) -> Vec<bool> {
    let n = g.len();
    let mover = |m: usize| if m == 0 { Player::Left } else { Player::Right };
    let mut endless = [vec![true; n], vec![true; n]];
    loop {
        let mut changed = false;
        for m in 0..2 {
            for x in 0..n {
                let e = g
                    .options(x as u32, mover(m))
                    .iter()
                    .any(|&o| endless[1 - m][o as usize]);
                if endless[m][x] && !e {
                    endless[m][x] = false;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    (0..n as u32)
        .map(|x| {
            let mut seen = vec![false; n];
            let mut stack = vec![x];
            seen[x as usize] = true;
            while let Some(y) = stack.pop() {
                if endless[0][y as usize] || endless[1][y as usize] {
                    return false;
                }
                for &o in g.left_options(y).iter().chain(g.right_options(y)) {
                    if !seen[o as usize] {
                        seen[o as usize] = true;
                        stack.push(o);
                    }
                }
            }
            true
        })
        .collect()
}

fn parse(text: &str) -> Result<LoopyGame, String> {
    LoopyGame::parse(text).map_err(|e| format!("{text}: {e}"))
}

/// `o(G + X) ≥ o(H + X)` for both starters, Left's order.
fn at_least(a: LoopyOutcome, b: LoopyOutcome) -> bool {
    a.left_first.rank() >= b.left_first.rank() && a.right_first.rank() >= b.right_first.rank()
}

fn check(case: u64) -> Result<(), String> {
    let mut rng = Rng::for_case("partizan/loopy", case);
    let (gt, ht) = (random_game(&mut rng), random_game(&mut rng));
    let (g, h) = (parse(&gt)?, parse(&ht)?);
    let budget = Budget::unlimited();
    let sum = LoopyGame::sum(&[g.clone(), h.clone()], &budget).map_err(|e| e.to_string())?;
    for (what, found, plain) in [
        ("G", g.outcome(), plain_outcome(&[&g])),
        ("H", h.outcome(), plain_outcome(&[&h])),
        ("G + H", sum.outcome(), plain_outcome(&[&g, &h])),
    ] {
        if found != plain {
            return Err(format!(
                "G = {gt}, H = {ht}: outcome of {what} {found}, plain iteration {plain}"
            ));
        }
    }
    for (what, x) in [("G", &g), ("H", &h), ("G + H", &sum)] {
        if x.stopper_positions() != plain_stoppers(x) {
            return Err(format!(
                "G = {gt}, H = {ht}: the positions of {what} from which play is a stopper differ from a plain search"
            ));
        }
    }
    let mut tests: Vec<LoopyGame> = TESTS.iter().map(|t| parse(t)).collect::<Result<_, _>>()?;
    tests.push(g.neg());
    tests.push(h.neg());
    let outcomes = |x: &LoopyGame| -> Vec<LoopyOutcome> {
        tests.iter().map(|t| plain_outcome(&[x, t])).collect()
    };
    let stoppers = [&g, &h].map(|x| x.is_stopper());
    for (x, text) in [(&g, &gt), (&h, &ht)] {
        check_sides(x, text, &tests)?;
        check_side_order(x, text, &tests)?;
    }
    for (x, text, stopper) in [(&g, &gt, stoppers[0]), (&h, &ht, stoppers[1])] {
        if !stopper {
            continue;
        }
        let s = x.simplest(&budget).map_err(|e| format!("{text}: {e}"))?;
        let shown = s.display();
        if !s.is_stopper()
            || s.compare(x, &budget).map_err(|e| e.to_string())? != Some(Ordering::Equal)
        {
            return Err(format!(
                "{text}: simplest form {shown} is not a stopper equal to it"
            ));
        }
        if outcomes(&s) != outcomes(x) {
            return Err(format!(
                "{text}: simplest form {shown} differs in a test sum"
            ));
        }
        if s.len() > x.trimmed().len() {
            return Err(format!("{text}: simplest form {shown} has more positions"));
        }
        let again = s.simplest(&budget).map_err(|e| e.to_string())?;
        if again.display() != shown {
            return Err(format!(
                "{text}: simplest form {shown} simplifies to {}",
                again.display()
            ));
        }
        if s.display() != parse(&shown)?.display() {
            return Err(format!("{text}: {shown} does not read back"));
        }
        let mut arena = Arena::new();
        if let Some(v) = x.to_short(&mut arena).map_err(|e| e.to_string())?
            && arena.display(v) != shown
        {
            return Err(format!(
                "{text}: short game {} but simplest form {shown}",
                arena.display(v)
            ));
        }
    }
    let order = g
        .compare(&h, &budget)
        .map_err(|e| format!("G = {gt}, H = {ht}: {e}"))?;
    // Refuting test games: the negated sides of both games. Without them (sides refused) a
    // denied `≥` may go unrefuted, so only what compare affirms is checked.
    let mut sides = Vec::new();
    let mut refutable = true;
    for x in [&g, &h] {
        for side in [x.onside(&budget), x.offside(&budget)] {
            match side {
                Ok(s) => sides.push(s.neg()),
                Err(PartizanError::Argument { message }) if message.contains("did not settle") => {
                    refutable = false;
                }
                Err(e) => return Err(e.to_string()),
            }
        }
    }
    let tests: Vec<LoopyGame> = tests.into_iter().chain(sides).collect();
    let over_tests = |x: &LoopyGame| -> Vec<LoopyOutcome> {
        tests.iter().map(|t| plain_outcome(&[x, t])).collect()
    };
    let (og, oh) = (over_tests(&g), over_tests(&h));
    let ge = matches!(order, Some(Ordering::Greater | Ordering::Equal));
    let le = matches!(order, Some(Ordering::Less | Ordering::Equal));
    for (holds, (a, b), name) in [(ge, (&og, &oh), "G ≥ H"), (le, (&oh, &og), "H ≥ G")] {
        let defined = a.iter().zip(b).all(|(&p, &q)| at_least(p, q));
        if holds != defined && (holds || refutable) {
            return Err(format!(
                "G = {gt}, H = {ht}: compare {} {name} but the test sums {}",
                if holds { "says" } else { "denies" },
                if defined {
                    "do not refute it"
                } else {
                    "disagree"
                }
            ));
        }
    }
    if stoppers == [true, true] && order == Some(Ordering::Equal) {
        let (sg, sh) = (
            g.simplest(&budget).map_err(|e| e.to_string())?,
            h.simplest(&budget).map_err(|e| e.to_string())?,
        );
        if (sg.len(), sg.edge_count()) != (sh.len(), sh.edge_count()) {
            return Err(format!(
                "G = {gt} = H = {ht} but simplest forms {} and {} differ in size",
                sg.display(),
                sh.display()
            ));
        }
    }
    Ok(())
}

/// The sides of `x` (when sidling settles) against their definition: for every stopper `X` of
/// the test set and either player starting, Left survives `x + X` exactly when she survives
/// `x⁺ + X`, and Right survives `x + X` exactly when he survives `x⁻ + X`. A stopper is both
/// of its sides.
fn check_sides(x: &LoopyGame, text: &str, tests: &[LoopyGame]) -> Result<(), String> {
    let budget = Budget::unlimited();
    let (on, off) = match (x.onside(&budget), x.offside(&budget)) {
        (Ok(on), Ok(off)) => (on, off),
        // Sidling that does not settle is refused, never answered wrongly.
        (Err(PartizanError::Argument { message }), _)
        | (_, Err(PartizanError::Argument { message }))
            if message.contains("did not settle") =>
        {
            return Ok(());
        }
        (Err(e), _) | (_, Err(e)) => return Err(format!("{text}: {e}")),
    };
    for side in [&on, &off] {
        if !side.is_stopper() {
            return Err(format!("{text}: side {} is not a stopper", side.display()));
        }
    }
    if x.is_stopper() {
        let same = |s: &LoopyGame| s.compare(x, &budget).map(|o| o == Some(Ordering::Equal));
        if !same(&on).map_err(|e| e.to_string())? || !same(&off).map_err(|e| e.to_string())? {
            return Err(format!(
                "{text}: a stopper's sides {} & {} differ from it",
                on.display(),
                off.display()
            ));
        }
    }
    for t in tests.iter().filter(|t| t.is_stopper()) {
        let (ox, on_x, off_x) = (
            plain_outcome(&[x, t]),
            plain_outcome(&[&on, t]),
            plain_outcome(&[&off, t]),
        );
        for p in [Player::Left, Player::Right] {
            if ox.first(p).survives(Player::Left) != on_x.first(p).survives(Player::Left)
                || ox.first(p).survives(Player::Right) != off_x.first(p).survives(Player::Right)
            {
                return Err(format!(
                    "{text} = {} & {}: with X = {} and {p:?} first, {} but {} / {}",
                    on.display(),
                    off.display(),
                    t.display(),
                    ox.first(p),
                    on_x.first(p),
                    off_x.first(p)
                ));
            }
        }
    }
    Ok(())
}

/// The order of sides played out on `x` itself (`side_le`, which accepts the sides found by
/// closing loops) against the sides found: for every stopper `X` of the test set, `X ≤ x⁺`
/// exactly when `X ≤` the onside, and `x⁺ ≤ X` exactly when the onside `≤ X`; the offside
/// likewise.
fn check_side_order(x: &LoopyGame, text: &str, tests: &[LoopyGame]) -> Result<(), String> {
    let budget = Budget::unlimited();
    let (Ok(on), Ok(off)) = (x.onside(&budget), x.offside(&budget)) else {
        return Ok(());
    };
    for t in tests.iter().filter(|t| t.is_stopper()) {
        for (player, s) in [(Player::Left, &on), (Player::Right, &off)] {
            let order = t.compare(s, &budget).map_err(|e| e.to_string())?;
            let below = matches!(order, Some(Ordering::Less | Ordering::Equal));
            let above = matches!(order, Some(Ordering::Greater | Ordering::Equal));
            let found = (
                side_le(t, x, player, &budget).map_err(|e| e.to_string())?,
                side_le(x, t, player, &budget).map_err(|e| e.to_string())?,
            );
            if found != (below, above) {
                return Err(format!(
                    "{text}: its {player:?} side {} against X = {}: the order of sides says \
                     X ≤ side {}, side ≤ X {}; the stoppers' order {below}, {above}",
                    s.display(),
                    t.display(),
                    found.0,
                    found.1
                ));
            }
        }
    }
    Ok(())
}

fn loopy(config: &Config) -> Tally {
    let cases = config.scale.pick(60u64, 400, 20_000);
    check_cases(config, cases, check)
}

/// The rows a player can move a row to, by the rules read off the characters: a toad (`T`)
/// steps right or left into an empty square or jumps right over a frog into one; a frog (`F`)
/// the mirror image.
fn row_moves(row: &str, player: Player) -> Vec<String> {
    let cs: Vec<char> = row.chars().collect();
    let (me, them, forward): (char, char, isize) = match player {
        Player::Left => ('T', 'F', 1),
        Player::Right => ('F', 'T', -1),
    };
    let at = |i: isize| (0..cs.len() as isize).contains(&i).then(|| cs[i as usize]);
    let mut out = Vec::new();
    for i in 0..cs.len() as isize {
        if cs[i as usize] != me {
            continue;
        }
        let mut targets = vec![i + forward, i - forward];
        if at(i + forward) == Some(them) {
            targets.push(i + 2 * forward);
        }
        for t in targets {
            if at(t) == Some('.') {
                let mut next = cs.clone();
                next.swap(i as usize, t as usize);
                out.push(next.into_iter().collect());
            }
        }
    }
    out
}

/// The outcome of the sum of two rows by plain iteration to a fixed point over the pairs of
/// rows reached (no graph, no sum construction, its own move rules).
fn plain_rows(a: &str, b: &str) -> LoopyOutcome {
    use std::collections::HashMap;
    let mut index: HashMap<(String, String), usize> = HashMap::new();
    let mut pairs = vec![(a.to_owned(), b.to_owned())];
    index.insert(pairs[0].clone(), 0);
    let mut moves: Vec<[Vec<usize>; 2]> = Vec::new();
    let mut i = 0;
    while i < pairs.len() {
        let (x, y) = pairs[i].clone();
        i += 1;
        let mut both = [Vec::new(), Vec::new()];
        for (m, player) in [(0, Player::Left), (1, Player::Right)] {
            let next = row_moves(&x, player)
                .into_iter()
                .map(|x2| (x2, y.clone()))
                .chain(row_moves(&y, player).into_iter().map(|y2| (x.clone(), y2)));
            for p in next {
                let n = pairs.len();
                let id = *index.entry(p.clone()).or_insert_with(|| {
                    pairs.push(p);
                    n
                });
                both[m].push(id);
            }
        }
        moves.push(both);
    }
    let total = pairs.len();
    let mut won = [vec![false; total], vec![false; total]];
    let mut lost = [vec![false; total], vec![false; total]];
    loop {
        let mut changed = false;
        for m in 0..2 {
            for v in 0..total {
                let next = &moves[v][m];
                let w = next.iter().any(|&u| lost[1 - m][u]);
                let l = next.iter().all(|&u| won[1 - m][u]);
                if (w && !won[m][v]) || (l && !lost[m][v]) {
                    won[m][v] |= w;
                    lost[m][v] |= l;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    // Node 0 with Left (m = 0) or Right (m = 1) to move: won for the mover, or lost.
    let ending = |m: usize| match (won[m][0], lost[m][0], m) {
        (true, _, 0) | (_, true, 1) => Ending::Left,
        (true, _, _) | (_, true, _) => Ending::Right,
        _ => Ending::Draw,
    };
    LoopyOutcome {
        left_first: ending(0),
        right_first: ending(1),
    }
}

fn random_row(rng: &mut Rng) -> String {
    let len = 1 + rng.below(6) as usize;
    (0..len)
        .map(|_| ['.', 'T', 'F'][rng.below(3) as usize])
        .collect()
}

/// The row whose value CGSuite's tests publish: Backsliding Toads and Frogs `TTT..FFF` is
/// `{on||0|-1/2} & {1/2|0||off}`; its sides are also checked against their definition.
fn check_published_row() -> Result<(), String> {
    let budget = Budget::unlimited();
    let row = "TTT..FFF".parse::<Row>().map_err(|e| e.to_string())?;
    let g = LoopyGame::explore(&Backsliding, &row, |p| p.to_string(), &budget)
        .map_err(|e| e.to_string())?;
    for (side, published) in [
        (g.onside(&budget), "{on||0|-1/2}"),
        (g.offside(&budget), "{1/2|0||off}"),
    ] {
        let side = side.map_err(|e| format!("TTT..FFF: {e}"))?;
        if side
            .compare(&parse(published)?, &budget)
            .map_err(|e| e.to_string())?
            != Some(Ordering::Equal)
        {
            return Err(format!(
                "TTT..FFF: side {} but CGSuite publishes {published}",
                side.display()
            ));
        }
    }
    let tests: Vec<LoopyGame> = TESTS.iter().map(|t| parse(t)).collect::<Result<_, _>>()?;
    check_sides(&g, "TTT..FFF", &tests)
}

fn check_rows(case: u64) -> Result<(), String> {
    if case == 0 {
        return check_published_row();
    }
    let mut rng = Rng::for_case("partizan/backsliding-toads", case);
    let (at, bt) = (random_row(&mut rng), random_row(&mut rng));
    let parse_row = |t: &str| t.parse::<Row>().map_err(|e| e.to_string());
    let (a, b) = (parse_row(&at)?, parse_row(&bt)?);
    let budget = Budget::unlimited();
    let explore = |r: &Row| {
        LoopyGame::explore(&Backsliding, r, |p| p.to_string(), &budget).map_err(|e| e.to_string())
    };
    let (ga, gb) = (explore(&a)?, explore(&b)?);
    let sum = LoopyGame::sum(&[ga.clone(), gb], &budget).map_err(|e| e.to_string())?;
    let (found, plain) = (sum.outcome(), plain_rows(&at, &bt));
    if found != plain {
        return Err(format!(
            "{at} + {bt}: outcome {found}, plain iteration {plain}"
        ));
    }
    // Sides of the rows of up to 12 positions (and of TTT..FFF, case 0).
    if ga.len() > 12 {
        return Ok(());
    }
    let tests: Vec<LoopyGame> = TESTS.iter().map(|t| parse(t)).collect::<Result<_, _>>()?;
    check_sides(&ga, &at, &tests)
}

fn backsliding(config: &Config) -> Tally {
    let cases = config.scale.pick(40u64, 1000, 10_000);
    check_cases(config, cases, check_rows)
}
