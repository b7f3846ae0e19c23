//! The partizan commands: game (the notation), domineering, toads-frogs, clobber, cutcake,
//! and the Blue-Red-Green side of hackenbush.

use std::cmp::Ordering;

use cgt_core::OutcomeClass;
use cgt_core::budget::Budget;

use cgt_partizan::clobber::{Clobber, Grid};
use cgt_partizan::cutcake::{Cakes, Cutcake};
use cgt_partizan::domineering::{Board, Domineering};
use cgt_partizan::hackenbush::{Edges, Picture};
use cgt_partizan::toads::{Row, ToadsAndFrogs};
use cgt_partizan::{
    Arena, CakeCut, Capture, Dyadic, EdgeCut, Evaluator, GameId, Hop, PartizanError, PartizanGame,
    Placement, Player, Thermograph,
};
use serde::Serialize;

use crate::document::{MoveReport, Report, Spot};
use crate::error::ReportError;

impl From<PartizanError> for ReportError {
    fn from(e: PartizanError) -> ReportError {
        match e {
            PartizanError::MemoryLimit { .. } => ReportError::limit(format!(
                "{e}; set CGT_MEMORY_LIMIT (such as 4G) to allow more, or split the position"
            )),
            PartizanError::Stopped(cgt_core::budget::Exceeded::Time { .. }) => ReportError::limit(
                format!("{e}; set CGT_TIME_LIMIT (such as 10m, or none) to allow more"),
            ),
            other => ReportError::input(other.to_string()),
        }
    }
}

/// The thermograph in a report: walls as `[temperature, value]` pairs, exact, as text.
#[derive(Clone, Debug, Serialize)]
pub struct ThermographReport {
    /// Left wall from temperature 0 up to the mast.
    pub left_wall: Vec<[String; 2]>,
    /// Right wall likewise.
    pub right_wall: Vec<[String; 2]>,
    /// Where the mast stands (the mean).
    pub mast: String,
    /// Where the walls meet it.
    pub temperature: String,
}

impl ThermographReport {
    /// The walls, mast and temperature of `t`, exact, as text.
    #[must_use]
    pub fn new(t: &Thermograph) -> ThermographReport {
        let pts = |w: &[(Dyadic, Dyadic)]| {
            w.iter()
                .map(|(a, b)| [a.to_string(), b.to_string()])
                .collect()
        };
        ThermographReport {
            left_wall: pts(t.left_wall()),
            right_wall: pts(t.right_wall()),
            mast: t.mast().to_string(),
            temperature: t.temperature().to_string(),
        }
    }
}

/// How a game compares with another (`cgt game A --compare B`).
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// The other game as given.
    pub other: String,
    /// Its canonical form.
    pub other_value: String,
    /// `>`, `<`, `=` or `||` (confused): how the game compares with the other.
    pub relation: String,
    /// Who wins the difference game − other: L, R, P or N.
    pub difference_outcome: String,
}

/// The report of every partizan command: the value and what follows from it.
#[derive(Clone, Debug, Serialize)]
pub struct PartizanReport {
    /// `game`, `domineering`, `toads-frogs`, `clobber` or `hackenbush`.
    pub game: String,
    /// The position as given (a board or row normalised to `/`-separated rows).
    pub position: String,
    /// The canonical form in ASCII notation.
    pub value: String,
    /// L (Left wins), R (Right wins), P (second player wins) or N (first player wins).
    pub outcome: String,
    /// Left stop, exact.
    pub left_stop: String,
    /// Right stop, exact.
    pub right_stop: String,
    /// Mean value, exact.
    pub mean: String,
    /// Temperature, exact (negative for numbers).
    pub temperature: String,
    /// The birthday of the canonical form.
    pub birthday: u64,
    /// True when the value is a number.
    pub is_number: bool,
    /// The thermograph (with `--thermograph`, or always in JSON).
    pub thermograph: ThermographReport,
    /// Left's winning first moves (games with positions only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_winning_moves: Option<Vec<MoveReport>>,
    /// Right's winning first moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_winning_moves: Option<Vec<MoveReport>>,
    /// With `--compare`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compare: Option<Comparison>,
    /// Positions searched (games with positions only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub searched: Option<u64>,
    /// The first line of the text.
    #[serde(skip)]
    pub title: String,
    /// The value in Unicode notation (↑, ½), for the text.
    #[serde(skip)]
    pub unicode_value: String,
    /// More lines for the text.
    #[serde(skip)]
    pub notes: Vec<String>,
    /// The thermograph itself, exact (for pictures).
    #[serde(skip)]
    pub exact_thermograph: Thermograph,
}

