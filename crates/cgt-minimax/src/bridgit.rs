//! Bridg-it (Gale's game) on the board of size n: exact play, Gross's pairing strategy and
//! Shannon's resistor-network player.
//!
//! # The board
//!
//! Two interleaved dot grids on lattice points (X, Y), 0 ≤ X, Y ≤ 2n, Y pointing up. The first
//! player, **Left**, owns the dots with X even and Y odd (n rows of n+1 dots) and wants a path
//! of her segments from the left column to the right column. The second player, **Top**, owns
//! the dots with X odd and Y even (n+1 rows of n dots) and wants to join the bottom row to the
//! top row. A segment joins two neighbouring dots of one colour; its midpoint is a *slot*, and
//! the segment of the other colour through the same slot would cross it, so claiming a slot
//! for yourself denies it to the opponent. Slots are the points with X + Y even strictly inside
//! the board, not on its border: n² with X, Y odd (Left's horizontal and Top's vertical
//! segments) and (n−1)² with X, Y even (Left's vertical and Top's horizontal ones), numbered
//! row by row from the bottom. In the seed's wording Left draws segments and Top erases them.
//!
//! When every slot is claimed exactly one player has won (the seed's topological fact, checked
//! by the [`crossing_count`] enumeration); Left moves first and wins with correct play
//! (11.2.8, strategy stealing) — [`PairingPlayer`] is an explicit winning strategy.

use core::fmt;

use crate::engine::Game;

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

/// A tiny union-find over at most 72 dots.
#[derive(Clone, Copy)]
struct Dsu {
    parent: [u8; 72],
}

impl Dsu {
    fn new(count: usize) -> Dsu {
        let mut parent = [0u8; 72];
        for (i, p) in parent.iter_mut().enumerate().take(count) {
            *p = i as u8;
        }
        Dsu { parent }
    }

    fn find(&mut self, mut a: u8) -> u8 {
        while self.parent[usize::from(a)] != a {
            let up = self.parent[usize::from(self.parent[usize::from(a)])];
            self.parent[usize::from(a)] = up;
            a = up;
        }
        a
    }

    fn union(&mut self, a: u8, b: u8) {
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
    n: u8,
    slot_count: u8,
    left: u128,
    top: u128,
}

impl Bridgit {
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
    fn left_connected(&self, segments: u128) -> bool {
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

    fn top_connected(&self, segments: u128) -> bool {
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
    fn components(&self, player: Player) -> (Dsu, u8, u8) {
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
    fn winning_slots(&self, player: Player) -> u128 {
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
fn slots_cached(n: u8) -> &'static [Slot] {
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

/// A strategy that chooses a move for the player to move.
pub trait Strategy {
    /// The move to play in `position` (which is not over and has a free slot).
    fn choose(&mut self, position: &Bridgit) -> u8;
}

/// A named way for a program to play Bridg-it, as the command line offers it.
///
/// # Examples
///
/// ```
/// use cgt_minimax::bridgit::{Bridgit, Player, Policy};
///
/// let board = Bridgit::new(3)?;
/// let policy: Policy = "pairing".parse().unwrap();
/// assert_eq!(policy.check(&board, Player::Left), Ok(()));
/// assert!(policy.check(&board, Player::Top).is_err()); // pairing plays Left only
/// let slot = policy.choose(&board).unwrap();
/// assert!(board.clone().play_all(&[slot]).is_ok());
/// # Ok::<(), cgt_minimax::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Policy {
    /// Gross's pairing strategy (Left only): wins for Left from the start.
    Pairing,
    /// Shannon's resistor network: the slot with the largest current.
    Shannon,
    /// Exact search, from [`Policy::EXACT_FREE`] free slots down.
    Exact,
}

/// Why a [`Policy`] cannot play a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PolicyError {
    /// Exact search is limited to [`Policy::EXACT_FREE`] free slots.
    TooManyFreeSlots {
        /// Free slots in the position.
        free: u32,
    },
    /// The pairing strategy plays Left only.
    PairingPlaysLeft,
    /// A policy name other than pairing, shannon or exact.
    UnknownName,
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolicyError::TooManyFreeSlots { free } => write!(
                f,
                "exact search is limited to {} free slots; this position has {free} (use shannon or pairing)",
                Policy::EXACT_FREE
            ),
            PolicyError::PairingPlaysLeft => f.write_str(
                "the pairing strategy plays Left only (Gross's pairing answers Top's moves)",
            ),
            PolicyError::UnknownName => f.write_str("a policy is pairing, shannon or exact"),
        }
    }
}

impl std::error::Error for PolicyError {}

impl Policy {
    /// Most free slots at which [`Policy::Exact`] searches (a reply within a second).
    pub const EXACT_FREE: u32 = 16;

