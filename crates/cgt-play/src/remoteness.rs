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
    each(game, &[start], limit)[0]
}

/// The remoteness of each of `positions`, as [`remoteness`], by one search whose memo they
/// share (a position's options share most of what they reach): each may visit `limit`
/// positions the ones before it did not.
///
/// ```
/// use cgt_core::Verdict;
/// use cgt_play::games::Nim;
/// use cgt_play::remoteness::{each, remoteness};
///
/// let nim = Nim { misere: false };
/// let options = [vec![0, 2], vec![1, 1], vec![1, 0]];
/// let shared = each(&nim, &[&options[0], &options[1], &options[2]], 1000);
/// let alone: Vec<_> = options.iter().map(|p| remoteness(&nim, p, 1000)).collect();
/// assert_eq!(shared, alone);
/// assert_eq!(shared[1], Some(Verdict::Loss(2)));
/// ```
pub fn each<G>(game: &G, positions: &[&G::Position], limit: usize) -> Vec<Option<Verdict>>
where
    G: Playable + ?Sized,
    G::Position: Hash + Eq,
{
    let mut search = Search {
        game,
        known: HashMap::new(),
        on_path: HashMap::new(),
        stop_at: 0,
    };
    positions
        .iter()
        .map(|p| {
            search.stop_at = search.known.len().saturating_add(limit);
            search.verdict(p, 0)
        })
        .collect()
}

struct Search<'g, G: Playable + ?Sized> {
    game: &'g G,
    known: HashMap<G::Position, Verdict>,
    /// Positions on the current line (a repeat is a cycle).
    on_path: HashMap<G::Position, ()>,
    /// The size of `known` at which the current query gives up.
    stop_at: usize,
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
        if self.known.len() >= self.stop_at || depth > MAX_DEPTH || self.on_path.contains_key(p) {
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
