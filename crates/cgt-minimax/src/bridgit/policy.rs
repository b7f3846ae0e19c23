//! Strategies: the `Strategy` trait and the named policies a program plays by.

use super::*;

/// A strategy that chooses a move for the player to move.
pub trait Strategy {
    /// The move to play in `position` (which is not over and has a free slot).
    fn choose(&mut self, position: &Bridgit) -> u8;
}

/// A named way for a program to play Bridg-it, as the command line offers it.
///
/// # Examples
///
/// ```
/// use cgt_minimax::bridgit::{Bridgit, Player, Policy};
///
/// let board = Bridgit::new(3)?;
/// let policy: Policy = "pairing".parse().unwrap();
/// assert_eq!(policy.check(&board, Player::Left), Ok(()));
/// assert!(policy.check(&board, Player::Top).is_err()); // pairing plays Left only
/// let slot = policy.choose(&board).unwrap();
/// assert!(board.clone().play_all(&[slot]).is_ok());
/// # Ok::<(), cgt_minimax::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Policy {
    /// Gross's pairing strategy (Left only): wins for Left from the start.
    Pairing,
    /// Shannon's resistor network: the slot with the largest current.
    Shannon,
    /// Exact search, from [`Policy::EXACT_FREE`] free slots down.
    Exact,
}

/// Why a [`Policy`] cannot play a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PolicyError {
    /// Exact search is limited to [`Policy::EXACT_FREE`] free slots.
    TooManyFreeSlots {
        /// Free slots in the position.
        free: u32,
    },
    /// The pairing strategy plays Left only.
    PairingPlaysLeft,
    /// A policy name other than pairing, shannon or exact.
    UnknownName,
    /// A player name other than left or top.
    UnknownPlayer,
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolicyError::TooManyFreeSlots { free } => write!(
                f,
                "exact search is limited to {} free slots; this position has {free} (use shannon or pairing)",
                Policy::EXACT_FREE
            ),
            PolicyError::PairingPlaysLeft => f.write_str(
                "the pairing strategy plays Left only (Gross's pairing answers Top's moves)",
            ),
            PolicyError::UnknownName => f.write_str("a policy is pairing, shannon or exact"),
            PolicyError::UnknownPlayer => f.write_str("a player is left or top"),
        }
    }
}

impl std::error::Error for PolicyError {}

impl Policy {
    /// Most free slots at which [`Policy::Exact`] searches (a reply within a second).
    pub const EXACT_FREE: u32 = 16;

    /// The program's default on a board of size `n`: exact search on the smallest boards,
    /// Shannon's rule on the others.
    #[must_use]
    pub fn default_for(n: u8) -> Policy {
        if n <= 3 {
            Policy::Exact
        } else {
            Policy::Shannon
        }
    }

    /// Whether this policy can play `side` from `position` (and every position after it).
    ///
    /// # Errors
    /// [`PolicyError`] saying why not.
    pub fn check(self, position: &Bridgit, side: Player) -> Result<(), PolicyError> {
        let free = position.free().count_ones();
        match self {
            Policy::Exact if free > Policy::EXACT_FREE => {
                Err(PolicyError::TooManyFreeSlots { free })
            }
            Policy::Pairing if side != Player::Left => Err(PolicyError::PairingPlaysLeft),
            _ => Ok(()),
        }
    }

    /// The slot this policy claims for the player to move; `None` when the game is over. A
    /// position the policy cannot play (see [`Policy::check`]) gets Shannon's choice.
    #[must_use]
    pub fn choose(self, position: &Bridgit) -> Option<u8> {
        if position.winner().is_some() || position.free() == 0 {
            return None;
        }
        let free = position.free().count_ones();
        Some(match self {
            Policy::Pairing if position.to_move() == Player::Left => {
                PairingPlayer::new(position.size()).choose(position)
            }
            Policy::Exact if free <= Policy::EXACT_FREE => {
                let mut solver = crate::engine::Solver::new(crate::engine::Options::default());
                let (_, best) = solver.best_moves(position);
                best.first()
                    .copied()
                    .unwrap_or_else(|| ShannonPlayer.choose(position))
            }
            _ => ShannonPlayer.choose(position),
        })
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Policy::Pairing => "pairing",
            Policy::Shannon => "shannon",
            Policy::Exact => "exact",
        })
    }
}

impl core::str::FromStr for Policy {
    type Err = PolicyError;
    fn from_str(s: &str) -> Result<Policy, PolicyError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pairing" => Ok(Policy::Pairing),
            "shannon" => Ok(Policy::Shannon),
            "exact" => Ok(Policy::Exact),
            _ => Err(PolicyError::UnknownName),
        }
    }
}
