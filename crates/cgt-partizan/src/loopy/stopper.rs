//! Stoppers — loopy games without infinite alternating play — their order and simplest forms.
//!
//! For stoppers `G` and `H`, `G ≥ H` exactly when Left, moving second, survives (wins or
//! draws) `G − H` (Siegel, *Combinatorial Game Theory*, chapter VI; Conway, *On Numbers and
//! Games*, chapter 16). One retrograde analysis of the pairs of positions decides every
//! comparison between the positions of two games at once. The simplest form deletes dominated
//! options, bypasses reversible ones (while the result stays a stopper) and then fuses equal
//! positions, as for short games; stoppers have a unique simplest form.

use core::cmp::Ordering;

use cgt_core::budget::Budget;

use super::graph::LoopyGame;
use super::solve::{Predecessors, WIN, finite_nodes, predecessors, retrograde_within};
use crate::{PartizanError, Player};

/// Bytes per pair of positions in a comparison table (states, lengths, counts and the
/// predecessor lists of both players' nodes).
const BYTES_PER_PAIR: u64 = 2 * (1 + 4 + 4 + 8) + 16 * 4;

impl LoopyGame {
    /// Whether no position reachable from the start begins an infinite alternating run
    /// (Left, Right, Left, … or Right, Left, …): a *stopper*, whose play always ends when each
    /// player only plays in it when it is their turn.
    #[must_use]
    pub fn is_stopper(&self) -> bool {
        let reachable = self.reachable();
        let mut inside = vec![false; self.len()];
        for &x in &reachable {
            inside[x as usize] = true;
        }
        let finite = self.alternating_finite(&inside);
        reachable
            .iter()
            .all(|&x| finite[2 * x as usize] && finite[2 * x as usize + 1])
    }

    /// For every position, whether the game played from it is a stopper — all at once, in time
    /// linear in the size of the graph (asking [`LoopyGame::is_stopper`] of each position
    /// would take time quadratic).
    ///
    /// Play from `x` is a stopper exactly when no position reachable from `x` begins an
    /// infinite alternating run; so the positions that are not stoppers are those that begin
    /// one and, backwards along every move, those from which one is reached.
    pub(crate) fn stopper_positions(&self) -> Vec<bool> {
        let n = self.len();
        let finite = self.alternating_finite(&vec![true; n]);
        let mut stopper: Vec<bool> = (0..n).map(|x| finite[2 * x] && finite[2 * x + 1]).collect();
        let Predecessors { start, pred, .. } = predecessors(
            n,
            |x, out| out.extend(self.left[x].iter().chain(&self.right[x])),
            &Budget::unlimited(),
        )
        .expect("an unlimited budget never stops");
        let mut queue: Vec<u32> = (0..n as u32).filter(|&x| !stopper[x as usize]).collect();
        while let Some(x) = queue.pop() {
            for &p in &pred[start[x as usize]..start[x as usize + 1]] {
                if stopper[p as usize] {
                    stopper[p as usize] = false;
                    queue.push(p);
                }
            }
        }
        stopper
    }

    /// Which nodes `(position, player to move)` — node `2·x` for Left to move at `x`, `2·x + 1`
    /// for Right — begin only finite alternating runs, over the positions `inside` (the others
    /// have no moves here).
    fn alternating_finite(&self, inside: &[bool]) -> Vec<bool> {
        finite_nodes(2 * self.len(), |v, out| {
            let x = (v / 2) as u32;
            if inside[x as usize] {
                let mover = if v % 2 == 0 {
                    Player::Left
                } else {
                    Player::Right
                };
                out.extend(
                    self.options(x, mover)
                        .iter()
                        .map(|&o| (2 * o as usize + usize::from(mover == Player::Left)) as u32),
                );
            }
        })
    }

