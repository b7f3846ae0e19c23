//! Printing and reading games in the standard notation.
//!
//! | Game | ASCII | Unicode |
//! |---|---|---|
//! | numbers | `3`, `-1/2`, `5/8` | |
//! | nimbers | `*`, `*2` | |
//! | ups and downs | `^`, `^^`, `^3`, `v`, `vv`, `v3` | `↑`, `⇑`, `↑3`, `↓`, `⇓` |
//! | sums of those | `1/2^*`, `-1v*3` | `1/2↑*` |
//! | switches `{x \| −x}` | `+-1` | `±1` |
//! | tiny and miny `{0 ‖ 0 \| −x}`, `{x \| 0 ‖ 0}` | `+_1`, `-_1` | |
//! | general forms | `{2\|\|1\|0}`, `{0,*\|-1}` | |
//!
//! In a general form the options of one side are separated by commas, and the sides by a run of
//! bars: the longest run at the top level separates, so `{2||1|0}` is `{2 | {1|0}}`. A game
//! that is the only option on its side is written without braces; several are braced. Sums and
//! differences (`{1|0} + ^ - 1/2`), unary minus and parentheses are read too; a minus sign
//! written against a digit belongs to the number, so `-1/2^` is `−1/2 + ↑`, as printed.
//! Printing then reading gives the same game.

use crate::arena::{Arena, GameId, Label, NOTATION_LIMIT, UP_LIMIT};
use crate::player::Player;
use crate::{Dyadic, PartizanError};

const MAX_NESTING: usize = 1000;

/// Braces and parentheses a game may nest, checked on the text before it is parsed (each level
/// takes up to three of the parser's [`MAX_NESTING`] steps, so this is what the reader sees).
pub const MAX_BRACKETS: usize = 300;

impl Arena {
    /// The game in ASCII notation (`^*`, `+-1`, `{2||1|0}`).
    pub fn display(&mut self, g: GameId) -> String {
        self.unlimited(|a| a.render(g, false).0)
    }

    /// The game with Unicode arrows and `±` (`↑*`, `±1`).
    pub fn display_unicode(&mut self, g: GameId) -> String {
        self.unlimited(|a| a.render(g, true).0)
    }

    /// Text, and the number of bars at its top level when it is a general form written without
    /// braces (0 for an atom).
    fn render(&mut self, g: GameId, unicode: bool) -> (String, usize) {
        if let Some(label) = self.label(g) {
            return (label_text(&label, unicode), 0);
        }
        let (inner, _) = self.render_form(g, unicode);
        (format!("{{{inner}}}"), 0)
    }

    /// `L|R` without the outer braces, and its bar count.
    fn render_form(&mut self, g: GameId, unicode: bool) -> (String, usize) {
        let mut sides = [(Vec::new(), 0usize), (Vec::new(), 0usize)];
        for (k, side) in [Player::Left, Player::Right].into_iter().enumerate() {
            let opts = self.options(g, side);
            let sole = opts.len() == 1;
            // The arena keeps options in the order their games were made, which depends on
            // what the arena held before: options are ordered by their ASCII text instead, so
            // that a game prints the same way whatever was computed before it, in both
            // notations.
            let mut texts: Vec<(String, String)> = Vec::with_capacity(opts.len());
            for o in opts {
                let text = if self.label(o).is_some() {
                    self.render(o, unicode).0
                } else if sole {
                    let (inner, bars) = self.render_form(o, unicode);
                    sides[k].1 = bars;
                    inner
                } else {
                    format!("{{{}}}", self.render_form(o, unicode).0)
                };
                let key = if unicode && !sole {
                    self.render(o, false).0
                } else {
                    String::new()
                };
                texts.push((key, text));
            }
            texts.sort_unstable();
            sides[k].0 = texts.into_iter().map(|(_, text)| text).collect();
        }
        let bars = 1 + sides[0].1.max(sides[1].1);
        let text = format!(
            "{}{}{}",
            sides[0].0.join(","),
            "|".repeat(bars),
            sides[1].0.join(",")
        );
        (text, bars)
    }

