//! The impartial questions: nimbers, Nim and its relatives.

use cgt_core::budget::Budget;
use serde::{Deserialize, Serialize};

use crate::error::ReportError;

#[cfg(feature = "clap")]
use super::fields::{count, nimber};
use super::fields::{numbers, texts, words};

/// Zero or more nimbers (`mex`, `nimsum`).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Values {
    /// Non-negative integers below 2^64, written n or *n.
    #[cfg_attr(feature = "clap", arg(value_parser = nimber, allow_negative_numbers = true))]
    #[serde(default, deserialize_with = "numbers")]
    pub values: Vec<u64>,
}

/// One or more nimbers (`nimmul`).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct NonEmptyValues {
    /// Non-negative integers below 2^64, written n or *n.
    #[cfg_attr(
        feature = "clap",
        arg(value_parser = nimber, allow_negative_numbers = true, required = true)
    )]
    #[serde(deserialize_with = "numbers")]
    pub values: Vec<u64>,
}

/// Exactly one nimber (`niminv`).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Single {
    /// A non-negative integer below 2^64, written n or *n.
    #[cfg_attr(feature = "clap", arg(value_parser = nimber, allow_negative_numbers = true))]
    pub value: u64,
}

/// A position of Nim.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Nim {
    /// Sizes: whole numbers from 0 to 2^64 − 1.
    #[cfg_attr(
        feature = "clap",
        arg(value_name = "SIZES", value_parser = count, allow_negative_numbers = true, required = true)
    )]
    #[serde(deserialize_with = "numbers")]
    pub heaps: Vec<u64>,
    /// Misère play: the player who takes the last counter loses.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub misere: bool,
    /// Show Bouton's derivation: the heaps in binary, the columns, the move that fixes them.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
}

/// A position of Staircase Nim.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Staircase {
    /// Sizes: whole numbers from 0 to 2^64 − 1.
    #[cfg_attr(
        feature = "clap",
        arg(value_name = "SIZES", value_parser = count, allow_negative_numbers = true, required = true)
    )]
    #[serde(alias = "heaps", deserialize_with = "numbers")]
    pub coins: Vec<u64>,
    /// Show why only the odd steps count, and Bouton's table of them.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
}

/// A position of Moore's Nim_k.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Moore {
    /// The most heaps one move may reduce (k ≥ 1).
    #[cfg_attr(feature = "clap", arg(short, long, value_parser = clap::value_parser!(u32).range(1..=64)))]
    pub k: u32,
    /// Sizes: whole numbers from 0 to 2^64 − 1.
    #[cfg_attr(
        feature = "clap",
        arg(value_name = "SIZES", value_parser = count, allow_negative_numbers = true, required = true)
    )]
    #[serde(deserialize_with = "numbers")]
    pub heaps: Vec<u64>,
    /// Also compute the Grundy value by searching the game tree (small positions only).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub grundy: bool,
    /// Show Moore's column table: the heaps in binary, the ones in each column, and the
    /// counts modulo k + 1.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
}

/// A position of the divisor game.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Divisor {
    /// The number N ≥ 1.
    #[cfg_attr(feature = "clap", arg(value_parser = count))]
    pub n: u64,
    /// Also confirm the outcome by searching the game tree (N ≤ 1000000).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub search: bool,
    /// Show the parity argument and where the winning divisors come from.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
}

/// A position of the Game of Stones with one-use removal sizes.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Stones {
    /// Sizes: whole numbers from 0 to 2^64 − 1.
    #[cfg_attr(
        feature = "clap",
        arg(value_name = "SIZES", value_parser = count, allow_negative_numbers = true, required = true)
    )]
    #[serde(alias = "heaps", deserialize_with = "numbers")]
    pub piles: Vec<u64>,
}

