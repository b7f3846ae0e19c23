//! Games searched by the minimax engine, played against the program: Connect-Four (with an
//! opening book when one is given), m,n,k-games, Bridg-it and the cycle game on the grid. The program's move and the hint
//! come from the engine (or the book, or a Bridg-it strategy); positions are not valued one by
//! one, since a search per legal move would be too slow on large boards.

use core::fmt;
use std::sync::Arc;

use cgt_core::budget::Budget;
use cgt_core::said::Said;
use cgt_minimax::bridgit::{self, Bridgit, Policy};
use cgt_minimax::connect4::{
    Column, Connect4, Connect4Book, Connect4Table, Depth, PLAY_EXACT_EMPTY, Watch,
    connect4_table_bits, score_parallel,
};
use cgt_minimax::cycle::{CycleGame, GridEdge};
use cgt_minimax::engine::{Game, Options, best_moves_parallel_within};
use cgt_minimax::mnk::{Cell, Mnk};

use crate::game::{PlayError, Playable, Value};

/// The moves of an engine game, each shown as `wrap` makes it and with the position after it.
fn engine_moves<G: Game + Clone, M>(p: &G, wrap: impl Fn(G::Move) -> M) -> Vec<(M, G)> {
    let mut moves = Vec::new();
    p.moves(&mut moves);
    moves.into_iter().map(|m| (wrap(m), after(p, m))).collect()
}

fn after<G: Game + Clone>(p: &G, m: G::Move) -> G {
    let mut next = p.clone();
    next.play(m);
    next
}

/// Ending words of a game with a draw at score 0, given whether the person is to move.
fn scored_ending(terminal: Option<i32>, human_to_move: bool) -> Option<Said> {
    terminal.map(|score| {
        Said::new(match score {
            0 => "over-draw",
            _ if human_to_move => "over-program-wins",
            _ => "over-you-win",
        })
    })
}

/// "win", "draw" or "loss" by the sign of a score, for a message to pick its words by.
fn outcome(score: i32) -> &'static str {
    match score.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    }
}

/// Empty cells from which Connect-Four positions are valued exactly during play (each legal
/// move then shows the win or loss in so many plies, or the draw).
pub const VALUE_EXACT_EMPTY: u32 = 20;

/// Connect-Four against the program: exact play from [`PLAY_EXACT_EMPTY`] empty cells on (or
/// from the book), the engine's move ordering before; positions valued exactly from
/// [`VALUE_EXACT_EMPTY`] empty cells on.
#[derive(Debug)]
pub struct Connect4Play {
    /// Threads for the searches.
    pub threads: usize,
    /// An opening book, consulted first.
    pub book: Option<Arc<Connect4Book>>,
    /// Limits on the searches that value positions (past them a position is left unvalued).
    pub budget: Option<Budget>,
}

impl Playable for Connect4Play {
    type Position = Connect4;
    type Move = Column;

    fn render(&self, p: &Connect4) -> String {
        p.render()
    }

    fn moves(&self, p: &Connect4) -> Vec<(Column, Connect4)> {
        engine_moves(p, |m| m)
    }

    /// The exact verdict from [`VALUE_EXACT_EMPTY`] empty cells on; `None` before, or when
    /// the search passes its budget.
    fn value(&mut self, p: &Connect4) -> Result<Option<Value>, PlayError> {
        if let Some(score) = p.terminal() {
            return Ok(Some(Value::Verdict(p.verdict_of_score(score))));
        }
        let empty = p.cells() - p.played();
        if empty > VALUE_EXACT_EMPTY {
            return Ok(None);
        }
        let table = Arc::new(Connect4Table::new(connect4_table_bits(empty)));
        let watch = Watch {
            ticker: None,
            budget: self.budget.clone(),
        };
        Ok(
            score_parallel(p, &table, self.threads.max(1), Depth::Exact, &watch)
                .ok()
                .map(|(score, _)| Value::Verdict(p.verdict_of_score(score))),
        )
    }

    fn over(&mut self, p: &Connect4, human_to_move: bool) -> Result<Option<Said>, PlayError> {
        Ok(scored_ending(p.terminal(), human_to_move))
    }

    fn program_move(&mut self, p: &Connect4) -> Result<Option<(Column, Connect4)>, PlayError> {
        let column = self
            .book
            .as_ref()
            .and_then(|b| b.best_moves(p))
            .and_then(|(_, best)| best.first().copied())
            .or_else(|| p.program_move(self.threads));
        Ok(column.map(|c| (c, after(p, c))))
    }

