//! Script families in the engine: registered, parsed, solved in sums with built-ins, in normal
//! and misere play, with cycles; checked against the built-in families and against Smith's
//! algorithm run directly on the same graph.

use grundy::analysis::Options;
use grundy::{api, Error, Outcome, Play, Registry, Value};
use grundy_script::Sandbox;
use proptest::prelude::*;

/// Lasker's Nim exactly as the contract writes it.
pub const LASKER: &str = "fn moves(n) {
    let out = [];
    for k in 1..=n { out.push(n - k); }
    for a in 1..n { if a <= n - a { out.push(sum([a, n - a])); } }
    out
}";

/// The subtraction game with the set {1, 3, 4}.
pub const SUB134: &str = "const S = [1, 3, 4];
fn moves(n) {
    let out = [];
    for k in S { if k <= n { out.push(n - k); } }
    out
}";

/// A registry with the built-ins and the given scripts, named by their origins.
pub fn registry(scripts: &[(&str, &str)]) -> Registry {
    let mut reg = Registry::builtin();
    for (origin, src) in scripts {
        if let Err(e) = grundy_script::register(&mut reg, src, origin, &Sandbox::default()) {
            panic!("{origin}: {e}");
        }
    }
    reg
}

/// The analysis of `expr`, which must succeed.
pub fn analyze(reg: &Registry, expr: &str, play: Play) -> grundy::analysis::Analysis {
    match api::analyze(reg, expr, &Options::for_play(play)) {
        Ok(a) => a,
        Err(e) => panic!("{expr}: {e}"),
    }
}

fn values(reg: &Registry, ruleset: &str, to: u32) -> Vec<u32> {
    match api::table(reg, ruleset, &to.into(), &Default::default()) {
        Ok(t) => t.values.iter().collect(),
        Err(e) => panic!("{ruleset}: {e}"),
    }
}

#[test]
fn lasker_table_equals_the_builtin_code() {
    let reg = registry(&[("games/lasker.rhai", LASKER)]);
    assert_eq!(values(&reg, "lasker", 120), values(&reg, "tb[4.[3]]", 120));
    let t = api::table(&reg, "lasker", &120u32.into(), &Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let p = t.period.unwrap_or_else(|| panic!("no period"));
    // Lasker's Nim: period 4 with saltus 4 from the start, seen but not proven.
    assert_eq!(
        (p.preperiod, p.period, p.saltus, p.proven),
        (1, 4, 4, false)
    );
}

#[test]
fn subtraction_table_equals_the_builtin_set() {
    let reg = registry(&[("games/s134.rhai", SUB134)]);
    assert_eq!(values(&reg, "s134", 200), values(&reg, "sub[1,3,4]", 200));
}

#[test]
fn sums_mix_scripts_and_builtins() {
    let reg = registry(&[("games/lasker.rhai", LASKER), ("games/s134.rhai", SUB134)]);
    // G(lasker 7) = 8, G(s134 7) = 0 (period 7: 0,1,0,1,2,3,2), nim 8: 8 ^ 0 ^ 8 = 0.
    let a = analyze(&reg, "lasker(7) + s134(7) + nim(8)", Play::Normal);
    assert_eq!(a.outcome, Outcome::P);
    let a = analyze(&reg, "lasker(7) + s134(12) + nim(3)", Play::Normal);
    assert_eq!(a.outcome, Outcome::N);
    // A move that splits a heap is written as a sum of terms, and reads back the same:
    // G(6) = 6 and G(1) ^ G(5) = 1 ^ 5 = 4 = G(nim 4).
    let a = analyze(&reg, "lasker(6) + nim(4)", Play::Normal);
    let split = a.winning_moves.iter().find(|m| m.to.contains("lasker(1)"));
    let split = split.unwrap_or_else(|| panic!("{:?}", a.winning_moves));
    assert_eq!(split.to, "lasker(1) + lasker(5) + nim(4)");
    let back = reg.parse(&split.to).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.to_string(), split.to);
    // Every winning move parses back to a P-position.
    assert!(!a.winning_moves.is_empty());
    for m in &a.winning_moves {
        assert_eq!(
            analyze(&reg, &m.to, Play::Normal).outcome,
            Outcome::P,
            "{}",
            m.to
        );
    }
}

