//! One file container for everything cgt writes to disk: endgame tables (`cgt-retro`) and
//! nim-sequence checkpoints (`cgt-impartial`).
//!
//! # Layout
//!
//! | bytes | field |
//! | --- | --- |
//! | 8 | magic `CGTFILE\0` |
//! | 4 | container version (u32 LE), [`CONTAINER_VERSION`] |
//! | 8 | kind, such as `RETROTBL` or `NIMSEQ\0\0` |
//! | 4 | the kind's own format version (u32 LE) |
//! | 4 | header length in bytes (u32 LE) |
//! | n | header: a `serde` struct encoded with `postcard` |
//! | 4 | CRC-32 (IEEE) of every byte above (u32 LE) |
//! | 0–7 | zero padding, so the payload starts at a multiple of 8 |
//! | … | payload: raw little-endian data, read in place (kinds say how it is checked) |
//!
//! The header is small and checked on every open; the payload is whatever the kind needs —
//! bit vectors and distances for a table (its CRC-32 stands in the header), checksummed
//! blocks appended one save at a time for a checkpoint ([`append_block`], [`read_blocks`]).
//! Files are written atomically ([`write_atomic`]: a temporary file in the same folder, then
//! a rename), so a reader sees the old file or the new one, never a mix.
//!
//! # Examples
//!
//! ```
//! use cgt_core::container::{self, Kind};
//!
//! #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
//! struct Header {
//!     name: String,
//!     count: u64,
//! }
//!
//! const KIND: Kind = Kind::new(*b"EXAMPLE\0", 1);
//! let header = Header { name: "demo".into(), count: 3 };
//! let mut file = container::encode_prelude(KIND, &header)?;
//! let payload_at = file.len();
//! file.extend_from_slice(&[1, 2, 3]);
//!
//! let opened = container::decode_prelude::<Header>(&file, KIND)?;
//! assert_eq!(opened.header, header);
//! assert_eq!(opened.payload_offset, payload_at);
//! assert_eq!(&file[opened.payload_offset..], &[1, 2, 3]);
//! # Ok::<(), container::ContainerError>(())
//! ```

use std::io::Write;
use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// The magic that starts every cgt file.
pub const MAGIC: [u8; 8] = *b"CGTFILE\0";

/// The version of the container layout itself.
pub const CONTAINER_VERSION: u32 = 1;

/// Bytes before the header: magic, container version, kind, kind version, header length.
const FIXED: usize = 8 + 4 + 8 + 4 + 4;

/// Largest header accepted (headers are a few hundred bytes; this bounds what a corrupt length
/// field can make a reader allocate).
pub const MAX_HEADER: usize = 1 << 20;

/// What a file holds and in which version of that kind's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kind {
    /// Eight bytes naming the kind.
    pub tag: [u8; 8],
    /// The kind's format version.
    pub version: u32,
}

impl Kind {
    /// A kind with its tag and format version.
    #[must_use]
    pub const fn new(tag: [u8; 8], version: u32) -> Kind {
        Kind { tag, version }
    }

    /// The tag as text (trailing zero bytes dropped).
    #[must_use]
    pub fn name(&self) -> String {
        String::from_utf8_lossy(&self.tag)
            .trim_end_matches('\0')
            .to_owned()
    }
}

/// Why a file was refused, or could not be written.
#[derive(Debug)]
#[non_exhaustive]
pub enum ContainerError {
    /// The file does not start with [`MAGIC`] (for files of earlier cgt versions, `legacy`
    /// names the old magic that was found instead).
    NotACgtFile {
        /// The first bytes found, when they are an old cgt magic.
        legacy: Option<[u8; 8]>,
    },
    /// The file ends before its header does.
    Truncated,
    /// A container version this build does not read.
    ContainerVersion {
        /// The version in the file.
        found: u32,
    },
    /// The file holds another kind than the one asked for.
    WrongKind {
        /// The kind asked for.
        expected: Kind,
        /// The tag found.
        found: [u8; 8],
    },
    /// The kind's format version is not the one this build reads.
    KindVersion {
        /// The kind asked for (with the version this build reads).
        expected: Kind,
        /// The version in the file.
        found: u32,
    },
    /// The header's CRC-32 does not match: the file is corrupt.
    HeaderChecksum,
    /// The header bytes are not a valid header of this kind.
    Header(String),
    /// The header is larger than [`MAX_HEADER`].
    HeaderTooLarge(usize),
    /// Reading or writing the file failed.
    Io(std::io::Error),
}

