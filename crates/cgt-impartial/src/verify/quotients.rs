//! Sweeps for misère quotients: outcomes and winning moves through the quotient against plain
//! misère search, the quotient's algebra (a reduced commutative monoid of even order with a
//! presentation that names every element), the census, and the two ways of building a
//! quotient (extension of the smaller one, L*) against each other.

use std::collections::HashMap;

use cgt_core::budget::{Budget, Exceeded};
use cgt_core::verify::{Config, Expect, Sweep, Tally, check_cases};

use crate::ImpartialError;
use crate::heapgame::HeapGame;
use crate::quotient::{MisereQuotient, Monomial, sums};

pub(super) fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "impartial/misere-quotient",
            claim: "for every 3-digit octal code 0.d1d2d3 and every 4.d1d2 code, the misère quotient \
                of heaps up to K gives the outcome and every winning move that plain misère search \
                gives on every sum of heaps up to K with at most T tokens; its product table is a \
                commutative monoid, reduced (any two elements told apart by a third), of even \
                order unless no heap has a move, and its relations and normal forms evaluate to \
                the elements they name (codes whose quotient needs more than P searched \
                positions are checked to stop with the budget's error: their quotients grow); \
                where a periodic pretending function proves the quotient of every heap size, the \
                quotient of heaps up to K + 12 has the same order and period",
            expect: Expect::Holds,
            run: misere_quotient,
        },
        Sweep {
            name: "impartial/misere-census",
            claim: "the census of misère quotients names a code by an earlier one only when the two \
                have the same quotient of heaps up to K (orders, presentation, P-portion and \
                pretending function, each computed directly), and every computed entry is the \
                quotient computed directly, for every code 0.d1d2d3 and 4.d1d2 of the census",
            expect: Expect::Holds,
            run: misere_census,
        },
        Sweep {
            name: "impartial/misere-extension",
            claim: "building each heap bound's misère quotient by extending the smaller one (the \
                candidate from one representative word per element, refined from the least sum \
                it gets wrong where the three checks refute it, L* where that gives up) gives the same quotient as learning every bound by L* \
                alone (orders, presentation, P-portion, pretending function and product table), \
                for every code 0.d1d2d3 and 4.d1d2 where both finish within P searched positions",
            expect: Expect::Holds,
            run: misere_extension,
        },
    ]
}

/// The quotient as the sweeps compare it: orders, presentation, P-portion, pretending
/// function (as normal forms) and product table.
type Look = (Vec<usize>, String, Vec<String>, Vec<String>, Vec<u32>);

fn look(q: &MisereQuotient) -> Look {
    let names = |es: Vec<u32>| -> Vec<String> {
        es.into_iter()
            .map(|e| q.normal_form(e).to_string())
            .collect()
    };
    let phi: Vec<u32> = (0..=q.upto())
        .map(|h| q.pretending(h).unwrap_or(0))
        .collect();
    let n = q.order() as u32;
    let products = (0..n)
        .flat_map(|x| (0..n).map(move |y| (x, y)))
        .map(|(x, y)| q.multiply(x, y))
        .collect();
    (
        q.orders().to_vec(),
        q.presentation().text(),
        names(q.p_portion()),
        names(phi),
        products,
    )
}

fn misere_extension(config: &Config) -> Tally {
    let (k, stride, positions) = config.scale.pick(
        (10u64, 7u64, 50_000u64),
        (12, 5, 100_000),
        (18, 1, 1_000_000),
    );
    let cases: Vec<u64> = (0..576).step_by(stride as usize).collect();
    check_cases(config, cases.len() as u64, |i| {
        let game = super::sequences::code_for_case(cases[i as usize]);
        let budget = Budget::unlimited().with_positions(positions);
        let finished = |r: Result<MisereQuotient, ImpartialError>| match r {
            Ok(q) => Ok(Some(q)),
            Err(ImpartialError::Stopped(Exceeded::Positions { .. })) => Ok(None),
            Err(e) => Err(format!("{game}: {e}")),
        };
        let built = finished(MisereQuotient::compute(&game, k, &budget))?;
        let learned = finished(MisereQuotient::compute_learned(&game, k, &budget))?;
        match (built, learned) {
            (Some(b), Some(l)) if look(&b) != look(&l) => Err(format!(
                "{game} heaps up to {k}: extended {} but learned {}",
                b.presentation().text(),
                l.presentation().text()
            )),
            // L* alone finishing where the extension's way does not would be a regression.
            (None, Some(_)) => Err(format!(
                "{game} heaps up to {k}: L* alone finishes, the extension's way does not"
            )),
            _ => Ok(()),
        }
    })
}

