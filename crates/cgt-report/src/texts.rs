//! Texts for people that are data rather than computation, kept in Project Fluent files
//! (`crates/cgt-report/locales/LANG/*.ftl`, built into the library), in the four languages of
//! [`Lang`]: the partizan rulesets' titles, rules, notation and example positions
//! (`rulesets.ftl`) and the playground's own words (`web.ftl`). The command line speaks
//! English; the playground speaks each.
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
use std::sync::{LazyLock, OnceLock};

use fluent_bundle::FluentResource;
use fluent_bundle::concurrent::FluentBundle;

/// A language the texts are written in: English and the lessons' own, Russian, Bulgarian and
/// Simplified Chinese.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English, the fallback.
    #[default]
    En,
    /// Russian.
    Ru,
    /// Bulgarian.
    Bg,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Ru, Lang::Bg, Lang::Zh];

    /// Its code, as in a URL (`?lang=ru`) and `Accept-Language`: `en`, `ru`, `bg`, `zh`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
            Lang::Bg => "bg",
            Lang::Zh => "zh",
        }
    }

    /// Its name in itself, for a language switch: `English`, `Русский`, `Български`, `中文`.
    #[must_use]
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ru => "Русский",
            Lang::Bg => "Български",
            Lang::Zh => "中文",
        }
    }

    /// The language of a code (`ru`, `ru-RU`, `zh-Hans-CN`; any case), if it is one of these.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The language a browser asks for in its `Accept-Language` header: the known language
    /// of highest weight (the first listed among equals), English when none is known.
    #[must_use]
    pub fn negotiate(accept_language: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for item in accept_language.split(',') {
            let mut parts = item.split(';');
            let Some(lang) = parts.next().and_then(Lang::from_code) else {
                continue;
            };
            let weight = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
                .unwrap_or(0.0);
            if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
                best = Some((weight, lang));
            }
        }
        best.map_or(Lang::En, |(_, lang)| lang)
    }

    /// The Fluent files of this language.
    fn sources(self) -> [&'static str; 8] {
        match self {
            Lang::En => [
                include_str!("../locales/en/rulesets.ftl"),
                include_str!("../locales/en/web.ftl"),
                include_str!("../locales/en/values.ftl"),
                include_str!("../locales/en/moves.ftl"),
                include_str!("../locales/en/play.ftl"),
                include_str!("../locales/en/explain.ftl"),
                include_str!("../locales/en/reports.ftl"),
                include_str!("../locales/en/errors.ftl"),
            ],
            Lang::Ru => [
                include_str!("../locales/ru/rulesets.ftl"),
                include_str!("../locales/ru/web.ftl"),
                include_str!("../locales/ru/values.ftl"),
                include_str!("../locales/ru/moves.ftl"),
                include_str!("../locales/ru/play.ftl"),
                include_str!("../locales/ru/explain.ftl"),
                include_str!("../locales/ru/reports.ftl"),
                include_str!("../locales/ru/errors.ftl"),
            ],
            Lang::Bg => [
                include_str!("../locales/bg/rulesets.ftl"),
                include_str!("../locales/bg/web.ftl"),
                include_str!("../locales/bg/values.ftl"),
                include_str!("../locales/bg/moves.ftl"),
                include_str!("../locales/bg/play.ftl"),
                include_str!("../locales/bg/explain.ftl"),
                include_str!("../locales/bg/reports.ftl"),
                include_str!("../locales/bg/errors.ftl"),
            ],
            Lang::Zh => [
                include_str!("../locales/zh/rulesets.ftl"),
                include_str!("../locales/zh/web.ftl"),
                include_str!("../locales/zh/values.ftl"),
                include_str!("../locales/zh/moves.ftl"),
                include_str!("../locales/zh/play.ftl"),
                include_str!("../locales/zh/explain.ftl"),
                include_str!("../locales/zh/reports.ftl"),
                include_str!("../locales/zh/errors.ftl"),
            ],
        }
    }

    fn langid(self) -> unic_langid::LanguageIdentifier {
        match self {
            Lang::En => unic_langid::langid!("en"),
            Lang::Ru => unic_langid::langid!("ru"),
            Lang::Bg => unic_langid::langid!("bg"),
            Lang::Zh => unic_langid::langid!("zh"),
        }
    }
}

