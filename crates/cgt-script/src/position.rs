//! What a script's positions are: the values a Rhai function can return, in a form that can be
//! hashed, compared and printed as the script would write them.

use core::fmt;

use rhai::Dynamic;

/// A position of a scripted game: an integer, a string, a character, a boolean, `()`, or an
/// array of these (nested arrays too).
///
/// ```
/// use cgt_script::Position;
///
/// let p = Position::List(vec![Position::Int(3), Position::Str("TT.F".into())]);
/// assert_eq!(p.to_string(), "[3, \"TT.F\"]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Position {
    /// `()`.
    Unit,
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A character.
    Char(char),
    /// A string.
    Str(String),
    /// An array.
    List(Vec<Position>),
}

impl Position {
    /// Reads a value a script returned; anything else (a map, a function pointer) is refused
    /// with the reason.
    pub(crate) fn from_dynamic(d: Dynamic) -> Result<Position, String> {
        if d.is_unit() {
            return Ok(Position::Unit);
        }
        if let Ok(b) = d.as_bool() {
            return Ok(Position::Bool(b));
        }
        if let Ok(i) = d.as_int() {
            return Ok(Position::Int(i));
        }
        if let Ok(c) = d.as_char() {
            return Ok(Position::Char(c));
        }
        if d.is_string() {
            let s = d.into_immutable_string().map_err(str::to_owned)?;
            return Ok(Position::Str(s.to_string()));
        }
        if d.is_array() {
            let items = d.into_array().map_err(str::to_owned)?;
            return items
                .into_iter()
                .map(Position::from_dynamic)
                .collect::<Result<_, _>>()
                .map(Position::List);
        }
        Err(format!(
            "a position must be an integer, a string, a character, a boolean or an array of \
             these, not a {}",
            d.type_name()
        ))
    }

    /// The value a script function receives.
    pub(crate) fn to_dynamic(&self) -> Dynamic {
        match self {
            Position::Unit => Dynamic::UNIT,
            Position::Bool(b) => Dynamic::from_bool(*b),
            Position::Int(i) => Dynamic::from_int(*i),
            Position::Char(c) => Dynamic::from_char(*c),
            Position::Str(s) => Dynamic::from(s.clone()),
            Position::List(items) => {
                Dynamic::from_array(items.iter().map(Position::to_dynamic).collect())
            }
        }
    }
}

impl fmt::Display for Position {
    /// As the script would write it: `5`, `"TT.F"`, `[3, 4, 5]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Unit => f.write_str("()"),
            Position::Bool(b) => write!(f, "{b}"),
            Position::Int(i) => write!(f, "{i}"),
            Position::Char(c) => write!(f, "'{c}'"),
            Position::Str(s) => write!(f, "{s:?}"),
            Position::List(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dynamic_round_trip_keeps_every_kind() {
        let p = Position::List(vec![
            Position::Unit,
            Position::Bool(true),
            Position::Int(-7),
            Position::Char('x'),
            Position::Str("T.F".to_owned()),
            Position::List(vec![Position::Int(1)]),
        ]);
        assert_eq!(Position::from_dynamic(p.to_dynamic()), Ok(p.clone()));
        assert_eq!(p.to_string(), "[(), true, -7, 'x', \"T.F\", [1]]");
    }

    #[test]
    fn a_map_is_not_a_position() {
        let err = Position::from_dynamic(Dynamic::from_map(rhai::Map::new())).unwrap_err();
        assert!(err.contains("not a map"), "{err}");
    }
}
