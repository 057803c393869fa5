//! Script families against the same games built in: positions per second of a table.
//!
//! Run: `cargo run --profile test -p grundy-script --example bench` (figures in BENCHMARKS.md).

use std::time::Instant;

use grundy::{api, Registry};

const SUB: &str = include_str!("../../../examples/rules/subtraction.rhai");
const LASKER: &str = include_str!("../../../examples/rules/lasker.rhai");

/// Seconds to tabulate `ruleset` to `n` in a fresh registry (no memo carried over).
fn time(scripts: &[(&str, &str)], ruleset: &str, n: u32) -> f64 {
    let mut reg = Registry::builtin();
    for (origin, src) in scripts {
        if let Err(e) = grundy_script::register(&mut reg, src, origin, &Default::default()) {
            panic!("{e}");
        }
    }
    let t = Instant::now();
    if let Err(e) = api::table(&reg, ruleset, &n.into(), &Default::default()) {
        panic!("{ruleset}: {e}");
    }
    t.elapsed().as_secs_f64()
}

fn main() {
    let scripts = [("subtraction.rhai", SUB), ("lasker.rhai", LASKER)];
    println!("| game | positions | script s | script positions/s | built-in s | built-in positions/s | ratio |");
    println!("|---|---|---|---|---|---|---|");
    for (name, script, builtin, n) in [
        ("subtraction {1,3,4}", "s134", "sub[1,3,4]", 200_000u32),
        ("Lasker's Nim", "lasker", "tb[4.[3]]", 3_000),
    ] {
        let s = time(&scripts, script, n);
        let b = time(&scripts, builtin, n);
        let count = f64::from(n) + 1.0;
        println!(
            "| {name} | {} | {s:.3} | {:.0} | {b:.4} | {:.0} | {:.0} |",
            n + 1,
            count / s,
            count / b,
            s / b
        );
    }
}
