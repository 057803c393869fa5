//! Families of issue 3 (wythoff, fibnim, staircase, georgia, hill, northcott, take, mult, tree):
//! every closed form and hook against the engine's generic search over the family's own moves,
//! inside sums and under misere play; judge samples; huge positions; bad input.

use std::collections::{HashMap, HashSet};

use grundy::analysis::{analyze, Options};
use grundy::expr::{parse, parse_ruleset};
use grundy::position::Term;
use grundy::rules::{Comp, RulesetRef};
use grundy::solve::{Limits, Solver};
use grundy::{Game, Nimber, Outcome, Play};
use num_bigint::BigUint;
use proptest::prelude::*;

/// A component searched from its moves only: every hook of the ruleset is ignored.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Raw(RulesetRef, Comp);

impl Game for Raw {
    fn options(&self) -> Vec<Vec<Self>> {
        self.0
            .rules()
            .options(&self.1, crate::common::limits())
            .unwrap_or_default()
            .into_iter()
            .map(|m| m.into_iter().map(|s| Raw(self.0.clone(), s)).collect())
            .collect()
    }
}

/// The components of a parsed expression, as raw games.
fn raw(text: &str) -> Vec<Raw> {
    let pos = parse(text).expect("test expressions parse");
    let mut out = Vec::new();
    for t in pos.terms {
        if let Term::Game { rules, comps } = t {
            for s in comps {
                out.push(Raw(rules.clone(), s));
            }
        }
    }
    out
}

fn search_value(text: &str) -> u64 {
    let mut solver = Solver::new(Limits::default());
    let comps = raw(text);
    solver
        .sum_nimber(&comps)
        .expect("small positions search")
        .to_u64()
        .expect("small values")
}

/// The engine's analysis against the raw search: value, outcome and the number of winning moves.
fn check_normal(text: &str) {
    let a = analyze(&parse(text).expect("parses"), &Options::default()).expect("analyzes");
    let mut solver = Solver::new(Limits::default());
    let comps = raw(text);
    let v = solver.sum_nimber(&comps).expect("searches");
    assert_eq!(a.nimber.as_ref(), Some(&v), "{text}");
    let wins = solver.winning_moves(&comps).expect("searches");
    assert_eq!(crate::common::total(&a), wins.len(), "{text}");
    for m in &a.winning_moves {
        let after = parse(&m.to).expect("a move's rendering parses");
        assert_eq!(after.to_string(), m.to, "parse(print(x)) = x");
        assert_eq!(search_value(&m.to), 0, "{text} -> {}", m.to);
    }
}

/// Misere outcome of a sum of raw components by plain memoised recursion.
fn misere_brute(comps: Vec<Raw>, memo: &mut HashMap<Vec<Raw>, bool>) -> bool {
    let mut comps = comps;
    comps.sort();
    if let Some(&w) = memo.get(&comps) {
        return w;
    }
    let mut any = false;
    let mut win = false;
    'outer: for i in 0..comps.len() {
        for opt in comps[i].options() {
            any = true;
            let mut next: Vec<Raw> = comps.clone();
            next.remove(i);
            next.extend(opt);
            if !misere_brute(next, memo) {
                win = true;
                break 'outer;
            }
        }
    }
    let r = !any || win;
    memo.insert(comps, r);
    r
}

fn check_misere(text: &str) {
    let opts = Options {
        play: Play::Misere,
        ..Options::default()
    };
    let a = analyze(&parse(text).expect("parses"), &opts).expect("analyzes");
    let want = if misere_brute(raw(text), &mut HashMap::new()) {
        Outcome::N
    } else {
        Outcome::P
    };
    assert_eq!(a.outcome, want, "misere {text}");
}

fn outcome(text: &str) -> Outcome {
    analyze(&parse(text).expect("parses"), &Options::default())
        .expect("analyzes")
        .outcome
}

