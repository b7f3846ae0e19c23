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

/// The largest nimber and up-multiple the notation builds (their canonical forms grow
/// quadratically).
pub const NOTATION_LIMIT: u64 = 1024;

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
/// One step from `{left | right}` to its canonical form (see [`Arena::explain_form`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormStep {
    /// `side`'s `option` is dominated by its other option `by` (Left drops `A ≤ A'`, Right
    /// drops `B ≥ B'`).
    Dominated {
        /// Whose option.
        side: Player,
        /// The option dropped.
        option: GameId,
        /// The option at least as good for `side`.
        by: GameId,
    },
    /// `side`'s `option` is reversible through its option `through` (for Left: `A^R ≤ G`); it
    /// is replaced by the options of `through` for `side`.
    Reversible {
        /// Whose option.
        side: Player,
        /// The option bypassed.
        option: GameId,
        /// The opponent's reply that reverses it.
        through: GameId,
        /// What replaces it.
        replacements: Vec<GameId>,
    },
    /// The options left are numbers with every Left option below every Right option: the game
    /// is the simplest number between them.
    Number {
        /// Left's options then.
        left: Vec<GameId>,
        /// Right's options then.
        right: Vec<GameId>,
        /// The simplest number.
        number: GameId,
    },
}

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
    pub(crate) labels: FxHashMap<GameId, Option<crate::notation::Label>>,
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

/// A game given by its options, not yet in canonical form: the other side of the comparisons
/// made while a form is reduced (kept in the arena between forms, so its buffers are reused).
#[derive(Clone, Debug, Default)]
struct Raw {
    left: Vec<GameId>,
    right: Vec<GameId>,
    /// `max R(G^L)` and `min L(G^R)` over the options' rounded stops (`∓∞` without options):
    /// G's stops when G is not a number, and when it is one, `x`, they bound it from outside
    /// (`R(G^L) ≤ x ≤ L(G^R)`: no `G^L ≥ x`, no `G^R ≤ x`). So `L(G) ≥` the first and
    /// `R(G) ≤` the second, always.
    stops: (f32, f32),
    /// `(x, true)`: `x ≤ G`; `(x, false)`: `G ≤ x`.
    memo: FxHashMap<(GameId, bool), bool>,
}

/// The option lists of [`Arena::traced_form`], kept in the arena between forms so their
/// buffers are reused.
#[derive(Clone, Debug, Default)]
struct FormBuffers {
    l: Vec<GameId>,
    r: Vec<GameId>,
    new_l: Vec<GameId>,
    new_r: Vec<GameId>,
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

