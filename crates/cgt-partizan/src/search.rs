//! Values of games of your own by memoised search: the [`PartizanGame`] trait and the
//! [`Evaluator`].

use cgt_core::budget::{Budget, Exceeded};
use core::fmt;
use core::hash::Hash;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::PartizanError;
use crate::arena::{Arena, GameId};
use crate::player::Player;

/// The rules of a short partizan game: who can move where. Implement it for a game of your own
/// and an [`Evaluator`] finds the canonical form of any position.
///
/// [`PartizanGame::moves`] names each move (a typed [`PartizanGame::Move`]) with the position
/// after it, for winning moves and play; [`PartizanGame::options`], the positions alone, is
/// what the search reads (by default the positions of the moves; a game may list them faster).
/// The other methods make searches faster: a
/// decomposition into independent components (the value of a sum is the sum of the values), a
/// normal form under symmetries (so mirror images share one cache entry), and closed forms.
///
/// ```
/// use cgt_partizan::{Arena, Evaluator, PartizanGame, Player};
///
/// /// A heap of counters: Left takes one, Right takes two.
/// struct OneTwo;
/// impl PartizanGame for OneTwo {
///     type Position = u32;
///     type Move = u32; // counters taken
///     fn moves(&self, &n: &u32, player: Player, out: &mut Vec<(u32, u32)>) {
///         match player {
///             Player::Left if n >= 1 => out.push((1, n - 1)),
///             Player::Right if n >= 2 => out.push((2, n - 2)),
///             _ => {}
///         }
///     }
/// }
///
/// let mut arena = Arena::new();
/// let mut ev = Evaluator::new(OneTwo);
/// let values: Vec<String> = (0..6)
///     .map(|n| ev.value(&mut arena, &n).map(|v| arena.display(v)))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(values, ["0", "1", "{1|0}", "0", "1", "{1|0}"]);
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
pub trait PartizanGame {
    /// A position. Positions are cache keys, so keep them small.
    type Position: Clone + Eq + Hash;

    /// A move of one player, as the game names it (`Display` is for people).
    type Move: Clone + fmt::Debug + fmt::Display;

    /// Appends each move `player` can make from `position`, with the position after it.
    fn moves(
        &self,
        position: &Self::Position,
        player: Player,
        out: &mut Vec<(Self::Move, Self::Position)>,
    );

    /// The moves `player` can make from `position`, each with the position after it, in the
    /// order of [`PartizanGame::moves`].
    fn move_list(
        &self,
        position: &Self::Position,
        player: Player,
    ) -> Vec<(Self::Move, Self::Position)> {
        let mut out = Vec::new();
        self.moves(position, player, &mut out);
        out
    }

    /// Appends the positions `player` can move to from `position`, in the order of
    /// [`PartizanGame::moves`]: the search's fast path. Default: the moves' positions.
    fn options(&self, position: &Self::Position, player: Player, out: &mut Vec<Self::Position>) {
        let mut moves = Vec::new();
        self.moves(position, player, &mut moves);
        out.extend(moves.into_iter().map(|(_, p)| p));
    }

    /// Appends independent components whose sum is `position` (the default: the position
    /// itself). Components with no moves for either player may be left out.
    fn components(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        out.push(position.clone());
    }

    /// A representative of the position's symmetry class, and `true` when the representative's
    /// value is the negative of the position's (a symmetry that exchanges the players). The
    /// default is the position itself.
    fn normalize(&self, position: &Self::Position) -> (Self::Position, bool) {
        (position.clone(), false)
    }

    /// The value, when a closed form gives it without search (the default: never).
    ///
    /// # Errors
    /// A number out of range, say.
    fn known_value(
        &self,
        position: &Self::Position,
        arena: &mut Arena,
    ) -> Option<Result<GameId, PartizanError>> {
        let _ = (position, arena);
        None
    }
}

/// Rules shared behind an `Arc` (a picture a front end also draws) play as the rules
/// themselves.
impl<G: PartizanGame + ?Sized> PartizanGame for std::sync::Arc<G> {
    type Position = G::Position;
    type Move = G::Move;

    fn moves(
        &self,
        position: &Self::Position,
        player: Player,
        out: &mut Vec<(Self::Move, Self::Position)>,
    ) {
        (**self).moves(position, player, out);
    }

    fn options(&self, position: &Self::Position, player: Player, out: &mut Vec<Self::Position>) {
        (**self).options(position, player, out);
    }

    fn components(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        (**self).components(position, out);
    }

    fn normalize(&self, position: &Self::Position) -> (Self::Position, bool) {
        (**self).normalize(position)
    }

