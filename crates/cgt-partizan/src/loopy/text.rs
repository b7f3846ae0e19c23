//! Reading loopy games from text, and writing them back.
//!
//! Two forms, told apart by an `=` outside braces:
//! - an expression: a sum of terms joined by ` + `, each a named value (`on`, `off`, `over`,
//!   `under`, `upon`, `downon`, `dud`, `tis`, `tisn`), a short game in the usual notation
//!   (`*`, `1/2`, `{2||1|0}`), or a form `{… | …}` whose options are terms or `pass`, a move
//!   to the form itself (`upon = {pass|*}`);
//! - a system of positions, one `name = {… | …}` per line or separated by `;`, whose options
//!   may also name positions of the system (before or after their own line); play starts at the
//!   first. `#` starts a comment;
//! - an edge list, next to the impartial graph format: one move per line, `u L v` (Left moves
//!   from `u` to `v`) or `u R v`, a line with a single name declaring a position; play starts
//!   at the first name. `#` starts a comment.

use rustc_hash::FxHashMap;

use super::graph::{Builder, LoopyGame, NAMED};
use crate::notation::{split_outside, trim};
use crate::{Arena, PartizanError};

/// Most characters read; a longer text is refused before parsing.
pub const MAX_TEXT: usize = 1 << 20;

/// Most positions of a sum written in the text.
pub const MAX_SUM: u64 = 1 << 20;

impl LoopyGame {
    /// Reads a game in the text form of [`crate::loopy`]: an expression such as
    /// `on + {pass|*}`, or a system such as `a = {b|}; b = {|a}`.
    ///
    /// # Errors
    /// [`PartizanError::Parse`] naming the position or term that could not be read.
    ///
    /// ```
    /// use cgt_partizan::loopy::LoopyGame;
    ///
    /// let tis = LoopyGame::parse("a = {b|}; b = {|a}")?;
    /// assert_eq!((tis.len(), tis.name(tis.start())), (2, "a"));
    /// let sum = LoopyGame::parse("over + *")?;
    /// assert!(!sum.is_short());
    /// # Ok::<(), cgt_partizan::PartizanError>(())
    /// ```
    pub fn parse(text: &str) -> Result<LoopyGame, PartizanError> {
        if text.len() > MAX_TEXT {
            return Err(PartizanError::TooLarge {
                message: format!(
                    "loopy game text of {} bytes: at most {MAX_TEXT} are read",
                    text.len()
                ),
            });
        }
        if let Some(g) = edge_list(text)? {
            return Ok(g);
        }
        let body: String = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join(";");
        let cs: Vec<char> = body.chars().collect();
        if let Some(why) = depth_error(&cs) {
            return Err(PartizanError::parse(text, why));
        }
        let mut reader = Reader {
            arena: Arena::new(),
            builder: Builder::default(),
            defined: FxHashMap::default(),
            named: FxHashMap::default(),
            text,
        };
        let start = if split_top(&cs, '=').len() > 1 {
            reader.system(&cs)?
        } else {
            reader.expression(&cs, None)?
        };
        Ok(reader.builder.finish(start))
    }
}

struct Reader<'t> {
    arena: Arena,
    builder: Builder,
    /// Positions of the system by name.
    defined: FxHashMap<String, u32>,
    /// Named values already embedded.
    named: FxHashMap<&'static str, u32>,
    text: &'t str,
}

