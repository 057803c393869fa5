//! Normal-play outcomes by a search that stops at the first winning move.
//!
//! A position is won when one of its options is lost for the opponent, and lost only when
//! every option is won: an outcome question needs one losing option to settle a win, where
//! a nim-value needs the value of every option (the mex). This is the contestant's win/lose
//! memo (LeetCode 464, HDU 1760) over the same [`Lister`] seam as the arena's values.
//!
//! An option that is a single position is searched for its outcome; an option that is a sum
//! of several positions is lost iff the XOR of its parts' values is 0, so its parts are
//! valued (by the lister's [`Lister::known`], else by the caller's valuer, which searches).
//!
//! **Invariant:** no recursion on the game tree: an explicit stack of frames, each holding
//! the options of one position on the search path.

use std::hash::Hash;

use hashbrown::HashMap;

use super::{Error, Limits, Lister, OptionList};
use crate::limits::Ticker;
use crate::{Nimber, Outcome};

/// A memo entry: on the search stack now, or settled (won or lost for the player to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Open,
    Won,
    Lost,
}

/// One position being expanded: its options, the next one to look at, and whether the
/// options already settled were scanned for a loss.
struct Frame<P> {
    pos: P,
    options: OptionList<P>,
    next: usize,
    scanned: bool,
}

/// Bytes a memo entry takes besides its key (hash table slot, mark, control byte, slack).
const ENTRY_OVERHEAD: usize = 16;

/// A memo of normal-play outcomes over positions of type `P` (one family's positions).
///
/// Keep one memo for many queries on the same family (the lines of a batch): outcomes found
/// stay. Each query gives its own [`Limits`]: the positions it adds count against
/// `max_nodes`, their bytes against `max_memory`.
///
/// Example:
/// ```
/// use grundy::solve::{Lister, OptionList, OutcomeMemo};
/// use grundy::{Error, Limits, Nimber, Outcome};
/// // Take 1, 3 or 4 from a heap: the lost heaps are those of 0 and 2 modulo 7.
/// struct Sub134;
/// impl Lister<u64> for Sub134 {
///     fn list(&self, n: &u64, out: &mut OptionList<u64>) -> Result<(), Error> {
///         for k in [1, 3, 4] {
///             if k <= *n {
///                 out.push_one(n - k);
///             }
///         }
///         Ok(())
///     }
/// }
/// let mut memo = OutcomeMemo::new();
/// // No option is a sum, so no part is ever valued.
/// let no_sums = &mut |_: &u64| -> Result<Nimber, Error> { Ok(Nimber::ZERO) };
/// let o = memo.outcome(&1_000_001u64, &Sub134, no_sums, &Limits::default()).unwrap();
/// assert_eq!(o, Outcome::P);
/// ```
pub struct OutcomeMemo<P> {
    memo: HashMap<P, Mark>,
}

impl<P: Clone + Eq + Hash> Default for OutcomeMemo<P> {
    fn default() -> Self {
        OutcomeMemo::new()
    }
}

impl<P: Clone + Eq + Hash> OutcomeMemo<P> {
    /// An empty memo.
    pub fn new() -> OutcomeMemo<P> {
        OutcomeMemo {
            memo: HashMap::new(),
        }
    }

    /// How many positions the memo holds.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether the memo holds no position.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// An estimate of the bytes the memo holds (keys by their inline size).
    pub fn bytes(&self) -> usize {
        self.memo.capacity() * (std::mem::size_of::<P>() + ENTRY_OVERHEAD)
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.memo = HashMap::new();
    }

    /// Empties the memo when it holds more than half of what one query may add (positions
    /// or bytes), so that a memo kept across many queries stays bounded and a query never
    /// fails for the positions earlier ones stored.
    pub fn make_room(&mut self, limits: &Limits) {
        if self.len() >= limits.max_nodes / 2 || self.bytes() as u64 >= limits.max_memory / 4 {
            self.clear();
        }
    }

