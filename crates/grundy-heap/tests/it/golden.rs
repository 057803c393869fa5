//! Published nim-sequences, copied here so that tests never read outside the crate.

use grundy_heap::{naive_values, HeapRules};

/// OEIS A002186 (Kayles, 0.77), offset 0, first 105 terms.
pub const A002186: [u32; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// OEIS A002187 (Dawson's chess, 0.137), offset 0.
pub const A002187: [u32; 130] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1,
];

/// OEIS A002188 (Grundy's game, 4!.0), offset 0, first 105 terms.
pub const A002188: [u32; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

fn rules(s: &str) -> HeapRules {
    match HeapRules::parse(s) {
        Ok(r) => r,
        Err(e) => panic!("{s}: {e}"),
    }
}

#[test]
fn naive_kayles_matches_a002186() {
    assert_eq!(naive_values(&rules("tb[0.77]"), 105), A002186.to_vec());
}

#[test]
fn naive_dawsons_chess_matches_a002187() {
    assert_eq!(naive_values(&rules("tb[0.137]"), 130), A002187.to_vec());
}

#[test]
fn naive_dawsons_kayles_is_a002187_shifted() {
    // OEIS A002187 comment: Dawson's Kayles 0.07 has G(n) = A002187(n - 1) for n >= 1.
    let g = naive_values(&rules("tb[0.07]"), 131);
    assert_eq!(g[0], 0);
    assert_eq!(&g[1..], &A002187[..]);
}

#[test]
fn naive_grundys_game_matches_a002188() {
    assert_eq!(naive_values(&rules("tb[4!.0]"), 105), A002188.to_vec());
}