impl PartizanReport {
    /// The report of `g` (in `arena`) with no moves: value, outcome, stops, thermograph.
    ///
    /// # Errors
    /// The arena's memory limit.
    pub fn new(
        arena: &mut Arena,
        game: &str,
        position: String,
        title: String,
        g: GameId,
    ) -> Result<PartizanReport, ReportError> {
        let (ls, rs) = arena.stops(g);
        let t = arena.thermograph(g)?;
        Ok(PartizanReport {
            game: game.to_owned(),
            position,
            value: arena.display(g),
            outcome: arena.outcome(g).to_string(),
            left_stop: ls.to_string(),
            right_stop: rs.to_string(),
            mean: t.mast().to_string(),
            temperature: t.temperature().to_string(),
            birthday: arena.birthday(g),
            is_number: arena.as_number(g).is_some(),
            thermograph: ThermographReport::new(&t),
            exact_thermograph: t.clone(),
            left_winning_moves: None,
            right_winning_moves: None,
            compare: None,
            searched: None,
            title,
            unicode_value: arena.display_unicode(g),
            notes: Vec::new(),
        })
    }
}

impl Report for PartizanReport {
    fn text(&self) -> String {
        let outcome = self
            .outcome
            .parse::<cgt_core::OutcomeClass>()
            .map_or(self.outcome.clone(), |o| o.describe().to_owned());
        let mut s = format!("{}\n", self.title);
        s.push_str(&format!("value: {}", self.value));
        if self.unicode_value != self.value {
            s.push_str(&format!("  ({})", self.unicode_value));
        }
        s.push('\n');
        s.push_str(&format!("outcome: {outcome}\n"));
        s.push_str(&format!(
            "stops: left {}, right {}; mean {}; temperature {}; birthday {}\n",
            self.left_stop, self.right_stop, self.mean, self.temperature, self.birthday
        ));
        if let Some(c) = &self.compare {
            s.push_str(&format!(
                "compare: {} {} {} (the difference is an {}-position)\n",
                self.value, c.relation, c.other_value, c.difference_outcome
            ));
        }
        for (who, moves) in [
            ("Left", &self.left_winning_moves),
            ("Right", &self.right_winning_moves),
        ] {
            if let Some(moves) = moves {
                if moves.is_empty() {
                    s.push_str(&format!("{who} moving first: no winning move\n"));
                } else {
                    s.push_str(&format!("{who} moving first wins with:\n"));
                    for m in moves {
                        s.push_str(&format!("  {}\n", m.text));
                    }
                }
            }
        }
        for n in &self.notes {
            s.push_str(n);
            s.push('\n');
        }
        s
    }
}

