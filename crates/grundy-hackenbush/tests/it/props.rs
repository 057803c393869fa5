//! Property tests: brute force equals the fast paths on random small graphs; parse and print
//! round-trip; sums add by XOR; winning cuts on medium graphs equal cut-and-recompute.

use grundy_hackenbush::{
    analyze, random_graph, value, winning_cuts, Graph, HackenbushError, InputBounds, Options,
};
use proptest::prelude::*;

use crate::brute::{Brute, Raw};
use crate::Rng;

/// Vertices 0..n (0 is always ground, others ground with probability about 1/4), up to 14
/// edges with loops and repeated pairs.
fn raw_graph() -> impl Strategy<Value = Raw> {
    (1usize..=7).prop_flat_map(|n| {
        (
            prop::collection::vec(prop::bool::weighted(0.25), n),
            prop::collection::vec((0..n, 0..n), 0..=14),
        )
            .prop_map(move |(mut ground, edges)| {
                ground[0] = true;
                Raw { n, ground, edges }
            })
    })
}

fn build(raw: &Raw) -> Graph {
    let extra: Vec<usize> = (1..raw.n).filter(|&v| raw.ground[v]).collect();
    Graph::from_edges(&raw.edges, &extra, &InputBounds::default()).unwrap()
}

/// The brute force's view of a canonical graph (one ground vertex, vertex 0).
fn raw_of(g: &Graph) -> Raw {
    let mut ground = vec![false; g.vertex_count()];
    ground[0] = true;
    Raw {
        n: g.vertex_count(),
        ground,
        edges: g
            .edges()
            .iter()
            .map(|&(a, b)| (a as usize, b as usize))
            .collect(),
    }
}

