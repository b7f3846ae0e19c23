//! Texts for people that are data rather than computation, kept in Project Fluent files
//! (`crates/cgt-report/locales/LANG/*.ftl`, built into the library): today the partizan
//! rulesets' titles, rules, notation and example positions, in English.
//!
//! A ruleset's texts are the message `ruleset-NAME` (its title) and that message's attributes
//! (`.rules`, `.notation`, `.position`, `.position-help`, `.example`), where `NAME` is its
//! [`cgt_partizan::ruleset::Ruleset::NAME`]. The tests check that every registered ruleset
//! has all of them and that the file names no ruleset the registry does not have.
//!
//! ```
//! let konane = cgt_report::texts::ruleset("konane");
//! assert_eq!(konane.title, "Konane");
//! assert!(konane.notation.contains("at most 64 squares"));
//! ```

use std::collections::HashMap;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentMessage, FluentResource};

/// The English texts of the rulesets.
const RULESETS_EN: &str = include_str!("../locales/en/rulesets.ftl");

/// What the front ends show of a ruleset besides its positions and moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesetTexts {
    /// Its title for people: `Konane`, `Toads and Frogs`.
    pub title: String,
    /// The rules in one line (the first line of the command's help).
    pub rules: String,
    /// How a position is written, with examples (the rest of the command's help).
    pub notation: String,
    /// What the position is called: `board`, `row`, `rows`, `slope`, `pieces`.
    pub position: String,
    /// One line on the position argument (`The board.`).
    pub position_help: String,
    /// A position to start from on a page.
    pub example: String,
}

/// The rulesets' texts by name, read once from the Fluent file.
static RULESETS: LazyLock<HashMap<String, RulesetTexts>> =
    LazyLock::new(|| read_rulesets(RULESETS_EN));

/// Texts for a name the file does not have (the tests keep this from being shown).
static MISSING: LazyLock<RulesetTexts> = LazyLock::new(RulesetTexts::default);

/// The texts of the ruleset named `name` (empty texts for a name the file lacks, which the
/// tests rule out for every registered ruleset).
#[must_use]
pub fn ruleset(name: &str) -> &'static RulesetTexts {
    RULESETS.get(name).unwrap_or(&MISSING)
}

/// The names of the rulesets the file has texts for, in no particular order.
pub fn ruleset_names() -> impl Iterator<Item = &'static str> {
    RULESETS.keys().map(String::as_str)
}

/// Reads the ruleset messages of one Fluent file. Entries that do not parse or lack a part
/// are left out or left empty; the tests check the file has none.
fn read_rulesets(source: &str) -> HashMap<String, RulesetTexts> {
    let resource = match FluentResource::try_new(source.to_owned()) {
        Ok(resource) | Err((resource, _)) => resource,
    };
    let names: Vec<String> = resource
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => m.id.name.strip_prefix("ruleset-"),
            _ => None,
        })
        .map(str::to_owned)
        .collect();
    let mut bundle = FluentBundle::new_concurrent(vec![unic_langid::langid!("en")]);
    bundle.set_use_isolating(false);
    // A duplicate message keeps its first definition; the tests rule duplicates out.
    let _ = bundle.add_resource(resource);
    names
        .into_iter()
        .filter_map(|name| {
            let message = bundle.get_message(&format!("ruleset-{name}"))?;
            let texts = RulesetTexts {
                title: text(&bundle, message.value()),
                rules: attribute(&bundle, &message, "rules"),
                notation: attribute(&bundle, &message, "notation"),
                position: attribute(&bundle, &message, "position"),
                position_help: attribute(&bundle, &message, "position-help"),
                example: attribute(&bundle, &message, "example"),
            };
            Some((name, texts))
        })
        .collect()
}

/// A message's attribute as text (empty when it has none).
fn attribute(
    bundle: &FluentBundle<FluentResource>,
    message: &FluentMessage<'_>,
    name: &str,
) -> String {
    text(bundle, message.get_attribute(name).map(|a| a.value()))
}

/// A pattern without arguments as text.
fn text(
    bundle: &FluentBundle<FluentResource>,
    pattern: Option<&fluent_syntax::ast::Pattern<&str>>,
) -> String {
    let mut errors = Vec::new();
    pattern.map_or_else(String::new, |p| {
        bundle.format_pattern(p, None, &mut errors).into_owned()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_english_file_parses_without_error_or_duplicate() {
        let resource = FluentResource::try_new(RULESETS_EN.to_owned());
        assert!(resource.is_ok(), "{:?}", resource.err().map(|(_, e)| e));
        let mut bundle = FluentBundle::new_concurrent(vec![unic_langid::langid!("en")]);
        assert_eq!(bundle.add_resource(resource.unwrap()), Ok(()));
    }

    #[test]
    fn every_registered_ruleset_has_every_text_and_the_file_no_other() {
        for entry in crate::registry::RULESETS {
            let t = ruleset(entry.name);
            for (part, value) in [
                ("title", &t.title),
                ("rules", &t.rules),
                ("notation", &t.notation),
                ("position", &t.position),
                ("position-help", &t.position_help),
                ("example", &t.example),
            ] {
                assert!(!value.trim().is_empty(), "{}: no {part}", entry.name);
            }
            // The rules' line begins with the title, as the command's help shows it.
            assert!(t.rules.starts_with(&t.title), "{}", entry.name);
        }
        let mut named: Vec<&str> = ruleset_names().collect();
        named.sort_unstable();
        let mut registered: Vec<&str> = crate::registry::RULESETS.iter().map(|r| r.name).collect();
        registered.sort_unstable();
        assert_eq!(named, registered);
    }

    #[test]
    fn braces_and_quotes_come_through_as_written() {
        let texts = read_rulesets(
            "ruleset-x = X\n    .rules = X: {\"{\"}a{\"}\"} `b` \"c\"\n    .example = ..\n",
        );
        assert_eq!(texts["x"].rules, "X: {a} `b` \"c\"");
        assert_eq!(texts["x"].example, "..");
        assert_eq!(texts["x"].notation, "");
        assert_eq!(ruleset("no-such-ruleset"), &RulesetTexts::default());
    }
}
