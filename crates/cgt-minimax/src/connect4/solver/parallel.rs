//! The search on several threads: the root's moves split among them, batches of positions
//! with a shared table and each thread's limits.

use super::*;

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
pub(in crate::connect4) fn score_split(
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

/// The opening book type [`solve_batch`] takes ([`crate::connect4::Connect4Book`] with the `book`
/// feature, an empty type without it).
#[cfg(feature = "book")]
pub type BookRef = crate::connect4::Connect4Book;

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
pub(in crate::connect4) const SHARE_AFTER_NODES: u64 = 1 << 23;

/// A position set aside keeps the table its search began in when the table has at most
/// 2^`KEEP_TABLE_BITS` entries (8 MB); larger tables are not held while the batch goes on,
/// and the position starts over in a new one.
pub(in crate::connect4) const KEEP_TABLE_BITS: u32 = 20;

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
pub(in crate::connect4) fn batch_with_limit(
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
