//! Chess endgame tables: building, statistics, probing and files.
//!
//! # File format
//!
//! A table file is the magic `CGTRETRO`, a format version (u32, little-endian), a header of
//! `key=value` lines (u32 length, UTF-8): `endgame`, `scheme` (`raw` or `reduced`), `entries`,
//! `checksum` (FNV-1a 64 of the payload, hex) and the build settings (`threads`), then the
//! payload: the legal, won and lost bit vectors (one bit per entry, packed in bytes, least
//! significant bit first) and one little-endian u16 distance per entry. Files are written
//! atomically by the command line (temporary file, then rename).

use std::collections::BTreeMap;

use bitvec::vec::BitVec;
use cgt_core::Verdict;

use crate::chess::{Endgame, Move, Position, Scheme};
use crate::engine::{self, RetroError, Table};

const MAGIC: &[u8; 8] = b"CGTRETRO";
const VERSION: u32 = 2;

/// A solved endgame: the endgame, its table and how it was built.
#[derive(Clone, Debug)]
pub struct EndgameTable {
    endgame: Endgame,
    table: Table,
    threads: usize,
}

/// Why a table file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableFileError {
    /// The file does not start with the table magic.
    NotATable,
    /// The file ends inside its header.
    Truncated,
    /// A format version this build does not read.
    Version {
        /// The version in the file.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
    /// The header is not UTF-8 text.
    HeaderEncoding,
    /// A header field is missing.
    MissingField(&'static str),
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
        found: usize,
        /// Bytes the header implies.
        expected: usize,
    },
    /// The payload's checksum differs from the header's.
    Checksum,
}

impl core::fmt::Display for TableFileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TableFileError::NotATable => f.write_str("not a cgt endgame table (wrong magic)"),
            TableFileError::Truncated => f.write_str("truncated table file (header)"),
            TableFileError::Version { found, supported } => write!(
                f,
                "table format version {found} is not read by this build (it reads version \
                 {supported}); rebuild the table with `cgt retro build`"
            ),
            TableFileError::HeaderEncoding => f.write_str("corrupt header (not UTF-8)"),
            TableFileError::MissingField(field) => write!(f, "header lacks {field}"),
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

