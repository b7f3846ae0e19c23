//! Sums of games: a position made of components of any impartial game — the games of this
//! crate, tokens on graphs with cycles, or any game of a caller's through the open
//! [`SumComponent`] trait (scripted games implement it in `cgt-script`). The value of a sum is
//! the generalised nim-sum of the components' values (Sprague–Grundy, with `∞(K)` for loopy
//! components), and the winning moves are the moves, in any component, that bring the whole
//! sum to a P-position — or, when the sum is a draw, the moves that keep the draw.

use core::fmt;

use cgt_core::{ImpartialGame, LoopyOutcome, Nimber, Solver};

use crate::loopy::{self, LoopyValue};
use crate::period::HeapValues;

use crate::divisor::Subtract;
use crate::graph::Digraph;
use crate::hackenbush::Hackenbush;
use crate::heapgame::HeapGame;
use crate::heapgame::SplitMove;
use crate::nim::{self, MooreNim, StairMove};
use crate::stones::StonesMove;
use crate::wythoff::WythoffMove;
use crate::{HeapMove, ImpartialError, MultiHeapMove, divisor, graph, stones, wythoff};

/// One component of a sum.
///
/// # Examples
///
/// ```
/// use cgt_core::LoopyOutcome;
/// use cgt_impartial::loopy::LoopyValue;
/// use cgt_impartial::sum::{Component, SumComponent, SumOptions, analyse};
///
/// let mut parts = [Component::Nim(vec![3, 4]), Component::Wythoff(1, 3), Component::Divisor(12)];
/// let mut refs: Vec<&mut dyn SumComponent> =
///     parts.iter_mut().map(|c| c as &mut dyn SumComponent).collect();
/// let sum = analyse(&mut refs, &SumOptions { memory_limit: u128::MAX })?;
/// assert_eq!(sum.total, LoopyValue::Finite(7 ^ 4 ^ 2));
/// assert_eq!(sum.outcome, LoopyOutcome::N);
/// assert!(!sum.moves.is_empty());
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Component {
    /// Nim heaps.
    Nim(Vec<u64>),
    /// Staircase Nim: coins on steps 1, 2, 3, ….
    Staircase(Vec<u64>),
    /// Wythoff's game at `(a, b)`.
    Wythoff(u64, u64),
    /// The divisor game at `N`.
    Divisor(u64),
    /// The one-use Game of Stones with these fresh piles.
    Stones(Vec<u64>),
    /// A Green Hackenbush picture.
    Hackenbush(Hackenbush),
    /// Tokens on vertices of an acyclic graph.
    Graph {
        /// The graph.
        graph: Digraph,
        /// The vertices holding a token.
        tokens: Vec<u32>,
    },
    /// Heaps of an octal or subtraction game, or of Grundy's game: the XOR of the heaps'
    /// nim-sequence values.
    Heaps {
        /// The game.
        game: HeapGame,
        /// The heap sizes.
        heaps: Vec<u64>,
    },
    /// Moore's Nim_k: its Grundy value is not the XOR of anything simple, so it is searched
    /// (positions of at most [`MOORE_SEARCH_LIMIT`] states).
    Moore {
        /// The game.
        game: MooreNim,
        /// The heap sizes.
        heaps: Vec<u64>,
    },
}

/// The most positions (the product of `heap + 1` over the heaps) a Moore's Nim component is
/// searched over.
pub const MOORE_SEARCH_LIMIT: u64 = 1 << 20;

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
        match self {
            Component::Nim(h) => write!(f, "Nim ({})", list(h)),
            Component::Staircase(s) => write!(f, "Staircase Nim ({})", list(s)),
            Component::Wythoff(a, b) => write!(f, "Wythoff ({a}, {b})"),
            Component::Divisor(n) => write!(f, "divisor game at {n}"),
            Component::Stones(p) => write!(f, "Game of Stones ({})", list(p)),
            Component::Hackenbush(h) => {
                write!(f, "Hackenbush picture of {} edges", h.edges().len())
            }
            Component::Graph { graph, tokens } => {
                let names: Vec<&str> = tokens.iter().map(|&t| graph.label(t)).collect();
                write!(f, "graph tokens on {}", names.join(", "))
            }
            Component::Heaps { game, heaps } => write!(f, "{game} heaps ({})", list(heaps)),
            Component::Moore { game, heaps } => {
                write!(f, "Moore's Nim_{} ({})", game.k(), list(heaps))
            }
        }
    }
}

