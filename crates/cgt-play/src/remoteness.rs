//! Remoteness: how many moves the game lasts from a position with best play, the winner
//! hurrying and the loser delaying (Steinhaus; what GamesmanUni shows beside each move). Found
//! by a search of every position reachable, which small impartial positions allow; a larger
//! one is left at win or loss.

use std::collections::HashMap;
use std::hash::Hash;

use cgt_core::Verdict;

use crate::game::Playable;

/// Positions a remoteness search may visit before it gives up.
pub const REMOTENESS_POSITIONS: usize = 20_000;

/// The remoteness of `start` for the player to move, as a [`Verdict`] (`Win(d)`: the player to
/// move wins in `d` plies; `Loss(d)`: loses in `d`), or `None` when more than `limit` positions
/// are reachable or a position repeats (a loopy game).
///
/// ```
/// use cgt_core::Verdict;
/// use cgt_play::games::Nim;
/// use cgt_play::remoteness::remoteness;
///
/// // (1, 2): take 1 from the heap of 2, and whatever the reply, the last counter is yours.
/// assert_eq!(remoteness(&Nim { misere: false }, &vec![1, 2], 1000), Some(Verdict::Win(3)));
/// assert_eq!(remoteness(&Nim { misere: false }, &vec![1, 1], 1000), Some(Verdict::Loss(2)));
/// ```
pub fn remoteness<G>(game: &G, start: &G::Position, limit: usize) -> Option<Verdict>
where
    G: Playable + ?Sized,
    G::Position: Hash + Eq,
{
    let mut search = Search {
        game,
        known: HashMap::new(),
        on_path: HashMap::new(),
        limit,
    };
    search.verdict(start, 0)
}

struct Search<'g, G: Playable + ?Sized> {
    game: &'g G,
    known: HashMap<G::Position, Verdict>,
    /// Positions on the current line (a repeat is a cycle).
    on_path: HashMap<G::Position, ()>,
    limit: usize,
}

/// Plies a line may reach before the search gives up (its recursion's depth).
const MAX_DEPTH: usize = 2_000;

impl<G> Search<'_, G>
where
    G: Playable + ?Sized,
    G::Position: Hash + Eq,
{
    fn verdict(&mut self, p: &G::Position, depth: usize) -> Option<Verdict> {
        if let Some(&v) = self.known.get(p) {
            return Some(v);
        }
        if self.known.len() >= self.limit || depth > MAX_DEPTH || self.on_path.contains_key(p) {
            return None;
        }
        let moves = self.game.moves(p);
        let v = if moves.is_empty() {
            // The player to move cannot: a loss under normal play, a win under misère.
            if self.game.misere() {
                Verdict::Win(0)
            } else {
                Verdict::Loss(0)
            }
        } else {
            self.on_path.insert(p.clone(), ());
            let mut best: Option<Verdict> = None;
            for (_, after) in &moves {
                let Some(child) = self.verdict(after, depth + 1) else {
                    self.on_path.remove(p);
                    return None;
                };
                let mine = child.parent();
                best = Some(best.map_or(mine, |b| b.max(mine)));
            }
            self.on_path.remove(p);
            best?
        };
        self.known.insert(p.clone(), v);
        Some(v)
    }
}
