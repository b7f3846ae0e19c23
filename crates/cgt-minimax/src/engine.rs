//! Search over implicit two-player zero-sum games: negamax alpha-beta with a fixed-size
//! transposition table that stores bound types, iterative deepening, a null-window driver
//! (MTD(f)), move-ordering hooks and symmetry canonicalisation.
//!
//! Every score is from the point of view of the side to move (negamax). The solver is exact:
//! whatever the table size (or no table), the options and the thread count, [`Solver::solve`]
//! returns the game's value and [`Solver::best_moves`] the same set of moves. The table only
//! changes how much work that takes; a full key is stored in every entry, so a collision in
//! the index never mixes two positions.
//!
//! # The contract a [`Game`] signs
//!
//! - [`Game::key`] identifies a position exactly: two positions with one key have the same
//!   value and the same legal moves. [`Game::canonical_key`] may map symmetric positions to one
//!   key; positions with one canonical key must have the same value.
//! - [`Game::score_range`] bounds every score of the game; [`Game::bounds`] may narrow it for
//!   one position (knowledge such as "this side has no line left to complete").
//! - [`Game::search_moves`] may leave out moves, as long as the moves it keeps include one of
//!   the best (for example only the immediate win, or only the block of the opponent's
//!   threat). [`Game::moves`] is always every legal move.
//!
//! # Examples
//!
//! ```
//! use cgt_minimax::engine::{Options, Solver};
//! use cgt_minimax::mnk::Mnk;
//!
//! let tic_tac_toe = Mnk::new(3, 3, 3).unwrap();
//! let mut solver = Solver::new(Options::default());
//! let (value, best) = solver.best_moves(&tic_tac_toe);
//! assert_eq!(value, 0); // a draw
//! assert_eq!(best.len(), 9); // every first move keeps the draw
//! ```

use core::fmt::Debug;

use cgt_core::budget::{Budget, Exceeded};

/// A finite two-player zero-sum game, scored from the side to move's point of view.
pub trait Game: Clone {
    /// A move, printed and read as people write it (a column, a cell, a slot).
    type Move: Copy + PartialEq + Debug + core::fmt::Display + core::str::FromStr;
    /// Appends every legal move (in the game's natural order).
    fn moves(&self, out: &mut Vec<Self::Move>);
    /// Plays a move.
    fn play(&mut self, m: Self::Move);
    /// The score for the side to move when the game is over.
    fn terminal(&self) -> Option<i32>;
    /// A key identifying the position exactly.
    fn key(&self) -> u128;
    /// A key shared by positions that are symmetric to this one (default: [`Game::key`]).
    fn canonical_key(&self) -> u128 {
        self.key()
    }
    /// Bounds `(lo, hi)` on every score of the game (default −1 to 1: loss, draw, win).
    fn score_range(&self) -> (i32, i32) {
        (-1, 1)
    }
    /// Bounds on the value of this non-terminal position (default [`Game::score_range`]).
    fn bounds(&self) -> (i32, i32) {
        self.score_range()
    }
    /// The moves worth searching: a subset of [`Game::moves`] that contains a best move
    /// (default: every move).
    fn search_moves(&self, out: &mut Vec<Self::Move>) {
        self.moves(out);
    }
    /// Move-ordering hook: reorders moves so the likely best come first (default: no change).
    fn order_moves(&self, _moves: &mut [Self::Move]) {}
    /// A heuristic score for depth-limited search, within [`Game::bounds`] (default 0).
    fn evaluate(&self) -> i32 {
        0
    }
}

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// No entry.
    Empty,
    /// The score is the value.
    Exact,
    /// The value is at least the score (a cutoff at the upper edge of the window).
    Lower,
    /// The value is at most the score (every move failed low).
    Upper,
}

/// The depth that means "searched to the end of the game".
const UNLIMITED: u8 = u8::MAX;

/// One transposition-table entry.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u128,
    score: i32,
    bound: Bound,
    /// Plies searched below (UNLIMITED: no horizon was met).
    depth: u8,
    /// Index of the best move in the ordered search list, or u8::MAX.
    best: u8,
    /// log2 of the nodes the search below took (replacement priority).
    work: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    bound: Bound::Empty,
    depth: 0,
    best: u8::MAX,
    work: 0,
};

/// A fixed-size table of 2^bits entries in buckets of two: one slot kept by the most work,
/// one always replaced.
#[derive(Debug)]
struct Table {
    entries: Vec<Entry>,
    shift: u32,
}

