//! Col and Snort, the map-colouring games of *Winning Ways* (ch. 2): the players take turns to
//! colour an empty square, Left blue (`x`) and Right red (`o`). In **Col** a square may not be
//! coloured next to a square of its own colour; in **Snort** not next to a square of the
//! other colour. The player who cannot colour loses.
//!
//! Boards are rows of `.` (empty), `x`, `o` (coloured) and `#` (no square) separated by `/` or
//! new lines, at most 64 squares; squares are next to each other orthogonally. An empty square
//! may also be written `l` (only Left may still colour it), `r` (only Right) or `-` (neither):
//! the *tinted* squares of Winning Ways, which is what an empty square becomes next to a
//! coloured one.
//!
//! Only the empty squares and who may colour each matter, so a board is kept as two masks
//! (the squares Left may colour, those Right may), coloured squares becoming tints on their
//! neighbours. Groups of orthogonally connected colourable squares are independent games, and
//! each is keyed by the least of its images under the eight symmetries of the rectangle and
//! the exchange of colours (both rules are symmetric in the players, so the exchange negates
//! the value). A square that only one player may colour is a free move for that player: ±1.

use core::fmt;
use core::str::FromStr;

use crate::grid::{MAX_CELLS, Shape, masks_of, parse_grid, symbol_at, write_rows};
use crate::player::Player;
use crate::search::PartizanGame;
use crate::{Arena, GameId, Paint, PartizanError};

/// The two rules: whom a coloured square forbids its neighbours to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A square may not be coloured next to its own colour.
    Col,
    /// A square may not be coloured next to the other colour.
    Snort,
}

impl Rule {
    /// The rules' name, as the command line writes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rule::Col => "Col",
            Rule::Snort => "Snort",
        }
    }

    /// Where a colour may not go, in words.
    #[must_use]
    pub fn forbids(self) -> &'static str {
        match self {
            Rule::Col => "not next to its own colour",
            Rule::Snort => "not next to the other colour",
        }
    }
}

/// A Col or Snort position: a board of squares, coloured ones, and who may colour each empty
/// square. The same board serves both rules; the rule is the game's ([`Colouring`]).
///
/// ```
/// use cgt_partizan::colouring::{Colouring, Map};
/// use cgt_partizan::{Arena, Evaluator};
///
/// let mut arena = Arena::new();
/// // Col on a path of three squares; Snort on the same path.
/// let map: Map = "...".parse()?;
/// let col = Evaluator::new(Colouring::col()).value(&mut arena, &map)?;
/// let snort = Evaluator::new(Colouring::snort()).value(&mut arena, &map)?;
/// assert_eq!(arena.display(col), "0"); // {-1*|1*}
/// assert_eq!(arena.display(snort), "+-2");
/// # Ok::<(), cgt_partizan::PartizanError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Map {
    rows: u8,
    cols: u8,
    /// The squares of the board (bit `r·cols + c`).
    squares: u64,
    /// Squares coloured by Left (blue).
    x: u64,
    /// Squares coloured by Right (red).
    o: u64,
    /// Empty squares Left may colour.
    left: u64,
    /// Empty squares Right may colour.
    right: u64,
}

crate::grid::rectangle!(Map);

impl Map {
    /// Whether `(row, col)` is a square of the board (not `#`).
    #[must_use]
    pub fn is_square(&self, row: usize, col: usize) -> bool {
        self.bit(row, col).is_some_and(|b| self.squares & b != 0)
    }

    /// The colour of `(row, col)`: `Some(Player::Left)` for blue (`x`), `Some(Player::Right)`
    /// for red (`o`), `None` when empty or off the board.
    #[must_use]
    pub fn colour(&self, row: usize, col: usize) -> Option<Player> {
        crate::grid::owner(self.x, self.o, self.bit(row, col)?)
    }

    /// Whether `player` may colour `(row, col)` now (under the rule the board was made for:
    /// the tints are part of the board).
    #[must_use]
    pub fn may_colour(&self, player: Player, row: usize, col: usize) -> bool {
        self.bit(row, col)
            .is_some_and(|b| self.allowed(player) & b != 0)
    }

    fn allowed(&self, player: Player) -> u64 {
        match player {
            Player::Left => self.left,
            Player::Right => self.right,
        }
    }

