//! A compiled script: the Rhai engine under its limits, the functions the script defines, and
//! calls into them that return positions or one-line errors.

use core::cell::{Cell, RefCell};
use core::fmt;

use rhai::{AST, Dynamic, Engine, EvalAltResult, Scope};

use crate::error::{ErrorKind, ScriptError};
use crate::position::Position;

/// Operations one call of a script function may take before it is stopped.
pub const MAX_OPERATIONS: u64 = 1_000_000;

/// Positions a search stores at most unless the caller sets another limit.
pub const MAX_POSITIONS: usize = 2_000_000;

/// Bytes a stored position takes, about, in the solvers: divides a memory budget into a
/// position limit.
pub const BYTES_PER_POSITION: u128 = 512;

/// Which kind of game a script defines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `options(p)`: both players have the same moves.
    Impartial,
    /// `left(p)` and `right(p)`: each player has moves of their own.
    Partizan,
}

/// A script compiled and checked for a game: `start()` (optional), and either `options(p)` or
/// `left(p)` and `right(p)`; optionally `position(n)` (numbered positions for tables) and, for
/// partizan games, `components(p)` (independent parts whose values add).
///
/// Every call runs under limits (operations per call, call depth, string and array sizes), so
/// a runaway loop ends with a [`ScriptError`] instead of hanging.
///
/// ```
/// use cgt_script::{Kind, Position, Script};
///
/// let script = Script::compile(
///     "subtract.rhai",
///     "fn start() { 10 }
///      fn options(n) { let out = []; for k in [1, 2] { if k <= n { out.push(n - k); } } out }",
/// )?;
/// assert_eq!(script.kind(), Kind::Impartial);
/// let start = script.start(None)?;
/// assert_eq!(script.options(&start)?, [Position::Int(9), Position::Int(8)]);
/// // The Grundy value of 10 in the subtraction game {1, 2} is 10 mod 3.
/// let mut solver = script.solver();
/// assert_eq!(script.grundy(&mut solver, &start)?, 1);
/// # Ok::<(), cgt_script::ScriptError>(())
/// ```
pub struct Script {
    name: String,
    engine: Engine,
    ast: AST,
    kind: Kind,
    /// The script defines `components(p)`.
    has_components: bool,
    /// Positions a search may store.
    position_limit: usize,
    /// The first error met inside a search (the solvers' callbacks cannot return one).
    error: RefCell<Option<ScriptError>>,
    /// A move from a non-negative integer position to a negative one was seen: almost always
    /// `n - s` without the check `s <= n`, the lessons' bounds pitfall (a hint when a search
    /// runs out of positions).
    went_negative: Cell<Option<(i64, i64)>>,
    /// The clock and stop flag of searches (see [`Script::with_limits`]).
    limits: cgt_core::budget::Budget,
}

impl fmt::Debug for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Script")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .field("position_limit", &self.position_limit)
            .finish_non_exhaustive()
    }
}

impl Script {
    /// Compiles `source`, named `name` in every message (a file name, usually), and checks
    /// which game it defines.
    ///
    /// # Errors
    /// [`ErrorKind::Syntax`] with the line and column, or [`ErrorKind::Definition`] when the
    /// script defines no game or a mix of both kinds.
    pub fn compile(name: &str, source: &str) -> Result<Script, ScriptError> {
        let mut engine = Engine::new();
        engine.set_max_operations(MAX_OPERATIONS);
        engine.set_max_call_levels(64);
        engine.set_max_expr_depths(64, 64);
        engine.set_max_string_size(100_000);
        engine.set_max_array_size(100_000);
        engine.set_max_map_size(10_000);
        engine.on_print(|_| {});
        engine.on_debug(|_, _, _| {});
        let ast = engine.compile(source).map_err(|e| {
            let pos = e.position();
            ScriptError::new(
                ErrorKind::Syntax,
                format!(
                    "{name}:{}:{}: {}",
                    pos.line().unwrap_or(0),
                    pos.position().unwrap_or(0),
                    e.err_type()
                ),
            )
        })?;
        let defines = |f: &str, params: usize| {
            ast.iter_functions()
                .any(|d| d.name == f && d.params.len() == params)
        };
        let kind = match (
            defines("options", 1),
            defines("left", 1),
            defines("right", 1),
        ) {
            (true, false, false) => Kind::Impartial,
            (false, true, true) => Kind::Partizan,
            (false, false, false) => {
                return Err(ScriptError::new(
                    ErrorKind::Definition,
                    format!(
                        "{name}: the script defines no game: write fn options(p) for an \
                         impartial game, or fn left(p) and fn right(p) for a partizan one"
                    ),
                ));
            }
            _ => {
                return Err(ScriptError::new(
                    ErrorKind::Definition,
                    format!(
                        "{name}: define either fn options(p) (impartial) or both fn left(p) and \
                         fn right(p) (partizan), not a mix"
                    ),
                ));
            }
        };
        let has_components = defines("components", 1);
        Ok(Script {
            name: name.to_owned(),
            engine,
            ast,
            kind,
            has_components,
            position_limit: MAX_POSITIONS,
            error: RefCell::new(None),
            went_negative: Cell::new(None),
            limits: cgt_core::budget::Budget::unlimited(),
        })
    }

