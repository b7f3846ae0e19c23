//! Heap games given by rules: octal (and hexadecimal) codes, subtraction sets, Grundy's game.
//!
//! # Octal codes
//!
//! A code `d0.d1d2d3…` gives, for each `j ≥ 1`, the ways of removing `j` tokens from a heap:
//! digit `dj` is a sum of
//! - `1`: remove `j` tokens when that empties the heap (the heap had exactly `j`);
//! - `2`: remove `j` tokens leaving one non-empty heap;
//! - `4`: remove `j` tokens leaving two non-empty heaps (the rest split in any two parts);
//! - `8` (hexadecimal codes, digits up to `f`): remove `j` leaving three non-empty heaps.
//!
//! The digit `d0` before the point allows splitting without removing anything: `4` splits a
//! heap into two non-empty heaps, `8` into three; `1` and `2` are meaningless there and refused.
//! Examples: Kayles `0.77`, Dawson's Kayles `0.07`, Dawson's chess `0.137`, Officers `0.6`.
//!
//! # Subtraction games
//!
//! A finite set `S` of positive integers: remove `s ∈ S` tokens from a heap of at least `s`
//! (the octal game with digit 3 at each position `s`). The empty set is a game with no moves.
//!
//! # Grundy's game
//!
//! Split a heap into two non-empty heaps of different sizes.

use core::fmt;
use core::str::FromStr;

use cgt_core::said::Said;

use crate::ImpartialError;

/// Most digits accepted in an octal code.
pub const MAX_CODE_DIGITS: usize = 1024;

/// Octal games with common names: (command-line name, code, name in words).
const NAMED_CODES: [(&str, &str, &str); 4] = [
    ("kayles", "0.77", "Kayles"),
    ("dawsons-kayles", "0.07", "Dawson's Kayles"),
    ("dawsons-chess", "0.137", "Dawson's chess"),
    ("officers", "0.6", "Officers"),
];

/// Largest element accepted in a subtraction set.
pub const MAX_SUBTRACTION: u64 = 1 << 20;

/// A heap game: what a single heap of `n` tokens may become.
///
/// # Examples
///
/// ```
/// use cgt_impartial::heapgame::HeapGame;
/// use cgt_impartial::nimseq::naive_values;
///
/// let kayles = HeapGame::from_name_or_code("kayles")?;
/// assert_eq!(naive_values(&kayles, 8), [0, 1, 2, 3, 1, 4, 3, 2]);
/// let s: HeapGame = HeapGame::Subtraction("1,3,4".parse()?);
/// assert_eq!(naive_values(&s, 8), [0, 1, 0, 1, 2, 3, 2, 0]);
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HeapGame {
    /// An octal or hexadecimal game.
    Octal(OctalCode),
    /// A subtraction game.
    Subtraction(SubtractionSet),
    /// Grundy's game.
    Grundy,
}

/// A validated octal (or hexadecimal) code.
///
/// # Examples
///
/// ```
/// use cgt_impartial::heapgame::OctalCode;
///
/// let code: OctalCode = "0.137".parse()?;
/// assert_eq!(code.to_string(), "0.137");
/// assert_eq!(code.max_removal(), 3);
/// assert!("1.7".parse::<OctalCode>().is_err());
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
///
/// # Examples
///
/// ```
/// use cgt_impartial::heapgame::SubtractionSet;
///
/// let s: SubtractionSet = "{4, 1, 3}".parse()?;
/// assert_eq!(s.elements(), [1, 3, 4]);
/// assert_eq!(s.to_string(), "{1,3,4}");
/// assert!("1,,3".parse::<SubtractionSet>().is_err());
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "String", into = "String")
)]
pub struct OctalCode {
    /// `digits[j]` for `j = 0, 1, …, t` with `digits[t] ≠ 0` (or just `[d0]`).
    digits: Vec<u8>,
}

/// A validated subtraction set (sorted, without repeats, no zero).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "String", into = "String")
)]
pub struct SubtractionSet {
    elements: Vec<u64>,
}

impl OctalCode {
    /// The digits `d0, d1, …, dt`.
    #[must_use]
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// `t`: the largest number of tokens a move may remove (the position of the last non-zero
    /// digit), 0 when no digit after the point is non-zero.
    #[must_use]
    pub fn max_removal(&self) -> usize {
        self.digits.len() - 1
    }

