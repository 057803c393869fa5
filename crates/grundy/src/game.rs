//! The game model a Rust user implements: one small trait.
//!
//! A position lists its options; an option is a disjunctive sum of components, so a move may
//! turn one heap into several (take-and-break) or leave nothing at all (an empty sum).
//! Everything else (nim-values, outcomes, winning moves, sums, misere play) comes from the
//! solvers in [`crate::solve`], which work for any type implementing [`Game`].

use std::hash::Hash;

use crate::{Error, Nimber};

/// An impartial game position.
///
/// Implement [`Game::options`]; the other methods are optional hooks with correct defaults.
///
/// **Invariant:** play must end: no position may be reachable from itself (the solvers report
/// a cycle as an error; loopy games are solved by the graph module instead).
///
/// Example (Bash's game, take 1..=3 from one heap):
/// ```
/// use grundy::{Game, solve};
/// #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
/// struct Bash(u32);
/// impl Game for Bash {
///     fn options(&self) -> Vec<Vec<Self>> {
///         (1..=3).filter(|&k| k <= self.0).map(|k| vec![Bash(self.0 - k)]).collect()
///     }
/// }
/// let mut solver = solve::Solver::new(solve::Limits::default());
/// assert_eq!(solver.nimber(&Bash(10)).unwrap().to_u64(), Some(2));
/// ```
pub trait Game: Clone + Eq + Hash {
    /// Every option of this position, each given as the list of components of a sum
    /// (an empty list is the empty game).
    fn options(&self) -> Vec<Vec<Self>>;

    /// Hook: the nim-value when a closed form or table knows it without search.
    /// The default knows nothing; an override must agree with search (tests check this).
    fn known_nimber(&self) -> Option<Nimber> {
        None
    }

    /// Hook: refuse to enumerate the options of a position too large to search, with the reason.
    /// The default accepts every position.
    fn searchable(&self) -> Result<(), Error> {
        Ok(())
    }

    /// Hook: the options, for games whose move listing can fail (a rule script, a Python
    /// callback) or hit a limit. The solvers call this; the default is [`Game::options`].
    fn try_options(&self) -> Result<Vec<Vec<Self>>, Error> {
        Ok(self.options())
    }

    /// Hook: [`Game::try_options`] within a search's `limits`, for positions that can tell
    /// beforehand that they have more options than the search may store (a heap of Kayles
    /// of a million coins has half a million) and refuse before listing them. The default
    /// lists them.
    fn options_within(&self, _limits: &crate::Limits) -> Result<Vec<Vec<Self>>, Error> {
        self.try_options()
    }
}
