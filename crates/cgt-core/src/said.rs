//! Words for people as data: a message id and its arguments, which each front end renders in
//! its own language (the playground through the Project Fluent files of `cgt-report`). A
//! library that says something to a player (a move, a value) can say it as a [`Said`]
//! besides its English `Display`, and the front end picks the words.
//!
//! ```
//! use cgt_core::said::{Said, Word};
//!
//! let take = Said::new("move-take").number("count", 2).number("heap", 1);
//! assert_eq!(take.id, "move-take");
//! assert_eq!(take.args[0], ("count", Word::Number(2)));
//! ```

/// A message and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// The message id (`move-take`).
    pub id: &'static str,
    /// Its arguments by name, in order.
    pub args: Vec<(&'static str, Word)>,
}

/// An argument of a [`Said`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    /// A count, which also picks a language's plural form.
    Number(u64),
    /// Text as it is.
    Text(String),
    /// Another message, worded in the same language (a move inside a hint).
    Said(Box<Said>),
    /// Several words, each worded, then listed as the language lists alternatives (moves:
    /// `a; b` in English).
    List(Vec<Word>),
    /// Several words, each worded, then listed as the language enumerates parts of one thing
    /// (heaps of a position: `a, b` in English).
    Series(Vec<Word>),
    /// Several words, each worded, then listed as the language lists things that go together
    /// (`a, b and c` in English).
    And(Vec<Word>),
}

impl Said {
    /// Message `id` with no arguments yet.
    #[must_use]
    pub fn new(id: &'static str) -> Said {
        Said {
            id,
            args: Vec::new(),
        }
    }

    /// With a number argument.
    #[must_use]
    pub fn number(mut self, name: &'static str, n: u64) -> Said {
        self.args.push((name, Word::Number(n)));
        self
    }

    /// With a text argument.
    #[must_use]
    pub fn text(mut self, name: &'static str, text: impl Into<String>) -> Said {
        self.args.push((name, Word::Text(text.into())));
        self
    }

    /// With another message as an argument.
    #[must_use]
    pub fn said(mut self, name: &'static str, said: Said) -> Said {
        self.args.push((name, Word::Said(Box::new(said))));
        self
    }

    /// With a list of alternatives as an argument.
    #[must_use]
    pub fn list(mut self, name: &'static str, words: Vec<Word>) -> Said {
        self.args.push((name, Word::List(words)));
        self
    }

    /// With any word as an argument.
    #[must_use]
    pub fn words(mut self, name: &'static str, word: Word) -> Said {
        self.args.push((name, word));
        self
    }

    /// With an enumeration as an argument.
    #[must_use]
    pub fn series(mut self, name: &'static str, words: Vec<Word>) -> Said {
        self.args.push((name, Word::Series(words)));
        self
    }
}

/// A thing that may have words for people beside its English `Display` (a move of a
/// ruleset): a front end words them in its language. `None`, the default, says the `Display`
/// is notation (`b2-b3`, `3x2@1`), the same in every language.
pub trait Worded {
    /// The words, where the `Display` has any.
    fn said(&self) -> Option<Said> {
        None
    }
}

impl From<Said> for Word {
    fn from(said: Said) -> Word {
        Word::Said(Box::new(said))
    }
}

/// One line of a derivation a teacher would write ("why is this position lost?"): sentences in
/// words, and tables whose labels are words and whose cells are numbers. A front end words each
/// line in its language; consecutive [`Line::Row`]s are one table, their labels padded to the
/// widest so that the cells stay in columns in every language.
///
/// ```
/// use cgt_core::said::{Line, Said};
///
/// let row = Line::Row { label: Said::new("explain-row-heap").number("heap", 1), cells: "3 = 11".into() };
/// assert!(matches!(row, Line::Row { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A sentence on a line of its own.
    Say(Said),
    /// A sentence indented under the one before (a case of it), by `depth` steps of two
    /// spaces (a vertex of a tree at its depth).
    Indented(usize, Said),
    /// A row of a table: its label, then its cells as they are (numbers, bits, symbols).
    Row {
        /// What the row is (`heap 1`, `nim-sum`).
        label: Said,
        /// The row's cells, already aligned with the other rows' cells.
        cells: String,
    },
    /// A line without words (a table's heading, a row of numbers), with an optional remark
    /// after it.
    Code {
        /// The line as it is.
        text: String,
        /// Said after it (`<- holds 4`).
        note: Option<Said>,
    },
}

impl Line {
    /// A sentence.
    #[must_use]
    pub fn say(said: Said) -> Line {
        Line::Say(said)
    }

    /// A sentence indented one step.
    #[must_use]
    pub fn item(said: Said) -> Line {
        Line::Indented(1, said)
    }

    /// A sentence indented `depth` steps.
    #[must_use]
    pub fn indented(depth: usize, said: Said) -> Line {
        Line::Indented(depth, said)
    }

    /// The sentence of a [`Line::Say`] or [`Line::Indented`]; `None` for a table's line.
    #[must_use]
    pub fn said(&self) -> Option<&Said> {
        match self {
            Line::Say(s) | Line::Indented(_, s) => Some(s),
            Line::Row { .. } | Line::Code { .. } => None,
        }
    }

    /// A line without words.
    #[must_use]
    pub fn code(text: impl Into<String>) -> Line {
        Line::Code {
            text: text.into(),
            note: None,
        }
    }
}