impl Reader<'_> {
    fn error(&self, message: String) -> PartizanError {
        PartizanError::parse(self.text, message)
    }

    fn system(&mut self, cs: &[char]) -> Result<u32, PartizanError> {
        let mut equations = Vec::new();
        for part in split_top(cs, ';') {
            let part = trim(part);
            if part.is_empty() {
                continue;
            }
            let sides = split_top(part, '=');
            let [name, form] = sides.as_slice() else {
                return Err(self.error(format!(
                    "expected `name = {{left | right}}`, found {:?}",
                    text(part)
                )));
            };
            let name = text(trim(name));
            if !is_word(&name) || name == "pass" {
                return Err(self.error(format!(
                    "{name:?} is not a position name (letters, digits and _, not `pass`)"
                )));
            }
            if self.defined.contains_key(&name) {
                return Err(self.error(format!("position {name:?} is defined twice")));
            }
            let id = self.builder.add(name.clone());
            self.defined.insert(name, id);
            equations.push((id, trim(form)));
        }
        let Some(&(start, _)) = equations.first() else {
            return Err(self.error("no positions".into()));
        };
        for (id, form) in equations {
            if form.first() != Some(&'{') || form.last() != Some(&'}') {
                return Err(self.error(format!(
                    "position {:?} must be a form {{left | right}}, found {:?}",
                    self.builder.names[id as usize],
                    text(form)
                )));
            }
            self.form_into(id, form)?;
        }
        Ok(start)
    }

    /// A sum of terms; `this` is the position `pass` moves to, inside a form.
    fn expression(&mut self, cs: &[char], this: Option<u32>) -> Result<u32, PartizanError> {
        let terms = split_sum(cs);
        if terms.len() == 1 {
            return self.term(trim(cs), this);
        }
        let (refers_any, named) = self.mentions(cs);
        let refers = terms.iter().any(|t| text(t) == "pass")
            || words(cs).iter().any(|w| self.defined.contains_key(w));
        if !refers_any && !named {
            // A sum of short games: the notation reads it whole.
            let g = self.arena.parse(&text(cs))?;
            return self.builder.short(&mut self.arena, g);
        }
        if refers {
            return Err(self.error(format!(
                "the sum {:?} uses `pass` or a position of the system; sums may only join named values and short games (give the sum's parts their own positions instead)",
                text(cs)
            )));
        }
        let mut games = Vec::with_capacity(terms.len());
        for t in &terms {
            let p = self.term(trim(t), this)?;
            games.push(self.snapshot(p));
        }
        let budget = cgt_core::budget::Budget::unlimited().with_positions(MAX_SUM);
        let sum = LoopyGame::sum(&games, &budget).map_err(|_| {
            self.error(format!(
                "the sum has more than {MAX_SUM} positions, the most a game read from text may have"
            ))
        })?;
        Ok(self.builder.embed(&sum))
    }

    fn term(&mut self, cs: &[char], this: Option<u32>) -> Result<u32, PartizanError> {
        let word = text(cs);
        if word.is_empty() {
            return Err(self.error("an empty term".into()));
        }
        if word == "pass" {
            return this
                .ok_or_else(|| self.error("`pass` is only meaningful inside a form {…|…}".into()));
        }
        if let Some(&id) = self.defined.get(&word) {
            return Ok(id);
        }
        if let Some(&(name, _)) = NAMED.iter().find(|(n, _)| *n == word) {
            if let Some(&id) = self.named.get(name) {
                return Ok(id);
            }
            let g = LoopyGame::named(name).expect("the named values parse");
            let id = self.builder.embed(&g);
            self.named.insert(name, id);
            return Ok(id);
        }
        let (refers, named) = self.mentions(cs);
        if cs.first() == Some(&'{') && cs.last() == Some(&'}') && (refers || named) {
            let id = self.builder.add(String::new());
            self.form_into(id, cs)?;
            self.builder.names[id as usize] = word;
            return Ok(id);
        }
        let g = self.arena.parse(&word).map_err(|e| {
            if is_word(&word) && word.chars().any(char::is_alphabetic) {
                self.error(format!(
                    "{word:?} is not a position of the system, a named value ({}) or a short game",
                    NAMED.map(|(n, _)| n).join(", ")
                ))
            } else {
                e
            }
        })?;
        self.builder.short(&mut self.arena, g)
    }

    /// Whether text mentions `pass` or a position of the system (first), or a named value
    /// (second).
    fn mentions(&self, cs: &[char]) -> (bool, bool) {
        let words = words(cs);
        (
            words
                .iter()
                .any(|w| w == "pass" || self.defined.contains_key(w)),
            words.iter().any(|w| NAMED.iter().any(|(n, _)| n == w)),
        )
    }

    /// Reads `{left | right}` as the options of position `id`. As in the short notation, the
    /// longest run of bars splits the form and shorter runs make forms of their own (`{0 ||
    /// 0 | pass}` is `{0 | {0 | pass}}`); `pass` moves to the innermost form around it.
    fn form_into(&mut self, id: u32, cs: &[char]) -> Result<(), PartizanError> {
        self.form_sides(id, &cs[1..cs.len() - 1])
    }

    /// Reads `left | right` (a form without its braces) as the options of position `id`.
    fn form_sides(&mut self, id: u32, inner: &[char]) -> Result<(), PartizanError> {
        let Some((l, r)) = split_bars(inner) else {
            return Err(self.error(format!(
                "a loopy form needs one longest run of bars between its Left and Right options: {:?}",
                format!("{{{}}}", clipped(inner))
            )));
        };
        for (side, is_left) in [(l, true), (r, false)] {
            let side = trim(side);
            if side.is_empty() {
                continue;
            }
            if split_bars(side).is_some() {
                // A side with bars of its own is one form: `0|pass` in `{0 || 0|pass}`.
                let o = self.builder.add(format!("{{{}}}", clipped(side)));
                self.form_sides(o, side)?;
                if is_left {
                    self.builder.left[id as usize].push(o);
                } else {
                    self.builder.right[id as usize].push(o);
                }
                continue;
            }
            for option in split_top(side, ',') {
                let o = self.expression(trim(option), Some(id))?;
                if is_left {
                    self.builder.left[id as usize].push(o);
                } else {
                    self.builder.right[id as usize].push(o);
                }
            }
        }
        Ok(())
    }

    /// The game at `position` of what has been read so far (a named value or a short game:
    /// complete when read).
    fn snapshot(&self, position: u32) -> LoopyGame {
        LoopyGame {
            names: self.builder.names.clone(),
            left: self.builder.left.clone(),
            right: self.builder.right.clone(),
            start: position,
        }
        .trimmed()
    }
}

