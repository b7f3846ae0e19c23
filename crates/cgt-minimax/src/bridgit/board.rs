//! The board: slots and their geometry, connectivity, the position and the `Game` impl.

use super::*;

/// Largest n supported by [`Bridgit`] (both players' slots fit one 128-bit key).
pub const MAX_N: u8 = 6;

/// A player of Bridg-it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// Joins left and right; moves first.
    Left,
    /// Joins bottom and top.
    Top,
}

/// Left moves first: the shared vocabulary's first side.
impl From<Player> for cgt_core::Side {
    fn from(p: Player) -> cgt_core::Side {
        match p {
            Player::Left => cgt_core::Side::First,
            Player::Top => cgt_core::Side::Second,
        }
    }
}

impl From<cgt_core::Side> for Player {
    fn from(s: cgt_core::Side) -> Player {
        match s {
            cgt_core::Side::First => Player::Left,
            cgt_core::Side::Second => Player::Top,
        }
    }
}

impl fmt::Display for Player {
    /// `Left` or `Top`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Left => "Left",
            Player::Top => "Top",
        })
    }
}

impl core::str::FromStr for Player {
    type Err = PolicyError;
    /// `left` or `top`, in either case.
    fn from_str(s: &str) -> Result<Player, PolicyError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "left" => Ok(Player::Left),
            "top" => Ok(Player::Top),
            _ => Err(PolicyError::UnknownPlayer),
        }
    }
}

impl Player {
    /// The other player.
    #[must_use]
    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Top,
            Player::Top => Player::Left,
        }
    }
}

/// Why a Bridg-it board or move was refused.
pub type BridgitError = crate::BoardError;

/// A slot's lattice point and what it joins for each player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// Lattice column X.
    pub x: u8,
    /// Lattice row Y (from the bottom).
    pub y: u8,
    /// Left's two dots, as indices row·(n+1) + column.
    pub left: (u8, u8),
    /// Top's two dots, as indices row·n + column.
    pub top: (u8, u8),
}

/// The slots of the board of size n, numbered row by row from the bottom.
#[must_use]
pub fn slots(n: u8) -> Vec<Slot> {
    let mut out = Vec::new();
    let (n1, nn) = (n + 1, n);
    for y in 1..2 * n {
        for x in 1..2 * n {
            if (x + y) % 2 != 0 {
                continue;
            }
            if x % 2 == 1 {
                // Left's horizontal segment (c, r)–(c+1, r); Top's vertical (i, j)–(i, j+1).
                let (c, r) = ((x - 1) / 2, (y - 1) / 2);
                let (i, j) = ((x - 1) / 2, (y - 1) / 2);
                out.push(Slot {
                    x,
                    y,
                    left: (r * n1 + c, r * n1 + c + 1),
                    top: (j * nn + i, (j + 1) * nn + i),
                });
            } else {
                // Left's vertical segment (c, r)–(c, r+1); Top's horizontal (i, j)–(i+1, j).
                let (c, r) = (x / 2, y / 2 - 1);
                let (i, j) = (x / 2 - 1, y / 2);
                out.push(Slot {
                    x,
                    y,
                    left: (r * n1 + c, (r + 1) * n1 + c),
                    top: (j * nn + i, j * nn + i + 1),
                });
            }
        }
    }
    out
}

/// The slot number of lattice point (x, y), if it is a slot of the board of size n.
#[must_use]
pub fn slot_at(n: u8, x: u8, y: u8) -> Option<u8> {
    slots(n)
        .iter()
        .position(|s| s.x == x && s.y == y)
        .map(|i| i as u8)
}

/// A slot as people read it: its number and its lattice point, `7 (2,3)`.
#[must_use]
pub fn slot_label(n: u8, slot: u8) -> String {
    match slots(n).get(usize::from(slot)) {
        Some(t) => format!("{slot} ({},{})", t.x, t.y),
        None => slot.to_string(),
    }
}

