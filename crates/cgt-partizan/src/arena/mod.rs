//! The arena of canonical forms: every game is stored once, in canonical form, and named by a
//! [`GameId`]; equal games have the same id, so equality is an integer comparison.

use core::cmp::Ordering;
use core::hash::Hasher;

use cgt_core::OutcomeClass;
use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};

use crate::pair_cache::PairCache;
use crate::player::Player;
use crate::thermograph::Thermograph;
use crate::{Dyadic, PartizanError};

mod arithmetic;
mod labels;
mod order;
mod reduction;
#[cfg(test)]
mod tests;

pub(crate) use labels::Label;
use order::Raw;
use reduction::FormBuffers;
pub use reduction::FormStep;

/// The largest nimber and up-multiple the notation builds (their canonical forms grow
/// quadratically).
pub const NOTATION_LIMIT: u64 = 1024;

/// The most ups (`n·↑`) the notation names and reads.
pub(crate) const UP_LIMIT: u64 = 64;

/// A game in an [`Arena`]: a small handle, cheap to copy, compare and hash. Two ids of the same
/// arena are equal exactly when the games are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

impl GameId {
    /// The arena slot, for use as an index in tables of your own.
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Copy, Debug)]
enum Node {
    /// A number, `Arena::values[i]`; its canonical options are computed when asked for.
    Number(u32),
    /// A canonical form that is not a number: Left options `pool[start..start+nl]`, Right options
    /// the `nr` after them, each sorted by id.
    Form { start: u32, nl: u32, nr: u32 },
}

/// 40 bytes: the numbers' values are kept apart (a `Dyadic` takes 32 bytes, and an entry held
/// three, 128 bytes in all, two cache lines for every comparison that reads the options).
#[derive(Clone, Copy, Debug)]
struct Entry {
    node: Node,
    birthday: u64,
    /// The negative, once known.
    neg: Option<GameId>,
    /// Left and right stops, as the numbers' ids, kept for the quick test `G ≤ H ⇒ L(G) ≤
    /// L(H) and R(G) ≤ R(H)`.
    stops: (GameId, GameId),
}

/// What [`Arena::le`] reads first about a game: a small record in a dense array (the entries
/// are large, and most comparisons are settled here).
#[derive(Clone, Copy, Debug)]
struct Quick {
    /// The Left and Right stops rounded to `f32`. Rounding is monotone, so a larger rounded
    /// stop is a larger stop: `G ≤ H` forces each rounded stop of `G` to be at most `H`'s.
    stops: (f32, f32),
    /// [`NUMBER`] and [`NIMBER`] bits (`0` has both).
    kind: u8,
}

const NUMBER: u8 = 1;
const NIMBER: u8 = 2;

/// `x` rounded to `f32`: `num` rounds to the nearest `f64`, scaling by `2^-exp` is exact, and
/// the narrowing rounds to nearest again, so the map is monotone in `x`.
fn rounded(x: Dyadic) -> f32 {
    (x.numerator() as f64 / f64::from(x.exponent()).exp2()) as f32
}

/// The options of one side of one game, without borrowing the arena.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Opts {
    Slice { start: u32, len: u32 },
    One(GameId),
    Empty,
}

impl Opts {
    pub(crate) fn len(self) -> usize {
        match self {
            Opts::Slice { len, .. } => len as usize,
            Opts::One(_) => 1,
            Opts::Empty => 0,
        }
    }
}

