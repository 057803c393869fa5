//! The checker's plain computation of nim-values: every option of every heap, then the mex.
//!
//! Nothing clever happens here on purpose (no sparse space, no blocks, no threads): this
//! is the independent recomputation a certificate is checked against.

use grundy_types::Limits;

use crate::error::CertError;
use crate::rules::{leaves_one, leaves_three, leaves_two, takes_all, Rules};

/// An estimate (an upper bound up to rounding) of the option evaluations needed to compute
/// the values of heaps `0..count`.
///
/// Arguments: `rules`; `count`, the number of heaps.
///
/// Returns: the number of options visited, summed over every heap.
///
/// Complexity: O(t) for a code with largest take t, O(number of ranges) for a set.
///
/// Example:
/// ```
/// use grundy_verify::{work_estimate, Rules};
/// let kayles = Rules::parse("0.77").unwrap();
/// assert!(work_estimate(&kayles, 100) < 100 * 100);
/// ```
pub fn work_estimate(rules: &Rules, count: u64) -> u128 {
    let c = u128::from(count);
    match rules {
        Rules::Code(digits) => {
            let mut work = c;
            for (k, &d) in digits.iter().enumerate() {
                let k = k as u128;
                if k >= c {
                    break;
                }
                // Heaps k..count leave r = 0..count-k tokens.
                let m = c - k;
                if takes_all(d) || leaves_one(d) {
                    work += m;
                }
                if leaves_two(d) {
                    // Sum of r / 2 for r < m.
                    work += m * m / 4;
                }
                if leaves_three(d) {
                    // Sum of about r^2 / 12 for r < m.
                    work += m * m * m / 36;
                }
            }
            work
        }
        Rules::Sub(ranges) => {
            let size: u128 = ranges.iter().map(|&(lo, hi)| u128::from(hi - lo) + 1).sum();
            c + c * size
        }
    }
}

/// The nim-values of heaps `0..count`, by plain mex over every option.
///
/// Arguments: `rules`; `count`, the number of heaps (the caller has checked it against its
/// limits); `limits`, the budget, checked once per heap.
///
/// Returns: `values[n]` = G(n), or [`CertError::Cancelled`] or [`CertError::TimeLimit`].
///
/// Complexity: O(count^2) for codes that split in two, O(count^3) for three-way splits,
/// O(count * |S|) for subtraction sets; O(count) memory.
///
/// Example:
/// ```
/// use grundy_verify::{plain_values, Rules};
/// let dawson = Rules::parse("tb[0.07]").unwrap();
/// assert_eq!(plain_values(&dawson, 8, &grundy_verify::Limits::default()).unwrap(), vec![0, 0, 1, 1, 2, 0, 3, 1]);
/// ```
pub fn plain_values(rules: &Rules, count: usize, limits: &Limits) -> Result<Vec<u32>, CertError> {
    plain_values_counted(rules, count, limits).map(|(g, _)| g)
}

/// [`plain_values`] with the number of option evaluations it made.
pub(crate) fn plain_values_counted(
    rules: &Rules,
    count: usize,
    limits: &Limits,
) -> Result<(Vec<u32>, u64), CertError> {
    let mut evaluations = 0u64;
    let mut g: Vec<u32> = Vec::with_capacity(count);
    // stamp[v] == n + 1 when value v is an option of heap n: no clearing between heaps.
    let mut stamp: Vec<u64> = vec![0; 2];
    let mut largest: u32 = 0;
    for n in 0..count {
        limits.check()?;
        // Every XOR of values below 2^b is below 2^b, and the mex is at most 2^b, where 2^b
        // is the least power of two above every value so far.
        let bound = (u64::from(largest) + 1).next_power_of_two() as usize + 1;
        if stamp.len() < bound {
            stamp.resize(bound, 0);
        }
        let tag = n as u64 + 1;
        let mut mark = |v: u32| {
            evaluations += 1;
            if let Some(s) = stamp.get_mut(v as usize) {
                *s = tag;
            }
        };
        match rules {
            Rules::Code(digits) => {
                for (k, &d) in digits.iter().enumerate().take(n + 1) {
                    if d == 0 {
                        continue;
                    }
                    let r = n - k;
                    if takes_all(d) && k > 0 && r == 0 {
                        mark(0);
                    }
                    if leaves_one(d) && k > 0 && r > 0 {
                        mark(g[r]);
                    }
                    if leaves_two(d) {
                        for a in 1..=r / 2 {
                            mark(g[a] ^ g[r - a]);
                        }
                    }
                    if leaves_three(d) {
                        for a in 1..=r / 3 {
                            for b in a..=(r - a) / 2 {
                                mark(g[a] ^ g[b] ^ g[r - a - b]);
                            }
                        }
                    }
                }
            }
            Rules::Sub(ranges) => {
                for &(lo, hi) in ranges {
                    let mut k = lo;
                    while k <= hi && k <= n as u64 {
                        mark(g[n - k as usize]);
                        k += 1;
                    }
                }
            }
        }
        let v = (0..stamp.len())
            .find(|&v| stamp[v] != tag)
            .unwrap_or(stamp.len()) as u32;
        largest = largest.max(v);
        g.push(v);
    }
    Ok((g, evaluations))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(rules: &str, n: usize) -> Vec<u32> {
        plain_values(&Rules::parse(rules).unwrap(), n, &Limits::default()).unwrap()
    }

    #[test]
    fn published_sequences() {
        // Kayles, OEIS A002186 (offset 0): 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6.
        assert_eq!(plain("0.77", 12), vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        // Dawson's chess 0.137, OEIS A002187: 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4.
        assert_eq!(
            plain("0.137", 14),
            vec![0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4]
        );
        // Subtraction {1,2,3}: n mod 4.
        assert_eq!(plain("sub[1..3]", 9), vec![0, 1, 2, 3, 0, 1, 2, 3, 0]);
        // Subtraction {2,3,7} by hand: G(2) = mex{G(0)} = 1, G(3) = mex{G(1), G(0)} = 1,
        // G(4) = mex{G(2), G(1)} = 2, G(5) = mex{G(3), G(2)} = 0, G(6) = mex{G(4), G(3)} = 0,
        // G(7) = mex{G(5), G(4), G(0)} = 1.
        assert_eq!(plain("sub[2,3,7]", 8), vec![0, 0, 1, 1, 2, 0, 0, 1]);
        // Splitting into two heaps without taking (4.0): a heap below 2 has no move, and
        // by hand G(2) = mex{0} = 1, G(3) = mex{1} = 0, G(4) = mex{0} = 1, G(5) = mex{1}.
        assert_eq!(plain("4.0", 6), vec![0, 0, 1, 0, 1, 0]);
        // Three heaps without taking (8.0): heaps below 3 have no move; 3 -> 1+1+1.
        assert_eq!(plain("8.0", 5), vec![0, 0, 0, 1, 1]);
    }

    #[test]
    fn cancellation_is_seen() {
        let flag = grundy_types::Cancel::new();
        flag.cancel();
        let flag = Limits::default().with_cancel(flag);
        let r = Rules::parse("0.77").unwrap();
        assert_eq!(plain_values(&r, 10, &flag), Err(CertError::Cancelled));
    }

    #[test]
    fn work_grows_with_the_splits() {
        let two = Rules::parse("4.0").unwrap();
        let three = Rules::parse("8.0").unwrap();
        assert!(work_estimate(&three, 300) > work_estimate(&two, 300) * 10);
    }
}
