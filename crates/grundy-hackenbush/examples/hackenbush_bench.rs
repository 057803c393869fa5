//! Times the value and the winning cuts of large random Green Hackenbush graphs.
//!
//! Usage: `cargo run --release -p grundy-hackenbush --example hackenbush_bench -- [EDGES] [SEED]`
//! (default 1000000 edges, seed 1).
//!
//! The main graph is connected and full of cycles: a random spanning tree on 0.6 * EDGES
//! vertices (each vertex hangs from a recent one, so the tree is deep), then chords, half
//! between vertices a few steps apart (many short cycles) and half anywhere (long ones),
//! some loops and some repeated edges. It also times the worst case of the cut search (one
//! ring through every edge, a single cut-pair class) and a full list on a graph of a few
//! thousand edges.

use std::time::Instant;

use grundy_hackenbush::{analyze, value, winning_cuts, Graph, InputBounds, Options};
use grundy_types::SplitMix64;

/// grundy-types' SplitMix64, drawing vertex numbers.
struct Rng(SplitMix64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0.below(bound as u64) as usize
    }
}

fn connected_with_cycles(edges: usize, seed: u64) -> Vec<(usize, usize)> {
    let mut rng = Rng(SplitMix64::new(seed));
    let vertices = (edges * 3 / 5).max(2);
    let mut out = Vec::with_capacity(edges);
    for v in 1..vertices {
        let back = 1 + rng.below(v.min(8));
        out.push((v - back, v));
    }
    while out.len() < edges {
        let u = rng.below(vertices);
        let kind = rng.below(20);
        let e = match kind {
            0..=8 => (u, (u + 1 + rng.below(50)).min(vertices - 1)),
            9..=17 => (u, rng.below(vertices)),
            18 => (u, u),
            _ => out[rng.below(out.len())],
        };
        out.push(e);
    }
    out
}

fn time<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let r = f();
    println!("{what}: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    r
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let edges: usize = args.get(1).map_or(Ok(1_000_000), |s| s.parse())?;
    let seed: u64 = args.get(2).map_or(Ok(1), |s| s.parse())?;
    let limits = InputBounds {
        max_edges: (edges | 1).max(1_000_001),
        ..InputBounds::default()
    };
    let opts = Options {
        bounds: limits,
        budget: None,
    };

    println!("random connected graph, {edges} edges, seed {seed}");
    let list = connected_with_cycles(edges, seed);
    let g = time("build", || Graph::from_edges(&list, &[], &limits))?;
    let text = time("print", || g.to_string());
    let parsed = time("parse", || Graph::parse(&text, &limits))?;
    assert_eq!(parsed, g, "the text form reads back");
    let v = time("value", || value(&g, &opts))?;
    let a = time("analyze", || analyze(&g, &opts))?;
    println!(
        "  value {v}; {} vertices, {} bridges, {} edges on cycles in {} blocks (largest {} \
         vertices)",
        g.vertex_count(),
        a.bridges,
        a.cyclic_edges,
        a.blocks.len(),
        a.blocks.iter().map(|b| b.vertices).max().unwrap_or(0)
    );
    let w = time("winning cuts (count all, list 1)", || {
        winning_cuts(&g, 0, 1, &opts)
    })?;
    println!("  {} winning cuts, first {:?}", w.count, w.edges);
    if let Some(&e) = w.edges.first() {
        let after = g.cut(e)?;
        println!(
            "  check: cutting {} drops {} edges and leaves value {}",
            g.edge_label(e).unwrap_or_default(),
            after.fallen,
            value(&after.graph, &opts)?
        );
    }

    // An odd ring has exactly one winning cut, the middle edge.
    let len = edges | 1;
    println!("one ring of {len} edges through the ground (one cut-pair class)");
    let mut ring: Vec<(usize, usize)> = (0..len - 1).map(|i| (i, i + 1)).collect();
    ring.push((len - 1, 0));
    let rg = Graph::from_edges(&ring, &[], &limits)?;
    let rw = time("winning cuts", || winning_cuts(&rg, 0, 1, &opts))?;
    println!(
        "  value {}, {} winning cuts {:?}",
        rw.value, rw.count, rw.edges
    );

    let small = connected_with_cycles(3000, seed);
    let sg = Graph::from_edges(&small, &[], &limits)?;
    let sw = time("3000 edges: full list of winning cuts", || {
        winning_cuts(&sg, 0, usize::MAX, &opts)
    })?;
    println!("  value {}, {} winning cuts", sw.value, sw.count);
    Ok(())
}