/// Limits for components that need tables or searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumOptions {
    /// Bytes a Wythoff table may use.
    pub memory_limit: u128,
}

impl Default for SumOptions {
    fn default() -> SumOptions {
        SumOptions {
            memory_limit: 1 << 30,
        }
    }
}

/// A move in one component of a sum, typed by the kind of component.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ComponentMove {
    /// Reduce one Nim heap.
    Heap(HeapMove),
    /// Move coins one step down a staircase (steps counted from 1, the ground is step 0).
    Stair(StairMove),
    /// A move of Wythoff's game, with the position it leaves.
    Wythoff {
        /// The move.
        mv: WythoffMove,
        /// The position after it.
        after: (u64, u64),
    },
    /// Subtract a proper divisor.
    Subtract(Subtract),
    /// Take stones from a pile of the one-use Game of Stones.
    Stones(StonesMove),
    /// Cut an edge of a Hackenbush picture: its index (from 0) and its ends' names.
    Cut {
        /// The edge, counting from 0.
        edge: usize,
        /// One end.
        from: String,
        /// The other end.
        to: String,
    },
    /// Remove counters from a heap of an octal, subtraction or Grundy's game (and split it).
    Split(SplitMove),
    /// Reduce up to `k` heaps at once (Moore's Nim_k).
    Reduce(MultiHeapMove),
    /// A token moved along an edge of a graph: the token (0-based) and the vertices' names.
    Token {
        /// Which token, from 0.
        token: usize,
        /// The vertex it leaves.
        from: String,
        /// The vertex it reaches.
        to: String,
    },
    /// A move to the position written (a scripted game's position).
    To(String),
    /// In a finite component beside an infinite rest `∞(K)`, every move keeps the draw except
    /// one to a value in `K` (listed; empty when every move keeps it).
    KeepsDraw(Vec<u64>),
}

impl fmt::Display for ComponentMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComponentMove::Heap(m) => m.fmt(f),
            ComponentMove::Stair(m) => m.fmt(f),
            ComponentMove::Wythoff { mv, after } => {
                write!(f, "{mv}, leaving ({}, {})", after.0, after.1)
            }
            ComponentMove::Subtract(m) => m.fmt(f),
            ComponentMove::Stones(m) => m.fmt(f),
            ComponentMove::Cut { edge, from, to } => {
                write!(f, "cut edge {} ({from} - {to})", edge + 1)
            }
            ComponentMove::Split(m) => m.fmt(f),
            ComponentMove::Reduce(m) => {
                let changes: Vec<String> = m
                    .changes
                    .iter()
                    .map(|c| format!("heap {} from {} to {}", c.heap + 1, c.from, c.to))
                    .collect();
                write!(f, "reduce {}", changes.join(", "))
            }
            ComponentMove::Token { token, from, to } => {
                write!(f, "move token {} from {from} to {to}", token + 1)
            }
            ComponentMove::To(after) => write!(f, "move to {after}"),
            ComponentMove::KeepsDraw(k) if k.is_empty() => f.write_str("any move keeps the draw"),
            ComponentMove::KeepsDraw(k) => {
                let list: Vec<String> = k.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "any move keeps the draw except one to a value in {{{}}}",
                    list.join(", ")
                )
            }
        }
    }
}

/// A move in one component of a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SumMove {
    /// Which component (0-based).
    pub component: usize,
    /// The move within the component.
    pub mv: ComponentMove,
}

/// The analysis of a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumAnalysis {
    /// The value of each component (`Finite` for every finite game).
    pub values: Vec<LoopyValue>,
    /// Their sum.
    pub total: LoopyValue,
    /// P, N, or a draw (a loopy sum neither player can win).
    pub outcome: LoopyOutcome,
    /// Every winning move (for a draw, every move that keeps the draw); empty for a
    /// P-position.
    pub moves: Vec<SumMove>,
}

/// One component of a sum: any impartial game that can give its value and the moves that
/// bring the whole sum to a wanted outcome. Finite games implement it through
/// [`finite_moves_reaching`] from their Grundy value and their moves to a value.
pub trait SumComponent {
    /// The component in words (`Nim (3, 4)`).
    fn describe(&self) -> String;

    /// The component's value: `Finite(g)` for a finite game, `∞(K)` for a loopy one.
    ///
    /// # Errors
    /// When the value needs a table or search beyond the limits, or the game itself fails.
    fn value(&mut self, options: &SumOptions) -> Result<LoopyValue, ImpartialError>;