/// A question about Wythoff's game: a position, the k-th P-position, or the first K.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
#[serde(from = "WythoffFields")]
pub struct Wythoff {
    /// A position: the two heap sizes.
    #[cfg_attr(
        feature = "clap",
        arg(num_args = 2, value_names = ["A", "B"], value_parser = count, allow_negative_numbers = true)
    )]
    pub position: Option<Vec<u64>>,
    /// List the first K P-positions (k = 0 .. K−1).
    #[cfg_attr(feature = "clap", arg(long, value_name = "K", value_parser = count))]
    pub p_positions: Option<u64>,
    /// The k-th P-position, exactly, for any k up to 2^62.
    #[cfg_attr(feature = "clap", arg(long, value_name = "K", value_parser = count))]
    pub pair: Option<u64>,
    /// With a position: show the derivation (the P-pairs by the mex rule, where the position
    /// sits, and how each kind of move reaches a pair); for positions within the first 40 pairs.
    #[cfg_attr(
        feature = "clap",
        arg(long, requires = "position", conflicts_with = "play")
    )]
    pub explain: bool,
}

/// Wythoff's fields as a query gives them: the position as `position=9+7`, or as `a=9&b=7`.
#[derive(Deserialize)]
struct WythoffFields {
    #[serde(default, deserialize_with = "numbers")]
    position: Vec<u64>,
    a: Option<u64>,
    b: Option<u64>,
    p_positions: Option<u64>,
    pair: Option<u64>,
    #[serde(default)]
    explain: bool,
}

impl From<WythoffFields> for Wythoff {
    fn from(f: WythoffFields) -> Wythoff {
        let position = match (f.a, f.b) {
            (None, None) if f.position.is_empty() => None,
            (None, None) => Some(f.position),
            (a, b) => Some(a.into_iter().chain(b).collect()),
        };
        Wythoff {
            position,
            p_positions: f.p_positions,
            pair: f.pair,
            explain: f.explain,
        }
    }
}

/// Tokens on a directed graph.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Graph {
    /// The graph: an edge list (`u v` per line) or JSON (`{"edges": [["u","v"], …]}`).
    #[cfg_attr(feature = "clap", arg(value_name = "FILE"))]
    pub graph: String,
    /// The file `graph` was read from, for messages (none: `graph` is the text itself).
    #[cfg_attr(feature = "clap", arg(skip))]
    #[serde(skip)]
    pub file: Option<String>,
    /// Vertices holding a token (repeats allowed); without tokens, every vertex is listed.
    #[cfg_attr(feature = "clap", arg(long, num_args = 1..))]
    #[serde(default, deserialize_with = "words")]
    pub tokens: Vec<String>,
    /// Allow cycles: use the generalized Sprague–Grundy function (outcomes P, N or Draw).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub loopy: bool,
    /// Misère play (the player who moves last loses): outcome and every winning move of
    /// the tokens, by search (acyclic graphs).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub misere: bool,
    /// Show the labelling: the vertices in the order they are finished, each with its
    /// followers' values and their mex (acyclic graphs of at most 40 vertices).
    #[cfg_attr(
        feature = "clap",
        arg(long, conflicts_with_all = ["loopy", "misere", "play"])
    )]
    #[serde(default)]
    pub explain: bool,
}

/// A Hackenbush picture: Green Hackenbush (impartial) when every edge is green, else
/// Blue-Red-Green Hackenbush (partizan).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Hackenbush {
    /// The edge list file (`-` for stdin).
    #[cfg_attr(feature = "clap", arg(value_name = "FILE"))]
    pub picture: String,
    /// The file `picture` was read from, for messages (none: `picture` is the text itself).
    #[cfg_attr(feature = "clap", arg(skip))]
    #[serde(skip)]
    pub file: Option<String>,
    /// The name of the ground vertex in the file.
    #[cfg_attr(feature = "clap", arg(long, default_value = "ground"))]
    #[serde(default = "ground")]
    pub ground: String,
    /// Show how the value is found: for Green Hackenbush each piece's value by the colon
    /// principle and fusion; with blue or red edges the options down to the canonical form.
    #[cfg_attr(feature = "clap", arg(long, conflicts_with = "play"))]
    #[serde(default)]
    pub explain: bool,
}

fn ground() -> String {
    "ground".to_owned()
}

