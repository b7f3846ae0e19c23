//! `cgt-core`'s fuzz targets.

use super::fuzz::FuzzTarget;
use crate::Nimber;

/// The fuzz targets of this crate.
#[must_use]
pub fn fuzz_targets() -> Vec<FuzzTarget> {
    vec![FuzzTarget {
        name: "core/nimber-text",
        seeds: || {
            ["0", "*7", "18446744073709551615", " *12 "]
                .iter()
                .map(|s| s.as_bytes().to_vec())
                .collect()
        },
        check: |bytes| {
            let Ok(text) = std::str::from_utf8(bytes) else {
                return Ok(());
            };
            match text.parse::<Nimber>() {
                Ok(n) => {
                    let again: Nimber = n.to_string().parse().map_err(|e| format!("{e}"))?;
                    (again == n)
                        .then_some(())
                        .ok_or_else(|| format!("{n} printed and parsed gives {again}"))
                }
                Err(e) => {
                    let _ = e.to_string();
                    Ok(())
                }
            }
        },
    }]
}
