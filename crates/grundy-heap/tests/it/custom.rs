//! Custom heap rules ([`HeapMoves`]): the custom kernel against an independent recursive
//! brute force, against the other kernels on the same games, and the window certificate
//! against the one of subtraction sets.

use std::collections::HashMap;

use grundy_heap::{
    find_period, values, CustomRules, HeapError, HeapMoves, HeapRules, Limits, Strategy, SubSet,
    Window,
};
use proptest::prelude::*;

/// A pseudo-random heap game: from a heap of n, each rule (take, parts) whose take fits
/// leaves the remainder split into `parts` heaps by a hash of (n, rule); a mix no code or
/// subtraction set describes.
struct Hashed {
    seed: u64,
    rules: Vec<(u64, u8)>,
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x
}

impl HeapMoves for Hashed {
    fn name(&self) -> String {
        format!("hashed{}", self.seed)
    }

    fn options(&self, n: u64, each: &mut dyn FnMut(&[u64])) {
        for (i, &(take, parts)) in self.rules.iter().enumerate() {
            if take > n {
                continue;
            }
            let rest = n - take;
            let h = mix(self.seed ^ (n << 8) ^ i as u64);
            match parts {
                0 => each(&[rest]),
                1 if rest >= 2 => {
                    let a = 1 + h % (rest - 1);
                    each(&[a, rest - a]);
                }
                _ if rest >= 3 => {
                    let a = 1 + h % (rest - 2);
                    let b = 1 + (h >> 20) % (rest - a - 1).max(1);
                    let b = b.min(rest - a - 1);
                    each(&[a, b, rest - a - b]);
                }
                _ => each(&[]),
            }
        }
    }
}

/// G(n) by recursion on the options with a memo: nothing of the kernels.
fn brute(moves: &dyn HeapMoves, n: u64, memo: &mut HashMap<u64, u32>) -> u32 {
    if let Some(&v) = memo.get(&n) {
        return v;
    }
    let mut opts = Vec::new();
    moves.options(n, &mut |parts| opts.push(parts.to_vec()));
    let mut seen = std::collections::BTreeSet::new();
    for parts in opts {
        let v = parts.iter().fold(0, |acc, &p| acc ^ brute(moves, p, memo));
        seen.insert(v);
    }
    let v = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    memo.insert(n, v);
    v
}

/// The options of a built-in rules value, listed through its own code, as custom moves.
struct Relisted(HeapRules, Option<Window>);

