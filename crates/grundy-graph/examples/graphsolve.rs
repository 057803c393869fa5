//! Reads a graph file, solves it, and prints a summary with the time of each phase.
//!
//! Usage: `graphsolve FILE [--values]`; with `--values`, every vertex's name, value and
//! outcome follow the summary, one per line.

use std::io::Write;
use std::time::Instant;

use grundy_graph::{solve, Graph, Outcome};

fn main() {
    if let Err(e) = run() {
        eprintln!("graphsolve: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let mut path = None;
    let mut print_values = false;
    for a in std::env::args().skip(1) {
        match a.as_str() {
            "--values" => print_values = true,
            _ if path.is_none() => path = Some(a),
            _ => {
                return Err(format!(
                    "unexpected argument `{a}`; usage: graphsolve FILE [--values]"
                ))
            }
        }
    }
    let path = path.ok_or("usage: graphsolve FILE [--values]")?;
    let t0 = Instant::now();
    let g = Graph::read(&path).map_err(|e| {
        // Show the cause too (for example "No such file or directory" under an I/O error).
        let mut msg = format!("{path}: {e}");
        let mut source = std::error::Error::source(&e);
        while let Some(s) = source {
            msg.push_str(&format!(": {s}"));
            source = s.source();
        }
        msg
    })?;
    let t1 = Instant::now();
    let vals = solve(&g);
    let t2 = Instant::now();
    let (mut p, mut n, mut d, mut max) = (0u64, 0u64, 0u64, 0u64);
    for v in 0..g.vertex_count() as u32 {
        match vals.outcome(&g, v) {
            Outcome::P => p += 1,
            Outcome::N => n += 1,
            Outcome::D => d += 1,
        }
        max = max.max(vals.finite(v).unwrap_or(0));
    }
    let t3 = Instant::now();
    println!(
        "vertices {} edges {} acyclic {} stages {}",
        g.vertex_count(),
        g.edge_count(),
        vals.is_acyclic(),
        vals.stages()
    );
    println!("outcomes P {p} N {n} D {d} max-finite-value {max}");
    eprintln!(
        "read {:.2}s solve {:.2}s outcomes {:.2}s total {:.2}s",
        (t1 - t0).as_secs_f64(),
        (t2 - t1).as_secs_f64(),
        (t3 - t2).as_secs_f64(),
        (t3 - t0).as_secs_f64()
    );
    if print_values {
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        for v in 0..g.vertex_count() as u32 {
            writeln!(
                out,
                "{} {} {}",
                g.name(v),
                vals.value(&g, v),
                vals.outcome(&g, v)
            )
            .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}
