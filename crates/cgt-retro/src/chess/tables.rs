//! Chess endgame tables: building, statistics, probing and files.
//!
//! # File format
//!
//! A table file is a cgt container (`cgt_core::container`) of kind `RETROTBL`, format 5 (or
//! 4): a [`TableHeader`] (endgame, scheme, entries, build threads and the CRC-32 of the
//! payload), then the payload, raw so it can be read in place. Bit vectors hold one bit per
//! entry, packed in bytes, least significant bit first, padded to whole bytes.
//! - Format 5 ([`TableLayout::Compact`]): the legal bits, then one byte per entry: 0 for an
//!   illegal or drawn position, `d + 1` for one decided at `d` plies (a win when `d` is odd,
//!   a loss when it is even, as always in chess). 1.125 bytes per entry.
//! - Format 4 ([`TableLayout::Full`], written only for a table with a distance beyond 254
//!   plies): the legal, won and lost bits, then one little-endian u16 distance per entry.
//!
//! [`EndgameTable::write`] writes atomically; [`TableFile`] answers probes by reading only
//! the bytes a position needs. Format 4 differs from format 3 only in the reduced index of
//! endgames with identical pieces (one field for their set of squares instead of one per
//! piece): format-3 files of the other endgames are read as they are. Format-2 files, and
//! format-3 files with identical pieces, are recognised and refused with the command that
//! rebuilds them.
//!
//! # Examples
//!
//! ```
//! use cgt_core::Verdict;
//! use cgt_retro::chess::{Endgame, Scheme};
//! use cgt_retro::chess::tables::EndgameTable;
//!
//! let endgame = Endgame::parse("kqk", Scheme::Reduced, None)?;
//! let table = EndgameTable::build(endgame, u128::MAX)?;
//! let bytes = table.encode();
//! let again = EndgameTable::decode(&bytes)?;
//! let pos = again.endgame().parse_fen("7k/8/8/8/8/8/8/KQ6 w - - 0 1")?;
//! assert!(matches!(again.probe(&pos), Some(Verdict::Win(_))));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
use cgt_core::budget::Budget;
use std::collections::BTreeMap;
use std::path::Path;

use cgt_core::Verdict;
use cgt_core::container::{self, ContainerError, Kind};
use rayon::prelude::*;

use crate::chess::{Color, Endgame, Move, Position, San, Scheme, Square};
use crate::engine::{self, RetroError, Table};

mod file;
mod format;
mod lines;
mod payload;
mod stats;

pub use file::TableFile;
use format::{FORMAT_3, FORMAT_4, format_3, kind_of, open_prelude};
pub use format::{TABLE_KIND, TableFileError, TableHeader};
use lines::{Lookup, best_move, principal_variation};
use payload::Payload;
pub use payload::TableLayout;
pub(in crate::chess) use payload::{compact_codes, compact_verdict};
use stats::Tally;
pub use stats::{Counting, SideStats};

/// A solved endgame: the endgame, its table and how it was built.
#[derive(Clone, Debug)]
pub struct EndgameTable {
    endgame: Endgame,
    table: Table,
    threads: usize,
}

impl EndgameTable {
    /// Builds the table of `endgame` with the current rayon pool.
    ///
    /// # Errors
    /// [`RetroError`] when the build would exceed `memory_limit`.
    pub fn build(endgame: Endgame, memory_limit: u128) -> Result<EndgameTable, RetroError> {
        Self::build_with_progress(endgame, memory_limit, &mut |_| {})
    }

    /// [`EndgameTable::build`], reporting progress after every level (see
    /// [`engine::solve_with_progress`]).
    ///
    /// # Errors
    /// As [`EndgameTable::build`].
    pub fn build_with_progress(
        endgame: Endgame,
        memory_limit: u128,
        progress: &mut dyn FnMut(engine::Progress),
    ) -> Result<EndgameTable, RetroError> {
        let limit = u64::try_from(memory_limit).unwrap_or(u64::MAX);
        Self::build_within(endgame, &Budget::unlimited().with_memory(limit), progress)
    }

