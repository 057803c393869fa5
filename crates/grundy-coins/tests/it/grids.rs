//! Products: the Tartan theorem and the acrostic sum rule against brute-force mex, winning
//! moves on small boards (legal, reaching 0 by brute force, existing exactly when the value is
//! not 0) and on boards of 2^64 coins a side (checked symbolically).

use grundy_coins::brute::grid_values;
use grundy_coins::nim::nim_mul_u128;
use grundy_coins::{CoinError, Line, Product};
use proptest::prelude::*;

use crate::common::move_sum;

fn lines() -> Vec<Line> {
    vec![
        Line::Ruler,
        Line::TurningTurtles,
        Line::Twins,
        Line::MockTurtles,
        Line::parse("turn[3]").unwrap(),
        Line::parse("turn[2,4C]").unwrap(),
    ]
}

#[test]
fn tartan_theorem_on_6x6_boards() {
    // Every pair of games, including two given only by their codes: the brute force knows
    // nothing of nim-multiplication.
    for g1 in lines() {
        for g2 in lines() {
            let p = Product::tartan(g1.clone(), g2.clone());
            let t = grid_values(&p, 6, 6).unwrap();
            for x in g1.first_coin()..g1.first_coin() + 6 {
                for y in g2.first_coin()..g2.first_coin() + 6 {
                    let want = nim_mul_u128(g1.value(x).unwrap(), g2.value(y).unwrap());
                    assert_eq!(t.get(x, y), Some(want), "{p} at ({x}, {y})");
                    assert_eq!(p.coin_value(x, y).unwrap(), want);
                }
            }
        }
    }
}

#[test]
fn acrostic_sums_of_even_games() {
    // Acrostic Twins is x + y (Ferguson, table 5.1); more generally G1(x) + G2(y) when every
    // move of both games turns an even number of coins.
    let evens = [
        Line::Twins,
        Line::parse("turn[2,4]").unwrap(),
        Line::parse("turn[4C]").unwrap(),
    ];
    for g1 in &evens {
        for g2 in &evens {
            let p = Product::acrostic(g1.clone(), g2.clone());
            assert!(p.has_closed_form() == (g1.has_closed_form() && g2.has_closed_form()));
            let t = grid_values(&p, 10, 10).unwrap();
            for x in 0..10 {
                for y in 0..10 {
                    let want = g1.value(x).unwrap() ^ g2.value(y).unwrap();
                    assert_eq!(t.get(x, y), Some(want), "{p} at ({x}, {y})");
                    assert_eq!(p.coin_value(x, y).unwrap(), want);
                }
            }
        }
    }
}

#[test]
fn acrostic_products_of_odd_games_are_not_sums() {
    // Turning Turtles both ways: 1 + ((x - 1) + (y - 1)) with an ordinary outer sum, as the
    // module documentation says; not G1(x) + G2(y) = x + y.
    let p = Product::acrostic(Line::TurningTurtles, Line::TurningTurtles);
    assert!(!p.has_closed_form());
    for x in 1..=12u64 {
        for y in 1..=12u64 {
            let v = p.coin_value(x, y).unwrap();
            assert_eq!(v, 1 + u128::from((x - 1) ^ (y - 1)));
        }
    }
    assert_ne!(p.coin_value(2, 2).unwrap(), 2 ^ 2);
    let far = p.coin_value(1000, 1).unwrap_err();
    assert!(matches!(far, CoinError::TooLarge { .. }), "{far}");
}

