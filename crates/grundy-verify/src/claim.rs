//! A certificate's claim read off its values: the period and preperiod they show, and
//! whether both are least.

use crate::error::CertError;
use crate::rules::Rules;
use crate::theorem::Theorem;
use crate::values::Val;

/// Checks that `values` show period `p` from `n0`, and that both are least.
///
/// Every listed pair (n, n + p) with n >= n0 must agree; `n0 = 0` or G(n0 - 1 + p) !=
/// G(n0 - 1); and no proper divisor d of p has G(n + d) = G(n) for n0 <= n < n0 + p.
/// The caller guarantees `values.len() >= n0 + 2p` (the theorem's count does).
pub(crate) fn check_claim<T: Val>(values: &[T], n0: u64, p: u64) -> Result<(), CertError> {
    check_claim_by(values.len(), |i| values[i].get(), n0, p)
}

/// [`check_claim`] of the `len` values that `v` reads (G(i) for i < len), wherever they are
/// held.
pub(crate) fn check_claim_by(
    len: usize,
    v: impl Fn(usize) -> u32,
    n0: u64,
    p: u64,
) -> Result<(), CertError> {
    let need = n0.saturating_add(p.saturating_mul(2));
    if (len as u64) < need || p == 0 {
        return Err(CertError::TooFewValues {
            needed: need,
            given: len as u64,
            theorem: "the least-period check".into(),
        });
    }
    let (n0u, pu) = (n0 as usize, p as usize);
    if let Some(n) = (n0u..len - pu).find(|&n| v(n + pu) != v(n)) {
        return Err(CertError::PeriodFails {
            heap: n as u64,
            value: v(n),
            later: (n + pu) as u64,
            later_value: v(n + pu),
            period: p,
            preperiod: n0,
        });
    }
    if n0u > 0 && v(n0u - 1 + pu) == v(n0u - 1) {
        return Err(CertError::PreperiodNotLeast {
            preperiod: n0,
            heap: n0 - 1,
            later: n0 - 1 + p,
            value: v(n0u - 1),
        });
    }
    for d in (1..pu).filter(|d| pu % d == 0) {
        if (n0u..n0u + pu).all(|n| v(n + d) == v(n)) {
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
