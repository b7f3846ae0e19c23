//! Playing a game against the program in the terminal: one loop for every game — the
//! impartial games (`--play` on `nim`, `octal`, `subtraction`, `grundy-game`, `wythoff`,
//! `divisor`, `graph`, `staircase`, `hackenbush`, `script`), the chess endgames (`retro probe
//! --play`) and the searched games (`mnk`, `connect4`, `bridgit`, through [`SearchPlay`]), reading
//! moves from stdin so it works from a pipe. `?` lists the best moves, `u` takes back the last
//! move pair, `q` quits.

use std::io::BufRead;

use crate::output::{CliError, print};

/// What the loop needs to know about a game.
pub(crate) trait Playable {
    /// A position.
    type Pos: Clone;
    /// The position drawn for people (ending in a newline).
    fn render(&self, p: &Self::Pos) -> String;
    /// Every legal move: its words and the position after it.
    fn moves(&self, p: &Self::Pos) -> Vec<(String, Self::Pos)>;
    /// Whether the player to move at `p` wins with best play.
    fn wins(&mut self, p: &Self::Pos) -> Result<bool, CliError>;
    /// The value of `p` for the player to move, higher is better: by default 1 for a win and
    /// −1 for a loss. Games with draws or distances to the end override it.
    fn value(&mut self, p: &Self::Pos) -> Result<i64, CliError> {
        Ok(if self.wins(p)? { 1 } else { -1 })
    }
    /// Words for the value of the best move as its mover sees it (minus the value of the
    /// position after it; `?` prints them); `None` for plain win/loss.
    fn describe_value(&self, value: i64) -> Option<String> {
        let _ = value;
        None
    }
    /// How the game ended at `p`, or `None` while it goes on. By default it ends when the
    /// player to move (the human when `human_to_move`) has no move.
    fn over(&mut self, p: &Self::Pos, human_to_move: bool) -> Result<Option<String>, CliError> {
        if !self.moves(p).is_empty() {
            return Ok(None);
        }
        Ok(Some(
            match (human_to_move, self.misere()) {
                (true, false) => "You cannot move: the program wins.",
                (true, true) => "You cannot move: the program made the last move, so you win!",
                (false, false) => "The program cannot move: you win!",
                (false, true) => {
                    "The program cannot move: you made the last move, so the program wins."
                }
            }
            .to_owned(),
        ))
    }
    /// The program's move at `p` (`None` when it has none): by default the first of the best
    /// moves by [`Playable::value`]. Games searched by an engine override it.
    fn program_move(&mut self, p: &Self::Pos) -> Result<Option<(String, Self::Pos)>, CliError> {
        let (_, best) = best_moves(self, p)?;
        Ok(best.into_iter().next())
    }
    /// What `?` prints: by default the best moves by [`Playable::value`].
    fn hint(&mut self, p: &Self::Pos) -> Result<String, CliError> {
        let (value, best) = best_moves(self, p)?;
        let texts: Vec<String> = best.into_iter().map(|(text, _)| text).collect();
        Ok(if let Some(words) = self.describe_value(value) {
            format!("Best moves ({words}): {}", texts.join("; "))
        } else if value > 0 {
            format!("Winning moves: {}", texts.join("; "))
        } else {
            "No winning move here: every move leaves the program a winning position.".to_owned()
        })
    }
    /// Reads a move typed by the human.
    fn parse(&self, p: &Self::Pos, line: &str) -> Result<Self::Pos, String>;
    /// How to type a move, for the greeting.
    fn syntax(&self) -> &'static str;
    /// Misère play: the player who moves last loses (default: normal play).
    fn misere(&self) -> bool {
        false
    }
}

/// A typed move, read against the position.
type Parse<'a, G, M> = Box<dyn Fn(&G, &str) -> Result<M, String> + 'a>;
/// The program's choice of move.
type Choose<'a, G, M> = Box<dyn FnMut(&G) -> Option<M> + 'a>;
/// The words for the end of a game, given whether the human is to move there.
type Ending<'a, G> = Box<dyn Fn(&G, bool) -> String + 'a>;

