//! Outcomes and two-player vocabulary shared by the impartial, minimax and retrograde crates.

use core::cmp::Ordering;
use core::fmt;

/// Outcome class of a position of a finite impartial game under normal play.
///
/// ```
/// use cgt_core::{Nimber, Outcome};
/// assert_eq!(Outcome::from_grundy(Nimber::new(0)), Outcome::P);
/// assert_eq!(Outcome::from_grundy(Nimber::new(3)), Outcome::N);
/// assert_eq!(Outcome::N.to_string(), "N");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: every move leads to an N-position.
    P,
    /// The next player (the one to move) wins: some move leads to a P-position.
    N,
}

impl Outcome {
    /// P exactly when the Grundy value is zero (Sprague–Grundy).
    #[must_use]
    pub fn from_grundy(g: crate::Nimber) -> Outcome {
        if g.is_zero() { Outcome::P } else { Outcome::N }
    }

    /// The outcome as a win, draw or loss for the player to move.
    #[must_use]
    pub fn for_mover(self) -> Wdl {
        match self {
            Outcome::P => Wdl::Loss,
            Outcome::N => Wdl::Win,
        }
    }

    /// A one-line description for people.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Outcome::P => "P-position: the player to move loses",
            Outcome::N => "N-position: the player to move wins",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

/// Outcome class of a position of a partizan game (Left and Right have different moves) under
/// normal play: who wins, whoever starts.
///
/// ```
/// use cgt_core::OutcomeClass;
/// assert_eq!(OutcomeClass::L.to_string(), "L");
/// assert_eq!("N".parse::<OutcomeClass>(), Ok(OutcomeClass::N));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum OutcomeClass {
    /// Left wins whoever starts (the game is positive).
    L,
    /// Right wins whoever starts (the game is negative).
    R,
    /// The second player wins (the game is zero).
    P,
    /// The first player wins (the game is confused with zero, fuzzy).
    N,
}

impl OutcomeClass {
    /// A one-line description for people.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            OutcomeClass::L => "L: Left wins, whoever starts (G > 0)",
            OutcomeClass::R => "R: Right wins, whoever starts (G < 0)",
            OutcomeClass::P => "P: the second player wins (G = 0)",
            OutcomeClass::N => "N: the first player wins (G || 0)",
        }
    }
}

impl fmt::Display for OutcomeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutcomeClass::L => "L",
            OutcomeClass::R => "R",
            OutcomeClass::P => "P",
            OutcomeClass::N => "N",
        })
    }
}

impl core::str::FromStr for OutcomeClass {
    type Err = UnknownOutcome;
    fn from_str(s: &str) -> Result<OutcomeClass, UnknownOutcome> {
        match s {
            "L" => Ok(OutcomeClass::L),
            "R" => Ok(OutcomeClass::R),
            "P" => Ok(OutcomeClass::P),
            "N" => Ok(OutcomeClass::N),
            _ => Err(UnknownOutcome),
        }
    }
}

/// Text that names no outcome class (`L`, `R`, `P` or `N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownOutcome;

impl fmt::Display for UnknownOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected an outcome class: L, R, P or N")
    }
}

impl std::error::Error for UnknownOutcome {}

/// Outcome class of a position of a game that may be played forever (a loopy game).
///
/// # Examples
///
/// ```
/// use cgt_core::LoopyOutcome;
///
/// assert_eq!(LoopyOutcome::Draw.to_string(), "D");
/// assert!(LoopyOutcome::P < LoopyOutcome::Draw);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LoopyOutcome {
    /// The player to move loses.
    P,
    /// The player to move wins.
    N,
    /// Neither player can force a win; optimal play goes on forever.
    Draw,
}

impl LoopyOutcome {
    /// The outcome as a win, draw or loss for the player to move.
    #[must_use]
    pub fn for_mover(self) -> Wdl {
        match self {
            LoopyOutcome::P => Wdl::Loss,
            LoopyOutcome::N => Wdl::Win,
            LoopyOutcome::Draw => Wdl::Draw,
        }
    }
}

impl From<Outcome> for LoopyOutcome {
    fn from(o: Outcome) -> LoopyOutcome {
        match o {
            Outcome::P => LoopyOutcome::P,
            Outcome::N => LoopyOutcome::N,
        }
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LoopyOutcome::P => "P",
            LoopyOutcome::N => "N",
            LoopyOutcome::Draw => "D",
        })
    }
}

/// One of the two players of a two-player game.
///
/// # Examples
///
/// ```
/// use cgt_core::Side;
///
/// assert_ne!(Side::First, Side::Second);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The player who moves first from the initial position (White in chess, X in tic-tac-toe,
    /// Max in a minimax tree).
    First,
    /// The other player.
    Second,
}

impl Side {
    /// The opponent.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// `+1` for [`Side::First`], `-1` for [`Side::Second`]: multiply a first-player score by it
    /// to get a score from this side's point of view (negamax).
    #[must_use]
    pub fn sign(self) -> i32 {
        match self {
            Side::First => 1,
            Side::Second => -1,
        }
    }
}

/// Win, draw or loss, from the point of view of a stated player (usually the player to move).
///
/// # Examples
///
/// ```
/// use cgt_core::{Verdict, Wdl};
///
/// assert_eq!(Verdict::Win(3).wdl(), Wdl::Win);
/// assert_eq!(Verdict::Loss(0).wdl().to_string(), "loss");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Wdl {
    /// The player can force a win.
    Win,
    /// Neither player can force a win.
    Draw,
    /// The opponent can force a win.
    Loss,
}