impl std::fmt::Display for ContainerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ContainerError::NotACgtFile {
                legacy: Some(magic),
            } => write!(
                f,
                "a file of an earlier cgt format ({:?}); rebuild it with this version",
                String::from_utf8_lossy(magic).trim_end_matches('\0')
            ),
            ContainerError::NotACgtFile { legacy: None } => f.write_str("not a cgt file"),
            ContainerError::Truncated => f.write_str("truncated file (it ends inside its header)"),
            ContainerError::ContainerVersion { found } => write!(
                f,
                "container version {found} is not read by this build (it reads {CONTAINER_VERSION})"
            ),
            ContainerError::WrongKind { expected, found } => write!(
                f,
                "the file holds {:?}, not {:?}",
                String::from_utf8_lossy(found).trim_end_matches('\0'),
                expected.name()
            ),
            ContainerError::KindVersion { expected, found } => write!(
                f,
                "{} format version {found} is not read by this build (it reads {})",
                expected.name(),
                expected.version
            ),
            ContainerError::HeaderChecksum => {
                f.write_str("header checksum mismatch: the file is corrupt")
            }
            ContainerError::Header(why) => write!(f, "corrupt header: {why}"),
            ContainerError::HeaderTooLarge(n) => {
                write!(f, "corrupt header: {n} bytes long (at most {MAX_HEADER})")
            }
            ContainerError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ContainerError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ContainerError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<std::io::Error> for ContainerError {
    fn from(e: std::io::Error) -> ContainerError {
        ContainerError::Io(e)
    }
}

/// Magics of the formats before the container, recognised so their files get a clear error.
const LEGACY_MAGICS: [[u8; 8]; 2] = [*b"CGTRETRO", *b"CGTNSEQ\0"];

