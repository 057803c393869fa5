//! The independent check of a certificate.

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::cert::Certificate;
use crate::checksum::checksum;
use crate::error::CertError;
use crate::naive::{plain_values, work_estimate};
use crate::rules::Rules;
use crate::theorem::Theorem;

/// Limits and cancellation for [`verify`].
#[derive(Clone, Debug)]
pub struct VerifyOptions {
    /// Most option evaluations the recomputation may take (see [`crate::work_estimate`]);
    /// the default, 2 * 10^10, is tens of seconds on one core.
    pub max_work: u128,
    /// Most values the recomputation may hold in memory (4 bytes each).
    pub max_values: u64,
    /// When set to true by another thread, the check stops with [`CertError::Cancelled`].
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for VerifyOptions {
    fn default() -> Self {
        VerifyOptions {
            max_work: 20_000_000_000,
            max_values: 100_000_000,
            cancel: None,
        }
    }
}

/// What a successful check established.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The rules, canonical.
    pub rules: String,
    /// The theorem used.
    pub theorem: Theorem,
    /// The least preperiod n0.
    pub preperiod: u64,
    /// The least period p.
    pub period: u64,
    /// Values the theorem needed.
    pub values_needed: u64,
    /// Values listed and recomputed.
    pub values_checked: u64,
    /// Their checksum (ogsolve-compatible).
    pub checksum: u32,
}

impl fmt::Display for Verified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: period {} from heap {} (saltus 0) proven by {} on {} recomputed values \
             (checksum {:X})",
            self.rules,
            self.period,
            self.preperiod,
            self.theorem,
            self.values_checked,
            self.checksum
        )
    }
}

/// Checks a certificate from scratch: parses the rules with this crate's own parser,
/// recomputes every listed value by plain mex, and checks the period claim, its
/// minimality, the theorem's count and the checksum.
///
/// Arguments: `cert`, as read by [`Certificate::parse`]; `opts`, limits and cancellation.
///
/// Returns: what was proven, or the first failed check, in this order: rules (malformed,
/// or not covered), saltus, period 0, theorem line, checksum of the listed values, number
/// of values against the theorem, resource limits, each value against the recomputed one,
/// the period relation over every listed value, the least preperiod, the least period.
///
/// Complexity: that of [`crate::plain_values`] on the listed values (O(L^2) for codes
/// that split in two), refused beforehand when above `opts.max_work`.
///
/// Example:
/// ```
/// use grundy_verify::{certify, plain_values, verify, Certificate, Rules, VerifyOptions};
/// let g = plain_values(&Rules::parse("0.07").unwrap(), 300, None).unwrap();
/// let mut cert = certify("0.07", &g).unwrap().unwrap();
/// let ok = verify(&cert, &VerifyOptions::default()).unwrap();
/// assert_eq!((ok.preperiod, ok.period), (53, 34));
/// cert.period = 17;
/// assert!(verify(&cert, &VerifyOptions::default()).is_err());
/// ```
pub fn verify(cert: &Certificate, opts: &VerifyOptions) -> Result<Verified, CertError> {
    let rules = Rules::parse(&cert.rules)?;
    if cert.saltus != 0 {
        return Err(CertError::Saltus {
            saltus: cert.saltus,
        });
    }
    if cert.period == 0 {
        return Err(CertError::ZeroPeriod);
    }
    let theorem = Theorem::for_rules(&rules);
    if cert.theorem.trim() != theorem.to_string() {
        return Err(CertError::TheoremMismatch {
            stated: cert.theorem.clone(),
            computed: theorem.to_string(),
        });
    }
    let computed_sum = checksum(cert.values.iter().copied());
    if computed_sum != cert.checksum {
        return Err(CertError::Checksum {
            stated: cert.checksum,
            computed: computed_sum,
        });
    }
    let needed = theorem.values_needed(cert.preperiod, cert.period)?;
    let listed = cert.values.len() as u64;
    if listed < needed {
        return Err(CertError::TooFewValues {
            needed,
            given: listed,
            theorem: theorem.to_string(),
        });
    }
    let work = work_estimate(&rules, listed);
    if work > opts.max_work {
        return Err(CertError::TooMuchWork {
            count: listed,
            work,
            limit: opts.max_work,
        });
    }
    if listed > opts.max_values {
        return Err(CertError::TooManyValues {
            count: listed,
            limit: opts.max_values,
        });
    }
    let computed = plain_values(&rules, cert.values.len(), opts.cancel.as_deref())?;
    if let Some(heap) = (0..cert.values.len()).find(|&n| cert.values[n] != computed[n]) {
        return Err(CertError::WrongValue {
            heap: heap as u64,
            stated: cert.values[heap],
            computed: computed[heap],
            rules: rules.to_string(),
        });
    }
    check_claim(&computed, cert.preperiod, cert.period)?;
    Ok(Verified {
        rules: rules.to_string(),
        theorem,
        preperiod: cert.preperiod,
        period: cert.period,
        values_needed: needed,
        values_checked: listed,
        checksum: computed_sum,
    })
}

