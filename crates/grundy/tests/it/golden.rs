//! Published tables (OEIS) reproduced by the engine.
//! Source: ../shared/reference/known-results.md, which cites OEIS A002186, A002187, A002188.

use grundy::expr::parse_ruleset;

/// OEIS A002186 (Kayles, 0.77), offset 0.
pub const A002186: &[u64] = &[
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// OEIS A002187 (Dawson's chess, 0.137), offset 0.
pub const A002187: &[u64] = &[
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4,
];

/// OEIS A002188 (Grundy's game, 4!.0), offset 0.
pub const A002188: &[u64] = &[
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

fn table(ruleset: &str, n: usize) -> Vec<u64> {
    let r = parse_ruleset(ruleset).unwrap();
    let t = r
        .rules()
        .heap_table(n as u64 - 1, crate::common::limits())
        .unwrap()
        .unwrap();
    t.values.iter().map(u64::from).collect()
}

#[test]
fn kayles_matches_a002186() {
    assert_eq!(table("tb[0.77]", A002186.len()), A002186);
}

#[test]
fn dawsons_chess_matches_a002187() {
    assert_eq!(table("tb[0.137]", A002187.len()), A002187);
}

#[test]
fn dawsons_kayles_is_a002187_shifted() {
    // G_{0.07}(n) = A002187(n - 1) for n >= 1.
    let v = table("tb[0.07]", A002187.len() + 1);
    assert_eq!(v[0], 0);
    assert_eq!(&v[1..], A002187);
}

#[test]
fn grundys_game_matches_a002188() {
    assert_eq!(table("tb[4!.0]", A002188.len()), A002188);
}

#[test]
fn closed_forms_of_the_seed_documents() {
    // Bash game: G(n) = n mod (m + 1); subtraction by powers of two: G(n) = n mod 3.
    let bash = table("sub[1..4]", 200);
    assert!(bash.iter().enumerate().all(|(n, &g)| g == n as u64 % 5));
    let pow2 = table("sub[pow2]", 300);
    assert!(pow2.iter().enumerate().all(|(n, &g)| g == n as u64 % 3));
    // Lasker's Nim (HDU 3032) and take-or-split-in-three (HDU 5795).
    let lasker = table("tb[4.[3]]", 200);
    for (n, &g) in lasker.iter().enumerate().skip(1) {
        let want = match n % 4 {
            0 => n - 1,
            3 => n + 1,
            _ => n,
        } as u64;
        assert_eq!(g, want, "Lasker's Nim heap {n}");
    }
    let three = table("tb[8.[3]]", 100);
    for (n, &g) in three.iter().enumerate() {
        let want = match n % 8 {
            7 => n + 1,
            0 if n > 0 => n - 1,
            _ => n,
        } as u64;
        assert_eq!(g, want, "8.[3] heap {n}");
    }
}