/// The store of canonical forms, with memoised sum, negation and comparison.
///
/// Every game is built in canonical form (dominated options removed, reversible options
/// bypassed), and hash-consed: building a game equal to one already stored returns the same
/// [`GameId`]. Numbers are stored by value and their options produced on demand, so
/// `2^60` costs one slot, not `2^60`.
///
/// ```
/// use cgt_partizan::Arena;
/// use cgt_core::OutcomeClass;
///
/// let mut a = Arena::new();
/// let up = a.up();
/// let star = a.nimber(1)?;
/// let up_star = a.sum(up, star)?;
/// assert_eq!(a.outcome(up_star), OutcomeClass::N); // ↑* is confused with zero
/// assert_eq!(a.outcome(up), OutcomeClass::L);
/// let g = a.parse("{0,*|0}")?;
/// assert_eq!(g, up_star); // same canonical form, same id
/// assert_eq!(a.display(g), "^*");
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Arena {
    entries: Vec<Entry>,
    /// The value of each number entry, by its [`Node::Number`] index.
    values: Vec<Dyadic>,
    /// One [`Quick`] per entry.
    quick: Vec<Quick>,
    pool: Vec<GameId>,
    numbers: FxHashMap<Dyadic, GameId>,
    /// The ids of the small numbers met so far (see [`small_slot`]), [`NO_ID`] for the others:
    /// most numbers asked for are small, and this is read without hashing.
    small_numbers: Vec<u32>,
    /// The forms stored, found by their options, which are read from `pool` (each form's
    /// options are kept once): see [`form_hash`].
    forms: HashTable<GameId>,
    sums: FxHashMap<(GameId, GameId), GameId>,
    /// The canonical forms of the forms with few options [`Arena::form`] was given (sides
    /// sorted, repeats dropped).
    small_forms: FxHashMap<SmallFormKey, GameId>,
    /// Answers of [`Arena::le`] that needed the options (lossy: a forgotten one is found
    /// again).
    le_memo: PairCache,
    nimbers: Vec<GameId>,
    /// `n` for each `*n` in `nimbers`.
    nimber_of: FxHashMap<GameId, u64>,
    scratch: Vec<GameId>,
    /// The buffers of [`Arena::traced_form`].
    raw: Raw,
    form_buffers: FormBuffers,
    /// Option lists of the sums under way, kept for the next sums (a sum recurses into sums
    /// of its options, each needing two lists: taken from here, they cost no allocation).
    sum_lists: Vec<Vec<GameId>>,
    /// Thermographs computed so far (`thermo.rs`).
    pub(crate) thermographs: FxHashMap<GameId, Thermograph>,
    /// How games printed so far are printed (`notation.rs`).
    pub(crate) labels: FxHashMap<GameId, Option<Label>>,
    /// The budget of the search using the arena, checked every [`SUM_CHECK`] sums (one sum of
    /// large games can run for minutes).
    limits: Option<cgt_core::budget::Budget>,
    /// Sums computed, for the budget's checks.
    sums_done: u64,
}

/// The bytes a hash table has reserved: its slots (a key, a value and a control byte each,
/// at most 7/8 of them in use) — not what the keys and values own elsewhere.
pub(crate) fn table_bytes<K, V, S>(t: &std::collections::HashMap<K, V, S>) -> u64 {
    slot_bytes(t.capacity(), core::mem::size_of::<(K, V)>())
}

/// The bytes a [`HashTable`] has reserved, counted as [`table_bytes`] counts a map's.
fn hash_table_bytes<T>(t: &HashTable<T>) -> u64 {
    slot_bytes(t.capacity(), core::mem::size_of::<T>())
}

/// The bytes of a hash table with room for `capacity` entries of `entry` bytes: its slots (at
/// most 7/8 of them in use), each with a control byte.
fn slot_bytes(capacity: usize, entry: usize) -> u64 {
    (capacity as u64 * 8).div_ceil(7) * (entry as u64 + 1)
}

/// The hash of a form by its Left options' count and its options (each side sorted).
fn form_hash(nl: usize, options: &[GameId]) -> u64 {
    let mut h = FxHasher::default();
    h.write_usize(nl);
    for g in options {
        h.write_u32(g.0);
    }
    h.finish()
}

/// The Left options' count and the options of a stored form (a number has none listed).
fn stored_form<'a>(entries: &[Entry], pool: &'a [GameId], id: GameId) -> (usize, &'a [GameId]) {
    match entries[id.index()].node {
        Node::Form { start, nl, nr } => {
            let start = start as usize;
            (nl as usize, &pool[start..start + nl as usize + nr as usize])
        }
        Node::Number(_) => (usize::MAX, &[]),
    }
}

