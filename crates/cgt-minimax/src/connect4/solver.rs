//! A dedicated Connect-Four solver: the same scores as the generic [`crate::engine`], several
//! times faster.
//!
//! # Why a dedicated path
//!
//! The generic engine pays, at every node, for what it must not assume about a game: a cloned
//! position with its board geometry, a move list in a `Vec`, 128-bit keys, 32-byte table
//! entries with depths and work counters for horizon searches, and bounds computed through
//! trait calls. Connect-Four needs none of that. Here a node is three machine words (the side
//! to move's stones, all stones, the stone count), the moves are a bitboard of the cells
//! where a stone does not lose at once, and a table entry is one `u64` holding the key's tag,
//! a bound and the move that produced it. The search is exact to the end of the game, so every
//! stored bound is a fact about its position; threads may share the table without locks and
//! without changing any result.
//!
//! # The techniques (all published, see Allis 1988 and Pons' tutorial)
//!
//! - Bitboards with one spare bit per column; the key `current + mask` identifies a position.
//! - The side to move never has an immediate win at a searched node: the root checks it, and
//!   every move searched is *non-losing* (it blocks a single threat and is not played directly
//!   below an opponent's winning cell). Two threats, or no safe move, lose at once.
//! - Score bounds from the number of stones left tighten the window before any move is tried.
//! - Moves are tried by the number of winning cells they create, centre columns breaking ties,
//!   after the move the table remembers.
//! - The root narrows `[lo, hi]` by null-window searches, probing near 0 first (most positions
//!   are close games).
//! - The table is indexed by a bijective hash of the key, so the index and the stored tag
//!   together identify the key exactly: two positions never share an entry by mistake.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use cgt_core::budget::{Budget, Exceeded};

use super::Connect4;
use crate::engine::Game;

/// Board constants of one width × height.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    /// Bits per column (height + 1).
    h1: u32,
    /// The bottom cell of every column.
    bottom: u64,
    /// Every cell of the board.
    board: u64,
    cells: i32,
    width: usize,
    /// Columns, centre first.
    order: [u8; 9],
    column: [u64; 9],
}

impl Geometry {
    fn new(width: u8, height: u8) -> Geometry {
        let h1 = u32::from(height) + 1;
        let mut column = [0u64; 9];
        for (c, col) in column.iter_mut().enumerate().take(usize::from(width)) {
            *col = ((1u64 << height) - 1) << (c as u32 * h1);
        }
        let bottom = (0..u32::from(width)).fold(0, |acc, c| acc | 1 << (c * h1));
        let mut order = [0u8; 9];
        let w = i32::from(width);
        let mut cols: Vec<u8> = (0..width).collect();
        // Centre first; of two columns as near the centre, the left one.
        cols.sort_by_key(|&c| ((2 * i32::from(c) - (w - 1)).abs(), c));
        order[..cols.len()].copy_from_slice(&cols);
        Geometry {
            h1,
            bottom,
            board: bottom * ((1 << height) - 1),
            cells: i32::from(width) * i32::from(height),
            width: usize::from(width),
            order,
            column,
        }
    }

    /// The empty cells where one more stone of `stones` completes four in a row.
    #[inline]
    fn winning_cells(&self, stones: u64, mask: u64) -> u64 {
        let p = stones;
        let mut r = (p << 1) & (p << 2) & (p << 3);
        for s in [self.h1, self.h1 - 1, self.h1 + 1] {
            let two = (p << s) & (p << (2 * s));
            r |= two & (p << (3 * s));
            r |= two & (p >> s);
            let two = (p >> s) & (p >> (2 * s));
            r |= two & (p << s);
            r |= two & (p >> (3 * s));
        }
        r & (self.board ^ mask)
    }

    #[inline]
    fn playable(&self, mask: u64) -> u64 {
        (mask + self.bottom) & self.board
    }

    /// The moves of `safe` in search order, as stones in `moves[..n]`, returning `n`: the
    /// column `hint` first, then by the winning cells a move creates, ties in centre-first
    /// order. Written into the caller's array: returned by value, the array was copied by a
    /// call to `memcpy` at every node (13 % of a search's time).
    #[inline]
    fn ordered(&self, cur: u64, mask: u64, safe: u64, hint: u64, moves: &mut [u64; 9]) -> usize {
        let mut ranks = [0i32; 9];
        let mut n = 0;
        for &c in &self.order[..self.width] {
            let c = usize::from(c);
            let m = safe & self.column[c];
            if m == 0 {
                continue;
            }
            let rank = if c as u64 == hint {
                1 << 20
            } else {
                (self.winning_cells(cur | m, mask) & !m).count_ones() as i32
            };
            // Insertion sort: stable, so equal ranks keep the column order.
            let mut j = n;
            while j > 0 && ranks[j - 1] < rank {
                moves[j] = moves[j - 1];
                ranks[j] = ranks[j - 1];
                j -= 1;
            }
            moves[j] = m;
            ranks[j] = rank;
            n += 1;
        }
        n
    }

