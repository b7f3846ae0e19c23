//! Snapshot tests of the command line (trycmd): every `--help` (tests/cmd/*.toml with the
//! expected output beside it), and every `console` block of the README and docs/, which must
//! print exactly what they show. `TRYCMD=overwrite cargo test -p cgt-cli --test snapshots`
//! rewrites the snapshots after a deliberate change; review the diff.

#[test]
fn help_and_documented_sessions() {
    trycmd::TestCases::new()
        .default_bin_name("cgt")
        .register_bin("cgt", trycmd::cargo::cargo_bin!("cgt"))
        .case("tests/cmd/*.toml")
        .case("../../README.md")
        .case("../../docs/*.md");
}