#[test]
fn script_errors_name_file_line_and_column() {
    let src = "fn moves(n) {\n    if n == 3 { throw \"no moves from 3\"; }\n    [n - 1]\n}";
    let reg = registry(&[("games/bad.rhai", src)]);
    let e = match api::analyze(&reg, "bad(5)", &Options::default()) {
        Ok(a) => panic!("expected an error, got {a:?}"),
        Err(e) => e,
    };
    assert_eq!(e.kind(), grundy::ErrorKind::Input);
    let text = e.to_string();
    assert!(
        text.starts_with("games/bad.rhai:2:17: no moves from 3"),
        "{text}"
    );
    // A limit is a limit, with its name.
    let src = "fn moves(n) { loop { } }";
    let reg = registry(&[("games/spin.rhai", src)]);
    let e = api::analyze(&reg, "spin(1)", &Options::default()).err();
    let e = e.unwrap_or_else(|| panic!("no error"));
    assert_eq!(e.kind(), grundy::ErrorKind::Limit);
    assert!(e.to_string().contains("operations in one call"), "{e}");
    // The typed limit carries the key a front names in its own words.
    assert_eq!(
        e.limit_reached(),
        Some(&grundy::Limit::Script("operations".into()))
    );
    assert!(!e.to_string().contains("--script-limit"), "{e}");
}

#[test]
fn names_are_checked_when_registering() {
    let mut reg = Registry::builtin();
    let e = grundy_script::register(
        &mut reg,
        "fn moves(p) { [] }",
        "games/nim.rhai",
        &Sandbox::default(),
    );
    assert!(matches!(e, Err(Error::Input { .. })), "{e:?}");
    assert!(grundy_script::register(
        &mut reg,
        "const NAME = \"mine\"; fn moves(p) { [] }",
        "x.rhai",
        &Sandbox::default()
    )
    .is_ok());
    assert!(reg.find("mine").is_some());
}

