//! The values of small positions of every ruleset, from one table (`known_values.tsv`), checked
//! through the ruleset registry: each position is read as the front ends read it, shown and
//! read back to the same position, and valued by the search; a text marked `!` must be refused.

use crate::ruleset::Ruleset;
use crate::{Arena, Evaluator, PartizanError};

/// The value `R` gives the position written `text`, as the arena prints it.
fn value<R: Ruleset>(text: &str) -> Result<String, PartizanError> {
    let position = R::parse(text)?;
    assert_eq!(
        R::parse(&R::show(&position))?,
        position,
        "{}: {text:?} reads back as shown",
        R::NAME
    );
    let mut arena = Arena::new();
    let v = Evaluator::new(R::GAME).value(&mut arena, &position)?;
    Ok(arena.display(v))
}

macro_rules! value_by_name {
    ($($game:path => [$($ruleset:path),*]),* $(,)?) => {
        /// The value by the ruleset called `name`; `None` for a name not registered.
        fn value_by_name(name: &str, text: &str) -> Option<Result<String, PartizanError>> {
            $($(
                if <$ruleset as Ruleset>::NAME == name {
                    return Some(value::<$ruleset>(text));
                }
            )*)*
            None
        }
    };
}
crate::for_each_ruleset!(value_by_name);

#[test]
fn every_known_value_and_refusal() {
    let mut checked = 0;
    for line in include_str!("known_values.tsv").lines() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let (name, text, expected) = (fields[0], fields[1], fields[2]);
        let text = if text == "\\e" { "" } else { text };
        let got = value_by_name(name, text).unwrap_or_else(|| panic!("no ruleset {name:?}"));
        match (expected, got) {
            ("!", Err(PartizanError::Parse { .. } | PartizanError::TooLarge { .. })) => {}
            ("!", other) => panic!("{name} {text:?}: refused expected, got {other:?}"),
            (value, got) => assert_eq!(got.as_deref(), Ok(value), "{name} {text:?}"),
        }
        checked += 1;
    }
    assert!(checked >= 80, "{checked} rows");
}
