//! This crate's verification sweeps: the claims of Shen's chapter 11 on explicit trees.

pub use crate::fuzz::fuzz_targets;
use cgt_core::verify::{Expect, Sweep};

mod andor;
mod chance;
mod connect4;
mod games;
mod hidden;
mod matrix;
mod trees;

/// The sweeps of `cgt-minimax`, in the order they are listed.
#[must_use]
pub fn sweeps() -> Vec<Sweep> {
    vec![
        Sweep {
            name: "minimax/evaluators-agree",
            claim: "recursive and stack-based full traversal and alpha-beta with a full window \
                    all give the minimax value, on random trees of varied shape",
            expect: Expect::Holds,
            run: trees::evaluators_agree,
        },
        Sweep {
            name: "minimax/reduced-cost-contract",
            claim: "for every window a ≤ b: fail-hard alpha-beta returns clamp(value, a, b) and \
                    fail-soft returns v with clamp(v, a, b) = clamp(value, a, b)",
            expect: Expect::Holds,
            run: trees::contract,
        },
        Sweep {
            name: "minimax/value-is-a-payoff",
            claim: "11.2.5: the value of a finite game equals the payoff of some final vertex",
            expect: Expect::Holds,
            run: trees::value_is_payoff,
        },
        Sweep {
            name: "minimax/zermelo-thresholds",
            claim: "11.2.6: for every threshold c exactly one player forces their outcome of the \
                    two-outcome game 'payoff ≥ c wins' (solved as an AND-OR tree), Max forces it \
                    exactly when c ≤ value, and the largest c Max forces is the minimax value",
            expect: Expect::Holds,
            run: trees::zermelo_thresholds,
        },
        Sweep {
            name: "minimax/expectiminimax-star1",
            claim: "alpha-beta with Star1 cuts at chance vertices returns clamp(value, a, b) for \
                    every window (the expectiminimax value itself for the full window) and reads \
                    no more leaves than the tree has, on random trees with chance vertices",
            expect: Expect::Holds,
            run: chance::star1_contract,
        },
        Sweep {
            name: "minimax/pig-exact",
            claim: "Pig solved exactly satisfies its optimality equations exactly at every state \
                    (roll, hold, a turn starts with a roll) and agrees with value iteration to \
                    1e-10, for every target up to 12 (40 at full scale)",
            expect: Expect::Holds,
            run: chance::pig_exact,
        },
        Sweep {
            name: "minimax/matrix-value",
            claim: "the exact simplex solves random matrix games (up to 5 × 5, and 9 × 9 by the \
                    floating-point-guided simplex; entries −5..5): \
                    each strategy guarantees the value against every pure reply of the other \
                    (so both are optimal), two-row games agree with the breakpoints of the row \
                    player's guarantee, and maximin ≤ value ≤ minimax with equality exactly \
                    when there is a saddle point",
            expect: Expect::Holds,
            run: matrix::matrix_value,
        },
        Sweep {
            name: "minimax/sequence-form",
            claim: "the sequence-form program solves random games with hidden information and \
                    perfect recall (chance, information sets, depth 3 or 4): its equilibrium gives \
                    neither player anything by a best response (exactly), its value is the \
                    value of the game's normal form (every pure strategy enumerated, solved as \
                    a matrix game), and the computed best reply equals the best pure reply found \
                    by enumeration",
            expect: Expect::Holds,
            run: hidden::sequence_form,
        },
        Sweep {
            name: "minimax/hidden-information-by-minimax",
            claim: "the lessons: with hidden information, play by minimax (and alpha-beta) — \
                    its value over the tree is the game's value; false: on random games with \
                    information sets, minimax with every move seen differs from the value in \
                    mixed strategies (matching pennies as a tree: -1 against 0)",
            expect: Expect::Refuted,
            run: hidden::minimax_with_hidden_moves,
        },
        Sweep {
            name: "minimax/kuhn-family",
            claim: "Kuhn poker's value is -1/18, and the first player's equilibria form the \
                    family of α in [0, 1/3] (bet the jack with α, the king with 3α, call with the \
                    queen with α + 1/3): each member on a grid of α has value -1/18 and \
                    exploitability exactly 0",
            expect: Expect::Holds,
            run: hidden::kuhn_family,
        },
        Sweep {
            name: "minimax/leduc-exact",
            claim: "Leduc hold'em solved exactly (the sequence form, guided by floating point and \
                    certified in rationals): neither player gains by a best response, and the \
                    value lies within the bracket of 1,000 iterations of CFR+",
            expect: Expect::Holds,
            run: hidden::leduc_exact,
        },
        Sweep {
            name: "minimax/cfr-brackets",
            claim: "after 1,000 iterations of CFR+ on a random game with hidden information, the \
                    best replies to its average strategy bracket the exact value, and its \
                    exploitability is below 1% of the payoffs' range",
            expect: Expect::Holds,
            run: hidden::cfr_brackets,
        },
        Sweep {
            name: "minimax/chance-position-is-a-nimber",
            claim: "Sprague–Grundy with chance: every impartial position whose moves may end in \
                    a coin toss equals some nimber *g (its sum with each heap *h is won with \
                    probability 1 for h ≠ g and 0 for h = g) — false: a position won with \
                    probability 1/2 equals no nimber",
            expect: Expect::Refuted,
            run: chance::chance_nimber,
        },
        Sweep {
            name: "minimax/one-leaf-change",
            claim: "11.2.7: changing one final payoff to c gives clamp(c, a, b), with a and b the \
                    values for c = −∞ and c = +∞",
            expect: Expect::Holds,
            run: trees::one_leaf,
        },
        Sweep {
            name: "minimax/knuth-moore",
            claim: "with best-first ordering and distinct payoffs, alpha-beta reads exactly \
                    b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves of a uniform b-ary tree of depth d",
            expect: Expect::Holds,
            run: trees::knuth_moore,
        },
        Sweep {
            name: "minimax/andor-two-to-the-n",
            claim: "11.4.1/11.4.2: for every leaf assignment (all for n ≤ 2, sampled for n = 3) \
                    alpha-beta reads at least 2^n leaves in any order, and no set of fewer \
                    leaves determines the root (subsets checked exhaustively for n = 1, 2)",
            expect: Expect::Holds,
            run: andor::two_to_the_n,
        },
        Sweep {
            name: "minimax/andor-adversary",
            claim: "11.4.3: against the adversary the root stays undetermined until the last of \
                    the 4^n leaves, whatever order the leaves are queried in (n ≤ 4)",
            expect: Expect::Holds,
            run: andor::adversary,
        },
        Sweep {
            name: "minimax/andor-expected-3n",
            claim: "11.4.4: the exact worst expected count under random child order is at most \
                    3^n (n ≤ 32), and the dynamic program equals the maximum over all leaf \
                    assignments (exhaustive for n ≤ 2)",
            expect: Expect::Holds,
            run: andor::expected_3n,
        },
        Sweep {
            name: "minimax/mnk-table-vs-minimax",
            claim: "negamax alpha-beta with a transposition table (bound types stored) equals \
                    plain minimax on random positions of small m,n,k boards",
            expect: Expect::Holds,
            run: games::mnk_table,
        },
        Sweep {
            name: "minimax/strategy-stealing",
            claim: "11.2.4: no m,n,k board that can be solved here (m, n ≤ 4, k ≤ 4) is a win \
                    for the second player",
            expect: Expect::Holds,
            run: games::strategy_stealing,
        },
        Sweep {
            name: "minimax/connect4-vs-minimax",
            claim: "every combination of search techniques (table of any size or none, ordering, \
                    game knowledge, mirror symmetry, MTD(f), iterative deepening) gives the \
                    plain-minimax score and the same best moves on random small Connect-Four \
                    positions",
            expect: Expect::Holds,
            run: connect4::connect4_options,
        },
        Sweep {
            name: "minimax/connect4-solver-vs-minimax",
            claim: "the dedicated Connect-Four solver (tables of 2^12 or 2^16 entries, one or two \
                    threads) gives the plain-minimax score, outcome and score of every column on \
                    random positions with 4 to 7 empty cells of boards up to 9x6 and 8x7, and \
                    the generic engine's score and best moves with 14 to 17 empty cells \
                    (random play avoiding moves that end the game)",
            expect: Expect::Holds,
            run: connect4::connect4_solver,
        },
        Sweep {
            name: "minimax/connect4-score-as-verdict",
            claim: "a Connect-Four score read as a verdict (Connect4::verdict_of_score) is the \
                    win, draw or loss in so many plies that plain search finds (the winner \
                    hurrying, the loser delaying) on random positions with up to 9 empty cells \
                    of boards from 3x3 to 7x6",
            expect: Expect::Holds,
            run: connect4::connect4_verdicts,
        },
        Sweep {
            name: "minimax/bridgit-vs-minimax",
            claim: "the Bridg-it search (with its win/block knowledge and pairing-first ordering) \
                    equals plain minimax on random positions of boards n = 2, 3, 4",
            expect: Expect::Holds,
            run: games::bridgit_search,
        },
        Sweep {
            name: "minimax/bridgit-pairing-wins",
            claim: "11.2.9: Gross's pairing strategy wins for Left against every sequence of \
                    Top's moves (played out exhaustively for n ≤ 4; by the path argument — no \
                    bottom-to-top path avoids both slots of a pair — for n ≤ 8)",
            expect: Expect::Holds,
            run: games::bridgit_pairing,
        },
        Sweep {
            name: "minimax/grid-cycle-pairing",
            claim: "11.2.10: the second player's pairing (right and up from the same point) \
                    stops the first from closing a cycle — against every strategy on windows up \
                    to 4×3 points (4×4 at full scale), and in random and greedy games on windows \
                    up to 30×30",
            expect: Expect::Holds,
            run: games::grid_cycle_pairing,
        },
        Sweep {
            name: "minimax/bridgit-exactly-one-crosses",
            claim: "11.2.11 and the fact behind it: for every way of sharing all slots, exactly \
                    one player joins their sides, so exactly half of the 2^E sets of Left's \
                    segments join left and right (enumerated for n ≤ 4)",
            expect: Expect::Holds,
            run: games::bridgit_crossings,
        },
        Sweep {
            name: "minimax/bridgit-shannon-always-wins",
            claim: "Shannon's resistor rule (whatever it does with equal currents) wins for Left \
                    against every sequence of Top's moves — false: on n = 3 a bad choice among \
                    equal currents loses, and on n = 4 every choice can be beaten",
            expect: Expect::Refuted,
            run: games::bridgit_shannon,
        },
        Sweep {
            name: "minimax/andor-sharper-bound-exact",
            claim: "11.4.5 read as an exact bound: the worst expected count is at most \
                    ((1+√33)/4)^(2n) — false; it is only the asymptotic rate",
            expect: Expect::Refuted,
            run: andor::sharper_bound,
        },
        Sweep {
            name: "minimax/andor-sharper-rate",
            claim: "11.4.5 as a rate: the exact worst expected count over ((1+√33)/4)^(2n) \
                    increases with n, stays below 1.11 and converges geometrically (each step at \
                    most 0.6 of the one before, from n = 3), for every n ≤ 32",
            expect: Expect::Holds,
            run: andor::sharper_rate,
        },
    ]
}
