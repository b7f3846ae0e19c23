//! The partizan rulesets' boards, drawn from the squares each ruleset says its position shows
//! ([`Ruleset::picture`]).

use cgt_partizan::picture::{self, Ink, Picture};
use cgt_partizan::ruleset::{PositionOf, Ruleset};

use super::{GREEN, LEFT, Mark, RIGHT, Squares};

/// The board of a position of ruleset `R`, titled with the ruleset and the position (`None`
/// for a position shown as text only: Cutcake's cakes, partizan subtraction's heaps).
#[must_use]
pub fn ruleset<R: Ruleset>(position: &PositionOf<R>) -> Option<String> {
    R::picture(position).map(|p| {
        picture(
            &p,
            format!(
                "{} {}",
                crate::texts::ruleset(R::NAME).title,
                R::show(position)
            ),
        )
    })
}

/// A picture of squares, with its title.
#[must_use]
pub fn picture(p: &Picture, title: String) -> String {
    let mut s = Squares::new(p.rows(), p.cols(), title);
    for r in 0..p.rows() {
        for c in 0..p.cols() {
            let mark = match p.mark(r, c) {
                picture::Mark::Empty => continue,
                picture::Mark::Filled => Mark::Filled,
                picture::Mark::Disc(ink) => Mark::Disc(colour(ink)),
                picture::Mark::Letter(ch, ink) => Mark::Letter(ch, colour(ink)),
            };
            s.set(r, c, mark);
        }
    }
    s.svg()
}

/// The colour an ink is drawn in.
fn colour(ink: Ink) -> &'static str {
    match ink {
        Ink::Left => LEFT,
        Ink::Right => RIGHT,
        Ink::Green => GREEN,
        Ink::Neutral => "#333",
        Ink::Grey => "#888",
    }
}
