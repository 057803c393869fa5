//! The binary form of a certificate (format version 2): it reads back as written, verifies as
//! the text form does, and every kind of damage or tampering is refused.

use grundy_verify::Limits;
use grundy_verify::{
    checksum, verify_bytes, CertError, Certificate, VerifyOptions, BINARY_VERSION,
};

use crate::cert_of;

fn binary(cert: &Certificate) -> Vec<u8> {
    let mut bytes = Vec::new();
    cert.write_binary(&mut bytes).unwrap();
    bytes
}

fn check(bytes: &[u8]) -> Result<(), CertError> {
    verify_bytes(bytes, &VerifyOptions::default(), &Limits::default()).map(|_| ())
}

/// The offset of the first value byte: just after the `values-binary W` line.
fn values_at(bytes: &[u8]) -> usize {
    let key = b"values-binary ";
    let line = bytes.windows(key.len()).position(|w| w == key).unwrap();
    line + bytes[line..].iter().position(|&b| b == b'\n').unwrap() + 1
}

#[test]
fn the_binary_form_reads_back_and_verifies_like_the_text() {
    for (rules, n) in [("tb[0.07]", 300), ("tb[0.77]", 300), ("sub[2,5,7]", 200)] {
        let cert = cert_of(rules, n);
        let bytes = binary(&cert);
        assert!(
            String::from_utf8_lossy(&bytes).contains(&format!("certificate {BINARY_VERSION}\n")),
            "{rules}"
        );
        assert_eq!(Certificate::parse_binary(&bytes).unwrap(), cert, "{rules}");
        let a = verify_bytes(&bytes, &VerifyOptions::default(), &Limits::default()).unwrap();
        let b = verify_bytes(
            cert.to_text().as_bytes(),
            &VerifyOptions::default(),
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(
            (a.preperiod, a.period, a.values_checked),
            (b.preperiod, b.period, b.values_checked),
            "{rules}"
        );
        // One byte a value: the values' bytes are the count.
        assert_eq!(
            bytes.len() - values_at(&bytes),
            cert.values.len() + 5,
            "{rules}"
        );
    }
}

#[test]
fn wide_values_take_two_or_four_bytes() {
    for (largest, width) in [
        (255u32, 1usize),
        (256, 2),
        (65535, 2),
        (65536, 4),
        (u32::MAX, 4),
    ] {
        let mut cert = cert_of("tb[0.07]", 300);
        cert.values[7] = largest;
        cert.checksum = checksum(cert.values.iter().copied());
        let bytes = binary(&cert);
        assert_eq!(
            bytes.len() - values_at(&bytes),
            cert.values.len() * width + 5
        );
        assert_eq!(
            Certificate::parse_binary(&bytes).unwrap(),
            cert,
            "{largest}"
        );
        // The value is read exactly, and the recomputation finds it wrong.
        let e = check(&bytes).unwrap_err();
        assert!(
            matches!(e, CertError::WrongValue { heap: 7, .. }),
            "{largest}: {e}"
        );
    }
}

#[test]
fn damaged_or_tampered_binary_certificates_are_refused() {
    let cert = cert_of("tb[0.07]", 300);
    let good = binary(&cert);
    let at = values_at(&good);
    // A value changed: the checksum; with the checksum forged too, the recomputation.
    let mut bad = good.clone();
    bad[at + 100] ^= 1;
    assert!(matches!(
        check(&bad).unwrap_err(),
        CertError::Checksum { .. }
    ));
    let mut forged = cert.clone();
    forged.values[100] ^= 1;
    forged.checksum = checksum(forged.values.iter().copied());
    let e = check(&binary(&forged)).unwrap_err();
    assert!(matches!(e, CertError::WrongValue { heap: 100, .. }), "{e}");
    // Truncated, or bytes after the end.
    for bad in [
        good[..good.len() - 1].to_vec(),
        good[..at + 50].to_vec(),
        [good.clone(), b"x".to_vec()].concat(),
    ] {
        let e = check(&bad).unwrap_err();
        assert!(matches!(e, CertError::Format { .. }), "{e}");
    }
    // A value removed with the end kept: the count differs.
    let mut short = good[..at + 10].to_vec();
    short.extend_from_slice(&good[at + 11..]);
    assert!(matches!(
        check(&short).unwrap_err(),
        CertError::CountMismatch { .. }
    ));
    // Another width, another version, a header line out of place.
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let swap = |from: &str, to: &str| -> Vec<u8> {
        let head = text(&good[..at]).replacen(from, to, 1);
        [head.as_bytes(), &good[at..]].concat()
    };
    for (from, to) in [
        ("values-binary 1", "values-binary 3"),
        ("values-binary 1", "values-binary"),
        ("period 34", "rules tb[0.07]"),
        ("checksum ", "checksum Z"),
    ] {
        let e = check(&swap(from, to)).unwrap_err();
        assert!(matches!(e, CertError::Format { .. }), "{from} -> {to}: {e}");
    }
    // Version 3 starts like neither form: it is read as text and refused as another version.
    let e = check(&swap("certificate 2", "certificate 3")).unwrap_err();
    assert!(matches!(e, CertError::Version { .. }), "{e}");
    // The claim changed in the header: refused as in the text form.
    let e = check(&swap("period 34", "period 17")).unwrap_err();
    assert!(!matches!(e, CertError::Format { .. }), "{e}");
}

#[test]
fn a_streamed_certificate_is_the_one_written_from_a_list() {
    // Values of several widths: a value above 255 makes two bytes a value.
    for (rules, n) in [
        ("tb[0.07]", 300),
        ("tb[0.77]", 300),
        ("sub[2,5,7]", 200),
        ("tb[0.4]", 2000),
    ] {
        let g = grundy_verify::plain_values(
            &grundy_verify::Rules::parse(rules).unwrap(),
            n,
            &Limits::default(),
        )
        .unwrap();
        let cert = grundy_verify::certify(rules, &g).unwrap().unwrap();
        let s = Certificate::streamed(rules, g.len(), |i| g[i], cert.preperiod, cert.period, 0)
            .unwrap();
        assert_eq!(
            (s.preperiod(), s.period(), s.count(), s.checksum()),
            (
                cert.preperiod,
                cert.period,
                cert.values.len() as u64,
                cert.checksum
            ),
            "{rules}"
        );
        let mut bytes = Vec::new();
        s.write_binary(|i| g[i], &mut bytes).unwrap();
        assert_eq!(bytes, binary(&cert), "{rules}");
        assert_eq!(check(&bytes), Ok(()), "{rules}");
        // What the list's writer refuses, the streamed one refuses the same way.
        for (pre, period) in [
            (cert.preperiod, cert.period / 2),
            (cert.preperiod + 1, cert.period),
            (cert.preperiod, cert.period * 2),
            (cert.preperiod, 0),
        ] {
            let list = Certificate::new(rules, g.iter().copied(), pre, period, 0).err();
            let streamed = Certificate::streamed(rules, g.len(), |i| g[i], pre, period, 0).err();
            assert!(list.is_some(), "{rules} {pre} {period}");
            assert_eq!(streamed, list, "{rules} {pre} {period}");
        }
        // Too few values.
        let short = cert.values.len() - 1;
        assert!(matches!(
            Certificate::streamed(rules, short, |i| g[i], cert.preperiod, cert.period, 0),
            Err(CertError::TooFewValues { .. })
        ));
    }
}
