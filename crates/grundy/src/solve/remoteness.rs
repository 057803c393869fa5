//! Remoteness (Steinhaus): how many moves a game lasts when both players play well.
//!
//! The winner hurries and the loser delays: a terminal position has remoteness 0; a won
//! position has 1 + the least remoteness of its moves to lost positions; a lost position has
//! 1 + the greatest remoteness of its moves. Remoteness is not additive over sums, so a sum is
//! searched as a whole, as sorted multisets of its non-terminal components (a component with no
//! move changes neither the outcome nor the length of play, in either convention).

use std::collections::HashMap;

use super::sums::SumSpace;
use super::{Error, Limits, Slot};
use crate::{Game, Outcome, Play};

/// The result of a remoteness search: who wins, and in how many moves under best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Remoteness {
    /// `N` when the player to move wins, `P` otherwise.
    pub outcome: Outcome,
    /// The number of moves to the end of the game when the winner hurries and the loser delays.
    pub moves: u64,
}

/// A memoising remoteness solver for sums of any [`Game`] with a total order.
///
/// Keep one solver for many queries (a whole game of `grundy play`): the memo is shared.
/// Limits: [`Limits::max_nodes`] bounds both the positions stored and the work spent listing
/// options (counted in components), so a sum of a million heaps fails at once with
/// a limit error ([`Error::Limit`]) instead of running for hours.
#[derive(Debug)]
pub struct RemotenessSolver<G: Game + Ord> {
    memo: HashMap<Vec<G>, Slot<Remoteness>>,
    space: SumSpace<G>,
    play: Play,
    limits: Limits,
}

struct Frame<G> {
    state: Vec<G>,
    options: Vec<Vec<G>>,
    next: usize,
    /// Least remoteness among moves to lost positions seen so far.
    best_win: Option<u64>,
    /// Greatest remoteness among all moves seen so far.
    longest: u64,
}

impl<G: Game + Ord> RemotenessSolver<G> {
    /// A solver with an empty memo for the play convention `play`.
    pub fn new(play: Play, limits: Limits) -> Self {
        RemotenessSolver {
            memo: HashMap::new(),
            space: SumSpace::new(limits.clone()).listing_within_limits(),
            play,
            limits,
        }
    }

    fn limit(&self) -> Error {
        Error::positions(self.limits.max_nodes)
    }

    fn normalise(&mut self, comps: &[G]) -> Result<Vec<G>, Error> {
        self.space.normalise(comps)
    }

    fn sum_options(&mut self, state: &[G]) -> Result<Vec<Vec<G>>, Error> {
        self.space.options(state)
    }

    /// The value of the empty sum (no move): the player to move loses in normal play and
    /// wins in misere play, with no move left.
    fn terminal_value(&self) -> Remoteness {
        Remoteness {
            outcome: match self.play {
                Play::Normal => Outcome::P,
                Play::Misere => Outcome::N,
            },
            moves: 0,
        }
    }

    /// The outcome and remoteness of the sum of `comps`.
    ///
    /// Arguments: the components of a sum.
    /// Returns: who wins under this solver's play convention and in how many moves when the
    /// winner hurries and the loser delays; an error when a limit is reached, a component
    /// refuses search, or the game has a cycle.
    /// Complexity: every reachable sum state is stored once and all its options are listed
    /// (exponential in the number of components in general), bounded by the limits.
    /// Example: in Nim one heap of n > 0 has remoteness 1 (take it all); `nim(1,1)` has 2.
    pub fn remoteness(&mut self, comps: &[G]) -> Result<Remoteness, Error> {
        if comps.len() > self.limits.max_nodes {
            return Err(self.limit());
        }
        self.space.reset_work();
        self.space.spend(comps.len())?;
        let state = self.normalise(comps)?;
        let mut stack = Vec::new();
        let result = self.search(state, &mut stack);
        if result.is_err() {
            // Forget half-expanded states so that a later query does not take them for a cycle.
            for f in stack {
                self.memo.remove(&f.state);
            }
        }
        result
    }

    fn known(&self, state: &[G]) -> Result<Option<Remoteness>, Error> {
        if state.is_empty() {
            return Ok(Some(self.terminal_value()));
        }
        Slot::settled(self.memo.get(state))
    }

