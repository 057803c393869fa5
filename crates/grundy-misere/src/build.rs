//! The heap-by-heap computation of the partial misere quotient.
//!
//! The state after heap `n - 1` is a verified quotient `Q` (a reduced bipartite monoid
//! with the element of every heap `< n`): for every position `x` of heaps `< n`,
//! `x` is a P-position iff its element is in the P-portion.
//!
//! Adding heap `n`:
//!
//! 1. A heap with no option is equivalent to the empty position (identity).
//! 2. Conservative extension: try each element `x` of `Q` with the right outcome for
//!    the heap alone; if `(Q, heap n -> x)` passes verification, `Q` is unchanged (it
//!    stays reduced, since its elements are already told apart by positions of
//!    smaller heaps, and `x` is unique).
//! 3. Otherwise the quotient grows: start from `Q x C(2, 2)` with heap `n` as the new
//!    cyclic generator, mark outcomes on least words, reduce, and verify. While the
//!    candidate fails at a least word `z`, replace it by a finer candidate built from it:
//!    some heaps of `z` get their own cyclic factor, long enough to count them exactly,
//!    and the rest keep their elements. A finer candidate is right wherever the old one
//!    was (below `z`), and freeing every heap of `z` makes `z` its own least word, so the
//!    new least failure is strictly later; smaller sets of freed heaps are tried first
//!    because they give smaller candidates.
//!
//! Verification is exact (see [`crate::search`]): the result is the quotient whatever
//! the heuristics chose; they only decide how long it takes.

use crate::budget::Budget;
use crate::error::QuotientError;
use crate::monoid::{reduce, Cyclic, Monoid, Product, Table};
use crate::search::{
    explore, least_n_failure, least_p_failure, mark_p_portion, word_less, Letter, Rep, Word,
};

/// A verified (or candidate) quotient: monoid, P-portion, element of each heap.
#[derive(Clone, Debug)]
pub(crate) struct Quot {
    pub(crate) table: Table,
    pub(crate) p: Vec<bool>,
    pub(crate) psi: Vec<u32>,
}

/// The element of an option (a product of heap elements).
fn image<M: Monoid>(m: &M, psi: &[u32], parts: &[u32]) -> u32 {
    parts
        .iter()
        .fold(0u32, |acc, &h| m.mul(acc, psi[h as usize]))
}

/// The letters (heaps with options among `heaps`) of a monoid with heap map `psi`.
fn letters_of<M: Monoid>(
    m: &M,
    psi: &[u32],
    opts: &[Vec<Vec<u32>>],
    heaps: &[usize],
) -> Vec<Letter> {
    heaps
        .iter()
        .map(|&h| {
            let mut targets: Vec<u32> = opts[h].iter().map(|o| image(m, psi, o)).collect();
            targets.sort_unstable();
            targets.dedup();
            Letter {
                heap: h,
                elem: psi[h],
                targets,
            }
        })
        .collect()
}

/// The element of a word.
fn element_of_word(q: &Table, letters: &[Letter], w: &[u32]) -> u32 {
    letters
        .iter()
        .zip(w)
        .fold(0u32, |acc, (l, &c)| q.mul(acc, q.pow(l.elem, u64::from(c))))
}

/// Limits of one computation.
pub(crate) struct Limits {
    pub(crate) max_order: usize,
    pub(crate) max_candidate: usize,
}

/// A freed heap: the letter index and its cyclic factor.
struct Freed {
    letter: usize,
    cyclic: Cyclic,
}