/// A game searched by the minimax engine (m,n,k, Connect-Four, Bridg-it) in the same loop: the
/// program's move comes from the game's own chooser, `?` from its own hint, and the game ends
/// where the engine says it is over.
pub(crate) struct SearchPlay<'a, G: cgt_minimax::engine::Game> {
    /// The board drawn for people.
    pub(crate) render: Box<dyn Fn(&G) -> String + 'a>,
    /// A typed move.
    pub(crate) parse: Parse<'a, G, G::Move>,
    /// The program's choice.
    pub(crate) choose: Choose<'a, G, G::Move>,
    /// A move in words.
    pub(crate) show: Box<dyn Fn(G::Move) -> String + 'a>,
    /// The result at the end, given whether the human is to move there.
    pub(crate) result: Ending<'a, G>,
    /// What `?` prints.
    pub(crate) hint: Box<dyn FnMut(&G) -> String + 'a>,
    /// How to type a move.
    pub(crate) syntax: &'static str,
}

impl<G: cgt_minimax::engine::Game> Playable for SearchPlay<'_, G> {
    type Pos = G;

    fn render(&self, p: &G) -> String {
        (self.render)(p)
    }

    fn moves(&self, p: &G) -> Vec<(String, G)> {
        let mut moves = Vec::new();
        p.moves(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let mut after = p.clone();
                after.play(m);
                ((self.show)(m), after)
            })
            .collect()
    }

    /// Not used: the program's move and the hints come from the engine.
    fn wins(&mut self, _: &G) -> Result<bool, CliError> {
        Ok(false)
    }

    fn over(&mut self, p: &G, human_to_move: bool) -> Result<Option<String>, CliError> {
        Ok(p.terminal().map(|_| (self.result)(p, human_to_move)))
    }

    fn program_move(&mut self, p: &G) -> Result<Option<(String, G)>, CliError> {
        Ok((self.choose)(p).map(|m| {
            let mut after = p.clone();
            after.play(m);
            ((self.show)(m), after)
        }))
    }

    fn hint(&mut self, p: &G) -> Result<String, CliError> {
        Ok((self.hint)(p))
    }

    fn parse(&self, p: &G, line: &str) -> Result<G, String> {
        let m = (self.parse)(p, line)?;
        let mut after = p.clone();
        after.play(m);
        Ok(after)
    }

    fn syntax(&self) -> &'static str {
        self.syntax
    }
}

/// Moves in words, each with the position after it.
type Moves<P> = Vec<(String, P)>;

/// The moves from `p` that are best for the player to move, and their value for that player.
fn best_moves<G: Playable + ?Sized>(
    game: &mut G,
    p: &G::Pos,
) -> Result<(i64, Moves<G::Pos>), CliError> {
    let mut best = i64::MIN;
    let mut chosen = Vec::new();
    for (text, after) in game.moves(p) {
        let v = -game.value(&after)?;
        if v > best {
            best = v;
            chosen.clear();
        }
        if v == best {
            chosen.push((text, after));
        }
    }
    Ok((best, chosen))
}

