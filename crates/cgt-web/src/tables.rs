//! Endgame tables for the chess pages: the standard ones (KQK, KRK, KBNK) built on first use
//! in the background with their progress readable, and any table file in the `--tables`
//! folder, never a path outside it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cgt_core::budget::Budget;
use cgt_minimax::connect4::Connect4Book;
use cgt_retro::chess::tables::{EndgameTable, TableFile};
use cgt_retro::chess::{Endgame, Scheme};
use serde::Serialize;

use crate::error::WebError;

/// The tables built on first use, and a start position of each (White to move and win).
pub const STANDARD: [(&str, &str); 3] = [
    ("KQK", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"),
    ("KRK", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
    ("KBNK", "4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1"),
];

/// Where a table stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum TableState {
    /// Being built: positions decided out of the legal ones.
    Building {
        /// Positions decided so far.
        decided: usize,
        /// Legal positions.
        legal: usize,
    },
    /// Ready to play.
    Ready,
    /// The build failed.
    Failed {
        /// Why.
        message: String,
    },
}

/// The tables a server plays from.
#[derive(Debug)]
pub struct Tables {
    /// Table files a user put there, and where standard tables are saved once built.
    dir: PathBuf,
    /// Held when the folder is the server's own temporary one (removed when dropped).
    _temporary: Option<tempfile::TempDir>,
    states: Mutex<HashMap<String, TableState>>,
    book: Option<Arc<Connect4Book>>,
    time_limit: Duration,
}

impl Tables {
    /// Tables in `dir` (built tables are saved there too), or in a temporary folder of the
    /// server's own when `None`.
    ///
    /// # Errors
    /// A folder that cannot be read or created.
    pub fn new(dir: Option<&Path>, time_limit: Duration) -> Result<Tables, String> {
        let (dir, temporary) = match dir {
            Some(d) => {
                if !d.is_dir() {
                    return Err(format!("--tables {}: not a folder", d.display()));
                }
                let d = d
                    .canonicalize()
                    .map_err(|e| format!("--tables {}: {e}", d.display()))?;
                (d, None)
            }
            None => {
                let d = tempfile::Builder::new()
                    .prefix("cgt-serve-")
                    .tempdir()
                    .map_err(|e| format!("cannot create a folder for the tables: {e}"))?;
                (d.path().to_path_buf(), Some(d))
            }
        };
        Ok(Tables {
            dir,
            _temporary: temporary,
            states: Mutex::new(HashMap::new()),
            book: None,
            time_limit,
        })
    }

    /// Plays Connect-Four from `book` first.
    #[must_use]
    pub fn with_connect4_book(mut self, book: Connect4Book) -> Tables {
        self.book = Some(Arc::new(book));
        self
    }

    pub(crate) fn connect4_book(&self) -> Option<Arc<Connect4Book>> {
        self.book.clone()
    }

    /// The time limit of one search during play.
    pub(crate) fn time_limit(&self) -> Duration {
        self.time_limit
    }

    /// The table files in the folder (names ending in `.cgt`), sorted.
    pub(crate) fn files(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.dir)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                    .filter_map(|e| e.file_name().into_string().ok())
                    .filter(|n| n.ends_with(".cgt"))
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    fn standard(name: &str) -> Option<(&'static str, &'static str)> {
        STANDARD
            .iter()
            .copied()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
    }

    /// A start position for `name`: the standard one, or empty for a file (the page asks).
    pub(crate) fn default_fen(&self, name: &str) -> String {
        Tables::standard(name).map_or(String::new(), |(_, fen)| fen.to_owned())
    }

    /// A file name in the folder, refused when it could name anything outside it.
    fn file_in_folder(&self, name: &str) -> Result<PathBuf, WebError> {
        let plain = !name.is_empty()
            && name.len() <= 200
            && !name.starts_with('.')
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
        if !plain {
            return Err(WebError::input(format!(
                "table {name:?}: a table is KQK, KRK, KBNK or the name of a file in the tables \
                 folder (letters, digits, '-', '_' and '.', no path)"
            )));
        }
        let path = self.dir.join(name);
        let real = path.canonicalize().map_err(|_| {
            WebError::not_found(format!("no table file {name:?} in the tables folder"))
        })?;
        if !real.starts_with(&self.dir) || !real.is_file() {
            return Err(WebError::not_found(format!(
                "no table file {name:?} in the tables folder"
            )));
        }
        Ok(real)
    }

    /// Where a table stands, starting the build of a standard table not built yet.
    ///
    /// # Errors
    /// A name that is neither a standard table nor a file in the folder.
    pub fn state(self: &Arc<Self>, name: &str) -> Result<TableState, WebError> {
        let Some((standard, _)) = Tables::standard(name) else {
            self.file_in_folder(name)?;
            return Ok(TableState::Ready);
        };
        let path = self.dir.join(format!("{standard}.cgt"));
        let mut states = self
            .states
            .lock()
            .map_err(|_| WebError::failure("table state lost"))?;
        if let Some(state) = states.get(standard) {
            return Ok(state.clone());
        }
        if path.is_file() && TableFile::open(&path).is_ok() {
            states.insert(standard.to_owned(), TableState::Ready);
            return Ok(TableState::Ready);
        }
        let started = TableState::Building {
            decided: 0,
            legal: 0,
        };
        states.insert(standard.to_owned(), started.clone());
        drop(states);
        let me = Arc::clone(self);
        std::thread::spawn(move || me.build(standard, &path));
        Ok(started)
    }

    fn set(&self, name: &str, state: TableState) {
        if let Ok(mut states) = self.states.lock() {
            states.insert(name.to_owned(), state);
        }
    }

    fn build(&self, name: &str, path: &Path) {
        let result = (|| -> Result<(), String> {
            let endgame = Endgame::parse(name, Scheme::Reduced, None).map_err(|e| e.to_string())?;
            let budget = Budget::unlimited().with_memory(4 << 30);
            let table = EndgameTable::build_within(endgame, &budget, &mut |p| {
                self.set(
                    name,
                    TableState::Building {
                        decided: p.decided,
                        legal: p.legal,
                    },
                );
            })
            .map_err(|e| e.to_string())?;
            table.write(path).map_err(|e| e.to_string())?;
            Ok(())
        })();
        match result {
            Ok(()) => self.set(name, TableState::Ready),
            Err(message) => self.set(name, TableState::Failed { message }),
        }
    }

    /// The table file of `name`, ready to play, and its path.
    ///
    /// # Errors
    /// 409 while a standard table is being built (the page asks `/api/tables/NAME` for the
    /// progress), 400/404 for a bad name, 500 when the file cannot be read.
    pub(crate) fn open(self: &Arc<Self>, name: &str) -> Result<(TableFile, PathBuf), WebError> {
        let path = match Tables::standard(name) {
            Some((standard, _)) => match self.state(standard)? {
                TableState::Ready => self.dir.join(format!("{standard}.cgt")),
                TableState::Building { decided, legal } => {
                    return Err(WebError::conflict(format!(
                        "the {standard} table is being built ({decided} of {legal} positions decided); \
                         /api/tables/{standard} shows the progress"
                    )));
                }
                TableState::Failed { message } => {
                    return Err(WebError::failure(format!(
                        "the {standard} table could not be built: {message}"
                    )));
                }
            },
            None => self.file_in_folder(name)?,
        };
        let file = TableFile::open(&path).map_err(|e| WebError::input(format!("{name}: {e}")))?;
        Ok((file, path))
    }
}
