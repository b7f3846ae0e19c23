//! Shared by the cookbook programs: reading a judge's input as whitespace-separated tokens
//! from stdin, with a one-line error and exit code 2 for input that does not follow the format.
//!
//! Each program in `cookbook/` solves one contest problem with the cgt libraries; the guide's
//! cookbook chapter names the command that answers the same question.

use std::io::Read;
use std::process::exit;
use std::str::FromStr;

/// The tokens of standard input, read in order.
#[derive(Debug)]
pub struct Tokens {
    words: std::vec::IntoIter<String>,
}

impl Tokens {
    /// Reads all of standard input.
    pub fn stdin() -> Tokens {
        let mut text = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut text) {
            fail(&format!("cannot read the input: {e}"));
        }
        Tokens {
            words: text
                .split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>()
                .into_iter(),
        }
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_word(&mut self) -> Option<String> {
        self.words.next()
    }

    /// The next token as a `T`; `what` names it in the error message.
    pub fn next<T: FromStr>(&mut self, what: &str) -> T {
        match self.words.next() {
            Some(word) => word
                .parse()
                .unwrap_or_else(|_| fail(&format!("{what}: expected a number, found {word:?}"))),
            None => fail(&format!("{what}: the input ended early")),
        }
    }

    /// The next token as a `T`, or `None` at the end of the input.
    pub fn maybe_next<T: FromStr>(&mut self, what: &str) -> Option<T> {
        let word = self.words.next()?;
        Some(
            word.parse()
                .unwrap_or_else(|_| fail(&format!("{what}: expected a number, found {word:?}"))),
        )
    }
}

/// Prints `error: message` on stderr and exits with code 2.
pub fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    exit(2)
}

/// The Rust examples of the user guide (docs/guide), the README and docs/, compiled and run
/// as doctests.
#[cfg(doctest)]
mod guide {
    #[doc = include_str!("../../docs/guide/src/library.md")]
    struct Library;
    #[doc = include_str!("../../README.md")]
    struct Readme;
    #[doc = include_str!("../../docs/partizan.md")]
    struct Partizan;
    #[doc = include_str!("../../docs/retro.md")]
    struct Retro;
    #[doc = include_str!("../../docs/minimax.md")]
    struct Minimax;
}