/// Plays `start` with the human moving first.
pub(crate) fn play<G: Playable>(mut game: G, start: G::Pos) -> Result<(), CliError> {
    print(&format!(
        "You move first. {} Type ? for the winning moves, u to take back, q to quit.\n",
        game.syntax()
    ))?;
    if game.misere() {
        print("Misère play: whoever makes the last move loses.\n")?;
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    // Positions before each human move, for `u`.
    let mut history: Vec<G::Pos> = Vec::new();
    let mut p = start;
    loop {
        print(&game.render(&p))?;
        if let Some(end) = game.over(&p, true)? {
            return print(&format!("{end}\n"));
        }
        print("your move> ")?;
        let Some(line) = lines.next() else {
            return print("\n(input ended)\n");
        };
        let line = line.map_err(|e| CliError::failure(format!("cannot read input: {e}")))?;
        match line.trim() {
            "q" | "quit" => return Ok(()),
            "?" => {
                let hint = game.hint(&p)?;
                print(&format!("{hint}\n"))?;
            }
            "u" | "undo" => match history.pop() {
                Some(before) => {
                    p = before;
                    print("Took back your last move and the program's answer.\n")?;
                }
                None => print("Nothing to take back.\n")?,
            },
            typed => match game.parse(&p, typed) {
                Err(why) => print(&format!("{why}; try again\n"))?,
                Ok(after) => {
                    history.push(p.clone());
                    p = after;
                    if let Some(end) = game.over(&p, false)? {
                        print(&game.render(&p))?;
                        return print(&format!("{end}\n"));
                    }
                    let Some((text, after)) = game.program_move(&p)? else {
                        return print("The program has no move.\n");
                    };
                    print(&format!("program plays {text}\n"))?;
                    p = after;
                }
            },
        }
    }
}

/// The whole numbers typed on a line.
fn numbers(line: &str) -> Result<Vec<u64>, String> {
    line.split_whitespace()
        .map(|w| {
            w.parse::<u64>()
                .map_err(|_| format!("'{w}' is not a number"))
        })
        .collect()
}

/// A 1-based number of one of `len` things (heaps, steps), as an index from 1.
fn one_based(n: u64, len: usize, what: &str) -> Result<usize, String> {
    usize::try_from(n)
        .ok()
        .filter(|&i| (1..=len).contains(&i))
        .ok_or_else(|| format!("there is no {what} {n}"))
}

/// Counters a played position may hold in all (every move is listed for `?`).
const MAX_COUNTERS: u64 = 100_000;

fn heaps_text(heaps: &[u64]) -> String {
    let parts: Vec<String> = heaps
        .iter()
        .enumerate()
        .map(|(i, h)| format!("heap {}: {h}", i + 1))
        .collect();
    format!("{}\n", parts.join(", "))
}

/// Refuses positions too large to play move by move.
pub(crate) fn check_size(heaps: &[u64]) -> Result<(), CliError> {
    let total = heaps.iter().try_fold(0u64, |a, &h| a.checked_add(h));
    match total {
        Some(t) if t <= MAX_COUNTERS => Ok(()),
        _ => Err(CliError::input(format!(
            "--play lists every move; positions of at most {MAX_COUNTERS} counters in all are played"
        ))),
    }
}

/// Nim and misère Nim.
pub(crate) struct NimPlay {
    pub(crate) misere: bool,
}

impl Playable for NimPlay {
    type Pos = Vec<u64>;

    fn render(&self, p: &Vec<u64>) -> String {
        heaps_text(p)
    }

    fn moves(&self, p: &Vec<u64>) -> Vec<(String, Vec<u64>)> {
        let mut out = Vec::new();
        for (i, &h) in p.iter().enumerate() {
            for k in 1..=h {
                let mut after = p.clone();
                after[i] = h - k;
                out.push((format!("take {k} from heap {}", i + 1), after));
            }
        }
        out
    }

    fn wins(&mut self, p: &Vec<u64>) -> Result<bool, CliError> {
        Ok(if self.misere {
            cgt_impartial::nim::misere_outcome(p) == cgt_core::Outcome::N
        } else {
            cgt_core::nim_sum(p.iter().copied()) != 0
        })
    }

    fn parse(&self, p: &Vec<u64>, line: &str) -> Result<Vec<u64>, String> {
        let nums = numbers(line)?;
        let [heap, take] = nums[..] else {
            return Err("type a heap number and how many to take, such as '2 3'".to_owned());
        };
        let i = one_based(heap, p.len(), "heap")?;
        if p[i - 1] == 0 {
            return Err(format!("heap {heap} is empty"));
        }
        if take == 0 || take > p[i - 1] {
            return Err(format!(
                "heap {heap} has {} counters; take 1 to {}",
                p[i - 1],
                p[i - 1]
            ));
        }
        let mut after = p.clone();
        after[i - 1] -= take;
        Ok(after)
    }

    fn syntax(&self) -> &'static str {
        "Type a heap and how many to take (\"2 3\" takes 3 from heap 2)."
    }

    fn misere(&self) -> bool {
        self.misere
    }
}

/// Heaps of an octal game, a subtraction game or Grundy's game.
pub(crate) struct HeapPlay {
    pub(crate) game: cgt_impartial::heapgame::HeapGame,
    /// `G(0) … G(largest heap)` for normal play.
    pub(crate) values: Vec<u32>,
    pub(crate) misere:
        Option<cgt_core::Solver<cgt_core::misere::Misere<cgt_impartial::heapgame::HeapSum>>>,
}

impl HeapPlay {
    fn options(&self, p: &[u64]) -> Vec<(usize, u64, Vec<u64>, Vec<u64>)> {
        let mut out = Vec::new();
        for (i, &h) in p.iter().enumerate() {
            for (removed, leaves) in self.game.heap_options(h) {
                let mut after: Vec<u64> = p[..i].to_vec();
                after.extend(leaves.iter().copied().filter(|&x| x > 0));
                after.extend_from_slice(&p[i + 1..]);
                out.push((i, removed, leaves, after));
            }
        }
        out
    }
}