/// A tiny union-find over at most 72 dots.
#[derive(Clone, Copy)]
pub(super) struct Dsu {
    pub(super) parent: [u8; 72],
}

impl Dsu {
    pub(super) fn new(count: usize) -> Dsu {
        let mut parent = [0u8; 72];
        for (i, p) in parent.iter_mut().enumerate().take(count) {
            *p = i as u8;
        }
        Dsu { parent }
    }

    pub(super) fn find(&mut self, mut a: u8) -> u8 {
        while self.parent[usize::from(a)] != a {
            let up = self.parent[usize::from(self.parent[usize::from(a)])];
            self.parent[usize::from(a)] = up;
            a = up;
        }
        a
    }

    pub(super) fn union(&mut self, a: u8, b: u8) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[usize::from(a.max(b))] = a.min(b);
        }
    }
}

/// A Bridg-it position: which slots each player has claimed.
///
/// # Examples
///
/// ```
/// use cgt_minimax::bridgit::{Bridgit, Player};
/// use cgt_minimax::engine::{Options, Solver};
///
/// let board = Bridgit::new(2)?;
/// assert_eq!(board.to_move(), Player::Left);
/// assert!(Solver::new(Options::default()).solve(&board) > 0); // the first player wins
/// # Ok::<(), cgt_minimax::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bridgit {
    pub(super) n: u8,
    pub(super) slot_count: u8,
    pub(super) left: u128,
    pub(super) top: u128,
}

impl Bridgit {
    /// Reads a move typed by a person: a slot number, or lattice coordinates `X,Y`, on a free
    /// slot.
    ///
    /// # Errors
    /// Why the text is not a free slot, in words.
    pub fn parse_slot(&self, text: &str) -> Result<u8, String> {
        let slot = if let Some((x, y)) = text.split_once(',') {
            let x: u8 = x
                .trim()
                .parse()
                .map_err(|_| format!("'{text}' is not X,Y"))?;
            let y: u8 = y
                .trim()
                .parse()
                .map_err(|_| format!("'{text}' is not X,Y"))?;
            slot_at(self.size(), x, y)
                .ok_or_else(|| format!("({x},{y}) is not a slot of the board"))?
        } else {
            text.parse::<u8>()
                .ok()
                .filter(|&s| s < self.slot_count())
                .ok_or_else(|| {
                    format!(
                        "'{text}' is not a slot 0 to {} or coordinates X,Y",
                        self.slot_count() - 1
                    )
                })?
        };
        if self.free() >> slot & 1 == 0 {
            return Err(format!("slot {slot} is taken"));
        }
        Ok(slot)
    }

    /// The empty board of size n (1 ≤ n ≤ [`MAX_N`]).
    ///
    /// # Errors
    /// [`BridgitError`] for n outside that range.
    pub fn new(n: u8) -> Result<Bridgit, BridgitError> {
        if n == 0 || n > MAX_N {
            return Err(BridgitError::UnsupportedBoard {
                game: "Bridg-it",
                width: n,
                height: n,
                supported: "n from 1 to 6",
            });
        }
        Ok(Bridgit {
            n,
            slot_count: n * n + (n - 1) * (n - 1),
            left: 0,
            top: 0,
        })
    }

    /// Plays slot numbers in turn, Left first.
    ///
    /// # Errors
    /// [`BridgitError`] for a slot off the board, a claimed slot or a move after the end.
    pub fn play_all(mut self, moves: &[u8]) -> Result<Bridgit, BridgitError> {
        for (i, &s) in moves.iter().enumerate() {
            let (move_number, token) = (i + 1, s.to_string());
            if self.winner().is_some() {
                return Err(BridgitError::GameOver { move_number, token });
            }
            if s >= self.slot_count {
                return Err(BridgitError::OffBoard {
                    move_number,
                    token,
                    range: format!("slots 0 to {}", self.slot_count - 1),
                });
            }
            if (self.left | self.top) >> s & 1 == 1 {
                return Err(BridgitError::Occupied { move_number, token });
            }
            self.play(s);
        }
        Ok(self)
    }

