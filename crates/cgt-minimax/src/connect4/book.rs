//! Opening books for Connect-Four: the exact score of every position with at most `depth`
//! stones (one per mirror pair), in the project's file container.
//!
//! A book is built bottom-up. Every position reachable in `depth` stones without the game
//! ending is listed (mirror images merged under [`Game::canonical_key`]); those with exactly
//! `depth` stones are solved by search ([`solve_batch`]); every shallower position takes the
//! negamax of its children, which are all in the book — no search at all above the last
//! level. A solver given the book ([`super::Connect4Solver::set_book`]) answers any position in
//! it at once, and `--play` chooses moves from it.
//!
//! # File layout
//!
//! A container (`cgt_core::container`) of kind `C4BOOK`, format 1. The header holds the board,
//! the depth, the entry count and the payload's CRC-32; the payload holds the canonical keys
//! (u64 little-endian, increasing) and then one signed score byte per key.

use std::path::Path;

use cgt_core::container::{self, ContainerError, Kind};
use serde::{Deserialize, Serialize};

use super::{Connect4, Connect4Table, Depth, solve_batch};
use crate::engine::Game;

/// The container kind of a book file.
pub const BOOK_KIND: Kind = Kind::new(*b"C4BOOK\0\0", 1);

/// Largest book depth accepted (a 7×6 book of depth 12 has some 4 million positions; deeper
/// books do not fit the search budget of anyone building one).
pub const MAX_BOOK_DEPTH: u32 = 16;

/// Bytes a book build needs per position listed (the listing's entry of key and position,
/// the score, and the final key and score byte, with room for the sort).
const BYTES_PER_POSITION: u128 = 64;

/// The header of a book file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookHeader {
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Every position with at most this many stones is in the book.
    pub depth: u32,
    /// Whether the scores are only outcomes (1 win, 0 draw, −1 loss for the side to move).
    pub weak: bool,
    /// Entries.
    pub entries: u64,
    /// CRC-32 of the payload.
    pub payload_crc: u32,
}

/// Why a book could not be built, read or written.
#[derive(Debug)]
#[non_exhaustive]
pub enum BookError {
    /// The depth is above [`MAX_BOOK_DEPTH`] or the board's cell count.
    Depth {
        /// The depth asked for.
        depth: u32,
        /// The largest allowed here.
        max: u32,
    },
    /// Listing the positions would need more memory than allowed (found while listing, before
    /// any search).
    TooLarge {
        /// Stones of the level that outgrew the limit.
        level: u32,
        /// Positions listed so far.
        positions: usize,
        /// Bytes they need.
        bytes: u128,
        /// The limit.
        limit: u128,
    },
    /// The file is not a readable book.
    File(ContainerError),
    /// The payload does not match its header (length or checksum): the file is corrupt.
    Corrupt(&'static str),
}

impl core::fmt::Display for BookError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BookError::Depth { depth, max } => {
                write!(f, "book depth {depth} is out of range (0 to {max})")
            }
            BookError::TooLarge {
                level,
                positions,
                bytes,
                limit,
            } => write!(
                f,
                "the book's positions up to {level} stones number {positions} and need {bytes} \
                 bytes, more than the {limit} allowed"
            ),
            BookError::File(e) => write!(f, "{e}"),
            BookError::Corrupt(why) => write!(f, "corrupt book: {why}"),
        }
    }
}

impl std::error::Error for BookError {}

impl From<ContainerError> for BookError {
    fn from(e: ContainerError) -> BookError {
        BookError::File(e)
    }
}

/// What a book build has done so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BookProgress {
    /// Positions with `depth` stones solved by search.
    pub solved: usize,
    /// Positions with `depth` stones to solve.
    pub to_solve: usize,
}

/// An opening book (see the [module documentation](self)).
///
/// # Examples
///
/// ```
/// use cgt_minimax::connect4::{Connect4, Connect4Book, Connect4Solver};
///
/// let start = Connect4::new(5, 4)?;
/// let book = Connect4Book::build(&start, 3, 1, 16, false, u128::MAX, &|_| {})?;
/// let pos = start.play_str("33")?;
/// let mut solver = Connect4Solver::new(&pos, 16);
/// assert_eq!(book.score(&pos), Some(solver.score(&pos)));
/// assert_eq!(book.score(&start.play_str("3333")?), None); // deeper than the book
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect4Book {
    width: u8,
    height: u8,
    depth: u32,
    weak: bool,
    keys: Vec<u64>,
    scores: Vec<i8>,
}

