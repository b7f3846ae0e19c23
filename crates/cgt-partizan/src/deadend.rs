//! Left dead ends under misère play, and their factorisations.
//!
//! A *Left end* is a game in which Left has no move; a *Left dead end* is one in which Left will
//! never have a move again: every follower is a Left end. So a Left dead end is nothing but the
//! set of Right's options, each a Left dead end, and the sum of two is one. In misère play the
//! player who cannot move wins, so Left to move wins a sum of Left dead ends at once; what sets
//! them apart is how they behave next to other games. They are taken here in the dead-ending
//! universe (every end is a dead end; Milley and Renault), where they behave the same as in any
//! universe containing them (Siegel).
//!
//! The facts used, and checked by the sweeps `partizan/dead-end-*` against plain misère search:
//! - Order: `G ≥ H` (for every dead-ending `X`, Left does at least as well in `G + X` as in
//!   `H + X`, whoever starts) exactly when `race(G) ≥ race(H)` — the race is the fewest moves
//!   in which Right can run out of moves — and every Right option of `G` is at least some Right
//!   option of `H`. This is the comparison of Larsson, Nowakowski and Santos for absolute
//!   universes specialised to Left dead ends: their proviso against Right ends is the race, and
//!   their maintenance condition is the statement on options.
//! - Canonical form: remove dominated Right options (a Right option at least another one);
//!   dead ends have no reversible options. Equal dead ends have the same canonical form.
//! - The canonical forms form a monoid under the sum (Davies, *On factorisations of Left dead
//!   ends*, 2024): commutative, cancellative, reduced (`0` is the only invertible element), and
//!   every element has finitely many factorisations into atoms (games that are not a sum of two
//!   non-zero games). Birthday and race add up over sums, which bounds every search here.
//!
//! Integers are written as forms: `-n` is Right's chain of `n` moves (written `n̄` by Davies),
//! `{|0,-2}` a game in which Right may move to `0` or to `-2`.
//!
//! ```
//! use cgt_partizan::deadend::DeadEnds;
//!
//! let mut d = DeadEnds::new();
//! let g = d.parse("-2 + {|0,-3}")?;
//! assert_eq!(d.display(g), "{|{|{|0,-3}}}");
//! assert_eq!((d.birthday(g), d.race(g)), (6, 3));
//! // 0 and 1̄ are incomparable: Right's spare move helps her in some sums and not in others.
//! let (zero, one) = (d.zero(), d.integer(1)?);
//! assert!(!d.ge(zero, one) && !d.ge(one, zero));
//! // Every way to write g as a sum of atoms:
//! let text: Vec<Vec<String>> = d
//!     .factorisations(g, 10)?
//!     .0
//!     .iter()
//!     .map(|f| f.iter().map(|&a| d.display(a)).collect())
//!     .collect();
//! assert_eq!(text, [vec!["-1", "-1", "{|0,-3}"]]);
//! # Ok::<(), cgt_partizan::PartizanError>(())
//! ```

use core::cmp::Ordering;
use std::collections::HashMap;

use rustc_hash::{FxHashMap, FxHashSet};

use cgt_core::budget::Budget;

use crate::PartizanError;

/// A Left dead end in canonical form, stored in a [`DeadEnds`] arena. Equal games have equal
/// ids within one arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeadEnd(u32);

impl DeadEnd {
    /// The game's index in its arena (equal games, equal indices).
    #[must_use]
    pub fn index(self) -> u32 {
        self.0
    }
}

/// The most games one arena stores before refusing to build more.
pub const DEAD_END_LIMIT: usize = 1 << 21;

/// The largest birthday stored (the comparison, sums and display recurse along Right's runs).
pub const BIRTHDAY_LIMIT: u32 = 2000;

/// The longest integer chain `-n` the notation accepts.
const CHAIN_LIMIT: u64 = BIRTHDAY_LIMIT as u64;

/// How deeply braces may nest in the notation.
const NESTING_LIMIT: usize = 200;

#[derive(Debug)]
struct Node {
    /// Right's options, canonical, without dominated ones, in [`DeadEnds::structural`] order.
    options: Box<[DeadEnd]>,
    birthday: u32,
    race: u32,
}

