//! Sums of games: a position made of components of any of the games of this crate. Its Grundy
//! value is the nim-sum of the components' values (Sprague–Grundy), and the winning moves are
//! the moves, in any component, to a position whose value is the component's value XOR the
//! total.

use core::fmt;

use cgt_core::{ImpartialGame, Nimber, Outcome, Solver};

use crate::graph::Digraph;
use crate::hackenbush::Hackenbush;
use crate::heapgame::HeapGame;
use crate::nim::{self, MooreNim};
use crate::{ImpartialError, divisor, graph, stones, wythoff};

/// One component of a sum.
///
/// # Examples
///
/// ```
/// use cgt_core::Outcome;
/// use cgt_impartial::sum::{Component, SumOptions, analyse};
///
/// let parts = [Component::Nim(vec![3, 4]), Component::Wythoff(1, 3), Component::Divisor(12)];
/// let sum = analyse(&parts, &SumOptions { memory_limit: u128::MAX })?;
/// assert_eq!(sum.total.value(), 7 ^ 4 ^ 2);
/// assert_eq!(sum.outcome, Outcome::N);
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

/// A move in one component of a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SumMove {
    /// Which component (0-based).
    pub component: usize,
    /// The move within the component, in words.
    pub description: String,
}

/// The analysis of a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumAnalysis {
    /// The Grundy value of each component.
    pub values: Vec<Nimber>,
    /// The nim-sum of the values.
    pub total: Nimber,
    /// P exactly when the total is zero.
    pub outcome: Outcome,
    /// Every winning move (empty for a P-position).
    pub moves: Vec<SumMove>,
}