/// Small numbers, kept in a table by [`small_slot`]: `num / 2^exp` with `exp <=
/// SMALL_EXP` and `|num| < SMALL_NUM`.
const SMALL_EXP: u32 = 6;
const SMALL_NUM: i128 = 512;
const SMALL_SLOTS: usize = (SMALL_EXP as usize + 1) * 2 * SMALL_NUM as usize;
/// No game yet in a slot of the small numbers' table.
const NO_ID: u32 = u32::MAX;

/// The slot of a small number in [`Arena::small_numbers`], `None` for the others.
fn small_slot(x: Dyadic) -> Option<usize> {
    let (num, exp) = (x.numerator(), x.exponent());
    (exp <= SMALL_EXP && num.abs() < SMALL_NUM)
        .then(|| exp as usize * 2 * SMALL_NUM as usize + (num + SMALL_NUM) as usize)
}

/// Options of the forms [`Arena::small_forms`] remembers, at most.
const SMALL_FORM_OPTIONS: usize = 6;

/// The key of a form with at most [`SMALL_FORM_OPTIONS`] options: the two sides sorted without
/// repeats, each closed by `u32::MAX` (no game's id), the rest filled with it.
type SmallFormKey = [u32; SMALL_FORM_OPTIONS + 2];

fn small_form_key(left: &[GameId], right: &[GameId]) -> Option<SmallFormKey> {
    if left.len() + right.len() > SMALL_FORM_OPTIONS {
        return None;
    }
    let mut key = [u32::MAX; SMALL_FORM_OPTIONS + 2];
    let mut at = 0;
    for side in [left, right] {
        // Each option goes in by insertion into the sorted run, unless it is there already
        // (a handful of options: no call to a sort, and no place left to clear).
        let start = at;
        for g in side {
            let x = g.0;
            if key[start..at].contains(&x) {
                continue;
            }
            let mut i = at;
            while i > start && key[i - 1] > x {
                key[i] = key[i - 1];
                i -= 1;
            }
            key[i] = x;
            at += 1;
        }
        at += 1;
    }
    Some(key)
}

/// The most slots of the comparisons' memory (8 bytes each).
const LE_MEMO_SLOTS: usize = 1 << 24;

/// Sums between two checks of the arena's budget.
const SUM_CHECK: u64 = 4096;
/// Forms with at least this many options check the budget before they are reduced.
const FORM_CHECK_OPTIONS: usize = 16;

impl Default for Arena {
    fn default() -> Arena {
        Arena::new()
    }
}

impl Arena {
    /// An arena holding only `0`.
    #[must_use]
    pub fn new() -> Arena {
        let mut a = Arena {
            entries: Vec::new(),
            values: Vec::new(),
            quick: Vec::new(),
            pool: Vec::new(),
            numbers: FxHashMap::default(),
            small_numbers: vec![NO_ID; SMALL_SLOTS],
            forms: HashTable::new(),
            sums: FxHashMap::default(),
            small_forms: FxHashMap::default(),
            le_memo: PairCache::new(LE_MEMO_SLOTS),
            nimbers: Vec::new(),
            nimber_of: FxHashMap::default(),
            scratch: Vec::new(),
            raw: Raw::default(),
            form_buffers: FormBuffers::default(),
            sum_lists: Vec::new(),
            thermographs: FxHashMap::default(),
            labels: FxHashMap::default(),
            limits: None,
            sums_done: 0,
        };
        let zero = a.number(Dyadic::ZERO);
        a.push_nimber(zero);
        a
    }