fn misere_census(config: &Config) -> Tally {
    use crate::quotient::{CensusShard, census, census_codes};
    let (k, stride, positions) =
        config
            .scale
            .pick((6u64, 9usize, 20_000u64), (8, 1, 50_000), (10, 1, 200_000));
    let codes = census_codes();
    let n = codes.len() as u64;
    let direct = |code: &str| -> Result<MisereQuotient, String> {
        let game = HeapGame::Octal(code.parse().map_err(|e| format!("{code}: {e}"))?);
        MisereQuotient::compute_reaching(&game, k, &Budget::unlimited().with_positions(positions))
            .map(|(q, _)| q)
            .map_err(|e| format!("{code}: {e}"))
    };
    check_cases(config, n.div_ceil(stride as u64), |i| {
        // The census's shard of one code: the same entry the whole census holds for it.
        let shard = CensusShard {
            index: i * stride as u64 + 1,
            count: n,
        };
        let entries = census(&codes, k, positions, shard, &Budget::unlimited())
            .map_err(|e| format!("the census stopped: {e}"))?;
        let [e] = entries.as_slice() else {
            return Err(format!("shard {shard:?} holds {} entries", entries.len()));
        };
        let q = direct(&e.code)?;
        match (&e.same_as, &e.quotient) {
            (Some(first), None) => {
                let p = direct(first)?;
                // A budget may stop the two at different bounds; compare where both reached k.
                if p.upto() == k && q.upto() == k && look(&p) != look(&q) {
                    return Err(format!(
                        "{} is named as {first} but their quotients differ",
                        e.code
                    ));
                }
            }
            (None, Some(c)) => {
                if (c.reached, c.order, &c.orders, &c.presentation)
                    != (
                        q.upto(),
                        q.order(),
                        &q.orders().to_vec(),
                        &q.presentation().text(),
                    )
                {
                    return Err(format!(
                        "{}: the census's entry is not the quotient",
                        e.code
                    ));
                }
            }
            other => return Err(format!("{}: a malformed entry {other:?}", e.code)),
        }
        Ok(())
    })
}

/// `heaps` with heap `i` replaced by `leaves` (unsorted).
fn after_move(heaps: &[u64], i: usize, leaves: &[u64]) -> Vec<u64> {
    heaps[..i]
        .iter()
        .chain(&heaps[i + 1..])
        .chain(leaves)
        .copied()
        .collect()
}

/// Plain misère search: whether the heaps (any order, zeros allowed) are a P-position.
fn brute_p(game: &HeapGame, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    let mut any_move = false;
    let mut to_p = false;
    'all: for i in 0..key.len() {
        for (_, leaves) in game.heap_options(key[i]) {
            any_move = true;
            if brute_p(game, &after_move(&key, i, &leaves), memo) {
                to_p = true;
                break 'all;
            }
        }
    }
    // With no move the player to move has not moved last and wins: N.
    let p = any_move && !to_p;
    memo.insert(key, p);
    p
}

fn evaluate(q: &MisereQuotient, m: &Monomial) -> u32 {
    let gens = &q.presentation().generators;
    m.exponents.iter().enumerate().fold(0, |e, (i, &power)| {
        (0..power).fold(e, |e, _| q.multiply(e, gens[i]))
    })
}

