//! One build: the level-by-level passes over the bitmaps, in lanes, with their scratch space.

use super::*;

/// Updates for other workers, one list per worker: pairs of words `(block, mask)` of global
/// blocks of 64 indices (empty when the build holds the whole index space).
pub(crate) type Outbox = Vec<Vec<u64>>;

/// A finished build's arrays over the blocks held: the legal, won and lost bits (a word per
/// block) and the distances (0 for the undecided).
pub(crate) struct Parts {
    pub(crate) legal: Vec<u64>,
    pub(crate) won: Vec<u64>,
    pub(crate) lost: Vec<u64>,
    pub(crate) distance: Distances,
}

/// `len` zeroed values, straight from the allocator: a large array comes as fresh pages the
/// system zeroes when they are first touched, instead of being written with zeros here first
/// (on the machines measured, touching a page costs more than filling it). Aborts, as `Vec`
/// does, when the memory is not there.
fn zeroed_vec<T: zerocopy::FromZeros>(len: usize) -> Vec<T> {
    T::new_vec_zeroed(len)
        .unwrap_or_else(|_| std::alloc::handle_alloc_error(std::alloc::Layout::new::<T>()))
}

/// A pass's task scratch space: the pairs it sends to other workers, and buffers for
/// predecessors and moves.
#[derive(Default)]
struct Scratch {
    out: Outbox,
    preds: Vec<usize>,
    succ: Vec<Successor>,
    inside: Vec<usize>,
}

/// A build in progress over the blocks its [`Layout`] holds: the engine's arrays and one
/// method per phase of [`solve_within`]. Indices are global; the arrays are local.
pub(crate) struct Build<'g, G, L, A> {
    game: &'g G,
    layout: L,
    /// One bit per legal position (64 positions per word, set by the classification).
    legal: Vec<u64>,
    /// One bit per won position and one per lost position, set a block of 64 at a time by
    /// the lane that decided them. A legal position in neither is a draw once the build is
    /// over (undecided, or a drawn terminal). Like every array the passes change, these are
    /// atomic words read and written by plain loads and stores: the passes change a block's
    /// words only in the lane owning it ([`lanes`]), and any lane may read them.
    won: Vec<AtomicU64>,
    lost: Vec<AtomicU64>,
    /// One word per position (a byte or two, `A`). While a position is undecided it holds the
    /// number of distinct moves that must all turn into wins for the opponent before it is lost
    /// (inside successors, and decisive exits to opponent wins, which count down at their own
    /// level); a drawn exit blocks the loss for ever (`u16::MAX`, 255 in a byte). It is counted
    /// when the position is first reached backwards (0 = not yet counted), or up front: by the game
    /// during the classification when that is cheap, and for the positions that may leave the table
    /// in games with decisive exits, whose moves to outside losses (a win at k + 1) must be
    /// scheduled anyway. Once the position is decided, the lane that decided it stores its distance
    /// there: no count is touched after its last decrement, so the two uses never overlap.
    aux: Vec<A>,
    /// With one-byte words: the positions decided at level 255 or deeper (local index and
    /// distance), whose words saturate.
    deep: Vec<(usize, u16)>,
    /// The levels taken so far: the next one taken is this distance.
    taken: u32,
    /// One bit per undecided position, which the backward passes clear to decide a position
    /// (and read, from any lane, to drop the updates of positions already decided: a bit only
    /// ever clears).
    open: Vec<AtomicU64>,
    /// One bit per position decided in the level being built.
    marks: Vec<AtomicU64>,
    /// One bit per word of `marks` that may hold a mark (set when a word gets its first), so
    /// that reading a level off the marks skips the empty regions of large tables.
    dirty: Vec<AtomicU64>,
    /// The marks and dirty bits of the level the backward passes read: the positions decided
    /// at the previous distance. [`Build::take_level`] swaps them with `marks` and `dirty`
    /// once a level is built, so a level is never copied into a list.
    level: Vec<AtomicU64>,
    level_dirty: Vec<AtomicU64>,
    /// Whether the game has decisive exits (then every move count is taken up front).
    exits: bool,
    /// The exits by level: a position that wins by an exit to a loss at k is won at k + 1;
    /// one whose slowest exit to an opponent win is at k counts that move down at k. The
    /// classification files those whose levels the game gave.
    schedule: Schedule,
    /// One bit per undecided position that may have an exit, as the classification left it
    /// (emptied once the exits are scheduled).
    exit_bits: Vec<u64>,
    /// Legal positions held.
    pub(crate) legal_count: usize,
    /// The blocks dealt out to the backward passes' tasks, one lane per thread, so that
    /// those passes update them with plain loads and stores too.
    lanes: Lanes,
}

