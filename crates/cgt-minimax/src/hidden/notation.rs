//! Games written as trees, and written back.
//!
//! ```text
//! game     = payoff | "(chance" (probability game)+ ")" | "(" player set branch+ ")"
//! branch   = "(" action game ")"
//! player   = "first" | "second"
//! ```
//!
//! A payoff is the first player's (an integer or a fraction `-3/4`), a probability a fraction
//! above 0 (chance's probabilities add up to 1). A set or action name is a word without
//! spaces or brackets, or any text in double quotes (`"J kb"`). Decisions that share a player
//! and a set name are one information set, so they list the same actions in the same order.
//! Matching pennies, where the second player does not see the coin:
//!
//! ```text
//! (first coin (heads (second guess (heads 1) (tails -1)))
//!             (tails (second guess (heads -1) (tails 1))))
//! ```

use core::fmt;

use super::game::{Builder, Extensive, GameError, MAX_DEPTH, Node, NodeId, Player};
use crate::chance::tree::{Ratio, read_ratio};

/// Why a game's text was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// Something else was expected at a character offset.
    Syntax {
        /// The offset, in characters from 0.
        at: usize,
        /// What was expected there.
        expected: &'static str,
        /// What was found (`"the end"` at the end).
        found: String,
    },
    /// A payoff or probability that is not a number.
    Number {
        /// The text.
        text: String,
    },
    /// Nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// Read, but not a game (probabilities, information sets, perfect recall).
    Game(GameError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Syntax {
                at,
                expected,
                found,
            } => write!(f, "at character {at}: expected {expected}, found {found}"),
            ParseError::Number { text } => write!(
                f,
                "{text:?} is not a number (integers or fractions like -3/4)"
            ),
            ParseError::TooDeep => write!(f, "nested deeper than {MAX_DEPTH} levels"),
            ParseError::Game(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseError {}

impl From<GameError> for ParseError {
    fn from(e: GameError) -> ParseError {
        ParseError::Game(e)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Open,
    Close,
    Word(String),
}

fn tokens(text: &str) -> Result<Vec<(usize, Token)>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            c if c.is_whitespace() => i += 1,
            '(' | ')' => {
                out.push((i, if c == '(' { Token::Open } else { Token::Close }));
                i += 1;
            }
            '"' => {
                let end =
                    chars[i + 1..]
                        .iter()
                        .position(|&d| d == '"')
                        .ok_or(ParseError::Syntax {
                            at: i,
                            expected: "a closing quote",
                            found: "the end".into(),
                        })?;
                out.push((i, Token::Word(chars[i + 1..i + 1 + end].iter().collect())));
                i += end + 2;
            }
            _ => {
                let start = i;
                while i < chars.len() && !chars[i].is_whitespace() && !"()\"".contains(chars[i]) {
                    i += 1;
                }
                out.push((start, Token::Word(chars[start..i].iter().collect())));
            }
        }
    }
    Ok(out)
}

struct Reader {
    tokens: Vec<(usize, Token)>,
    next: usize,
    end: usize,
    builder: Builder,
}

impl Reader {
    fn found(&self) -> (usize, String) {
        match self.tokens.get(self.next) {
            None => (self.end, "the end".into()),
            Some((at, Token::Open)) => (*at, "'('".into()),
            Some((at, Token::Close)) => (*at, "')'".into()),
            Some((at, Token::Word(w))) => (*at, format!("{w:?}")),
        }
    }

    fn fail<T>(&self, expected: &'static str) -> Result<T, ParseError> {
        let (at, found) = self.found();
        Err(ParseError::Syntax {
            at,
            expected,
            found,
        })
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.next).map(|t| &t.1)
    }

    fn expect(&mut self, token: &Token, expected: &'static str) -> Result<(), ParseError> {
        if self.peek() == Some(token) {
            self.next += 1;
            Ok(())
        } else {
            self.fail(expected)
        }
    }

    fn word(&mut self, expected: &'static str) -> Result<String, ParseError> {
        match self.peek() {
            Some(Token::Word(w)) => {
                let w = w.clone();
                self.next += 1;
                Ok(w)
            }
            _ => self.fail(expected),
        }
    }

    fn game(&mut self, depth: usize) -> Result<NodeId, ParseError> {
        if depth > MAX_DEPTH {
            return Err(ParseError::TooDeep);
        }
        match self.peek() {
            Some(Token::Word(_)) => {
                let w = self.word("a payoff")?;
                Ok(self.builder.payoff(number(&w)?))
            }
            Some(Token::Open) => {
                self.next += 1;
                let head = self.word("first, second or chance")?;
                let node = match head.as_str() {
                    "chance" => {
                        let mut branches = Vec::new();
                        while matches!(self.peek(), Some(Token::Word(_))) {
                            let p = number(&self.word("a probability")?)?;
                            branches.push((p, self.game(depth + 1)?));
                        }
                        self.expect(&Token::Close, "a probability or ')'")?;
                        self.builder.chance(branches)?
                    }
                    "first" | "second" => {
                        let player = if head == "first" {
                            Player::First
                        } else {
                            Player::Second
                        };
                        let set = self.word("an information set's name")?;
                        let mut moves = Vec::new();
                        while self.peek() == Some(&Token::Open) {
                            self.next += 1;
                            let action = self.word("an action's name")?;
                            moves.push((action, self.game(depth + 1)?));
                            self.expect(&Token::Close, "')' after an action's game")?;
                        }
                        self.expect(&Token::Close, "'(' and an action, or ')'")?;
                        self.builder.decision(player, &set, moves)?
                    }
                    _ => {
                        self.next -= 1;
                        return self.fail("first, second or chance");
                    }
                };
                Ok(node)
            }
            _ => self.fail("a payoff or '('"),
        }
    }
}