/// Text cut to 60 characters, for names and messages.
fn clipped(cs: &[char]) -> String {
    clip(text(cs))
}

/// `t` cut to 60 characters.
fn clip(t: String) -> String {
    if t.chars().count() > 60 {
        t.chars().take(57).collect::<String>() + "..."
    } else {
        t
    }
}

fn text(cs: &[char]) -> String {
    cs.iter().collect::<String>().trim().to_owned()
}

/// The words (runs of letters, digits and `_`) of some text.
fn words(cs: &[char]) -> Vec<String> {
    text(cs)
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

fn is_word(w: &str) -> bool {
    !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// Most levels of braces and parentheses read.
const MAX_DEPTH: i64 = 256;

/// Why the brackets of `cs` cannot be read: unbalanced, or nested deeper than [`MAX_DEPTH`].
fn depth_error(cs: &[char]) -> Option<String> {
    let mut depth = 0i64;
    for &c in cs {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return Some("the braces do not balance".into());
        }
        if depth > MAX_DEPTH {
            return Some(format!(
                "nested too deeply (more than {MAX_DEPTH} levels of braces and parentheses)"
            ));
        }
    }
    (depth != 0).then(|| "the braces do not balance".into())
}

/// Splits at `sep` outside braces and parentheses.
fn split_top(cs: &[char], sep: char) -> Vec<&[char]> {
    split_outside(cs, |cs, i, _| cs[i] == sep)
}

/// Splits the inside of a form at its one longest run of `|` outside braces: `None` when
/// there is no bar or two runs are longest.
fn split_bars(cs: &[char]) -> Option<(&[char], &[char])> {
    let runs = crate::notation::top_bars(cs)?;
    let longest = runs.iter().map(|&(_, len)| len).max()?;
    let mut at = runs.iter().filter(|&&(_, len)| len == longest);
    let &(start, len) = at.next()?;
    if at.next().is_some() {
        return None;
    }
    Some((&cs[..start], &cs[start + len..]))
}

/// Splits a sum at `+` outside braces, except the `+` of `+-x` and `+_x` and a leading sign.
fn split_sum(cs: &[char]) -> Vec<&[char]> {
    split_outside(cs, |cs, i, start| {
        cs[i] == '+' && !trim(&cs[start..i]).is_empty() && !matches!(cs.get(i + 1), Some('-' | '_'))
    })
}

impl LoopyGame {
    /// The game in the text form [`LoopyGame::parse`] reads back: a short game in canonical
    /// notation (`{1|*}`); a named value when the graph is exactly that value's (`on`, `upon`);
    /// a single loopy position as a form with `pass` (`{pass|0, *}`); otherwise a system of
    /// positions `a = {…}; b = {…}` in which short positions, positions that are exactly a
    /// named value, and positions from which play reaches only such positions are written
    /// inline (`{on|{0|-1/2}}`, `{on|0||0}`).
    #[must_use]
    pub fn display(&self) -> String {
        structure(self, true)
    }
}

/// The game's text cut to 60 characters, for error messages.
pub(crate) fn short_name(g: &LoopyGame) -> String {
    clip(g.display())
}

/// The named value whose graph `g` is exactly, if any.
fn named_value(g: &LoopyGame) -> Option<&'static str> {
    let text = structure(g, false);
    NAMED.iter().map(|&(name, _)| name).find(|name| {
        let named = LoopyGame::named(name).expect("the named values parse");
        structure(&named, false) == text
    })
}