/// The mirror-merged key of a position.
fn book_key(pos: &Connect4) -> u64 {
    // Connect-Four keys fit in 64 bits (width · (height + 1) ≤ 64).
    pos.canonical_key() as u64
}

impl Connect4Book {
    /// Builds the book of every position of `start`'s board with at most `depth` stones,
    /// solving the deepest level on `threads` threads with tables of 2^`table_bits` entries;
    /// a `weak` book stores outcomes only (far cheaper to build near the empty board).
    /// `progress` is called after each position solved by search. The listing stops, before
    /// any search, as soon as the positions would need more than `memory_limit` bytes.
    ///
    /// # Errors
    /// [`BookError::Depth`] above [`MAX_BOOK_DEPTH`] or the board's cell count;
    /// [`BookError::TooLarge`] beyond `memory_limit`.
    pub fn build(
        start: &Connect4,
        depth: u32,
        threads: usize,
        table_bits: u32,
        weak: bool,
        memory_limit: u128,
        progress: &(dyn Fn(BookProgress) + Sync),
    ) -> Result<Connect4Book, BookError> {
        let depth_asked = if weak { Depth::Weak } else { Depth::Exact };
        let sign = |v: i32| depth_asked.report(v);
        let max = MAX_BOOK_DEPTH.min(start.cells());
        if depth > max {
            return Err(BookError::Depth { depth, max });
        }
        let (width, height) = start.size();
        let empty = Connect4::new(width, height).expect("the board of a position");
        // Every level, one position per mirror pair, in key order.
        let mut levels: Vec<Vec<(u64, Connect4)>> = vec![vec![(book_key(&empty), empty)]];
        let mut listed = 1usize;
        for level in 1..=depth {
            let mut next: Vec<(u64, Connect4)> = Vec::new();
            let mut moves = Vec::new();
            for (_, p) in levels.last().expect("level 0") {
                moves.clear();
                p.moves(&mut moves);
                for &c in &moves {
                    let mut child = *p;
                    child.play(c);
                    if child.terminal().is_none() {
                        next.push((book_key(&child), child));
                    }
                }
            }
            next.sort_unstable_by_key(|&(k, _)| k);
            next.dedup_by_key(|&mut (k, _)| k);
            listed += next.len();
            // Each position: its entry while listing, its score, and the table's key and
            // score byte; the search tables come on top.
            let bytes = listed as u128 * BYTES_PER_POSITION
                + Connect4Table::bytes(table_bits) * threads.max(1) as u128;
            if bytes > memory_limit {
                return Err(BookError::TooLarge {
                    level,
                    positions: listed,
                    bytes,
                    limit: memory_limit,
                });
            }
            levels.push(next);
        }
        let deepest = levels.last().expect("level 0");
        let positions: Vec<Connect4> = deepest.iter().map(|&(_, p)| p).collect();
        let to_solve = positions.len();
        let (results, _) = solve_batch(
            &positions,
            threads,
            table_bits,
            depth_asked,
            false,
            None,
            &|solved| progress(BookProgress { solved, to_solve }),
        );
        let mut scores: Vec<Vec<i32>> = vec![results.iter().map(|r| r.score).collect()];
        for d in (0..depth as usize).rev() {
            let below = &levels[d + 1];
            let below_scores = scores.last().expect("the level below");
            let score_of = |p: &Connect4| -> i32 {
                p.terminal().map(sign).unwrap_or_else(|| {
                    let i = below
                        .binary_search_by_key(&book_key(p), |&(k, _)| k)
                        .expect("every non-terminal child is in the level below");
                    below_scores[i]
                })
            };
            let mut moves = Vec::new();
            let level: Vec<i32> = levels[d]
                .iter()
                .map(|(_, p)| {
                    if p.can_win_now() {
                        return sign((p.cells() as i32 + 1 - p.played() as i32) / 2);
                    }
                    moves.clear();
                    p.moves(&mut moves);
                    moves
                        .iter()
                        .map(|&c| {
                            let mut child = *p;
                            child.play(c);
                            -score_of(&child)
                        })
                        .max()
                        .expect("a non-terminal position has moves")
                })
                .collect();
            scores.push(level);
        }
        scores.reverse();
        let mut entries: Vec<(u64, i8)> = levels
            .iter()
            .zip(&scores)
            .flat_map(|(level, s)| {
                level
                    .iter()
                    .zip(s)
                    .map(|(&(k, _), &v)| (k, i8::try_from(v).expect("scores fit in i8")))
            })
            .collect();
        entries.sort_unstable_by_key(|&(k, _)| k);
        Ok(Connect4Book {
            width,
            height,
            depth,
            weak,
            keys: entries.iter().map(|&(k, _)| k).collect(),
            scores: entries.iter().map(|&(_, v)| v).collect(),
        })
    }