impl<'g, G: RetroShortcuts, L: Layout, A: Cell> Build<'g, G, L, A> {
    /// Classifies every position held (illegal, undecided, or a terminal result), 64 at a
    /// time.
    pub(crate) fn classify(game: &'g G, layout: L) -> Self {
        let size = game.size();
        let len = layout.local_len();
        let words = len.div_ceil(64);
        let zeroed = || -> Vec<AtomicU64> { zeroed_vec(words) };
        let mut legal: Vec<u64> = vec![0; words];
        let (mut won, mut lost) = (zeroed(), zeroed());
        let (mut open, mut marks) = (zeroed(), zeroed());
        let mut aux: Vec<A> = zeroed_vec(len);
        let mut exit_bits: Vec<u64> = vec![0; words];
        // One pass per 64 positions: their results, their open bits, the terminal wins and
        // losses marked as level 0, the legal count, and the move counts and the exits the
        // game gives.
        let layout_ref = &layout;
        let with_exits = game.has_decisive_exits();
        let parts: Vec<(usize, Schedule)> = aux
            .par_chunks_mut(64)
            .zip(legal.par_iter_mut())
            .zip(won.par_iter_mut().zip(lost.par_iter_mut()))
            .zip(open.par_iter_mut().zip(marks.par_iter_mut()))
            .zip(exit_bits.par_iter_mut())
            .enumerate()
            .fold(
                || (0usize, Schedule::new(size)),
                |(count, mut scheduled), (local, ((((counts, legal), (won, lost)), (open, marks)), exits))| {
                    let start = layout_ref.global_block(local) * 64;
                    // The last block of the space may be short (and padded here).
                    let n = counts.len().min(size.saturating_sub(start));
                    let mut terminals = [None; 64];
                    let terminals = &mut terminals[..n];
                    let mut given_all = [0u16; 64];
                    let mut levels = [None; 64];
                    let levels = &mut levels[..n];
                    *exits = !0;
                    let masks = if n == 64 {
                        game.terminal_masks(start, &mut given_all)
                    } else {
                        None
                    };
                    let given = &mut given_all[..n];
                    // The results as masks.
                    let (mut undecided, mut wins, mut losses, mut legal_here) =
                        (0u64, 0u64, 0u64, 0u64);
                    if let Some(m) = masks {
                        (undecided, wins, losses, legal_here) =
                            (m.undecided, m.wins, m.losses, m.legal);
                    } else if n > 0 {
                        game.terminal_block(start, terminals, given, exits, levels);
                        for (b, t) in terminals.iter().enumerate() {
                            let Some(t) = t else { continue };
                            legal_here |= 1 << b;
                            match t {
                                Terminal::No => undecided |= 1 << b,
                                Terminal::Loss => losses |= 1 << b,
                                Terminal::Win => wins |= 1 << b,
                                Terminal::Draw => {}
                            }
                        }
                    }
                    // The counts the game gave (only undecided positions have any); a block
                    // without any leaves its words untouched, as the passes may.
                    if given.iter().any(|&g| g != 0) {
                        let mut bits = undecided;
                        while bits != 0 {
                            let b = bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            counts[b].set(given[b]);
                        }
                    }
                    *legal = legal_here;
                    *won.get_mut() = wins;
                    *lost.get_mut() = losses;
                    *open.get_mut() = undecided;
                    *marks.get_mut() = wins | losses;
                    if !with_exits {
                        *exits = 0;
                        return (count + legal_here.count_ones() as usize, scheduled);
                    }
                    *exits &= undecided;
                    // The exits whose levels the game gave are scheduled without asking again.
                    let mut bits = *exits;
                    while bits != 0 {
                        let b = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        if let Some(found) = levels[b] {
                            *exits &= !(1 << b);
                            if let Some((i, at, win)) = exit_entry(start + b, found) {
                                scheduled.push(i, at, win);
                            }
                        }
                    }
                    (count + legal_here.count_ones() as usize, scheduled)
                },
            )
            .collect();
        // Each part's schedule is copied once, into the joined one.
        let legal_count = parts.iter().map(|p| p.0).sum();
        let schedule = Schedule::join(parts.into_iter().map(|p| p.1).collect(), size);
        // The words of marks holding level 0.
        let dirty: Vec<AtomicU64> = marks
            .par_chunks(64)
            .map(|words| {
                let bits = words.iter().enumerate().fold(0u64, |d, (k, w)| {
                    d | u64::from(w.load(Ordering::Relaxed) != 0) << k
                });
                AtomicU64::new(bits)
            })
            .collect();
        Build {
            game,
            layout,
            legal,
            won,
            lost,
            aux,
            deep: Vec::new(),
            taken: 0,
            open,
            level: zeroed(),
            level_dirty: zeroed_vec(dirty.len()),
            marks,
            dirty,
            exits: game.has_decisive_exits(),
            exit_bits,
            schedule,
            legal_count,
            lanes: Lanes::new(rayon::current_num_threads()),
        }
    }