    /// Every move of this component after which the whole sum has outcome `wanted` (P after
    /// a winning move, a draw after a move that keeps the draw), given the component's own
    /// value `own` and the sum `rest` of the others.
    ///
    /// # Errors
    /// As [`SumComponent::value`].
    fn moves_reaching(
        &mut self,
        own: &LoopyValue,
        rest: &LoopyValue,
        wanted: LoopyOutcome,
        options: &SumOptions,
    ) -> Result<Vec<ComponentMove>, ImpartialError>;
}

impl<C: SumComponent + ?Sized> SumComponent for &mut C {
    fn describe(&self) -> String {
        (**self).describe()
    }

    fn value(&mut self, options: &SumOptions) -> Result<LoopyValue, ImpartialError> {
        (**self).value(options)
    }

    fn moves_reaching(
        &mut self,
        own: &LoopyValue,
        rest: &LoopyValue,
        wanted: LoopyOutcome,
        options: &SumOptions,
    ) -> Result<Vec<ComponentMove>, ImpartialError> {
        (**self).moves_reaching(own, rest, wanted, options)
    }
}

/// The moves of a finite component that bring a sum to `wanted`: the moves to the rest's
/// value when the rest is finite and a P-position is wanted (only a finite rest can be
/// cancelled), and for a draw beside an infinite rest `∞(K)`, when the component has a move at
/// all (`has_moves`; a component of value 0 may have moves), the note that every move keeps
/// the draw except one to a value in `K`. `moves_to_value(t)` lists the component's moves to
/// value `t`.
///
/// # Errors
/// Those of `moves_to_value`.
pub fn finite_moves_reaching<E>(
    own: &LoopyValue,
    rest: &LoopyValue,
    wanted: LoopyOutcome,
    has_moves: bool,
    moves_to_value: impl FnOnce(u64) -> Result<Vec<ComponentMove>, E>,
) -> Result<Vec<ComponentMove>, E> {
    let mut out = Vec::new();
    if let (LoopyOutcome::P, LoopyValue::Finite(r)) = (wanted, rest) {
        out = moves_to_value(*r)?;
    }
    if let (LoopyOutcome::Draw, LoopyValue::Infinite(k), LoopyValue::Finite(v)) =
        (wanted, rest, own)
        && (*v > 0 || has_moves)
    {
        out.push(ComponentMove::KeepsDraw(k.clone()));
    }
    Ok(out)
}

impl SumComponent for Component {
    fn describe(&self) -> String {
        self.to_string()
    }

    fn value(&mut self, options: &SumOptions) -> Result<LoopyValue, ImpartialError> {
        Ok(LoopyValue::Finite(self.grundy(options)?.value()))
    }

    fn moves_reaching(
        &mut self,
        own: &LoopyValue,
        rest: &LoopyValue,
        wanted: LoopyOutcome,
        options: &SumOptions,
    ) -> Result<Vec<ComponentMove>, ImpartialError> {
        let has_moves = self.has_moves();
        finite_moves_reaching(own, rest, wanted, has_moves, |t| {
            self.moves_to_value(Nimber::new(t), options)
        })
    }
}

/// Tokens on a graph that may have cycles, valued by the generalised Sprague–Grundy function.
#[derive(Clone, Debug)]
pub struct LoopyTokens {
    graph: Digraph,
    values: Vec<LoopyValue>,
    tokens: Vec<u32>,
}

impl LoopyTokens {
    /// Tokens on `tokens` (vertex numbers, repeats allowed) of `graph`.
    ///
    /// # Errors
    /// [`ImpartialError::OutOfRange`] for a token on a number that is not a vertex.
    pub fn new(graph: Digraph, tokens: Vec<u32>) -> Result<LoopyTokens, ImpartialError> {
        if let Some(&bad) = tokens.iter().find(|&&t| t as usize >= graph.len()) {
            return Err(ImpartialError::OutOfRange {
                what: "token vertex",
                value: bad.to_string(),
                max: graph.len().saturating_sub(1).to_string(),
            });
        }
        let values = loopy::loopy_values(&graph);
        Ok(LoopyTokens {
            graph,
            values,
            tokens,
        })
    }
}

impl SumComponent for LoopyTokens {
    fn describe(&self) -> String {
        let names: Vec<&str> = self
            .tokens
            .iter()
            .map(|&t| self.graph.name(t).unwrap_or_default())
            .collect();
        format!("tokens on {} of a graph with cycles", names.join(", "))
    }