    /// The root's score interval with `played` stones and no immediate win (`[-1, 1]` at
    /// most for a weak search).
    fn root_window(&self, played: i32, depth: Depth) -> (i32, i32) {
        let (lo, hi) = (-(self.cells - played) / 2, (self.cells + 1 - played) / 2);
        match depth {
            Depth::Weak => (lo.max(-1), hi.min(1)),
            Depth::Exact => (lo, hi),
        }
    }

    fn column_of(&self, cell: u64) -> u8 {
        (cell.trailing_zeros() / self.h1) as u8
    }
}

/// The next null-window probe in `[lo, hi)`: the middle, pulled halfway towards 0 (most
/// positions are close games).
fn probe_between(lo: i32, hi: i32) -> i32 {
    let mid = lo + (hi - lo) / 2;
    if mid <= 0 && lo / 2 < mid {
        lo / 2
    } else if mid >= 0 && hi / 2 > mid {
        hi / 2
    } else {
        mid
    }
}

/// A transposition table shared by threads: 2^bits entries of one `u64` each,
/// `tag << 12 | move << 8 | bound`, 0 when empty.
#[derive(Debug)]
pub struct Connect4Table {
    entries: Vec<AtomicU64>,
    bits: u32,
}

/// The move field's value for "no move".
const NO_MOVE: u64 = 15;

impl Connect4Table {
    /// A table of 2^bits entries (8 bytes each), `bits` clamped to 12..=34.
    #[must_use]
    pub fn new(bits: u32) -> Connect4Table {
        let bits = bits.clamp(12, 34);
        Connect4Table {
            entries: (0..1u64 << bits).map(|_| AtomicU64::new(0)).collect(),
            bits,
        }
    }

    /// Bytes a table of 2^bits entries takes.
    #[must_use]
    pub fn bytes(bits: u32) -> u128 {
        8u128 << bits.clamp(12, 34)
    }

    /// The entry count as a power of two.
    #[must_use]
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for e in &self.entries {
            e.store(0, Ordering::Relaxed);
        }
    }

    /// The slot and the tag of a key. Multiplying by an odd constant and folding the high half
    /// into the low one are both invertible, so (slot, tag) determines the key.
    #[inline]
    fn locate(&self, key: u64) -> (usize, u64) {
        let mut h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 32;
        ((h & ((1 << self.bits) - 1)) as usize, h >> self.bits)
    }
}

/// What a search asks of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Depth {
    /// The exact score (how soon the game is won or lost).
    Exact,
    /// Only the sign: 1 a win, 0 a draw, −1 a loss for the side to move.
    Weak,
}

impl Depth {
    /// What a search at this depth reports for the value `v`: `v`, or its sign.
    pub(crate) fn report(self, v: i32) -> i32 {
        match self {
            Depth::Exact => v,
            Depth::Weak => v.signum(),
        }
    }
}

/// The dedicated Connect-Four solver (see the [module documentation](self)).
///
/// # Examples
///
/// ```
/// use cgt_minimax::connect4::{Connect4, Connect4Solver};
///
/// let pos = Connect4::new(5, 4)?.play_str("33332")?; // column 3 full, then column 2
/// let mut solver = Connect4Solver::new(&pos, 16);
/// let score = solver.score(&pos);
/// let moves = solver.move_scores(&pos);
/// assert_eq!(moves.iter().flatten().max(), Some(&score));
/// assert_eq!(moves[2], None); // column 3 is full
/// # Ok::<(), cgt_minimax::BoardError>(())
/// ```
#[derive(Debug)]
pub struct Connect4Solver {
    geo: Geometry,
    table: Arc<Connect4Table>,
    stop: Option<Arc<AtomicBool>>,
    ticker: Option<Ticker>,
    /// An opening book answering every position with at most `book_depth` stones.
    #[cfg(feature = "book")]
    book: Option<Arc<super::Connect4Book>>,
    /// Stones up to which the book answers (−1 without a book).
    book_depth: i32,
    /// Whether the book holds outcomes only (then it answers only weak searches).
    book_weak: bool,
    /// Nodes with at most this many empty cells skip the table.
    shallow: i32,
    nodes: u64,
    /// The search stops (as if told to) once it has visited this many positions.
    node_limit: u64,
    /// Time limit and stop flag, checked every 4,096 positions.
    budget: Option<Budget>,
    /// The limit the search passed, when the budget stopped it.
    exceeded: Option<Exceeded>,
}

/// What a long search reports to and is limited by: a progress ticker and a work budget (its
/// time limit and stop flag; the table's memory is fixed before the search).
#[derive(Clone, Debug, Default)]
pub struct Watch {
    /// Told the node count every 2^20 positions.
    pub ticker: Option<Ticker>,
    /// Checked every 4,096 positions.
    pub budget: Option<Budget>,
}

impl Watch {
    /// Neither a ticker nor limits.
    #[must_use]
    pub fn none() -> Watch {
        Watch::default()
    }
}

/// A callback told the solver's node count every 2^20 positions (a progress display).
#[derive(Clone)]
pub struct Ticker(pub Arc<dyn Fn(u64) + Send + Sync>);

impl core::fmt::Debug for Ticker {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Ticker")
    }
}

/// The search was stopped from outside (another thread finished first), or reached its node
/// limit.
struct Stopped;

