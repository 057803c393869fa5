//! grundy-heap's fast values and periods against grundy-verify's independent checker.

use proptest::prelude::*;

use grundy_census::{census, octal_codes, CensusOptions, FirstDigit};
use grundy_heap::{find_period, values, HeapRules, Limits};
use grundy_verify::{certify, verify, Certificate, VerifyOptions};

/// A random finite code without `!`: d0 in {0, 4, 8}, one to four digits after the point
/// (hexadecimal now and then, for three-way splits).
fn code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![0u8, 0, 0, 4, 8]),
        prop::collection::vec(0u8..8, 0..4),
        1u8..16,
        any::<bool>(),
    )
        .prop_map(|(d0, mid, last, hex)| {
            let last = if hex { last } else { (last & 7).max(1) };
            let mid: String = mid.iter().map(|d| format!("{d:x}")).collect();
            format!("tb[{d0:x}.{mid}{last:x}]")
        })
}

fn set() -> impl Strategy<Value = String> {
    prop::collection::btree_set(1u64..12, 1..5).prop_map(|s| {
        let items: Vec<String> = s.iter().map(u64::to_string).collect();
        format!("sub[{}]", items.join(","))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A proven period of grundy-heap gives a certificate that the checker accepts, and
    /// the checker's own search finds the same period; when grundy-heap proves nothing,
    /// a proof found by the checker's search must still verify.
    #[test]
    fn heap_periods_make_certificates_that_verify(rules in prop_oneof![code(), set()]) {
        let r = HeapRules::parse(&rules).unwrap();
        // Digits 8 to f split in three: the brute force is cubic there, keep it short.
        let three = rules
            .strip_prefix("tb[")
            .is_some_and(|c| c.chars().any(|d| matches!(d, '8'..='9' | 'a'..='f')));
        let n = if three { 150 } else { 800 };
        let g = values(&r, n, &Limits::default(), grundy_heap::Strategy::default()).unwrap();
        let v = g.to_vec();
        let found = find_period(&r, &g);
        let ours = certify(&rules, &v).unwrap();
        if let Some(p) = found.as_ref().filter(|p| p.proven) {
            let cert = Certificate::new(&rules, g.iter(), p.preperiod, p.period, p.saltus)
                .unwrap();
            let ok = verify(&cert, &VerifyOptions::default(), &Limits::default()).unwrap();
            prop_assert_eq!((ok.preperiod, ok.period), (p.preperiod, p.period));
            let ours = ours.as_ref().unwrap();
            prop_assert_eq!((ours.preperiod, ours.period), (p.preperiod, p.period));
        }
        if let Some(c) = &ours {
            verify(c, &VerifyOptions::default(), &Limits::default()).unwrap();
        }
    }
}

#[test]
fn three_digit_census_has_no_disagreement_and_every_checked_certificate_holds() {
    let codes = octal_codes(3, FirstDigit::Zero);
    let table = census(&codes, 1200, &CensusOptions::default(), &Limits::default()).unwrap();
    assert_eq!(table.rows.len(), 511);
    let mut proven = 0;
    for row in &table.rows {
        assert!(
            !row.note.contains("disagreement"),
            "{}: {}",
            row.code,
            row.note
        );
        assert_ne!(row.verified, Some(false), "{}: {}", row.code, row.note);
        if row.proven {
            proven += 1;
            assert_eq!(row.verified, Some(true), "{}: {}", row.code, row.note);
        }
    }
    // Most three-digit games show their period within 1200 values.
    assert!(proven > 250, "{proven}");
}
