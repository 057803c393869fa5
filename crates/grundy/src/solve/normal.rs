//! Normal-play nim-values by memoised search with an explicit stack.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use super::{Error, Limits, Slot};
use crate::limits::Ticker;
use crate::{mex, Game, Nimber};

/// A memoising nim-value solver for any [`Game`].
///
/// Keep one solver for many queries on the same ruleset: the memo is shared.
#[derive(Debug)]
pub struct Solver<G: Game> {
    memo: HashMap<G, Slot<Nimber>>,
    limits: Limits,
    ticker: Ticker,
}

/// One position being expanded: its options, and how far through them the search is.
struct Frame<G> {
    pos: G,
    options: Vec<Vec<G>>,
    option: usize,
    component: usize,
    acc: Nimber,
    values: Vec<Nimber>,
}

impl<G: Game> Solver<G> {
    /// A solver with an empty memo.
    pub fn new(limits: Limits) -> Self {
        Solver {
            memo: HashMap::new(),
            limits,
            ticker: Ticker::default(),
        }
    }

    /// Replaces the limits (a memo kept between queries gets each query's limits).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// How many positions the memo holds.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether the memo is empty.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    fn cached(&self, g: &G) -> Result<Option<Nimber>, Error> {
        if let Some(v) = g.known_nimber() {
            return Ok(Some(v));
        }
        Slot::settled(self.memo.get(g))
    }

    /// The nim-value of a position under normal play.
    ///
    /// Arguments: any position.
    /// Returns: its nim-value, or an error when a limit is reached, a position refuses search,
    /// or the game has a cycle.
    /// Complexity: O(sum of option counts over the reachable positions), each stored once.
    /// Example: see [`crate::Game`].
    pub fn nimber(&mut self, g: &G) -> Result<Nimber, Error> {
        if let Some(v) = self.cached(g)? {
            return Ok(v);
        }
        let mut stack = Vec::new();
        let result = self.search(g, &mut stack);
        if result.is_err() {
            // Forget the half-expanded positions so that a later query does not take them
            // for a cycle.
            for frame in stack {
                self.memo.remove(&frame.pos);
            }
        }
        result
    }

    fn search(&mut self, g: &G, stack: &mut Vec<Frame<G>>) -> Result<Nimber, Error> {
        stack.push(self.open(g.clone())?);
        while let Some(frame) = stack.last_mut() {
            if frame.option == frame.options.len() {
                let value = mex(&frame.values);
                let done = stack.pop().map(|f| f.pos);
                if let Some(pos) = done {
                    self.memo.insert(pos, Slot::Done(value.clone()));
                }
                if stack.is_empty() {
                    return Ok(value);
                }
                continue;
            }
            let comps = &frame.options[frame.option];
            if frame.component == comps.len() {
                let acc = std::mem::take(&mut frame.acc);
                frame.values.push(acc);
                frame.option += 1;
                frame.component = 0;
                continue;
            }
            let c = &comps[frame.component];
            // Borrow juggling: look the component up without holding `frame`.
            let known = if let Some(v) = c.known_nimber() {
                Some(v)
            } else {
                Slot::settled(self.memo.get(c))?
            };
            match known {
                Some(v) => {
                    frame.acc ^= &v;
                    frame.component += 1;
                }
                None => {
                    let c = c.clone();
                    let child = self.open(c)?;
                    stack.push(child);
                }
            }
        }
        // The loop only ends by returning; an empty stack cannot be reached with work left.
        Err(Error::Cycle)
    }

    fn open(&mut self, g: G) -> Result<Frame<G>, Error> {
        g.searchable()?;
        if self.memo.len() >= self.limits.max_nodes {
            return Err(Error::positions(self.limits.max_nodes));
        }
        self.ticker.tick(&self.limits)?;
        let options = g.try_options()?;
        match self.memo.entry(g.clone()) {
            Entry::Occupied(_) => return Err(Error::Cycle),
            Entry::Vacant(e) => {
                e.insert(Slot::Open);
            }
        }
        let n = options.len();
        Ok(Frame {
            pos: g,
            options,
            option: 0,
            component: 0,
            acc: Nimber::ZERO,
            values: Vec::with_capacity(n),
        })
    }

    /// The nim-value of a disjunctive sum: the XOR of its components' values.
    pub fn sum_nimber(&mut self, comps: &[G]) -> Result<Nimber, Error> {
        let mut acc = Nimber::ZERO;
        for c in comps {
            acc ^= &self.nimber(c)?;
        }
        Ok(acc)
    }

    /// Every option of the sum `comps` that the player to move should take to win (normal play):
    /// the moves to a sum of value zero. Each is returned as (component index, option index).
    ///
    /// Complexity: one nim-value query per option of every component.
    pub fn winning_moves(&mut self, comps: &[G]) -> Result<Vec<(usize, usize)>, Error> {
        let mut values = Vec::with_capacity(comps.len());
        for c in comps {
            values.push(self.nimber(c)?);
        }
        let total = crate::nim_sum(values.iter());
        let mut out = Vec::new();
        if total.is_zero() {
            return Ok(out);
        }
        for (i, c) in comps.iter().enumerate() {
            let target = &total ^ &values[i];
            for (j, opt) in c.try_options()?.iter().enumerate() {
                if self.sum_nimber(opt)? == target {
                    out.push((i, j));
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain: position n has the single option n - 1 (value n mod 2).
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Chain(u32);
    impl Game for Chain {
        fn options(&self) -> Vec<Vec<Self>> {
            if self.0 == 0 {
                vec![]
            } else {
                vec![vec![Chain(self.0 - 1)]]
            }
        }
    }

    #[test]
    fn a_million_moves_deep_does_not_overflow() {
        let mut s = Solver::new(Limits::default());
        assert_eq!(s.nimber(&Chain(1_000_000)).unwrap(), Nimber::new(0));
        assert_eq!(s.nimber(&Chain(999_999)).unwrap(), Nimber::new(1));
    }

    #[test]
    fn node_limit_is_an_error() {
        let mut s = Solver::new(Limits::default().with_nodes(10));
        assert_eq!(s.nimber(&Chain(100)), Err(Error::positions(10)));
    }

    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Loop(bool);
    impl Game for Loop {
        fn options(&self) -> Vec<Vec<Self>> {
            vec![vec![Loop(!self.0)]]
        }
    }

    #[test]
    fn cycles_are_reported() {
        let mut s = Solver::new(Limits::default());
        assert_eq!(s.nimber(&Loop(true)), Err(Error::Cycle));
    }
}
