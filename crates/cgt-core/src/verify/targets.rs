//! `cgt-core`'s fuzz targets.

use super::fuzz::{FuzzTarget, round_trip, words};
use crate::Nimber;

/// The fuzz targets of this crate.
#[must_use]
pub fn fuzz_targets() -> Vec<FuzzTarget> {
    vec![
        FuzzTarget {
            name: "core/numeric-api",
            seeds: || vec![vec![0, 1, 3, 255, 255, 255, 255, 255, 255, 255, 255]],
            check: |bytes| {
                let words = words(bytes);
                let m = crate::mex(words.iter().copied());
                if words.contains(&m) {
                    return Err(format!("mex {m} of {words:?} is among them"));
                }
                let mut scratch = crate::MexScratch::default();
                if scratch.mex_of(&words) != m {
                    return Err(format!("MexScratch and mex differ on {words:?}"));
                }
                let (a, b) = (
                    Nimber::new(words.first().copied().unwrap_or(0)),
                    Nimber::new(words.get(1).copied().unwrap_or(0)),
                );
                let product = a * b;
                if let Some(q) = product.checked_div(b)
                    && b != Nimber::ZERO
                    && q != a
                {
                    return Err(format!("({a} ⊗ {b}) / {b} = {q}"));
                }
                if let Some(inv) = a.inverse()
                    && a * inv != Nimber::new(1)
                {
                    return Err(format!("{a} ⊗ {inv} is not 1"));
                }
                let _ = a.nim_pow(words.get(2).copied().unwrap_or(0));
                let mut rng = crate::rng::Rng::new(words.first().copied().unwrap_or(0));
                for &w in &words {
                    let x = rng.below(w);
                    if w > 0 && x >= w {
                        return Err(format!("below({w}) gave {x}"));
                    }
                }
                Ok(())
            },
        },
        FuzzTarget {
            name: "core/nimber-text",
            seeds: || {
                ["0", "*7", "18446744073709551615", " *12 "]
                    .iter()
                    .map(|s| s.as_bytes().to_vec())
                    .collect()
            },
            check: round_trip::<Nimber>,
        },
    ]
}