/// Builds the candidate `base x cyclic factors` from `c` (freeing `freed`), marks its
/// outcomes and reduces it.
fn build_candidate(
    c: &Quot,
    letters: &[Letter],
    freed: &[Freed],
    opts: &[Vec<Vec<u32>>],
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Quot, QuotientError> {
    let is_freed = |i: usize| freed.iter().any(|f| f.letter == i);
    let base_gens: Vec<u32> = letters
        .iter()
        .enumerate()
        .filter(|(i, _)| !is_freed(*i))
        .map(|(_, l)| l.elem)
        .collect();
    let base = c.table.generated(&base_gens);
    let m = Product::new(
        &c.table,
        base,
        freed.iter().map(|f| f.cyclic).collect(),
        limits.max_candidate,
        budget.heap,
    )?;
    let k = freed.len();
    let mut psi_m: Vec<u32> = vec![0; c.psi.len()];
    let mut exps = vec![0u32; k];
    for (i, l) in letters.iter().enumerate() {
        psi_m[l.heap] = match freed.iter().position(|f| f.letter == i) {
            Some(j) => {
                exps[j] = 1;
                let e = m.encode(0, &exps);
                exps[j] = 0;
                e
            }
            None => m.encode(c.psi[l.heap], &exps),
        };
    }
    let heaps: Vec<usize> = letters.iter().map(|l| l.heap).collect();
    let m_letters = letters_of(&m, &psi_m, opts, &heaps);
    let p_m = mark_p_portion(&m, &m_letters, budget)?;
    let mut gens: Vec<u32> = m_letters.iter().map(|l| l.elem).collect();
    gens.sort_unstable();
    gens.dedup();
    let r = reduce(&m, &gens, &p_m, limits.max_order, budget)?;
    let psi: Vec<u32> = psi_m.iter().map(|&x| r.class_of[x as usize]).collect();
    Ok(Quot {
        table: r.table,
        p: r.p,
        psi,
    })
}

/// The least word that `c` predicts wrongly, if any.
fn least_failure(
    c: &Quot,
    letters: &[Letter],
    budget: &mut Budget,
) -> Result<Option<Word>, QuotientError> {
    let reps = explore(&c.table, letters, budget)?;
    let pf = least_p_failure(&c.table, &c.p, letters, &reps);
    let nf = least_n_failure(&c.table, &c.p, letters, false, pf.as_ref(), budget)?;
    Ok(nf.or(pf))
}

/// The subsets of `support` to try freeing, smallest first, larger heaps first among
/// subsets of one size; at most a few hundred.
fn subsets_to_try(support: &[usize]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    let k = support.len();
    let max_size = if k <= 5 { k } else { 2 };
    // Larger letter indices (larger heaps) first.
    let mut sup: Vec<usize> = support.to_vec();
    sup.sort_unstable_by(|a, b| b.cmp(a));
    for size in 1..=max_size {
        let mut idx: Vec<usize> = (0..size).collect();
        loop {
            out.push(idx.iter().map(|&i| sup[i]).collect());
            // Next combination in lexicographic order of positions.
            let mut i = size;
            loop {
                if i == 0 {
                    break;
                }
                i -= 1;
                if idx[i] < k - size + i {
                    idx[i] += 1;
                    for j in i + 1..size {
                        idx[j] = idx[j - 1] + 1;
                    }
                    break;
                }
                if i == 0 {
                    idx.clear();
                    break;
                }
            }
            if idx.is_empty() || out.len() > 256 {
                break;
            }
        }
    }
    out
}

/// A candidate finer than `c` that predicts the failure `z` correctly.
fn recalibrate(
    c: &Quot,
    letters: &[Letter],
    z: &Word,
    opts: &[Vec<Vec<u32>>],
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Quot, QuotientError> {
    let correct = !c.p[element_of_word(&c.table, letters, z) as usize];
    let support: Vec<usize> = (0..z.len()).filter(|&i| z[i] > 0).collect();
    let freed_for = |set: &[usize], extra: u32| -> Vec<Freed> {
        set.iter()
            .map(|&i| {
                let (idx, per) = c.table.index_period(letters[i].elem);
                // Period 2 (or a multiple of the old period) and an index at least the
                // old one keep the new candidate finer than the old.
                let period = if per % 2 == 0 { per } else { per * 2 };
                Freed {
                    letter: i,
                    cyclic: Cyclic {
                        index: idx.max(z[i] + extra),
                        period,
                    },
                }
            })
            .collect()
    };
    let mut last_err: Option<QuotientError> = None;
    for set in subsets_to_try(&support) {
        let freed = freed_for(&set, 0);
        match build_candidate(c, letters, &freed, opts, limits, budget) {
            Ok(cand) => {
                let cl = letters_with(&cand, letters, opts);
                if cand.p[element_of_word(&cand.table, &cl, z) as usize] == correct {
                    return Ok(cand);
                }
            }
            // A candidate too large for this subset may still fit for another one.
            Err(e @ (QuotientError::CandidateLimit { .. } | QuotientError::OrderLimit { .. })) => {
                last_err = Some(e);
            }
            Err(e) => return Err(e),
        }
    }
    // Freeing every heap of z with room to count it exactly always fixes z.
    let freed = freed_for(&support, 1);
    match build_candidate(c, letters, &freed, opts, limits, budget) {
        Ok(cand) => Ok(cand),
        Err(e) => Err(last_err.unwrap_or(e)),
    }
}

/// The letters of `cand` for the same heaps as `letters`.
fn letters_with(cand: &Quot, letters: &[Letter], opts: &[Vec<Vec<u32>>]) -> Vec<Letter> {
    let heaps: Vec<usize> = letters.iter().map(|l| l.heap).collect();
    letters_of(&cand.table, &cand.psi, opts, &heaps)
}

/// What happened at one heap.
pub(crate) enum StepKind {
    /// No option: the heap is the identity.
    NoOptions,
    /// The quotient did not change.
    Conservative,
    /// The quotient changed.
    Expanded,
}

/// The incremental computation.
pub(crate) struct Builder {
    pub(crate) q: Quot,
    /// Heaps (with options) so far, ascending.
    heaps: Vec<usize>,
    /// Least words and option sets of the current quotient over `heaps`, kept while the
    /// quotient does not change (adding a larger heap does not change least words of
    /// elements that smaller heaps already reach).
    reps: Option<Vec<Option<Rep>>>,
}

impl Builder {
    pub(crate) fn new() -> Builder {
        Builder {
            q: Quot {
                table: Table::trivial(),
                p: vec![false],
                psi: vec![0],
            },
            heaps: Vec::new(),
            reps: None,
        }
    }

    /// Adds heap `n = psi.len()` with the given (cleaned) options.
    pub(crate) fn add_heap(
        &mut self,
        opts: &[Vec<Vec<u32>>],
        limits: &Limits,
        budget: &mut Budget,
    ) -> Result<StepKind, QuotientError> {
        let n = self.q.psi.len();
        if opts[n].is_empty() {
            self.q.psi.push(0);
            return Ok(StepKind::NoOptions);
        }
        if let Some(x) = self.conservative(opts, budget)? {
            self.q.psi.push(x);
            self.heaps.push(n);
            return Ok(StepKind::Conservative);
        }
        self.expand(opts, limits, budget)?;
        Ok(StepKind::Expanded)
    }

    fn conservative(
        &mut self,
        opts: &[Vec<Vec<u32>>],
        budget: &mut Budget,
    ) -> Result<Option<u32>, QuotientError> {
        let n = self.q.psi.len();
        let q = &self.q;
        let old_letters = letters_of(&q.table, &q.psi, opts, &self.heaps);
        if self.reps.is_none() {
            self.reps = Some(explore(&q.table, &old_letters, budget)?);
        }
        let reps = self.reps.as_deref().unwrap_or(&[]);
        let mut targets: Vec<u32> = opts[n].iter().map(|o| image(&q.table, &q.psi, o)).collect();
        targets.sort_unstable();
        targets.dedup();
        let alone_p = targets.iter().all(|&t| !q.p[t as usize]);
        let size = q.table.size() as u32;
        'candidates: for x in 0..size {
            if q.p[x as usize] != alone_p {
                continue;
            }
            budget.tick(u64::from(size))?;
            // The P-half of the rule for the new heap depends only on elements.
            for y in 0..size {
                if q.p[q.table.mul(y, x) as usize]
                    && targets.iter().any(|&t| q.p[q.table.mul(y, t) as usize])
                {
                    continue 'candidates;
                }
            }
            // Quick N-half test on the least words plus one new heap.
            for (y, rep) in reps.iter().enumerate() {
                let Some(rep) = rep else { continue };
                let y = y as u32;
                let mut has_p = targets.iter().any(|&t| q.p[q.table.mul(y, t) as usize]);
                if !has_p {
                    'outer: for (w, &bits) in rep.options.iter().enumerate() {
                        let mut b = bits;
                        while b != 0 {
                            let o = (w * 64) as u32 + b.trailing_zeros();
                            b &= b - 1;
                            if q.p[q.table.mul(o, x) as usize] {
                                has_p = true;
                                break 'outer;
                            }
                        }
                    }
                }
                if !has_p && !q.p[q.table.mul(y, x) as usize] {
                    continue 'candidates;
                }
            }
            let mut psi = q.psi.clone();
            psi.push(x);
            let mut heaps = self.heaps.clone();
            heaps.push(n);
            let letters = letters_of(&q.table, &psi, opts, &heaps);
            if least_n_failure(&q.table, &q.p, &letters, true, None, budget)?.is_none() {
                return Ok(Some(x));
            }
        }
        Ok(None)
    }

    fn expand(
        &mut self,
        opts: &[Vec<Vec<u32>>],
        limits: &Limits,
        budget: &mut Budget,
    ) -> Result<(), QuotientError> {
        let n = self.q.psi.len();
        let mut heaps = self.heaps.clone();
        heaps.push(n);
        let mut psi = self.q.psi.clone();
        psi.push(0);
        let start = Quot {
            table: self.q.table.clone(),
            p: self.q.p.clone(),
            psi,
        };
        let letters = letters_of(&start.table, &start.psi, opts, &heaps);
        let top = Freed {
            letter: letters.len() - 1,
            cyclic: Cyclic {
                index: 2,
                period: 2,
            },
        };
        let mut cand = build_candidate(&start, &letters, &[top], opts, limits, budget)?;
        let mut last: Option<Word> = None;
        loop {
            let cl = letters_with(&cand, &letters, opts);
            let Some(z) = least_failure(&cand, &cl, budget)? else {
                break;
            };
            // The least failure must move forward; if it did not, the argument in the
            // module docs was broken by a bug, and stopping beats looping.
            if let Some(prev) = &last {
                if !word_less(prev, &z) {
                    return Err(QuotientError::NoProgress { heap: n as u64 });
                }
            }
            cand = recalibrate(&cand, &cl, &z, opts, limits, budget)?;
            last = Some(z);
        }
        self.q = cand;
        self.heaps = heaps;
        self.reps = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_smallest_first() {
        let s = subsets_to_try(&[0, 2, 5]);
        assert_eq!(s[0], vec![5]);
        assert_eq!(s[1], vec![2]);
        assert_eq!(s[2], vec![0]);
        assert_eq!(s[3], vec![5, 2]);
        assert_eq!(s.len(), 7);
        assert_eq!(s[6], vec![5, 2, 0]);
        let big = subsets_to_try(&[0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(big.len(), 7 + 21);
    }
}
