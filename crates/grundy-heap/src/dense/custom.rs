//! The kernel of custom heap rules ([`crate::HeapMoves`]): mex over the XOR of the parts of
//! every option the family lists, with a stamp array so that nothing is cleared between heaps.

use crate::custom::CustomRules;
use crate::values::Cell;

/// Custom rules, value by value.
pub(super) struct CustomKernel {
    rules: CustomRules,
    /// `stamp[v] == n + 1` when an option of heap n has value v.
    stamp: Vec<u64>,
    /// The first move found that does not shrink its heap: (heap, part).
    bad: Option<(u64, u64)>,
}

impl CustomKernel {
    pub(super) fn new(rules: &CustomRules) -> CustomKernel {
        CustomKernel {
            rules: rules.clone(),
            stamp: Vec::new(),
            bad: None,
        }
    }

    /// A move that left a heap at least as large as the one it was made from, if one was met.
    pub(super) fn bad_move(&self) -> Option<(u64, u64)> {
        self.bad
    }

    pub(super) fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        let tag = n as u64 + 1;
        let (stamp, bad) = (&mut self.stamp, &mut self.bad);
        self.rules.options(n as u64, &mut |parts| {
            let mut v = 0u32;
            for &p in parts {
                match usize::try_from(p).ok().filter(|&i| i < n) {
                    Some(i) => v ^= g[i].get(),
                    None => {
                        bad.get_or_insert((n as u64, p));
                    }
                }
            }
            let v = v as usize;
            if v >= stamp.len() {
                // Values are XORs of earlier values, so the array grows to at most twice the
                // largest value, a few times in a whole table.
                stamp.resize((v + 1).next_power_of_two(), 0);
            }
            stamp[v] = tag;
        });
        self.stamp
            .iter()
            .position(|&s| s != tag)
            .unwrap_or(self.stamp.len()) as u32
    }
}