    /// The board (width, height).
    #[must_use]
    pub fn size(&self) -> (u8, u8) {
        (self.width, self.height)
    }

    /// Every position with at most this many stones is in the book.
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Whether the book stores outcomes only (1, 0, −1) rather than exact scores.
    #[must_use]
    pub fn is_weak(&self) -> bool {
        self.weak
    }

    /// Positions stored (one per mirror pair).
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the book is empty (never, once built: it holds at least the empty board).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The exact score (the outcome, in a weak book) of `pos` when it is in the book (its board, at most
    /// [`Connect4Book::depth`] stones, reachable without the game ending).
    #[must_use]
    pub fn score(&self, pos: &Connect4) -> Option<i32> {
        if pos.size() != (self.width, self.height) || pos.played() > self.depth {
            return None;
        }
        self.keys
            .binary_search(&book_key(pos))
            .ok()
            .map(|i| i32::from(self.scores[i]))
    }

    /// The file's bytes: container prelude, then keys and scores.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let payload = self.payload();
        let header = BookHeader {
            width: self.width,
            height: self.height,
            depth: self.depth,
            weak: self.weak,
            entries: self.keys.len() as u64,
            payload_crc: container::crc32(&payload),
        };
        let mut out = container::encode_prelude(BOOK_KIND, &header).expect("a small header");
        out.extend_from_slice(&payload);
        out
    }

    fn payload(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(self.keys.len() * 9);
        for k in &self.keys {
            payload.extend_from_slice(&k.to_le_bytes());
        }
        payload.extend(self.scores.iter().map(|&v| v.to_le_bytes()[0]));
        payload
    }

    /// Writes the book to `path` atomically (temporary file, then rename).
    ///
    /// # Errors
    /// [`BookError::File`] when the folder cannot take the file.
    pub fn write(&self, path: &Path) -> Result<u64, BookError> {
        let bytes = self.encode();
        container::write_atomic(path, &[&bytes])?;
        Ok(bytes.len() as u64)
    }

    /// Decodes a book file's bytes, checking the container, the payload's length and CRC, the
    /// key order and the score range.
    ///
    /// # Errors
    /// [`BookError`] naming what is wrong.
    pub fn decode(bytes: &[u8]) -> Result<Connect4Book, BookError> {
        let prelude = container::decode_prelude::<BookHeader>(bytes, BOOK_KIND)?;
        let h = prelude.header;
        let payload = &bytes[prelude.payload_offset..];
        let n = usize::try_from(h.entries).map_err(|_| BookError::Corrupt("entry count"))?;
        if Connect4::new(h.width, h.height).is_err() {
            return Err(BookError::Corrupt("unsupported board"));
        }
        if n.checked_mul(9) != Some(payload.len()) {
            return Err(BookError::Corrupt(
                "payload length does not match the entry count",
            ));
        }
        if container::crc32(payload) != h.payload_crc {
            return Err(BookError::Corrupt("payload checksum mismatch"));
        }
        let keys: Vec<u64> = payload[..8 * n]
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        if keys.windows(2).any(|w| w[0] >= w[1]) {
            return Err(BookError::Corrupt("keys out of order"));
        }
        let scores: Vec<i8> = payload[8 * n..].iter().map(|&b| b as i8).collect();
        let limit = i32::from(h.width) * i32::from(h.height) / 2 + 1;
        if scores.iter().any(|&v| i32::from(v).abs() > limit) {
            return Err(BookError::Corrupt("a score out of range"));
        }
        if h.weak && scores.iter().any(|&v| v.abs() > 1) {
            return Err(BookError::Corrupt("an outcome out of range in a weak book"));
        }
        Ok(Connect4Book {
            width: h.width,
            height: h.height,
            depth: h.depth,
            weak: h.weak,
            keys,
            scores,
        })
    }

