//! Counting a table: wins, draws and losses by side and by distance.

use super::*;

/// How [`EndgameTable::stats`] counts positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Counting {
    /// One per index of the table (one per symmetry class in a reduced table).
    Indices,
    /// One per placement of the pieces on the board: a reduced table's classes weighted by
    /// the placements each stands for (identical pieces counted as distinct), as a raw table
    /// counts them.
    Placements,
}

/// Statistics for one side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SideStats {
    /// Legal positions.
    pub legal: u64,
    /// Won for the side to move.
    pub wins: u64,
    /// Lost for the side to move.
    pub losses: u64,
    /// Drawn.
    pub draws: u64,
    /// The longest distance (plies) of a decided position, and how many positions have it.
    pub longest: Option<(u32, u64)>,
    /// Positions per distance in plies (decided positions only).
    pub histogram: BTreeMap<u32, u64>,
    /// One position at the longest distance, as FEN.
    pub longest_fen: Option<String>,
}

/// [`EndgameTable::stats`] over a run of indices: the counts, and the first index of the
/// longest distance.
pub(super) struct Tally {
    pub(super) stats: SideStats,
    pub(super) longest_index: Option<usize>,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            stats: SideStats {
                legal: 0,
                wins: 0,
                losses: 0,
                draws: 0,
                longest: None,
                histogram: BTreeMap::new(),
                longest_fen: None,
            },
            longest_index: None,
        }
    }
}

impl Tally {
    pub(super) fn add(&mut self, i: usize, v: Verdict, weight: u64) {
        let s = &mut self.stats;
        s.legal += weight;
        match v {
            Verdict::Win(_) => s.wins += weight,
            Verdict::Loss(_) => s.losses += weight,
            Verdict::Draw => s.draws += weight,
        }
        if let Some(d) = v.plies() {
            *s.histogram.entry(d).or_insert(0) += weight;
            match s.longest {
                Some((m, _)) if m > d => {}
                Some((m, c)) if m == d => s.longest = Some((m, c + weight)),
                _ => {
                    s.longest = Some((d, weight));
                    self.longest_index = Some(i);
                }
            }
        }
    }

    /// The tally of a run followed by the next run.
    pub(super) fn join(mut self, next: Tally) -> Tally {
        let (s, n) = (&mut self.stats, next.stats);
        s.legal += n.legal;
        s.wins += n.wins;
        s.losses += n.losses;
        s.draws += n.draws;
        for (d, c) in n.histogram {
            *s.histogram.entry(d).or_insert(0) += c;
        }
        match (s.longest, n.longest) {
            (_, None) => {}
            (None, Some(_)) => {
                s.longest = n.longest;
                self.longest_index = next.longest_index;
            }
            (Some((m, c)), Some((d, w))) => {
                if d > m {
                    s.longest = n.longest;
                    self.longest_index = next.longest_index;
                } else if d == m {
                    s.longest = Some((m, c + w));
                }
            }
        }
        self
    }
}
