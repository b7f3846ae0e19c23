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

mod payload;

use payload::Payload;
pub use payload::TableLayout;
pub(in crate::chess) use payload::{compact_codes, compact_verdict};

/// The container kind of table files, in its current format version (the compact layout).
pub const TABLE_KIND: Kind = Kind::new(*b"RETROTBL", 5);

/// Format 4, the full layout: written for tables whose distances do not fit the compact one.
const FORMAT_4: Kind = Kind::new(*b"RETROTBL", 4);

/// The container kind of files in `layout`.
fn kind_of(layout: TableLayout) -> Kind {
    Kind::new(TABLE_KIND.tag, layout.format())
}

/// Format 3, read for endgames whose index did not change in format 4 (no identical pieces:
/// format 4 stores a run of identical pieces as one field, each set of squares once).
const FORMAT_3: Kind = Kind::new(*b"RETROTBL", 3);

/// The header of a table file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub struct TableHeader {
    /// The endgame's name (`kqk-fixed-c3` for a fixed king).
    pub endgame: String,
    /// `raw` or `reduced`.
    pub scheme: String,
    /// Entries (indices) in the table.
    pub entries: u64,
    /// Threads the build used.
    pub threads: u32,
    /// CRC-32 of the payload.
    pub payload_crc32: u32,
}

impl TableHeader {
    /// The endgame this header describes.
    ///
    /// # Errors
    /// [`TableFileError::Field`] for an unknown endgame or scheme, or an entry count that
    /// does not match the endgame.
    pub fn endgame(&self) -> Result<Endgame, TableFileError> {
        let endgame = self.named_endgame()?;
        if self.entries != endgame.index_count() as u64 {
            return Err(TableFileError::Field {
                field: "entries",
                value: self.entries.to_string(),
            });
        }
        Ok(endgame)
    }

    /// The endgame named by the header (its entry count not checked).
    fn named_endgame(&self) -> Result<Endgame, TableFileError> {
        let unusable = |field: &'static str, value: &str| TableFileError::Field {
            field,
            value: value.to_owned(),
        };
        let scheme: Scheme = self
            .scheme
            .parse()
            .map_err(|_| unusable("scheme", &self.scheme))?;
        let name = self.endgame.as_str();
        let (base, fixed) = match name.strip_prefix("kqk-fixed-") {
            Some(sq) => (
                "kqk-fixed",
                Some(
                    sq.parse::<Square>()
                        .map_err(|_| unusable("endgame", name))?,
                ),
            ),
            None => (name, None),
        };
        Endgame::parse(base, scheme, fixed).map_err(|_| unusable("endgame", name))
    }
}

/// A solved endgame: the endgame, its table and how it was built.
#[derive(Clone, Debug)]
pub struct EndgameTable {
    endgame: Endgame,
    table: Table,
    threads: usize,
}

/// Why a table file was refused.
#[derive(Debug)]
#[non_exhaustive]
pub enum TableFileError {
    /// The container refused the file (not a cgt file, another kind or version, a corrupt
    /// header, or an I/O error).
    Container(ContainerError),
    /// A table of an earlier format, with the endgame it holds when its header says.
    Legacy {
        /// The endgame, for the rebuild command.
        endgame: Option<String>,
        /// The file's format (2, or 3 for an endgame with identical pieces).
        format: u32,
    },
    /// A header field has a value this build cannot use.
    Field {
        /// The field.
        field: &'static str,
        /// Its value in the file.
        value: String,
    },
    /// The payload is not as long as the header says.
    PayloadLength {
        /// Bytes in the file.
        found: u128,
        /// Bytes the header implies.
        expected: u128,
    },
    /// The payload's checksum differs from the header's.
    Checksum,
}

impl core::fmt::Display for TableFileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TableFileError::Container(ContainerError::NotACgtFile { legacy: None }) => {
                f.write_str("not a cgt endgame table")
            }
            TableFileError::Container(e) => write!(f, "{e}"),
            TableFileError::Legacy { endgame, format } => write!(
                f,
                "a table in the format of an earlier cgt (format {format}); rebuild it with `cgt retro build {} --out FILE`",
                endgame.as_deref().unwrap_or("ENDGAME")
            ),
            TableFileError::Field { field, value } => {
                write!(f, "header field {field} has an unusable value {value:?}")
            }
            TableFileError::PayloadLength { found, expected } => write!(
                f,
                "truncated or padded table: payload of {found} bytes, expected {expected}"
            ),
            TableFileError::Checksum => f.write_str("checksum mismatch: the table file is corrupt"),
        }
    }
}

