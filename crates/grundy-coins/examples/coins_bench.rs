//! Timings of nim arithmetic and of Tartan winning moves on boards of 2^64 coins a side.
//!
//! Run: `cargo run --release -p grundy-coins --example coins_bench [rounds]`.
//! Every winning move found is checked (legal, and reaching 0 by the product of its line sums).

use std::hint::black_box;
use std::time::Instant;

use grundy_coins::brute::GRID_LIMIT;
use grundy_coins::nim::{nim_inv, nim_inv_u128, nim_mul, nim_mul_big, nim_mul_u128};
use grundy_coins::{Line, LineMove, Product};
use num_bigint::BigUint;

/// A reproducible xorshift generator.
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

    fn near_top(&mut self) -> u64 {
        u64::MAX - self.next() % 1_000_000
    }
}

fn line_sum(line: &Line, m: &LineMove) -> u128 {
    match (line, m) {
        (Line::Ruler, LineMove::Run { first, last }) => {
            let gray = |n: u64| u128::from(n ^ (n >> 1));
            gray(*last) ^ gray(first - 1)
        }
        _ => m
            .coins(1 << 20)
            .map(|cs| {
                cs.iter()
                    .map(|&c| line.value(c).unwrap_or(0))
                    .fold(0, |a, v| a ^ v)
            })
            .unwrap_or(0),
    }
}

fn per_op(start: Instant, n: u64) -> f64 {
    start.elapsed().as_secs_f64() * 1e9 / n as f64
}

