//! Solvers: free functions and memo tables generic over [`crate::Game`].
//!
//! **Invariant:** no solver recurses on the game tree; explicit stacks keep positions a million
//! moves deep within a few hundred bytes of native stack.
//! **Boundary:** solvers know nothing of any family; families know nothing of solvers.

mod arena;
mod misere;
mod normal;
mod outcome;
mod remoteness;
mod steps;
mod sums;

pub use arena::{Arena, Lister, OptionList};
pub use misere::{misere_nim_outcome, MisereSolver};
pub use normal::Solver;
pub use outcome::OutcomeMemo;
pub use remoteness::{remoteness, Remoteness, RemotenessSolver};
pub use steps::{StepMemo, Steps, StepsFold};

/// A memo entry of the searches: on the search stack now, or settled with a value.
#[derive(Clone, Debug)]
pub(crate) enum Slot<V> {
    /// The position is on the search stack (meeting it again means a cycle).
    Open,
    Done(V),
}

impl<V: Clone> Slot<V> {
    /// The settled value of a memo lookup: `None` if the position was never seen, a cycle
    /// error if it is still on the search stack.
    pub(crate) fn settled(slot: Option<&Slot<V>>) -> Result<Option<V>, Error> {
        match slot {
            Some(Slot::Done(v)) => Ok(Some(v.clone())),
            Some(Slot::Open) => Err(Error::Cycle),
            None => Ok(None),
        }
    }
}

pub use crate::error::Error;
pub use crate::limits::Limits;
