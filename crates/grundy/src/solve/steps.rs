//! Remoteness and steps (Smith's suspense numbers) of one position of a family, found on the
//! family's own positions: what the conjunctive and Every-SG compounds need of a part that
//! is a single position and stays one (every option a single position or the end).
//!
//! The compounds' general search (`compound::Theory::facts`) works on sums of erased
//! components, a vector and a sorted copy per option; a part of one position (`euclid(a, b)`
//! in `every(...)`) is searched here in its own type, with one memo for the family.

use hashbrown::HashMap;
use std::hash::Hash;

use super::{Lister, OptionList};
use crate::error::Error;
use crate::limits::{Limits, CHECK_EVERY};

/// Steinhaus' remoteness and the Every-SG step of a position under normal play: 0 and 0 at
/// the end; a won position (some option of even remoteness) is 1 + the least remoteness and
/// 1 + the greatest step over those options, a lost one 1 + the greatest remoteness and 1 +
/// the least step over all options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Steps {
    /// Moves to the end when the winner hurries and the loser delays; even exactly when the
    /// player to move loses.
    pub remoteness: u64,
    /// The step of Every-SG: the winner stretches, the loser hurries.
    pub step: u64,
}

/// Bytes a memo entry takes besides its position: the entry and the table's slack.
const ENTRY_BYTES: usize = 40;

/// A memo entry: on the search stack, or settled.
#[derive(Clone, Copy, Debug)]
enum Entry {
    Open,
    Done(Steps),
}

/// A position as the memo knows it: by its dense code when the family handed it over so
/// (no position is made for it unless it is listed), else by itself. A position met in both
/// forms is searched under each, with the same result: only the work is repeated.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Id<P> {
    Code(u64),
    Pos(P),
}

/// The steps of positions of one family, kept between queries.
#[derive(Debug)]
pub struct StepMemo<P> {
    memo: HashMap<Id<P>, Entry>,
    scratch: OptionList<P>,
}

impl<P> Default for StepMemo<P> {
    fn default() -> Self {
        StepMemo {
            memo: HashMap::new(),
            scratch: OptionList::accepting_codes(),
        }
    }
}

/// A position being searched: its options (each `None` for the end of the game), the next
/// one to look at, and what the options looked at so far give.
struct Frame<P> {
    p: Id<P>,
    options: Vec<Option<Id<P>>>,
    next: usize,
    fold: StepsFold,
}

/// The steps of a position from those of its options, folded in one at a time (any order):
/// a won position (some option of even remoteness) is 1 + the least remoteness and 1 + the
/// greatest step over those options, a lost one 1 + the greatest remoteness and 1 + the
/// least step over all options; with no option, 0 and 0.
#[derive(Clone, Copy, Debug)]
pub struct StepsFold {
    win: Option<Steps>,
    lose: Steps,
    any: bool,
}

impl Default for StepsFold {
    fn default() -> Self {
        StepsFold::EMPTY
    }
}

impl StepsFold {
    const EMPTY: StepsFold = StepsFold {
        win: None,
        lose: Steps {
            remoteness: 0,
            step: u64::MAX,
        },
        any: false,
    };

    /// Takes one option's steps into account.
    pub fn add(&mut self, k: Steps) {
        if k.remoteness.is_multiple_of(2) {
            self.win = Some(match self.win {
                None => k,
                Some(w) => Steps {
                    remoteness: w.remoteness.min(k.remoteness),
                    step: w.step.max(k.step),
                },
            });
        }
        self.lose.remoteness = self.lose.remoteness.max(k.remoteness);
        self.lose.step = self.lose.step.min(k.step);
        self.any = true;
    }

    /// The steps of the position whose options were added.
    pub fn steps(&self) -> Steps {
        match (self.any, self.win) {
            (false, _) => Steps {
                remoteness: 0,
                step: 0,
            },
            (true, Some(w)) => Steps {
                remoteness: w.remoteness + 1,
                step: w.step + 1,
            },
            (true, None) => Steps {
                remoteness: self.lose.remoteness + 1,
                step: self.lose.step + 1,
            },
        }
    }
}

impl<P: Clone + Eq + Hash> StepMemo<P> {
    /// The steps of `root`, or `None` when a position it reaches has an option that is a sum
    /// of two or more positions (the caller's search of sums answers those).
    ///
    /// Errors: an unsupported error when a position can return to itself (remoteness and
    /// steps need games that end); the position limit of `limits` (the memo holds at most
    /// `max_nodes` positions; it is emptied when a query finds it full); cancellation and
    /// the deadline, checked every [`CHECK_EVERY`] positions.
    /// Complexity: one listing per position reachable from `root` not settled before.
    pub fn steps(
        &mut self,
        root: &P,
        lister: &impl Lister<P>,
        limits: &Limits,
    ) -> Result<Option<Steps>, Error> {
        // The root by its code when the family can make it back from the code, so that
        // a root met again as another's option is the same entry.
        let root = match lister.dense_code(root) {
            Some(c) if lister.of_dense_code(c).as_ref() == Some(root) => Id::Code(c),
            _ => Id::Pos(root.clone()),
        };
        if let Some(Entry::Done(s)) = self.memo.get(&root) {
            return Ok(Some(*s));
        }
        if self.memo.len() >= limits.max_nodes / 2 {
            self.memo.clear();
        }
        let mut stack: Vec<Frame<P>> = Vec::new();
        let result = self.search(&root, lister, limits, &mut stack);
        if !matches!(result, Ok(Some(_))) {
            // Positions left open would read as cycles to a later query.
            for f in &stack {
                self.memo.remove(&f.p);
            }
        }
        result
    }

