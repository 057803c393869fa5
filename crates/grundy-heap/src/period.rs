//! Periods of nim-sequences: detection, certificates and values of arbitrarily large heaps.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::hash61;
use crate::rules::HeapRules;
use crate::subset::SubSet;
use crate::values::{Cell, Values};

pub use grundy_types::Period;

/// How many values a certificate for (n0, p) needs under `rules`, or `None` when no
/// theorem applies (infinite sets and codes, `!` codes, a saltus).
///
/// Guy-Smith: for a finite code with largest take t whose moves leave at most m heaps
/// (m <= 3), if G(n + p) = G(n) for n1 <= n < m*n1 + (m-1)*p + t, with n1 = max(n0, 1),
/// then for all n >= n1. The proof pairs each option of n + p with one of n by moving p
/// tokens from the largest heap left, which has at least (n + p - t) / m tokens; n1 >= 1
/// keeps that heap nonempty. Heaps that must stay unequal (`!`) break the pairing, so such
/// codes get no certificate.
fn certificate_size(rules: &HeapRules, n0: u64, p: u64, saltus: u64) -> Option<u64> {
    if saltus != 0 {
        return None;
    }
    match rules {
        HeapRules::Tb(code) => {
            let t = code.max_take()?;
            if code.has_distinct() {
                return None;
            }
            let m = code.max_parts().max(2);
            let n1 = n0.max(1);
            // Values of heaps up to (m*n1 + (m-1)*p + t - 1) + p are compared.
            Some(
                m.checked_mul(n1)?
                    .checked_add(m.checked_mul(p)?)?
                    .checked_add(t)?,
            )
        }
        HeapRules::Sub(SubSet::Finite(_)) => {
            // G(n) depends only on the s = max(S) values before it: once the window of s
            // values from n0 repeats p later, every later value repeats.
            let s = rules_max_sub(rules)?;
            n0.checked_add(s)?.checked_add(p)
        }
        HeapRules::Sub(_) => None,
        HeapRules::Custom(c) => {
            // The same argument as for subtraction sets, from the first heap whose window
            // starts where the moves are translation-invariant.
            let w = c.window()?;
            let n1 = n0.max(w.from.saturating_sub(w.size));
            n1.checked_add(w.size)?.checked_add(p)
        }
    }
}

fn rules_max_sub(rules: &HeapRules) -> Option<u64> {
    match rules {
        HeapRules::Sub(s) => s.max(),
        HeapRules::Tb(_) | HeapRules::Custom(_) => None,
    }
}

/// Finds the least period (with saltus) of a computed nim-sequence, and certifies it when
/// a theorem applies.
///
/// Arguments: `rules`, the rules that produced `values`; `values`, G(0..N).
///
/// Returns: when some period is proven from these N values (a certificate of
/// [`Period::values_needed`] <= N values holds), the least proven period p with its least
/// preperiod n0 (`proven`, saltus 0); otherwise the least period p <= N/2, with its least
/// preperiod n0 and saltus s, such that G(n + p) = G(n) + s for n0 <= n < N - p was seen on
/// at least max(3p, 24) values (not `proven`); `None` when there is neither.
///
/// The least proven period is the least period of the whole infinite sequence (a smaller
/// period d of the tail holds from the same n0, and its certificate needs fewer values), so
/// once a table proves a period, every longer table proves the same one: the answer never
/// depends on where the table ends. A short pattern at the end of the table (three values
/// 0, 1, 2 repeated after the last 3 of `sub[1,2,300]`) never hides a proven period.
///
/// Complexity: O(N) time and O(1) memory for the proven period: p is proven exactly when the
/// window of values that the certificate reads at the end of the table appears again p values
/// earlier, which a rolling hash finds in one pass (each hash match is checked value by
/// value). The fallback tries candidates in increasing order, each scan stopping at its
/// first mismatch from the end, so multiples of the true period are never scanned.
///
/// Example:
/// ```
/// use grundy_heap::{find_period, values, Limits, Strategy, HeapRules};
/// let kayles = HeapRules::parse("tb[0.77]").unwrap();
/// let g = values(&kayles, 400, &Limits::default(), Strategy::default()).unwrap();
/// let p = find_period(&kayles, &g).unwrap();
/// assert_eq!((p.preperiod, p.period, p.proven, p.values_needed), (71, 12, true, 168));
/// // G = 0,1,2 repeated with a 3 every 301 values: period 301 whatever the table's end.
/// let sub = HeapRules::parse("sub[1,2,300]").unwrap();
/// let g = values(&sub, 1000, &Limits::default(), Strategy::default()).unwrap();
/// assert_eq!(find_period(&sub, &g).map(|p| (p.period, p.proven)), Some((301, true)));
/// ```
pub fn find_period(rules: &HeapRules, values: &Values) -> Option<Period> {
    match values {
        Values::U8(g) => detect(rules, g),
        Values::U16(g) => detect(rules, g),
        Values::U32(g) => detect(rules, g),
    }
}