    /// Empty squares that someone may still colour.
    fn open(&self) -> u64 {
        self.left | self.right
    }

    /// Squares orthogonally next to a square of `m` (on the board).
    fn around(&self, m: u64) -> u64 {
        self.shape().around(m)
    }

    fn with(shape: Shape, [squares, x, o, left, right]: [u64; 5]) -> Map {
        Map {
            rows: shape.rows as u8,
            cols: shape.cols as u8,
            squares,
            x,
            o,
            left,
            right,
        }
    }

    fn masks(&self) -> [u64; 5] {
        [self.squares, self.x, self.o, self.left, self.right]
    }

    /// The board with `cell` coloured by `player` under `rule`.
    fn coloured(&self, rule: Rule, player: Player, cell: u64) -> Map {
        let mut m = *self;
        m.left &= !cell;
        m.right &= !cell;
        let near = self.around(cell);
        match player {
            Player::Left => m.x |= cell,
            Player::Right => m.o |= cell,
        }
        // Col forbids the mover's colour next to it, Snort the other's.
        match (rule, player) {
            (Rule::Col, Player::Left) | (Rule::Snort, Player::Right) => m.left &= !near,
            (Rule::Col, Player::Right) | (Rule::Snort, Player::Left) => m.right &= !near,
        }
        m
    }

    /// The empty squares each player may colour on a board with colours `x` and `o`, under
    /// `rule`, before any tint.
    fn permitted(&self, rule: Rule) -> (u64, u64) {
        let empty = self.squares & !(self.x | self.o);
        let (near_x, near_o) = (self.around(self.x), self.around(self.o));
        match rule {
            Rule::Col => (empty & !near_x, empty & !near_o),
            Rule::Snort => (empty & !near_o, empty & !near_x),
        }
    }

    /// The board `text` read under `rule` (whose colours tint their neighbours).
    ///
    /// # Errors
    /// A malformed board, or more than 64 squares.
    pub fn parse_for(text: &str, rule: Rule) -> Result<Map, PartizanError> {
        let mut m = Map::read(text)?;
        let (left, right) = m.permitted(rule);
        m.left &= left;
        m.right &= right;
        Ok(m)
    }

    /// The board as written, with the tints written and not yet applied.
    fn read(text: &str) -> Result<Map, PartizanError> {
        let (rows, cols, cells) = parse_grid(
            text,
            &['.', 'x', 'o', '#', 'l', 'r', '-'],
            "Col or Snort board",
        )?;
        debug_assert!(rows * cols <= MAX_CELLS);
        let shape = Shape { rows, cols };
        let [x, o, both, left, right, holes] = masks_of(&cells, ['x', 'o', '.', 'l', 'r', '#']);
        Ok(Map::with(
            shape,
            [shape.all() & !holes, x, o, both | left, both | right],
        ))
    }

    /// The board cut down to the squares of `keep` (colourable squares), without colours:
    /// the tints say everything the colours did.
    fn crop(&self, keep: u64) -> Map {
        let (shape, [left, right]) = self.shape().crop(keep, [self.left, self.right]);
        Map::with(shape, [left | right, 0, 0, left, right])
    }
}

impl FromStr for Map {
    type Err = PartizanError;

    /// Reads a board with the tints written (`l`, `r`) and no tint from its colours: use
    /// [`Map::parse_for`] (or let the rules do it, [`Colouring::board`]) to apply a rule.
    fn from_str(s: &str) -> Result<Map, PartizanError> {
        Map::read(s)
    }
}

impl fmt::Display for Map {
    /// Squares as written: `#` off the board, `x`/`o` coloured, and an empty square `.` when
    /// both may colour it, `l` or `r` when one may, `-` when neither.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let marks = [
            (!self.squares, '#'),
            (self.x, 'x'),
            (self.o, 'o'),
            (self.left & self.right, '.'),
            (self.left, 'l'),
            (self.right, 'r'),
        ];
        write_rows(f, self.shape(), |i| symbol_at(i, &marks, '-'))
    }
}

/// The rules of Col or Snort, for an [`crate::Evaluator`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colouring {
    rule: Rule,
}

impl Colouring {
    /// Col.
    #[must_use]
    pub const fn col() -> Colouring {
        Colouring { rule: Rule::Col }
    }

