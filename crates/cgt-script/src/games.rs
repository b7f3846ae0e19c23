//! A script as a game for the generic solvers: the impartial game of `options(p)` for
//! `cgt_core::Solver` (normal and misère play), and the partizan game of `left(p)`/`right(p)`
//! for `cgt_partizan::Evaluator`.

use cgt_core::misere::Misere;
use cgt_core::{ImpartialGame, Solver};
use cgt_partizan::{PartizanGame, Player};

use crate::error::ScriptError;
use crate::position::Position;
use crate::script::Script;

/// The impartial game of a script (`options(p)`). An error inside the script leaves the
/// position without options and is kept for [`Script::take_error`].
#[derive(Clone, Copy, Debug)]
pub struct Impartial<'s>(pub &'s Script);

impl ImpartialGame for Impartial<'_> {
    type Position = Position;
    type Move = MoveTo;

    fn moves(&self, p: &Position, out: &mut Vec<(MoveTo, Position)>) {
        let mut options = Vec::new();
        self.options(p, &mut options);
        out.extend(options.into_iter().map(|q| (MoveTo(q.clone()), q)));
    }

    fn options(&self, p: &Position, out: &mut Vec<Position>) {
        self.0.options_or_note("options", p, out);
    }
}

/// A move of a scripted game: to the position it names (`move to [3, 4]`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveTo(pub Position);

impl core::fmt::Display for MoveTo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "move to {}", self.0)
    }
}

/// The partizan game of a script (`left(p)`, `right(p)`, and `components(p)` when defined).
#[derive(Clone, Copy, Debug)]
pub struct Partizan<'s>(pub &'s Script);

impl PartizanGame for Partizan<'_> {
    type Position = Position;
    type Move = MoveTo;

    fn moves(&self, p: &Position, player: Player, out: &mut Vec<(MoveTo, Position)>) {
        let mut options = Vec::new();
        self.options(p, player, &mut options);
        out.extend(options.into_iter().map(|o| (MoveTo(o.clone()), o)));
    }

    fn options(&self, p: &Position, player: Player, out: &mut Vec<Position>) {
        let function = match player {
            Player::Left => "left",
            Player::Right => "right",
        };
        self.0.options_or_note(function, p, out);
    }

    /// The script's `components(p)` when it defines one: independent parts whose values add.
    fn components(&self, p: &Position, out: &mut Vec<Position>) {
        if self.0.has_components() {
            self.0.options_or_note("components", p, out);
        } else {
            out.push(p.clone());
        }
    }
}

impl Script {
    /// A solver for the impartial game, limited to [`Script::position_limit`] positions.
    #[must_use]
    pub fn solver(&self) -> Solver<Impartial<'_>> {
        Solver::new(Impartial(self))
            .with_limits(self.limits().clone())
            .with_position_limit(self.position_limit())
    }

    /// A solver for the game under misère play, with the same limit.
    #[must_use]
    pub fn misere_solver(&self) -> Solver<Misere<Impartial<'_>>> {
        Solver::new(Misere(Impartial(self)))
            .with_limits(self.limits().clone())
            .with_position_limit(self.position_limit())
    }

    /// The Grundy value of `position`, checked for errors raised inside the script.
    ///
    /// # Errors
    /// The script's own error, a cycle, or the position limit.
    pub fn grundy(
        &self,
        solver: &mut Solver<Impartial<'_>>,
        position: &Position,
    ) -> Result<u64, ScriptError> {
        let g = solver.grundy(position).map_err(|e| self.solve_error(e))?;
        self.take_error()?;
        Ok(g.value())
    }

    /// The moves of `position` to distinct options whose Grundy value is `target`, in the
    /// script's order (the moves of a sum's component that fix the sum).
    ///
    /// # Errors
    /// As [`Script::grundy`].
    pub fn moves_to_value(
        &self,
        solver: &mut Solver<Impartial<'_>>,
        position: &Position,
        target: u64,
    ) -> Result<Vec<MoveTo>, ScriptError> {
        let moves = solver
            .moves_to_value(position, cgt_core::Nimber::new(target))
            .map_err(|e| self.solve_error(e))?;
        self.take_error()?;
        Ok(moves.into_iter().map(|(mv, _)| mv).collect())
    }
}