    /// Reads a book file.
    ///
    /// # Errors
    /// [`BookError`] when the file cannot be read or is not a valid book.
    pub fn read(path: &Path) -> Result<Connect4Book, BookError> {
        let bytes = std::fs::read(path).map_err(ContainerError::Io)?;
        Connect4Book::decode(&bytes)
    }

    /// The best columns of `pos` (in column order) with their score, when every child is
    /// answered by the book (or ends the game): positions with fewer stones than the depth.
    #[must_use]
    pub fn best_moves(&self, pos: &Connect4) -> Option<(i32, Vec<super::Column>)> {
        if pos.terminal().is_some() || pos.size() != (self.width, self.height) {
            return None;
        }
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        let mut scored = Vec::new();
        for &c in &moves {
            let mut child = *pos;
            child.play(c);
            let v = match child.terminal() {
                Some(t) => -t,
                None => -self.score(&child)?,
            };
            scored.push((c, v));
        }
        let best = scored.iter().map(|&(_, v)| v).max()?;
        Some((
            best,
            scored
                .iter()
                .filter(|&&(_, v)| v == best)
                .map(|&(c, _)| c)
                .collect(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect4::Connect4Solver;

    #[test]
    fn every_book_score_is_the_solver_score() {
        let start = Connect4::new(5, 4).unwrap();
        let book = Connect4Book::build(&start, 4, 2, 16, false, u128::MAX, &|_| {}).unwrap();
        let mut solver = Connect4Solver::new(&start, 16);
        let mut count = 0;
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            if p.played() > 4 || p.terminal().is_some() {
                continue;
            }
            assert_eq!(book.score(&p), Some(solver.score(&p)), "{}", p.render());
            if p.played() < 4 {
                let (v, best) = book.best_moves(&p).unwrap();
                let all = solver.move_scores(&p);
                assert_eq!(Some(v), all.iter().flatten().max().copied());
                let expected: Vec<super::super::Column> = (0..5)
                    .filter(|&c| all[usize::from(c)] == Some(v))
                    .map(super::super::Column)
                    .collect();
                assert_eq!(best, expected);
            }
            count += 1;
            let mut moves = Vec::new();
            p.moves(&mut moves);
            for c in moves {
                let mut child = p;
                child.play(c);
                stack.push(child);
            }
        }
        assert!(count > 500);
        // A weak book holds the signs of the same scores.
        let weak = Connect4Book::build(&start, 4, 2, 16, true, u128::MAX, &|_| {}).unwrap();
        assert!(weak.is_weak());
        for (k, v) in book.keys.iter().zip(&book.scores) {
            let i = weak.keys.binary_search(k).unwrap();
            assert_eq!(weak.scores[i], v.signum());
        }
        // The thread count does not change the book.
        assert_eq!(
            Connect4Book::build(&start, 4, 1, 14, false, u128::MAX, &|_| {}).unwrap(),
            book
        );
    }

    #[test]
    fn files_round_trip_and_damage_is_refused() {
        let start = Connect4::new(4, 4).unwrap();
        let book = Connect4Book::build(&start, 3, 1, 14, true, u128::MAX, &|_| {}).unwrap();
        let bytes = book.encode();
        assert_eq!(Connect4Book::decode(&bytes).unwrap(), book);
        let mut damaged = bytes.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 1;
        assert!(Connect4Book::decode(&damaged).is_err());
        assert!(Connect4Book::decode(&bytes[..bytes.len() - 1]).is_err());
        assert!(Connect4Book::decode(b"not a book").is_err());
        assert!(matches!(
            Connect4Book::build(&start, 17, 1, 14, false, u128::MAX, &|_| {}),
            Err(BookError::Depth { .. })
        ));
        // Refused while listing, before any search, when the positions outgrow the limit.
        let built = Connect4Book::build(&start, 8, 1, 14, false, 200_000, &|_| {});
        assert!(
            matches!(built, Err(BookError::TooLarge { level, .. }) if level <= 8),
            "{:?}",
            built.map(|b| b.len())
        );
    }
}
