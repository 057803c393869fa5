//! The expression parser: errors with columns, canonical printing, and a fuzz-style test.

use grundy::analysis::{analyze, Options};
use grundy::expr::parse;
use grundy::Outcome;
use proptest::prelude::*;

fn err(text: &str) -> crate::common::PErr {
    crate::common::parse_err(text)
}

#[test]
fn errors_name_the_column_and_what_was_expected() {
    let e = err("nim(3,4");
    assert_eq!(e.column, 8);
    assert!(e.message.contains("expected ',' or ')'"), "{}", e.message);

    let e = err("nimm(3)");
    assert_eq!(e.column, 1);
    assert!(
        e.message.contains("unknown ruleset 'nimm'"),
        "{}",
        e.message
    );
    assert!(e.message.contains("did you mean 'nim'"), "{}", e.message);

    let e = err("nim(3, -4)");
    assert_eq!(e.column, 8);
    assert!(e.message.contains("negative"), "{}", e.message);

    let e = err("sub[](3)");
    assert_eq!(e.column, 5);

    let e = err("tb[0.0g](3)");
    assert_eq!(e.column, 7, "{}", e.message);

    let e = err("tb[0.07(3)");
    assert_eq!(e.column, 3, "{}", e.message);

    let e = err("(nim(3) + *2");
    assert!(e.message.contains("expected ')'"), "{}", e.message);

    let e = err("nim(3) +");
    assert_eq!(e.column, 9);

    let e = err("3");
    assert!(e.message.contains("*3"), "{}", e.message);

    let e = err("");
    assert_eq!(e.column, 1);

    let e = err("nim[1](3)");
    assert!(e.message.contains("no parameters"), "{}", e.message);

    let e = err("tb(3)");
    assert!(e.message.contains("needs parameters"), "{}", e.message);
}

#[test]
fn canonical_forms() {
    let cases = [
        ("nim( 3 , 4,5 )", "nim(3,4,5)"),
        ("(nim(1) + (*2 + 0)) + *1", "nim(1) + *2 + *"),
        ("0", "0"),
        ("*0", "0"),
        ("tb[0.070](5)", "tb[0.07](5)"),
        ("nim(10^3)", "nim(1000)"),
    ];
    for (text, want) in cases {
        assert_eq!(parse(text).unwrap().to_string(), want, "{text}");
    }
}

#[test]
fn nesting_is_bounded_not_a_stack_overflow() {
    let deep = format!("{}nim(1){}", "(".repeat(100_000), ")".repeat(100_000));
    let e = err(&deep);
    assert!(e.message.contains("nested"), "{}", e.message);
}

#[test]
fn huge_nim_heaps_are_exact() {
    let a = "7".repeat(300);
    let b = "5".repeat(300);
    let pos = parse(&format!("nim({a},{b})")).unwrap();
    let r = analyze(&pos, &Options::default()).unwrap();
    assert_eq!(r.outcome, Outcome::N);
    assert_eq!(crate::common::total(&r), 1);
    let pos = parse(&format!("nim({a},{a})")).unwrap();
    let r = analyze(&pos, &Options::default()).unwrap();
    assert_eq!(r.outcome, Outcome::P);
}

#[test]
fn search_only_games_refuse_astronomic_heaps() {
    let pos = parse("tb[0.6](10^100)").unwrap();
    let e = analyze(&pos, &Options::default()).unwrap_err();
    assert!(e.to_string().contains("too large"), "{e}");
}

/// Random text over the expression alphabet must never panic.
fn noise() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "nimsubtb[]()*+,.!0123456789^- \"abc\\xyz_"
        .chars()
        .collect();
    prop::collection::vec(prop::sample::select(alphabet), 0..40)
        .prop_map(|v| v.into_iter().collect())
}

/// Mutations of valid expressions: the nearest misses are the most interesting inputs.
fn mutated() -> impl Strategy<Value = String> {
    let seeds = vec![
        "nim(3,4,5)",
        "sub[1,3,4](10) + *2",
        "tb[0.07](20,3)",
        "tb[4!.0](9)",
        "sub[1..5](7)",
        "tb[0.[3]](4) + (nim(1) + *)",
        "sub[pow2](9)",
        "wythoff(4,7)",
        "fibnim(20) + fibnim(7,3)",
        "staircase(3,1,2)",
        "georgia(1,5,6)",
        "hill[2](1,2,4)",
        "northcott[6](4,5,1,3)",
        "take[2..4](7)",
        "mult[2..9,162](1)",
        "tree(0,1,1,2)",
        "turtles(3,5)",
        "beans[4](0,1)",
        "dag[1,2;;3;](0,2)",
    ];
    (
        prop::sample::select(seeds),
        0usize..30,
        any::<char>(),
        0u8..3,
    )
        .prop_map(|(s, at, c, op)| {
            let mut v: Vec<char> = s.chars().collect();
            let at = at % (v.len() + 1);
            match op {
                0 => v.insert(at, c),
                1 if at < v.len() => {
                    v.remove(at);
                }
                _ if at < v.len() => v[at] = c,
                _ => {}
            }
            v.into_iter().collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_text_never_panics(s in noise()) {
        if let Ok(p) = parse(&s) {
            // Whatever parses prints to text that parses to the same position.
            prop_assert_eq!(parse(&p.to_string()).unwrap(), p);
        }
    }

    #[test]
    fn mutated_expressions_never_panic(s in mutated()) {
        match parse(&s) {
            Ok(p) => {
                prop_assert_eq!(parse(&p.to_string()).unwrap(), p.clone());
                let limits = grundy::solve::Limits::default().with_nodes(20_000);
                let opts = Options { limits, ..Options::default() };
                // Either an answer or a typed error; never a panic. Large heaps are skipped
                // only to keep the test fast (their tables are tested elsewhere).
                let printed = p.to_string();
                let big = printed.split(|c: char| !c.is_ascii_digit()).any(|w| w.len() > 3);
                if !big {
                    let _ = analyze(&p, &opts);
                }
            }
            Err(e) => prop_assert!(e.column().is_some_and(|c| c >= 1 && c <= s.chars().count() + 1)),
        }
    }
}

#[test]
fn bracket_numbers_are_written_as_arguments_are() {
    // `10^k` works inside brackets too; the canonical form spells the number out.
    let p = parse("mult[2..9,10^3](1)").expect("valid");
    assert_eq!(p.to_string(), "mult[2..9,1000](1)");
    assert_eq!(
        parse("mult[2..9, 10^3](1)").expect("valid"),
        parse("mult[2..9,1000](1)").expect("valid")
    );
    assert_eq!(
        parse("take[1..10^2](50)").expect("valid").to_string(),
        "take[1..100](50)"
    );
    assert_eq!(
        parse("beans[10^1](3)").expect("valid").to_string(),
        "beans[10](3)"
    );
    // Errors still point at the number and say what was expected.
    let e = err("mult[2..9,x](1)");
    assert_eq!(e.column, 11, "{}", e.message);
    assert!(e.message.contains("10^6"), "{}", e.message);
    assert!(err("mult[2..9,-5](1)").message.contains("negative"));
    assert!(err("hill[10^30](1,2)").message.contains("too large"));
    assert!(err("take[1..2^](5)").message.contains("exponent"));
}