#[test]
fn positions_of_strings_and_lists_print_and_parse_back() {
    // Positions of every shape: all the arguments of a term make one position.
    let src = "const ARITY = \"all\"; fn moves(p) {
        if type_of(p) == \"string\" { if p.len() == 0 { return []; } return [p.sub_string(1)]; }
        if p.len() == 0 { return []; }
        let q = p; q.pop(); [q, \"ab\"]
    }";
    let reg = registry(&[("games/shapes.rhai", src)]);
    for expr in [
        "shapes(\"abc\")",
        "shapes(1, \"[2, \\\"x\\\"]\", 3)",
        "shapes(\"[7]\")",
        "shapes()",
    ] {
        let pos = reg.parse(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
        let again = reg
            .parse(&pos.to_string())
            .unwrap_or_else(|e| panic!("{pos}: {e}"));
        assert_eq!(pos, again, "{expr}");
        let a = analyze(&reg, expr, Play::Normal);
        for m in &a.winning_moves {
            let p = reg.parse(&m.to).unwrap_or_else(|e| panic!("{}: {e}", m.to));
            assert_eq!(p.to_string(), m.to);
        }
    }
    // A list argument of one element stays a list.
    let one = reg
        .parse("shapes(\"[7]\")")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(one.to_string(), "shapes(\"[7]\")");
}

#[test]
fn arguments_beyond_64_bits_are_input_errors() {
    let reg = registry(&[("games/lasker.rhai", LASKER)]);
    let e = api::analyze(&reg, "lasker(10^30)", &Options::default()).err();
    assert!(matches!(e, Some(Error::Input { .. })), "{e:?}");
}

/// A script whose positions are the vertices of a graph given by its successor lists.
fn graph_script(succ: &[Vec<u32>]) -> String {
    let lists: Vec<String> = succ
        .iter()
        .map(|s| {
            format!(
                "[{}]",
                s.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    format!("const E = [{}];\nfn moves(v) {{ E[v] }}", lists.join(", "))
}

#[test]
fn cycles_give_draws_and_loopy_values() {
    // 0 <-> 1, 1 -> 2 (terminal); 3 <-> 4 alone; 5 has a self-loop and a move to 2.
    let succ = vec![vec![1], vec![0, 2], vec![], vec![4], vec![3], vec![5, 2]];
    let reg = registry(&[("games/g.rhai", &graph_script(&succ))]);
    let a = analyze(&reg, "g(0)", Play::Normal);
    assert_eq!(
        (a.outcome, a.value.clone()),
        (Outcome::P, Some(Value::Finite(0u32.into())))
    );
    let a = analyze(&reg, "g(1)", Play::Normal);
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 2, "{:?}", a.winning_moves);
    let a = analyze(&reg, "g(3)", Play::Normal);
    assert_eq!(a.outcome, Outcome::D);
    assert_eq!(a.value, Some(Value::Infinite(vec![])));
    assert_eq!(a.drawing_moves.len(), 1);
    let a = analyze(&reg, "g(5)", Play::Normal);
    assert_eq!(a.value, Some(Value::Infinite(vec![0])));
    assert_eq!(a.outcome, Outcome::N);
    // In a sum with a nimber: ∞(0) + *1 = ∞(1), a draw.
    let a = analyze(&reg, "g(5) + *1", Play::Normal);
    assert_eq!(a.outcome, Outcome::D);
    // Misere play of the cycle 0 <-> 1 -> 2: from 1 the move to 2 leaves the opponent without
    // a move, who then wins; so 1 moves to 0, and 0 must move back: a draw.
    let a = analyze(&reg, "g(1)", Play::Misere);
    assert_eq!(a.outcome, Outcome::D);
    let a = analyze(&reg, "g(2)", Play::Misere);
    assert_eq!(a.outcome, Outcome::N);
    // A table of a game with cycles explains why it has none.
    let e = api::table(&reg, "g", &3u32.into(), &Default::default()).err();
    assert!(matches!(e, Some(Error::Unsupported { .. })), "{e:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Smith's values found through the script equal those of the graph solved directly.
    #[test]
    fn loopy_scripts_agree_with_the_graph_solver(
        succ in proptest::collection::vec(proptest::collection::vec(0u32..7, 0..3), 7)
    ) {
        let reg = registry(&[("games/g.rhai", &graph_script(&succ))]);
        let mut edges = Vec::new();
        for (v, s) in succ.iter().enumerate() {
            for &w in s {
                edges.push((v as u32, w));
            }
        }
        let graph = grundy_graph::Graph::from_edges(7, &edges).unwrap_or_else(|e| panic!("{e}"));
        let solved = grundy_graph::solve(&graph);
        let misere = grundy_graph::misere_outcomes(&graph);
        for v in 0..7u32 {
            let a = analyze(&reg, &format!("g({v})"), Play::Normal);
            prop_assert_eq!(a.value, Some(solved.value(&graph, v)), "vertex {}", v);
            prop_assert_eq!(a.outcome, solved.outcome(&graph, v));
            let a = analyze(&reg, &format!("g({v})"), Play::Misere);
            prop_assert_eq!(a.outcome, misere[v as usize], "misere vertex {}", v);
        }
    }

    /// Script Lasker's Nim and subtraction game equal the built-ins in sums, in normal play
    /// (value, outcome, number of winning moves) and misere play (outcome).
    #[test]
    fn scripts_equal_builtins_on_random_sums(
        l in proptest::collection::vec(0u32..40, 1..3),
        s in proptest::collection::vec(0u32..60, 0..3),
        n in 0u32..16,
    ) {
        let reg = registry(&[("games/lasker.rhai", LASKER), ("games/s134.rhai", SUB134)]);
        // A script's arguments make one position, so a sum of heaps is a sum of terms.
        let terms = |name: &str, v: &[u32]| {
            v.iter().map(|h| format!(" + {name}({h})")).collect::<String>()
        };
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        let script = format!("nim({n}){}{}", terms("lasker", &l), terms("s134", &s));
        let mut builtin = format!("nim({n}) + tb[4.[3]]({})", list(&l));
        if !s.is_empty() {
            builtin.push_str(&format!(" + sub[1,3,4]({})", list(&s)));
        }
        let a = analyze(&reg, &script, Play::Normal);
        let b = analyze(&reg, &builtin, Play::Normal);
        prop_assert_eq!(&a.nimber, &b.nimber);
        prop_assert_eq!(a.outcome, b.outcome);
        prop_assert_eq!(&a.winning_moves_total, &b.winning_moves_total);
        if l.iter().chain(&s).all(|&h| h < 9) && n < 6 {
            let a = analyze(&reg, &script, Play::Misere);
            let b = analyze(&reg, &builtin, Play::Misere);
            prop_assert_eq!(a.outcome, b.outcome);
            prop_assert_eq!(a.winning_moves.len(), b.winning_moves.len());
        }
    }
}
