//! Playing strategies against each other and against every opponent.

use super::*;

/// A uniformly random legal move, from a caller-supplied stream of random numbers.
#[derive(Debug)]
pub struct RandomPlayer<R: FnMut(u64) -> u64> {
    /// Returns a number below its argument.
    pub below: R,
}

impl<R: FnMut(u64) -> u64> Strategy for RandomPlayer<R> {
    fn choose(&mut self, p: &Bridgit) -> u8 {
        let mut free = p.free();
        let k = (self.below)(u64::from(free.count_ones()));
        for _ in 0..k {
            free &= free - 1;
        }
        free.trailing_zeros() as u8
    }
}

/// Plays a game from `start` with the two strategies until someone wins; returns the winner
/// and the moves.
pub fn play_out(
    start: Bridgit,
    left: &mut dyn Strategy,
    top: &mut dyn Strategy,
) -> (Player, Vec<u8>) {
    let mut p = start;
    let mut moves = Vec::new();
    loop {
        if let Some(w) = p.winner() {
            return (w, moves);
        }
        let s = match p.to_move() {
            Player::Left => left.choose(&p),
            Player::Top => top.choose(&p),
        };
        p.play(s);
        moves.push(s);
    }
}

/// Whether `strategy`, playing Left from `start`, wins against every sequence of Top's moves.
/// Exhaustive with memoisation on positions; returns a losing line if one exists. Feasible for
/// n ≤ 4 (strategies that answer deterministically keep the tree to the 3^12 positions of the
/// pairing player on n = 4).
pub fn wins_against_everything(
    start: Bridgit,
    strategy: &mut dyn Strategy,
) -> Result<u64, Vec<u8>> {
    use std::collections::HashSet;
    pub(super) fn walk(
        p: Bridgit,
        strategy: &mut dyn Strategy,
        seen: &mut HashSet<u128>,
        line: &mut Vec<u8>,
    ) -> bool {
        match p.winner() {
            Some(w) => return w == Player::Left,
            None if !seen.insert(p.key()) => return true,
            None => {}
        }
        if p.to_move() == Player::Left {
            let s = strategy.choose(&p);
            let mut q = p;
            q.play(s);
            line.push(s);
            let ok = walk(q, strategy, seen, line);
            if ok {
                line.pop();
            }
            return ok;
        }
        let mut free = p.free();
        while free != 0 {
            let s = free.trailing_zeros() as u8;
            free &= free - 1;
            let mut q = p;
            q.play(s);
            line.push(s);
            if !walk(q, strategy, seen, line) {
                return false;
            }
            line.pop();
        }
        true
    }
    let mut seen = HashSet::new();
    let mut line = Vec::new();
    if walk(start, strategy, &mut seen, &mut line) {
        Ok(seen.len() as u64)
    } else {
        Err(line)
    }
}