    /// [`EndgameTable::build_with_progress`] under a [`Budget`] (memory up front; stop flag
    /// and time limit after every level, see [`engine::solve_within`]).
    ///
    /// # Errors
    /// As [`engine::solve_within`].
    pub fn build_within(
        endgame: Endgame,
        budget: &Budget,
        progress: &mut dyn FnMut(engine::Progress),
    ) -> Result<EndgameTable, RetroError> {
        // Refused up front before the smaller endgames are solved.
        let need = engine::build_bytes(endgame.index_count());
        let limit = u128::from(budget.memory_or(u64::MAX));
        if need > limit {
            return Err(RetroError::TooLarge { bytes: need, limit });
        }
        endgame.prepare();
        let table = engine::solve_within(&endgame, budget, progress)?;
        Ok(EndgameTable {
            endgame,
            table,
            threads: rayon::current_num_threads(),
        })
    }

    /// [`EndgameTable::build_within`] shared between the processes of `cluster` (see
    /// [`crate::cluster`]): every process calls it with the same endgame; process 0 gets the
    /// table, bit for bit the one-process table, and every process the traffic figures. The
    /// smaller tables the captures reach are solved (or read) by every process. The budget's
    /// memory limit applies to this process's share ([`crate::cluster::Cluster::build_bytes`]).
    ///
    /// # Errors
    /// As [`crate::cluster::solve_distributed`].
    #[cfg(feature = "distributed")]
    pub fn build_distributed(
        endgame: Endgame,
        cluster: &crate::cluster::Cluster,
        budget: &Budget,
        progress: &mut dyn FnMut(engine::Progress),
    ) -> Result<(Option<EndgameTable>, crate::cluster::ClusterStats), RetroError> {
        let need = cluster.build_bytes(endgame.index_count());
        let limit = u128::from(budget.memory_or(u64::MAX));
        if need > limit {
            return Err(RetroError::TooLarge { bytes: need, limit });
        }
        endgame.prepare();
        let game = std::sync::Arc::new(endgame.clone());
        let build = crate::cluster::solve_distributed(game, cluster, budget, progress)?;
        let table = build.table.map(|table| EndgameTable {
            endgame,
            table,
            threads: rayon::current_num_threads(),
        });
        Ok((table, build.stats))
    }

    /// The endgame.
    #[must_use]
    pub fn endgame(&self) -> &Endgame {
        &self.endgame
    }

    /// The solved table.
    #[must_use]
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Threads used for the build.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Statistics for one side to move, counted as `counting` says.
    #[must_use]
    pub fn stats(&self, side: Color, counting: Counting) -> SideStats {
        let white_to_move = side == Color::White;
        let weighted = counting == Counting::Placements && self.endgame.scheme() == Scheme::Reduced;
        let half = self.endgame.index_count() / 2;
        let range = if white_to_move {
            0..half
        } else {
            half..2 * half
        };
        // Chunks counted in parallel and joined in index order, so that the first index of
        // the longest distance is the same whatever the thread count.
        const CHUNK: usize = 1 << 16;
        let end = range.end;
        let tally = range
            .step_by(CHUNK)
            .collect::<Vec<usize>>()
            .into_par_iter()
            .map(|from| {
                let mut t = Tally::default();
                for i in from..(from + CHUNK).min(end) {
                    let Some(v) = self.table.verdict(i) else {
                        continue;
                    };
                    let weight = if weighted {
                        self.endgame.raw_multiplicity(&self.endgame.decode_index(i))
                    } else {
                        1
                    };
                    t.add(i, v, weight);
                }
                t
            })
            .reduce(Tally::default, Tally::join);
        let mut s = tally.stats;
        s.longest_fen = tally
            .longest_index
            .map(|i| self.endgame.decode_index(i).fen());
        s
    }

    /// The verdict of a position (any symmetry image is accepted).
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<Verdict> {
        self.table.verdict(self.endgame.index_of(pos))
    }

    /// The best move and the verdict after it (from the mover's point of view), `None` when
    /// there is no move.
    #[must_use]
    pub fn best_move(&self, pos: &Position) -> Option<(Move, Verdict)> {
        // Lookups in memory never fail.
        best_move(&self.endgame, &self.table, pos).ok().flatten()
    }