/// The window of values a certificate reads at the end of a table of `len` values: period p
/// is proven from the table exactly when 1 <= p <= `pmax` and G(n + p) = G(n) for the `w`
/// heaps n = len - w - p .. len - p; `None` when no theorem applies or no p fits.
///
/// Each certificate asks G(n + p) = G(n) from n0 to the end of the table and needs
/// `certificate_size(n0, p) <= len`, which holds for all n0 up to some largest start; the
/// window runs from that start to the end. Subtraction sets: n0 + s + p <= len, so the window
/// is the last s values. Guy-Smith: m * max(n0, 1) + m * p + t <= len, that is
/// max(n0, 1) <= A - p with A = (len - t) / m, so the window starts at A - p (at least 1).
/// Custom windows: max(n0, from - size) + size + p <= len, so the last `size` values and
/// p <= len - size - (from - size).
fn proof_window(rules: &HeapRules, len: u64) -> Option<(u64, u64)> {
    let (w, pmax) = match rules {
        HeapRules::Tb(code) => {
            let t = code.max_take()?;
            if code.has_distinct() {
                return None;
            }
            let m = code.max_parts().max(2);
            let a = len.checked_sub(t)? / m;
            (len - a, a.checked_sub(1)?)
        }
        HeapRules::Sub(SubSet::Finite(_)) => {
            let s = rules_max_sub(rules)?;
            (s, len.checked_sub(s)?)
        }
        HeapRules::Sub(_) => return None,
        HeapRules::Custom(c) => {
            let win = c.window()?;
            let f = win.from.saturating_sub(win.size);
            (win.size, len.checked_sub(win.size)?.checked_sub(f)?)
        }
    };
    (pmax >= 1).then_some((w, pmax))
}

/// The least p in 1..=pmax with g[len - w - p + i] = g[len - w + i] for i < w, by a rolling
/// hash of the window sliding to the left (H(j) = sum of g[j + i] * B^i), every hash match
/// checked value by value. O(len) time, O(1) memory.
fn least_repeat<T: Cell>(g: &[T], w: usize, pmax: usize) -> Option<usize> {
    let len = g.len();
    if w == 0 {
        return Some(1);
    }
    let end = len.checked_sub(w)?;
    let pmax = pmax.min(end);
    let mut top = 1u64; // B^(w - 1)
    let mut target = 0u64;
    for i in (0..w).rev() {
        target = hash61::add(
            hash61::mul(target, hash61::BASE),
            u64::from(g[end + i].get()),
        );
        if i > 0 {
            top = hash61::mul(top, hash61::BASE);
        }
    }
    let mut h = target;
    for p in 1..=pmax {
        let j = end - p;
        // Drop g[j + w] (the old last), shift, add g[j] in front.
        let out = hash61::mul(u64::from(g[j + w].get()), top);
        h = hash61::add(
            hash61::mul(hash61::add(h, hash61::MOD - out), hash61::BASE),
            u64::from(g[j].get()),
        );
        if h == target && (0..w).all(|i| g[j + i].get() == g[end + i].get()) {
            return Some(p);
        }
    }
    None
}

