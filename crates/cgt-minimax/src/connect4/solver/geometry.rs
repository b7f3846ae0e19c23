//! The board as bitboards: where a stone wins, which moves do not lose at once, and the
//! order moves are tried in.

use super::*;

/// Board constants of one width × height.
#[derive(Clone, Copy, Debug)]
pub(in crate::connect4) struct Geometry {
    /// Bits per column (height + 1).
    pub(super) h1: u32,
    /// The bottom cell of every column.
    pub(super) bottom: u64,
    /// Every cell of the board.
    pub(super) board: u64,
    pub(super) cells: i32,
    pub(super) width: usize,
    /// Columns, centre first.
    pub(super) order: [u8; 9],
    pub(super) column: [u64; 9],
}

impl Geometry {
    pub(super) fn new(width: u8, height: u8) -> Geometry {
        let h1 = u32::from(height) + 1;
        let mut column = [0u64; 9];
        for (c, col) in column.iter_mut().enumerate().take(usize::from(width)) {
            *col = ((1u64 << height) - 1) << (c as u32 * h1);
        }
        let bottom = (0..u32::from(width)).fold(0, |acc, c| acc | 1 << (c * h1));
        let mut order = [0u8; 9];
        let w = i32::from(width);
        let mut cols: Vec<u8> = (0..width).collect();
        // Centre first; of two columns as near the centre, the left one.
        cols.sort_by_key(|&c| ((2 * i32::from(c) - (w - 1)).abs(), c));
        order[..cols.len()].copy_from_slice(&cols);
        Geometry {
            h1,
            bottom,
            board: bottom * ((1 << height) - 1),
            cells: i32::from(width) * i32::from(height),
            width: usize::from(width),
            order,
            column,
        }
    }

    /// The empty cells where one more stone of `stones` completes four in a row.
    #[inline]
    pub(super) fn winning_cells(&self, stones: u64, mask: u64) -> u64 {
        let p = stones;
        let mut r = (p << 1) & (p << 2) & (p << 3);
        for s in [self.h1, self.h1 - 1, self.h1 + 1] {
            let two = (p << s) & (p << (2 * s));
            r |= two & (p << (3 * s));
            r |= two & (p >> s);
            let two = (p >> s) & (p >> (2 * s));
            r |= two & (p << s);
            r |= two & (p >> (3 * s));
        }
        r & (self.board ^ mask)
    }

    #[inline]
    pub(super) fn playable(&self, mask: u64) -> u64 {
        (mask + self.bottom) & self.board
    }

    /// The moves of `safe` in search order, as stones in `moves[..n]`, returning `n`: the
    /// column `hint` first, then by the winning cells a move creates, ties in centre-first
    /// order. Written into the caller's array: returned by value, the array was copied by a
    /// call to `memcpy` at every node (13 % of a search's time).
    #[inline]
    pub(super) fn ordered(
        &self,
        cur: u64,
        mask: u64,
        safe: u64,
        hint: u64,
        moves: &mut [u64; 9],
    ) -> usize {
        let mut ranks = [0i32; 9];
        let mut n = 0;
        for &c in &self.order[..self.width] {
            let c = usize::from(c);
            let m = safe & self.column[c];
            if m == 0 {
                continue;
            }
            let rank = if c as u64 == hint {
                1 << 20
            } else {
                (self.winning_cells(cur | m, mask) & !m).count_ones() as i32
            };
            // Insertion sort: stable, so equal ranks keep the column order.
            let mut j = n;
            while j > 0 && ranks[j - 1] < rank {
                moves[j] = moves[j - 1];
                ranks[j] = ranks[j - 1];
                j -= 1;
            }
            moves[j] = m;
            ranks[j] = rank;
            n += 1;
        }
        n
    }

    /// The root's score interval with `played` stones and no immediate win (`[-1, 1]` at
    /// most for a weak search).
    pub(super) fn root_window(&self, played: i32, depth: Depth) -> (i32, i32) {
        let (lo, hi) = (-(self.cells - played) / 2, (self.cells + 1 - played) / 2);
        match depth {
            Depth::Weak => (lo.max(-1), hi.min(1)),
            Depth::Exact => (lo, hi),
        }
    }

    pub(super) fn column_of(&self, cell: u64) -> u8 {
        (cell.trailing_zeros() / self.h1) as u8
    }
}

/// The next null-window probe in `[lo, hi)`: the middle, pulled halfway towards 0 (most
/// positions are close games).
pub(in crate::connect4) fn probe_between(lo: i32, hi: i32) -> i32 {
    let mid = lo + (hi - lo) / 2;
    if mid <= 0 && lo / 2 < mid {
        lo / 2
    } else if mid >= 0 && hi / 2 > mid {
        hi / 2
    } else {
        mid
    }
}
