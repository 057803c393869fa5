//! Line games: closed forms against brute-force mex, moves of a given value at every
//! coordinate, and winning moves.

use grundy_coins::{CoinError, Line, LineMove, TurnRule};
use proptest::prelude::*;

use crate::common::move_sum;

fn named() -> Vec<Line> {
    vec![
        Line::Ruler,
        Line::TurningTurtles,
        Line::Twins,
        Line::MockTurtles,
    ]
}

#[test]
fn closed_forms_match_brute_force() {
    // Mex over every move of the turning code, 200 coins (about 1.3 million moves for Mock
    // Turtles), against the closed forms.
    for line in named() {
        let rule = line.rule();
        let brute = rule.values(200).unwrap();
        for (i, &v) in brute.iter().enumerate() {
            let x = rule.first() + i as u64;
            assert_eq!(line.value(x).unwrap(), v, "{line} at {x}");
        }
        // The same game written as a code goes through the generic path.
        let generic = Line::rule_game(rule.clone());
        assert_eq!(generic.value(rule.first() + 150).unwrap(), brute[150]);
    }
}

#[test]
fn other_codes_by_brute_force() {
    // Triplets (Ferguson, exercise 3): 0 0 1 2 4 7 8 ...; Rulerette (exercise 4); the values
    // of a code are those of the same code numbered from 1, shifted by one coin.
    let triplets = TurnRule::parse("3").unwrap().values(12).unwrap();
    assert_eq!(triplets, [0, 0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 19]);
    let rulerette = TurnRule::parse("2+C@1").unwrap().values(8).unwrap();
    assert_eq!(rulerette, [0, 1, 0, 2, 0, 1, 0, 4]);
    let from0 = TurnRule::parse("1-3").unwrap().values(30).unwrap();
    let from1 = TurnRule::parse("1-3@1").unwrap().values(30).unwrap();
    assert_eq!(from0, from1);
    let e = TurnRule::parse("1-3").unwrap().values(5000).unwrap_err();
    assert!(matches!(e, CoinError::TooLarge { .. }), "{e}");
}

#[test]
fn listed_moves_are_the_rules() {
    // Coin 3 of Mock Turtles: alone, with one of 0, 1, 2, or with two of them.
    let ms = Line::MockTurtles.moves(3).unwrap();
    assert_eq!(ms.len(), 1 + 3 + 3);
    for m in &ms {
        Line::MockTurtles.check_move(m).unwrap();
    }
    // Twins forbids a single coin, Ruler forbids gaps, numbering is enforced.
    assert!(Line::Twins.check_move(&LineMove::single(4)).is_err());
    let gap = LineMove::Coins { coins: vec![2, 4] };
    assert!(Line::Ruler.check_move(&gap).is_err());
    assert!(Line::Ruler
        .check_move(&LineMove::Coins { coins: vec![0, 1] })
        .is_err());
}

