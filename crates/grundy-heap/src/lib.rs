//! Heap-game laboratory: one-heap rulesets (take-and-break codes and subtraction sets),
//! their nim-sequences, periods with certificates, long resumable runs and plots.
//!
//! The crate knows nothing of positions with several heaps or of any front end; it turns a
//! [`HeapRules`] into the sequence G(0), G(1), ... and facts about it.

mod code;
mod dense;
mod period;
mod rules;
mod subset;
mod values;

pub use code::{Code, CodeError, Move};
pub use dense::{default_memory_limit, extend, values, ComputeOptions};
pub use period::{find_period, value_of_heap, Period};
pub use rules::{naive_values, HeapRules};
pub use subset::{FiniteSet, SubSet};
pub use values::{HeapError, Values};