    /// The board size n.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.n
    }

    /// The number of slots, n² + (n−1)².
    #[must_use]
    pub fn slot_count(&self) -> u8 {
        self.slot_count
    }

    /// The slots claimed by Left and by Top.
    #[must_use]
    pub fn claimed(&self) -> (u128, u128) {
        (self.left, self.top)
    }

    /// The free slots.
    #[must_use]
    pub fn free(&self) -> u128 {
        let all = if self.slot_count == 128 {
            u128::MAX
        } else {
            (1u128 << self.slot_count) - 1
        };
        all & !(self.left | self.top)
    }

    /// The player to move (Left when both have claimed equally many slots).
    #[must_use]
    pub fn to_move(&self) -> Player {
        if self.left.count_ones() == self.top.count_ones() {
            Player::Left
        } else {
            Player::Top
        }
    }

    /// Left's dots joined by `segments`: returns the union-find and the left/right terminals'
    /// representative test.
    pub(super) fn left_connected(&self, segments: u128) -> bool {
        let n1 = usize::from(self.n) + 1;
        let mut dsu = Dsu::new(usize::from(self.n) * n1);
        // The left column and the right column are each one terminal.
        for r in 1..usize::from(self.n) {
            dsu.union(0, (r * n1) as u8);
            dsu.union(self.n, (r * n1 + n1 - 1) as u8);
        }
        for (i, s) in slots_cached(self.n).iter().enumerate() {
            if segments >> i & 1 == 1 {
                dsu.union(s.left.0, s.left.1);
            }
        }
        dsu.find(0) == dsu.find(self.n)
    }

    pub(super) fn top_connected(&self, segments: u128) -> bool {
        let n = usize::from(self.n);
        let mut dsu = Dsu::new((n + 1) * n);
        for i in 1..n {
            dsu.union(0, i as u8);
            dsu.union((n * n) as u8, (n * n + i) as u8);
        }
        for (i, s) in slots_cached(self.n).iter().enumerate() {
            if segments >> i & 1 == 1 {
                dsu.union(s.top.0, s.top.1);
            }
        }
        dsu.find(0) == dsu.find((n * n) as u8)
    }

    /// The winner, once one player's segments join that player's sides.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        let joined = |p: Player| {
            let (_, a, b) = self.components(p);
            a == b
        };
        if joined(Player::Left) {
            Some(Player::Left)
        } else if joined(Player::Top) {
            Some(Player::Top)
        } else {
            None
        }
    }

    /// The union-find of `player`'s dots joined by its claimed slots and sides, with the two
    /// terminals' dots.
    pub(super) fn components(&self, player: Player) -> (Dsu, u8, u8) {
        let n = usize::from(self.n);
        let (mut dsu, a, b, claimed) = match player {
            Player::Left => {
                let mut dsu = Dsu::new(n * (n + 1));
                for r in 1..n {
                    dsu.union(0, (r * (n + 1)) as u8);
                    dsu.union(n as u8, (r * (n + 1) + n) as u8);
                }
                (dsu, 0u8, n as u8, self.left)
            }
            Player::Top => {
                let mut dsu = Dsu::new((n + 1) * n);
                for i in 1..n {
                    dsu.union(0, i as u8);
                    dsu.union((n * n) as u8, (n * n + i) as u8);
                }
                (dsu, 0u8, (n * n) as u8, self.top)
            }
        };
        for (i, s) in slots_cached(self.n).iter().enumerate() {
            if claimed >> i & 1 == 1 {
                let (x, y) = match player {
                    Player::Left => s.left,
                    Player::Top => s.top,
                };
                dsu.union(x, y);
            }
        }
        let (a, b) = (dsu.find(a), dsu.find(b));
        (dsu, a, b)
    }

    /// The free slots that would win at once for `player`.
    pub(super) fn winning_slots(&self, player: Player) -> u128 {
        let (mut dsu, a, b) = self.components(player);
        let mut out = 0;
        let mut free = self.free();
        while free != 0 {
            let i = free.trailing_zeros();
            free &= free - 1;
            let s = slots_cached(self.n)[i as usize];
            let (x, y) = match player {
                Player::Left => s.left,
                Player::Top => s.top,
            };
            let (x, y) = (dsu.find(x), dsu.find(y));
            if (x == a && y == b) || (x == b && y == a) {
                out |= 1 << i;
            }
        }
        out
    }

    /// The board as text: `o` Left's dots, `x` Top's dots, `-`/`|` Left's segments, `=`/`‖`
    /// shown as `#` for Top's segments, `.` free slots; bottom row last.
    #[must_use]
    pub fn render(&self) -> String {
        let size = 2 * usize::from(self.n) + 1;
        let mut grid = vec![vec![' '; size]; size];
        for (y, row) in grid.iter_mut().enumerate() {
            for (x, cell) in row.iter_mut().enumerate() {
                if x % 2 == 0 && y % 2 == 1 {
                    *cell = 'o';
                } else if x % 2 == 1 && y % 2 == 0 {
                    *cell = 'x';
                }
            }
        }
        for (i, s) in slots_cached(self.n).iter().enumerate() {
            let c = if self.left >> i & 1 == 1 {
                if s.x % 2 == 1 { '-' } else { '|' }
            } else if self.top >> i & 1 == 1 {
                '#'
            } else {
                '.'
            };
            grid[usize::from(s.y)][usize::from(s.x)] = c;
        }
        let mut out = String::new();
        for row in grid.iter().rev() {
            out.extend(row.iter());
            out.push('\n');
        }
        out
    }
}