    /// The principal variation from `pos` in SAN: best moves until the game ends (or, from a
    /// draw, one drawing move), at most `limit` plies. A capture that leaves a two-sided
    /// endgame continues in the smaller endgame's table.
    #[must_use]
    pub fn principal_variation(&self, pos: &Position, limit: usize) -> Vec<San> {
        principal_variation(&self.endgame, &self.table, pos, limit).unwrap_or_default()
    }

    /// The header this table is written with, given its payload.
    #[must_use]
    pub fn file_header(&self, payload: &[u8]) -> TableHeader {
        self.header_with(container::crc32_parallel(payload))
    }

    /// The header, given the payload's checksum.
    fn header_with(&self, payload_crc32: u32) -> TableHeader {
        TableHeader {
            endgame: self.endgame.name().to_owned(),
            scheme: self.endgame.scheme().to_string(),
            entries: self.table.size() as u64,
            threads: u32::try_from(self.threads).unwrap_or(u32::MAX),
            payload_crc32,
        }
    }

    /// The layout [`EndgameTable::write`] and [`EndgameTable::encode`] use: the compact one
    /// when every distance fits it (every pawnless endgame up to five men).
    #[must_use]
    pub fn layout(&self) -> TableLayout {
        TableLayout::for_table(&self.table)
    }

