//! Misere play: the engine against an independent brute force on random small mixed sums, and
//! the misere-Nim closed form against search.

use std::collections::HashMap;

use grundy::analysis::{analyze, Options};
use grundy::expr::parse;
use grundy::{Outcome, Play};
use proptest::prelude::*;

use crate::brute::misere_wins;
use crate::props::{small_spec, Spec};

fn misere() -> Options {
    Options {
        play: Play::Misere,
        ..Options::default()
    }
}

fn brute_outcome(specs: &[Spec]) -> Outcome {
    let state: Vec<(usize, u64)> = specs
        .iter()
        .enumerate()
        .flat_map(|(k, s)| s.heaps().into_iter().map(move |h| (k, h)))
        .filter(|&(_, h)| h > 0)
        .collect();
    let opts = |k: usize, n: u64| specs[k].options(n);
    let mut memo = HashMap::new();
    if misere_wins(state, &opts, &mut memo) {
        Outcome::N
    } else {
        Outcome::P
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn misere_sums_equal_brute_force(specs in prop::collection::vec(small_spec(), 1..4)) {
        let text = specs.iter().map(Spec::text).collect::<Vec<_>>().join(" + ");
        let a = analyze(&parse(&text).unwrap(), &misere()).unwrap();
        prop_assert_eq!(a.outcome, brute_outcome(&specs), "{}", text);
        prop_assert_eq!(a.nimber, None);
        // Every winning move leads to a misere P-position.
        for m in &a.winning_moves {
            let b = analyze(&parse(&m.to).unwrap(), &misere()).unwrap();
            prop_assert_eq!(b.outcome, Outcome::P, "{} -> {}", text, m.to);
        }
        // An N-position has a winning move, except a position without moves: in misere play
        // the player to move has already won there.
        let terminal = specs.iter().all(|s| s.heaps().iter().all(|&h| s.options(h).is_empty()));
        prop_assert_eq!(a.winning_moves.is_empty(), a.outcome == Outcome::P || terminal);
    }

    #[test]
    fn misere_nim_closed_form_equals_search(heaps in prop::collection::vec(0u64..7, 1..5)) {
        // nim(...) alone takes the closed form; the same heaps as sub[1..7] (identical moves for
        // heaps below 8) take the misere quotient of sub[1..7].
        let list = heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let fast = analyze(&parse(&format!("nim({list})")).unwrap(), &misere()).unwrap();
        let slow = analyze(&parse(&format!("sub[1..7]({list})")).unwrap(), &misere()).unwrap();
        prop_assert_eq!(fast.outcome, slow.outcome);
        prop_assert_eq!(crate::common::total(&fast), crate::common::total(&slow));
    }
}

#[test]
fn misere_nim_examples() {
    // HDU 1907 samples: 3 5 1 -> John (first player) wins; 1 -> Brother wins.
    let a = analyze(&parse("nim(3,5,1)").unwrap(), &misere()).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    let b = analyze(&parse("nim(1)").unwrap(), &misere()).unwrap();
    assert_eq!(b.outcome, Outcome::P);
}