/// A sum of games, each component in words.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Sum {
    /// The components.
    #[cfg_attr(feature = "clap", arg(required = true))]
    #[serde(deserialize_with = "texts")]
    pub components: Vec<String>,
    /// Show the Sprague–Grundy reasoning: each component's value, the nim-sum, and what a
    /// winning move does to each component.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
    /// The files the components name, by name, as a front end that reads files read them
    /// (a component naming a file not here is refused).
    #[cfg_attr(feature = "clap", arg(skip))]
    #[serde(skip)]
    pub files: std::collections::BTreeMap<String, String>,
}

impl Sum {
    /// The kinds of component whose second word names a file.
    pub const FILE_KINDS: [&'static str; 4] = ["hackenbush", "graph", "loopy", "script"];

    /// The files the components name.
    #[must_use]
    pub fn file_names(&self) -> Vec<String> {
        self.components
            .iter()
            .filter_map(|c| {
                let words: Vec<&str> = c.split_whitespace().collect();
                match words.as_slice() {
                    [kind, file, ..] if Self::FILE_KINDS.contains(kind) => Some((*file).to_owned()),
                    _ => None,
                }
            })
            .collect()
    }
}

/// The algorithm computing a nim-sequence (`naive`, `rare` or `auto`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Mex over every option.
    Naive,
    /// The rare-value algorithm.
    Rare,
    /// Rare-value where the game has sparse space, naive otherwise.
    #[default]
    Auto,
}

impl From<Algorithm> for cgt_impartial::nimseq::Algorithm {
    fn from(a: Algorithm) -> cgt_impartial::nimseq::Algorithm {
        match a {
            Algorithm::Naive => cgt_impartial::nimseq::Algorithm::Naive,
            Algorithm::Rare => cgt_impartial::nimseq::Algorithm::Rare,
            Algorithm::Auto => cgt_impartial::nimseq::Algorithm::Auto,
        }
    }
}

/// A heap game's nim-sequence or position: an octal game (`0.77`, `kayles`), a subtraction
/// game (`{1,3,4}`) or Grundy's game (`grundy`).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Heaps {
    /// The rules, as `cgt_impartial::heapgame::HeapGame::parse_any` reads them (the command
    /// line's `octal`, `subtraction` and `grundy-game` commands give them by name).
    #[cfg_attr(feature = "clap", arg(skip))]
    pub rules: String,
    /// Compute G(0) … G(N), N included (as --upto means for every command).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", value_parser = count))]
    #[serde(default)]
    pub upto: Option<u64>,
    /// A position of several heaps: its outcome and every winning move.
    #[cfg_attr(
        feature = "clap",
        arg(long, num_args = 1.., value_parser = count, conflicts_with = "upto")
    )]
    #[serde(default, deserialize_with = "numbers")]
    pub heaps: Vec<u64>,
    /// With --upto N (N ≤ 32): show the mex table, each heap's options, their values and the mex.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub explain: bool,
    /// Misère play (the player who moves last loses). With --heaps: outcome and every winning
    /// move, by search over the multisets of heaps. With --upto N (N ≤ 32): the misère
    /// nim-sequence and Conway's genus of each heap.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub misere: bool,
    /// The misère quotient (Plambeck–Siegel) of the sums of heaps up to N (--upto N, N ≤
    /// 1024): order, presentation, P-portion, pretending function and where it stops growing.
    /// With --heaps: the position's element, outcome and every misère winning move through the
    /// quotient of heaps up to the largest.
    #[cfg_attr(
        feature = "clap",
        arg(long, conflicts_with_all = ["play", "explain", "checkpoint", "plot", "values"])
    )]
    #[serde(default, alias = "quotient")]
    pub misere_quotient: bool,
    /// Print every value.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(default)]
    pub values: bool,
    /// The algorithm: naive, rare (rare-value) or auto.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value = "auto"))]
    #[serde(default)]
    pub algorithm: Algorithm,
    /// Worker threads for --upto (default: one per core). The values never depend on it.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))
    )]
    #[serde(default)]
    pub threads: Option<u32>,
}