    /// The file contents, in [`EndgameTable::layout`].
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        self.encode_fitting(self.layout())
    }

    /// The file contents in a given layout (the full layout is format 4, which earlier versions
    /// read), or `None` for the compact layout when a distance does not fit it.
    #[must_use]
    pub fn encode_in(&self, layout: TableLayout) -> Option<Vec<u8>> {
        (layout == TableLayout::Full || self.layout() == layout)
            .then(|| self.encode_fitting(layout))
    }

    /// [`EndgameTable::encode_in`] a layout that fits the table.
    fn encode_fitting(&self, layout: TableLayout) -> Vec<u8> {
        let payload = Payload::new(&self.table, layout);
        let mut bytes = vec![0u8; payload.len() as usize];
        let mut buf = Vec::new();
        for s in payload.segments() {
            let piece = payload.bytes(&s, &mut buf);
            let at = s.offset as usize;
            bytes[at..at + piece.len()].copy_from_slice(piece);
        }
        // A header of a few short strings and numbers always encodes.
        let mut out = container::encode_prelude(kind_of(layout), &self.file_header(&bytes))
            .unwrap_or_default();
        out.extend_from_slice(&bytes);
        out
    }

    /// Writes the table to `path` atomically (a temporary file, then a rename), in
    /// [`EndgameTable::layout`]. The payload is never held whole (a five-man one is 370 MB):
    /// it is made a piece at a time on the current rayon pool's threads, each thread
    /// writing its pieces at their offsets and checksumming them; the header, which holds
    /// the checksum, is written last. For a large file, where the file system allows it, the
    /// pieces are whole aligned chunks written with direct I/O, which skips the copy into the
    /// page cache (two threads copying into one file's cache queue on its lock): KQRKR's 377 MB
    /// then take 0.6–0.7 s instead of 2.4–4.3 s on the machine measured. The bytes are those
    /// of [`EndgameTable::encode`].
    ///
    /// # Errors
    /// [`TableFileError::Container`] when the file cannot be written.
    pub fn write(&self, path: &Path) -> Result<u64, TableFileError> {
        // Small files go through the page cache: opening a second handle and waiting for the
        // device cost a few milliseconds more than a copy of a few megabytes (a four-man
        // table's file, 2-6 MB, was 3-4 ms slower written directly).
        const DIRECT_FROM: u128 = 64 << 20;
        // The layout is worked out once (it reads every decided entry's distance).
        let layout = self.layout();
        let large = layout.payload_len(self.table.size() as u64) >= DIRECT_FROM;
        self.write_as(path, u32::MAX, large, layout)
    }

    /// [`EndgameTable::write`] in `layout` (the table's), placing the payload after a header
    /// made with checksum `guess` until the real one is known, through direct I/O when
    /// `direct` and the file system allow it.
    fn write_as(
        &self,
        path: &Path,
        guess: u32,
        direct: bool,
        layout: TableLayout,
    ) -> Result<u64, TableFileError> {
        use std::os::unix::fs::FileExt;
        let payload = Payload::new(&self.table, layout);
        let prelude_of =
            |crc: u32| container::encode_prelude(kind_of(layout), &self.header_with(crc));
        // The header's length can depend on the checksum's value (a variable-length integer):
        // the payload goes after a header made with the longest one, and is written again
        // after the real header in the rare case that it is shorter.
        let mut start = prelude_of(guess)?.len() as u64;
        container::write_atomic_file_direct(path, direct, |file, handle| {
            // Where a direct write fails (a device wanting another alignment, say), the
            // payload is written again through the page cache.
            let write_payload = |start: u64| -> std::io::Result<u32> {
                if let Some(Ok(crc)) = handle.map(|h| payload.write_direct(h, start)) {
                    return Ok(crc);
                }
                file.set_len(0)?;
                payload.write_at(file, start)
            };
            let crc = write_payload(start)?;
            let prelude = prelude_of(crc).map_err(std::io::Error::other)?;
            if prelude.len() as u64 != start {
                start = prelude.len() as u64;
                file.set_len(0)?;
                write_payload(start)?;
            }
            file.write_all_at(&prelude, 0)?;
            // Direct writes pad the last chunk.
            file.set_len(start + payload.len())
        })?;
        Ok(start + payload.len())
    }

    /// The table, without its endgame.
    #[must_use]
    pub fn into_table(self) -> Table {
        self.table
    }

    /// The header of a file, checking the container but not the payload.
    ///
    /// # Errors
    /// [`TableFileError`] for a file that is not a table of this format.
    pub fn header(bytes: &[u8]) -> Result<TableHeader, TableFileError> {
        Ok(open_prelude(bytes)?.0.header)
    }

    /// Reads a file written by [`EndgameTable::encode`] or [`EndgameTable::write`], checking
    /// the payload's length and checksum.
    ///
    /// # Errors
    /// [`TableFileError`] for another kind of file, an unknown endgame, parameters that do not
    /// match, truncation or a bad checksum.
    pub fn decode(bytes: &[u8]) -> Result<EndgameTable, TableFileError> {
        let (prelude, format) = open_prelude(bytes)?;
        let header = prelude.header;
        let endgame = header.endgame()?;
        let entries = endgame.index_count();
        let payload = bytes.get(prelude.payload_offset..).unwrap_or(&[]);
        let layout = TableLayout::of_format(format);
        let expected = layout.payload_len(header.entries);
        if payload.len() as u128 != expected {
            return Err(TableFileError::PayloadLength {
                found: payload.len() as u128,
                expected,
            });
        }
        if container::crc32_parallel(payload) != header.payload_crc32 {
            return Err(TableFileError::Checksum);
        }
        let table = layout
            .decode(payload, entries)
            .ok_or(TableFileError::Checksum)?;
        Ok(EndgameTable {
            endgame,
            table,
            threads: header.threads as usize,
        })
    }
}

/// A line of moves with move numbers, as chess writes it: `1. Qb7+ Kd6 2. Qc7 …`, or
/// `1... Kd6 2. …` when Black moves first.
///
/// # Examples
///
/// ```
/// use cgt_retro::chess::tables::numbered_line;
///
/// let line = ["Qb7+".to_owned(), "Kd6".to_owned(), "Qc7#".to_owned()];
/// assert_eq!(numbered_line(&line, true), "1. Qb7+ Kd6 2. Qc7#");
/// assert_eq!(numbered_line(&line[1..], false), "1... Kd6 2. Qc7#");
/// ```
#[must_use]
pub fn numbered_line(line: &[String], white_first: bool) -> String {
    let mut out = Vec::with_capacity(line.len());
    let mut number = 1;
    let mut white = white_first;
    for (i, m) in line.iter().enumerate() {
        if white {
            out.push(format!("{number}. {m}"));
        } else if i == 0 {
            out.push(format!("{number}... {m}"));
        } else {
            out.push(m.clone());
        }
        if !white {
            number += 1;
        }
        white = !white;
    }
    out.join(" ")
}

#[cfg(test)]
mod tests;
