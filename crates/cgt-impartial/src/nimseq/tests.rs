//! Tests of the nim-sequence paths against each other and the definition.

use super::*;

fn game(s: &str) -> HeapGame {
    HeapGame::from_name_or_code(s).unwrap()
}

/// The mex over `heap_options`, written without the bitset loops it checks.
fn by_definition(game: &HeapGame, len: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let seen: Vec<u32> = game
            .heap_options(n as u64)
            .iter()
            .map(|(_, parts)| parts.iter().fold(0, |x, &p| x ^ values[p as usize]))
            .collect();
        values.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    values
}

#[test]
fn word_and_bitset_loops_equal_the_definition() {
    // Small values (the word loop), values past 64 (the bitset loop: 0.376 reaches 64 at
    // heap 623), Grundy's game, and a hexadecimal code (three-way splits: the stamp loop).
    for (code, len) in [("0.77", 400), ("0.137", 400), ("0.376", 900), ("0.6", 500)] {
        let g = game(code);
        assert_eq!(naive_values(&g, len), by_definition(&g, len), "{code}");
    }
    assert_eq!(
        naive_values(&HeapGame::Grundy, 600),
        by_definition(&HeapGame::Grundy, 600)
    );
    let hex = game("0.f");
    assert_eq!(naive_values(&hex, 120), by_definition(&hex, 120));
    let wide = naive_values(&game("0.376"), 900);
    assert!(wide.iter().any(|&v| v >= 64), "the bitset loop is reached");
}

#[test]
fn known_sequences() {
    // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3 1 4 7 2 1 8 2 7
    let kayles = naive_values(&game("kayles"), 20);
    assert_eq!(
        kayles,
        [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2]
    );
    // Dawson's Kayles (0.07): 0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3
    let dk = naive_values(&game("0.07"), 20);
    assert_eq!(
        dk,
        [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3]
    );
    // Grundy's game: 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3
    let g = naive_values(&HeapGame::Grundy, 20);
    assert_eq!(
        g,
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3]
    );
    // Subtraction {1,2,3}: n mod 4.
    let s = HeapGame::Subtraction("1,2,3".parse().unwrap());
    assert_eq!(naive_values(&s, 9), [0, 1, 2, 3, 0, 1, 2, 3, 0]);
}

#[test]
fn heap_sum_moves() {
    let k = game("kayles");
    let v = naive_values(&k, 20);
    let moves = winning_moves(&k, &v, &[5, 7, 9]);
    assert!(!moves.is_empty());
    for m in &moves {
        let mut rest: u32 = [5u64, 7, 9]
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != m.heap)
            .fold(0, |acc, (_, &h)| acc ^ v[h as usize]);
        for &l in &m.leaves {
            rest ^= v[l as usize];
        }
        assert_eq!(rest, 0, "{m}");
    }
}

#[test]
fn rare_matches_naive_on_sparse_games() {
    for name in ["0.16", "0.6", "grundy", "0.77", "0.137", "4.07"] {
        let g = game(name);
        let naive = naive_values(&g, 3000);
        for algorithm in [Algorithm::Rare, Algorithm::Auto] {
            let fast = values(&g, 3000, algorithm, u128::MAX).unwrap();
            assert_eq!(fast, naive, "{name} {algorithm:?}");
        }
    }
}
