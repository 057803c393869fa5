//! Every kind of tampering is refused, with a message that says what failed.

use grundy_verify::Limits;
use grundy_verify::{
    certify, checksum, plain_values, verify, verify_text, CertError, Certificate, Rules,
    VerifyOptions,
};

use crate::cert_of;

fn check(cert: &Certificate) -> Result<(), CertError> {
    verify(cert, &VerifyOptions::default(), &Limits::default()).map(|_| ())
}

/// Recomputes the checksum after a tampering, as a forger would.
fn resum(mut cert: Certificate) -> Certificate {
    cert.checksum = checksum(cert.values.iter().copied());
    cert
}

#[test]
fn the_untampered_certificate_verifies() {
    let cert = cert_of("tb[0.07]", 300);
    assert_eq!((cert.preperiod, cert.period), (53, 34));
    let ok = verify_text(
        &cert.to_text(),
        &VerifyOptions::default(),
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(ok.values_checked, 176);
    assert!(ok.to_string().contains("period 34 from heap 53"), "{ok}");
}

#[test]
fn a_wrong_value_is_caught_by_the_checksum_then_by_recomputation() {
    let good = cert_of("tb[0.07]", 300);
    let mut bad = good.clone();
    bad.values[100] ^= 1;
    let e = check(&bad).unwrap_err();
    assert!(matches!(e, CertError::Checksum { .. }), "{e}");
    assert!(e.to_string().contains("checksum mismatch"));
    // With the checksum forged as well, the recomputation finds the heap.
    let e = check(&resum(bad)).unwrap_err();
    assert!(matches!(e, CertError::WrongValue { heap: 100, .. }), "{e}");
    assert!(e.to_string().contains("heap 100"), "{e}");
}

#[test]
fn a_wrong_checksum_is_refused() {
    let mut bad = cert_of("tb[0.77]", 300);
    bad.checksum = bad.checksum.wrapping_add(1);
    let e = check(&bad).unwrap_err();
    assert!(matches!(e, CertError::Checksum { .. }), "{e}");
}

/// A forged certificate of `rules` claiming (n0, p), listing `len` true values with their
/// checksum: everything but the claim is right.
fn forged(rules: &str, len: usize, n0: u64, p: u64) -> Certificate {
    let g = plain_values(&Rules::parse(rules).unwrap(), len, &Limits::default()).unwrap();
    let good = certify(rules, &g).unwrap().unwrap();
    resum(Certificate {
        preperiod: n0,
        period: p,
        values: g,
        ..good
    })
}

#[test]
fn a_wrong_period_is_refused() {
    // A wrong period with enough values listed for its proof: the relation fails.
    let e = check(&forged("0.07", 400, 53, 35)).unwrap_err();
    assert!(matches!(e, CertError::PeriodFails { .. }), "{e}");
    assert!(e.to_string().contains("period claim fails"), "{e}");
    // A multiple of the true period holds but is not the least.
    let e = check(&forged("0.07", 400, 53, 68)).unwrap_err();
    assert!(
        matches!(e, CertError::PeriodNotLeast { smaller: 34, .. }),
        "{e}"
    );
    // With only the values of the true claim, the larger claim lacks values.
    let mut short = cert_of("0.07", 300);
    short.period = 35;
    let e = check(&short).unwrap_err();
    assert!(matches!(e, CertError::TooFewValues { .. }), "{e}");
    // And the writer refuses to write any of them.
    let g = plain_values(&Rules::parse("0.07").unwrap(), 400, &Limits::default()).unwrap();
    assert!(Certificate::new("0.07", g.iter().copied(), 53, 68, 0).is_err());
    assert!(Certificate::new("0.07", g.iter().copied(), 53, 35, 0).is_err());
    assert!(Certificate::new("0.07", g.iter().copied(), 53, 34, 0).is_ok());
}

#[test]
fn a_wrong_preperiod_is_refused() {
    let e = check(&forged("0.77", 300, 70, 12)).unwrap_err();
    assert!(matches!(e, CertError::PeriodFails { heap: 70, .. }), "{e}");
    let e = check(&forged("0.77", 300, 72, 12)).unwrap_err();
    assert!(
        matches!(e, CertError::PreperiodNotLeast { heap: 71, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("not the least"), "{e}");
    assert!(check(&forged("0.77", 300, 71, 12)).is_ok());
}

#[test]
fn too_few_values_are_refused() {
    let good = cert_of("tb[0.77]", 300);
    let mut bad = good.clone();
    bad.values.truncate(167);
    let e = check(&resum(bad)).unwrap_err();
    assert!(
        matches!(
            e,
            CertError::TooFewValues {
                needed: 168,
                given: 167,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("needs 168 values"), "{e}");
    // In the text form, a count that disagrees with the list is a format error.
    let text = good.to_text().replace("count 168", "count 169");
    let e = verify_text(&text, &VerifyOptions::default(), &Limits::default()).unwrap_err();
    assert!(matches!(e, CertError::CountMismatch { .. }), "{e}");
}

#[test]
fn a_wrong_code_is_refused() {
    let good = cert_of("tb[0.07]", 300);
    // Same largest take, other moves: the values differ early.
    let mut other = good.clone();
    other.rules = "tb[0.06]".into();
    let e = check(&other).unwrap_err();
    assert!(matches!(e, CertError::WrongValue { .. }), "{e}");
    assert!(e.to_string().contains("tb[0.06]"), "{e}");
    // Another largest take: the theorem line no longer matches.
    let mut other = good.clone();
    other.rules = "tb[0.137]".into();
    let e = check(&other).unwrap_err();
    assert!(matches!(e, CertError::TheoremMismatch { .. }), "{e}");
    // Rules no theorem covers.
    for rules in ["tb[4!.07]", "tb[0.[7]]", "sub[pow2]"] {
        let mut other = good.clone();
        other.rules = rules.into();
        let e = check(&other).unwrap_err();
        assert!(matches!(e, CertError::Rules { .. }), "{rules}: {e}");
    }
}

#[test]
fn a_saltus_or_a_zero_period_is_refused() {
    let good = cert_of("tb[0.77]", 300);
    let e = check(&Certificate {
        saltus: 1,
        ..good.clone()
    })
    .unwrap_err();
    assert!(matches!(e, CertError::Saltus { saltus: 1 }), "{e}");
    let e = check(&Certificate { period: 0, ..good }).unwrap_err();
    assert_eq!(e, CertError::ZeroPeriod);
}

#[test]
fn damaged_text_is_refused_with_its_line() {
    let text = cert_of("sub[2,3,7]", 40).to_text();
    let cases: Vec<(String, &str)> = vec![
        (
            text.replace("grundy-period-certificate 1", "grundy-period-certificate 2"),
            "version 2",
        ),
        (text.replace("end\n", ""), "truncated"),
        (text.replace("period 5", "period five"), "expected a number"),
        (text.replace("values 0 0 1", "values 0 x 1"), "found \"x\""),
        (text.replace("saltus 0\n", ""), "expected 'saltus'"),
        (format!("{text}values 1\n"), "text after 'end'"),
        (text.replace("checksum ", "checksum Z"), "hexadecimal"),
        (String::new(), "ends early"),
    ];
    for (bad, expected) in cases {
        let e = verify_text(&bad, &VerifyOptions::default(), &Limits::default()).unwrap_err();
        assert!(e.to_string().contains(expected), "{expected}: {e}");
    }
}

#[test]
fn limits_are_errors_not_hangs() {
    let good = cert_of("tb[0.77]", 300);
    let opts = VerifyOptions {
        max_work: 1000,
        ..VerifyOptions::default()
    };
    let e = verify(&good, &opts, &Limits::default()).unwrap_err();
    assert!(matches!(e, CertError::TooMuchWork { .. }), "{e}");
    let opts = VerifyOptions {
        max_values: 10,
        ..VerifyOptions::default()
    };
    let e = verify(&good, &opts, &Limits::default()).unwrap_err();
    assert!(matches!(e, CertError::TooManyValues { .. }), "{e}");
    let flag = grundy_types::Cancel::new();
    flag.cancel();
    let cancelled = Limits::default().with_cancel(flag);
    let opts = VerifyOptions::default();
    assert_eq!(
        verify(&good, &opts, &cancelled).unwrap_err(),
        CertError::Cancelled
    );
}

/// The one budget stops both checks: a cancelled `Limits` gives a cancellation, a deadline
/// already passed a time limit, by the plain and the sparse method alike.
#[test]
fn a_cancelled_or_expired_budget_stops_every_check() {
    use grundy_verify::Method;
    let good = cert_of("tb[0.77]", 300);
    let flag = grundy_types::Cancel::new();
    flag.cancel();
    let cancelled = Limits::default().with_cancel(flag);
    let expired = Limits::default().with_timeout(std::time::Duration::ZERO);
    for method in [Method::Plain, Method::Sparse] {
        let opts = VerifyOptions {
            method,
            ..VerifyOptions::default()
        };
        let e = verify(&good, &opts, &cancelled).unwrap_err();
        assert_eq!(e, CertError::Cancelled, "{method}");
        assert_eq!(e.kind(), grundy_types::ErrorKind::Cancelled);
        let e = verify(&good, &opts, &expired).unwrap_err();
        assert!(matches!(e, CertError::TimeLimit { .. }), "{method}: {e}");
        assert_eq!(e.kind(), grundy_types::ErrorKind::Limit);
        assert!(verify(&good, &opts, &Limits::default()).is_ok(), "{method}");
    }
}
