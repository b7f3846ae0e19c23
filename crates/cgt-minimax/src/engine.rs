//! Search over implicit two-player zero-sum games: negamax alpha-beta with a transposition
//! table that stores bound types, solving a game exactly.

use std::collections::HashMap;

/// A finite two-player zero-sum game, scored from the side to move's point of view.
pub trait Game: Clone {
    /// A move.
    type Move: Copy;
    /// Appends the legal moves, in the order worth trying first.
    fn moves(&self, out: &mut Vec<Self::Move>);
    /// Plays a move.
    fn play(&mut self, m: Self::Move);
    /// The score for the side to move when the game is over (−1, 0, 1 for loss, draw, win).
    fn terminal(&self) -> Option<i32>;
    /// A key identifying the position exactly (for the transposition table).
    fn key(&self) -> (u64, u64);
}

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The true score is at least the stored one (a cutoff at the upper window edge).
    Lower,
    /// The true score is at most the stored one (all moves failed low).
    Upper,
}

/// Negamax alpha-beta with a transposition table.
#[derive(Debug, Default)]
pub struct Solver {
    table: HashMap<(u64, u64), (i32, Bound)>,
    /// Positions searched.
    pub nodes: u64,
    use_table: bool,
}

impl Solver {
    /// A solver; `use_table` turns the transposition table on.
    #[must_use]
    pub fn new(use_table: bool) -> Solver {
        Solver {
            table: HashMap::new(),
            nodes: 0,
            use_table,
        }
    }

    /// The exact score of `game` for the side to move.
    pub fn solve<G: Game>(&mut self, game: &G) -> i32 {
        self.search(game, -1, 1)
    }

    /// Fail-soft negamax within `[alpha, beta]`.
    pub fn search<G: Game>(&mut self, game: &G, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if let Some(score) = game.terminal() {
            return score;
        }
        if self.use_table {
            if let Some(&(score, bound)) = self.table.get(&game.key()) {
                match bound {
                    Bound::Exact => return score,
                    Bound::Lower => alpha = alpha.max(score),
                    Bound::Upper => beta = beta.min(score),
                }
                if alpha >= beta {
                    return score;
                }
            }
        }
        // The window actually searched decides what the result means.
        let searched_alpha = alpha;
        let mut moves = Vec::new();
        game.moves(&mut moves);
        let mut best = i32::MIN;
        for m in moves {
            let mut next = game.clone();
            next.play(m);
            let score = -self.search(&next, -beta, -alpha.max(best));
            best = best.max(score);
            if best >= beta {
                break;
            }
        }
        if self.use_table {
            let bound = if best <= searched_alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.insert(game.key(), (best, bound));
        }
        best
    }
}

impl Solver {
    /// Every move that keeps the exact value of `game` (its best moves), with that value.
    pub fn best_moves<G: Game>(&mut self, game: &G) -> (i32, Vec<G::Move>) {
        let value = self.solve(game);
        let mut moves = Vec::new();
        game.moves(&mut moves);
        let best = moves
            .into_iter()
            .filter(|&m| {
                let mut next = game.clone();
                next.play(m);
                -self.solve(&next) == value
            })
            .collect();
        (value, best)
    }
}

/// Plain minimax (negamax without pruning or table): the reference.
pub fn minimax<G: Game>(game: &G) -> i32 {
    if let Some(score) = game.terminal() {
        return score;
    }
    let mut moves = Vec::new();
    game.moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut next = game.clone();
            next.play(m);
            -minimax(&next)
        })
        .max()
        .expect("a non-terminal position has moves")
}