    fn search(
        &mut self,
        root: &Id<P>,
        lister: &impl Lister<P>,
        limits: &Limits,
        stack: &mut Vec<Frame<P>>,
    ) -> Result<Option<Steps>, Error> {
        let mut opened = 0usize;
        // Options held by the frames on the stack (a chain of n positions of n options each
        // holds n^2 / 2), and listed by this query: bounded as the search of sums bounds its
        // work, at 8 options a position of the limit.
        let (mut stacked, mut listed) = (0usize, 0usize);
        let work = limits.max_nodes.saturating_mul(8);
        let Some(frame) = self.open(root, lister)? else {
            return Ok(None);
        };
        stacked += frame.options.len();
        listed += frame.options.len();
        // On the stack first, so that an error leaves no position open in the memo.
        stack.push(frame);
        self.charge(stacked, listed, work, limits)?;
        loop {
            let Some(top) = stack.last_mut() else {
                return Err(Error::Cycle);
            };
            if let Some(o) = top.options.get(top.next) {
                let Some(q) = o else {
                    top.fold.add(Steps {
                        remoteness: 0,
                        step: 0,
                    });
                    top.next += 1;
                    continue;
                };
                match self.memo.get(q) {
                    Some(Entry::Done(k)) => {
                        top.fold.add(*k);
                        top.next += 1;
                        continue;
                    }
                    Some(Entry::Open) => {
                        return Err(Error::unsupported(
                            "a part of the compound can return to an earlier position; \
                             remoteness and steps need games that end",
                        ));
                    }
                    None => {}
                }
                if self.memo.len() >= limits.max_nodes {
                    return Err(Error::positions(limits.max_nodes));
                }
                opened += 1;
                if opened.is_multiple_of(CHECK_EVERY) {
                    limits.check()?;
                }
                let q = q.clone();
                let Some(frame) = self.open(&q, lister)? else {
                    return Ok(None);
                };
                stacked += frame.options.len();
                listed = listed.saturating_add(frame.options.len());
                stack.push(frame);
                self.charge(stacked, listed, work, limits)?;
                continue;
            }
            let Some(f) = stack.pop() else {
                return Err(Error::Cycle);
            };
            stacked -= f.options.len();
            let steps = f.fold.steps();
            self.memo.insert(f.p, Entry::Done(steps));
            match stack.last_mut() {
                Some(parent) => {
                    parent.fold.add(steps);
                    parent.next += 1;
                }
                None => return Ok(Some(steps)),
            }
        }
    }

    /// Refuses a search that has listed more than `work` options, or whose memo and the
    /// `stacked` options of its frames exceed the memory limit.
    fn charge(
        &self,
        stacked: usize,
        listed: usize,
        work: usize,
        limits: &Limits,
    ) -> Result<(), Error> {
        if listed > work {
            return Err(Error::positions(limits.max_nodes));
        }
        let bytes = (self.memo.len() as u64)
            .saturating_mul((std::mem::size_of::<Id<P>>() + ENTRY_BYTES) as u64)
            .saturating_add(
                (stacked as u64).saturating_mul(std::mem::size_of::<Option<Id<P>>>() as u64),
            );
        if bytes > limits.max_memory {
            return Err(Error::limit(
                crate::Limit::Memory(limits.max_memory),
                format!(
                    "the search of remoteness and steps holds about {} MiB for {} positions \
                     and the options of {} more, more than the memory limit",
                    bytes >> 20,
                    self.memo.len(),
                    stacked
                ),
            ));
        }
        Ok(())
    }

    /// Lists the options of `p` and marks it open; `None` when one is a sum of two or more
    /// positions.
    fn open(&mut self, id: &Id<P>, lister: &impl Lister<P>) -> Result<Option<Frame<P>>, Error> {
        let made;
        let p = match id {
            Id::Pos(p) => p,
            Id::Code(c) => {
                made = lister.of_dense_code(*c).ok_or_else(|| {
                    Error::unsupported(format!(
                        "the family gave an option by the number {c:#x}, which is no position's"
                    ))
                })?;
                &made
            }
        };
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        let listed = lister.list(p, &mut scratch);
        let options = listed.map(|()| {
            let mut options = Vec::with_capacity(scratch.len());
            if scratch.is_coded() {
                for o in scratch.iter_codes() {
                    match o {
                        [] => options.push(None),
                        [c] => options.push(Some(Id::Code(*c))),
                        _ => return None,
                    }
                }
            } else {
                for o in scratch.iter() {
                    match o {
                        [] => options.push(None),
                        [q] => options.push(Some(Id::Pos(q.clone()))),
                        _ => return None,
                    }
                }
            }
            Some(options)
        });
        self.scratch = scratch;
        let Some(options) = options? else {
            return Ok(None);
        };
        self.memo.insert(id.clone(), Entry::Open);
        Ok(Some(Frame {
            p: id.clone(),
            options,
            next: 0,
            fold: StepsFold::EMPTY,
        }))
    }
}
