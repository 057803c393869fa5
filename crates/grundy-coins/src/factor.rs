//! Factorisation with constrained factors: the algebra behind Tartan winning moves.
//!
//! In a Tartan game `G1 x G2` a head at `(x, y)` has the value `v = v1 (*) v2` with
//! `v1 = G1(x)`, `v2 = G2(y)` (the Tartan theorem). A move with south-east corner `(x, y)` is a
//! product `M1 x M2` of a `G1`-move `M1` ending at `x` and a `G2`-move `M2` ending at `y`; it
//! changes the value of the position by `A (*) B`, where `A` is the nim-sum of the values of the
//! coins of `M1` (including `x`) and `B` likewise for `M2`. Every value `u1 < v1` is the nim-sum
//! of the other coins of some `G1`-move (that is what the mex says), so `A = v1 + u1` can be any
//! number of the set
//!
//!   `allowed(v1) = { A : A != 0 and A + v1 < v1 }` (`+` is XOR) = the `A` whose top bit is a
//!   bit of `v1`,
//!
//! which has exactly `v1` elements. To move a position of nim-sum `s != 0` to 0 we need a head
//! and `A in allowed(v1)`, `B in allowed(v2)` with `A (*) B = s`. Turning Corners guarantees
//! one when the top bit of `s` is a bit of `v` (the new value of the head, `v + s`, is then
//! below `v`, and every smaller value is an option: that is the mex).
//!
//! [`factor`] finds such a pair without enumerating, by halving in the tower of fields. Write
//! numbers below `F^2` as `a1 F + a0` with halves in the field `K` of numbers below `F`.
//! `A` is allowed for `v1 = p1 F + q1` exactly when either its high half `a1` is allowed for
//! `p1` (and `a0` is free) or `a1 = 0` and `a0` is allowed for `q1`.
//!
//! - If `p1 = 0` then `A` lies in `K`, and `A (*) B = s` splits into `A b1 = s1`, `A b0 = s0`
//!   (multiplication by `A` acts on each half): the problem for `(q1, p2, s1)` in `K` when
//!   `s1 != 0`, else for `(q1, q2, s0)`. This reduction is exact (no solution is lost).
//! - If both high halves are nonzero and both factors take the "high" form, write
//!   `A = a1 (F + alpha)`, `B = b1 (F + beta)` and `P = a1 b1`. Since `F^2 = F + h`,
//!   `A B = P ((1 + alpha + beta) F + (h + alpha beta))`, so `alpha`, `beta` are the roots of
//!   `z^2 + sigma z + tau` with `sigma = 1 + s1/P`, `tau = s0/P + h`: a quadratic over `K`,
//!   solvable exactly when `sigma = 0` or the trace of `tau/sigma^2` (its top bit) is 0, and then
//!   solved by [`crate::nim::solve_z2_plus_z`] (GF(2)-linear). The factors `a1`, `b1` only matter
//!   through `P`, which is found by the same problem one level down, for `(p1, p2, P)`.
//! - The mixed forms (`A` high and `B` low, and so on) are again problems one level down.
//!
//! Below [`BASE_BITS`] bits the problem is solved by exhaustion over the smaller factor set.
//!
//! Completeness. The reductions and the mixed forms are exact; the high-high form tries every
//! allowed `P` when there are at most 4096 of them, else 256 spread pseudo-randomly over them
//! (about half of them satisfy the trace condition in every case measured; consecutive
//! candidates are not enough, the condition can be constant on a small coset). The search is
//! therefore checked rather than proven complete: `examples/factor_check.rs` runs it on every
//! guaranteed case of the field of order 256 with exhaustion only at 1 or 2 bits (8,323,200
//! cases, every halving step exercised), on 1.3 million structured cases (powers of two, Fermat
//! 2-powers and their neighbours, up to 128 bits) and on random cases of 16 to 128 bits, and
//! has never missed. Should it miss, the caller gets [`None`] (and the game an error), never a
//! wrong move: every answer is checked by multiplying back.

use crate::nim::{nim_inv_u128, nim_mul_u128, nim_sqrt_u128, solve_z2_plus_z};

/// Width of the fields solved by exhaustion (at most 255 candidates).
pub const BASE_BITS: u32 = 8;

/// Up to this many allowed products `P` the high-high form tries them all.
const HIGH_ALL: u128 = 4096;

/// Beyond [`HIGH_ALL`], how many allowed products `P`, spread pseudo-randomly over the whole
/// set, the high-high form tries before the other forms. (Consecutive candidates are not
/// enough: the trace condition can be constant on a small coset.)
const HIGH_SAMPLES: u32 = 256;

/// Whether `a` is an allowed move difference for the value `v`: `a != 0` and `a + v < v`.
pub fn allowed(a: u128, v: u128) -> bool {
    a != 0 && (a ^ v) < v
}

