//! An independent brute force: the game played edge by edge over the set of remaining edges,
//! with several ground vertices kept apart (no fusion anywhere).

use std::collections::HashMap;

/// A position as the tests generate it: vertices 0..n, some of them ground, up to 20 edges.
#[derive(Debug, Clone)]
pub struct Raw {
    pub n: usize,
    pub ground: Vec<bool>,
    pub edges: Vec<(usize, usize)>,
}

impl Raw {
    /// The edges of `mask` still connected to some ground vertex.
    pub fn settle(&self, mask: u32) -> u32 {
        let mut seen: Vec<bool> = self.ground.clone();
        // Relax until nothing changes: at most n rounds over at most 20 edges.
        loop {
            let mut changed = false;
            for (i, &(a, b)) in self.edges.iter().enumerate() {
                if mask >> i & 1 == 1 && seen[a] != seen[b] {
                    seen[a] = true;
                    seen[b] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut kept = 0;
        for (i, &(a, _)) in self.edges.iter().enumerate() {
            if mask >> i & 1 == 1 && seen[a] {
                kept |= 1 << i;
            }
        }
        kept
    }

    pub fn full(&self) -> u32 {
        self.settle(((1u64 << self.edges.len()) - 1) as u32)
    }
}

/// Nim-values of settled edge sets, memoised.
pub struct Brute<'a> {
    raw: &'a Raw,
    memo: HashMap<u32, u64>,
}

impl<'a> Brute<'a> {
    pub fn new(raw: &'a Raw) -> Self {
        Brute {
            raw,
            memo: HashMap::new(),
        }
    }

    /// The value of a settled edge set: mex over the cuts. The recursion is at most as deep
    /// as the number of edges (20).
    pub fn value(&mut self, mask: u32) -> u64 {
        if let Some(&v) = self.memo.get(&mask) {
            return v;
        }
        let mut options = Vec::new();
        for i in 0..self.raw.edges.len() {
            if mask >> i & 1 == 1 {
                let after = self.raw.settle(mask & !(1 << i));
                options.push(self.value(after));
            }
        }
        options.sort_unstable();
        let mut mex = 0;
        for o in options {
            if o == mex {
                mex += 1;
            } else if o > mex {
                break;
            }
        }
        self.memo.insert(mask, mex);
        mex
    }

    /// The edges whose cut leaves value `target`, increasing.
    pub fn cuts_to(&mut self, target: u64) -> Vec<usize> {
        let full = self.raw.full();
        (0..self.raw.edges.len())
            .filter(|&i| full >> i & 1 == 1)
            .filter(|&i| {
                let after = self.raw.settle(full & !(1 << i));
                self.value(after) == target
            })
            .collect()
    }
}