    fn value(&mut self, _: &SumOptions) -> Result<LoopyValue, ImpartialError> {
        Ok(self.tokens.iter().fold(LoopyValue::Finite(0), |acc, &t| {
            acc.sum(&self.values[t as usize])
        }))
    }

    fn moves_reaching(
        &mut self,
        _: &LoopyValue,
        rest: &LoopyValue,
        wanted: LoopyOutcome,
        _: &SumOptions,
    ) -> Result<Vec<ComponentMove>, ImpartialError> {
        let name = |v: u32| self.graph.name(v).unwrap_or_default().to_owned();
        Ok(
            loopy::moves_reaching(&self.graph, &self.values, &self.tokens, rest, wanted)
                .into_iter()
                .map(|m| ComponentMove::Token {
                    token: m.token,
                    from: name(m.from),
                    to: name(m.to),
                })
                .collect(),
        )
    }
}

impl Component {
    /// Whether the player to move has any move here (a component of value 0 may).
    #[must_use]
    pub fn has_moves(&self) -> bool {
        match self {
            Component::Nim(h) | Component::Staircase(h) | Component::Moore { heaps: h, .. } => {
                h.iter().any(|&x| x > 0)
            }
            Component::Stones(piles) => piles.iter().any(|&x| x > 0),
            Component::Wythoff(a, b) => a + b > 0,
            Component::Divisor(n) => *n > 1,
            Component::Hackenbush(h) => !h.grounded().edges().is_empty(),
            Component::Graph { graph, tokens } => {
                tokens.iter().any(|&t| !graph.successors(t).is_empty())
            }
            Component::Heaps { game, heaps } => heaps.iter().any(|&h| game.option_count(h) > 0),
        }
    }

    /// The Grundy value of the component.
    ///
    /// # Errors
    /// [`ImpartialError`] when the component needs a table or search beyond the limits
    /// (Wythoff tables within `options.memory_limit`, divisor game `N ≤ 10^7`).
    pub fn grundy(&self, options: &SumOptions) -> Result<Nimber, ImpartialError> {
        Ok(match self {
            Component::Nim(h) => nim::nim_grundy(h),
            Component::Staircase(s) => nim::staircase_grundy(&steps(s)),
            Component::Wythoff(a, b) => {
                let (n, table) = wythoff_table(*a, *b, options)?;
                Nimber::new(u64::from(table[*a as usize * n + *b as usize]))
            }
            Component::Divisor(n) => {
                divisor::outcome(*n)?;
                Nimber::new(divisor::grundy_values(*n)?[*n as usize])
            }
            Component::Stones(p) => stones::outcome(p).0,
            Component::Hackenbush(h) => h.value(),
            Component::Graph { graph, tokens } => {
                let values = graph::grundy_values(graph)?;
                graph::token_position(graph, &values, tokens).0
            }
            Component::Heaps { game, heaps } => {
                let values = HeapValues::for_heaps(game, heaps, options.memory_limit)?;
                Nimber::new(u64::from(
                    heaps.iter().fold(0u32, |acc, &h| acc ^ values.get(h)),
                ))
            }
            Component::Moore { game, heaps } => {
                check_moore(heaps)?;
                let mut sorted = heaps.clone();
                sorted.sort_unstable();
                Solver::new(*game)
                    .grundy(&sorted)
                    .map_err(|e| ImpartialError::Invalid {
                        message: e.to_string(),
                    })?
            }
        })
    }

