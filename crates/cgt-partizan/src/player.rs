//! The two players of a partizan game.

/// Left (who wants positive values; vertical dominoes, blue edges, toads, `x` stones) or Right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// The player for whom positive games are good.
    Left,
    /// The other player.
    Right,
}

impl Player {
    /// The opponent.
    #[must_use]
    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}