    /// Limits searches to what `bytes` of memory hold (at [`BYTES_PER_POSITION`] each), and
    /// never above [`MAX_POSITIONS`].
    #[must_use]
    pub fn with_memory_limit(mut self, bytes: u128) -> Script {
        self.position_limit = usize::try_from(bytes / BYTES_PER_POSITION)
            .unwrap_or(usize::MAX)
            .min(MAX_POSITIONS);
        self
    }

    /// Also stops searches at `limits`' clock or stop flag (and its position limit, when
    /// lower), as [`cgt_core::SolveError::Stopped`].
    #[must_use]
    pub fn with_limits(mut self, limits: cgt_core::budget::Budget) -> Script {
        if let Some(p) = limits.positions() {
            self.position_limit = self
                .position_limit
                .min(usize::try_from(p).unwrap_or(usize::MAX));
        }
        self.limits = limits;
        self
    }

    /// Positions a search may store.
    #[must_use]
    pub fn position_limit(&self) -> usize {
        self.position_limit
    }

    /// The budget searches of this script run under (its position limit applied separately).
    #[must_use]
    pub fn limits(&self) -> &cgt_core::budget::Budget {
        &self.limits
    }

    /// Impartial (`options`) or partizan (`left`, `right`).
    #[must_use]
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The name given at compilation.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the script defines `components(p)`.
    #[must_use]
    pub fn has_components(&self) -> bool {
        self.has_components
    }

    /// Whether the script defines a function `name` of `params` parameters.
    #[must_use]
    pub fn defines(&self, name: &str, params: usize) -> bool {
        self.ast
            .iter_functions()
            .any(|f| f.name == name && f.params.len() == params)
    }

    /// One line for a script error: the name, the line and column, the message.
    fn describe(&self, e: &EvalAltResult) -> String {
        // An error inside a called function carries the inner error's position.
        let mut inner = e;
        while let EvalAltResult::ErrorInFunctionCall(_, _, err, _) = inner {
            inner = err;
        }
        let pos = inner.position();
        let message = match inner {
            EvalAltResult::ErrorTooManyOperations(_) => format!(
                "the script ran for more than {MAX_OPERATIONS} operations in one call; is there \
                 a loop that never ends?"
            ),
            other => {
                let mut text = other.to_string();
                // The position is printed in front instead.
                if let Some(i) = text.rfind(" (line ") {
                    text.truncate(i);
                }
                text
            }
        };
        match (pos.line(), pos.position()) {
            (Some(line), Some(col)) => format!("{}:{line}:{col}: {message}", self.name),
            (Some(line), None) => format!("{}:{line}: {message}", self.name),
            _ => format!("{}: {message}", self.name),
        }
    }

    fn call(&self, function: &str, args: Vec<Dynamic>) -> Result<Dynamic, ScriptError> {
        self.engine
            .call_fn::<Dynamic>(&mut Scope::new(), &self.ast, function, args)
            .map_err(|e| ScriptError::new(ErrorKind::Runtime, self.describe(&e)))
    }