    /// Snort.
    #[must_use]
    pub const fn snort() -> Colouring {
        Colouring { rule: Rule::Snort }
    }

    /// The rule played.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The board `text` under these rules (its colours tint their neighbours).
    ///
    /// # Errors
    /// A malformed board.
    pub fn board(&self, text: &str) -> Result<Map, PartizanError> {
        Map::parse_for(text, self.rule)
    }

    /// The moves of `player`: the square coloured, with the board after each.
    #[must_use]
    pub fn moves(&self, map: &Map, player: Player) -> Vec<((usize, usize), Map)> {
        let w = map.cols();
        let mut bits = map.allowed(player);
        let mut out = Vec::with_capacity(bits.count_ones() as usize);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out.push(((i / w, i % w), map.coloured(self.rule, player, 1 << i)));
        }
        out
    }
}

impl PartizanGame for Colouring {
    type Position = Map;
    type Move = Paint;

    fn moves(&self, map: &Map, player: Player, out: &mut Vec<(Paint, Map)>) {
        out.extend(
            Colouring::moves(self, map, player)
                .into_iter()
                .map(|(cell, m)| (Paint { cell }, m)),
        );
    }

    fn options(&self, map: &Map, player: Player, out: &mut Vec<Map>) {
        let mut bits = map.allowed(player);
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            out.push(map.coloured(self.rule, player, 1 << i));
        }
    }

    fn components(&self, map: &Map, out: &mut Vec<Map>) {
        let shape = map.shape();
        for group in shape.groups(map.open(), |g| shape.around(g)) {
            out.push(map.crop(group));
        }
    }

    fn normalize(&self, map: &Map) -> (Map, bool) {
        // Components arrive cropped and uncoloured; a board straight from the user is
        // cropped here too (its colours only matter through the tints).
        let base = map.crop(map.open());
        let (shape, masks, negated) =
            base.shape()
                .least_image(base.masks(), |_, [squares, x, o, left, right]| {
                    [
                        ([squares, x, o, left, right], false),
                        ([squares, o, x, right, left], true),
                    ]
                });
        (Map::with(shape, masks), negated)
    }

    fn known_value(&self, map: &Map, arena: &mut Arena) -> Option<Result<GameId, PartizanError>> {
        // Squares no neighbour of which anyone may colour are independent: a square both may
        // colour is *, one only Left may colour 1, one only Right may colour −1.
        let open = map.open();
        if map.around(open) & open != 0 {
            return None;
        }
        let both = (map.left & map.right).count_ones();
        let left = i64::from((map.left & !map.right).count_ones());
        let right = i64::from((map.right & !map.left).count_ones());
        let number = arena.integer(left - right);
        Some(
            arena
                .nimber(u64::from(both % 2))
                .and_then(|star| arena.sum(number, star)),
        )
    }
}

/// Col as a [`crate::ruleset::Ruleset`]: [`Colouring::col`] on a board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Col;

/// Snort as a [`crate::ruleset::Ruleset`]: [`Colouring::snort`] on a board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Snort;

fn colouring_title(rule: Rule, m: &Map) -> String {
    format!(
        "{} on a {} x {} board (Left colours blue x, Right red o, {})",
        rule.name(),
        m.rows(),
        m.cols(),
        rule.forbids()
    )
}

fn colouring_move(m: &Paint, after: &Map, player: Player) -> crate::ruleset::MoveText {
    let (r, c) = m.cell;
    let colour = if player == Player::Left {
        "blue"
    } else {
        "red"
    };
    crate::ruleset::MoveText {
        from: None,
        to: Some(crate::ruleset::Place::Square(r, c)),
        text: format!("colour ({},{}) {colour}: {after}", r + 1, c + 1),
    }
}

impl Map {
    /// The map as squares: coloured squares as discs, an empty square only one side may
    /// colour as that side's letter (`l`, `r`), one neither may as `-`, squares off the board
    /// filled.
    #[must_use]
    pub fn picture(&self) -> crate::picture::Picture {
        use crate::picture::{Ink, Mark, Picture, stone};
        Picture::from_fn(self.rows(), self.cols(), |r, c| {
            if !self.is_square(r, c) {
                return Mark::Filled;
            }
            if let Some(p) = self.colour(r, c) {
                return stone(Some(p));
            }
            match (
                self.may_colour(Player::Left, r, c),
                self.may_colour(Player::Right, r, c),
            ) {
                (true, true) => Mark::Empty,
                (true, false) => Mark::Letter('l', Ink::Left),
                (false, true) => Mark::Letter('r', Ink::Right),
                (false, false) => Mark::Letter('-', Ink::Grey),
            }
        })
    }
}