impl Playable for HeapPlay {
    type Pos = Vec<u64>;

    fn render(&self, p: &Vec<u64>) -> String {
        if p.is_empty() {
            "no heaps left\n".to_owned()
        } else {
            heaps_text(p)
        }
    }

    fn moves(&self, p: &Vec<u64>) -> Vec<(String, Vec<u64>)> {
        self.options(p)
            .into_iter()
            .map(|(heap, removed, leaves, after)| {
                let m = cgt_impartial::nimseq::SplitMove {
                    heap,
                    from: p[heap],
                    removed,
                    leaves,
                };
                (m.to_string(), after)
            })
            .collect()
    }

    fn wins(&mut self, p: &Vec<u64>) -> Result<bool, CliError> {
        use cgt_core::misere::MisereOutcome;
        match &mut self.misere {
            Some(solver) => solver
                .misere_outcome(&cgt_impartial::heapgame::HeapSum::position(p))
                .map(|o| o == cgt_core::Outcome::N)
                .map_err(|e| CliError::input(format!("misère play is searched, and {e}"))),
            None => Ok(p.iter().fold(0u32, |a, &h| {
                a ^ self.values.get(h as usize).copied().unwrap_or(0)
            }) != 0),
        }
    }

    fn parse(&self, p: &Vec<u64>, line: &str) -> Result<Vec<u64>, String> {
        let nums = numbers(line)?;
        let (heap, removed, part) = match nums[..] {
            [h, r] => (h, r, None),
            [h, r, a] => (h, r, Some(a)),
            _ => {
                return Err(
                    "type a heap and how many to remove, such as '2 1', and for a split \
                            the size of one part left, such as '2 1 3'"
                        .to_owned(),
                );
            }
        };
        let matching: Vec<(usize, u64, Vec<u64>, Vec<u64>)> = self
            .options(p)
            .into_iter()
            .filter(|(i, r, leaves, _)| {
                *i as u64 + 1 == heap && *r == removed && part.is_none_or(|a| leaves.contains(&a))
            })
            .collect();
        match matching.as_slice() {
            [] => Err(format!(
                "removing {removed} from heap {heap} is not a move of this game"
            )),
            [(_, _, _, after)] => Ok(after.clone()),
            more => {
                let ways: Vec<String> = more
                    .iter()
                    .map(|(_, _, leaves, _)| {
                        if leaves.is_empty() {
                            "nothing".to_owned()
                        } else {
                            leaves
                                .iter()
                                .map(u64::to_string)
                                .collect::<Vec<_>>()
                                .join("+")
                        }
                    })
                    .collect();
                Err(format!(
                    "removing {removed} from heap {heap} can leave {}; add the size of one part",
                    ways.join(", ")
                ))
            }
        }
    }

    fn syntax(&self) -> &'static str {
        "Type a heap and how many to remove (\"2 1\"); where the rest may split, add one part's size (\"2 1 3\")."
    }

    fn misere(&self) -> bool {
        self.misere.is_some()
    }
}

/// Wythoff's game: take from one heap, or the same number from both.
pub(crate) struct WythoffPlay;

impl Playable for WythoffPlay {
    type Pos = (u64, u64);

    fn render(&self, &(a, b): &(u64, u64)) -> String {
        format!("heaps ({a}, {b})\n")
    }

    fn moves(&self, &(a, b): &(u64, u64)) -> Vec<(String, (u64, u64))> {
        let mut out = Vec::new();
        out.extend((1..=a).map(|k| (format!("take {k} from heap 1"), (a - k, b))));
        out.extend((1..=b).map(|k| (format!("take {k} from heap 2"), (a, b - k))));
        out.extend((1..=a.min(b)).map(|k| (format!("take {k} from both"), (a - k, b - k))));
        out
    }

    fn wins(&mut self, &(a, b): &(u64, u64)) -> Result<bool, CliError> {
        Ok(!cgt_impartial::wythoff::is_p_position(a, b))
    }

