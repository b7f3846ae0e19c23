//! The brute-force oracle: raw game trees (no canonical forms, no theorems) and plain minimax on
//! sums of them and of game positions. Written apart from the arena so that its answers are
//! independent of the code under test.

use std::collections::HashMap;

use crate::{Arena, GameId, PartizanGame, Player};

/// Raw game trees: node `n` has Left options `nodes[n].0` and Right options `nodes[n].1`.
#[derive(Clone, Debug, Default)]
pub(crate) struct RawStore {
    pub(crate) nodes: Vec<(Vec<u32>, Vec<u32>)>,
}

impl RawStore {
    pub(crate) fn add(&mut self, left: Vec<u32>, right: Vec<u32>) -> u32 {
        self.nodes.push((left, right));
        (self.nodes.len() - 1) as u32
    }

    /// The raw tree of a canonical form (its canonical options, recursively), memoised.
    pub(crate) fn raw_of(
        &mut self,
        arena: &mut Arena,
        g: GameId,
        memo: &mut HashMap<GameId, u32>,
    ) -> u32 {
        if let Some(&n) = memo.get(&g) {
            return n;
        }
        let l: Vec<u32> = arena
            .left_options(g)
            .into_iter()
            .map(|x| self.raw_of(arena, x, memo))
            .collect();
        let r: Vec<u32> = arena
            .right_options(g)
            .into_iter()
            .map(|x| self.raw_of(arena, x, memo))
            .collect();
        let n = self.add(l, r);
        memo.insert(g, n);
        n
    }

    /// The canonical form of a raw tree, through [`Arena::form`] (the code under test).
    pub(crate) fn canonical(
        &self,
        arena: &mut Arena,
        n: u32,
        memo: &mut HashMap<u32, GameId>,
    ) -> GameId {
        if let Some(&g) = memo.get(&n) {
            return g;
        }
        let (l, r) = self.nodes[n as usize].clone();
        let l: Vec<GameId> = l
            .into_iter()
            .map(|x| self.canonical(arena, x, memo))
            .collect();
        let r: Vec<GameId> = r
            .into_iter()
            .map(|x| self.canonical(arena, x, memo))
            .collect();
        let g = arena.form(&l, &r).expect("small games stay in range");
        memo.insert(n, g);
        g
    }
}

/// A game with no positions that move: the oracle on raw trees alone.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NoGame;

impl PartizanGame for NoGame {
    type Position = ();
    type Move = crate::EdgeCut;
    fn moves(&self, _: &(), _: Player, _: &mut Vec<(crate::EdgeCut, ())>) {}
}

type Key<P> = (Option<P>, Vec<(u32, bool)>, Player);

/// Plain minimax on the sum of an optional game position and raw trees (each possibly negated).
pub(crate) struct Brute<'a, G: PartizanGame> {
    game: &'a G,
    raw: &'a RawStore,
    memo: HashMap<Key<G::Position>, bool>,
}

impl<'a, G: PartizanGame> Brute<'a, G> {
    pub(crate) fn new(game: &'a G, raw: &'a RawStore) -> Brute<'a, G> {
        Brute {
            game,
            raw,
            memo: HashMap::new(),
        }
    }

    /// Does `player`, moving first, win the sum?
    pub(crate) fn wins(
        &mut self,
        pos: &Option<G::Position>,
        comps: &[(u32, bool)],
        player: Player,
    ) -> bool {
        let mut sorted = comps.to_vec();
        sorted.sort_unstable();
        let key = (pos.clone(), sorted, player);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut win = false;
        if let Some(p) = pos {
            let mut out = Vec::new();
            self.game.options(p, player, &mut out);
            for o in out {
                if !self.wins(&Some(o), comps, player.other()) {
                    win = true;
                    break;
                }
            }
        }
        if !win {
            'outer: for (i, &(n, neg)) in comps.iter().enumerate() {
                let (l, r) = &self.raw.nodes[n as usize];
                let opts = match (player, neg) {
                    (Player::Left, false) | (Player::Right, true) => l,
                    _ => r,
                };
                for &o in opts {
                    let mut next = comps.to_vec();
                    next[i] = (o, neg);
                    if !self.wins(pos, &next, player.other()) {
                        win = true;
                        break 'outer;
                    }
                }
            }
        }
        self.memo.insert(key, win);
        win
    }

    /// Is the sum zero (a second-player win)?
    pub(crate) fn is_zero(&mut self, pos: &Option<G::Position>, comps: &[(u32, bool)]) -> bool {
        !self.wins(pos, comps, Player::Left) && !self.wins(pos, comps, Player::Right)
    }

    /// `a ≥ b` for raw trees: Right moving first loses `a − b`.
    pub(crate) fn ge(&mut self, a: u32, b: u32) -> bool {
        !self.wins(&None, &[(a, false), (b, true)], Player::Right)
    }
}

/// Outcome class from who wins moving first.
pub(crate) fn class(left_first: bool, right_first: bool) -> cgt_core::OutcomeClass {
    use cgt_core::OutcomeClass;
    match (left_first, right_first) {
        (true, false) => OutcomeClass::L,
        (false, true) => OutcomeClass::R,
        (false, false) => OutcomeClass::P,
        (true, true) => OutcomeClass::N,
    }
}

/// The raw games born by day 2 (every pair of sets of day-1 raw games: 256 of them, with
/// repeats of equal games), in the store.
pub(crate) fn day2(store: &mut RawStore) -> Vec<u32> {
    let zero = store.add(vec![], vec![]);
    let subsets = |items: &[u32]| -> Vec<Vec<u32>> {
        (0..1u32 << items.len())
            .map(|m| {
                items
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| m >> i & 1 == 1)
                    .map(|(_, &x)| x)
                    .collect()
            })
            .collect()
    };
    let mut day1 = Vec::new();
    for l in subsets(&[zero]) {
        for r in subsets(&[zero]) {
            day1.push(store.add(l.clone(), r));
        }
    }
    let mut day2 = Vec::new();
    for l in subsets(&day1) {
        for r in subsets(&day1) {
            day2.push(store.add(l.clone(), r));
        }
    }
    day2
}
