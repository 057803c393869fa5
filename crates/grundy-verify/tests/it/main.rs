//! Integration tests of grundy-verify: tampered certificates, published sequences and
//! periods, brute force by proptest, and the checksum against the real ogsolve.

// Tests may unwrap: their inputs are literals, not user input.
#![allow(clippy::unwrap_used)]

mod binary;
mod golden;
mod ogsolve;
mod props;
mod sparse;
mod tamper;

use grundy_verify::Limits;
use grundy_verify::{certify, plain_values, Certificate, Rules};

/// The certificate of `rules` from `n` plainly computed values (the period must be proven).
pub fn cert_of(rules: &str, n: usize) -> Certificate {
    let g = plain_values(&Rules::parse(rules).unwrap(), n, &Limits::default()).unwrap();
    certify(rules, &g).unwrap().unwrap()
}
