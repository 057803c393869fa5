//! Random small rules: certificates written from plainly computed values verify, survive
//! their text form, and their periods hold far beyond the values they list.

use proptest::prelude::*;

use grundy_verify::Limits;
use grundy_verify::{certify, plain_values, verify_text, Certificate, Rules, VerifyOptions};

/// A random finite code: d0 in {0, 4, 8}, one to four digits after the point, the last
/// nonzero; hexadecimal digits (bit 8, three heaps) only now and then, to keep the brute
/// force cheap.
fn code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![0u8, 0, 0, 4, 8]),
        prop::collection::vec(0u8..8, 0..4),
        1u8..16,
        any::<bool>(),
    )
        .prop_map(|(d0, mid, last, hex)| {
            let last = if hex { last } else { last & 7 };
            let last = if last == 0 { 1 } else { last };
            let mut s = format!("{d0:x}.");
            for d in mid {
                s.push_str(&format!("{d:x}"));
            }
            s.push_str(&format!("{last:x}"));
            s
        })
}

fn set() -> impl Strategy<Value = String> {
    prop::collection::btree_set(1u64..10, 1..4).prop_map(|s| {
        let items: Vec<String> = s.iter().map(u64::to_string).collect();
        format!("sub[{}]", items.join(","))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn certificates_of_random_rules_verify(rules in prop_oneof![code(), set()]) {
        let parsed = Rules::parse(&rules).unwrap();
        let n = if parsed.max_parts() >= 3 { 120 } else { 500 };
        let g = plain_values(&parsed, n, &Limits::default()).unwrap();
        if let Some(cert) = certify(&rules, &g).unwrap() {
            let text = cert.to_text();
            prop_assert_eq!(Certificate::parse(&text).unwrap(), cert.clone());
            let ok = verify_text(&text, &VerifyOptions::default(), &Limits::default()).unwrap();
            prop_assert_eq!((ok.preperiod, ok.period), (cert.preperiod, cert.period));
            // The theorem's promise, tested: the period holds on a table three times
            // longer than the one it was proven from.
            let long = plain_values(&parsed, 3 * n, &Limits::default()).unwrap();
            let (n0, p) = (cert.preperiod as usize, cert.period as usize);
            for k in n0..3 * n - p {
                prop_assert_eq!(long[k + p], long[k], "{} heap {}", rules, k);
            }
        }
    }

    #[test]
    fn a_flipped_value_never_verifies(rules in code(), at in 0usize..1000, bit in 0u32..4) {
        let parsed = Rules::parse(&rules).unwrap();
        let n = if parsed.max_parts() >= 3 { 120 } else { 400 };
        let g = plain_values(&parsed, n, &Limits::default()).unwrap();
        if let Some(mut cert) = certify(&rules, &g).unwrap() {
            let at = at % cert.values.len();
            cert.values[at] ^= 1 << bit;
            cert.checksum = grundy_verify::checksum(cert.values.iter().copied());
            prop_assert!(grundy_verify::verify(&cert, &VerifyOptions::default(), &Limits::default()).is_err());
        }
    }
}