/// Hash-consed canonical Left dead ends with memoised comparison, sums and quotients.
#[derive(Debug)]
pub struct DeadEnds {
    nodes: Vec<Node>,
    index: FxHashMap<Box<[DeadEnd]>, DeadEnd>,
    ge_memo: FxHashMap<(DeadEnd, DeadEnd), bool>,
    sums: FxHashMap<(DeadEnd, DeadEnd), DeadEnd>,
    quotients: FxHashMap<(DeadEnd, DeadEnd), Option<DeadEnd>>,
    divisors: FxHashMap<DeadEnd, std::sync::Arc<[DeadEnd]>>,
    limits: Budget,
    /// Work done since the budget was last checked.
    work: u32,
}

impl Default for DeadEnds {
    fn default() -> DeadEnds {
        DeadEnds::new()
    }
}

impl DeadEnds {
    /// An arena holding only `0`.
    #[must_use]
    pub fn new() -> DeadEnds {
        let mut d = DeadEnds {
            nodes: Vec::new(),
            index: FxHashMap::default(),
            ge_memo: FxHashMap::default(),
            sums: FxHashMap::default(),
            quotients: FxHashMap::default(),
            divisors: FxHashMap::default(),
            limits: Budget::unlimited(),
            work: 0,
        };
        d.nodes.push(Node {
            options: Box::new([]),
            birthday: 0,
            race: 0,
        });
        d.index.insert(Box::new([]), DeadEnd(0));
        d
    }

    /// Stops sums, quotients and factorisations at the first limit of `limits` passed (time,
    /// memory — the games and memo tables stored —, or its stop flag).
    #[must_use]
    pub fn with_limits(mut self, limits: Budget) -> DeadEnds {
        self.limits = limits;
        self
    }

    /// Replaces the budget (for an arena kept between calls, each with its own limits).
    pub fn set_limits(&mut self, limits: Budget) {
        self.limits = limits;
        self.work = 0;
    }

    /// Counts one step of work and checks the budget every few thousand.
    fn step(&mut self) -> Result<(), PartizanError> {
        self.work += 1;
        if self.work >= 4096 {
            self.work = 0;
            let entries = self.ge_memo.len() + self.sums.len() + self.quotients.len();
            let memory = (self.nodes.len() * 96 + entries * 48) as u64;
            self.limits
                .check(self.nodes.len() as u64, memory)
                .map_err(PartizanError::Stopped)?;
        }
        Ok(())
    }

    /// The game `0`, in which nobody can move.
    #[must_use]
    pub fn zero(&self) -> DeadEnd {
        DeadEnd(0)
    }

