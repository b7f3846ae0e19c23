//! Checkpoints of long nim-sequence computations, append-only.
//!
//! A checkpoint is a cgt container (`cgt_core::container`) of kind `NIMSEQ`, format 2: a header
//! naming the game, then blocks appended one save at a time, each holding the index of its
//! first value and the values computed since the previous save (u32, little-endian), with its
//! own CRC-32. A save therefore writes only what is new, whatever the length of the sequence,
//! and is synced to disk before the computation goes on.
//!
//! A process killed at any moment leaves a file whose blocks are intact up to the last
//! complete save; a torn last block (killed mid-save) is dropped when the file is opened
//! again, and the computation resumes from the values before it. Since the values are
//! determined by the game, the resumed run's output is byte-identical to an uninterrupted one.
//!
//! Checkpoints of format 1 (a whole-file snapshot, magic `CGTNSEQ\0`) are read and rewritten
//! in format 2 on open.
//!
//! # Examples
//!
//! ```
//! use cgt_impartial::checkpoint::CheckpointFile;
//!
//! let dir = std::env::temp_dir().join(format!("cgt-doc-checkpoint-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("kayles.ckpt");
//! # let _ = std::fs::remove_file(&path);
//! let (mut file, values) = CheckpointFile::open(&path, "octal 0.77")?;
//! assert!(values.is_empty());
//! file.append(&[0, 1, 2, 3])?; // G(0..4)
//! file.append(&[0, 1, 2, 3, 1, 4])?; // only G(4), G(5) are written
//! let (_, values) = CheckpointFile::open(&path, "octal 0.77")?;
//! assert_eq!(values, [0, 1, 2, 3, 1, 4]);
//! assert!(CheckpointFile::open(&path, "octal 0.137").is_err()); // another game
//! # std::fs::remove_dir_all(&dir).unwrap();
//! # Ok::<(), cgt_impartial::checkpoint::CheckpointError>(())
//! ```

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use cgt_core::container::{self, ContainerError, Kind};

/// The container kind of checkpoints, in its current format version.
pub const CHECKPOINT_KIND: Kind = Kind::new(*b"NIMSEQ\0\0", 2);

/// The header of a checkpoint.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct Header {
    /// The game, as `HeapGame`'s `Display` writes it.
    game: String,
}

/// Why a checkpoint could not be opened or saved.
#[derive(Debug)]
#[non_exhaustive]
pub enum CheckpointError {
    /// The file is not a checkpoint this build reads (or reading it failed).
    Container {
        /// The file.
        path: PathBuf,
        /// What the container said.
        error: ContainerError,
    },
    /// The checkpoint belongs to another game.
    OtherGame {
        /// The file.
        path: PathBuf,
        /// The game it holds.
        found: String,
        /// The game asked for.
        expected: String,
    },
    /// A format-1 checkpoint is damaged (wrong length or checksum).
    Legacy {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: &'static str,
    },
}

