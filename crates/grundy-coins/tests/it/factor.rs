//! The constrained factorisation on random and structured guaranteed cases, with small bases
//! so that every halving step runs (the exhaustive run over the field of order 256 is
//! `examples/factor_check.rs`).

use grundy_coins::factor::{allowed, factor, factor_with, Stats};
use grundy_coins::nim::nim_mul_u128;
use proptest::prelude::*;

fn wide(max_bits: u32) -> impl Strategy<Value = u128> {
    (1u32..=max_bits, any::<u128>()).prop_map(|(len, x)| (x >> (128 - len)).max(1))
}

fn special() -> impl Strategy<Value = u128> {
    (0u32..128, 0usize..5).prop_map(|(k, form)| {
        let p = 1u128 << k;
        match form {
            0 => p,
            1 => (p - 1).max(1),
            2 => p.wrapping_add(1).max(1),
            3 => p | (p >> 1),
            _ => p ^ (p - 1),
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn guaranteed_cases_are_found(
        bits in prop_oneof![Just(8u32), Just(16), Just(32), Just(64), Just(128)],
        base in prop_oneof![Just(1u32), Just(2), Just(4), Just(8)],
        v1 in wide(128),
        v2 in wide(128),
        r in any::<u128>(),
    ) {
        let mask = if bits == 128 { u128::MAX } else { (1u128 << bits) - 1 };
        let (v1, v2) = ((v1 & mask).max(1), (v2 & mask).max(1));
        let v = nim_mul_u128(v1, v2);
        let s = v ^ (r % v);
        let mut st = Stats::default();
        let (a, b) = factor_with(v1, v2, s, base, &mut st).unwrap();
        prop_assert!(allowed(a, v1) && allowed(b, v2));
        prop_assert_eq!(nim_mul_u128(a, b), s);
    }

    #[test]
    fn structured_cases_are_found(v1 in special(), v2 in special(), r in any::<u128>()) {
        let v = nim_mul_u128(v1, v2);
        for s in [v, v ^ (r % v), 1u128 << (127 - v.leading_zeros())] {
            let (a, b) = factor(v1, v2, s).unwrap();
            prop_assert!(allowed(a, v1) && allowed(b, v2));
            prop_assert_eq!(nim_mul_u128(a, b), s);
        }
    }
}

#[test]
fn answers_beyond_the_guarantee_are_still_correct() {
    // Not guaranteed: the search may answer or not, but any answer multiplies back.
    let mut found = 0;
    for v1 in 1..64u128 {
        for v2 in 1..64u128 {
            for s in 1..64u128 {
                if let Some((a, b)) = factor(v1, v2, s) {
                    assert!(allowed(a, v1) && allowed(b, v2));
                    assert_eq!(nim_mul_u128(a, b), s);
                    found += 1;
                }
            }
        }
    }
    assert!(found > 0);
    assert_eq!(factor(0, 5, 3), None);
    assert_eq!(factor(5, 3, 0), None);
}