/// Every language's messages, each read once.
static BUNDLES: [OnceLock<FluentBundle<FluentResource>>; 4] = [const { OnceLock::new() }; 4];

/// The messages of `lang`, read the first time they are asked for (the command line reads
/// only English's).
fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    BUNDLES[lang as usize].get_or_init(|| {
        let mut bundle = FluentBundle::new_concurrent(vec![lang.langid()]);
        bundle.set_use_isolating(false);
        for source in lang.sources() {
            let resource = match FluentResource::try_new(source.to_owned()) {
                Ok(resource) | Err((resource, _)) => resource,
            };
            // Errors (a duplicate message) keep the first definition; the tests rule them
            // out.
            let _ = bundle.add_resource(resource);
        }
        bundle
    })
}

/// An argument of a message: text, or a number (which also picks the plural form: `1 ply`,
/// `2 plies`; in Russian `1 полуход`, `2 полухода`, `5 полуходов`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg<'a> {
    /// Text, as it is.
    Text(&'a str),
    /// A whole number.
    Number(u64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Arg<'a> {
        Arg::Text(text)
    }
}

/// Message `id` (or its attribute, `id.attribute`) in `lang`, its `{ $name }` arguments
/// filled from `args`; in English when `lang` lacks it, and `id` itself when English does
/// too (the tests rule both out for every message the front ends use).
#[must_use]
pub fn message(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    let mut fluent_args = fluent_bundle::FluentArgs::new();
    for &(name, value) in args {
        match value {
            Arg::Text(text) => fluent_args.set(name, text),
            // Exact in an f64 up to 2^53; a larger count is passed as its digits.
            Arg::Number(n) if n < 1 << 53 => fluent_args.set(name, n as f64),
            Arg::Number(n) => fluent_args.set(name, n.to_string()),
        }
    }
    [lang, Lang::En]
        .into_iter()
        .find_map(|l| {
            let bundle = bundle(l);
            let (name, attribute) = id.split_once('.').map_or((id, None), |(m, a)| (m, Some(a)));
            let message = bundle.get_message(name)?;
            let pattern = match attribute {
                Some(a) => message.get_attribute(a)?.value(),
                None => message.value()?,
            };
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
            Some(text.into_owned())
        })
        .unwrap_or_else(|| id.to_owned())
}

/// The ids of the messages of `lang` whose id starts with `prefix`, with their attributes
/// (`id.attribute`), sorted: what the checks compare between languages and what a page
/// takes of them.
#[must_use]
pub fn message_ids(lang: Lang, prefix: &str) -> Vec<String> {
    all_ids(lang)
        .iter()
        .filter(|id| id.starts_with(prefix))
        .cloned()
        .collect()
}

/// Each language's message ids, read from its files the first time they are asked for.
static IDS: [OnceLock<Vec<String>>; 4] = [const { OnceLock::new() }; 4];

fn all_ids(lang: Lang) -> &'static [String] {
    IDS[lang as usize].get_or_init(|| read_ids(lang))
}

fn read_ids(lang: Lang) -> Vec<String> {
    let mut ids = Vec::new();
    for source in lang.sources() {
        let resource = match FluentResource::try_new(source.to_owned()) {
            Ok(resource) | Err((resource, _)) => resource,
        };
        for entry in resource.entries() {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                if m.value.is_some() {
                    ids.push(m.id.name.to_owned());
                }
                for a in &m.attributes {
                    ids.push(format!("{}.{}", m.id.name, a.id.name));
                }
            }
        }
    }
    ids.sort();
    ids
}

/// A play session's value of a position or move in `lang`: what `Value`'s `Display` writes
/// in English (`win`, `loss in 3 plies`, `won (a terminal win)`, `draw`).
#[must_use]
pub fn value(lang: Lang, value: cgt_play::Value) -> String {
    said(lang, &value.said())
}