fn products() -> Vec<Product> {
    let mut out = Vec::new();
    for g1 in lines() {
        for g2 in lines() {
            out.push(Product::tartan(g1.clone(), g2.clone()));
            out.push(Product::acrostic(g1.clone(), g2.clone()));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn moves_to_any_target_on_small_boards(
        k in 0usize..72,
        cells in proptest::collection::btree_set((0u64..6, 0u64..6), 0..5),
        target in 0u128..20,
    ) {
        let p = &products()[k];
        let (fx, fy) = (p.rows.first_coin(), p.cols.first_coin());
        let heads: Vec<(u64, u64)> = cells.into_iter().map(|(x, y)| (x + fx, y + fy)).collect();
        let grid = p.position(&heads).unwrap();
        let t = grid_values(p, 6, 6).unwrap();
        let brute_value = |cells: &[(u64, u64)]| {
            cells.iter().fold(0, |a, &(x, y)| a ^ t.get(x, y).unwrap())
        };
        let s = brute_value(grid.heads());
        match p.move_to_value(&grid, target).unwrap() {
            None => prop_assert!(target >= s),
            Some(mv) => {
                p.check_move(&grid, &mv).unwrap();
                let after = p.apply(&grid, &mv).unwrap();
                prop_assert_eq!(brute_value(after.heads()), target);
            }
        }
    }

    #[test]
    fn winning_moves_on_small_boards(
        k in 0usize..72,
        cells in proptest::collection::btree_set((0u64..6, 0u64..6), 0..5),
    ) {
        let p = &products()[k];
        let (fx, fy) = (p.rows.first_coin(), p.cols.first_coin());
        let heads: Vec<(u64, u64)> = cells.into_iter().map(|(x, y)| (x + fx, y + fy)).collect();
        let grid = p.position(&heads).unwrap();
        let t = grid_values(p, 6, 6).unwrap();
        let brute_value = |cells: &[(u64, u64)]| {
            cells.iter().fold(0, |a, &(x, y)| a ^ t.get(x, y).unwrap())
        };
        let s = brute_value(grid.heads());
        prop_assert_eq!(p.value(&grid).unwrap(), s);
        // Does some move reach 0? Ask the brute force, move by move.
        let mut exists = false;
        for &(x, y) in grid.heads() {
            for mv in p.moves_from(x, y).unwrap() {
                let after = p.apply(&grid, &mv).unwrap();
                if brute_value(after.heads()) == 0 {
                    exists = true;
                }
            }
        }
        prop_assert_eq!(exists, s != 0);
        match p.winning_move(&grid).unwrap() {
            None => prop_assert_eq!(s, 0),
            Some(mv) => {
                p.check_move(&grid, &mv).unwrap();
                let after = p.apply(&grid, &mv).unwrap();
                prop_assert_eq!(brute_value(after.heads()), 0);
                prop_assert_eq!(p.value(&after).unwrap(), 0);
            }
        }
    }
}

/// Coordinates anywhere, often near the ends.
fn coord() -> impl Strategy<Value = u64> {
    prop_oneof![
        0u64..50,
        any::<u64>(),
        (0u64..1000).prop_map(|d| u64::MAX - d),
        (0u32..64).prop_map(|k| 1u64 << k),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn winning_moves_on_huge_boards(
        k1 in 0usize..4,
        k2 in 0usize..4,
        cells in proptest::collection::btree_set((coord(), coord()), 1..6),
        r in any::<u128>(),
    ) {
        let named = [Line::Ruler, Line::TurningTurtles, Line::Twins, Line::MockTurtles];
        let p = Product::tartan(named[k1].clone(), named[k2].clone());
        let (fx, fy) = (p.rows.first_coin(), p.cols.first_coin());
        let heads: Vec<(u64, u64)> = cells.into_iter().map(|(x, y)| (x.max(fx), y.max(fy))).collect();
        let mut heads = heads;
        heads.sort_unstable();
        heads.dedup();
        let grid = p.position(&heads).unwrap();
        let s = p.value(&grid).unwrap();
        match p.winning_move(&grid).unwrap() {
            None => prop_assert_eq!(s, 0),
            Some(mv) => {
                p.check_move(&grid, &mv).unwrap();
                // The move turns rows x columns; its value is the product of the line sums
                // (bilinearity of the nim-product, with the Tartan theorem for each coin).
                let change = nim_mul_u128(move_sum(&p.rows, &mv.rows), move_sum(&p.cols, &mv.cols));
                prop_assert_eq!(s ^ change, 0);
            }
        }
        // Any smaller target, as a sum asks of a component.
        if s > 0 {
            let target = r % s;
            let mv = p.move_to_value(&grid, target).unwrap().unwrap();
            p.check_move(&grid, &mv).unwrap();
            let change = nim_mul_u128(move_sum(&p.rows, &mv.rows), move_sum(&p.cols, &mv.cols));
            prop_assert_eq!(s ^ change, target);
        }
    }
}

#[test]
fn positions_are_validated() {
    let p = Product::parse("tartan[ruler,twins]").unwrap();
    let e = p.position(&[(0, 3)]).unwrap_err();
    assert!(e.to_string().contains("numbered from 1"), "{e}");
    let e = p.position(&[(1, 3), (2, 2), (1, 3)]).unwrap_err();
    assert_eq!(
        e,
        CoinError::Duplicate {
            coin: "(1, 3)".into(),
            first: 1,
            second: 3
        }
    );
    // A move whose south-east coin is tails is refused.
    let g = p.position(&[(4, 4)]).unwrap();
    let mut mv = p.winning_move(&g).unwrap().unwrap();
    mv.rows = grundy_coins::LineMove::single(3);
    assert!(matches!(
        p.check_move(&g, &mv),
        Err(CoinError::IllegalMove { .. })
    ));
}

#[test]
fn long_moves_are_described_not_applied() {
    // Rugs moves near 2^63 can turn blocks far too large to write out: find one.
    let p = Product::parse("rugs").unwrap();
    let big = 1u64 << 63;
    let mut long = 0;
    for k in 0..63 {
        let g = p.position(&[(big, big), (1 << k, big - 1)]).unwrap();
        let mv = p.winning_move(&g).unwrap().unwrap();
        p.check_move(&g, &mv).unwrap();
        if mv.coin_count() > 1 << 20 {
            long += 1;
            assert!(matches!(p.apply(&g, &mv), Err(CoinError::TooLarge { .. })));
        }
    }
    assert!(long > 0);
}

#[test]
fn results_serialise() {
    let p = Product::turning_corners();
    let g = p.position(&[(1, 3), (3, 2), (4, 4)]).unwrap();
    let json = serde_json::to_string(&p.analyze(&g).unwrap()).unwrap();
    assert_eq!(
        json,
        r#"{"game":"corners","value":4,"winning_move":{"rows":{"kind":"coins","coins":[3,4]},"cols":{"kind":"coins","coins":[3,4]}}}"#
    );
}

/// Every position of the board: a winning move exactly when the value is not 0, legal and
/// reaching 0 by the brute-force table.
fn exhaust_board(p: &Product, nx: u64, ny: u64) {
    let t = grid_values(p, nx, ny).unwrap();
    let (fx, fy) = (p.rows.first_coin(), p.cols.first_coin());
    let cells: Vec<(u64, u64)> = (0..nx)
        .flat_map(|i| (0..ny).map(move |j| (fx + i, fy + j)))
        .collect();
    for mask in 0u32..1 << cells.len() {
        let heads: Vec<(u64, u64)> = cells
            .iter()
            .enumerate()
            .filter(|&(k, _)| mask >> k & 1 == 1)
            .map(|(_, &c)| c)
            .collect();
        let grid = p.position(&heads).unwrap();
        let s = heads.iter().fold(0, |a, &(x, y)| a ^ t.get(x, y).unwrap());
        match p.winning_move(&grid).unwrap() {
            None => assert_eq!(s, 0, "{p} {heads:?}"),
            Some(mv) => {
                let after = p.apply(&grid, &mv).unwrap();
                let v = after
                    .heads()
                    .iter()
                    .fold(0, |a, &(x, y)| a ^ t.get(x, y).unwrap());
                assert_eq!(v, 0, "{p} {heads:?} {mv}");
            }
        }
    }
}

#[test]
fn every_position_of_small_boards() {
    let named = [
        Line::Ruler,
        Line::TurningTurtles,
        Line::Twins,
        Line::MockTurtles,
    ];
    for g1 in &named {
        for g2 in &named {
            exhaust_board(&Product::tartan(g1.clone(), g2.clone()), 3, 4);
        }
    }
    exhaust_board(&Product::turning_corners(), 4, 4);
    exhaust_board(&Product::acrostic(Line::Twins, Line::Twins), 3, 4);
    exhaust_board(&Product::acrostic(Line::MockTurtles, Line::Ruler), 3, 4);
}
