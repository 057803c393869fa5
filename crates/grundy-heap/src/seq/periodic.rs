//! Splits of heaps of any size counted by residues of a proven period (saltus 0): a heap of
//! 10^9 or of a thousand digits splits in two or three without a table to its size.
//!
//! With `G(n + p) = G(n)` for `n >= n0`, the value of a part at least `n0` depends only on its
//! residue `(x - n0) mod p`. Two parts `a <= b` of a heap `m` with `a >= n0` repeat with period
//! `p` in `a`, so each residue of `a` that matches counts an arithmetic progression. Three parts
//! `a <= b <= c`, all at least `n0`, match by the pair of residues of `a` and `b`; the number of
//! `(a, b)` of given residues with `a <= b <= c` is a sum of floors of linear functions
//! ([`floor_sum`]). Parts below `n0` are taken one at a time.

use crate::{Period, Values};
use num_bigint::{BigInt, BigUint};
use num_traits::{One, ToPrimitive, Zero};

use grundy_types::Limits;

use super::SeqError as Error;

/// A table holding the preperiod and one period of a sequence with a proven period.
pub(super) struct Periodic<'a> {
    values: &'a Values,
    n0: u64,
    per: u64,
}

impl<'a> Periodic<'a> {
    /// The period `p` over `values`, when it has saltus 0 and the table covers its preperiod
    /// and one period (the first heap, 0, is never a part: `n0` is at least 1).
    pub(super) fn new(values: &'a Values, p: &Period) -> Option<Periodic<'a>> {
        let n0 = p.preperiod.max(1);
        let per = p.period;
        if per == 0 || p.saltus != 0 || (values.len() as u64) < n0 + per {
            return None;
        }
        Some(Periodic { values, n0, per })
    }

    /// The work of counting three-way splits, in table look-ups: the small first parts, each
    /// a pair count, and every pair of residues.
    pub(super) fn triple_cost(&self) -> u64 {
        let (n0, p) = (self.n0, self.per);
        n0.saturating_mul(n0.saturating_add(p))
            .saturating_add(p.saturating_mul(p))
    }

    /// G(n0 + r), the value of residue `r`.
    fn at(&self, r: u64) -> u32 {
        self.values.get((self.n0 + r) as usize).unwrap_or(0)
    }

    /// The residue of a heap `x >= n0`.
    fn residue(&self, x: &BigUint) -> u64 {
        ((x - self.n0) % self.per).to_u64().unwrap_or(0)
    }

    /// The value of a heap of any size.
    pub(super) fn value(&self, x: &BigUint) -> u32 {
        match x.to_u64().filter(|&v| v < self.n0 + self.per) {
            Some(v) => self.values.get(v as usize).unwrap_or(0),
            None => self.at(self.residue(x)),
        }
    }

    /// The splits of `m` into `a + b` with `lo <= a <= hi` (and `hi <= m / 2`, so `a <= b`)
    /// whose values XOR to `t`, `a != b` when `distinct`: their count, and at most `cap` of
    /// the first parts `a` pushed to `out`, in increasing order.
    ///
    /// Complexity: O(n0 + p) look-ups and O(cap + p) more to list.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn pairs(
        &self,
        m: &BigUint,
        lo: &BigUint,
        hi: &BigUint,
        distinct: bool,
        t: u32,
        cap: usize,
        out: &mut Vec<BigUint>,
    ) -> BigUint {
        let (n0, per) = (self.n0, self.per);
        let mut count = BigUint::zero();
        if lo > hi {
            return count;
        }
        // First parts below n0, one by one.
        let lo64 = lo.to_u64().unwrap_or(u64::MAX);
        let small_hi = hi.to_u64().map_or(n0 - 1, |h| h.min(n0 - 1));
        for a in lo64..=small_hi {
            let ab = BigUint::from(a);
            let b = m - &ab;
            if distinct && b == ab {
                continue;
            }
            if self.value(&ab) ^ self.value(&b) == t {
                count += 1u32;
                if out.len() < cap {
                    out.push(ab);
                }
            }
        }
        let start = lo.max(&BigUint::from(n0)).clone();
        if start > *hi {
            return count;
        }
        // First parts a >= n0: then b >= a >= n0 too, and the pair of residues repeats with
        // period p in a.
        let r0 = self.residue(&start);
        let mut matching = Vec::new();
        for r in 0..per {
            // The first a >= start of residue r.
            let a = &start + (r + per - r0) % per;
            if a > *hi {
                continue;
            }
            if self.at(r) ^ self.at(self.residue(&(m - &a))) == t {
                matching.push(r);
                count += (hi - &a) / per + 1u32;
            }
        }
        let half = m / 2u32;
        if distinct && (m % 2u32).is_zero() && half >= start && half <= *hi {
            let r = self.residue(&half);
            if matching.contains(&r) {
                count -= 1u32;
            }
        }
        // List period by period, only at the matching residues.
        let mut base = &start - r0;
        'list: while out.len() < cap && !matching.is_empty() {
            for &r in &matching {
                let a = &base + r;
                if a < start {
                    continue;
                }
                if a > *hi || out.len() >= cap {
                    break 'list;
                }
                if !(distinct && &a * 2u32 == *m) {
                    out.push(a);
                }
            }
            base += per;
        }
        count
    }

    /// The splits of `m` into `a + b + c` with `1 <= a <= b <= c` whose values XOR to `t`:
    /// their count, and at most `cap` of them pushed to `out`, sorted by `a` then `b`.
    ///
    /// Complexity: [`Periodic::triple_cost`] look-ups, one [`floor_sum`] of O(log m) steps per
    /// matching pair of residues, and O(p) per first part visited while listing.
    pub(super) fn triples(
        &self,
        m: &BigUint,
        t: u32,
        cap: usize,
        out: &mut Vec<[BigUint; 3]>,
        limits: &Limits,
    ) -> Result<BigUint, Error> {
        let (n0, per) = (self.n0, self.per);
        let mut count = BigUint::zero();
        if *m < BigUint::from(3u32) {
            return Ok(count);
        }
        let third = m / 3u32;
        // First parts below n0: a pair count each.
        let small_hi = third.to_u64().map_or(n0 - 1, |h| h.min(n0 - 1));
        for a in 1..=small_hi {
            limits.check()?;
            let ab = BigUint::from(a);
            let rest = m - &ab;
            let hi = &rest / 2u32;
            let mut bs = Vec::new();
            let room = cap - out.len().min(cap);
            count += self.pairs(&rest, &ab, &hi, false, t ^ self.value(&ab), room, &mut bs);
            for b in bs {
                let c = &rest - &b;
                out.push([ab.clone(), b, c]);
            }
        }
        // Every part at least n0: a = n0 + x, b = n0 + y, c = n0 + z with x <= y <= z and
        // x + y + z = K. The residues of x and y fix that of z.
        let big_n0 = BigUint::from(n0);
        if *m < &big_n0 * 3u32 {
            return Ok(count);
        }
        let k = m - &big_n0 * 3u32;
        let k_third = &k / 3u32;
        let k_mod = (&k % per).to_u64().unwrap_or(0);
        let mut rows: Vec<Vec<u64>> = vec![Vec::new(); per as usize];
        let mut total = BigInt::zero();
        for rx in 0..per {
            if BigUint::from(rx) > k_third {
                break;
            }
            if rx % 64 == 0 {
                limits.check()?;
            }
            // x = rx + p i for i = 0..=last.
            let last = (&k_third - rx) / per;
            let terms = BigInt::from(&last + 1u32);
            let x_max = &last * per + rx;
            for ry in 0..per {
                let rz = (k_mod + 2 * per - rx - ry) % per;
                if self.at(rx) ^ self.at(ry) ^ self.at(rz) != t {
                    continue;
                }
                rows[rx as usize].push(ry);
                // For each x, the y = ry (mod p) in [x, (K - x) / 2] number
                // floor((K - x - 2 ry) / 2p) - i + [rx <= ry]; summed over i, with j = last - i
                // and the numerator raised by 2p to stay nonnegative:
                // sum_j floor((B + p j) / 2p) - (last + 1) with B = K - x_max - 2 ry + 2p.
                let b = &k - &x_max + 2 * per - 2 * ry;
                let floors = floor_sum(
                    &(&last + 1u32),
                    &BigUint::from(2 * per),
                    &BigUint::from(per),
                    &b,
                );
                total += BigInt::from(floors) - &terms;
                total -= BigInt::from(&last * (&last + 1u32) / 2u32);
                if rx <= ry {
                    total += &terms;
                }
            }
        }
        count += total.to_biguint().unwrap_or_default();
        // List a by a, each with its matching residues of y.
        let any = rows.iter().any(|r| !r.is_empty());
        let mut x = BigUint::zero();
        let mut steps = 0u64;
        while any && out.len() < cap && x <= k_third {
            steps += 1;
            if steps % 1024 == 0 {
                limits.check()?;
            }
            let rx = (&x % per).to_u64().unwrap_or(0);
            let row = &rows[rx as usize];
            if !row.is_empty() {
                let a = &big_n0 + &x;
                let rest = m - &a;
                let hi = &rest / 2u32;
                let mut y = x.clone() - rx;
                'list: loop {
                    for &ry in row {
                        let yy = &y + ry;
                        if yy < x {
                            continue;
                        }
                        let b = &big_n0 + &yy;
                        if b > hi || out.len() >= cap {
                            break 'list;
                        }
                        let c = &rest - &b;
                        out.push([a.clone(), b, c]);
                    }
                    y += per;
                }
            }
            x += 1u32;
        }
        Ok(count)
    }
}

