//! Acrostic products judged by a search of the whole two-dimensional game.
//!
//! The reference here knows only the rules: a position is a set of heads on a small board, a
//! move turns the south-east coin (a head) and the other coins of a move of `G1` along its
//! column or of `G2` along its row, and the value of a position is the mex of the values of
//! the positions a move reaches. The moves of each line game are read off its turning code by
//! trying every set of coins ([`grundy_coins::TurnRule::allows`]), not by the crate's move
//! lists; no position is split into single heads. So this checks at once the rules of the
//! product, the nim-sum of heads (a theorem about coin-turning games, not an assumption here),
//! the sum rule `G1(x) + G2(y)` for even games and the brute-force tables for the others.

use grundy_coins::{Line, Product};
use proptest::prelude::*;

fn games() -> Vec<Line> {
    vec![
        Line::Ruler,
        Line::TurningTurtles,
        Line::Twins,
        Line::MockTurtles,
        Line::parse("turn[3]").unwrap(),
        Line::parse("turn[2,4]").unwrap(),
        Line::parse("turn[2+C@1]").unwrap(),
        Line::parse("turn[1,3]").unwrap(),
    ]
}

/// The other coins of every move of `line` whose rightmost coin is `x`, by trying every subset
/// of the coins left of `x` against the turning code.
fn moves_by_code(line: &Line, x: u64) -> Vec<Vec<u64>> {
    let rule = line.rule();
    let first = rule.first();
    if x < first {
        return vec![];
    }
    let left: Vec<u64> = (first..x).collect();
    let mut out = Vec::new();
    for mask in 0u32..1 << left.len() {
        let others: Vec<u64> = left
            .iter()
            .enumerate()
            .filter(|&(k, _)| mask >> k & 1 == 1)
            .map(|(_, &c)| c)
            .collect();
        let count = others.len() as u128 + 1;
        // Consecutive: the coins turned, x included, form one run.
        let consecutive = others
            .first()
            .map_or(true, |&lo| x - lo + 1 == count as u64);
        if rule.allows(count, consecutive) {
            out.push(others);
        }
    }
    out
}

/// The value of every position (a bitmask of heads, cell `(first_x + i, first_y + j)` at bit
/// `i * ny + j`) of the acrostic product of `g1` and `g2` on an `nx` by `ny` board, by mex over
/// the moves of the whole position. A move turns its south-east coin from heads to tails and
/// otherwise only cells of lower bit, so it lowers the mask: the masks are valued in order.
fn whole_game_values(g1: &Line, g2: &Line, nx: u64, ny: u64) -> Vec<u32> {
    let (fx, fy) = (g1.first_coin(), g2.first_coin());
    let bit = |x: u64, y: u64| ((x - fx) * ny + (y - fy)) as u32;
    // The toggle mask of every move, per south-east cell.
    let mut cell_moves: Vec<Vec<u32>> = Vec::new();
    for i in 0..nx {
        for j in 0..ny {
            let (x, y) = (fx + i, fy + j);
            let mut ms = Vec::new();
            for others in moves_by_code(g1, x) {
                ms.push(
                    others
                        .iter()
                        .fold(1 << bit(x, y), |m, &a| m ^ (1 << bit(a, y))),
                );
            }
            for others in moves_by_code(g2, y) {
                ms.push(
                    others
                        .iter()
                        .fold(1 << bit(x, y), |m, &b| m ^ (1 << bit(x, b))),
                );
            }
            cell_moves.push(ms);
        }
    }
    let cells = (nx * ny) as usize;
    let mut value = vec![0u32; 1 << cells];
    let mut seen = Vec::new();
    for mask in 0..1usize << cells {
        seen.clear();
        for (c, ms) in cell_moves.iter().enumerate() {
            if mask >> c & 1 == 0 {
                continue;
            }
            for &m in ms {
                let next = mask ^ m as usize;
                assert!(next < mask, "a move must lower the mask");
                seen.push(value[next]);
            }
        }
        seen.sort_unstable();
        seen.dedup();
        value[mask] = seen
            .iter()
            .enumerate()
            .find(|&(k, &v)| v != k as u32)
            .map_or(seen.len(), |(k, _)| k) as u32;
    }
    value
}

fn heads_of(p: &Product, nx: u64, ny: u64, mask: usize) -> Vec<(u64, u64)> {
    let (fx, fy) = (p.rows.first_coin(), p.cols.first_coin());
    (0..nx * ny)
        .filter(|&c| mask >> c & 1 == 1)
        .map(|c| (fx + c / ny, fy + c % ny))
        .collect()
}

