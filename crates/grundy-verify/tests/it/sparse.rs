//! The sparse check against the plain one: the same certificates accepted and refused,
//! with the same first wrong heap, on every code 0.d1d2d3 and 4.d1d2d3 and on random
//! longer codes; and tampering of every kind refused.

use proptest::prelude::*;

use grundy_verify::Limits;
use grundy_verify::{
    certify, checksum, plain_values, verify, CertError, Certificate, Method, Rules, Theorem,
    VerifyOptions,
};

fn opts(method: Method) -> VerifyOptions {
    VerifyOptions {
        method,
        threads: 2,
        ..VerifyOptions::default()
    }
}

/// The outcome of a check, without the work (which differs between methods).
fn outcome(cert: &Certificate, method: Method) -> Result<(u64, u64), CertError> {
    verify(cert, &opts(method), &Limits::default()).map(|ok| {
        assert_eq!(ok.work.method, method, "{}", cert.rules);
        (ok.preperiod, ok.period)
    })
}

/// A certificate of `code` from `len` plainly computed values: the proven period when
/// there is one, otherwise a false claim (period 1 from as late as the values allow), whose
/// values are still all checked before the claim is refused.
fn cert_or_claim(code: &str, len: usize) -> Certificate {
    let rules = Rules::parse(code).unwrap();
    let g = plain_values(&rules, len, &Limits::default()).unwrap();
    if let Some(c) = certify(code, &g).unwrap() {
        return c;
    }
    let theorem = Theorem::for_rules(&rules);
    let t = rules.max_take() as usize;
    Certificate {
        rules: rules.to_string(),
        theorem: theorem.to_string(),
        preperiod: ((len - 4 - t) / 2) as u64,
        period: 1,
        saltus: 0,
        checksum: checksum(g.iter().copied()),
        values: g,
    }
}

/// `cert` with the value of `heap` replaced and its checksum forged to match.
fn with_value(cert: &Certificate, heap: usize, value: u32) -> Certificate {
    let mut bad = cert.clone();
    bad.values[heap] = value;
    bad.checksum = checksum(bad.values.iter().copied());
    bad
}

/// Both methods give the same outcome on `cert` and on it with one value changed at a few
/// places; every changed certificate is refused.
fn compare(cert: &Certificate) {
    let len = cert.values.len();
    assert_eq!(
        outcome(cert, Method::Plain),
        outcome(cert, Method::Sparse),
        "{}",
        cert.rules
    );
    for heap in [1, 2, len / 3, len / 2, len - 2, len - 1] {
        for delta in [1, 2, 5] {
            let bad = with_value(cert, heap, cert.values[heap] ^ delta);
            let plain = outcome(&bad, Method::Plain);
            assert!(plain.is_err(), "{} heap {heap}", cert.rules);
            assert_eq!(
                plain,
                outcome(&bad, Method::Sparse),
                "{} heap {heap}",
                cert.rules
            );
        }
    }
}

fn splits_in_two(code: &str) -> bool {
    Rules::parse(code).unwrap().max_parts() == 2
}

#[test]
fn sparse_and_plain_agree_on_every_three_digit_code() {
    let mut compared = 0;
    for d0 in [0, 4] {
        for d in 0..512 {
            let code = format!("{d0}.{}{}{}", d / 64, d / 8 % 8, d % 8);
            if !splits_in_two(&code) {
                continue;
            }
            compare(&cert_or_claim(&code, 260));
            compared += 1;
        }
    }
    // 0.d1d2d3 has 512 - 64 codes with a digit 4 to 7, and every 4.d1d2d3 splits.
    assert_eq!(compared, 448 + 512);
}

