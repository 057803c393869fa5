//! The example programs (games the built-ins do not cover) on their judge samples.
//! Samples copied from judge-problems.md (POJ 2311, HDU 1729, HDU 3951).

#[allow(dead_code)]
#[path = "../../examples/cutting_game.rs"]
mod cutting_game;

#[allow(dead_code)]
#[path = "../../examples/stone_game.rs"]
mod stone_game;

#[allow(dead_code)]
#[path = "../../examples/coin_game.rs"]
mod coin_game;

#[test]
fn poj_2311_cutting_game_sample() {
    assert_eq!(cutting_game::answer("2 2\n3 2\n4 2\n"), "LOSE\nLOSE\nWIN\n");
}

#[test]
fn hdu_1729_stone_game_sample() {
    let input = "3\n2 0\n3 3\n6 2\n2\n6 3\n6 3\n0\n";
    assert_eq!(stone_game::answer(input), "Case 1:\nYes\nCase 2:\nNo\n");
}

#[test]
fn hdu_3951_coin_game_sample() {
    assert_eq!(
        coin_game::answer("2\n3 1\n3 2\n"),
        "Case 1: first\nCase 2: second\n"
    );
}

#[test]
fn coin_game_agrees_with_its_known_rule() {
    // The published key: the first player wins iff K >= N, or K == 1 and N is odd.
    for n in 3..=14u64 {
        for k in 1..=6u64 {
            let got = coin_game::first_wins(n, k).unwrap();
            let key = k >= n || (k == 1 && n % 2 == 1);
            assert_eq!(got, key, "N={n} K={k}");
        }
    }
}

#[test]
fn stone_game_agrees_with_its_known_recursion() {
    // The published key: q = largest with q + q^2 < s; c > q gives s - c, else recurse on (q, c).
    fn key(s: u64, c: u64) -> u64 {
        if c == 0 {
            return 0; // no stone can be added to an empty box (k <= c^2 = 0)
        }
        let mut q = 0;
        while (q + 1) + (q + 1) * (q + 1) < s {
            q += 1;
        }
        if c > q {
            s - c
        } else {
            key(q, c)
        }
    }
    for s in 0..=30u64 {
        for c in 0..=s {
            assert_eq!(
                stone_game::box_value(s, c).unwrap(),
                key(s, c),
                "s={s} c={c}"
            );
        }
    }
}
