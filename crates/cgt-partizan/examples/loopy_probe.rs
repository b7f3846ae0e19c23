use cgt_core::budget::Budget;
use cgt_partizan::loopy::LoopyGame;
fn main() {
    let b = Budget::unlimited();
    for e in std::env::args().skip(1) {
        let g = LoopyGame::parse(&e).unwrap();
        let on = g
            .onside(&b)
            .map(|s| s.display())
            .unwrap_or_else(|e| e.to_string());
        let off = g
            .offside(&b)
            .map(|s| s.display())
            .unwrap_or_else(|e| e.to_string());
        println!(
            "{e}: stopper={} outcome={} sides {on} & {off}",
            g.is_stopper(),
            g.outcome()
        );
    }
}