fn check_against_brute(raw: &Raw, g: &Graph) -> Result<(), TestCaseError> {
    let opts = Options::default();
    let mut brute = Brute::new(raw);
    let full = raw.full();
    let v = brute.value(full);
    prop_assert_eq!(value(g, &opts).unwrap(), v, "value of {}", g);
    let a = analyze(g, &opts).unwrap();
    prop_assert_eq!(a.value, v);
    prop_assert_eq!(a.edges_in_play, full.count_ones() as usize);
    for target in 0..=4 {
        let want = brute.cuts_to(target);
        let got = winning_cuts(g, target, usize::MAX, &opts).unwrap();
        prop_assert_eq!(&got.edges, &want, "cuts to {} in {}", target, g);
        prop_assert_eq!(got.count, want.len());
        prop_assert_eq!(got.value, v);
        // Listing fewer keeps the exact count and the first edges.
        let few = winning_cuts(g, target, 1, &opts).unwrap();
        prop_assert_eq!(few.count, want.len());
        prop_assert_eq!(few.edges, want.iter().copied().take(1).collect::<Vec<_>>());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Several ground vertices, loops, multiple edges, floating parts: the fused fast path
    /// against the game played edge by edge with the ground vertices kept apart.
    #[test]
    fn fast_equals_brute_force(raw in raw_graph()) {
        let g = build(&raw);
        check_against_brute(&raw, &g)?;
    }

    /// The generator offered to the registry-wide property test, against brute force.
    #[test]
    fn random_graph_positions_equal_brute_force(seed in any::<u64>()) {
        let g = random_graph(seed, 14);
        check_against_brute(&raw_of(&g), &g)?;
    }

    /// Every move's position equals the brute force's position after the same cut.
    #[test]
    fn cut_plays_the_move(raw in raw_graph()) {
        let g = build(&raw);
        let opts = Options::default();
        let mut brute = Brute::new(&raw);
        let full = raw.full();
        let in_play = g.in_play();
        for (e, &playing) in in_play.iter().enumerate() {
            prop_assert_eq!(playing, full >> e & 1 == 1);
            match g.cut(e) {
                Ok(cut) => {
                    let after = raw.settle(full & !(1 << e));
                    prop_assert_eq!(value(&cut.graph, &opts).unwrap(), brute.value(after));
                    prop_assert_eq!(
                        cut.graph.edge_count() + cut.fallen + 1,
                        full.count_ones() as usize
                    );
                    prop_assert_eq!(cut.graph.edge_count(), after.count_ones() as usize);
                }
                Err(HackenbushError::FloatingEdge { .. }) => prop_assert!(full >> e & 1 == 0),
                Err(other) => prop_assert!(false, "unexpected {}", other),
            }
        }
    }

    #[test]
    fn print_parses_back(seed in any::<u64>(), size in 0usize..60) {
        let g = random_graph(seed, size);
        let text = g.to_string();
        prop_assert_eq!(Graph::parse(&text, &InputBounds::default()).unwrap(), g);
    }

    /// Any text gives a graph or a parse error, never a panic; a parsed graph solves.
    #[test]
    fn any_text_parses_or_errs(text in "[g0-9a-c_ ,;#\\-\n()é]{0,40}") {
        match Graph::parse(&text, &InputBounds::default()) {
            Ok(g) => {
                let opts = Options::default();
                let v = value(&g, &opts).unwrap();
                prop_assert_eq!(winning_cuts(&g, 0, 3, &opts).unwrap().value, v);
            }
            Err(HackenbushError::Parse { offset, line, column, .. }) => {
                prop_assert!(offset <= text.chars().count());
                prop_assert!(line >= 1 && column >= 1);
            }
            Err(other) => prop_assert!(false, "unexpected {}", other),
        }
    }

    /// Two positions side by side on the ground: the value of the sum is the XOR.
    #[test]
    fn side_by_side_is_xor(a in any::<u64>(), b in any::<u64>()) {
        let (ga, gb) = (random_graph(a, 30), random_graph(b, 30));
        // Rename the second graph's vertices apart, keeping its ground.
        let text_b: String = gb
            .to_string()
            .split(' ')
            .filter(|s| !s.is_empty())
            .map(|e| {
                e.split('-')
                    .map(|v| if v == "g" { v.to_string() } else { format!("b{v}") })
                    .collect::<Vec<_>>()
                    .join("-")
            })
            .collect::<Vec<_>>()
            .join(" ");
        let sum = Graph::parse(&format!("{ga} {text_b}"), &InputBounds::default()).unwrap();
        let opts = Options::default();
        prop_assert_eq!(
            value(&sum, &opts).unwrap(),
            value(&ga, &opts).unwrap() ^ value(&gb, &opts).unwrap()
        );
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Medium graphs with long cycles (cut-pair classes longer than the quadratic loop's
    /// limit, so the trie works): winning cuts equal cutting each edge and recomputing.
    #[test]
    fn cuts_equal_cut_and_recompute_on_long_cycles(seed in any::<u64>(), target in 0u64..3) {
        let g = ringy(seed);
        let opts = Options::default();
        let w = winning_cuts(&g, target, usize::MAX, &opts).unwrap();
        let in_play = g.in_play();
        let want: Vec<usize> = (0..g.edge_count())
            .filter(|&e| in_play[e])
            .filter(|&e| value(&g.cut(e).unwrap().graph, &opts).unwrap() == target)
            .collect();
        prop_assert_eq!(w.edges, want, "{}", g);
    }
}

/// A ring through the ground of 41 to 160 edges with trees, loops, small cycles, a second
/// long ring hanging from it, and sometimes a few chords.
pub fn ringy(seed: u64) -> Graph {
    let mut rng = Rng::new(seed);
    let len = 41 + rng.below(120);
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let mut next = 1usize;
    let ring: Vec<usize> = (0..len - 1).map(|i| i + 1).collect();
    next += len - 1;
    let mut prev = 0;
    for &v in &ring {
        edges.push((prev, v));
        prev = v;
    }
    edges.push((prev, 0));
    // A second ring hanging from a ring vertex.
    let at = ring[rng.below(ring.len())];
    let len2 = 2 + rng.below(80);
    let mut prev = at;
    for _ in 0..len2 - 1 {
        edges.push((prev, next));
        prev = next;
        next += 1;
    }
    edges.push((prev, at));
    // Decorations hung from random vertices: stalks, loops, triangles, parallel edges.
    for _ in 0..rng.below(40) {
        let v = rng.below(next);
        match rng.below(4) {
            0 => {
                let k = 1 + rng.below(4);
                let mut p = v;
                for _ in 0..k {
                    edges.push((p, next));
                    p = next;
                    next += 1;
                }
            }
            1 => edges.push((v, v)),
            2 => {
                edges.push((v, next));
                edges.push((next, next + 1));
                edges.push((next + 1, v));
                next += 2;
            }
            _ => {
                edges.push((v, next));
                edges.push((v, next));
                next += 1;
            }
        }
    }
    for _ in 0..rng.below(3) {
        edges.push((rng.below(next), rng.below(next)));
    }
    Graph::from_edges(&edges, &[], &InputBounds::default()).unwrap()
}