/// A library's message ([`cgt_core::said::Said`]: a move, say) in `lang`; a message inside
/// it is worded first, and a list is joined as `lang` joins lists.
#[must_use]
pub fn said(lang: Lang, said: &cgt_core::said::Said) -> String {
    use cgt_core::said::Word;
    fn worded(lang: Lang, word: &Word) -> Option<String> {
        match word {
            Word::Number(_) | Word::Text(_) => None,
            Word::Said(inner) => Some(self::said(lang, inner)),
            Word::List(items) | Word::Series(items) | Word::And(items) => {
                let separator = match word {
                    Word::List(_) => message(lang, "said-list-separator", &[]),
                    _ => message(lang, "said-series-separator", &[]),
                };
                let mut items: Vec<String> = items
                    .iter()
                    .map(|item| match item {
                        Word::Number(n) => n.to_string(),
                        Word::Text(t) => t.clone(),
                        other => worded(lang, other).unwrap_or_default(),
                    })
                    .collect();
                if let Word::And(_) = word
                    && items.len() > 1
                {
                    let last = items.pop().unwrap_or_default();
                    let and = message(lang, "said-and-separator", &[]);
                    return Some(format!("{}{and}{last}", items.join(&separator)));
                }
                Some(items.join(&separator))
            }
        }
    }
    let texts: Vec<Option<String>> = said.args.iter().map(|(_, w)| worded(lang, w)).collect();
    let args: Vec<(&str, Arg<'_>)> = said
        .args
        .iter()
        .zip(&texts)
        .map(|((name, word), text)| {
            let arg = match (word, text) {
                (_, Some(text)) => Arg::Text(text),
                (Word::Number(n), None) => Arg::Number(*n),
                (Word::Text(t), None) => Arg::Text(t),
                (_, None) => Arg::Text(""),
            };
            (*name, arg)
        })
        .collect();
    message(lang, said.id, &args)
}

/// A derivation ([`cgt_core::said::Line`]s) in `lang`, one string per line: sentences
/// worded, indented cases two spaces in, and each table's labels padded to its widest label (as
/// wide as a terminal shows it) so that its cells stay in columns.
#[must_use]
pub fn lines(lang: Lang, lines: &[cgt_core::said::Line]) -> Vec<String> {
    use cgt_core::said::Line;
    use unicode_width::UnicodeWidthStr;
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        match &lines[i] {
            Line::Say(s) => out.push(said(lang, s)),
            Line::Indented(depth, s) => {
                out.push(format!("{}{}", "  ".repeat(*depth), said(lang, s)));
            }
            Line::Code { text, note } => out.push(match note {
                Some(note) => format!("{text}   <- {}", said(lang, note)),
                None => text.clone(),
            }),
            Line::Row { .. } => {
                let mut rows = Vec::new();
                while let Some(Line::Row { label, cells }) = lines.get(i) {
                    rows.push((said(lang, label), cells));
                    i += 1;
                }
                let width = rows.iter().map(|(l, _)| l.width()).max().unwrap_or(0);
                for (label, cells) in rows {
                    let pad = " ".repeat(width - label.width());
                    out.push(format!("  {label}{pad} {cells}"));
                }
                continue;
            }
        }
        i += 1;
    }
    out
}

/// The title of ruleset `name` in `lang`.
#[must_use]
pub fn ruleset_title(lang: Lang, name: &str) -> String {
    message(lang, &format!("ruleset-{name}"), &[])
}

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

/// The rulesets' English texts by name, read once.
static RULESETS: LazyLock<HashMap<String, RulesetTexts>> = LazyLock::new(|| {
    message_ids(Lang::En, "ruleset-")
        .into_iter()
        .filter(|id| !id.contains('.'))
        .map(|id| {
            let part = |attribute: &str| message(Lang::En, &format!("{id}.{attribute}"), &[]);
            let texts = RulesetTexts {
                title: message(Lang::En, &id, &[]),
                rules: part("rules"),
                notation: part("notation"),
                position: part("position"),
                position_help: part("position-help"),
                example: part("example"),
            };
            let name = id.strip_prefix("ruleset-").unwrap_or(&id).to_owned();
            (name, texts)
        })
        .collect()
});

/// Texts for a name the file does not have (the tests keep this from being shown).
static MISSING: LazyLock<RulesetTexts> = LazyLock::new(RulesetTexts::default);

/// The English texts of the ruleset named `name` (what the command line shows; empty texts
/// for a name the file lacks, which the tests rule out for every registered ruleset).
#[must_use]
pub fn ruleset(name: &str) -> &'static RulesetTexts {
    RULESETS.get(name).unwrap_or(&MISSING)
}

