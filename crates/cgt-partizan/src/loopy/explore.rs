//! The graph of a ruleset's positions: a loopy game from any [`PartizanGame`].

use cgt_core::budget::Budget;
use rustc_hash::FxHashMap;

use super::graph::{BYTES_PER_POSITION, LoopyGame};
use crate::{PartizanError, PartizanGame, Player};

impl LoopyGame {
    /// The game of `start` under `game`'s rules, whose positions may repeat: every position
    /// reachable from `start` (breadth first, the start first), named by `name`. The ruleset's
    /// `options` are used as they are (no components, no symmetry).
    ///
    /// # Errors
    /// [`PartizanError::Stopped`] when the positions outgrow `budget` (positions, memory, time
    /// or its stop flag).
    pub fn explore<G: PartizanGame>(
        game: &G,
        start: &G::Position,
        name: impl Fn(&G::Position) -> String,
        budget: &Budget,
    ) -> Result<LoopyGame, PartizanError> {
        let mut index: FxHashMap<G::Position, u32> = FxHashMap::default();
        let mut order = vec![start.clone()];
        index.insert(start.clone(), 0);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut buf = Vec::new();
        let mut i = 0;
        while i < order.len() {
            let p = order[i].clone();
            i += 1;
            if i % 1024 == 0 {
                budget
                    .check(order.len() as u64, order.len() as u64 * BYTES_PER_POSITION)
                    .map_err(PartizanError::Stopped)?;
            }
            for player in [Player::Left, Player::Right] {
                buf.clear();
                game.options(&p, player, &mut buf);
                let mut opts = Vec::with_capacity(buf.len());
                for q in buf.drain(..) {
                    let next = order.len() as u32;
                    let id = *index.entry(q).or_insert_with_key(|q| {
                        order.push(q.clone());
                        next
                    });
                    opts.push(id);
                }
                match player {
                    Player::Left => left.push(opts),
                    Player::Right => right.push(opts),
                }
            }
        }
        let names = order.iter().map(&name).collect();
        Ok(LoopyGame::from_parts(names, left, right))
    }
}
