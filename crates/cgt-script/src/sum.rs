//! A position of an impartial script as a component of a mixed sum
//! (`cgt_impartial::sum::SumComponent`).

use cgt_core::{LoopyOutcome, Solver};
use cgt_impartial::ImpartialError;
use cgt_impartial::loopy::LoopyValue;
use cgt_impartial::sum::{ComponentMove, SumComponent, SumOptions, finite_moves_reaching};

use crate::error::{ErrorKind, ScriptError};
use crate::games::{Impartial, MoveTo};
use crate::position::Position;
use crate::script::{Kind, Script};

/// A position of an impartial script in a sum, with its own memoising solver.
#[derive(Debug)]
pub struct ScriptComponent<'s> {
    script: &'s Script,
    position: Position,
    solver: Solver<Impartial<'s>>,
}

impl<'s> ScriptComponent<'s> {
    /// `position` of `script`.
    ///
    /// # Errors
    /// [`ErrorKind::Definition`] for a partizan script (a sum takes impartial games).
    pub fn new(script: &'s Script, position: Position) -> Result<ScriptComponent<'s>, ScriptError> {
        if script.kind() != Kind::Impartial {
            return Err(ScriptError::new(
                ErrorKind::Definition,
                "a sum takes impartial scripts (fn options) only",
            ));
        }
        Ok(ScriptComponent {
            script,
            position,
            solver: script.solver(),
        })
    }
}

fn invalid(e: ScriptError) -> ImpartialError {
    ImpartialError::Invalid {
        message: e.to_string(),
    }
}

impl SumComponent for ScriptComponent<'_> {
    fn describe(&self) -> String {
        format!("{} at {}", self.script.name(), self.position)
    }

    fn value(&mut self, _: &SumOptions) -> Result<LoopyValue, ImpartialError> {
        self.script
            .grundy(&mut self.solver, &self.position)
            .map(LoopyValue::Finite)
            .map_err(invalid)
    }

    fn moves_reaching(
        &mut self,
        own: &LoopyValue,
        rest: &LoopyValue,
        wanted: LoopyOutcome,
        _: &SumOptions,
    ) -> Result<Vec<ComponentMove>, ImpartialError> {
        let has_moves = !self
            .script
            .options(&self.position)
            .map_err(invalid)?
            .is_empty();
        finite_moves_reaching(own, rest, wanted, has_moves, |t| {
            Ok(self
                .script
                .moves_to_value(&mut self.solver, &self.position, t)
                .map_err(invalid)?
                .into_iter()
                .map(|MoveTo(after)| ComponentMove::To(after.to_string()))
                .collect())
        })
    }
}

#[cfg(test)]
mod tests {
    use cgt_impartial::sum::{Component, analyse};

    use super::*;

    #[test]
    fn a_script_heap_adds_to_nim() {
        // Subtraction {1, 2, 3}: G(n) = n mod 4. Beside Nim (2), a heap of 6 (value 2) is a
        // P-position; beside Nim (3), the one winning move in the script goes to 7 - 4 = 3.
        let s = Script::compile(
            "sub.rhai",
            "fn options(n) { let out = []; for k in 1..=3 { if k <= n { out.push(n - k); } } out }",
        )
        .unwrap();
        let mut part = ScriptComponent::new(&s, Position::Int(6)).unwrap();
        let mut nim = Component::Nim(vec![2]);
        let mut refs: Vec<&mut dyn SumComponent> = vec![&mut nim, &mut part];
        let a = analyse(&mut refs, &SumOptions::default()).unwrap();
        assert_eq!(a.total, LoopyValue::Finite(0));
        assert!(a.moves.is_empty());

        let mut part = ScriptComponent::new(&s, Position::Int(7)).unwrap();
        let mut nim = Component::Nim(vec![0]);
        let mut refs: Vec<&mut dyn SumComponent> = vec![&mut nim, &mut part];
        let a = analyse(&mut refs, &SumOptions::default()).unwrap();
        assert_eq!(a.total, LoopyValue::Finite(3));
        let moves: Vec<String> = a.moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(moves, ["move to 4"]);
    }

    #[test]
    fn a_partizan_script_is_refused() {
        let s = Script::compile("p", "fn left(p) { [] } fn right(p) { [] }").unwrap();
        let err = ScriptComponent::new(&s, Position::Int(0)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Definition);
    }
}