/// CRC-32 (IEEE) of `bytes`.
#[must_use]
pub fn crc32(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

/// [`crc32`] of a large buffer: one part per core hashed on its own thread, the parts'
/// checksums combined. The same value, sooner.
#[must_use]
pub fn crc32_parallel(bytes: &[u8]) -> u32 {
    const PIECE: usize = 1 << 22;
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    if threads == 1 || bytes.len() <= PIECE {
        return crc32(bytes);
    }
    let per = bytes.len().div_ceil(threads).div_ceil(PIECE) * PIECE;
    let hashers: Vec<crc32fast::Hasher> = std::thread::scope(|scope| {
        let handles: Vec<_> = bytes
            .chunks(per)
            .map(|part| {
                scope.spawn(move || {
                    let mut h = crc32fast::Hasher::new();
                    h.update(part);
                    h
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a CRC thread"))
            .collect()
    });
    let mut total = crc32fast::Hasher::new();
    for h in &hashers {
        total.combine(h);
    }
    total.finalize()
}

/// CRC-32 (IEEE) of everything `reader` yields, read a megabyte at a time (a payload checked
/// without holding it in memory).
///
/// # Errors
/// The reader's error.
pub fn crc32_of(mut reader: impl std::io::Read) -> std::io::Result<u32> {
    let mut hasher = crc32fast::Hasher::new();
    let mut buffer = vec![0u8; 1 << 20];
    loop {
        let n = reader.read(&mut buffer)?;
        if n == 0 {
            return Ok(hasher.finalize());
        }
        hasher.update(&buffer[..n]);
    }
}

/// The magic, versions, header and header checksum, padded to a multiple of 8 bytes: a file
/// is this followed by the payload.
///
/// # Errors
/// [`ContainerError::Header`] if the header cannot be encoded, and
/// [`ContainerError::HeaderTooLarge`] beyond [`MAX_HEADER`].
pub fn encode_prelude<H: Serialize>(kind: Kind, header: &H) -> Result<Vec<u8>, ContainerError> {
    let encoded =
        postcard::to_allocvec(header).map_err(|e| ContainerError::Header(e.to_string()))?;
    if encoded.len() > MAX_HEADER {
        return Err(ContainerError::HeaderTooLarge(encoded.len()));
    }
    let mut out = Vec::with_capacity(FIXED + encoded.len() + 12);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&CONTAINER_VERSION.to_le_bytes());
    out.extend_from_slice(&kind.tag);
    out.extend_from_slice(&kind.version.to_le_bytes());
    out.extend_from_slice(&(encoded.len() as u32).to_le_bytes());
    out.extend_from_slice(&encoded);
    let crc = crc32(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out.resize(out.len().next_multiple_of(8), 0);
    Ok(out)
}

/// A decoded prelude: the header and where the payload starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prelude<H> {
    /// The header.
    pub header: H,
    /// Byte offset of the payload in the file.
    pub payload_offset: usize,
}

/// Reads the prelude of `bytes` (a whole file, or at least its first
/// [`prelude_len_bound`] bytes), checking magic, versions, kind and header checksum.
///
/// # Errors
/// Every [`ContainerError`] but `Io`.
pub fn decode_prelude<H: DeserializeOwned>(
    bytes: &[u8],
    kind: Kind,
) -> Result<Prelude<H>, ContainerError> {
    let magic: [u8; 8] = bytes
        .get(..8)
        .and_then(|m| m.try_into().ok())
        .ok_or(ContainerError::NotACgtFile { legacy: None })?;
    if magic != MAGIC {
        let legacy = LEGACY_MAGICS.contains(&magic).then_some(magic);
        return Err(ContainerError::NotACgtFile { legacy });
    }
    let u32_at = |at: usize| {
        bytes
            .get(at..at + 4)
            .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
            .ok_or(ContainerError::Truncated)
    };
    let version = u32_at(8)?;
    if version != CONTAINER_VERSION {
        return Err(ContainerError::ContainerVersion { found: version });
    }
    let tag: [u8; 8] = bytes
        .get(12..20)
        .and_then(|t| t.try_into().ok())
        .ok_or(ContainerError::Truncated)?;
    if tag != kind.tag {
        return Err(ContainerError::WrongKind {
            expected: kind,
            found: tag,
        });
    }
    let kind_version = u32_at(20)?;
    if kind_version != kind.version {
        return Err(ContainerError::KindVersion {
            expected: kind,
            found: kind_version,
        });
    }
    let len = u32_at(24)? as usize;
    if len > MAX_HEADER {
        return Err(ContainerError::HeaderTooLarge(len));
    }
    let end = FIXED + len;
    let stored = u32_at(end)?;
    if crc32(&bytes[..end]) != stored {
        return Err(ContainerError::HeaderChecksum);
    }
    let header = postcard::from_bytes(&bytes[FIXED..end])
        .map_err(|e| ContainerError::Header(e.to_string()))?;
    Ok(Prelude {
        header,
        payload_offset: (end + 4).next_multiple_of(8),
    })
}

/// At most how many bytes a prelude takes (enough to read before calling [`decode_prelude`]
/// on a file that is not read whole).
#[must_use]
pub const fn prelude_len_bound() -> usize {
    (FIXED + MAX_HEADER + 4).next_multiple_of(8)
}

/// Reads just the prelude of the file at `path` (a few hundred bytes, whatever the payload's
/// size).
///
/// # Errors
/// [`ContainerError::Io`] when the file cannot be read, else as [`decode_prelude`].
pub fn read_prelude<H: DeserializeOwned>(
    file: &std::fs::File,
    kind: Kind,
) -> Result<Prelude<H>, ContainerError> {
    use std::io::Read;
    let mut fixed = [0u8; FIXED];
    let mut reader = file;
    let mut got = 0;
    while got < FIXED {
        match reader.read(&mut fixed[got..])? {
            0 => break,
            n => got += n,
        }
    }
    // Check what can be checked before trusting the length field.
    let partial = decode_prelude::<H>(&fixed[..got], kind);
    match partial {
        Err(ContainerError::Truncated) if got == FIXED => {}
        Err(e) => return Err(e),
        Ok(p) => return Ok(p),
    }
    let len = u32::from_le_bytes([fixed[24], fixed[25], fixed[26], fixed[27]]) as usize;
    if len > MAX_HEADER {
        return Err(ContainerError::HeaderTooLarge(len));
    }
    let mut bytes = fixed.to_vec();
    bytes.resize(FIXED + len + 4, 0);
    let mut at = FIXED;
    while at < bytes.len() {
        match reader.read(&mut bytes[at..])? {
            0 => return Err(ContainerError::Truncated),
            n => at += n,
        }
    }
    decode_prelude(&bytes, kind)
}

/// Writes `parts` one after another to `path` atomically: a temporary file in the same folder
/// (so the rename cannot cross file systems), flushed to disk, then renamed over `path`. On
/// any failure `path` is untouched and the temporary is removed.
///
/// # Errors
/// [`ContainerError::Io`] when the folder cannot take the file.
pub fn write_atomic(path: &Path, parts: &[&[u8]]) -> Result<(), ContainerError> {
    write_atomic_with(path, |out| {
        for part in parts {
            out.write_all(part)?;
        }
        Ok(())
    })
}

/// [`write_atomic`] of what `fill` writes, for contents too large to hold at once (written
/// through a buffer).
///
/// # Errors
/// [`ContainerError::Io`] when the folder cannot take the file or `fill` fails.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), ContainerError> {
    let mut tmp = temporary_beside(path)?;
    {
        let mut out = std::io::BufWriter::with_capacity(1 << 20, tmp.as_file_mut());
        fill(&mut out)?;
        out.flush()?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| ContainerError::Io(e.error))?;
    Ok(())
}

/// [`write_atomic`] of what `fill` writes to the open temporary file itself, for writers that
/// place pieces at offsets (several threads writing at once with positioned writes). The
/// file holds exactly what `fill` wrote when it is renamed into place.
///
/// # Errors
/// [`ContainerError::Io`] when the folder cannot take the file or `fill` fails.
pub fn write_atomic_file(
    path: &Path,
    fill: impl FnOnce(&std::fs::File) -> std::io::Result<()>,
) -> Result<(), ContainerError> {
    let tmp = temporary_beside(path)?;
    fill(tmp.as_file())?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| ContainerError::Io(e.error))?;
    Ok(())
}

/// Memory address, file offset and length alignment that writes through the direct handle of
/// [`write_atomic_file_direct`] keep (the page size; enough for every block device).
pub const DIRECT_ALIGN: usize = 4096;

/// [`write_atomic_file`] with, when `direct` and the file system allows it, a second handle on
/// the same temporary file opened for direct I/O (`O_DIRECT` on Linux): data written through it goes
/// from the caller's memory to the device without being copied into the page cache, which
/// for a file of hundreds of megabytes is most of the writing's time. Writes through it must
/// be aligned to [`DIRECT_ALIGN`] in memory, file offset and length (the caller sets the
/// file's length afterwards to cut any padding); `fill` gets `None` without `direct` or where
/// direct I/O is not available (another system, or a file system such as tmpfs without it)
/// and should then write through the ordinary handle, as it should if a direct write fails.
///
/// # Errors
/// [`ContainerError::Io`] when the folder cannot take the file or `fill` fails.
pub fn write_atomic_file_direct(
    path: &Path,
    direct: bool,
    fill: impl FnOnce(&std::fs::File, Option<&std::fs::File>) -> std::io::Result<()>,
) -> Result<(), ContainerError> {
    let tmp = temporary_beside(path)?;
    let handle = if direct {
        open_direct(tmp.path())
    } else {
        None
    };
    fill(tmp.as_file(), handle.as_ref())?;
    drop(handle);
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| ContainerError::Io(e.error))?;
    Ok(())
}

/// `path` opened for writing with direct I/O, where the system and the file system have it
/// (see [`write_atomic_file_direct`]).
#[must_use]
pub fn open_direct(path: &Path) -> Option<std::fs::File> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_DIRECT)
            .open(path)
            .ok()
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = path;
        None
    }
}