    /// In games with decisive exits: schedules by level the exits of every undecided position
    /// that may leave the table, from [`RetroShortcuts::exit_levels`] when the game gives them, and
    /// otherwise by counting all its moves up front (the others are counted when first
    /// reached, as in games without exits). (Kept compact: raw two-sided tables have millions
    /// of such positions.)
    pub(crate) fn schedule_exits(&mut self) {
        let exit_bits = core::mem::take(&mut self.exit_bits);
        if !self.exits {
            return;
        }
        let (game, aux, layout) = (self.game, &self.aux, &self.layout);
        let found: Vec<(usize, u32, bool)> = exit_bits
            .par_iter()
            .enumerate()
            .flat_map_iter(|(w, &word)| {
                let mut bits = word;
                let block = layout.global_block(w);
                core::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let b = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        block * 64 + b
                    })
                })
            })
            .filter(|&i| game.may_exit(i))
            .map_init(
                || (Vec::new(), Vec::new()),
                |(succ, inside), i| {
                    let levels = game.exit_levels(i).unwrap_or_else(|| {
                        let summary = count_moves(game, i, succ, inside);
                        aux[layout.local(i)].set(summary.count);
                        (summary.win_at, summary.check_at)
                    });
                    exit_entry(i, levels)
                },
            )
            .filter_map(core::convert::identity)
            .collect();
        for (i, at, win) in found {
            self.schedule.push(i, at, win);
        }
    }

    /// Whether scheduled exits still lie beyond level `d`.
    pub(crate) fn exits_pending(&self, d: u32) -> bool {
        self.schedule.pending(d)
    }

    /// The bits of `positions` (of held block `block`) that are won.
    fn won_of(&self, block: usize, positions: u64) -> u64 {
        positions & self.won[self.layout.local_block(block)].load(Ordering::Relaxed)
    }

    /// The bits of `positions` (of held block `block`) that are lost.
    fn lost_of(&self, block: usize, positions: u64) -> u64 {
        positions & self.lost[self.layout.local_block(block)].load(Ordering::Relaxed)
    }

    /// Whether the position of local index `p` is undecided.
    fn is_open(&self, p: usize) -> bool {
        self.open[p / 64].load(Ordering::Relaxed) >> (p % 64) & 1 != 0
    }

    /// Clears the open bit of local index `p`; true when it was set (the caller then
    /// decides the position).
    fn claim(&self, p: usize) -> bool {
        let bit = 1u64 << (p % 64);
        and_word(&self.open[p / 64], !bit) & bit != 0
    }

    /// Records the decision on the claimed positions `bits` of local block `word`: won (or
    /// lost) at `distance`, and marked as decided in this level.
    #[inline]
    fn decide_local(&self, word: usize, bits: u64, won: bool, distance: u32) {
        let result = if won { &self.won } else { &self.lost };
        or_word(&result[word], bits);
        let mut each = bits;
        while each != 0 {
            let p = word * 64 + each.trailing_zeros() as usize;
            each &= each - 1;
            self.aux[p].set(distance as u16);
        }
        if or_word(&self.marks[word], bits) == 0 {
            or_word(&self.dirty[word / 64], 1 << (word % 64));
        }
    }

    /// Whether this build holds global block `block`.
    #[cfg(feature = "distributed")]
    pub(crate) fn holds(&self, block: usize) -> bool {
        self.layout.remote(block).is_none() && self.layout.local_block(block) < self.open.len()
    }

    /// The undecided positions of held block `b` among `mask` are won at `next_d` (called by
    /// the lane owning the block).
    #[inline]
    pub(crate) fn win_block(&self, b: usize, mask: u64, next_d: u32) {
        // Claim the undecided ones of the block at once.
        let local = self.layout.local_block(b);
        let word = &self.open[local];
        let hit = word.load(Ordering::Relaxed) & mask;
        if hit == 0 {
            return;
        }
        let won = and_word(word, !hit) & hit;
        if won != 0 {
            self.decide_local(local, won, true, next_d);
        }
    }

    /// Each undecided position of held block `b` among `mask` counts one move down (called
    /// by the lane owning the block).
    #[inline]
    pub(crate) fn count_down_block(
        &self,
        (b, mask): (usize, u64),
        next_d: u32,
        succ: &mut Vec<Successor>,
        inside: &mut Vec<usize>,
    ) {
        let local = self.layout.local_block(b);
        let mut open = self.open[local].load(Ordering::Relaxed) & mask;
        while open != 0 {
            let q = b * 64 + open.trailing_zeros() as usize;
            open &= open - 1;
            self.count_down(q, next_d, succ, inside);
        }
    }

    /// Runs a backward pass over the lanes: `tasks` pieces of work whose `generate` appends
    /// pairs `(global block, mask)`; each pair of a held block is made by `apply` in the lane
    /// owning it (with plain loads and stores), on its undecided positions only (the others
    /// are dropped where they are generated: a position once decided stays so); the pairs of
    /// other workers' blocks go to their lists, which are returned.
    fn lane_pass(
        &self,
        tasks: usize,
        generate: impl Fn(&mut Scratch, usize, &mut Vec<(usize, u64)>, &mut Flush<'_, Scratch>) + Sync,
        apply: impl Fn(&mut Scratch, (usize, u64)) + Sync,
    ) -> Outbox {
        let peers = self.layout.peers();
        let states = self.lanes.run(Pass {
            tasks,
            init: Scratch::default,
            generate,
            route: |s: &mut Scratch, b: usize, m: u64| match self.layout.remote(b) {
                None => {
                    let local = self.layout.local_block(b);
                    let open = self.open[local].load(Ordering::Relaxed) & m;
                    (open != 0).then_some((local, open))
                }
                Some(to) => {
                    push_pair(&mut s.out, peers, to, b, m);
                    None
                }
            },
            apply: |s: &mut Scratch, b: usize, m: u64| apply(s, (b, m)),
        });
        merge_outboxes(states.into_iter().map(|s| s.out), peers)
    }

    /// Makes the updates of pairs `(global block, mask)` of held blocks, generated by
    /// `tasks` pieces of work: wins at `next_d` (`win`), or count-downs (the exits'
    /// schedule, and the distributed build's received updates).
    pub(crate) fn apply_pairs(
        &self,
        tasks: usize,
        generate: impl Fn(usize, &mut Vec<(usize, u64)>) + Sync,
        win: bool,
        next_d: u32,
    ) {
        self.lane_pass(
            tasks,
            |_, task, pairs, _| generate(task, pairs),
            |s, (b, m)| {
                if win {
                    self.win_block(b, m, next_d);
                } else {
                    self.count_down_block((b, m), next_d, &mut s.succ, &mut s.inside);
                }
            },
        );
    }

    /// Phase A: predecessors of the losses at this level are wins at `next_d`. The held ones
    /// are decided here; the others are returned, for their workers.
    pub(crate) fn wins_from_losses(&self, next_d: u32) -> Outbox {
        self.lane_pass(
            self.level_tasks(),
            |s, task, pairs, flush| {
                self.level_blocks(task, |block, positions| {
                    let lost = self.lost_of(block, positions);
                    if lost != 0 {
                        self.game
                            .block_predecessor_candidates(block, lost, false, pairs);
                        flush(s, pairs);
                    }
                });
            },
            |_, (b, m)| self.win_block(b, m, next_d),
        )
    }

    /// The positions scheduled to win by an exit at `next_d` are won then.
    pub(crate) fn scheduled_wins(&mut self, next_d: u32) {
        if let Some(scheduled) = self.schedule.take_wins(next_d) {
            let chunks = scheduled.chunks();
            self.apply_pairs(
                chunks.len(),
                |task, pairs| chunks[task].for_each(|p| pairs.push(block_of(p))),
                true,
                next_d,
            );
        }
    }

    /// One of `q`'s moves turned into a win for the opponent: counts it down, and decides `q`
    /// lost at `next_d` when it was the last.
    #[inline]
    fn count_down(
        &self,
        q: usize,
        next_d: u32,
        succ: &mut Vec<Successor>,
        inside: &mut Vec<usize>,
    ) {
        let local = self.layout.local(q);
        if !self.is_open(local) {
            return;
        }
        let aux = &self.aux[local];
        let mut left = aux.get();
        if left == 0 {
            // In games with exits, a position with one is counted here when the game gave
            // its exits' levels up front (the count then includes the exits).
            let count = count_moves(self.game, q, succ, inside).count;
            // This count includes the move just won; the rest is stored.
            aux.set(count - 1);
            left = if count == 1 { 1 } else { u16::MAX };
        } else {
            aux.set(left - 1);
        }
        if left == 1 && self.claim(local) {
            self.decide_local(local / 64, 1 << (local % 64), false, next_d);
        }
    }

    /// Phase B: each position won at this level counts down its distinct predecessors; one
    /// whose last move turns into a win for the opponent here is lost at `next_d` (its other
    /// moves were won earlier). The held predecessors are counted here; the others are
    /// returned, one pair per move, for their workers.
    pub(crate) fn count_down_from_wins(&self, next_d: u32) -> Outbox {
        self.lane_pass(
            self.level_tasks(),
            |s, task, pairs, flush| {
                self.level_blocks(task, |block, positions| {
                    let won = self.won_of(block, positions);
                    if won == 0 {
                        return;
                    }
                    let before = pairs.len();
                    if !self
                        .game
                        .block_predecessor_candidates(block, won, true, pairs)
                    {
                        pairs.truncate(before);
                        let mut bits = won;
                        while bits != 0 {
                            let x = block * 64 + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            self.game.predecessor_candidates(x, true, &mut s.preds);
                            pairs.extend(s.preds.iter().map(|&q| block_of(q)));
                        }
                    }
                    flush(s, pairs);
                });
            },
            |s, pair| self.count_down_block(pair, next_d, &mut s.succ, &mut s.inside),
        )
    }

    /// A task of the level the passes read takes the words under a few dirty words (a few
    /// thousand blocks), so that the work of crowded regions is shared while the empty ones
    /// cost one load per 64 words.
    const LEVEL_TASK_WORDS: usize = 4;

    /// The number of tasks of the level the passes read.
    fn level_tasks(&self) -> usize {
        self.level_dirty.len().div_ceil(Self::LEVEL_TASK_WORDS)
    }

    /// Calls `f` on each block of task `task` of the level the passes read, with the global
    /// block number and the positions of the level in it.
    fn level_blocks(&self, task: usize, mut f: impl FnMut(usize, u64)) {
        let first = task * Self::LEVEL_TASK_WORDS;
        let dirty =
            &self.level_dirty[first..(first + Self::LEVEL_TASK_WORDS).min(self.level_dirty.len())];
        for (k, d) in dirty.iter().enumerate() {
            let mut words = d.load(Ordering::Relaxed);
            while words != 0 {
                let local = (first + k) * 64 + words.trailing_zeros() as usize;
                words &= words - 1;
                let positions = self.level[local].load(Ordering::Relaxed);
                if positions != 0 {
                    f(self.layout.global_block(local), positions);
                }
            }
        }
    }

    /// Scheduled exits to opponent wins at `d` count down at `d`.
    pub(crate) fn scheduled_checks(&mut self, d: u32, next_d: u32) {
        if let Some(scheduled) = self.schedule.take_checks(d) {
            let chunks = scheduled.chunks();
            self.apply_pairs(
                chunks.len(),
                |task, pairs| chunks[task].for_each(|q| pairs.push(block_of(q))),
                false,
                next_d,
            );
        }
    }

    /// Ends a level: the positions marked since the last call become the level the passes
    /// read, and the marks start empty for the next one. Returns the level's size.
    pub(crate) fn take_level(&mut self) -> usize {
        // The level read so far is cleared (only its dirty words can hold marks) and swapped
        // with the marks. No other thread touches them now: plain reads and writes.
        const DIRTY_WORDS: usize = 32;
        self.level_dirty
            .par_chunks_mut(DIRTY_WORDS)
            .zip(self.level.par_chunks_mut(DIRTY_WORDS * 64))
            .for_each(|(dirty, level)| {
                for (k, d) in dirty.iter_mut().enumerate() {
                    let mut words = core::mem::take(d.get_mut());
                    while words != 0 {
                        *level[k * 64 + words.trailing_zeros() as usize].get_mut() = 0;
                        words &= words - 1;
                    }
                }
            });
        core::mem::swap(&mut self.level, &mut self.marks);
        core::mem::swap(&mut self.level_dirty, &mut self.dirty);
        let depth = self.taken;
        self.taken += 1;
        if !A::WIDE && depth >= u32::from(u8::MAX) {
            self.list_deep(depth);
        }
        self.level_dirty
            .par_chunks_mut(DIRTY_WORDS)
            .zip(self.level.par_chunks_mut(DIRTY_WORDS * 64))
            .map(|(dirty, level)| {
                let mut n = 0;
                for (k, d) in dirty.iter_mut().enumerate() {
                    let mut words = *d.get_mut();
                    while words != 0 {
                        n += level[k * 64 + words.trailing_zeros() as usize]
                            .get_mut()
                            .count_ones() as usize;
                        words &= words - 1;
                    }
                }
                n
            })
            .sum()
    }

    /// With one-byte words: lists the positions of the level just taken, decided at `depth`
    /// (255 or more, which their words do not hold).
    #[cold]
    fn list_deep(&mut self, depth: u32) {
        let depth = u16::try_from(depth).unwrap_or(u16::MAX);
        for (k, d) in self.level_dirty.iter_mut().enumerate() {
            let mut words = *d.get_mut();
            while words != 0 {
                let w = k * 64 + words.trailing_zeros() as usize;
                words &= words - 1;
                let mut bits = *self.level[w].get_mut();
                while bits != 0 {
                    self.deep
                        .push((w * 64 + bits.trailing_zeros() as usize, depth));
                    bits &= bits - 1;
                }
            }
        }
    }

    /// The held part of the table, block by block: for each local block, its legal, won
    /// and lost bits (64 positions per word), and the distances.
    pub(crate) fn into_parts(self) -> Parts {
        // In place: the counts of undecided and drawn positions become 0, and the counters
        // become the distances, the atomic words plain ones, without a copy (a plain map over
        // a vector into one of the same size and alignment reuses its memory).
        let mut aux = self.aux;
        aux.par_chunks_mut(64)
            .zip(self.won.par_iter().zip(self.lost.par_iter()))
            .for_each(|(chunk, (won, lost))| {
                let decided = won.load(Ordering::Relaxed) | lost.load(Ordering::Relaxed);
                for (b, a) in chunk.iter().enumerate() {
                    if decided >> b & 1 == 0 {
                        a.set(0);
                    }
                }
            });
        let plain =
            |v: Vec<AtomicU64>| -> Vec<u64> { v.into_iter().map(AtomicU64::into_inner).collect() };
        Parts {
            legal: self.legal,
            won: plain(self.won),
            lost: plain(self.lost),
            distance: A::into_distances(aux, &self.deep),
        }
    }
}

