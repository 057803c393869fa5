//! Times misere play of sums of Kayles (0.77) and Dawson's Kayles (0.07) heaps through
//! the misere quotient, against a plain memoized search of the whole sum with a budget.
//!
//! Run: `cargo run --release -p grundy-misere --example misere_sums [BUDGET]`, where
//! BUDGET is the number of positions the plain search may store (default 2000000).
//! Heap sizes are drawn from 1..=20 by a fixed linear congruential generator, so every
//! run times the same sums.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use grundy_heap::HeapRules;
use grundy_misere::{quotient, HeapGame, MisereQuotient, QuotientOptions};

/// Plain memoized misere search of a sum (sorted heap sizes), giving up after `budget`
/// stored positions.
struct Plain<'a> {
    rules: &'a HeapRules,
    memo: HashMap<Vec<u64>, bool>,
    budget: usize,
}

impl Plain<'_> {
    fn is_p(&mut self, pos: &[u64]) -> Option<bool> {
        if let Some(&b) = self.memo.get(pos) {
            return Some(b);
        }
        if self.memo.len() >= self.budget {
            return None;
        }
        let mut has_move = false;
        let mut p = true;
        for i in 0..pos.len() {
            if i > 0 && pos[i] == pos[i - 1] {
                continue;
            }
            for parts in self.rules.options(pos[i]) {
                has_move = true;
                let mut next: Vec<u64> = pos[..i].to_vec();
                next.extend_from_slice(&pos[i + 1..]);
                next.extend(parts.into_iter().filter(|&h| h != 0));
                next.sort_unstable();
                if self.is_p(&next)? {
                    p = false;
                    break;
                }
            }
            if !p {
                break;
            }
        }
        let p = has_move && p;
        self.memo.insert(pos.to_vec(), p);
        Some(p)
    }
}

fn sums(count: usize, seed: u64) -> Vec<u64> {
    let mut x = seed;
    (0..count)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            1 + (x >> 33) % 20
        })
        .collect()
}

fn time_quotient(
    q: &MisereQuotient,
    rules: &HeapRules,
    heaps: &[u64],
) -> (Duration, Duration, bool) {
    let reps = 2000;
    let t = Instant::now();
    let mut p = false;
    for _ in 0..reps {
        p = q.is_p_sum(std::hint::black_box(heaps)).unwrap_or(false);
    }
    let outcome = t.elapsed() / reps;
    let t = Instant::now();
    for _ in 0..reps / 10 {
        let _ = std::hint::black_box(q.analyze_sum(rules, heaps));
    }
    let with_move = t.elapsed() / (reps / 10);
    (outcome, with_move, p)
}

fn main() {
    let budget: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000_000);
    for (code, to) in [("tb[0.77]", 200u64), ("tb[0.07]", 30)] {
        let rules = match HeapRules::parse(code) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("bad code {code}: {e}");
                return;
            }
        };
        let t = Instant::now();
        let q = match quotient(&rules, to, &QuotientOptions::default()) {
            Ok(q) => q,
            Err(e) => {
                eprintln!("{code}: {e}");
                return;
            }
        };
        println!(
            "{code}: quotient of heaps 0..={to}: order {} in {:.1?} ({} steps); {}",
            q.order(),
            t.elapsed(),
            q.work(),
            if q.stability().is_proven() {
                "proven for every heap"
            } else {
                "observed only"
            }
        );
        for count in [10usize, 20, 100] {
            let heaps = sums(count, count as u64 * 7919 + to);
            let (outcome, with_move, p) = time_quotient(&q, &rules, &heaps);
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            let mut plain = Plain {
                rules: &rules,
                memo: HashMap::new(),
                budget,
            };
            let t = Instant::now();
            let searched = plain.is_p(&sorted);
            let search_time = t.elapsed();
            let search = match searched {
                Some(b) if b == p => {
                    format!("agrees, {search_time:.1?}, {} positions", plain.memo.len())
                }
                Some(_) => format!("DISAGREES after {search_time:.1?}"),
                None => format!(
                    "gave up after {} positions, {search_time:.1?}",
                    plain.memo.len()
                ),
            };
            println!(
                "  {count:>3} heaps (1..=20): {} by quotient: outcome {outcome:.1?}, with winning move {with_move:.1?}; plain search: {search}",
                if p { "P" } else { "N" }
            );
        }
    }
}
