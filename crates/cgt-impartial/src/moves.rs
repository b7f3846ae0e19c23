//! Moves described so a person can play them, and read back: every move type of this crate
//! parses the text it prints (`"take 2 from heap 1, leaving 1".parse::<HeapMove>()`).

use core::fmt;
use core::str::FromStr;

use cgt_core::said::Said;

use crate::ImpartialError;

/// The numbers of `text` when it is `template` with each `{}` replaced by a number (no sign,
/// decimal digits), otherwise `None`.
pub(crate) fn fill(template: &str, text: &str) -> Option<Vec<u64>> {
    let mut rest = text.trim();
    let mut numbers = Vec::new();
    let mut pieces = template.split("{}").peekable();
    while let Some(piece) = pieces.next() {
        rest = rest.strip_prefix(piece)?;
        if pieces.peek().is_some() {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            numbers.push(rest[..digits].parse().ok()?);
            rest = &rest[digits..];
        }
    }
    rest.is_empty().then_some(numbers)
}

/// The error for a move text that is not of the form `what` prints.
pub(crate) fn unreadable(what: &str, text: &str) -> ImpartialError {
    ImpartialError::Parse {
        line: None,
        message: format!("{text:?} is not a {what} (write it as the move prints)"),
    }
}

/// Reduce one heap: heap `heap` (0-based; printed 1-based) goes from `from` to `to < from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HeapMove {
    /// Index of the heap, counting from 0.
    pub heap: usize,
    /// Size before the move.
    pub from: u64,
    /// Size after the move.
    pub to: u64,
}

impl HeapMove {
    /// Counters taken.
    #[must_use]
    pub fn taken(&self) -> u64 {
        self.from - self.to
    }

    /// Applies the move to a copy of `heaps`.
    #[must_use]
    pub fn apply(&self, heaps: &[u64]) -> Vec<u64> {
        let mut next = heaps.to_vec();
        next[self.heap] = self.to;
        next
    }
}

impl FromStr for HeapMove {
    type Err = ImpartialError;
    fn from_str(s: &str) -> Result<HeapMove, ImpartialError> {
        match fill("take {} from heap {}, leaving {}", s).as_deref() {
            Some(&[taken, heap, to]) if heap >= 1 && taken >= 1 => Ok(HeapMove {
                heap: usize::try_from(heap - 1).map_err(|_| unreadable("heap move", s))?,
                from: to
                    .checked_add(taken)
                    .ok_or_else(|| unreadable("heap move", s))?,
                to,
            }),
            _ => Err(unreadable("heap move", s)),
        }
    }
}

impl HeapMove {
    /// The move in words for a front end (`move-take-leaving`): what `Display` writes in
    /// English.
    #[must_use]
    pub fn said(&self) -> Said {
        Said::new("move-take-leaving")
            .number("count", self.taken())
            .number("heap", self.heap as u64 + 1)
            .number("to", self.to)
    }
}

impl fmt::Display for HeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "take {} from heap {}, leaving {}",
            self.taken(),
            self.heap + 1,
            self.to
        )
    }
}

/// A move that reduces several heaps at once (Moore's Nim_k).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MultiHeapMove {
    /// The heaps reduced, in increasing heap order, each strictly.
    pub changes: Vec<HeapMove>,
}

impl MultiHeapMove {
    /// Applies the move to a copy of `heaps`.
    #[must_use]
    pub fn apply(&self, heaps: &[u64]) -> Vec<u64> {
        let mut next = heaps.to_vec();
        for c in &self.changes {
            next[c.heap] = c.to;
        }
        next
    }
}

impl FromStr for MultiHeapMove {
    type Err = ImpartialError;
    fn from_str(s: &str) -> Result<MultiHeapMove, ImpartialError> {
        let changes = s
            .split("; ")
            .map(str::parse)
            .collect::<Result<Vec<HeapMove>, _>>()
            .map_err(|_| unreadable("move on several heaps", s))?;
        if changes.windows(2).any(|w| w[0].heap >= w[1].heap) {
            return Err(unreadable(
                "move on several heaps (in increasing heap order)",
                s,
            ));
        }
        Ok(MultiHeapMove { changes })
    }
}

impl MultiHeapMove {
    /// The move in words for a front end: its heaps' moves as a list, as `Display` writes
    /// them in English.
    #[must_use]
    pub fn said(&self) -> Said {
        Said::new("move-several").list(
            "moves",
            self.changes.iter().map(|c| c.said().into()).collect(),
        )
    }
}

impl fmt::Display for MultiHeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.changes.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}
