//! Nimber arithmetic: Conway's field of nimbers, exact at every size.
//!
//! The non-negative integers form a field under nim-addition (XOR) and nim-multiplication;
//! the numbers below a Fermat 2-power `F = 2^(2^k)` form its subfield of order `F`
//! (Conway, On Numbers and Games, chapter 6; Lenstra, Nim multiplication, 1977-78).
//! Every function here works in that tower of fields by halving: a number below `F^2` is
//! `a1*F + a0` with `a1, a0 < F`, and the two rules of Ferguson's notes (Game Theory, Part I,
//! section 5.3) give everything else:
//!
//! - the nim-product of a Fermat 2-power `F` and a smaller number is their ordinary product;
//! - `F (*) F = 3F/2`, that is `F^2 = F + h` with `h = F/2`.
//!
//! So `(a1 F + a0)(b1 F + b0) = (a1 b1 + a1 b0 + a0 b1) F + (a0 b0 + a1 b1 h)`, which costs three
//! half-size products (Karatsuba) and one product by `h`. The recursion stops at the field of
//! order 2^16, whose products are additions of logarithms (tables built once from the 8-bit
//! product table, itself built by the same recursion down to single bits). The same halving gives the square (the Frobenius map is additive),
//! the square root, the inverse (through the norm `a * conj(a)`, where `conj(F) = F + 1` is the
//! other root of `z^2 + z + h`) and the roots of `z^2 + z = c`.
//!
//! A fact used by the winning-move search: the absolute trace of the field of order `2^M`
//! (M a power of two) is the top bit, bit `M - 1`, of the number. Proof by induction: the trace
//! from `K(F)` down to `K` of `a1 F + a0` is `a1` (the sum of `a` and its conjugate), and
//! `Tr_K(h) = 1` because `z^2 + z + h` is irreducible over `K`.
//!
//! Three sizes: `u64` and `u128` (fast, machine words) and `BigUint` (any size; a number of
//! `2^k` bits or fewer lives in the field of order `2^(2^k)`). Example (Ferguson's table 5.2):
//!
//! ```
//! use grundy_coins::nim::{nim_mul, nim_inv, nim_div};
//! assert_eq!(nim_mul(2, 2), 3);
//! assert_eq!(nim_mul(16, 16), 24);
//! assert_eq!(nim_inv(2), Some(3));
//! assert_eq!(nim_div(6, 5), Some(9));
//! assert_eq!(nim_inv(0), None);
//! ```

use std::sync::OnceLock;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

/// The nim-product table of the field of order 256, built once by the recursion down to bits.
fn table8() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![0u8; 256 * 256];
        for a in 0..256u32 {
            for b in 0..256u32 {
                // Every product of the 8-bit field is below 256.
                t[(a as usize) << 8 | b as usize] = mul_bits(a, b, 8) as u8;
            }
        }
        t
    })
}

/// The product in the field of order `2^bits` by plain recursion to single bits (only used to
/// build the 8-bit table; `bits` is a power of two and `a, b < 2^bits`).
fn mul_bits(a: u32, b: u32, bits: u32) -> u32 {
    if bits == 1 {
        return a & b;
    }
    let n = bits / 2;
    let mask = (1u32 << n) - 1;
    let (a1, a0, b1, b0) = (a >> n, a & mask, b >> n, b & mask);
    let m = mul_bits(a1, b1, n);
    let d = mul_bits(a0, b0, n);
    let c = mul_bits(a1 ^ a0, b1 ^ b0, n);
    ((c ^ d) << n) | (d ^ mul_bits(m, 1 << (n - 1), n))
}

/// Log and antilog tables of the field of order 2^16, whose multiplicative group is cyclic of
/// order 65535: a product is one addition of logarithms.
struct Logs {
    /// `log[a]` for `a != 0`.
    log: Vec<u16>,
    /// `exp[i] = g^i` for `i < 2 * 65535`, so that a sum of two logarithms needs no reduction.
    exp: Vec<u16>,
    /// `2^15 (*) 2^15`, the square of `h` of the 32-bit level, used by [`half32`].
    h16_squared: u32,
}

