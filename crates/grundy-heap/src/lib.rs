//! Heap-game laboratory: one-heap rulesets (take-and-break codes and subtraction sets),
//! their nim-sequences, periods with certificates, and long resumable runs (plots live in `grundy-plot`).
//!
//! The crate knows nothing of positions with several heaps or of any front end; it turns a
//! [`HeapRules`] into the sequence G(0), G(1), ... and facts about it.
//!
//! - Rules: [`Code`] (`0.07`, `4!.0`, `4.[3]`), [`SubSet`] (`1,3,4`, `1..5`, `pow2`, `fib`),
//!   [`HeapRules`] (`tb[...]`, `sub[...]`, or any other heap game through [`HeapMoves`]);
//!   parse errors are [`CodeError`] with offsets.
//! - Values: [`naive_values`] is the brute-force reference; [`values`] and [`extend`] are
//!   the dense fast path (sparse-space method, bitset-free byte marks, rayon blocks),
//!   storing [`Values`] in u8/u16/u32; the budget (memory, cancellation, deadline,
//!   progress) is the request's [`Limits`], the choice of method a [`Strategy`]; failures
//!   are [`HeapError`].
//! - Periods: [`find_period`] finds preperiod, period and saltus and certifies them
//!   (Guy-Smith for finite codes, window repetition for finite subtraction sets);
//!   [`value_of_heap`] answers heaps of any size from a proven period.
//! - Pieces: [`Piecewise`] holds the sequence of a subtraction set with a few amounts far
//!   beyond any table (`sub[1,2,999999999]`) as periodic pieces, and proves its period.
//! - Theory of one family ([`seq`]): [`seq::HeapSeq`] answers a heap of any size from a
//!   closed form, a proven period or a table grown on demand, and counts the winning moves
//!   of a heap without listing its options (the engine's `sub` and `tb` families);
//!   its failures are [`seq::SeqError`].
//! - Files: [`compute_to_file`] writes a compact table ([`read_table`], [`Table`],
//!   [`TableStats`]) with atomic checkpoints that survive kill -9.
//!
//! ```
//! use grundy_heap::{find_period, value_of_heap, values, HeapRules, Limits, Strategy};
//! use num_bigint::BigUint;
//! let dawson = HeapRules::parse("tb[0.07]").unwrap();
//! let g = values(&dawson, 1000, &Limits::default(), Strategy::default()).unwrap();
//! let p = find_period(&dawson, &g).unwrap();
//! assert!(p.proven && p.period == 34 && p.preperiod == 53);
//! let big = BigUint::from(10u32).pow(18);
//! assert!(value_of_heap(&g, Some(&p), &big).is_some());
//! ```

// Tests may unwrap: their inputs are literals, not user input.
#![cfg_attr(test, allow(clippy::unwrap_used))]

mod bounded;
mod code;
mod custom;
mod dense;
mod hash61;
mod mapped;
mod output;
mod period;
mod pieces;
mod rules;
mod scan;
pub mod seq;
mod subset;
mod table;
mod values;

pub use bounded::{compute_bounded, fits_in_memory, memory_to_hold};
pub use code::{Code, CodeError, Move};
pub use custom::{CustomRules, HeapMoves, Window};
pub use dense::{default_memory_limit, extend, values, Strategy};
/// The one budget of a request (memory, cancellation, deadline, progress), which every
/// computation of this crate takes.
pub use grundy_types::Limits;
pub use output::{resolve_links, same_file, write_output};
pub use period::{find_period, seen_period, value_of_heap, Period};
pub use pieces::{PiecesError, Piecewise, LARGE_MAX, SMALL_MAX};
pub use rules::{naive_values, HeapRules};
pub use scan::{scan_table, TableScan, MAX_SCAN_VALUES};
pub use subset::{FiniteSet, SubSet};
pub use table::{
    compute_to_file, read_table, table_stats, write_table, RunOptions, Table, TableStats,
    TableSummary,
};
pub use values::{HeapError, Values};