    fn known_value(
        &self,
        position: &Self::Position,
        arena: &mut Arena,
    ) -> Option<Result<GameId, PartizanError>> {
        (**self).known_value(position, arena)
    }
}

/// A search position on the stack: its options, each a run of normalised components in
/// `parts`, and the values of the components found so far (each component is looked up once).
/// Its three buffers are reused by the next position searched once it is done.
struct Frame<P> {
    key: P,
    /// Who moves, and the end of the option's run in `parts`.
    options: Vec<(Player, usize)>,
    parts: Vec<(P, bool)>,
    /// The values of `parts[..values.len()]`.
    values: Vec<GameId>,
}

/// A finished frame's buffers (options, parts, values), kept for the next frame.
type Buffers<P> = (Vec<(Player, usize)>, Vec<(P, bool)>, Vec<GameId>);

impl<P> Frame<P> {
    /// Where option `i`'s components start in `parts`.
    fn start(&self, i: usize) -> usize {
        if i == 0 { 0 } else { self.options[i - 1].1 }
    }
}

/// A move with the position after it and that position's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValuedMove<M, P> {
    /// The move.
    pub mv: M,
    /// The position after it.
    pub after: P,
    /// Its canonical value.
    pub value: GameId,
}

/// A [`ValuedMove`] of the game `G`.
pub type GameMove<G> = ValuedMove<<G as PartizanGame>::Move, <G as PartizanGame>::Position>;

/// Finds the canonical forms of positions of a [`PartizanGame`], with a transposition cache
/// shared by every call, an explicit stack (no recursion, whatever the depth), and an optional
/// memory budget.
#[derive(Debug)]
pub struct Evaluator<G: PartizanGame> {
    game: G,
    cache: FxHashMap<G::Position, GameId>,
    limits: Budget,
    shortcuts: bool,
    searched: u64,
}

impl<G: PartizanGame> Evaluator<G> {
    /// An evaluator with an empty cache and no memory budget.
    pub fn new(game: G) -> Evaluator<G> {
        Evaluator {
            game,
            cache: FxHashMap::default(),
            limits: Budget::unlimited(),
            shortcuts: true,
            searched: 0,
        }
    }

    /// Stops searches with [`PartizanError::MemoryLimit`] once the cache and the arena hold
    /// about `bytes` bytes.
    #[must_use]
    pub fn with_budget(mut self, bytes: u64) -> Evaluator<G> {
        self.limits = self.limits.with_memory(bytes);
        self
    }

    /// Stops searches at the first limit of `limits` passed: its memory as
    /// [`PartizanError::MemoryLimit`], its positions (searched by this evaluator), time and stop
    /// flag as [`PartizanError::Stopped`]. Checked every 256 positions.
    #[must_use]
    pub fn with_limits(mut self, limits: Budget) -> Evaluator<G> {
        self.limits = limits;
        self
    }

    /// Ignores [`PartizanGame::known_value`]: every value by search (to check closed forms).
    #[must_use]
    pub fn without_shortcuts(mut self) -> Evaluator<G> {
        self.shortcuts = false;
        self
    }

    /// The rules.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Positions searched so far (closed forms and cache hits not counted).
    #[must_use]
    pub fn searched(&self) -> u64 {
        self.searched
    }

    /// Positions in the transposition cache.
    #[must_use]
    pub fn cached(&self) -> usize {
        self.cache.len()
    }

    /// The value of `position`: the sum of its components' values.
    ///
    /// # Errors
    /// [`PartizanError::MemoryLimit`] past the budget, [`PartizanError::Loopy`] for a game that
    /// returns to a position, [`PartizanError::NumberRange`] for a number out of range.
    pub fn value(
        &mut self,
        arena: &mut Arena,
        position: &G::Position,
    ) -> Result<GameId, PartizanError> {
        arena.set_limits(Some(self.limits.clone()));
        let found = self.value_within(arena, position);
        arena.set_limits(None);
        found
    }

    fn value_within(
        &mut self,
        arena: &mut Arena,
        position: &G::Position,
    ) -> Result<GameId, PartizanError> {
        let mut parts = Vec::new();
        self.game.components(position, &mut parts);
        let mut acc = arena.zero();
        for part in parts {
            let (key, negate) = self.game.normalize(&part);
            let v = self.solve(arena, key)?;
            let v = if negate { arena.try_neg(v)? } else { v };
            acc = arena.sum(acc, v)?;
        }
        Ok(acc)
    }

