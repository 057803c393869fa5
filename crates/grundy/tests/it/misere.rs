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

/// A random DAG on `n` vertices (edges only to larger vertices), as `dag[...]` parameters,
/// with its successor lists.
fn random_dag(rng: &mut grundy::rules::Rng, n: u64) -> (String, Vec<Vec<usize>>) {
    let mut succ = vec![Vec::new(); n as usize];
    for u in 0..n {
        for v in u + 1..n {
            if rng.range(0, 2) == 0 {
                succ[u as usize].push(v as usize);
            }
        }
    }
    let lists: Vec<String> = succ
        .iter()
        .map(|l| l.iter().map(usize::to_string).collect::<Vec<_>>().join(","))
        .collect();
    (lists.join(";"), succ)
}

/// Misere play of tokens on a DAG by definition: whoever cannot move wins.
fn tokens_misere_win(
    succ: &[Vec<usize>],
    tokens: &[usize],
    memo: &mut HashMap<Vec<usize>, bool>,
) -> bool {
    let mut key = tokens.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any_move = false;
    let mut win = false;
    for i in 0..key.len() {
        for &v in &succ[key[i]] {
            any_move = true;
            let mut next = key.clone();
            next[i] = v;
            if !tokens_misere_win(succ, &next, memo) {
                win = true;
            }
        }
    }
    let w = !any_move || win;
    memo.insert(key, w);
    w
}

/// `dag[...]` under misere play answers a token alone (and one among tokens on sinks) from
/// the outcomes computed with the graph's values, the way `grundy graph --misere` does; the
/// search of the whole sum answers the rest. Both agree with the definition on random small
/// DAGs, outcomes and counts of winning moves (issue 41: a trie took seconds by search).
#[test]
fn dag_misere_closed_form_agrees_with_the_search() {
    use grundy::analysis::Rule;
    use grundy::position::Component;
    use grundy::solve::MisereSolver;
    let mut rng = grundy::rules::Rng::new(455);
    let (mut alone, mut searched) = (0, 0);
    for _ in 0..300 {
        let n = rng.range(1, 9);
        let (spec, succ) = random_dag(&mut rng, n);
        let sinks: Vec<usize> = (0..n as usize).filter(|&u| succ[u].is_empty()).collect();
        let mut tokens = vec![rng.range(0, n - 1) as usize];
        match rng.range(0, 2) {
            0 => {}
            1 => {
                for _ in 0..rng.range(1, 3) {
                    tokens.push(sinks[rng.range(0, sinks.len() as u64 - 1) as usize]);
                }
            }
            _ => tokens.push(rng.range(0, n - 1) as usize),
        }
        let args: Vec<String> = tokens.iter().map(usize::to_string).collect();
        let text = format!("dag[{spec}]({})", args.join(","));
        let pos = parse(&text).unwrap();
        let a = analyze(&pos, &misere()).unwrap();
        let mut memo = HashMap::new();
        let won = tokens_misere_win(&succ, &tokens, &mut memo);
        assert_eq!(a.outcome == Outcome::N, won, "{text}");
        // The search of the whole sum, as the analysis did before for every dag.
        let comps: Vec<Component> = pos.components().into_iter().map(|(_, c)| c).collect();
        let mut solver = MisereSolver::new(grundy::Limits::default());
        assert_eq!(solver.outcome(&comps).unwrap(), a.outcome, "{text}");
        // Winning moves: one per token and edge to a lost position.
        let mut wins = 0usize;
        for i in 0..tokens.len() {
            for &v in &succ[tokens[i]] {
                let mut next = tokens.clone();
                next[i] = v;
                if !tokens_misere_win(&succ, &next, &mut memo) {
                    wins += 1;
                }
            }
        }
        if won {
            assert_eq!(
                a.winning_moves_total,
                Some(num_bigint::BigUint::from(wins)),
                "{text}"
            );
        }
        for m in &a.winning_moves {
            assert_eq!(parse(&m.to).unwrap().to_string(), m.to, "{text}");
        }
        let live = tokens.iter().filter(|&&u| !succ[u].is_empty()).count();
        if live <= 1 && !(live == 0 && tokens.len() > 1) {
            assert!(matches!(a.rule, Rule::MisereAlone { .. }), "{text}");
        }
        if matches!(a.rule, Rule::MisereAlone { .. }) {
            alone += 1;
        } else {
            searched += 1;
        }
    }
    // Both paths are exercised.
    assert!(alone > 50 && searched > 20, "{alone} {searched}");
}

/// Codeforces 455B ("A Lot of Games") asks for misere play on the trie of the words: a trie of
/// 6,000 vertices written as `dag[...]` is answered by the outcomes the family computed with
/// its values, under a position limit of 100 that any search of it would pass, and equal to
/// the rule computed here from the leaves up.
#[test]
fn a_trie_under_misere_play_needs_no_search() {
    let mut rng = grundy::rules::Rng::new(455);
    let mut children: Vec<Vec<usize>> = vec![Vec::new()];
    let mut letters: Vec<Vec<u64>> = vec![Vec::new()];
    while children.len() < 6000 {
        let mut u = 0;
        for _ in 0..rng.range(1, 30) {
            let letter = rng.range(0, 2);
            let next = match letters[u].iter().position(|&l| l == letter) {
                Some(i) => children[u][i],
                None => {
                    children.push(Vec::new());
                    letters.push(Vec::new());
                    let v = children.len() - 1;
                    children[u].push(v);
                    letters[u].push(letter);
                    v
                }
            };
            u = next;
        }
    }
    // Children have larger numbers: from the last vertex back is leaves first.
    let mut won = vec![false; children.len()];
    for u in (0..children.len()).rev() {
        won[u] = children[u].is_empty() || children[u].iter().any(|&v| !won[v]);
    }
    let spec: Vec<String> = children
        .iter()
        .map(|c| c.iter().map(usize::to_string).collect::<Vec<_>>().join(","))
        .collect();
    let pos = parse(&format!("dag[{}](0)", spec.join(";"))).unwrap();
    let opts = Options {
        limits: grundy::Limits::default().with_nodes(100),
        ..misere()
    };
    let a = analyze(&pos, &opts).unwrap();
    assert!(
        matches!(a.rule, grundy::analysis::Rule::MisereAlone { .. }),
        "{:?}",
        a.rule
    );
    assert_eq!(a.outcome == Outcome::N, won[0]);
    let wins = children[0].iter().filter(|&&v| !won[v]).count();
    if won[0] {
        assert_eq!(a.winning_moves_total, Some(num_bigint::BigUint::from(wins)));
    }
}
