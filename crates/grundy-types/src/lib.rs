//! The bottom crate of Grundy: the shared vocabulary, defined once for every crate.
//!
//! Values: [`Nimber`] (exact at any size), [`mex`] and [`nim_sum`], [`Outcome`] and [`Play`],
//! Smith's loopy [`Value`], and the [`Period`] of a nim-sequence.
//! Budget: the [`Limits`] of a request (positions, memory, deadline, cancellation, progress,
//! the count of winning moves) and the [`Stop`] a check of them gives, a [`Cancel`] handle
//! (the one every crate takes) and [`CHECK_EVERY`], how often a cheap loop looks at it,
//! [`Progress`] reports and their sink, and a [`Watchdog`] that raises a flag at a deadline.
//! Errors: the [`ErrorKind`] that every crate's error type gives with its own `kind()`.
//! Randomness: [`SplitMix64`], the seeded generator of samples, tests and benchmarks.
//!
//! ```
//! use grundy_types::{mex, Nimber, Outcome, Value};
//! let v = mex(&[Nimber::new(0), Nimber::new(1), Nimber::new(3)]);
//! assert_eq!(v, Nimber::new(2));
//! assert_eq!(Value::Finite(v).outcome(), Outcome::N);
//! ```
#![cfg_attr(test, allow(clippy::unwrap_used))]

mod budget;
mod kind;
mod limits;
mod nimber;
mod outcome;
mod period;
mod splitmix;
mod value;

pub use budget::{
    short_task, Cancel, Progress, ProgressSink, Watchdog, CHECK_EVERY, MAX_TASK_CHARS,
};
pub use kind::ErrorKind;
pub use limits::{default_memory_limit, Limits, Stop, Ticker, MISERE_NODES, NORMAL_NODES};
pub use nimber::{mex, mex_u64, nim_sum, serialize_big, Nimber};
pub use outcome::{Outcome, Play};
pub use period::Period;
pub use splitmix::SplitMix64;
pub use value::{sum as value_sum, Value, ValueParseError};