    /// Every move of `player` from `position`, with the position after it and its value.
    ///
    /// # Errors
    /// As [`Evaluator::value`].
    pub fn moves(
        &mut self,
        arena: &mut Arena,
        position: &G::Position,
        player: Player,
    ) -> Result<Vec<GameMove<G>>, PartizanError> {
        let mut out = Vec::new();
        self.game.moves(position, player, &mut out);
        out.into_iter()
            .map(|(mv, after)| {
                let value = self.value(arena, &after)?;
                Ok(ValuedMove { mv, after, value })
            })
            .collect()
    }

    /// The winning moves of `player` moving first: the moves that leave a game `≥ 0` (Left)
    /// or `≤ 0` (Right). Empty when `player` loses moving first.
    ///
    /// # Errors
    /// As [`Evaluator::value`].
    pub fn winning_moves(
        &mut self,
        arena: &mut Arena,
        position: &G::Position,
        player: Player,
    ) -> Result<Vec<GameMove<G>>, PartizanError> {
        let zero = arena.zero();
        let moves = self.moves(arena, position, player)?;
        Ok(moves
            .into_iter()
            .filter(|m| match player {
                Player::Left => arena.le(zero, m.value),
                Player::Right => arena.le(m.value, zero),
            })
            .collect())
    }

    fn lookup(
        &mut self,
        arena: &mut Arena,
        key: &G::Position,
    ) -> Result<Option<GameId>, PartizanError> {
        if let Some(&v) = self.cache.get(key) {
            return Ok(Some(v));
        }
        self.known(arena, key)
    }

    /// The closed-form value of a position not in the cache, cached.
    fn known(
        &mut self,
        arena: &mut Arena,
        key: &G::Position,
    ) -> Result<Option<GameId>, PartizanError> {
        if self.shortcuts
            && let Some(v) = self.game.known_value(key, arena)
        {
            let v = v?;
            self.cache.insert(key.clone(), v);
            return Ok(Some(v));
        }
        Ok(None)
    }

    /// The frame of `key`, in the buffers of a finished frame when there is one.
    fn frame(
        &self,
        key: G::Position,
        out: &mut Vec<G::Position>,
        split: &mut Vec<G::Position>,
        reused: Option<Buffers<G::Position>>,
    ) -> Frame<G::Position> {
        let (mut options, mut parts, mut values) = reused.unwrap_or_default();
        options.clear();
        parts.clear();
        values.clear();
        for player in [Player::Left, Player::Right] {
            out.clear();
            self.game.options(&key, player, out);
            for o in out.iter() {
                split.clear();
                self.game.components(o, split);
                parts.extend(split.iter().map(|p| self.game.normalize(p)));
                options.push((player, parts.len()));
            }
        }
        values.reserve(parts.len());
        Frame {
            key,
            options,
            parts,
            values,
        }
    }

    fn solve(&mut self, arena: &mut Arena, key: G::Position) -> Result<GameId, PartizanError> {
        if let Some(v) = self.lookup(arena, &key)? {
            return Ok(v);
        }
        let root = key.clone();
        // A position met again below itself is a loop. Short games are rarely that deep, so
        // only the frames from `WATCHED` down are kept in a set: a loop repeats until two of
        // its positions stand there.
        let mut on_stack: FxHashSet<G::Position> = FxHashSet::default();
        let (mut out, mut split) = (Vec::new(), Vec::new());
        // Frames' buffers are reused from one position to the next.
        let mut spare: Vec<Buffers<G::Position>> = Vec::new();
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut stack = vec![self.frame(key, &mut out, &mut split, None)];
        while let Some(top) = stack.last_mut() {
            // Find the first component of an option not valued yet.
            let mut missing = None;
            while top.values.len() < top.parts.len() {
                let part = &top.parts[top.values.len()].0;
                let found = match self.cache.get(part) {
                    Some(&v) => Some(v),
                    None => self.known(arena, part)?,
                };
                match found {
                    Some(v) => top.values.push(v),
                    None => {
                        missing = Some(part.clone());
                        break;
                    }
                }
            }
            if let Some(part) = missing {
                if stack.len() >= WATCHED && !on_stack.insert(part.clone()) {
                    return Err(PartizanError::Loopy);
                }
                let f = self.frame(part, &mut out, &mut split, spare.pop());
                stack.push(f);
                continue;
            }
            let depth = stack.len();
            let Some(done) = stack.pop() else { break };
            left.clear();
            right.clear();
            for (i, &(player, end)) in done.options.iter().enumerate() {
                let mut v = arena.zero();
                for k in done.start(i)..end {
                    let pv = done.values[k];
                    let pv = if done.parts[k].1 {
                        arena.try_neg(pv)?
                    } else {
                        pv
                    };
                    v = arena.sum(v, pv)?;
                }
                match player {
                    Player::Left => left.push(v),
                    Player::Right => right.push(v),
                }
            }
            let value = arena.form_once(&left, &right)?;
            self.searched += 1;
            if depth > WATCHED {
                on_stack.remove(&done.key);
            }
            if let Some(parent) = stack.last_mut() {
                // The parent waits for exactly this component.
                parent.values.push(value);
            }
            let Frame {
                key,
                options,
                parts,
                values,
            } = done;
            self.cache.insert(key, value);
            spare.push((options, parts, values));
            if self.searched.is_multiple_of(256) {
                // The cache's table, and an allowance for what its positions own apart.
                let used = arena.memory_bytes()
                    + crate::arena::table_bytes(&self.cache)
                    + self.cache.len() as u64 * 16;
                self.limits
                    .check(self.searched, used)
                    .map_err(|e| match e {
                        Exceeded::Memory { limit, .. } => PartizanError::MemoryLimit {
                            budget: limit,
                            stored: self.cache.len() as u64 + arena.len() as u64,
                        },
                        other => PartizanError::Stopped(other),
                    })?;
            }
        }
        self.cache.get(&root).copied().ok_or(PartizanError::Loopy)
    }
}