impl Connect4Solver {
    /// A solver for positions of `pos`'s board size with its own table of 2^bits entries.
    #[must_use]
    pub fn new(pos: &Connect4, table_bits: u32) -> Connect4Solver {
        Connect4Solver::with_table(pos, Arc::new(Connect4Table::new(table_bits)))
    }

    /// A solver sharing `table` (with other solvers, possibly on other threads).
    #[must_use]
    pub fn with_table(pos: &Connect4, table: Arc<Connect4Table>) -> Connect4Solver {
        let (w, h) = pos.size();
        let shallow = table.bits.saturating_sub(12).min(10) as i32;
        Connect4Solver {
            geo: Geometry::new(w, h),
            table,
            stop: None,
            ticker: None,
            #[cfg(feature = "book")]
            book: None,
            book_depth: -1,
            book_weak: false,
            // Near the end a position is cheaper to search again than to look up in a table
            // that no longer fits the caches: 4453 on 7×6 (2^24 entries) takes 9.6 s probing
            // at every node and 5.7 s skipping the table from 10 empty cells down.
            shallow,
            nodes: 0,
            node_limit: u64::MAX,
            budget: None,
            exceeded: None,
        }
    }

    /// Stops the searches at the budget's time limit or stop flag (checked every 4,096
    /// positions); the `try_` methods then answer [`Exceeded`].
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = Some(budget);
    }

    fn watched(pos: &Connect4, table: Arc<Connect4Table>, watch: &Watch) -> Connect4Solver {
        let mut s = Connect4Solver::with_table(pos, table);
        s.ticker = watch.ticker.clone();
        s.budget = watch.budget.clone();
        s
    }

    /// The limit that stopped the last search, if one did.
    fn take_exceeded(&mut self) -> Result<(), Exceeded> {
        self.exceeded.take().map_or(Ok(()), Err)
    }

    /// [`Connect4Solver::score`] within the budget.
    ///
    /// # Errors
    /// The limit of [`Connect4Solver::set_budget`] that stopped the search.
    pub fn try_score(&mut self, pos: &Connect4) -> Result<i32, Exceeded> {
        self.check_size(pos);
        let v = self.root(pos, Depth::Exact);
        self.take_exceeded()?;
        Ok(v.unwrap_or(0))
    }

    /// Positions searched so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Calls `ticker` with the node count every 2^20 positions searched.
    pub fn set_ticker(&mut self, ticker: Ticker) {
        self.ticker = Some(ticker);
    }

    /// Answers every position the book holds from it (a weak book only for outcomes). (A book holds every position up to
    /// its depth, so a search from a position outside it never meets one inside it.)
    ///
    /// # Panics
    /// If the book is of another board size.
    #[cfg(feature = "book")]
    pub fn set_book(&mut self, book: Arc<super::Connect4Book>) {
        let (w, h) = book.size();
        assert_eq!(
            (usize::from(w), i32::from(w) * i32::from(h)),
            (self.geo.width, self.geo.cells),
            "a book of another board"
        );
        self.book_depth = book.depth() as i32;
        self.book_weak = book.is_weak();
        self.book = Some(book);
    }

    #[cfg(feature = "book")]
    fn book_score(&self, cur: u64, mask: u64, played: i32) -> Option<i32> {
        let book = self.book.as_ref()?;
        let (w, h) = book.size();
        let pos = Connect4 {
            width: w,
            height: h,
            current: cur,
            mask,
            played: played as u8,
            won: false,
        };
        book.score(&pos)
    }

    #[cfg(not(feature = "book"))]
    fn book_score(&self, _cur: u64, _mask: u64, _played: i32) -> Option<i32> {
        None
    }

    /// The table this solver fills.
    #[must_use]
    pub fn table(&self) -> &Arc<Connect4Table> {
        &self.table
    }

    fn check_size(&self, pos: &Connect4) {
        assert_eq!(
            (usize::from(pos.width), pos.cells() as i32),
            (self.geo.width, self.geo.cells),
            "a Connect4Solver solves positions of the board it was made for"
        );
    }

    /// The exact score of `pos` for the side to move (the convention of [`Connect4`]).
    ///
    /// # Panics
    /// If `pos` is of another board size than the solver's.
    pub fn score(&mut self, pos: &Connect4) -> i32 {
        self.check_size(pos);
        self.root(pos, Depth::Exact).unwrap_or(0)
    }

    /// 1 when the side to move wins, 0 for a draw, −1 when it loses.
    ///
    /// # Panics
    /// If `pos` is of another board size than the solver's.
    pub fn outcome(&mut self, pos: &Connect4) -> i32 {
        self.check_size(pos);
        self.root(pos, Depth::Weak).unwrap_or(0)
    }

    /// The score (or the outcome, for [`Depth::Weak`]) of playing each column, `None` for a
    /// full column; empty when the game is over.
    ///
    /// # Panics
    /// If `pos` is of another board size than the solver's.
    pub fn move_scores_at(&mut self, pos: &Connect4, depth: Depth) -> Vec<Option<i32>> {
        self.check_size(pos);
        if pos.terminal().is_some() {
            return Vec::new();
        }
        (0..pos.width)
            .map(|c| {
                pos.can_play(c).then(|| {
                    let mut child = *pos;
                    child.drop_stone(c);
                    -self.root(&child, depth).unwrap_or(0)
                })
            })
            .collect()
    }

    /// The exact score of playing each column (`None` for a full column).
    ///
    /// # Panics
    /// If `pos` is of another board size than the solver's.
    pub fn move_scores(&mut self, pos: &Connect4) -> Vec<Option<i32>> {
        self.move_scores_at(pos, Depth::Exact)
    }

    /// The score, or for [`Depth::Weak`] its sign.
    fn root(&mut self, pos: &Connect4, depth: Depth) -> Result<i32, Stopped> {
        self.root_value(pos, depth).map(|v| depth.report(v))
    }

    /// The score, or for [`Depth::Weak`] a value of the right sign.
    fn root_value(&mut self, pos: &Connect4, depth: Depth) -> Result<i32, Stopped> {
        if let Some(s) = pos.terminal() {
            return Ok(s);
        }
        let g = self.geo;
        let played = i32::from(pos.played);
        if g.winning_cells(pos.current, pos.mask) & g.playable(pos.mask) != 0 {
            return Ok((g.cells + 1 - played) / 2);
        }
        if played <= self.book_depth
            && (depth == Depth::Weak || !self.book_weak)
            && let Some(v) = self.book_score(pos.current, pos.mask, played)
        {
            return Ok(v);
        }
        let (mut lo, mut hi) = g.root_window(played, depth);
        while lo < hi {
            let probe = probe_between(lo, hi);
            let r = self.search(pos.current, pos.mask, played, probe, probe + 1)?;
            if r <= probe {
                hi = r;
            } else {
                lo = r;
            }
        }
        Ok(lo)
    }

    /// Null- or narrow-window negamax at a node where the side to move cannot win at once.
    /// A result at most `alpha` bounds the value from above, at least `beta` from below.
    fn search(
        &mut self,
        cur: u64,
        mask: u64,
        played: i32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, Stopped> {
        self.nodes += 1;
        if self.nodes & 0xfff == 0 {
            if self.nodes >= self.node_limit {
                return Err(Stopped);
            }
            if let Some(stop) = &self.stop
                && stop.load(Ordering::Relaxed)
            {
                return Err(Stopped);
            }
            if let Some(budget) = &self.budget
                && let Err(e) = budget.check_interrupt()
            {
                self.exceeded = Some(e);
                return Err(Stopped);
            }
            if self.nodes & 0xf_ffff == 0
                && let Some(t) = &self.ticker
            {
                (t.0)(self.nodes);
            }
        }
        let g = &self.geo;
        let theirs = g.winning_cells(cur ^ mask, mask);
        let playable = g.playable(mask);
        let mut safe = playable;
        let forced = playable & theirs;
        let lose_now = -(g.cells - played) / 2;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return Ok(lose_now); // two threats
            }
            safe = forced;
        }
        safe &= !(theirs >> 1);
        if safe == 0 {
            return Ok(lose_now);
        }
        if played >= g.cells - 2 {
            return Ok(0); // neither of the last two stones can win
        }
        // The opponent wins at the earliest with its stone after next; we with our next but one.
        let lo = -(g.cells - 2 - played) / 2;
        if alpha < lo {
            alpha = lo;
            if alpha >= beta {
                return Ok(alpha);
            }
        }
        let hi = (g.cells - 1 - played) / 2;
        if beta > hi {
            beta = hi;
            if alpha >= beta {
                return Ok(beta);
            }
        }
        if played >= g.cells - self.shallow {
            return self.search_shallow(cur, mask, played, alpha, beta, safe);
        }
        let key = cur + mask;
        let (slot, tag) = self.table.locate(key);
        let entry = self.table.entries[slot].load(Ordering::Relaxed);
        let offset = -(g.cells / 2) - 1;
        let mut hint = NO_MOVE;
        if entry != 0 && entry >> 12 == tag {
            let bound = (entry & 0xff) as i32 - 1;
            let value = (bound >> 1) + offset;
            hint = (entry >> 8) & 0xf;
            if bound & 1 == 1 {
                if alpha < value {
                    alpha = value;
                    if alpha >= beta {
                        return Ok(alpha);
                    }
                }
            } else if beta > value {
                beta = value;
                if alpha >= beta {
                    return Ok(beta);
                }
            }
        }
        let mut moves = [0; 9];
        let n = g.ordered(cur, mask, safe, hint, &mut moves);
        let mut best = NO_MOVE;
        for &m in &moves[..n] {
            let v = -self.search(cur ^ mask, mask | m, played + 1, -beta, -alpha)?;
            if v >= beta {
                self.store(slot, tag, v, true, u64::from(self.geo.column_of(m)), offset);
                return Ok(v);
            }
            if v > alpha {
                alpha = v;
                best = u64::from(self.geo.column_of(m));
            }
        }
        self.store(slot, tag, alpha, false, best, offset);
        Ok(alpha)
    }

    /// [`Self::search`] below the table: the same rules, no probe and no store.
    fn search_shallow(
        &mut self,
        cur: u64,
        mask: u64,
        played: i32,
        mut alpha: i32,
        beta: i32,
        safe: u64,
    ) -> Result<i32, Stopped> {
        let mut moves = [0; 9];
        let n = self.geo.ordered(cur, mask, safe, NO_MOVE, &mut moves);
        for &m in &moves[..n] {
            let v = -self.search(cur ^ mask, mask | m, played + 1, -beta, -alpha)?;
            if v >= beta {
                return Ok(v);
            }
            if v > alpha {
                alpha = v;
            }
        }
        Ok(alpha)
    }

    #[inline]
    fn store(&self, slot: usize, tag: u64, value: i32, lower: bool, best: u64, offset: i32) {
        let bound = (((value - offset) << 1) | i32::from(lower)) + 1;
        self.table.entries[slot].store(tag << 12 | best << 8 | bound as u64, Ordering::Relaxed);
    }
}