    /// The program's default on a board of size `n`: exact search on the smallest boards,
    /// Shannon's rule on the others.
    #[must_use]
    pub fn default_for(n: u8) -> Policy {
        if n <= 3 {
            Policy::Exact
        } else {
            Policy::Shannon
        }
    }

    /// Whether this policy can play `side` from `position` (and every position after it).
    ///
    /// # Errors
    /// [`PolicyError`] saying why not.
    pub fn check(self, position: &Bridgit, side: Player) -> Result<(), PolicyError> {
        let free = position.free().count_ones();
        match self {
            Policy::Exact if free > Policy::EXACT_FREE => {
                Err(PolicyError::TooManyFreeSlots { free })
            }
            Policy::Pairing if side != Player::Left => Err(PolicyError::PairingPlaysLeft),
            _ => Ok(()),
        }
    }

    /// The slot this policy claims for the player to move; `None` when the game is over. A
    /// position the policy cannot play (see [`Policy::check`]) gets Shannon's choice.
    #[must_use]
    pub fn choose(self, position: &Bridgit) -> Option<u8> {
        if position.winner().is_some() || position.free() == 0 {
            return None;
        }
        let free = position.free().count_ones();
        Some(match self {
            Policy::Pairing if position.to_move() == Player::Left => {
                PairingPlayer::new(position.size()).choose(position)
            }
            Policy::Exact if free <= Policy::EXACT_FREE => {
                let mut solver = crate::engine::Solver::new(crate::engine::Options::default());
                let (_, best) = solver.best_moves(position);
                best.first()
                    .copied()
                    .unwrap_or_else(|| ShannonPlayer.choose(position))
            }
            _ => ShannonPlayer.choose(position),
        })
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Policy::Pairing => "pairing",
            Policy::Shannon => "shannon",
            Policy::Exact => "exact",
        })
    }
}

impl core::str::FromStr for Policy {
    type Err = PolicyError;
    fn from_str(s: &str) -> Result<Policy, PolicyError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pairing" => Ok(Policy::Pairing),
            "shannon" => Ok(Policy::Shannon),
            "exact" => Ok(Policy::Exact),
            _ => Err(PolicyError::UnknownName),
        }
    }
}

/// Gross's pairing strategy for Left (11.2.9): the first move claims the bottom-left slot
/// (1, 1); every other slot has a partner, and whenever Top claims one slot of a pair Left
/// claims the other. In Top's coordinates (dot (i, j), row j from the bottom, 1 ≤ j ≤ n−1) the
/// pairs are the two segments at each inner dot: above the diagonal (j > i) its upward and
/// rightward segments, on it (j = i) its downward and upward ones, below it (j < i) its
/// downward and leftward ones. Top then never holds both segments of a pair, and no
/// bottom-to-top path avoids doing so — see [`pairing_blocks_every_path`].
#[derive(Clone, Debug)]
pub struct PairingPlayer {
    first_move: u8,
    partner: Vec<u8>,
}

impl PairingPlayer {
    /// The pairing for the board of size n.
    #[must_use]
    pub fn new(n: u8) -> PairingPlayer {
        let at = |x: u8, y: u8| slot_at(n, x, y).expect("the pairing names board slots");
        // Top's vertical segment (i, j)–(i, j+1) is slot (2i+1, 2j+1); horizontal
        // (i, j)–(i+1, j) is slot (2i+2, 2j).
        let up = |i: u8, j: u8| at(2 * i + 1, 2 * j + 1);
        let right = |i: u8, j: u8| at(2 * i + 2, 2 * j);
        let count = usize::from(n * n + (n - 1) * (n - 1));
        let mut partner = vec![u8::MAX; count];
        for j in 1..n {
            for i in 0..n {
                let (a, b) = match j.cmp(&i) {
                    core::cmp::Ordering::Greater => (up(i, j), right(i, j)),
                    core::cmp::Ordering::Equal => (up(i, j - 1), up(i, j)),
                    core::cmp::Ordering::Less => (up(i, j - 1), right(i - 1, j)),
                };
                partner[usize::from(a)] = b;
                partner[usize::from(b)] = a;
            }
        }
        PairingPlayer {
            first_move: at(1, 1),
            partner,
        }
    }