    /// True when some move splits a heap (some digit has bit 4 or 8).
    #[must_use]
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & 12 != 0)
    }

    /// True when a digit has bit 8 (three-heap splits: a hexadecimal game).
    #[must_use]
    pub fn is_hexadecimal(&self) -> bool {
        self.digits.iter().any(|d| d & 8 != 0)
    }
}

impl FromStr for OctalCode {
    type Err = ImpartialError;

    fn from_str(s: &str) -> Result<OctalCode, ImpartialError> {
        let bad = |message: String| ImpartialError::Parse {
            line: None,
            message,
        };
        let code = s.trim();
        let Some((before, after)) = code.split_once('.') else {
            return Err(bad(format!(
                "invalid octal code {s:?}: expected digits with a point, like 0.77 or .137"
            )));
        };
        let digit = |c: char| -> Result<u8, ImpartialError> {
            c.to_digit(16).map(|d| d as u8).ok_or_else(|| {
                bad(format!(
                    "invalid octal code {s:?}: {c:?} is not a digit (0-7, or 0-f for hexadecimal)"
                ))
            })
        };
        let d0 = match before {
            "" => 0,
            _ if before.chars().count() == 1 => digit(before.chars().next().unwrap_or('0'))?,
            _ => {
                return Err(bad(format!(
                    "invalid octal code {s:?}: one digit at most before the point"
                )));
            }
        };
        if d0 & 3 != 0 {
            return Err(bad(format!(
                "invalid octal code {s:?}: the digit before the point may only be 0, 4, 8 or c \
                 (splitting without removing)"
            )));
        }
        if after.is_empty() {
            return Err(bad(format!(
                "invalid octal code {s:?}: no digits after the point"
            )));
        }
        let mut digits = vec![d0];
        for c in after.chars() {
            digits.push(digit(c)?);
        }
        if digits.len() > MAX_CODE_DIGITS + 1 {
            return Err(bad(format!(
                "octal code {s:?} has more than {MAX_CODE_DIGITS} digits"
            )));
        }
        while digits.len() > 1 && digits[digits.len() - 1] == 0 {
            digits.pop();
        }
        Ok(OctalCode { digits })
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:x}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d:x}")?;
        }
        Ok(())
    }
}

impl SubtractionSet {
    /// The elements, sorted.
    #[must_use]
    pub fn elements(&self) -> &[u64] {
        &self.elements
    }

    /// A set from elements (sorted and deduplicated here).
    ///
    /// # Errors
    /// [`ImpartialError::Invalid`] for a 0, [`ImpartialError::OutOfRange`] above
    /// [`MAX_SUBTRACTION`].
    pub fn new(mut elements: Vec<u64>) -> Result<SubtractionSet, ImpartialError> {
        if elements.contains(&0) {
            return Err(ImpartialError::Invalid {
                message: "a subtraction set may not contain 0 (removing nothing is not a move)"
                    .to_owned(),
            });
        }
        if let Some(&big) = elements.iter().find(|&&s| s > MAX_SUBTRACTION) {
            return Err(ImpartialError::OutOfRange {
                what: "subtraction set element",
                value: big.to_string(),
                max: MAX_SUBTRACTION.to_string(),
            });
        }
        elements.sort_unstable();
        elements.dedup();
        Ok(SubtractionSet { elements })
    }
}