impl Table {
    fn new(bits: u32) -> Table {
        let bits = bits.clamp(1, 40);
        Table {
            entries: vec![EMPTY; 1 << bits],
            shift: 64 - bits,
        }
    }

    fn bucket(&self, key: u128) -> usize {
        let mixed = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> self.shift) as usize & !1
    }

    fn probe(&self, key: u128) -> Option<Entry> {
        let i = self.bucket(key);
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.bound != Bound::Empty && e.key == key)
            .copied()
    }

    fn store(&mut self, entry: Entry) {
        let i = self.bucket(entry.key);
        let slot = if self.entries[i].key == entry.key
            || self.entries[i].bound == Bound::Empty
            || entry.work >= self.entries[i].work
        {
            i
        } else {
            i + 1
        };
        self.entries[slot] = entry;
    }
}

/// Bytes of a transposition table of 2^bits entries.
#[must_use]
pub fn table_bytes(bits: u32) -> u128 {
    (1u128 << bits) * core::mem::size_of::<Entry>() as u128
}

/// The transposition-table size for a search over `empty` free cells by `threads` threads:
/// 2^(empty − 8) entries, between 2^10 and 2^22, so bigger searches get bigger tables.
///
/// # Errors
/// [`TablesTooLarge`] when the `threads` tables would need more than `memory_limit` bytes.
///
/// # Examples
///
/// ```
/// use cgt_minimax::engine::table_bits_for;
///
/// assert_eq!(table_bits_for(9, 1, u128::MAX), Ok(10));
/// assert_eq!(table_bits_for(28, 2, u128::MAX), Ok(20));
/// assert!(table_bits_for(40, 2, 1 << 20).is_err());
/// ```
pub fn table_bits_for(
    empty: u32,
    threads: usize,
    memory_limit: u128,
) -> Result<u32, TablesTooLarge> {
    let bits = empty.saturating_sub(8).clamp(10, 22);
    let bytes = table_bytes(bits) * threads.max(1) as u128;
    if bytes > memory_limit {
        return Err(TablesTooLarge {
            bytes,
            limit: memory_limit,
        });
    }
    Ok(bits)
}

/// The search tables would need more memory than allowed; nothing was allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TablesTooLarge {
    /// Bytes the tables would need.
    pub bytes: u128,
    /// The limit in bytes.
    pub limit: u128,
}

impl core::fmt::Display for TablesTooLarge {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "the search tables need {} bytes but the memory limit is {} bytes",
            self.bytes, self.limit
        )
    }
}

impl std::error::Error for TablesTooLarge {}

/// Which search techniques a [`Solver`] uses. All of them leave the result unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// A transposition table of 2^bits entries, or none.
    pub table_bits: Option<u32>,
    /// The game's [`Game::order_moves`] hook and the table's best move first.
    pub ordering: bool,
    /// The game's knowledge: [`Game::bounds`] and [`Game::search_moves`].
    pub knowledge: bool,
    /// Store positions under [`Game::canonical_key`].
    pub symmetry: bool,
    /// Drive the search with null windows (MTD(f)) instead of one full window.
    pub null_window: bool,
    /// Search 1, 2, 3, … plies deep (filling the table's best moves) until no horizon is met.
    pub iterative_deepening: bool,
}

impl Default for Options {
    /// Everything on, with a table of 2^20 entries (32 MiB).
    fn default() -> Options {
        Options {
            table_bits: Some(20),
            ordering: true,
            knowledge: true,
            symmetry: true,
            null_window: true,
            iterative_deepening: false,
        }
    }
}

impl Options {
    /// Plain alpha-beta: no table, no ordering, no game knowledge, one full window.
    #[must_use]
    pub fn plain() -> Options {
        Options {
            table_bits: None,
            ordering: false,
            knowledge: false,
            symmetry: false,
            null_window: false,
            iterative_deepening: false,
        }
    }
}

/// Negamax alpha-beta (fail-soft) with the techniques chosen in [`Options`].
///
/// # Examples
///
/// ```
/// use cgt_minimax::engine::{Options, Solver};
/// use cgt_minimax::mnk::Mnk;
///
/// let board = Mnk::new(4, 4, 4)?;
/// let every_option = [Options::default(), Options { table_bits: None, ..Options::default() }];
/// for options in every_option {
///     assert_eq!(Solver::new(options).solve(&board), 0); // the options never change the value
/// }
/// # Ok::<(), cgt_minimax::BoardError>(())
/// ```
#[derive(Debug)]
pub struct Solver<G: Game> {
    options: Options,
    table: Option<Table>,
    buffers: Vec<Vec<G::Move>>,
    /// Positions searched.
    pub nodes: u64,
    /// Times a value came from the horizon (or from a table entry searched with one).
    horizon: u64,
    /// Time limit and stop flag, checked every 4,096 positions.
    budget: Option<Budget>,
    /// The limit that stopped the search; once set, every search returns at once and stores
    /// nothing.
    exceeded: Option<Exceeded>,
}

