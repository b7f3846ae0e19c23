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

    /// With an enumeration as an argument.
    #[must_use]
    pub fn series(mut self, name: &'static str, words: Vec<Word>) -> Said {
        self.args.push((name, Word::Series(words)));
        self
    }
}

impl From<Said> for Word {
    fn from(said: Said) -> Word {
        Word::Said(Box::new(said))
    }
}