/// Parses `1,3,4`: positive whole numbers separated by commas (spaces around them allowed),
/// optionally in braces; `{}` (or nothing at all) is the empty set. Empty elements (`1,,3`, `1,2,`), elements
/// separated only by spaces (`1 2`) and repeated elements (`1,1,2`) are refused.
impl FromStr for SubtractionSet {
    type Err = ImpartialError;
    fn from_str(s: &str) -> Result<SubtractionSet, ImpartialError> {
        let bad = |why: String| ImpartialError::Parse {
            line: None,
            message: format!("invalid subtraction set {s:?}: {why}"),
        };
        let trimmed = s.trim();
        let inner = match trimmed.strip_prefix('{') {
            Some(rest) => rest
                .strip_suffix('}')
                .ok_or_else(|| bad("an opening brace without a closing one".to_owned()))?,
            None if trimmed.ends_with('}') => {
                return Err(bad("a closing brace without an opening one".to_owned()));
            }
            None => trimmed,
        };
        if inner.trim().is_empty() {
            return SubtractionSet::new(Vec::new());
        }
        let mut elements: Vec<u64> = Vec::new();
        for (i, part) in inner.split(',').enumerate() {
            let part = part.trim();
            if part.is_empty() {
                return Err(bad(format!("element {} is empty", i + 1)));
            }
            if part.contains(char::is_whitespace) {
                return Err(bad(format!(
                    "{part:?} is not one number; separate elements with commas"
                )));
            }
            let v = part
                .parse::<u64>()
                .map_err(|_| bad(format!("{part:?} is not a positive whole number")))?;
            if elements.contains(&v) {
                return Err(bad(format!("{v} appears twice")));
            }
            elements.push(v);
        }
        SubtractionSet::new(elements)
    }
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, e) in self.elements.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{e}")?;
        }
        f.write_str("}")
    }
}

// Serialized as their text (`"0.77"`, `"{1,3,4}"`), so a deserialized value went through the
// same checks as a parsed one.
impl TryFrom<String> for OctalCode {
    type Error = ImpartialError;
    fn try_from(s: String) -> Result<OctalCode, ImpartialError> {
        s.parse()
    }
}

impl From<OctalCode> for String {
    fn from(code: OctalCode) -> String {
        code.to_string()
    }
}

impl TryFrom<String> for SubtractionSet {
    type Error = ImpartialError;
    fn try_from(s: String) -> Result<SubtractionSet, ImpartialError> {
        s.parse()
    }
}

impl From<SubtractionSet> for String {
    fn from(set: SubtractionSet) -> String {
        set.to_string()
    }
}

impl HeapGame {
    /// A game by name: `kayles` (0.77), `dawsons-kayles` (0.07), `dawsons-chess` (0.137),
    /// `officers` (0.6), `grundy` (Grundy's game); otherwise an octal code.
    ///
    /// # Errors
    /// [`ImpartialError::Parse`] for an unknown name that is not a valid code.
    pub fn from_name_or_code(s: &str) -> Result<HeapGame, ImpartialError> {
        let wanted = s.trim().to_ascii_lowercase();
        if wanted == "grundy" || wanted == "grundys-game" {
            return Ok(HeapGame::Grundy);
        }
        let code = NAMED_CODES
            .iter()
            .find(|(name, _, _)| *name == wanted)
            .map_or(s, |&(_, code, _)| code);
        code.parse().map(HeapGame::Octal)
    }

    /// The game written as [`HeapGame::parse_any`] reads it back: `0.77`, `{1,3,4}`, `grundy`.
    ///
    /// ```
    /// use cgt_impartial::heapgame::HeapGame;
    ///
    /// for text in ["0.77", "{1,3,4}", "grundy"] {
    ///     assert_eq!(HeapGame::parse_any(text).unwrap().rules(), text);
    /// }
    /// ```
    #[must_use]
    pub fn rules(&self) -> String {
        match self {
            HeapGame::Octal(c) => c.to_string(),
            HeapGame::Subtraction(s) => s.to_string(),
            HeapGame::Grundy => "grundy".to_owned(),
        }
    }

    /// Any heap game as people write it: a subtraction set in braces (`{1,3,4}`), a name or an
    /// octal code (as [`HeapGame::from_name_or_code`]).
    ///
    /// ```
    /// use cgt_impartial::heapgame::HeapGame;
    ///
    /// assert_eq!(HeapGame::parse_any("{1, 3, 4}").unwrap().to_string(), "subtraction {1,3,4}");
    /// assert_eq!(HeapGame::parse_any("kayles").unwrap().to_string(), "octal 0.77");
    /// assert!(HeapGame::parse_any("{1,3").is_err());
    /// ```
    ///
    /// # Errors
    /// [`ImpartialError::Parse`] for a malformed set, an unknown name or a bad code.
    pub fn parse_any(s: &str) -> Result<HeapGame, ImpartialError> {
        let trimmed = s.trim();
        if trimmed.starts_with('{') || trimmed.ends_with('}') {
            return trimmed.parse().map(HeapGame::Subtraction);
        }
        HeapGame::from_name_or_code(trimmed)
    }