fn number(text: &str) -> Result<Ratio, ParseError> {
    read_ratio(text).ok_or_else(|| ParseError::Number {
        text: text.to_owned(),
    })
}

/// Reads a game written as a tree (see the module's grammar).
///
/// # Errors
/// Text that does not follow the grammar; a number that does not read; nesting deeper than
/// [`MAX_DEPTH`]; a tree that is not a game ([`GameError`]).
pub fn parse(text: &str) -> Result<Extensive, ParseError> {
    let mut reader = Reader {
        tokens: tokens(text)?,
        next: 0,
        end: text.chars().count(),
        builder: Builder::new(),
    };
    let root = reader.game(0)?;
    if reader.peek().is_some() {
        return reader.fail("the end");
    }
    Ok(reader.builder.finish(root)?)
}

fn name(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    let plain = !text.is_empty()
        && !text
            .chars()
            .any(|c| c.is_whitespace() || "()\"".contains(c));
    if plain {
        f.write_str(text)
    } else {
        write!(f, "\"{text}\"")
    }
}

impl Extensive {
    fn write(&self, f: &mut fmt::Formatter<'_>, id: NodeId) -> fmt::Result {
        match &self.nodes[id] {
            Node::Payoff(v) => write!(f, "{v}"),
            Node::Chance(branches) => {
                f.write_str("(chance")?;
                for (p, c) in branches {
                    write!(f, " {p} ")?;
                    self.write(f, *c)?;
                }
                f.write_str(")")
            }
            Node::Decision { infoset, children } => {
                let set = &self.infosets[*infoset];
                write!(f, "({} ", set.player)?;
                name(f, &set.name)?;
                for (a, c) in set.actions.iter().zip(children) {
                    f.write_str(" (")?;
                    name(f, a)?;
                    f.write_str(" ")?;
                    self.write(f, *c)?;
                    f.write_str(")")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// The game in the notation [`parse`] reads, on one line (names with spaces in quotes).
impl fmt::Display for Extensive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, self.root)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hidden::Poker;

    #[test]
    fn writes_what_it_reads() {
        let kuhn = Poker::kuhn().game();
        let text = kuhn.to_string();
        assert!(text.starts_with("(chance 1/3 (chance 1/2 (first J (check (second \"Q k\""));
        let again = parse(&text).unwrap();
        assert_eq!(again.to_string(), text);
        assert_eq!(again.solve().value, kuhn.solve().value);
    }

    #[test]
    fn errors_name_the_place() {
        let e = parse("(first s (a 1) (b 2)").unwrap_err();
        assert_eq!(
            e.to_string(),
            "at character 20: expected '(' and an action, or ')', found the end"
        );
        let e = parse("(third s (a 1))").unwrap_err();
        assert!(
            e.to_string().contains("expected first, second or chance"),
            "{e}"
        );
        assert_eq!(
            parse("(chance 1/2 1 1/2 x)").unwrap_err(),
            ParseError::Number { text: "x".into() }
        );
        assert!(matches!(
            parse("(chance 1/2 1 1/3 2)").unwrap_err(),
            ParseError::Game(GameError::Probabilities { .. })
        ));
        assert_eq!(
            parse("1 2").unwrap_err().to_string(),
            "at character 2: expected the end, found \"2\""
        );
        let deep = "(chance 1 ".repeat(MAX_DEPTH + 2) + "0" + &")".repeat(MAX_DEPTH + 2);
        assert_eq!(parse(&deep).unwrap_err(), ParseError::TooDeep);
        assert!(matches!(
            parse("\"open").unwrap_err(),
            ParseError::Syntax { .. }
        ));
    }
}