/// Table bits for a search over `empty` free cells: 2^(empty − 14) entries, at least
/// 2^min(empty − 12, 20), between 2^16 and 2^26 (512 MiB). Smaller than the search could fill,
/// on purpose: each node reads one random entry, and a table that stays in the caches (and
/// the TLB) makes up in speed many times over for the positions it forgets (measured on
/// random 7×6 positions: 2^18 entries search 58·10^6 nodes in 3.1 s where 2^24 search
/// 43·10^6 in 7.6 s). Up to 2^20 entries the trade still pays around 30 empty cells: the
/// comparison's 50 positions with 10 stones search 129·10^6 nodes in 8.5–9.2 s with 2^20
/// entries and 182·10^6 in 9.4 s with 2^18 (one of them 51·10^6 against 94·10^6), and those
/// with 12 stones 21·10^6 in 1.1 s with 2^18 against 30·10^6 in 1.5 s with 2^16.
#[must_use]
pub fn connect4_table_bits(empty: u32) -> u32 {
    empty
        .saturating_sub(12)
        .min(20)
        .max(empty.saturating_sub(14))
        .clamp(16, 26)
}

/// The score (or outcome) of a position, searched by `threads` threads over one shared
/// table by root splitting (below). The score never depends on the thread count; only the
/// time does. Returns the score and the positions searched.
///
/// # Errors
/// The limit of `watch.budget` that stopped the search.
///
/// # Panics
/// If a search thread panics.
pub fn score_parallel(
    pos: &Connect4,
    table: &Arc<Connect4Table>,
    threads: usize,
    depth: Depth,
    watch: &Watch,
) -> Result<(i32, u64), Exceeded> {
    if threads > 1 {
        return score_split(pos, table, threads, depth, watch);
    }
    let mut s = Connect4Solver::watched(pos, Arc::clone(table), watch);
    let v = s.root(pos, depth);
    s.take_exceeded()?;
    Ok((v.unwrap_or(0), s.nodes))
}

