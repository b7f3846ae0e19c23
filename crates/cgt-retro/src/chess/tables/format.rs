//! The table file's header and formats: kinds, versions, and the errors of reading one.

use super::*;

/// The container kind of table files, in its current format version (the compact layout).
pub const TABLE_KIND: Kind = Kind::new(*b"RETROTBL", 5);

/// Format 4, the full layout: written for tables whose distances do not fit the compact one.
pub(super) const FORMAT_4: Kind = Kind::new(*b"RETROTBL", 4);

/// The container kind of files in `layout`.
pub(super) fn kind_of(layout: TableLayout) -> Kind {
    Kind::new(TABLE_KIND.tag, layout.format())
}

/// Format 3, read for endgames whose index did not change in format 4 (no identical pieces:
/// format 4 stores a run of identical pieces as one field, each set of squares once).
pub(super) const FORMAT_3: Kind = Kind::new(*b"RETROTBL", 3);

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
pub(super) fn legacy_endgame(bytes: &[u8]) -> Option<String> {
    let len = bytes.get(12..16)?;
    let len = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
    let text = std::str::from_utf8(bytes.get(16..16usize.checked_add(len)?)?).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("endgame="))
        .map(str::to_owned)
}

/// The container's verdict on a file's first bytes, with its format version: format-4 tables
/// read, format-2 tables told apart and format-3 tables read when their index is unchanged.
pub(super) fn open_prelude(
    bytes: &[u8],
) -> Result<(container::Prelude<TableHeader>, u32), TableFileError> {
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
pub(super) fn format_3(
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
