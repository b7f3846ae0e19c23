//! Short partizan games: Left and Right have different moves, the player who cannot move loses.
//!
//! - [`Arena`] stores games in canonical form, hash-consed, so equal games share one
//!   [`GameId`]; sums, negation and comparison are memoised. Numbers ([`Dyadic`]) are stored by
//!   value.
//! - The standard notation, printed and read: `3/4`, `*2`, `^*`, `+-1`, `+_1`, `{2||1|0}`
//!   ([`Arena::display`], [`Arena::parse`]).
//! - Invariants: outcome class, stops, mean, temperature, [`Thermograph`], birthday.
//! - [`PartizanGame`] and [`Evaluator`]: the value of any game of your own by memoised search,
//!   with decomposition into independent components and symmetry.
//! - Games: [`domineering`], [`hackenbush`] (Blue-Red-Green), [`toads`] (Toads and Frogs),
//!   [`clobber`], [`cutcake`], [`colouring`] (Col and Snort), [`toppling`] (Toppling
//!   Dominoes), [`amazons`], [`konane`], [`skijumps`], [`fission`].
//!
//! ```
//! use cgt_core::OutcomeClass;
//! use cgt_partizan::Arena;
//!
//! let mut a = Arena::new();
//! let g = a.parse("{1|*}")?;
//! let h = a.parse("1/2 + ^")?;
//! assert_eq!(a.outcome(g), OutcomeClass::L);
//! assert_eq!(a.display(h), "1/2^");
//! assert_eq!(a.compare(g, h), None); // confused
//! let sw = a.parse("{3|1}")?;
//! assert_eq!(a.mean(sw)?.to_string(), "2");
//! assert_eq!(a.temperature(sw)?.to_string(), "1");
//! # Ok::<(), cgt_partizan::PartizanError>(())
//! ```
//!
//! # Feature flags
//! - `serde` (off by default): `Serialize`/`Deserialize` for [`Player`], [`Dyadic`] (as exact
//!   text such as `"3/4"`), [`Thermograph`] and [`hackenbush::Colour`].
//! - `verify` (off by default): the `verify` module, this crate's sweeps and fuzz targets.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub mod amazons;
mod arena;
mod atomic;
pub mod clobber;
pub mod colouring;
mod cooling;
pub mod cram;
pub mod cutcake;
pub mod deadend;
pub mod domineering;
mod dyadic;
mod error;
pub mod fission;
pub mod graphcolouring;
mod grid;
pub mod hackenbush;
#[cfg(test)]
mod known;
pub mod konane;
pub mod loopy;
mod misere;
mod moves;
mod norton;
mod notation;
mod ordinal;
mod orthodox;
mod pair_cache;
pub mod picture;
mod player;
mod reduced;
pub mod ruleset;
mod search;
pub mod skijumps;
pub mod subtraction;

mod thermo;
mod thermograph;
pub mod toads;
pub mod toppling;
#[cfg(feature = "verify")]
pub mod verify;

pub use arena::{Arena, FormStep, GameId, NOTATION_LIMIT};
pub use dyadic::Dyadic;
pub use error::PartizanError;
pub use konane::Jump;
pub use misere::MisereSearch;
pub use moves::{
    CakeCut, Capture, EdgeCut, Hop, Paint, Placement, QueenShot, Ski, Split, VertexPaint,
};
pub use player::Player;
pub use search::{Evaluator, GameMove, PartizanGame, ValuedMove};

pub use thermograph::Thermograph;

/// Calls macro `$callback` with every ruleset, grouped by the game its search plays:
/// `$callback! { Game => [Ruleset, …], … }` (Col and Snort share `Colouring`). The one list
/// of rulesets: `cgt_report::registry`, the play sessions and the playground read it, so a
/// new ruleset is its module and one line here.
#[macro_export]
macro_rules! for_each_ruleset {
    ($callback:ident) => {
        $callback! {
            $crate::domineering::Domineering => [$crate::domineering::Domineering],
            $crate::toads::ToadsAndFrogs => [$crate::toads::ToadsAndFrogs],
            $crate::clobber::Clobber => [$crate::clobber::Clobber],
            $crate::colouring::Colouring => [$crate::colouring::Col, $crate::colouring::Snort],
            $crate::toppling::TopplingDominoes => [$crate::toppling::TopplingDominoes],
            $crate::amazons::Amazons => [$crate::amazons::Amazons],
            $crate::konane::Konane => [$crate::konane::Konane],
            $crate::skijumps::SkiJumps => [$crate::skijumps::SkiJumps],
            $crate::fission::Fission => [$crate::fission::Fission],
            $crate::cutcake::Cutcake => [$crate::cutcake::Cutcake],
            $crate::cram::Cram => [$crate::cram::Cram],
            $crate::subtraction::PartizanSubtraction => [$crate::subtraction::PartizanSubtraction],
        }
    };
}