    /// `−g`: the game with the roles of Left and Right exchanged.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(n) = self.entries[g.index()].neg {
            return n;
        }
        let n = match self.entries[g.index()].node {
            Node::Number(i) => self.number(-self.values[i as usize]),
            Node::Form { start, nl, nr } => {
                let (s, l, r) = (start as usize, nl as usize, nr as usize);
                let lefts: Vec<GameId> = self.pool[s..s + l].to_vec();
                let rights: Vec<GameId> = self.pool[s + l..s + l + r].to_vec();
                let new_left: Vec<GameId> = rights.iter().map(|&x| self.neg(x)).collect();
                let new_right: Vec<GameId> = lefts.iter().map(|&x| self.neg(x)).collect();
                self.intern_form(&new_left, &new_right)
            }
        };
        self.entries[g.index()].neg = Some(n);
        self.entries[n.index()].neg = Some(g);
        n
    }

    /// [`Arena::neg`] under the arena's budget: refused up front, before any form is made,
    /// when the forms it may make would pass the memory limit (one per form under `g` whose
    /// negative is not known yet, each with as many options as the form it mirrors).
    ///
    /// # Errors
    /// [`PartizanError::MemoryLimit`] with the estimate refused, or [`PartizanError::Stopped`]
    /// by the budget's stop flag or clock.
    pub fn try_neg(&mut self, g: GameId) -> Result<GameId, PartizanError> {
        if self.limits.is_some() && self.entries[g.index()].neg.is_none() {
            self.check_limits_with(self.neg_bytes(g))?;
        }
        Ok(self.neg(g))
    }

    /// An upper estimate of the bytes [`Arena::neg`] of `g` adds: for each form under `g`
    /// (itself included) without a known negative, an entry, its quick record, its key in the
    /// forms' table and its options in the pool.
    fn neg_bytes(&self, g: GameId) -> u64 {
        let per_form = (core::mem::size_of::<Entry>() + core::mem::size_of::<Quick>() + 40) as u64;
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![g];
        let mut bytes = 0u64;
        while let Some(x) = stack.pop() {
            if self.entries[x.index()].neg.is_some() || !seen.insert(x) {
                continue;
            }
            if let Node::Form { start, nl, nr } = self.entries[x.index()].node {
                let (s, n) = (start as usize, nl as usize + nr as usize);
                bytes += per_form + 8 * n as u64;
                stack.extend_from_slice(&self.pool[s..s + n]);
            }
        }
        bytes
    }

    /// `a + b`, the disjunctive sum.
    ///
    /// # Errors
    /// [`PartizanError::NumberRange`] when a number in the result leaves the dyadic range.
    pub fn sum(&mut self, a: GameId, b: GameId) -> Result<GameId, PartizanError> {
        let zero = self.zero();
        if a == zero {
            return Ok(b);
        }
        if b == zero {
            return Ok(a);
        }
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        self.sums_done += 1;
        if self.sums_done.is_multiple_of(SUM_CHECK) {
            self.check_limits()?;
        }
        // Nimbers add by nim-addition, without expanding the sum's forms.
        if let (Some(x), Some(y)) = (self.as_nimber(a), self.as_nimber(b)) {
            let s = self.nimber(x ^ y)?;
            self.check_growth(&self.sums)?;
            self.sums.insert(key, s);
            return Ok(s);
        }
        let (na, nb) = (self.as_number(a), self.as_number(b));
        let result = match (na, nb) {
            (Some(x), Some(y)) => {
                let z = x
                    .checked_add(y)
                    .ok_or_else(|| PartizanError::range(format!("{x} + {y}")))?;
                self.number(z)
            }
            // Number translation: for G not a number, G + x = {G^L + x | G^R + x}.
            (Some(_), None) => self.translate(b, a)?,
            (None, Some(_)) => self.translate(a, b)?,
            (None, None) => self.sum_form(a, b, false)?,
        };
        self.check_growth(&self.sums)?;
        self.sums.insert(key, result);
        Ok(result)
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

    fn translate(&mut self, g: GameId, x: GameId) -> Result<GameId, PartizanError> {
        self.sum_form(g, x, true)
    }

    /// The canonical form of `a + b` from its options (see [`Arena::sum_options`]), in two
    /// lists taken from those the arena keeps and given back after. Sums keep their own
    /// answers, so the form is not kept.
    fn sum_form(&mut self, a: GameId, b: GameId, b_number: bool) -> Result<GameId, PartizanError> {
        let mut lists = [(); 2].map(|()| {
            let mut list = self.sum_lists.pop().unwrap_or_default();
            list.clear();
            list
        });
        let [left, right] = &mut lists;
        let found = self
            .sum_options(a, b, b_number, [&mut *left, &mut *right])
            .and_then(|()| self.form_once(left, right));
        self.sum_lists.extend(lists);
        found
    }

    /// The options of `a + b`, Left's in `out[0]` and Right's in `out[1]`: the moves in `a`,
    /// and in `b` unless `b` is a number (number avoidance: `G + x = {G^L + x | G^R + x}`).
    fn sum_options(
        &mut self,
        a: GameId,
        b: GameId,
        b_number: bool,
        out: [&mut Vec<GameId>; 2],
    ) -> Result<(), PartizanError> {
        for (side, out) in [Player::Left, Player::Right].into_iter().zip(out) {
            let oa = self.opts(a, side);
            for i in 0..oa.len() {
                let x = self.opt(oa, i);
                out.push(self.sum(x, b)?);
            }
            if b_number {
                continue;
            }
            let ob = self.opts(b, side);
            for i in 0..ob.len() {
                let y = self.opt(ob, i);
                out.push(self.sum(a, y)?);
            }
        }
        Ok(())
    }

    /// `a − b`.
    ///
    /// # Errors
    /// As [`Arena::sum`].
    pub fn sub(&mut self, a: GameId, b: GameId) -> Result<GameId, PartizanError> {
        let nb = self.try_neg(b)?;
        self.sum(a, nb)
    }

    /// `n · g` for `n ≥ 0`, by doubling.
    ///
    /// # Errors
    /// As [`Arena::sum`].
    pub fn times(&mut self, g: GameId, n: u64) -> Result<GameId, PartizanError> {
        let mut acc = self.zero();
        let mut base = g;
        let mut k = n;
        while k > 0 {
            if k & 1 == 1 {
                acc = self.sum(acc, base)?;
            }
            k >>= 1;
            if k > 0 {
                base = self.sum(base, base)?;
            }
        }
        Ok(acc)
    }

    /// `a ≤ b`: Left, playing second, does at least as well in `b` as in `a` (Right has no
    /// winning first move in `b − a`).
    pub fn le(&mut self, a: GameId, b: GameId) -> bool {
        if a == b {
            return true;
        }
        let (qa, qb) = (self.quick[a.index()], self.quick[b.index()]);
        // Distinct nimbers are confused with each other.
        if qa.kind & qb.kind & NIMBER != 0 {
            return false;
        }
        match (qa.kind & NUMBER != 0, qb.kind & NUMBER != 0) {
            (true, true) => {
                return if qa.stops.0 == qb.stops.0 {
                    self.as_number(a) <= self.as_number(b)
                } else {
                    qa.stops.0 < qb.stops.0
                };
            }
            // A number x against a game H: x < R(H) gives x ≤ H (R(H − x) > 0, so Left wins
            // H − x moving second) and x > R(H) refutes it (Right wins H − x moving first);
            // only x = R(H) needs a look at H. Dually H ≤ x by L(H).
            (true, false) => {
                return match qa.stops.0.partial_cmp(&qb.stops.1) {
                    Some(Ordering::Less) => true,
                    Some(Ordering::Greater) => false,
                    // Number avoidance: with b not a number, b − x has a winning move for
                    // Right exactly when some b^R − x does, so x ≤ b iff no b^R ≤ x.
                    _ => !self.any_opt(b, Player::Right, |s, r| s.le(r, a)),
                };
            }
            (false, true) => {
                return match qa.stops.0.partial_cmp(&qb.stops.0) {
                    Some(Ordering::Less) => true,
                    Some(Ordering::Greater) => false,
                    _ => !self.any_opt(a, Player::Left, |s, l| s.le(b, l)),
                };
            }
            (false, false) => {}
        }
        // Stops are monotone: G ≤ H forces L(G) ≤ L(H) and R(G) ≤ R(H).
        if qa.stops.0 > qb.stops.0 || qa.stops.1 > qb.stops.1 {
            return false;
        }
        // R(H − G) ≥ R(H) − L(G), so L(G) < R(H) makes H − G positive.
        if qa.stops.0 < qb.stops.1 {
            return true;
        }
        if let Some(v) = self.le_memo.get(a.0, b.0) {
            return v;
        }
        let v = !self.any_opt(b, Player::Right, |s, r| s.le(r, a))
            && !self.any_opt(a, Player::Left, |s, l| s.le(b, l));
        self.le_memo.insert(a.0, b.0, v);
        v
    }

    fn any_opt(
        &mut self,
        g: GameId,
        side: Player,
        mut f: impl FnMut(&mut Arena, GameId) -> bool,
    ) -> bool {
        let o = self.opts(g, side);
        (0..o.len()).any(|i| {
            let x = self.opt(o, i);
            f(self, x)
        })
    }

    /// `a ≥ b`.
    pub fn ge(&mut self, a: GameId, b: GameId) -> bool {
        self.le(b, a)
    }

    /// How `a` compares with `b`: `Some(Less | Equal | Greater)`, or `None` when they are
    /// confused (`a || b`: the first player wins `a − b`).
    pub fn compare(&mut self, a: GameId, b: GameId) -> Option<Ordering> {
        match (self.le(a, b), self.le(b, a)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }

    /// Who wins `g`: L (g > 0), R (g < 0), P (g = 0) or N (g || 0).
    pub fn outcome(&mut self, g: GameId) -> OutcomeClass {
        let zero = self.zero();
        match self.compare(g, zero) {
            Some(Ordering::Greater) => OutcomeClass::L,
            Some(Ordering::Less) => OutcomeClass::R,
            Some(Ordering::Equal) => OutcomeClass::P,
            None => OutcomeClass::N,
        }
    }

    /// The canonical form of `{left | right}`, for options already in the arena: dominated
    /// options removed, reversible options bypassed, and a number when the simplicity rule says
    /// so.
    ///
    /// # Errors
    /// [`PartizanError::NumberRange`] when the simplest number between the options is out of
    /// range.
    pub fn form(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, PartizanError> {
        // `{ | } = 0`, the leaves of every tree of options.
        if left.is_empty() && right.is_empty() {
            return Ok(self.zero());
        }
        // Forms with few options come back again and again (a game built from its tree of
        // options meets the same small games at every turn): their answers are kept, numbers
        // too (a look-up costs less than the simplicity rule).
        let Some(key) = small_form_key(left, right) else {
            return self.traced_form(left, right, &mut None);
        };
        if let Some(&g) = self.small_forms.get(&key) {
            return Ok(g);
        }
        let g = self.traced_form(left, right, &mut None)?;
        self.small_forms.insert(key, g);
        Ok(g)
    }

    /// [`Arena::form`] without keeping the answer: for a caller that keeps its own (sums, a
    /// search's cache of positions), where each form comes once.
    pub(crate) fn form_once(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<GameId, PartizanError> {
        self.traced_form(left, right, &mut None)
    }

    /// [`Arena::form`] with each simplification step it took, in order: how `{left | right}`
    /// becomes its canonical form.
    ///
    /// # Errors
    /// As [`Arena::form`].
    pub fn explain_form(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<(GameId, Vec<FormStep>), PartizanError> {
        let mut trace = Some(Vec::new());
        let g = self.traced_form(left, right, &mut trace)?;
        Ok((g, trace.unwrap_or_default()))
    }

    fn traced_form(
        &mut self,
        left: &[GameId],
        right: &[GameId],
        trace: &mut Option<Vec<FormStep>>,
    ) -> Result<GameId, PartizanError> {
        // Reducing a form with many options costs many comparisons (a sum with *256 has
        // hundreds of options at every level), so the budget is checked here too, not only
        // every few thousand sums.
        if left.len() + right.len() >= FORM_CHECK_OPTIONS {
            self.check_limits()?;
        }
        // Options that are all numbers, Left's below Right's: no buffers needed.
        if trace.is_none()
            && let Some(x) = self.simple_number(left, right)?
        {
            return Ok(x);
        }

        let mut raw = core::mem::take(&mut self.raw);
        let mut buffers = core::mem::take(&mut self.form_buffers);
        // Clearing an empty map would still sweep its whole table.
        if !raw.memo.is_empty() {
            raw.memo.clear();
        }
        let found = self.reduce_form(left, right, trace, &mut raw, &mut buffers);
        self.raw = raw;
        self.form_buffers = buffers;
        found
    }

    /// [`Arena::traced_form`] with its buffers.
    fn reduce_form(
        &mut self,
        left: &[GameId],
        right: &[GameId],
        trace: &mut Option<Vec<FormStep>>,
        raw: &mut Raw,
        buffers: &mut FormBuffers,
    ) -> Result<GameId, PartizanError> {
        let FormBuffers { l, r, new_l, new_r } = buffers;
        for (v, given) in [(&mut *l, left), (&mut *r, right)] {
            v.clear();
            v.extend_from_slice(given);
            v.sort_unstable();
            v.dedup();
        }
        // The value of G never changes while its options are reduced, so comparisons with any
        // of its forms on the way stay valid (and their memo with them); the form with the
        // dominated options gone is the cheapest to compare with.
        loop {
            if let Some(x) = self.simple_number(l, r)? {
                if let Some(t) = trace {
                    t.push(FormStep::Number {
                        left: l.clone(),
                        right: r.clone(),
                        number: x,
                    });
                }
                return Ok(x);
            }
            self.remove_dominated(l, Player::Left, trace);
            self.remove_dominated(r, Player::Right, trace);
            raw.left.clone_from(l);
            raw.right.clone_from(r);
            raw.stops = (
                l.iter()
                    .map(|g| self.quick[g.index()].stops.1)
                    .fold(f32::NEG_INFINITY, f32::max),
                r.iter()
                    .map(|g| self.quick[g.index()].stops.0)
                    .fold(f32::INFINITY, f32::min),
            );
            let mut changed = false;
            new_l.clear();
            for &a in l.iter() {
                // A Left option A is reversible through A^R when A^R ≤ G.
                let ar = self.opts(a, Player::Right);
                let through = (0..ar.len()).find_map(|i| {
                    let x = self.opt(ar, i);
                    self.le_id_raw(x, raw).then_some(x)
                });
                match through {
                    Some(x) => {
                        changed = true;
                        let replacements = self.options(x, Player::Left);
                        if let Some(t) = trace {
                            t.push(FormStep::Reversible {
                                side: Player::Left,
                                option: a,
                                through: x,
                                replacements: replacements.clone(),
                            });
                        }
                        new_l.extend(replacements);
                    }
                    None => new_l.push(a),
                }
            }
            new_r.clear();
            for &b in r.iter() {
                let bl = self.opts(b, Player::Left);
                let through = (0..bl.len()).find_map(|i| {
                    let x = self.opt(bl, i);
                    self.le_raw_id(raw, x).then_some(x)
                });
                match through {
                    Some(x) => {
                        changed = true;
                        let replacements = self.options(x, Player::Right);
                        if let Some(t) = trace {
                            t.push(FormStep::Reversible {
                                side: Player::Right,
                                option: b,
                                through: x,
                                replacements: replacements.clone(),
                            });
                        }
                        new_r.extend(replacements);
                    }
                    None => new_r.push(b),
                }
            }
            core::mem::swap(l, new_l);
            core::mem::swap(r, new_r);
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
            if !changed {
                break;
            }
        }
        if let Some(x) = self.simple_number(l, r)? {
            if let Some(t) = trace {
                t.push(FormStep::Number {
                    left: l.clone(),
                    right: r.clone(),
                    number: x,
                });
            }
            return Ok(x);
        }
        self.check_full(
            self.forms.len(),
            self.forms.capacity(),
            hash_table_bytes(&self.forms),
        )?;
        Ok(self.intern_form(l, r))
    }

    /// The simplicity rule: when every option is a number and each Left option is less than
    /// each Right option, the game is the simplest number between them.
    fn simple_number(
        &mut self,
        l: &[GameId],
        r: &[GameId],
    ) -> Result<Option<GameId>, PartizanError> {
        if l.iter()
            .chain(r)
            .any(|g| self.quick[g.index()].kind & NUMBER == 0)
        {
            return Ok(None);
        }
        let lo = l.iter().filter_map(|&g| self.as_number(g)).max();
        let hi = r.iter().filter_map(|&g| self.as_number(g)).min();
        if let (Some(a), Some(b)) = (lo, hi)
            && a >= b
        {
            return Ok(None);
        }
        let x = Dyadic::simplest_between(lo, hi).ok_or_else(|| {
            PartizanError::range(format!(
                "the simplest number between {} and {}",
                lo.map_or("-inf".into(), |x| x.to_string()),
                hi.map_or("+inf".into(), |x| x.to_string())
            ))
        })?;
        Ok(Some(self.number(x)))
    }

    fn remove_dominated(
        &mut self,
        v: &mut Vec<GameId>,
        side: Player,
        trace: &mut Option<Vec<FormStep>>,
    ) {
        if v.len() < 2 {
            return;
        }
        // Left drops A when A ≤ A'; Right drops B when B ≥ B'.
        let worse = |s: &mut Arena, x: GameId, y: GameId| match side {
            Player::Left => s.le(x, y),
            Player::Right => s.le(y, x),
        };
        if trace.is_none() {
            // The undominated options are the maximal elements of a partial order (distinct
            // ids are distinct values): keep a running set of them, so each option is compared
            // with the few kept rather than with every other option.
            // `v[..kept]` holds them, in place.
            let mut kept = 0;
            'options: for i in 0..v.len() {
                let x = v[i];
                if v[..kept].iter().any(|&m| worse(self, x, m)) {
                    continue 'options;
                }
                let mut j = 0;
                for k in 0..kept {
                    if !worse(self, v[k], x) {
                        v[j] = v[k];
                        j += 1;
                    }
                }
                v[j] = x;
                kept = j + 1;
            }
            v.truncate(kept);
            return;
        }
        let mut keep = vec![true; v.len()];
        for i in 0..v.len() {
            for j in 0..v.len() {
                if i == j || !keep[j] {
                    continue;
                }
                if worse(self, v[i], v[j]) {
                    keep[i] = false;
                    if let Some(t) = trace {
                        t.push(FormStep::Dominated {
                            side,
                            option: v[i],
                            by: v[j],
                        });
                    }
                    break;
                }
            }
        }
        let mut k = 0;
        v.retain(|_| {
            k += 1;
            keep[k - 1]
        });
    }

    /// `x ≤ G` for the raw game G.
    fn le_id_raw(&mut self, x: GameId, raw: &mut Raw) -> bool {
        // `x ≤ G` forces `R(x) ≤ R(G)`, and `R(G)` is at most the bound kept.
        if self.quick[x.index()].stops.1 > raw.stops.1 {
            return false;
        }
        if let Some(&v) = raw.memo.get(&(x, true)) {
            return v;
        }
        let mut v = !raw.right.iter().any(|&gr| self.le(gr, x));
        if v {
            let xl = self.opts(x, Player::Left);
            for i in 0..xl.len() {
                let y = self.opt(xl, i);
                if self.le_raw_id(raw, y) {
                    v = false;
                    break;
                }
            }
        }
        raw.memo.insert((x, true), v);
        v
    }

    /// `G ≤ y` for the raw game G.
    fn le_raw_id(&mut self, raw: &mut Raw, y: GameId) -> bool {
        // `G ≤ y` forces `L(G) ≤ L(y)`, and `L(G)` is at least the bound kept.
        if raw.stops.0 > self.quick[y.index()].stops.0 {
            return false;
        }
        if let Some(&v) = raw.memo.get(&(y, false)) {
            return v;
        }
        let mut v = !raw.left.iter().any(|&gl| self.le(y, gl));
        if v {
            let yr = self.opts(y, Player::Right);
            for i in 0..yr.len() {
                let z = self.opt(yr, i);
                if self.le_id_raw(z, raw) {
                    v = false;
                    break;
                }
            }
        }
        raw.memo.insert((y, false), v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Forms worth a number though an option is not one: their stops taken from the options
    /// (`max R(G^L)`, `min L(G^R)`) only bound the true ones, which the reduction's quick
    /// refutations rely on (`{* | 1}`: 0 and 1 from the options, 0 and 0 in truth).
    #[test]
    fn forms_worth_numbers_with_options_that_are_not() {
        let mut a = Arena::new();
        for (text, value) in [
            ("{*|1}", "0"),
            ("{-1|*}", "0"),
            ("{*|*}", "0"),
            ("{*,-1|1}", "0"),
            ("{1*|3}", "1"),
            ("{{2|*}|3}", "1"),
            ("{^|1}", "1/2"),
        ] {
            let g = a.parse(text).unwrap();
            assert_eq!(a.display(g), value, "{text}");
        }
    }

    /// The names `x + n·↑ + *m` are found by sums; with a budget already passed those sums
    /// are refused, and `*256 + {2||1|0}` printed as its whole tree of options (a test run
    /// printed it for 24 minutes, 7.7 GB).
    #[test]
    fn a_game_prints_the_same_past_the_budget() {
        let text = "^8 + *5 + 3/4";
        let mut arena = Arena::new();
        let g = arena.parse(text).unwrap();
        let expected = arena.display(g);
        assert_eq!(expected, "3/4^8*5");
        // The next sum checks a memory budget of one byte (the arena holds more).
        let mut past = Arena::new();
        let g = past.parse(text).unwrap();
        past.set_limits(Some(cgt_core::budget::Budget::unlimited().with_memory(1)));
        past.sums_done = SUM_CHECK - 1;
        assert_eq!(past.display(g), expected);
    }

    /// Negation under a budget: refused up front, with nothing made, when its forms would
    /// not fit; the plain negative otherwise, and free once known.
    #[test]
    fn negation_keeps_to_the_budget() {
        let text = "{{3|{2|1}}|{{1|0}|{0|-1,{-1|-2}}}}";
        let mut free = Arena::new();
        let g = free.parse(text).unwrap();
        let expected = free.neg(g);
        let mut tight = Arena::new();
        let g = tight.parse(text).unwrap();
        let held = tight.memory_bytes();
        let entries = tight.len();
        let need = tight.neg_bytes(g);
        assert!(need > 0);
        // A budget the arena meets, but not with the negative's forms.
        tight.set_limits(Some(
            cgt_core::budget::Budget::unlimited().with_memory(held + need / 2),
        ));
        assert!(matches!(
            tight.try_neg(g),
            Err(PartizanError::MemoryLimit { .. })
        ));
        assert_eq!(tight.len(), entries, "nothing was made");
        tight.set_limits(Some(
            cgt_core::budget::Budget::unlimited().with_memory(held + need + (1 << 20)),
        ));
        let n = tight.try_neg(g).unwrap();
        assert_eq!(tight.display(n), free.display(expected));
        // Known now: no estimate, no refusal, even with a budget of one byte.
        tight.set_limits(Some(cgt_core::budget::Budget::unlimited().with_memory(1)));
        assert_eq!(tight.try_neg(g).unwrap(), n);
        assert_eq!(tight.try_neg(n).unwrap(), g);
    }

    /// A small form kept by `form` is the form found afresh, whatever the order and repeats
    /// of its options; and the key tells the sides apart.
    #[test]
    fn kept_small_forms_are_the_forms() {
        let mut a = Arena::new();
        let names = [
            "0", "*", "1", "-1", "^", "v", "1/2", "{1|-1}", "{0|-1}", "*2",
        ];
        let games: Vec<GameId> = names.iter().map(|n| a.parse(n).unwrap()).collect();
        let mut seed = 11u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let mut kept = 0;
        for _ in 0..3000 {
            let nl = next(5) as usize;
            let nr = next(7 - nl as u64) as usize;
            let l: Vec<GameId> = (0..nl).map(|_| games[next(10) as usize]).collect();
            let r: Vec<GameId> = (0..nr).map(|_| games[next(10) as usize]).collect();
            let remembered = a.form(&l, &r).unwrap();
            let (mut l2, mut r2) = (l.clone(), r.clone());
            l2.reverse();
            r2.reverse();
            l2.extend(l.first());
            assert_eq!(a.form(&l2, &r2).unwrap(), remembered);
            let mut fresh = Arena::new();
            let fl: Vec<GameId> = l
                .iter()
                .map(|&g| fresh.parse(&a.display(g)).unwrap())
                .collect();
            let fr: Vec<GameId> = r
                .iter()
                .map(|&g| fresh.parse(&a.display(g)).unwrap())
                .collect();
            let found = fresh.form_once(&fl, &fr).unwrap();
            assert_eq!(fresh.display(found), a.display(remembered), "{l:?} | {r:?}");
            kept = a.small_forms.len();
        }
        assert!(kept > 100, "{kept}");
        // The key against sorting and dropping repeats side by side.
        for _ in 0..3000 {
            let nl = next(4) as usize;
            let nr = next(7 - nl as u64) as usize;
            let l: Vec<GameId> = (0..nl).map(|_| GameId(next(6) as u32)).collect();
            let r: Vec<GameId> = (0..nr).map(|_| GameId(next(6) as u32)).collect();
            let mut expected = Vec::new();
            for side in [&l, &r] {
                let mut ids: Vec<u32> = side.iter().map(|g| g.0).collect();
                ids.sort_unstable();
                ids.dedup();
                expected.extend(ids);
                expected.push(u32::MAX);
            }
            expected.resize(SMALL_FORM_OPTIONS + 2, u32::MAX);
            assert_eq!(
                small_form_key(&l, &r).unwrap().to_vec(),
                expected,
                "{l:?} | {r:?}"
            );
        }
        let (zero, star) = (games[0], games[1]);
        assert_ne!(
            small_form_key(&[zero], &[star]),
            small_form_key(&[zero, star], &[])
        );
        assert_ne!(
            small_form_key(&[zero], &[star]),
            small_form_key(&[star], &[zero])
        );
    }

    /// Every form over options drawn from games born by day 2 comes out of `explain_form` as
    /// out of `form`, and a form with steps is never given back unchanged.
    #[test]
    fn explained_forms_are_the_forms() {
        let mut a = Arena::new();
        let names = [
            "0", "*", "1", "-1", "^", "v", "1/2", "{1|-1}", "{0|-1}", "2",
        ];
        let games: Vec<GameId> = names.iter().map(|n| a.parse(n).unwrap()).collect();
        let mut with_steps = 0;
        for mask_l in 0u32..16 {
            for mask_r in 0u32..16 {
                let pick = |m: u32, off: usize| -> Vec<GameId> {
                    (0..4)
                        .filter(|i| m >> i & 1 == 1)
                        .map(|i| games[i + off])
                        .collect()
                };
                let (l, r) = (pick(mask_l, 0), pick(mask_r, 4));
                let plain = a.form(&l, &r).unwrap();
                let (explained, steps) = a.explain_form(&l, &r).unwrap();
                assert_eq!(plain, explained);
                if !steps.is_empty() {
                    with_steps += 1;
                }
                for s in &steps {
                    if let FormStep::Dominated { side, option, by } = s {
                        let dominated = match side {
                            Player::Left => a.le(*option, *by),
                            Player::Right => a.le(*by, *option),
                        };
                        assert!(dominated);
                    }
                }
            }
        }
        assert!(with_steps > 50, "{with_steps}");
    }
}