/// G(0) … G(len − 1) of `game` within `budget` (no checkpoint), and how many were computed.
///
/// # Errors
/// The budget, or memory past its limit.
pub fn values_within(
    game: &cgt_impartial::heapgame::HeapGame,
    algorithm: cgt_impartial::nimseq::Algorithm,
    threads: usize,
    len: usize,
    budget: &Budget,
) -> Result<(Vec<u32>, Option<usize>), ReportError> {
    use cgt_impartial::nimseq::{DriveError, Watch, drive};
    let mut stopped = None;
    let run = drive(
        game,
        algorithm,
        threads,
        Vec::new(),
        len,
        u128::from(budget.memory_or(u64::MAX)),
        |_| match budget.check_interrupt() {
            Ok(()) => Watch::Go,
            Err(e) => {
                stopped = Some(e);
                Watch::Stop
            }
        },
        |_| Ok::<(), core::convert::Infallible>(()),
    )
    .map_err(|e| match e {
        DriveError::Sequence(e) => ReportError::from(e),
        DriveError::Save(never) => match never {},
    })?;
    match stopped.filter(|_| run.stopped) {
        Some(e) => Err(e.into()),
        None => Ok((run.values, run.computed)),
    }
}

impl Heaps {
    /// The game.
    ///
    /// # Errors
    /// Rules that are not a heap game's.
    pub fn game(&self) -> Result<cgt_impartial::heapgame::HeapGame, ReportError> {
        cgt_impartial::heapgame::HeapGame::parse_any(&self.rules)
            .map_err(|e| ReportError::input(format!("rules: {e}")))
    }

    /// How many values the question needs: G(0) … G(upto), or up to the largest heap.
    ///
    /// # Errors
    /// Neither `upto` nor `heaps`, or more values than `budget`'s memory holds.
    pub fn length(&self, budget: &Budget) -> Result<usize, ReportError> {
        let ask = self;
        let len = match (ask.upto, ask.heaps.iter().max()) {
            // "Up to N" includes N: G(0) … G(N) are N + 1 values (the count saturates at
            // 2^64 − 1, which the memory check below refuses).
            (Some(n), _) => n.saturating_add(1),
            (None, Some(&h)) => h.saturating_add(1),
            (None, None) => {
                return Err(ReportError::input(
                    "give upto N (the values G(0) … G(N)) or heaps H… (a position of heaps)",
                ));
            }
        };
        let limit = u128::from(budget.memory_or(u64::MAX));
        let need = cgt_impartial::nimseq::NimSequence::memory_for(len, super::threads(ask.threads));
        usize::try_from(len)
            .ok()
            .filter(|_| need <= limit)
            .ok_or_else(|| {
                ReportError::input(format!(
                    "{len} values would need {} of memory, more than the {} available",
                    cgt_impartial::human_bytes(need),
                    cgt_impartial::human_bytes(limit)
                ))
            })
    }

    /// The answer, G(0) … G(len − 1) and how many of them were computed (the rest, from a
    /// certified period) given by `values` — a front end's own computation, with its
    /// checkpoint and progress, failing with the front end's error `E`; [`values_within`]
    /// otherwise.
    ///
    /// # Errors
    /// Bad rules, a question that is not one, the budget, or what `values` reports.
    pub fn answer_with<E: From<ReportError>>(
        &self,
        budget: &Budget,
        values: impl FnOnce(
            &cgt_impartial::heapgame::HeapGame,
            cgt_impartial::nimseq::Algorithm,
            usize,
        ) -> Result<(Vec<u32>, Option<usize>), E>,
    ) -> Result<super::Answer, E> {
        use super::Answer;
        let (game, ask) = (self.game()?, self);
        let position = |r: crate::PositionReport| Answer::Position(Box::new(r));
        if ask.misere_quotient {
            if !ask.heaps.is_empty() {
                return Ok(position(crate::quotient::heaps(&game, &ask.heaps, budget)?));
            }
            return match ask.upto {
                Some(n) => Ok(Answer::Quotient(Box::new(crate::quotient::quotient(
                    &crate::quotient::compute(&game, n, budget)?,
                )))),
                None => Err(E::from(ReportError::input(
                    "misere_quotient gives the quotient of heaps up to N (upto N) or answers a \
                     position through it (heaps H…)",
                ))),
            };
        }
        let memory = u128::from(budget.memory_or(u64::MAX));
        if ask.misere {
            if ask.heaps.is_empty() {
                return match ask.upto {
                    Some(n) => Ok(Answer::Misere(Box::new(crate::sequence::misere_sequence(
                        &game, n, memory,
                    )?))),
                    None => Err(E::from(ReportError::input(
                        "misere answers a position (heaps H…) or gives the misère sequence and \
                         the genera (upto N)",
                    ))),
                };
            }
            return Ok(position(crate::sequence::misere_heaps(
                &game, &ask.heaps, budget,
            )?));
        }
        let len = self.length(budget)?;
        let explains = cgt_impartial::nimseq::EXPLAIN_HEAPS;
        if ask.explain && ask.heaps.is_empty() && (ask.upto.is_none() || len > explains) {
            return Err(E::from(ReportError::input(format!(
                "explain draws the mex table with upto N for N <= {} (more would not fit a \
                 screen)",
                explains - 1
            ))));
        }
        let (values, computed) = values(&game, ask.algorithm.into(), len)?;
        if !ask.heaps.is_empty() {
            if ask.explain {
                return Ok(position(crate::sequence::heaps_explained(
                    &game, &values, &ask.heaps,
                )?));
            }
            return Ok(position(crate::sequence::heaps(&game, &values, &ask.heaps)));
        }
        let mut summary = crate::sequence::summary(&game, &values, ask.values, ask.explain);
        summary.computed = computed;
        Ok(Answer::Sequence(Box::new(summary)))
    }