    /// Compares two games: `Some(Greater)` for `self > other`, `Some(Equal)`, `Some(Less)`, or
    /// `None` when they are confused. Stoppers directly; other games by their sides, `G ≥ H`
    /// exactly when `G⁺ ≥ H⁺` and `G⁻ ≥ H⁻` (see [`LoopyGame::onside`]), compared in the order
    /// of sides on the games themselves, so also when the sides are not found.
    ///
    /// # Errors
    /// [`PartizanError::TooLarge`] when a table of pairs would not fit;
    /// [`PartizanError::Stopped`] past the budget's time.
    ///
    /// ```
    /// use core::cmp::Ordering;
    /// use cgt_core::budget::Budget;
    /// use cgt_partizan::loopy::LoopyGame;
    ///
    /// let over = LoopyGame::parse("over")?;
    /// let quarter = LoopyGame::parse("1/4")?;
    /// assert_eq!(over.compare(&quarter, &Budget::unlimited())?, Some(Ordering::Less));
    /// # Ok::<(), cgt_partizan::PartizanError>(())
    /// ```
    pub fn compare(
        &self,
        other: &LoopyGame,
        budget: &Budget,
    ) -> Result<Option<Ordering>, PartizanError> {
        if !self.is_stopper() || !other.is_stopper() {
            return self.compare_by_sides(other, budget);
        }
        let (a, b) = (self.trimmed(), other.trimmed());
        let table = ge_table(&a, &b, budget)?;
        Ok(order(table.get(0, 0), table.le(0, 0)))
    }

    /// The simplest form of a stopper: dominated options deleted and reversible options
    /// bypassed until none is left, then equal positions fused (fusing first would be wrong:
    /// in `on + *` the Right option `on + 0` equals the position, and fusing them makes `dud`).
    /// Positions keep the names of the positions they stand for.
    ///
    /// # Errors
    /// [`PartizanError::Argument`] when the game is not a stopper;
    /// [`PartizanError::TooLarge`] when its table of pairs of positions would pass the
    /// budget's memory; [`PartizanError::Stopped`] past its time.
    ///
    /// ```
    /// use cgt_core::budget::Budget;
    /// use cgt_partizan::loopy::LoopyGame;
    ///
    /// let g = LoopyGame::parse("{0 | pass, 1}")?;
    /// let s = g.simplest(&Budget::unlimited())?;
    /// assert_eq!(s.display(), "over");
    /// # Ok::<(), cgt_partizan::PartizanError>(())
    /// ```
    pub fn simplest(&self, budget: &Budget) -> Result<LoopyGame, PartizanError> {
        if !self.is_stopper() {
            return Err(not_stopper(self));
        }
        let original = self.trimmed();
        let mut g = identical_fused(&original);
        let cap = 8 * g.len() + 64;
        for _ in 0..cap {
            let table = ge_table(&g, &g, budget)?;
            let Some(next) = simplify_once(&g, &table) else {
                // Each step keeps the value (Siegel, chapter VI); check the result once.
                let table = ge_table(&g, &original, budget)?;
                let same = table.get(0, 0) && table.le(0, 0);
                if !same {
                    return Err(PartizanError::Argument {
                        message: "internal error: the simplification changed the value".into(),
                    });
                }
                return Ok(g);
            };
            g = next.trimmed();
        }
        Err(PartizanError::Argument {
            message: format!("the simplification did not settle in {cap} passes"),
        })
    }
}

/// The game with identical positions fused: positions whose Left options and Right options
/// are, position for position, identical again (the coarsest such partition, by refinement
/// from one class). Identical positions are the same game, so the value is kept, and play in
/// the result is play in the game, so a stopper stays a stopper. Cheap, and it shrinks the
/// copies of one game that sums and sidling build before the quadratic comparison tables.
fn identical_fused(g: &LoopyGame) -> LoopyGame {
    let n = g.len();
    let mut class = vec![0u32; n];
    let mut count = 1;
    // A position's key: its class, its Left options' classes (sorted, without repeats), a
    // separator no class takes, and its Right options' classes.
    let mut ids: rustc_hash::FxHashMap<Vec<u32>, u32> = rustc_hash::FxHashMap::default();
    let mut key = Vec::new();
    loop {
        ids.clear();
        let next: Vec<u32> = (0..n)
            .map(|x| {
                key.clear();
                key.push(class[x]);
                for (i, opts) in [&g.left[x], &g.right[x]].into_iter().enumerate() {
                    if i == 1 {
                        key.push(u32::MAX);
                    }
                    let from = key.len();
                    key.extend(opts.iter().map(|&o| class[o as usize]));
                    key[from..].sort_unstable();
                    let mut kept = from;
                    for k in from..key.len() {
                        if k == from || key[k] != key[kept - 1] {
                            key[kept] = key[k];
                            kept += 1;
                        }
                    }
                    key.truncate(kept);
                }
                let fresh = ids.len() as u32;
                match ids.get(&key) {
                    Some(&id) => id,
                    None => {
                        ids.insert(key.clone(), fresh);
                        fresh
                    }
                }
            })
            .collect();
        let refined = ids.len();
        class = next;
        if refined == count {
            break;
        }
        count = refined;
    }
    if count == n {
        return g.clone();
    }
    // One position per class, the first of it; the start's class first.
    let mut first = vec![u32::MAX; count];
    for (x, &c) in class.iter().enumerate() {
        if first[c as usize] == u32::MAX {
            first[c as usize] = x as u32;
        }
    }
    let map = |opts: &[u32]| {
        opts.iter()
            .map(|&o| class[o as usize])
            .collect::<Vec<u32>>()
    };
    let fused = LoopyGame {
        names: first.iter().map(|&x| g.names[x as usize].clone()).collect(),
        left: first.iter().map(|&x| map(&g.left[x as usize])).collect(),
        right: first.iter().map(|&x| map(&g.right[x as usize])).collect(),
        start: class[g.start as usize],
    };
    fused.trimmed()
}