impl crate::ruleset::Ruleset for Col {
    type Game = Colouring;
    const NAME: &'static str = "col";
    const GAME: Colouring = Colouring::col();

    fn picture(map: &Map) -> Option<crate::picture::Picture> {
        Some(map.picture())
    }

    fn parse(text: &str) -> Result<Map, PartizanError> {
        Colouring::col().board(text)
    }

    fn title(m: &Map) -> String {
        colouring_title(Rule::Col, m)
    }

    fn describe(_: &Map, m: &Paint, after: &Map, player: Player) -> crate::ruleset::MoveText {
        colouring_move(m, after, player)
    }

    fn cells(m: &Paint) -> Vec<(usize, usize)> {
        vec![m.cell]
    }
}

impl crate::ruleset::Ruleset for Snort {
    type Game = Colouring;
    const NAME: &'static str = "snort";
    const GAME: Colouring = Colouring::snort();

    fn picture(map: &Map) -> Option<crate::picture::Picture> {
        Some(map.picture())
    }

    fn parse(text: &str) -> Result<Map, PartizanError> {
        Colouring::snort().board(text)
    }

    fn title(m: &Map) -> String {
        colouring_title(Rule::Snort, m)
    }

    fn describe(_: &Map, m: &Paint, after: &Map, player: Player) -> crate::ruleset::MoveText {
        colouring_move(m, after, player)
    }

    fn cells(m: &Paint) -> Vec<(usize, usize)> {
        vec![m.cell]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;

    fn value(rule: Colouring, text: &str) -> String {
        let mut arena = Arena::new();
        let map = rule.board(text).expect("a board");
        let v = Evaluator::new(rule)
            .value(&mut arena, &map)
            .expect("a value");
        arena.display(v)
    }

    #[test]
    fn single_squares_and_tints() {
        for rule in [Colouring::col(), Colouring::snort()] {
            assert_eq!(value(rule, "."), "*");
            assert_eq!(value(rule, "l"), "1");
            assert_eq!(value(rule, "r"), "-1");
            assert_eq!(value(rule, "#"), "0");
            assert_eq!(value(rule, "l#l/###/.#r"), "1*");
        }
        // Col: next to blue only Right may colour; Snort: only Left.
        assert_eq!(value(Colouring::col(), "x."), "-1");
        assert_eq!(value(Colouring::snort(), "x."), "1");
        assert_eq!(value(Colouring::col(), "x.o"), "0");
        assert_eq!(value(Colouring::snort(), "x.o"), "0");
    }

    #[test]
    fn paths() {
        // Col on two squares: whoever colours first leaves the other square to the opponent.
        assert_eq!(value(Colouring::col(), ".."), "0");
        // Snort on two squares: the mover keeps the other square for later.
        assert_eq!(value(Colouring::snort(), ".."), "+-1");
        // Snort on a path of three: the middle square wins two squares.
        assert_eq!(value(Colouring::snort(), "..."), "+-2");
    }

    #[test]
    fn parsing_and_display() {
        let m = Colouring::col().board("x../.o#").unwrap();
        // Col: next to x only Right may colour, next to o only Left; (2,1) is next to both.
        assert_eq!(m.to_string(), "x-./-o#");
        assert_eq!(m.colour(0, 0), Some(Player::Left));
        assert!(!m.is_square(1, 2));
        assert!(m.may_colour(Player::Right, 0, 2) && m.may_colour(Player::Left, 0, 2));
        assert!(!m.may_colour(Player::Left, 0, 1) && !m.may_colour(Player::Right, 1, 0));
        let s = Colouring::snort().board("x.o").unwrap();
        assert_eq!(s.to_string(), "x-o");
        let t = Colouring::snort().board("x../...").unwrap();
        assert_eq!(t.to_string(), "xl./l..");
        assert_eq!(t.to_string().parse::<Map>().unwrap(), t);
        for bad in ["", "xa", "../."] {
            assert!(bad.parse::<Map>().is_err(), "{bad:?}");
        }
    }
}
