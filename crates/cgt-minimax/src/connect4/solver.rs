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

mod geometry;
mod parallel;
mod table;

use geometry::{Geometry, probe_between};
pub use parallel::{BatchResult, BookRef, move_scores_parallel, score_parallel, solve_batch};
pub use table::Connect4Table;
use table::NO_MOVE;
pub use table::connect4_table_bits;

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

#[cfg(test)]
mod tests {
    use super::parallel::batch_with_limit;
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
