//! Polynomial hashing modulo the Mersenne prime 2^61 - 1, for comparing windows of values
//! (every match found by a hash is checked value by value before it is believed).

/// The modulus 2^61 - 1.
pub(crate) const MOD: u64 = (1 << 61) - 1;

/// The base (any number far from 0 and 1 modulo the prime).
pub(crate) const BASE: u64 = 0x0a3b_195c_4e7d_2f61 % MOD;

/// a * b mod 2^61 - 1.
#[inline(always)]
pub(crate) fn mul(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    let s = (p as u64 & MOD) + (p >> 61) as u64;
    if s >= MOD {
        s - MOD
    } else {
        s
    }
}

/// a + b mod 2^61 - 1 (both reduced).
#[inline(always)]
pub(crate) fn add(a: u64, b: u64) -> u64 {
    let s = a + b;
    if s >= MOD {
        s - MOD
    } else {
        s
    }
}

/// a - b mod 2^61 - 1 (both reduced).
#[inline(always)]
pub(crate) fn sub(a: u64, b: u64) -> u64 {
    add(a, MOD - b)
}

/// A value as a residue (values are below 2^32, so already reduced).
#[inline(always)]
pub(crate) fn of(v: u32) -> u64 {
    u64::from(v)
}

/// base^e mod 2^61 - 1.
pub(crate) fn pow(mut base: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = mul(r, base);
        }
        base = mul(base, base);
        e >>= 1;
    }
    r
}

/// 1 + r + r^2 + ... + r^(a-1) mod 2^61 - 1, by doubling over the bits of a.
pub(crate) fn geo(r: u64, a: u64) -> u64 {
    let (mut s, mut p) = (0u64, 1u64);
    for bit in (0..64 - a.leading_zeros()).rev() {
        // (s, p) = (sum of k terms, r^k) -> 2k terms.
        s = add(s, mul(p, s));
        p = mul(p, p);
        if (a >> bit) & 1 == 1 {
            s = add(1, mul(r, s));
            p = mul(p, r);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometric_sums_and_powers() {
        for r in [0u64, 1, 2, BASE, MOD - 1] {
            let mut want = 0u64;
            let mut p = 1u64;
            for a in 0..40u64 {
                assert_eq!(geo(r, a), want, "r={r} a={a}");
                assert_eq!(pow(r, a), p);
                want = add(want, p);
                p = mul(p, r);
            }
        }
        assert_eq!(sub(3, 5), MOD - 2);
    }
}