/// A product in the field of order 2^16 from the 8-bit table (used to build [`Logs`]).
fn mul16_slow(a: u32, b: u32) -> u32 {
    let t = table8();
    let at = |x: u32, y: u32| u32::from(t[(x as usize) << 8 | y as usize]);
    let (a1, a0, b1, b0) = (a >> 8, a & 0xff, b >> 8, b & 0xff);
    let m = at(a1, b1);
    let d = at(a0, b0);
    let c = at(a1 ^ a0, b1 ^ b0);
    ((c ^ d) << 8) | (d ^ at(m, 0x80))
}

fn logs() -> &'static Logs {
    static TABLES: OnceLock<Logs> = OnceLock::new();
    TABLES.get_or_init(|| {
        let pow = |g: u32, mut e: u32| {
            let (mut r, mut b) = (1u32, g);
            while e > 0 {
                if e & 1 == 1 {
                    r = mul16_slow(r, b);
                }
                b = mul16_slow(b, b);
                e >>= 1;
            }
            r
        };
        // A generator: g^(65535/p) != 1 for the primes p of 65535 = 3 * 5 * 17 * 257. Such a
        // g exists among the first few numbers (the search stops at the first).
        let g = (2..65536u32)
            .find(|&g| [3u32, 5, 17, 257].iter().all(|&p| pow(g, 65535 / p) != 1))
            .unwrap_or(2);
        let mut log = vec![0u16; 65536];
        let mut exp = vec![0u16; 2 * 65535];
        let mut x = 1u32;
        for i in 0..65535usize {
            exp[i] = x as u16;
            exp[i + 65535] = x as u16;
            log[x as usize] = i as u16;
            x = mul16_slow(x, g);
        }
        Logs {
            log,
            exp,
            h16_squared: mul16_slow(0x8000, 0x8000),
        }
    })
}

/// The product in the field of order 2^16 (`a, b < 2^16`).
#[inline]
fn m16(t: &Logs, a: u32, b: u32) -> u32 {
    if a == 0 || b == 0 {
        return 0;
    }
    u32::from(t.exp[t.log[a as usize & 0xffff] as usize + t.log[b as usize & 0xffff] as usize])
}

// The levels 32, 64 and 128: `(a1 F + a0)(b1 F + b0) = (c + d) F + (d + m h)` with
// `m = a1 b1`, `d = a0 b0`, `c = (a1 + a0)(b1 + b0)`, and the product by `h` of a level from
// `x h = (x1 + x0) h' F' + x1 h'^2` one level down.

fn mul32(t: &Logs, a: u32, b: u32) -> u32 {
    let (a1, a0, b1, b0) = (a >> 16, a & 0xffff, b >> 16, b & 0xffff);
    if a1 | b1 == 0 {
        return m16(t, a0, b0);
    }
    let m = m16(t, a1, b1);
    let d = m16(t, a0, b0);
    let c = m16(t, a1 ^ a0, b1 ^ b0);
    ((c ^ d) << 16) | (d ^ m16(t, m, 0x8000))
}

fn half32(t: &Logs, x: u32) -> u32 {
    let (x1, x0) = (x >> 16, x & 0xffff);
    (m16(t, x1 ^ x0, 0x8000) << 16) | m16(t, x1, t.h16_squared)
}

fn mul64(t: &Logs, a: u64, b: u64) -> u64 {
    let (a1, a0, b1, b0) = ((a >> 32) as u32, a as u32, (b >> 32) as u32, b as u32);
    if a1 | b1 == 0 {
        return u64::from(mul32(t, a0, b0));
    }
    let m = mul32(t, a1, b1);
    let d = mul32(t, a0, b0);
    let c = mul32(t, a1 ^ a0, b1 ^ b0);
    (u64::from(c ^ d) << 32) | u64::from(d ^ half32(t, m))
}

fn half64(t: &Logs, x: u64) -> u64 {
    let (x1, x0) = ((x >> 32) as u32, x as u32);
    (u64::from(half32(t, x1 ^ x0)) << 32) | u64::from(half32(t, half32(t, x1)))
}

