//! Periods do not depend on where the table ends: a proven period is a real period of the
//! whole sequence (checked on a brute-force table far beyond it), is the least one, stays
//! proven as the table grows, and "not proven" means that no certificate holds.

use grundy_heap::{find_period, naive_values, HeapRules, Values};
use grundy_types::SplitMix64;

/// The values a certificate of (n0, p) needs, restated from the theorems (grundy-heap's
/// period.rs): n0 + s + p for a subtraction set of largest amount s; Guy-Smith
/// 2 * max(n0, 1) + 2p + t for an octal code of largest take t.
#[derive(Clone, Copy)]
enum Theorem {
    Window(usize),
    GuySmith(usize),
}

impl Theorem {
    fn needed(self, n0: usize, p: usize) -> usize {
        match self {
            Theorem::Window(s) => n0 + s + p,
            Theorem::GuySmith(t) => 2 * n0.max(1) + 2 * p + t,
        }
    }
}

/// Whether some period is proven by the first `len` values, by trying every p.
fn some_certificate(g: &[u32], th: Theorem) -> bool {
    let len = g.len();
    (1..len).any(|p| {
        let mut n0 = len - p;
        while n0 > 0 && g[n0 - 1 + p] == g[n0 - 1] {
            n0 -= 1;
        }
        th.needed(n0, p) <= len
    })
}

/// Checks `find_period` on every prefix of `big` from 2 to `upto` values.
fn check_prefixes(rules: &HeapRules, th: Theorem, big: &[u32], upto: usize) {
    let mut first: Option<(u64, u64, usize)> = None;
    for len in 2..=upto {
        let found = find_period(rules, &Values::from_u32(&big[..len]));
        let proven = found.as_ref().filter(|p| p.proven);
        assert_eq!(
            proven.is_some(),
            some_certificate(&big[..len], th),
            "{rules}: whether a period is proven from {len} values"
        );
        match (proven, first) {
            (Some(p), None) => {
                let (n0, per) = (p.preperiod as usize, p.period as usize);
                assert_eq!(p.saltus, 0);
                assert!(p.values_needed as usize <= len);
                // A real period of the long table, from n0 on.
                for n in n0..big.len() - per {
                    assert_eq!(
                        big[n + per],
                        big[n],
                        "{rules}: period {per} from {n0}, n={n}"
                    );
                }
                // The least preperiod and the least period.
                assert!(
                    n0 == 0 || big[n0 - 1 + per] != big[n0 - 1],
                    "{rules}: n0 {n0}"
                );
                for d in 1..per {
                    assert!(
                        (n0..big.len() - d).any(|n| big[n + d] != big[n]),
                        "{rules}: {d} is a smaller period than {per}"
                    );
                }
                first = Some((p.preperiod, p.period, len));
            }
            (Some(p), Some((n0, per, _))) => {
                assert_eq!(
                    (p.preperiod, p.period),
                    (n0, per),
                    "{rules} at {len} values"
                );
            }
            (None, Some((_, per, at))) => {
                panic!("{rules}: period {per} proven at {at} values, not at {len}")
            }
            (None, None) => {}
        }
    }
}

#[test]
fn proven_periods_of_random_subtraction_sets_hold_and_stay() {
    // Seeded, so that failures replay.
    let mut rng = SplitMix64::new(23);
    for _ in 0..150 {
        // A few small amounts and sometimes one far larger (the shape of sub[1,2,300]).
        let mut set: Vec<u64> = (0..1 + rng.next_u64() % 3)
            .map(|_| 1 + rng.next_u64() % 12)
            .collect();
        if rng.next_u64() % 2 == 0 {
            set.push(20 + rng.next_u64() % 120);
        }
        set.sort_unstable();
        set.dedup();
        let text: Vec<String> = set.iter().map(u64::to_string).collect();
        let rules = HeapRules::parse(&format!("sub[{}]", text.join(","))).unwrap();
        let s = *set.last().unwrap() as usize;
        let big = naive_values(&rules, 4000);
        check_prefixes(&rules, Theorem::Window(s), &big, 700);
    }
}