    /// The normal-play outcome of `root`, stopping at the first winning move of every
    /// position it expands.
    ///
    /// Arguments: the position; the family's lister (its options, and its values without
    /// search); `value`, the nim-value of a part of an option that is a sum of several
    /// positions (called only for such options, whose outcome is the XOR of their parts'
    /// values); the limits of this query.
    /// Returns: `N` or `P`, or an error: a limit, a failure of the lister or the valuer,
    /// [`Error::Cycle`] when a position is reachable from itself.
    /// Complexity: at most one `list` call per position reachable from `root` (fewer: the
    /// options after a winning one are never expanded); memory: the key plus about 16 bytes
    /// per position, and the options of the positions on the search path.
    pub fn outcome(
        &mut self,
        root: &P,
        lister: &impl Lister<P>,
        value: &mut impl FnMut(&P) -> Result<Nimber, Error>,
        limits: &Limits,
    ) -> Result<Outcome, Error> {
        let base = self.len();
        let mut ticker = Ticker::default();
        let mut stack: Vec<Frame<P>> = Vec::new();
        let result = self.search(root, lister, value, limits, base, &mut ticker, &mut stack);
        if result.is_err() {
            // Positions left open would read as cycles to a later query.
            for f in &stack {
                self.memo.remove(&f.pos);
            }
        }
        result.map(|won| if won { Outcome::N } else { Outcome::P })
    }

    /// Whether the player to move wins `p`, when known without expanding it: a value the
    /// lister knows, or the memo's mark. An open position met again is a cycle.
    fn known(&self, p: &P, lister: &impl Lister<P>) -> Result<Option<bool>, Error> {
        match self.memo.get(p) {
            Some(Mark::Won) => return Ok(Some(true)),
            Some(Mark::Lost) => return Ok(Some(false)),
            Some(Mark::Open) => return Err(Error::Cycle),
            None => {}
        }
        Ok(lister.known(p)?.map(|v| !v.is_zero()))
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        root: &P,
        lister: &impl Lister<P>,
        value: &mut impl FnMut(&P) -> Result<Nimber, Error>,
        limits: &Limits,
        base: usize,
        ticker: &mut Ticker,
        stack: &mut Vec<Frame<P>>,
    ) -> Result<bool, Error> {
        if let Some(w) = self.known(root, lister)? {
            return Ok(w);
        }
        let frame = self.open(root.clone(), lister, limits, base, ticker)?;
        stack.push(frame);
        loop {
            let Some(top) = stack.last_mut() else {
                return Err(Error::Cycle);
            };
            let mut settled = None;
            if !top.scanned {
                // A move to the end of the game or to a position already known lost wins at
                // once, before any option is expanded.
                top.scanned = true;
                for opt in top.options.iter() {
                    let lost = match opt {
                        [] => true,
                        [q] => self.known(q, lister)? == Some(false),
                        _ => false,
                    };
                    if lost {
                        settled = Some(true);
                        break;
                    }
                }
            }
            let mut child = None;
            while settled.is_none() {
                let Some(opt) = top.options.get(top.next) else {
                    settled = Some(false);
                    break;
                };
                match opt {
                    [] => settled = Some(true),
                    [q] => match self.known(q, lister)? {
                        Some(false) => settled = Some(true),
                        Some(true) => top.next += 1,
                        None => {
                            child = Some(q.clone());
                            break;
                        }
                    },
                    parts => {
                        let mut acc = Nimber::ZERO;
                        for q in parts {
                            acc ^= &match lister.known(q)? {
                                Some(v) => v,
                                None => value(q)?,
                            };
                        }
                        if acc.is_zero() {
                            settled = Some(true);
                        } else {
                            top.next += 1;
                        }
                    }
                }
            }
            if let Some(q) = child {
                let frame = self.open(q, lister, limits, base, ticker)?;
                stack.push(frame);
                continue;
            }
            let won = settled.unwrap_or(false);
            if let Some(done) = stack.pop() {
                self.memo
                    .insert(done.pos, if won { Mark::Won } else { Mark::Lost });
            }
            if stack.is_empty() {
                return Ok(won);
            }
        }
    }

