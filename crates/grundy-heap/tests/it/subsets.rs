//! Large subtraction sets: whichever kernel the driver picks (stamps, windows of counts,
//! shifted bitsets), the table equals brute force.

use grundy_heap::{naive_values, values, HeapRules, Limits, Strategy};
use proptest::prelude::*;

/// Numbers below `m` with one or two prime factors (the set of Codeforces 1091H).
fn primes_and_semiprimes(m: u64) -> Vec<u64> {
    (2..m)
        .filter(|&k| {
            let (mut x, mut factors, mut p) = (k, 0, 2);
            while p * p <= x {
                while x % p == 0 {
                    x /= p;
                    factors += 1;
                }
                p += 1;
            }
            factors + u64::from(x > 1) <= 2
        })
        .collect()
}

fn rules_of(ks: &[u64]) -> HeapRules {
    let text: Vec<String> = ks.iter().map(u64::to_string).collect();
    HeapRules::parse(&format!("sub[{}]", text.join(","))).unwrap()
}

#[test]
fn primes_and_semiprimes_equal_brute_force() {
    // Codeforces 1091H's set below 3000, one amount forbidden, as the judge does.
    for forbidden in [2u64, 8, 15, 2999] {
        let ks: Vec<u64> = primes_and_semiprimes(3000)
            .into_iter()
            .filter(|&k| k != forbidden)
            .collect();
        let rules = rules_of(&ks);
        let fast = values(&rules, 6000, &Limits::default(), Strategy::default()).unwrap();
        assert_eq!(fast.to_vec(), naive_values(&rules, 6000), "f = {forbidden}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Hundreds of scattered amounts (the bitset kernel), a few long ranges (windows), and
    /// tables shorter than the largest amount.
    #[test]
    fn large_sets_equal_brute_force(
        picks in prop::collection::vec(1u64..1500, 1..600),
        ranges in prop::collection::vec((1u64..400, 0u64..300), 0..3),
        n in 100usize..3000,
    ) {
        let mut ks = picks;
        for (lo, w) in ranges {
            ks.extend(lo..=lo + w);
        }
        ks.sort_unstable();
        ks.dedup();
        let rules = rules_of(&ks);
        let fast = values(&rules, n, &Limits::default(), Strategy::default()).unwrap();
        prop_assert_eq!(fast.to_vec(), naive_values(&rules, n), "{}", rules);
    }
}
