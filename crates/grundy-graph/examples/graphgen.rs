//! Writes a seeded random directed graph as an edge list, for benchmarks.
//!
//! Usage: `graphgen --vertices N --edges M [--seed S] [--acyclic | --back-percent P] [--dot] [--out FILE]`
//!
//! Every vertex is declared first (`0`, `1`, ... one per line) so that isolated vertices
//! exist; then come M edges `u v` with u and v uniform (or, with `--acyclic`, u < v, so the
//! graph has no cycle). With `--back-percent P`, each edge is random with probability P%
//! and goes from lower to higher id otherwise: a mostly acyclic graph with some cycles,
//! whose values are larger and take the loopy algorithm through more rounds. With `--dot`,
//! the same graph is written as a DOT `digraph` (`0;` declarations, `u -> v;` edges).

use std::io::{BufWriter, Write};

use grundy_types::SplitMix64;

fn push_num(out: &mut Vec<u8>, mut x: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[i..]);
}

fn main() {
    if let Err(e) = run() {
        eprintln!("graphgen: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let mut vertices: u64 = 1000;
    let mut edges: u64 = 5000;
    let mut seed: u64 = 1;
    let mut acyclic = false;
    let mut back_percent: Option<u64> = None;
    let mut dot = false;
    let mut out_path: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--vertices" => vertices = value("--vertices")?.parse().map_err(|e| format!("bad --vertices: {e}"))?,
            "--edges" => edges = value("--edges")?.parse().map_err(|e| format!("bad --edges: {e}"))?,
            "--seed" => seed = value("--seed")?.parse().map_err(|e| format!("bad --seed: {e}"))?,
            "--out" => out_path = Some(value("--out")?),
            "--back-percent" => back_percent = Some(value("--back-percent")?.parse().map_err(|e| format!("bad --back-percent: {e}"))?),
            "--acyclic" => acyclic = true,
            "--dot" => dot = true,
            "--cyclic" => acyclic = false,
            other => return Err(format!("unknown argument `{other}`; usage: graphgen --vertices N --edges M [--seed S] [--acyclic | --back-percent P] [--dot] [--out FILE]")),
        }
    }
    let upward_only = acyclic;
    let acyclic = acyclic || back_percent.is_some();
    if vertices == 0 || (acyclic && vertices < 2 && edges > 0) {
        return Err("need at least one vertex (two for an acyclic graph with edges)".into());
    }
    let sink: Box<dyn Write> = match &out_path {
        Some(p) => {
            Box::new(std::fs::File::create(p).map_err(|e| format!("cannot create {p}: {e}"))?)
        }
        None => Box::new(std::io::stdout().lock()),
    };
    let mut w = BufWriter::with_capacity(1 << 20, sink);
    // SplitMix64: tiny, fast and good enough to scatter benchmark edges.
    let mut rng = SplitMix64::new(seed);
    let mut buf = Vec::with_capacity(1 << 16);
    let flush = |buf: &mut Vec<u8>, w: &mut BufWriter<Box<dyn Write>>| -> Result<(), String> {
        w.write_all(buf).map_err(|e| format!("write failed: {e}"))?;
        buf.clear();
        Ok(())
    };
    let (open, sep, end) = if dot {
        (&b"digraph random {\n"[..], &b" -> "[..], &b";\n"[..])
    } else {
        (&b""[..], &b" "[..], &b"\n"[..])
    };
    buf.extend_from_slice(open);
    for v in 0..vertices {
        push_num(&mut buf, v);
        buf.extend_from_slice(end);
        if buf.len() > 60_000 {
            flush(&mut buf, &mut w)?;
        }
    }
    for _ in 0..edges {
        let random = match back_percent {
            Some(p) => rng.below(100) < p,
            None => !upward_only,
        };
        let (u, v) = if !random {
            let u = rng.below(vertices - 1);
            (u, u + 1 + rng.below(vertices - 1 - u))
        } else {
            (rng.below(vertices), rng.below(vertices))
        };
        push_num(&mut buf, u);
        buf.extend_from_slice(sep);
        push_num(&mut buf, v);
        buf.extend_from_slice(end);
        if buf.len() > 60_000 {
            flush(&mut buf, &mut w)?;
        }
    }
    if dot {
        buf.extend_from_slice(b"}\n");
    }
    flush(&mut buf, &mut w)?;
    w.flush().map_err(|e| format!("write failed: {e}"))
}
