//! The loopy game itself: a finite graph of positions with Left and Right edges and a start.

use rustc_hash::FxHashMap;

use cgt_core::budget::Budget;

use crate::{Arena, GameId, PartizanError, Player};

/// Bytes one position of a built graph costs: name, two option lists, and the hash entry of
/// the product construction (an estimate used to refuse sums up front).
pub(crate) const BYTES_PER_POSITION: u64 = 160;

/// Most subpositions of a short game laid out as a loopy game.
pub const MAX_SHORT_POSITIONS: usize = 1 << 16;

/// A partizan game whose play may return to a position: positions `0..len()`, each with its
/// Left and Right options, and the position play starts from.
///
/// Positions have names (for output and for reading the text format back). Play follows the
/// usual rules: the players alternate, a player who cannot move loses, and play that never
/// ends is a draw.
///
/// ```
/// use cgt_partizan::loopy::LoopyGame;
///
/// let on = LoopyGame::named("on").unwrap();
/// assert_eq!((on.len(), on.left_options(on.start()), on.right_options(on.start())), (1, &[0][..], &[][..]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyGame {
    pub(crate) names: Vec<String>,
    pub(crate) left: Vec<Vec<u32>>,
    pub(crate) right: Vec<Vec<u32>>,
    pub(crate) start: u32,
}

/// The named loopy values of Winning Ways (chapter 11) and Siegel's *Combinatorial Game
/// Theory* (chapter VI), each as its text form: `pass` is a move to the position itself.
pub const NAMED: [(&str, &str); 9] = [
    ("on", "{pass|}"),
    ("off", "{|pass}"),
    ("over", "{0|pass}"),
    ("under", "{pass|0}"),
    ("upon", "{pass|*}"),
    ("downon", "{*|pass}"),
    ("dud", "{pass|pass}"),
    ("tis", "tis = {tisn|}; tisn = {|tis}"),
    ("tisn", "tisn = {|tis}; tis = {tisn|}"),
];

impl LoopyGame {
    /// A game from its positions' names and options; `start` is where play begins.
    ///
    /// # Errors
    /// [`PartizanError::Argument`] when the lists differ in length, an option or the start is
    /// not a position, or there are more than `u32::MAX` positions.
    pub fn new(
        names: Vec<String>,
        left: Vec<Vec<u32>>,
        right: Vec<Vec<u32>>,
        start: u32,
    ) -> Result<LoopyGame, PartizanError> {
        let n = names.len();
        let bad = |message: String| Err(PartizanError::Argument { message });
        if left.len() != n || right.len() != n {
            return bad(format!(
                "{n} names but {} Left and {} Right option lists",
                left.len(),
                right.len()
            ));
        }
        if n == 0 || n > u32::MAX as usize {
            return bad(format!("a loopy game needs 1 to {} positions", u32::MAX));
        }
        if start as usize >= n {
            return bad(format!("start {start} is not one of the {n} positions"));
        }
        if let Some(o) = left
            .iter()
            .chain(&right)
            .flatten()
            .find(|&&o| o as usize >= n)
        {
            return bad(format!("option {o} is not one of the {n} positions"));
        }
        let mut g = LoopyGame {
            names,
            left,
            right,
            start,
        };
        g.tidy();
        Ok(g)
    }

    /// One of the named values (`on`, `off`, `over`, `under`, `upon`, `downon`, `dud`, `tis`,
    /// `tisn`; see [`NAMED`]), or `None`.
    #[must_use]
    pub fn named(name: &str) -> Option<LoopyGame> {
        let (_, text) = NAMED.iter().find(|(n, _)| *n == name)?;
        let mut g = LoopyGame::parse(text).ok()?;
        g.names[g.start as usize] = name.to_owned();
        Some(g)
    }

    /// The short game `g` as a loopy game whose positions are its canonical subpositions.
    ///
    /// # Errors
    /// [`PartizanError::TooLarge`] past [`MAX_SHORT_POSITIONS`] subpositions (the integer
    /// `n` has `n + 1`).
    pub fn from_short(arena: &mut Arena, g: GameId) -> Result<LoopyGame, PartizanError> {
        let mut b = Builder::default();
        let start = b.short(arena, g)?;
        Ok(b.finish(start))
    }