/// The depth of the search stack from which positions are kept in a set to find loops: deeper
/// than most short games here go (a move covers, spends or removes something of at most 128
/// squares or edges; only long Toads and Frogs rows last longer), so their searches never pay
/// for the set, and a longer one pays only below this depth.
const WATCHED: usize = 256;

#[cfg(test)]
mod tests {
    use super::*;

    /// Left moves `n → n + 1` up to `top`; from `top` Right moves to `back` (a loop when
    /// `back ≤ top`, the end of the game otherwise).
    struct Ladder {
        top: u32,
        back: u32,
    }

    impl PartizanGame for Ladder {
        type Position = u32;
        type Move = u32;
        fn moves(&self, &n: &u32, player: Player, out: &mut Vec<(u32, u32)>) {
            match player {
                Player::Left if n < self.top => out.push((n + 1, n + 1)),
                Player::Right if n == self.top && self.back <= self.top => {
                    out.push((self.back, self.back));
                }
                _ => {}
            }
        }
    }

    fn value(top: u32, back: u32) -> Result<String, PartizanError> {
        let mut arena = Arena::new();
        let v = Evaluator::new(Ladder { top, back }).value(&mut arena, &0)?;
        Ok(arena.display(v))
    }

    #[test]
    fn a_loop_is_found_at_any_depth_and_a_deep_short_game_is_valued() {
        // A short game far deeper than the watched depth: Left's 1000 moves.
        let top = 4 * WATCHED as u32;
        assert_eq!(value(top, top + 1).unwrap(), top.to_string());
        // Loops entered near the root, at the watched depth and far below it, short and long.
        for (top, back) in [
            (1, 0),
            (3, 2),
            (WATCHED as u32 - 1, WATCHED as u32 - 3),
            (WATCHED as u32 + 2, 5),
            (3 * WATCHED as u32, 3 * WATCHED as u32),
            (3 * WATCHED as u32, 0),
        ] {
            assert!(
                matches!(value(top, back), Err(PartizanError::Loopy)),
                "{top} back to {back}"
            );
        }
    }

    #[test]
    fn a_search_tells_its_budget_how_far_it_has_got() {
        use cgt_core::budget::{Budget, Progress};
        use std::sync::{Arc, Mutex};
        let heard = Arc::new(Mutex::new(Vec::new()));
        let h = Arc::clone(&heard);
        let budget = Budget::unlimited().with_progress(Progress::new(move |n, bytes| {
            h.lock().unwrap().push((n, bytes));
        }));
        let board: crate::domineering::Board = "4x5".parse().unwrap();
        let mut arena = Arena::new();
        let mut e = Evaluator::new(crate::domineering::Domineering).with_limits(budget);
        e.value(&mut arena, &board).unwrap();
        let heard = heard.lock().unwrap();
        // One report every 256 positions searched, with the count so far; the arena's own
        // checks (inside sums and large forms) count no positions. Each tells the memory.
        let counted: Vec<u64> = heard.iter().map(|&(n, _)| n).filter(|&n| n > 0).collect();
        let expected: Vec<u64> = (1..=e.searched() / 256).map(|i| 256 * i).collect();
        assert_eq!(counted, expected, "{} searched", e.searched());
        assert!(heard.iter().all(|&(_, bytes)| bytes > 0));
    }
}