/// Root splitting: each null-window probe of the root searches the position's children in
/// parallel over one shared table, the threads taking the next child in the search's order;
/// the first child that proves the probe stops the others. A probe that fails low needs every
/// child anyway, and the threads share them. (Measured on two threads: `4453` 6.8 s → 4.0 s;
/// running the whole root search on both threads with different move orders instead gained
/// nothing.) An entry is a proven bound whoever stored it, so sharing never changes a score.
fn score_split(
    pos: &Connect4,
    table: &Arc<Connect4Table>,
    threads: usize,
    depth: Depth,
    watch: &Watch,
) -> Result<(i32, u64), Exceeded> {
    use std::sync::atomic::AtomicUsize;
    let sign = |v: i32| depth.report(v);
    let g = Geometry::new(pos.width, pos.height);
    if let Some(t) = pos.terminal() {
        return Ok((sign(t), 0));
    }
    let played = i32::from(pos.played);
    if g.winning_cells(pos.current, pos.mask) & g.playable(pos.mask) != 0 {
        return Ok((sign((g.cells + 1 - played) / 2), 1));
    }
    let mut moves = [0; 9];
    let n = g.ordered(
        pos.current,
        pos.mask,
        g.playable(pos.mask),
        NO_MOVE,
        &mut moves,
    );
    let children: Vec<Connect4> = moves[..n]
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.drop_stone(g.column_of(m));
            child
        })
        .collect();
    let (mut lo, mut hi) = g.root_window(played, depth);
    let mut nodes = 0;
    while lo < hi {
        let probe = probe_between(lo, hi);
        // Is the value above `probe`? Some child must score below −probe.
        let next = AtomicUsize::new(0);
        let stop = Arc::new(AtomicBool::new(false));
        let (found, upper, n, exceeded) = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads.clamp(1, children.len()))
                .map(|_| {
                    let (next, children, stop) = (&next, &children, Arc::clone(&stop));
                    let table = Arc::clone(table);
                    scope.spawn(move || {
                        let mut s = Connect4Solver::watched(pos, table, watch);
                        s.stop = Some(Arc::clone(&stop));
                        let (mut found, mut upper) = (None::<i32>, i32::MIN);
                        while let Some(child) = children.get(next.fetch_add(1, Ordering::Relaxed)) {
                            if stop.load(Ordering::Relaxed) {
                                break;
                            }
                            let cp = i32::from(child.played);
                            let r = if g.winning_cells(child.current, child.mask)
                                & g.playable(child.mask)
                                != 0
                            {
                                Ok((g.cells + 1 - cp) / 2)
                            } else {
                                s.search(child.current, child.mask, cp, -probe - 1, -probe)
                            };
                            match r {
                                Ok(r) if -r > probe => {
                                    found = Some(found.map_or(-r, |f: i32| f.max(-r)));
                                    stop.store(true, Ordering::Relaxed);
                                }
                                Ok(r) => upper = upper.max(-r),
                                Err(Stopped) => {
                                    if s.exceeded.is_some() {
                                        // Out of budget: the other threads stop too.
                                        stop.store(true, Ordering::Relaxed);
                                    }
                                    break;
                                }
                            }
                        }
                        (found, upper, s.nodes, s.exceeded.take())
                    })
                })
                .collect();
            let (mut found, mut upper, mut nodes) = (None::<i32>, i32::MIN, 0);
            let mut exceeded = None;
            for h in handles {
                let (f, u, n, e) = h.join().expect("a search thread panicked");
                found = match (found, f) {
                    (Some(a), Some(b)) => Some(a.max(b)),
                    (a, b) => a.or(b),
                };
                upper = upper.max(u);
                nodes += n;
                exceeded = exceeded.or(e);
            }
            (found, upper, nodes, exceeded)
        });
        if let Some(e) = exceeded {
            return Err(e);
        }
        nodes += n;
        match found {
            Some(v) => lo = v,
            None => hi = upper,
        }
    }
    Ok((sign(lo), nodes))
}