impl std::error::Error for TableFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TableFileError::Container(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ContainerError> for TableFileError {
    fn from(e: ContainerError) -> TableFileError {
        TableFileError::Container(e)
    }
}

impl From<std::io::Error> for TableFileError {
    fn from(e: std::io::Error) -> TableFileError {
        TableFileError::Container(ContainerError::Io(e))
    }
}

/// The endgame named in a format-2 header, for the rebuild hint.
fn legacy_endgame(bytes: &[u8]) -> Option<String> {
    let len = bytes.get(12..16)?;
    let len = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
    let text = std::str::from_utf8(bytes.get(16..16usize.checked_add(len)?)?).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("endgame="))
        .map(str::to_owned)
}

/// The container's verdict on a file's first bytes, with its format version: format-4 tables
/// read, format-2 tables told apart and format-3 tables read when their index is unchanged.
fn open_prelude(bytes: &[u8]) -> Result<(container::Prelude<TableHeader>, u32), TableFileError> {
    match container::decode_prelude(bytes, TABLE_KIND) {
        Ok(p) => Ok((p, TABLE_KIND.version)),
        Err(ContainerError::NotACgtFile {
            legacy: Some(magic),
        }) if &magic == b"CGTRETRO" => Err(TableFileError::Legacy {
            endgame: legacy_endgame(bytes),
            format: 2,
        }),
        Err(ContainerError::KindVersion { found: 4, .. }) => {
            Ok((container::decode_prelude(bytes, FORMAT_4)?, 4))
        }
        Err(ContainerError::KindVersion { found: 3, .. }) => {
            Ok((format_3(container::decode_prelude(bytes, FORMAT_3)?)?, 3))
        }
        Err(other) => Err(TableFileError::Container(other)),
    }
}

/// A format-3 prelude, kept when its endgame's index is the same in format 4.
fn format_3(
    prelude: container::Prelude<TableHeader>,
) -> Result<container::Prelude<TableHeader>, TableFileError> {
    if prelude.header.named_endgame()?.run.is_some() {
        return Err(TableFileError::Legacy {
            endgame: Some(prelude.header.endgame),
            format: 3,
        });
    }
    Ok(prelude)
}

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

/// Adds a folder where builds and probes look for the smaller endgames' tables a capture
/// leads to (files `NAME.cgtb` of the reduced index, such as `kqkr.cgtb`) before solving them.
/// A file that is damaged, or holds another endgame, is passed over and the table solved.
/// The folders are searched in the order they were added; each smaller table is read or
/// solved once per process.
///
/// # Examples
///
/// ```
/// use cgt_retro::chess::tables::{EndgameTable, use_table_folder};
/// use cgt_retro::chess::{Endgame, Scheme};
///
/// let folder = std::env::temp_dir().join(format!("cgt-doc-folder-{}", std::process::id()));
/// std::fs::create_dir_all(&folder)?;
/// let krk = EndgameTable::build(Endgame::parse("krk", Scheme::Reduced, None)?, u128::MAX)?;
/// krk.write(&folder.join("krk.cgtb"))?;
/// use_table_folder(&folder);
/// // KRKR's captures by White now read krk.cgtb instead of solving KRK.
/// let krkr = EndgameTable::build(Endgame::parse("krkr", Scheme::Reduced, None)?, u128::MAX)?;
/// assert!(krkr.table().size() > 0);
/// # std::fs::remove_dir_all(&folder)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn use_table_folder(folder: &Path) {
    if let Ok(mut folders) = super::kernel::probes::table_folders().lock()
        && !folders.iter().any(|f| f == folder)
    {
        folders.push(folder.to_path_buf());
    }
}

/// Where verdicts come from: a table in memory, or a file read in place.
trait Lookup {
    fn lookup(&self, index: usize) -> Result<Option<Verdict>, TableFileError>;
}

impl Lookup for Table {
    fn lookup(&self, index: usize) -> Result<Option<Verdict>, TableFileError> {
        Ok(self.verdict(index))
    }
}

/// The best move by a table (see [`EndgameTable::best_move`]).
fn best_move(
    endgame: &Endgame,
    table: &impl Lookup,
    pos: &Position,
) -> Result<Option<(Move, Verdict)>, TableFileError> {
    let mut best: Option<(Move, Verdict)> = None;
    for m in endgame.moves(pos) {
        let child = if m.capture {
            endgame.capture_verdict(pos, m)
        } else {
            table
                .lookup(endgame.index_of(&endgame.play_unchecked(pos, m)))?
                .unwrap_or(Verdict::Draw)
        };
        let candidate = (m, child.parent());
        // The best verdict; among equals, the first move in (from, to) order.
        let better = best.is_none_or(|b| {
            candidate
                .1
                .cmp(&b.1)
                .then((b.0.from, b.0.to).cmp(&(m.from, m.to)))
                .is_ge()
        });
        if better {
            best = Some(candidate);
        }
    }
    Ok(best)
}