    /// Reads a game in the notation of this module (see the module documentation).
    ///
    /// # Errors
    /// [`PartizanError::Parse`] for text that is not a game, with what was expected;
    /// [`PartizanError::NumberRange`] for numbers out of range; [`PartizanError::TooLarge`] for
    /// nimbers above `*1024` or more than 64 ups.
    pub fn parse(&mut self, text: &str) -> Result<GameId, PartizanError> {
        let cs: Vec<char> = text.chars().collect();
        let mut level = 0usize;
        for &c in &cs {
            match c {
                '{' | '(' => level += 1,
                '}' | ')' => level = level.saturating_sub(1),
                _ => {}
            }
            if level > MAX_BRACKETS {
                return Err(PartizanError::parse(
                    text,
                    format!(
                        "nested too deeply (more than {MAX_BRACKETS} levels of braces and parentheses)"
                    ),
                ));
            }
        }
        let mut p = Parser {
            arena: self,
            text,
            depth: 0,
        };
        p.game(&cs)
    }
}

fn label_text(label: &Label, unicode: bool) -> String {
    match *label {
        Label::Nus { x, ups, nim } => {
            let mut s = String::new();
            if x != Dyadic::ZERO || (ups == 0 && nim == 0) {
                s.push_str(&x.to_string());
            }
            let n = ups.unsigned_abs();
            let (one, two) = match (ups > 0, unicode) {
                (true, false) => ("^", "^^"),
                (false, false) => ("v", "vv"),
                (true, true) => ("↑", "⇑"),
                (false, true) => ("↓", "⇓"),
            };
            match n {
                0 => {}
                1 => s.push_str(one),
                2 => s.push_str(two),
                _ => {
                    s.push_str(one);
                    s.push_str(&n.to_string());
                }
            }
            match nim {
                0 => {}
                1 => s.push('*'),
                m => {
                    s.push('*');
                    s.push_str(&m.to_string());
                }
            }
            s
        }
        Label::Switch(x) => format!("{}{x}", if unicode { "±" } else { "+-" }),
        Label::Tiny(x) => format!("+_{x}"),
        Label::Miny(x) => format!("-_{x}"),
    }
}

struct Parser<'a, 't> {
    arena: &'a mut Arena,
    text: &'t str,
    depth: usize,
}

pub(crate) fn trim(cs: &[char]) -> &[char] {
    let start = cs
        .iter()
        .position(|c| !c.is_whitespace())
        .unwrap_or(cs.len());
    let end = cs
        .iter()
        .rposition(|c| !c.is_whitespace())
        .map_or(start, |e| e + 1);
    &cs[start..end.max(start)]
}

