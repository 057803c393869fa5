//! Independent brute force: heap games written from their rules, solved by plain recursion.
//!
//! Nothing here uses the engine's move generators or solvers, so agreement is evidence.

use std::collections::HashMap;

/// A finite octal/hex code: digits[k] for k = 0..len (digit 0 is the one before the point).
#[derive(Clone, Debug)]
pub struct Octal {
    pub digits: Vec<u8>,
    /// Whether the heaps left must be pairwise unequal (`!` on every digit).
    pub distinct: bool,
}

impl Octal {
    pub fn text(&self) -> String {
        let mut s = format!("{:x}", self.digits[0]);
        if self.distinct {
            s.push('!');
        }
        s.push('.');
        for d in &self.digits[1..] {
            s.push_str(&format!("{d:x}"));
            if self.distinct {
                s.push('!');
            }
        }
        s
    }

    /// Every option of a heap n, as a sorted list of parts (duplicates allowed; the mex does
    /// not care).
    pub fn options(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if k > n {
                break;
            }
            let rest = n - k;
            if d & 1 != 0 && rest == 0 && k > 0 {
                out.push(vec![]);
            }
            if d & 2 != 0 && rest > 0 && k > 0 {
                out.push(vec![rest]);
            }
            if d & 4 != 0 && rest >= 2 {
                for a in 1..=rest / 2 {
                    let b = rest - a;
                    if self.distinct && a == b {
                        continue;
                    }
                    out.push(vec![a, b]);
                }
            }
            if d & 8 != 0 && rest >= 3 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        let c = rest - a - b;
                        if c < b {
                            continue;
                        }
                        if self.distinct && (a == b || b == c) {
                            continue;
                        }
                        out.push(vec![a, b, c]);
                    }
                }
            }
        }
        out
    }

    /// G(0..=n) by the definition: mex over options of the XOR of the parts.
    pub fn values(&self, n: u64) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for h in 0..=n {
            let vals: Vec<u64> = self
                .options(h)
                .iter()
                .map(|p| p.iter().fold(0, |acc, &x| acc ^ g[x as usize]))
                .collect();
            g.push(mex(&vals));
        }
        g
    }
}

/// Subtraction set values by the definition.
pub fn sub_values(set: &[u64], n: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for h in 0..=n {
        let vals: Vec<u64> = set
            .iter()
            .filter(|&&s| s <= h)
            .map(|&s| g[(h - s) as usize])
            .collect();
        g.push(mex(&vals));
    }
    g
}

pub fn mex(v: &[u64]) -> u64 {
    (0..).find(|x| !v.contains(x)).unwrap_or(0)
}

/// Misere outcome of a sum of heaps of possibly different rules, by recursion over sorted
/// multisets. `opts(kind, n)` lists the options of heap n of rules `kind`.
pub fn misere_wins(
    state: Vec<(usize, u64)>,
    opts: &dyn Fn(usize, u64) -> Vec<Vec<u64>>,
    memo: &mut HashMap<Vec<(usize, u64)>, bool>,
) -> bool {
    let mut state = state;
    state.sort();
    if let Some(&w) = memo.get(&state) {
        return w;
    }
    let mut any_move = false;
    let mut win = false;
    for i in 0..state.len() {
        let (kind, n) = state[i];
        for parts in opts(kind, n) {
            any_move = true;
            let mut next: Vec<(usize, u64)> = state
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, x)| *x)
                .collect();
            next.extend(parts.iter().map(|&p| (kind, p)));
            if !misere_wins(next, opts, memo) {
                win = true;
                break;
            }
        }
        if win {
            break;
        }
    }
    // No move at all: the player to move wins in misere play.
    let result = if any_move { win } else { true };
    memo.insert(state, result);
    result
}