/// Reads and checks a certificate file's text: [`Certificate::parse`] then [`verify`]
/// (what `grundy verify CERT` calls).
///
/// Example:
/// ```
/// use grundy_verify::{certify, plain_values, verify_text, Rules, VerifyOptions};
/// let g = plain_values(&Rules::parse("sub[2,3,7]").unwrap(), 40, None).unwrap();
/// let text = certify("sub[2,3,7]", &g).unwrap().unwrap().to_text();
/// assert_eq!(verify_text(&text, &VerifyOptions::default()).unwrap().period, 5);
/// assert!(verify_text(&text.replace("period 5", "period 10"), &Default::default()).is_err());
/// ```
pub fn verify_text(text: &str, opts: &VerifyOptions) -> Result<Verified, CertError> {
    verify(&Certificate::parse(text)?, opts)
}

/// Checks that `values` show period `p` from `n0`, and that both are least.
///
/// Every listed pair (n, n + p) with n >= n0 must agree; `n0 = 0` or G(n0 - 1 + p) !=
/// G(n0 - 1); and no proper divisor d of p has G(n + d) = G(n) for n0 <= n < n0 + p.
/// The caller guarantees `values.len() >= n0 + 2p` (the theorem's count does).
pub(crate) fn check_claim(values: &[u32], n0: u64, p: u64) -> Result<(), CertError> {
    let len = values.len() as u64;
    let need = n0.saturating_add(p.saturating_mul(2));
    if len < need || p == 0 {
        return Err(CertError::TooFewValues {
            needed: need,
            given: len,
            theorem: "the least-period check".into(),
        });
    }
    let (n0u, pu) = (n0 as usize, p as usize);
    if let Some(n) = (n0u..values.len() - pu).find(|&n| values[n + pu] != values[n]) {
        return Err(CertError::PeriodFails {
            heap: n as u64,
            value: values[n],
            later: (n + pu) as u64,
            later_value: values[n + pu],
            period: p,
            preperiod: n0,
        });
    }
    if n0u > 0 && values[n0u - 1 + pu] == values[n0u - 1] {
        return Err(CertError::PreperiodNotLeast {
            preperiod: n0,
            heap: n0 - 1,
            later: n0 - 1 + p,
            value: values[n0u - 1],
        });
    }
    for d in (1..pu).filter(|d| pu % d == 0) {
        if (n0u..n0u + pu).all(|n| values[n + d] == values[n]) {
            return Err(CertError::PeriodNotLeast {
                period: p,
                smaller: d as u64,
                preperiod: n0,
            });
        }
    }
    Ok(())
}

/// The least period (and its least preperiod) that the theorem proves from `values`.
///
/// For each candidate p from 1 to L/2, the least n0 with G(n + p) = G(n) on [n0, L - p) is
/// found by walking back from the end; the first p whose count fits in L is returned. It is
/// the least period of the whole sequence: a smaller true period would need fewer values.
pub(crate) fn least_certified_period(rules: &Rules, values: &[u32]) -> Option<(u64, u64)> {
    let theorem = Theorem::for_rules(rules);
    let len = values.len();
    for p in 1..=len / 2 {
        let mut n0 = len - p;
        while n0 > 0 && values[n0 - 1 + p] == values[n0 - 1] {
            n0 -= 1;
        }
        let needed = theorem.values_needed(n0 as u64, p as u64).ok()?;
        if needed <= len as u64 {
            return Some((n0 as u64, p as u64));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_on_a_small_sequence() {
        // 5, then 1 2 3 repeating: period 3 from 1.
        let g = [5, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3];
        assert_eq!(check_claim(&g, 1, 3), Ok(()));
        assert!(matches!(
            check_claim(&g, 0, 3),
            Err(CertError::PeriodFails { heap: 0, .. })
        ));
        assert!(matches!(
            check_claim(&g, 2, 3),
            Err(CertError::PreperiodNotLeast { heap: 1, .. })
        ));
        assert!(matches!(
            check_claim(&g, 1, 6),
            Err(CertError::PeriodNotLeast { smaller: 3, .. })
        ));
        assert!(matches!(
            check_claim(&g, 1, 4),
            Err(CertError::PeriodFails { .. })
        ));
    }

    #[test]
    fn least_period_of_subtraction_games() {
        let r = Rules::parse("sub[1..3]").unwrap();
        let g: Vec<u32> = (0..20).map(|n| n % 4).collect();
        assert_eq!(least_certified_period(&r, &g), Some((0, 4)));
        // Too short to prove: n0 + max(s, p) + p = 0 + 4 + 4 = 8 values are needed.
        assert_eq!(least_certified_period(&r, &g[..7]), None);
        assert_eq!(least_certified_period(&r, &g[..8]), Some((0, 4)));
    }
}
