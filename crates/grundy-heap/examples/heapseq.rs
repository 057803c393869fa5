//! `heapseq RULES N [--summary]`: prints the nim-values of heaps 0..N of a one-heap
//! ruleset (`0.6`, `tb[4!.0]`, `sub[1,3,4]`), one line, or a summary with the period.
//!
//! This is the thin binary that bench/ogsolve.sh times; the `grundy table` command of the
//! CLI is the user-facing front.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use grundy_heap::{compute_to_file, find_period, values, HeapRules, Limits, RunOptions, Strategy};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!(
            "usage: heapseq RULES N [--summary] [--serial] [--dense] [--out FILE [--checkpoint FILE [--every SECONDS]]]"
        );
        return ExitCode::from(2);
    }
    let text = &args[0];
    // A bare code such as 0.6 is accepted as tb[0.6], as ogsolve writes it.
    let rules = if text.contains('[') && !text.starts_with(|c: char| c.is_ascii_hexdigit()) {
        HeapRules::parse(text)
    } else {
        HeapRules::parse(&format!("tb[{text}]"))
    };
    let rules = match rules {
        Ok(r) => r,
        Err(e) => {
            eprintln!("bad ruleset {text}: {e}");
            return ExitCode::from(2);
        }
    };
    let n: usize = match args[1].parse() {
        Ok(n) => n,
        Err(_) => {
            eprintln!("bad N {}: expected a nonnegative integer", args[1]);
            return ExitCode::from(2);
        }
    };
    let summary = args.iter().any(|a| a == "--summary");
    let how = Strategy {
        parallel: !args.iter().any(|a| a == "--serial"),
        sparse: !args.iter().any(|a| a == "--dense"),
    };
    let limits = Limits::default();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(std::path::PathBuf::from)
    };
    if let Some(out) = flag("--out") {
        // --every SECONDS between checkpoints (default 30).
        let every = flag("--every")
            .and_then(|p| p.to_str().and_then(|s| s.parse::<f64>().ok()))
            .filter(|s| s.is_finite() && *s >= 0.0)
            .unwrap_or(30.0);
        let run = RunOptions {
            checkpoint: flag("--checkpoint"),
            checkpoint_every: std::time::Duration::from_secs_f64(every),
        };
        return match compute_to_file(&rules, n.saturating_add(1), &out, &run, &limits, how) {
            Ok(t) => {
                println!(
                    "{} values, max {}, rare {}, period {:?}",
                    t.values.len(),
                    t.stats.max_value,
                    t.stats.rare_count,
                    t.period
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(3)
            }
        };
    }
    let start = Instant::now();
    // heapseq N computes heaps 0..=N, like ogsolve -n N.
    let g = match values(&rules, n.saturating_add(1), &limits, how) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(3);
        }
    };
    let elapsed = start.elapsed();
    if summary {
        let p = find_period(&rules, &g);
        println!(
            "{rules} n={n} max={} time={:.3}s period={:?}",
            g.max_value(),
            elapsed.as_secs_f64(),
            p
        );
    } else {
        let mut out = String::with_capacity(g.len() * 3);
        for v in g.iter() {
            out.push_str(&v.to_string());
            out.push(' ');
        }
        // A closed pipe (`| head`) is the reader's choice, not an error worth a panic.
        let mut stdout = std::io::stdout().lock();
        if writeln!(stdout, "{}", out.trim_end()).is_err() {
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}