    /// Every move of the component to a position of Grundy value `target`.
    ///
    /// # Errors
    /// As for [`Component::grundy`]; stones need piles of at most
    /// [`stones::MAX_SEARCH_PILE`].
    pub fn moves_to_value(
        &self,
        target: Nimber,
        options: &SumOptions,
    ) -> Result<Vec<ComponentMove>, ImpartialError> {
        let t = target.value();
        Ok(match self {
            Component::Nim(h) => nim::nim_moves_to_value(h, t)
                .into_iter()
                .map(ComponentMove::Heap)
                .collect(),
            Component::Staircase(s) => nim::staircase_moves_to_value(&steps(s), t)
                .into_iter()
                .map(ComponentMove::Stair)
                .collect(),
            Component::Wythoff(a, b) => {
                let (n, table) = wythoff_table(*a, *b, options)?;
                let value = |(x, y): (u64, u64)| u64::from(table[x as usize * n + y as usize]);
                let candidates = (1..=*a)
                    .map(|count| WythoffMove::First { count })
                    .rev()
                    .chain((1..=*b).rev().map(|count| WythoffMove::Second { count }))
                    .chain((1..=*a.min(b)).map(|count| WythoffMove::Both { count }));
                candidates
                    .map(|mv| (mv, mv.apply((*a, *b))))
                    .filter(|&(_, after)| value(after) == t)
                    .map(|(mv, after)| ComponentMove::Wythoff { mv, after })
                    .collect()
            }
            Component::Divisor(n) => {
                let g = divisor::grundy_values(*n)?;
                divisor::divisors(*n)
                    .into_iter()
                    .filter(|&d| d < *n && g[(*n - d) as usize] == t)
                    .map(|divisor| ComponentMove::Subtract(Subtract { from: *n, divisor }))
                    .collect()
            }
            Component::Stones(piles) => {
                if let Some(&big) = piles
                    .iter()
                    .find(|&&p| p > u64::from(stones::MAX_SEARCH_PILE))
                {
                    return Err(ImpartialError::OutOfRange {
                        what: "pile size for move search",
                        value: big.to_string(),
                        max: stones::MAX_SEARCH_PILE.to_string(),
                    });
                }
                let total = stones::outcome(piles).0;
                let mut solver = Solver::new(stones::OneUsePile);
                let mut out = Vec::new();
                for (pile, &n) in piles.iter().enumerate() {
                    let rest = total + stones::pile_grundy(n);
                    for take in 1..=n {
                        let after = stones::PileState {
                            left: (n - take) as u32,
                            used: 1 << take,
                        };
                        if stones::search(&mut solver, after) + rest == target {
                            out.push(ComponentMove::Stones(StonesMove { pile, take }));
                        }
                    }
                }
                out
            }
            Component::Hackenbush(h) => h
                .cuts_to_value(target)
                .into_iter()
                .map(|edge| {
                    let (u, v) = h.edge_ends(edge).unwrap_or_default();
                    ComponentMove::Cut {
                        edge,
                        from: u.to_owned(),
                        to: v.to_owned(),
                    }
                })
                .collect(),
            Component::Heaps { game, heaps } => {
                if let Some(&huge) = heaps.iter().find(|&&h| h > MOVE_LIST_HEAP) {
                    return Err(ImpartialError::Invalid {
                        message: format!(
                            "a heap of {huge} has too many moves to list (at most {MOVE_LIST_HEAP} \
                             counters per heap when the winning moves are wanted)"
                        ),
                    });
                }
                let values = HeapValues::for_heaps(game, heaps, options.memory_limit)?;
                let g = |n: u64| u64::from(values.get(n));
                let total = heaps.iter().fold(0, |acc, &h| acc ^ g(h));
                let mut out = Vec::new();
                for (heap, &from) in heaps.iter().enumerate() {
                    let rest = total ^ g(from);
                    for (removed, leaves) in game.heap_options(from) {
                        if leaves.iter().fold(rest, |acc, &x| acc ^ g(x)) == t {
                            out.push(ComponentMove::Split(SplitMove {
                                heap,
                                from,
                                removed,
                                leaves,
                            }));
                        }
                    }
                }
                out
            }
            Component::Moore { game, heaps } => {
                check_moore(heaps)?;
                let mut solver = Solver::new(*game);
                let mut moves = Vec::new();
                game.moves(heaps, &mut moves);
                let mut out = Vec::new();
                for (mv, mut after) in moves {
                    after.sort_unstable();
                    let v = solver.grundy(&after).map_err(|e| ImpartialError::Invalid {
                        message: e.to_string(),
                    })?;
                    if v.value() == t {
                        out.push(ComponentMove::Reduce(mv));
                    }
                }
                out
            }
            Component::Graph { graph, tokens } => {
                let values = graph::grundy_values(graph)?;
                graph::token_moves_to_value(graph, &values, tokens, t)
                    .into_iter()
                    .map(|m| ComponentMove::Token {
                        token: m.token,
                        from: graph.label(m.from).to_owned(),
                        to: graph.label(m.to).to_owned(),
                    })
                    .collect()
            }
        })
    }
}