    /// How many games the arena stores.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena stores only `0` (it always stores `0`).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    fn node(&self, g: DeadEnd) -> &Node {
        &self.nodes[g.0 as usize]
    }

    /// Right's options of `g` in canonical form, in a fixed order (by birthday, race, then
    /// options).
    #[must_use]
    pub fn options(&self, g: DeadEnd) -> &[DeadEnd] {
        &self.node(g).options
    }

    /// The birthday: the longest run of Right moves.
    #[must_use]
    pub fn birthday(&self, g: DeadEnd) -> u32 {
        self.node(g).birthday
    }

    /// The race: the fewest moves in which Right can run out of moves.
    #[must_use]
    pub fn race(&self, g: DeadEnd) -> u32 {
        self.node(g).race
    }

    /// Whether `g` is an integer `n̄` (Right's chain of `n` moves), and which.
    #[must_use]
    pub fn as_integer(&self, g: DeadEnd) -> Option<u32> {
        let node = self.node(g);
        (node.birthday == node.race).then_some(node.race)
    }

    /// Right's chain of `n` moves (`-n` as a form, `n̄` in Davies' notation).
    ///
    /// # Errors
    /// [`PartizanError::TooLarge`] past the arena's limits.
    pub fn integer(&mut self, n: u32) -> Result<DeadEnd, PartizanError> {
        let mut g = self.zero();
        for _ in 0..n {
            g = self.from_options(&[g])?;
        }
        Ok(g)
    }

    /// Every canonical Left dead end born by day `day` (at most 4: 1, 2, 4, 10 and 52 games by
    /// days 0 to 4; day 5 has too many to list), in the order they are first found.
    ///
    /// # Errors
    /// [`PartizanError::Argument`] past day 4.
    pub fn born_by(&mut self, day: u32) -> Result<Vec<DeadEnd>, PartizanError> {
        if day > 4 {
            return Err(PartizanError::Argument {
                message: format!(
                    "the dead ends born by day {day} are too many to list; days 0 to 4 are listed"
                ),
            });
        }
        let mut table = vec![self.zero()];
        for _ in 0..day {
            let older = table.clone();
            for m in 0u32..1 << older.len() {
                let options: Vec<DeadEnd> = (0..older.len())
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| older[i])
                    .collect();
                let g = self.from_options(&options)?;
                if !table.contains(&g) {
                    table.push(g);
                }
            }
        }
        Ok(table)
    }

    /// The game `{| options }` in canonical form: dominated options removed.
    ///
    /// # Errors
    /// [`PartizanError::TooLarge`] past the arena's limits, [`PartizanError::Stopped`] past
    /// its budget.
    pub fn from_options(&mut self, options: &[DeadEnd]) -> Result<DeadEnd, PartizanError> {
        self.step()?;
        let mut kept: Vec<DeadEnd> = Vec::with_capacity(options.len());
        for &x in options {
            // x is dominated if some kept y <= x (y = x included): Right prefers y.
            if kept.iter().any(|&y| self.ge(x, y)) {
                continue;
            }
            // x now dominates every kept y >= x.
            kept.retain(|&y| !self.ge(y, x));
            kept.push(x);
        }
        kept.sort_by(|&a, &b| self.structural(a, b));
        if let Some(&g) = self.index.get(kept.as_slice()) {
            return Ok(g);
        }
        if self.nodes.len() >= DEAD_END_LIMIT {
            return Err(PartizanError::TooLarge {
                message: format!(
                    "more than {DEAD_END_LIMIT} distinct dead ends would be needed; try a smaller game"
                ),
            });
        }
        let birthday = 1 + kept.iter().map(|&x| self.birthday(x)).max().unwrap_or(0);
        if birthday > BIRTHDAY_LIMIT {
            return Err(PartizanError::TooLarge {
                message: format!(
                    "a dead end born on day {birthday} would be needed; the limit is day {BIRTHDAY_LIMIT}"
                ),
            });
        }
        let race = kept.iter().map(|&x| self.race(x) + 1).min().unwrap_or(0);
        let g = DeadEnd(u32::try_from(self.nodes.len()).expect("limit below 2^32"));
        let options: Box<[DeadEnd]> = kept.into_boxed_slice();
        self.index.insert(options.clone(), g);
        self.nodes.push(Node {
            options,
            birthday,
            race,
        });
        Ok(g)
    }

    /// A total order that depends only on the games, not on when they were stored: birthday,
    /// race, number of options, then the options in turn.
    fn structural(&self, a: DeadEnd, b: DeadEnd) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (x, y) = (self.node(a), self.node(b));
        x.birthday
            .cmp(&y.birthday)
            .then(x.race.cmp(&y.race))
            .then(x.options.len().cmp(&y.options.len()))
            .then_with(|| {
                x.options
                    .iter()
                    .zip(y.options.iter())
                    .map(|(&p, &q)| self.structural(p, q))
                    .find(|o| o.is_ne())
                    .unwrap_or(Ordering::Equal)
            })
    }

    /// Whether `g ≥ h` in misère play over the dead-ending universe.
    pub fn ge(&mut self, g: DeadEnd, h: DeadEnd) -> bool {
        if g == h {
            return true;
        }
        if self.race(g) < self.race(h) || self.birthday(g) > self.birthday(h) {
            // The birthday test is a consequence (g ≥ h forces birthday(g) ≤ birthday(h) by
            // induction on options: each gᴿ is at least some hᴿ), a cheap refutation.
            return false;
        }
        if let Some(&known) = self.ge_memo.get(&(g, h)) {
            return known;
        }
        // Indices rather than a copy of the option lists: this is the innermost loop.
        let (ng, nh) = (self.options(g).len(), self.options(h).len());
        let answer = (0..ng).all(|i| {
            let gr = self.options(g)[i];
            (0..nh).any(|j| {
                let hr = self.options(h)[j];
                self.ge(gr, hr)
            })
        });
        self.ge_memo.insert((g, h), answer);
        answer
    }

    /// Whether `g ≤ h`.
    pub fn le(&mut self, g: DeadEnd, h: DeadEnd) -> bool {
        self.ge(h, g)
    }

    /// The sum `g + h`, in canonical form.
    ///
    /// # Errors
    /// [`PartizanError::TooLarge`] past the arena's limits, [`PartizanError::Stopped`] past
    /// its budget.
    pub fn sum(&mut self, g: DeadEnd, h: DeadEnd) -> Result<DeadEnd, PartizanError> {
        if g == self.zero() {
            return Ok(h);
        }
        if h == self.zero() {
            return Ok(g);
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        let (ng, nh) = (self.options(g).len(), self.options(h).len());
        let mut options = Vec::with_capacity(ng + nh);
        for i in 0..ng {
            let gr = self.options(g)[i];
            options.push(self.sum(gr, h)?);
        }
        for j in 0..nh {
            let hr = self.options(h)[j];
            options.push(self.sum(g, hr)?);
        }
        let s = self.from_options(&options)?;
        self.sums.insert(key, s);
        Ok(s)
    }

    /// The `b` with `a + b = g`, if there is one (it is unique: the monoid is cancellative).
    ///
    /// Every canonical option of `a + b` is `aᴿ + b` or `a + bᴿ`. If one of the first kind
    /// survives in `g`, `b` is a quotient of an option of `g` by an option of `a`. If none does,
    /// every option of `g` is some `a + bᴿ`, and every `a + bᴿ` survives (one dominated by
    /// another `a + bᴿ'` would make `bᴿ` dominated in `b`, the order being cancellative), so
    /// `b`'s options are the quotients of `g`'s options by `a`. Each candidate is checked by
    /// adding it back.
    ///
    /// # Errors
    /// [`PartizanError::TooLarge`] past the arena's limits, [`PartizanError::Stopped`] past
    /// its budget.
    pub fn quotient(&mut self, g: DeadEnd, a: DeadEnd) -> Result<Option<DeadEnd>, PartizanError> {
        if a == self.zero() {
            return Ok(Some(g));
        }
        if a == g {
            return Ok(Some(self.zero()));
        }
        if self.birthday(a) > self.birthday(g) || self.race(a) > self.race(g) {
            return Ok(None);
        }
        if let Some(&known) = self.quotients.get(&(g, a)) {
            return Ok(known);
        }
        let birthday = self.birthday(g) - self.birthday(a);
        let race = self.race(g) - self.race(a);
        let (gs, as_) = (self.node(g).options.clone(), self.node(a).options.clone());
        self.step()?;
        // The answer is unique, so the first candidate that adds back is it.
        let mut tried = FxHashSet::default();
        let mut found = None;
        'search: for &gr in &gs {
            for &ar in &as_ {
                if let Some(b) = self.quotient(gr, ar)?
                    && self.birthday(b) == birthday
                    && self.race(b) == race
                    && tried.insert(b)
                    && self.sum(a, b)? == g
                {
                    found = Some(b);
                    break 'search;
                }
            }
        }
        if found.is_none() {
            let mut visible = Vec::new();
            for &gr in &gs {
                if let Some(br) = self.quotient(gr, a)? {
                    visible.push(br);
                }
            }
            if !visible.is_empty() {
                let b = self.from_options(&visible)?;
                if self.birthday(b) == birthday
                    && self.race(b) == race
                    && !tried.contains(&b)
                    && self.sum(a, b)? == g
                {
                    found = Some(b);
                }
            }
        }
        self.quotients.insert((g, a), found);
        Ok(found)
    }

    /// Every `a` with `a + b = g` for some `b`, `0` and `g` included, in a fixed order
    /// (birthday, race, then options).
    ///
    /// # Errors
    /// [`PartizanError::TooLarge`] past the arena's limits, [`PartizanError::Stopped`] past
    /// its budget.
    pub fn divisors(&mut self, g: DeadEnd) -> Result<std::sync::Arc<[DeadEnd]>, PartizanError> {
        if let Some(known) = self.divisors.get(&g) {
            return Ok(known.clone());
        }
        // If g = a + b with a, b ≠ 0, some canonical option of g is a + bᴿ or aᴿ + b: one of
        // a, b divides an option of g, and the other is the quotient of g by it.
        let mut found = vec![self.zero()];
        if g != self.zero() {
            found.push(g);
        }
        let mut known: FxHashSet<DeadEnd> = found.iter().copied().collect();
        let mut tried = FxHashSet::default();
        for gr in &self.node(g).options.clone() {
            for &d in self.divisors(*gr)?.iter() {
                // A divisor found already came with its partner.
                if known.contains(&d) || !tried.insert(d) {
                    continue;
                }
                if let Some(e) = self.quotient(g, d)? {
                    for x in [d, e] {
                        if known.insert(x) {
                            found.push(x);
                        }
                    }
                }
            }
        }
        found.sort_by(|&x, &y| self.structural(x, y));
        let found: std::sync::Arc<[DeadEnd]> = found.into();
        self.divisors.insert(g, found.clone());
        Ok(found)
    }

    /// Whether `g` is an atom: not `0`, and not a sum of two games other than `0`.
    ///
    /// # Errors
    /// [`PartizanError::TooLarge`] past the arena's limits, [`PartizanError::Stopped`] past
    /// its budget.
    pub fn is_atom(&mut self, g: DeadEnd) -> Result<bool, PartizanError> {
        Ok(g != self.zero() && self.divisors(g)?.len() == 2)
    }

    /// The factorisations of `g` into atoms, each a list of atoms in a fixed order (birthday,
    /// race, then options); at most `limit` of them, with the total number.
    ///
    /// # Errors
    /// [`PartizanError::TooLarge`] past the arena's limits, [`PartizanError::Stopped`] past
    /// its budget.
    pub fn factorisations(
        &mut self,
        g: DeadEnd,
        limit: usize,
    ) -> Result<(Vec<Vec<DeadEnd>>, u64), PartizanError> {
        let mut out = Vec::new();
        let mut count = 0;
        let mut prefix = Vec::new();
        if g != self.zero() {
            self.factor_into(g, None, &mut prefix, &mut out, &mut count, limit)?;
        }
        Ok((out, count))
    }

    fn factor_into(
        &mut self,
        g: DeadEnd,
        least: Option<DeadEnd>,
        prefix: &mut Vec<DeadEnd>,
        out: &mut Vec<Vec<DeadEnd>>,
        count: &mut u64,
        limit: usize,
    ) -> Result<(), PartizanError> {
        self.step()?;
        if g == self.zero() {
            *count += 1;
            if out.len() < limit {
                out.push(prefix.clone());
            }
            return Ok(());
        }
        let divisors = self.divisors(g)?;
        for &a in divisors.iter() {
            if a == self.zero() || least.is_some_and(|l| self.structural(a, l).is_lt()) {
                continue;
            }
            if !self.is_atom(a)? {
                continue;
            }
            let rest = self.quotient(g, a)?.expect("a divisor divides");
            prefix.push(a);
            self.factor_into(rest, Some(a), prefix, out, count, limit)?;
            prefix.pop();
        }
        Ok(())
    }

    /// The game in the notation [`Self::parse`] reads: `0`, `-n` for integers, `{|a,b}`.
    #[must_use]
    pub fn display(&self, g: DeadEnd) -> String {
        self.display_within(g, usize::MAX)
    }

    /// As [`Self::display`], cut after about `max` characters with `…` (the written form of a
    /// sum can be exponentially longer than the number of games it is made of).
    #[must_use]
    pub fn display_within(&self, g: DeadEnd, max: usize) -> String {
        let mut out = String::new();
        if !self.write(g, &mut out, max) {
            out.push('…');
        }
        out
    }

    /// The number of characters of [`Self::display`], without writing it.
    #[must_use]
    pub fn display_len(&self, g: DeadEnd) -> u64 {
        fn len(d: &DeadEnds, g: DeadEnd, memo: &mut HashMap<DeadEnd, u64>) -> u64 {
            if let Some(n) = d.as_integer(g) {
                return if n == 0 {
                    1
                } else {
                    1 + n.to_string().len() as u64
                };
            }
            if let Some(&known) = memo.get(&g) {
                return known;
            }
            let options = &d.node(g).options;
            let total = options.iter().map(|&x| len(d, x, memo)).fold(
                3 + options.len().saturating_sub(1) as u64,
                u64::saturating_add,
            );
            memo.insert(g, total);
            total
        }
        len(self, g, &mut HashMap::new())
    }

    /// Writes `g`; false when it stopped at `max` characters.
    fn write(&self, g: DeadEnd, out: &mut String, max: usize) -> bool {
        if out.len() >= max {
            return false;
        }
        if let Some(n) = self.as_integer(g) {
            if n == 0 {
                out.push('0');
            } else {
                out.push('-');
                out.push_str(&n.to_string());
            }
            return true;
        }
        out.push_str("{|");
        for (i, &x) in self.node(g).options.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            if !self.write(x, out, max) {
                return false;
            }
        }
        out.push('}');
        true
    }

    /// Reads a Left dead end: `0`, `-n` (Right's chain of `n` moves), `{|a,b,…}` and sums
    /// `a + b`. A Left option anywhere is refused: the game would not be a Left dead end.
    ///
    /// # Errors
    /// [`PartizanError::Parse`] with what was expected, [`PartizanError::TooLarge`] past the
    /// arena's limit.
    pub fn parse(&mut self, text: &str) -> Result<DeadEnd, PartizanError> {
        let mut reader = Reader {
            text,
            bytes: text.as_bytes(),
            at: 0,
        };
        let g = reader.sum(self, 0)?;
        reader.skip_space();
        if reader.at < reader.bytes.len() {
            return Err(reader.error("unexpected text after the game"));
        }
        Ok(g)
    }
}