/// An empty temporary file in `path`'s folder, named after it, for an atomic write.
fn temporary_beside(path: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.tmp-{}-", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix);
    // tempfile makes private files (0600); a written table or picture gets the usual
    // permissions instead (0666 less the umask, as `File::create` would give).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// A CRC-32 (IEEE) taken piece by piece: [`crc32`] of the pieces joined.
#[derive(Clone, Debug, Default)]
pub struct Crc32(crc32fast::Hasher);

impl Crc32 {
    /// No bytes yet.
    #[must_use]
    pub fn new() -> Crc32 {
        Crc32::default()
    }

    /// Adds the next piece.
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// Adds the pieces `next` took, as if they followed the ones taken here (checksums of
    /// parts taken on several threads joined in order).
    pub fn append(&mut self, next: &Crc32) {
        self.0.combine(&next.0);
    }

    /// The checksum of every piece added.
    #[must_use]
    pub fn finish(self) -> u32 {
        self.0.finalize()
    }
}

/// Appends one checksummed block to an open file: its length (u32 LE), the data, and the
/// CRC-32 of length and data (u32 LE). The file is synced before returning, so a block that
/// [`read_blocks`] accepts was complete on disk.
///
/// # Errors
/// [`ContainerError::Io`] on a failed write, or a block longer than `u32::MAX` bytes.
pub fn append_block(file: &mut std::fs::File, data: &[u8]) -> Result<(), ContainerError> {
    let len = u32::try_from(data.len()).map_err(|_| {
        ContainerError::Io(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "a block of more than 4 GiB",
        ))
    })?;
    let mut block = Vec::with_capacity(data.len() + 8);
    block.extend_from_slice(&len.to_le_bytes());
    block.extend_from_slice(data);
    let crc = crc32(&block);
    block.extend_from_slice(&crc.to_le_bytes());
    file.write_all(&block)?;
    file.sync_data()?;
    Ok(())
}