    fn hint(&mut self, p: &Connect4) -> Result<Said, PlayError> {
        let empty = p.cells() - p.played();
        let from_book = self.book.as_ref().and_then(|b| b.best_moves(p));
        if from_book.is_none() && empty > PLAY_EXACT_EMPTY {
            return Ok(Said::new("hint-connect4-inexact")
                .number("empty", empty.into())
                .number("exact", PLAY_EXACT_EMPTY.into()));
        }
        let weak = from_book.is_some() && self.book.as_ref().is_some_and(|b| b.is_weak());
        let (score, best) = from_book.unwrap_or_else(|| p.exact_best_moves(self.threads));
        let list: Vec<String> = best.iter().map(|&c| c.to_string()).collect();
        let said = if weak {
            Said::new("hint-connect4-weak").text("outcome", outcome(score))
        } else {
            Said::new("hint-connect4").text("score", score.to_string())
        };
        Ok(said.text("columns", list.join(" ")))
    }

    fn parse(&self, p: &Connect4, line: &str) -> Result<(Column, Connect4), String> {
        let width = p.size().0;
        let col: u8 = line
            .parse()
            .ok()
            .filter(|c| (1..=width).contains(c))
            .ok_or_else(|| format!("'{line}' is not a column 1 to {width}"))?;
        if p.can_play(col - 1) {
            Ok((Column(col - 1), after(p, Column(col - 1))))
        } else {
            Err(format!("column {col} is full"))
        }
    }

    fn syntax(&self) -> Said {
        Said::new("syntax-connect4")
    }
}

/// An m,n,k-game played exactly by the engine.
#[derive(Clone, Copy, Debug)]
pub struct MnkPlay {
    /// The engine's options (transposition table size).
    pub options: Options,
    /// Threads for the searches.
    pub threads: usize,
    /// The longest one search (the program's move, a hint) may take; `None` for no limit.
    pub time_limit: Option<std::time::Duration>,
}

impl MnkPlay {
    /// The value and best moves of `p`, within the time limit.
    fn best(&self, p: &Mnk) -> Result<(i32, Vec<Cell>), PlayError> {
        let mut budget = cgt_core::budget::Budget::unlimited();
        if let Some(limit) = self.time_limit {
            budget = budget.with_time(limit);
        }
        best_moves_parallel_within(p, self.options, self.threads, &budget)
            .map(|(value, best, _)| (value, best))
            .map_err(|e| {
                PlayError::Refused(format!(
                    "search stopped: {e}; set CGT_TIME_LIMIT (such as 10m, or none) to allow more"
                ))
            })
    }
}

impl Playable for MnkPlay {
    type Position = Mnk;
    type Move = Cell;

    fn render(&self, p: &Mnk) -> String {
        render_mnk(p)
    }

    fn moves(&self, p: &Mnk) -> Vec<(Cell, Mnk)> {
        engine_moves(p, |m| m)
    }

    fn value(&mut self, _: &Mnk) -> Result<Option<Value>, PlayError> {
        Ok(None)
    }

    fn over(&mut self, p: &Mnk, human_to_move: bool) -> Result<Option<Said>, PlayError> {
        Ok(scored_ending(p.terminal(), human_to_move))
    }

    fn program_move(&mut self, p: &Mnk) -> Result<Option<(Cell, Mnk)>, PlayError> {
        let (_, best) = self.best(p)?;
        Ok(best.first().map(|&c| (c, after(p, c))))
    }

    fn hint(&mut self, p: &Mnk) -> Result<Said, PlayError> {
        let (value, best) = self.best(p)?;
        let list: Vec<String> = best.iter().map(|&c| c.to_string()).collect();
        Ok(Said::new("hint-mnk")
            .text("outcome", outcome(value))
            .text("cells", list.join(" ")))
    }

    fn parse(&self, p: &Mnk, line: &str) -> Result<(Cell, Mnk), String> {
        let (m, n, _) = p.shape();
        let cells = u32::from(m) * u32::from(n);
        let c: u32 = line
            .parse()
            .ok()
            .filter(|c| (1..=cells).contains(c))
            .ok_or_else(|| format!("'{line}' is not a cell 1 to {cells}"))?;
        let (x, o) = p.bitboards();
        if (x | o) >> (c - 1) & 1 == 1 {
            Err(format!("cell {c} is taken"))
        } else {
            let cell = (c - 1) as u8;
            Ok((Cell(cell), after(p, Cell(cell))))
        }
    }

    fn syntax(&self) -> Said {
        Said::new("syntax-mnk")
    }
}

/// The m,n,k board as text, cell numbers on free cells.
#[must_use]
pub fn render_mnk(p: &Mnk) -> String {
    let (m, n, _) = p.shape();
    let (x, o) = p.bitboards();
    let width = (u32::from(m) * u32::from(n)).to_string().len();
    let mut out = String::new();
    for r in 0..m {
        let row: Vec<String> = (0..n)
            .map(|c| {
                let i = r * n + c;
                let text = if x >> i & 1 == 1 {
                    "X".to_owned()
                } else if o >> i & 1 == 1 {
                    "O".to_owned()
                } else {
                    (u32::from(i) + 1).to_string()
                };
                format!("{text:>width$}")
            })
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

/// A Bridg-it slot, printed with its lattice point: `7 (2,3)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    /// The board size n.
    pub n: u8,
    /// The slot number.
    pub slot: u8,
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&bridgit::slot_label(self.n, self.slot))
    }
}

