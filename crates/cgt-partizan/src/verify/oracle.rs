//! The brute-force oracle: raw game trees (no canonical forms, no theorems) and plain minimax on
//! sums of them and of game positions. Written apart from the arena so that its answers are
//! independent of the code under test.

use std::collections::HashMap;

use crate::{Arena, Evaluator, GameId, PartizanGame, Player};

/// A raw form: its Left and Right options, as nodes.
type Form = (Vec<u32>, Vec<u32>);

/// Raw game trees: node `n` has Left options `nodes[n].0` and Right options `nodes[n].1`.
#[derive(Clone, Debug, Default)]
pub(crate) struct RawStore {
    pub(crate) nodes: Vec<Form>,
    /// For a hash-consed store ([`RawStore::hash_consed`]): each form's node.
    index: Option<HashMap<Form, u32>>,
}

impl RawStore {
    /// A store in which equal forms (the same sets of options) share one node, so that node
    /// identity is form identity. A plain store keeps every form as given, duplicate options
    /// included (the canonicaliser must cope with them).
    pub(crate) fn hash_consed() -> RawStore {
        RawStore {
            nodes: Vec::new(),
            index: Some(HashMap::new()),
        }
    }

    pub(crate) fn add(&mut self, mut left: Vec<u32>, mut right: Vec<u32>) -> u32 {
        let Some(index) = &mut self.index else {
            self.nodes.push((left, right));
            return (self.nodes.len() - 1) as u32;
        };
        for side in [&mut left, &mut right] {
            side.sort_unstable();
            side.dedup();
        }
        let key = (left, right);
        if let Some(&n) = index.get(&key) {
            return n;
        }
        let n = u32::try_from(self.nodes.len()).expect("raw stores stay small");
        self.nodes.push(key.clone());
        index.insert(key, n);
        n
    }

    /// The raw disjunctive sum of nodes `a` and `b`.
    pub(crate) fn sum(&mut self, a: u32, b: u32, memo: &mut HashMap<(u32, u32), u32>) -> u32 {
        if let Some(&s) = memo.get(&(a, b)) {
            return s;
        }
        let (al, ar) = self.nodes[a as usize].clone();
        let (bl, br) = self.nodes[b as usize].clone();
        let mut side = |xs: Vec<u32>, ys: Vec<u32>, store: &mut RawStore| -> Vec<u32> {
            let mut out: Vec<u32> = xs.into_iter().map(|x| store.sum(x, b, memo)).collect();
            out.extend(ys.into_iter().map(|y| store.sum(a, y, memo)));
            out
        };
        let left = side(al, bl, self);
        let right = side(ar, br, self);
        let s = self.add(left, right);
        memo.insert((a, b), s);
        s
    }

    /// The conjugate of node `n`: Left and Right swapped throughout.
    pub(crate) fn conjugate(&mut self, n: u32) -> u32 {
        let (l, r) = self.nodes[n as usize].clone();
        let left = r.iter().map(|&x| self.conjugate(x)).collect();
        let right = l.iter().map(|&x| self.conjugate(x)).collect();
        self.add(left, right)
    }

    /// Node `n` in the notation, every option written out (`{|0,{|0}}`).
    pub(crate) fn text(&self, n: u32) -> String {
        let (l, r) = &self.nodes[n as usize];
        if l.is_empty() && r.is_empty() {
            return "0".into();
        }
        let side = |xs: &[u32]| {
            xs.iter()
                .map(|&x| self.text(x))
                .collect::<Vec<_>>()
                .join(",")
        };
        format!("{{{}|{}}}", side(l), side(r))
    }

    /// Whether node `n` is a Left dead end: Left has no move there, nor after any Right move.
    pub(crate) fn left_dead(&self, n: u32) -> bool {
        let (l, r) = &self.nodes[n as usize];
        l.is_empty() && r.iter().all(|&x| self.left_dead(x))
    }

    /// Whether node `n` is a Right dead end.
    pub(crate) fn right_dead(&self, n: u32) -> bool {
        let (l, r) = &self.nodes[n as usize];
        r.is_empty() && l.iter().all(|&x| self.right_dead(x))
    }

    /// Whether every end among the followers of node `n` is a dead end.
    pub(crate) fn dead_ending(&self, n: u32) -> bool {
        let (l, r) = &self.nodes[n as usize];
        (!l.is_empty() || self.left_dead(n))
            && (!r.is_empty() || self.right_dead(n))
            && l.iter().chain(r).all(|&x| self.dead_ending(x))
    }

    /// Whether the player to move (Left when `left`) wins `a + b` under misère play (plain
    /// search: a player with no move wins).
    pub(crate) fn misere_wins(
        &self,
        a: u32,
        b: u32,
        left: bool,
        memo: &mut HashMap<(u32, u32, bool), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(a, b, left)) {
            return w;
        }
        let (fa, fb) = (&self.nodes[a as usize], &self.nodes[b as usize]);
        let (oa, ob) = if left { (&fa.0, &fb.0) } else { (&fa.1, &fb.1) };
        let w = (oa.is_empty() && ob.is_empty())
            || oa.iter().any(|&x| !self.misere_wins(x, b, !left, memo))
            || ob.iter().any(|&y| !self.misere_wins(a, y, !left, memo));
        memo.insert((a, b, left), w);
        w
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

/// Values `position` with the evaluator and checks `position − value` is zero by minimax.
pub(crate) fn check_value<G: PartizanGame + Clone>(
    game: &G,
    ev: &mut Evaluator<G>,
    arena: &mut Arena,
    position: &G::Position,
    show: &dyn Fn(&G::Position) -> String,
) -> Result<(), String> {
    let v = ev.value(arena, position).map_err(|e| e.to_string())?;
    let mut store = RawStore::default();
    let raw = store.raw_of(arena, v, &mut HashMap::new());
    let mut brute = Brute::new(game, &store);
    if brute.is_zero(&Some(position.clone()), &[(raw, true)]) {
        Ok(())
    } else {
        Err(format!(
            "{}: value {} but minimax disagrees",
            show(position),
            arena.display(v)
        ))
    }
}