/// Analyses the sum of `components`: each one's value, the total, the outcome, and every
/// winning move (or, for a draw, every move that keeps the draw), component by component in
/// order.
///
/// # Errors
/// The first component error.
pub fn analyse(
    components: &mut [&mut dyn SumComponent],
    options: &SumOptions,
) -> Result<SumAnalysis, ImpartialError> {
    let values: Vec<LoopyValue> = components
        .iter_mut()
        .map(|c| c.value(options))
        .collect::<Result<_, _>>()?;
    let total = values
        .iter()
        .fold(LoopyValue::Finite(0), |acc, v| acc.sum(v));
    let outcome = total.outcome();
    let wanted = match outcome {
        LoopyOutcome::P => None,
        LoopyOutcome::N => Some(LoopyOutcome::P),
        LoopyOutcome::Draw => Some(LoopyOutcome::Draw),
    };
    let mut moves = Vec::new();
    if let Some(wanted) = wanted {
        for (i, c) in components.iter_mut().enumerate() {
            let rest = values
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(LoopyValue::Finite(0), |acc, (_, v)| acc.sum(v));
            for mv in c.moves_reaching(&values[i], &rest, wanted, options)? {
                moves.push(SumMove { component: i, mv });
            }
        }
    }
    Ok(SumAnalysis {
        values,
        total,
        outcome,
        moves,
    })
}

/// The largest heap of a heap game whose moves are listed one by one.
const MOVE_LIST_HEAP: u64 = 1 << 22;

/// Refuses Moore's Nim positions too large to search.
fn check_moore(heaps: &[u64]) -> Result<(), ImpartialError> {
    let states = heaps
        .iter()
        .try_fold(1u64, |acc, &h| acc.checked_mul(h.saturating_add(1)));
    match states {
        Some(n) if n <= MOORE_SEARCH_LIMIT => Ok(()),
        _ => Err(ImpartialError::OutOfRange {
            what: "Moore's Nim positions to search (the product of heap + 1)",
            value: states.map_or_else(|| "more than 2^64".to_owned(), |n| n.to_string()),
            max: MOORE_SEARCH_LIMIT.to_string(),
        }),
    }
}

fn steps(coins: &[u64]) -> Vec<u64> {
    let mut s = vec![0];
    s.extend_from_slice(coins);
    s
}

fn wythoff_table(
    a: u64,
    b: u64,
    options: &SumOptions,
) -> Result<(usize, Vec<u32>), ImpartialError> {
    let n = a.max(b).saturating_add(1);
    let n = usize::try_from(n).map_err(|_| ImpartialError::OutOfRange {
        what: "Wythoff heap for Grundy values",
        value: a.max(b).to_string(),
        max: usize::MAX.to_string(),
    })?;
    Ok((n, wythoff::grundy_table(n, options.memory_limit)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixed_sum() {
        let mut parts = [
            Component::Nim(vec![3, 4, 5]),
            Component::Wythoff(1, 2),
            Component::Divisor(12),
        ];
        let mut refs: Vec<&mut dyn SumComponent> = parts
            .iter_mut()
            .map(|c| c as &mut dyn SumComponent)
            .collect();
        let a = analyse(&mut refs, &SumOptions::default()).unwrap();
        assert_eq!(a.values[0], LoopyValue::Finite(2));
        assert_eq!(a.values[1], LoopyValue::Finite(0));
        let nim_sum = a.values.iter().fold(0, |acc, v| match v {
            LoopyValue::Finite(x) => acc ^ x,
            LoopyValue::Infinite(_) => unreachable!(),
        });
        assert_eq!(a.total, LoopyValue::Finite(nim_sum));
        assert_eq!(a.moves.is_empty(), a.outcome == LoopyOutcome::P);
    }

    #[test]
    fn a_draw_is_kept_in_the_finite_component_and_on_the_graph() {
        // d <-> e is a cycle with no exit: tokens there are ∞(∅), a draw; a Nim heap of 2
        // beside it keeps the draw whatever it does.
        let graph = crate::graph::Digraph::parse_edge_list("d e\ne d\n").unwrap();
        let d = graph.vertex("d").unwrap();
        let mut loopy = LoopyTokens::new(graph, vec![d]).unwrap();
        let mut nim = Component::Nim(vec![2]);
        let mut refs: Vec<&mut dyn SumComponent> = vec![&mut nim, &mut loopy];
        let a = analyse(&mut refs, &SumOptions::default()).unwrap();
        assert_eq!(a.outcome, LoopyOutcome::Draw);
        assert_eq!(a.values[1], LoopyValue::Infinite(vec![]));
        assert_eq!(
            a.moves[0],
            SumMove {
                component: 0,
                mv: ComponentMove::KeepsDraw(vec![])
            }
        );
        assert_eq!(a.moves[0].mv.to_string(), "any move keeps the draw");
        assert!(
            a.moves
                .iter()
                .any(|m| m.component == 1 && m.mv.to_string() == "move token 1 from d to e")
        );
    }
}