    /// The first move: the bottom-left slot.
    #[must_use]
    pub fn first_move(&self) -> u8 {
        self.first_move
    }

    /// The partner of a slot (none for the first move's slot).
    #[must_use]
    pub fn partner(&self, slot: u8) -> Option<u8> {
        self.partner
            .get(usize::from(slot))
            .copied()
            .filter(|&p| p != u8::MAX)
    }
}

impl PairingPlayer {
    /// The strategy's answer when it has one: the first move while its slot is free, else
    /// the free partner of one of Top's slots.
    #[must_use]
    pub fn answer(&self, p: &Bridgit) -> Option<u8> {
        let free = p.free();
        let is_free = |s: u8| free >> s & 1 == 1;
        let first = self.first_move;
        if is_free(first) {
            return Some(first);
        }
        // Answer Top's claims whose partner is still free (at most one after each Top move).
        let mut top = p.top;
        while top != 0 {
            let s = top.trailing_zeros() as u8;
            top &= top - 1;
            if let Some(q) = self.partner(s).filter(|&q| is_free(q)) {
                return Some(q);
            }
        }
        None
    }
}

/// The pairing of each board size, built once.
fn pairing_cached(n: u8) -> &'static PairingPlayer {
    use std::sync::OnceLock;
    static TABLES: OnceLock<Vec<PairingPlayer>> = OnceLock::new();
    &TABLES.get_or_init(|| (0..=MAX_N).map(|n| PairingPlayer::new(n.max(1))).collect())
        [usize::from(n)]
}

impl Strategy for PairingPlayer {
    fn choose(&mut self, p: &Bridgit) -> u8 {
        self.answer(p)
            .unwrap_or_else(|| p.free().trailing_zeros() as u8)
    }
}

/// Checks Gross's pairing on the board of size n without playing: after the first move, no
/// bottom-to-top path of Top's segments uses at most one slot of each pair. (Top ends with one
/// slot of every pair and nothing else, so this is exactly "the pairing player wins against
/// every sequence of Top's moves".) Works for any n ≤ 8 by a depth-first search over simple
/// paths; returns a path that beats the pairing if there is one.
pub fn pairing_blocks_every_path(n: u8) -> Result<(), Vec<u8>> {
    let player = PairingPlayer::new(n);
    let table = slots(n);
    let first = player.first_move();
    // Top's dots (i, j) as j·n + i; adjacency lists of (dot, slot).
    let dots = usize::from(n + 1) * usize::from(n);
    let mut adj: Vec<Vec<(u8, u8)>> = vec![Vec::new(); dots];
    for (s, slot) in table.iter().enumerate() {
        if s as u8 == first {
            continue;
        }
        adj[usize::from(slot.top.0)].push((slot.top.1, s as u8));
        adj[usize::from(slot.top.1)].push((slot.top.0, s as u8));
    }
    struct Walk<'a> {
        adj: &'a [Vec<(u8, u8)>],
        partner: &'a PairingPlayer,
        on_path: Vec<bool>,
        banned: Vec<u32>,
        path: Vec<u8>,
        top_row: u8,
    }
    impl Walk<'_> {
        fn go(&mut self, dot: u8) -> bool {
            if dot >= self.top_row {
                return true;
            }
            for &(next, slot) in &self.adj[usize::from(dot)] {
                if self.on_path[usize::from(next)] || self.banned[usize::from(slot)] > 0 {
                    continue;
                }
                let p = self.partner.partner(slot);
                if let Some(p) = p {
                    self.banned[usize::from(p)] += 1;
                }
                self.on_path[usize::from(next)] = true;
                self.path.push(slot);
                if self.go(next) {
                    return true;
                }
                self.path.pop();
                self.on_path[usize::from(next)] = false;
                if let Some(p) = p {
                    self.banned[usize::from(p)] -= 1;
                }
            }
            false
        }
    }
    let mut walk = Walk {
        adj: &adj,
        partner: &player,
        on_path: vec![false; dots],
        banned: vec![0; table.len()],
        path: Vec::new(),
        top_row: n * n,
    };
    for start in 0..n {
        walk.on_path[usize::from(start)] = true;
        if walk.go(start) {
            return Err(walk.path);
        }
        walk.on_path[usize::from(start)] = false;
    }
    Ok(())
}