impl HeapMoves for Relisted {
    fn name(&self) -> String {
        format!("relisted {}", self.0)
    }
    fn options(&self, n: u64, each: &mut dyn FnMut(&[u64])) {
        match &self.0 {
            HeapRules::Tb(code) => {
                for m in code.options(n) {
                    each(&m.parts);
                }
            }
            HeapRules::Sub(set) => {
                for k in set.options(n) {
                    each(&[n - k]);
                }
            }
            HeapRules::Custom(c) => c.options(n, each),
        }
    }
    fn window(&self) -> Option<Window> {
        self.1
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn custom_kernel_equals_recursive_brute_force(
        seed in any::<u64>(),
        rules in prop::collection::vec((0u64..5, 0u8..3), 1..5),
        n in 1usize..120,
    ) {
        // A take of 0 that leaves one heap would not shrink it.
        let rules: Vec<(u64, u8)> = rules.into_iter().map(|(t, p)| (t.max(u64::from(p == 0)), p)).collect();
        let game = Hashed { seed, rules: rules.clone() };
        let mut memo = HashMap::new();
        let want: Vec<u32> = (0..n as u64).map(|h| brute(&game, h, &mut memo)).collect();
        let got = values(&HeapRules::Custom(CustomRules::new(game)), n, &Limits::default(), Strategy::default()).unwrap();
        prop_assert_eq!(got.to_vec(), want);
    }

    #[test]
    fn custom_kernel_equals_the_code_kernels(text in crate::props::rules_text(), n in 0usize..200) {
        // The sparse, repeating, three-way and subtraction kernels share nothing with the
        // custom one but the options.
        let rules = HeapRules::parse(&text).unwrap();
        let custom = HeapRules::Custom(CustomRules::new(Relisted(rules.clone(), None)));
        let o = (Limits::default(), Strategy::default());
        prop_assert_eq!(values(&custom, n, &o.0, o.1).unwrap(), values(&rules, n, &o.0, o.1).unwrap());
    }

    #[test]
    fn window_certificate_is_the_subtraction_certificate(
        set in prop::collection::btree_set(1u64..12, 1..5),
        n in 20usize..400,
    ) {
        let text: Vec<String> = set.iter().map(u64::to_string).collect();
        let sub = SubSet::parse(&text.join(",")).unwrap();
        let s = sub.max().unwrap();
        let rules = HeapRules::Sub(sub);
        let custom = HeapRules::Custom(CustomRules::new(Relisted(
            rules.clone(),
            Some(Window { size: s, from: s }),
        )));
        let o = (Limits::default(), Strategy::default());
        let (a, b) = (values(&rules, n, &o.0, o.1).unwrap(), values(&custom, n, &o.0, o.1).unwrap());
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(find_period(&rules, &a), find_period(&custom, &b));
        prop_assert!(custom.certifiable());
    }
}

#[test]
fn proven_periods_extend_tables_exactly() {
    // With a window the driver fills long tables from the proven period; without one it
    // computes every value. Both must agree with the brute force.
    struct Take(u64, u64, bool);
    impl HeapMoves for Take {
        fn name(&self) -> String {
            format!("take{}-{}-{}", self.0, self.1, self.2)
        }
        fn options(&self, n: u64, each: &mut dyn FnMut(&[u64])) {
            if n > 0 && n < self.0 {
                each(&[]);
            }
            for k in self.0..=self.1.min(n) {
                each(&[n - k]);
            }
        }
        fn window(&self) -> Option<Window> {
            self.2.then_some(Window {
                size: self.1,
                from: self.1,
            })
        }
    }
    let o = (Limits::default(), Strategy::default());
    for (p, q) in [(1, 1), (2, 4), (3, 3), (2, 7), (5, 9)] {
        let mut memo = HashMap::new();
        let want: Vec<u32> = (0..5000)
            .map(|h| brute(&Take(p, q, true), h, &mut memo))
            .collect();
        let proven = HeapRules::Custom(CustomRules::new(Take(p, q, true)));
        let observed = HeapRules::Custom(CustomRules::new(Take(p, q, false)));
        let a = values(&proven, 5000, &o.0, o.1).unwrap();
        let b = values(&observed, 5000, &o.0, o.1).unwrap();
        assert_eq!(a.to_vec(), want, "take {p}..{q} with a window");
        assert_eq!(b.to_vec(), want, "take {p}..{q} without");
        let pa = find_period(&proven, &a).unwrap();
        let pb = find_period(&observed, &b).unwrap();
        assert!(pa.proven && !pb.proven);
        assert_eq!((pa.preperiod, pa.period), (pb.preperiod, pb.period));
    }
}

#[test]
fn a_move_that_does_not_shrink_is_refused() {
    struct Stay;
    impl HeapMoves for Stay {
        fn name(&self) -> String {
            "stay".to_string()
        }
        fn options(&self, n: u64, each: &mut dyn FnMut(&[u64])) {
            if n >= 3 {
                each(&[n - 1, n]);
            }
        }
    }
    let rules = HeapRules::Custom(CustomRules::new(Stay));
    let err = values(&rules, 10, &Limits::default(), Strategy::default()).unwrap_err();
    assert!(
        matches!(err, HeapError::NotShrinking { heap: 3, part: 3 }),
        "{err}"
    );
    assert_eq!(grundy_heap::naive_values(&rules, 10).len(), 3);
}
