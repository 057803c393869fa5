//! Misere play of sums by search.
//!
//! Misere values do not add by XOR, so a sum is searched as a whole: a state is the sorted
//! multiset of its non-terminal components (a component with no move changes nothing in
//! either play convention, so dropping it keeps the outcome).

use std::collections::HashMap;

use super::sums::SumSpace;
use super::{Error, Limits, Slot};
use crate::{Game, Nimber, Outcome};

/// The misere outcome of Nim, by the closed form (Bouton).
///
/// Arguments: the heap sizes.
/// Returns: `P` iff (every heap is at most 1 and the number of heaps of size 1 is odd) or
/// (some heap exceeds 1 and the XOR of the heaps is 0).
/// Complexity: linear in the total size of the numbers.
/// Example: `misere_nim_outcome(&[1, 1].map(Nimber::new)) == Outcome::N`.
pub fn misere_nim_outcome(heaps: &[Nimber]) -> Outcome {
    let one = Nimber::new(1);
    let all_small = heaps.iter().all(|h| *h <= one);
    let p = if all_small {
        heaps.iter().filter(|h| **h == one).count() % 2 == 1
    } else {
        crate::nim_sum(heaps.iter()).is_zero()
    };
    if p {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// A memoising misere-play solver for sums of any [`Game`] with a total order.
#[derive(Debug)]
pub struct MisereSolver<G: Game + Ord> {
    memo: HashMap<Vec<G>, Slot<bool>>,
    space: SumSpace<G>,
    limits: Limits,
}

struct Frame<G> {
    state: Vec<G>,
    options: Vec<Vec<G>>,
    next: usize,
}

impl<G: Game + Ord> MisereSolver<G> {
    /// A solver with an empty memo.
    pub fn new(limits: Limits) -> Self {
        MisereSolver {
            memo: HashMap::new(),
            space: SumSpace::new(limits.clone()),
            limits,
        }
    }

    /// How many sum states the memo holds.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether the memo is empty.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// Forgets every state (the limits stay).
    pub fn clear(&mut self) {
        self.memo = HashMap::new();
        self.space = SumSpace::new(self.limits.clone());
    }

    /// Takes the limits of a new query, emptying the memo first when it holds half of the
    /// states the query may store: a memo kept across queries (the lines of a batch) stays
    /// bounded.
    pub fn make_room(&mut self, limits: &Limits) {
        self.limits = limits.clone();
        if self.memo.len() >= limits.max_nodes / 2 {
            self.memo = HashMap::new();
            self.space = SumSpace::new(limits.clone());
        } else {
            self.space.set_limits(limits.clone());
        }
    }

    /// The canonical state of a sum: its non-terminal components, sorted.
    pub fn normalise(&mut self, comps: &[G]) -> Result<Vec<G>, Error> {
        self.space.normalise(comps)
    }

    fn sum_options(&mut self, state: &[G]) -> Result<Vec<Vec<G>>, Error> {
        self.space.options(state)
    }

    /// The misere outcome of the sum of `comps`.
    ///
    /// Arguments: the components of a sum.
    /// Returns: `P` or `N` under misere play (the player who cannot move wins).
    /// Complexity: exponential in general (it searches sums); memoised on canonical states and
    /// bounded by the node limit.
    /// Example: `*1 + *1` is N in misere play (move to `*1`: the opponent must take the last).
    pub fn outcome(&mut self, comps: &[G]) -> Result<Outcome, Error> {
        self.space.reset_work();
        let state = self.normalise(comps)?;
        let mut stack = Vec::new();
        let result = self.search(state, &mut stack);
        if result.is_err() {
            for f in stack {
                self.memo.remove(&f.state);
            }
        }
        result.map(|win| if win { Outcome::N } else { Outcome::P })
    }

    /// Every option of the sum (as normalised states) that wins under misere play.
    pub fn winning_options(&mut self, comps: &[G]) -> Result<Vec<Vec<G>>, Error> {
        let state = self.normalise(comps)?;
        let mut out = Vec::new();
        for opt in self.sum_options(&state)? {
            if self.outcome(&opt)? == Outcome::P {
                out.push(opt);
            }
        }
        Ok(out)
    }

    fn lookup(&self, state: &[G]) -> Result<Option<bool>, Error> {
        if state.is_empty() {
            // No move: under misere play the player to move wins.
            return Ok(Some(true));
        }
        Slot::settled(self.memo.get(state))
    }

    fn open(&mut self, state: Vec<G>) -> Result<Frame<G>, Error> {
        if self.memo.len() >= self.limits.max_nodes {
            return Err(Error::positions(self.limits.max_nodes));
        }
        let options = self.sum_options(&state)?;
        self.memo.insert(state.clone(), Slot::Open);
        Ok(Frame {
            state,
            options,
            next: 0,
        })
    }

    fn search(&mut self, root: Vec<G>, stack: &mut Vec<Frame<G>>) -> Result<bool, Error> {
        if let Some(w) = self.lookup(&root)? {
            return Ok(w);
        }
        stack.push(self.open(root)?);
        loop {
            let Some(frame) = stack.last_mut() else {
                return Err(Error::Cycle);
            };
            let mut finished = None;
            while frame.next < frame.options.len() {
                let child = &frame.options[frame.next];
                let known = if child.is_empty() {
                    Some(true)
                } else {
                    Slot::settled(self.memo.get(child))?
                };
                match known {
                    Some(false) => {
                        // A move to a position lost for the opponent: this one is won.
                        finished = Some(true);
                        break;
                    }
                    Some(true) => frame.next += 1,
                    None => break,
                }
            }
            if finished.is_none() && frame.next == frame.options.len() {
                finished = Some(false);
            }
            match finished {
                Some(win) => {
                    let f = stack.pop();
                    if let Some(f) = f {
                        self.memo.insert(f.state, Slot::Done(win));
                    }
                    if stack.is_empty() {
                        return Ok(win);
                    }
                }
                None => {
                    let child = frame.options[frame.next].clone();
                    let f = self.open(child)?;
                    stack.push(f);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
    struct Heap(u32);
    impl Game for Heap {
        fn options(&self) -> Vec<Vec<Self>> {
            (0..self.0).map(|k| vec![Heap(k)]).collect()
        }
    }

    #[test]
    fn misere_nim_search_equals_closed_form_exhaustively() {
        let mut s = MisereSolver::new(Limits::default());
        for a in 0..5u32 {
            for b in 0..5u32 {
                for c in 0..5u32 {
                    let comps = [Heap(a), Heap(b), Heap(c)];
                    let heaps = [a, b, c].map(|x| Nimber::new(u64::from(x)));
                    assert_eq!(
                        s.outcome(&comps).unwrap(),
                        misere_nim_outcome(&heaps),
                        "{a} {b} {c}"
                    );
                }
            }
        }
    }

    #[test]
    fn empty_sum_is_won_by_the_player_to_move() {
        let mut s = MisereSolver::<Heap>::new(Limits::default());
        assert_eq!(s.outcome(&[]).unwrap(), Outcome::N);
        assert_eq!(s.outcome(&[Heap(1)]).unwrap(), Outcome::P);
    }
}
