//! Chess endgames played against a table file: the table plays perfectly; a capture that
//! leaves the table ends the game with the smaller endgame's verdict.

use core::fmt;

use cgt_core::Verdict;
use cgt_core::said::Said;
use cgt_retro::chess::tables::TableFile;
use cgt_retro::chess::{Move, MoveError, Position, Square};

use crate::game::{PlayError, Playable, Value};

/// A position during play: in the table, or ended by a capture that leaves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessPosition {
    /// The position on the board.
    pub pos: Position,
    /// After a capture: the verdict for the side to move in the smaller endgame.
    pub ended: Option<Verdict>,
}

impl ChessPosition {
    /// A position in the table, not ended.
    #[must_use]
    pub fn new(pos: Position) -> ChessPosition {
        ChessPosition { pos, ended: None }
    }
}

/// A move with its SAN, which needs the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessMove {
    /// The move.
    pub mv: Move,
    /// Its SAN in the position it was played in (`Qg7+`, `Kxb2`).
    pub san: String,
}

impl fmt::Display for ChessMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.san)
    }
}

/// Chess against an endgame table file.
#[derive(Debug)]
pub struct Chess {
    table: TableFile,
}

impl Chess {
    /// Plays against `table`.
    #[must_use]
    pub fn new(table: TableFile) -> Chess {
        Chess { table }
    }

    /// The table.
    #[must_use]
    pub fn table(&self) -> &TableFile {
        &self.table
    }

    /// The start position from a FEN, checked against the table's endgame and probed.
    ///
    /// # Errors
    /// [`PlayError::Refused`] for a FEN of another endgame or a position not in the table;
    /// [`PlayError::Failed`] when the table cannot be read.
    pub fn start(&mut self, fen: &str) -> Result<ChessPosition, PlayError> {
        let pos = self
            .table
            .endgame()
            .parse_fen(fen)
            .map_err(|e| PlayError::Refused(e.to_string()))?;
        let start = ChessPosition::new(pos);
        self.verdict(&start)?;
        Ok(start)
    }

    fn verdict(&self, p: &ChessPosition) -> Result<Verdict, PlayError> {
        if let Some(v) = &p.ended {
            return Ok(*v);
        }
        self.table
            .probe(&p.pos)
            .map_err(|e| PlayError::Failed(e.to_string()))?
            .ok_or_else(|| PlayError::Refused("the position is not in the table".to_owned()))
    }
}

/// The board as 8 ranks of letters (White upper case), the files and the FEN.
#[must_use]
pub fn render_board(pos: &Position) -> String {
    let mut board = [['.'; 8]; 8];
    let mut put = |sq: Square, c: char| {
        let i = usize::from(sq.index());
        board[i / 8][i % 8] = c;
    };
    put(pos.white_king(), 'K');
    put(pos.black_king(), 'k');
    for (piece, sq) in pos.white_pieces() {
        put(sq, piece.letter());
    }
    for (piece, sq) in pos.black_pieces() {
        put(sq, piece.letter().to_ascii_lowercase());
    }
    let mut out = String::new();
    for rank in (0..8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        out.extend(board[rank].iter());
        out.push('\n');
    }
    out.push_str(&format!("  abcdefgh   {}\n", pos.fen()));
    out
}

impl Chess {
    /// The legal move `m` of `p` named in SAN, with the position after it (ended, with the
    /// smaller endgame's verdict, when it captures).
    fn step(&self, p: &ChessPosition, m: Move) -> (ChessMove, ChessPosition) {
        let endgame = self.table.endgame();
        let after = endgame.play_unchecked(&p.pos, m);
        let ended = m.is_capture().then(|| endgame.capture_verdict(&p.pos, m));
        let mv = ChessMove {
            mv: m,
            san: endgame.san(&p.pos, m),
        };
        (mv, ChessPosition { pos: after, ended })
    }
}

impl Playable for Chess {
    type Position = ChessPosition;
    type Move = ChessMove;

    fn render(&self, p: &ChessPosition) -> String {
        render_board(&p.pos)
    }

    fn moves(&self, p: &ChessPosition) -> Vec<(ChessMove, ChessPosition)> {
        if p.ended.is_some() {
            return Vec::new();
        }
        let endgame = self.table.endgame();
        endgame
            .moves(&p.pos)
            .into_iter()
            .map(|m| self.step(p, m))
            .collect()
    }

    fn value(&mut self, p: &ChessPosition) -> Result<Option<Value>, PlayError> {
        Ok(Some(Value::Verdict(self.verdict(p)?)))
    }

    fn over(&mut self, p: &ChessPosition, human_to_move: bool) -> Result<Option<Said>, PlayError> {
        match p.ended {
            Some(Verdict::Draw) => return Ok(Some(Said::new("over-capture-draw"))),
            Some(v) => {
                let verdict = Said::new("over-capture").said("verdict", Value::Verdict(v).said());
                return Ok(Some(verdict));
            }
            None => {}
        }
        if !self.moves(p).is_empty() {
            return Ok(None);
        }
        let endgame = self.table.endgame();
        Ok(Some(Said::new(if !endgame.in_check(&p.pos) {
            "over-stalemate"
        } else if human_to_move {
            "over-checkmate-program"
        } else {
            "over-checkmate-you"
        })))
    }

    fn parse(&self, p: &ChessPosition, line: &str) -> Result<(ChessMove, ChessPosition), String> {
        let endgame = self.table.endgame();
        let m = match endgame.parse_move(&p.pos, line) {
            Ok(m) => m,
            Err(e @ MoveError::Ambiguous(_)) => return Err(e.to_string()),
            Err(_) => return Err(format!("{:?} is not a legal move here", line.trim())),
        };
        if p.ended.is_some() {
            return Err(format!("{:?} is not a legal move here", line.trim()));
        }
        Ok(self.step(p, m))
    }

    fn syntax(&self) -> cgt_core::said::Said {
        cgt_core::said::Said::new("syntax-chess")
    }
}