pub(crate) fn detect<T: Cell>(rules: &HeapRules, g: &[T]) -> Option<Period> {
    let len = g.len();
    if len < 2 {
        return None;
    }
    // A proven period first: the least one is the true least period, whatever the table's end.
    if let Some((w, pmax)) = proof_window(rules, len as u64) {
        let (w, pmax) = (
            usize::try_from(w).ok()?,
            usize::try_from(pmax).unwrap_or(usize::MAX),
        );
        if let Some(p) = least_repeat(g, w, pmax) {
            let n0 = preperiod_of(g, p, 0);
            let (n0, p64) = (n0 as u64, p as u64);
            let needed = certificate_size(rules, n0, p64, 0);
            if let Some(need) = needed.filter(|&need| need <= len as u64) {
                return Some(Period {
                    preperiod: n0,
                    period: p64,
                    saltus: 0,
                    proven: true,
                    values_needed: need,
                });
            }
        }
    }
    // No period is proven by these values: the least one seen often enough.
    least_seen(g).map(|p| Period {
        values_needed: certificate_size(rules, p.preperiod, p.period, p.saltus).unwrap_or(0),
        ..p
    })
}

/// The least period (with its saltus) that a table shows often enough to be believed,
/// proven or not: three periods and 24 values of evidence at its end, since short runs of a
/// small pattern (Grundy's game ends its first 105 values with 5,2,3 three times) are not
/// periods. `values_needed` is 0: nothing is proven.
fn least_seen<T: Cell>(g: &[T]) -> Option<Period> {
    let len = g.len();
    for p in 1..=len / 2 {
        let last = len - 1;
        let (hi, lo) = (g[last].get(), g[last - p].get());
        if hi < lo {
            continue;
        }
        let s = hi - lo;
        let n0 = preperiod_of(g, p, s);
        let seen = (len - p - n0) as u64;
        let (n0, p64) = (n0 as u64, p as u64);
        if seen >= (3 * p64).max(24) {
            return Some(Period {
                preperiod: n0,
                period: p64,
                saltus: u64::from(s),
                proven: false,
                values_needed: 0,
            });
        }
    }
    None
}

/// The least period (and saltus) a table of values of any game shows often enough to be
/// believed: at least three periods and 24 values repeat at its end. Nothing is proven
/// (`proven` is false, `values_needed` 0): [`find_period`] proves periods of heap rules.
///
/// Complexity: O(p * len) for the period p found, at most O(len^2).
///
/// Example:
/// ```
/// use grundy_heap::{seen_period, Values};
/// let v = Values::U8((0..60u8).map(|i| if i < 5 { 7 } else { i % 3 }).collect());
/// let p = seen_period(&v).unwrap();
/// assert_eq!((p.preperiod, p.period, p.saltus, p.proven), (5, 3, 0, false));
/// ```
pub fn seen_period(values: &Values) -> Option<Period> {
    match values {
        Values::U8(g) => least_seen(g),
        Values::U16(g) => least_seen(g),
        Values::U32(g) => least_seen(g),
    }
}

/// The least n0 such that G(n + p) = G(n) + s for n0 <= n < len - p (walking back from the
/// end), given that it holds at n = len - 1 - p.
fn preperiod_of<T: Cell>(g: &[T], p: usize, s: u32) -> usize {
    let mut n0 = g.len() - p;
    while n0 > 0 && g[n0 - 1 + p].get() == g[n0 - 1].get().wrapping_add(s) {
        n0 -= 1;
    }
    n0
}