/// `cgt game EXPR [--compare EXPR]`: a game in the partizan notation, with its comparison with
/// another.
///
/// # Errors
/// A malformed expression, or the budget's memory or time limit.
pub fn game(
    expr: &str,
    compare: Option<&str>,
    budget: &Budget,
) -> Result<PartizanReport, ReportError> {
    let mut arena = Arena::new();
    arena.set_limits(Some(budget.clone()));
    let g = arena.parse(expr)?;
    let title = format!("game {}", expr.trim());
    let mut r = PartizanReport::new(&mut arena, "game", expr.trim().to_owned(), title, g)?;
    if let Some(other) = compare {
        let h = arena.parse(other)?;
        // The outcome of G − H is the comparison itself (G > H iff Left wins G − H whoever
        // starts, and so on), so the difference need not be built: *1024 − *1023 = *2047 is
        // past what the notation builds, though the comparison is immediate.
        let (relation, difference) = match arena.compare(g, h) {
            Some(Ordering::Greater) => (">", OutcomeClass::L),
            Some(Ordering::Less) => ("<", OutcomeClass::R),
            Some(Ordering::Equal) => ("=", OutcomeClass::P),
            None => ("||", OutcomeClass::N),
        };
        r.compare = Some(Comparison {
            other: other.trim().to_owned(),
            other_value: arena.display(h),
            relation: relation.to_owned(),
            difference_outcome: difference.to_string(),
        });
    }
    Ok(r)
}

/// Names a move of `player` (given with the position after it) in the shared move shape.
pub type Describe<M, P> = dyn Fn(&M, &P, Player) -> MoveReport;

/// Values a position of `game` (searched within `budget`) and reports it with each
/// side's winning moves, named by `describe`.
///
/// # Errors
/// The search's limits, or a malformed game.
pub fn position_report<G: PartizanGame>(
    game: G,
    name: &str,
    position: &G::Position,
    shown: String,
    title: String,
    describe: &Describe<G::Move, G::Position>,
    budget: &Budget,
) -> Result<PartizanReport, ReportError> {
    let mut arena = Arena::new();
    let mut ev = Evaluator::new(game).with_limits(budget.clone());
    let g = ev.value(&mut arena, position)?;
    let mut r = PartizanReport::new(&mut arena, name, shown, title, g)?;
    for player in [Player::Left, Player::Right] {
        let moves = ev.winning_moves(&mut arena, position, player)?;
        let list = moves
            .iter()
            .map(|w| {
                let mut m = describe(&w.mv, &w.after, player);
                m.text = format!("{} (leaves {})", m.text, arena.display(w.value));
                m
            })
            .collect();
        match player {
            Player::Left => r.left_winning_moves = Some(list),
            Player::Right => r.right_winning_moves = Some(list),
        }
    }
    r.searched = Some(ev.searched());
    Ok(r)
}

fn square(row: usize, col: usize) -> Spot {
    Spot::Pair([row as u64 + 1, col as u64 + 1])
}

/// `cgt domineering BOARD`: value, stops, thermograph and each side's winning placements.
///
/// # Errors
/// A malformed board, or the search's limits.
pub fn domineering(board: &str, budget: &Budget) -> Result<PartizanReport, ReportError> {
    let b: Board = board.parse()?;
    let title = format!(
        "Domineering on a {} x {} board with {} empty squares (Left places vertical dominoes, Right horizontal)",
        b.rows(),
        b.cols(),
        b.empty_squares()
    );
    let describe = |m: &Placement, _: &Board, _: Player| {
        let [(r1, c1), (r2, c2)] = m.cells;
        MoveReport {
            from: Some(square(r1, c1)),
            to: Some(square(r2, c2)),
            text: format!("domino on ({},{})-({},{})", r1 + 1, c1 + 1, r2 + 1, c2 + 1),
            ..MoveReport::default()
        }
    };
    position_report(
        Domineering,
        "domineering",
        &b,
        b.to_string(),
        title,
        &describe,
        budget,
    )
}