impl<G: Game> Solver<G> {
    /// A solver with the given options.
    #[must_use]
    pub fn new(options: Options) -> Solver<G> {
        Solver {
            options,
            table: options.table_bits.map(Table::new),
            buffers: Vec::new(),
            nodes: 0,
            horizon: 0,
            budget: None,
            exceeded: None,
        }
    }

    /// The same solver, stopped at the budget's time limit or stop flag (checked every 4,096
    /// positions; the table's memory is fixed by the options). The `try_` methods then answer
    /// [`Exceeded`]; the others return meaningless values after a stop.
    #[must_use]
    pub fn with_limits(mut self, budget: Budget) -> Solver<G> {
        self.budget = Some(budget);
        self
    }

    /// [`Solver::solve`] within the budget.
    ///
    /// # Errors
    /// The limit that stopped the search.
    pub fn try_solve(&mut self, game: &G) -> Result<i32, Exceeded> {
        let v = self.solve(game);
        self.exceeded.clone().map_or(Ok(v), Err)
    }

    /// [`Solver::best_moves`] within the budget.
    ///
    /// # Errors
    /// The limit that stopped the search.
    pub fn try_best_moves(&mut self, game: &G) -> Result<(i32, Vec<G::Move>), Exceeded> {
        let found = self.best_moves(game);
        self.exceeded.clone().map_or(Ok(found), Err)
    }

    /// The options in use.
    #[must_use]
    pub fn options(&self) -> Options {
        self.options
    }

    /// The exact value of `game` for the side to move.
    pub fn solve(&mut self, game: &G) -> i32 {
        if let Some(score) = game.terminal() {
            return score;
        }
        let (lo, hi) = self.root_bounds(game);
        if self.options.iterative_deepening {
            let mut guess = 0;
            for depth in 1..UNLIMITED {
                self.horizon = 0;
                guess = self.drive(game, lo, hi, depth, guess);
                if self.horizon == 0 || self.exceeded.is_some() {
                    return guess;
                }
            }
        }
        self.drive(game, lo, hi, UNLIMITED, 0)
    }

    /// Whether the value of `game` is at least `threshold` (one null-window search).
    pub fn at_least(&mut self, game: &G, threshold: i32) -> bool {
        if let Some(score) = game.terminal() {
            return score >= threshold;
        }
        self.search(game, threshold - 1, threshold, UNLIMITED, 0) >= threshold
    }

    /// Every legal move that keeps the value of `game` (its best moves), with that value.
    /// Empty when the game is over.
    pub fn best_moves(&mut self, game: &G) -> (i32, Vec<G::Move>) {
        let value = self.solve(game);
        if game.terminal().is_some() {
            return (value, Vec::new());
        }
        let mut moves = Vec::new();
        game.moves(&mut moves);
        let best = moves
            .into_iter()
            .filter(|&m| {
                let mut next = game.clone();
                next.play(m);
                // The move keeps the value when the opponent's value is at most −value.
                !self.at_least(&next, -value + 1)
            })
            .collect();
        (value, best)
    }

    fn root_bounds(&self, game: &G) -> (i32, i32) {
        let (lo, hi) = game.score_range();
        if self.options.knowledge {
            let (a, b) = game.bounds();
            (lo.max(a), hi.min(b))
        } else {
            (lo, hi)
        }
    }

    fn drive(&mut self, game: &G, mut lo: i32, mut hi: i32, depth: u8, guess: i32) -> i32 {
        if !self.options.null_window {
            return self.search(game, lo, hi, depth, 0).clamp(lo, hi);
        }
        // MTD(f): null-window tests around the current guess until the bounds meet.
        let mut g = guess.clamp(lo, hi);
        while lo < hi && self.exceeded.is_none() {
            let beta = if g == lo { g + 1 } else { g };
            let r = self.search(game, beta - 1, beta, depth, 0);
            if r < beta {
                hi = hi.min(r).max(lo);
            } else {
                lo = lo.max(r).min(hi);
            }
            g = r.clamp(lo, hi);
        }
        lo
    }

