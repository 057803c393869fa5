//! The nimber field: the crate's arithmetic against the independent reference, field axioms
//! for u64, u128 and BigUint, and agreement of the three sizes.

use grundy_coins::nim::*;
use num_bigint::BigUint;
use num_traits::One;
use proptest::prelude::*;

use crate::common::mul_ref;

/// Random numbers of random bit length, so that small subfields are exercised too.
fn word() -> impl Strategy<Value = u64> {
    (0u32..=64, any::<u64>()).prop_map(|(len, x)| if len == 0 { 0 } else { x >> (64 - len) })
}

fn wide() -> impl Strategy<Value = u128> {
    (0u32..=128, any::<u128>()).prop_map(|(len, x)| if len == 0 { 0 } else { x >> (128 - len) })
}

fn big() -> impl Strategy<Value = BigUint> {
    proptest::collection::vec(any::<u32>(), 0..17).prop_map(BigUint::new)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn products_match_fergusons_rules(a in wide(), b in wide()) {
        prop_assert_eq!(nim_mul_u128(a, b), mul_ref(a, b));
    }

    #[test]
    fn word_field_axioms(a in word(), b in word(), c in word()) {
        prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
        prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
        prop_assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
        prop_assert_eq!(nim_mul(a, 1), a);
        prop_assert_eq!(nim_mul(a, 0), 0);
        prop_assert_eq!(nim_square(a), nim_mul(a, a));
        prop_assert_eq!(nim_square(a ^ b), nim_square(a) ^ nim_square(b));
        prop_assert_eq!(nim_sqrt(nim_square(a)), a);
        if a != 0 {
            let r = nim_inv(a).unwrap();
            prop_assert_eq!(nim_mul(a, r), 1);
            prop_assert_eq!(nim_mul(nim_div(b, a).unwrap(), a), b);
        } else {
            prop_assert_eq!(nim_inv(a), None);
            prop_assert_eq!(nim_div(b, a), None);
        }
        prop_assert_eq!(u128::from(nim_mul(a, b)), nim_mul_u128(a.into(), b.into()));
    }

    #[test]
    fn wide_field_axioms(a in wide(), b in wide(), c in wide()) {
        prop_assert_eq!(nim_mul_u128(a, b), nim_mul_u128(b, a));
        prop_assert_eq!(nim_mul_u128(nim_mul_u128(a, b), c), nim_mul_u128(a, nim_mul_u128(b, c)));
        prop_assert_eq!(nim_mul_u128(a, b ^ c), nim_mul_u128(a, b) ^ nim_mul_u128(a, c));
        prop_assert_eq!(nim_square_u128(a), nim_mul_u128(a, a));
        prop_assert_eq!(nim_sqrt_u128(nim_square_u128(a)), a);
        if a != 0 {
            prop_assert_eq!(nim_mul_u128(a, nim_inv_u128(a).unwrap()), 1);
            prop_assert_eq!(nim_mul_u128(nim_div_u128(b, a).unwrap(), a), b);
        }
    }

    #[test]
    fn subfields_are_closed(a in wide(), b in wide(), k in 0u32..7) {
        let width = 1u32 << k;
        let mask = (1u128 << width) - 1;
        let (a, b) = (a & mask, b & mask);
        prop_assert!(nim_mul_u128(a, b) <= mask);
        if a != 0 {
            prop_assert!(nim_inv_u128(a).unwrap() <= mask);
        }
    }

    #[test]
    fn big_field_axioms(a in big(), b in big(), c in big()) {
        prop_assert_eq!(nim_mul_big(&a, &b), nim_mul_big(&b, &a));
        prop_assert_eq!(
            nim_mul_big(&nim_mul_big(&a, &b), &c),
            nim_mul_big(&a, &nim_mul_big(&b, &c))
        );
        prop_assert_eq!(nim_mul_big(&a, &(&b ^ &c)), nim_mul_big(&a, &b) ^ nim_mul_big(&a, &c));
        prop_assert_eq!(nim_square_big(&a), nim_mul_big(&a, &a));
        prop_assert_eq!(nim_sqrt_big(&nim_square_big(&a)), a.clone());
        match nim_inv_big(&a) {
            Some(r) => prop_assert!(nim_mul_big(&a, &r).is_one()),
            None => prop_assert_eq!(a.bits(), 0),
        }
        if let Some(q) = nim_div_big(&b, &a) {
            prop_assert_eq!(nim_mul_big(&q, &a), b);
        }
    }

    #[test]
    fn big_agrees_with_wide(a in wide(), b in wide()) {
        let (x, y) = (BigUint::from(a), BigUint::from(b));
        prop_assert_eq!(nim_mul_big(&x, &y), BigUint::from(nim_mul_u128(a, b)));
        prop_assert_eq!(nim_square_big(&x), BigUint::from(nim_square_u128(a)));
        prop_assert_eq!(nim_sqrt_big(&x), BigUint::from(nim_sqrt_u128(a)));
        prop_assert_eq!(nim_inv_big(&x), nim_inv_u128(a).map(BigUint::from));
    }
}

#[test]
fn fermat_rules_hold_at_every_size() {
    // Ferguson's rules (i) and (ii), section 5.3, for F = 2^(2^k) up to 2^512.
    for k in 0..10u32 {
        let f = BigUint::one() << (1usize << k);
        assert_eq!(nim_mul_big(&f, &f), (&f * 3u32) >> 1usize, "F = 2^(2^{k})");
        for x in [1u32, 2, 3, 5, 6, 7, 255] {
            let x = BigUint::from(x);
            if x < f {
                assert_eq!(nim_mul_big(&f, &x), &f * &x);
            }
        }
    }
}

#[test]
fn frobenius_has_the_order_of_the_field() {
    // In the field of order 2^M every element satisfies a^(2^M) = a: M squarings return to a,
    // and for a generic element fewer do not (here M = 256).
    let a = (BigUint::one() << 255usize) + BigUint::from(0x1234_5678u32);
    let mut x = a.clone();
    for i in 1..=256 {
        x = nim_square_big(&x);
        if i < 256 {
            assert_ne!(x, a, "returned after {i} squarings");
        }
    }
    assert_eq!(x, a);
    assert_eq!(nim_pow_big(&BigUint::from(2u32), 3), BigUint::one());
}
