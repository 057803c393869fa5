//! The families `turtles`, `beans` and `dag`: every closed form and table against the engine's
//! generic search over the family's own moves, and against brute force written from the rules
//! (bit-vector coin rows, bean counts per cell, token multisets), in sums and in misere play.

use std::collections::HashMap;
use std::hash::Hash;

use grundy::analysis::{analyze, nimber, Options};
use grundy::expr::parse;
use grundy::position::Component;
use grundy::rules::{Comp, RulesetRef};
use grundy::solve::{Limits, Solver};
use grundy::{Game, Outcome, Play};
use proptest::prelude::*;

/// A component searched through its family's `moves` alone (no value hook), so that the
/// engine's generic search checks the closed forms and tables.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Raw {
    rules: RulesetRef,
    state: Comp,
}

impl Game for Raw {
    fn options(&self) -> Vec<Vec<Self>> {
        self.rules
            .rules()
            .options(&self.state, crate::common::limits())
            .unwrap_or_default()
            .into_iter()
            .map(|m| {
                m.into_iter()
                    .map(|state| Raw {
                        rules: self.rules.clone(),
                        state,
                    })
                    .collect()
            })
            .collect()
    }
}

/// The value of an expression by generic search over the families' moves.
fn searched(text: &str) -> u64 {
    let pos = parse(text).unwrap();
    let mut solver = Solver::new(Limits::default());
    let mut acc = 0;
    for (_, c) in pos.components() {
        let v = match c {
            Component::Star(n) => n,
            Component::Of(rules, state) => solver.nimber(&Raw { rules, state }).unwrap(),
        };
        acc ^= v.to_u64().unwrap();
    }
    acc
}

/// The value of an expression by the engine's fast paths.
fn fast(text: &str) -> u64 {
    nimber(&parse(text).unwrap(), &Limits::default())
        .unwrap()
        .to_u64()
        .unwrap()
}

fn analysed(text: &str, play: Play) -> grundy::analysis::Analysis {
    let opts = Options {
        play,
        ..Options::default()
    };
    analyze(&parse(text).unwrap(), &opts).unwrap()
}

/// Nim-value by the definition (mex of the options' values), memoised.
fn grundy_value<S: Clone + Eq + Hash>(
    s: &S,
    opts: &dyn Fn(&S) -> Vec<S>,
    memo: &mut HashMap<S, u64>,
) -> u64 {
    if let Some(&v) = memo.get(s) {
        return v;
    }
    let vals: Vec<u64> = opts(s)
        .iter()
        .map(|t| grundy_value(t, opts, memo))
        .collect();
    let v = (0..).find(|k| !vals.contains(k)).unwrap();
    memo.insert(s.clone(), v);
    v
}

/// Whether the player to move wins, under normal or misere play, by the definition.
fn wins<S: Clone + Eq + Hash>(
    s: &S,
    opts: &dyn Fn(&S) -> Vec<S>,
    misere: bool,
    memo: &mut HashMap<S, bool>,
) -> bool {
    if let Some(&v) = memo.get(s) {
        return v;
    }
    let next = opts(s);
    let v = if next.is_empty() {
        misere
    } else {
        next.iter().any(|t| !wins(t, opts, misere, memo))
    };
    memo.insert(s.clone(), v);
    v
}

fn outcome(win: bool) -> Outcome {
    if win {
        Outcome::N
    } else {
        Outcome::P
    }
}