/// Positions and lengths of the runs of bars outside braces and parentheses, or `None` when the
/// brackets do not balance.
pub(crate) fn top_bars(cs: &[char]) -> Option<Vec<(usize, usize)>> {
    let mut depth = 0usize;
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        match cs[i] {
            '{' | '(' => depth += 1,
            '}' | ')' => depth = depth.checked_sub(1)?,
            '|' if depth == 0 => {
                let start = i;
                while i < cs.len() && cs[i] == '|' {
                    i += 1;
                }
                runs.push((start, i - start));
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    (depth == 0).then_some(runs)
}

/// Splits at commas outside brackets.
fn top_commas(cs: &[char]) -> Vec<&[char]> {
    split_outside(cs, |cs, i, _| cs[i] == ',')
}

/// Splits `cs` at the characters outside braces and parentheses where `at(cs, i, start)` holds
/// (`start`: where the current part began); the separators are dropped.
pub(crate) fn split_outside(
    cs: &[char],
    at: impl Fn(&[char], usize, usize) -> bool,
) -> Vec<&[char]> {
    let mut depth = 0usize;
    let mut parts = Vec::new();
    let mut start = 0;
    for (i, &c) in cs.iter().enumerate() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 && at(cs, i, start) => {
                parts.push(&cs[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&cs[start..]);
    parts
}

/// The index of the bracket closing the one at `open`.
fn closing(cs: &[char], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in cs.iter().enumerate().skip(open) {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

const EXPECTED: &str =
    "expected a game such as 3, -1/2, *, *2, ^, v*, +-1, +_1, {1|0} or {2||1|0}, or a sum of them";

impl Parser<'_, '_> {
    fn err(&self, message: impl Into<String>) -> PartizanError {
        PartizanError::parse(self.text, message)
    }

    fn enter(&mut self) -> Result<(), PartizanError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.err(format!(
                "nested too deeply (more than {MAX_NESTING} signs and levels in all)"
            )));
        }
        Ok(())
    }

    fn game(&mut self, cs: &[char]) -> Result<GameId, PartizanError> {
        self.enter()?;
        let cs = trim(cs);
        if cs.is_empty() {
            return Err(self.err(EXPECTED));
        }
        let runs = top_bars(cs).ok_or_else(|| self.err("unbalanced braces or parentheses"))?;
        let g = if runs.is_empty() {
            self.expr(cs)
        } else {
            self.sides(cs, &runs)
        }?;
        self.depth -= 1;
        Ok(g)
    }

    fn sides(&mut self, cs: &[char], runs: &[(usize, usize)]) -> Result<GameId, PartizanError> {
        let longest = runs.iter().map(|r| r.1).max().unwrap_or(1);
        let at: Vec<&(usize, usize)> = runs.iter().filter(|r| r.1 == longest).collect();
        let &[&(pos, len)] = at.as_slice() else {
            return Err(self.err(format!(
                "ambiguous: {} runs of {longest} bar(s) at the same level; brace the inner games",
                at.len()
            )));
        };
        let mut options = [Vec::new(), Vec::new()];
        for (k, side) in [&cs[..pos], &cs[pos + len..]].into_iter().enumerate() {
            let side = trim(side);
            if side.is_empty() {
                continue;
            }
            let inner = top_bars(side).ok_or_else(|| self.err("unbalanced braces"))?;
            if !inner.is_empty() {
                options[k].push(self.game(side)?);
                continue;
            }
            for part in top_commas(side) {
                if trim(part).is_empty() {
                    return Err(self.err("an empty option between commas"));
                }
                options[k].push(self.game(part)?);
            }
        }
        self.arena.form(&options[0], &options[1])
    }

    fn expr(&mut self, cs: &[char]) -> Result<GameId, PartizanError> {
        let mut i = 0;
        let mut acc = self.term(cs, &mut i)?;
        loop {
            while i < cs.len() && cs[i].is_whitespace() {
                i += 1;
            }
            if i >= cs.len() {
                return Ok(acc);
            }
            let rest = &cs[i..];
            if rest.starts_with(&['+', '-']) || rest[0] == '±' {
                i += if rest[0] == '±' { 1 } else { 2 };
                let t = self.term(cs, &mut i)?;
                let s = self.switch(t)?;
                acc = self.arena.sum(acc, s)?;
            } else if rest[0] == '+' {
                i += 1;
                let t = self.term(cs, &mut i)?;
                acc = self.arena.sum(acc, t)?;
            } else if rest[0] == '-' {
                i += 1;
                let t = self.term(cs, &mut i)?;
                acc = self.arena.sub(acc, t)?;
            } else {
                return Err(self.err(format!("unexpected {:?}; {EXPECTED}", rest[0])));
            }
        }
    }

    fn switch(&mut self, g: GameId) -> Result<GameId, PartizanError> {
        let n = self.arena.try_neg(g)?;
        // {G | −G} is not always canonical (±0 = *); form() reduces it.
        self.arena.form(&[g], &[n])
    }

    fn term(&mut self, cs: &[char], i: &mut usize) -> Result<GameId, PartizanError> {
        self.enter()?;
        while *i < cs.len() && cs[*i].is_whitespace() {
            *i += 1;
        }
        let rest = &cs[*i..];
        let g = if rest.starts_with(&['+', '_']) || rest.starts_with(&['-', '_']) {
            let tiny = rest[0] == '+';
            *i += 2;
            let x = self.term(cs, i)?;
            let zero = self.arena.zero();
            if tiny {
                let nx = self.arena.try_neg(x)?;
                let inner = self.arena.form(&[zero], &[nx])?;
                self.arena.form(&[zero], &[inner])?
            } else {
                let inner = self.arena.form(&[x], &[zero])?;
                self.arena.form(&[inner], &[zero])?
            }
        } else if rest.starts_with(&['+', '-']) || rest.first() == Some(&'±') {
            *i += if rest[0] == '±' { 1 } else { 2 };
            let t = self.term(cs, i)?;
            self.switch(t)?
        } else if rest.first() == Some(&'-') && rest.get(1).is_some_and(char::is_ascii_digit) {
            // A negative number literal: `-1/2^*` is −1/2 + ↑ + *, as printed.
            *i += 1;
            self.atom(cs, i, true)?
        } else if rest.first() == Some(&'-') {
            *i += 1;
            let t = self.term(cs, i)?;
            self.arena.try_neg(t)?
        } else {
            self.atom(cs, i, false)?
        };
        self.depth -= 1;
        Ok(g)
    }

    fn digits(&self, cs: &[char], i: &mut usize) -> Option<String> {
        let start = *i;
        while *i < cs.len() && cs[*i].is_ascii_digit() {
            *i += 1;
        }
        (*i > start).then(|| cs[start..*i].iter().collect())
    }

    fn count(&self, d: &str) -> Result<u64, PartizanError> {
        d.parse::<u64>().map_err(|_| PartizanError::TooLarge {
            message: format!("{d} is too large here"),
        })
    }

    /// A number, nimber, up or bracketed game, with ups and stars after it; `negative` negates
    /// the number literal only.
    fn atom(
        &mut self,
        cs: &[char],
        i: &mut usize,
        negative: bool,
    ) -> Result<GameId, PartizanError> {
        let Some(&c) = cs.get(*i) else {
            return Err(self.err(EXPECTED));
        };
        let mut g = match c {
            '{' | '(' => {
                let close = closing(cs, *i).ok_or_else(|| self.err("unbalanced braces"))?;
                if (c == '{') != (cs[close] == '}') {
                    return Err(self.err("a brace closed by a parenthesis, or the reverse"));
                }
                let inner = &cs[*i + 1..close];
                *i = close + 1;
                let runs = top_bars(inner).ok_or_else(|| self.err("unbalanced braces"))?;
                if c == '{' {
                    if runs.is_empty() {
                        return Err(self.err("a form needs a bar between its sides: {L|R}"));
                    }
                    self.enter()?;
                    let g = self.sides(inner, &runs)?;
                    self.depth -= 1;
                    g
                } else {
                    self.game(inner)?
                }
            }
            d if d.is_ascii_digit() => {
                let mut text = self.digits(cs, i).unwrap_or_default();
                if cs.get(*i) == Some(&'/') {
                    *i += 1;
                    let den = self
                        .digits(cs, i)
                        .ok_or_else(|| self.err("expected a denominator after '/'"))?;
                    text = format!("{text}/{den}");
                }
                let x: Dyadic = text.parse()?;
                self.arena.number(if negative { -x } else { x })
            }
            '^' | 'v' | '↑' | '↓' | '⇑' | '⇓' | '*' => self.arena.zero(),
            other => return Err(self.err(format!("unexpected {other:?}; {EXPECTED}"))),
        };
        // Ups, downs and stars written after a number (or alone).
        let mut ups: i64 = 0;
        let mut nim: u64 = 0;
        while let Some(&c) = cs.get(*i) {
            let sign = match c {
                '^' | '↑' | '⇑' => 1,
                'v' | '↓' | '⇓' => -1,
                '*' => 0,
                _ => break,
            };
            *i += 1;
            if sign == 0 {
                let m = match self.digits(cs, i) {
                    Some(d) => self.count(&d)?,
                    None => 1,
                };
                if m > NOTATION_LIMIT {
                    return Err(PartizanError::TooLarge {
                        message: format!("*{m} is above the notation's limit of *{NOTATION_LIMIT}"),
                    });
                }
                nim ^= m;
                continue;
            }
            let mut n: u64 = if matches!(c, '⇑' | '⇓') { 2 } else { 1 };
            if matches!(c, '^' | 'v') && cs.get(*i) == Some(&c) {
                *i += 1;
                n = 2;
            } else if n == 1
                && let Some(d) = self.digits(cs, i)
            {
                n = self.count(&d)?;
            }
            ups = ups.saturating_add(sign * n.min(i64::MAX as u64) as i64);
        }
        if ups.unsigned_abs() > UP_LIMIT {
            return Err(PartizanError::TooLarge {
                message: format!(
                    "{} ups are above the notation's limit of {UP_LIMIT}",
                    ups.unsigned_abs()
                ),
            });
        }
        if ups != 0 {
            let up = self.arena.up();
            let base = if ups > 0 { up } else { self.arena.try_neg(up)? };
            let u = self.arena.times(base, ups.unsigned_abs())?;
            g = self.arena.sum(g, u)?;
        }
        if nim != 0 {
            let s = self.arena.nimber(nim)?;
            g = self.arena.sum(g, s)?;
        }
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use crate::Arena;

    #[test]
    fn a_game_prints_the_same_whatever_the_arena_made_before() {
        let text = "{1,{3|0}|-1,{0|-3}}";
        let mut fresh = Arena::new();
        let g = fresh.parse(text).unwrap();
        let first = fresh.display(g);
        // Another arena makes the options first, in the other order.
        let mut used = Arena::new();
        for before in ["{0|-3}", "-1", "{3|0}", "1"] {
            used.parse(before).unwrap();
        }
        let g = used.parse(text).unwrap();
        assert_eq!(used.display(g), first);
        assert_eq!(first, text);
    }
}
