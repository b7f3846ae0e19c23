//! The line format every game file of the workspace shares: one record a line, fields
//! separated by whitespace, `#` starting a comment, blank lines ignored; and the numbering of
//! vertex names in order of first appearance. Edge lists of games on graphs, Hackenbush
//! pictures and retrograde game graphs are all read through these two pieces.
//!
//! # Examples
//!
//! ```
//! use cgt_core::text::{Names, records};
//!
//! let text = "# a picture\nground a   # the trunk\n\na b\n";
//! let mut names = Names::new();
//! let mut edges = Vec::new();
//! for record in records(text) {
//!     match record.fields.as_slice() {
//!         [u, v] => edges.push((names.id(u), names.id(v))),
//!         _ => panic!("line {}: {:?}", record.line, record.text),
//!     }
//! }
//! assert_eq!(edges, [(0, 1), (1, 2)]);
//! assert_eq!(names.into_names(), ["ground", "a", "b"]);
//! ```

use std::collections::HashMap;

/// One non-empty line of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<'a> {
    /// 1-based line number.
    pub line: usize,
    /// The whitespace-separated fields before any `#`.
    pub fields: Vec<&'a str>,
    /// The line without its comment, trimmed (for error messages).
    pub text: &'a str,
}

/// The records of `text`: every line with at least one field outside comments.
pub fn records(text: &str) -> impl Iterator<Item = Record<'_>> {
    text.lines().enumerate().filter_map(|(i, raw)| {
        let content = raw.split('#').next().unwrap_or("");
        let fields: Vec<&str> = content.split_whitespace().collect();
        (!fields.is_empty()).then(|| Record {
            line: i + 1,
            fields,
            text: content.trim(),
        })
    })
}

/// Vertex names numbered `0, 1, 2, …` in order of first appearance.
#[derive(Clone, Debug, Default)]
pub struct Names {
    index: HashMap<String, u32>,
    names: Vec<String>,
}

impl Names {
    /// No names yet.
    #[must_use]
    pub fn new() -> Names {
        Names::default()
    }

    /// Names already numbered, in order (the first is 0).
    #[must_use]
    pub fn with(first: &[&str]) -> Names {
        let mut names = Names::new();
        for n in first {
            names.id(n);
        }
        names
    }

    /// The number of `name`, given it the next number if it is new.
    pub fn id(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let i = self.names.len() as u32;
        self.index.insert(name.to_owned(), i);
        self.names.push(name.to_owned());
        i
    }

    /// The number of `name`, if it has one.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }

    /// How many names are numbered.
    #[must_use]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True before the first name.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The names in number order.
    #[must_use]
    pub fn into_names(self) -> Vec<String> {
        self.names
    }
}
