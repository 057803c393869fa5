//! Grundy: an impartial-game engine.
//!
//! Sprague-Grundy theory turns every impartial game (both players have the same moves) into a
//! nim-value: the mex of its options' values; a sum's value is the XOR of its parts.
//! This crate holds the values ([`Nimber`], [`Outcome`]), the game model ([`Game`] for Rust
//! users, [`rules::Ruleset`] for families of the expression language), the solvers ([`solve`]),
//! the expression language ([`expr`]), the family registry ([`Registry`]) and the typed API
//! that every front calls ([`api`]).
//!
//! ```
//! let pos = grundy::expr::parse("nim(3,4,5)").unwrap();
//! let a = grundy::analysis::analyze(&pos, &Default::default()).unwrap();
//! assert_eq!(a.outcome, grundy::Outcome::N);
//! assert_eq!(a.nimber.unwrap().to_u64(), Some(2));
//! // 3 XOR 4 XOR 5 = 2: only the heap of 3 has the bit 2, so the one winning move is 3 -> 1.
//! assert_eq!(a.winning_moves_total, Some(1u32.into()));
//! ```
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod analysis;
pub mod api;
pub mod compound;
mod error;
mod explain;
mod explanation;
pub mod expr;
mod families;
mod game;
#[cfg(feature = "lab")]
pub mod lab;
pub mod limits;
mod literal;
pub mod loader;
mod pattern;
mod play;
pub mod position;
mod quotient;
pub mod registry;
pub mod render;
pub mod rules;
pub mod solve;
mod syntax;

pub use game::Game;
/// Graphs and their loopy values (the `grundy-graph` crate).
pub use grundy_graph as graph;
/// Misere quotients of heap games (the `grundy-misere` crate).
pub use grundy_misere as misere;
pub use grundy_types::{mex, mex_u64, nim_sum, value_sum, Nimber, Outcome, Period, Play, Value};

pub use error::{Error, ErrorBody, ErrorKind, Limit, Payload};
pub use limits::{Cancel, Limits, Progress};
pub use registry::{Loader, Registry};
