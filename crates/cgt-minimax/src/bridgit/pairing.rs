//! Gross's pairing strategy for Left (11.2.9) and the path argument behind it.

use super::*;

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
pub(super) fn pairing_cached(n: u8) -> &'static PairingPlayer {
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