impl std::fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckpointError::Container { path, error } => {
                write!(f, "checkpoint {}: {error}", path.display())
            }
            CheckpointError::OtherGame {
                path,
                found,
                expected,
            } => write!(
                f,
                "{} is a checkpoint for {found}, not {expected}; use another file",
                path.display()
            ),
            CheckpointError::Legacy { path, reason } => {
                write!(f, "checkpoint {}: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for CheckpointError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CheckpointError::Container { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// An open checkpoint, ready to take the values computed since the last save.
#[derive(Debug)]
pub struct CheckpointFile {
    path: PathBuf,
    file: File,
    saved: u64,
}

impl CheckpointFile {
    /// Opens the checkpoint at `path` for `game`, or creates it (atomically) when there is
    /// none. Returns it with the values saved so far: every intact block, in order. A torn last
    /// block is cut off the file; a format-1 checkpoint is rewritten in format 2.
    ///
    /// # Errors
    /// [`CheckpointError::OtherGame`] for a checkpoint of another game;
    /// [`CheckpointError::Container`] for a file that is not a checkpoint, or an I/O error.
    pub fn open(path: &Path, game: &str) -> Result<(CheckpointFile, Vec<u32>), CheckpointError> {
        let fail = |error: ContainerError| CheckpointError::Container {
            path: path.to_owned(),
            error,
        };
        let mut bytes = Vec::new();
        match File::open(path) {
            Ok(mut f) => {
                f.read_to_end(&mut bytes).map_err(|e| fail(e.into()))?;
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return CheckpointFile::create(path, game, &[]).map(|f| (f, Vec::new()));
            }
            Err(e) => return Err(fail(e.into())),
        }
        let prelude = match container::decode_prelude::<Header>(&bytes, CHECKPOINT_KIND) {
            Ok(p) => p,
            Err(ContainerError::NotACgtFile {
                legacy: Some(magic),
            }) if &magic == LEGACY_MAGIC => {
                let (found, values) =
                    decode_legacy(&bytes).map_err(|reason| CheckpointError::Legacy {
                        path: path.to_owned(),
                        reason,
                    })?;
                check_game(path, &found, game)?;
                let file = CheckpointFile::create(path, game, &values)?;
                return Ok((file, values));
            }
            Err(e) => return Err(fail(e)),
        };
        check_game(path, &prelude.header.game, game)?;
        let payload = bytes.get(prelude.payload_offset..).unwrap_or(&[]);
        let (blocks, valid) = container::read_blocks(payload);
        let mut values = Vec::new();
        for block in blocks {
            // A block starts with the index of its first value; one that does not continue
            // the values so far ends the usable part, like a torn block.
            let Some((start, rest)) = block.split_first_chunk::<8>() else {
                break;
            };
            if u64::from_le_bytes(*start) != values.len() as u64 || rest.len() % 4 != 0 {
                break;
            }
            values.extend(
                rest.chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            );
        }
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(|e| fail(e.into()))?;
        let end = (prelude.payload_offset + valid) as u64;
        if end != bytes.len() as u64 || valid != payload.len() {
            // Cut a torn or stray tail so the next block follows the last good one.
            file.set_len(end).map_err(|e| fail(e.into()))?;
        }
        file.seek(SeekFrom::Start(end))
            .map_err(|e| fail(e.into()))?;
        let saved = values.len() as u64;
        Ok((
            CheckpointFile {
                path: path.to_owned(),
                file,
                saved,
            },
            values,
        ))
    }

    /// Writes a new checkpoint holding `values`, atomically, and opens it for appending.
    fn create(path: &Path, game: &str, values: &[u32]) -> Result<CheckpointFile, CheckpointError> {
        let fail = |error: ContainerError| CheckpointError::Container {
            path: path.to_owned(),
            error,
        };
        let header = Header {
            game: game.to_owned(),
        };
        let prelude = container::encode_prelude(CHECKPOINT_KIND, &header).map_err(fail)?;
        container::write_atomic(path, &[&prelude]).map_err(fail)?;
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| fail(e.into()))?;
        let mut cp = CheckpointFile {
            path: path.to_owned(),
            file,
            saved: 0,
        };
        if !values.is_empty() {
            cp.append(values)?;
        }
        Ok(cp)
    }

    /// Saves the values of `values` beyond those already saved (`values` is the whole
    /// sequence so far, of which the first saved ones must be unchanged). Writes one block and
    /// syncs it; nothing is written when nothing is new.
    ///
    /// # Errors
    /// [`CheckpointError::Container`] with the I/O error.
    pub fn append(&mut self, values: &[u32]) -> Result<(), CheckpointError> {
        let new = values.get(self.saved as usize..).unwrap_or(&[]);
        if new.is_empty() {
            return Ok(());
        }
        // At most 2^28 values a block keeps a block under 4 GiB.
        for chunk in new.chunks(1 << 28) {
            let mut block = Vec::with_capacity(8 + 4 * chunk.len());
            block.extend_from_slice(&self.saved.to_le_bytes());
            for v in chunk {
                block.extend_from_slice(&v.to_le_bytes());
            }
            container::append_block(&mut self.file, &block).map_err(|error| {
                CheckpointError::Container {
                    path: self.path.clone(),
                    error,
                }
            })?;
            self.saved += chunk.len() as u64;
        }
        Ok(())
    }

    /// Values saved so far.
    #[must_use]
    pub fn saved(&self) -> u64 {
        self.saved
    }
}

fn check_game(path: &Path, found: &str, expected: &str) -> Result<(), CheckpointError> {
    if found == expected {
        Ok(())
    } else {
        Err(CheckpointError::OtherGame {
            path: path.to_owned(),
            found: found.to_owned(),
            expected: expected.to_owned(),
        })
    }
}

const LEGACY_MAGIC: &[u8; 8] = b"CGTNSEQ\0";

/// Reads a format-1 checkpoint: magic, version 1 (u32), game (u32 length, UTF-8), count (u64),
/// values (u32 each), FNV-1a 64 of everything before it.
fn decode_legacy(bytes: &[u8]) -> Result<(String, Vec<u32>), &'static str> {
    let u32_at = |at: usize| {
        bytes
            .get(at..at + 4)
            .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
            .ok_or("truncated format-1 checkpoint")
    };
    if u32_at(8)? != 1 {
        return Err("unknown version of a format-1 checkpoint");
    }
    let body_len = bytes
        .len()
        .checked_sub(8)
        .ok_or("truncated format-1 checkpoint")?;
    let (body, sum) = bytes.split_at(body_len);
    let name_len = u32_at(12)? as usize;
    let values_at = 16usize
        .checked_add(name_len)
        .and_then(|x| x.checked_add(8))
        .filter(|&at| at <= body.len())
        .ok_or("truncated format-1 checkpoint")?;
    let game = std::str::from_utf8(&body[16..16 + name_len])
        .map_err(|_| "the game name of a format-1 checkpoint is not UTF-8")?
        .to_owned();
    let mut count = [0u8; 8];
    count.copy_from_slice(&body[values_at - 8..values_at]);
    let count = u64::from_le_bytes(count);
    if u128::from(count) * 4 + values_at as u128 != body.len() as u128 {
        return Err("a format-1 checkpoint whose length does not match its value count");
    }
    let fnv = body.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    if fnv.to_le_bytes() != sum {
        return Err("checksum mismatch in a format-1 checkpoint (the file is corrupt)");
    }
    let values = body[values_at..]
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    Ok((game, values))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path in a fresh temporary folder, removed when the guard drops.
    fn temp(name: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        (dir, path)
    }

    /// A format-1 file, as earlier versions wrote it.
    fn legacy_bytes(game: &str, values: &[u32]) -> Vec<u8> {
        let mut out = LEGACY_MAGIC.to_vec();
        out.extend_from_slice(&1u32.to_le_bytes());
        out.extend_from_slice(&(game.len() as u32).to_le_bytes());
        out.extend_from_slice(game.as_bytes());
        out.extend_from_slice(&(values.len() as u64).to_le_bytes());
        for v in values {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let fnv = out.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        out.extend_from_slice(&fnv.to_le_bytes());
        out
    }

    #[test]
    fn saves_write_only_new_values() {
        let (_dir, path) = temp("append.ckpt");
        let (mut cp, values) = CheckpointFile::open(&path, "g").unwrap();
        assert!(values.is_empty());
        let all: Vec<u32> = (0..1000).collect();
        cp.append(&all[..10]).unwrap();
        let after_first = std::fs::metadata(&path).unwrap().len();
        cp.append(&all[..10]).unwrap(); // nothing new
        assert_eq!(std::fs::metadata(&path).unwrap().len(), after_first);
        cp.append(&all).unwrap();
        let grown = std::fs::metadata(&path).unwrap().len() - after_first;
        assert_eq!(
            grown,
            4 + 8 + 4 * 990 + 4,
            "one block of the 990 new values"
        );
        drop(cp);
        assert_eq!(CheckpointFile::open(&path, "g").unwrap().1, all);
    }

    #[test]
    fn every_cut_resumes_from_the_last_complete_save() {
        let (_dir, path) = temp("cut.ckpt");
        let (mut cp, _) = CheckpointFile::open(&path, "g").unwrap();
        let all: Vec<u32> = (0..30).map(|i| i * 7).collect();
        let mut ends = Vec::new();
        for n in [5, 12, 30] {
            cp.append(&all[..n]).unwrap();
            ends.push((std::fs::metadata(&path).unwrap().len(), n));
        }
        drop(cp);
        let whole = std::fs::read(&path).unwrap();
        let header_end = (ends[0].0 - (4 + 8 + 20 + 4)) as usize;
        for cut in header_end..=whole.len() {
            std::fs::write(&path, &whole[..cut]).unwrap();
            let (mut cp, values) = CheckpointFile::open(&path, "g").unwrap();
            let expected = ends
                .iter()
                .rfind(|&&(end, _)| end as usize <= cut)
                .map_or(0, |&(_, n)| n);
            assert_eq!(values, all[..expected], "cut at {cut}");
            // Saving again continues cleanly after the torn tail.
            cp.append(&all).unwrap();
            drop(cp);
            assert_eq!(
                CheckpointFile::open(&path, "g").unwrap().1,
                all,
                "cut at {cut}"
            );
        }
    }

    #[test]
    fn legacy_checkpoints_are_read_and_rewritten() {
        let (_dir, path) = temp("legacy.ckpt");
        std::fs::write(&path, legacy_bytes("octal 0.77", &[0, 1, 2, 3, 1])).unwrap();
        let (mut cp, values) = CheckpointFile::open(&path, "octal 0.77").unwrap();
        assert_eq!(values, [0, 1, 2, 3, 1]);
        cp.append(&[0, 1, 2, 3, 1, 4]).unwrap();
        drop(cp);
        assert!(std::fs::read(&path).unwrap().starts_with(b"CGTFILE\0"));
        assert_eq!(
            CheckpointFile::open(&path, "octal 0.77").unwrap().1,
            [0, 1, 2, 3, 1, 4]
        );
        let mut damaged = legacy_bytes("octal 0.77", &[0, 1]);
        let last = damaged.len() - 1;
        damaged[last] ^= 1;
        std::fs::write(&path, damaged).unwrap();
        assert!(matches!(
            CheckpointFile::open(&path, "octal 0.77"),
            Err(CheckpointError::Legacy { .. })
        ));
        std::fs::write(&path, legacy_bytes("octal 0.6", &[0])).unwrap();
        assert!(matches!(
            CheckpointFile::open(&path, "octal 0.77"),
            Err(CheckpointError::OtherGame { .. })
        ));
        std::fs::write(&path, b"hello").unwrap();
        assert!(CheckpointFile::open(&path, "octal 0.77").is_err());
    }
}