    /// The positions `function(p)` returns (`options`, `left`, `right` or `components`).
    ///
    /// # Errors
    /// [`ErrorKind::Runtime`]: the call failed or did not return an array of positions.
    pub fn call_list(&self, function: &str, p: &Position) -> Result<Vec<Position>, ScriptError> {
        let result = self.call(function, vec![p.to_dynamic()])?;
        let runtime = |message: String| ScriptError::new(ErrorKind::Runtime, message);
        if !result.is_array() {
            return Err(runtime(format!(
                "{}: {function}({p}) returned a {}, not an array of positions",
                self.name,
                result.type_name()
            )));
        }
        let items = result.into_array().map_err(|e| runtime(e.to_owned()))?;
        let options: Vec<Position> = items
            .into_iter()
            .map(|d| {
                Position::from_dynamic(d).map_err(|e| {
                    runtime(format!(
                        "{}: in what {function}({p}) returned: {e}",
                        self.name
                    ))
                })
            })
            .collect::<Result<_, _>>()?;
        if let Position::Int(from) = *p
            && from >= 0
            && self.went_negative.get().is_none()
            && let Some(to) = options.iter().find_map(|o| match *o {
                Position::Int(to) if to < 0 => Some(to),
                _ => None,
            })
        {
            self.went_negative.set(Some((from, to)));
        }
        Ok(options)
    }

    /// The options of `p` in an impartial script (`options(p)`).
    ///
    /// # Errors
    /// As [`Script::call_list`].
    pub fn options(&self, p: &Position) -> Result<Vec<Position>, ScriptError> {
        self.call_list("options", p)
    }

    /// For the solvers' callbacks, which cannot fail: the options are appended, or the error
    /// is kept for [`Script::take_error`] and the position gets none.
    pub(crate) fn options_or_note(&self, function: &str, p: &Position, out: &mut Vec<Position>) {
        if self.error.borrow().is_some() {
            return;
        }
        match self.call_list(function, p) {
            Ok(options) => out.extend(options),
            Err(e) => *self.error.borrow_mut() = Some(e),
        }
    }