#[cfg(test)]
mod tests {
    use cgt_core::Outcome;
    use cgt_core::misere::MisereOutcome;
    use cgt_partizan::{Arena, Evaluator};

    use super::*;
    use crate::error::ErrorKind;

    const SUBTRACT_123: &str =
        "fn options(n) { let out = []; for k in 1..=3 { if k <= n { out.push(n - k); } } out }";

    #[test]
    fn subtraction_game_values_follow_n_mod_4() {
        let s = Script::compile("s", SUBTRACT_123).unwrap();
        let mut solver = s.solver();
        for n in 0..40 {
            assert_eq!(
                s.grundy(&mut solver, &Position::Int(n)).unwrap(),
                (n % 4) as u64
            );
        }
        // From 10 (value 2) the only move to a value-0 position takes 2.
        let to_zero = s
            .moves_to_value(&mut solver, &Position::Int(10), 0)
            .unwrap();
        assert_eq!(to_zero, [MoveTo(Position::Int(8))]);
        assert_eq!(to_zero[0].to_string(), "move to 8");
    }

    #[test]
    fn misere_outcome_of_one_heap() {
        // Misère subtraction {1,2,3}: P exactly when n ≡ 1 (mod 4).
        let s = Script::compile("s", SUBTRACT_123).unwrap();
        let mut solver = s.misere_solver();
        for n in 0..20i64 {
            let o = solver.misere_outcome(&Position::Int(n)).unwrap();
            assert_eq!(o == Outcome::P, n % 4 == 1, "n = {n}");
        }
    }

    #[test]
    fn an_error_in_a_search_is_reported() {
        let s = Script::compile(
            "bad.rhai",
            "fn options(n) { if n == 3 { throw \"boom\"; } if n > 0 { [n - 1] } else { [] } }",
        )
        .unwrap();
        let mut solver = s.solver();
        let err = s.grundy(&mut solver, &Position::Int(5)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Runtime);
        assert!(err.message().contains("boom"), "{err}");
        // The error is taken once; a position below it is fine.
        assert_eq!(s.grundy(&mut s.solver(), &Position::Int(2)).unwrap(), 0);
    }

    #[test]
    fn a_cycle_is_refused() {
        let s = Script::compile("c.rhai", "fn options(n) { [1 - n] }").unwrap();
        let err = s.grundy(&mut s.solver(), &Position::Int(0)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Cycle);
    }

    #[test]
    fn position_limit_stops_a_search() {
        let s = Script::compile("s", SUBTRACT_123)
            .unwrap()
            .with_memory_limit(512 * 10);
        let err = s.grundy(&mut s.solver(), &Position::Int(100)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Limit);
    }

    #[test]
    fn partizan_components_add() {
        // Left may remove one counter from a heap, Right none: each heap of n is the number n,
        // and a list of heaps is the sum of its components.
        let s = Script::compile(
            "h",
            "fn left(p) { if type_of(p) == \"array\" { [] } else if p > 0 { [p - 1] } else { [] } }
             fn right(p) { [] }
             fn components(p) { if type_of(p) == \"array\" { p } else { [p] } }",
        )
        .unwrap();
        let mut arena = Arena::new();
        let mut ev = Evaluator::new(Partizan(&s));
        let p = Position::List(vec![Position::Int(2), Position::Int(3)]);
        let v = ev.value(&mut arena, &p).unwrap();
        s.take_error().unwrap();
        assert_eq!(arena.display(v), "5");
        assert_eq!(arena.outcome(v).to_string(), "L");
    }
}