fn mul128(t: &Logs, a: u128, b: u128) -> u128 {
    let (a1, a0, b1, b0) = ((a >> 64) as u64, a as u64, (b >> 64) as u64, b as u64);
    if a1 | b1 == 0 {
        return u128::from(mul64(t, a0, b0));
    }
    let m = mul64(t, a1, b1);
    let d = mul64(t, a0, b0);
    let c = mul64(t, a1 ^ a0, b1 ^ b0);
    (u128::from(c ^ d) << 64) | u128::from(d ^ half64(t, m))
}

fn half128(t: &Logs, x: u128) -> u128 {
    let (x1, x0) = ((x >> 64) as u64, x as u64);
    (u128::from(half64(t, x1 ^ x0)) << 64) | u128::from(half64(t, half64(t, x1)))
}

/// The smallest field width (a power of two, at least 16) that holds `x`.
fn width_of(x: u128) -> u32 {
    let bits = 128 - x.leading_zeros();
    bits.next_power_of_two().max(16)
}

/// The product in the field of order `2^bits` (`bits` a power of two up to 128; a smaller
/// field is a subfield of the 16-bit one, so its products come from the same tables).
fn mul_at(a: u128, b: u128, bits: u32) -> u128 {
    let t = logs();
    match bits {
        0..=16 => u128::from(m16(t, a as u32, b as u32)),
        17..=32 => u128::from(mul32(t, a as u32, b as u32)),
        33..=64 => u128::from(mul64(t, a as u64, b as u64)),
        _ => mul128(t, a, b),
    }
}

/// `x (*) 2^(bits - 1)` in the field of order `2^bits`: the product by `h`, the half of the
/// next Fermat 2-power (`bits` a power of two from 1 to 128).
fn mul_half(x: u128, bits: u32) -> u128 {
    let t = logs();
    match bits {
        0 => 0,
        1..=16 => u128::from(m16(t, x as u32, 1 << (bits - 1))),
        17..=32 => u128::from(half32(t, x as u32)),
        33..=64 => u128::from(half64(t, x as u64)),
        _ => half128(t, x),
    }
}

/// The square in the field of order `2^bits`: `(x1 F + x0)^2 = x1^2 F + (x1^2 h + x0^2)`.
fn square_at(x: u128, bits: u32) -> u128 {
    if bits <= 16 {
        return mul_at(x, x, 16);
    }
    let n = bits / 2;
    let mask = (1u128 << n) - 1;
    let (x1, x0) = (x >> n, x & mask);
    let s1 = square_at(x1, n);
    (s1 << n) | (mul_half(s1, n) ^ square_at(x0, n))
}

/// The square root in the field of order `2^bits` (the inverse of the Frobenius map):
/// `y1 = sqrt(x1)`, `y0 = sqrt(x0 + x1 h)`.
fn sqrt_at(x: u128, bits: u32) -> u128 {
    if bits == 1 {
        return x;
    }
    let n = bits / 2;
    let mask = (1u128 << n) - 1;
    let (x1, x0) = (x >> n, x & mask);
    let y1 = sqrt_at(x1, n);
    let y0 = sqrt_at(x0 ^ mul_half(x1, n), n);
    (y1 << n) | y0
}

/// The inverse in the field of order `2^bits` (`x != 0`).
///
/// The norm `x * conj(x) = x1^2 h + x1 x0 + x0^2` lies in the half-size field, so
/// `1/x = conj(x) / norm = (x1 F + (x1 + x0)) / norm`.
fn inv_at(x: u128, bits: u32) -> u128 {
    if bits <= 16 {
        let t = logs();
        let l = t.log[x as usize & 0xffff] as usize;
        return u128::from(t.exp[(65535 - l) % 65535]);
    }
    let n = bits / 2;
    let mask = (1u128 << n) - 1;
    let (x1, x0) = (x >> n, x & mask);
    if x1 == 0 {
        return inv_at(x0, n);
    }
    let norm = mul_half(square_at(x1, n), n) ^ mul_at(x1, x0, n) ^ square_at(x0, n);
    let r = inv_at(norm, n);
    (mul_at(x1, r, n) << n) | mul_at(x1 ^ x0, r, n)
}