/// [`Connect4Solver::move_scores_at`] with the columns shared among `threads` threads over one
/// table; `done(column, score)` is called as each column is settled. The scores never depend
/// on the thread count. Returns the scores and the positions searched.
///
/// # Errors
/// The limit of `watch.budget` that stopped the search.
///
/// # Panics
/// If a search thread panics.
pub fn move_scores_parallel(
    pos: &Connect4,
    table: &Arc<Connect4Table>,
    threads: usize,
    depth: Depth,
    watch: &Watch,
    done: &(dyn Fn(u8, i32) + Sync),
) -> Result<(Vec<Option<i32>>, u64), Exceeded> {
    use std::sync::atomic::AtomicUsize;
    if pos.terminal().is_some() {
        return Ok((Vec::new(), 0));
    }
    let geo = Geometry::new(pos.width, pos.height);
    let columns: Vec<u8> = geo.order[..geo.width]
        .iter()
        .copied()
        .filter(|&c| pos.can_play(c))
        .collect();
    let next = AtomicUsize::new(0);
    let mut scores = vec![None; geo.width];
    let mut nodes = 0;
    let mut exceeded = None;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.clamp(1, columns.len().max(1)))
            .map(|_| {
                let table = Arc::clone(table);
                let (columns, next) = (&columns, &next);
                scope.spawn(move || {
                    let mut s = Connect4Solver::watched(pos, table, watch);
                    let mut found = Vec::new();
                    while let Some(&c) = columns.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let mut child = *pos;
                        child.drop_stone(c);
                        let Ok(v) = s.root(&child, depth) else { break };
                        done(c, -v);
                        found.push((c, -v));
                    }
                    (found, s.nodes, s.exceeded.take())
                })
            })
            .collect();
        for h in handles {
            let (found, n, e) = h.join().expect("a search thread panicked");
            nodes += n;
            exceeded = exceeded.take().or(e);
            for (c, v) in found {
                scores[usize::from(c)] = Some(v);
            }
        }
    });
    match exceeded {
        Some(e) => Err(e),
        None => Ok((scores, nodes)),
    }
}

/// The opening book type [`solve_batch`] takes ([`super::Connect4Book`] with the `book`
/// feature, an empty type without it).
#[cfg(feature = "book")]
pub type BookRef = super::Connect4Book;
/// The opening book type [`solve_batch`] takes (an empty type: the `book` feature is off).
#[cfg(not(feature = "book"))]
#[derive(Debug)]
pub enum BookRef {}

/// What [`solve_batch`] found for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchResult {
    /// The position's score (its outcome for [`Depth::Weak`]).
    pub score: i32,
    /// With `all`, the score of each column (`None` when full; empty when the game is over).
    pub columns: Option<Vec<Option<i32>>>,
}

/// In [`solve_batch`] on several threads, a position whose score search passes this many
/// nodes on one thread is set aside, and searched after the others by every thread together
/// (root splitting, [`score_parallel`]), over the table that holds its first part when that
/// table is small. Without it
/// one long position could keep a thread busy while the others are idle: in the 10-stone set
/// of the comparison one position takes half of the batch's time on one thread.
const SHARE_AFTER_NODES: u64 = 1 << 23;

/// A position set aside keeps the table its search began in when the table has at most
/// 2^`KEEP_TABLE_BITS` entries (8 MB); larger tables are not held while the batch goes on,
/// and the position starts over in a new one.
const KEEP_TABLE_BITS: u32 = 20;

