//! POJ 3710 "Christmas Game" end to end, and its published solution rule on random
//! pictures.
//!
//! Source: poj.org/problem?id=3710 (statement and sample as copied at
//! wjhsh.net/Y-E-T-I-p-8438446.html). The known solution (for instance the write-up at
//! t.zoukankan.com/TheRoadToTheGold-p-12207794.html): a ring hanging at one vertex is worth
//! one edge there when it has an odd number of edges and nothing when even; then the colon
//! principle on the tree.

use grundy_hackenbush::{value, Graph, InputBounds, Options};
use proptest::prelude::*;

use crate::Rng;

#[allow(dead_code)]
#[path = "../../examples/christmas_game.rs"]
mod christmas_game;

/// The judge's sample input and output.
const SAMPLE_INPUT: &str = "2\n2 1\n1 2\n4 4\n1 2\n2 3\n2 4\n3 4\n";
const SAMPLE_OUTPUT: &str = "Sally\n";

#[test]
fn judge_sample() {
    assert_eq!(christmas_game::solve(SAMPLE_INPUT).unwrap(), SAMPLE_OUTPUT);
    // The same case twice is two answers; an empty input has none.
    let twice = format!("{SAMPLE_INPUT}{SAMPLE_INPUT}");
    assert_eq!(christmas_game::solve(&twice).unwrap(), "Sally\nSally\n");
    assert_eq!(christmas_game::solve("").unwrap(), "");
    // A single even ring on the root: the first player loses.
    assert_eq!(
        christmas_game::solve("1\n4 4\n1 2\n2 3\n3 4\n4 1\n").unwrap(),
        "Harry\n"
    );
}

#[test]
fn judge_input_errors_name_what_was_expected() {
    let e = christmas_game::solve("1\n3 2\n1 2\n").unwrap_err();
    assert!(e.contains("ends where"), "{e}");
    let e = christmas_game::solve("1\n3 1\n1 x\n").unwrap_err();
    assert!(e.contains("`x`"), "{e}");
    let e = christmas_game::solve("1\n3 1\n1 7\n").unwrap_err();
    assert!(e.contains("outside 1..=3"), "{e}");
}

/// A picture as the judge allows: a tree from node 1 with rings (cycles of 2 or more edges)
/// attached at one vertex each, nodes shuffled. Returns the edges (1-based nodes) and the
/// value by the published rule.
fn picture(rng: &mut Rng) -> (usize, Vec<(usize, usize)>, u64) {
    // Tree nodes 0..t (0 is the root); rings add their own nodes.
    let t = 1 + rng.below(12);
    let mut parent = vec![usize::MAX; t];
    for (v, p) in parent.iter_mut().enumerate().skip(1) {
        *p = rng.below(v);
    }
    let mut edges = Vec::new();
    for (v, &p) in parent.iter().enumerate().skip(1) {
        edges.push((p, v));
    }
    let mut next = t;
    // odd_rings[v]: rings with an odd number of edges at v (each worth a stalk of one edge).
    let mut odd_rings = vec![0u64; t];
    for _ in 0..rng.below(5) {
        let at = rng.below(t);
        let len = 2 + rng.below(7); // 2 is a pair of parallel edges
        let mut prev = at;
        for _ in 0..len - 1 {
            edges.push((prev, next));
            prev = next;
            next += 1;
        }
        edges.push((prev, at));
        odd_rings[at] ^= (len % 2) as u64;
    }
    // Colon principle bottom-up (parents have smaller numbers in the tree).
    let mut g: Vec<u64> = odd_rings.clone();
    for v in (1..t).rev() {
        let add = g[v] + 1;
        g[parent[v]] ^= add;
    }
    // Shuffle node numbers and edge orientation; the root becomes node 1.
    let mut perm: Vec<usize> = (0..next).collect();
    for i in (2..next).rev() {
        perm.swap(i, 1 + rng.below(i));
    }
    let edges = edges
        .into_iter()
        .map(|(a, b)| {
            let (a, b) = (perm[a] + 1, perm[b] + 1);
            if rng.below(2) == 0 {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect();
    (next, edges, g[0])
}

proptest! {
    #[test]
    fn rings_follow_the_published_rule(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let mut input = String::new();
        let mut total = 0u64;
        let pictures = 1 + rng.below(4);
        input.push_str(&format!("{pictures}\n"));
        for _ in 0..pictures {
            let (nodes, edges, want) = picture(&mut rng);
            let g = Graph::from_edges(&edges, &[1], &InputBounds::default()).unwrap();
            prop_assert_eq!(value(&g, &Options::default()).unwrap(), want);
            total ^= want;
            input.push_str(&format!("{nodes} {}\n", edges.len()));
            for (a, b) in edges {
                input.push_str(&format!("{a} {b}\n"));
            }
        }
        let answer = christmas_game::solve(&input).unwrap();
        prop_assert_eq!(answer, if total != 0 { "Sally\n" } else { "Harry\n" });
    }
}