/// Shannon's resistor player (for either side): every free slot of the player's own network
/// is a unit resistor, the player's claimed segments are wires, the opponent's are cut; with
/// a voltage across the player's two sides it claims the slot whose resistor carries the most
/// current (the lowest slot number among equals).
#[derive(Clone, Copy, Debug, Default)]
pub struct ShannonPlayer;

impl Strategy for ShannonPlayer {
    fn choose(&mut self, p: &Bridgit) -> u8 {
        shannon_choices(p)[0]
    }
}

/// Every free slot whose resistor carries the largest current for the player to move (within
/// a relative 10⁻⁹, so rounding never decides between equal currents), lowest first. When
/// no current flows (the network is cut or already shorted) every free slot is listed.
#[must_use]
pub fn shannon_choices(p: &Bridgit) -> Vec<u8> {
    let currents = resistor_currents(p, p.to_move());
    let free = p.free();
    let frees = (0..p.slot_count).filter(|&s| free >> s & 1 == 1);
    let max = frees
        .clone()
        .map(|s| currents[usize::from(s)])
        .fold(0.0f64, f64::max);
    frees
        .filter(|&s| currents[usize::from(s)] >= max - 1e-9 * max.max(1.0))
        .collect()
}

/// How [`shannon_record`] treats slots of equal current.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ties {
    /// The rule wins if some choice among the equal-current slots wins (it chooses well).
    Best,
    /// The rule must win whichever of them it picks.
    All,
}

/// Shannon's rule as Left against every sequence of Top's moves, exhaustively, with `ties`
/// deciding how slots of equal current count. Returns the positions examined, or a line Top
/// wins with. Meant for n ≤ 4 (the positions grow as 3^slots).
pub fn shannon_record(start: Bridgit, ties: Ties) -> Result<u64, Vec<u8>> {
    let every_tie = ties == Ties::All;
    use std::collections::HashMap;
    fn options(p: &Bridgit) -> (Vec<u8>, bool) {
        if p.to_move() == Player::Left {
            (shannon_choices(p), false)
        } else {
            let mut all = Vec::new();
            p.moves(&mut all);
            (all, true)
        }
    }
    /// Whether Left (following the rule) wins from `p`.
    fn walk(p: Bridgit, every_tie: bool, memo: &mut HashMap<u128, bool>) -> bool {
        if let Some(w) = p.winner() {
            return w == Player::Left;
        }
        if let Some(&known) = memo.get(&p.key()) {
            return known;
        }
        let (moves, top) = options(&p);
        let need_all = top || every_tie;
        let mut result = need_all;
        for s in moves {
            let mut q = p;
            q.play(s);
            if walk(q, every_tie, memo) != need_all {
                result = !need_all;
                break;
            }
        }
        memo.insert(p.key(), result);
        result
    }
    let mut memo = HashMap::new();
    if walk(start, every_tie, &mut memo) {
        return Ok(memo.len() as u64);
    }
    // A witness: Top always moves to a position Left loses; Left follows the rule (with
    // `every_tie`, the tie that loses; otherwise every tie loses, so the lowest).
    let mut line = Vec::new();
    let mut p = start;
    while p.winner().is_none() {
        let (moves, _) = options(&p);
        let lost = |s: u8| {
            let mut q = p;
            q.play(s);
            q.winner() == Some(Player::Top) || memo.get(&q.key()) == Some(&false)
        };
        let s = moves.iter().copied().find(|&s| lost(s)).unwrap_or(moves[0]);
        p.play(s);
        line.push(s);
    }
    Err(line)
}