    fn open(&mut self, state: Vec<G>) -> Result<Frame<G>, Error> {
        if self.memo.len() >= self.limits.max_nodes {
            return Err(self.limit());
        }
        for c in &state {
            c.searchable()?;
        }
        let options = self.sum_options(&state)?;
        self.memo.insert(state.clone(), Slot::Open);
        Ok(Frame {
            state,
            options,
            next: 0,
            best_win: None,
            longest: 0,
        })
    }

    fn search(&mut self, root: Vec<G>, stack: &mut Vec<Frame<G>>) -> Result<Remoteness, Error> {
        if let Some(r) = self.known(&root)? {
            return Ok(r);
        }
        let first = self.open(root)?;
        stack.push(first);
        loop {
            let Some(frame) = stack.last_mut() else {
                return Err(Error::Cycle);
            };
            let mut pending = None;
            while frame.next < frame.options.len() {
                let child = &frame.options[frame.next];
                let known = if child.is_empty() {
                    Some(self.terminal_value())
                } else {
                    Slot::settled(self.memo.get(child))?
                };
                match known {
                    Some(r) => {
                        if r.outcome == Outcome::P {
                            frame.best_win =
                                Some(frame.best_win.map_or(r.moves, |b| b.min(r.moves)));
                        }
                        frame.longest = frame.longest.max(r.moves);
                        frame.next += 1;
                    }
                    None => {
                        pending = Some(child.clone());
                        break;
                    }
                }
            }
            match pending {
                Some(child) => {
                    let f = self.open(child)?;
                    stack.push(f);
                }
                None => {
                    let Some(f) = stack.pop() else {
                        return Err(Error::Cycle);
                    };
                    let r = match f.best_win {
                        Some(b) => Remoteness {
                            outcome: Outcome::N,
                            moves: b + 1,
                        },
                        None => Remoteness {
                            outcome: Outcome::P,
                            moves: f.longest + 1,
                        },
                    };
                    self.memo.insert(f.state, Slot::Done(r));
                    if stack.is_empty() {
                        return Ok(r);
                    }
                }
            }
        }
    }
}