fn main() {
    let rounds: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);

    // Arithmetic.
    let xs: Vec<u64> = (0..1024).map(|_| rng.next()).collect();
    let n = 1_000_000u64;
    let t = Instant::now();
    let mut acc = 0u64;
    for i in 0..n as usize {
        acc ^= nim_mul(xs[i & 1023], xs[(i * 7 + 1) & 1023]);
    }
    black_box(acc);
    println!("nim_mul u64:        {:8.1} ns", per_op(t, n));
    let t = Instant::now();
    let mut acc = 0u128;
    for i in 0..n as usize {
        let a = u128::from(xs[i & 1023]) << 64 | u128::from(xs[(i + 3) & 1023]);
        let b = u128::from(xs[(i * 7 + 1) & 1023]) << 64 | u128::from(xs[(i + 5) & 1023]);
        acc ^= nim_mul_u128(a, b);
    }
    black_box(acc);
    println!("nim_mul u128:       {:8.1} ns", per_op(t, n));
    let t = Instant::now();
    let mut acc = 0u64;
    for i in 0..(n / 10) as usize {
        acc ^= nim_inv(xs[i & 1023] | 1).unwrap_or(0);
    }
    black_box(acc);
    println!("nim_inv u64:        {:8.1} ns", per_op(t, n / 10));
    let t = Instant::now();
    let mut acc = 0u128;
    for i in 0..(n / 10) as usize {
        let a = u128::from(xs[i & 1023]) << 64 | 1;
        acc ^= nim_inv_u128(a).unwrap_or(0);
    }
    black_box(acc);
    println!("nim_inv u128:       {:8.1} ns", per_op(t, n / 10));
    let a = (BigUint::from(xs[0]) << 960usize) + BigUint::from(xs[1]) * BigUint::from(xs[2]);
    let b = (BigUint::from(xs[3]) << 1000usize) + BigUint::from(xs[4]);
    let t = Instant::now();
    for _ in 0..100 {
        black_box(nim_mul_big(&a, &b));
    }
    println!("nim_mul 1024-bit:   {:8.1} us", per_op(t, 100) / 1000.0);

    // Turning Corners near the far corner of a 2^64 x 2^64 board.
    let corners = Product::turning_corners();
    let heads = [
        (u64::MAX, u64::MAX - 1),
        (u64::MAX - 2, 1 << 63),
        (0xdead_beef_cafe_f00d, u64::MAX - 7),
        (3, u64::MAX),
    ];
    let grid = corners.position(&heads).unwrap_or_else(|e| panic!("{e}"));
    let a = corners.analyze(&grid).unwrap_or_else(|e| panic!("{e}"));
    println!("\nTurning Corners, heads {heads:?}");
    println!("  value {:#x}", a.value);
    if let Some(mv) = &a.winning_move {
        println!("  winning move: {mv}");
    }
    let t = Instant::now();
    for _ in 0..rounds {
        black_box(corners.analyze(black_box(&grid)).ok());
    }
    println!(
        "  value + winning move: {:.1} us per position ({rounds} rounds)",
        per_op(t, rounds) / 1000.0
    );

    // Every Tartan product of the named games, random positions of 1 to 6 heads near 2^64.
    let named = [
        Line::Ruler,
        Line::TurningTurtles,
        Line::Twins,
        Line::MockTurtles,
    ];
    println!("\nTartan products, {rounds} random positions each (1-6 heads within 10^6 of 2^64):");
    println!("  product                                   mean us   worst us   zero-value");
    for g1 in &named {
        for g2 in &named {
            let p = Product::tartan(g1.clone(), g2.clone());
            let (mut total, mut worst, mut zeros) = (0f64, 0f64, 0u64);
            for _ in 0..rounds {
                let k = 1 + rng.next() % 6;
                let mut hs: Vec<(u64, u64)> =
                    (0..k).map(|_| (rng.near_top(), rng.near_top())).collect();
                hs.sort_unstable();
                hs.dedup();
                let Ok(grid) = p.position(&hs) else { continue };
                let t = Instant::now();
                let result = p.analyze(&grid);
                let dt = t.elapsed().as_secs_f64() * 1e6;
                total += dt;
                worst = worst.max(dt);
                match result {
                    Ok(a) => match a.winning_move {
                        None => zeros += 1,
                        Some(mv) => {
                            let legal = p.check_move(&grid, &mv).is_ok();
                            let change = nim_mul_u128(
                                line_sum(&p.rows, &mv.rows),
                                line_sum(&p.cols, &mv.cols),
                            );
                            assert!(legal && a.value ^ change == 0, "{p}: bad move {mv}");
                        }
                    },
                    Err(e) => panic!("{p}: {e}"),
                }
            }
            println!(
                "  {:<40} {:8.1} {:10.1} {:8}",
                p.to_string(),
                total / rounds as f64,
                worst,
                zeros
            );
        }
    }

    // Acrostic products of the named games on their largest boards: Acrostic Twins near 2^64
    // (a sum of two heaps), the others at the far corner of the brute force's 64 x 64 board,
    // where one value and one winning move build the whole value table.
    println!("\nAcrostic products, value + winning move of 3 heads at the far corner:");
    println!("  product                                   board      ms   value");
    for g1 in &named {
        for g2 in &named {
            let p = Product::acrostic(g1.clone(), g2.clone());
            let far = |g: &Line| {
                if p.has_closed_form() {
                    u64::MAX
                } else {
                    g.first_coin() + GRID_LIMIT - 1
                }
            };
            let (fx, fy) = (far(g1), far(g2));
            let heads = [(fx, fy), (fx - 1, fy - 2), (fx - 5, fy)];
            let grid = p.position(&heads).unwrap_or_else(|e| panic!("{e}"));
            let t = Instant::now();
            let a = p.analyze(&grid).unwrap_or_else(|e| panic!("{p}: {e}"));
            let ms = t.elapsed().as_secs_f64() * 1e3;
            if let Some(mv) = &a.winning_move {
                let after = p.apply(&grid, mv).unwrap_or_else(|e| panic!("{p}: {e}"));
                assert_eq!(p.value(&after).ok(), Some(0), "{p}: bad move {mv}");
            }
            let board = if p.has_closed_form() { "2^64" } else { "64" };
            println!(
                "  {:<40} {:>5} {:9.2}   {}",
                p.to_string(),
                board,
                ms,
                a.value
            );
        }
    }
}
