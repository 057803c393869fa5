//! Trees (the `tree(...)` form): the value and winning cuts against the colon principle
//! computed independently, straight from its statement.

use grundy_hackenbush::{value, winning_cuts, Graph, InputBounds, Options};
use proptest::prelude::*;

use crate::Rng;

/// A random forest on the ground as a parent list, nodes relabelled at random so parents
/// are not always smaller than their children.
fn forest(seed: u64, n: usize) -> Vec<usize> {
    let mut rng = Rng::new(seed);
    let mut perm: Vec<usize> = (1..=n).collect();
    for i in (1..n).rev() {
        perm.swap(i, rng.below(i + 1));
    }
    // Node k (in creation order) hangs from an earlier node or the ground.
    let mut parents = vec![0usize; n];
    for k in 0..n {
        let p = rng.below(k + 1); // 0 = ground, else creation index p - 1
        parents[perm[k] - 1] = if p == 0 { 0 } else { perm[p - 1] };
    }
    parents
}

/// Colon principle: G(v) = XOR over the children c of v of (G(c) + 1); nodes in `gone`
/// (with their subtrees) are absent. Recursion on small trees only.
fn colon(parents: &[usize], v: usize, gone: usize) -> u64 {
    let mut g = 0;
    for (i, &p) in parents.iter().enumerate() {
        let c = i + 1;
        if p == v && c != gone {
            g ^= colon(parents, c, gone) + 1;
        }
    }
    g
}

proptest! {
    #[test]
    fn trees_follow_the_colon_principle(seed in any::<u64>(), n in 0usize..50, target in 0u64..3) {
        let parents = forest(seed, n);
        let g = Graph::from_parents(&parents, &InputBounds::default()).unwrap();
        let opts = Options::default();
        prop_assert_eq!(value(&g, &opts).unwrap(), colon(&parents, 0, usize::MAX));
        // Edge i - 1 is the edge above node i.
        let want: Vec<usize> = (1..=n)
            .filter(|&i| colon(&parents, 0, i) == target)
            .map(|i| i - 1)
            .collect();
        prop_assert_eq!(winning_cuts(&g, target, usize::MAX, &opts).unwrap().edges, want);
    }
}

#[test]
fn tree_form_matches_the_tree_family_example() {
    // tree(0,1,2,2,4), the example of the `tree` family: stalk g-1-2 with 2 carrying 3 and
    // the stalk 4-5: G(4) = 1, G(2) = (0 + 1) ^ (1 + 1) = 3, G(1) = 4, whole = 5.
    let g = Graph::from_parents(&[0, 1, 2, 2, 4], &InputBounds::default()).unwrap();
    assert_eq!(g.to_string(), "g-1 1-2 2-3 2-4 4-5");
    assert_eq!(value(&g, &Options::default()).unwrap(), 5);
}