    /// The game's common name, when it has one: `Kayles` (0.77), `Dawson's Kayles` (0.07),
    /// `Dawson's chess` (0.137), `Officers` (0.6), `Grundy's game`.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_impartial::heapgame::HeapGame;
    ///
    /// let kayles = HeapGame::from_name_or_code("kayles").unwrap();
    /// assert_eq!(kayles.common_name(), Some("Kayles"));
    /// assert_eq!(kayles.description(), "octal game 0.77 (Kayles)");
    /// assert_eq!(HeapGame::from_name_or_code("0.16").unwrap().common_name(), None);
    /// ```
    #[must_use]
    pub fn common_name(&self) -> Option<&'static str> {
        match self {
            HeapGame::Octal(c) => {
                let code = c.to_string();
                NAMED_CODES
                    .iter()
                    .find(|(_, named, _)| *named == code)
                    .map(|&(_, _, name)| name)
            }
            HeapGame::Subtraction(_) => None,
            HeapGame::Grundy => Some("Grundy's game"),
        }
    }

    /// The game in words: `octal game 0.77 (Kayles)`, `subtraction game S = {1,3,4}`,
    /// `Grundy's game`.
    #[must_use]
    pub fn description(&self) -> String {
        match self {
            HeapGame::Octal(c) => match self.common_name() {
                Some(name) => format!("octal game {c} ({name})"),
                None => format!("octal game {c}"),
            },
            HeapGame::Subtraction(s) => format!("subtraction game S = {s}"),
            HeapGame::Grundy => "Grundy's game".to_owned(),
        }
    }

    /// The game in words for a front end (`heap-game-octal`, `heap-game-subtraction`,
    /// `heap-game-grundy`): what [`HeapGame::description`] writes in English.
    #[must_use]
    pub fn said(&self) -> Said {
        match self {
            HeapGame::Octal(c) => {
                let code = c.to_string();
                let name = NAMED_CODES
                    .iter()
                    .find(|(_, named, _)| *named == code)
                    .map_or("none", |&(key, _, _)| key);
                Said::new("heap-game-octal")
                    .text("code", code)
                    .text("name", name)
            }
            HeapGame::Subtraction(s) => {
                Said::new("heap-game-subtraction").text("set", s.to_string())
            }
            HeapGame::Grundy => Said::new("heap-game-grundy"),
        }
    }

    /// The digits of the equivalent octal code (Grundy's game has none).
    pub(crate) fn rule_digits(&self) -> Option<Vec<u8>> {
        match self {
            HeapGame::Octal(c) => Some(c.digits.clone()),
            HeapGame::Subtraction(s) => {
                let t = s.elements.last().copied().unwrap_or(0) as usize;
                let mut digits = vec![0u8; t + 1];
                for &e in &s.elements {
                    digits[e as usize] = 3;
                }
                Some(digits)
            }
            HeapGame::Grundy => None,
        }
    }

    /// How many options [`HeapGame::heap_options`] lists for a heap of `n`, at most (exact
    /// for one- and two-heap moves, a bound for three-heap splits), without listing them: what
    /// a front end checks before asking for the options of a large heap.
    #[must_use]
    pub fn option_count(&self, n: u64) -> u128 {
        let n = u128::from(n);
        match self.rule_digits() {
            None => n.div_ceil(2).saturating_sub(1),
            Some(digits) => {
                let mut count = 0u128;
                for (j, &d) in digits.iter().enumerate() {
                    let j = j as u128;
                    if j > n {
                        break;
                    }
                    let m = n - j;
                    count += u128::from(d & 1 != 0 && m == 0 && j > 0);
                    count += u128::from(d & 2 != 0 && m > 0 && j > 0);
                    if d & 4 != 0 {
                        count += m / 2;
                    }
                    if d & 8 != 0 {
                        count = count.saturating_add((m / 3) * (m / 2 + 1));
                    }
                }
                count
            }
        }
    }

    /// Every option of a heap of `n`: each is the list of heaps left (possibly empty), with
    /// the number of tokens removed. Meant for small heaps (splits are enumerated; see
    /// [`HeapGame::option_count`]).
    #[must_use]
    pub fn heap_options(&self, n: u64) -> Vec<(u64, Vec<u64>)> {
        let mut out = Vec::new();
        match self.rule_digits() {
            None => {
                for a in 1..n.div_ceil(2) {
                    out.push((0, vec![a, n - a]));
                }
            }
            Some(digits) => {
                for (j, &d) in digits.iter().enumerate() {
                    let j = j as u64;
                    if j > n {
                        break;
                    }
                    let m = n - j;
                    if d & 1 != 0 && m == 0 && j > 0 {
                        out.push((j, vec![]));
                    }
                    if d & 2 != 0 && m > 0 && j > 0 {
                        out.push((j, vec![m]));
                    }
                    if d & 4 != 0 {
                        for a in 1..=m / 2 {
                            if m - a >= 1 {
                                out.push((j, vec![a, m - a]));
                            }
                        }
                    }
                    if d & 8 != 0 {
                        for a in 1..=m / 3 {
                            for b in a..=(m - a) / 2 {
                                let c = m - a - b;
                                if c >= b {
                                    out.push((j, vec![a, b, c]));
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

impl fmt::Display for HeapGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapGame::Octal(c) => write!(f, "octal {c}"),
            HeapGame::Subtraction(s) => write!(f, "subtraction {s}"),
            HeapGame::Grundy => f.write_str("grundy"),
        }
    }
}

/// Positions of several heaps of one [`HeapGame`], as an [`ImpartialGame`](cgt_core::ImpartialGame) for the generic
/// solver: sorted heap sizes with empty heaps dropped, so equal multisets share one entry. The
/// nim-sequence answers normal play faster; this is for searches that XOR cannot answer, such
/// as misère play (wrap it in [`cgt_core::misere::Misere`]).
///
/// ```
/// use cgt_core::misere::{Misere, MisereOutcome};
/// use cgt_core::{Outcome, Solver};
/// use cgt_impartial::heapgame::{HeapGame, HeapSum};
///
/// let kayles = HeapGame::from_name_or_code("kayles")?;
/// let mut misere = Solver::new(Misere(HeapSum::new(kayles)));
/// // Misère Kayles: a single heap of 1 loses (the only move takes the last pin), 2 wins.
/// assert_eq!(misere.misere_outcome(&HeapSum::position(&[1]))?, Outcome::P);
/// assert_eq!(misere.misere_outcome(&HeapSum::position(&[2]))?, Outcome::N);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapSum {
    game: HeapGame,
}

impl HeapSum {
    /// Sums of heaps of `game`.
    #[must_use]
    pub fn new(game: HeapGame) -> HeapSum {
        HeapSum { game }
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// A position in the solver's form: sorted, without empty heaps.
    #[must_use]
    pub fn position(heaps: &[u64]) -> Vec<u64> {
        let mut p: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        p.sort_unstable();
        p
    }
}

impl cgt_core::ImpartialGame for HeapSum {
    type Position = Vec<u64>;
    type Move = SplitMove;

    fn moves(&self, heaps: &Vec<u64>, out: &mut Vec<(SplitMove, Vec<u64>)>) {
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            for (removed, leaves) in self.game.heap_options(h) {
                let mut next: Vec<u64> =
                    heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                next.extend(&leaves);
                let mv = SplitMove {
                    heap: i,
                    from: h,
                    removed,
                    leaves,
                };
                out.push((mv, HeapSum::position(&next)));
            }
        }
    }

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in heaps.iter().enumerate() {
            // Equal heaps have the same options: take them from the first only.
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            for (_, leaves) in self.game.heap_options(h) {
                let mut next: Vec<u64> =
                    heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                next.extend(leaves);
                out.push(HeapSum::position(&next));
            }
        }
    }
}

/// A move in a sum of heaps of a heap game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SplitMove {
    /// Which heap (0-based).
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// Tokens removed.
    pub removed: u64,
    /// The heaps it becomes (empty when it disappears).
    pub leaves: Vec<u64>,
}

impl SplitMove {
    /// The move in words for a front end (`move-split-none`, `-one`, `-two`): what `Display`
    /// writes in English. `None` for a split into three or more heaps, which no heap game
    /// here makes.
    #[must_use]
    pub fn said(&self) -> Option<Said> {
        let said = Said::new(match self.leaves.len() {
            0 => "move-split-none",
            1 => "move-split-one",
            2 => "move-split-two",
            _ => return None,
        })
        .number("heap", self.heap as u64 + 1)
        .number("from", self.from)
        .number("removed", self.removed);
        Some(match self.leaves[..] {
            [a] => said.number("a", a),
            [a, b] => said.number("a", a).number("b", b),
            _ => said,
        })
    }
}

impl core::fmt::Display for SplitMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "heap {} ({}): ", self.heap + 1, self.from)?;
        if self.removed > 0 {
            write!(f, "remove {}", self.removed)?;
        } else {
            f.write_str("remove nothing")?;
        }
        match self.leaves.as_slice() {
            [] => f.write_str(", leaving nothing"),
            [one] => write!(f, ", leaving a heap of {one}"),
            more => {
                let parts: Vec<String> = more.iter().map(u64::to_string).collect();
                write!(f, ", leaving heaps of {}", parts.join(" and "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_codes() {
        let c: OctalCode = "0.77".parse().unwrap();
        assert_eq!(c.digits(), [0, 7, 7]);
        assert_eq!(c.to_string(), "0.77");
        assert_eq!(".137".parse::<OctalCode>().unwrap().to_string(), "0.137");
        assert_eq!("4.07".parse::<OctalCode>().unwrap().digits(), [4, 0, 7]);
        assert_eq!("0.7700".parse::<OctalCode>().unwrap().to_string(), "0.77");
        assert_eq!("0.f".parse::<OctalCode>().unwrap().digits(), [0, 15]);
        for bad in ["", "77", "0.", "1.7", "00.7", "0.7x", "0.-7", "12.3"] {
            assert!(bad.parse::<OctalCode>().is_err(), "{bad:?}");
        }
        let long = format!("0.{}", "7".repeat(40));
        assert_eq!(long.parse::<OctalCode>().unwrap().max_removal(), 40);
    }

    #[test]
    fn parse_sets() {
        let s: SubtractionSet = "1,3,4".parse().unwrap();
        assert_eq!(s.elements(), [1, 3, 4]);
        assert_eq!(
            "{4, 3 ,1}".parse::<SubtractionSet>().unwrap().elements(),
            [1, 3, 4]
        );
        assert!(
            "{}".parse::<SubtractionSet>()
                .unwrap()
                .elements()
                .is_empty()
        );
        assert!("0,1".parse::<SubtractionSet>().is_err());
        assert!("1,a".parse::<SubtractionSet>().is_err());
        // Found by a new user: each of these was silently accepted.
        for bad in ["1,1,2", "1,,3", "1,2,3,", ",", "1 2", "{1,2", "1}", "{,}"] {
            let err = bad.parse::<SubtractionSet>().unwrap_err();
            assert!(
                matches!(err, ImpartialError::Parse { .. }),
                "{bad:?}: {err:?}"
            );
            assert!(err.to_string().contains(&format!("{bad:?}")), "{err}");
        }
        assert!("-1".parse::<SubtractionSet>().is_err());
    }

    #[test]
    fn names() {
        assert_eq!(
            HeapGame::from_name_or_code("kayles").unwrap(),
            HeapGame::Octal("0.77".parse().unwrap())
        );
        assert_eq!(
            HeapGame::from_name_or_code("grundy").unwrap(),
            HeapGame::Grundy
        );
        assert!(HeapGame::from_name_or_code("chess").is_err());
    }

    #[test]
    fn option_counts_match_the_options_listed() {
        for name in ["kayles", "0.07", "0.137", "4.07", "0.8F", "grundy"] {
            let game = HeapGame::from_name_or_code(name).unwrap();
            for n in 0..60 {
                let listed = game.heap_options(n).len() as u128;
                let counted = game.option_count(n);
                if name.contains('F') || name.contains('8') {
                    assert!(counted >= listed, "{name} {n}: {counted} < {listed}");
                } else {
                    assert_eq!(counted, listed, "{name} {n}");
                }
            }
        }
        let sub = HeapGame::Subtraction("{1,3,4}".parse().unwrap());
        assert_eq!(sub.option_count(10), sub.heap_options(10).len() as u128);
        assert_eq!(sub.option_count(u64::MAX), 3);
        let kayles = HeapGame::from_name_or_code("kayles").unwrap();
        assert!(kayles.option_count(u64::MAX) > 1 << 62);
    }
}
