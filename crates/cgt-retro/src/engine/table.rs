//! A solved game: the table of verdicts, its errors, and Shen's numbering.

use super::*;

/// The solved table: a bit vector per state and a distance per position.
///
/// # Examples
///
/// ```
/// use cgt_core::Verdict;
/// use cgt_retro::engine::solve;
/// use cgt_retro::graph::GameGraph;
///
/// let g = GameGraph::parse("a b\nb c\n")?;
/// let table = solve(&g, u128::MAX)?;
/// assert_eq!(table.size(), 3);
/// assert_eq!(table.verdict(0), Some(Verdict::Loss(2)));
/// assert_eq!(table.verdict(9), None); // not an index of the table
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub(super) legal: BitVec,
    pub(super) won: BitVec,
    pub(super) lost: BitVec,
    pub(super) distance: Distances,
}

/// Why a table could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RetroError {
    /// A distance exceeded the 65 535 plies a table stores.
    TooDeep,
    /// The build would need more memory than allowed; nothing was allocated.
    TooLarge {
        /// Bytes needed.
        bytes: u128,
        /// The limit.
        limit: u128,
    },
    /// The build was stopped by its budget's stop flag or time limit; nothing was returned.
    Stopped(cgt_core::budget::Exceeded),
    /// A distributed build's processes could not connect, or one was lost (feature
    /// `distributed`).
    Cluster(String),
}

impl core::fmt::Display for RetroError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RetroError::TooDeep => f.write_str("a distance exceeds 65535 plies"),
            RetroError::TooLarge { bytes, limit } => write!(
                f,
                "the table would need {bytes} bytes of memory, more than the {limit} allowed"
            ),
            RetroError::Stopped(why) => write!(f, "build stopped: {why}"),
            RetroError::Cluster(why) => write!(f, "distributed build failed: {why}"),
        }
    }
}

impl std::error::Error for RetroError {}

impl Table {
    /// Number of indices.
    #[must_use]
    pub fn size(&self) -> usize {
        self.distance.len()
    }

    /// Whether `index` is a legal position.
    #[must_use]
    pub fn is_legal(&self, index: usize) -> bool {
        self.legal.get(index).is_some_and(|b| *b)
    }

    /// The verdict for the side to move, `None` for an illegal index.
    #[must_use]
    pub fn verdict(&self, index: usize) -> Option<Verdict> {
        if !self.is_legal(index) {
            None
        } else if self.won[index] {
            Some(Verdict::Win(u32::from(self.distance.get(index))))
        } else if self.lost[index] {
            Some(Verdict::Loss(u32::from(self.distance.get(index))))
        } else {
            Some(Verdict::Draw)
        }
    }

    /// Raw parts for serialisation: legal, won and lost bits, distances.
    #[must_use]
    pub fn parts(&self) -> (&BitVec, &BitVec, &BitVec, &Distances) {
        (&self.legal, &self.won, &self.lost, &self.distance)
    }

    /// Rebuilds a table from [`Table::parts`]; `None` unless all four have one entry per
    /// index.
    #[must_use]
    pub fn from_parts(
        legal: BitVec,
        won: BitVec,
        lost: BitVec,
        distance: impl Into<Distances>,
    ) -> Option<Table> {
        let distance = distance.into();
        let n = distance.len();
        (legal.len() == n && won.len() == n && lost.len() == n).then_some(Table {
            legal,
            won,
            lost,
            distance,
        })
    }
}

/// Shen's numbering of a verdict (`0, −1, 2, −3, …` written from the winner's side); `None` for
/// a draw.
#[must_use]
pub fn shen_number(v: Verdict) -> Option<i64> {
    match v {
        Verdict::Loss(d) => Some(i64::from(d)),
        Verdict::Win(d) => Some(-i64::from(d)),
        Verdict::Draw => None,
    }
}
