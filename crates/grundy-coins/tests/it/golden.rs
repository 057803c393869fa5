//! Published tables and worked examples. Source throughout: Thomas S. Ferguson, Game Theory,
//! Part I (Impartial Combinatorial Games), chapter 5 "Coin Turning Games", sections 5.2-5.4,
//! tables 5.2, 5.3 and 5.4 and the examples around display (5); Ferguson cites Winning Ways,
//! chapter 14, for the theory.

use grundy_coins::brute::grid_values;
use grundy_coins::nim::nim_mul;
use grundy_coins::{Line, LineMove, Product};

/// Table 5.2, "For Turning Corners, g(x, y) = x (*) y": rows x = 0..15, columns y = 0..15.
const TABLE_5_2: [[u8; 16]; 16] = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5],
    [0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10],
    [0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1],
    [0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14],
    [0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4],
    [0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11],
    [0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2],
    [0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13],
    [0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7],
    [0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8],
    [0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3],
    [0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12],
    [0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6],
    [0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9],
];

/// Table 5.3, "The Sprague-Grundy values for Rugs": coins 1..8 both ways.
const TABLE_5_3: [[u8; 8]; 8] = [
    [1, 2, 1, 4, 1, 2, 1, 8],
    [2, 3, 2, 8, 2, 3, 2, 12],
    [1, 2, 1, 4, 1, 2, 1, 8],
    [4, 8, 4, 6, 4, 8, 4, 11],
    [1, 2, 1, 4, 1, 2, 1, 8],
    [2, 3, 2, 8, 2, 3, 2, 12],
    [1, 2, 1, 4, 1, 2, 1, 8],
    [8, 12, 8, 11, 8, 12, 8, 13],
];

/// Table 5.4, "The Sprague-Grundy values for (Mock Turtles)^2": rows 0..4, columns 0..5.
const TABLE_5_4: [[u8; 6]; 5] = [
    [1, 2, 4, 7, 8, 11],
    [2, 3, 8, 9, 12, 13],
    [4, 8, 6, 10, 11, 7],
    [7, 9, 10, 4, 15, 1],
    [8, 12, 11, 15, 13, 9],
];

#[test]
fn table_5_2_turning_corners_is_the_mex_definition_of_the_product() {
    let p = Product::turning_corners();
    // Mex over every rectangle: the game-theoretic definition of nim-multiplication.
    let t = grid_values(&p, 16, 16).unwrap();
    for x in 0..16u64 {
        for y in 0..16u64 {
            let want = u128::from(TABLE_5_2[x as usize][y as usize]);
            assert_eq!(t.get(x, y), Some(want), "mex at ({x}, {y})");
            assert_eq!(p.coin_value(x, y).unwrap(), want);
            assert_eq!(u128::from(nim_mul(x, y)), want);
        }
    }
}

#[test]
fn table_5_3_rugs() {
    let p = Product::parse("rugs").unwrap();
    let t = grid_values(&p, 8, 8).unwrap();
    for x in 1..=8u64 {
        for y in 1..=8u64 {
            let want = u128::from(TABLE_5_3[x as usize - 1][y as usize - 1]);
            assert_eq!(p.coin_value(x, y).unwrap(), want, "({x}, {y})");
            assert_eq!(t.get(x, y), Some(want));
        }
    }
}

#[test]
fn table_5_4_mock_turtles_squared() {
    let p = Product::tartan(Line::MockTurtles, Line::MockTurtles);
    let t = grid_values(&p, 5, 6).unwrap();
    for x in 0..5u64 {
        for y in 0..6u64 {
            let want = u128::from(TABLE_5_4[x as usize][y as usize]);
            assert_eq!(p.coin_value(x, y).unwrap(), want, "({x}, {y})");
            assert_eq!(t.get(x, y), Some(want));
        }
    }
}

fn coins(v: &[u64]) -> LineMove {
    LineMove::Coins { coins: v.to_vec() }
}

/// Plays Ferguson's move and checks that it is legal and reaches 0, then checks ours.
fn check_example(p: &Product, heads: &[(u64, u64)], value: u128, rows: &[u64], cols: &[u64]) {
    let g = p.position(heads).unwrap();
    assert_eq!(p.value(&g).unwrap(), value, "{p}");
    let theirs = grundy_coins::GridMove {
        rows: coins(rows),
        cols: coins(cols),
    };
    let after = p.apply(&g, &theirs).unwrap();
    assert_eq!(p.value(&after).unwrap(), 0, "{p}: Ferguson's move");
    let ours = p.winning_move(&g).unwrap().unwrap();
    let after = p.apply(&g, &ours).unwrap();
    assert_eq!(p.value(&after).unwrap(), 0, "{p}: our move {ours}");
}

#[test]
fn worked_examples_of_display_5() {
    // Display (5) has heads at (1,3), (3,2), (4,4) counting from 0, that is (2,4), (4,3),
    // (5,5) counting from 1.
    // Acrostic Twins: values 2, 1, 0, total 3; move (1,3) to (1,0).
    let acrostic = Product::acrostic(Line::Twins, Line::Twins);
    check_example(&acrostic, &[(1, 3), (3, 2), (4, 4)], 3, &[1], &[0, 3]);
    // Turning Corners: 3 + 1 + 6 = 4; the unique winning move turns the square (3,3)-(4,4).
    let corners = Product::turning_corners();
    check_example(&corners, &[(1, 3), (3, 2), (4, 4)], 4, &[3, 4], &[3, 4]);
    let g = corners.position(&[(1, 3), (3, 2), (4, 4)]).unwrap();
    let ours = corners.winning_move(&g).unwrap().unwrap();
    assert_eq!((ours.rows, ours.cols), (coins(&[3, 4]), coins(&[3, 4])));
    // Turning Turtles squared: 8 + 12 + 7 = 3; turn (5,5), (2,3), (2,5), (5,3).
    let tt2 = Product::tartan(Line::TurningTurtles, Line::TurningTurtles);
    check_example(&tt2, &[(2, 4), (4, 3), (5, 5)], 3, &[2, 5], &[3, 5]);
    // Rugs: 8 + 4 + 1 = 13; turn the 2 x 4 block from (1,1) to (2,4).
    let rugs = Product::parse("rugs").unwrap();
    check_example(&rugs, &[(2, 4), (4, 3), (5, 5)], 13, &[1, 2], &[1, 2, 3, 4]);
}

#[test]
fn worked_example_mock_turtles_squared() {
    // Heads at (0,1) and (4,5) counting from 0: values 2 and 9, total 11; Ferguson's winning
    // move turns {1,2,5} x {2,5,6} counting from 1, that is {0,1,4} x {1,4,5}.
    let p = Product::tartan(Line::MockTurtles, Line::MockTurtles);
    check_example(&p, &[(0, 1), (4, 5)], 11, &[0, 1, 4], &[1, 4, 5]);
}
