//! Property tests: printing and parsing agree, options are well formed.

use grundy_heap::{Code, HeapRules, SubSet};
use proptest::prelude::*;

/// Random code text: a d0 from {0,4,8,c}, up to 6 digits, an optional repeating block.
pub fn code_text() -> impl Strategy<Value = String> {
    let d0 = prop::sample::select(vec!["0", "4", "8", "c", "4!", "8!"]);
    let digit = (0u8..16, any::<bool>())
        .prop_map(|(d, bang)| format!("{:x}{}", d, if bang { "!" } else { "" }));
    let finite = prop::collection::vec(digit.clone(), 0..6);
    let repeat = prop::option::of(prop::collection::vec(digit, 1..3));
    (d0, finite, repeat).prop_map(|(d0, f, r)| {
        let mut s = format!("{d0}.{}", f.concat());
        if let Some(r) = r {
            s.push('[');
            s.push_str(&r.concat());
            s.push(']');
        }
        s
    })
}

proptest! {
    #[test]
    fn code_print_parse_roundtrip(text in code_text()) {
        let c = Code::parse(&text).expect("generated codes are valid");
        let again = Code::parse(&c.to_string()).expect("canonical text parses");
        prop_assert_eq!(&again, &c);
        prop_assert_eq!(again.to_string(), c.to_string());
    }

    #[test]
    fn canonical_code_has_same_options(text in code_text(), n in 0u64..25) {
        // Normalisation must not change the game: a second spelling that unrolls the
        // repeating block once (or appends a zero to a finite code) has the same options.
        let c = Code::parse(&text).expect("generated codes are valid");
        let unrolled = match text.find('[') {
            Some(open) => {
                let block = &text[open + 1..text.len() - 1];
                format!("{}{}[{}]", &text[..open], block, block)
            }
            None => format!("{text}0"),
        };
        let u = Code::parse(&unrolled).expect("unrolled codes are valid");
        prop_assert_eq!(&u, &c);
        prop_assert_eq!(c.options(n), u.options(n));
        for m in c.options(n) {
            prop_assert!(m.parts.iter().all(|&p| p > 0));
            prop_assert!(m.parts.windows(2).all(|w| w[0] <= w[1]));
            prop_assert_eq!(m.take + m.parts.iter().sum::<u64>(), n);
        }
    }

    #[test]
    fn subset_print_parse_roundtrip(items in prop::collection::vec((1u64..40, 0u64..5), 1..6)) {
        let text: Vec<String> = items
            .iter()
            .map(|&(lo, w)| if w == 0 { lo.to_string() } else { format!("{lo}..{}", lo + w) })
            .collect();
        let s = SubSet::parse(&text.join(",")).expect("generated sets are valid");
        let again = SubSet::parse(&s.to_string()).expect("canonical text parses");
        prop_assert_eq!(&again, &s);
        for k in 0..50u64 {
            let expected = items.iter().any(|&(lo, w)| lo <= k && k <= lo + w);
            prop_assert_eq!(s.contains(k), expected);
        }
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,12}") {
        let _ = Code::parse(&text);
        let _ = SubSet::parse(&text);
        let _ = HeapRules::parse(&text);
    }
}

