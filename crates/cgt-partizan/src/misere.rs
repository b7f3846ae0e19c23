//! Misère play of partizan rulesets: the player who cannot move *wins*. The normal-play value
//! says nothing about it (misère outcomes depend on the whole game tree, and sums do not split
//! into components), so [`MisereSearch`] decides each position by memoised search of the whole
//! position, using only the ruleset's moves and its symmetries ([`PartizanGame::normalize`]:
//! a colour-swapping symmetry swaps the players, which misère play respects as normal play
//! does).

use std::collections::{HashMap, HashSet};

use cgt_core::OutcomeClass;
use cgt_core::budget::{Budget, Exceeded};

use crate::{PartizanError, PartizanGame, Player};

/// A move of `G` with the position it leads to.
type MoveTo<G> = (<G as PartizanGame>::Move, <G as PartizanGame>::Position);

/// A memoised misère search over the positions of one ruleset.
///
/// ```
/// use cgt_core::OutcomeClass;
/// use cgt_partizan::MisereSearch;
/// use cgt_partizan::domineering::{Board, Domineering};
///
/// let mut search = MisereSearch::new(Domineering);
/// // A single empty square: nobody can move, so the player to move wins at once.
/// let one: Board = "1x1".parse()?;
/// assert_eq!(search.outcome(&one)?, OutcomeClass::N);
/// // 2 x 2: whoever moves first leaves room only for their own kind of domino, so the
/// // opponent cannot move and wins: a second-player win (normal play: ±1, first player).
/// let square: Board = "2x2".parse()?;
/// assert_eq!(search.outcome(&square)?, OutcomeClass::P);
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Debug)]
pub struct MisereSearch<G: PartizanGame> {
    game: G,
    /// Whether the player to move wins, by (normal form of the position, mover).
    cache: HashMap<(G::Position, Player), bool>,
    on_path: HashSet<(G::Position, Player)>,
    limits: Budget,
    searched: u64,
}

impl<G: PartizanGame> MisereSearch<G> {
    /// A search with an empty cache and no limits.
    pub fn new(game: G) -> MisereSearch<G> {
        MisereSearch {
            game,
            cache: HashMap::new(),
            on_path: HashSet::new(),
            limits: Budget::unlimited(),
            searched: 0,
        }
    }

    /// Stops the search at the first limit of `limits` passed (memory counts the cache).
    #[must_use]
    pub fn with_limits(mut self, limits: Budget) -> MisereSearch<G> {
        self.limits = limits;
        self
    }

    /// Positions decided so far.
    pub fn searched(&self) -> u64 {
        self.searched
    }

    /// The misère outcome class of `position`: who wins when the player unable to move wins.
    ///
    /// # Errors
    /// [`PartizanError::MemoryLimit`] or [`PartizanError::Stopped`] past the limits,
    /// [`PartizanError::Loopy`] when play can return to a position.
    pub fn outcome(&mut self, position: &G::Position) -> Result<OutcomeClass, PartizanError> {
        let left = self.wins(position, Player::Left)?;
        let right = self.wins(position, Player::Right)?;
        Ok(match (left, right) {
            (true, true) => OutcomeClass::N,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::P,
        })
    }

    /// The moves with which `player`, moving first in `position`, wins under misère play
    /// (empty when there are none — or when `player` has no move at all, and so has won).
    ///
    /// # Errors
    /// As [`MisereSearch::outcome`].
    pub fn winning_moves(
        &mut self,
        position: &G::Position,
        player: Player,
    ) -> Result<Vec<MoveTo<G>>, PartizanError> {
        let mut moves = Vec::new();
        self.game.moves(position, player, &mut moves);
        let mut out = Vec::new();
        for (m, after) in moves {
            if !self.wins(&after, player.other())? {
                out.push((m, after));
            }
        }
        Ok(out)
    }

    /// Whether the player to move, `mover`, wins `position` under misère play.
    ///
    /// # Errors
    /// As [`MisereSearch::outcome`].
    pub fn wins(&mut self, position: &G::Position, mover: Player) -> Result<bool, PartizanError> {
        let (normal, swapped) = self.game.normalize(position);
        let key = (normal, if swapped { mover.other() } else { mover });
        if let Some(&known) = self.cache.get(&key) {
            return Ok(known);
        }
        if !self.on_path.insert(key.clone()) {
            return Err(PartizanError::Loopy);
        }
        let mut options = Vec::new();
        self.game.options(&key.0, key.1, &mut options);
        // No move: the mover wins at once.
        let mut won = options.is_empty();
        for after in &options {
            if !self.wins(after, key.1.other())? {
                won = true;
                break;
            }
        }
        self.on_path.remove(&key);
        self.searched += 1;
        if self.searched.is_multiple_of(1024) {
            let entry = core::mem::size_of::<((G::Position, Player), bool)>() as u64 + 16;
            let used = self.cache.len() as u64 * entry;
            self.limits
                .check(self.searched, used)
                .map_err(|e| match e {
                    Exceeded::Memory { limit, .. } => PartizanError::MemoryLimit {
                        budget: limit,
                        stored: self.cache.len() as u64,
                    },
                    other => PartizanError::Stopped(other),
                })?;
        }
        self.cache.insert(key, won);
        Ok(won)
    }
}

#[cfg(test)]
mod tests {
    use cgt_core::OutcomeClass;

    use super::MisereSearch;
    use crate::clobber::{Clobber, Grid};
    use crate::domineering::{Board, Domineering};
    use crate::toads::{Row, ToadsAndFrogs};

    #[test]
    fn a_position_without_moves_is_won_by_whoever_must_move() {
        let mut s = MisereSearch::new(Domineering);
        let b: Board = "#".parse().unwrap();
        assert_eq!(s.outcome(&b).unwrap(), OutcomeClass::N);
        assert!(s.winning_moves(&b, crate::Player::Left).unwrap().is_empty());
    }

    #[test]
    fn small_positions_by_hand() {
        // 2 x 1 (one vertical domino space): Left must fill it, and then Right cannot move
        // and wins; Right to move cannot move and wins at once: R (normal play: 1, Left's).
        let mut s = MisereSearch::new(Domineering);
        let b: Board = "2x1".parse().unwrap();
        assert_eq!(s.outcome(&b).unwrap(), OutcomeClass::R);
        // Clobber "xo": whoever moves captures and leaves the other without a move, who wins:
        // misère P, where normal play has * (N).
        let mut c = MisereSearch::new(Clobber);
        let x: Grid = "xo".parse().unwrap();
        assert_eq!(c.outcome(&x).unwrap(), OutcomeClass::P);
        // Toads and Frogs "T.": Left moves and then Right has no move and wins; Right to move
        // has no move and wins: R.
        let mut t = MisereSearch::new(ToadsAndFrogs);
        let r: Row = "T.".parse().unwrap();
        assert_eq!(t.outcome(&r).unwrap(), OutcomeClass::R);
    }
}
