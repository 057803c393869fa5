//! The pruned search against plain search on whole boards.

use std::collections::HashMap;

use grundy_types::{Limits, SplitMix64};

use crate::cram::{dominoes, parts_of};
use crate::region::Frame;
use crate::{Cram, Search};

/// Plain search: the mex of the options' values over whole boards, no split, no symmetry.
fn brute_cram<W: crate::Word>(f: &Frame<W>, x: W, memo: &mut HashMap<W, u8>) -> u8 {
    if let Some(&v) = memo.get(&x) {
        return v;
    }
    let mut opts = Vec::new();
    dominoes(f, x, |d| opts.push(x & !d));
    let mut seen = 0u128;
    for o in opts {
        seen |= 1 << brute_cram(f, o, memo);
    }
    let v = seen.trailing_ones() as u8;
    memo.insert(x, v);
    v
}

#[test]
fn cram_agrees_with_plain_search_on_random_boards() {
    let mut rng = SplitMix64::new(7);
    let limits = Limits::default();
    let mut search = Search::with_capacity(Cram::<u128>::default(), 1 << 20);
    let mut search64 = Search::with_capacity(Cram::<u64>::default(), 1 << 20);
    for round in 0..400 {
        let h = 1 + rng.below(5) as u32;
        let w = 1 + rng.below(6) as u32;
        let f = Frame::new(h, w);
        let x = (rng.next_u64() as u128 | ((rng.next_u64() as u128) << 64)) & f.full;
        // Mostly empty boards: keep each cell with probability 3/4.
        let x = x | ((rng.next_u64() as u128) & f.full);
        let want = brute_cram(&f, x, &mut HashMap::new());
        let got = search
            .value_of_sum(&parts_of(&f, x), &limits)
            .expect("no limit");
        assert_eq!(got, want, "round {round}: {h}x{w} board {x:b}");
        let f64 = Frame::<u64>::new(h, w);
        let got64 = search64
            .value_of_sum(&parts_of(&f64, x as u64), &limits)
            .expect("no limit");
        assert_eq!(got64, want, "round {round}: {h}x{w} board {x:b} in 64 bits");
    }
}

#[test]
fn cram_empty_rectangles_match_plain_search() {
    let limits = Limits::default();
    let mut search = Search::with_capacity(Cram::<u64>::default(), 1 << 20);
    for h in 1..=4u32 {
        for w in 1..=5u32 {
            let f = Frame::new(h, w);
            let want = brute_cram(&f, f.full, &mut HashMap::new());
            let got = search
                .value_of_sum(&parts_of(&f, f.full), &limits)
                .expect("no limit");
            assert_eq!(got, want, "{h}x{w}");
        }
    }
}

/// Plain search of Node Kayles on a graph given by neighbour sets.
fn brute_kayles(adj: &[u128], x: u128, memo: &mut HashMap<u128, u8>) -> u8 {
    if let Some(&v) = memo.get(&x) {
        return v;
    }
    let mut seen = 0u128;
    let mut rest = x;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        seen |= 1 << brute_kayles(adj, x & !(adj[v] | 1 << v), memo);
        rest &= rest - 1;
    }
    let v = seen.trailing_ones() as u8;
    memo.insert(x, v);
    v
}

/// The neighbour sets of the cells `x` of a grid frame.
fn grid_adjacency(f: &Frame<u64>) -> Vec<u128> {
    (0..f.h * f.w)
        .map(|i| u128::from(f.dilate(1u64 << i) & !(1u64 << i)))
        .collect()
}

#[test]
fn node_kayles_agrees_with_plain_search_on_random_grids_and_graphs() {
    use crate::kayles::grid_parts;
    use crate::{GraphKayles, GridKayles};
    let mut rng = SplitMix64::new(11);
    let limits = Limits::default();
    let mut grid = Search::with_capacity(GridKayles::<u64>::default(), 1 << 20);
    for round in 0..300 {
        let h = 1 + rng.below(4) as u32;
        let w = 1 + rng.below(6) as u32;
        let f = Frame::<u64>::new(h, w);
        let x = (rng.next_u64() | rng.next_u64()) & f.full;
        let adj = grid_adjacency(&f);
        let want = brute_kayles(&adj, u128::from(x), &mut HashMap::new());
        let got = grid
            .value_of_sum(&grid_parts(&f, x), &limits)
            .expect("no limit");
        assert_eq!(got, want, "round {round}: {h}x{w} grid {x:b}");
        // The same board as a graph.
        let mut g = Search::with_capacity(GraphKayles::new(adj.clone()), 1 << 20);
        let parts = g.game().parts(u128::from(x));
        assert_eq!(g.value_of_sum(&parts, &limits).expect("no limit"), want);
    }
    for round in 0..300 {
        let n = 1 + rng.below(14) as usize;
        let mut adj = vec![0u128; n];
        let p = rng.below(4) + 1;
        for a in 0..n {
            for b in a + 1..n {
                if rng.below(8) < p {
                    adj[a] |= 1 << b;
                    adj[b] |= 1 << a;
                }
            }
        }
        let all = low_bits128(n);
        let want = brute_kayles(&adj, all, &mut HashMap::new());
        let mut g = Search::with_capacity(GraphKayles::new(adj.clone()), 1 << 20);
        let parts = g.game().parts(all);
        assert_eq!(
            g.value_of_sum(&parts, &limits).expect("no limit"),
            want,
            "round {round}: {adj:?}"
        );
    }
}

fn low_bits128(n: usize) -> u128 {
    crate::region::low_bits(n as u32)
}
