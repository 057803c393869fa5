//! Solvers: free functions and memo tables generic over [`Game`].
//!
//! **Invariant:** no solver recurses on the game tree; explicit stacks keep positions a million
//! moves deep within a few hundred bytes of native stack.
//! **Boundary:** solvers know nothing of any family; families know nothing of solvers.

mod misere;
mod normal;
mod remoteness;
mod sums;

pub use misere::{misere_nim_outcome, MisereSolver};
pub use normal::Solver;
pub use remoteness::{remoteness, Remoteness, RemotenessSolver};

use thiserror::Error;

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
    pub(crate) fn settled(slot: Option<&Slot<V>>) -> Result<Option<V>, SolveError> {
        match slot {
            Some(Slot::Done(v)) => Ok(Some(v.clone())),
            Some(Slot::Open) => Err(SolveError::Cycle),
            None => Ok(None),
        }
    }
}

/// Resource limits for a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most positions a search may store before it gives up with [`SolveError::NodeLimit`].
    pub max_nodes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: 5_000_000,
        }
    }
}

/// Why a search stopped without an answer.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The search stored `limit` positions and needed more.
    #[error("the search reached its limit of {limit} positions; raise it with --max-nodes")]
    NodeLimit {
        /// The limit in force.
        limit: usize,
    },
    /// A position is too large for a search (its family has no closed form at that size).
    #[error("{reason}")]
    TooLarge {
        /// What was too large and what to do about it.
        reason: String,
    },
    /// The request combines things the engine does not support (misere play of loopy games).
    #[error("{reason}")]
    Unsupported {
        /// What is unsupported and what to do instead.
        reason: String,
    },
    /// A position can be reached from itself: the game is loopy and has no nim-value.
    #[error("the game has a cycle: a position can be reached from itself; describe it as a graph to get draws and loopy values")]
    Cycle,
}