/// One root of `z^2 + z = c` in the field of order `2^bits`, if there is one (exactly when the
/// trace of `c`, its bit `bits - 1`, is 0); the other root is `z + 1`.
fn solve_artin_schreier_at(c: u128, bits: u32) -> Option<u128> {
    if bits == 1 {
        return (c == 0).then_some(0);
    }
    if (c >> (bits - 1)) & 1 == 1 {
        return None;
    }
    let n = bits / 2;
    let mask = (1u128 << n) - 1;
    let (c1, c0) = (c >> n, c & mask);
    // High half: z1^2 + z1 = c1; low half: z0^2 + z0 = c0 + z1^2 h.
    let mut z1 = solve_artin_schreier_at(c1, n)?;
    let mut rhs = c0 ^ mul_half(square_at(z1, n), n);
    if (rhs >> (n - 1)) & 1 == 1 {
        // The other root z1 + 1 adds h to the right side, which flips its trace.
        z1 ^= 1;
        rhs ^= 1u128 << (n - 1);
    }
    let z0 = solve_artin_schreier_at(rhs, n)?;
    Some((z1 << n) | z0)
}

/// Nim-product of two machine words.
///
/// Arguments: any `a`, `b`. Returns: `a (*) b`, which is below the first Fermat 2-power above
/// both (so it fits a `u64`). Complexity: about 15 table lookups (two Karatsuba levels over
/// the 16-bit log tables). Example: `nim_mul(8, 8) == 13` (Ferguson, Game Theory, section 5.3).
pub fn nim_mul(a: u64, b: u64) -> u64 {
    // The product of two numbers below 2^64 is below 2^64 (a subfield), so the cast is exact.
    nim_mul_u128(u128::from(a), u128::from(b)) as u64
}

/// Nim-product of two 128-bit numbers (the field of order 2^128).
///
/// Arguments: any `a`, `b`. Returns: `a (*) b`. Complexity: about 55 table lookups.
/// Example: `nim_mul_u128(1 << 64, 1 << 64) == 3 << 63` (a Fermat 2-power squared is 3/2 of it).
pub fn nim_mul_u128(a: u128, b: u128) -> u128 {
    mul_at(a, b, width_of(a.max(b)))
}

/// Nim-square of a machine word (the Frobenius map, additive: `(a + b)^2 = a^2 + b^2`).
///
/// Complexity: O(bits) table lookups. Example: `nim_square(16) == 24`.
pub fn nim_square(a: u64) -> u64 {
    nim_square_u128(u128::from(a)) as u64
}

/// Nim-square of a 128-bit number. Complexity: O(bits) table lookups.
pub fn nim_square_u128(a: u128) -> u128 {
    square_at(a, width_of(a))
}

/// Nim square root of a machine word: the unique `r` with `r (*) r = a` (every nimber has one).
///
/// Complexity: O(bits) table lookups. Example: `nim_sqrt(24) == 16`, `nim_sqrt(8) == 14`.
pub fn nim_sqrt(a: u64) -> u64 {
    nim_sqrt_u128(u128::from(a)) as u64
}

/// Nim square root of a 128-bit number.
pub fn nim_sqrt_u128(a: u128) -> u128 {
    sqrt_at(a, width_of(a))
}

/// Nim-inverse of a machine word, `None` for 0.
///
/// Arguments: `a`. Returns: the `b` with `a (*) b = 1`. Complexity: one norm and two products
/// per halving, about 100 table lookups. Example: `nim_inv(2) == Some(3)`, `nim_inv(7) == Some(11)`.
pub fn nim_inv(a: u64) -> Option<u64> {
    nim_inv_u128(u128::from(a)).map(|b| b as u64)
}

/// Nim-inverse of a 128-bit number, `None` for 0.
pub fn nim_inv_u128(a: u128) -> Option<u128> {
    (a != 0).then(|| inv_at(a, width_of(a)))
}