    fn parse(&self, &(a, b): &(u64, u64), line: &str) -> Result<(u64, u64), String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [which, k] = words[..] else {
            return Err("type 1, 2 or b (both) and how many to take, such as 'b 2'".to_owned());
        };
        let k: u64 = k.parse().map_err(|_| format!("'{k}' is not a number"))?;
        let fits = |h: u64| k >= 1 && k <= h;
        match which {
            "1" if fits(a) => Ok((a - k, b)),
            "2" if fits(b) => Ok((a, b - k)),
            "b" | "both" if fits(a.min(b)) => Ok((a - k, b - k)),
            "1" | "2" | "b" | "both" => Err(format!("you cannot take {k} there")),
            other => Err(format!("'{other}' is not 1, 2 or b")),
        }
    }

    fn syntax(&self) -> &'static str {
        "Type 1, 2 or b (both) and how many to take (\"b 2\" takes 2 from both heaps)."
    }
}

/// The divisor game: subtract a proper divisor of N (1 ≤ d < N).
pub(crate) struct DivisorPlay;

impl Playable for DivisorPlay {
    type Pos = u64;

    fn render(&self, n: &u64) -> String {
        format!("N = {n}\n")
    }

    fn moves(&self, &n: &u64) -> Vec<(String, u64)> {
        cgt_impartial::divisor::divisors(n)
            .into_iter()
            .filter(|&d| d < n)
            .map(|d| (format!("subtract {d}"), n - d))
            .collect()
    }

    fn wins(&mut self, &n: &u64) -> Result<bool, CliError> {
        Ok(cgt_impartial::divisor::outcome(n)? == cgt_core::Outcome::N)
    }

    fn parse(&self, &n: &u64, line: &str) -> Result<u64, String> {
        let d: u64 = line
            .trim()
            .parse()
            .map_err(|_| format!("'{line}' is not a number"))?;
        if d >= 1 && d < n && n % d == 0 {
            Ok(n - d)
        } else {
            Err(format!("{d} is not a divisor of {n} below {n}"))
        }
    }

    fn syntax(&self) -> &'static str {
        "Type a divisor of N below N to subtract it."
    }
}

/// Tokens on an acyclic graph, normal or misère play.
pub(crate) struct GraphPlay<'g> {
    pub(crate) graph: &'g cgt_impartial::graph::Digraph,
    /// Grundy values of the vertices, for normal play.
    pub(crate) values: Vec<u64>,
    pub(crate) misere:
        Option<cgt_core::Solver<cgt_core::misere::Misere<cgt_impartial::graph::Tokens<'g>>>>,
}

impl GraphPlay<'_> {
    fn name(&self, v: u32) -> &str {
        self.graph.name(v).unwrap_or("?")
    }
}

impl Playable for GraphPlay<'_> {
    type Pos = Vec<u32>;

    fn render(&self, p: &Vec<u32>) -> String {
        let at: Vec<String> = p
            .iter()
            .enumerate()
            .map(|(i, &v)| format!("token {} on {}", i + 1, self.name(v)))
            .collect();
        format!("{}\n", at.join(", "))
    }

    fn moves(&self, p: &Vec<u32>) -> Vec<(String, Vec<u32>)> {
        let mut out = Vec::new();
        for (i, &v) in p.iter().enumerate() {
            let mut seen = Vec::new();
            for &w in self.graph.successors(v) {
                if seen.contains(&w) {
                    continue;
                }
                seen.push(w);
                let mut after = p.clone();
                after[i] = w;
                let text = format!(
                    "move token {} from {} to {}",
                    i + 1,
                    self.name(v),
                    self.name(w)
                );
                out.push((text, after));
            }
        }
        out
    }

    fn wins(&mut self, p: &Vec<u32>) -> Result<bool, CliError> {
        use cgt_core::misere::MisereOutcome;
        match &mut self.misere {
            Some(solver) => solver
                .misere_outcome(&cgt_impartial::graph::Tokens::position(p))
                .map(|o| o == cgt_core::Outcome::N)
                .map_err(|e| CliError::input(format!("misère play is searched, and {e}"))),
            None => Ok(p.iter().fold(0, |a, &v| {
                a ^ self.values.get(v as usize).copied().unwrap_or(0)
            }) != 0),
        }
    }

    fn parse(&self, p: &Vec<u32>, line: &str) -> Result<Vec<u32>, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [token, to] = words[..] else {
            return Err(
                "type a token number and the vertex to move it to, such as '1 b'".to_owned(),
            );
        };
        let i = token
            .parse::<u64>()
            .map_err(|_| format!("there is no token {token}"))
            .and_then(|n| one_based(n, p.len(), "token"))?;
        let w = self
            .graph
            .vertex(to)
            .map_err(|_| format!("there is no vertex {to}"))?;
        if !self.graph.successors(p[i - 1]).contains(&w) {
            return Err(format!("no edge from {} to {to}", self.name(p[i - 1])));
        }
        let mut after = p.clone();
        after[i - 1] = w;
        Ok(after)
    }

    fn syntax(&self) -> &'static str {
        "Type a token and the vertex to move it to (\"1 b\")."
    }

    fn misere(&self) -> bool {
        self.misere.is_some()
    }
}