impl Component {
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
                let values = heap_values(game, heaps, options)?;
                Nimber::new(u64::from(
                    heaps.iter().fold(0u32, |acc, &h| acc ^ values[h as usize]),
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

    /// Every move of the component to a position of Grundy value `target`, in words.
    ///
    /// # Errors
    /// As for [`Component::grundy`]; stones need piles of at most
    /// [`stones::MAX_SEARCH_PILE`].
    pub fn moves_to_value(
        &self,
        target: Nimber,
        options: &SumOptions,
    ) -> Result<Vec<String>, ImpartialError> {
        let t = target.value();
        let words = |v: Vec<String>| Ok(v);
        match self {
            Component::Nim(h) => words(
                nim::nim_moves_to_value(h, t)
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            ),
            Component::Staircase(s) => words(
                nim::staircase_moves_to_value(&steps(s), t)
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            ),
            Component::Wythoff(a, b) => {
                let (n, table) = wythoff_table(*a, *b, options)?;
                let (a, b) = (*a as usize, *b as usize);
                let value = |x: usize, y: usize| u64::from(table[x * n + y]);
                let mut out = Vec::new();
                for x in 0..a {
                    if value(x, b) == t {
                        out.push(format!("take {} from heap 1, leaving ({x}, {b})", a - x));
                    }
                }
                for y in 0..b {
                    if value(a, y) == t {
                        out.push(format!("take {} from heap 2, leaving ({a}, {y})", b - y));
                    }
                }
                for d in 1..=a.min(b) {
                    if value(a - d, b - d) == t {
                        out.push(format!(
                            "take {d} from both heaps, leaving ({}, {})",
                            a - d,
                            b - d
                        ));
                    }
                }
                words(out)
            }
            Component::Divisor(n) => {
                let g = divisor::grundy_values(*n)?;
                let divs = divisor::divisors(*n);
                words(
                    divs.iter()
                        .filter(|&&d| d < *n && g[(*n - d) as usize] == t)
                        .map(|d| format!("subtract {d}, leaving {}", n - d))
                        .collect(),
                )
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
                for (i, &n) in piles.iter().enumerate() {
                    let rest = total + stones::pile_grundy(n);
                    for take in 1..=n {
                        let after = stones::PileState {
                            left: (n - take) as u32,
                            used: 1 << take,
                        };
                        if stones::search(&mut solver, after) + rest == target {
                            out.push(format!("take {take} from pile {}", i + 1));
                        }
                    }
                }
                words(out)
            }
            Component::Hackenbush(h) => words(
                h.cuts_to_value(target)
                    .iter()
                    .map(|&e| {
                        let (u, v) = h.edge_ends(e).unwrap_or_default();
                        format!("cut edge {} ({u} - {v})", e + 1)
                    })
                    .collect(),
            ),
            Component::Heaps { game, heaps } => {
                let values = heap_values(game, heaps, options)?;
                let g = |n: u64| u64::from(values[n as usize]);
                let total = heaps.iter().fold(0, |acc, &h| acc ^ g(h));
                let mut out = Vec::new();
                for (i, &h) in heaps.iter().enumerate() {
                    let rest = total ^ g(h);
                    for (removed, leaves) in game.heap_options(h) {
                        if leaves.iter().fold(rest, |acc, &x| acc ^ g(x)) == t {
                            let m = crate::nimseq::SplitMove {
                                heap: i,
                                from: h,
                                removed,
                                leaves,
                            };
                            out.push(m.to_string());
                        }
                    }
                }
                words(out)
            }
            Component::Moore { game, heaps } => {
                check_moore(heaps)?;
                let mut solver = Solver::new(*game);
                let mut options_out = Vec::new();
                game.options(heaps, &mut options_out);
                let mut out = Vec::new();
                for after in options_out {
                    let mut sorted = after.clone();
                    sorted.sort_unstable();
                    let v = solver
                        .grundy(&sorted)
                        .map_err(|e| ImpartialError::Invalid {
                            message: e.to_string(),
                        })?;
                    if v.value() == t {
                        let changes: Vec<String> = heaps
                            .iter()
                            .zip(&after)
                            .enumerate()
                            .filter(|(_, (a, b))| a != b)
                            .map(|(i, (a, b))| format!("heap {} from {a} to {b}", i + 1))
                            .collect();
                        out.push(format!("reduce {}", changes.join(", ")));
                    }
                }
                words(out)
            }
            Component::Graph { graph, tokens } => {
                let values = graph::grundy_values(graph)?;
                words(
                    graph::token_moves_to_value(graph, &values, tokens, t)
                        .iter()
                        .map(|m| {
                            format!(
                                "move token {} from {} to {}",
                                m.token + 1,
                                graph.label(m.from),
                                graph.label(m.to)
                            )
                        })
                        .collect(),
                )
            }
        }
    }
}

/// Analyses the sum of `components`.
///
/// # Errors
/// The first component error (see [`Component::grundy`] and [`Component::moves_to_value`]).
pub fn analyse(
    components: &[Component],
    options: &SumOptions,
) -> Result<SumAnalysis, ImpartialError> {
    let values: Vec<Nimber> = components
        .iter()
        .map(|c| c.grundy(options))
        .collect::<Result<_, _>>()?;
    let total: Nimber = values.iter().sum();
    let mut moves = Vec::new();
    if !total.is_zero() {
        for (i, c) in components.iter().enumerate() {
            for description in c.moves_to_value(values[i] + total, options)? {
                moves.push(SumMove {
                    component: i,
                    description,
                });
            }
        }
    }
    Ok(SumAnalysis {
        values,
        total,
        outcome: Outcome::from_grundy(total),
        moves,
    })
}

/// The nim-sequence of `game` up to the largest heap.
fn heap_values(
    game: &HeapGame,
    heaps: &[u64],
    options: &SumOptions,
) -> Result<Vec<u32>, ImpartialError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let len = usize::try_from(largest)
        .ok()
        .and_then(|n| n.checked_add(1))
        .ok_or_else(|| ImpartialError::OutOfRange {
            what: "heap size",
            value: largest.to_string(),
            max: usize::MAX.to_string(),
        })?;
    crate::nimseq::values(
        game,
        len,
        crate::nimseq::Algorithm::Auto,
        options.memory_limit,
    )
}

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
        let parts = [
            Component::Nim(vec![3, 4, 5]),
            Component::Wythoff(1, 2),
            Component::Divisor(12),
        ];
        let a = analyse(&parts, &SumOptions::default()).unwrap();
        assert_eq!(a.values[0], Nimber::new(2));
        assert_eq!(a.values[1], Nimber::ZERO);
        assert_eq!(a.total, a.values.iter().sum());
        assert_eq!(a.moves.is_empty(), a.outcome == Outcome::P);
    }
}