/// Nim-quotient `a / b` of machine words, `None` when `b` is 0.
///
/// Example: `nim_div(6, 5) == Some(9)` (Ferguson, section 5.3).
pub fn nim_div(a: u64, b: u64) -> Option<u64> {
    nim_inv(b).map(|r| nim_mul(a, r))
}

/// Nim-quotient `a / b` of 128-bit numbers, `None` when `b` is 0.
pub fn nim_div_u128(a: u128, b: u128) -> Option<u128> {
    nim_inv_u128(b).map(|r| nim_mul_u128(a, r))
}

/// The absolute trace of `a` in the field of order `2^bits`: its bit `bits - 1`.
///
/// Arguments: `bits`, a power of two from 1 to 128, and `a < 2^bits`. Returns: 0 or 1.
/// Complexity: O(1). Example: `nim_trace(8, 4) == 1` (8 is not of the form z^2 + z in the
/// field of order 16), `nim_trace(7, 4) == 0`.
pub fn nim_trace(a: u128, bits: u32) -> u8 {
    if bits == 0 || bits > 128 {
        return 0;
    }
    ((a >> (bits - 1)) & 1) as u8
}

/// A root of `z^2 + z = c` in the field of order `2^bits`, `None` when there is none (when the
/// trace of `c` is 1) or when `bits` is not a power of two from 1 to 128 or `c >= 2^bits`.
///
/// The map `z -> z^2 + z` is GF(2)-linear with kernel {0, 1}, so the roots come in pairs `z`,
/// `z + 1`. Complexity: O(bits log bits) table lookups. Example: in the field of order 4,
/// `solve_z2_plus_z(1, 2) == Some(2)` (`2 (*) 2 = 3` and `3 + 2 = 1`), while `z^2 + z = 2` has
/// no root there (2 has trace 1).
pub fn solve_z2_plus_z(c: u128, bits: u32) -> Option<u128> {
    if !bits.is_power_of_two() || bits > 128 || (bits < 128 && c >> bits != 0) {
        return None;
    }
    solve_artin_schreier_at(c, bits)
}

// ---------------------------------------------------------------------------------------------
// Arbitrary size.

/// The field width (a power of two, at least 128) that holds `x`.
fn big_width(x: &BigUint) -> u64 {
    x.bits().max(1).next_power_of_two().max(128)
}

fn split(x: &BigUint, n: u64) -> (BigUint, BigUint) {
    let hi = x >> n;
    let lo = x - (&hi << n);
    (hi, lo)
}

fn join(hi: &BigUint, lo: &BigUint, n: u64) -> BigUint {
    (hi << n) | lo
}

fn small(x: &BigUint) -> Option<u128> {
    x.to_u128()
}

fn big_mul_at(a: &BigUint, b: &BigUint, bits: u64) -> BigUint {
    if bits <= 128 {
        if let (Some(x), Some(y)) = (small(a), small(b)) {
            return BigUint::from(nim_mul_u128(x, y));
        }
    }
    let n = bits / 2;
    let (a1, a0) = split(a, n);
    let (b1, b0) = split(b, n);
    if a1.is_zero() && b1.is_zero() {
        return big_mul_at(&a0, &b0, n);
    }
    let m = big_mul_at(&a1, &b1, n);
    let d = big_mul_at(&a0, &b0, n);
    let c = big_mul_at(&(&a1 ^ &a0), &(&b1 ^ &b0), n);
    let hi = &c ^ &d;
    let lo = &d ^ big_mul_half(&m, n);
    join(&hi, &lo, n)
}

fn big_mul_half(x: &BigUint, bits: u64) -> BigUint {
    if bits <= 128 {
        if let Some(v) = small(x) {
            return BigUint::from(mul_half(v, bits as u32));
        }
    }
    let n = bits / 2;
    let (x1, x0) = split(x, n);
    let hi = big_mul_half(&(&x1 ^ &x0), n);
    let lo = big_mul_half(&big_mul_half(&x1, n), n);
    join(&hi, &lo, n)
}

