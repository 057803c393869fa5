//! A census of heap games: every octal game with up to a few code digits (or any list of
//! rulesets), computed to N values in parallel, with periods found and proven, a sparse
//! split, a checksum and, for each proven period, a certificate checked independently.
//!
//! - Which codes: [`octal_codes`] (documented there: canonical codes, last digit nonzero,
//!   `d0 = 0` or also 4) or [`canonical_rules`] for a given list.
//! - Running: [`census`] with [`CensusOptions`] (state file for resuming, certificate
//!   directory, checking limit) and the request's budget, a `grundy_types::Limits`
//!   (memory of one table, cancellation, deadline, progress).
//! - Output: [`Census::to_csv`], [`Census::to_json`], written crash-safe by
//!   [`Census::write_csv`] and [`Census::write_json`].
//!
//! Values and first periods come from `grundy-heap` (the fast kernels); proofs and
//! certificates from `grundy-verify`, whose own search for a proven period also covers
//! the rare sequence where `grundy_heap::find_period` stops at an unproven candidate, and
//! whose independent checker recomputes every certificate within
//! [`CensusOptions::verify_max_work`]. A disagreement between the two is written in the
//! row's note. The rare values of a row are defined at [`SparseSplit`].
//!
//! ```
//! use grundy_census::{census, canonical_rules, CensusOptions};
//! let rules = canonical_rules(&["0.07", "0.77"]).unwrap();
//! let limits = grundy_types::Limits::default();
//! let table = census(&rules, 400, &CensusOptions::default(), &limits).unwrap();
//! let kayles = &table.rows[1];
//! assert_eq!((kayles.preperiod, kayles.period, kayles.proven), (Some(71), Some(12), true));
//! assert_eq!(kayles.verified, Some(true));
//! assert!(table.to_csv().starts_with("code,values,preperiod,period"));
//! ```

// Tests may unwrap: their inputs are literals, not user input.
#![cfg_attr(test, allow(clippy::unwrap_used))]

mod codes;
mod error;
mod file;
mod output;
mod row;
mod run;

pub use codes::{octal_codes, FirstDigit};
pub use error::CensusError;
pub use file::{write_atomic, write_atomic_with};
pub use output::CSV_HEADER;
pub use row::{sparse_split, Row, SparseSplit, RARE_VALUES_LISTED};
pub use run::{canonical_rules, census, Census, CensusOptions};