    fn table_key(&self, game: &G) -> u128 {
        if self.options.symmetry {
            game.canonical_key()
        } else {
            game.key()
        }
    }

    /// Fail-soft negamax within `(alpha, beta)`: a result r ≤ alpha bounds the value from
    /// above, r ≥ beta from below, anything between is the value (with `depth` plies left).
    pub fn search(&mut self, game: &G, alpha: i32, beta: i32, depth: u8, ply: usize) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096)
            && let Some(budget) = &self.budget
            && let Err(e) = budget.check_interrupt()
        {
            self.exceeded = Some(e);
        }
        if self.exceeded.is_some() {
            return 0;
        }
        if let Some(score) = game.terminal() {
            return score;
        }
        let (lo, hi) = if self.options.knowledge {
            game.bounds()
        } else {
            (i32::MIN + 1, i32::MAX)
        };
        if lo >= beta || lo == hi {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        if depth == 0 {
            self.horizon += 1;
            return game.evaluate().clamp(lo, hi);
        }
        let (mut alpha, mut beta) = (alpha.max(lo), beta.min(hi));
        let horizon_before = self.horizon;
        let nodes_before = self.nodes;
        let key = self.table.as_ref().map(|_| self.table_key(game));
        let mut hash_move = None;
        if let (Some(table), Some(key)) = (&self.table, key)
            && let Some(e) = table.probe(key)
        {
            hash_move = (e.best != u8::MAX).then_some(usize::from(e.best));
            if e.depth >= depth {
                if e.depth != UNLIMITED {
                    self.horizon += 1;
                }
                match e.bound {
                    Bound::Exact => return e.score,
                    Bound::Lower => alpha = alpha.max(e.score),
                    Bound::Upper => beta = beta.min(e.score),
                    Bound::Empty => {}
                }
                if alpha >= beta {
                    return e.score;
                }
            }
        }
        let mut moves = if ply < self.buffers.len() {
            core::mem::take(&mut self.buffers[ply])
        } else {
            self.buffers.resize_with(ply + 1, Vec::new);
            Vec::new()
        };
        moves.clear();
        if self.options.knowledge {
            game.search_moves(&mut moves);
        } else {
            game.moves(&mut moves);
        }
        if self.options.ordering {
            game.order_moves(&mut moves);
        } else {
            hash_move = None;
        }
        let first = hash_move.filter(|&i| i < moves.len());
        let child_depth = if depth == UNLIMITED {
            UNLIMITED
        } else {
            depth - 1
        };
        let mut best = i32::MIN;
        let mut best_index = 0;
        let order = first
            .into_iter()
            .chain((0..moves.len()).filter(|&i| Some(i) != first));
        for i in order {
            let mut next = game.clone();
            next.play(moves[i]);
            let score = -self.search(&next, -beta, -alpha.max(best), child_depth, ply + 1);
            if self.exceeded.is_some() {
                self.buffers[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_index = i;
                if best >= beta {
                    break;
                }
            }
        }
        self.buffers[ply] = moves;
        let best = best.clamp(lo, hi);
        if let (Some(table), Some(key)) = (&mut self.table, key) {
            let bound = if best <= alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let work = (self.nodes - nodes_before).max(1).ilog2() as u8;
            table.store(Entry {
                key,
                score: best,
                bound,
                depth: if self.horizon == horizon_before {
                    UNLIMITED
                } else {
                    depth
                },
                best: u8::try_from(best_index).unwrap_or(u8::MAX),
                work,
            });
        }
        best
    }
}

/// [`Solver::best_moves`] with the root moves shared among `threads` threads, each with its
/// own solver (and table) built from `options`; with `options.symmetry`, of the moves whose
/// positions share a [`Game::canonical_key`] only the first is searched (5×5 m,n,k from the
/// start: 6 searches instead of 25). The result does not depend on the thread count. Returns the value, the best moves in [`Game::moves`] order and the nodes searched.
pub fn best_moves_parallel<G>(
    game: &G,
    options: Options,
    threads: usize,
) -> (i32, Vec<G::Move>, u64)
where
    G: Game + Sync,
    G::Move: Send + Sync,
{
    best_moves_parallel_within(game, options, threads, &Budget::unlimited())
        .expect("an unlimited budget never stops a search")
}

