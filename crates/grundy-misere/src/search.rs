//! Searches over positions (sums of heaps) in lexicographic order.
//!
//! A position is a word: how many heaps of each size it has. Words are compared from the
//! largest heap size down, so that every option of a position (one heap replaced by
//! smaller ones) comes before it. All three searches here walk words in that order with
//! an explicit stack and prune subtrees that cannot hold anything new:
//!
//! - [`mark_p_portion`] gives each element of a candidate monoid the outcome that the
//!   misere rule assigns to its least word, assuming the candidate is right below it;
//! - [`explore`] finds the least word of each element of a quotient;
//! - [`least_n_failure`] finds the least N-position the candidate gets wrong.
//!
//! The candidate is right for every word iff no word fails the local rule (a position is
//! P iff it has a move and every move leads to N), by induction on the order; the
//! P-half of that rule depends only on the element ([`least_p_failure`]), the N-half
//! on the set of elements of the options, which [`least_n_failure`] tracks.

use crate::budget::Budget;
use crate::error::QuotientError;
use crate::monoid::{Monoid, Table};

/// One heap size as a letter of the words: its element and the elements of its options.
#[derive(Clone, Debug)]
pub(crate) struct Letter {
    /// The heap size.
    pub(crate) heap: usize,
    /// Its element in the monoid searched.
    pub(crate) elem: u32,
    /// The elements of its options, distinct, nonempty.
    pub(crate) targets: Vec<u32>,
}

/// A word: `counts[i]` heaps of `letters[i]`.
pub(crate) type Word = Vec<u32>;

/// Whether `a` comes before `b` (largest letter most significant).
pub(crate) fn word_less(a: &[u32], b: &[u32]) -> bool {
    for i in (0..a.len().max(b.len())).rev() {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        if x != y {
            return x < y;
        }
    }
    false
}

/// A stack frame: the letters at indices `>= j` are fixed; `after` says whether the
/// frame has already explored its current count (and will now add one more letter
/// `j - 1`).
struct Frame<S> {
    j: usize,
    e: u32,
    o: S,
    after: bool,
}

/// Sets of elements as sorted vectors with a stamp array for unions (for large
/// candidate monoids).
struct SparseSets {
    stamp: Vec<u32>,
    gen: u32,
}

impl SparseSets {
    fn step<M: Monoid>(&mut self, m: &M, o: &[u32], g: u32, e: u32, targets: &[u32]) -> Vec<u32> {
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.gen = 1;
        }
        let mut out = Vec::with_capacity(o.len() + targets.len());
        let mut put = |x: u32, out: &mut Vec<u32>| {
            if self.stamp[x as usize] != self.gen {
                self.stamp[x as usize] = self.gen;
                out.push(x);
            }
        };
        for &x in o {
            put(m.mul(x, g), &mut out);
        }
        for &t in targets {
            put(m.mul(e, t), &mut out);
        }
        out
    }
}

/// Assigns outcomes to the elements of `m` by the misere rule at each element's least
/// word: P iff the word has an option and every option's element is N.
///
/// Returns: `p[x]` for every element (elements no word reaches stay N).
///
/// Complexity: O(|m| * |letters|) words, each costing the size of its option set.
pub(crate) fn mark_p_portion<M: Monoid>(
    m: &M,
    letters: &[Letter],
    budget: &mut Budget,
) -> Result<Vec<bool>, QuotientError> {
    let n = m.size();
    // The stack holds at most one option set (at most n elements) per letter.
    budget.start_search();
    budget.mem(n.saturating_mul(6))?;
    budget.mem(n.saturating_mul(4).saturating_mul(letters.len() + 1))?;
    let mut marked = vec![false; n];
    let mut p = vec![false; n];
    let mut sets = SparseSets {
        stamp: vec![0; n],
        gen: 0,
    };
    let mut stack: Vec<Frame<Vec<u32>>> = vec![Frame {
        j: letters.len(),
        e: 0,
        o: Vec::new(),
        after: false,
    }];
    while let Some(mut f) = stack.pop() {
        budget.tick(1 + f.o.len() as u64 / 16)?;
        if f.j == 0 {
            // A least word: its options come before it, so their elements are marked.
            p[f.e as usize] = !f.o.is_empty() && f.o.iter().all(|&t| !p[t as usize]);
            marked[f.e as usize] = true;
            continue;
        }
        if f.after {
            let l = &letters[f.j - 1];
            let e2 = m.mul(f.e, l.elem);
            if marked[e2 as usize] {
                continue;
            }
            f.o = sets.step(m, &f.o, l.elem, f.e, &l.targets);
            f.e = e2;
        }
        f.after = true;
        let child = Frame {
            j: f.j - 1,
            e: f.e,
            o: f.o.clone(),
            after: false,
        };
        stack.push(f);
        stack.push(child);
    }
    Ok(p)
}

/// Sets of elements of a (small) quotient as bitsets.
fn bit_step(q: &Table, o: &[u64], g: u32, e: u32, targets: &[u32]) -> Vec<u64> {
    let mut out = vec![0u64; o.len()];
    for (w, &bits) in o.iter().enumerate() {
        let mut b = bits;
        while b != 0 {
            let x = (w * 64) as u32 + b.trailing_zeros();
            b &= b - 1;
            let y = q.mul(x, g) as usize;
            out[y / 64] |= 1 << (y % 64);
        }
    }
    for &t in targets {
        let y = q.mul(e, t) as usize;
        out[y / 64] |= 1 << (y % 64);
    }
    out
}

/// A bitset of the P-portion.
pub(crate) fn bits_of(p: &[bool]) -> Vec<u64> {
    let mut out = vec![0u64; p.len().div_ceil(64)];
    for (i, &b) in p.iter().enumerate() {
        if b {
            out[i / 64] |= 1 << (i % 64);
        }
    }
    out
}