    /// Number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Always false: a loopy game has its start position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Where play begins.
    #[must_use]
    pub fn start(&self) -> u32 {
        self.start
    }

    /// The same graph with play beginning at `position`.
    ///
    /// # Errors
    /// [`PartizanError::Argument`] when `position` is not a position.
    pub fn with_start(&self, position: u32) -> Result<LoopyGame, PartizanError> {
        if position as usize >= self.len() {
            return Err(PartizanError::Argument {
                message: format!("{position} is not one of the {} positions", self.len()),
            });
        }
        Ok(LoopyGame {
            start: position,
            ..self.clone()
        })
    }

    /// The name of `position`.
    #[must_use]
    pub fn name(&self, position: u32) -> &str {
        &self.names[position as usize]
    }

    /// The position called `name`.
    #[must_use]
    pub fn position(&self, name: &str) -> Option<u32> {
        self.names.iter().position(|n| n == name).map(|i| i as u32)
    }

    /// Left's options from `position`, in increasing order.
    #[must_use]
    pub fn left_options(&self, position: u32) -> &[u32] {
        &self.left[position as usize]
    }

    /// Right's options from `position`, in increasing order.
    #[must_use]
    pub fn right_options(&self, position: u32) -> &[u32] {
        &self.right[position as usize]
    }

    /// `player`'s options from `position`.
    #[must_use]
    pub fn options(&self, position: u32, player: Player) -> &[u32] {
        match player {
            Player::Left => self.left_options(position),
            Player::Right => self.right_options(position),
        }
    }

    /// Number of moves (edges) of both players.
    #[must_use]
    pub fn edge_count(&self) -> usize {
        self.left.iter().chain(&self.right).map(Vec::len).sum()
    }

    /// `−G`: the same positions with the players' options exchanged (names get a leading `-`).
    #[must_use]
    pub fn neg(&self) -> LoopyGame {
        LoopyGame {
            names: self.names.iter().map(|n| negated_name(n)).collect(),
            left: self.right.clone(),
            right: self.left.clone(),
            start: self.start,
        }
    }

    /// The positions reachable from the start, in the order a breadth-first search meets them
    /// (the start first).
    #[must_use]
    pub fn reachable(&self) -> Vec<u32> {
        self.reachable_from(self.start)
    }

    /// The positions reachable from `start`, in breadth-first order (`start` first).
    pub(crate) fn reachable_from(&self, start: u32) -> Vec<u32> {
        let mut seen = vec![false; self.len()];
        let mut order = vec![start];
        seen[start as usize] = true;
        let mut i = 0;
        while i < order.len() {
            let x = order[i] as usize;
            i += 1;
            for &o in self.left[x].iter().chain(&self.right[x]) {
                if !seen[o as usize] {
                    seen[o as usize] = true;
                    order.push(o);
                }
            }
        }
        order
    }

    /// The game on the positions reachable from the start only, renumbered in the order of
    /// [`LoopyGame::reachable`] (so the start becomes position 0).
    #[must_use]
    pub fn trimmed(&self) -> LoopyGame {
        self.trimmed_from(self.start)
    }

    /// The game played from `start`, on the positions reachable from it only, renumbered in
    /// breadth-first order (`start` becomes position 0). Only those positions are copied.
    pub(crate) fn trimmed_from(&self, start: u32) -> LoopyGame {
        let order = self.reachable_from(start);
        let mut index = vec![u32::MAX; self.len()];
        for (i, &x) in order.iter().enumerate() {
            index[x as usize] = i as u32;
        }
        let map = |opts: &Vec<u32>| opts.iter().map(|&o| index[o as usize]).collect();
        let mut g = LoopyGame {
            names: order
                .iter()
                .map(|&x| self.names[x as usize].clone())
                .collect(),
            left: order.iter().map(|&x| map(&self.left[x as usize])).collect(),
            right: order
                .iter()
                .map(|&x| map(&self.right[x as usize]))
                .collect(),
            start: 0,
        };
        g.tidy();
        g
    }