fn big_square_at(x: &BigUint, bits: u64) -> BigUint {
    if bits <= 128 {
        if let Some(v) = small(x) {
            return BigUint::from(square_at(v, bits as u32));
        }
    }
    let n = bits / 2;
    let (x1, x0) = split(x, n);
    let s1 = big_square_at(&x1, n);
    let lo = big_mul_half(&s1, n) ^ big_square_at(&x0, n);
    join(&s1, &lo, n)
}

fn big_sqrt_at(x: &BigUint, bits: u64) -> BigUint {
    if bits <= 128 {
        if let Some(v) = small(x) {
            return BigUint::from(sqrt_at(v, bits as u32));
        }
    }
    let n = bits / 2;
    let (x1, x0) = split(x, n);
    let y1 = big_sqrt_at(&x1, n);
    let y0 = big_sqrt_at(&(x0 ^ big_mul_half(&x1, n)), n);
    join(&y1, &y0, n)
}

fn big_inv_at(x: &BigUint, bits: u64) -> BigUint {
    if bits <= 128 {
        if let Some(v) = small(x) {
            return BigUint::from(inv_at(v, bits as u32));
        }
    }
    let n = bits / 2;
    let (x1, x0) = split(x, n);
    if x1.is_zero() {
        return big_inv_at(&x0, n);
    }
    let norm =
        big_mul_half(&big_square_at(&x1, n), n) ^ big_mul_at(&x1, &x0, n) ^ big_square_at(&x0, n);
    let r = big_inv_at(&norm, n);
    join(&big_mul_at(&x1, &r, n), &big_mul_at(&(&x1 ^ &x0), &r, n), n)
}

/// Nim-product of nimbers of any size.
///
/// Arguments: any `a`, `b`. Returns: `a (*) b` (exact). Complexity: O(n^log2(3)) word products
/// for n-bit factors, by Karatsuba halving down to 128 bits. Example: the product of `2^128`
/// with itself is `3 * 2^127`.
pub fn nim_mul_big(a: &BigUint, b: &BigUint) -> BigUint {
    if a.is_zero() || b.is_zero() {
        return BigUint::zero();
    }
    let w = big_width(a).max(big_width(b));
    big_mul_at(a, b, w)
}

/// Nim-square of a nimber of any size.
pub fn nim_square_big(a: &BigUint) -> BigUint {
    big_square_at(a, big_width(a))
}

/// Nim square root of a nimber of any size.
pub fn nim_sqrt_big(a: &BigUint) -> BigUint {
    big_sqrt_at(a, big_width(a))
}

/// Nim-inverse of a nimber of any size, `None` for 0.
///
/// Example: the inverse of 2 is 3 at every size.
pub fn nim_inv_big(a: &BigUint) -> Option<BigUint> {
    (!a.is_zero()).then(|| big_inv_at(a, big_width(a)))
}

/// Nim-quotient `a / b` of nimbers of any size, `None` when `b` is 0.
pub fn nim_div_big(a: &BigUint, b: &BigUint) -> Option<BigUint> {
    nim_inv_big(b).map(|r| nim_mul_big(a, &r))
}

