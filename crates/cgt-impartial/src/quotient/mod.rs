//! Misère quotients of heap games (Plambeck–Siegel): the natural generalisation of
//! Sprague–Grundy values to misère play.
//!
//! Under misère play (the player who moves last loses) sums of games do not reduce to nim-heaps.
//! Restricted to the sums of one game's heaps up to a bound, though, two sums can be identified
//! when no third sum added to both tells them apart; the classes form a finite commutative monoid,
//! the *misère quotient*, with a subset (the P-portion) holding the classes of P-positions.
//! [`MisereQuotient`] computes it, with its presentation (generators, relations and a normal
//! form per element), the pretending function (the element of each heap) and an outcome oracle
//! that answers any sum of heaps in one table step per heap.
//!
//! How it is computed: Angluin's L* learns the smallest automaton that reads a sum heap by heap
//! and accepts the P-positions, asking a memoised misère search; a hypothesis is accepted only
//! when three finite checks prove it right for every sum of heaps (see `learn.rs`). Heaps are
//! added one at a time, and each quotient answers the searches of the next.

mod cayley;
mod census;
mod check;
mod extend;
mod learn;
mod misere;
mod oracle;
mod presentation;
mod refine;
mod words;

pub use census::{CensusEntry, CensusQuotient, CensusShard, census, census_codes};
pub use misere::{MAX_HEAP, MAX_ORDER, MisereQuotient, Stable};
pub use presentation::{Monomial, Presentation, Relation, generator_name};