/// Solves many positions of one board size, in parallel over the positions: each of the
/// `threads` threads takes the next unsolved position and searches it with a table of its own
/// (2^`table_bits` entries; threads sharing one table on unrelated positions evict each
/// other's entries and fight over cache lines), answering from `book` the positions it holds.
/// For scores alone (not `all`) on several threads with tables of 2^18 entries or more, a
/// position whose search passes 2^23 nodes is finished after the others by all threads
/// together.
/// `solved(count)` is called after each position.
/// Results come back in input order and never depend on the thread count. Returns them with
/// the positions searched.
///
/// # Panics
/// If a search thread panics, or the positions are not all of one board size.
pub fn solve_batch(
    positions: &[Connect4],
    threads: usize,
    table_bits: u32,
    depth: Depth,
    all: bool,
    book: Option<Arc<BookRef>>,
    solved: &(dyn Fn(usize) + Sync),
) -> (Vec<BatchResult>, u64) {
    // Root splitting pays only with a table the two searches do not crowd out: on 2^16
    // entries the 12-stone set ran slower than without it.
    let limit = if threads > 1 && !all && table_bits >= 18 {
        SHARE_AFTER_NODES
    } else {
        u64::MAX
    };
    batch_with_limit(
        positions, threads, table_bits, depth, all, book, solved, limit,
    )
}

