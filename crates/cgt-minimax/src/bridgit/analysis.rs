//! Counting: the sets of segments that join the sides (11.2.11).

use super::*;

/// The number of the 2^E sets of Left's segments (E = n² + (n−1)², each segment present with
/// probability 1/2) that join left and right, by enumeration (n ≤ 4). 11.2.11 says it is
/// exactly 2^(E−1).
#[must_use]
pub fn crossing_count(n: u8) -> u64 {
    let board = Bridgit::new(n).expect("n is checked by the caller");
    let e = u32::from(board.slot_count);
    (0u64..1 << e)
        .filter(|&set| board.left_connected(u128::from(set)))
        .count() as u64
}

/// Checks the seed's topological fact on the board of size n by enumeration (n ≤ 4): for every
/// way of giving each slot to one player, exactly one of them joins their sides. Returns the
/// first counterexample (Left's slots).
pub fn exactly_one_crosses(n: u8) -> Result<(), u128> {
    let board = Bridgit::new(n).expect("n is checked by the caller");
    let e = u32::from(board.slot_count);
    let all = (1u128 << e) - 1;
    for set in 0u64..1 << e {
        let left = u128::from(set);
        if board.left_connected(left) == board.top_connected(all & !left) {
            return Err(left);
        }
    }
    Ok(())
}