/// The game from `x` when it has at most `limit` positions.
fn small_part(g: &LoopyGame, x: usize, limit: usize) -> Option<LoopyGame> {
    let mut order = vec![x];
    let mut i = 0;
    while i < order.len() {
        let y = order[i];
        for &o in g.left[y].iter().chain(&g.right[y]) {
            if !order.contains(&(o as usize)) {
                if order.len() == limit {
                    return None;
                }
                order.push(o as usize);
            }
        }
        i += 1;
    }
    let at = |o: &u32| {
        order
            .iter()
            .position(|&y| y == *o as usize)
            .expect("reached") as u32
    };
    Some(LoopyGame {
        names: order.iter().map(|&y| g.names[y].clone()).collect(),
        left: order
            .iter()
            .map(|&y| g.left[y].iter().map(at).collect())
            .collect(),
        right: order
            .iter()
            .map(|&y| g.right[y].iter().map(at).collect())
            .collect(),
        start: 0,
    })
}

/// Longest inline form written; longer ones keep a label.
const MAX_INLINE: usize = 200;

/// The positions not in `atoms` whose every option is an atom or such a position, as `L|R`
/// without braces with its count of bars (a sole option that is itself inline loses its braces
/// and adds a bar), options first.
fn inline_forms(g: &LoopyGame, atoms: &[Option<String>]) -> Vec<Option<(String, usize)>> {
    let n = g.len();
    let mut inline: Vec<Option<(String, usize)>> = vec![None; n];
    let mut waiting = vec![0usize; n];
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut ready = Vec::new();
    for x in (0..n).filter(|&x| atoms[x].is_none()) {
        for &o in g.left[x].iter().chain(&g.right[x]) {
            if atoms[o as usize].is_none() {
                waiting[x] += 1;
                preds[o as usize].push(x);
            }
        }
        if waiting[x] == 0 {
            ready.push(x);
        }
    }
    while let Some(x) = ready.pop() {
        let mut bars = 0;
        let mut side = |opts: &[u32]| -> Option<String> {
            let sole = opts.len() == 1;
            let mut parts = Vec::with_capacity(opts.len());
            for &o in opts {
                let o = o as usize;
                parts.push(match (&atoms[o], &inline[o]) {
                    (Some(a), _) => a.clone(),
                    (None, Some((inner, b))) if sole => {
                        bars = bars.max(*b);
                        inner.clone()
                    }
                    (None, Some((inner, _))) => format!("{{{inner}}}"),
                    (None, None) => return None,
                });
            }
            parts.sort();
            Some(parts.join(","))
        };
        let (Some(l), Some(r)) = (side(&g.left[x]), side(&g.right[x])) else {
            continue;
        };
        let bars = bars + 1;
        let inner = format!("{l}{}{r}", "|".repeat(bars));
        if inner.len() > MAX_INLINE {
            continue;
        }
        inline[x] = Some((inner, bars));
        for &p in &preds[x] {
            waiting[p] -= 1;
            if waiting[p] == 0 {
                ready.push(p);
            }
        }
    }
    inline
}