    /// The first error a search met inside the script since the last call, if any. A search's
    /// answer is only valid when this is `Ok`.
    ///
    /// # Errors
    /// The error the script raised during the search.
    pub fn take_error(&self) -> Result<(), ScriptError> {
        match self.error.borrow_mut().take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Evaluates a position written in the script's language (`[3, 4]`, `"TT.F"`).
    ///
    /// # Errors
    /// [`ErrorKind::Position`]: the expression fails or is not a position.
    pub fn eval_position(&self, expr: &str) -> Result<Position, ScriptError> {
        let d = self
            .engine
            .eval_expression::<Dynamic>(expr)
            .map_err(|e| ScriptError::new(ErrorKind::Position, e.to_string()))?;
        Position::from_dynamic(d).map_err(|e| ScriptError::new(ErrorKind::Position, e))
    }

    /// The start position: `expr` when given (`--position`), else the script's `start()`.
    ///
    /// # Errors
    /// [`ErrorKind::Position`] for a bad expression, [`ErrorKind::Definition`] when neither is
    /// there, [`ErrorKind::Runtime`] when `start()` fails.
    pub fn start(&self, expr: Option<&str>) -> Result<Position, ScriptError> {
        let d = match expr {
            Some(expr) => self.engine.eval_expression::<Dynamic>(expr).map_err(|e| {
                ScriptError::new(ErrorKind::Position, format!("position {expr:?}: {e}"))
            })?,
            None if self.defines("start", 0) => self.call("start", vec![])?,
            None => {
                return Err(ScriptError::new(
                    ErrorKind::Definition,
                    format!(
                        "{}: the script has no fn start(); define it or give --position",
                        self.name
                    ),
                ));
            }
        };
        if d.is_unit() {
            // Almost always a start() whose last line ends in `;`, or a statement given as the
            // position: `()` is never a useful game to start from.
            let what = expr.map_or_else(|| "fn start()".to_owned(), |e| format!("position {e:?}"));
            return Err(ScriptError::new(
                ErrorKind::Position,
                format!(
                    "{}: {what} gives no position (the unit value ()); end it with the position, \
                     without a semicolon, as in fn start() {{ 10 }}",
                    self.name
                ),
            ));
        }
        Position::from_dynamic(d)
            .map_err(|e| ScriptError::new(ErrorKind::Position, format!("{}: {e}", self.name)))
    }

    /// The position numbered `n` (for tables): `position(n)` when defined, else `n` itself.
    ///
    /// # Errors
    /// [`ErrorKind::Position`] when `n` is past `i64` or `position(n)` returns no position;
    /// [`ErrorKind::Runtime`] when it fails.
    pub fn numbered(&self, n: u64) -> Result<Position, ScriptError> {
        let n = i64::try_from(n)
            .map_err(|_| ScriptError::new(ErrorKind::Position, "--upto is too large"))?;
        if !self.defines("position", 1) {
            return Ok(Position::Int(n));
        }
        let d = self.call("position", vec![Dynamic::from_int(n)])?;
        Position::from_dynamic(d).map_err(|e| {
            ScriptError::new(
                ErrorKind::Position,
                format!("{}: position({n}): {e}", self.name),
            )
        })
    }

    /// A solver's failure as one line: the script's own error first if it raised one.
    pub fn solve_error<P: fmt::Debug>(&self, e: cgt_core::SolveError<P>) -> ScriptError {
        if let Err(e) = self.take_error() {
            return e;
        }
        match e {
            cgt_core::SolveError::Cycle { .. } => ScriptError::new(
                ErrorKind::Cycle,
                format!(
                    "{}: a position can be reached from itself, so the game can go on forever; \
                     the solver needs every play to end",
                    self.name
                ),
            ),
            cgt_core::SolveError::Stopped(why) => ScriptError::new(
                ErrorKind::Limit,
                format!("{}: search stopped: {why}", self.name),
            ),
            other => {
                let hint = match self.went_negative.take() {
                    Some((from, to)) => format!(
                        "; a move went from {from} to {to}, below 0: a subtraction such as \
                         n - s needs the check s <= n in the script, or the game never ends"
                    ),
                    None => String::new(),
                };
                ScriptError::new(ErrorKind::Limit, format!("{}: {other}{hint}", self.name))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_line_and_column() {
        let err = Script::compile("g.rhai", "fn options(p) {\n  [p - ]\n}").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Syntax);
        assert!(err.message().starts_with("g.rhai:2:"), "{err}");

        let s = Script::compile("g.rhai", "fn options(p) {\n  [p + x]\n}").unwrap();
        let err = s.options(&Position::Int(1)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Runtime);
        assert!(err.message().starts_with("g.rhai:2:"), "{err}");
        assert!(err.message().contains('x'), "{err}");
    }

    #[test]
    fn a_game_needs_one_kind_of_definition() {
        let none = Script::compile("g", "fn start() { 1 }").unwrap_err();
        assert_eq!(none.kind(), ErrorKind::Definition);
        let mixed = Script::compile(
            "g",
            "fn options(p) { [] } fn left(p) { [] } fn right(p) { [] }",
        )
        .unwrap_err();
        assert_eq!(mixed.kind(), ErrorKind::Definition);
        assert!(mixed.message().contains("not a mix"), "{mixed}");
    }

    #[test]
    fn a_runaway_loop_is_stopped() {
        let s = Script::compile("loop.rhai", "fn options(p) { loop {} }").unwrap();
        let err = s.options(&Position::Int(0)).unwrap_err();
        assert!(err.message().contains("operations in one call"), "{err}");
    }

    #[test]
    fn options_must_be_an_array_of_positions() {
        let s = Script::compile("g", "fn options(p) { 5 }").unwrap();
        let err = s.options(&Position::Int(0)).unwrap_err();
        assert!(err.message().contains("returned a i64"), "{err}");
        let s = Script::compile("g", "fn options(p) { [#{a: 1}] }").unwrap();
        let err = s.options(&Position::Int(0)).unwrap_err();
        assert!(err.message().contains("not a map"), "{err}");
    }

    #[test]
    fn memory_limit_caps_the_positions() {
        let s = Script::compile("g", "fn options(p) { [] }").unwrap();
        assert_eq!(s.position_limit(), MAX_POSITIONS);
        let s = s.with_memory_limit(512 * 1000);
        assert_eq!(s.position_limit(), 1000);
    }
}