    /// Lists the options of `p` and marks it open.
    fn open(
        &mut self,
        p: P,
        lister: &impl Lister<P>,
        limits: &Limits,
        base: usize,
        ticker: &mut Ticker,
    ) -> Result<Frame<P>, Error> {
        let added = self.len().saturating_sub(base);
        if added >= limits.max_nodes {
            return Err(Error::positions(limits.max_nodes));
        }
        if added.is_multiple_of(1 << 16) && self.bytes() as u64 > limits.max_memory {
            return Err(Error::limit(
                crate::Limit::Memory(limits.max_memory),
                format!(
                    "the outcome search holds about {} MiB for {added} positions, more than \
                     the memory limit",
                    self.bytes() >> 20
                ),
            ));
        }
        ticker.tick(limits)?;
        let mut options = OptionList::new();
        lister.list(&p, &mut options)?;
        self.memo.insert(p.clone(), Mark::Open);
        Ok(Frame {
            pos: p,
            options,
            next: 0,
            scanned: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::arena::tests::{Chain, Lasker};
    use crate::solve::Arena;

    #[test]
    fn outcomes_equal_the_values_of_plain_search() {
        let limits = Limits::default();
        let mut arena = Arena::new();
        let mut memo = OutcomeMemo::new();
        for n in (0..80u32).rev() {
            let v = arena.value(&n, &Lasker, &limits).unwrap();
            let mut valuer = Arena::new();
            let mut value = |q: &u32| valuer.value(q, &Lasker, &limits);
            let o = memo.outcome(&n, &Lasker, &mut value, &limits).unwrap();
            assert_eq!(o, Outcome::of_nimber(&v), "{n}");
        }
    }

    fn no_sums(_: &u32) -> Result<Nimber, Error> {
        Err(Error::Cycle)
    }

    #[test]
    fn a_million_deep_limits_and_cycles() {
        let mut m = OutcomeMemo::new();
        let o = m.outcome(&1_000_000, &Chain, &mut no_sums, &Limits::default());
        assert_eq!(o, Ok(Outcome::P));
        let mut b = OutcomeMemo::new();
        let tight = Limits::default().with_nodes(10);
        let e = b.outcome(&100, &Chain, &mut no_sums, &tight);
        assert_eq!(e, Err(Error::positions(10)));
        // Nothing is left open: the same memo answers with room.
        let o = b.outcome(&101, &Chain, &mut no_sums, &Limits::default());
        assert_eq!(o, Ok(Outcome::N));
        // A memo past half the limit is emptied before a query, not refused.
        b.make_room(&tight);
        assert!(b.is_empty());
        struct Loop;
        impl Lister<u32> for Loop {
            fn list(&self, n: &u32, out: &mut OptionList<u32>) -> Result<(), Error> {
                out.push_one((n + 1) % 3);
                Ok(())
            }
        }
        let mut c = OutcomeMemo::new();
        let limits = Limits::default();
        assert_eq!(
            c.outcome(&0, &Loop, &mut no_sums, &limits),
            Err(Error::Cycle)
        );
        assert_eq!(
            c.outcome(&0, &Loop, &mut no_sums, &limits),
            Err(Error::Cycle)
        );
    }

    /// Take any number from a heap of n: a win is found at the first option (take all), so
    /// the search expands two positions where the values would expand n + 1.
    struct Heap;
    impl Lister<u32> for Heap {
        fn list(&self, n: &u32, out: &mut OptionList<u32>) -> Result<(), Error> {
            for k in 0..*n {
                out.push_one(k);
            }
            Ok(())
        }
    }

    #[test]
    fn the_first_winning_move_ends_the_search() {
        let mut m = OutcomeMemo::new();
        let o = m.outcome(&1000, &Heap, &mut no_sums, &Limits::default());
        assert_eq!(o, Ok(Outcome::N));
        assert_eq!(m.len(), 2);
    }
}