fn not_stopper(g: &LoopyGame) -> PartizanError {
    PartizanError::Argument {
        message: format!(
            "{} is not a stopper (play can alternate for ever): its value is a pair of sides, and this operation needs a stopper",
            super::text::short_name(g)
        ),
    }
}

fn order(ge: bool, le: bool) -> Option<Ordering> {
    match (ge, le) {
        (true, true) => Some(Ordering::Equal),
        (true, false) => Some(Ordering::Greater),
        (false, true) => Some(Ordering::Less),
        (false, false) => None,
    }
}

/// `x ≥ y` and `x ≤ y` for every position `x` of one stopper and `y` of another.
pub(crate) struct GeTable {
    m: usize,
    ge: Vec<bool>,
    le: Vec<bool>,
}

impl GeTable {
    /// `x ≥ y`.
    pub(crate) fn get(&self, x: u32, y: u32) -> bool {
        self.ge[x as usize * self.m + y as usize]
    }

    /// `x ≤ y`.
    pub(crate) fn le(&self, x: u32, y: u32) -> bool {
        self.le[x as usize * self.m + y as usize]
    }
}

/// `x ≥ y` (and `x ≤ y`) decided for all pairs at once: Left survives `x − y` with Right to move. Node
/// `2·(x·m + y) + (Right to move)`; in `x − y` Left moves `x` to a Left option or `y` to a
/// Right option, Right moves `x` to a Right option or `y` to a Left option.
pub(crate) fn ge_table(
    a: &LoopyGame,
    b: &LoopyGame,
    budget: &Budget,
) -> Result<GeTable, PartizanError> {
    let (n, m) = (a.len(), b.len());
    pair_table_fits(a, b, BYTES_PER_PAIR, "comparing the positions", budget)?;
    budget.check_interrupt().map_err(PartizanError::Stopped)?;
    let at = |x: u32, y: u32, right: bool| {
        (2 * (x as usize * m + y as usize) + usize::from(right)) as u32
    };
    let (state, _) = retrograde_within(
        2 * n * m,
        |v, out| {
            let right = v % 2 == 1;
            let (x, y) = ((v / 2 / m) as u32, (v / 2 % m) as u32);
            let (mine, theirs) = if right {
                (a.right_options(x), b.left_options(y))
            } else {
                (a.left_options(x), b.right_options(y))
            };
            out.extend(mine.iter().map(|&o| at(o, y, !right)));
            out.extend(theirs.iter().map(|&o| at(x, o, !right)));
        },
        budget,
    )
    .map_err(PartizanError::Stopped)?;
    // `x ≥ y`: Left survives `x − y` with Right to move. `x ≤ y`: Left survives `y − x` with
    // Right to move, the same play as Right surviving `x − y` with Left to move.
    let ge = (0..n * m).map(|p| state[2 * p + 1] != WIN).collect();
    let le = (0..n * m).map(|p| state[2 * p] != WIN).collect();
    Ok(GeTable { m, ge, le })
}

