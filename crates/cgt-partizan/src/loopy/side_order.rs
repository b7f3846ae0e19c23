//! The order of the sides of any two loopy games, played out on their pairs of positions.
//!
//! In the onside `G⁺` infinite play belongs to Left, so in `−G⁺` it belongs to Right. Hence
//! `G⁺ ≤ H⁺` exactly when Left, moving second in `H − G`, survives under this rule for
//! infinite play: a play whose moves are from some point on all in the component `−G` is lost
//! by Left, every other infinite play (with moves in `H` again and again) is not. Likewise
//! `G⁻ ≤ H⁻` with the plays confined to `H` lost by Left (in `H⁻` infinite play is Right's).
//! This is the comparison of sides that Siegel's CGSuite makes when it simplifies a side; a
//! play confined to a stopper's component is impossible (it would alternate for ever), so
//! against a stopper it is plain survival, as in [`super::stopper`].
//!
//! Left needs a move in the favoured component infinitely often: a Büchi condition. The
//! winning set is the greatest fixed point of "Left can force, in one or more moves, a move in
//! the favoured component into the set, or Right to be stuck", each round a least fixed point
//! found by counting, as in retrograde analysis.

use cgt_core::budget::Budget;

use super::graph::LoopyGame;
use super::solve::{Predecessors, predecessors};
use super::stopper::pair_table_fits;
use crate::{PartizanError, Player};

/// Bytes per pair of positions: flags and counters of both players' nodes, and their edges'
/// offsets.
const BYTES_PER_PAIR: u64 = 2 * (1 + 1 + 4 + 8 + 8);

/// Marks a successor reached by a move in the favoured component.
const FAVOURED: u32 = 1 << 31;

/// `x⁺ ≤ y⁺` (or `x⁻ ≤ y⁻`) for every position `x` of one game and `y` of another.
pub(crate) struct SideTable {
    m: usize,
    le: Vec<bool>,
}

impl SideTable {
    /// `x`'s side is at most `y`'s.
    pub(crate) fn le(&self, x: u32, y: u32) -> bool {
        self.le[x as usize * self.m + y as usize]
    }
}

/// Whether the start of `a` has its `side` (onside for Left, offside for Right) at most that of
/// the start of `b`.
pub(crate) fn side_le(
    a: &LoopyGame,
    b: &LoopyGame,
    side: Player,
    budget: &Budget,
) -> Result<bool, PartizanError> {
    Ok(side_table(a, b, side, budget)?.le(a.start(), b.start()))
}

/// Nodes between two checks of the budget's time and stop flag (a few milliseconds of work).
const CHECK_EVERY: usize = 1 << 16;

