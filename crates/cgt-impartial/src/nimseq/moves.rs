//! Moves in sums of heaps: every winning move, and the mex table for `--explain`.

use cgt_core::said::{Line, Said, Word};

use crate::heapgame::{HeapGame, SplitMove};

impl core::str::FromStr for SplitMove {
    type Err = crate::ImpartialError;
    fn from_str(s: &str) -> Result<SplitMove, crate::ImpartialError> {
        let bad = || crate::moves::unreadable("heap-game move", s);
        let (head, leaving) = s.split_once(", leaving ").ok_or_else(bad)?;
        let (heap, from, removed) =
            match crate::moves::fill("heap {} ({}): remove {}", head).as_deref() {
                Some(&[heap, from, removed]) if removed >= 1 => (heap, from, removed),
                _ => match crate::moves::fill("heap {} ({}): remove nothing", head).as_deref() {
                    Some(&[heap, from]) => (heap, from, 0),
                    _ => return Err(bad()),
                },
            };
        let leaves: Vec<u64> = if leaving == "nothing" {
            Vec::new()
        } else if let Some(one) = leaving.strip_prefix("a heap of ") {
            vec![one.parse().map_err(|_| bad())?]
        } else if let Some(more) = leaving.strip_prefix("heaps of ") {
            more.split(" and ")
                .map(|h| h.parse().map_err(|_| bad()))
                .collect::<Result<_, _>>()?
        } else {
            return Err(bad());
        };
        let total = leaves
            .iter()
            .try_fold(removed, |acc, &h| acc.checked_add(h))
            .ok_or_else(bad)?;
        if heap == 0
            || total != from
            || leaves.contains(&0)
            || (leaves.len() >= 2) != leaving.starts_with("heaps")
        {
            return Err(bad());
        }
        Ok(SplitMove {
            heap: usize::try_from(heap - 1).map_err(|_| bad())?,
            from,
            removed,
            leaves,
        })
    }
}

/// Every winning move in the sum of heaps `heaps` of `game`, given `values[n] = G(n)` for every
/// `n` up to the largest heap.
///
/// # Panics
/// If `values` is shorter than the largest heap plus one (a caller's bug).
#[must_use]
pub fn winning_moves(game: &HeapGame, values: &[u32], heaps: &[u64]) -> Vec<SplitMove> {
    let g = |n: u64| values[n as usize];
    let total = heaps.iter().fold(0u32, |acc, &h| acc ^ g(h));
    let mut moves = Vec::new();
    if total == 0 {
        return moves;
    }
    for (i, &h) in heaps.iter().enumerate() {
        let want = g(h) ^ total;
        for (removed, leaves) in game.heap_options(h) {
            if leaves.iter().fold(0u32, |acc, &x| acc ^ g(x)) == want {
                moves.push(SplitMove {
                    heap: i,
                    from: h,
                    removed,
                    leaves,
                });
            }
        }
    }
    moves
}

/// The most heaps [`explain_mex`] tabulates (`G(0) … G(32)`).
pub const EXPLAIN_HEAPS: usize = 33;

/// The mex table a teacher would write for `G(0) … G(upto − 1)`: for each heap, its options
/// (a split written `a+b`, nothing left written `0`), their values (the XOR over the heaps
/// left), and the mex, one [`Line`] per heap. `values` must hold at least `upto` values; `None`
/// beyond [`EXPLAIN_HEAPS`] heaps or with too few values.
///
/// ```
/// use cgt_core::said::Word;
/// use cgt_impartial::heapgame::HeapGame;
/// use cgt_impartial::nimseq::{explain_mex, naive_values};
///
/// let game = HeapGame::Subtraction("1,3,4".parse()?);
/// let lines = explain_mex(&game, &naive_values(&game, 5), 5).unwrap();
/// // G(4): options 3, 1, 0 with values 1, 1, 0; mex = 2
/// let g4 = lines[4].said().unwrap();
/// assert_eq!(g4.id, "explain-mex");
/// assert_eq!(g4.args[3], ("mex", Word::Number(2)));
/// # Ok::<(), cgt_impartial::ImpartialError>(())
/// ```
#[must_use]
pub fn explain_mex(game: &HeapGame, values: &[u32], upto: usize) -> Option<Vec<Line>> {
    if upto > EXPLAIN_HEAPS || values.len() < upto {
        return None;
    }
    let mut out = Vec::with_capacity(upto);
    for n in 0..upto {
        let options = game.heap_options(n as u64);
        if options.is_empty() {
            out.push(Line::say(
                Said::new("explain-mex-none").number("n", n as u64),
            ));
            continue;
        }
        let mut shown = Vec::new();
        let mut vals = Vec::new();
        for (_, leaves) in &options {
            let heaps: Vec<&u64> = leaves.iter().filter(|&&h| h > 0).collect();
            shown.push(Word::Text(if heaps.is_empty() {
                "0".to_owned()
            } else {
                heaps
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("+")
            }));
            let v = leaves.iter().fold(0u32, |acc, &h| {
                acc ^ values.get(h as usize).copied().unwrap_or(0)
            });
            vals.push(v);
        }
        let mex = cgt_core::mex(vals.iter().map(|&v| u64::from(v)));
        out.push(Line::say(
            Said::new("explain-mex")
                .number("n", n as u64)
                .series("options", shown)
                .series(
                    "values",
                    vals.iter().map(|&v| Word::Number(u64::from(v))).collect(),
                )
                .number("mex", mex),
        ));
    }
    Some(out)
}