/// Refuses up front a table over the pairs of positions of `a` and `b` (`bytes_per_pair` and 8
/// bytes an edge of the pair graph) that would pass `budget`'s memory, or that has more nodes
/// (two a pair) or edges than `u32` indices reach.
pub(crate) fn pair_table_fits(
    a: &LoopyGame,
    b: &LoopyGame,
    bytes_per_pair: u64,
    what: &str,
    budget: &Budget,
) -> Result<(), PartizanError> {
    let (n, m) = (a.len(), b.len());
    let pairs = (n as u64).saturating_mul(m as u64);
    let edges = (a.edge_count() as u64)
        .saturating_mul(m as u64)
        .saturating_add((b.edge_count() as u64).saturating_mul(n as u64));
    let bytes = pairs
        .saturating_mul(bytes_per_pair)
        .saturating_add(edges.saturating_mul(8));
    if budget.check_memory(bytes).is_err() {
        return Err(PartizanError::TooLarge {
            message: format!(
                "{what} needs a table of {n} × {m} pairs (about {}), more than the memory limit of {}",
                cgt_core::budget::human_bytes(bytes),
                cgt_core::budget::human_bytes(budget.memory().unwrap_or(0))
            ),
        });
    }
    if 2 * pairs >= u64::from(u32::MAX / 2) || edges >= u64::from(u32::MAX / 2) {
        return Err(PartizanError::TooLarge {
            message: format!(
                "{pairs} pairs of positions to compare: at most {} are supported",
                u32::MAX / 4
            ),
        });
    }
    Ok(())
}

/// Deletes, at every position at once, the options dominated in the order `le` (`le(x, y)` for
/// `x ≤ y`): those another option is at least as good as for the player, and of equal ones
/// all but the first listed. Whether anything was deleted.
pub(crate) fn delete_dominated(g: &mut LoopyGame, le: impl Fn(u32, u32) -> bool) -> bool {
    let equal = |x: u32, y: u32| le(x, y) && le(y, x);
    let mut changed = false;
    for x in 0..g.len() {
        for (player, opts) in [
            (Player::Left, &mut g.left[x]),
            (Player::Right, &mut g.right[x]),
        ] {
            let worse = |a: u32, b: u32| match player {
                Player::Left => le(a, b),
                Player::Right => le(b, a),
            };
            let kept: Vec<u32> = opts
                .iter()
                .copied()
                .filter(|&a| {
                    !opts
                        .iter()
                        .any(|&b| b != a && worse(a, b) && (!equal(a, b) || b < a))
                })
                .collect();
            if kept != *opts {
                changed = true;
                *opts = kept;
            }
        }
    }
    changed
}

/// One batch of simplifications of a trimmed stopper, or `None` when it is in simplest form:
/// dominated options deleted everywhere at once; else one reversible option bypassed; else
/// equal positions fused. (Fusing first would be wrong: in `on + *` the Right option
/// `on + 0` equals the position itself, and fusing them gives `dud`, which is not a stopper.)
fn simplify_once(g: &LoopyGame, t: &GeTable) -> Option<LoopyGame> {
    let n = g.len() as u32;
    let equal = |x: u32, y: u32| t.get(x, y) && t.get(y, x);
    let mut out = g.clone();
    let changed = delete_dominated(&mut out, |x, y| t.get(y, x));
    if changed {
        return Some(out);
    }
    // Reversible: a Left option a with a Right option r ≤ x (or a Right option with a Left
    // option ≥ x) is replaced by r's options. One position at a time, skipping a bypass that
    // would allow infinite alternating play.
    for x in 0..n {
        for player in [Player::Left, Player::Right] {
            for &a in g.options(x, player) {
                let back = g
                    .options(a, player.other())
                    .iter()
                    .copied()
                    .find(|&r| match player {
                        Player::Left => t.get(x, r),
                        Player::Right => t.get(r, x),
                    });
                let Some(r) = back else { continue };
                let mut next = g.clone();
                let opts = match player {
                    Player::Left => &mut next.left[x as usize],
                    Player::Right => &mut next.right[x as usize],
                };
                opts.retain(|&o| o != a);
                opts.extend_from_slice(g.options(r, player));
                next.tidy();
                if next.is_stopper() {
                    return Some(next);
                }
            }
        }
    }
    // Fusion: every position replaced by the first position equal to it, when the result is
    // still a stopper.
    let rep: Vec<u32> = (0..n)
        .map(|x| (0..x).find(|&y| equal(x, y)).unwrap_or(x))
        .collect();
    if rep.iter().enumerate().all(|(x, &r)| r as usize == x) {
        return None;
    }
    let mut fused = g.clone();
    for opts in fused.left.iter_mut().chain(fused.right.iter_mut()) {
        for o in opts.iter_mut() {
            *o = rep[*o as usize];
        }
    }
    fused.start = rep[g.start as usize];
    fused.tidy();
    fused.is_stopper().then_some(fused)
}
