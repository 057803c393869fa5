//! Node Kayles: a move takes one vertex and all its neighbours; who cannot move loses.
//!
//! Two shapes of board:
//! - [`GridKayles`]: the vertices are cells of a grid and neighbours are side by side, so
//!   parts are grid regions in canonical form, folded by the eight symmetries;
//! - [`GraphKayles`]: any simple graph of at most 128 vertices; parts are connected vertex
//!   sets (no canonical labelling: two isomorphic parts are stored apart).
//!
//! Theory without search, each from the rule itself:
//! - a path of `n` vertices (octal 0.137, Dawson's chess): values computed once by the rule
//!   ([`path_values`]); a part that is a path is looked up;
//! - on grids, a region that a mirror maps onto itself, where no vertex is its own image or a
//!   neighbour of it, is worth 0 (the second player answers each vertex with its image);
//! - on graphs, a part where every vertex is joined to every other is worth 1 (any move ends
//!   the part).

use std::marker::PhantomData;

use crate::region::{Frame, Region, MIRRORS};
use crate::search::Parts;
use crate::word::Word;

/// The values of Node Kayles on paths of 0..=n vertices, from the rule: taking vertex `i`
/// (and its neighbours) leaves paths of `i - 1` and `n - i - 2` vertices (fewer at the ends).
pub fn path_values(n: usize) -> Vec<u8> {
    let mut g = vec![0u8; n + 1];
    for m in 1..=n {
        let mut seen = 0u128;
        for i in 0..m {
            let left = i.saturating_sub(1);
            let right = (m - i).saturating_sub(2);
            seen |= 1 << (g[left] ^ g[right]);
        }
        g[m] = seen.trailing_ones() as u8;
    }
    g
}

/// Node Kayles on grid regions held in words of type `W`.
#[derive(Clone, Debug)]
pub struct GridKayles<W: Word> {
    path: Vec<u8>,
    word: PhantomData<W>,
}

impl<W: Word> Default for GridKayles<W> {
    fn default() -> Self {
        GridKayles {
            path: path_values(W::BITS as usize),
            word: PhantomData,
        }
    }
}

/// The canonical parts of the vertices `x` of a grid frame (lone vertices included: each is
/// worth 1).
pub fn grid_parts<W: Word>(f: &Frame<W>, x: W) -> Vec<Region<W>> {
    let mut out = Vec::new();
    f.each_component(x, |c| out.push(f.canonical(c)));
    out
}

/// The vertices of `x` taken from the middle of the frame outwards (by rows then columns
/// nearest the middle), so that moves that cut a region in halves come first.
fn middle_first<W: Word>(f: &Frame<W>, x: W, mut each: impl FnMut(W)) {
    let mut rest = x;
    let mut band = f.left.shl(f.w / 2) | W::low_bits(f.w).shl(f.w * (f.h / 2));
    band &= f.full;
    while rest != W::ZERO {
        let mut now = rest & band;
        while now == W::ZERO {
            band = f.dilate(band);
            now = rest & band;
        }
        let low = now.lowest();
        each(low);
        rest &= !low;
    }
}

impl<W: Word> Parts for GridKayles<W> {
    type Part = Region<W>;

    fn size(&self, p: &Region<W>) -> u32 {
        p.cells()
    }

    fn options(&self, p: &Region<W>, parts: &mut Vec<Region<W>>, ends: &mut Vec<u32>) {
        let f = p.frame();
        middle_first(&f, p.bits, |v| {
            let rest = p.bits & !f.dilate(v);
            f.each_component(rest, |c| parts.push(f.canonical(c)));
            ends.push(parts.len() as u32);
        });
    }

    fn theory(&self, p: &Region<W>) -> Option<u8> {
        if p.h == 1 {
            return self.path.get(p.cells() as usize).copied();
        }
        let f = p.frame();
        'mirrors: for m in MIRRORS {
            if f.mirror(p.bits, m) != p.bits {
                continue;
            }
            let mut rest = p.bits;
            while rest != W::ZERO {
                let v = rest.lowest();
                if f.mirror(v, m) & f.dilate(v) != W::ZERO {
                    continue 'mirrors;
                }
                rest &= !v;
            }
            return Some(0);
        }
        None
    }
}

/// Node Kayles on a graph of at most 128 vertices (`adj[v]`: the neighbours of `v`).
#[derive(Clone, Debug)]
pub struct GraphKayles {
    adj: Vec<u128>,
    path: Vec<u8>,
}

impl GraphKayles {
    /// The game on the graph with these neighbour sets (at most 128 vertices, symmetric, no
    /// vertex its own neighbour).
    pub fn new(adj: Vec<u128>) -> GraphKayles {
        GraphKayles {
            adj,
            path: path_values(128),
        }
    }

    /// The neighbours of `v`.
    pub fn neighbours(&self, v: usize) -> u128 {
        self.adj.get(v).copied().unwrap_or(0)
    }

    /// The vertices of `x` and their neighbours.
    fn closed(&self, x: u128) -> u128 {
        let mut out = x;
        let mut rest = x;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            out |= self.adj[v];
            rest &= rest - 1;
        }
        out
    }

    /// Calls `f` with each connected part of the vertex set `x`.
    pub fn each_component(&self, x: u128, mut f: impl FnMut(u128)) {
        let mut rest = x;
        while rest != 0 {
            let mut comp = rest & rest.wrapping_neg();
            let mut frontier = comp;
            while frontier != 0 {
                let grown = self.closed(frontier) & rest & !comp;
                comp |= grown;
                frontier = grown;
            }
            f(comp);
            rest &= !comp;
        }
    }

    /// The parts of the vertex set `x`.
    pub fn parts(&self, x: u128) -> Vec<u128> {
        let mut out = Vec::new();
        self.each_component(x, |c| out.push(c));
        out
    }
}

impl Parts for GraphKayles {
    type Part = u128;

    fn size(&self, p: &u128) -> u32 {
        p.count_ones()
    }

    fn options(&self, p: &u128, parts: &mut Vec<u128>, ends: &mut Vec<u32>) {
        let mut rest = *p;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            let left = *p & !(self.adj[v] | (1u128 << v));
            self.each_component(left, |c| parts.push(c));
            ends.push(parts.len() as u32);
            rest &= rest - 1;
        }
    }

    fn theory(&self, p: &u128) -> Option<u8> {
        let n = p.count_ones();
        let mut degree_sum = 0u32;
        let mut rest = *p;
        let mut max_degree = 0u32;
        let mut min_degree = u32::MAX;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            let d = (self.adj[v] & p).count_ones();
            degree_sum += d;
            max_degree = max_degree.max(d);
            min_degree = min_degree.min(d);
            rest &= rest - 1;
        }
        if min_degree + 1 == n {
            return Some(1); // complete: every move takes it all
        }
        if max_degree <= 2 && degree_sum == 2 * (n - 1) {
            // Connected, n - 1 edges, no vertex of degree 3: a path.
            return self.path.get(n as usize).copied();
        }
        None
    }
}