fn mask_of(p: &Product, ny: u64, heads: &[(u64, u64)]) -> usize {
    let (fx, fy) = (p.rows.first_coin(), p.cols.first_coin());
    heads
        .iter()
        .fold(0, |m, &(x, y)| m | 1 << ((x - fx) * ny + (y - fy)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// On every position of a random small board: the value, a winning move exactly when the
    /// value is not 0 (legal, and reaching a position the search values 0), and a move to a
    /// random smaller target.
    #[test]
    fn acrostic_products_agree_with_the_whole_game(
        k1 in 0usize..8,
        k2 in 0usize..8,
        nx in 1u64..5,
        ny in 1u64..4,
        salt in any::<u64>(),
    ) {
        let (g1, g2) = (games()[k1].clone(), games()[k2].clone());
        let p = Product::acrostic(g1.clone(), g2.clone());
        let whole = whole_game_values(&g1, &g2, nx, ny);
        for (mask, &want) in whole.iter().enumerate() {
            let heads = heads_of(&p, nx, ny, mask);
            let grid = p.position(&heads).unwrap();
            let got = p.value(&grid).unwrap();
            prop_assert_eq!(got, u128::from(want), "{} {:?}", p, heads);
            match p.winning_move(&grid).unwrap() {
                None => prop_assert_eq!(want, 0, "{} {:?}: no winning move", p, heads),
                Some(mv) => {
                    p.check_move(&grid, &mv).unwrap();
                    let after = p.apply(&grid, &mv).unwrap();
                    let m = mask_of(&p, ny, after.heads());
                    prop_assert_eq!(whole[m], 0, "{} {:?}: {}", p, heads, mv);
                }
            }
            if want > 1 {
                let target = u128::from(salt.wrapping_add(mask as u64) % u64::from(want));
                let mv = p.move_to_value(&grid, target).unwrap().unwrap();
                let after = p.apply(&grid, &mv).unwrap();
                prop_assert_eq!(u128::from(whole[mask_of(&p, ny, after.heads())]), target);
            }
        }
    }
}

#[test]
fn fergusons_table_5_1_is_the_whole_game() {
    // Acrostic Twins, g(x, y) = x + y (Ferguson, Game Theory, Part I, table 5.1), read off
    // single heads of the whole-game search on a 4 x 3 board.
    let whole = whole_game_values(&Line::Twins, &Line::Twins, 4, 3);
    for x in 0..4u64 {
        for y in 0..3u64 {
            assert_eq!(u64::from(whole[1 << (x * 3 + y)]), x ^ y, "({x}, {y})");
        }
    }
}

#[test]
fn reference_moves_match_the_named_games() {
    // The reference reads the codes of the named games the way their definitions say:
    // Ruler turns a run, Turning Turtles one or two coins, Twins two, Mock Turtles one to
    // three.
    assert_eq!(
        moves_by_code(&Line::Ruler, 3),
        [vec![], vec![2], vec![1, 2]]
    );
    assert_eq!(moves_by_code(&Line::TurningTurtles, 3).len(), 3);
    assert_eq!(moves_by_code(&Line::Twins, 3).len(), 3);
    assert_eq!(moves_by_code(&Line::MockTurtles, 3).len(), 1 + 3 + 3);
    assert!(moves_by_code(&Line::Twins, 0).is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Acrostic Twins on boards of 2^64 coins a side: a head is worth x + y, and the winning
    /// move turns two coins that bring the nim-sum of the heads' x + y to 0.
    #[test]
    fn acrostic_twins_on_huge_boards(
        cells in proptest::collection::btree_set((any::<u64>(), any::<u64>()), 1..6),
    ) {
        let p = Product::acrostic(Line::Twins, Line::Twins);
        let heads: Vec<(u64, u64)> = cells.into_iter().collect();
        let grid = p.position(&heads).unwrap();
        let by_hand = |hs: &[(u64, u64)]| hs.iter().fold(0u128, |a, &(x, y)| a ^ u128::from(x ^ y));
        let s = by_hand(grid.heads());
        prop_assert_eq!(p.value(&grid).unwrap(), s);
        match p.winning_move(&grid).unwrap() {
            None => prop_assert_eq!(s, 0),
            Some(mv) => {
                p.check_move(&grid, &mv).unwrap();
                prop_assert_eq!(mv.coin_count(), 2);
                let after = p.apply(&grid, &mv).unwrap();
                prop_assert_eq!(by_hand(after.heads()), 0);
            }
        }
    }
}