/// The current through each free slot's resistor in `player`'s network with unit voltage
/// across its sides (0 for slots that carry none, or when the network is cut or shorted).
#[must_use]
pub fn resistor_currents(p: &Bridgit, player: Player) -> Vec<f64> {
    let table = slots_cached(p.n);
    let (mine, theirs) = match player {
        Player::Left => (p.left, p.top),
        Player::Top => (p.top, p.left),
    };
    let ends = |s: &Slot| match player {
        Player::Left => s.left,
        Player::Top => s.top,
    };
    // Dots, with each side merged into one terminal and every wire contracted.
    let dots = usize::from(p.n) * (usize::from(p.n) + 1);
    let (mut dsu, source, sink) = p.components(player);
    let mut currents = vec![0.0; table.len()];
    if source == sink {
        return currents;
    }
    // Resistors: free slots between different nodes.
    let resistors: Vec<(usize, u8, u8)> = table
        .iter()
        .enumerate()
        .filter(|&(i, _)| (mine | theirs) >> i & 1 == 0)
        .map(|(i, s)| {
            let (a, b) = ends(s);
            (i, dsu.find(a), dsu.find(b))
        })
        .filter(|&(_, a, b)| a != b)
        .collect();
    // Keep the nodes reachable from the source; the sink must be among them.
    let mut reach = vec![false; dots];
    reach[usize::from(source)] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for &(_, a, b) in &resistors {
            if reach[usize::from(a)] != reach[usize::from(b)] {
                reach[usize::from(a)] = true;
                reach[usize::from(b)] = true;
                changed = true;
            }
        }
    }
    if !reach[usize::from(sink)] {
        return currents;
    }
    // Unknown potentials: reachable nodes other than the terminals (source 1 V, sink 0 V).
    let mut index = vec![usize::MAX; dots];
    let mut unknowns = 0;
    for v in 0..dots {
        let node = v as u8;
        if reach[v] && node != source && node != sink && dsu.find(node) == node {
            index[v] = unknowns;
            unknowns += 1;
        }
    }
    let mut a = vec![vec![0.0f64; unknowns + 1]; unknowns];
    for &(_, u, v) in &resistors {
        for (x, y) in [(u, v), (v, u)] {
            let ix = index[usize::from(x)];
            if ix == usize::MAX {
                continue;
            }
            a[ix][ix] += 1.0;
            let iy = index[usize::from(y)];
            if iy != usize::MAX {
                a[ix][iy] -= 1.0;
            } else if y == source {
                a[ix][unknowns] += 1.0;
            }
        }
    }
    let potential = solve_linear(a);
    let volts = |v: u8| -> f64 {
        if v == source {
            1.0
        } else if v == sink {
            0.0
        } else {
            let i = index[usize::from(v)];
            if i == usize::MAX { 0.0 } else { potential[i] }
        }
    };
    for &(i, u, v) in &resistors {
        if reach[usize::from(u)] {
            currents[i] = (volts(u) - volts(v)).abs();
        }
    }
    currents
}

/// Solves the dense system [A | b] by Gaussian elimination with partial pivoting. The
/// matrices here are reduced graph Laplacians: symmetric, positive definite, well conditioned
/// at these sizes.
fn solve_linear(mut a: Vec<Vec<f64>>) -> Vec<f64> {
    let m = a.len();
    for col in 0..m {
        let pivot = (col..m)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        let p = a[col][col];
        if p.abs() < 1e-12 {
            continue;
        }
        for row in col + 1..m {
            let f = a[row][col] / p;
            if f != 0.0 {
                let (upper, lower) = a.split_at_mut(row);
                for (x, &y) in lower[0][col..].iter_mut().zip(&upper[col][col..]) {
                    *x -= f * y;
                }
            }
        }
    }
    let mut x = vec![0.0; m];
    for row in (0..m).rev() {
        let s: f64 = (row + 1..m).map(|k| a[row][k] * x[k]).sum();
        x[row] = if a[row][row].abs() < 1e-12 {
            0.0
        } else {
            (a[row][m] - s) / a[row][row]
        };
    }
    x
}

/// A uniformly random legal move, from a caller-supplied stream of random numbers.
#[derive(Debug)]
pub struct RandomPlayer<R: FnMut(u64) -> u64> {
    /// Returns a number below its argument.
    pub below: R,
}

