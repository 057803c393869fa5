//! Grundy: an impartial-game engine.
//!
//! Sprague-Grundy theory turns every impartial game (both players have the same moves) into a
//! nim-value: the mex of its options' values; a sum's value is the XOR of its parts.
//! This crate holds the values ([`Nimber`], [`Outcome`]), the game model ([`Game`] for Rust
//! users, [`rules::Ruleset`] for the expression language), the solvers ([`solve`]), the
//! expression language ([`expr`]) and the family registry ([`rules::FAMILIES`]).
//!
//! ```
//! let pos = grundy::expr::parse("nim(3,4,5)").unwrap();
//! let a = grundy::analysis::analyze(&pos, &Default::default()).unwrap();
//! assert_eq!(a.outcome, grundy::Outcome::N);
//! assert_eq!(a.nimber.unwrap().to_u64(), Some(2));
//! // 3 XOR 4 XOR 5 = 2: only the heap of 3 has the bit 2, so the one winning move is 3 -> 1.
//! assert_eq!(a.winning_moves_total, 1);
//! ```
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod analysis;
pub mod explain;
pub mod expr;
mod game;
mod loopy;
pub mod play;
pub mod position;
pub mod rules;
pub mod solve;

pub use game::Game;
/// Graphs and their loopy values (the `grundy-graph` crate).
pub use grundy_graph as graph;
pub use grundy_types::{mex, mex_u64, nim_sum, value_sum, Nimber, Outcome, Period, Play, Value};

/// Every error the library reports, sorted by what the caller should do.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input was wrong (exit status 2 in the CLI).
    #[error(transparent)]
    Parse(#[from] expr::ParseError),
    /// A search or table reached a limit, or a position is too large (exit status 3).
    #[error(transparent)]
    Solve(#[from] solve::SolveError),
}