/// The principal variation (see [`EndgameTable::principal_variation`]).
fn principal_variation(
    endgame: &Endgame,
    table: &impl Lookup,
    pos: &Position,
    limit: usize,
) -> Result<Vec<San>, TableFileError> {
    let mut line = Vec::new();
    let mut current = *pos;
    while line.len() < limit {
        let Some((m, v)) = best_move(endgame, table, &current)? else {
            break;
        };
        line.push(endgame.san_move(&current, m));
        if m.capture {
            if let Some((smaller, smaller_table, after, flipped)) =
                endgame.after_capture(&current, m)
            {
                let rest = principal_variation(smaller, smaller_table, &after, limit - line.len())?;
                line.extend(
                    rest.into_iter()
                        .map(|san| if flipped { san.flipped() } else { san }),
                );
            }
            break;
        }
        if v == Verdict::Draw {
            break;
        }
        current = endgame.play_unchecked(&current, m);
    }
    Ok(line)
}

/// A table file opened for probing: only its header is read up front, and each lookup reads
/// the three bits and the distance of one entry, so a probe of a table of any size takes
/// milliseconds and almost no memory. Reads are positioned reads on the open file (no memory
/// map: the crate has no `unsafe`, and a mapped file changed by another process would be
/// undefined behaviour).
///
/// # Examples
///
/// ```
/// use cgt_core::Verdict;
/// use cgt_retro::chess::{Endgame, Scheme};
/// use cgt_retro::chess::tables::{EndgameTable, TableFile};
///
/// let path = std::env::temp_dir().join(format!("cgt-doc-krk-{}.cgtb", std::process::id()));
/// EndgameTable::build(Endgame::parse("krk", Scheme::Reduced, None)?, u128::MAX)?.write(&path)?;
/// let file = TableFile::open(&path)?; // the header, the length and the payload's CRC-32
/// let pos = file.endgame().parse_fen("7k/8/8/8/8/8/8/KR6 w - - 0 1")?;
/// assert!(matches!(file.probe(&pos)?, Some(Verdict::Win(_))));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct TableFile {
    file: std::fs::File,
    header: TableHeader,
    endgame: Endgame,
    offset: u64,
    format: u32,
}

impl TableFile {
    /// Opens a table file, checking its header, its length and its payload's checksum (one
    /// pass over the file, in blocks): no answer ever comes from a damaged file.
    ///
    /// # Errors
    /// [`TableFileError`] for a file that cannot be read or is not a table of this format;
    /// [`TableFileError::Checksum`] for a damaged payload.
    pub fn open(path: &Path) -> Result<TableFile, TableFileError> {
        let file = Self::open_unverified(path)?;
        file.verify()?;
        Ok(file)
    }

    /// Opens a table file, checking its header and its length but not its payload's checksum
    /// (for a caller that verifies it separately, or reads the header only). Probes of a
    /// damaged file may answer wrongly: prefer [`TableFile::open`].
    ///
    /// # Errors
    /// As [`TableFile::open`], without the checksum.
    pub fn open_unverified(path: &Path) -> Result<TableFile, TableFileError> {
        use std::io::Read;
        let mut file = std::fs::File::open(path)?;
        let mut format = TABLE_KIND.version;
        let prelude = match container::read_prelude::<TableHeader>(&file, TABLE_KIND) {
            Ok(p) => p,
            Err(ContainerError::KindVersion { found: 4, .. }) => {
                std::io::Seek::rewind(&mut file)?;
                format = FORMAT_4.version;
                container::read_prelude::<TableHeader>(&file, FORMAT_4)?
            }
            Err(ContainerError::KindVersion { found: 3, .. }) => {
                std::io::Seek::rewind(&mut file)?;
                format = FORMAT_3.version;
                format_3(container::read_prelude::<TableHeader>(&file, FORMAT_3)?)?
            }
            Err(ContainerError::NotACgtFile { legacy: Some(_) }) => {
                let mut head = Vec::new();
                std::io::Seek::rewind(&mut file)?;
                (&file).take(1 << 16).read_to_end(&mut head)?;
                return Err(open_prelude(&head).err().unwrap_or(TableFileError::Legacy {
                    endgame: None,
                    format: 2,
                }));
            }
            Err(e) => return Err(e.into()),
        };
        let endgame = prelude.header.endgame()?;
        let len = u128::from(file.metadata()?.len());
        let found = len.saturating_sub(prelude.payload_offset as u128);
        let expected = TableLayout::of_format(format).payload_len(prelude.header.entries);
        if found != expected {
            return Err(TableFileError::PayloadLength { found, expected });
        }
        Ok(TableFile {
            file,
            header: prelude.header,
            endgame,
            offset: prelude.payload_offset as u64,
            format,
        })
    }