    /// Makes every sum check `limits` (every few thousand sums) until it is set to `None`:
    /// the evaluator sets its own budget here while it searches.
    pub fn set_limits(&mut self, limits: Option<cgt_core::budget::Budget>) {
        // The comparisons' memory takes at most an eighth of a memory budget: it grows by
        // doubling, between two of the budget's checks.
        let memory = limits.as_ref().and_then(cgt_core::budget::Budget::memory);
        self.le_memo.set_cap(memory.map_or(LE_MEMO_SLOTS, |bytes| {
            let slots = usize::try_from(bytes / 64).unwrap_or(usize::MAX);
            slots.clamp(1, LE_MEMO_SLOTS)
        }));
        self.limits = limits;
    }

    /// `f` with the budget set aside: how a game is printed must not depend on whether a
    /// search before it passed its limit (the names `x + n·↑ + *m` are found by sums, and a
    /// sum refused by the budget would print the game as its whole tree of options instead).
    pub(crate) fn unlimited<T>(&mut self, f: impl FnOnce(&mut Arena) -> T) -> T {
        let limits = self.limits.take();
        let out = f(self);
        self.limits = limits;
        out
    }

    /// Records `id` as the next nimber, `*nimbers.len()`.
    fn push_nimber(&mut self, id: GameId) {
        self.quick[id.index()].kind |= NIMBER;
        self.nimber_of.insert(id, self.nimbers.len() as u64);
        self.nimbers.push(id);
    }

    /// `n` when `g` is the nimber `*n` as [`Arena::nimber`] built it. A nimber that a search
    /// reached as a canonical form of options (`{0, * | 0, *}`) shares its id only if
    /// `Arena::nimber` built it first, so `None` does not prove `g` is no nimber: callers use
    /// this as a fast path only (the Cram sweep compares with `Arena::nimber(n)` instead).
    #[must_use]
    pub fn as_nimber(&self, g: GameId) -> Option<u64> {
        self.nimber_of.get(&g).copied()
    }

    /// Games stored.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Never true: an arena holds at least `0`.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// An estimate of the bytes the arena holds, for memory budgets: what its vectors and
    /// tables have reserved (not only what they use; a table doubles when it fills).
    #[must_use]
    pub fn memory_bytes(&self) -> u64 {
        fn vec<T>(v: &Vec<T>) -> u64 {
            (v.capacity() * core::mem::size_of::<T>()) as u64
        }
        vec(&self.entries)
            + vec(&self.values)
            + vec(&self.quick)
            + vec(&self.pool)
            + vec(&self.small_numbers)
            + self.sum_lists.iter().map(vec).sum::<u64>()
            + table_bytes(&self.numbers)
            + table_bytes(&self.sums)
            + table_bytes(&self.small_forms)
            + table_bytes(&self.nimber_of)
            + table_bytes(&self.thermographs)
            + table_bytes(&self.labels)
            + hash_table_bytes(&self.forms)
            + self.le_memo.bytes()
    }