/// Counters of the branches taken, for the exhaustive experiments in the tests.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Problems solved by exhaustion.
    pub base: u64,
    /// Exact reductions (one factor inside the subfield).
    pub reduce: u64,
    /// High-high solutions.
    pub high: u64,
    /// Mixed or low-low solutions.
    pub mixed: u64,
    /// Failures of a sub-problem.
    pub fail: u64,
}

/// Finds `A in allowed(v1)`, `B in allowed(v2)` with `A (*) B = s`.
///
/// Arguments: `v1`, `v2`, `s` (any; the search is meant for `s` whose top bit is a bit of
/// `v1 (*) v2`, for which a solution always exists). Returns: a pair, or `None` when none was
/// found. Complexity: a few sub-problems per halving, each with at most a few thousand
/// candidate products; measured mean 2 us at 64 bits and 15 us at 128 bits, worst a few ms
/// (see `examples/factor_check.rs`). Example: `factor(2, 3, 2)` gives a pair with
/// `A (*) B = 2`.
pub fn factor(v1: u128, v2: u128, s: u128) -> Option<(u128, u128)> {
    let mut stats = Stats::default();
    factor_with(v1, v2, s, BASE_BITS, &mut stats)
}

/// [`factor`] with a chosen base width (a power of two) and branch counters.
pub fn factor_with(
    v1: u128,
    v2: u128,
    s: u128,
    base_bits: u32,
    stats: &mut Stats,
) -> Option<(u128, u128)> {
    if v1 == 0 || v2 == 0 || s == 0 {
        return None;
    }
    let top = 128 - (v1 | v2 | s).leading_zeros();
    let bits = top.next_power_of_two().max(1);
    let found = solve(v1, v2, s, bits, base_bits.max(1), 0, stats);
    let guaranteed = allowed(s, nim_mul_u128(v1, v2));
    // A safety net never needed in the checks: other pseudo-random candidates.
    let found = found.or_else(|| {
        (1..4u128)
            .filter(|_| guaranteed)
            .find_map(|salt| solve(v1, v2, s, bits, base_bits.max(1), salt, stats))
    });
    // Every answer is checked by multiplying back, so a wrong pair is never returned.
    found.filter(|&(a, b)| allowed(a, v1) && allowed(b, v2) && nim_mul_u128(a, b) == s)
}

fn solve(
    v1: u128,
    v2: u128,
    s: u128,
    bits: u32,
    base: u32,
    salt: u128,
    st: &mut Stats,
) -> Option<(u128, u128)> {
    if v1 == 0 || v2 == 0 || s == 0 {
        return None;
    }
    if bits <= base {
        st.base += 1;
        return exhaust(v1, v2, s);
    }
    let n = bits / 2;
    let mask = (1u128 << n) - 1;
    let (p1, q1) = (v1 >> n, v1 & mask);
    let (p2, q2) = (v2 >> n, v2 & mask);
    let (s1, s0) = (s >> n, s & mask);
    if p1 == 0 && p2 == 0 {
        // Both factors lie in K, so their product does.
        if s1 != 0 {
            return None;
        }
        return solve(q1, q2, s0, n, base, salt, st);
    }
    if p1 == 0 {
        st.reduce += 1;
        return reduce(q1, p2, q2, s1, s0, n, base, salt, st);
    }
    if p2 == 0 {
        st.reduce += 1;
        return reduce(q2, p1, q1, s1, s0, n, base, salt, st).map(|(b, a)| (a, b));
    }
    // High-high form: try products P allowed for p1 (*) p2, for which the sub-problem
    // (p1, p2, P) has a solution. P = s1 makes the quadratic a square (always solvable).
    let h = 1u128 << (n - 1);
    let w = nim_mul_u128(p1, p2);
    for p in high_candidates(
        w,
        s1,
        v1 ^ v2.rotate_left(17) ^ s.rotate_left(41) ^ salt.rotate_left(89),
    ) {
        let Some((alpha, beta)) = high_roots(p, s1, s0, h, n) else {
            continue;
        };
        match solve(p1, p2, p, n, base, salt, st) {
            Some((a1, b1)) => {
                st.high += 1;
                let a = (a1 << n) | nim_mul_u128(alpha, a1);
                let b = (b1 << n) | nim_mul_u128(beta, b1);
                return Some((a, b));
            }
            None => st.fail += 1,
        }
    }
    // Mixed forms: A high and B low (b1 = 0): a1 b0 = s1, a0 b0 = s0; and the mirror image.
    if s1 != 0 {
        if let Some((a1, b0)) = solve(p1, q2, s1, n, base, salt, st) {
            st.mixed += 1;
            let a0 = nim_mul_u128(s0, nim_inv_u128(b0)?);
            return Some(((a1 << n) | a0, b0));
        }
        if let Some((a0, b1)) = solve(q1, p2, s1, n, base, salt, st) {
            st.mixed += 1;
            let b0 = nim_mul_u128(s0, nim_inv_u128(a0)?);
            return Some((a0, (b1 << n) | b0));
        }
    } else if let Some((a0, b0)) = solve(q1, q2, s0, n, base, salt, st) {
        st.mixed += 1;
        return Some((a0, b0));
    }
    st.fail += 1;
    None
}

