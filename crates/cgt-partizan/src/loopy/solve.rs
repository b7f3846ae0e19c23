//! Who wins a loopy game: retrograde analysis of the positions with each player to move.

use core::fmt;

use cgt_core::OutcomeClass;
use cgt_core::budget::{Budget, Exceeded};

use super::graph::LoopyGame;
use crate::Player;

/// How play ends from a position with a given player to move, both playing perfectly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Ending {
    /// Left can force Right to run out of moves.
    Left,
    /// Right can force Left to run out of moves.
    Right,
    /// Neither can force a win: play goes on for ever.
    Draw,
}

impl Ending {
    /// Whether `player` does not lose: wins or draws.
    #[must_use]
    pub fn survives(self, player: Player) -> bool {
        matches!(
            (self, player),
            (Ending::Draw, _) | (Ending::Left, Player::Left) | (Ending::Right, Player::Right)
        )
    }

    /// Left's order of the endings: Right win < draw < Left win (as −1, 0, 1).
    #[must_use]
    pub fn rank(self) -> i8 {
        match self {
            Ending::Right => -1,
            Ending::Draw => 0,
            Ending::Left => 1,
        }
    }

    fn win_for(player: Player) -> Ending {
        match player {
            Player::Left => Ending::Left,
            Player::Right => Ending::Right,
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::Left => "Left wins",
            Ending::Right => "Right wins",
            Ending::Draw => "draw",
        })
    }
}

/// The outcome of a loopy game: how play ends when Left moves first and when Right does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LoopyOutcome {
    /// The ending when Left moves first.
    pub left_first: Ending,
    /// The ending when Right moves first.
    pub right_first: Ending,
}

impl LoopyOutcome {
    /// The outcome class of a game without draws (`L`, `R`, `N`, `P`), or `None`.
    #[must_use]
    pub fn classical(&self) -> Option<OutcomeClass> {
        match (self.left_first, self.right_first) {
            (Ending::Left, Ending::Left) => Some(OutcomeClass::L),
            (Ending::Right, Ending::Right) => Some(OutcomeClass::R),
            (Ending::Left, Ending::Right) => Some(OutcomeClass::N),
            (Ending::Right, Ending::Left) => Some(OutcomeClass::P),
            _ => None,
        }
    }

    /// The ending when `player` moves first.
    #[must_use]
    pub fn first(&self, player: Player) -> Ending {
        match player {
            Player::Left => self.left_first,
            Player::Right => self.right_first,
        }
    }
}

impl fmt::Display for LoopyOutcome {
    /// `N (Left wins moving first, Right wins moving first)` or, with a draw,
    /// `Left moving first: draw; Right moving first: Right wins`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.classical() {
            Some(class) => write!(f, "{class}"),
            None if self.left_first == Ending::Draw && self.right_first == Ending::Draw => {
                f.write_str("D (a draw whoever starts)")
            }
            None => write!(
                f,
                "Left moving first: {}; Right moving first: {}",
                self.left_first, self.right_first
            ),
        }
    }
}

/// The ending and the length of play from every position of a game with each player to move.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Per node `2·position + (mover is Right)`: 0 undecided (draw), 1 the mover wins, 2 the
    /// mover loses.
    state: Vec<u8>,
    /// Moves until the loser cannot move, with the winner hurrying and the loser delaying.
    depth: Vec<u32>,
}

pub(crate) const WIN: u8 = 1;
pub(crate) const LOSS: u8 = 2;

fn node(position: u32, mover: Player) -> usize {
    2 * position as usize + usize::from(mover == Player::Right)
}

impl LoopyGame {
    /// Every position's ending with each player to move, by retrograde analysis (linear in the
    /// number of moves).
    ///
    /// ```
    /// use cgt_partizan::loopy::{Ending, LoopyGame};
    /// use cgt_partizan::Player;
    ///
    /// let g = LoopyGame::parse("on + off")?; // = dud: nobody can ever be stuck
    /// let s = g.solve();
    /// assert_eq!(s.ending(g.start(), Player::Left), Ending::Draw);
    /// let over = LoopyGame::parse("over")?;
    /// assert_eq!(over.outcome().to_string(), "L");
    /// # Ok::<(), cgt_partizan::PartizanError>(())
    /// ```
    #[must_use]
    pub fn solve(&self) -> Solution {
        let n = self.len() as u32;
        let (state, depth) = retrograde(2 * self.len(), |v, out| {
            let (x, mover) = (
                (v / 2) as u32,
                if v % 2 == 0 {
                    Player::Left
                } else {
                    Player::Right
                },
            );
            debug_assert!(x < n);
            out.extend(
                self.options(x, mover)
                    .iter()
                    .map(|&o| node(o, mover.other()) as u32),
            );
        });
        Solution { state, depth }
    }

    /// The outcome from the start.
    #[must_use]
    pub fn outcome(&self) -> LoopyOutcome {
        self.solve().outcome(self.start)
    }
}

impl Solution {
    /// The outcome from `position`: its ending with each player moving first.
    #[must_use]
    pub fn outcome(&self, position: u32) -> LoopyOutcome {
        LoopyOutcome {
            left_first: self.ending(position, Player::Left),
            right_first: self.ending(position, Player::Right),
        }
    }

    /// How play ends from `position` with `mover` to move.
    #[must_use]
    pub fn ending(&self, position: u32, mover: Player) -> Ending {
        match self.state[node(position, mover)] {
            WIN => Ending::win_for(mover),
            LOSS => Ending::win_for(mover.other()),
            _ => Ending::Draw,
        }
    }