    /// The answer, the values computed within `budget`.
    ///
    /// # Errors
    /// As [`Heaps::answer_with`].
    pub fn answer(&self, budget: &Budget) -> Result<super::Answer, ReportError> {
        let threads = super::threads(self.threads);
        self.answer_with(budget, |game, algorithm, len| {
            values_within(game, algorithm, threads, len, budget)
        })
    }
}

/// The census of misère quotients of the octal games with at most three code digits.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args), group(skip))]
pub struct Census {
    /// Only these codes (default: every 0.d1d2d3 and 4.d1d2, equivalent ones named once).
    #[cfg_attr(feature = "clap", arg(value_name = "CODE"))]
    #[serde(default, deserialize_with = "words")]
    pub codes: Vec<String>,
    /// The quotient of heaps up to N for each game.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 20))]
    #[serde(default = "census_upto")]
    pub upto: u64,
    /// Each game's budget in searched sums of heaps: a game past it shows the largest heap
    /// bound it reached (the same on every machine, unlike a time limit).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "P", default_value_t = 1_000_000)
    )]
    #[serde(default = "census_positions")]
    pub positions: u64,
    /// Only shard I of N of the codes (I from 1): N processes, one per shard, together make
    /// the census; their rows, sorted by the first column, are the unsharded output.
    #[cfg_attr(feature = "clap", arg(long, value_name = "I/N"))]
    #[serde(default)]
    pub shard: Option<String>,
}

fn census_upto() -> u64 {
    20
}

fn census_positions() -> u64 {
    1_000_000
}

impl Default for Census {
    fn default() -> Census {
        Census {
            codes: Vec::new(),
            upto: census_upto(),
            positions: census_positions(),
            shard: None,
        }
    }
}

impl Census {
    /// The census this asks for.
    ///
    /// # Errors
    /// A code that is not one, a shard that is not `I/N` with 1 ≤ I ≤ N, the budget.
    pub fn answer(&self, budget: &Budget) -> Result<crate::census::CensusReport, ReportError> {
        use cgt_impartial::quotient::CensusShard;
        let shard = match self.shard.as_deref().map(str::trim) {
            None | Some("") => CensusShard::ALL,
            Some(text) => text
                .split_once('/')
                .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)))
                .filter(|&(i, n): &(u64, u64)| 1 <= i && i <= n)
                .map(|(index, count)| CensusShard { index, count })
                .ok_or_else(|| {
                    ReportError::input(format!(
                        "shard: I/N with 1 <= I <= N (such as 1/4), not {text:?}"
                    ))
                })?,
        };
        crate::census::census(&self.codes, self.upto, self.positions, shard, budget)
    }
}