/// Any coordinate (half of them small, so that small boards are covered too).
fn coin() -> impl Strategy<Value = u64> {
    prop_oneof![
        0u64..40,
        any::<u64>(),
        (0u64..1000).prop_map(|d| u64::MAX - d)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn moves_of_every_smaller_value(k in 0usize..4, x in coin(), r in any::<u128>()) {
        let line = &named()[k];
        let x = x.max(line.first_coin());
        let g = line.value(x).unwrap();
        if g > 0 {
            let u = r % g;
            let m = line.move_to(x, u).unwrap().unwrap();
            line.check_move(&m).unwrap();
            prop_assert_eq!(m.last(), Some(x));
            // The whole move is worth G(x) + u.
            prop_assert_eq!(move_sum(line, &m), g ^ u);
        }
    }

    #[test]
    fn winning_moves_on_small_rows(
        k in 0usize..7,
        heads in proptest::collection::btree_set(0u64..20, 0..6),
    ) {
        let lines = [
            Line::Ruler,
            Line::TurningTurtles,
            Line::Twins,
            Line::MockTurtles,
            Line::parse("turn[3]").unwrap(),
            Line::parse("turn[2+C@1]").unwrap(),
            Line::parse("turn[1,4]").unwrap(),
        ];
        let line = &lines[k];
        let heads: Vec<u64> = heads.into_iter().map(|h| h + line.first_coin()).collect();
        // Brute-force values of the code, independent of the closed forms.
        let brute = line.rule().values(30).unwrap();
        let val = |c: u64| brute[(c - line.first_coin()) as usize];
        let s = heads.iter().fold(0, |a, &h| a ^ val(h));
        prop_assert_eq!(line.position_value(&heads).unwrap(), s);
        match line.winning_move(&heads).unwrap() {
            None => prop_assert_eq!(s, 0),
            Some(m) => {
                line.check_move(&m).unwrap();
                prop_assert!(heads.contains(&m.last().unwrap()));
                let after = m.coins(100).unwrap().iter().fold(s, |a, &c| a ^ val(c));
                prop_assert_eq!(after, 0);
                let row = line.apply(&heads, &m).unwrap();
                prop_assert_eq!(row.iter().fold(0, |a, &c| a ^ val(c)), 0);
            }
        }
    }

    #[test]
    fn moves_to_any_target_on_huge_rows(
        k in 0usize..4,
        heads in proptest::collection::btree_set(coin(), 1..6),
        r in any::<u128>(),
    ) {
        let line = &named()[k];
        let heads: Vec<u64> = heads.into_iter().filter(|&h| h >= line.first_coin()).collect();
        let s = line.position_value(&heads).unwrap();
        let target = if s > 0 { r % s } else { r % 4 };
        match line.move_to_value(&heads, target).unwrap() {
            None => prop_assert!(target >= s),
            Some(m) => {
                line.check_move(&m).unwrap();
                prop_assert!(heads.contains(&m.last().unwrap()));
                prop_assert_eq!(s ^ move_sum(line, &m), target);
            }
        }
    }

    #[test]
    fn winning_moves_on_huge_rows(
        k in 0usize..4,
        heads in proptest::collection::btree_set(coin(), 1..6),
    ) {
        let line = &named()[k];
        let heads: Vec<u64> = heads.into_iter().filter(|&h| h >= line.first_coin()).collect();
        let s = line.position_value(&heads).unwrap();
        match line.winning_move(&heads).unwrap() {
            None => prop_assert_eq!(s, 0),
            Some(m) => {
                line.check_move(&m).unwrap();
                prop_assert!(heads.contains(&m.last().unwrap()));
                prop_assert_eq!(s ^ move_sum(line, &m), 0);
            }
        }
    }
}

#[test]
fn bad_rows_are_refused() {
    let e = Line::Twins.position_value(&[3, 1, 3]).unwrap_err();
    assert_eq!(
        e,
        CoinError::Duplicate {
            coin: "3".into(),
            first: 1,
            second: 3
        }
    );
    assert!(matches!(
        Line::TurningTurtles.position_value(&[0]),
        Err(CoinError::BeforeFirst { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parsers_never_panic(text in "[a-z_\\[\\](),@+0-9C -]{0,30}") {
        // Any of these may fail, but with an error, never a panic.
        let _ = grundy_coins::Product::parse(&text);
        let _ = Line::parse(&text);
        let _ = TurnRule::parse(&text);
        let _ = grundy_coins::parse_cells(&text);
        let _ = grundy_coins::parse_coins(&text);
    }

    #[test]
    fn games_print_and_parse_back(
        k1 in 0usize..7,
        k2 in 0usize..7,
        tartan in any::<bool>(),
    ) {
        let lines = [
            "ruler", "turning_turtles", "twins", "mock_turtles", "turn[3]", "turn[2+C@1]",
            "turn[1,4-6C]",
        ];
        let (g1, g2) = (Line::parse(lines[k1]).unwrap(), Line::parse(lines[k2]).unwrap());
        prop_assert_eq!(Line::parse(&g1.to_string()).unwrap(), g1.clone());
        let p = if tartan {
            grundy_coins::Product::tartan(g1, g2)
        } else {
            grundy_coins::Product::acrostic(g1, g2)
        };
        prop_assert_eq!(grundy_coins::Product::parse(&p.to_string()).unwrap(), p);
    }
}
