//! The checksum and periods against the real ogsolve (crates.io `ogsolve`, by P. Beling),
//! when it is installed (`cargo install ogsolve`); the test says so and passes otherwise.
//!
//! `ogsolve CODE -n N` computes heaps 0..=N and prints `checksum: X` (upper-case hex) and,
//! when its own Guy-Smith check succeeds, `found period of length P and pre-period N0`.

use std::process::Command;

use grundy_verify::Limits;
use grundy_verify::{certify, checksum, plain_values, Rules};

fn run_ogsolve(code: &str, last_heap: usize) -> Option<String> {
    let out = Command::new("ogsolve")
        .args([code, "-n", &last_heap.to_string()])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

fn field<'a>(text: &'a str, before: &str) -> Option<&'a str> {
    let at = text.find(before)? + before.len();
    text[at..].split_whitespace().next()
}

#[test]
fn checksums_and_periods_match_ogsolve() {
    if run_ogsolve("0.07", 10).is_none() {
        eprintln!("ogsolve is not installed (cargo install ogsolve): comparison skipped");
        return;
    }
    // (code, values): octal codes ogsolve reads, with d0 = 0 or 4.
    let cases = [
        ("0.07", 400),
        ("0.77", 400),
        ("0.137", 400),
        ("4.07", 300),
        ("0.45", 1300),
        ("0.51", 50),
        ("0.16", 700),
        ("0.6", 500),
    ];
    for (code, len) in cases {
        let g = plain_values(&Rules::parse(code).unwrap(), len, &Limits::default()).unwrap();
        let out = run_ogsolve(code, len - 1).unwrap();
        let theirs = field(&out, "checksum:").unwrap();
        assert_eq!(
            format!("{:X}", checksum(g.iter().copied())),
            theirs,
            "{code}"
        );
        let ours = certify(code, &g).unwrap().map(|c| (c.preperiod, c.period));
        let period: Option<u64> = field(&out, "period of length ").and_then(|s| s.parse().ok());
        let pre: Option<u64> = field(&out, "pre-period ").and_then(|s| s.parse().ok());
        let theirs = period.zip(pre).map(|(p, n0)| (n0, p));
        assert_eq!(
            ours, theirs,
            "{code}: ours then ogsolve's (preperiod, period)"
        );
    }
}