/// The slot table of size n, built once per size.
pub(super) fn slots_cached(n: u8) -> &'static [Slot] {
    use std::sync::OnceLock;
    static TABLES: OnceLock<Vec<Vec<Slot>>> = OnceLock::new();
    &TABLES.get_or_init(|| (0..=MAX_N).map(slots).collect())[usize::from(n)]
}

impl Game for Bridgit {
    type Move = u8;

    fn moves(&self, out: &mut Vec<u8>) {
        let mut free = self.free();
        while free != 0 {
            out.push(free.trailing_zeros() as u8);
            free &= free - 1;
        }
    }

    fn search_moves(&self, out: &mut Vec<u8>) {
        // Win at once if possible; otherwise take the slot the opponent would win with.
        let me = self.to_move();
        let mine = self.winning_slots(me);
        if mine != 0 {
            out.push(mine.trailing_zeros() as u8);
            return;
        }
        let theirs = self.winning_slots(me.other());
        if theirs != 0 {
            out.push(theirs.trailing_zeros() as u8);
            return;
        }
        self.moves(out);
    }

    fn order_moves(&self, moves: &mut [u8]) {
        // Slots near the centre first; for Left, the pairing strategy's answer before all.
        let c = i32::from(self.n);
        let t = slots_cached(self.n);
        let pairing = if self.to_move() == Player::Left {
            pairing_cached(self.n).answer(self)
        } else {
            None
        };
        moves.sort_by_key(|&s| {
            let slot = t[usize::from(s)];
            (
                Some(s) != pairing,
                (i32::from(slot.x) - c).abs() + (i32::from(slot.y) - c).abs(),
            )
        });
    }

    fn play(&mut self, slot: u8) {
        match self.to_move() {
            Player::Left => self.left |= 1 << slot,
            Player::Top => self.top |= 1 << slot,
        }
    }

    fn terminal(&self) -> Option<i32> {
        // Someone has won; the loser is the side to move (the winner just moved).
        self.winner()
            .map(|w| if w == self.to_move() { 1 } else { -1 })
    }

    fn key(&self) -> u128 {
        self.left | self.top << self.slot_count
    }
}