/// Bridg-it against a strategy (pairing, Shannon's or exact search).
#[derive(Clone, Copy, Debug)]
pub struct BridgitPlay {
    /// The program's strategy.
    pub strategy: Policy,
    /// The person's side.
    pub human: bridgit::Player,
}

impl Playable for BridgitPlay {
    type Position = Bridgit;
    type Move = Slot;

    fn render(&self, p: &Bridgit) -> String {
        p.render()
    }

    fn moves(&self, p: &Bridgit) -> Vec<(Slot, Bridgit)> {
        let n = p.size();
        engine_moves(p, |slot| Slot { n, slot })
    }

    fn value(&mut self, _: &Bridgit) -> Result<Option<Value>, PlayError> {
        Ok(None)
    }

    fn over(&mut self, p: &Bridgit, _: bool) -> Result<Option<Said>, PlayError> {
        Ok(p.terminal().map(|_| {
            Said::new(if p.winner() == Some(self.human) {
                "over-you-win"
            } else {
                "over-program-wins"
            })
        }))
    }

    fn program_move(&mut self, p: &Bridgit) -> Result<Option<(Slot, Bridgit)>, PlayError> {
        let n = p.size();
        Ok(self
            .strategy
            .choose(p)
            .map(|slot| (Slot { n, slot }, after(p, slot))))
    }

    fn hint(&mut self, p: &Bridgit) -> Result<Said, PlayError> {
        Ok(match self.strategy.choose(p) {
            Some(slot) => Said::new("hint-bridgit")
                .text("strategy", self.strategy.to_string())
                .text("slot", Slot { n: p.size(), slot }.to_string()),
            None => Said::new("hint-bridgit-none"),
        })
    }

    fn parse(&self, p: &Bridgit, line: &str) -> Result<(Slot, Bridgit), String> {
        let slot = p.parse_slot(line)?;
        Ok((Slot { n: p.size(), slot }, after(p, slot)))
    }

    fn syntax(&self) -> Said {
        Said::new("syntax-bridgit")
    }
}

/// The cycle game on the grid (11.2.10): the person draws segments and tries to close a cycle;
/// the program blocks with the pairing strategy, so the person never succeeds.
#[derive(Clone, Copy, Debug, Default)]
pub struct CyclePlay;

impl Playable for CyclePlay {
    type Position = CycleGame;
    type Move = GridEdge;

    fn render(&self, p: &CycleGame) -> String {
        p.render()
    }

    fn moves(&self, p: &CycleGame) -> Vec<(GridEdge, CycleGame)> {
        if p.over() {
            return Vec::new();
        }
        p.free()
            .map(|e| (e, p.play(e).expect("a free segment of the window")))
            .collect()
    }

    fn value(&mut self, _: &CycleGame) -> Result<Option<Value>, PlayError> {
        Ok(None)
    }

    fn over(&mut self, p: &CycleGame, _: bool) -> Result<Option<Said>, PlayError> {
        Ok(if p.cycle_closed() {
            Some(Said::new("over-cycle-closed"))
        } else if p.over() {
            Some(Said::new("over-cycle-held"))
        } else {
            None
        })
    }

    fn program_move(&mut self, p: &CycleGame) -> Result<Option<(GridEdge, CycleGame)>, PlayError> {
        Ok(p.pairing_reply().map(|e| {
            let next = p.play(e).expect("the pairing plays a free segment");
            (e, next)
        }))
    }

    fn hint(&mut self, p: &CycleGame) -> Result<Said, PlayError> {
        Ok(match p.free().next() {
            Some(e) => Said::new("hint-cycle-example").text("segment", e.to_string()),
            None => Said::new("hint-cycle"),
        })
    }

    fn parse(&self, p: &CycleGame, line: &str) -> Result<(GridEdge, CycleGame), String> {
        let e: GridEdge = line
            .parse()
            .map_err(|e: cgt_minimax::ParseMoveError| e.to_string())?;
        let next = p.play(e).map_err(|err| match err {
            cgt_minimax::BoardError::OffBoard { range, .. } => {
                format!("{e} is not in the window ({range})")
            }
            cgt_minimax::BoardError::Occupied { .. } => format!("{e} is already taken"),
            other => other.to_string(),
        })?;
        Ok((e, next))
    }

    fn syntax(&self) -> Said {
        Said::new("syntax-cycle")
    }
}