/// Every sorted sum of heaps `1 … k` with at most `tokens` tokens: the domain the tests and
/// the sweep check quotients on.
#[cfg(any(test, feature = "verify"))]
pub(crate) fn sums(k: u64, tokens: u64) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    let mut i = 0;
    while i < out.len() {
        let s = out[i].clone();
        let total: u64 = s.iter().sum();
        for h in s.last().copied().unwrap_or(1)..=k {
            if total + h <= tokens {
                let mut t = s.clone();
                t.push(h);
                out.push(t);
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use cgt_core::Outcome;
    use cgt_core::budget::Budget;

    use super::learn::{Limits, learn};
    use super::oracle::Oracle;
    use super::{MAX_HEAP, MisereQuotient, sums};
    use crate::ImpartialError;
    use crate::heapgame::HeapGame;

    const LIMITS: Limits = Limits {
        elements: 10_000,
        check_states: 1_000_000,
    };

    fn orders(code: &str, upto: u64) -> Vec<usize> {
        let game = HeapGame::from_name_or_code(code).unwrap();
        let mut oracle = Oracle::new(&game, upto, Budget::unlimited());
        let mut tests = Vec::new();
        let mut out = Vec::new();
        for k in 1..=upto {
            let learned = learn(&mut oracle, k, &tests, LIMITS).unwrap();
            // Every sum of heaps up to k with at most 12 tokens: the quotient's outcome is the
            // search's.
            let mut check = Oracle::new(&game, k, Budget::unlimited());
            for sum in sums(k, 12) {
                let live: Vec<u64> = sum.iter().copied().filter(|&h| check.is_live(h)).collect();
                let q = learned.cayley.image(&live).unwrap();
                assert_eq!(
                    learned.cayley.is_p(q),
                    check.is_p(&live).unwrap(),
                    "{code} {sum:?}"
                );
            }
            out.push(learned.cayley.len());
            tests = learned.tests;
            oracle.set_below(learned.cayley);
        }
        out
    }

    #[test]
    fn misere_nim_quotients_are_the_tame_ones() {
        // Heaps of 1: {1, a}; heaps up to 2 or 3: T2 = <a, b | a² = 1, b³ = b> of order 6;
        // up to 7: 2 + 8 (the kernel is the nim-sums 0 … 7).
        assert_eq!(orders("0.3333333", 7), [2, 6, 6, 10, 10, 10, 10]);
    }

    #[test]
    fn octal_0_75_reaches_the_order_8_quotient() {
        // Plambeck and Siegel, "Misère quotients for impartial games" (2008): the quotient of
        // 0.75 is R8, of order 8.
        assert_eq!(orders("0.75", 8), [2, 6, 6, 6, 8, 8, 8, 8]);
    }

    #[test]
    fn every_quotient_of_a_nontrivial_closure_has_even_order() {
        for code in ["0.75", "0.77", "0.07", "0.137", "0.6", "4.7"] {
            for (k, order) in orders(code, 8).into_iter().enumerate() {
                assert!(
                    order == 1 || order % 2 == 0,
                    "{code} heaps up to {}: {order}",
                    k + 1
                );
            }
        }
    }

    #[test]
    fn octal_0_75_is_presented_as_r8() {
        // Plambeck and Siegel (2008), and Siegel's "Misère games and misère quotients": the
        // quotient of 0.75 is R8 = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩ with
        // P-portion {a, b²}; heaps 1, 2 and 5 are a, b and c.
        let game = HeapGame::from_name_or_code("0.75").unwrap();
        let q = MisereQuotient::compute(&game, 12, &Budget::unlimited()).unwrap();
        assert_eq!(q.order(), 8);
        assert_eq!(q.same_from(), 5);
        assert_eq!(q.orders(), [1, 2, 6, 6, 6, 8, 8, 8, 8, 8, 8, 8, 8]);
        assert_eq!(
            q.presentation().text(),
            "⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩"
        );
        let names = |es: Vec<u32>| -> Vec<String> {
            es.into_iter()
                .map(|e| q.normal_form(e).to_string())
                .collect()
        };
        assert_eq!(names(q.p_portion()), ["a", "b²"]);
        let phi: Vec<u32> = (0..=12).map(|h| q.pretending(h).unwrap()).collect();
        assert_eq!(names(phi).join(" "), "1 a b a b c b c b ab² b ab² b");
        // Heaps 1 + 1 + 1 and 2 + 2 are misère P (a³ = a, b² in P); 1 + 2 is not.
        assert_eq!(q.outcome(&[1, 1, 1]).unwrap(), Outcome::P);
        assert_eq!(q.outcome(&[2, 2]).unwrap(), Outcome::P);
        assert_eq!(q.outcome(&[1, 2]).unwrap(), Outcome::N);
    }

    #[test]
    fn misere_nim_up_to_three_is_tame() {
        let nim = HeapGame::from_name_or_code("0.333").unwrap();
        let q = MisereQuotient::compute(&nim, 3, &Budget::unlimited()).unwrap();
        // The winning moves of misère Nim (Bouton's rule with the single-token exception).
        let mut some = 0;
        for heaps in [
            [1, 2, 3],
            [1, 1, 2],
            [1, 3, 3],
            [2, 3, 3],
            [1, 1, 1],
            [1, 2, 2],
        ] {
            let got: Vec<(usize, u64)> = q
                .winning_moves(&heaps)
                .unwrap()
                .iter()
                .map(|m| (m.heap, m.from - m.removed))
                .collect();
            let want: Vec<(usize, u64)> = crate::nim::misere_winning_moves(&heaps)
                .iter()
                .map(|m| (m.heap, m.to))
                .collect();
            assert_eq!(got, want, "{heaps:?}");
            some += want.len();
        }
        assert!(some > 0);
    }

    #[test]
    fn bad_requests_get_typed_errors() {
        let game = HeapGame::from_name_or_code("0.75").unwrap();
        let q = MisereQuotient::compute(&game, 6, &Budget::unlimited()).unwrap();
        assert!(matches!(
            q.outcome(&[3, 7]),
            Err(ImpartialError::OutOfRange { .. })
        ));
        assert!(matches!(
            MisereQuotient::compute(&game, MAX_HEAP + 1, &Budget::unlimited()),
            Err(ImpartialError::OutOfRange { .. })
        ));
        assert!(matches!(
            MisereQuotient::compute(&game, 1000, &Budget::unlimited().with_memory(1 << 20)),
            Err(ImpartialError::TooLarge { .. })
        ));
        // 0.354 with heaps up to 5 grows past any bound: the budget stops it.
        let wild = HeapGame::from_name_or_code("0.354").unwrap();
        assert!(matches!(
            MisereQuotient::compute(&wild, 5, &Budget::unlimited().with_positions(20_000)),
            Err(ImpartialError::Stopped(_))
        ));
    }

    #[test]
    fn periodic_pretending_functions_prove_the_whole_quotient() {
        // 0.75: Φ = 1 a b a b c b c b ab² b ab² … repeats b, ab² from heap 8 (t = 2), which
        // heaps up to 2·8 + 2·2 + 2 − 1 = 21 prove.
        let game = HeapGame::from_name_or_code("0.75").unwrap();
        let q = MisereQuotient::compute(&game, 24, &Budget::unlimited()).unwrap();
        let s = q.stable().unwrap();
        assert_eq!((s.preperiod, s.period, s.needed), (8, 2, 21));
        assert!(
            MisereQuotient::compute(&game, 20, &Budget::unlimited())
                .unwrap()
                .stable()
                .is_none()
        );
        // The claim about larger heaps, checked: the quotient of heaps up to 40 is the same
        // and its pretending function keeps the period.
        let big = MisereQuotient::compute(&game, 40, &Budget::unlimited()).unwrap();
        assert_eq!(big.order(), q.order());
        for h in 8..=38 {
            assert_eq!(
                big.pretending(h + 2).unwrap(),
                big.pretending(h).unwrap(),
                "{h}"
            );
        }
        // Misère Nim with removals up to 7: heap 8 acts as the empty sum, Φ has period 8
        // from heap 0, proven by heaps up to 2·0 + 2·8 + 7 − 1 = 22.
        let nim = HeapGame::from_name_or_code("0.3333333").unwrap();
        let q = MisereQuotient::compute(&nim, 22, &Budget::unlimited()).unwrap();
        let s = q.stable().unwrap();
        assert_eq!((s.preperiod, s.period, s.needed), (0, 8, 22));
        // Grundy's game has no such theorem here.
        let grundy = HeapGame::from_name_or_code("grundy").unwrap();
        let q = MisereQuotient::compute(&grundy, 12, &Budget::unlimited()).unwrap();
        assert!(q.stable().is_none());
    }

    #[test]
    fn dawsons_kayles_past_heap_24_by_refinement() {
        // Heap 25 splits elements of the quotient of heaps up to 24 (order 24); the refined
        // candidates give 144 elements, then 176 from heap 27 (Siegel's MisereSolver reports
        // 360 at heap 30, measured in the guide). No sum is searched, and the outcome of every
        // sum of at most three heaps with one of 25 … 27 is plain misère search's.
        let game = HeapGame::from_name_or_code("0.07").unwrap();
        let q = MisereQuotient::compute(&game, 27, &Budget::unlimited()).unwrap();
        assert_eq!(q.orders()[24..], [24, 144, 144, 176]);
        assert_eq!((q.extended(), q.searched()), (27, 0));
        let mut search = Oracle::new(&game, 27, Budget::unlimited());
        let mut compared = 0;
        for big in 25..=27u64 {
            for a in 0..=27u64 {
                for b in a..=27u64 {
                    let mut sum: Vec<u64> = [a, b, big]
                        .into_iter()
                        .filter(|&h| search.is_live(h))
                        .collect();
                    sum.sort_unstable();
                    let by_quotient = q.outcome(&sum).unwrap() == Outcome::P;
                    assert_eq!(by_quotient, search.is_p(&sum).unwrap(), "{sum:?}");
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 3 * 28 * 29 / 2);
    }

    #[test]
    fn extension_builds_what_l_star_learns() {
        // Dawson's Kayles: every bound up to 16 built without search (heap 10 splits an
        // element, and the refuted candidate is refined); 4.7 splits elements at every heap
        // from 8 on, each mended by refinement. Either way the quotient is L*'s.
        for (code, upto, all_extended) in
            [("0.07", 16, true), ("0.75", 12, true), ("4.7", 11, true)]
        {
            let game = HeapGame::from_name_or_code(code).unwrap();
            let built = MisereQuotient::compute(&game, upto, &Budget::unlimited()).unwrap();
            let learned =
                MisereQuotient::compute_learned(&game, upto, &Budget::unlimited()).unwrap();
            assert_eq!(built.extended() == upto, all_extended, "{code}");
            assert_eq!(learned.extended(), 0);
            assert_eq!(built.orders(), learned.orders(), "{code}");
            assert_eq!(
                built.presentation().text(),
                learned.presentation().text(),
                "{code}"
            );
            assert_eq!(built.p_portion(), learned.p_portion(), "{code}");
            for h in 0..=upto {
                assert_eq!(built.pretending(h).unwrap(), learned.pretending(h).unwrap());
            }
            if all_extended {
                assert_eq!(built.searched(), 0, "{code}");
            }
        }
    }
}