    /// The file's format version: [`TABLE_KIND`]'s, 4 for a table in the full layout, or 3
    /// for a file of an earlier format whose index is unchanged.
    #[must_use]
    pub fn format_version(&self) -> u32 {
        self.format
    }

    /// The header.
    #[must_use]
    pub fn header(&self) -> &TableHeader {
        &self.header
    }

    /// The endgame.
    #[must_use]
    pub fn endgame(&self) -> &Endgame {
        &self.endgame
    }

    /// Reads the whole payload once and checks its CRC-32 against the header.
    ///
    /// # Errors
    /// [`TableFileError::Checksum`] for a corrupt payload, or a read error.
    pub fn verify(&self) -> Result<(), TableFileError> {
        use std::io::{Seek, SeekFrom};
        let mut file = &self.file;
        file.seek(SeekFrom::Start(self.offset))?;
        let crc = container::crc32_of(file)?;
        if crc == self.header.payload_crc32 {
            Ok(())
        } else {
            Err(TableFileError::Checksum)
        }
    }

    /// The verdict of a position (any symmetry image is accepted).
    ///
    /// # Errors
    /// A read error.
    pub fn probe(&self, pos: &Position) -> Result<Option<Verdict>, TableFileError> {
        self.lookup(self.endgame.index_of(pos))
    }

    /// The best move and the verdict after it, as [`EndgameTable::best_move`].
    ///
    /// # Errors
    /// A read error.
    pub fn best_move(&self, pos: &Position) -> Result<Option<(Move, Verdict)>, TableFileError> {
        best_move(&self.endgame, self, pos)
    }

    /// The principal variation, as [`EndgameTable::principal_variation`].
    ///
    /// # Errors
    /// A read error.
    pub fn principal_variation(
        &self,
        pos: &Position,
        limit: usize,
    ) -> Result<Vec<San>, TableFileError> {
        principal_variation(&self.endgame, self, pos, limit)
    }

    fn read_at(&self, at: u64, buf: &mut [u8]) -> Result<(), TableFileError> {
        use std::os::unix::fs::FileExt;
        self.file.read_exact_at(buf, self.offset + at)?;
        Ok(())
    }
}

impl Lookup for TableFile {
    fn lookup(&self, index: usize) -> Result<Option<Verdict>, TableFileError> {
        TableLayout::of_format(self.format).lookup(self.header.entries, index as u64, |at, buf| {
            self.read_at(at, buf)
        })
    }
}