/// [`solve_batch`] setting aside the positions whose search passes `limit` nodes.
#[allow(clippy::too_many_arguments)]
fn batch_with_limit(
    positions: &[Connect4],
    threads: usize,
    table_bits: u32,
    depth: Depth,
    all: bool,
    book: Option<Arc<BookRef>>,
    solved: &(dyn Fn(usize) + Sync),
    limit: u64,
) -> (Vec<BatchResult>, u64) {
    use std::sync::atomic::AtomicUsize;
    let next = AtomicUsize::new(0);
    let count = AtomicUsize::new(0);
    let mut results = vec![
        BatchResult {
            score: 0,
            columns: None
        };
        positions.len()
    ];
    let mut nodes = 0;
    // Positions set aside, with the table their search began in.
    let mut shared: Vec<(usize, Option<Arc<Connect4Table>>)> = Vec::new();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.clamp(1, positions.len().max(1)))
            .map(|_| {
                let (next, count) = (&next, &count);
                #[cfg_attr(not(feature = "book"), allow(unused_variables))]
                let book = book.clone();
                scope.spawn(move || {
                    let mut table = Arc::new(Connect4Table::new(table_bits));
                    let mut found = Vec::new();
                    let mut set_aside = Vec::new();
                    let mut nodes = 0;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(pos) = positions.get(i) else {
                            break;
                        };
                        let mut solver = Connect4Solver::with_table(pos, Arc::clone(&table));
                        solver.node_limit = limit;
                        #[cfg(feature = "book")]
                        if let Some(b) = &book {
                            solver.set_book(Arc::clone(b));
                        }
                        let result = if all {
                            let columns = solver.move_scores_at(pos, depth);
                            let best = columns.iter().flatten().copied().max();
                            let score = best.or_else(|| pos.terminal()).unwrap_or(0);
                            BatchResult {
                                score,
                                columns: Some(columns),
                            }
                        } else if let Ok(score) = solver.root(pos, depth) {
                            BatchResult {
                                score,
                                columns: None,
                            }
                        } else {
                            // Past the node limit: finished later by every thread. A small
                            // table goes with it, and this thread starts a new one.
                            nodes += solver.nodes;
                            drop(solver);
                            if table_bits <= KEEP_TABLE_BITS {
                                let fresh = Arc::new(Connect4Table::new(table_bits));
                                set_aside.push((i, Some(core::mem::replace(&mut table, fresh))));
                            } else {
                                set_aside.push((i, None));
                            }
                            continue;
                        };
                        nodes += solver.nodes;
                        found.push((i, result));
                        solved(count.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                    (found, set_aside, nodes)
                })
            })
            .collect();
        for w in workers {
            let (found, set_aside, n) = w.join().expect("a search thread panicked");
            nodes += n;
            shared.extend(set_aside);
            for (i, r) in found {
                results[i] = r;
            }
        }
    });
    shared.sort_unstable_by_key(|&(i, _)| i);
    for (i, table) in shared {
        let table = table.unwrap_or_else(|| Arc::new(Connect4Table::new(table_bits)));
        let (score, n) = score_parallel(&positions[i], &table, threads, depth, &Watch::none())
            .expect("a search without a budget runs to the end");
        nodes += n;
        results[i] = BatchResult {
            score,
            columns: None,
        };
        solved(count.fetch_add(1, Ordering::Relaxed) + 1);
    }
    (results, nodes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Options, Solver, minimax};
    use cgt_core::rng::Rng;

    /// A random position with `k` stones (or fewer if the game ended), from a seed.
    fn random_position(width: u8, height: u8, k: u32, rng: &mut Rng) -> Connect4 {
        let mut p = Connect4::new(width, height).unwrap();
        for _ in 0..k {
            if p.terminal().is_some() {
                break;
            }
            let mut moves = Vec::new();
            p.moves(&mut moves);
            p.play(moves[rng.below(moves.len() as u64) as usize]);
        }
        p
    }

    #[test]
    fn searches_stop_at_their_budget_and_give_the_value_without_one() {
        use cgt_core::budget::Stop;
        let empty = Connect4::new(7, 6).unwrap();
        let stop = Stop::new();
        stop.stop();
        let halted = Watch {
            ticker: None,
            budget: Some(Budget::unlimited().with_stop(&stop)),
        };
        let table = Arc::new(Connect4Table::new(16));
        for threads in [1, 2] {
            assert_eq!(
                score_parallel(&empty, &table, threads, Depth::Exact, &halted),
                Err(Exceeded::Stopped)
            );
            let all =
                move_scores_parallel(&empty, &table, threads, Depth::Exact, &halted, &|_, _| {});
            assert_eq!(all, Err(Exceeded::Stopped));
        }
        let mut s = Connect4Solver::new(&empty, 16);
        s.set_budget(Budget::unlimited().with_stop(&stop));
        assert_eq!(s.try_score(&empty), Err(Exceeded::Stopped));
        // The engine likewise; with an unlimited budget both answer.
        let board = crate::mnk::Mnk::new(4, 4, 4).unwrap();
        let mut e =
            Solver::new(Options::default()).with_limits(Budget::unlimited().with_stop(&stop));
        assert_eq!(e.try_solve(&board), Err(Exceeded::Stopped));
        let mut e = Solver::new(Options::default()).with_limits(Budget::unlimited());
        assert_eq!(e.try_solve(&board), Ok(0));
        let p = Connect4::new(4, 4).unwrap();
        let t = Arc::new(Connect4Table::new(12));
        assert_eq!(
            score_parallel(&p, &t, 2, Depth::Exact, &Watch::none())
                .unwrap()
                .0,
            0
        );
    }

    #[test]
    fn a_batch_is_the_same_on_any_thread_count_and_with_positions_set_aside() {
        let mut rng = Rng::new(14);
        let positions: Vec<Connect4> = (0..24)
            .map(|i| random_position(7, 6, 14 + i % 6, &mut rng))
            .collect();
        let count = std::sync::atomic::AtomicUsize::new(0);
        let (one, _) = solve_batch(&positions, 1, 16, Depth::Exact, false, None, &|_| {});
        // Positions over 5000 nodes (many of these) are finished by all threads together,
        // over the table they began in (2^16 entries) or a new one (2^22); every position is
        // reported once.
        for bits in [16, 22] {
            count.store(0, Ordering::Relaxed);
            let (two, _) = batch_with_limit(
                &positions,
                2,
                bits,
                Depth::Exact,
                false,
                None,
                &|_| {
                    count.fetch_add(1, Ordering::Relaxed);
                },
                5000,
            );
            assert_eq!(one, two);
            assert_eq!(count.load(Ordering::Relaxed), positions.len());
        }
        let (three, _) = solve_batch(&positions, 3, 18, Depth::Exact, false, None, &|_| {});
        assert_eq!(one, three);
        // Every score is the solver's own.
        for (p, r) in positions.iter().zip(&one) {
            assert_eq!(
                r.score,
                Connect4Solver::new(p, 18).score(p),
                "{}",
                p.render()
            );
        }
    }

    #[test]
    fn agrees_with_minimax_on_small_boards() {
        let mut rng = Rng::new(5);
        for (w, h, k) in [(4u8, 3u8, 0u32), (3, 4, 0), (4, 4, 4), (5, 4, 8), (4, 5, 7)] {
            for _ in 0..6 {
                let p = random_position(w, h, k, &mut rng);
                let mut s = Connect4Solver::new(&p, 12);
                assert_eq!(s.score(&p), minimax(&p), "{}", p.render());
                assert_eq!(s.outcome(&p), minimax(&p).signum());
            }
        }
    }

    #[test]
    fn agrees_with_the_generic_engine() {
        let mut rng = Rng::new(11);
        for (w, h, k) in [
            (7u8, 6u8, 28u32),
            (7, 6, 24),
            (6, 5, 14),
            (5, 5, 8),
            (9, 6, 46),
            (8, 7, 46),
        ] {
            let table = Arc::new(Connect4Table::new(18));
            for _ in 0..4 {
                let p = random_position(w, h, k, &mut rng);
                let mut generic = Solver::new(Options::default());
                let (value, best) = generic.best_moves(&p);
                let mut s = Connect4Solver::with_table(&p, Arc::clone(&table));
                table.clear();
                assert_eq!(s.score(&p), value, "{}", p.render());
                let scores = s.move_scores(&p);
                let mine: Vec<u8> = (0..w)
                    .filter(|&c| scores.get(usize::from(c)).copied().flatten() == Some(value))
                    .collect();
                let best: Vec<u8> = best.into_iter().map(|c| c.0).collect();
                assert_eq!(mine, best, "{}", p.render());
                for t in [1, 2, 3] {
                    let none = Watch::none();
                    let score = score_parallel(&p, &table, t, Depth::Exact, &none).unwrap();
                    assert_eq!(score.0, value);
                    let (all, _) =
                        move_scores_parallel(&p, &table, t, Depth::Exact, &none, &|_, _| {})
                            .unwrap();
                    assert_eq!(all, scores);
                    let (weak, _) =
                        move_scores_parallel(&p, &table, t, Depth::Weak, &none, &|_, _| {})
                            .unwrap();
                    let signs: Vec<_> = scores.iter().map(|s| s.map(i32::signum)).collect();
                    assert_eq!(weak, signs);
                }
            }
        }
    }
}