#[test]
fn proven_periods_of_random_octal_codes_hold_and_stay() {
    let mut rng = SplitMix64::new(1194);
    for _ in 0..60 {
        let digits: String = (0..1 + rng.next_u64() % 3)
            .map(|_| char::from(b'0' + (rng.next_u64() % 8) as u8))
            .collect();
        let d0 = if rng.next_u64() % 3 == 0 { "4" } else { "0" };
        let text = format!("tb[{d0}.{digits}]");
        let rules = HeapRules::parse(&text).unwrap();
        let HeapRules::Tb(code) = &rules else {
            unreachable!()
        };
        let Some(t) = code.max_take() else { continue };
        let big = naive_values(&rules, 1500);
        check_prefixes(&rules, Theorem::GuySmith(t as usize), &big, 400);
    }
}

/// Issue 23: `sub[1,2,k]` with k a multiple of 3 has period k + 1 (0, 1, 2 repeated and a 3
/// at every heap k mod (k + 1)); tables ending in the 0, 1, 2 run after a 3 said "period 3,
/// not proven" and the analysis refused every heap past them.
#[test]
fn sub_1_2_k_has_period_k_plus_1_whatever_the_table_end() {
    for k in [102usize, 150, 300, 3000, 30000] {
        let rules = HeapRules::parse(&format!("sub[1,2,{k}]")).unwrap();
        let big = naive_values(&rules, 3 * k + 7);
        for len in [2 * k + 1, 2 * k + 2, 3 * k, 3 * k + 1, 3 * k + 7] {
            let p = find_period(&rules, &Values::from_u32(&big[..len])).unwrap();
            assert_eq!(
                (p.preperiod, p.period, p.proven),
                (0, k as u64 + 1, true),
                "k={k} len={len}"
            );
        }
    }
}

/// `seen_period` (the period shown for tables no rule proves) against a plain check: on
/// random tables, periodic with a saltus after a random preperiod or not periodic at all,
/// what it reports holds value by value from its preperiod to the end, is seen for three
/// periods and 24 values, and no smaller period is seen that often.
#[test]
fn seen_periods_hold_and_are_the_least_seen() {
    use grundy_heap::seen_period;
    // The plain rule: the least p (with the saltus of the last values) whose relation holds
    // back from the end over at least max(3p, 24) values.
    fn plain(g: &[u32]) -> Option<(u64, u64, u64)> {
        let len = g.len();
        (1..=len / 2).find_map(|p| {
            let s = g[len - 1].checked_sub(g[len - 1 - p])?;
            let mut n0 = len - p;
            while n0 > 0 && g[n0 - 1 + p] == g[n0 - 1] + s {
                n0 -= 1;
            }
            (len - p - n0 >= (3 * p).max(24)).then_some((n0 as u64, p as u64, u64::from(s)))
        })
    }
    let mut rng = SplitMix64::new(41);
    for case in 0..400 {
        let len = 1 + rng.below(300) as usize;
        let pre = rng.below(len as u64 + 1) as usize;
        let p = 1 + rng.below(40) as usize;
        let s = if rng.below(3) == 0 {
            rng.below(3) as u32
        } else {
            0
        };
        let mut g: Vec<u32> = (0..len.min(pre + p)).map(|_| rng.below(6) as u32).collect();
        while g.len() < len {
            g.push(g[g.len() - p] + s);
        }
        let got = seen_period(&Values::U32(g.clone()));
        let want = plain(&g);
        assert_eq!(
            got.as_ref().map(|q| (q.preperiod, q.period, q.saltus)),
            want,
            "case {case}: {g:?}"
        );
        if let Some(q) = got {
            assert!(!q.proven);
            let (n0, per, sal) = (q.preperiod as usize, q.period as usize, q.saltus as u32);
            assert!(
                (n0..len - per).all(|i| g[i + per] == g[i] + sal),
                "case {case}"
            );
            assert!(len - per - n0 >= (3 * per).max(24), "case {case}");
        }
    }
}
