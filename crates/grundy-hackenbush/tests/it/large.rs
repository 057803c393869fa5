//! Large and hostile inputs: deep paths and long rings without recursion, limits before
//! allocation, cancellation.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use grundy_hackenbush::{
    analyze, value, winning_cuts, Graph, HackenbushError, InputBounds, Options,
};

fn path(n: usize) -> Vec<(usize, usize)> {
    (0..n).map(|i| (i, i + 1)).collect()
}

#[test]
fn a_path_of_a_million_edges() {
    let n = 1_000_000;
    let g = Graph::from_edges(&path(n), &[], &InputBounds::default()).unwrap();
    let opts = Options::default();
    // A stalk of n edges is *n; only cutting the bottom edge leaves 0.
    assert_eq!(value(&g, &opts).unwrap(), n as u64);
    let w = winning_cuts(&g, 0, 5, &opts).unwrap();
    assert_eq!((w.count, w.edges), (1, vec![0]));
    // Leaving *k: cut the edge above the k-th.
    let w = winning_cuts(&g, 777, 5, &opts).unwrap();
    assert_eq!((w.count, w.edges), (1, vec![777]));
}

#[test]
fn a_ring_of_a_million_and_one_edges() {
    // An odd ring through the ground fuses to an odd number of loops: *1. Cutting edge j
    // (0-based) leaves stalks of j and n - 1 - j edges: 0 only in the middle.
    let n = 1_000_001;
    let mut edges = path(n - 1);
    edges.push((n - 1, 0));
    let g = Graph::from_edges(&edges, &[], &InputBounds::default()).unwrap();
    let opts = Options::default();
    assert_eq!(value(&g, &opts).unwrap(), 1);
    let w = winning_cuts(&g, 0, 5, &opts).unwrap();
    assert_eq!((w.count, w.edges), (1, vec![n / 2]));
    // Other targets, on a smaller odd ring: cutting edge j leaves stalks of j and n - 1 - j
    // edges, worth their XOR (64 has two solutions, 2 and 3 none, 0 one).
    let n = 200_001;
    let mut edges = path(n - 1);
    edges.push((n - 1, 0));
    let g = Graph::from_edges(&edges, &[], &InputBounds::default()).unwrap();
    for target in [0u64, 2, 3, 64] {
        let want: Vec<usize> = (0..n)
            .filter(|&j| (j ^ (n - 1 - j)) as u64 == target)
            .collect();
        let w = winning_cuts(&g, target, 5, &opts).unwrap();
        assert_eq!((w.count, &w.edges), (want.len(), &want), "target {target}");
    }
    assert_eq!(winning_cuts(&g, 64, 5, &opts).unwrap().count, 2);
}

#[test]
fn a_deep_comb_of_cycles() {
    // 200,000 triangles stacked on a stalk: each triangle fuses to *1 and carries the next.
    let k = 200_000;
    let mut edges = Vec::new();
    for i in 0..k {
        let (a, b, c) = (2 * i, 2 * i + 1, 2 * i + 2);
        edges.extend([(a, b), (b, c), (c, a)]);
    }
    let g = Graph::from_edges(&edges, &[], &InputBounds::default()).unwrap();
    let a = analyze(&g, &Options::default()).unwrap();
    assert_eq!((a.bridges, a.cyclic_edges, a.blocks.len()), (0, 3 * k, 1));
    // They are all one block (cycles sharing vertices fuse together): 3k loops.
    assert_eq!(a.value, (3 * k % 2) as u64);
}

#[test]
fn limits_are_named_and_checked_first() {
    let limits = InputBounds {
        max_edges: 10,
        ..InputBounds::default()
    };
    let g = Graph::from_edges(&path(11), &[], &InputBounds::default()).unwrap();
    let opts = Options {
        bounds: limits,
        budget: None,
    };
    for err in [
        value(&g, &opts).unwrap_err(),
        winning_cuts(&g, 0, 1, &opts).unwrap_err(),
        Graph::from_edges(&path(11), &[], &limits).unwrap_err(),
        Graph::parse(&g.to_string(), &limits).unwrap_err(),
    ] {
        match err {
            HackenbushError::TooLarge {
                limit_name, size, ..
            } => assert_eq!((limit_name, size), ("max_edges", 11)),
            other => panic!("unexpected {other}"),
        }
    }
}

#[test]
fn cancellation_stops_the_work() {
    let g = Graph::from_edges(&path(100), &[], &InputBounds::default()).unwrap();
    let flag = Arc::new(AtomicBool::new(true));
    let opts = Options {
        bounds: InputBounds::default(),
        budget: Some(grundy_types::Limits::default().with_cancel(flag.into())),
    };
    assert!(matches!(value(&g, &opts), Err(HackenbushError::Cancelled)));
    assert!(matches!(
        winning_cuts(&g, 0, 1, &opts),
        Err(HackenbushError::Cancelled)
    ));
}

/// The request's deadline stops the work as a limit, not as a cancellation.
#[test]
fn the_deadline_of_the_budget_stops_the_work() {
    let g = Graph::from_edges(&path(100), &[], &InputBounds::default()).unwrap();
    let opts = Options {
        bounds: InputBounds::default(),
        budget: Some(grundy_types::Limits::default().with_timeout(std::time::Duration::ZERO)),
    };
    let err = value(&g, &opts).unwrap_err();
    assert!(matches!(err, HackenbushError::TimeLimit { .. }), "{err:?}");
    assert_eq!(err.kind(), grundy_types::ErrorKind::Limit);
}

#[test]
fn huge_targets_have_no_cuts() {
    // No position of E edges is worth more than E; the largest targets must simply give none.
    let g = Graph::parse("g-1 1-2 2-g 2-3 3-3", &InputBounds::default()).unwrap();
    for target in [u64::MAX, u64::MAX - 1, 1 << 40] {
        let w = winning_cuts(&g, target, 5, &Options::default()).unwrap();
        assert_eq!((w.count, w.edges.len()), (0, 0), "target {target}");
    }
}

#[test]
fn results_serialize() {
    let g = Graph::parse("g-1 1-2 2-g 5-6", &InputBounds::default()).unwrap();
    let opts = Options::default();
    let a = serde_json::to_value(analyze(&g, &opts).unwrap()).unwrap();
    assert_eq!(a["value"], 1);
    assert_eq!(a["floating_edges"], 1);
    assert_eq!(a["blocks"][0]["root"], "g");
    let w = serde_json::to_value(winning_cuts(&g, 0, 5, &opts).unwrap()).unwrap();
    assert_eq!(w["edges"], serde_json::json!([1]));
}