/// The nim-value of one heap of any size, from a table and a proven period.
///
/// Arguments: `values`, G(0..N); `period`, a period of that table; `n`, the heap size.
///
/// Returns: G(n) from the table when n < N; otherwise, when the period is proven,
/// G(n0 + (n - n0) mod p) + ((n - n0) div p) * saltus; `None` when n is beyond the table
/// and the period is not proven (or the table is too short to hold one period).
///
/// Complexity: O(size of n) arithmetic.
///
/// Example:
/// ```
/// use grundy_heap::{find_period, value_of_heap, values, Limits, Strategy, HeapRules};
/// use num_bigint::BigUint;
/// let dawson = HeapRules::parse("tb[0.07]").unwrap();
/// let g = values(&dawson, 300, &Limits::default(), Strategy::default()).unwrap();
/// let p = find_period(&dawson, &g).unwrap();
/// let huge = BigUint::from(10u32).pow(18);
/// // 10^18 - 53 = 34 * q + 13, so G(10^18) = G(53 + 13) = G(66).
/// assert_eq!(value_of_heap(&g, Some(&p), &huge), Some(BigUint::from(g.get(66).unwrap())));
/// ```
pub fn value_of_heap(values: &Values, period: Option<&Period>, n: &BigUint) -> Option<BigUint> {
    if let Some(i) = n.to_usize() {
        if let Some(v) = values.get(i) {
            return Some(BigUint::from(v));
        }
    }
    let p = period?;
    if !p.proven || p.period == 0 {
        return None;
    }
    let n0 = BigUint::from(p.preperiod);
    if *n < n0 {
        return None;
    }
    let d = n - &n0;
    let q = &d / p.period;
    let r = (&d % p.period).to_u64()?;
    let base = values.get(usize::try_from(p.preperiod.checked_add(r)?).ok()?)?;
    Some(BigUint::from(base) + q * p.saltus)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive_values;

    fn period_of(rules: &str, n: usize) -> Option<Period> {
        let r = HeapRules::parse(rules).unwrap();
        find_period(&r, &Values::from_u32(&naive_values(&r, n)))
    }

    #[test]
    fn subtraction_2_3_7_has_period_5() {
        // CGSuite test tables: subtraction {2,3,7} has period 5.
        let p = period_of("sub[2,3,7]", 60).unwrap();
        assert_eq!(p.period, 5);
        assert!(p.proven);
        assert_eq!(p.saltus, 0);
        assert_eq!(p.values_needed, p.preperiod + 7 + 5);
    }

    #[test]
    fn nim_has_saltus_one_and_no_certificate() {
        let p = period_of("tb[0.[3]]", 30).unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.saltus, p.proven),
            (0, 1, 1, false)
        );
        let lasker = period_of("tb[4.[3]]", 40).unwrap();
        assert_eq!((lasker.preperiod, lasker.period, lasker.saltus), (1, 4, 4));
    }

    #[test]
    fn short_tables_give_no_period_or_an_unproven_one() {
        // Kayles has preperiod 71: 80 values cannot show it.
        let p = period_of("tb[0.77]", 80);
        assert!(p.map_or(true, |p| !p.proven));
        // Grundy's game has no known period; 105 values show none.
        assert_eq!(period_of("tb[4!.0]", 105), None);
    }

    #[test]
    fn heap_values_beyond_the_table() {
        let r = HeapRules::parse("sub[1..3]").unwrap();
        let g = Values::from_u32(&naive_values(&r, 20));
        let p = find_period(&r, &g).unwrap();
        let n = BigUint::from(10u32).pow(30) + 2u32;
        assert_eq!(value_of_heap(&g, Some(&p), &n), Some(BigUint::from(2u32)));
        let unproven = Period {
            proven: false,
            ..p.clone()
        };
        assert_eq!(value_of_heap(&g, Some(&unproven), &n), None);
        assert_eq!(
            value_of_heap(&g, None, &BigUint::from(5u32)),
            Some(BigUint::from(1u32))
        );
    }
}