    /// `0`.
    #[must_use]
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> GameId {
        let small = small_slot(x);
        if let Some(i) = small
            && self.small_numbers[i] != NO_ID
        {
            return GameId(self.small_numbers[i]);
        }
        if let Some(&id) = self.numbers.get(&x) {
            return id;
        }
        let at = u32::try_from(self.values.len()).expect("fewer than 2^32 numbers");
        self.values.push(x);
        let id = self.next_id();
        let id = self.push(
            Entry {
                node: Node::Number(at),
                birthday: x.birthday(),
                neg: None,
                stops: (id, id),
            },
            (x, x),
        );
        self.numbers.insert(x, id);
        if let Some(i) = small {
            self.small_numbers[i] = id.0;
        }
        id
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::from_int(n))
    }

    /// The nimber `*n`.
    ///
    /// # Errors
    /// [`PartizanError::TooLarge`] for `n > 1024` (`*n` has `n` options on each side, and
    /// building it builds every smaller nimber).
    pub fn nimber(&mut self, n: u64) -> Result<GameId, PartizanError> {
        if n > NOTATION_LIMIT {
            return Err(PartizanError::TooLarge {
                message: format!(
                    "*{n} is too large to build as a canonical form (limit *{NOTATION_LIMIT})"
                ),
            });
        }
        while self.nimbers.len() as u64 <= n {
            let opts = self.nimbers.clone();
            let id = self.intern_form(&opts, &opts);
            self.push_nimber(id);
        }
        Ok(self.nimbers[n as usize])
    }

    /// `↑ = {0 | *}`.
    pub fn up(&mut self) -> GameId {
        let star = self.nimbers.get(1).copied();
        let star = match star {
            Some(s) => s,
            None => {
                let z = [self.zero()];
                let s = self.intern_form(&z, &z);
                self.push_nimber(s);
                s
            }
        };
        let zero = self.zero();
        self.intern_form(&[zero], &[star])
    }

    /// The id the next game stored gets.
    fn next_id(&self) -> GameId {
        GameId(u32::try_from(self.entries.len()).expect("fewer than 2^32 games"))
    }

    /// Stores `e`, whose stops are `stops`.
    fn push(&mut self, e: Entry, stops: (Dyadic, Dyadic)) -> GameId {
        let id = self.next_id();
        self.quick.push(Quick {
            stops: (rounded(stops.0), rounded(stops.1)),
            kind: if matches!(e.node, Node::Number(_)) {
                NUMBER
            } else {
                0
            },
        });
        self.entries.push(e);
        id
    }

    /// Stores `{left | right}`, which the caller guarantees to be canonical and not a number.
    fn intern_form(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        let mut key = core::mem::take(&mut self.scratch);
        key.clear();
        key.extend_from_slice(left);
        key.extend_from_slice(right);
        let nl = left.len();
        key[..nl].sort_unstable();
        key[nl..].sort_unstable();
        let hash = form_hash(nl, &key);
        let (entries, pool) = (&self.entries, &self.pool);
        if let Some(&id) = self
            .forms
            .find(hash, |&id| stored_form(entries, pool, id) == (nl, &key[..]))
        {
            self.scratch = key;
            return id;
        }
        let start = u32::try_from(self.pool.len()).expect("fewer than 2^32 options");
        self.pool.extend_from_slice(&key);
        let birthday = 1 + key
            .iter()
            .map(|g| self.entries[g.index()].birthday)
            .max()
            .unwrap_or(0);
        // The stops are the options' (numbers already stored): kept by id.
        let zero = (Dyadic::ZERO, self.zero());
        let ls = key[..nl]
            .iter()
            .map(|g| {
                let s = self.entries[g.index()].stops.1;
                (self.value(s), s)
            })
            .max_by_key(|&(x, _)| x)
            .unwrap_or(zero);
        let rs = key[nl..]
            .iter()
            .map(|g| {
                let s = self.entries[g.index()].stops.0;
                (self.value(s), s)
            })
            .min_by_key(|&(x, _)| x)
            .unwrap_or(zero);
        let id = self.push(
            Entry {
                node: Node::Form {
                    start,
                    nl: left.len() as u32,
                    nr: right.len() as u32,
                },
                birthday,
                neg: None,
                stops: (ls.1, rs.1),
            },
            (ls.0, rs.0),
        );
        let (entries, pool) = (&self.entries, &self.pool);
        self.forms.insert_unique(hash, id, |&g| {
            let (nl, options) = stored_form(entries, pool, g);
            form_hash(nl, options)
        });
        self.scratch = key;
        id
    }

    /// The number this game equals, if it is one.
    #[must_use]
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        match self.entries[g.index()].node {
            Node::Number(i) => Some(self.values[i as usize]),
            Node::Form { .. } => None,
        }
    }

    /// The value of `g`, a number stored in the arena.
    fn value(&self, g: GameId) -> Dyadic {
        self.as_number(g).expect("a stop is a number")
    }

    /// The left and right stops (also [`Arena::stops`]).
    pub(crate) fn stored_stops(&self, g: GameId) -> (Dyadic, Dyadic) {
        let (l, r) = self.entries[g.index()].stops;
        (self.value(l), self.value(r))
    }

    /// The day the game is born: the height of its canonical game tree.
    #[must_use]
    pub fn birthday(&self, g: GameId) -> u64 {
        self.entries[g.index()].birthday
    }

    pub(crate) fn opts(&mut self, g: GameId, side: Player) -> Opts {
        match self.entries[g.index()].node {
            Node::Form { start, nl, nr } => match side {
                Player::Left => Opts::Slice { start, len: nl },
                Player::Right => Opts::Slice {
                    start: start + nl,
                    len: nr,
                },
            },
            Node::Number(i) => {
                let x = self.values[i as usize];
                let o = match side {
                    Player::Left => x.left_option(),
                    Player::Right => x.right_option(),
                };
                match o {
                    Some(y) => Opts::One(self.number(y)),
                    None => Opts::Empty,
                }
            }
        }
    }

    pub(crate) fn opt(&self, o: Opts, i: usize) -> GameId {
        match o {
            Opts::Slice { start, .. } => self.pool[start as usize + i],
            Opts::One(g) => g,
            Opts::Empty => unreachable!("no options to index"),
        }
    }

    /// The options of `side` in the canonical form of `g`.
    pub fn options(&mut self, g: GameId, side: Player) -> Vec<GameId> {
        let o = self.opts(g, side);
        (0..o.len()).map(|i| self.opt(o, i)).collect()
    }

    /// `{f(Gᴸ) | f(Gᴿ)}` in canonical form: each option of the canonical form of `g` mapped by
    /// `f`, which is told whose option it is — the one recursion of cooling, heating and the
    /// reduced canonical form.
    pub(crate) fn map_options(
        &mut self,
        g: GameId,
        mut f: impl FnMut(&mut Arena, GameId, Player) -> Result<GameId, PartizanError>,
    ) -> Result<GameId, PartizanError> {
        let mut sides = [Vec::new(), Vec::new()];
        for (side, player) in [(0, Player::Left), (1, Player::Right)] {
            for x in self.options(g, player) {
                sides[side].push(f(self, x, player)?);
            }
        }
        self.form(&sides[0], &sides[1])
    }

    /// Left's options in canonical form.
    pub fn left_options(&mut self, g: GameId) -> Vec<GameId> {
        self.options(g, Player::Left)
    }

    /// Right's options in canonical form.
    pub fn right_options(&mut self, g: GameId) -> Vec<GameId> {
        self.options(g, Player::Right)
    }

    /// The budget's verdict on the work so far (nothing without a budget).
    fn check_limits(&self) -> Result<(), PartizanError> {
        self.check_limits_with(0)
    }

    /// Before a full table grows: its new slots are allocated while the old ones are still
    /// held, so the budget is asked for the new table too (the sums' and forms' tables are
    /// the largest, and one growing just under the limit passed it by a fifth).
    fn check_growth<K, V, S>(
        &self,
        table: &std::collections::HashMap<K, V, S>,
    ) -> Result<(), PartizanError> {
        self.check_full(table.len(), table.capacity(), table_bytes(table))
    }

    /// [`Arena::check_growth`] for a table of `len` entries with room for `capacity`, holding
    /// `bytes`.
    fn check_full(&self, len: usize, capacity: usize, bytes: u64) -> Result<(), PartizanError> {
        if self.limits.is_some() && len == capacity {
            self.check_limits_with(2 * bytes)
        } else {
            Ok(())
        }
    }

    /// [`Arena::check_limits`] with `extra` bytes about to be allocated.
    fn check_limits_with(&self, extra: u64) -> Result<(), PartizanError> {
        let Some(limits) = &self.limits else {
            return Ok(());
        };
        limits
            .check(0, self.memory_bytes() + extra)
            .map_err(|e| match e {
                cgt_core::budget::Exceeded::Memory { limit, .. } => PartizanError::MemoryLimit {
                    budget: limit,
                    stored: self.entries.len() as u64,
                },
                other => PartizanError::Stopped(other),
            })
    }
}
