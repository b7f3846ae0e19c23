//! Shannon's resistor-network player and the exhaustive record of his rule.

use super::*;

/// Shannon's resistor player (for either side): every free slot of the player's own network
/// is a unit resistor, the player's claimed segments are wires, the opponent's are cut; with
/// a voltage across the player's two sides it claims the slot whose resistor carries the most
/// current (the lowest slot number among equals).
#[derive(Clone, Copy, Debug, Default)]
pub struct ShannonPlayer;

impl Strategy for ShannonPlayer {
    fn choose(&mut self, p: &Bridgit) -> u8 {
        shannon_choices(p)[0]
    }
}

/// Every free slot whose resistor carries the largest current for the player to move (within
/// a relative 10⁻⁹, so rounding never decides between equal currents), lowest first. When
/// no current flows (the network is cut or already shorted) every free slot is listed.
#[must_use]
pub fn shannon_choices(p: &Bridgit) -> Vec<u8> {
    let currents = resistor_currents(p, p.to_move());
    let free = p.free();
    let frees = (0..p.slot_count).filter(|&s| free >> s & 1 == 1);
    let max = frees
        .clone()
        .map(|s| currents[usize::from(s)])
        .fold(0.0f64, f64::max);
    frees
        .filter(|&s| currents[usize::from(s)] >= max - 1e-9 * max.max(1.0))
        .collect()
}

/// How [`shannon_record`] treats slots of equal current.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ties {
    /// The rule wins if some choice among the equal-current slots wins (it chooses well).
    Best,
    /// The rule must win whichever of them it picks.
    All,
}

/// Shannon's rule as Left against every sequence of Top's moves, exhaustively, with `ties`
/// deciding how slots of equal current count. Returns the positions examined, or a line Top
/// wins with. Meant for n ≤ 4 (the positions grow as 3^slots).
pub fn shannon_record(start: Bridgit, ties: Ties) -> Result<u64, Vec<u8>> {
    let every_tie = ties == Ties::All;
    use std::collections::HashMap;
    fn options(p: &Bridgit) -> (Vec<u8>, bool) {
        if p.to_move() == Player::Left {
            (shannon_choices(p), false)
        } else {
            let mut all = Vec::new();
            p.moves(&mut all);
            (all, true)
        }
    }
    /// Whether Left (following the rule) wins from `p`.
    fn walk(p: Bridgit, every_tie: bool, memo: &mut HashMap<u128, bool>) -> bool {
        if let Some(w) = p.winner() {
            return w == Player::Left;
        }
        if let Some(&known) = memo.get(&p.key()) {
            return known;
        }
        let (moves, top) = options(&p);
        let need_all = top || every_tie;
        let mut result = need_all;
        for s in moves {
            let mut q = p;
            q.play(s);
            if walk(q, every_tie, memo) != need_all {
                result = !need_all;
                break;
            }
        }
        memo.insert(p.key(), result);
        result
    }
    let mut memo = HashMap::new();
    if walk(start, every_tie, &mut memo) {
        return Ok(memo.len() as u64);
    }
    // A witness: Top always moves to a position Left loses; Left follows the rule (with
    // `every_tie`, the tie that loses; otherwise every tie loses, so the lowest).
    let mut line = Vec::new();
    let mut p = start;
    while p.winner().is_none() {
        let (moves, _) = options(&p);
        let lost = |s: u8| {
            let mut q = p;
            q.play(s);
            q.winner() == Some(Player::Top) || memo.get(&q.key()) == Some(&false)
        };
        let s = moves.iter().copied().find(|&s| lost(s)).unwrap_or(moves[0]);
        p.play(s);
        line.push(s);
    }
    Err(line)
}