    /// Whether play from the start always ends (no position can repeat): then the game is a
    /// short game, see [`LoopyGame::to_short`].
    #[must_use]
    pub fn is_short(&self) -> bool {
        acyclic_order(self, &self.reachable()).is_some()
    }

    /// The canonical form of a game whose play always ends, or `None` when a position can
    /// repeat.
    ///
    /// # Errors
    /// [`PartizanError::NumberRange`] when a number leaves the dyadic range.
    pub fn to_short(&self, arena: &mut Arena) -> Result<Option<GameId>, PartizanError> {
        let Some(order) = acyclic_order(self, &self.reachable()) else {
            return Ok(None);
        };
        let mut value: FxHashMap<u32, GameId> = FxHashMap::default();
        for &x in order.iter().rev() {
            let l: Vec<GameId> = self.left[x as usize].iter().map(|o| value[o]).collect();
            let r: Vec<GameId> = self.right[x as usize].iter().map(|o| value[o]).collect();
            let g = arena.form(&l, &r)?;
            value.insert(x, g);
        }
        Ok(Some(value[&self.start]))
    }

    /// The disjunctive sum of `parts`: positions are the tuples of the parts' positions
    /// reachable from the tuple of their starts, named `a + b + …`.
    ///
    /// # Errors
    /// [`PartizanError::Argument`] for no parts; [`PartizanError::Stopped`] or
    /// [`PartizanError::MemoryLimit`] when the sum outgrows `budget`.
    pub fn sum(parts: &[LoopyGame], budget: &Budget) -> Result<LoopyGame, PartizanError> {
        match parts {
            [] => Err(PartizanError::Argument {
                message: "a sum needs at least one game".into(),
            }),
            [one] => Ok(one.clone()),
            _ => {
                let mut acc = parts[0].clone();
                for p in &parts[1..] {
                    acc = sum2(&acc, p, budget)?;
                }
                Ok(acc)
            }
        }
    }

    /// A graph built breadth first from its start (position 0), option lists tidied.
    pub(crate) fn from_parts(
        names: Vec<String>,
        left: Vec<Vec<u32>>,
        right: Vec<Vec<u32>>,
    ) -> LoopyGame {
        let mut g = LoopyGame {
            names,
            left,
            right,
            start: 0,
        };
        g.tidy();
        g
    }

    /// Sorts and de-duplicates every option list.
    pub(crate) fn tidy(&mut self) {
        for opts in self.left.iter_mut().chain(self.right.iter_mut()) {
            opts.sort_unstable();
            opts.dedup();
        }
    }
}

fn negated_name(name: &str) -> String {
    if let Some(rest) = name.strip_prefix('-') {
        rest.to_owned()
    } else if name == "0" {
        name.to_owned()
    } else if name.contains([' ', '+']) {
        format!("-({name})")
    } else {
        format!("-{name}")
    }
}

/// The reachable positions in an order where every option comes after its position, or `None`
/// when some position can repeat.
fn acyclic_order(g: &LoopyGame, reachable: &[u32]) -> Option<Vec<u32>> {
    let mut indegree: FxHashMap<u32, usize> = reachable.iter().map(|&x| (x, 0)).collect();
    for &x in reachable {
        for o in g.left[x as usize].iter().chain(&g.right[x as usize]) {
            *indegree
                .get_mut(o)
                .expect("options of reachable positions are reachable") += 1;
        }
    }
    let mut order: Vec<u32> = reachable
        .iter()
        .copied()
        .filter(|x| indegree[x] == 0)
        .collect();
    let mut i = 0;
    while i < order.len() {
        let x = order[i] as usize;
        i += 1;
        for o in g.left[x].iter().chain(&g.right[x]) {
            let d = indegree.get_mut(o).expect("reachable");
            *d -= 1;
            if *d == 0 {
                order.push(*o);
            }
        }
    }
    (order.len() == reachable.len()).then_some(order)
}