/// Most positions a named value's graph has (`upon`: itself, `*` and `0`).
const NAMED_SIZE: usize = 3;

/// The text form; with `name_parts`, positions whose graph is exactly a named value's are
/// written by that name.
fn structure(g: &LoopyGame, name_parts: bool) -> String {
    let g = g.trimmed();
    let n = g.len();
    let finite = super::solve::finite_nodes(n, |v, out| {
        out.extend(g.left[v].iter().chain(&g.right[v]).copied());
    });
    let mut arena = Arena::new();
    let mut short: Vec<Option<String>> = vec![None; n];
    // Short positions in canonical notation, options before positions (a finite position's
    // options are finite), by an explicit post-order: chains can be long.
    let mut value: Vec<Option<crate::GameId>> = vec![None; n];
    // A form whose numbers leave the dyadic range, and the forms above it, stay unnamed.
    let mut failed = vec![false; n];
    for root in (0..n).filter(|&x| finite[x]) {
        let mut stack = vec![(root, false)];
        while let Some((x, expanded)) = stack.pop() {
            if value[x].is_some() || failed[x] {
                continue;
            }
            if !expanded {
                stack.push((x, true));
                let opts = g.left[x].iter().chain(&g.right[x]).map(|&o| o as usize);
                stack.extend(opts.filter(|&o| value[o].is_none()).map(|o| (o, false)));
                continue;
            }
            let side = |opts: &[u32]| -> Option<Vec<crate::GameId>> {
                opts.iter().map(|&o| value[o as usize]).collect()
            };
            match (side(&g.left[x]), side(&g.right[x])) {
                (Some(l), Some(r)) => match arena.form(&l, &r) {
                    Ok(v) => {
                        value[x] = Some(v);
                        short[x] = Some(arena.display(v));
                    }
                    Err(_) => failed[x] = true,
                },
                _ => failed[x] = true,
            }
        }
    }
    if name_parts {
        for (x, text) in short.iter_mut().enumerate() {
            if text.is_none()
                && let Some(at) = small_part(&g, x, NAMED_SIZE)
            {
                *text = named_value(&at).map(str::to_owned);
            }
        }
    }
    if let Some(s) = &short[0] {
        return s.clone();
    }
    // Positions from which every play reaches short or named positions are written inline,
    // as forms in the short notation's bars (`{on|0||0}`).
    let inline = inline_forms(&g, &short);
    for x in 0..n {
        if let Some((inner, _)) = &inline[x] {
            short[x] = Some(format!("{{{inner}}}"));
        }
    }
    if let Some(s) = &short[0] {
        return s.clone();
    }
    // The positions written as forms: those reached from the start through such positions.
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut stack = vec![0usize];
    while let Some(x) = stack.pop() {
        for &o in g.left[x].iter().chain(&g.right[x]) {
            let o = o as usize;
            if !seen[o] && short[o].is_none() {
                seen[o] = true;
                stack.push(o);
            }
        }
    }
    let loopy: Vec<usize> = (0..n).filter(|&x| seen[x]).collect();
    let mut rank = vec![usize::MAX; n];
    for (i, &x) in loopy.iter().enumerate() {
        rank[x] = i;
    }
    let label = |x: usize| letters(rank[x]);
    let single = loopy.len() == 1;
    let form = |x: usize| -> String {
        let side = |opts: &[u32]| -> String {
            let mut parts: Vec<String> = opts
                .iter()
                .map(|&o| match &short[o as usize] {
                    Some(s) => s.clone(),
                    None if single => "pass".to_owned(),
                    None => label(o as usize),
                })
                .collect();
            parts.sort();
            parts.join(", ")
        };
        format!("{{{}|{}}}", side(&g.left[x]), side(&g.right[x]))
    };
    if single {
        return form(0);
    }
    loopy
        .iter()
        .map(|&x| format!("{} = {}", label(x), form(x)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// `a`, `b`, …, `z`, `a1`, `b1`, …
fn letters(i: usize) -> String {
    let c = (b'a' + (i % 26) as u8) as char;
    if i < 26 {
        c.to_string()
    } else {
        format!("{c}{}", i / 26)
    }
}

/// A loopy game as data — the JSON form: `{"start": "a", "positions": [{"name": "a", "left":
/// ["b"], "right": []}, …]}`. Options name positions, or are terms of the text form (`0`,
/// `{1|*}`, `on`, `pass`); `start` defaults to the first position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LoopyDescription {
    /// The positions.
    pub positions: Vec<PositionDescription>,
    /// Where play starts (a position's name); the first position when absent.
    #[cfg_attr(feature = "serde", serde(default))]
    pub start: Option<String>,
}

/// One position of a [`LoopyDescription`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PositionDescription {
    /// Its name: letters, digits and `_`.
    pub name: String,
    /// Left's options.
    #[cfg_attr(feature = "serde", serde(default))]
    pub left: Vec<String>,
    /// Right's options.
    #[cfg_attr(feature = "serde", serde(default))]
    pub right: Vec<String>,
}

impl LoopyGame {
    /// The game a description gives.
    ///
    /// # Errors
    /// [`PartizanError::Parse`] for a name that is not a word, an unknown start, or an option
    /// that cannot be read.
    pub fn from_description(d: &LoopyDescription) -> Result<LoopyGame, PartizanError> {
        let bad = |message: String| Err(PartizanError::parse("loopy game description", message));
        let mut order: Vec<&PositionDescription> = d.positions.iter().collect();
        if let Some(s) = &d.start {
            match order.iter().position(|p| &p.name == s) {
                Some(i) => {
                    let p = order.remove(i);
                    order.insert(0, p);
                }
                None => return bad(format!("the start {s:?} is not a position")),
            }
        }
        let mut text = String::new();
        for p in order {
            if !is_word(&p.name) || p.name == "pass" {
                return bad(format!("{:?} is not a position name", p.name));
            }
            for o in p.left.iter().chain(&p.right) {
                let cs: Vec<char> = o.chars().collect();
                let one_term = split_top(&cs, ',').len() == 1 && split_top(&cs, '|').len() == 1;
                if o.trim().is_empty() || o.contains([';', '=', '#', '\n']) || !one_term {
                    return bad(format!("option {o:?} of {:?} is not one term", p.name));
                }
            }
            text.push_str(&format!(
                "{} = {{{} | {}}}\n",
                p.name,
                p.left.join(", "),
                p.right.join(", ")
            ));
        }
        if text.is_empty() {
            return bad("no positions".into());
        }
        LoopyGame::parse(&text)
    }
}

/// The edge-list form (see the module docs), or `None` when the text is not one: it needs a
/// line `u L v` or `u R v`, and every line must be such a move or a single name.
fn edge_list(text: &str) -> Result<Option<LoopyGame>, PartizanError> {
    use cgt_core::text::{Names, records};
    let all: Vec<_> = records(text).collect();
    let is_move = |f: &[&str]| f.len() == 3 && matches!(f[1], "L" | "R");
    if !all.iter().any(|r| is_move(&r.fields)) || text.contains(['{', '=']) {
        return Ok(None);
    }
    let mut names = Names::new();
    let mut moves = Vec::new();
    for r in &all {
        match r.fields.as_slice() {
            [v] => {
                names.id(v);
            }
            [u, side, v] if matches!(*side, "L" | "R") => {
                let u = names.id(u);
                moves.push((u, *side == "L", names.id(v)));
            }
            _ => {
                return Err(PartizanError::parse(
                    r.text,
                    format!(
                        "line {}: expected `u L v` (a Left move), `u R v` (a Right move) or a position name",
                        r.line
                    ),
                ));
            }
        }
    }
    let names = names.into_names();
    let n = names.len();
    let (mut left, mut right) = (vec![Vec::new(); n], vec![Vec::new(); n]);
    for (u, is_left, v) in moves {
        if is_left {
            left[u as usize].push(v);
        } else {
            right[u as usize].push(v);
        }
    }
    LoopyGame::new(names, left, right, 0).map(Some)
}