fn list(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

fn parse_error(text: &str) -> String {
    match parse(text) {
        Ok(p) => panic!("{text} should not parse, got {p}"),
        Err(e) => e.to_string(),
    }
}

// ---------------------------------------------------------------- Wythoff

/// floor(k phi) by bisection on a <= k phi <=> 2a - k <= k sqrt 5 (no square root taken).
fn floor_k_phi(k: &BigUint) -> BigUint {
    let five_k2 = k * k * 5u32;
    let ok = |a: &BigUint| {
        let two_a = a * 2u32;
        two_a <= *k || {
            let d = two_a - k;
            &d * &d <= five_k2
        }
    };
    let (mut lo, mut hi) = (k.clone(), k * 2u32);
    while &lo + 1u32 < hi {
        let mid: BigUint = (&lo + &hi) >> 1;
        if ok(&mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

#[test]
fn wythoff_judge_samples() {
    assert_eq!(outcome("wythoff(2,1)"), Outcome::P);
    assert_eq!(outcome("wythoff(8,4)"), Outcome::N);
    assert_eq!(outcome("wythoff(4,7)"), Outcome::P);
}

#[test]
fn wythoff_thousand_digits() {
    let k: BigUint = "7".repeat(1000).parse().expect("digits");
    let a = floor_k_phi(&k);
    let b = &a + &k;
    let pos = parse(&format!("wythoff({a},{b})")).expect("parses");
    let an = analyze(&pos, &Options::default()).expect("analyzes");
    assert_eq!(an.outcome, Outcome::P);
    let b1 = &b + 1u32;
    let pos = parse(&format!("wythoff({a},{b1})")).expect("parses");
    let an = analyze(&pos, &Options::default()).expect("analyzes");
    assert_eq!(an.outcome, Outcome::N);
    assert!(crate::common::total(&an) >= 1);
    // Taking one from the larger heap goes back to the pair (a, b).
    assert!(an
        .winning_moves
        .iter()
        .any(|m| m.to == format!("wythoff({a},{b})")));
    for m in &an.winning_moves {
        let inner = m.to.trim_start_matches("wythoff(").trim_end_matches(')');
        let (x, y) = inner.split_once(',').expect("two heaps");
        let (x, y): (BigUint, BigUint) = (x.parse().expect("x"), y.parse().expect("y"));
        let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
        assert_eq!(floor_k_phi(&(&hi - &lo)), lo, "{} is a P-position", m.to);
    }
}

#[test]
fn wythoff_huge_in_sum_with_zero() {
    let k: BigUint = "3".repeat(300).parse().expect("digits");
    let a = floor_k_phi(&k);
    let b = &a + &k + 5u32;
    let pos = parse(&format!("wythoff({a},{b}) + nim(2,2)")).expect("parses");
    let an = analyze(&pos, &Options::default()).expect("analyzes");
    assert_eq!(an.outcome, Outcome::N);
}

// ---------------------------------------------------------------- Fibonacci Nim

#[test]
fn fibnim_judge_samples() {
    assert_eq!(outcome("fibnim(2)"), Outcome::P);
    assert_eq!(outcome("fibnim(13)"), Outcome::P);
    let a = analyze(
        &parse("fibnim(10000)").expect("parses"),
        &Options::default(),
    )
    .expect("analyzes");
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.winning_moves.iter().any(|m| m.to == "fibnim(9998,4)"));
}

#[test]
fn fibnim_thousand_digits() {
    let (mut f0, mut f1) = (BigUint::from(1u32), BigUint::from(2u32));
    while f1.to_string().len() < 1000 {
        let f2 = &f0 + &f1;
        f0 = f1;
        f1 = f2;
    }
    assert_eq!(outcome(&format!("fibnim({f1})")), Outcome::P);
    let n = &f1 + &f0 + 3u32;
    // Zeckendorf of F_{i+1} + 3 is F_{i+1} + 3: the winning take is 3 (and only 3, as 3 + F
    // would need F > 6 + 2F).
    let a = analyze(
        &parse(&format!("fibnim({n})")).expect("parses"),
        &Options::default(),
    )
    .expect("analyzes");
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(crate::common::total(&a), 1);
    assert_eq!(a.winning_moves[0].to, format!("fibnim({},6)", &n - 3u32));
}

// ---------------------------------------------------------------- staircase and relatives

#[test]
fn georgia_judge_samples() {
    assert_eq!(outcome("georgia(1,2,3)"), Outcome::P);
    assert_eq!(outcome("georgia(1,5,6,7,9,12,14,17)"), Outcome::N);
}

#[test]
fn hill_judge_samples() {
    assert_eq!(outcome("hill[3](1,2,4)"), Outcome::P);
    assert_eq!(outcome("hill[1](100,200)"), Outcome::N);
    assert_eq!(outcome("hill[2](1,2,3)"), Outcome::P);
    assert_eq!(outcome("hill[3](1,2,3)"), Outcome::N);
}

#[test]
fn northcott_judge_samples() {
    assert_eq!(outcome("northcott[6](4,5,1,2,1,2)"), Outcome::P);
    assert_eq!(outcome("northcott[6](4,5,1,3,1,2)"), Outcome::N);
}

// ---------------------------------------------------------------- take, mult

#[test]
fn take_hdu_2897_misere() {
    let opts = Options {
        play: Play::Misere,
        ..Options::default()
    };
    let a = analyze(&parse("take[2..4](7)").expect("parses"), &opts).expect("analyzes");
    assert_eq!(a.outcome, Outcome::P);
    let a = analyze(&parse("take[2..4](6)").expect("parses"), &opts).expect("analyzes");
    assert_eq!(a.outcome, Outcome::N);
}

#[test]
fn take_huge_heap_uses_the_period() {
    let n: BigUint = "9".repeat(200).parse().expect("digits");
    let r = (&n % 6u32).to_string();
    let small: u64 = r.parse().expect("small");
    let want = [0u64, 1, 1, 2, 2, 0][small as usize];
    let a = analyze(
        &parse(&format!("take[2..4]({n})")).expect("parses"),
        &Options::default(),
    )
    .expect("analyzes");
    assert_eq!(a.nimber, Some(Nimber::new(want)));
}

#[test]
fn mult_judge_samples() {
    assert_eq!(outcome("mult[2..9,162](1)"), Outcome::N);
    assert_eq!(outcome("mult[2..9,17](1)"), Outcome::P);
    assert_eq!(outcome("mult[2..9,34012226](1)"), Outcome::N);
    let big = format!("1{}", "0".repeat(500));
    // The HDU rule: divide by 18 while above 18; the first player wins iff the rest is <= 9.
    let mut x: BigUint = big.parse().expect("digits");
    while x > BigUint::from(18u32) {
        x = (&x + 17u32) / 18u32;
    }
    let want = if x <= BigUint::from(9u32) {
        Outcome::N
    } else {
        Outcome::P
    };
    assert_eq!(outcome(&format!("mult[2..9,{big}](1)")), want);
}

// ---------------------------------------------------------------- tree

/// AtCoder AGC017 D: undirected edges, root 1, to a parent list (vertex 1 is the ground).
fn agc_tree(n: usize, edges: &[(usize, usize)]) -> String {
    let mut adj = vec![Vec::new(); n + 1];
    for &(x, y) in edges {
        adj[x].push(y);
        adj[y].push(x);
    }
    let mut parent = vec![0usize; n + 1];
    let mut seen = vec![false; n + 1];
    let mut stack = vec![1usize];
    seen[1] = true;
    while let Some(v) = stack.pop() {
        for &w in &adj[v] {
            if !seen[w] {
                seen[w] = true;
                parent[w] = v;
                stack.push(w);
            }
        }
    }
    // Vertex v >= 2 is node v - 1; vertex 1 is the ground 0.
    let ps: Vec<String> = (2..=n).map(|v| (parent[v] - 1).to_string()).collect();
    format!("tree({})", ps.join(","))
}

#[test]
fn tree_agc017_d_samples() {
    let s1 = agc_tree(5, &[(1, 2), (2, 3), (2, 4), (4, 5)]);
    let s2 = agc_tree(5, &[(1, 2), (2, 3), (1, 4), (4, 5)]);
    let s3 = agc_tree(6, &[(1, 2), (2, 4), (5, 1), (6, 3), (3, 2)]);
    let s4 = agc_tree(7, &[(1, 2), (3, 7), (4, 6), (2, 3), (2, 4), (1, 5)]);
    assert_eq!(outcome(&s1), Outcome::N);
    assert_eq!(outcome(&s2), Outcome::P);
    assert_eq!(outcome(&s3), Outcome::N);
    assert_eq!(outcome(&s4), Outcome::P);
    check_normal(&s1);
    check_normal(&s3);
}

#[test]
fn tree_large_path_and_broom() {
    // A path of 10^5 edges is *100000; its one winning move cuts the root edge.
    let n = 100_000;
    let path: Vec<u64> = (0..n).collect();
    let a = analyze(
        &parse(&format!("tree({})", list(&path))).expect("parses"),
        &Options::default(),
    )
    .expect("analyzes");
    assert_eq!(a.nimber, Some(Nimber::new(n)));
    assert_eq!(crate::common::total(&a), 1);
    assert_eq!(a.winning_moves[0].to, "tree()");
    // A root edge carrying 99999 leaves: G = (1 ^ 1 ^ ... ) + 1 = 2 with an odd count.
    let mut broom = vec![0u64];
    broom.extend(std::iter::repeat_n(1, 99_999));
    let a = analyze(
        &parse(&format!("tree({})", list(&broom))).expect("parses"),
        &Options::default(),
    )
    .expect("analyzes");
    assert_eq!(a.nimber, Some(Nimber::new(2)));
    assert_eq!(crate::common::total(&a), 1);
}

// ---------------------------------------------------------------- bad input

#[test]
fn bad_input_is_an_error_with_a_message() {
    assert!(parse_error("tree(2,1)").contains("ground"));
    assert!(parse_error("tree(0,3,2)").contains("cycle"));
    assert!(parse_error("tree(0,5)").contains("out of range"));
    assert!(parse_error("tree(0,2)").contains("own parent"));
    assert!(parse_error("take[4..2](5)").contains("empty"));
    assert!(parse_error("take[0..2](5)").contains("at least 1"));
    assert!(parse_error("mult[1..9,10](1)").contains("at least 2"));
    assert!(parse_error("mult[0..9,10](1)").contains("at least 2"));
    assert!(parse_error("mult[5..3,10](1)").contains("empty"));
    assert!(parse_error("mult[2..9,10](0)").contains("at least 1"));
    assert!(parse_error("staircase(1,-2)").contains("negative"));
    assert!(parse_error("georgia(1,3,3)").contains("both on cell 3"));
    assert!(parse_error("georgia(0,3)").contains("cell 0"));
    assert!(parse_error("northcott[6](1,7)").contains("off the board"));
    assert!(parse_error("northcott(2,2)").contains("different"));
    assert!(parse_error("northcott(2)").contains("two columns"));
    assert!(parse_error("hill[4](1,2,3)").contains("only 3 people"));
    assert!(parse_error("hill[2](1,2,2)").contains("both on cell 2"));
    assert!(parse_error("wythoff(1)").contains("two heaps"));
    assert!(parse_error("fibnim(1,2,3)").contains("fibnim(n, m)"));
    assert!(parse_ruleset("take[2..4]").is_ok());
}

// ---------------------------------------------------------------- property tests

fn small_tree() -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(0u64..100, 0..7).prop_map(|r| {
        r.iter()
            .enumerate()
            .map(|(i, &x)| x % (i as u64 + 1))
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn wythoff_table_and_closed_form_match_search(a in 0u64..10, b in 0u64..10, n in 0u64..4) {
        check_normal(&format!("wythoff({a},{b})"));
        check_normal(&format!("wythoff({a},{b}) + nim({n})"));
        // The outcome-only hooks against search, used for huge heaps.
        let comps = raw(&format!("wythoff({a},{b})"));
        let c = &comps[0];
        let alone = c.0.rules().outcome_alone(&c.1, crate::common::limits()).expect("ok").expect("known");
        prop_assert_eq!(alone == Outcome::P, search_value(&format!("wythoff({a},{b})")) == 0);
        let mut want: HashSet<String> = HashSet::new();
        for m in crate::common::moves(&c.0, &c.1) {
            let t = format!("wythoff({},{})", m.to[0][0], m.to[0][1]);
            if search_value(&t) == 0 { want.insert(t); }
        }
        let got: HashSet<String> = crate::common::alone(&c.0, &c.1).expect("ok").expect("known")
            .iter().map(|m| format!("wythoff({},{})", m.to[0][0], m.to[0][1])).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn fibnim_closed_form_matches_search(n in 0u64..26, m in 0u64..26, start in any::<bool>()) {
        let text = if start { format!("fibnim({n})") } else { format!("fibnim({n},{m})") };
        let comps = raw(&text);
        let c = &comps[0];
        let alone = c.0.rules().outcome_alone(&c.1, crate::common::limits()).expect("ok").expect("known");
        prop_assert_eq!(alone == Outcome::P, search_value(&text) == 0, "{}", text);
        let want: HashSet<String> = crate::common::moves(&c.0, &c.1).iter()
            .map(|mv| format!("fibnim({})", mv.to[0].iter().map(ToString::to_string).collect::<Vec<_>>().join(",")))
            .filter(|t| search_value(t) == 0).collect();
        let got: HashSet<String> = crate::common::alone(&c.0, &c.1).expect("ok").expect("known").iter()
            .map(|mv| format!("fibnim({})", mv.to[0].iter().map(ToString::to_string).collect::<Vec<_>>().join(",")))
            .collect();
        prop_assert_eq!(got, want, "{}", text);
        check_normal(&format!("{text} + nim(2)"));
    }

    #[test]
    fn staircase_georgia_northcott_match_search(
        stairs in prop::collection::vec(0u64..4, 0..5),
        cells in prop::collection::btree_set(1u64..9, 1..4),
        rows in prop::collection::vec((1u64..7, 1u64..7), 1..3),
        n in 0u64..4,
    ) {
        check_normal(&format!("staircase({})", list(&stairs)));
        check_normal(&format!("staircase({}) + nim({n})", list(&stairs)));
        let cells: Vec<u64> = cells.into_iter().rev().collect();
        check_normal(&format!("georgia({}) + nim({n})", list(&cells)));
        let rows: Vec<u64> = rows.iter().filter(|(t, j)| t != j).flat_map(|&(t, j)| [t, j]).collect();
        check_normal(&format!("northcott[6]({}) + nim({n})", list(&rows)));
    }

    #[test]
    fn hill_key_matches_search(cells in prop::collection::btree_set(1u64..8, 1..5), k in 1usize..5) {
        let cells: Vec<u64> = cells.into_iter().collect();
        let k = k.min(cells.len());
        let text = format!("hill[{k}]({})", list(&cells));
        let comps = raw(&text);
        let c = &comps[0];
        let alone = c.0.rules().outcome_alone(&c.1, crate::common::limits()).expect("ok").expect("known");
        prop_assert_eq!(alone == Outcome::P, search_value(&text) == 0, "{}", text);
        let a = analyze(&parse(&text).expect("parses"), &Options::default()).expect("analyzes");
        let wins = Solver::new(Limits::default()).winning_moves(&comps).expect("searches");
        prop_assert_eq!(crate::common::total(&a), wins.len());
        if let Some(ms) = crate::common::alone(&c.0, &c.1).expect("ok") {
            prop_assert_eq!(ms.len(), wins.len(), "{}", text);
        }
    }

    #[test]
    fn take_period_matches_search_and_misere(p in 1u64..5, extra in 0u64..4, heaps in prop::collection::vec(0u64..30, 1..3)) {
        let q = p + extra;
        check_normal(&format!("take[{p}..{q}]({})", list(&heaps)));
        let small: Vec<u64> = heaps.iter().map(|h| h % 12).collect();
        check_misere(&format!("take[{p}..{q}]({})", list(&small)));
    }

    #[test]
    fn mult_intervals_match_search(a in 2u64..5, extra in 0u64..4, goal in 1u64..400, p in 1u64..60) {
        let b = a + extra;
        let text = format!("mult[{a}..{b},{goal}]({p})");
        let comps = raw(&text);
        let c = &comps[0];
        let alone = c.0.rules().outcome_alone(&c.1, crate::common::limits()).expect("ok").expect("known");
        prop_assert_eq!(alone == Outcome::P, search_value(&text) == 0, "{}", text);
        let got = crate::common::alone(&c.0, &c.1).expect("ok").expect("known").len();
        let wins = Solver::new(Limits::default()).winning_moves(&comps).expect("searches");
        prop_assert_eq!(got, wins.len(), "{}", text);
        check_normal(&format!("{text} + nim(1)"));
        if goal < 60 {
            check_misere(&format!("{text} + mult[{a}..{b},{goal}](2)"));
        }
    }

    #[test]
    fn tree_colon_principle_matches_search(t in small_tree(), u in small_tree()) {
        check_normal(&format!("tree({})", list(&t)));
        check_normal(&format!("tree({}) + tree({})", list(&t), list(&u)));
        if t.len() <= 4 && u.len() <= 4 {
            check_misere(&format!("tree({}) + tree({})", list(&t), list(&u)));
        }
    }

    #[test]
    fn misere_wythoff_fibnim_staircase(a in 0u64..4, b in 0u64..4, n in 0u64..8, s in prop::collection::vec(0u64..3, 0..3)) {
        check_misere(&format!("wythoff({a},{b}) + fibnim({n})"));
        check_misere(&format!("staircase({}) + georgia(2,4)", list(&s)));
        check_misere(&format!("northcott(1,{}) + hill[2](1,{})", a + 3, b + 2));
    }
}