fn meets(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

fn subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

/// The least word of each element of a quotient and the elements of its options.
pub(crate) struct Rep {
    /// The least word.
    pub(crate) word: Word,
    /// The elements of its options, as a bitset.
    pub(crate) options: Vec<u64>,
}

/// Finds the least word of every element that words over `letters` reach.
///
/// Returns: `reps[x]`, `None` for elements no word reaches.
pub(crate) fn explore(
    q: &Table,
    letters: &[Letter],
    budget: &mut Budget,
) -> Result<Vec<Option<Rep>>, QuotientError> {
    let n = q.size();
    let words = n.div_ceil(64);
    budget.start_search();
    budget.mem(n.saturating_mul(words * 8 + letters.len() * 4))?;
    budget.mem((letters.len() + 1).saturating_mul(words * 8))?;
    let mut reps: Vec<Option<Rep>> = (0..n).map(|_| None).collect();
    let mut counts: Word = vec![0; letters.len()];
    let mut stack: Vec<Frame<Vec<u64>>> = vec![Frame {
        j: letters.len(),
        e: 0,
        o: vec![0; words],
        after: false,
    }];
    while let Some(mut f) = stack.pop() {
        budget.tick(1)?;
        if f.j == 0 {
            reps[f.e as usize] = Some(Rep {
                word: counts.clone(),
                options: f.o,
            });
            continue;
        }
        if f.after {
            let l = &letters[f.j - 1];
            let e2 = q.mul(f.e, l.elem);
            if reps[e2 as usize].is_some() {
                counts[f.j - 1] = 0;
                continue;
            }
            f.o = bit_step(q, &f.o, l.elem, f.e, &l.targets);
            f.e = e2;
            counts[f.j - 1] += 1;
        }
        f.after = true;
        let child = Frame {
            j: f.j - 1,
            e: f.e,
            o: f.o.clone(),
            after: false,
        };
        stack.push(f);
        stack.push(child);
    }
    Ok(reps)
}

/// The least word that is predicted P but has an option predicted P, given the least
/// words `reps` (every element must have one).
pub(crate) fn least_p_failure(
    q: &Table,
    p: &[bool],
    letters: &[Letter],
    reps: &[Option<Rep>],
) -> Option<Word> {
    let mut best: Option<Word> = None;
    for (x, rep) in reps.iter().enumerate() {
        let Some(rep) = rep else { continue };
        for (i, l) in letters.iter().enumerate() {
            if !p[q.mul(x as u32, l.elem) as usize] {
                continue;
            }
            if l.targets.iter().any(|&t| p[q.mul(x as u32, t) as usize]) {
                let mut w = rep.word.clone();
                w[i] += 1;
                if best.as_ref().map_or(true, |b| word_less(&w, b)) {
                    best = Some(w);
                }
            }
        }
    }
    best
}

/// The least word before `bound` that is predicted N, has an option, and has no option
/// predicted P; with `with_top`, only words with at least one of the last letter.
///
/// A word whose element and option set are dominated by an earlier word's (same
/// element, a superset of its option elements) is pruned with everything after it in
/// its subtree: any failure there would be matched by an earlier failure.
pub(crate) fn least_n_failure(
    q: &Table,
    p: &[bool],
    letters: &[Letter],
    with_top: bool,
    bound: Option<&Word>,
    budget: &mut Budget,
) -> Result<Option<Word>, QuotientError> {
    let n = q.size();
    budget.start_search();
    budget.mem((letters.len() + 1).saturating_mul(n.div_ceil(64) * 8))?;
    let pbits = bits_of(p);
    let mut seen: Vec<Vec<Vec<u64>>> = vec![Vec::new(); n];
    let mut counts: Word = vec![0; letters.len()];
    let mut stack: Vec<Frame<Vec<u64>>> = vec![Frame {
        j: letters.len(),
        e: 0,
        o: vec![0; n.div_ceil(64)],
        after: with_top && !letters.is_empty(),
    }];
    while let Some(mut f) = stack.pop() {
        budget.tick(1 + (n as u64) / 256)?;
        if f.j == 0 {
            if let Some(b) = bound {
                if !word_less(&counts, b) {
                    return Ok(None);
                }
            }
            let nonterminal = f.o.iter().any(|&w| w != 0);
            if nonterminal && !p[f.e as usize] && !meets(&f.o, &pbits) {
                return Ok(Some(counts));
            }
            continue;
        }
        if f.after {
            let l = &letters[f.j - 1];
            let e2 = q.mul(f.e, l.elem);
            let o2 = bit_step(q, &f.o, l.elem, f.e, &l.targets);
            let chain = &mut seen[e2 as usize];
            if chain.iter().any(|old| subset(old, &o2)) {
                counts[f.j - 1] = 0;
                continue;
            }
            chain.retain(|old| !subset(&o2, old));
            budget.mem(o2.len() * 8 + 24)?;
            chain.push(o2.clone());
            f.o = o2;
            f.e = e2;
            counts[f.j - 1] += 1;
        }
        f.after = true;
        let child = Frame {
            j: f.j - 1,
            e: f.e,
            o: f.o.clone(),
            after: false,
        };
        stack.push(f);
        stack.push(child);
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_order_puts_large_heaps_first() {
        assert!(word_less(&[5, 0], &[0, 1]));
        assert!(!word_less(&[0, 1], &[5, 0]));
        assert!(word_less(&[0, 1], &[1, 1]));
        assert!(!word_less(&[1, 1], &[1, 1]));
        assert!(word_less(&[1], &[0, 1]));
    }
}