impl<G: RetroShortcuts, A: Cell> Build<'_, G, Whole, A> {
    /// The table: 64 positions per word of each bit vector, and the distances.
    pub(super) fn into_table(self) -> Table {
        let size = self.layout.size;
        let parts = self.into_parts();
        Table {
            legal: words_into_bits(parts.legal, size),
            won: words_into_bits(parts.won, size),
            lost: words_into_bits(parts.lost, size),
            distance: parts.distance,
        }
    }
}

/// Where a position's exits are scheduled: won at the fastest exit's level, or else counted
/// down at the slowest exit to an opponent win; nowhere when every exit draws.
fn exit_entry(
    i: usize,
    (win_at, check_at): (Option<u32>, Option<u32>),
) -> Option<(usize, u32, bool)> {
    match (win_at, check_at) {
        (Some(w), _) => Some((i, w, true)),
        (None, Some(c)) => Some((i, c, false)),
        (None, None) => None,
    }
}

/// A bit vector of `len` bits from words of 64 (bit `b` of word `w` is bit `64 w + b`).
/// [`words_to_bits`] of a vector, keeping its memory where `usize` is 64 bits.
pub(crate) fn words_into_bits(words: Vec<u64>, len: usize) -> BitVec {
    if usize::BITS == 64 {
        #[allow(clippy::cast_possible_truncation)]
        let mut v = BitVec::from_vec(words.into_iter().map(|w| w as usize).collect());
        v.truncate(len);
        v
    } else {
        words_to_bits(words.into_iter(), len)
    }
}

