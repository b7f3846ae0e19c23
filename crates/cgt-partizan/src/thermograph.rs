//! The thermograph of a game as a value: its walls, mast and temperature (computed in
//! `thermo.rs`, kept by the arena).

use crate::Dyadic;

/// The thermograph of a game: its left and right walls from temperature 0 up to the
/// temperature, then the vertical mast at the mean.
///
/// Values grow to the right here (the textbook draws Left's side on the left, so its pictures
/// are mirrored); `left_wall` holds the values Left can secure, which are at least those of
/// `right_wall`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Thermograph {
    pub(crate) left_wall: Vec<(Dyadic, Dyadic)>,
    pub(crate) right_wall: Vec<(Dyadic, Dyadic)>,
    pub(crate) mast: Dyadic,
    pub(crate) temperature: Dyadic,
}

impl Thermograph {
    /// The left wall, as `(temperature, value)` breakpoints from `t = 0` to the temperature
    /// (one point for a number or a game of temperature 0); linear in between.
    #[must_use]
    pub fn left_wall(&self) -> &[(Dyadic, Dyadic)] {
        &self.left_wall
    }

    /// The right wall, likewise.
    #[must_use]
    pub fn right_wall(&self) -> &[(Dyadic, Dyadic)] {
        &self.right_wall
    }

    /// The mean value: where the mast stands.
    #[must_use]
    pub fn mast(&self) -> Dyadic {
        self.mast
    }

    /// The temperature: where the walls meet the mast (negative for numbers).
    #[must_use]
    pub fn temperature(&self) -> Dyadic {
        self.temperature
    }
}