    /// Moves until play ends (the winner hurrying, the loser delaying), or `None` for a draw.
    #[must_use]
    pub fn length(&self, position: u32, mover: Player) -> Option<u32> {
        let v = node(position, mover);
        (self.state[v] != 0).then_some(self.depth[v])
    }

    /// `mover`'s best moves from `position`: those that win fastest when the mover wins, those
    /// that keep the draw when it is drawn, and those that lose slowest when the mover loses.
    #[must_use]
    pub fn best_moves(&self, game: &LoopyGame, position: u32, mover: Player) -> Vec<u32> {
        let opts = game.options(position, mover);
        let here = self.ending(position, mover);
        let keeps = |o: u32| self.ending(o, mover.other()) == here;
        match self.length(position, mover) {
            Some(d) => opts
                .iter()
                .copied()
                .filter(|&o| keeps(o) && self.length(o, mover.other()) == Some(d - 1))
                .collect(),
            None => opts.iter().copied().filter(|&o| keeps(o)).collect(),
        }
    }
}

/// Retrograde analysis of a game graph given by its successor function on nodes `0..nodes`
/// (each node a position with its player to move; successors have the other player to move).
/// Returns each node's state (0 draw, [`WIN`], [`LOSS`] for the player to move) and length of
/// play.
pub(crate) fn retrograde(
    nodes: usize,
    successors: impl Fn(usize, &mut Vec<u32>),
) -> (Vec<u8>, Vec<u32>) {
    retrograde_within(nodes, successors, &Budget::unlimited())
        .expect("an unlimited budget never stops")
}

/// [`retrograde`] that checks `budget`'s time and stop flag every million nodes.
pub(crate) fn retrograde_within(
    nodes: usize,
    successors: impl Fn(usize, &mut Vec<u32>),
    budget: &Budget,
) -> Result<(Vec<u8>, Vec<u32>), Exceeded> {
    let Predecessors {
        mut count,
        start: pred_start,
        pred,
    } = predecessors(nodes, successors, budget)?;
    let mut state = vec![0u8; nodes];
    let mut depth = vec![0u32; nodes];
    let mut queue: Vec<u32> = (0..nodes as u32)
        .filter(|&v| count[v as usize] == 0)
        .collect();
    for &v in &queue {
        state[v as usize] = LOSS;
    }
    let mut i = 0;
    while i < queue.len() {
        let v = queue[i] as usize;
        i += 1;
        if i % CHECK_EVERY == 0 {
            budget.check_interrupt()?;
        }
        for &p in &pred[pred_start[v]..pred_start[v + 1]] {
            let p = p as usize;
            if state[p] != 0 {
                continue;
            }
            if state[v] == LOSS {
                state[p] = WIN;
                depth[p] = depth[v] + 1;
                queue.push(p as u32);
            } else {
                count[p] -= 1;
                if count[p] == 0 {
                    state[p] = LOSS;
                    depth[p] = depth[v] + 1;
                    queue.push(p as u32);
                }
            }
        }
    }
    Ok((state, depth))
}

/// Out-degrees and predecessor lists (compressed) of a graph given by its successor function:
/// node `v`'s predecessors are `pred[start[v]..start[v + 1]]`.
pub(super) struct Predecessors {
    pub(super) count: Vec<u32>,
    pub(super) start: Vec<usize>,
    pub(super) pred: Vec<u32>,
}

pub(super) fn predecessors(
    nodes: usize,
    successors: impl Fn(usize, &mut Vec<u32>),
    budget: &Budget,
) -> Result<Predecessors, Exceeded> {
    let mut count = vec![0u32; nodes];
    let mut start = vec![0usize; nodes + 1];
    let mut buf = Vec::new();
    for (v, c) in count.iter_mut().enumerate() {
        if v % CHECK_EVERY == 0 {
            budget.check_interrupt()?;
        }
        buf.clear();
        successors(v, &mut buf);
        *c = buf.len() as u32;
        for &s in &buf {
            start[s as usize + 1] += 1;
        }
    }
    for i in 0..nodes {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut pred = vec![0u32; start[nodes]];
    for v in 0..nodes {
        if v % CHECK_EVERY == 0 {
            budget.check_interrupt()?;
        }
        buf.clear();
        successors(v, &mut buf);
        for &s in &buf {
            pred[fill[s as usize]] = v as u32;
            fill[s as usize] += 1;
        }
    }
    Ok(Predecessors { count, start, pred })
}

/// Nodes between two checks of a budget's time and stop flag.
const CHECK_EVERY: usize = 1 << 16;

/// Which nodes of a graph (given by its successor function) start only finite paths: those
/// from which no cycle can be reached.
pub(crate) fn finite_nodes(nodes: usize, successors: impl Fn(usize, &mut Vec<u32>)) -> Vec<bool> {
    let Predecessors {
        mut count,
        start,
        pred,
    } = predecessors(nodes, successors, &Budget::unlimited())
        .expect("an unlimited budget never stops");
    let mut finite = vec![false; nodes];
    let mut queue: Vec<u32> = (0..nodes as u32)
        .filter(|&v| count[v as usize] == 0)
        .collect();
    let mut i = 0;
    while i < queue.len() {
        let v = queue[i] as usize;
        i += 1;
        finite[v] = true;
        for &p in &pred[start[v]..start[v + 1]] {
            count[p as usize] -= 1;
            if count[p as usize] == 0 {
                queue.push(p);
            }
        }
    }
    finite
}