/// Random rules for the agreement tests: codes without digits that leave three heaps
/// (those are O(n^3) for brute force too) plus a few with them, and subtraction sets.
pub fn rules_text() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => code_text().prop_map(|c| format!("tb[{c}]")),
        2 => prop::collection::vec(1u64..12, 1..5).prop_map(|v| {
            let s: Vec<String> = v.iter().map(u64::to_string).collect();
            format!("sub[{}]", s.join(","))
        }),
        1 => Just("sub[pow2]".to_string()),
        1 => Just("sub[fib]".to_string()),
        1 => (1u64..4, 260u64..300).prop_map(|(a, b)| format!("sub[{a}..{b},{}]", b + 5)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn fast_path_equals_brute_force(text in rules_text(), n in 0usize..90, sparse: bool, parallel: bool) {
        use grundy_heap::{naive_values, values, Limits};
        let rules = HeapRules::parse(&text).expect("generated rules are valid");
        // Three-way splits are cubic in brute force; keep those tables short.
        let n = if text.contains('8') || text.contains('c') || text.contains('9')
            || text.contains('a') || text.contains('b') || text.contains('d')
            || text.contains('e') || text.contains('f') { n.min(40) } else { n };
        let how = grundy_heap::Strategy { sparse, parallel };
        let fast = values(&rules, n, &Limits::default(), how).expect("small tables fit");
        prop_assert_eq!(fast.to_vec(), naive_values(&rules, n));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn resuming_from_any_prefix_gives_the_same_table(text in rules_text(), n in 0usize..80, cut in 0usize..80) {
        // Resumed runs rebuild every kernel's state from the prefix alone.
        use grundy_heap::{extend, values, Limits};
        let rules = HeapRules::parse(&text).expect("generated rules are valid");
        let n = if text.contains(|c: char| "89abcdef".contains(c)) { n.min(30) } else { n };
        let (l, s) = (Limits::default(), grundy_heap::Strategy::default());
        let whole = values(&rules, n, &l, s).expect("small tables fit");
        let prefix = values(&rules, cut.min(n), &l, s).expect("small tables fit");
        prop_assert_eq!(extend(&rules, prefix, n, &l, s).expect("small tables fit"), whole);
    }
}

/// Splitting codes `d0.digits` (a digit with `!` leaves two unequal heaps).
fn split_code() -> impl Strategy<Value = HeapRules> {
    (
        prop::collection::vec((0u8..8, any::<bool>()), 1..5),
        prop::sample::select(vec!["0", "4", "4!"]),
    )
        .prop_map(|(digits, d0)| {
            let body: String = digits
                .iter()
                .map(|&(d, bang)| format!("{d}{}", if bang { "!" } else { "" }))
                .collect();
            HeapRules::parse(&format!("tb[{d0}.{body}]")).expect("valid code")
        })
}

/// The fast path (rare/common split, in parallel and on one thread) against full scans of
/// every pair.
fn fast_equals_full_scans(rules: &HeapRules, n: usize) -> Result<(), TestCaseError> {
    use grundy_heap::{values, Limits, Strategy};
    let fast = values(rules, n, &Limits::default(), Strategy::default()).expect("fits");
    let one_thread = Strategy {
        parallel: false,
        sparse: true,
    };
    let full = Strategy {
        sparse: false,
        parallel: false,
    };
    let l = Limits::default();
    let want = values(rules, n, &l, full).expect("fits");
    prop_assert_eq!(&values(rules, n, &l, one_thread).expect("fits"), &want);
    prop_assert_eq!(fast, want);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn sparse_split_equals_full_scans(rules in split_code(), n in 300usize..2500) {
        // The rare/common split is chosen from 256 heaps on, so these tables exercise it;
        // with `sparse: false` every heap scans all its pairs.
        fast_equals_full_scans(&rules, n)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    #[test]
    fn block_mode_equals_full_scans(rules in split_code(), n in 4500usize..7000) {
        // Past 4096 heaps with a rare/common split in force, the kernel works in blocks
        // (parallel marks, then a serial pass); full scans share none of that machinery.
        fast_equals_full_scans(&rules, n)?;
    }
}

/// Codes with hexadecimal digits (8 to f leave three heaps), some with `!`.
fn three_way_code() -> impl Strategy<Value = HeapRules> {
    (
        prop::collection::vec((0u8..16, any::<bool>()), 1..4),
        prop::sample::select(vec!["0", "4", "8", "c", "8!"]),
    )
        .prop_filter_map("a valid code that leaves three heaps", |(digits, d0)| {
            let body: String = digits
                .iter()
                .map(|&(d, bang)| format!("{d:x}{}", if bang { "!" } else { "" }))
                .collect();
            let rules = HeapRules::parse(&format!("tb[{d0}.{body}]")).ok()?;
            let three =
                d0.starts_with('8') || d0.starts_with('c') || digits.iter().any(|&(d, _)| d >= 8);
            three.then_some(rules)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn three_way_splits_equal_brute_force(rules in three_way_code(), n in 60usize..260) {
        // The kernel reaches three heaps through pair sets translated by XOR; brute force
        // lists every move of the code.
        use grundy_heap::{naive_values, values, Limits};
        let fast = values(&rules, n, &Limits::default(), grundy_heap::Strategy::default()).expect("fits");
        prop_assert_eq!(fast.to_vec(), naive_values(&rules, n), "{}", rules);
    }
}

#[test]
fn three_way_splits_past_the_pair_set_budget() {
    // A quarter of the memory limit goes to pair sets; past it the kernel enumerates
    // triples. A small limit makes the switch happen mid-table.
    use grundy_heap::{naive_values, values};
    for code in ["tb[0.38]", "tb[8.0]", "tb[4.c]", "tb[0.8!c]"] {
        let rules = HeapRules::parse(code).expect("valid code");
        let opts = crate::memory(20_000);
        let fast = values(&rules, 300, &opts, grundy_heap::Strategy::default()).expect("fits");
        assert_eq!(fast.to_vec(), naive_values(&rules, 300), "{code}");
    }
}