impl std::error::Error for TableFileError {}

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
        let table = engine::solve_with_progress(&endgame, memory_limit, progress)?;
        Ok(EndgameTable {
            endgame,
            table,
            threads: rayon::current_num_threads(),
        })
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

    /// Statistics for White to move (`true`) or Black to move, counted in the table's own
    /// scheme, or — with `raw_counts` on a reduced table — weighted by the number of raw
    /// placements each symmetry class stands for.
    #[must_use]
    pub fn stats(&self, white_to_move: bool, raw_counts: bool) -> SideStats {
        let half = self.endgame.index_count() / 2;
        let range = if white_to_move {
            0..half
        } else {
            half..2 * half
        };
        let mut s = SideStats {
            legal: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            longest: None,
            histogram: BTreeMap::new(),
            longest_fen: None,
        };
        let mut longest_index = None;
        for i in range {
            let Some(v) = self.table.verdict(i) else {
                continue;
            };
            let weight = if raw_counts && self.endgame.scheme() == Scheme::Reduced {
                self.endgame.raw_multiplicity(&self.endgame.decode(i))
            } else {
                1
            };
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
                        longest_index = Some(i);
                    }
                }
            }
        }
        s.longest_fen = longest_index.map(|i| self.endgame.decode(i).fen());
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
        best_move(&self.endgame, &self.table, pos)
    }

    /// The principal variation from `pos` in SAN: best moves until the game ends (or, from a
    /// draw, one drawing move), at most `limit` plies. A capture that leaves a two-sided
    /// endgame continues in the smaller endgame's table.
    #[must_use]
    pub fn principal_variation(&self, pos: &Position, limit: usize) -> Vec<String> {
        let mut line = Vec::new();
        let mut current = *pos;
        while line.len() < limit {
            let Some((m, v)) = self.best_move(&current) else {
                break;
            };
            line.push(self.endgame.san(&current, m));
            if m.capture {
                if let Some((endgame, table, after, flipped)) =
                    self.endgame.after_capture(&current, m)
                {
                    let rest = variation(endgame, table, &after, limit - line.len());
                    // A flipped board reads rank r as 9 − r.
                    line.extend(rest.into_iter().map(|san| {
                        if flipped {
                            san.chars()
                                .map(|c| match c.to_digit(10) {
                                    Some(d @ 1..=8) => char::from(b'0' + (9 - d) as u8),
                                    _ => c,
                                })
                                .collect()
                        } else {
                            san
                        }
                    }));
                }
                break;
            }
            if v == Verdict::Draw {
                break;
            }
            current = self.endgame.play(&current, m);
        }
        line
    }

    /// The file contents.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let (legal, won, lost, distance) = self.table.parts();
        let mut payload = Vec::new();
        for bits in [legal, won, lost] {
            payload.extend(pack(bits));
        }
        for d in distance {
            payload.extend_from_slice(&d.to_le_bytes());
        }
        let header = format!(
            "endgame={}\nscheme={}\nentries={}\nchecksum={:016x}\nthreads={}\n",
            self.endgame.name(),
            match self.endgame.scheme() {
                Scheme::Raw => "raw",
                Scheme::Reduced => "reduced",
            },
            self.table.size(),
            fnv1a(&payload),
            self.threads
        );
        let mut out = Vec::with_capacity(16 + header.len() + payload.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(header.len() as u32).to_le_bytes());
        out.extend_from_slice(header.as_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// The header fields of a file, without checking the payload.
    ///
    /// # Errors
    /// [`TableFileError`] for a wrong magic, unknown version or truncated header.
    pub fn header(bytes: &[u8]) -> Result<BTreeMap<String, String>, TableFileError> {
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err(TableFileError::NotATable);
        }
        if bytes.len() < 16 {
            return Err(TableFileError::Truncated);
        }
        let word = |at: usize| {
            bytes
                .get(at..at + 4)
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
                .ok_or(TableFileError::Truncated)
        };
        let version = word(8)?;
        if version != VERSION {
            return Err(TableFileError::Version {
                found: version,
                supported: VERSION,
            });
        }
        let len = word(12)? as usize;
        let text = bytes
            .get(16..16usize.saturating_add(len))
            .ok_or(TableFileError::Truncated)?;
        let text = std::str::from_utf8(text).map_err(|_| TableFileError::HeaderEncoding)?;
        Ok(text
            .lines()
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect())
    }

    /// Reads a file written by [`EndgameTable::encode`].
    ///
    /// # Errors
    /// [`TableFileError`] for a wrong magic, unknown version, unknown endgame, parameters that
    /// do not match, truncation or a bad checksum.
    pub fn decode(bytes: &[u8]) -> Result<EndgameTable, TableFileError> {
        let header = EndgameTable::header(bytes)?;
        let field = |k: &'static str| header.get(k).ok_or(TableFileError::MissingField(k));
        let unusable = |field: &'static str, value: &str| TableFileError::Field {
            field,
            value: value.to_owned(),
        };
        let scheme = match field("scheme")?.as_str() {
            "raw" => Scheme::Raw,
            "reduced" => Scheme::Reduced,
            other => return Err(unusable("scheme", other)),
        };
        let name = field("endgame")?;
        let (base, fixed) = match name.strip_prefix("kqk-fixed-") {
            Some(sq) => (
                "kqk-fixed",
                Some(parse_square(sq).ok_or_else(|| unusable("endgame", name))?),
            ),
            None => (name.as_str(), None),
        };
        let endgame = Endgame::parse(base, scheme, fixed).map_err(|_| unusable("endgame", name))?;
        let entries_text = field("entries")?;
        let entries: usize = entries_text
            .parse()
            .ok()
            .filter(|&e| e == endgame.index_count())
            .ok_or_else(|| unusable("entries", entries_text))?;
        let checksum_text = field("checksum")?;
        let checksum = u64::from_str_radix(checksum_text, 16)
            .map_err(|_| unusable("checksum", checksum_text))?;
        let threads = field("threads")?.parse().unwrap_or(0);
        let header_len = bytes
            .get(12..16)
            .map_or(0, |w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]) as usize);
        let payload = bytes.get(16 + header_len..).unwrap_or(&[]);
        let bit_bytes = entries.div_ceil(8);
        let expected = 3 * bit_bytes + 2 * entries;
        if payload.len() != expected {
            return Err(TableFileError::PayloadLength {
                found: payload.len(),
                expected,
            });
        }
        if fnv1a(payload) != checksum {
            return Err(TableFileError::Checksum);
        }
        let legal = unpack(&payload[..bit_bytes], entries);
        let won = unpack(&payload[bit_bytes..2 * bit_bytes], entries);
        let lost = unpack(&payload[2 * bit_bytes..3 * bit_bytes], entries);
        let distance = payload[3 * bit_bytes..]
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        Ok(EndgameTable {
            endgame,
            table: Table::from_parts(legal, won, lost, distance),
            threads,
        })
    }
}

/// Parses a square name such as `c3`.
#[must_use]
pub fn parse_square(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (b[0] - b'a'))
}

fn pack(bits: &BitVec) -> Vec<u8> {
    let mut out = vec![0u8; bits.len().div_ceil(8)];
    for i in bits.iter_ones() {
        out[i / 8] |= 1 << (i % 8);
    }
    out
}

fn unpack(bytes: &[u8], len: usize) -> BitVec {
    let mut bits = BitVec::repeat(false, len);
    for i in 0..len {
        if bytes[i / 8] >> (i % 8) & 1 == 1 {
            bits.set(i, true);
        }
    }
    bits
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The best move by a table (see [`EndgameTable::best_move`]).
fn best_move(endgame: &Endgame, table: &Table, pos: &Position) -> Option<(Move, Verdict)> {
    endgame
        .moves(pos)
        .into_iter()
        .map(|m| {
            let child = if m.capture {
                endgame.capture_verdict(pos, m)
            } else {
                table
                    .verdict(endgame.index_of(&endgame.play(pos, m)))
                    .unwrap_or(Verdict::Draw)
            };
            (m, child.parent())
        })
        .max_by(|a, b| {
            a.1.cmp(&b.1)
                .then((b.0.from, b.0.to).cmp(&(a.0.from, a.0.to)))
        })
}

/// Best moves by a one-sided table until the game ends, a capture, or a draw.
fn variation(endgame: &Endgame, table: &Table, pos: &Position, limit: usize) -> Vec<String> {
    let mut line = Vec::new();
    let mut current = *pos;
    while line.len() < limit {
        let Some((m, v)) = best_move(endgame, table, &current) else {
            break;
        };
        line.push(endgame.san(&current, m));
        if m.capture || v == Verdict::Draw {
            break;
        }
        current = endgame.play(&current, m);
    }
    line
}