/// The outcome and remoteness of a sum of components (a one-off [`RemotenessSolver`] query).
///
/// Arguments: the components of a sum, the play convention and the limits.
/// Returns: who wins and in how many moves under best play (winner hurries, loser delays).
/// Complexity: see [`RemotenessSolver::remoteness`].
/// Example: `remoteness(&[Heap(1), Heap(1)], Play::Normal, &Limits::default())` is P in 2.
pub fn remoteness<G: Game + Ord>(
    comps: &[G],
    play: Play,
    limits: &Limits,
) -> Result<Remoteness, Error> {
    RemotenessSolver::new(play, limits.clone()).remoteness(comps)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position with a wide option: listing it is allowed only within a search's limits
    /// of at least 1000 positions; listing it any other way is a bug.
    #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
    struct Wide(u32);
    impl Game for Wide {
        fn options(&self) -> Vec<Vec<Self>> {
            panic!("listed without the search's limits")
        }
        fn options_within(&self, limits: &Limits) -> Result<Vec<Vec<Self>>, Error> {
            match self.0 {
                0 => Ok(vec![vec![Wide(1)]]),
                _ if limits.max_nodes < 1000 => Err(Error::positions(limits.max_nodes)),
                _ => Ok(vec![]),
            }
        }
    }

    #[test]
    fn components_are_listed_within_the_search_limits() {
        let small = Limits::default().with_nodes(100);
        assert_eq!(
            remoteness(&[Wide(0)], Play::Normal, &small).map(|r| r.moves),
            Err(Error::positions(100))
        );
        let room = Limits::default().with_nodes(5000);
        assert_eq!(
            remoteness(&[Wide(0)], Play::Normal, &room).map(|r| r.moves),
            Ok(1)
        );
    }

    /// A subtraction heap: take 1..=max from it (Nim when max is large).
    #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
    struct Heap {
        n: u32,
        max: u32,
    }

    impl Game for Heap {
        fn options(&self) -> Vec<Vec<Self>> {
            (1..=self.max.min(self.n))
                .map(|k| {
                    vec![Heap {
                        n: self.n - k,
                        max: self.max,
                    }]
                })
                .collect()
        }
    }

    fn nim(n: u32) -> Heap {
        Heap { n, max: u32::MAX }
    }

    /// An independent brute force: plain recursion on heap-size vectors (memoised on the exact
    /// vector, no sorting or dropping of empty heaps).
    fn brute(heaps: &[Heap], play: Play, memo: &mut HashMap<Vec<u32>, (bool, u64)>) -> (bool, u64) {
        let key: Vec<u32> = heaps.iter().map(|h| h.n).collect();
        if let Some(&r) = memo.get(&key) {
            return r;
        }
        let mut children = Vec::new();
        for (i, h) in heaps.iter().enumerate() {
            for k in 1..=h.max.min(h.n) {
                let mut next = heaps.to_vec();
                next[i].n -= k;
                children.push(next);
            }
        }
        let r = if children.is_empty() {
            (play == Play::Misere, 0)
        } else {
            let results: Vec<(bool, u64)> = children.iter().map(|c| brute(c, play, memo)).collect();
            match results.iter().filter(|r| !r.0).map(|r| r.1).min() {
                Some(m) => (true, m + 1),
                None => (false, results.iter().map(|r| r.1).max().unwrap_or(0) + 1),
            }
        };
        memo.insert(key, r);
        r
    }

    #[test]
    fn single_nim_heap_has_remoteness_one() {
        for n in 1..30 {
            let r = remoteness(&[nim(n)], Play::Normal, &Limits::default()).unwrap();
            assert_eq!(
                r,
                Remoteness {
                    outcome: Outcome::N,
                    moves: 1
                },
                "heap {n}"
            );
        }
        let r = remoteness(&[nim(0)], Play::Normal, &Limits::default()).unwrap();
        assert_eq!(
            r,
            Remoteness {
                outcome: Outcome::P,
                moves: 0
            }
        );
        // Misere: a single heap of n > 1 is won by leaving 1 (2 moves); a heap of 1 is lost.
        let r = remoteness(&[nim(5)], Play::Misere, &Limits::default()).unwrap();
        assert_eq!(
            r,
            Remoteness {
                outcome: Outcome::N,
                moves: 2
            }
        );
        let r = remoteness(&[nim(1)], Play::Misere, &Limits::default()).unwrap();
        assert_eq!(
            r,
            Remoteness {
                outcome: Outcome::P,
                moves: 1
            }
        );
    }

    #[test]
    fn sums_agree_with_brute_force() {
        for play in [Play::Normal, Play::Misere] {
            let mut solver = RemotenessSolver::new(play, Limits::default());
            for a in 0..5u32 {
                for b in 0..5u32 {
                    for c in 0..4u32 {
                        for max in [2u32, 3, u32::MAX] {
                            let heaps = [a, b, c].map(|n| Heap { n, max });
                            let mut memo = HashMap::new();
                            let (win, moves) = brute(&heaps, play, &mut memo);
                            let r = solver.remoteness(&heaps).unwrap();
                            let want = if win { Outcome::N } else { Outcome::P };
                            assert_eq!(
                                r,
                                Remoteness {
                                    outcome: want,
                                    moves
                                },
                                "{play:?} {a} {b} {c} max {max}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn outcome_agrees_with_nim_sum() {
        let mut solver = RemotenessSolver::new(Play::Normal, Limits::default());
        for a in 0..6u32 {
            for b in 0..6u32 {
                for c in 0..6u32 {
                    let r = solver.remoteness(&[nim(a), nim(b), nim(c)]).unwrap();
                    let p = a ^ b ^ c == 0;
                    assert_eq!(r.outcome == Outcome::P, p, "{a} {b} {c}");
                    // A P-position's remoteness is even, an N-position's odd.
                    assert_eq!(r.moves % 2 == 0, p, "{a} {b} {c}");
                }
            }
        }
    }

    #[test]
    fn limits_are_errors_not_hangs() {
        let many: Vec<Heap> = (0..10_000).map(|_| nim(3)).collect();
        let tight = Limits::default().with_nodes(1000);
        assert_eq!(
            remoteness(&many, Play::Normal, &tight),
            Err(Error::positions(1000))
        );
        let big = [nim(100_000)];
        assert!(remoteness(&big, Play::Normal, &tight).is_err());
        // The solver stays usable after an error.
        let mut solver = RemotenessSolver::new(Play::Normal, Limits::default().with_nodes(50));
        assert!(solver.remoteness(&[nim(40), nim(41), nim(42)]).is_err());
        assert_eq!(solver.remoteness(&[nim(0)]).unwrap().moves, 0);
    }
}