/// The blocks of a payload written by [`append_block`], in order, and the byte length of the
/// valid prefix. Reading stops at the first block that is torn (cut short by a crash) or whose
/// checksum fails; everything before it is intact.
#[must_use]
pub fn read_blocks(payload: &[u8]) -> (Vec<&[u8]>, usize) {
    let mut blocks = Vec::new();
    let mut at = 0;
    while let Some(len_bytes) = payload.get(at..at + 4) {
        let len = u32::from_le_bytes([len_bytes[0], len_bytes[1], len_bytes[2], len_bytes[3]]);
        let end = at + 4 + len as usize;
        let (Some(body), Some(crc)) = (payload.get(at..end), payload.get(end..end + 4)) else {
            break;
        };
        if crc32(body).to_le_bytes() != crc {
            break;
        }
        blocks.push(&body[4..]);
        at = end + 4;
    }
    (blocks, at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parallel_crc_equals_the_plain_one() {
        let mut bytes = vec![0u8; (1 << 23) + 12_345];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = (i.wrapping_mul(2_654_435_761) >> 13) as u8;
        }
        for len in [0, 1, 1 << 22, (1 << 22) + 1, bytes.len()] {
            assert_eq!(crc32_parallel(&bytes[..len]), crc32(&bytes[..len]), "{len}");
        }
        // Piece by piece, at uneven cuts.
        let mut pieces = Crc32::new();
        for piece in bytes.chunks(999_983) {
            pieces.update(piece);
        }
        assert_eq!(pieces.finish(), crc32(&bytes));
        // Pieces taken apart and joined in order.
        let mut joined = Crc32::new();
        for piece in bytes.chunks(1_234_567) {
            let mut part = Crc32::new();
            part.update(piece);
            joined.append(&part);
        }
        assert_eq!(joined.finish(), crc32(&bytes));
    }

    #[test]
    fn files_written_at_offsets_land_whole() {
        use std::os::unix::fs::FileExt;
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path();
        let path = dir.join("out.bin");
        write_atomic_file(&path, |file| {
            file.write_all_at(b"world", 6)?;
            file.write_all_at(b"hello ", 0)
        })
        .unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"hello world");
        // A failing fill leaves the old file in place and no temporary behind.
        let failed = write_atomic_file(&path, |file| {
            file.write_all_at(b"partial", 0)?;
            Err(std::io::Error::other("stopped"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"hello world");
        assert_eq!(std::fs::read_dir(dir).unwrap().count(), 1);
    }

    #[test]
    fn direct_writes_land_whole_beside_ordinary_ones() {
        use std::os::unix::fs::FileExt;
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path();
        let path = dir.join("out.bin");
        // Two aligned pages of payload through the direct handle (when there is one), a
        // header through the ordinary one, and the length cut.
        let mut raw = vec![0u8; 3 * DIRECT_ALIGN];
        let at = raw.as_ptr().align_offset(DIRECT_ALIGN);
        let page = &mut raw[at..at + 2 * DIRECT_ALIGN];
        for (i, b) in page.iter_mut().enumerate() {
            *b = (i % 251) as u8;
        }
        let mut expected = page[..DIRECT_ALIGN + 10].to_vec();
        expected[..5].copy_from_slice(b"head!");
        write_atomic_file_direct(&path, true, |file, direct| {
            match direct {
                Some(d) => d.write_all_at(page, 0)?,
                None => file.write_all_at(page, 0)?,
            }
            file.write_all_at(b"head!", 0)?;
            file.set_len(DIRECT_ALIGN as u64 + 10)
        })
        .unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), expected);
        // A failing fill leaves the old file in place and no temporary behind.
        let failed = write_atomic_file_direct(&path, true, |file, _| {
            file.write_all_at(b"partial", 0)?;
            Err(std::io::Error::other("stopped"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), expected);
        assert_eq!(std::fs::read_dir(dir).unwrap().count(), 1);
    }

    const KIND: Kind = Kind::new(*b"TESTKIND", 3);

    #[test]
    fn preludes_round_trip_and_refuse_what_they_should() {
        let header = (String::from("kqk"), 42u64, vec![1u8, 2, 3]);
        let bytes = encode_prelude(KIND, &header).unwrap();
        assert_eq!(bytes.len() % 8, 0);
        let p = decode_prelude::<(String, u64, Vec<u8>)>(&bytes, KIND).unwrap();
        assert_eq!(p.header, header);
        assert_eq!(p.payload_offset, bytes.len());
        // Every single-bit flip in the prelude is caught (padding aside).
        for i in 0..FIXED + 4 {
            for bit in 0..8 {
                let mut bad = bytes.clone();
                bad[i] ^= 1 << bit;
                assert!(
                    decode_prelude::<(String, u64, Vec<u8>)>(&bad, KIND).is_err(),
                    "byte {i} bit {bit}"
                );
            }
        }
        // Any file cut before the end of the header's checksum is refused.
        let header_len = u32::from_le_bytes([bytes[24], bytes[25], bytes[26], bytes[27]]) as usize;
        for cut in 0..FIXED + header_len + 4 {
            assert!(decode_prelude::<(String, u64, Vec<u8>)>(&bytes[..cut], KIND).is_err());
        }
        let other = Kind::new(*b"OTHERKND", 3);
        assert!(matches!(
            decode_prelude::<(String, u64, Vec<u8>)>(&bytes, other),
            Err(ContainerError::WrongKind { .. })
        ));
        let newer = Kind::new(KIND.tag, 4);
        assert!(matches!(
            decode_prelude::<(String, u64, Vec<u8>)>(&bytes, newer),
            Err(ContainerError::KindVersion { found: 3, .. })
        ));
        assert!(matches!(
            decode_prelude::<u8>(b"CGTRETRO\x02\0\0\0", KIND),
            Err(ContainerError::NotACgtFile { legacy: Some(_) })
        ));
    }

    #[test]
    fn blocks_survive_a_torn_tail() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("blocks");
        let mut f = std::fs::File::create(&path).unwrap();
        append_block(&mut f, b"first").unwrap();
        append_block(&mut f, b"").unwrap();
        append_block(&mut f, b"third block").unwrap();
        drop(f);
        let whole = std::fs::read(&path).unwrap();
        let (blocks, valid) = read_blocks(&whole);
        assert_eq!(blocks, [&b"first"[..], b"", b"third block"]);
        assert_eq!(valid, whole.len());
        // Any cut keeps exactly the blocks that ended before it.
        for cut in 0..whole.len() {
            let (blocks, valid) = read_blocks(&whole[..cut]);
            assert!(valid <= cut);
            let expected = [13, 21, whole.len()]
                .iter()
                .filter(|&&end| end <= cut)
                .count();
            assert_eq!(blocks.len(), expected, "cut at {cut}");
        }
    }

    #[test]
    fn atomic_writes_replace_whole_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.bin");
        write_atomic(&path, &[b"old"]).unwrap();
        write_atomic(&path, &[b"new ", b"contents"]).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new contents");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary left behind");
        assert!(write_atomic(&dir.path().join("missing/dir/x"), &[b"x"]).is_err());
        // A writer that fails half-way leaves the old file and no temporary.
        let failed = write_atomic_with(&path, |out| {
            out.write_all(b"partial")?;
            Err(std::io::Error::other("the disk is full"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"new contents");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        let long: Vec<u8> = (0..3_000_000u32).map(|i| (i % 251) as u8).collect();
        assert_eq!(crc32_of(&long[..]).unwrap(), crc32(&long));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            let created = dir.path().join("plain");
            std::fs::File::create(&created).unwrap();
            let plain = std::fs::metadata(&created).unwrap().permissions().mode();
            assert_eq!(
                mode & 0o777,
                plain & 0o777,
                "the umask's permissions, not 0600"
            );
        }
    }
}
