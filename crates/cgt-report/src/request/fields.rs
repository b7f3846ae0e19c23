//! How the requests' fields are read: numbers and texts from a list or from one text.

use serde::{Deserialize, Deserializer};

/// Nimbers in text: `n` or `*n`.
#[cfg(feature = "clap")]
pub(super) fn nimber(s: &str) -> Result<u64, String> {
    s.parse::<cgt_core::Nimber>()
        .map(u64::from)
        .map_err(|e| e.to_string())
}

/// A count in text: a whole number from 0 to 2^64 − 1.
#[cfg(feature = "clap")]
pub(super) fn count(s: &str) -> Result<u64, String> {
    crate::inputs::count(s)
}

/// A whole-number type a field holds, with its range for messages.
pub(super) trait Whole: core::str::FromStr {
    /// `from 0 to 255`.
    const RANGE: &'static str;
}

impl Whole for u8 {
    const RANGE: &'static str = "from 0 to 255";
}

impl Whole for u32 {
    const RANGE: &'static str = "from 0 to 4294967295";
}

impl Whole for u64 {
    const RANGE: &'static str = "from 0 to 18446744073709551615";
}

impl Whole for i64 {
    const RANGE: &'static str = "from -9223372036854775808 to 9223372036854775807";
}

/// A list of numbers, or one text of them separated by spaces or commas (`*n` read as `n`).
pub(super) fn numbers<'de, D: Deserializer<'de>, T>(d: D) -> Result<Vec<T>, D::Error>
where
    T: Deserialize<'de> + Whole,
{
    struct Numbers<T>(core::marker::PhantomData<T>);
    impl<'de, T: Deserialize<'de> + Whole> serde::de::Visitor<'de> for Numbers<T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("a list of whole numbers, or a text of them (\"3 4 5\")")
        }

        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::new();
            while let Some(x) = seq.next_element()? {
                out.push(x);
            }
            Ok(out)
        }

        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Vec<T>, E> {
            text.split([' ', ',', '+', '\t', '\n'])
                .filter(|w| !w.is_empty())
                .map(|w| {
                    w.trim_start_matches('*')
                        .parse::<T>()
                        .map_err(|_| E::custom(format!("{w:?} is not a whole number {}", T::RANGE)))
                })
                .collect()
        }
    }
    d.deserialize_any(Numbers(core::marker::PhantomData))
}

/// A list of texts, or one text (blank: none).
pub(super) fn texts<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Given {
        List(Vec<String>),
        Text(String),
    }
    Ok(match Given::deserialize(d)? {
        Given::List(list) => list,
        Given::Text(t) if t.trim().is_empty() => Vec::new(),
        Given::Text(t) => vec![t],
    })
}

/// An optional text; blank stands for none.
pub(super) fn optional_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(Option::<String>::deserialize(d)?.filter(|t| !t.trim().is_empty()))
}

/// A hundred: the default of a list's length.
pub(super) fn hundred() -> usize {
    100
}

/// A window: two numbers, or none (blank).
pub(super) fn window<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<i64>>, D::Error> {
    let given: Vec<i64> = numbers(d)?;
    Ok((!given.is_empty()).then_some(given))
}

/// Pig's state: three numbers, or none (blank).
pub(super) fn state<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<u32>>, D::Error> {
    let given: Vec<u32> = numbers(d)?;
    Ok((!given.is_empty()).then_some(given))
}

/// Two numbers (a window's size), or none (blank).
pub(super) fn size<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<u8>>, D::Error> {
    let given: Vec<u8> = numbers(d)?;
    Ok((!given.is_empty()).then_some(given))
}

/// A Bridg-it strategy's name, checked (`pairing`, `shannon`, `exact`).
#[cfg(feature = "clap")]
pub(super) fn policy(s: &str) -> Result<String, String> {
    s.parse::<cgt_minimax::bridgit::Policy>()
        .map(|_| s.to_owned())
        .map_err(|e| format!("{s:?}: {e}"))
}

/// A list of words, or one text of them separated by spaces (blank: none).
pub(super) fn words<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    Ok(texts(d)?
        .iter()
        .flat_map(|t| t.split_whitespace())
        .map(str::to_owned)
        .collect())
}