/// [`EndgameTable::stats`] over a run of indices: the counts, and the first index of the
/// longest distance.
struct Tally {
    stats: SideStats,
    longest_index: Option<usize>,
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
    fn add(&mut self, i: usize, v: Verdict, weight: u64) {
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
    fn join(mut self, next: Tally) -> Tally {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A path in a temporary folder of its own, removed with the returned guard.
    fn temp(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        (dir, path)
    }

    #[test]
    fn bits_pack_into_bytes_bit_by_bit_and_back() {
        use bitvec::vec::BitVec;
        use payload::{pack, unpack};
        let mut rng = cgt_core::rng::Rng::new(7);
        for len in (0..300usize).chain([4095, 4096, 4097]) {
            let density = 1 + rng.below(7);
            let bits: BitVec = (0..len).map(|_| rng.chance(density, 8)).collect();
            let bytes = pack(&bits);
            // The format's definition: bit i in byte i / 8 at 1 << (i % 8), nothing past len.
            let mut expected = vec![0u8; len.div_ceil(8)];
            for i in bits.iter_ones() {
                expected[i / 8] |= 1 << (i % 8);
            }
            assert_eq!(bytes, expected, "length {len}");
            let back = unpack(&bytes, len);
            assert_eq!(back, bits, "length {len}");
            assert_eq!(back.count_ones(), bits.count_ones());
        }
        // A vector whose storage holds set bits past its end (after a truncation) packs
        // without them.
        let mut long: BitVec = (0..128).map(|_| true).collect();
        long.truncate(70);
        assert_eq!(pack(&long), [[0xff; 8].as_slice(), &[0x3f]].concat());
    }

    #[test]
    fn a_file_is_the_encoding_whatever_the_header_length_guessed() {
        // The payload is written after a header made with a guessed checksum; when the real
        // header is shorter or longer, the payload is written again after it.
        let endgame = Endgame::parse("kbnk", Scheme::Reduced, None).unwrap();
        let mut table = EndgameTable::build(endgame, u128::MAX).unwrap();
        let (_scratch, path) = temp("kbnk-guess.cgtb");
        let mut second_passes = 0;
        // The thread count is in the header too: it moves the header's length about.
        for threads in [1, 200, 20_000, 3_000_000] {
            table.threads = threads;
            let encoded = table.encode();
            let kind = kind_of(table.layout());
            let prelude_len = |crc: u32| {
                container::encode_prelude(kind, &table.header_with(crc))
                    .unwrap()
                    .len()
            };
            let real = EndgameTable::header(&encoded).unwrap().payload_crc32;
            for guess in [0, 1, 127, 128, 1 << 14, 1 << 21, 1 << 28, u32::MAX] {
                second_passes += usize::from(prelude_len(guess) != prelude_len(real));
                // Through direct I/O where the file system has it, and through the page cache.
                for direct in [true, false] {
                    let written = table
                        .write_as(&path, guess, direct, table.layout())
                        .unwrap();
                    let bytes = std::fs::read(&path).unwrap();
                    assert_eq!(bytes.len() as u64, written, "guess {guess}");
                    assert!(bytes == encoded, "threads {threads} guess {guess} {direct}");
                }
            }
        }
        assert!(second_passes > 0, "some guess must take the second pass");
    }

    #[test]
    fn files_round_trip_and_probe_in_place() {
        let endgame = Endgame::parse("krk", Scheme::Reduced, None).unwrap();
        let table = EndgameTable::build(endgame, u128::MAX).unwrap();
        let (_scratch, path) = temp("krk.cgtb");
        let written = table.write(&path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(bytes.len() as u64, written);
        assert_eq!(bytes, table.encode());
        let again = EndgameTable::decode(&bytes).unwrap();
        assert_eq!(again.table().parts(), table.table().parts());
        assert_eq!(again.endgame(), table.endgame());
        // The file read in place answers every index as the table in memory does.
        let file = TableFile::open(&path).unwrap();
        file.verify().unwrap();
        for i in 0..table.table().size() {
            assert_eq!(
                file.lookup(i).unwrap(),
                table.table().verdict(i),
                "index {i}"
            );
        }
        assert_eq!(file.lookup(usize::MAX).unwrap(), None);
        let pos = table
            .endgame()
            .parse_fen("7k/8/8/8/8/8/8/KR6 w - - 0 1")
            .unwrap();
        assert_eq!(file.best_move(&pos).unwrap(), table.best_move(&pos));
        assert_eq!(
            file.principal_variation(&pos, 100).unwrap(),
            table.principal_variation(&pos, 100)
        );
    }

    #[test]
    fn damaged_files_are_refused() {
        let endgame = Endgame::parse("kbk", Scheme::Reduced, None).unwrap();
        let bytes = EndgameTable::build(endgame, u128::MAX).unwrap().encode();
        let payload_at = bytes.len()
            - EndgameTable::header(&bytes)
                .map(|h| TableLayout::Compact.payload_len(h.entries))
                .unwrap() as usize;
        let mut flipped = bytes.clone();
        flipped[payload_at + 3] ^= 4;
        assert!(matches!(
            EndgameTable::decode(&flipped),
            Err(TableFileError::Checksum)
        ));
        let (_scratch, path) = temp("kbk-flipped.cgtb");
        std::fs::write(&path, &flipped).unwrap();
        // Opening verifies; only an unverified open reaches the damaged payload.
        assert!(matches!(
            TableFile::open(&path),
            Err(TableFileError::Checksum)
        ));
        assert!(matches!(
            TableFile::open_unverified(&path).unwrap().verify(),
            Err(TableFileError::Checksum)
        ));
        assert!(matches!(
            EndgameTable::decode(&bytes[..bytes.len() - 1]),
            Err(TableFileError::PayloadLength { .. })
        ));
        let mut header = bytes.clone();
        header[30] ^= 1;
        assert!(matches!(
            EndgameTable::decode(&header),
            Err(TableFileError::Container(ContainerError::HeaderChecksum))
        ));
        for cut in 0..payload_at {
            assert!(EndgameTable::decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
    }
}