pub(crate) fn words_to_bits(words: impl Iterator<Item = u64>, len: usize) -> BitVec {
    let mut v: BitVec = if usize::BITS == 64 {
        #[allow(clippy::cast_possible_truncation)]
        BitVec::from_vec(words.map(|w| w as usize).collect())
    } else {
        words
            .flat_map(|w| (0..64).map(move |b| w >> b & 1 != 0))
            .collect()
    };
    v.truncate(len);
    v
}

/// The pair `(block, mask)` of index `i`.
fn block_of(i: usize) -> (usize, u64) {
    (i / 64, 1u64 << (i % 64))
}

/// `word &= mask`, returning the earlier value. A plain load and store: only the lane owning
/// a word's block changes it during a pass (an atomic read-modify-write, even uncontended,
/// stalls the memory pipeline that the passes' scattered accesses depend on).
#[inline]
fn and_word(word: &AtomicU64, mask: u64) -> u64 {
    let was = word.load(Ordering::Relaxed);
    word.store(was & mask, Ordering::Relaxed);
    was
}

/// `word |= bits`, returning the earlier value (a plain load and store, as [`and_word`]).
#[inline]
fn or_word(word: &AtomicU64, bits: u64) -> u64 {
    let was = word.load(Ordering::Relaxed);
    word.store(was | bits, Ordering::Relaxed);
    was
}

/// Appends the pair `(b, m)` to worker `to`'s list.
fn push_pair(out: &mut Outbox, peers: usize, to: usize, b: usize, m: u64) {
    if out.is_empty() {
        out.resize_with(peers, Vec::new);
    }
    out[to].extend_from_slice(&[b as u64, m]);
}

/// The lists of several chunks joined, per worker.
fn merge_outboxes(outboxes: impl IntoIterator<Item = Outbox>, peers: usize) -> Outbox {
    let mut merged: Outbox = Vec::new();
    for out in outboxes {
        if out.is_empty() {
            continue;
        }
        if merged.is_empty() {
            merged = out;
            continue;
        }
        debug_assert_eq!(out.len(), peers);
        for (m, o) in merged.iter_mut().zip(out) {
            m.extend_from_slice(&o);
        }
    }
    merged
}
