//! Misere quotients of heap games (Plambeck and Siegel): misere play of sums of heaps,
//! where the last player to move loses, as arithmetic in a finite commutative monoid.
//!
//! The positions of a heap game that use heaps of at most `N` tokens form a free
//! commutative monoid (sums of heaps). Two positions are *indistinguishable* when adding
//! any third position gives both the same misere outcome; the classes form the *partial
//! misere quotient* `Q_N`, a finite commutative monoid with a *P-portion* (the classes of
//! P-positions). A sum is a P-position iff the product of its heaps' elements is in the
//! P-portion, and a winning move is found by multiplying, never by searching the sum.
//! (T. E. Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5
//! (2005) G05; T. E. Plambeck and A. N. Siegel, "Misere quotients for impartial games",
//! JCTA 115 (2008) 593-622.)
//!
//! - [`quotient`] computes `Q_N` heap by heap for any [`HeapGame`] (octal and hexadecimal
//!   codes, subtraction sets, [`grundy_heap::HeapRules`], closures through [`FnGame`]),
//!   within the limits of [`QuotientOptions`] (order, candidate size, work,
//!   cancellation); failures are [`QuotientError`]s.
//! - [`MisereQuotient`] holds the order, presentation ([`Generator`], [`Relation`]),
//!   elements ([`Element`]), P-portion, table, heap map, growth history ([`Growth`])
//!   and [`Stability`]: a proof that `Q_N` is the quotient of the whole game (periodic
//!   heap map, finite rules) or the bare observation of when it last changed.
//! - [`MisereQuotient::analyze_sum`], [`MisereQuotient::winning_moves`] and
//!   [`MisereQuotient::is_p_sum`] play sums; [`render`] writes text reports, and every
//!   result type serializes with `serde` (the JSON of `grundy quotient --json`).
//!
//! How the quotient is computed and why the result is exact: see the `build` and
//! `search` modules (a candidate is accepted only after an exhaustive, pruned check of
//! the misere rule on every position).
//!
//! ```
//! use grundy_heap::HeapRules;
//! use grundy_misere::{quotient, Outcome, QuotientOptions};
//! let dawson = HeapRules::parse("tb[0.07]").unwrap();
//! let q = quotient(&dawson, 12, &QuotientOptions::default()).unwrap();
//! let sum: Vec<u64> = (0..100).map(|i| 2 + i % 11).collect();
//! let a = q.analyze_sum(&dawson, &sum).unwrap();
//! assert!(a.outcome == Outcome::P || a.winning_move.is_some());
//! ```

// Tests may unwrap: their inputs are literals, not user input.
#![cfg_attr(test, allow(clippy::unwrap_used))]

mod analysis;
mod budget;
mod build;
mod error;
mod game;
mod monoid;
mod presentation;
mod quotient;
pub mod render;
mod search;
mod stability;

pub use analysis::{Outcome, SumAnalysis, WinningMove};
pub use error::QuotientError;
pub use game::{FnGame, HeapGame, RuleShape};
pub use quotient::{
    quotient, Element, Generator, Growth, MisereQuotient, QuotientOptions, Relation,
};
pub use stability::Stability;
