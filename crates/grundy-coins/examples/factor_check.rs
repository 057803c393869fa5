//! Checks the constrained factorisation behind Tartan winning moves (see `src/factor.rs`):
//! exhaustively over the field of order 256 with exhaustion only at 1 and 2 bits (every
//! halving step is exercised), then on random cases of 16 to 128 bits.
//!
//! Run: `cargo run --release -p grundy-coins --example factor_check [random cases]`.

use std::time::Instant;

use grundy_coins::factor::{allowed, factor_with, Stats};
use grundy_coins::nim::nim_mul_u128;

/// A small xorshift generator: reproducible without extra dependencies.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn wide(&mut self, bits: u32) -> u128 {
        let x = (u128::from(self.next()) << 64) | u128::from(self.next());
        if bits >= 128 {
            x
        } else {
            // A random length too, so that small values are common.
            let len = (self.next() % u64::from(bits + 1)) as u32;
            if len == 0 {
                0
            } else {
                x >> (128 - len)
            }
        }
    }
}

fn main() {
    let cases: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200_000);
    for base in [1u32, 2] {
        let t = Instant::now();
        let mut st = Stats::default();
        let (mut checked, mut missed) = (0u64, 0u64);
        for v1 in 1..256u128 {
            for v2 in 1..256u128 {
                let v = nim_mul_u128(v1, v2);
                for s in 1..256u128 {
                    if !allowed(s, v) {
                        continue;
                    }
                    checked += 1;
                    match factor_with(v1, v2, s, base, &mut st) {
                        Some((a, b)) => {
                            assert!(allowed(a, v1) && allowed(b, v2) && nim_mul_u128(a, b) == s)
                        }
                        None => missed += 1,
                    }
                }
            }
        }
        println!(
            "field 2^8, exhaustion below {base} bit(s): {checked} guaranteed cases, {missed} \
             missed, {:.1} s, {st:?}",
            t.elapsed().as_secs_f64()
        );
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    // Structured values: powers of two, Fermat 2-powers and their neighbours, all ones.
    let mut special: Vec<u128> = Vec::new();
    for k in 0..128u32 {
        let p = 1u128 << k;
        special.extend([p, p - 1, p + 1, p | (p >> 1), p ^ (p - 1)]);
    }
    special.retain(|&v| v != 0);
    special.sort_unstable();
    special.dedup();
    for base in [4u32, 8, 16] {
        let t = Instant::now();
        let mut st = Stats::default();
        let (mut n, mut missed, mut worst) = (0u64, 0u64, 0f64);
        for &v1 in &special {
            for &v2 in &special {
                let v = nim_mul_u128(v1, v2);
                for s in [
                    v,
                    v ^ 1,
                    v ^ (v >> 1),
                    1u128 << (127 - v.leading_zeros()),
                    (rng.wide(128) % v) ^ v,
                ] {
                    if !allowed(s, v) {
                        continue;
                    }
                    n += 1;
                    let one = Instant::now();
                    match factor_with(v1, v2, s, base, &mut st) {
                        Some((a, b)) => {
                            assert!(allowed(a, v1) && allowed(b, v2) && nim_mul_u128(a, b) == s)
                        }
                        None => {
                            missed += 1;
                            println!("  missed: v1 = {v1:#x}, v2 = {v2:#x}, s = {s:#x}");
                        }
                    }
                    worst = worst.max(one.elapsed().as_secs_f64());
                }
            }
        }
        println!(
            "structured values, exhaustion below {base}: {n} guaranteed cases, {missed} missed, \
             mean {:.1} us, worst {:.1} us, {st:?}",
            t.elapsed().as_secs_f64() * 1e6 / n as f64,
            worst * 1e6
        );
    }
    for (bits, base) in [
        (16u32, 2u32),
        (32, 4),
        (32, 8),
        (64, 4),
        (64, 8),
        (64, 16),
        (128, 4),
        (128, 8),
        (128, 16),
    ] {
        let t = Instant::now();
        let mut st = Stats::default();
        let (mut missed, mut worst) = (0u64, 0f64);
        let n = if base <= 4 { cases / 10 } else { cases };
        for _ in 0..n {
            let v1 = rng.wide(bits).max(1);
            let v2 = rng.wide(bits).max(1);
            let v = nim_mul_u128(v1, v2);
            // A target the theory guarantees: v + s < v.
            let u = rng.wide(bits) % v;
            let s = v ^ u;
            let one = Instant::now();
            match factor_with(v1, v2, s, base, &mut st) {
                Some((a, b)) => {
                    assert!(allowed(a, v1) && allowed(b, v2) && nim_mul_u128(a, b) == s)
                }
                None => {
                    missed += 1;
                    println!("  missed: v1 = {v1:#x}, v2 = {v2:#x}, s = {s:#x}");
                }
            }
            worst = worst.max(one.elapsed().as_secs_f64());
        }
        println!(
            "{bits} bits, exhaustion below {base}: {n} random guaranteed cases, {missed} missed, \
             mean {:.1} us, worst {:.1} us, {st:?}",
            t.elapsed().as_secs_f64() * 1e6 / n as f64,
            worst * 1e6
        );
    }
}