fn list(xs: impl IntoIterator<Item = u64>) -> String {
    xs.into_iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

// ---------------------------------------------------------------- Mock Turtles

/// The coin row as a bit vector: turn the head x to tails and up to two coins left of it.
fn coin_options(board: &u32) -> Vec<u32> {
    let mut out = Vec::new();
    for x in 0..32 {
        if board & (1 << x) == 0 {
            continue;
        }
        let b = board ^ (1 << x);
        out.push(b);
        for y in 0..x {
            out.push(b ^ (1 << y));
            for z in y + 1..x {
                out.push(b ^ (1 << y) ^ (1 << z));
            }
        }
    }
    out
}

/// A coin row next to a Nim heap, for misere play of a mixed sum.
fn coin_nim_options(s: &(u32, u64)) -> Vec<(u32, u64)> {
    let mut out: Vec<(u32, u64)> = coin_options(&s.0).into_iter().map(|b| (b, s.1)).collect();
    out.extend((0..s.1).map(|h| (s.0, h)));
    out
}

fn heads(board: u32) -> Vec<u64> {
    (0..32).filter(|x| board & (1 << x) != 0).collect()
}

#[test]
fn turtles_closed_form_equals_search_for_single_coins() {
    // The search runs over every set of heads left of x (2^x states), so x stays small.
    for x in 0..11u64 {
        let text = format!("turtles({x})");
        assert_eq!(fast(&text), searched(&text), "{text}");
    }
}

#[test]
fn turtles_judge_sample_values() {
    // HDU 3537 sample: one head at 0 wins; heads at 0, 1, 2, 3 have values 1, 2, 4, 7 (XOR 0).
    assert_eq!(fast("turtles(0)"), 1);
    assert_eq!(fast("turtles(0,1,2,3)"), 0);
    assert_eq!(fast("turtles()"), 0);
}

#[test]
fn turtles_refuse_a_coin_listed_twice() {
    let err = crate::common::parse_err("turtles(1, 4, 1)");
    assert!(err.message.contains("listed twice"), "{}", err.message);
}

#[test]
fn turtles_are_exact_for_huge_coins() {
    // 2^200 has one 1 bit (odious): its value is 2^201; its only winning move turns it alone.
    let x = num_bigint::BigUint::from(1u32) << 200usize;
    let a = analysed(&format!("turtles({x})"), Play::Normal);
    assert_eq!(a.nimber.clone().unwrap().to_biguint(), x << 1usize);
    assert_eq!(crate::common::total(&a), 1);
    assert_eq!(a.winning_moves[0].to, "turtles()");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn turtles_rows_equal_bit_vector_brute_force(board in 0u32..(1 << 7), other in 0u32..(1 << 5)) {
        let text = format!("turtles({})", list(heads(board)));
        let mut memo = HashMap::new();
        let want = grundy_value(&board, &coin_options, &mut memo);
        prop_assert_eq!(fast(&text), want, "{}", text);
        prop_assert_eq!(searched(&text), want, "{}", text);

        // A sum of two rows is the XOR of their values.
        let other_want = grundy_value(&other, &coin_options, &mut memo);
        let sum = format!("{text} + turtles({})", list(heads(other)));
        prop_assert_eq!(fast(&sum), want ^ other_want, "{}", sum);

        // Every winning move (from the direct rule, not from enumeration) reaches value 0, and
        // there are as many as brute force counts.
        let a = analysed(&text, Play::Normal);
        let count = coin_options(&board)
            .iter()
            .filter(|b| grundy_value(*b, &coin_options, &mut memo) == 0)
            .count();
        prop_assert_eq!(crate::common::total(&a), count, "{}", text);
        for m in &a.winning_moves {
            prop_assert_eq!(fast(&m.to), 0, "{} -> {}", text, m.to);
        }
    }

    #[test]
    fn turtles_misere_equals_brute_force(board in 0u32..(1 << 6), heap in 0u64..4) {
        let text = format!("turtles({})", list(heads(board)));
        let mut memo = HashMap::new();
        let want = wins(&board, &coin_options, true, &mut memo);
        prop_assert_eq!(analysed(&text, Play::Misere).outcome, outcome(want), "{}", text);

        let sum = format!("{text} + nim({heap})");
        let mut memo = HashMap::new();
        let want = wins(&(board, heap), &coin_nim_options, true, &mut memo);
        prop_assert_eq!(analysed(&sum, Play::Misere).outcome, outcome(want), "{}", sum);
    }
}

// ---------------------------------------------------------------- the bean game

/// Beans as counts per cell: a bean at i becomes beans at j and k, i < j <= k < n.
// `&Vec`: the signature the shared brute-force search takes for its move generators.
#[allow(clippy::ptr_arg)]
fn bean_options(counts: &Vec<u8>) -> Vec<Vec<u8>> {
    let n = counts.len();
    let mut out = Vec::new();
    for i in 0..n {
        if counts[i] == 0 {
            continue;
        }
        for j in i + 1..n {
            for k in j..n {
                let mut c = counts.clone();
                c[i] -= 1;
                c[j] += 1;
                c[k] += 1;
                out.push(c);
            }
        }
    }
    out
}

fn bean_text(n: usize, counts: &[u8]) -> String {
    let cells = counts
        .iter()
        .enumerate()
        .flat_map(|(i, &c)| std::iter::repeat_n(i as u64, c as usize));
    format!("beans[{n}]({})", list(cells))
}

#[test]
fn beans_closed_form_equals_search_and_the_definition() {
    // The dense table by the definition: G(d) = mex{G(a) ^ G(b) : b <= a < d}.
    let mut g: Vec<u64> = Vec::new();
    for d in 0..40usize {
        let mut seen = vec![false; 256];
        for a in 0..d {
            for b in 0..=a {
                seen[(g[a] ^ g[b]) as usize] = true;
            }
        }
        g.push((0..).find(|&v| !seen[v as usize]).unwrap());
    }
    for (d, &want) in g.iter().enumerate().take(40) {
        let text = format!("beans[40]({})", 39 - d);
        assert_eq!(fast(&text), want, "{text}");
        if d < 16 {
            assert_eq!(searched(&text), want, "{text}");
        }
    }
}

#[test]
fn beans_seed_example() {
    // The slides of kkcoding 1408: cells 0, 1, 2 hold 2, 3 and 1 beans: values 2, 2, 1, 1, 1, 0, XOR 1.
    let a = analysed("beans[3](0,0,1,1,1,2)", Play::Normal);
    assert_eq!(a.nimber.as_ref().unwrap().to_u64(), Some(1));
    // Each of the three beans of cell 1 can split onto cell 2 twice (value 0).
    assert_eq!(crate::common::total(&a), 3);
    assert_eq!(a.winning_moves[0].to, "beans[3](0,0,2,2,1,1,2)");
    let err = crate::common::parse_err("beans[3](3)");
    assert!(err.message.contains("off the strip"), "{}", err.message);
    assert!(parse("beans[0](0)").is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn beans_equal_count_brute_force(counts in prop::collection::vec(0u8..3, 1..6)) {
        let n = counts.len();
        let text = bean_text(n, &counts);
        let mut memo = HashMap::new();
        let want = grundy_value(&counts, &bean_options, &mut memo);
        prop_assert_eq!(fast(&text), want, "{}", text);
        prop_assert_eq!(searched(&text), want, "{}", text);
        let a = analysed(&text, Play::Normal);
        for m in &a.winning_moves {
            prop_assert_eq!(fast(&m.to), 0, "{} -> {}", text, m.to);
        }
        prop_assert_eq!(crate::common::total(&a) == 0, want == 0);
    }

    #[test]
    fn beans_misere_equals_brute_force(counts in prop::collection::vec(0u8..3, 1..5)) {
        let text = bean_text(counts.len(), &counts);
        let mut memo = HashMap::new();
        let want = wins(&counts, &bean_options, true, &mut memo);
        prop_assert_eq!(analysed(&text, Play::Misere).outcome, outcome(want), "{}", text);
    }

    #[test]
    fn beans_on_huge_strips_use_the_distance(d in 0u64..30, t in 0u64..30) {
        // Only the distance to the last cell matters, however long the strip.
        let big = format!("beans[{}]({})", 10u128.pow(30), 10u128.pow(30) - 1 - u128::from(d));
        let small = format!("beans[{}]({})", d + 1, 0);
        prop_assert_eq!(fast(&big), fast(&small));
        let sum = format!("{big} + {}", bean_text(30, &{ let mut c = vec![0u8; 30]; c[t as usize] = 1; c }));
        prop_assert_eq!(fast(&sum), fast(&big) ^ fast(&format!("beans[30]({t})")));
    }
}

// ---------------------------------------------------------------- games on a DAG

/// A random DAG: edges go from lower to higher rank, and `perm` relabels the vertices so that
/// the spec is not already in topological order.
fn dag_spec(n: usize, edges: &[(usize, usize)], perm: &[usize]) -> (String, Vec<Vec<usize>>) {
    let mut succ = vec![Vec::new(); n];
    for &(a, b) in edges {
        let (a, b) = (a % n, b % n);
        if a < b && !succ[perm[a]].contains(&perm[b]) {
            succ[perm[a]].push(perm[b]);
        }
    }
    let spec = succ
        .iter()
        .map(|l| {
            l.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join(";");
    (spec, succ)
}

fn dag_strategy() -> impl Strategy<Value = (usize, Vec<(usize, usize)>, Vec<usize>)> {
    (2usize..8).prop_flat_map(|n| {
        (
            Just(n),
            prop::collection::vec((0..n, 0..n), 0..14),
            Just((0..n).collect::<Vec<_>>()).prop_shuffle(),
        )
    })
}

#[test]
fn dag_judge_sample_values() {
    // HDU 1524 sample graph: 0 -> 1, 2; 2 -> 3.
    assert_eq!(fast("dag[1,2;;3;](0)"), 2);
    assert_eq!(fast("dag[1 2; ; 3; ](2)"), 1);
    assert_eq!(fast("dag[1,2;;3;](0,2)"), 3);
    assert_eq!(fast("dag[1,2;;3;](1,1)"), 0);
    assert_eq!(
        parse("dag[1 2; ; 3; ](0)").unwrap().to_string(),
        "dag[1,2;;3;](0)"
    );
}

#[test]
fn dag_bad_specs_are_parameter_errors() {
    let err = crate::common::parse_err("dag[1;2;0](0)");
    assert!(
        err.message.contains("cycle through vertex"),
        "{}",
        err.message
    );
    let err = crate::common::parse_err("dag[1;;5](0)");
    assert!(
        err.message.contains("vertex 5 does not exist"),
        "{}",
        err.message
    );
    assert_eq!(err.column, 8, "{}", err.message);
    let err = crate::common::parse_err("dag[1;x](0)");
    assert!(err.message.contains("'x'"), "{}", err.message);
    let err = crate::common::parse_err("dag[1;](2)");
    assert!(
        err.message.contains("vertex 2 does not exist"),
        "{}",
        err.message
    );
    let err = crate::common::parse_err("dag[0](0)");
    assert!(
        err.message.contains("cycle through vertex 0"),
        "{}",
        err.message
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn dag_values_equal_the_definition(
        (n, edges, perm) in dag_strategy(),
        tokens in prop::collection::vec(0usize..8, 0..4),
        back in (0usize..8, 0usize..8),
    ) {
        let (spec, succ) = dag_spec(n, &edges, &perm);
        let tokens: Vec<usize> = tokens.into_iter().map(|t| t % n).collect();
        let text = format!("dag[{spec}]({})", list(tokens.iter().map(|&t| t as u64)));
        let opts = |s: &Vec<usize>| -> Vec<Vec<usize>> {
            let mut out = Vec::new();
            for i in 0..s.len() {
                for &w in &succ[s[i]] {
                    let mut t = s.clone();
                    t[i] = w;
                    t.sort();
                    out.push(t);
                }
            }
            out
        };
        let mut sorted = tokens.clone();
        sorted.sort();
        let mut memo = HashMap::new();
        let want = grundy_value(&sorted, &opts, &mut memo);
        prop_assert_eq!(fast(&text), want, "{}", text);
        prop_assert_eq!(searched(&text), want, "{}", text);
        prop_assert_eq!(parse(&text).unwrap().to_string(), text.clone());
        let a = analysed(&text, Play::Normal);
        for m in &a.winning_moves {
            prop_assert_eq!(fast(&m.to), 0, "{} -> {}", text, m.to);
        }
        let mut memo = HashMap::new();
        let misere = wins(&sorted, &opts, true, &mut memo);
        prop_assert_eq!(analysed(&text, Play::Misere).outcome, outcome(misere), "{}", text);

        // An edge from a later to an earlier vertex of a path closes a cycle: the error names
        // a vertex from which the graph leads back to itself.
        let (a, b) = (back.0 % n, back.1 % n);
        let mut reach = vec![false; n];
        let mut stack = vec![a];
        while let Some(u) = stack.pop() {
            for &w in &succ[u] {
                if !reach[w] {
                    reach[w] = true;
                    stack.push(w);
                }
            }
        }
        if reach[b] || a == b {
            // Adding b -> a closes a cycle a -> ... -> b -> a.
            let mut cyclic = succ.clone();
            cyclic[b].push(a);
            let spec2 = cyclic
                .iter()
                .map(|l| l.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(","))
                .collect::<Vec<_>>()
                .join(";");
            let err = crate::common::parse_err(&format!("dag[{spec2}](0)"));
            let v: usize = err
                .message
                .split("cycle through vertex ")
                .nth(1)
                .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
                .and_then(|d| d.parse().ok())
                .unwrap();
            // v must reach itself in the cyclic graph.
            let mut seen = vec![false; n];
            let mut stack = vec![v];
            while let Some(u) = stack.pop() {
                for &w in &cyclic[u] {
                    if !seen[w] {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
            prop_assert!(seen[v], "{} names vertex {} which is on no cycle", err.message, v);
        }
    }
}