/// The candidate products `P` of the high-high form: `s1` first when it is allowed for `w`,
/// then every allowed `P` when there are at most [`HIGH_ALL`], else [`HIGH_SAMPLES`] of them
/// drawn by a xorshift generator seeded from the problem (so the search is reproducible).
fn high_candidates(w: u128, s1: u128, seed: u128) -> impl Iterator<Item = u128> {
    let first = allowed(s1, w).then_some(s1);
    let all = (w <= HIGH_ALL).then(|| (0..w).map(move |u| w ^ u));
    let mut state = (seed as u64 ^ (seed >> 64) as u64) | 1;
    let sampled = (w > HIGH_ALL).then(move || {
        (0..HIGH_SAMPLES).map(move |_| {
            let mut next = || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            };
            let r = (u128::from(next()) << 64) | u128::from(next());
            w ^ (r % w)
        })
    });
    first
        .into_iter()
        .chain(all.into_iter().flatten())
        .chain(sampled.into_iter().flatten())
}

/// The reduction when the first factor lies in `K` (its value `q1` has no high half) and the
/// second value is `p2 F + q2` with `p2 != 0`. Returns `(A, B)`.
#[allow(clippy::too_many_arguments)]
fn reduce(
    q1: u128,
    p2: u128,
    q2: u128,
    s1: u128,
    s0: u128,
    n: u32,
    base: u32,
    salt: u128,
    st: &mut Stats,
) -> Option<(u128, u128)> {
    if s1 != 0 {
        let (a, b1) = solve(q1, p2, s1, n, base, salt, st)?;
        let b0 = nim_mul_u128(s0, nim_inv_u128(a)?);
        Some((a, (b1 << n) | b0))
    } else {
        solve(q1, q2, s0, n, base, salt, st)
    }
}

/// The roots `alpha`, `beta` of `z^2 + (1 + s1/P) z + (s0/P + h)` over the field of order
/// `2^n`, if any.
fn high_roots(p: u128, s1: u128, s0: u128, h: u128, n: u32) -> Option<(u128, u128)> {
    let pinv = nim_inv_u128(p)?;
    let sigma = 1 ^ nim_mul_u128(s1, pinv);
    let tau = nim_mul_u128(s0, pinv) ^ h;
    if sigma == 0 {
        let r = nim_sqrt_u128(tau);
        return Some((r, r));
    }
    // z = sigma w with w^2 + w = tau / sigma^2.
    let sinv = nim_inv_u128(sigma)?;
    let c = nim_mul_u128(tau, nim_mul_u128(sinv, sinv));
    let w = solve_z2_plus_z(c, n)?;
    let alpha = nim_mul_u128(sigma, w);
    Some((alpha, alpha ^ sigma))
}

/// Exhaustion over the smaller of the two factor sets.
fn exhaust(v1: u128, v2: u128, s: u128) -> Option<(u128, u128)> {
    if v1 <= v2 {
        for a in allowed_values(v1) {
            let b = nim_mul_u128(s, nim_inv_u128(a)?);
            if allowed(b, v2) {
                return Some((a, b));
            }
        }
    } else {
        for b in allowed_values(v2) {
            let a = nim_mul_u128(s, nim_inv_u128(b)?);
            if allowed(a, v1) {
                return Some((a, b));
            }
        }
    }
    None
}

/// The elements of `allowed(v)`, in increasing order: for each bit `i` of `v`, `[2^i, 2^(i+1))`.
fn allowed_values(v: u128) -> impl Iterator<Item = u128> {
    (0..128u32)
        .filter(move |&i| (v >> i) & 1 == 1)
        .flat_map(|i| (1u128 << i)..(1u128 << i).saturating_mul(2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhaustive_field_of_order_16() {
        // Exhaustion only in the field of order 2: both halvings are exercised. The full run
        // over the field of order 256 is `cargo run --release -p grundy-coins --example
        // factor_check`.
        let mut st = Stats::default();
        for v1 in 1..16u128 {
            for v2 in 1..16u128 {
                let v = nim_mul_u128(v1, v2);
                for s in 1..16u128 {
                    match factor_with(v1, v2, s, 1, &mut st) {
                        Some((a, b)) => {
                            assert!(allowed(a, v1) && allowed(b, v2));
                            assert_eq!(nim_mul_u128(a, b), s);
                        }
                        None => assert!(!allowed(s, v), "missed ({v1}, {v2}, {s})"),
                    }
                }
            }
        }
        assert!(st.high > 0 && st.reduce > 0 && st.mixed > 0, "{st:?}");
    }
}
