//! Impartial games written as scripts (`cgt_script`), played against the program.

use cgt_core::misere::{Misere, MisereOutcome};
use cgt_core::{Outcome, Solver, Wdl};
use cgt_script::{Impartial, MoveTo, Position, Script};

use crate::game::{PlayError, Playable, Value};

/// An impartial script, normal or misère play. Errors inside the script end the session
/// ([`PlayError::Refused`] with the script's line and column).
#[derive(Debug)]
pub struct ScriptPlay<'s> {
    script: &'s Script,
    solver: Solver<Impartial<'s>>,
    misere: Option<Solver<Misere<Impartial<'s>>>>,
}

impl<'s> ScriptPlay<'s> {
    /// Plays `script` (an impartial one), misère when `misere`.
    #[must_use]
    pub fn new(script: &'s Script, misere: bool) -> ScriptPlay<'s> {
        ScriptPlay {
            script,
            solver: script.solver(),
            misere: misere.then(|| script.misere_solver()),
        }
    }

    fn options(&self, p: &Position) -> Result<Vec<Position>, PlayError> {
        self.script
            .options(p)
            .map_err(|e| PlayError::Refused(e.to_string()))
    }
}

impl Playable for ScriptPlay<'_> {
    type Position = Position;
    type Move = MoveTo;

    fn render(&self, p: &Position) -> String {
        let options = self.options(p).unwrap_or_default();
        let mut out = format!("position {p}\n");
        if !options.is_empty() {
            let list: Vec<String> = options
                .iter()
                .enumerate()
                .map(|(i, o)| format!("{}) {o}", i + 1))
                .collect();
            out.push_str(&format!("moves: {}\n", list.join("  ")));
        }
        out
    }

    fn moves(&self, p: &Position) -> Vec<(MoveTo, Position)> {
        self.options(p)
            .unwrap_or_default()
            .into_iter()
            .map(|o| (MoveTo(o.clone()), o))
            .collect()
    }

    fn value(&mut self, p: &Position) -> Result<Option<Value>, PlayError> {
        let refused = |e: cgt_script::ScriptError| PlayError::Refused(e.to_string());
        let outcome = match &mut self.misere {
            Some(solver) => solver
                .misere_outcome(p)
                .map_err(|e| refused(self.script.solve_error(e)))?,
            None => self
                .solver
                .outcome(p)
                .map_err(|e| refused(self.script.solve_error(e)))?,
        };
        self.script.take_error().map_err(refused)?;
        Ok(Some(Value::Outcome(if outcome == Outcome::N {
            Wdl::Win
        } else {
            Wdl::Loss
        })))
    }

    fn over(
        &mut self,
        p: &Position,
        human_to_move: bool,
    ) -> Result<Option<cgt_core::said::Said>, PlayError> {
        if !self.options(p)?.is_empty() {
            return Ok(None);
        }
        Ok(Some(crate::game::no_move_ending(
            human_to_move,
            self.misere.is_some(),
        )))
    }

    fn parse(&self, p: &Position, line: &str) -> Result<(MoveTo, Position), String> {
        let options = self.options(p).map_err(|e| e.to_string())?;
        if let Ok(k) = line.trim().parse::<usize>() {
            return options
                .get(k.wrapping_sub(1))
                .map(|o| (MoveTo(o.clone()), o.clone()))
                .ok_or_else(|| format!("there are moves 1 to {}", options.len()));
        }
        let wanted = self
            .script
            .eval_position(line)
            .map_err(|e| format!("not a move number or a position: {e}"))?;
        if options.contains(&wanted) {
            Ok((MoveTo(wanted.clone()), wanted))
        } else {
            Err(format!("{wanted} is not one move away from {p}"))
        }
    }

    fn syntax(&self) -> cgt_core::said::Said {
        cgt_core::said::Said::new("syntax-script")
    }

    fn misere(&self) -> bool {
        self.misere.is_some()
    }
}
