//! The index of a position (raw or reduced by symmetry) and back.

use super::geometry::{KING_SYMS, image};
use super::{Endgame, Position, Scheme, kernel};

impl Endgame {
    pub(super) fn per_side(&self) -> usize {
        self.per_side
    }

    /// Number of indices.
    #[must_use]
    pub fn index_count(&self) -> usize {
        2 * self.per_side()
    }

    /// Decodes an index into a position (not necessarily legal or canonical); `None` for an
    /// index outside `0..index_count()`.
    #[must_use]
    pub fn decode(&self, index: usize) -> Option<Position> {
        (index < self.index_count()).then(|| self.decode_index(index))
    }

    /// [`Endgame::decode`] for an index known to be in range.
    #[must_use]
    pub(crate) fn decode_index(&self, index: usize) -> Position {
        self.position_of(&self.kernel().split(index))
    }

    /// The index of a position as stored (for the reduced scheme, of its canonical image,
    /// computed straight from the symmetry tables).
    #[must_use]
    ///
    /// A position with two men on one square (which [`Endgame::decode`] returns for some
    /// indices that hold no position) has an index within range but otherwise unspecified.
    pub fn index_of(&self, pos: &Position) -> usize {
        // Two identical pieces on one square are no set of squares: their number may run
        // past the last index.
        self.kernel()
            .pack_squares(&Self::squares_of(pos))
            .min(self.index_count() - 1)
    }

    /// The squares of a position, as the kernel splits an index.
    fn squares_of(pos: &Position) -> kernel::Squares {
        let mut pieces = [0u8; 3];
        for (slot, &(_, sq)) in pieces.iter_mut().zip(&pos.pieces) {
            *slot = sq;
        }
        let mut black = [0u8; 2];
        for (slot, &(_, sq)) in black.iter_mut().zip(&pos.black) {
            *slot = sq;
        }
        kernel::Squares {
            white_to_move: pos.white_to_move,
            wk: pos.wk,
            bk: pos.bk,
            pieces,
            black,
        }
    }

    /// Adds the offset of the side to move to an index within one side's half.
    pub(super) fn with_side(&self, index: usize, white_to_move: bool) -> usize {
        if white_to_move {
            index
        } else {
            index + self.per_side()
        }
    }

    /// The canonical image of a position under the 8 board symmetries: white king in the
    /// triangle, then the least fields below the king's in the reduced index (the pieces,
    /// then the black king; a run of identical pieces first, as a set), identical pieces
    /// sorted.
    #[must_use]
    pub fn canonical(&self, pos: &Position) -> Position {
        let (syms, count) = KING_SYMS[pos.wk as usize];
        let best = image(pos, syms[0]);
        if count == 1 {
            return best;
        }
        let other = image(pos, syms[1]);
        let key = |p: &Position| self.kernel().fields_of(&Self::squares_of(p));
        if key(&other) < key(&best) {
            other
        } else {
            best
        }
    }

    /// True when `index` holds a legal position stored at this index (canonical under the
    /// reduced scheme).
    #[must_use]
    pub fn is_stored(&self, index: usize) -> bool {
        let pos = self.decode_index(index);
        self.is_legal(&pos) && (self.scheme == Scheme::Raw || self.index_of(&pos) == index)
    }
}
