//! A table file read in place: probes read only the bytes a position needs.

use super::*;

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
        let mut endgame = prelude.header.endgame()?;
        // The smaller tables its captures lead to are looked for beside it.
        if let Some(folder) = path.parent() {
            let folder = if folder.as_os_str().is_empty() {
                Path::new(".")
            } else {
                folder
            };
            endgame = endgame.with_table_folder(folder);
        }
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
