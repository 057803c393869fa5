//! An independent brute force: the misere outcome of a sum of heaps by memoized search
//! over sorted multisets of heap sizes, using the rules' own option lists and nothing of
//! the quotient machinery.

use std::collections::HashMap;

use grundy_heap::HeapRules;

/// Options of a heap of `n`, straight from grundy-heap.
pub fn heap_options(rules: &HeapRules, n: u64) -> Vec<Vec<u64>> {
    match rules {
        HeapRules::Tb(code) => code.options(n).into_iter().map(|m| m.parts).collect(),
        HeapRules::Sub(set) => set
            .options(n)
            .into_iter()
            .map(|k| if k == n { vec![] } else { vec![n - k] })
            .collect(),
        HeapRules::Custom(c) => {
            let mut out = Vec::new();
            c.options(n, &mut |parts| out.push(parts.to_vec()));
            out
        }
    }
}

/// Memoized misere search.
pub struct Brute {
    rules: HeapRules,
    memo: HashMap<Vec<u64>, bool>,
}

fn normalize(mut v: Vec<u64>) -> Vec<u64> {
    v.retain(|&h| h != 0);
    v.sort_unstable();
    v
}

impl Brute {
    pub fn new(rules: &HeapRules) -> Brute {
        Brute {
            rules: rules.clone(),
            memo: HashMap::new(),
        }
    }

    /// Every position one move away, with the moved heap's index and the parts left.
    pub fn moves(&self, pos: &[u64]) -> Vec<(usize, Vec<u64>, Vec<u64>)> {
        let mut out = Vec::new();
        for i in 0..pos.len() {
            if i > 0 && pos[i] == pos[i - 1] {
                continue;
            }
            for parts in heap_options(&self.rules, pos[i]) {
                let mut next: Vec<u64> = pos[..i].to_vec();
                next.extend_from_slice(&pos[i + 1..]);
                next.extend_from_slice(&parts);
                out.push((i, normalize(parts), normalize(next)));
            }
        }
        out
    }

    /// Whether the sum is a misere P-position: it has a move and every move leads to an
    /// N-position (a position with no move is N: the player to move has won).
    pub fn is_p(&mut self, heaps: &[u64]) -> bool {
        let pos = normalize(heaps.to_vec());
        if let Some(&b) = self.memo.get(&pos) {
            return b;
        }
        let moves = self.moves(&pos);
        let p = !moves.is_empty() && moves.into_iter().all(|(_, _, next)| !self.is_p(&next));
        self.memo.insert(pos, p);
        p
    }
}

#[test]
fn brute_force_knows_misere_basics() {
    let nim = HeapRules::parse("tb[0.[3]]").unwrap();
    let mut b = Brute::new(&nim);
    assert!(!b.is_p(&[]));
    assert!(b.is_p(&[1]));
    assert!(!b.is_p(&[1, 1]));
    assert!(b.is_p(&[1, 1, 1]));
    assert!(!b.is_p(&[2]));
    assert!(b.is_p(&[2, 2]));
    assert!(b.is_p(&[1, 2, 3]));
}