/// Nim-power `a^e` (repeated nim-multiplication) of a nimber of any size; `a^0 = 1`.
///
/// Complexity: O(log e) products.
pub fn nim_pow_big(a: &BigUint, e: u64) -> BigUint {
    let mut result = BigUint::one();
    let mut base = a.clone();
    let mut e = e;
    while e > 0 {
        if e & 1 == 1 {
            result = nim_mul_big(&result, &base);
        }
        e >>= 1;
        if e > 0 {
            base = nim_square_big(&base);
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ferguson, Game Theory, Part I, table 5.2 ("For Turning Corners, g(x, y) = x (*) y"):
    /// the nim-multiplication table of 0..15, row x, column y.
    pub(crate) const FERGUSON_TABLE_5_2: [[u8; 16]; 16] = [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        [0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5],
        [0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10],
        [0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1],
        [0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14],
        [0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4],
        [0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11],
        [0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2],
        [0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13],
        [0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7],
        [0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8],
        [0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3],
        [0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12],
        [0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6],
        [0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9],
    ];

    #[test]
    fn fergusons_table_5_2() {
        for (x, row) in FERGUSON_TABLE_5_2.iter().enumerate() {
            for (y, &v) in row.iter().enumerate() {
                assert_eq!(nim_mul(x as u64, y as u64), u64::from(v), "{x} * {y}");
            }
        }
    }

    #[test]
    fn fergusons_worked_examples() {
        // Section 5.3: 3 (*) (5 (*) 6) = 3 (*) 8 = 4; 24 (*) 17 = 128; 8 (*) 8 = 13; 1/2 = 3,
        // 1/7 = 11, 6/5 = 9; the Fermat 2-power rules 2 (*) 16 = 32 and 16 (*) 16 = 24.
        assert_eq!(nim_mul(5, 6), 8);
        assert_eq!(nim_mul(3, 8), 4);
        assert_eq!(nim_mul(24, 17), 128);
        assert_eq!(nim_mul(8, 8), 13);
        assert_eq!(nim_inv(2), Some(3));
        assert_eq!(nim_inv(7), Some(11));
        assert_eq!(nim_div(6, 5), Some(9));
        assert_eq!(nim_mul(2, 16), 32);
        assert_eq!(nim_mul(16, 16), 24);
        assert_eq!(nim_mul(256, 256), 384);
        assert_eq!(nim_mul(1 << 32, 1 << 32), 3 << 31);
        assert_eq!(nim_mul_u128(1 << 64, 1 << 64), 3 << 63);
        // Exercise 6 (d): the nim square root of 8 (check: 14 (*) 14 = 8).
        assert_eq!(nim_mul(14, 14), 8);
        assert_eq!(nim_sqrt(8), 14);
    }

    #[test]
    fn trace_is_the_top_bit() {
        // Tr(x) = x + x^2 + x^4 + ... + x^(2^(M-1)) in the field of order 2^M.
        for bits in [1u32, 2, 4, 8, 16] {
            let step = if bits == 16 { 97 } else { 1 };
            let mut x = 0u128;
            while x < 1u128 << bits {
                let mut t = 0u128;
                let mut p = x;
                for _ in 0..bits {
                    t ^= p;
                    p = nim_square_u128(p);
                }
                assert!(t <= 1, "trace of {x} in 2^{bits} is {t}");
                assert_eq!(t as u8, nim_trace(x, bits), "x = {x}, bits = {bits}");
                x += step;
            }
        }
    }

    #[test]
    fn artin_schreier_roots() {
        for bits in [1u32, 2, 4, 8] {
            for c in 0..(1u128 << bits) {
                match solve_z2_plus_z(c, bits) {
                    Some(z) => {
                        assert!(z < 1 << bits);
                        assert_eq!(nim_square_u128(z) ^ z, c);
                    }
                    None => {
                        // No root at all: check by exhaustion.
                        assert!((0..(1u128 << bits)).all(|z| nim_square_u128(z) ^ z != c));
                    }
                }
            }
        }
        assert_eq!(solve_z2_plus_z(3, 1), None);
        assert_eq!(solve_z2_plus_z(4, 3), None);
    }

    #[test]
    fn big_agrees_with_words_on_examples() {
        let a = BigUint::from(u128::MAX);
        let b = BigUint::from(0x1234_5678_9abc_def0_u128 << 64 | 77);
        let want = nim_mul_u128(u128::MAX, 0x1234_5678_9abc_def0_u128 << 64 | 77);
        assert_eq!(nim_mul_big(&a, &b), BigUint::from(want));
        let f = BigUint::one() << 128usize;
        assert_eq!(nim_mul_big(&f, &f), BigUint::from(3u32) << 127usize);
        assert_eq!(nim_inv_big(&BigUint::from(2u32)), Some(BigUint::from(3u32)));
        assert_eq!(nim_pow_big(&BigUint::from(2u32), 3), BigUint::one());
    }
}
