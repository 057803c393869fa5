//! Values of every prefix of a chain of blocks, for the winning cuts inside a cycle.
//!
//! A chain hangs from a block by an edge: segment 1 (hang weight w_1) on that edge, then an
//! edge up to segment 2, and so on. The value of the chain made of segments 1..=m is
//! `h_1(h_2(...h_m(0)))` with `h_i(x) = (x ^ w_i) + 1` (colon principle: the segment's own
//! weight XOR what stands above it, plus one for the edge below it). [`prefix_values`] gives
//! that value for every m. The obvious loop costs O(n^2); for long chains a binary trie
//! keyed by the low bit first holds every pending point and applies `x -> (x ^ w) + 1` to
//! all of them at once: XOR is a lazy mask, and +1 swaps the two children of the nodes along
//! one path (keys whose bit is 0 take the bit and stop; keys whose bit is 1 drop it and carry
//! into the child that now holds them). That costs O(n * bits) for the whole chain.

use crate::ticker::Ticker;
use crate::HackenbushError;

const NIL: u32 = u32::MAX;

/// Chains up to this many segments use the quadratic loop (no trie set-up).
const NAIVE_MAX: usize = 40;

#[derive(Clone, Copy)]
struct Node {
    child: [u32; 2],
    /// XOR still to apply to the keys below this node (bits from this node's depth up).
    lazy: u64,
}

/// A set of distinct keys below `2^bits` under "XOR every key by w" and "add 1 to every key".
/// Keys never collide (both maps are injective), so a key is a leaf for its whole life.
pub(crate) struct Trie {
    nodes: Vec<Node>,
    bits: u32,
}

impl Trie {
    pub(crate) fn new() -> Trie {
        Trie {
            nodes: Vec::new(),
            bits: 1,
        }
    }

    fn reset(&mut self, bits: u32) {
        self.nodes.clear();
        self.nodes.push(Node {
            child: [NIL; 2],
            lazy: 0,
        });
        self.bits = bits;
    }

    /// Applies the pending XOR of node `n` at depth `d`: the bit `d` of the mask swaps the
    /// children, and the whole mask goes down.
    fn push(&mut self, n: usize, d: u32) {
        let lazy = self.nodes[n].lazy;
        if lazy == 0 {
            return;
        }
        self.nodes[n].lazy = 0;
        if d >= self.bits {
            return;
        }
        if (lazy >> d) & 1 == 1 {
            self.nodes[n].child.swap(0, 1);
        }
        for c in self.nodes[n].child {
            if c != NIL {
                self.nodes[c as usize].lazy ^= lazy;
            }
        }
    }

    /// Inserts the key 0 (or finds it) and returns its leaf.
    fn insert_zero(&mut self) -> u32 {
        let mut n = 0usize;
        for d in 0..self.bits {
            self.push(n, d);
            let c = self.nodes[n].child[0];
            n = if c == NIL {
                let id = self.nodes.len() as u32;
                self.nodes.push(Node {
                    child: [NIL; 2],
                    lazy: 0,
                });
                self.nodes[n].child[0] = id;
                id as usize
            } else {
                c as usize
            };
        }
        n as u32
    }

    /// Adds 1 to every key. A carry out of the top bit cannot happen when `bits` bounds
    /// every value that the chain can take; it would be dropped.
    fn add_one(&mut self) {
        let mut n = 0usize;
        for d in 0..self.bits {
            self.push(n, d);
            self.nodes[n].child.swap(0, 1);
            let c = self.nodes[n].child[0];
            if c == NIL {
                return;
            }
            n = c as usize;
        }
    }

    /// The key of every leaf, indexed by node id (other entries are 0).
    fn leaf_keys(&mut self) -> Vec<u64> {
        let mut key = vec![0u64; self.nodes.len()];
        let mut stack = vec![(0usize, 0u32, 0u64)];
        while let Some((n, d, k)) = stack.pop() {
            if d == self.bits {
                key[n] = k;
                continue;
            }
            self.push(n, d);
            for (b, c) in self.nodes[n].child.into_iter().enumerate() {
                if c != NIL {
                    stack.push((c as usize, d + 1, k | ((b as u64) << d)));
                }
            }
        }
        key
    }
}

/// `out[m] = h(ws[0])(h(ws[1])(...h(ws[m - 1])(0)))` for m = 0..=ws.len(), with
/// `h(w)(x) = (x ^ w) + 1`.
///
/// `bits` must bound every value of every suffix chain (`2^bits` above all of them): the
/// chains are Hackenbush positions, so the number of edges in play bounds them.
/// Complexity: O(n^2) for short chains, O(n * bits) with the trie.
pub(crate) fn prefix_values(
    ws: &[u64],
    bits: u32,
    trie: &mut Trie,
    ticker: &mut Ticker,
    out: &mut Vec<u64>,
) -> Result<(), HackenbushError> {
    out.clear();
    let n = ws.len();
    if n <= NAIVE_MAX {
        for m in 0..=n {
            let mut x = 0u64;
            for &w in ws[..m].iter().rev() {
                x = (x ^ w) + 1;
            }
            out.push(x);
        }
        return ticker.tick(n * n);
    }
    trie.reset(bits);
    // leaf[m - 1] is the leaf of the point that becomes out[m].
    let mut leaf = vec![NIL; n];
    for level in (0..n).rev() {
        leaf[level] = trie.insert_zero();
        trie.nodes[0].lazy ^= ws[level];
        trie.add_one();
        ticker.tick(bits as usize)?;
    }
    let keys = trie.leaf_keys();
    out.push(0);
    out.extend(leaf.iter().map(|&l| keys[l as usize]));
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use proptest::prelude::*;

    fn naive(ws: &[u64]) -> Vec<u64> {
        (0..=ws.len())
            .map(|m| ws[..m].iter().rev().fold(0u64, |x, &w| (x ^ w) + 1))
            .collect()
    }

    proptest! {
        #[test]
        fn trie_matches_the_plain_loop(ws in prop::collection::vec(0u64..64, 41..300)) {
            // A step adds at most 64, so 300 steps stay below 2^15.
            let mut out = Vec::new();
            let mut trie = Trie::new();
            let mut ticker = Ticker::new(None);
            prefix_values(&ws, 15, &mut trie, &mut ticker, &mut out).unwrap();
            prop_assert_eq!(out, naive(&ws));
        }
    }

    #[test]
    fn plain_ring_prefixes_count_edges() {
        let ws = vec![0u64; 1000];
        let mut out = Vec::new();
        prefix_values(&ws, 11, &mut Trie::new(), &mut Ticker::new(None), &mut out).unwrap();
        assert_eq!(out, (0..=1000u64).collect::<Vec<_>>());
    }
}
