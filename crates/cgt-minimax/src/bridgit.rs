//! Bridg-it (Gale's game) on the board of size n: exact play, Gross's pairing strategy and
//! Shannon's resistor-network player.
//!
//! # The board
//!
//! Two interleaved dot grids on lattice points (X, Y), 0 ≤ X, Y ≤ 2n, Y pointing up. The first
//! player, **Left**, owns the dots with X even and Y odd (n rows of n+1 dots) and wants a path
//! of her segments from the left column to the right column. The second player, **Top**, owns
//! the dots with X odd and Y even (n+1 rows of n dots) and wants to join the bottom row to the
//! top row. A segment joins two neighbouring dots of one colour; its midpoint is a *slot*, and
//! the segment of the other colour through the same slot would cross it, so claiming a slot
//! for yourself denies it to the opponent. Slots are the points with X + Y even strictly inside
//! the board, not on its border: n² with X, Y odd (Left's horizontal and Top's vertical
//! segments) and (n−1)² with X, Y even (Left's vertical and Top's horizontal ones), numbered
//! row by row from the bottom. In the seed's wording Left draws segments and Top erases them.
//!
//! When every slot is claimed exactly one player has won (the seed's topological fact, checked
//! by the [`crossing_count`] enumeration); Left moves first and wins with correct play
//! (11.2.8, strategy stealing) — [`PairingPlayer`] is an explicit winning strategy.

use core::fmt;

use crate::engine::Game;

mod analysis;
mod board;
mod pairing;
mod playing;
mod policy;
mod shannon;

pub use analysis::*;
pub use board::*;
pub use pairing::*;
pub use playing::*;
pub use policy::*;
pub use shannon::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Options, Solver, minimax};

    #[test]
    fn players_are_the_shared_sides() {
        use cgt_core::Side;
        assert_eq!(Side::from(Player::Left), Side::First);
        assert_eq!(Player::from(Side::Second), Player::Top);
        assert_eq!(Side::from(Bridgit::new(2).unwrap().to_move()), Side::First);
        assert_eq!("top".parse::<Player>(), Ok(Player::Top));
        assert_eq!(Player::Left.to_string(), "Left");
        assert!("bottom".parse::<Player>().is_err());
    }

    #[test]
    fn board_geometry() {
        for n in 1..=MAX_N {
            let t = slots(n);
            assert_eq!(t.len(), usize::from(n * n + (n - 1) * (n - 1)));
        }
        let p = Bridgit::new(1).unwrap();
        assert_eq!(p.slot_count(), 1);
        let won = p.play_all(&[0]).unwrap();
        assert_eq!(won.winner(), Some(Player::Left));
        assert!(Bridgit::new(0).is_err());
        assert!(Bridgit::new(7).is_err());
        assert!(Bridgit::new(2).unwrap().play_all(&[5]).is_err());
        assert!(Bridgit::new(2).unwrap().play_all(&[1, 1]).is_err());
    }

    #[test]
    fn left_wins_small_boards_exactly() {
        for n in 1..=3 {
            let p = Bridgit::new(n).unwrap();
            assert_eq!(Solver::new(Options::default()).solve(&p), 1, "n = {n}");
        }
        assert_eq!(minimax(&Bridgit::new(2).unwrap()), 1);
    }

    #[test]
    fn pairing_wins_against_every_sequence() {
        for n in 1..=3 {
            let start = Bridgit::new(n).unwrap();
            assert!(wins_against_everything(start, &mut PairingPlayer::new(n)).is_ok());
        }
        for n in 2..=6 {
            assert_eq!(pairing_blocks_every_path(n), Ok(()), "n = {n}");
        }
    }

    #[test]
    fn crossings_are_half_of_all_sets() {
        for n in 1..=3 {
            let e = u32::from(n * n + (n - 1) * (n - 1));
            assert_eq!(crossing_count(n), 1 << (e - 1));
            assert_eq!(exactly_one_crosses(n), Ok(()));
        }
    }

    #[test]
    fn resistor_currents_on_the_two_board() {
        // Left's network for n = 2: two parallel paths of two unit resistors joined by a
        // bridge (slot 2) that carries nothing by symmetry.
        let p = Bridgit::new(2).unwrap();
        let c = resistor_currents(&p, Player::Left);
        let want = [0.5, 0.5, 0.0, 0.5, 0.5];
        for (got, want) in c.iter().zip(want) {
            assert!((got - want).abs() < 1e-12, "{c:?}");
        }
        // Left wires slot 4, Top cuts slot 3: one resistor (slot 0) in series with two in
        // parallel (slots 1 and 2), 1.5 ohms: 2/3 through slot 0, 1/3 through each of 1 and 2.
        let cut = p.play_all(&[4, 3]).unwrap();
        let c = resistor_currents(&cut, Player::Left);
        let want = [2.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0, 0.0, 0.0];
        for (got, want) in c.iter().zip(want) {
            assert!((got - want).abs() < 1e-12, "{c:?}");
        }
        // Wiring slot 4 and cutting slot 0 leaves dot (0,1) hanging off the right side: only
        // slot 3 carries current.
        let c = resistor_currents(&p.play_all(&[4, 0]).unwrap(), Player::Left);
        assert_eq!(c, [0.0, 0.0, 0.0, 1.0, 0.0]);
        // The two players' networks are the same graph turned a quarter: on an empty board
        // they carry the same currents.
        for n in 2..=5 {
            let p = Bridgit::new(n).unwrap();
            let sorted = |player| {
                let mut c = resistor_currents(&p, player);
                c.sort_by(f64::total_cmp);
                c
            };
            let (l, t) = (sorted(Player::Left), sorted(Player::Top));
            assert!(
                l.iter().zip(&t).all(|(a, b)| (a - b).abs() < 1e-9),
                "n = {n}"
            );
        }
    }

    #[test]
    fn shannon_record_small_boards() {
        assert!(shannon_record(Bridgit::new(2).unwrap(), Ties::All).is_ok());
        // On n = 3 some choice among equal currents always wins, but not every choice.
        assert!(shannon_record(Bridgit::new(3).unwrap(), Ties::Best).is_ok());
        let line = shannon_record(Bridgit::new(3).unwrap(), Ties::All).unwrap_err();
        let end = Bridgit::new(3).unwrap().play_all(&line).unwrap();
        assert_eq!(end.winner(), Some(Player::Top));
    }

    #[test]
    fn shannon_beats_random_players() {
        let mut rng = cgt_core_rng(5);
        for n in 2..=4 {
            for _ in 0..20 {
                let mut random = RandomPlayer { below: |k| rng(k) };
                let (w, _) = play_out(Bridgit::new(n).unwrap(), &mut ShannonPlayer, &mut random);
                assert_eq!(w, Player::Left);
            }
        }
    }

    /// A small deterministic generator for tests (xorshift).
    fn cgt_core_rng(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        move |k| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s % k.max(1)
        }
    }
}