impl<R: FnMut(u64) -> u64> Strategy for RandomPlayer<R> {
    fn choose(&mut self, p: &Bridgit) -> u8 {
        let mut free = p.free();
        let k = (self.below)(u64::from(free.count_ones()));
        for _ in 0..k {
            free &= free - 1;
        }
        free.trailing_zeros() as u8
    }
}

/// Plays a game from `start` with the two strategies until someone wins; returns the winner
/// and the moves.
pub fn play_out(
    start: Bridgit,
    left: &mut dyn Strategy,
    top: &mut dyn Strategy,
) -> (Player, Vec<u8>) {
    let mut p = start;
    let mut moves = Vec::new();
    loop {
        if let Some(w) = p.winner() {
            return (w, moves);
        }
        let s = match p.to_move() {
            Player::Left => left.choose(&p),
            Player::Top => top.choose(&p),
        };
        p.play(s);
        moves.push(s);
    }
}

/// Whether `strategy`, playing Left from `start`, wins against every sequence of Top's moves.
/// Exhaustive with memoisation on positions; returns a losing line if one exists. Feasible for
/// n ≤ 4 (strategies that answer deterministically keep the tree to the 3^12 positions of the
/// pairing player on n = 4).
pub fn wins_against_everything(
    start: Bridgit,
    strategy: &mut dyn Strategy,
) -> Result<u64, Vec<u8>> {
    use std::collections::HashSet;
    fn walk(
        p: Bridgit,
        strategy: &mut dyn Strategy,
        seen: &mut HashSet<u128>,
        line: &mut Vec<u8>,
    ) -> bool {
        match p.winner() {
            Some(w) => return w == Player::Left,
            None if !seen.insert(p.key()) => return true,
            None => {}
        }
        if p.to_move() == Player::Left {
            let s = strategy.choose(&p);
            let mut q = p;
            q.play(s);
            line.push(s);
            let ok = walk(q, strategy, seen, line);
            if ok {
                line.pop();
            }
            return ok;
        }
        let mut free = p.free();
        while free != 0 {
            let s = free.trailing_zeros() as u8;
            free &= free - 1;
            let mut q = p;
            q.play(s);
            line.push(s);
            if !walk(q, strategy, seen, line) {
                return false;
            }
            line.pop();
        }
        true
    }
    let mut seen = HashSet::new();
    let mut line = Vec::new();
    if walk(start, strategy, &mut seen, &mut line) {
        Ok(seen.len() as u64)
    } else {
        Err(line)
    }
}

/// The number of the 2^E sets of Left's segments (E = n² + (n−1)², each segment present with
/// probability 1/2) that join left and right, by enumeration (n ≤ 4). 11.2.11 says it is
/// exactly 2^(E−1).
#[must_use]
pub fn crossing_count(n: u8) -> u64 {
    let board = Bridgit::new(n).expect("n is checked by the caller");
    let e = u32::from(board.slot_count);
    (0u64..1 << e)
        .filter(|&set| board.left_connected(u128::from(set)))
        .count() as u64
}

