//! Misère quotients of heap games (Plambeck–Siegel), under construction: the search oracle,
//! the automaton form and the L* learner with its exact checks are here; the public
//! `MisereQuotient` type (presentation, pretending function, outcome oracle) and the
//! `cgt octal CODE --misere-quotient` front end are not yet.

mod cayley;
mod learn;
mod oracle;

#[cfg(test)]
mod tests {
    use cgt_core::budget::Budget;

    use super::learn::{Limits, learn};
    use super::oracle::Oracle;
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

    /// Sorted sums of heaps 1 … k with at most `tokens` tokens.
    fn sums(k: u64, tokens: u64) -> Vec<Vec<u64>> {
        let mut out = vec![Vec::new()];
        let mut i = 0;
        while i < out.len() {
            let s: Vec<u64> = out[i].clone();
            let total: u64 = s.iter().sum();
            let from = s.last().copied().unwrap_or(1);
            for h in from..=k {
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

    #[test]
    fn misere_nim_quotients_are_the_tame_ones() {
        // Heaps of 1: {1, a}; heaps up to 2 or 3: T2 = <a, b | a² = 1, b³ = b> of order 6;
        // up to 7: 2 + 8 (the kernel is the nim-sums 0 … 7).
        assert_eq!(orders("0.3333333", 7), [2, 6, 6, 10, 10, 10, 10]);
    }

    #[test]
    fn octal_0_75_reaches_the_order_8_quotient() {
        // Plambeck and Siegel, "Misère quotients for impartial games" (2008): the quotient of
        // 0.75 is R8, of order 8, the only misère quotient of that order (Siegel, "The
        // structure and classification of misère quotients").
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
}