/// The names of the rulesets the file has texts for, in no particular order.
pub fn ruleset_names() -> impl Iterator<Item = &'static str> {
    RULESETS.keys().map(String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each language's glossary: (English term, the lessons' word in that language).
    fn glossary(lang: Lang) -> Vec<(&'static str, &'static str)> {
        let text = match lang {
            Lang::En => "",
            Lang::Ru => include_str!("../locales/ru/glossary.tsv"),
            Lang::Bg => include_str!("../locales/bg/glossary.tsv"),
            Lang::Zh => include_str!("../locales/zh/glossary.tsv"),
        };
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                l.split_once('\t')
                    .expect("a glossary line is term TAB word")
            })
            .collect()
    }

    #[test]
    fn every_language_parses_and_has_every_message_english_has_and_no_other() {
        for lang in Lang::ALL {
            for source in lang.sources() {
                let parsed = FluentResource::try_new(source.to_owned());
                assert!(
                    parsed.is_ok(),
                    "{lang:?}: {:?}",
                    parsed.err().map(|(_, e)| e)
                );
            }
            let mut bundle = FluentBundle::new_concurrent(vec![lang.langid()]);
            for source in lang.sources() {
                let resource = FluentResource::try_new(source.to_owned()).unwrap();
                assert_eq!(bundle.add_resource(resource), Ok(()), "{lang:?}");
            }
            assert_eq!(
                message_ids(lang, ""),
                message_ids(Lang::En, ""),
                "{lang:?} lacks or adds messages"
            );
        }
    }

    #[test]
    fn translations_are_not_english_and_use_the_lessons_terms() {
        for lang in [Lang::Ru, Lang::Bg, Lang::Zh] {
            let terms = glossary(lang);
            assert!(terms.len() >= 5, "{lang:?}");
            for id in message_ids(Lang::En, "") {
                let english = message(Lang::En, &id, &[]);
                let ours = message(lang, &id, &[]);
                let kept = id.ends_with(".example") || id.ends_with(".position");
                // A message that is only its arguments (`{ $parts }`) has no words to translate.
                let words: String = english
                    .split('{')
                    .map(|p| p.split_once('}').map_or(p, |(_, rest)| rest))
                    .collect();
                if !kept && words.chars().any(char::is_alphabetic) && english.len() > 3 {
                    assert_ne!(ours, english, "{lang:?} {id} is untranslated");
                }
                for (term, word) in &terms {
                    if english.contains(term) && !id.ends_with(".example") {
                        assert!(
                            ours.to_lowercase().contains(&word.to_lowercase()),
                            "{lang:?} {id}: {term:?} is {word:?} in the glossary: {ours}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn values_in_english_are_what_the_sessions_print_and_plurals_follow_each_language() {
        use cgt_core::{Verdict, Wdl};
        use cgt_play::Value;
        let mut all = vec![
            Value::Outcome(Wdl::Win),
            Value::Outcome(Wdl::Loss),
            Value::Outcome(Wdl::Draw),
            Value::Verdict(Verdict::Draw),
        ];
        for d in 0..130 {
            all.push(Value::Verdict(Verdict::Win(d)));
            all.push(Value::Verdict(Verdict::Loss(d)));
        }
        for v in &all {
            assert_eq!(value(Lang::En, *v), v.to_string());
            for lang in [Lang::Ru, Lang::Bg, Lang::Zh] {
                let ours = value(lang, *v);
                assert_ne!(ours, v.to_string(), "{lang:?} {v}");
                if let Value::Verdict(Verdict::Win(d) | Verdict::Loss(d)) = v
                    && *d > 0
                {
                    assert!(ours.contains(&d.to_string()), "{lang:?} {v}: {ours}");
                }
            }
        }
        let ru = |d| value(Lang::Ru, Value::Verdict(Verdict::Win(d)));
        assert_eq!(ru(1), "выигрыш за 1 полуход");
        assert_eq!(ru(3), "выигрыш за 3 полухода");
        assert_eq!(ru(11), "выигрыш за 11 полуходов");
        assert_eq!(ru(21), "выигрыш за 21 полуход");
        let bg = |d| value(Lang::Bg, Value::Verdict(Verdict::Loss(d)));
        assert_eq!(bg(1), "загуба след 1 полуход");
        assert_eq!(bg(4), "загуба след 4 полухода");
    }

    #[test]
    fn moves_in_english_are_what_the_sessions_print_and_every_language_words_them() {
        use cgt_play::games::{Divisor, Nim, Staircase, Wythoff};
        use cgt_play::{AnySession, Session};
        let mut sessions: Vec<Box<dyn AnySession>> = vec![
            Box::new(Session::new(Nim { misere: false }, vec![3, 1, 7, 12_345])),
            Box::new(Session::new(Staircase, vec![0, 3, 1, 4])),
            Box::new(Session::new(Wythoff, (9, 7))),
            Box::new(Session::new(Divisor, 36)),
        ];
        // Heap games that split heaps (Kayles, Dawson's Kayles) or only split (Grundy's game).
        for rules in ["kayles", "0.07", "grundy"] {
            let asked = crate::request::Request::Heaps(crate::request::Heaps {
                rules: rules.to_owned(),
                heaps: vec![7, 3],
                ..crate::request::Heaps::default()
            });
            let budget = cgt_core::budget::Budget::unlimited();
            let started = crate::sessions::start(&asked, cgt_partizan::Player::Left, &budget);
            sessions.push(started.expect("a heap game starts").session);
        }
        // A partizan ruleset whose moves have words (the others' are notation).
        let asked = crate::request::Request::Ruleset(crate::request::Ruleset {
            game: "partizan-subtraction".to_owned(),
            board: "1,2|1,3: 7 4".to_owned(),
            explain: false,
            misere: false,
            graph: false,
        });
        let budget = cgt_core::budget::Budget::unlimited();
        let started = crate::sessions::start(&asked, cgt_partizan::Player::Left, &budget);
        sessions.push(started.expect("a ruleset starts").session);
        // Counts past 2^53 (where an f64 stops being exact) are passed as digits.
        let huge = cgt_core::said::Said::new("move-take")
            .number("count", (1 << 60) + 1)
            .number("heap", 1);
        assert_eq!(
            super::said(Lang::En, &huge),
            "take 1152921504606846977 from heap 1"
        );
        for s in &mut sessions {
            let (texts, said) = (s.legal_moves(), s.legal_said());
            assert_eq!(texts.len(), said.len());
            for (text, said) in texts.iter().zip(&said) {
                let said = said.as_ref().expect("these games word their moves");
                assert_eq!(&super::said(Lang::En, said), text);
                for lang in [Lang::Ru, Lang::Bg, Lang::Zh] {
                    let ours = super::said(lang, said);
                    assert_ne!(&ours, text, "{lang:?}");
                    for (_, word) in &said.args {
                        // Each number shows, unless English too only picks words by it
                        // (`remove nothing` for 0).
                        if let cgt_core::said::Word::Number(n) = word {
                            let shown = text.contains(&n.to_string());
                            assert!(!shown || ours.contains(&n.to_string()), "{lang:?}: {ours}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_language_follows_the_code_or_the_browser() {
        assert_eq!(Lang::from_code("ru-RU"), Some(Lang::Ru));
        assert_eq!(Lang::from_code("ZH_hans"), Some(Lang::Zh));
        assert_eq!(Lang::from_code("de"), None);
        assert_eq!(Lang::negotiate("de-DE,bg;q=0.8,ru;q=0.9"), Lang::Ru);
        assert_eq!(Lang::negotiate("fr, bg-BG"), Lang::Bg);
        assert_eq!(Lang::negotiate("zh-CN;q=0, en;q=0.1"), Lang::En);
        assert_eq!(Lang::negotiate(""), Lang::En);
        assert_eq!(Lang::negotiate("ru;q=abc"), Lang::En);
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
    }

    #[test]
    fn messages_fall_back_to_english_then_to_their_id() {
        assert_eq!(message(Lang::Ru, "web-game-nim", &[]), "Ним");
        assert_eq!(
            message(Lang::Zh, "ruleset-konane.example", &[]),
            "xox./o.ox/xo.o/.xox"
        );
        assert_eq!(message(Lang::Bg, "no-such-message", &[]), "no-such-message");
        assert_eq!(ruleset_title(Lang::Ru, "konane"), "Конане");
        assert_eq!(ruleset_title(Lang::En, "toads-frogs"), "Toads and Frogs");
        // Arguments fill their places; braces and quotes written as Fluent escapes them.
        assert_eq!(
            message(
                Lang::En,
                "web-js-played",
                &[("played", "a".into()), ("answer", "b".into())]
            ),
            "You played a; the program answered b. Your move."
        );
        assert!(ruleset("col").notation.contains("`cgt col \"..../x..o\"`"));
        assert_eq!(ruleset("no-such-ruleset"), &RulesetTexts::default());
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
}