impl Wdl {
    /// The same result seen by the opponent.
    #[must_use]
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        })
    }
}

/// A solved position: win or loss for the player to move with the number of plies to the end
/// under optimal play (the winner hurries, the loser delays), or a draw.
///
/// Verdicts are ordered by preference of the player to move: a faster win beats a slower one,
/// any win beats a draw, a draw beats any loss, and a slower loss beats a faster one. So the
/// best move leads to the child whose [`Verdict::parent`] is greatest.
///
/// ```
/// use cgt_core::Verdict;
/// let mate = Verdict::Loss(0); // side to move is checkmated
/// assert_eq!(mate.parent(), Verdict::Win(1));
/// assert!(Verdict::Win(1) > Verdict::Win(3));
/// assert!(Verdict::Draw > Verdict::Loss(40));
/// assert!(Verdict::Loss(40) > Verdict::Loss(2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Verdict {
    /// The player to move wins in this many plies.
    Win(u32),
    /// Neither player can force a win.
    Draw,
    /// The player to move loses in this many plies (0: the game is over and lost).
    Loss(u32),
}

impl Verdict {
    /// The verdict, for the player who moved, of a move into a position with verdict `self`.
    #[must_use]
    pub fn parent(self) -> Verdict {
        match self {
            Verdict::Win(d) => Verdict::Loss(d.saturating_add(1)),
            Verdict::Draw => Verdict::Draw,
            Verdict::Loss(d) => Verdict::Win(d.saturating_add(1)),
        }
    }

    /// Win, draw or loss without the distance.
    #[must_use]
    pub fn wdl(self) -> Wdl {
        match self {
            Verdict::Win(_) => Wdl::Win,
            Verdict::Draw => Wdl::Draw,
            Verdict::Loss(_) => Wdl::Loss,
        }
    }

    /// Plies to the end of the game, `None` for a draw.
    #[must_use]
    pub fn plies(self) -> Option<u32> {
        match self {
            Verdict::Win(d) | Verdict::Loss(d) => Some(d),
            Verdict::Draw => None,
        }
    }

    /// The verdict in words for a front end (`value-win-in`, …): what [`Verdict::words`]
    /// writes in English.
    #[must_use]
    pub fn said(self) -> crate::said::Said {
        use crate::said::Said;
        match self {
            Verdict::Win(0) => Said::new("value-won"),
            Verdict::Loss(0) => Said::new("value-lost"),
            Verdict::Win(d) => Said::new("value-win-in").number("plies", d.into()),
            Verdict::Loss(d) => Said::new("value-loss-in").number("plies", d.into()),
            Verdict::Draw => Said::new("value-draw"),
        }
    }

    /// The verdict in words, as the front ends print it: `win in 5 plies`, `loss in 1 ply`,
    /// `won (a terminal win)`, `lost (no move)`, `draw`.
    ///
    /// ```
    /// use cgt_core::Verdict;
    /// assert_eq!(Verdict::Win(1).words(), "win in 1 ply");
    /// assert_eq!(Verdict::Win(1).to_string(), "win in 1 ply");
    /// assert_eq!(Verdict::Loss(0).words(), "lost (no move)");
    /// ```
    #[must_use]
    pub fn words(self) -> String {
        match self {
            Verdict::Win(0) => "won (a terminal win)".to_owned(),
            Verdict::Win(d) => format!("win in {}", plies(d)),
            Verdict::Loss(0) => "lost (no move)".to_owned(),
            Verdict::Loss(d) => format!("loss in {}", plies(d)),
            Verdict::Draw => "draw".to_owned(),
        }
    }

    fn rank(self) -> (i8, i64) {
        match self {
            Verdict::Win(d) => (2, -i64::from(d)),
            Verdict::Draw => (1, 0),
            Verdict::Loss(d) => (0, i64::from(d)),
        }
    }
}

impl Ord for Verdict {
    fn cmp(&self, other: &Verdict) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Verdict {
    fn partial_cmp(&self, other: &Verdict) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `d` plies in words: `1 ply`, `4 plies`.
fn plies(d: u32) -> String {
    if d == 1 {
        "1 ply".to_owned()
    } else {
        format!("{d} plies")
    }
}

/// `win in 4 plies`, `win in 1 ply`, `draw`, `loss in 0 plies`.
impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Win(d) => write!(f, "win in {}", plies(*d)),
            Verdict::Draw => f.write_str("draw"),
            Verdict::Loss(d) => write!(f, "loss in {}", plies(*d)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdict_order_is_mover_preference() {
        let mut v = vec![
            Verdict::Loss(0),
            Verdict::Win(5),
            Verdict::Draw,
            Verdict::Loss(7),
            Verdict::Win(1),
        ];
        v.sort();
        assert_eq!(
            v,
            [
                Verdict::Loss(0),
                Verdict::Loss(7),
                Verdict::Draw,
                Verdict::Win(5),
                Verdict::Win(1)
            ]
        );
        assert_eq!(Verdict::Win(u32::MAX).parent(), Verdict::Loss(u32::MAX));
        for v in [Verdict::Win(3), Verdict::Draw, Verdict::Loss(2)] {
            assert_eq!(v.parent().wdl(), v.wdl().flip());
        }
    }
}