/// The table of `x`'s `side` ≤ `y`'s for positions `x` of `a` and `y` of `b`. Node
/// `2·(x·m + y) + (Right to move)` of `y − x`: Left moves `y` to a Left option or `x` to a Right
/// option, Right moves `y` to a Right option or `x` to a Left option; Left's favoured component
/// is `y` for onsides and `−x` for offsides.
pub(crate) fn side_table(
    a: &LoopyGame,
    b: &LoopyGame,
    side: Player,
    budget: &Budget,
) -> Result<SideTable, PartizanError> {
    let (n, m) = (a.len(), b.len());
    pair_table_fits(a, b, BYTES_PER_PAIR, "comparing the sides", budget)?;
    let edges = a.edge_count() * m + b.edge_count() * n;
    budget.check_interrupt().map_err(PartizanError::Stopped)?;
    let nodes = 2 * n * m;
    let favour_b = side == Player::Left;
    // Successors in compressed rows, the favoured ones marked.
    let mut start = Vec::with_capacity(nodes + 1);
    let mut succ: Vec<u32> = Vec::with_capacity(edges);
    start.push(0usize);
    for v in 0..nodes {
        if v % CHECK_EVERY == 0 {
            budget.check_interrupt().map_err(PartizanError::Stopped)?;
        }
        let right = v % 2 == 1;
        let (x, y) = ((v / 2 / m) as u32, (v / 2 % m) as u32);
        let (in_a, in_b) = if right {
            (a.left_options(x), b.right_options(y))
        } else {
            (a.right_options(x), b.left_options(y))
        };
        let at = |x: u32, y: u32| (2 * (x as usize * m + y as usize) + usize::from(!right)) as u32;
        let mark = |favoured: bool| if favoured { FAVOURED } else { 0 };
        succ.extend(in_a.iter().map(|&o| at(o, y) | mark(!favour_b)));
        succ.extend(in_b.iter().map(|&o| at(x, o) | mark(favour_b)));
        start.push(succ.len());
    }
    // Predecessors along the moves that are not favoured (the inner fixed point's edges).
    let Predecessors {
        start: pred_start,
        pred,
        ..
    } = predecessors(
        nodes,
        |v, out| {
            out.extend(
                succ[start[v]..start[v + 1]]
                    .iter()
                    .filter(|&&s| s & FAVOURED == 0),
            );
        },
        budget,
    )
    .map_err(PartizanError::Stopped)?;
    let mut outer = vec![true; nodes];
    let mut inner = vec![false; nodes];
    let mut count = vec![0u32; nodes];
    let mut queue: Vec<u32> = Vec::new();
    loop {
        budget.check_interrupt().map_err(PartizanError::Stopped)?;
        inner.fill(false);
        queue.clear();
        for v in 0..nodes {
            if v % CHECK_EVERY == 0 {
                budget.check_interrupt().map_err(PartizanError::Stopped)?;
            }
            let row = &succ[start[v]..start[v + 1]];
            let favoured_in = |s: &u32| s & FAVOURED != 0 && outer[(s & !FAVOURED) as usize];
            if v % 2 == 0 {
                // Left to move: a favoured move into the outer set does it.
                if row.iter().any(favoured_in) {
                    inner[v] = true;
                    queue.push(v as u32);
                }
            } else if row.iter().all(|s| s & FAVOURED == 0 || favoured_in(s)) {
                // Right to move: each favoured move must stay in the outer set, and the others
                // must reach the inner one (none left: Right is stuck, or has only such moves).
                count[v] = row.iter().filter(|&&s| s & FAVOURED == 0).count() as u32;
                if count[v] == 0 {
                    inner[v] = true;
                    queue.push(v as u32);
                }
            } else {
                count[v] = u32::MAX;
            }
        }
        let mut i = 0;
        while i < queue.len() {
            let v = queue[i] as usize;
            i += 1;
            if i % CHECK_EVERY == 0 {
                budget.check_interrupt().map_err(PartizanError::Stopped)?;
            }
            for &p in &pred[pred_start[v]..pred_start[v + 1]] {
                let p = p as usize;
                if inner[p] {
                    continue;
                }
                if p.is_multiple_of(2) {
                    inner[p] = true;
                    queue.push(p as u32);
                } else if count[p] != u32::MAX {
                    count[p] -= 1;
                    if count[p] == 0 {
                        inner[p] = true;
                        queue.push(p as u32);
                    }
                }
            }
        }
        if inner == outer {
            break;
        }
        core::mem::swap(&mut outer, &mut inner);
    }
    let le = (0..n * m).map(|p| outer[2 * p + 1]).collect();
    Ok(SideTable { m, le })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::LoopyGame;

    fn le(a: &str, b: &str, side: Player) -> bool {
        let (a, b) = (
            LoopyGame::parse(a).unwrap().trimmed(),
            LoopyGame::parse(b).unwrap().trimmed(),
        );
        side_le(&a, &b, side, &Budget::unlimited()).unwrap()
    }

    #[test]
    fn sides_of_games_with_infinite_alternating_play() {
        // dud = on & off, tis = 1 & 0, tisn = 0 & -1 (Winning Ways, chapter 11).
        for (g, on, off) in [("dud", "on", "off"), ("tis", "1", "0"), ("tisn", "0", "-1")] {
            for (side, s) in [(Player::Left, on), (Player::Right, off)] {
                assert!(le(g, s, side) && le(s, g, side), "{g}: side {s}");
            }
        }
        // Strictly above and below.
        assert!(le("tis", "2", Player::Left) && !le("2", "tis", Player::Left));
        assert!(!le("tis", "1/2", Player::Left) && le("1/2", "tis", Player::Left));
        assert!(le("dud", "on", Player::Left) && !le("dud", "5", Player::Left));
        assert!(le("off", "dud", Player::Right) && !le("-5", "dud", Player::Right));
        assert!(le("-5", "dud", Player::Left));
        assert!(!le("tis", "0", Player::Left) && le("tis", "0", Player::Right));
    }

    #[test]
    fn stoppers_compare_as_stoppers() {
        let all = [
            "0", "*", "1", "^", "on", "off", "over", "under", "upon", "{1|-1}",
        ];
        for a in all {
            for b in all {
                let (ga, gb) = (LoopyGame::parse(a).unwrap(), LoopyGame::parse(b).unwrap());
                let expected = matches!(
                    ga.compare(&gb, &Budget::unlimited()).unwrap(),
                    Some(core::cmp::Ordering::Less | core::cmp::Ordering::Equal)
                );
                for side in [Player::Left, Player::Right] {
                    assert_eq!(le(a, b, side), expected, "{a} ≤ {b} ({side:?})");
                }
            }
        }
    }
}
