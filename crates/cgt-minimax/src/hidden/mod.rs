//! Games of hidden information (feature `chance`): game trees whose players do not see
//! everything — chance's cards, the other player's moves — solved exactly by the sequence
//! form, or approximately by counterfactual regret minimisation.
//!
//! A player who cannot tell some positions apart must play the same way in all of them: the
//! positions form an *information set*, and the player's strategy is a probability for each
//! action of each set. Minimax over the tree's nodes treats every node as seen and gets the
//! wrong value; the value is that of an equilibrium in mixed (behavioural) strategies, which
//! the minimax theorem guarantees for two-player zero-sum games with perfect recall.
//!
//! - [`Builder`] makes a game: leaves with the first player's payoff, chance nodes, decisions
//!   grouped by named information sets; [`Builder::finish`] checks the tree and perfect recall.
//! - [`Extensive::solve`] gives the value and an equilibrium exactly, by the sequence-form
//!   linear program ([`sequence`](self::Equilibrium)), certified by exact best responses.
//! - [`Cfr`] runs CFR+ for games too large for the exact program, reporting the
//!   exploitability of its average strategy as it shrinks.
//! - [`Poker`] builds Kuhn poker and Leduc hold'em; [`kuhn_equilibrium`] is Kuhn's known
//!   family of equilibria.
//! - [`parse`] reads a game written as a tree: `(first coin (heads …) (tails …))`.
//!
//! ```
//! use cgt_minimax::hidden::{Player, Poker};
//!
//! let kuhn = Poker::kuhn().game();
//! let e = kuhn.solve();
//! assert_eq!(e.value.to_string(), "-1/18");
//! assert!(e.check(&kuhn));
//! // With the queen, the first player never opens with a bet.
//! let q = kuhn.infoset(Player::First, "Q").unwrap();
//! assert_eq!(e.profile.probabilities[q][1].to_string(), "0");
//! ```

mod cfr;
mod game;
mod notation;
mod poker;
mod response;
mod sequence;

pub use cfr::{Cfr, Checkpoint};
pub use game::{
    Builder, Extensive, GameError, InfoSet, MAX_DEPTH, MAX_NODES, Node, NodeId, Player,
};
pub use notation::{ParseError, parse};
pub use poker::{Action, After, Hand, Poker, kuhn_equilibrium};
pub use response::{Profile, Response, Scalar};
pub use sequence::Equilibrium;

#[cfg(test)]
mod tests {
    use cgt_core::budget::Budget;

    use super::*;
    use crate::chance::tree::Ratio;

    fn q(text: &str) -> Ratio {
        text.parse().unwrap()
    }

    #[test]
    fn kuhn_value_and_family() {
        let game = Poker::kuhn().game();
        assert_eq!(game.infosets().len(), 12);
        let e = game.solve();
        assert_eq!(e.value, q("-1/18"));
        assert_eq!(e.sequences, [13, 13]);
        assert!(e.check(&game));
        // Every member of the family is an equilibrium with value −1/18 …
        for alpha in ["0", "1/12", "1/6", "1/3"] {
            let profile = kuhn_equilibrium(&game, &q(alpha)).unwrap();
            assert_eq!(game.expected(&profile), q("-1/18"), "alpha {alpha}");
            assert_eq!(game.exploitability(&profile), q("0"), "alpha {alpha}");
        }
        // … and nothing outside it is.
        assert!(kuhn_equilibrium(&game, &q("1/2")).is_none());
        let mut off = kuhn_equilibrium(&game, &q("1/6")).unwrap();
        let qb = game.infoset(Player::First, "Q kb").unwrap();
        off.probabilities[qb] = vec![q("0"), q("1")];
        assert!(game.exploitability(&off) > q("0"));
        // The solver's first-player strategy is a member: K bets three times as often as J.
        let (j, k) = (
            game.infoset(Player::First, "J").unwrap(),
            game.infoset(Player::First, "K").unwrap(),
        );
        let alpha = e.profile.probabilities[j][1].clone();
        assert_eq!(e.profile.probabilities[k][1], &alpha * q("3"));
        assert_eq!(
            e.profile.probabilities[qb][1],
            &alpha + q("1/3"),
            "calls with the queen α + 1/3"
        );
    }

    #[test]
    fn leduc_shape() {
        let game = Poker::leduc().game();
        // Per rank held: 6 sets in the first round, and 6 for each of the 5 ways the first
        // round reaches the second times the 3 ranks on the table; 3 × (6 + 90) = 288 (936
        // when suits are told apart, as the literature counts them).
        assert_eq!(game.infosets().len(), 288);
        let (lo, hi) = game.payoff_range();
        assert_eq!((lo, hi), (q("-13"), q("13")));
    }

    #[test]
    fn cfr_approaches_kuhn_value() {
        let game = Poker::kuhn().game();
        let mut run = Cfr::new(&game);
        run.run(10, &Budget::unlimited()).unwrap();
        let early = run.checkpoint();
        run.run(990, &Budget::unlimited()).unwrap();
        let late = run.checkpoint();
        assert!(late.exploitability < early.exploitability / 10.0);
        assert!(late.exploitability < 5e-3, "{late:?}");
        let value = -1.0 / 18.0;
        assert!(late.lower <= value + 1e-12 && value <= late.upper + 1e-12);
        assert!(run.average().is_valid(&game));
    }

    #[test]
    fn minimax_is_wrong_with_hidden_moves() {
        // Matching pennies as a tree: the value is 0; seen moves would make it −1 for the
        // first player, who commits first.
        let game = parse(
            "(first coin (heads (second guess (heads 1) (tails -1))) \
                         (tails (second guess (heads -1) (tails 1))))",
        )
        .unwrap();
        let e = game.solve();
        assert_eq!(e.value, q("0"));
        assert_eq!(e.profile.probabilities[0], [q("1/2"), q("1/2")]);
        assert!(e.check(&game));
    }

    #[test]
    fn bad_games() {
        let mut b = Builder::new();
        let (x, y) = (b.payoff(q("1")), b.payoff(q("2")));
        assert!(matches!(
            b.chance(vec![(q("1/2"), x), (q("1/3"), y)]),
            Err(GameError::Probabilities { .. })
        ));
        assert_eq!(b.chance(vec![(q("1"), 7)]), Err(GameError::UnknownNode(7)));
        let d = b
            .decision(Player::First, "s", vec![("a", x), ("b", y)])
            .unwrap();
        assert!(matches!(
            b.decision(Player::First, "s", vec![("a", x), ("c", y)]),
            Err(GameError::Actions { .. })
        ));
        let mut shared = b.clone();
        let t = shared
            .decision(Player::Second, "t", vec![("a", d), ("b", d)])
            .unwrap();
        assert_eq!(shared.finish(t).unwrap_err(), GameError::SharedNode(d));
        let stray = b.payoff(q("3"));
        assert_eq!(b.finish(d).unwrap_err(), GameError::Unreached(stray));
        // A player who forgets their own move: the first player's second set is reached
        // after "a" and after "b".
        let forgets = parse("(first s (a (first t (x 1) (y 0))) (b (first t (x 0) (y 1))))");
        assert!(matches!(
            forgets,
            Err(ParseError::Game(GameError::PerfectRecall { .. }))
        ));
    }
}