/// A random finite code leaving at most two heaps: d0 in {0, 4}, one to six digits 0..7.
fn code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![0u8, 4]),
        prop::collection::vec(0u8..8, 0..6),
        1u8..8,
    )
        .prop_map(|(d0, mid, last)| {
            let mut s = format!("{d0}.");
            for d in mid {
                s.push_str(&d.to_string());
            }
            s.push_str(&last.to_string());
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn sparse_and_plain_agree_on_random_codes(code in code(), at in 1usize..10_000, v in 0u32..40) {
        prop_assume!(splits_in_two(&code));
        let cert = cert_or_claim(&code, 500);
        compare(&cert);
        // Any value at any heap, not only small changes.
        let heap = at % cert.values.len();
        let bad = with_value(&cert, heap, v);
        prop_assert_eq!(outcome(&bad, Method::Plain), outcome(&bad, Method::Sparse));
    }
}

/// The options' values of heap n of a code, by brute force over the listed values.
fn option_values(digits: &[u8], g: &[u32], n: usize) -> Vec<u32> {
    let mut out = Vec::new();
    for (k, &d) in digits.iter().enumerate().take(n + 1) {
        let r = n - k;
        if d & 1 != 0 && k > 0 && r == 0 {
            out.push(0);
        }
        if d & 2 != 0 && k > 0 && r > 0 {
            out.push(g[r]);
        }
        if d & 4 != 0 {
            for a in 1..=r / 2 {
                out.push(g[a] ^ g[r - a]);
            }
        }
    }
    out
}

#[test]
fn tampering_anywhere_is_refused_by_the_sparse_check() {
    // 0.055: period 148 from 259, found and proven in 817 values.
    let cert = cert_or_claim("0.055", 1000);
    assert_eq!((cert.preperiod, cert.period), (259, 148));
    let ok = verify(&cert, &opts(Method::Sparse), &Limits::default()).unwrap();
    assert_eq!(ok.work.method, Method::Sparse);
    assert!(ok.work.rare_heaps > 0 && ok.work.option_evaluations > 0);
    let digits = [0u8, 0, 5, 5];
    let g = &cert.values;
    let mask = ok.work.rare_mask;
    let is_rare = |x: usize| ((g[x] * 2 + (x as u32 & 1)) & mask).count_ones() % 2 == 0;
    let rare = (1..g.len()).find(|&x| is_rare(x) && x > 20).unwrap();
    let common = (1..g.len()).rev().find(|&x| !is_rare(x)).unwrap();
    let len = g.len();
    for heap in [3, 17, len / 2, len - 3, len - 1, rare, common] {
        let options = option_values(&digits, g, heap);
        // Lowered or raised to a value some option has: "no option has value G(n)" fails.
        // Raised to a value no option has: a smaller value has no witness.
        let taken = *options.iter().find(|&&v| v != g[heap]).unwrap();
        let free = (g[heap] + 1..).find(|v| !options.contains(v)).unwrap();
        for value in [taken, free] {
            let e = verify(
                &with_value(&cert, heap, value),
                &opts(Method::Sparse),
                &Limits::default(),
            )
            .unwrap_err();
            assert_eq!(
                e,
                CertError::WrongValue {
                    heap: heap as u64,
                    stated: value,
                    computed: g[heap],
                    rules: "tb[0.055]".into(),
                },
                "heap {heap} set to {value}"
            );
        }
    }
    // The claim: period, preperiod.
    for (n0, p) in [(259, 74), (259, 296), (258, 148), (260, 148), (259, 149)] {
        let claim = Certificate {
            preperiod: n0,
            period: p,
            ..cert.clone()
        };
        let e = verify(&claim, &opts(Method::Sparse), &Limits::default());
        assert!(e.is_err(), "({n0}, {p})");
    }
}

#[test]
fn the_work_is_counted_and_smaller_than_plain() {
    let cert = cert_or_claim("0.376", 3000);
    let plain = verify(&cert, &opts(Method::Plain), &Limits::default()).unwrap_err();
    let sparse = verify(&cert, &opts(Method::Sparse), &Limits::default()).unwrap_err();
    // The false claim is refused by both, after every value was checked.
    assert!(matches!(plain, CertError::PeriodFails { .. }), "{plain}");
    assert_eq!(plain, sparse);
    let good = cert_or_claim("0.055", 1000);
    let p = verify(&good, &opts(Method::Plain), &Limits::default())
        .unwrap()
        .work;
    let s = verify(&good, &opts(Method::Auto), &Limits::default())
        .unwrap()
        .work;
    assert_eq!(s.method, Method::Sparse);
    assert_eq!(s.bytes_per_value, 1);
    assert!(
        s.option_evaluations * 3 < p.option_evaluations,
        "sparse {} plain {}",
        s.option_evaluations,
        p.option_evaluations
    );
    // Rules the sparse check does not cover are checked plainly, and say so.
    // 0.f may leave three heaps (G = 0, 1, 0, 1, ...: period 2 from 0).
    for rules in ["sub[2,3,7]", "0.f", "0.33"] {
        let c = cert_or_claim(rules, 200);
        let ok = verify(&c, &opts(Method::Sparse), &Limits::default()).unwrap();
        assert_eq!(ok.work.method, Method::Plain, "{rules}");
        assert!(ok.work.option_evaluations > 0, "{rules}");
    }
}

#[test]
fn the_text_path_reads_values_compactly_and_agrees() {
    let good = cert_or_claim("0.055", 1000);
    let ok = grundy_verify::verify_text(&good.to_text(), &opts(Method::Auto), &Limits::default())
        .unwrap();
    assert_eq!((ok.preperiod, ok.period), (259, 148));
    assert_eq!(ok.work.bytes_per_value, 1);
    // Values that need two and four bytes, at the start and at the end: the storage
    // widens, and the value is still found wrong at its heap.
    for (heap, value) in [(1, 300), (816, 300), (500, 70_000), (0, 65_536)] {
        let bad = with_value(&good, heap, value);
        let e = grundy_verify::verify_text(&bad.to_text(), &opts(Method::Auto), &Limits::default())
            .unwrap_err();
        assert_eq!(
            e,
            verify(&bad, &opts(Method::Auto), &Limits::default()).unwrap_err()
        );
        assert!(
            matches!(e, CertError::WrongValue { heap: h, stated, .. } if h == heap as u64 && stated == value),
            "{e}"
        );
    }
}

/// A value near 2^32 in place of a small one (the checksum, which keeps 16 bits, unchanged)
/// is refused as a wrong value by both methods, before the sparse check sizes any table by
/// it (it used to abort, asking for 2^32 marks).
#[test]
fn a_huge_value_with_the_same_checksum_is_refused_not_allocated() {
    let cert = cert_or_claim("tb[0.77]", 400);
    for heap in [0usize, 2, 100, 167] {
        let v = cert.values[heap] + 65536 * 65535;
        let bad = with_value(&cert, heap, v);
        assert_eq!(bad.checksum, cert.checksum);
        for method in [Method::Sparse, Method::Plain] {
            match verify(&bad, &opts(method), &Limits::default()) {
                Err(CertError::WrongValue {
                    heap: h,
                    stated,
                    computed,
                    ..
                }) => {
                    assert_eq!((h, stated), (heap as u64, v), "{method:?}");
                    assert_eq!(computed, cert.values[heap], "{method:?}");
                }
                other => panic!("{method:?} at {heap}: {other:?}"),
            }
        }
    }
}