fn algebra(q: &MisereQuotient) -> Result<(), String> {
    let n = q.order() as u32;
    let live = (1..=q.upto()).any(|h| !q.game().heap_options(h).is_empty());
    if live != n.is_multiple_of(2) || (!live && n != 1) {
        return Err(format!("order {n} with a live heap: {live}"));
    }
    for x in 0..n {
        if q.multiply(0, x) != x || q.multiply(x, 0) != x {
            return Err(format!("element 0 is not the identity for {x}"));
        }
        for y in 0..n {
            let xy = q.multiply(x, y);
            if xy != q.multiply(y, x) {
                return Err(format!("{x}·{y} ≠ {y}·{x}"));
            }
            if let Some(z) = (0..n).find(|&z| q.multiply(xy, z) != q.multiply(x, q.multiply(y, z)))
            {
                return Err(format!("({x}·{y})·{z} ≠ {x}·({y}·{z})"));
            }
            if x < y && (0..n).all(|z| q.is_p(q.multiply(x, z)) == q.is_p(q.multiply(y, z))) {
                return Err(format!("elements {x} and {y} are not told apart"));
            }
        }
        if evaluate(q, q.normal_form(x)) != x {
            return Err(format!(
                "the normal form {} does not give {x}",
                q.normal_form(x)
            ));
        }
    }
    for r in &q.presentation().relations {
        if evaluate(q, &r.left) != evaluate(q, &r.right) {
            return Err(format!("relation {r} fails"));
        }
    }
    Ok(())
}

fn misere_quotient(config: &Config) -> Tally {
    let (k, tokens, stride, positions) = config.scale.pick(
        (6u64, 9u64, 23u64, 20_000u64),
        (8, 13, 1, 100_000),
        (10, 16, 1, 200_000),
    );
    let cases: Vec<u64> = (0..576).step_by(stride as usize).collect();
    check_cases(config, cases.len() as u64, |i| {
        let game = super::sequences::code_for_case(cases[i as usize]);
        let q =
            match MisereQuotient::compute(&game, k, &Budget::unlimited().with_positions(positions))
            {
                Ok(q) => q,
                // Some quotients grow past any bound (0.354 with heaps up to 5, for one): the
                // budget must stop them with its own error.
                Err(ImpartialError::Stopped(Exceeded::Positions { .. })) => return Ok(()),
                Err(e) => return Err(format!("{game}: {e}")),
            };
        algebra(&q).map_err(|e| format!("{game} heaps up to {k}: {e}"))?;
        if let Some(stable) = q.stable() {
            // The claim about every heap size, tested further out: the quotient of heaps
            // up to k + 12 has the same order and its pretending function the same period.
            let far = k + 12;
            let big =
                MisereQuotient::compute(&game, far, &Budget::unlimited().with_positions(positions))
                    .map_err(|e| format!("{game} heaps up to {far}: {e}"))?;
            if big.order() != q.order() {
                return Err(format!(
                    "{game}: {stable:?} at {k}, but order {} at {far}",
                    big.order()
                ));
            }
            for h in stable.preperiod..=far - stable.period {
                if big.pretending(h + stable.period) != big.pretending(h) {
                    return Err(format!(
                        "{game}: {stable:?} at {k}, but heap {} breaks it",
                        h + stable.period
                    ));
                }
            }
        }
        let mut memo = HashMap::new();
        for sum in sums(k, tokens) {
            let p = brute_p(&game, &sum, &mut memo);
            let quotient_p = q.outcome(&sum).map_err(|e| e.to_string())? == cgt_core::Outcome::P;
            if p != quotient_p {
                return Err(format!(
                    "{game} {sum:?}: search P = {p}, quotient P = {quotient_p}"
                ));
            }
            let moves = q.winning_moves(&sum).map_err(|e| e.to_string())?;
            let mut want = Vec::new();
            for (i, &h) in sum.iter().enumerate() {
                for (_, leaves) in game.heap_options(h) {
                    if brute_p(&game, &after_move(&sum, i, &leaves), &mut memo) {
                        want.push((i, leaves));
                    }
                }
            }
            let got: Vec<(usize, Vec<u64>)> =
                moves.into_iter().map(|m| (m.heap, m.leaves)).collect();
            if got != want {
                return Err(format!(
                    "{game} {sum:?}: quotient moves {got:?}, search {want:?}"
                ));
            }
        }
        Ok(())
    })
}