/// The current through each free slot's resistor in `player`'s network with unit voltage
/// across its sides (0 for slots that carry none, or when the network is cut or shorted).
#[must_use]
pub fn resistor_currents(p: &Bridgit, player: Player) -> Vec<f64> {
    let table = slots_cached(p.n);
    let (mine, theirs) = match player {
        Player::Left => (p.left, p.top),
        Player::Top => (p.top, p.left),
    };
    let ends = |s: &Slot| match player {
        Player::Left => s.left,
        Player::Top => s.top,
    };
    // Dots, with each side merged into one terminal and every wire contracted.
    let dots = usize::from(p.n) * (usize::from(p.n) + 1);
    let (mut dsu, source, sink) = p.components(player);
    let mut currents = vec![0.0; table.len()];
    if source == sink {
        return currents;
    }
    // Resistors: free slots between different nodes.
    let resistors: Vec<(usize, u8, u8)> = table
        .iter()
        .enumerate()
        .filter(|&(i, _)| (mine | theirs) >> i & 1 == 0)
        .map(|(i, s)| {
            let (a, b) = ends(s);
            (i, dsu.find(a), dsu.find(b))
        })
        .filter(|&(_, a, b)| a != b)
        .collect();
    // Keep the nodes reachable from the source; the sink must be among them.
    let mut reach = vec![false; dots];
    reach[usize::from(source)] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for &(_, a, b) in &resistors {
            if reach[usize::from(a)] != reach[usize::from(b)] {
                reach[usize::from(a)] = true;
                reach[usize::from(b)] = true;
                changed = true;
            }
        }
    }
    if !reach[usize::from(sink)] {
        return currents;
    }
    // Unknown potentials: reachable nodes other than the terminals (source 1 V, sink 0 V).
    let mut index = vec![usize::MAX; dots];
    let mut unknowns = 0;
    for v in 0..dots {
        let node = v as u8;
        if reach[v] && node != source && node != sink && dsu.find(node) == node {
            index[v] = unknowns;
            unknowns += 1;
        }
    }
    let mut a = vec![vec![0.0f64; unknowns + 1]; unknowns];
    for &(_, u, v) in &resistors {
        for (x, y) in [(u, v), (v, u)] {
            let ix = index[usize::from(x)];
            if ix == usize::MAX {
                continue;
            }
            a[ix][ix] += 1.0;
            let iy = index[usize::from(y)];
            if iy != usize::MAX {
                a[ix][iy] -= 1.0;
            } else if y == source {
                a[ix][unknowns] += 1.0;
            }
        }
    }
    let potential = solve_linear(a);
    let volts = |v: u8| -> f64 {
        if v == source {
            1.0
        } else if v == sink {
            0.0
        } else {
            let i = index[usize::from(v)];
            if i == usize::MAX { 0.0 } else { potential[i] }
        }
    };
    for &(i, u, v) in &resistors {
        if reach[usize::from(u)] {
            currents[i] = (volts(u) - volts(v)).abs();
        }
    }
    currents
}

/// Solves the dense system [A | b] by Gaussian elimination with partial pivoting. The
/// matrices here are reduced graph Laplacians: symmetric, positive definite, well conditioned
/// at these sizes.
pub(super) fn solve_linear(mut a: Vec<Vec<f64>>) -> Vec<f64> {
    let m = a.len();
    for col in 0..m {
        let pivot = (col..m)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        let p = a[col][col];
        if p.abs() < 1e-12 {
            continue;
        }
        for row in col + 1..m {
            let f = a[row][col] / p;
            if f != 0.0 {
                let (upper, lower) = a.split_at_mut(row);
                for (x, &y) in lower[0][col..].iter_mut().zip(&upper[col][col..]) {
                    *x -= f * y;
                }
            }
        }
    }
    let mut x = vec![0.0; m];
    for row in (0..m).rev() {
        let s: f64 = (row + 1..m).map(|k| a[row][k] * x[k]).sum();
        x[row] = if a[row][row].abs() < 1e-12 {
            0.0
        } else {
            (a[row][m] - s) / a[row][row]
        };
    }
    x
}