/// Staircase Nim: coins on steps 1, 2, 3, … move down one step; from step 1 they leave.
pub(crate) struct StaircasePlay;

impl Playable for StaircasePlay {
    type Pos = Vec<u64>;

    fn render(&self, p: &Vec<u64>) -> String {
        let steps: Vec<String> = p
            .iter()
            .enumerate()
            .map(|(i, c)| format!("step {}: {c}", i + 1))
            .collect();
        format!("{}\n", steps.join(", "))
    }

    fn moves(&self, p: &Vec<u64>) -> Vec<(String, Vec<u64>)> {
        let mut out = Vec::new();
        for (i, &c) in p.iter().enumerate() {
            for k in 1..=c {
                let mut after = p.clone();
                after[i] -= k;
                let text = if i == 0 {
                    format!("take {k} off step 1")
                } else {
                    after[i - 1] += k;
                    format!("move {k} from step {} to step {i}", i + 1)
                };
                out.push((text, after));
            }
        }
        out
    }

    fn wins(&mut self, p: &Vec<u64>) -> Result<bool, CliError> {
        let mut steps = vec![0];
        steps.extend_from_slice(p);
        Ok(!cgt_impartial::nim::staircase_grundy(&steps).is_zero())
    }

    fn parse(&self, p: &Vec<u64>, line: &str) -> Result<Vec<u64>, String> {
        let nums = numbers(line)?;
        let [step, k] = nums[..] else {
            return Err("type a step and how many coins to move down, such as '3 2'".to_owned());
        };
        let i = one_based(step, p.len(), "step")?;
        if k == 0 || k > p[i - 1] {
            return Err(format!("step {step} has {} coins", p[i - 1]));
        }
        let mut after = p.clone();
        after[i - 1] -= k;
        if i > 1 {
            after[i - 2] += k;
        }
        Ok(after)
    }

    fn syntax(&self) -> &'static str {
        "Type a step and how many coins to move down (\"3 2\" moves 2 coins from step 3 to step 2)."
    }
}

/// Green Hackenbush: cut an edge; whatever no longer reaches the ground falls.
pub(crate) struct HackenbushPlay;

impl Playable for HackenbushPlay {
    type Pos = cgt_impartial::hackenbush::Hackenbush;

    fn render(&self, p: &Self::Pos) -> String {
        let edges: Vec<String> = (0..p.edges().len())
            .map(|e| {
                let (u, v) = p.edge_ends(e).unwrap_or_default();
                format!("{}) {u} - {v}", e + 1)
            })
            .collect();
        if edges.is_empty() {
            "nothing stands on the ground\n".to_owned()
        } else {
            format!("edges: {}\n", edges.join("  "))
        }
    }

    fn moves(&self, p: &Self::Pos) -> Vec<(String, Self::Pos)> {
        (0..p.edges().len())
            .filter_map(|e| {
                let (u, v) = p.edge_ends(e)?;
                Some((format!("cut edge {} ({u} - {v})", e + 1), p.cut(e)?))
            })
            .collect()
    }

    fn wins(&mut self, p: &Self::Pos) -> Result<bool, CliError> {
        Ok(!p.value().is_zero())
    }

    fn parse(&self, p: &Self::Pos, line: &str) -> Result<Self::Pos, String> {
        let [e] = numbers(line)?[..] else {
            return Err("type one edge number".to_owned());
        };
        let e = one_based(e, p.edges().len(), "edge")?;
        p.cut(e - 1).ok_or_else(|| format!("there is no edge {e}"))
    }

    fn syntax(&self) -> &'static str {
        "Type the number of the edge to cut; edges cut off from the ground fall with it."
    }
}
