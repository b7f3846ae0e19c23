use cgt_core::budget::Budget;
use cgt_partizan::loopy::LoopyGame;
fn main() {
    let b = Budget::unlimited();
    for e in std::env::args().skip(1) {
        let g = LoopyGame::parse(&e).unwrap();
        let st = g.is_stopper();
        let s = if st {
            g.simplest(&b)
                .map(|s| s.display())
                .unwrap_or_else(|e| e.to_string())
        } else {
            "-".into()
        };
        let z = LoopyGame::parse("0").unwrap();
        let c = if st {
            format!("{:?}", g.compare(&z, &b).unwrap())
        } else {
            "-".into()
        };
        println!(
            "{e}: n={} stopper={st} outcome={} simplest={s} vs0={c}",
            g.len(),
            g.outcome()
        );
    }
}