/// Checks the seed's topological fact on the board of size n by enumeration (n ≤ 4): for every
/// way of giving each slot to one player, exactly one of them joins their sides. Returns the
/// first counterexample (Left's slots).
pub fn exactly_one_crosses(n: u8) -> Result<(), u128> {
    let board = Bridgit::new(n).expect("n is checked by the caller");
    let e = u32::from(board.slot_count);
    let all = (1u128 << e) - 1;
    for set in 0u64..1 << e {
        let left = u128::from(set);
        if board.left_connected(left) == board.top_connected(all & !left) {
            return Err(left);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Options, Solver, minimax};

    #[test]
    fn board_geometry() {
        for n in 1..=MAX_N {
            let t = slots(n);
            assert_eq!(t.len(), usize::from(n * n + (n - 1) * (n - 1)));
        }
        let p = Bridgit::new(1).unwrap();
        assert_eq!(p.slot_count(), 1);
        let won = p.play_all(&[0]).unwrap();
        assert_eq!(won.winner(), Some(Player::Left));
        assert!(Bridgit::new(0).is_err());
        assert!(Bridgit::new(7).is_err());
        assert!(Bridgit::new(2).unwrap().play_all(&[5]).is_err());
        assert!(Bridgit::new(2).unwrap().play_all(&[1, 1]).is_err());
    }

    #[test]
    fn left_wins_small_boards_exactly() {
        for n in 1..=3 {
            let p = Bridgit::new(n).unwrap();
            assert_eq!(Solver::new(Options::default()).solve(&p), 1, "n = {n}");
        }
        assert_eq!(minimax(&Bridgit::new(2).unwrap()), 1);
    }

    #[test]
    fn pairing_wins_against_every_sequence() {
        for n in 1..=3 {
            let start = Bridgit::new(n).unwrap();
            assert!(wins_against_everything(start, &mut PairingPlayer::new(n)).is_ok());
        }
        for n in 2..=6 {
            assert_eq!(pairing_blocks_every_path(n), Ok(()), "n = {n}");
        }
    }

    #[test]
    fn crossings_are_half_of_all_sets() {
        for n in 1..=3 {
            let e = u32::from(n * n + (n - 1) * (n - 1));
            assert_eq!(crossing_count(n), 1 << (e - 1));
            assert_eq!(exactly_one_crosses(n), Ok(()));
        }
    }

    #[test]
    fn resistor_currents_on_the_two_board() {
        // Left's network for n = 2: two parallel paths of two unit resistors joined by a
        // bridge (slot 2) that carries nothing by symmetry.
        let p = Bridgit::new(2).unwrap();
        let c = resistor_currents(&p, Player::Left);
        let want = [0.5, 0.5, 0.0, 0.5, 0.5];
        for (got, want) in c.iter().zip(want) {
            assert!((got - want).abs() < 1e-12, "{c:?}");
        }
        // Left wires slot 4, Top cuts slot 3: one resistor (slot 0) in series with two in
        // parallel (slots 1 and 2), 1.5 ohms: 2/3 through slot 0, 1/3 through each of 1 and 2.
        let cut = p.play_all(&[4, 3]).unwrap();
        let c = resistor_currents(&cut, Player::Left);
        let want = [2.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0, 0.0, 0.0];
        for (got, want) in c.iter().zip(want) {
            assert!((got - want).abs() < 1e-12, "{c:?}");
        }
        // Wiring slot 4 and cutting slot 0 leaves dot (0,1) hanging off the right side: only
        // slot 3 carries current.
        let c = resistor_currents(&p.play_all(&[4, 0]).unwrap(), Player::Left);
        assert_eq!(c, [0.0, 0.0, 0.0, 1.0, 0.0]);
        // The two players' networks are the same graph turned a quarter: on an empty board
        // they carry the same currents.
        for n in 2..=5 {
            let p = Bridgit::new(n).unwrap();
            let sorted = |player| {
                let mut c = resistor_currents(&p, player);
                c.sort_by(f64::total_cmp);
                c
            };
            let (l, t) = (sorted(Player::Left), sorted(Player::Top));
            assert!(
                l.iter().zip(&t).all(|(a, b)| (a - b).abs() < 1e-9),
                "n = {n}"
            );
        }
    }

    #[test]
    fn shannon_record_small_boards() {
        assert!(shannon_record(Bridgit::new(2).unwrap(), Ties::All).is_ok());
        // On n = 3 some choice among equal currents always wins, but not every choice.
        assert!(shannon_record(Bridgit::new(3).unwrap(), Ties::Best).is_ok());
        let line = shannon_record(Bridgit::new(3).unwrap(), Ties::All).unwrap_err();
        let end = Bridgit::new(3).unwrap().play_all(&line).unwrap();
        assert_eq!(end.winner(), Some(Player::Top));
    }

    #[test]
    fn shannon_beats_random_players() {
        let mut rng = cgt_core_rng(5);
        for n in 2..=4 {
            for _ in 0..20 {
                let mut random = RandomPlayer { below: |k| rng(k) };
                let (w, _) = play_out(Bridgit::new(n).unwrap(), &mut ShannonPlayer, &mut random);
                assert_eq!(w, Player::Left);
            }
        }
    }

    /// A small deterministic generator for tests (xorshift).
    fn cgt_core_rng(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        move |k| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s % k.max(1)
        }
    }
}