/// A recursive-descent reader of the dead-end notation.
struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn error(&self, message: &str) -> PartizanError {
        PartizanError::parse(
            self.text,
            format!("{message} (at character {})", self.at + 1),
        )
    }

    fn skip_space(&mut self) {
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.bytes.get(self.at).copied()
    }

    fn sum(&mut self, d: &mut DeadEnds, depth: usize) -> Result<DeadEnd, PartizanError> {
        let mut g = self.term(d, depth)?;
        while self.peek() == Some(b'+') {
            self.at += 1;
            let h = self.term(d, depth)?;
            g = d.sum(g, h)?;
        }
        Ok(g)
    }

    fn term(&mut self, d: &mut DeadEnds, depth: usize) -> Result<DeadEnd, PartizanError> {
        match self.peek() {
            Some(b'0') => {
                self.at += 1;
                if self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
                    return Err(self.error("a number other than 0 is a Left dead end only as -n"));
                }
                Ok(d.zero())
            }
            Some(b'-') => {
                self.at += 1;
                let start = self.at;
                while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
                    self.at += 1;
                }
                let digits = &self.text[start..self.at];
                if digits.is_empty() {
                    return Err(self.error("expected digits after '-'"));
                }
                let n: u64 = digits.parse().unwrap_or(u64::MAX);
                if n > CHAIN_LIMIT {
                    return Err(PartizanError::TooLarge {
                        message: format!(
                            "-{digits} is a chain of more than {CHAIN_LIMIT} moves; the notation accepts chains up to -{CHAIN_LIMIT}"
                        ),
                    });
                }
                d.integer(u32::try_from(n).expect("below the chain limit"))
            }
            Some(b'{') => {
                if depth >= NESTING_LIMIT {
                    return Err(self.error("braces nested too deeply"));
                }
                self.at += 1;
                if self.peek() != Some(b'|') {
                    return Err(self.error(
                        "Left has a move here, so this is not a Left dead end (expected '|' right after '{')",
                    ));
                }
                self.at += 1;
                let mut options = Vec::new();
                if self.peek() != Some(b'}') {
                    loop {
                        options.push(self.sum(d, depth + 1)?);
                        match self.peek() {
                            Some(b',') => self.at += 1,
                            Some(b'}') => break,
                            _ => return Err(self.error("expected ',' or '}'")),
                        }
                    }
                }
                self.at += 1;
                d.from_options(&options)
            }
            Some(c) if c.is_ascii_digit() => Err(self.error(
                "a positive integer gives Left moves, so it is not a Left dead end; Right's chain of n moves is -n",
            )),
            Some(_) => Err(self.error("expected 0, -n or {|…}")),
            None => Err(self.error("expected a game")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_pairwise_incomparable_and_add() -> Result<(), PartizanError> {
        let mut d = DeadEnds::new();
        let ints: Vec<DeadEnd> = (0..6).map(|n| d.integer(n)).collect::<Result<_, _>>()?;
        for (i, &x) in ints.iter().enumerate() {
            for (j, &y) in ints.iter().enumerate() {
                assert_eq!(d.ge(x, y), i == j, "{i} vs {j}");
                if i + j < 6 {
                    assert_eq!(d.sum(x, y)?, ints[i + j]);
                }
            }
        }
        Ok(())
    }

    #[test]
    fn dominated_options_go() -> Result<(), PartizanError> {
        let mut d = DeadEnds::new();
        // {|0,-1} <= -1 (race equal, -1's option 0 is matched by 0), so Right's -1 is dominated.
        let g = d.parse("{|-1, {|0,-1}}")?;
        assert_eq!(d.display(g), "{|{|0,-1}}");
        assert_eq!(d.parse("{|0,-1}")?, d.parse("{|-1,0,-1}")?);
        Ok(())
    }

    #[test]
    fn factorisations_of_sums_contain_the_summands() -> Result<(), PartizanError> {
        let mut d = DeadEnds::new();
        let a = d.parse("{|0,-2}")?;
        let b = d.parse("{|-1,{|0,-1}}")?;
        let g = d.sum(a, b)?;
        assert_eq!(d.quotient(g, a)?, Some(b));
        assert_eq!(d.quotient(g, b)?, Some(a));
        let divisors = d.divisors(g)?;
        assert!(divisors.contains(&a) && divisors.contains(&b) && divisors.contains(&g));
        let (all, count) = d.factorisations(g, 100)?;
        assert_eq!(all.len() as u64, count);
        for f in &all {
            let mut s = d.zero();
            for &x in f {
                assert!(d.is_atom(x)?);
                s = d.sum(s, x)?;
            }
            assert_eq!(s, g);
        }
        Ok(())
    }

    #[test]
    fn the_dead_ends_born_by_day_4() -> Result<(), PartizanError> {
        let mut d = DeadEnds::new();
        let counts: Vec<usize> = (0..=4)
            .map(|day| d.born_by(day).map(|t| t.len()))
            .collect::<Result<_, _>>()?;
        assert_eq!(counts, [1, 2, 4, 10, 52]);
        let table = d.born_by(4)?;
        let mut atoms = 0;
        for &g in &table {
            atoms += usize::from(d.is_atom(g)?);
        }
        assert_eq!(atoms, 41);
        // Every sum of two of them factorises in one way only.
        for &a in &table {
            for &b in &table {
                let g = d.sum(a, b)?;
                let (_, count) = d.factorisations(g, 0)?;
                assert_eq!(
                    count,
                    u64::from(g != d.zero()),
                    "{} + {}",
                    d.display(a),
                    d.display(b)
                );
            }
        }
        assert!(d.born_by(5).is_err());
        Ok(())
    }

    #[test]
    fn long_forms_are_measured_and_cut() -> Result<(), PartizanError> {
        let mut d = DeadEnds::new();
        let g = d.parse("{|0,{|0,-1}} + {|0,{|0,-1}} + {|-3,-4,-5,-6} + -12")?;
        let full = d.display(g);
        assert_eq!(d.display_len(g), full.chars().count() as u64);
        let cut = d.display_within(g, 40);
        assert!(
            cut.ends_with('…') && cut.len() < 60 && full.starts_with(cut.trim_end_matches('…'))
        );
        assert_eq!(d.display_within(g, usize::MAX), full);
        Ok(())
    }

    #[test]
    fn bad_notation_is_refused() {
        let mut d = DeadEnds::new();
        for bad in [
            "{1|}",
            "1",
            "{|",
            "-",
            "{|0,}",
            "0 +",
            "-99999999999",
            "x",
            "{|0} 0",
        ] {
            assert!(d.parse(bad).is_err(), "{bad}");
        }
        let deep = "{|".repeat(300) + &"}".repeat(300);
        assert!(d.parse(&deep).is_err());
    }
}