/// `cgt toads-frogs ROW`: as [`domineering`], for a row of toads and frogs.
///
/// # Errors
/// A malformed row, or the search's limits.
pub fn toads_frogs(row: &str, budget: &Budget) -> Result<PartizanReport, ReportError> {
    let r0: Row = row.parse()?;
    let title = format!(
        "Toads and Frogs row {r0} ({} squares; Left's toads T move right, Right's frogs F move left)",
        r0.len()
    );
    let describe = |m: &Hop, after: &Row, player: Player| {
        let who = if player == Player::Left {
            "toad"
        } else {
            "frog"
        };
        let how = if m.is_jump() { "jumps" } else { "moves" };
        MoveReport {
            from: Some(Spot::Size(m.from as u64 + 1)),
            to: Some(Spot::Size(m.to as u64 + 1)),
            text: format!(
                "{who} {how} from square {} to {}: {after}",
                m.from + 1,
                m.to + 1
            ),
            ..MoveReport::default()
        }
    };
    position_report(
        ToadsAndFrogs,
        "toads-frogs",
        &r0,
        r0.to_string(),
        title,
        &describe,
        budget,
    )
}

/// `cgt clobber ROWS`: as [`domineering`], for a Clobber board.
///
/// # Errors
/// A malformed board, or the search's limits.
pub fn clobber(rows: &str, budget: &Budget) -> Result<PartizanReport, ReportError> {
    let g0: Grid = rows.parse()?;
    let title = format!(
        "Clobber on a {} x {} board (Left's stones x, Right's o)",
        g0.rows(),
        g0.cols()
    );
    let describe = |m: &Capture, _: &Grid, _: Player| {
        let ((r1, c1), (r2, c2)) = (m.from, m.to);
        MoveReport {
            from: Some(square(r1, c1)),
            to: Some(square(r2, c2)),
            text: format!("({},{}) clobbers ({},{})", r1 + 1, c1 + 1, r2 + 1, c2 + 1),
            ..MoveReport::default()
        }
    };
    position_report(
        Clobber,
        "clobber",
        &g0,
        g0.to_string(),
        title,
        &describe,
        budget,
    )
}

/// `cgt cutcake PIECES`: as [`domineering`], for pieces of cake.
///
/// # Errors
/// Malformed pieces, or the search's limits.
pub fn cutcake(pieces: &str, budget: &Budget) -> Result<PartizanReport, ReportError> {
    let c: Cakes = pieces.parse()?;
    let title = format!(
        "Cutcake with pieces {c} (width x height; Left cuts vertically, Right horizontally)"
    );
    let describe = |m: &CakeCut, after: &Cakes, player: Player| {
        let (w, h) = m.piece;
        let how = if player == Player::Left {
            "vertically"
        } else {
            "horizontally"
        };
        MoveReport {
            text: format!("cut the {w}x{h} piece {how} at {}: {after}", m.at),
            ..MoveReport::default()
        }
    };
    position_report(
        Cutcake,
        "cutcake",
        &c,
        c.to_string(),
        title,
        &describe,
        budget,
    )
}

/// `cgt hackenbush FILE` for a picture with blue or red edges (the report names it `file`).
///
/// # Errors
/// The search's limits.
pub fn hackenbush(
    file: &str,
    picture: Picture,
    budget: &Budget,
) -> Result<PartizanReport, ReportError> {
    let all = picture.all_edges();
    let edges = picture.edges().len();
    let title =
        format!("Blue-Red-Green Hackenbush picture with {edges} edges (Left cuts blue, Right red)");
    let names = picture.clone();
    let describe = move |m: &EdgeCut, _: &Edges, _: Player| {
        let (u, v, colour) = names.edges()[m.edge];
        let (u, v) = (names.name(u).unwrap_or("?"), names.name(v).unwrap_or("?"));
        MoveReport {
            edge: Some(m.edge as u64 + 1),
            from: Some(Spot::Vertex(u.to_owned())),
            to: Some(Spot::Vertex(v.to_owned())),
            text: format!("cut {} edge {} ({u} - {v})", colour.name(), m.edge + 1),
            ..MoveReport::default()
        }
    };
    position_report(
        picture,
        "hackenbush",
        &all,
        file.to_owned(),
        title,
        &describe,
        budget,
    )
}