/// The sum of `floor((a i + b) / m)` for `i` in `0..n`.
///
/// Arguments: `n` terms, the divisor `m >= 1`, the slope `a` and the intercept `b`.
/// Returns: the sum, exactly.
/// Complexity: O(log m + log a) rounds of a Euclid-like reduction (AtCoder Library's
/// `floor_sum`), each a few big-number operations.
/// Example: `floor_sum(4, 3, 2, 1)` = 0 + 1 + 1 + 2 = 4.
pub(super) fn floor_sum(n: &BigUint, m: &BigUint, a: &BigUint, b: &BigUint) -> BigUint {
    let (mut n, mut m, mut a, mut b) = (n.clone(), m.clone(), a.clone(), b.clone());
    let mut ans = BigUint::zero();
    if n.is_zero() || m.is_zero() {
        return ans;
    }
    loop {
        if a >= m {
            ans += &n * (&n - BigUint::one()) / 2u32 * (&a / &m);
            a %= &m;
        }
        if b >= m {
            ans += &n * (&b / &m);
            b %= &m;
        }
        let y_max = &a * &n + &b;
        if y_max < m {
            break;
        }
        n = &y_max / &m;
        b = &y_max % &m;
        std::mem::swap(&mut m, &mut a);
    }
    ans
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_sum_equals_the_sum() {
        for n in 0u64..12 {
            for m in 1u64..9 {
                for a in 0u64..12 {
                    for b in 0u64..12 {
                        let want: u64 = (0..n).map(|i| (a * i + b) / m).sum();
                        let got = floor_sum(
                            &BigUint::from(n),
                            &BigUint::from(m),
                            &BigUint::from(a),
                            &BigUint::from(b),
                        );
                        assert_eq!(got, BigUint::from(want), "n={n} m={m} a={a} b={b}");
                    }
                }
            }
        }
    }

    /// A made-up periodic sequence (preperiod 5, period 4), its pairs and triples against a
    /// plain scan, on every heap to 90 and every target.
    #[test]
    fn pairs_and_triples_equal_a_scan() {
        let raw: Vec<u8> = vec![0, 3, 1, 0, 2, 1, 3, 3, 0];
        let g = |x: u64| -> u32 {
            if x < 9 {
                u32::from(raw[x as usize])
            } else {
                u32::from(raw[5 + ((x - 5) % 4) as usize])
            }
        };
        let values = Values::U8(raw.clone());
        let p = Period {
            preperiod: 5,
            period: 4,
            saltus: 0,
            proven: true,
            values_needed: 0,
        };
        let per = Periodic::new(&values, &p).unwrap();
        let limits = Limits::default();
        for m in 0u64..90 {
            for t in 0u32..4 {
                for distinct in [false, true] {
                    for lo in [1u64, 3, 7] {
                        let hi = m / 2;
                        let want: Vec<u64> = (lo..=hi)
                            .filter(|&a| !(distinct && 2 * a == m) && g(a) ^ g(m - a) == t)
                            .collect();
                        let mut got = Vec::new();
                        let n = per.pairs(
                            &m.into(),
                            &lo.into(),
                            &hi.into(),
                            distinct,
                            t,
                            usize::MAX,
                            &mut got,
                        );
                        assert_eq!(n, BigUint::from(want.len()), "m={m} t={t} lo={lo}");
                        let got: Vec<u64> = got.iter().map(|a| a.to_u64().unwrap()).collect();
                        assert_eq!(got, want, "m={m} t={t} lo={lo} {distinct}");
                    }
                }
                let mut want = Vec::new();
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        let c = m - a - b;
                        if g(a) ^ g(b) ^ g(c) == t {
                            want.push([a, b, c]);
                        }
                    }
                }
                for cap in [usize::MAX, 3] {
                    let mut got = Vec::new();
                    let n = per.triples(&m.into(), t, cap, &mut got, &limits).unwrap();
                    assert_eq!(n, BigUint::from(want.len()), "m={m} t={t}");
                    let got: Vec<[u64; 3]> = got
                        .iter()
                        .map(|v| v.clone().map(|x| x.to_u64().unwrap()))
                        .collect();
                    let cut: Vec<[u64; 3]> = want.iter().take(cap).copied().collect();
                    assert_eq!(got, cut, "m={m} t={t} cap={cap}");
                }
            }
        }
    }
}