fn sum2(a: &LoopyGame, b: &LoopyGame, budget: &Budget) -> Result<LoopyGame, PartizanError> {
    let mut index: FxHashMap<(u32, u32), u32> = FxHashMap::default();
    let mut pairs = vec![(a.start, b.start)];
    index.insert((a.start, b.start), 0);
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < pairs.len() {
        let (x, y) = pairs[i];
        i += 1;
        if i % 4096 == 0 {
            budget
                .check(pairs.len() as u64, pairs.len() as u64 * BYTES_PER_POSITION)
                .map_err(PartizanError::Stopped)?;
        }
        let mut side = |ax: &[u32], by: &[u32]| {
            let mut opts = Vec::with_capacity(ax.len() + by.len());
            let moves = ax.iter().map(|&o| (o, y)).chain(by.iter().map(|&o| (x, o)));
            for p in moves {
                let next = pairs.len() as u32;
                let id = *index.entry(p).or_insert_with(|| {
                    pairs.push(p);
                    next
                });
                opts.push(id);
            }
            opts
        };
        left.push(side(&a.left[x as usize], &b.left[y as usize]));
        right.push(side(&a.right[x as usize], &b.right[y as usize]));
    }
    let names = pairs
        .iter()
        .map(|&(x, y)| format!("{} + {}", a.name(x), b.name(y)))
        .collect();
    Ok(LoopyGame::from_parts(names, left, right))
}

/// Builds a graph position by position; shared by the text reader and [`LoopyGame::from_short`].
#[derive(Default)]
pub(crate) struct Builder {
    pub(crate) names: Vec<String>,
    pub(crate) left: Vec<Vec<u32>>,
    pub(crate) right: Vec<Vec<u32>>,
    shorts: FxHashMap<GameId, u32>,
}

impl Builder {
    /// A new position with no options yet.
    pub(crate) fn add(&mut self, name: String) -> u32 {
        self.names.push(name);
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.names.len() - 1) as u32
    }

    /// The position of the short game `g` (its canonical subpositions added once each, in
    /// an explicit post-order: an integer's chain of options is as long as the integer).
    ///
    /// # Errors
    /// [`PartizanError::TooLarge`] past [`MAX_SHORT_POSITIONS`] subpositions.
    pub(crate) fn short(&mut self, arena: &mut Arena, g: GameId) -> Result<u32, PartizanError> {
        let mut stack = vec![(g, false)];
        let mut expanded_count = 0usize;
        while let Some((x, expanded)) = stack.pop() {
            if self.shorts.contains_key(&x) {
                continue;
            }
            let (left, right) = (arena.left_options(x), arena.right_options(x));
            if !expanded {
                // Each position is expanded once (a second copy on the stack finds it added),
                // so this counts the subpositions before the stack can grow past them.
                expanded_count += 1;
                if expanded_count > MAX_SHORT_POSITIONS {
                    return Err(PartizanError::TooLarge {
                        message: format!(
                            "the short game {} has more than {MAX_SHORT_POSITIONS} subpositions to lay out as a loopy game",
                            arena.display(g).chars().take(40).collect::<String>()
                        ),
                    });
                }
                stack.push((x, true));
                stack.extend(left.iter().chain(&right).map(|&o| (o, false)));
                continue;
            }
            let p = self.add(arena.display(x));
            self.shorts.insert(x, p);
            self.left[p as usize] = left.iter().map(|o| self.shorts[o]).collect();
            self.right[p as usize] = right.iter().map(|o| self.shorts[o]).collect();
        }
        Ok(self.shorts[&g])
    }

    /// Copies `g` into the builder, returning where its start went.
    pub(crate) fn embed(&mut self, g: &LoopyGame) -> u32 {
        let offset = self.names.len() as u32;
        for x in 0..g.len() {
            self.names.push(g.names[x].clone());
            self.left
                .push(g.left[x].iter().map(|o| o + offset).collect());
            self.right
                .push(g.right[x].iter().map(|o| o + offset).collect());
        }
        offset + g.start
    }

    pub(crate) fn finish(self, start: u32) -> LoopyGame {
        let mut g = LoopyGame {
            names: self.names,
            left: self.left,
            right: self.right,
            start,
        };
        g.tidy();
        g.trimmed()
    }
}