/// [`best_moves_parallel`] within `budget` (its time limit and stop flag, shared by the
/// threads).
///
/// # Errors
/// The limit that stopped the search.
pub fn best_moves_parallel_within<G>(
    game: &G,
    options: Options,
    threads: usize,
    budget: &Budget,
) -> Result<(i32, Vec<G::Move>, u64), Exceeded>
where
    G: Game + Sync,
    G::Move: Send + Sync,
{
    if game.terminal().is_some() {
        return Ok((Solver::new(options).solve(game), Vec::new(), 1));
    }
    let (valued, nodes) = move_values_parallel_within(game, options, threads, budget)?;
    let value = valued.iter().map(|&(_, v)| v).max().unwrap_or(0);
    let best = valued
        .into_iter()
        .filter(|&(_, v)| v == value)
        .map(|(m, _)| m)
        .collect();
    Ok((value, best, nodes))
}

/// Each move with its value for the player making it, and the positions searched.
pub type MoveValues<M> = (Vec<(M, i32)>, u64);

/// Every legal move of `game` with its value for the player making it (in [`Game::moves`]
/// order), searched as [`best_moves_parallel_within`] does, with the nodes searched. Empty
/// when the game is over.
///
/// # Errors
/// The limit that stopped the search.
pub fn move_values_parallel_within<G>(
    game: &G,
    options: Options,
    threads: usize,
    budget: &Budget,
) -> Result<MoveValues<G::Move>, Exceeded>
where
    G: Game + Sync,
    G::Move: Send + Sync,
{
    use std::sync::atomic::{AtomicUsize, Ordering};
    if game.terminal().is_some() {
        return Ok((Vec::new(), 0));
    }
    let mut moves = Vec::new();
    game.moves(&mut moves);
    // Children with one canonical key have one value (the Game contract): search one of each.
    let mut representative: Vec<usize> = (0..moves.len()).collect();
    let mut searched = Vec::new();
    if options.symmetry {
        let mut seen: Vec<(u128, usize)> = Vec::new();
        for (i, &m) in moves.iter().enumerate() {
            let mut child = game.clone();
            child.play(m);
            let key = child.canonical_key();
            match seen.iter().find(|(k, _)| *k == key) {
                Some(&(_, first)) => representative[i] = first,
                None => {
                    seen.push((key, i));
                    searched.push(i);
                }
            }
        }
    } else {
        searched.clone_from(&representative);
    }
    let next = AtomicUsize::new(0);
    let threads = threads.clamp(1, searched.len().max(1));
    let mut values = vec![0i32; moves.len()];
    let mut nodes = 0;
    let mut exceeded = None;
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut solver = Solver::new(options).with_limits(budget.clone());
                    let mut found = Vec::new();
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&i) = searched.get(k) else { break };
                        let m = moves[i];
                        let mut child = game.clone();
                        child.play(m);
                        match solver.try_solve(&child) {
                            Ok(v) => found.push((i, -v)),
                            Err(e) => return (found, solver.nodes, Some(e)),
                        }
                    }
                    (found, solver.nodes, None)
                })
            })
            .collect();
        for w in workers {
            let (found, n, e) = w.join().expect("a search thread panicked");
            nodes += n;
            exceeded = exceeded.take().or(e);
            for (i, v) in found {
                values[i] = v;
            }
        }
    });
    if let Some(e) = exceeded {
        return Err(e);
    }
    for (i, &r) in representative.iter().enumerate() {
        values[i] = values[r];
    }
    Ok((moves.into_iter().zip(values).collect(), nodes))
}

/// Plain minimax (negamax without pruning or table): the reference.
pub fn minimax<G: Game>(game: &G) -> i32 {
    if let Some(score) = game.terminal() {
        return score;
    }
    let mut moves = Vec::new();
    game.moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut next = game.clone();
            next.play(m);
            -minimax(&next)
        })
        .max()
        .expect("a non-terminal position has moves")
}

/// Every combination of [`Options`] switches with the given table sizes (for tests and sweeps
/// that check the result does not depend on them).
#[must_use]
pub fn option_grid(table_bits: &[Option<u32>]) -> Vec<Options> {
    let mut out = Vec::new();
    for &bits in table_bits {
        for mask in 0..32u32 {
            let on = |b: u32| mask >> b & 1 == 1;
            out.push(Options {
                table_bits: bits,
                ordering: on(0),
                knowledge: on(1),
                symmetry: on(2),
                null_window: on(3),
                iterative_deepening: on(4),
            });
        }
    }
    out
}
