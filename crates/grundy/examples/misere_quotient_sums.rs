//! Misere analysis of sums of 10, 20 and 100 heaps of Kayles (0.77) and Dawson's Kayles
//! (0.07): through the misere quotient (`analysis::analyze`, which takes it for such sums)
//! against the engine's search of the whole sum (`solve::MisereSolver`, what `analyze` falls
//! back to), each with the default misere search limit of 200000 sums unless a limit is given.
//!
//! Run: `cargo run --release -p grundy --example misere_quotient_sums [NODES]`. Heap sizes are drawn
//! from 1..=20 by a fixed linear congruential generator, so every run times the same sums.

// An example: its inputs are literals.
#![allow(clippy::unwrap_used)]

use std::time::Instant;

use grundy::analysis::{analyze, Options};
use grundy::expr::parse;
use grundy::solve::MisereSolver;
use grundy::{Limits, Play};

fn heaps(count: usize, seed: u64) -> Vec<u64> {
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

fn main() {
    let nodes: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(grundy::limits::MISERE_NODES);
    println!("| game | heaps | outcome | quotient, first call | quotient, again | search ({nodes} sums) |");
    println!("|---|---|---|---|---|---|");
    for (name, code) in [("Kayles", "0.77"), ("Dawson's Kayles", "0.07")] {
        for count in [10usize, 20, 100] {
            let hs = heaps(count, 42 + count as u64);
            let list = hs.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
            let pos = parse(&format!("tb[{code}]({list})")).unwrap();
            let opts = Options {
                play: Play::Misere,
                limits: Limits::for_play(Play::Misere).with_nodes(nodes),
                ..Options::default()
            };
            // The first call of a process computes the quotient (to the largest heap); later
            // calls find it in the engine's cache.
            let t = Instant::now();
            let a = analyze(&pos, &opts).unwrap();
            let first = t.elapsed();
            let t = Instant::now();
            let reps = 100u32;
            for _ in 0..reps {
                std::hint::black_box(analyze(&pos, &opts).unwrap());
            }
            let again = t.elapsed() / reps;
            let comps: Vec<_> = pos.components().into_iter().map(|(_, c)| c).collect();
            let mut solver = MisereSolver::new(opts.limits.clone());
            let t = Instant::now();
            let searched = solver.outcome(&comps);
            let search = t.elapsed();
            let search = match searched {
                Ok(o) => {
                    assert_eq!(o, a.outcome, "{name} {list}");
                    format!("{o} in {search:.2?}")
                }
                Err(e) => format!("gave up after {search:.2?} ({e})"),
            };
            println!(
                "| {name} tb[{code}] | {count} | {} | {first:.2?} | {again:.2?} | {search} |",
                a.outcome
            );
        }
    }
}
